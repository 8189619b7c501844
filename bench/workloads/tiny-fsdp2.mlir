module attributes {sched.target = #sched.target<name = "h100-sxm", gpus_per_node = 8, intra_node = <bandwidth = 450.0, latency = 1.9>, inter_node = <bandwidth = 50.0, latency = 4.0>, hbm_bandwidth = 3350.0, hbm_capacity = 85899345920, compute = [f64 = 34.0, f32 = 67.0, tf32 = 494.5, bf16 = 989.5, f16 = 989.5, f8E4M3FN = 1979.0, f8E5M2 = 1979.0]>} {
  sched.process_group @fsdp size = 2 ranks = [0, 1] ranks_per_node = 8
  func.func @train_step(%arg0: tensor<2x128xi64>, %arg1: tensor<262272xbf16>, %arg2: tensor<524544xbf16>, %arg3: tensor<524544xbf16>) -> (tensor<1xf32>, tensor<262272xbf16>, tensor<524544xbf16>, tensor<524544xbf16>) {
    %0 = sched.all_gather_start %arg1 on @fsdp gather_dim = 0 : tensor<262272xbf16> -> !sched.future<tensor<524544xbf16>>
    %1 = sched.wait %0 : !sched.future<tensor<524544xbf16>>
    %2 = sched.compute "embedding" ins(%arg0, %1 : tensor<2x128xi64>, tensor<524544xbf16>) cost <flops = 0, bytes_read = 133120, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %3 = sched.all_gather_start %arg2 on @fsdp gather_dim = 0 : tensor<524544xbf16> -> !sched.future<tensor<1049088xbf16>>
    %4 = sched.wait %3 : !sched.future<tensor<1049088xbf16>>
    %5 = sched.compute "rms_norm" ins(%2, %4 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 262144, bytes_read = 131584, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %6 = sched.compute "qkv_proj" ins(%5, %4 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 100663296, bytes_read = 524288, bytes_written = 393216> -> (tensor<256x768xbf16>)
    %7 = sched.compute "attention" ins(%6 : tensor<256x768xbf16>) cost <flops = 16777216, bytes_read = 393216, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %8 = sched.compute "out_proj" ins(%7, %4 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 33554432, bytes_read = 262144, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %9 = sched.compute "residual_add" ins(%2, %8 : tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 65536, bytes_read = 262144, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %10 = sched.compute "rms_norm" ins(%9, %4 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 262144, bytes_read = 131584, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %11 = sched.compute "mlp_up" ins(%10, %4 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 268435456, bytes_read = 1179648, bytes_written = 1048576> -> (tensor<256x2048xbf16>)
    %12 = sched.compute "swiglu" ins(%11 : tensor<256x2048xbf16>) cost <flops = 786432, bytes_read = 1048576, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %13 = sched.compute "mlp_down" ins(%12, %4 : tensor<256x1024xbf16>, tensor<1049088xbf16>) cost <flops = 134217728, bytes_read = 1048576, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %14 = sched.compute "residual_add" ins(%9, %13 : tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 65536, bytes_read = 262144, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %15 = sched.all_gather_start %arg3 on @fsdp gather_dim = 0 : tensor<524544xbf16> -> !sched.future<tensor<1049088xbf16>>
    %16 = sched.wait %15 : !sched.future<tensor<1049088xbf16>>
    %17 = sched.compute "rms_norm" ins(%14, %16 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 262144, bytes_read = 131584, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %18 = sched.compute "qkv_proj" ins(%17, %16 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 100663296, bytes_read = 524288, bytes_written = 393216> -> (tensor<256x768xbf16>)
    %19 = sched.compute "attention" ins(%18 : tensor<256x768xbf16>) cost <flops = 16777216, bytes_read = 393216, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %20 = sched.compute "out_proj" ins(%19, %16 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 33554432, bytes_read = 262144, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %21 = sched.compute "residual_add" ins(%14, %20 : tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 65536, bytes_read = 262144, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %22 = sched.compute "rms_norm" ins(%21, %16 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 262144, bytes_read = 131584, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %23 = sched.compute "mlp_up" ins(%22, %16 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 268435456, bytes_read = 1179648, bytes_written = 1048576> -> (tensor<256x2048xbf16>)
    %24 = sched.compute "swiglu" ins(%23 : tensor<256x2048xbf16>) cost <flops = 786432, bytes_read = 1048576, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %25 = sched.compute "mlp_down" ins(%24, %16 : tensor<256x1024xbf16>, tensor<1049088xbf16>) cost <flops = 134217728, bytes_read = 1048576, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %26 = sched.compute "residual_add" ins(%21, %25 : tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 65536, bytes_read = 262144, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %27 = sched.all_gather_start %arg1 on @fsdp gather_dim = 0 : tensor<262272xbf16> -> !sched.future<tensor<524544xbf16>>
    %28 = sched.wait %27 : !sched.future<tensor<524544xbf16>>
    %29 = sched.compute "rms_norm" ins(%26, %28 : tensor<256x256xbf16>, tensor<524544xbf16>) cost <flops = 262144, bytes_read = 131584, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %30 = sched.compute "lm_head" ins(%29, %28 : tensor<256x256xbf16>, tensor<524544xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %31 = sched.compute "cross_entropy_stats" ins(%30, %arg0 : tensor<256x1024xbf16>, tensor<2x128xi64>) cost <flops = 1048576, bytes_read = 526336, bytes_written = 2048> -> (tensor<256x2xf32>)
    %32 = sched.compute "cross_entropy" ins(%31 : tensor<256x2xf32>) cost <flops = 512, bytes_read = 2048, bytes_written = 4> -> (tensor<1xf32>)
    %33 = sched.compute "cross_entropy_bwd" ins(%30, %31, %arg0 : tensor<256x1024xbf16>, tensor<256x2xf32>, tensor<2x128xi64>) cost <flops = 1048576, bytes_read = 528384, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %34 = sched.compute "lm_head_dgrad" ins(%33, %28 : tensor<256x1024xbf16>, tensor<524544xbf16>) cost <flops = 134217728, bytes_read = 1048576, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %35 = sched.compute "lm_head_wgrad" ins(%33, %29 : tensor<256x1024xbf16>, tensor<256x256xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 1048576> -> (tensor<1024x256xf32>)
    %36 = sched.compute "rms_norm_bwd" ins(%34, %26 : tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 524288, bytes_read = 262144, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %37 = sched.all_gather_start %arg3 on @fsdp gather_dim = 0 : tensor<524544xbf16> -> !sched.future<tensor<1049088xbf16>>
    %38 = sched.wait %37 : !sched.future<tensor<1049088xbf16>>
    %39 = sched.compute "mlp_down_dgrad" ins(%36, %38 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %40 = sched.compute "mlp_down_wgrad" ins(%36, %24 : tensor<256x256xbf16>, tensor<256x1024xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 1048576> -> (tensor<1024x256xf32>)
    %41 = sched.compute "swiglu_bwd" ins(%39, %23 : tensor<256x1024xbf16>, tensor<256x2048xbf16>) cost <flops = 1572864, bytes_read = 1572864, bytes_written = 1048576> -> (tensor<256x2048xbf16>)
    %42 = sched.compute "mlp_up_dgrad" ins(%41, %38 : tensor<256x2048xbf16>, tensor<1049088xbf16>) cost <flops = 268435456, bytes_read = 2097152, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %43 = sched.compute "mlp_up_wgrad" ins(%41, %22 : tensor<256x2048xbf16>, tensor<256x256xbf16>) cost <flops = 268435456, bytes_read = 1179648, bytes_written = 2097152> -> (tensor<256x2048xf32>)
    %44 = sched.compute "rms_norm_bwd" ins(%42, %21, %36 : tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 524288, bytes_read = 393216, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %45 = sched.compute "out_proj_dgrad" ins(%44, %38 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 33554432, bytes_read = 262144, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %46 = sched.compute "out_proj_wgrad" ins(%44, %19 : tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 33554432, bytes_read = 262144, bytes_written = 262144> -> (tensor<256x256xf32>)
    %47 = sched.compute "attention_bwd" ins(%45, %18 : tensor<256x256xbf16>, tensor<256x768xbf16>) cost <flops = 41943040, bytes_read = 524288, bytes_written = 393216> -> (tensor<256x768xbf16>)
    %48 = sched.compute "qkv_dgrad" ins(%47, %38 : tensor<256x768xbf16>, tensor<1049088xbf16>) cost <flops = 100663296, bytes_read = 786432, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %49 = sched.compute "qkv_wgrad" ins(%47, %17 : tensor<256x768xbf16>, tensor<256x256xbf16>) cost <flops = 100663296, bytes_read = 524288, bytes_written = 786432> -> (tensor<256x768xf32>)
    %50 = sched.compute "rms_norm_bwd" ins(%48, %14, %44 : tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 524288, bytes_read = 393216, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %51 = sched.compute "flatten_grads" ins(%49, %46, %43, %40 : tensor<256x768xf32>, tensor<256x256xf32>, tensor<256x2048xf32>, tensor<1024x256xf32>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4196352> -> (tensor<1049088xf32>)
    %52 = sched.reduce_scatter_start %51 on @fsdp reduction = avg scatter_dim = 0 : tensor<1049088xf32> -> !sched.future<tensor<524544xf32>>
    %53 = sched.wait %52 : !sched.future<tensor<524544xf32>>
    %54 = sched.all_gather_start %arg2 on @fsdp gather_dim = 0 : tensor<524544xbf16> -> !sched.future<tensor<1049088xbf16>>
    %55 = sched.wait %54 : !sched.future<tensor<1049088xbf16>>
    %56 = sched.compute "mlp_down_dgrad" ins(%50, %55 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %57 = sched.compute "mlp_down_wgrad" ins(%50, %12 : tensor<256x256xbf16>, tensor<256x1024xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 1048576> -> (tensor<1024x256xf32>)
    %58 = sched.compute "swiglu_bwd" ins(%56, %11 : tensor<256x1024xbf16>, tensor<256x2048xbf16>) cost <flops = 1572864, bytes_read = 1572864, bytes_written = 1048576> -> (tensor<256x2048xbf16>)
    %59 = sched.compute "mlp_up_dgrad" ins(%58, %55 : tensor<256x2048xbf16>, tensor<1049088xbf16>) cost <flops = 268435456, bytes_read = 2097152, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %60 = sched.compute "mlp_up_wgrad" ins(%58, %10 : tensor<256x2048xbf16>, tensor<256x256xbf16>) cost <flops = 268435456, bytes_read = 1179648, bytes_written = 2097152> -> (tensor<256x2048xf32>)
    %61 = sched.compute "rms_norm_bwd" ins(%59, %9, %50 : tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 524288, bytes_read = 393216, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %62 = sched.compute "out_proj_dgrad" ins(%61, %55 : tensor<256x256xbf16>, tensor<1049088xbf16>) cost <flops = 33554432, bytes_read = 262144, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %63 = sched.compute "out_proj_wgrad" ins(%61, %7 : tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 33554432, bytes_read = 262144, bytes_written = 262144> -> (tensor<256x256xf32>)
    %64 = sched.compute "attention_bwd" ins(%62, %6 : tensor<256x256xbf16>, tensor<256x768xbf16>) cost <flops = 41943040, bytes_read = 524288, bytes_written = 393216> -> (tensor<256x768xbf16>)
    %65 = sched.compute "qkv_dgrad" ins(%64, %55 : tensor<256x768xbf16>, tensor<1049088xbf16>) cost <flops = 100663296, bytes_read = 786432, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %66 = sched.compute "qkv_wgrad" ins(%64, %5 : tensor<256x768xbf16>, tensor<256x256xbf16>) cost <flops = 100663296, bytes_read = 524288, bytes_written = 786432> -> (tensor<256x768xf32>)
    %67 = sched.compute "rms_norm_bwd" ins(%65, %2, %61 : tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xbf16>) cost <flops = 524288, bytes_read = 393216, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %68 = sched.compute "flatten_grads" ins(%66, %63, %60, %57 : tensor<256x768xf32>, tensor<256x256xf32>, tensor<256x2048xf32>, tensor<1024x256xf32>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4196352> -> (tensor<1049088xf32>)
    %69 = sched.reduce_scatter_start %68 on @fsdp reduction = avg scatter_dim = 0 : tensor<1049088xf32> -> !sched.future<tensor<524544xf32>>
    %70 = sched.wait %69 : !sched.future<tensor<524544xf32>>
    %71 = sched.compute "embedding_wgrad" ins(%67, %arg0 : tensor<256x256xbf16>, tensor<2x128xi64>) cost <flops = 65536, bytes_read = 133120, bytes_written = 1048576> -> (tensor<1024x256xf32>)
    %72 = sched.compute "flatten_grads" ins(%71, %35 : tensor<1024x256xf32>, tensor<1024x256xf32>) cost <flops = 0, bytes_read = 2097152, bytes_written = 2098176> -> (tensor<524544xf32>)
    %73 = sched.reduce_scatter_start %72 on @fsdp reduction = avg scatter_dim = 0 : tensor<524544xf32> -> !sched.future<tensor<262272xf32>>
    %74 = sched.wait %73 : !sched.future<tensor<262272xf32>>
    %75 = sched.compute "adam" ins(%74 : tensor<262272xf32>) outs(%arg1 : tensor<262272xbf16>) cost <flops = 3147264, bytes_read = 4196352, bytes_written = 3147264> -> (tensor<262272xbf16>)
    %76 = sched.compute "adam" ins(%70 : tensor<524544xf32>) outs(%arg2 : tensor<524544xbf16>) cost <flops = 6294528, bytes_read = 8392704, bytes_written = 6294528> -> (tensor<524544xbf16>)
    %77 = sched.compute "adam" ins(%53 : tensor<524544xf32>) outs(%arg3 : tensor<524544xbf16>) cost <flops = 6294528, bytes_read = 8392704, bytes_written = 6294528> -> (tensor<524544xbf16>)
    return %32, %75, %76, %77 : tensor<1xf32>, tensor<262272xbf16>, tensor<524544xbf16>, tensor<524544xbf16>
  }
}
