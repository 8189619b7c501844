module attributes {sched.target = #sched.target<name = "h200-sxm", gpus_per_node = 8, intra_node = <bandwidth = 450.0, latency = 1.9>, inter_node = <bandwidth = 50.0, latency = 4.0>, hbm_bandwidth = 4800.0, hbm_capacity = 150754820096, compute = [f64 = 34.0, f32 = 67.0, tf32 = 494.5, bf16 = 989.5, f16 = 989.5, f8E4M3FN = 1979.0, f8E5M2 = 1979.0]>} {
  sched.process_group @dp size = 2 ranks = [0, 1]
  func.func @"llama-1b-l4-fsdp2"(%arg0: tensor<25692160xbf16>, %arg1: tensor<25692160xbf16>, %arg2: tensor<25692160xbf16>, %arg3: tensor<25692160xbf16>, %arg4: tensor<1x1024x2048xbf16>, %arg5: tensor<1024x128xbf16>, %arg6: tensor<1024x128xbf16>) -> (tensor<f32>, tensor<25692160xbf16>, tensor<25692160xbf16>, tensor<25692160xbf16>, tensor<25692160xbf16>) {
    %0 = sched.all_gather_start %arg0 on @dp gather_dim = 0 : tensor<25692160xbf16> -> !sched.future<tensor<51384320xbf16>>
    %1 = sched.compute "prims.convert_element_type" ins(%arg4 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %2 = sched.compute "aten.pow" ins(%1 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %3 = sched.compute "aten.mean" ins(%2 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %4 = sched.compute "aten.add" ins(%3 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %5 = sched.compute "aten.rsqrt" ins(%4 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %6 = sched.compute "aten.mul" ins(%1, %5 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %7 = sched.compute "prims.convert_element_type" ins(%6 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %8 = sched.wait %0 : !sched.future<tensor<51384320xbf16>>
    %extracted_slice = tensor.extract_slice %8[0] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_0 = tensor.extract_slice %8[2048] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded = tensor.expand_shape %extracted_slice_0 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %9 = sched.all_gather_start %arg1 on @dp gather_dim = 0 : tensor<25692160xbf16> -> !sched.future<tensor<51384320xbf16>>
    %10 = sched.compute "aten.mul" ins(%7, %extracted_slice : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %11 = sched.compute "aten.view" ins(%expanded : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed = tensor.collapse_shape %10 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %12 = sched.compute "aten.mm" ins(%collapsed, %11 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_1 = tensor.extract_slice %8[4196352] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_2 = tensor.expand_shape %extracted_slice_1 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %13 = sched.compute "aten.view" ins(%expanded_2 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_3 = tensor.collapse_shape %10 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %14 = sched.compute "aten.mm" ins(%collapsed_3, %13 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_4 = tensor.extract_slice %8[8390656] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_5 = tensor.expand_shape %extracted_slice_4 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %15 = sched.compute "aten.view" ins(%expanded_5 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_6 = tensor.collapse_shape %10 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %16 = sched.compute "aten.mm" ins(%collapsed_6, %15 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_7 = tensor.expand_shape %12 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_8 = tensor.expand_shape %expanded_7 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_9 = tensor.expand_shape %14 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_10 = tensor.expand_shape %expanded_9 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_11 = tensor.expand_shape %16 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_12 = tensor.expand_shape %expanded_11 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_13 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_14 = tensor.expand_shape %expanded_13 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_15 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_16 = tensor.expand_shape %expanded_15 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %17 = sched.compute "aten.mul" ins(%expanded_8, %expanded_14 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_17 = tensor.extract_slice %expanded_8[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_18 = tensor.extract_slice %expanded_8[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %18 = sched.compute "aten.neg" ins(%extracted_slice_18 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %19 = sched.compute "aten.cat" ins(%18, %extracted_slice_17 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %20 = sched.compute "aten.mul" ins(%19, %expanded_16 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %21 = sched.compute "aten.add" ins(%17, %20 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %expanded_19 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_20 = tensor.expand_shape %expanded_19 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_21 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_22 = tensor.expand_shape %expanded_21 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %22 = sched.compute "aten.mul" ins(%expanded_10, %expanded_20 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_23 = tensor.extract_slice %expanded_10[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_24 = tensor.extract_slice %expanded_10[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %23 = sched.compute "aten.neg" ins(%extracted_slice_24 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %24 = sched.compute "aten.cat" ins(%23, %extracted_slice_23 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %25 = sched.compute "aten.mul" ins(%24, %expanded_22 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %26 = sched.compute "aten.add" ins(%22, %25 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %27 = sched.compute "aten.view" ins(%21 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %28 = sched.compute "aten.view" ins(%26 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %29 = sched.compute "aten.view" ins(%expanded_12 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %30:4 = sched.compute "aten._scaled_dot_product_cudnn_attention" ins(%27, %28, %29 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>) cost <flops = 4294967296, bytes_read = 12582912, bytes_written = 4259856> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>)
    %extracted_slice_25 = tensor.extract_slice %8[12584960] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_26 = tensor.expand_shape %extracted_slice_25 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %31 = sched.compute "aten.view" ins(%30#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_27 = tensor.collapse_shape %31 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %32 = sched.compute "aten.view" ins(%expanded_26 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_28 = tensor.collapse_shape %collapsed_27 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %33 = sched.compute "aten.mm" ins(%collapsed_28, %32 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_29 = tensor.extract_slice %8[16779264] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_30 = tensor.extract_slice %8[16781312] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_31 = tensor.expand_shape %extracted_slice_30 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_32 = tensor.expand_shape %33 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %34 = sched.compute "aten.add" ins(%arg4, %expanded_32 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %35 = sched.compute "prims.convert_element_type" ins(%34 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %36 = sched.compute "aten.pow" ins(%35 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %37 = sched.compute "aten.mean" ins(%36 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %38 = sched.compute "aten.add" ins(%37 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %39 = sched.compute "aten.rsqrt" ins(%38 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %40 = sched.compute "aten.mul" ins(%35, %39 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %41 = sched.compute "prims.convert_element_type" ins(%40 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %42 = sched.compute "aten.mul" ins(%41, %extracted_slice_29 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %43 = sched.compute "aten.view" ins(%expanded_31 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_33 = tensor.collapse_shape %42 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %44 = sched.compute "aten.mm" ins(%collapsed_33, %43 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %extracted_slice_34 = tensor.extract_slice %8[28315648] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_35 = tensor.expand_shape %extracted_slice_34 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %45 = sched.compute "aten.view" ins(%expanded_35 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_36 = tensor.collapse_shape %42 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %46 = sched.compute "aten.mm" ins(%collapsed_36, %45 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %extracted_slice_37 = tensor.extract_slice %8[39849984] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_38 = tensor.expand_shape %extracted_slice_37 [[0, 1]] output_shape [2048, 5632] : tensor<11534336xbf16> into tensor<2048x5632xbf16>
    %expanded_39 = tensor.expand_shape %44 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %47 = sched.compute "prims.convert_element_type" ins(%expanded_39 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %48 = sched.compute "aten.neg" ins(%47 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %49 = sched.compute "aten.exp" ins(%48 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %50 = sched.all_gather_start %arg2 on @dp gather_dim = 0 : tensor<25692160xbf16> -> !sched.future<tensor<51384320xbf16>>
    %51 = sched.all_gather_start %arg3 on @dp gather_dim = 0 : tensor<25692160xbf16> -> !sched.future<tensor<51384320xbf16>>
    %52 = sched.compute "aten.add" ins(%49 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %53 = sched.compute "aten.div" ins(%47, %52 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %54 = sched.compute "prims.convert_element_type" ins(%53 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %expanded_40 = tensor.expand_shape %46 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %55 = sched.compute "aten.mul" ins(%54, %expanded_40 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %56 = sched.compute "aten.view" ins(%expanded_38 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %collapsed_41 = tensor.collapse_shape %55 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %57 = sched.compute "aten.mm" ins(%collapsed_41, %56 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_42 = tensor.expand_shape %57 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %58 = sched.compute "aten.add" ins(%34, %expanded_42 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %59 = sched.compute "prims.convert_element_type" ins(%58 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %60 = sched.compute "aten.pow" ins(%59 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %61 = sched.compute "aten.mean" ins(%60 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %62 = sched.compute "aten.add" ins(%61 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %63 = sched.compute "aten.rsqrt" ins(%62 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %64 = sched.compute "aten.mul" ins(%59, %63 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %65 = sched.compute "prims.convert_element_type" ins(%64 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %66 = sched.wait %9 : !sched.future<tensor<51384320xbf16>>
    %extracted_slice_43 = tensor.extract_slice %66[0] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_44 = tensor.extract_slice %66[2048] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_45 = tensor.expand_shape %extracted_slice_44 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %67 = sched.compute "aten.mul" ins(%65, %extracted_slice_43 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %68 = sched.compute "aten.view" ins(%expanded_45 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_46 = tensor.collapse_shape %67 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %69 = sched.compute "aten.mm" ins(%collapsed_46, %68 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_47 = tensor.extract_slice %66[4196352] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_48 = tensor.expand_shape %extracted_slice_47 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %70 = sched.compute "aten.view" ins(%expanded_48 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_49 = tensor.collapse_shape %67 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %71 = sched.compute "aten.mm" ins(%collapsed_49, %70 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_50 = tensor.extract_slice %66[8390656] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_51 = tensor.expand_shape %extracted_slice_50 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %72 = sched.compute "aten.view" ins(%expanded_51 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_52 = tensor.collapse_shape %67 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %73 = sched.compute "aten.mm" ins(%collapsed_52, %72 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_53 = tensor.expand_shape %69 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_54 = tensor.expand_shape %expanded_53 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_55 = tensor.expand_shape %71 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_56 = tensor.expand_shape %expanded_55 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_57 = tensor.expand_shape %73 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_58 = tensor.expand_shape %expanded_57 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_59 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_60 = tensor.expand_shape %expanded_59 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_61 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_62 = tensor.expand_shape %expanded_61 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %74 = sched.compute "aten.mul" ins(%expanded_54, %expanded_60 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_63 = tensor.extract_slice %expanded_54[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_64 = tensor.extract_slice %expanded_54[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %75 = sched.compute "aten.neg" ins(%extracted_slice_64 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %76 = sched.compute "aten.cat" ins(%75, %extracted_slice_63 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %77 = sched.compute "aten.mul" ins(%76, %expanded_62 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %78 = sched.compute "aten.add" ins(%74, %77 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %expanded_65 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_66 = tensor.expand_shape %expanded_65 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_67 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_68 = tensor.expand_shape %expanded_67 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %79 = sched.compute "aten.mul" ins(%expanded_56, %expanded_66 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_69 = tensor.extract_slice %expanded_56[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_70 = tensor.extract_slice %expanded_56[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %80 = sched.compute "aten.neg" ins(%extracted_slice_70 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %81 = sched.compute "aten.cat" ins(%80, %extracted_slice_69 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %82 = sched.compute "aten.mul" ins(%81, %expanded_68 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %83 = sched.compute "aten.add" ins(%79, %82 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %84 = sched.compute "aten.view" ins(%78 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %85 = sched.compute "aten.view" ins(%83 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %86 = sched.compute "aten.view" ins(%expanded_58 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %87:4 = sched.compute "aten._scaled_dot_product_cudnn_attention" ins(%84, %85, %86 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>) cost <flops = 4294967296, bytes_read = 12582912, bytes_written = 4259856> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>)
    %extracted_slice_71 = tensor.extract_slice %66[12584960] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_72 = tensor.expand_shape %extracted_slice_71 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %88 = sched.compute "aten.view" ins(%87#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_73 = tensor.collapse_shape %88 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %89 = sched.compute "aten.view" ins(%expanded_72 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_74 = tensor.collapse_shape %collapsed_73 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %90 = sched.compute "aten.mm" ins(%collapsed_74, %89 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_75 = tensor.extract_slice %66[16779264] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_76 = tensor.extract_slice %66[16781312] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_77 = tensor.expand_shape %extracted_slice_76 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_78 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %91 = sched.compute "aten.add" ins(%58, %expanded_78 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %92 = sched.compute "prims.convert_element_type" ins(%91 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %93 = sched.compute "aten.pow" ins(%92 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %94 = sched.compute "aten.mean" ins(%93 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %95 = sched.compute "aten.add" ins(%94 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %96 = sched.compute "aten.rsqrt" ins(%95 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %97 = sched.compute "aten.mul" ins(%92, %96 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %98 = sched.compute "prims.convert_element_type" ins(%97 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %99 = sched.compute "aten.mul" ins(%98, %extracted_slice_75 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %100 = sched.compute "aten.view" ins(%expanded_77 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_79 = tensor.collapse_shape %99 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %101 = sched.compute "aten.mm" ins(%collapsed_79, %100 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %extracted_slice_80 = tensor.extract_slice %66[28315648] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_81 = tensor.expand_shape %extracted_slice_80 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %102 = sched.compute "aten.view" ins(%expanded_81 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_82 = tensor.collapse_shape %99 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %103 = sched.compute "aten.mm" ins(%collapsed_82, %102 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %extracted_slice_83 = tensor.extract_slice %66[39849984] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_84 = tensor.expand_shape %extracted_slice_83 [[0, 1]] output_shape [2048, 5632] : tensor<11534336xbf16> into tensor<2048x5632xbf16>
    %expanded_85 = tensor.expand_shape %101 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %104 = sched.compute "prims.convert_element_type" ins(%expanded_85 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %105 = sched.compute "aten.neg" ins(%104 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %106 = sched.compute "aten.exp" ins(%105 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %107 = sched.compute "aten.add" ins(%106 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %108 = sched.compute "aten.div" ins(%104, %107 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %109 = sched.compute "prims.convert_element_type" ins(%108 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %expanded_86 = tensor.expand_shape %103 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %110 = sched.compute "aten.mul" ins(%109, %expanded_86 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %111 = sched.compute "aten.view" ins(%expanded_84 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %collapsed_87 = tensor.collapse_shape %110 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %112 = sched.compute "aten.mm" ins(%collapsed_87, %111 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_88 = tensor.expand_shape %112 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %113 = sched.compute "aten.add" ins(%91, %expanded_88 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %114 = sched.wait %50 : !sched.future<tensor<51384320xbf16>>
    %extracted_slice_89 = tensor.extract_slice %114[0] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_90 = tensor.extract_slice %114[2048] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_91 = tensor.expand_shape %extracted_slice_90 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %115 = sched.compute "prims.convert_element_type" ins(%113 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %116 = sched.compute "aten.pow" ins(%115 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %117 = sched.compute "aten.mean" ins(%116 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %118 = sched.compute "aten.add" ins(%117 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %119 = sched.compute "aten.rsqrt" ins(%118 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %120 = sched.compute "aten.mul" ins(%115, %119 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %121 = sched.compute "prims.convert_element_type" ins(%120 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %122 = sched.compute "aten.mul" ins(%121, %extracted_slice_89 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %123 = sched.compute "aten.view" ins(%expanded_91 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_92 = tensor.collapse_shape %122 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %124 = sched.compute "aten.mm" ins(%collapsed_92, %123 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_93 = tensor.extract_slice %114[4196352] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_94 = tensor.expand_shape %extracted_slice_93 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %125 = sched.compute "aten.view" ins(%expanded_94 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_95 = tensor.collapse_shape %122 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %126 = sched.compute "aten.mm" ins(%collapsed_95, %125 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_96 = tensor.extract_slice %114[8390656] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_97 = tensor.expand_shape %extracted_slice_96 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %127 = sched.compute "aten.view" ins(%expanded_97 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_98 = tensor.collapse_shape %122 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %128 = sched.compute "aten.mm" ins(%collapsed_98, %127 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_99 = tensor.expand_shape %124 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_100 = tensor.expand_shape %expanded_99 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_101 = tensor.expand_shape %126 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_102 = tensor.expand_shape %expanded_101 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_103 = tensor.expand_shape %128 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_104 = tensor.expand_shape %expanded_103 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_105 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_106 = tensor.expand_shape %expanded_105 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_107 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_108 = tensor.expand_shape %expanded_107 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %129 = sched.compute "aten.mul" ins(%expanded_100, %expanded_106 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_109 = tensor.extract_slice %expanded_100[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_110 = tensor.extract_slice %expanded_100[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %130 = sched.compute "aten.neg" ins(%extracted_slice_110 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %131 = sched.compute "aten.cat" ins(%130, %extracted_slice_109 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %132 = sched.compute "aten.mul" ins(%131, %expanded_108 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %133 = sched.compute "aten.add" ins(%129, %132 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %expanded_111 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_112 = tensor.expand_shape %expanded_111 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_113 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_114 = tensor.expand_shape %expanded_113 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %134 = sched.compute "aten.mul" ins(%expanded_102, %expanded_112 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_115 = tensor.extract_slice %expanded_102[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_116 = tensor.extract_slice %expanded_102[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %135 = sched.compute "aten.neg" ins(%extracted_slice_116 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %136 = sched.compute "aten.cat" ins(%135, %extracted_slice_115 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %137 = sched.compute "aten.mul" ins(%136, %expanded_114 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %138 = sched.compute "aten.add" ins(%134, %137 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %139 = sched.compute "aten.view" ins(%133 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %140 = sched.compute "aten.view" ins(%138 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %141 = sched.compute "aten.view" ins(%expanded_104 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %142:4 = sched.compute "aten._scaled_dot_product_cudnn_attention" ins(%139, %140, %141 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>) cost <flops = 4294967296, bytes_read = 12582912, bytes_written = 4259856> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>)
    %extracted_slice_117 = tensor.extract_slice %114[12584960] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_118 = tensor.expand_shape %extracted_slice_117 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %143 = sched.compute "aten.view" ins(%142#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_119 = tensor.collapse_shape %143 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %144 = sched.compute "aten.view" ins(%expanded_118 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_120 = tensor.collapse_shape %collapsed_119 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %145 = sched.compute "aten.mm" ins(%collapsed_120, %144 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_121 = tensor.extract_slice %114[16779264] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_122 = tensor.extract_slice %114[16781312] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_123 = tensor.expand_shape %extracted_slice_122 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_124 = tensor.expand_shape %145 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %146 = sched.compute "aten.add" ins(%113, %expanded_124 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %147 = sched.compute "prims.convert_element_type" ins(%146 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %148 = sched.compute "aten.pow" ins(%147 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %149 = sched.compute "aten.mean" ins(%148 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %150 = sched.compute "aten.add" ins(%149 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %151 = sched.compute "aten.rsqrt" ins(%150 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %152 = sched.compute "aten.mul" ins(%147, %151 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %153 = sched.compute "prims.convert_element_type" ins(%152 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %154 = sched.compute "aten.mul" ins(%153, %extracted_slice_121 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %155 = sched.compute "aten.view" ins(%expanded_123 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_125 = tensor.collapse_shape %154 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %156 = sched.compute "aten.mm" ins(%collapsed_125, %155 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %extracted_slice_126 = tensor.extract_slice %114[28315648] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_127 = tensor.expand_shape %extracted_slice_126 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %157 = sched.compute "aten.view" ins(%expanded_127 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_128 = tensor.collapse_shape %154 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %158 = sched.compute "aten.mm" ins(%collapsed_128, %157 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %extracted_slice_129 = tensor.extract_slice %114[39849984] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_130 = tensor.expand_shape %extracted_slice_129 [[0, 1]] output_shape [2048, 5632] : tensor<11534336xbf16> into tensor<2048x5632xbf16>
    %expanded_131 = tensor.expand_shape %156 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %159 = sched.compute "prims.convert_element_type" ins(%expanded_131 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %160 = sched.compute "aten.neg" ins(%159 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %161 = sched.compute "aten.exp" ins(%160 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %162 = sched.compute "aten.add" ins(%161 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %163 = sched.compute "aten.div" ins(%159, %162 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %164 = sched.compute "prims.convert_element_type" ins(%163 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %expanded_132 = tensor.expand_shape %158 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %165 = sched.compute "aten.mul" ins(%164, %expanded_132 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %166 = sched.compute "aten.view" ins(%expanded_130 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %collapsed_133 = tensor.collapse_shape %165 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %167 = sched.compute "aten.mm" ins(%collapsed_133, %166 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_134 = tensor.expand_shape %167 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %168 = sched.compute "aten.add" ins(%146, %expanded_134 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %169 = sched.wait %51 : !sched.future<tensor<51384320xbf16>>
    %extracted_slice_135 = tensor.extract_slice %169[0] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_136 = tensor.extract_slice %169[2048] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_137 = tensor.expand_shape %extracted_slice_136 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %170 = sched.compute "prims.convert_element_type" ins(%168 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %171 = sched.compute "aten.pow" ins(%170 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %172 = sched.compute "aten.mean" ins(%171 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %173 = sched.compute "aten.add" ins(%172 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %174 = sched.compute "aten.rsqrt" ins(%173 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %175 = sched.compute "aten.mul" ins(%170, %174 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %176 = sched.compute "prims.convert_element_type" ins(%175 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %177 = sched.compute "aten.mul" ins(%176, %extracted_slice_135 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %178 = sched.compute "aten.view" ins(%expanded_137 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_138 = tensor.collapse_shape %177 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %179 = sched.compute "aten.mm" ins(%collapsed_138, %178 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_139 = tensor.extract_slice %169[4196352] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_140 = tensor.expand_shape %extracted_slice_139 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %180 = sched.compute "aten.view" ins(%expanded_140 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_141 = tensor.collapse_shape %177 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %181 = sched.compute "aten.mm" ins(%collapsed_141, %180 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_142 = tensor.extract_slice %169[8390656] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_143 = tensor.expand_shape %extracted_slice_142 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %182 = sched.compute "aten.view" ins(%expanded_143 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_144 = tensor.collapse_shape %177 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %183 = sched.compute "aten.mm" ins(%collapsed_144, %182 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_145 = tensor.expand_shape %179 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_146 = tensor.expand_shape %expanded_145 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_147 = tensor.expand_shape %181 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_148 = tensor.expand_shape %expanded_147 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_149 = tensor.expand_shape %183 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_150 = tensor.expand_shape %expanded_149 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_151 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_152 = tensor.expand_shape %expanded_151 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_153 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_154 = tensor.expand_shape %expanded_153 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %184 = sched.compute "aten.mul" ins(%expanded_146, %expanded_152 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_155 = tensor.extract_slice %expanded_146[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_156 = tensor.extract_slice %expanded_146[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %185 = sched.compute "aten.neg" ins(%extracted_slice_156 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %186 = sched.compute "aten.cat" ins(%185, %extracted_slice_155 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %187 = sched.compute "aten.mul" ins(%186, %expanded_154 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %188 = sched.compute "aten.add" ins(%184, %187 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %expanded_157 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_158 = tensor.expand_shape %expanded_157 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_159 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_160 = tensor.expand_shape %expanded_159 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %189 = sched.compute "aten.mul" ins(%expanded_148, %expanded_158 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_161 = tensor.extract_slice %expanded_148[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_162 = tensor.extract_slice %expanded_148[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %190 = sched.compute "aten.neg" ins(%extracted_slice_162 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %191 = sched.compute "aten.cat" ins(%190, %extracted_slice_161 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %192 = sched.compute "aten.mul" ins(%191, %expanded_160 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %193 = sched.compute "aten.add" ins(%189, %192 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %194 = sched.compute "aten.view" ins(%188 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %195 = sched.compute "aten.view" ins(%193 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %196 = sched.compute "aten.view" ins(%expanded_150 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %197:4 = sched.compute "aten._scaled_dot_product_cudnn_attention" ins(%194, %195, %196 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>) cost <flops = 4294967296, bytes_read = 12582912, bytes_written = 4259856> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>)
    %extracted_slice_163 = tensor.extract_slice %169[12584960] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %expanded_164 = tensor.expand_shape %extracted_slice_163 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %198 = sched.compute "aten.view" ins(%197#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_165 = tensor.collapse_shape %198 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %199 = sched.compute "aten.view" ins(%expanded_164 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_166 = tensor.collapse_shape %collapsed_165 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %200 = sched.compute "aten.mm" ins(%collapsed_166, %199 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %extracted_slice_167 = tensor.extract_slice %169[16779264] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_168 = tensor.extract_slice %169[16781312] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_169 = tensor.expand_shape %extracted_slice_168 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_170 = tensor.expand_shape %200 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %201 = sched.compute "aten.add" ins(%168, %expanded_170 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %202 = sched.compute "prims.convert_element_type" ins(%201 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %203 = sched.compute "aten.pow" ins(%202 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %204 = sched.compute "aten.mean" ins(%203 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %205 = sched.compute "aten.add" ins(%204 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %206 = sched.compute "aten.rsqrt" ins(%205 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %207 = sched.compute "aten.mul" ins(%202, %206 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %208 = sched.compute "prims.convert_element_type" ins(%207 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %209 = sched.compute "aten.mul" ins(%208, %extracted_slice_167 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %210 = sched.compute "aten.view" ins(%expanded_169 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_171 = tensor.collapse_shape %209 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %211 = sched.compute "aten.mm" ins(%collapsed_171, %210 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %extracted_slice_172 = tensor.extract_slice %169[28315648] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_173 = tensor.expand_shape %extracted_slice_172 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %212 = sched.compute "aten.view" ins(%expanded_173 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_174 = tensor.collapse_shape %209 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %213 = sched.compute "aten.mm" ins(%collapsed_174, %212 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %extracted_slice_175 = tensor.extract_slice %169[39849984] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_176 = tensor.expand_shape %extracted_slice_175 [[0, 1]] output_shape [2048, 5632] : tensor<11534336xbf16> into tensor<2048x5632xbf16>
    %expanded_177 = tensor.expand_shape %211 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %214 = sched.compute "prims.convert_element_type" ins(%expanded_177 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %215 = sched.compute "aten.neg" ins(%214 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %216 = sched.compute "aten.exp" ins(%215 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %217 = sched.compute "aten.add" ins(%216 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %218 = sched.compute "aten.div" ins(%214, %217 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %219 = sched.compute "prims.convert_element_type" ins(%218 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %expanded_178 = tensor.expand_shape %213 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %220 = sched.compute "aten.mul" ins(%219, %expanded_178 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %221 = sched.compute "aten.view" ins(%expanded_176 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %collapsed_179 = tensor.collapse_shape %220 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %222 = sched.compute "aten.mm" ins(%collapsed_179, %221 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_180 = tensor.expand_shape %222 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %223 = sched.compute "aten.add" ins(%201, %expanded_180 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %224 = sched.compute "prims.convert_element_type" ins(%223 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %225 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 4> -> (tensor<f32>)
    %226 = sched.compute "aten.view" ins(%225 : tensor<f32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %227 = sched.compute "aten.div" ins(%226 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %228 = sched.compute "aten.pow" ins(%224 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %229 = sched.compute "aten.mul" ins(%228 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %230 = sched.compute "aten.mul" ins(%227, %229 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %231 = sched.compute "prims.convert_element_type" ins(%230 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_181 = tensor.collapse_shape %231 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %232 = sched.compute "aten.view" ins(%collapsed_181 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %233 = sched.compute "aten.mm" ins(%232, %collapsed_179 : tensor<2048x1024xbf16>, tensor<1024x5632xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<2048x5632xbf16>)
    %234 = sched.compute "aten.view" ins(%221 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %235 = sched.compute "aten.view" ins(%233 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %236 = sched.compute "aten.mm" ins(%collapsed_181, %234 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_182 = tensor.expand_shape %236 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %237 = sched.compute "aten.mul" ins(%expanded_182, %219 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %238 = sched.compute "aten.view" ins(%235 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_183 = tensor.collapse_shape %237 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %239 = sched.compute "aten.view" ins(%collapsed_183 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %240 = sched.compute "aten.mm" ins(%239, %collapsed_174 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %241 = sched.compute "aten.view" ins(%212 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %242 = sched.compute "aten.view" ins(%240 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %243 = sched.compute "aten.mm" ins(%collapsed_183, %241 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %244 = sched.compute "aten.mul" ins(%expanded_182, %expanded_178 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %245 = sched.compute "prims.convert_element_type" ins(%244 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %246 = sched.compute "aten.view" ins(%242 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %247 = sched.compute "prims.convert_element_type" ins(%expanded_177 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %248 = sched.compute "aten.neg" ins(%247 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %249 = sched.compute "aten.exp" ins(%248 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %250 = sched.compute "aten.add" ins(%249 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %251 = sched.compute "aten.reciprocal" ins(%250 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %252 = sched.compute "aten.mul" ins(%251 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %253 = sched.compute "aten.mul" ins(%245, %252 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %254 = sched.compute "aten.sub" ins(%252 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %255 = sched.compute "aten.mul" ins(%247, %254 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %256 = sched.compute "aten.add" ins(%255 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %257 = sched.compute "aten.mul" ins(%253, %256 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %258 = sched.compute "prims.convert_element_type" ins(%257 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_184 = tensor.collapse_shape %258 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %259 = sched.compute "aten.view" ins(%collapsed_184 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %260 = sched.compute "aten.mm" ins(%259, %collapsed_171 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %261 = sched.compute "aten.view" ins(%210 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %262 = sched.compute "aten.view" ins(%260 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %263 = sched.compute "aten.mm" ins(%collapsed_184, %261 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_185 = tensor.expand_shape %243 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_186 = tensor.expand_shape %263 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %264 = sched.compute "aten.add" ins(%expanded_185, %expanded_186 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %265 = sched.compute "aten.mul" ins(%264, %extracted_slice_167 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %266 = sched.compute "aten.view" ins(%262 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %267 = sched.compute "aten.mul" ins(%264, %208 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %268 = sched.compute "prims.convert_element_type" ins(%265 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %269 = sched.compute "aten.sum" ins(%267 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_187 = tensor.collapse_shape %269 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %270 = sched.compute "aten.mul" ins(%268, %202 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %271 = sched.compute "aten.mul" ins(%268, %206 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %272 = sched.compute "aten.sum" ins(%270 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %273 = sched.compute "aten.pow" ins(%206 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %274 = sched.compute "aten.mul" ins(%272 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %275 = sched.compute "aten.mul" ins(%274, %273 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %276 = sched.compute "aten.view" ins(%275 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %277 = sched.compute "aten.div" ins(%276 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %278 = sched.compute "aten.pow" ins(%202 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %279 = sched.compute "aten.mul" ins(%278 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %280 = sched.compute "aten.mul" ins(%277, %279 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %281 = sched.compute "aten.add" ins(%271, %280 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %282 = sched.compute "prims.convert_element_type" ins(%281 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %283 = sched.compute "aten.add" ins(%231, %282 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_188 = tensor.collapse_shape %283 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %284 = sched.compute "aten.view" ins(%collapsed_188 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %285 = sched.compute "aten.mm" ins(%284, %collapsed_166 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %286 = sched.compute "aten.view" ins(%199 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %287 = sched.compute "aten.view" ins(%285 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %288 = sched.compute "aten.mm" ins(%collapsed_188, %286 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_189 = tensor.expand_shape %288 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_190 = tensor.expand_shape %expanded_189 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %289 = sched.compute "aten.view" ins(%287 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %290 = sched.compute "aten.view" ins(%expanded_190 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %291:3 = sched.compute "aten._scaled_dot_product_cudnn_attention_backward" ins(%290, %194, %195, %196, %197#0, %197#1, %197#2, %197#3 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>) cost <flops = 8589934592, bytes_read = 21037072, bytes_written = 12582912> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>)
    %292 = sched.compute "aten.view" ins(%291#2 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_191 = tensor.collapse_shape %292 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_192 = tensor.collapse_shape %collapsed_191 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %293 = sched.compute "aten.view" ins(%collapsed_192 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %294 = sched.compute "aten.mm" ins(%293, %collapsed_144 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %295 = sched.compute "aten.view" ins(%182 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %296 = sched.compute "aten.view" ins(%294 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %297 = sched.compute "aten.mm" ins(%collapsed_192, %295 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %298 = sched.compute "aten.view" ins(%291#1 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %299 = sched.compute "aten.mul" ins(%298, %expanded_160 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_193 = tensor.extract_slice %299[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_194 = tensor.extract_slice %299[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %300 = sched.compute "aten.neg" ins(%extracted_slice_193 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %301 = sched.compute "aten.cat" ins(%extracted_slice_194, %300 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %302 = sched.compute "aten.mul" ins(%298, %expanded_158 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %303 = sched.compute "aten.add" ins(%301, %302 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_195 = tensor.collapse_shape %303 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %304 = sched.compute "aten.view" ins(%296 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_196 = tensor.collapse_shape %collapsed_195 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %305 = sched.compute "aten.view" ins(%collapsed_196 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %306 = sched.compute "aten.mm" ins(%305, %collapsed_141 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %307 = sched.compute "aten.view" ins(%180 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %308 = sched.compute "aten.view" ins(%306 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %309 = sched.compute "aten.mm" ins(%collapsed_196, %307 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %310 = sched.compute "aten.view" ins(%291#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %311 = sched.compute "aten.mul" ins(%310, %expanded_154 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_197 = tensor.extract_slice %311[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_198 = tensor.extract_slice %311[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %312 = sched.compute "aten.neg" ins(%extracted_slice_197 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %313 = sched.compute "aten.cat" ins(%extracted_slice_198, %312 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %314 = sched.compute "aten.mul" ins(%310, %expanded_152 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %315 = sched.compute "aten.add" ins(%313, %314 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_199 = tensor.collapse_shape %315 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %316 = sched.compute "aten.view" ins(%308 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_200 = tensor.collapse_shape %collapsed_199 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %317 = sched.compute "aten.view" ins(%collapsed_200 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %318 = sched.compute "aten.mm" ins(%317, %collapsed_138 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %319 = sched.compute "aten.view" ins(%178 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %320 = sched.compute "aten.view" ins(%318 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %321 = sched.compute "aten.mm" ins(%collapsed_200, %319 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_201 = tensor.expand_shape %297 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_202 = tensor.expand_shape %309 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %322 = sched.compute "aten.add" ins(%expanded_201, %expanded_202 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %expanded_203 = tensor.expand_shape %321 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %323 = sched.compute "aten.add" ins(%322, %expanded_203 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %324 = sched.compute "aten.view" ins(%320 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %325 = sched.compute "aten.mul" ins(%323, %176 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %326 = sched.compute "aten.sum" ins(%325 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_204 = tensor.collapse_shape %326 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %collapsed_205 = tensor.collapse_shape %238 [[0, 1]] : tensor<2048x5632xbf16> into tensor<11534336xbf16>
    %collapsed_206 = tensor.collapse_shape %246 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_207 = tensor.collapse_shape %266 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_208 = tensor.collapse_shape %289 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_209 = tensor.collapse_shape %304 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_210 = tensor.collapse_shape %316 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_211 = tensor.collapse_shape %324 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %327 = sched.compute "aten.cat" ins(%collapsed_204, %collapsed_211, %collapsed_210, %collapsed_209, %collapsed_208, %collapsed_187, %collapsed_207, %collapsed_206, %collapsed_205 : tensor<2048xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<2048xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>) cost <flops = 0, bytes_read = 102768640, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %328 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %329 = sched.compute "aten.slice_scatter" ins(%328, %327 : tensor<51384320xbf16>, tensor<51384320xbf16>) cost <flops = 0, bytes_read = 205537280, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %330 = sched.reduce_scatter_start %329 on @dp reduction = avg scatter_dim = 0 : tensor<51384320xbf16> -> !sched.future<tensor<25692160xbf16>>
    %331 = sched.compute "aten.mul" ins(%323, %extracted_slice_135 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %332 = sched.compute "prims.convert_element_type" ins(%331 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %333 = sched.compute "aten.mul" ins(%332, %170 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %334 = sched.compute "aten.mul" ins(%332, %174 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %335 = sched.compute "aten.sum" ins(%333 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %336 = sched.compute "aten.pow" ins(%174 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %337 = sched.compute "aten.mul" ins(%335 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %338 = sched.compute "aten.mul" ins(%337, %336 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %339 = sched.compute "aten.view" ins(%338 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %340 = sched.compute "aten.div" ins(%339 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %341 = sched.compute "aten.pow" ins(%170 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %342 = sched.compute "aten.mul" ins(%341 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %343 = sched.compute "aten.mul" ins(%340, %342 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %344 = sched.compute "aten.add" ins(%334, %343 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %345 = sched.compute "prims.convert_element_type" ins(%344 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %346 = sched.compute "aten.add" ins(%283, %345 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_212 = tensor.collapse_shape %346 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %347 = sched.compute "aten.view" ins(%collapsed_212 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %348 = sched.compute "aten.mm" ins(%347, %collapsed_133 : tensor<2048x1024xbf16>, tensor<1024x5632xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<2048x5632xbf16>)
    %349 = sched.compute "aten.view" ins(%166 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %350 = sched.compute "aten.view" ins(%348 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %351 = sched.compute "aten.mm" ins(%collapsed_212, %349 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_213 = tensor.expand_shape %351 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %352 = sched.compute "aten.mul" ins(%expanded_213, %164 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %353 = sched.compute "aten.view" ins(%350 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_214 = tensor.collapse_shape %352 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %354 = sched.compute "aten.view" ins(%collapsed_214 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %355 = sched.compute "aten.mm" ins(%354, %collapsed_128 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %356 = sched.compute "aten.view" ins(%157 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %357 = sched.compute "aten.view" ins(%355 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %358 = sched.compute "aten.mm" ins(%collapsed_214, %356 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %359 = sched.compute "aten.mul" ins(%expanded_213, %expanded_132 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %360 = sched.compute "prims.convert_element_type" ins(%359 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %361 = sched.compute "aten.view" ins(%357 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %362 = sched.compute "prims.convert_element_type" ins(%expanded_131 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %363 = sched.compute "aten.neg" ins(%362 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %364 = sched.compute "aten.exp" ins(%363 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %365 = sched.compute "aten.add" ins(%364 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %366 = sched.compute "aten.reciprocal" ins(%365 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %367 = sched.compute "aten.mul" ins(%366 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %368 = sched.compute "aten.mul" ins(%360, %367 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %369 = sched.compute "aten.sub" ins(%367 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %370 = sched.compute "aten.mul" ins(%362, %369 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %371 = sched.compute "aten.add" ins(%370 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %372 = sched.compute "aten.mul" ins(%368, %371 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %373 = sched.compute "prims.convert_element_type" ins(%372 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_215 = tensor.collapse_shape %373 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %374 = sched.compute "aten.view" ins(%collapsed_215 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %375 = sched.compute "aten.mm" ins(%374, %collapsed_125 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %376 = sched.compute "aten.view" ins(%155 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %377 = sched.compute "aten.view" ins(%375 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %378 = sched.compute "aten.mm" ins(%collapsed_215, %376 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_216 = tensor.expand_shape %358 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_217 = tensor.expand_shape %378 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %379 = sched.compute "aten.add" ins(%expanded_216, %expanded_217 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %380 = sched.compute "aten.mul" ins(%379, %extracted_slice_121 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %381 = sched.compute "aten.view" ins(%377 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %382 = sched.compute "aten.mul" ins(%379, %153 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %383 = sched.compute "prims.convert_element_type" ins(%380 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %384 = sched.compute "aten.sum" ins(%382 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_218 = tensor.collapse_shape %384 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %385 = sched.compute "aten.mul" ins(%383, %147 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %386 = sched.compute "aten.mul" ins(%383, %151 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %387 = sched.compute "aten.sum" ins(%385 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %388 = sched.compute "aten.pow" ins(%151 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %389 = sched.compute "aten.mul" ins(%387 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %390 = sched.compute "aten.mul" ins(%389, %388 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %391 = sched.compute "aten.view" ins(%390 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %392 = sched.compute "aten.div" ins(%391 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %393 = sched.compute "aten.pow" ins(%147 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %394 = sched.compute "aten.mul" ins(%393 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %395 = sched.compute "aten.mul" ins(%392, %394 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %396 = sched.compute "aten.add" ins(%386, %395 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %397 = sched.compute "prims.convert_element_type" ins(%396 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %398 = sched.compute "aten.add" ins(%346, %397 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_219 = tensor.collapse_shape %398 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %399 = sched.compute "aten.view" ins(%collapsed_219 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %400 = sched.compute "aten.mm" ins(%399, %collapsed_120 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %401 = sched.compute "aten.view" ins(%144 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %402 = sched.compute "aten.view" ins(%400 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %403 = sched.compute "aten.mm" ins(%collapsed_219, %401 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_220 = tensor.expand_shape %403 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_221 = tensor.expand_shape %expanded_220 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %404 = sched.compute "aten.view" ins(%402 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %405 = sched.compute "aten.view" ins(%expanded_221 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %406:3 = sched.compute "aten._scaled_dot_product_cudnn_attention_backward" ins(%405, %139, %140, %141, %142#0, %142#1, %142#2, %142#3 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>) cost <flops = 8589934592, bytes_read = 21037072, bytes_written = 12582912> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>)
    %407 = sched.compute "aten.view" ins(%406#2 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_222 = tensor.collapse_shape %407 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_223 = tensor.collapse_shape %collapsed_222 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %408 = sched.compute "aten.view" ins(%collapsed_223 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %409 = sched.compute "aten.mm" ins(%408, %collapsed_98 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %410 = sched.compute "aten.view" ins(%127 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %411 = sched.compute "aten.view" ins(%409 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %412 = sched.compute "aten.mm" ins(%collapsed_223, %410 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %413 = sched.compute "aten.view" ins(%406#1 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %414 = sched.compute "aten.mul" ins(%413, %expanded_114 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_224 = tensor.extract_slice %414[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_225 = tensor.extract_slice %414[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %415 = sched.compute "aten.neg" ins(%extracted_slice_224 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %416 = sched.compute "aten.cat" ins(%extracted_slice_225, %415 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %417 = sched.compute "aten.mul" ins(%413, %expanded_112 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %418 = sched.compute "aten.add" ins(%416, %417 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_226 = tensor.collapse_shape %418 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %419 = sched.compute "aten.view" ins(%411 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_227 = tensor.collapse_shape %collapsed_226 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %420 = sched.compute "aten.view" ins(%collapsed_227 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %421 = sched.compute "aten.mm" ins(%420, %collapsed_95 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %422 = sched.compute "aten.view" ins(%125 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %423 = sched.compute "aten.view" ins(%421 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %424 = sched.compute "aten.mm" ins(%collapsed_227, %422 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %425 = sched.compute "aten.view" ins(%406#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %426 = sched.compute "aten.mul" ins(%425, %expanded_108 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_228 = tensor.extract_slice %426[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_229 = tensor.extract_slice %426[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %427 = sched.compute "aten.neg" ins(%extracted_slice_228 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %428 = sched.compute "aten.cat" ins(%extracted_slice_229, %427 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %429 = sched.compute "aten.mul" ins(%425, %expanded_106 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %430 = sched.compute "aten.add" ins(%428, %429 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_230 = tensor.collapse_shape %430 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %431 = sched.compute "aten.view" ins(%423 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_231 = tensor.collapse_shape %collapsed_230 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %432 = sched.compute "aten.view" ins(%collapsed_231 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %433 = sched.compute "aten.mm" ins(%432, %collapsed_92 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %434 = sched.compute "aten.view" ins(%123 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %435 = sched.compute "aten.view" ins(%433 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %436 = sched.compute "aten.mm" ins(%collapsed_231, %434 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_232 = tensor.expand_shape %412 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_233 = tensor.expand_shape %424 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %437 = sched.compute "aten.add" ins(%expanded_232, %expanded_233 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %expanded_234 = tensor.expand_shape %436 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %438 = sched.compute "aten.add" ins(%437, %expanded_234 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %439 = sched.compute "aten.view" ins(%435 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %440 = sched.compute "aten.mul" ins(%438, %121 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %441 = sched.compute "aten.sum" ins(%440 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_235 = tensor.collapse_shape %441 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %collapsed_236 = tensor.collapse_shape %353 [[0, 1]] : tensor<2048x5632xbf16> into tensor<11534336xbf16>
    %collapsed_237 = tensor.collapse_shape %361 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_238 = tensor.collapse_shape %381 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_239 = tensor.collapse_shape %404 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_240 = tensor.collapse_shape %419 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_241 = tensor.collapse_shape %431 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_242 = tensor.collapse_shape %439 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %442 = sched.compute "aten.cat" ins(%collapsed_235, %collapsed_242, %collapsed_241, %collapsed_240, %collapsed_239, %collapsed_218, %collapsed_238, %collapsed_237, %collapsed_236 : tensor<2048xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<2048xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>) cost <flops = 0, bytes_read = 102768640, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %443 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %444 = sched.compute "aten.slice_scatter" ins(%443, %442 : tensor<51384320xbf16>, tensor<51384320xbf16>) cost <flops = 0, bytes_read = 205537280, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %445 = sched.reduce_scatter_start %444 on @dp reduction = avg scatter_dim = 0 : tensor<51384320xbf16> -> !sched.future<tensor<25692160xbf16>>
    %446 = sched.compute "aten.mul" ins(%438, %extracted_slice_89 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %447 = sched.compute "prims.convert_element_type" ins(%446 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %448 = sched.compute "aten.mul" ins(%447, %115 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %449 = sched.compute "aten.mul" ins(%447, %119 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %450 = sched.compute "aten.sum" ins(%448 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %451 = sched.compute "aten.pow" ins(%119 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %452 = sched.compute "aten.mul" ins(%450 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %453 = sched.compute "aten.mul" ins(%452, %451 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %454 = sched.compute "aten.view" ins(%453 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %455 = sched.compute "aten.div" ins(%454 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %456 = sched.compute "aten.pow" ins(%115 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %457 = sched.compute "aten.mul" ins(%456 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %458 = sched.compute "aten.mul" ins(%455, %457 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %459 = sched.compute "aten.add" ins(%449, %458 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %460 = sched.compute "prims.convert_element_type" ins(%459 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %461 = sched.compute "aten.add" ins(%398, %460 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_243 = tensor.collapse_shape %461 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %462 = sched.compute "aten.view" ins(%collapsed_243 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %463 = sched.compute "aten.mm" ins(%462, %collapsed_87 : tensor<2048x1024xbf16>, tensor<1024x5632xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<2048x5632xbf16>)
    %464 = sched.compute "aten.view" ins(%111 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %465 = sched.compute "aten.view" ins(%463 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %466 = sched.compute "aten.mm" ins(%collapsed_243, %464 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_244 = tensor.expand_shape %466 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %467 = sched.compute "aten.mul" ins(%expanded_244, %109 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %468 = sched.compute "aten.view" ins(%465 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_245 = tensor.collapse_shape %467 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %469 = sched.compute "aten.view" ins(%collapsed_245 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %470 = sched.compute "aten.mm" ins(%469, %collapsed_82 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %471 = sched.compute "aten.view" ins(%102 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %472 = sched.compute "aten.view" ins(%470 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %473 = sched.compute "aten.mm" ins(%collapsed_245, %471 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %474 = sched.compute "aten.mul" ins(%expanded_244, %expanded_86 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %475 = sched.compute "prims.convert_element_type" ins(%474 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %476 = sched.compute "aten.view" ins(%472 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %477 = sched.compute "prims.convert_element_type" ins(%expanded_85 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %478 = sched.compute "aten.neg" ins(%477 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %479 = sched.compute "aten.exp" ins(%478 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %480 = sched.compute "aten.add" ins(%479 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %481 = sched.compute "aten.reciprocal" ins(%480 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %482 = sched.compute "aten.mul" ins(%481 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %483 = sched.compute "aten.mul" ins(%475, %482 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %484 = sched.compute "aten.sub" ins(%482 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %485 = sched.compute "aten.mul" ins(%477, %484 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %486 = sched.compute "aten.add" ins(%485 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %487 = sched.compute "aten.mul" ins(%483, %486 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %488 = sched.compute "prims.convert_element_type" ins(%487 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_246 = tensor.collapse_shape %488 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %489 = sched.compute "aten.view" ins(%collapsed_246 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %490 = sched.compute "aten.mm" ins(%489, %collapsed_79 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %491 = sched.compute "aten.view" ins(%100 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %492 = sched.compute "aten.view" ins(%490 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %493 = sched.compute "aten.mm" ins(%collapsed_246, %491 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_247 = tensor.expand_shape %473 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_248 = tensor.expand_shape %493 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %494 = sched.compute "aten.add" ins(%expanded_247, %expanded_248 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %495 = sched.compute "aten.mul" ins(%494, %extracted_slice_75 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %496 = sched.compute "aten.view" ins(%492 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %497 = sched.compute "aten.mul" ins(%494, %98 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %498 = sched.compute "prims.convert_element_type" ins(%495 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %499 = sched.compute "aten.sum" ins(%497 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_249 = tensor.collapse_shape %499 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %500 = sched.compute "aten.mul" ins(%498, %92 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %501 = sched.compute "aten.mul" ins(%498, %96 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %502 = sched.compute "aten.sum" ins(%500 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %503 = sched.compute "aten.pow" ins(%96 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %504 = sched.compute "aten.mul" ins(%502 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %505 = sched.compute "aten.mul" ins(%504, %503 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %506 = sched.compute "aten.view" ins(%505 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %507 = sched.compute "aten.div" ins(%506 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %508 = sched.compute "aten.pow" ins(%92 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %509 = sched.compute "aten.mul" ins(%508 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %510 = sched.compute "aten.mul" ins(%507, %509 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %511 = sched.compute "aten.add" ins(%501, %510 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %512 = sched.compute "prims.convert_element_type" ins(%511 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %513 = sched.compute "aten.add" ins(%461, %512 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_250 = tensor.collapse_shape %513 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %514 = sched.compute "aten.view" ins(%collapsed_250 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %515 = sched.compute "aten.mm" ins(%514, %collapsed_74 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %516 = sched.compute "aten.view" ins(%89 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %517 = sched.compute "aten.view" ins(%515 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %518 = sched.compute "aten.mm" ins(%collapsed_250, %516 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_251 = tensor.expand_shape %518 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_252 = tensor.expand_shape %expanded_251 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %519 = sched.compute "aten.view" ins(%517 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %520 = sched.compute "aten.view" ins(%expanded_252 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %521:3 = sched.compute "aten._scaled_dot_product_cudnn_attention_backward" ins(%520, %84, %85, %86, %87#0, %87#1, %87#2, %87#3 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>) cost <flops = 8589934592, bytes_read = 21037072, bytes_written = 12582912> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>)
    %522 = sched.compute "aten.view" ins(%521#2 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_253 = tensor.collapse_shape %522 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_254 = tensor.collapse_shape %collapsed_253 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %523 = sched.compute "aten.view" ins(%collapsed_254 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %524 = sched.compute "aten.mm" ins(%523, %collapsed_52 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %525 = sched.compute "aten.view" ins(%72 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %526 = sched.compute "aten.view" ins(%524 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %527 = sched.compute "aten.mm" ins(%collapsed_254, %525 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %528 = sched.compute "aten.view" ins(%521#1 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %529 = sched.compute "aten.mul" ins(%528, %expanded_68 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_255 = tensor.extract_slice %529[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_256 = tensor.extract_slice %529[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %530 = sched.compute "aten.neg" ins(%extracted_slice_255 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %531 = sched.compute "aten.cat" ins(%extracted_slice_256, %530 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %532 = sched.compute "aten.mul" ins(%528, %expanded_66 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %533 = sched.compute "aten.add" ins(%531, %532 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_257 = tensor.collapse_shape %533 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %534 = sched.compute "aten.view" ins(%526 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_258 = tensor.collapse_shape %collapsed_257 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %535 = sched.compute "aten.view" ins(%collapsed_258 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %536 = sched.compute "aten.mm" ins(%535, %collapsed_49 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %537 = sched.compute "aten.view" ins(%70 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %538 = sched.compute "aten.view" ins(%536 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %539 = sched.compute "aten.mm" ins(%collapsed_258, %537 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %540 = sched.compute "aten.view" ins(%521#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %541 = sched.compute "aten.mul" ins(%540, %expanded_62 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_259 = tensor.extract_slice %541[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_260 = tensor.extract_slice %541[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %542 = sched.compute "aten.neg" ins(%extracted_slice_259 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %543 = sched.compute "aten.cat" ins(%extracted_slice_260, %542 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %544 = sched.compute "aten.mul" ins(%540, %expanded_60 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %545 = sched.compute "aten.add" ins(%543, %544 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_261 = tensor.collapse_shape %545 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %546 = sched.compute "aten.view" ins(%538 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_262 = tensor.collapse_shape %collapsed_261 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %547 = sched.compute "aten.view" ins(%collapsed_262 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %548 = sched.compute "aten.mm" ins(%547, %collapsed_46 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %549 = sched.compute "aten.view" ins(%68 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %550 = sched.compute "aten.view" ins(%548 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %551 = sched.compute "aten.mm" ins(%collapsed_262, %549 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_263 = tensor.expand_shape %527 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_264 = tensor.expand_shape %539 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %552 = sched.compute "aten.add" ins(%expanded_263, %expanded_264 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %expanded_265 = tensor.expand_shape %551 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %553 = sched.compute "aten.add" ins(%552, %expanded_265 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %554 = sched.compute "aten.view" ins(%550 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %555 = sched.compute "aten.mul" ins(%553, %65 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %556 = sched.compute "aten.sum" ins(%555 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_266 = tensor.collapse_shape %556 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %collapsed_267 = tensor.collapse_shape %468 [[0, 1]] : tensor<2048x5632xbf16> into tensor<11534336xbf16>
    %collapsed_268 = tensor.collapse_shape %476 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_269 = tensor.collapse_shape %496 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_270 = tensor.collapse_shape %519 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_271 = tensor.collapse_shape %534 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_272 = tensor.collapse_shape %546 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_273 = tensor.collapse_shape %554 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %557 = sched.compute "aten.cat" ins(%collapsed_266, %collapsed_273, %collapsed_272, %collapsed_271, %collapsed_270, %collapsed_249, %collapsed_269, %collapsed_268, %collapsed_267 : tensor<2048xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<2048xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>) cost <flops = 0, bytes_read = 102768640, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %558 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %559 = sched.compute "aten.slice_scatter" ins(%558, %557 : tensor<51384320xbf16>, tensor<51384320xbf16>) cost <flops = 0, bytes_read = 205537280, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %560 = sched.reduce_scatter_start %559 on @dp reduction = avg scatter_dim = 0 : tensor<51384320xbf16> -> !sched.future<tensor<25692160xbf16>>
    %561 = sched.compute "aten.mul" ins(%553, %extracted_slice_43 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %562 = sched.compute "prims.convert_element_type" ins(%561 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %563 = sched.compute "aten.mul" ins(%562, %59 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %564 = sched.compute "aten.mul" ins(%562, %63 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %565 = sched.compute "aten.sum" ins(%563 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %566 = sched.compute "aten.pow" ins(%63 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %567 = sched.compute "aten.mul" ins(%565 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %568 = sched.compute "aten.mul" ins(%567, %566 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %569 = sched.compute "aten.view" ins(%568 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %570 = sched.compute "aten.div" ins(%569 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %571 = sched.compute "aten.pow" ins(%59 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %572 = sched.compute "aten.mul" ins(%571 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %573 = sched.compute "aten.mul" ins(%570, %572 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %574 = sched.compute "aten.add" ins(%564, %573 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %575 = sched.compute "prims.convert_element_type" ins(%574 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %576 = sched.compute "aten.add" ins(%513, %575 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_274 = tensor.collapse_shape %576 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %577 = sched.compute "aten.view" ins(%collapsed_274 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %578 = sched.compute "aten.mm" ins(%577, %collapsed_41 : tensor<2048x1024xbf16>, tensor<1024x5632xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<2048x5632xbf16>)
    %579 = sched.compute "aten.view" ins(%56 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %580 = sched.compute "aten.view" ins(%578 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %581 = sched.compute "aten.mm" ins(%collapsed_274, %579 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_275 = tensor.expand_shape %581 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %582 = sched.compute "aten.mul" ins(%expanded_275, %54 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %583 = sched.compute "aten.view" ins(%580 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_276 = tensor.collapse_shape %582 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %584 = sched.compute "aten.view" ins(%collapsed_276 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %585 = sched.compute "aten.mm" ins(%584, %collapsed_36 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %586 = sched.compute "aten.view" ins(%45 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %587 = sched.compute "aten.view" ins(%585 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %588 = sched.compute "aten.mm" ins(%collapsed_276, %586 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %589 = sched.compute "aten.mul" ins(%expanded_275, %expanded_40 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %590 = sched.compute "prims.convert_element_type" ins(%589 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %591 = sched.compute "aten.view" ins(%587 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %592 = sched.compute "prims.convert_element_type" ins(%expanded_39 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %593 = sched.compute "aten.neg" ins(%592 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %594 = sched.compute "aten.exp" ins(%593 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %595 = sched.compute "aten.add" ins(%594 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %596 = sched.compute "aten.reciprocal" ins(%595 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %597 = sched.compute "aten.mul" ins(%596 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %598 = sched.compute "aten.mul" ins(%590, %597 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %599 = sched.compute "aten.sub" ins(%597 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %600 = sched.compute "aten.mul" ins(%592, %599 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %601 = sched.compute "aten.add" ins(%600 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %602 = sched.compute "aten.mul" ins(%598, %601 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %603 = sched.compute "prims.convert_element_type" ins(%602 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_277 = tensor.collapse_shape %603 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %604 = sched.compute "aten.view" ins(%collapsed_277 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %605 = sched.compute "aten.mm" ins(%604, %collapsed_33 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %606 = sched.compute "aten.view" ins(%43 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %607 = sched.compute "aten.view" ins(%605 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %608 = sched.compute "aten.mm" ins(%collapsed_277, %606 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_278 = tensor.expand_shape %588 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_279 = tensor.expand_shape %608 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %609 = sched.compute "aten.add" ins(%expanded_278, %expanded_279 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %610 = sched.compute "aten.mul" ins(%609, %extracted_slice_29 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %611 = sched.compute "aten.view" ins(%607 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %612 = sched.compute "aten.mul" ins(%609, %41 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %613 = sched.compute "prims.convert_element_type" ins(%610 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %614 = sched.compute "aten.sum" ins(%612 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_280 = tensor.collapse_shape %614 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %615 = sched.compute "aten.mul" ins(%613, %35 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %616 = sched.compute "aten.mul" ins(%613, %39 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %617 = sched.compute "aten.sum" ins(%615 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %618 = sched.compute "aten.pow" ins(%39 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %619 = sched.compute "aten.mul" ins(%617 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %620 = sched.compute "aten.mul" ins(%619, %618 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %621 = sched.compute "aten.view" ins(%620 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %622 = sched.compute "aten.div" ins(%621 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %623 = sched.compute "aten.pow" ins(%35 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %624 = sched.compute "aten.mul" ins(%623 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %625 = sched.compute "aten.mul" ins(%622, %624 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %626 = sched.compute "aten.add" ins(%616, %625 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %627 = sched.compute "prims.convert_element_type" ins(%626 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %628 = sched.compute "aten.add" ins(%576, %627 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_281 = tensor.collapse_shape %628 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %629 = sched.compute "aten.view" ins(%collapsed_281 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %630 = sched.compute "aten.mm" ins(%629, %collapsed_28 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %631 = sched.compute "aten.view" ins(%32 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %632 = sched.compute "aten.view" ins(%630 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %633 = sched.compute "aten.mm" ins(%collapsed_281, %631 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_282 = tensor.expand_shape %633 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_283 = tensor.expand_shape %expanded_282 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %634 = sched.compute "aten.view" ins(%632 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %635 = sched.compute "aten.view" ins(%expanded_283 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %636:3 = sched.compute "aten._scaled_dot_product_cudnn_attention_backward" ins(%635, %27, %28, %29, %30#0, %30#1, %30#2, %30#3 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>) cost <flops = 8589934592, bytes_read = 21037072, bytes_written = 12582912> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>)
    %637 = sched.compute "aten.view" ins(%636#2 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_284 = tensor.collapse_shape %637 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_285 = tensor.collapse_shape %collapsed_284 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %638 = sched.compute "aten.view" ins(%collapsed_285 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %639 = sched.compute "aten.mm" ins(%638, %collapsed_6 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %640 = sched.compute "aten.view" ins(%15 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %641 = sched.compute "aten.view" ins(%639 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %642 = sched.compute "aten.mm" ins(%collapsed_285, %640 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %643 = sched.compute "aten.view" ins(%636#1 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %644 = sched.compute "aten.mul" ins(%643, %expanded_22 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_286 = tensor.extract_slice %644[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_287 = tensor.extract_slice %644[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %645 = sched.compute "aten.neg" ins(%extracted_slice_286 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %646 = sched.compute "aten.cat" ins(%extracted_slice_287, %645 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %647 = sched.compute "aten.mul" ins(%643, %expanded_20 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %648 = sched.compute "aten.add" ins(%646, %647 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_288 = tensor.collapse_shape %648 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %expanded_289 = tensor.expand_shape %642 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %649 = sched.compute "aten.view" ins(%641 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_290 = tensor.collapse_shape %collapsed_288 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %650 = sched.compute "aten.view" ins(%collapsed_290 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %651 = sched.compute "aten.mm" ins(%650, %collapsed_3 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %652 = sched.compute "aten.view" ins(%13 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %653 = sched.compute "aten.view" ins(%651 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %654 = sched.compute "aten.mm" ins(%collapsed_290, %652 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %655 = sched.compute "aten.view" ins(%636#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %656 = sched.compute "aten.mul" ins(%655, %expanded_16 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_291 = tensor.extract_slice %656[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_292 = tensor.extract_slice %656[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %657 = sched.compute "aten.neg" ins(%extracted_slice_291 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %658 = sched.compute "aten.cat" ins(%extracted_slice_292, %657 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %659 = sched.compute "aten.mul" ins(%655, %expanded_14 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %660 = sched.compute "aten.add" ins(%658, %659 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_293 = tensor.collapse_shape %660 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %expanded_294 = tensor.expand_shape %654 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %661 = sched.compute "aten.add" ins(%expanded_289, %expanded_294 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %662 = sched.compute "aten.view" ins(%653 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_295 = tensor.collapse_shape %collapsed_293 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %663 = sched.compute "aten.view" ins(%collapsed_295 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %664 = sched.compute "aten.mm" ins(%663, %collapsed : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %665 = sched.compute "aten.view" ins(%11 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %666 = sched.compute "aten.view" ins(%664 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %667 = sched.compute "aten.mm" ins(%collapsed_295, %665 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_296 = tensor.expand_shape %667 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %668 = sched.compute "aten.add" ins(%661, %expanded_296 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %669 = sched.compute "aten.view" ins(%666 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %670 = sched.compute "aten.mul" ins(%668, %7 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %671 = sched.compute "aten.sum" ins(%670 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_297 = tensor.collapse_shape %671 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %collapsed_298 = tensor.collapse_shape %583 [[0, 1]] : tensor<2048x5632xbf16> into tensor<11534336xbf16>
    %collapsed_299 = tensor.collapse_shape %591 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_300 = tensor.collapse_shape %611 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_301 = tensor.collapse_shape %634 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_302 = tensor.collapse_shape %649 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_303 = tensor.collapse_shape %662 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_304 = tensor.collapse_shape %669 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %672 = sched.compute "aten.cat" ins(%collapsed_297, %collapsed_304, %collapsed_303, %collapsed_302, %collapsed_301, %collapsed_280, %collapsed_300, %collapsed_299, %collapsed_298 : tensor<2048xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<2048xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>) cost <flops = 0, bytes_read = 102768640, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %673 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %674 = sched.compute "aten.slice_scatter" ins(%673, %672 : tensor<51384320xbf16>, tensor<51384320xbf16>) cost <flops = 0, bytes_read = 205537280, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %675 = sched.reduce_scatter_start %674 on @dp reduction = avg scatter_dim = 0 : tensor<51384320xbf16> -> !sched.future<tensor<25692160xbf16>>
    %676 = sched.compute "prims.convert_element_type" ins(%collapsed : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %677 = sched.compute "prims.convert_element_type" ins(%11 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %678 = sched.compute "prims.convert_element_type" ins(%collapsed_3 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %679 = sched.compute "prims.convert_element_type" ins(%13 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %680 = sched.compute "prims.convert_element_type" ins(%collapsed_6 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %681 = sched.compute "prims.convert_element_type" ins(%15 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %682 = sched.compute "prims.convert_element_type" ins(%collapsed_28 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %683 = sched.compute "prims.convert_element_type" ins(%32 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %684 = sched.compute "prims.convert_element_type" ins(%collapsed_33 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %685 = sched.compute "prims.convert_element_type" ins(%43 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %686 = sched.compute "prims.convert_element_type" ins(%collapsed_36 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %687 = sched.compute "prims.convert_element_type" ins(%45 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %688 = sched.compute "prims.convert_element_type" ins(%collapsed_41 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %689 = sched.compute "prims.convert_element_type" ins(%56 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %690 = sched.compute "prims.convert_element_type" ins(%collapsed_46 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %691 = sched.compute "prims.convert_element_type" ins(%68 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %692 = sched.compute "prims.convert_element_type" ins(%collapsed_49 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %693 = sched.compute "prims.convert_element_type" ins(%70 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %694 = sched.compute "prims.convert_element_type" ins(%collapsed_52 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %695 = sched.compute "prims.convert_element_type" ins(%72 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %696 = sched.compute "prims.convert_element_type" ins(%collapsed_74 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %697 = sched.compute "prims.convert_element_type" ins(%89 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %698 = sched.compute "prims.convert_element_type" ins(%collapsed_79 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %699 = sched.compute "prims.convert_element_type" ins(%100 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %700 = sched.compute "prims.convert_element_type" ins(%collapsed_82 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %701 = sched.compute "prims.convert_element_type" ins(%102 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %702 = sched.compute "prims.convert_element_type" ins(%collapsed_87 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %703 = sched.compute "prims.convert_element_type" ins(%111 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %704 = sched.compute "prims.convert_element_type" ins(%collapsed_92 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %705 = sched.compute "prims.convert_element_type" ins(%123 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %706 = sched.compute "prims.convert_element_type" ins(%collapsed_95 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %707 = sched.compute "prims.convert_element_type" ins(%125 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %708 = sched.compute "prims.convert_element_type" ins(%collapsed_98 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %709 = sched.compute "prims.convert_element_type" ins(%127 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %710 = sched.compute "prims.convert_element_type" ins(%collapsed_120 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %711 = sched.compute "prims.convert_element_type" ins(%144 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %712 = sched.compute "prims.convert_element_type" ins(%collapsed_125 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %713 = sched.compute "prims.convert_element_type" ins(%155 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %714 = sched.compute "prims.convert_element_type" ins(%collapsed_128 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %715 = sched.compute "prims.convert_element_type" ins(%157 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %716 = sched.compute "prims.convert_element_type" ins(%collapsed_133 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %717 = sched.compute "prims.convert_element_type" ins(%166 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %718 = sched.compute "prims.convert_element_type" ins(%collapsed_138 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %719 = sched.compute "prims.convert_element_type" ins(%178 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %720 = sched.compute "prims.convert_element_type" ins(%collapsed_141 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %721 = sched.compute "prims.convert_element_type" ins(%180 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %722 = sched.compute "prims.convert_element_type" ins(%collapsed_144 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %723 = sched.compute "prims.convert_element_type" ins(%182 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %724 = sched.compute "prims.convert_element_type" ins(%collapsed_166 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %725 = sched.compute "prims.convert_element_type" ins(%199 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %726 = sched.compute "prims.convert_element_type" ins(%collapsed_171 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %727 = sched.compute "prims.convert_element_type" ins(%210 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %728 = sched.compute "prims.convert_element_type" ins(%collapsed_174 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %729 = sched.compute "prims.convert_element_type" ins(%212 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %730 = sched.compute "prims.convert_element_type" ins(%collapsed_179 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %731 = sched.compute "prims.convert_element_type" ins(%221 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %732 = sched.compute "aten.pow" ins(%224 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %733 = sched.compute "aten.mean" ins(%732 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4> -> (tensor<f32>)
    %734 = sched.compute "prims.convert_element_type" ins(%232 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %735 = sched.compute "prims.convert_element_type" ins(%collapsed_179 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %736 = sched.compute "prims.convert_element_type" ins(%collapsed_181 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %737 = sched.compute "prims.convert_element_type" ins(%234 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %738 = sched.compute "prims.convert_element_type" ins(%239 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %739 = sched.compute "prims.convert_element_type" ins(%collapsed_174 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %740 = sched.compute "prims.convert_element_type" ins(%collapsed_183 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %741 = sched.compute "prims.convert_element_type" ins(%241 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %742 = sched.compute "prims.convert_element_type" ins(%259 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %743 = sched.compute "prims.convert_element_type" ins(%collapsed_171 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %744 = sched.compute "prims.convert_element_type" ins(%collapsed_184 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %745 = sched.compute "prims.convert_element_type" ins(%261 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %746 = sched.compute "prims.convert_element_type" ins(%284 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %747 = sched.compute "prims.convert_element_type" ins(%collapsed_166 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %748 = sched.compute "prims.convert_element_type" ins(%collapsed_188 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %749 = sched.compute "prims.convert_element_type" ins(%286 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %750 = sched.compute "prims.convert_element_type" ins(%293 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %751 = sched.compute "prims.convert_element_type" ins(%collapsed_144 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %752 = sched.compute "prims.convert_element_type" ins(%collapsed_192 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %753 = sched.compute "prims.convert_element_type" ins(%295 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %754 = sched.compute "prims.convert_element_type" ins(%305 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %755 = sched.compute "prims.convert_element_type" ins(%collapsed_141 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %756 = sched.compute "prims.convert_element_type" ins(%collapsed_196 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %757 = sched.compute "prims.convert_element_type" ins(%307 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %758 = sched.compute "prims.convert_element_type" ins(%317 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %759 = sched.compute "prims.convert_element_type" ins(%collapsed_138 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %760 = sched.compute "prims.convert_element_type" ins(%collapsed_200 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %761 = sched.compute "prims.convert_element_type" ins(%319 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %762 = sched.wait %330 : !sched.future<tensor<25692160xbf16>>
    %763 = sched.compute "prims.convert_element_type" ins(%347 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %764 = sched.compute "prims.convert_element_type" ins(%collapsed_133 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %765 = sched.compute "prims.convert_element_type" ins(%collapsed_212 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %766 = sched.compute "prims.convert_element_type" ins(%349 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %767 = sched.compute "prims.convert_element_type" ins(%354 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %768 = sched.compute "prims.convert_element_type" ins(%collapsed_128 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %769 = sched.compute "prims.convert_element_type" ins(%collapsed_214 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %770 = sched.compute "prims.convert_element_type" ins(%356 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %771 = sched.compute "prims.convert_element_type" ins(%374 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %772 = sched.compute "prims.convert_element_type" ins(%collapsed_125 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %773 = sched.compute "prims.convert_element_type" ins(%collapsed_215 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %774 = sched.compute "prims.convert_element_type" ins(%376 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %775 = sched.compute "prims.convert_element_type" ins(%399 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %776 = sched.compute "prims.convert_element_type" ins(%collapsed_120 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %777 = sched.compute "prims.convert_element_type" ins(%collapsed_219 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %778 = sched.compute "prims.convert_element_type" ins(%401 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %779 = sched.compute "prims.convert_element_type" ins(%408 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %780 = sched.compute "prims.convert_element_type" ins(%collapsed_98 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %781 = sched.compute "prims.convert_element_type" ins(%collapsed_223 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %782 = sched.compute "prims.convert_element_type" ins(%410 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %783 = sched.compute "prims.convert_element_type" ins(%420 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %784 = sched.compute "prims.convert_element_type" ins(%collapsed_95 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %785 = sched.compute "prims.convert_element_type" ins(%collapsed_227 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %786 = sched.compute "prims.convert_element_type" ins(%422 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %787 = sched.compute "prims.convert_element_type" ins(%432 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %788 = sched.compute "prims.convert_element_type" ins(%collapsed_92 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %789 = sched.compute "prims.convert_element_type" ins(%collapsed_231 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %790 = sched.compute "prims.convert_element_type" ins(%434 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %791 = sched.wait %445 : !sched.future<tensor<25692160xbf16>>
    %792 = sched.compute "prims.convert_element_type" ins(%462 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %793 = sched.compute "prims.convert_element_type" ins(%collapsed_87 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %794 = sched.compute "prims.convert_element_type" ins(%collapsed_243 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %795 = sched.compute "prims.convert_element_type" ins(%464 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %796 = sched.compute "prims.convert_element_type" ins(%469 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %797 = sched.compute "prims.convert_element_type" ins(%collapsed_82 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %798 = sched.compute "prims.convert_element_type" ins(%collapsed_245 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %799 = sched.compute "prims.convert_element_type" ins(%471 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %800 = sched.compute "prims.convert_element_type" ins(%489 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %801 = sched.compute "prims.convert_element_type" ins(%collapsed_79 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %802 = sched.compute "prims.convert_element_type" ins(%collapsed_246 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %803 = sched.compute "prims.convert_element_type" ins(%491 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %804 = sched.compute "prims.convert_element_type" ins(%514 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %805 = sched.compute "prims.convert_element_type" ins(%collapsed_74 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %806 = sched.compute "prims.convert_element_type" ins(%collapsed_250 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %807 = sched.compute "prims.convert_element_type" ins(%516 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %808 = sched.compute "prims.convert_element_type" ins(%523 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %809 = sched.compute "prims.convert_element_type" ins(%collapsed_52 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %810 = sched.compute "prims.convert_element_type" ins(%collapsed_254 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %811 = sched.compute "prims.convert_element_type" ins(%525 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %812 = sched.compute "prims.convert_element_type" ins(%535 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %813 = sched.compute "prims.convert_element_type" ins(%collapsed_49 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %814 = sched.compute "prims.convert_element_type" ins(%collapsed_258 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %815 = sched.compute "prims.convert_element_type" ins(%537 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %816 = sched.compute "prims.convert_element_type" ins(%547 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %817 = sched.compute "prims.convert_element_type" ins(%collapsed_46 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %818 = sched.compute "prims.convert_element_type" ins(%collapsed_262 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %819 = sched.compute "prims.convert_element_type" ins(%549 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %820 = sched.wait %560 : !sched.future<tensor<25692160xbf16>>
    %821 = sched.compute "prims.convert_element_type" ins(%577 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %822 = sched.compute "prims.convert_element_type" ins(%collapsed_41 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %823 = sched.compute "prims.convert_element_type" ins(%collapsed_274 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %824 = sched.compute "prims.convert_element_type" ins(%579 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %825 = sched.compute "prims.convert_element_type" ins(%584 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %826 = sched.compute "prims.convert_element_type" ins(%collapsed_36 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %827 = sched.compute "prims.convert_element_type" ins(%collapsed_276 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %828 = sched.compute "prims.convert_element_type" ins(%586 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %829 = sched.compute "prims.convert_element_type" ins(%604 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %830 = sched.compute "prims.convert_element_type" ins(%collapsed_33 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %831 = sched.compute "prims.convert_element_type" ins(%collapsed_277 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %832 = sched.compute "prims.convert_element_type" ins(%606 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %833 = sched.compute "prims.convert_element_type" ins(%629 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %834 = sched.compute "prims.convert_element_type" ins(%collapsed_28 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %835 = sched.compute "prims.convert_element_type" ins(%collapsed_281 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %836 = sched.compute "prims.convert_element_type" ins(%631 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %837 = sched.compute "prims.convert_element_type" ins(%638 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %838 = sched.compute "prims.convert_element_type" ins(%collapsed_6 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %839 = sched.compute "prims.convert_element_type" ins(%collapsed_285 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %840 = sched.compute "prims.convert_element_type" ins(%640 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %841 = sched.compute "prims.convert_element_type" ins(%650 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %842 = sched.compute "prims.convert_element_type" ins(%collapsed_3 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %843 = sched.compute "prims.convert_element_type" ins(%collapsed_290 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %844 = sched.compute "prims.convert_element_type" ins(%652 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %845 = sched.compute "prims.convert_element_type" ins(%663 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %846 = sched.compute "prims.convert_element_type" ins(%collapsed : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %847 = sched.compute "prims.convert_element_type" ins(%collapsed_295 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %848 = sched.compute "prims.convert_element_type" ins(%665 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %849 = sched.wait %675 : !sched.future<tensor<25692160xbf16>>
    return %733, %849, %820, %791, %762 : tensor<f32>, tensor<25692160xbf16>, tensor<25692160xbf16>, tensor<25692160xbf16>, tensor<25692160xbf16>
  }
}

