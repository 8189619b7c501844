module attributes {sched.target = #sched.target<name = "h100-sxm", gpus_per_node = 4, intra_node = <bandwidth = 450.0, latency = 1.9>, inter_node = <bandwidth = 50.0, latency = 4.0>, hbm_bandwidth = 3350.0, hbm_capacity = 85899345920, compute = [f64 = 34.0, f32 = 67.0, tf32 = 494.5, bf16 = 989.5, f16 = 989.5, f8E4M3FN = 1979.0, f8E5M2 = 1979.0]>} {
  sched.process_group @tp size = 2 ranks = [0, 1] ranks_per_node = 4
  sched.process_group @fsdp size = 2 ranks = [0, 2] ranks_per_node = 4
  sched.process_group @dp size = 2 ranks = [0, 4] ranks_per_node = 4
  func.func @train_step(%arg0: tensor<2x128xi64>, %arg1: tensor<131200xbf16>, %arg2: tensor<262400xbf16>, %arg3: tensor<262400xbf16>) -> (tensor<1xf32>, tensor<131200xbf16>, tensor<262400xbf16>, tensor<262400xbf16>) {
    %0 = sched.all_gather_start %arg1 on @fsdp gather_dim = 0 : tensor<131200xbf16> -> !sched.future<tensor<262400xbf16>>
    %1 = sched.wait %0 : !sched.future<tensor<262400xbf16>>
    %2 = sched.compute "embedding" ins(%arg0, %1 : tensor<2x128xi64>, tensor<262400xbf16>) cost <flops = 0, bytes_read = 133120, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %3 = sched.reduce_scatter_start %2 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %4 = sched.wait %3 : !sched.future<tensor<128x256xbf16>>
    %5 = sched.all_gather_start %arg2 on @fsdp gather_dim = 0 : tensor<262400xbf16> -> !sched.future<tensor<524800xbf16>>
    %6 = sched.wait %5 : !sched.future<tensor<524800xbf16>>
    %7 = sched.compute "rms_norm" ins(%4, %6 : tensor<128x256xbf16>, tensor<524800xbf16>) cost <flops = 131072, bytes_read = 66048, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %8 = sched.all_gather_start %7 on @tp gather_dim = 0 : tensor<128x256xbf16> -> !sched.future<tensor<256x256xbf16>>
    %9 = sched.wait %8 : !sched.future<tensor<256x256xbf16>>
    %10 = sched.compute "qkv_proj" ins(%9, %6 : tensor<256x256xbf16>, tensor<524800xbf16>) cost <flops = 50331648, bytes_read = 327680, bytes_written = 196608> -> (tensor<256x384xbf16>)
    %11 = sched.compute "attention" ins(%10 : tensor<256x384xbf16>) cost <flops = 8388608, bytes_read = 196608, bytes_written = 65536> -> (tensor<256x128xbf16>)
    %12 = sched.compute "out_proj" ins(%11, %6 : tensor<256x128xbf16>, tensor<524800xbf16>) cost <flops = 16777216, bytes_read = 131072, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %13 = sched.reduce_scatter_start %12 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %14 = sched.wait %13 : !sched.future<tensor<128x256xbf16>>
    %15 = sched.compute "residual_add" ins(%4, %14 : tensor<128x256xbf16>, tensor<128x256xbf16>) cost <flops = 32768, bytes_read = 131072, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %16 = sched.compute "rms_norm" ins(%15, %6 : tensor<128x256xbf16>, tensor<524800xbf16>) cost <flops = 131072, bytes_read = 66048, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %17 = sched.all_gather_start %16 on @tp gather_dim = 0 : tensor<128x256xbf16> -> !sched.future<tensor<256x256xbf16>>
    %18 = sched.wait %17 : !sched.future<tensor<256x256xbf16>>
    %19 = sched.compute "mlp_up" ins(%18, %6 : tensor<256x256xbf16>, tensor<524800xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %20 = sched.compute "swiglu" ins(%19 : tensor<256x1024xbf16>) cost <flops = 393216, bytes_read = 524288, bytes_written = 262144> -> (tensor<256x512xbf16>)
    %21 = sched.compute "mlp_down" ins(%20, %6 : tensor<256x512xbf16>, tensor<524800xbf16>) cost <flops = 67108864, bytes_read = 524288, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %22 = sched.reduce_scatter_start %21 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %23 = sched.wait %22 : !sched.future<tensor<128x256xbf16>>
    %24 = sched.compute "residual_add" ins(%15, %23 : tensor<128x256xbf16>, tensor<128x256xbf16>) cost <flops = 32768, bytes_read = 131072, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %25 = sched.all_gather_start %arg3 on @fsdp gather_dim = 0 : tensor<262400xbf16> -> !sched.future<tensor<524800xbf16>>
    %26 = sched.wait %25 : !sched.future<tensor<524800xbf16>>
    %27 = sched.compute "rms_norm" ins(%24, %26 : tensor<128x256xbf16>, tensor<524800xbf16>) cost <flops = 131072, bytes_read = 66048, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %28 = sched.all_gather_start %27 on @tp gather_dim = 0 : tensor<128x256xbf16> -> !sched.future<tensor<256x256xbf16>>
    %29 = sched.wait %28 : !sched.future<tensor<256x256xbf16>>
    %30 = sched.compute "qkv_proj" ins(%29, %26 : tensor<256x256xbf16>, tensor<524800xbf16>) cost <flops = 50331648, bytes_read = 327680, bytes_written = 196608> -> (tensor<256x384xbf16>)
    %31 = sched.compute "attention" ins(%30 : tensor<256x384xbf16>) cost <flops = 8388608, bytes_read = 196608, bytes_written = 65536> -> (tensor<256x128xbf16>)
    %32 = sched.compute "out_proj" ins(%31, %26 : tensor<256x128xbf16>, tensor<524800xbf16>) cost <flops = 16777216, bytes_read = 131072, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %33 = sched.reduce_scatter_start %32 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %34 = sched.wait %33 : !sched.future<tensor<128x256xbf16>>
    %35 = sched.compute "residual_add" ins(%24, %34 : tensor<128x256xbf16>, tensor<128x256xbf16>) cost <flops = 32768, bytes_read = 131072, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %36 = sched.compute "rms_norm" ins(%35, %26 : tensor<128x256xbf16>, tensor<524800xbf16>) cost <flops = 131072, bytes_read = 66048, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %37 = sched.all_gather_start %36 on @tp gather_dim = 0 : tensor<128x256xbf16> -> !sched.future<tensor<256x256xbf16>>
    %38 = sched.wait %37 : !sched.future<tensor<256x256xbf16>>
    %39 = sched.compute "mlp_up" ins(%38, %26 : tensor<256x256xbf16>, tensor<524800xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %40 = sched.compute "swiglu" ins(%39 : tensor<256x1024xbf16>) cost <flops = 393216, bytes_read = 524288, bytes_written = 262144> -> (tensor<256x512xbf16>)
    %41 = sched.compute "mlp_down" ins(%40, %26 : tensor<256x512xbf16>, tensor<524800xbf16>) cost <flops = 67108864, bytes_read = 524288, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %42 = sched.reduce_scatter_start %41 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %43 = sched.wait %42 : !sched.future<tensor<128x256xbf16>>
    %44 = sched.compute "residual_add" ins(%35, %43 : tensor<128x256xbf16>, tensor<128x256xbf16>) cost <flops = 32768, bytes_read = 131072, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %45 = sched.all_gather_start %arg1 on @fsdp gather_dim = 0 : tensor<131200xbf16> -> !sched.future<tensor<262400xbf16>>
    %46 = sched.wait %45 : !sched.future<tensor<262400xbf16>>
    %47 = sched.compute "rms_norm" ins(%44, %46 : tensor<128x256xbf16>, tensor<262400xbf16>) cost <flops = 131072, bytes_read = 66048, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %48 = sched.all_gather_start %47 on @tp gather_dim = 0 : tensor<128x256xbf16> -> !sched.future<tensor<256x256xbf16>>
    %49 = sched.wait %48 : !sched.future<tensor<256x256xbf16>>
    %50 = sched.compute "lm_head" ins(%49, %46 : tensor<256x256xbf16>, tensor<262400xbf16>) cost <flops = 67108864, bytes_read = 393216, bytes_written = 262144> -> (tensor<256x512xbf16>)
    %51 = sched.compute "cross_entropy_stats" ins(%50, %arg0 : tensor<256x512xbf16>, tensor<2x128xi64>) cost <flops = 524288, bytes_read = 264192, bytes_written = 2048> -> (tensor<256x2xf32>)
    %52 = sched.all_reduce_start %51 on @tp reduction = sum : tensor<256x2xf32> -> !sched.future<tensor<256x2xf32>>
    %53 = sched.wait %52 : !sched.future<tensor<256x2xf32>>
    %54 = sched.compute "cross_entropy" ins(%53 : tensor<256x2xf32>) cost <flops = 512, bytes_read = 2048, bytes_written = 4> -> (tensor<1xf32>)
    %55 = sched.compute "cross_entropy_bwd" ins(%50, %53, %arg0 : tensor<256x512xbf16>, tensor<256x2xf32>, tensor<2x128xi64>) cost <flops = 524288, bytes_read = 266240, bytes_written = 262144> -> (tensor<256x512xbf16>)
    %56 = sched.compute "lm_head_dgrad" ins(%55, %46 : tensor<256x512xbf16>, tensor<262400xbf16>) cost <flops = 67108864, bytes_read = 524288, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %57 = sched.compute "lm_head_wgrad" ins(%55, %49 : tensor<256x512xbf16>, tensor<256x256xbf16>) cost <flops = 67108864, bytes_read = 393216, bytes_written = 524288> -> (tensor<512x256xf32>)
    %58 = sched.reduce_scatter_start %56 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %59 = sched.wait %58 : !sched.future<tensor<128x256xbf16>>
    %60 = sched.compute "rms_norm_bwd" ins(%59, %44 : tensor<128x256xbf16>, tensor<128x256xbf16>) cost <flops = 262144, bytes_read = 131072, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %61 = sched.all_gather_start %arg3 on @fsdp gather_dim = 0 : tensor<262400xbf16> -> !sched.future<tensor<524800xbf16>>
    %62 = sched.wait %61 : !sched.future<tensor<524800xbf16>>
    %63 = sched.all_gather_start %60 on @tp gather_dim = 0 : tensor<128x256xbf16> -> !sched.future<tensor<256x256xbf16>>
    %64 = sched.wait %63 : !sched.future<tensor<256x256xbf16>>
    %65 = sched.compute "mlp_down_dgrad" ins(%64, %62 : tensor<256x256xbf16>, tensor<524800xbf16>) cost <flops = 67108864, bytes_read = 393216, bytes_written = 262144> -> (tensor<256x512xbf16>)
    %66 = sched.compute "mlp_down_wgrad" ins(%64, %40 : tensor<256x256xbf16>, tensor<256x512xbf16>) cost <flops = 67108864, bytes_read = 393216, bytes_written = 524288> -> (tensor<512x256xf32>)
    %67 = sched.compute "swiglu_bwd" ins(%65, %39 : tensor<256x512xbf16>, tensor<256x1024xbf16>) cost <flops = 786432, bytes_read = 786432, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %68 = sched.compute "mlp_up_dgrad" ins(%67, %62 : tensor<256x1024xbf16>, tensor<524800xbf16>) cost <flops = 134217728, bytes_read = 1048576, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %69 = sched.compute "mlp_up_wgrad" ins(%67, %38 : tensor<256x1024xbf16>, tensor<256x256xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 1048576> -> (tensor<256x1024xf32>)
    %70 = sched.reduce_scatter_start %68 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %71 = sched.wait %70 : !sched.future<tensor<128x256xbf16>>
    %72 = sched.compute "rms_norm_bwd" ins(%71, %35, %60 : tensor<128x256xbf16>, tensor<128x256xbf16>, tensor<128x256xbf16>) cost <flops = 262144, bytes_read = 196608, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %73 = sched.all_gather_start %72 on @tp gather_dim = 0 : tensor<128x256xbf16> -> !sched.future<tensor<256x256xbf16>>
    %74 = sched.wait %73 : !sched.future<tensor<256x256xbf16>>
    %75 = sched.compute "out_proj_dgrad" ins(%74, %62 : tensor<256x256xbf16>, tensor<524800xbf16>) cost <flops = 16777216, bytes_read = 196608, bytes_written = 65536> -> (tensor<256x128xbf16>)
    %76 = sched.compute "out_proj_wgrad" ins(%74, %31 : tensor<256x256xbf16>, tensor<256x128xbf16>) cost <flops = 16777216, bytes_read = 196608, bytes_written = 131072> -> (tensor<128x256xf32>)
    %77 = sched.compute "attention_bwd" ins(%75, %30 : tensor<256x128xbf16>, tensor<256x384xbf16>) cost <flops = 20971520, bytes_read = 262144, bytes_written = 196608> -> (tensor<256x384xbf16>)
    %78 = sched.compute "qkv_dgrad" ins(%77, %62 : tensor<256x384xbf16>, tensor<524800xbf16>) cost <flops = 50331648, bytes_read = 393216, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %79 = sched.compute "qkv_wgrad" ins(%77, %29 : tensor<256x384xbf16>, tensor<256x256xbf16>) cost <flops = 50331648, bytes_read = 327680, bytes_written = 393216> -> (tensor<256x384xf32>)
    %80 = sched.reduce_scatter_start %78 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %81 = sched.wait %80 : !sched.future<tensor<128x256xbf16>>
    %82 = sched.compute "rms_norm_bwd" ins(%81, %24, %72 : tensor<128x256xbf16>, tensor<128x256xbf16>, tensor<128x256xbf16>) cost <flops = 262144, bytes_read = 196608, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %83 = sched.compute "flatten_grads" ins(%79, %76, %69, %66 : tensor<256x384xf32>, tensor<128x256xf32>, tensor<256x1024xf32>, tensor<512x256xf32>) cost <flops = 0, bytes_read = 2097152, bytes_written = 2099200> -> (tensor<524800xf32>)
    %84 = sched.reduce_scatter_start %83 on @fsdp reduction = avg scatter_dim = 0 : tensor<524800xf32> -> !sched.future<tensor<262400xf32>>
    %85 = sched.wait %84 : !sched.future<tensor<262400xf32>>
    %86 = sched.all_reduce_start %85 on @dp reduction = avg : tensor<262400xf32> -> !sched.future<tensor<262400xf32>>
    %87 = sched.wait %86 : !sched.future<tensor<262400xf32>>
    %88 = sched.all_gather_start %arg2 on @fsdp gather_dim = 0 : tensor<262400xbf16> -> !sched.future<tensor<524800xbf16>>
    %89 = sched.wait %88 : !sched.future<tensor<524800xbf16>>
    %90 = sched.all_gather_start %82 on @tp gather_dim = 0 : tensor<128x256xbf16> -> !sched.future<tensor<256x256xbf16>>
    %91 = sched.wait %90 : !sched.future<tensor<256x256xbf16>>
    %92 = sched.compute "mlp_down_dgrad" ins(%91, %89 : tensor<256x256xbf16>, tensor<524800xbf16>) cost <flops = 67108864, bytes_read = 393216, bytes_written = 262144> -> (tensor<256x512xbf16>)
    %93 = sched.compute "mlp_down_wgrad" ins(%91, %20 : tensor<256x256xbf16>, tensor<256x512xbf16>) cost <flops = 67108864, bytes_read = 393216, bytes_written = 524288> -> (tensor<512x256xf32>)
    %94 = sched.compute "swiglu_bwd" ins(%92, %19 : tensor<256x512xbf16>, tensor<256x1024xbf16>) cost <flops = 786432, bytes_read = 786432, bytes_written = 524288> -> (tensor<256x1024xbf16>)
    %95 = sched.compute "mlp_up_dgrad" ins(%94, %89 : tensor<256x1024xbf16>, tensor<524800xbf16>) cost <flops = 134217728, bytes_read = 1048576, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %96 = sched.compute "mlp_up_wgrad" ins(%94, %18 : tensor<256x1024xbf16>, tensor<256x256xbf16>) cost <flops = 134217728, bytes_read = 655360, bytes_written = 1048576> -> (tensor<256x1024xf32>)
    %97 = sched.reduce_scatter_start %95 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %98 = sched.wait %97 : !sched.future<tensor<128x256xbf16>>
    %99 = sched.compute "rms_norm_bwd" ins(%98, %15, %82 : tensor<128x256xbf16>, tensor<128x256xbf16>, tensor<128x256xbf16>) cost <flops = 262144, bytes_read = 196608, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %100 = sched.all_gather_start %99 on @tp gather_dim = 0 : tensor<128x256xbf16> -> !sched.future<tensor<256x256xbf16>>
    %101 = sched.wait %100 : !sched.future<tensor<256x256xbf16>>
    %102 = sched.compute "out_proj_dgrad" ins(%101, %89 : tensor<256x256xbf16>, tensor<524800xbf16>) cost <flops = 16777216, bytes_read = 196608, bytes_written = 65536> -> (tensor<256x128xbf16>)
    %103 = sched.compute "out_proj_wgrad" ins(%101, %11 : tensor<256x256xbf16>, tensor<256x128xbf16>) cost <flops = 16777216, bytes_read = 196608, bytes_written = 131072> -> (tensor<128x256xf32>)
    %104 = sched.compute "attention_bwd" ins(%102, %10 : tensor<256x128xbf16>, tensor<256x384xbf16>) cost <flops = 20971520, bytes_read = 262144, bytes_written = 196608> -> (tensor<256x384xbf16>)
    %105 = sched.compute "qkv_dgrad" ins(%104, %89 : tensor<256x384xbf16>, tensor<524800xbf16>) cost <flops = 50331648, bytes_read = 393216, bytes_written = 131072> -> (tensor<256x256xbf16>)
    %106 = sched.compute "qkv_wgrad" ins(%104, %9 : tensor<256x384xbf16>, tensor<256x256xbf16>) cost <flops = 50331648, bytes_read = 327680, bytes_written = 393216> -> (tensor<256x384xf32>)
    %107 = sched.reduce_scatter_start %105 on @tp reduction = sum scatter_dim = 0 : tensor<256x256xbf16> -> !sched.future<tensor<128x256xbf16>>
    %108 = sched.wait %107 : !sched.future<tensor<128x256xbf16>>
    %109 = sched.compute "rms_norm_bwd" ins(%108, %4, %99 : tensor<128x256xbf16>, tensor<128x256xbf16>, tensor<128x256xbf16>) cost <flops = 262144, bytes_read = 196608, bytes_written = 65536> -> (tensor<128x256xbf16>)
    %110 = sched.compute "flatten_grads" ins(%106, %103, %96, %93 : tensor<256x384xf32>, tensor<128x256xf32>, tensor<256x1024xf32>, tensor<512x256xf32>) cost <flops = 0, bytes_read = 2097152, bytes_written = 2099200> -> (tensor<524800xf32>)
    %111 = sched.reduce_scatter_start %110 on @fsdp reduction = avg scatter_dim = 0 : tensor<524800xf32> -> !sched.future<tensor<262400xf32>>
    %112 = sched.wait %111 : !sched.future<tensor<262400xf32>>
    %113 = sched.all_reduce_start %112 on @dp reduction = avg : tensor<262400xf32> -> !sched.future<tensor<262400xf32>>
    %114 = sched.wait %113 : !sched.future<tensor<262400xf32>>
    %115 = sched.compute "embedding_wgrad" ins(%109, %arg0 : tensor<128x256xbf16>, tensor<2x128xi64>) cost <flops = 65536, bytes_read = 67584, bytes_written = 524288> -> (tensor<512x256xf32>)
    %116 = sched.compute "flatten_grads" ins(%115, %57 : tensor<512x256xf32>, tensor<512x256xf32>) cost <flops = 0, bytes_read = 1048576, bytes_written = 1049600> -> (tensor<262400xf32>)
    %117 = sched.reduce_scatter_start %116 on @fsdp reduction = avg scatter_dim = 0 : tensor<262400xf32> -> !sched.future<tensor<131200xf32>>
    %118 = sched.wait %117 : !sched.future<tensor<131200xf32>>
    %119 = sched.all_reduce_start %118 on @dp reduction = avg : tensor<131200xf32> -> !sched.future<tensor<131200xf32>>
    %120 = sched.wait %119 : !sched.future<tensor<131200xf32>>
    %121 = sched.compute "adam" ins(%120 : tensor<131200xf32>) outs(%arg1 : tensor<131200xbf16>) cost <flops = 1574400, bytes_read = 2099200, bytes_written = 1574400> -> (tensor<131200xbf16>)
    %122 = sched.compute "adam" ins(%114 : tensor<262400xf32>) outs(%arg2 : tensor<262400xbf16>) cost <flops = 3148800, bytes_read = 4198400, bytes_written = 3148800> -> (tensor<262400xbf16>)
    %123 = sched.compute "adam" ins(%87 : tensor<262400xf32>) outs(%arg3 : tensor<262400xbf16>) cost <flops = 3148800, bytes_read = 4198400, bytes_written = 3148800> -> (tensor<262400xbf16>)
    return %54, %121, %122, %123 : tensor<1xf32>, tensor<131200xbf16>, tensor<262400xbf16>, tensor<262400xbf16>
  }
}
