module attributes {sched.target = #sched.target<name = "h200-sxm", gpus_per_node = 8, intra_node = <bandwidth = 450.0, latency = 1.9>, inter_node = <bandwidth = 50.0, latency = 4.0>, hbm_bandwidth = 4800.0, hbm_capacity = 150754820096, compute = [f64 = 34.0, f32 = 67.0, tf32 = 494.5, bf16 = 989.5, f16 = 989.5, f8E4M3FN = 1979.0, f8E5M2 = 1979.0]>} {
  sched.process_group @dp size = 2 ranks = [0, 1]
  func.func @"llama-1b-l4-fsdp2"(%arg0: tensor<25692160xbf16>, %arg1: tensor<25692160xbf16>, %arg2: tensor<25692160xbf16>, %arg3: tensor<25692160xbf16>, %arg4: tensor<1x1024x2048xbf16>, %arg5: tensor<1024x128xbf16>, %arg6: tensor<1024x128xbf16>) -> (tensor<f32>, tensor<25692160xbf16>, tensor<25692160xbf16>, tensor<25692160xbf16>, tensor<25692160xbf16>) {
    %0 = sched.all_gather_start %arg0 on @dp gather_dim = 0 : tensor<25692160xbf16> -> !sched.future<tensor<51384320xbf16>>
    %1 = sched.wait %0 : !sched.future<tensor<51384320xbf16>>
    %extracted_slice = tensor.extract_slice %1[0] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_0 = tensor.extract_slice %1[2048] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_1 = tensor.extract_slice %1[4196352] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_2 = tensor.extract_slice %1[8390656] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_3 = tensor.extract_slice %1[12584960] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_4 = tensor.extract_slice %1[16779264] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_5 = tensor.extract_slice %1[16781312] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %extracted_slice_6 = tensor.extract_slice %1[28315648] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %extracted_slice_7 = tensor.extract_slice %1[39849984] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded = tensor.expand_shape %extracted_slice_0 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_8 = tensor.expand_shape %extracted_slice_1 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_9 = tensor.expand_shape %extracted_slice_2 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_10 = tensor.expand_shape %extracted_slice_3 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_11 = tensor.expand_shape %extracted_slice_5 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_12 = tensor.expand_shape %extracted_slice_6 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_13 = tensor.expand_shape %extracted_slice_7 [[0, 1]] output_shape [2048, 5632] : tensor<11534336xbf16> into tensor<2048x5632xbf16>
    %2 = sched.compute "prims.convert_element_type" ins(%arg4 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %3 = sched.compute "aten.pow" ins(%2 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %4 = sched.compute "aten.mean" ins(%3 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %5 = sched.compute "aten.add" ins(%4 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %6 = sched.compute "aten.rsqrt" ins(%5 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %7 = sched.compute "aten.mul" ins(%2, %6 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %8 = sched.compute "prims.convert_element_type" ins(%7 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %9 = sched.compute "aten.mul" ins(%8, %extracted_slice : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %10 = sched.compute "aten.view" ins(%expanded : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed = tensor.collapse_shape %9 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %11 = sched.compute "prims.convert_element_type" ins(%collapsed : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %12 = sched.compute "prims.convert_element_type" ins(%10 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %13 = sched.compute "aten.mm" ins(%collapsed, %10 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_14 = tensor.expand_shape %13 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_15 = tensor.expand_shape %expanded_14 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %14 = sched.compute "aten.view" ins(%expanded_8 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_16 = tensor.collapse_shape %9 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %15 = sched.compute "prims.convert_element_type" ins(%collapsed_16 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %16 = sched.compute "prims.convert_element_type" ins(%14 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %17 = sched.compute "aten.mm" ins(%collapsed_16, %14 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_17 = tensor.expand_shape %17 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_18 = tensor.expand_shape %expanded_17 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %18 = sched.compute "aten.view" ins(%expanded_9 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_19 = tensor.collapse_shape %9 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %19 = sched.compute "prims.convert_element_type" ins(%collapsed_19 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %20 = sched.compute "prims.convert_element_type" ins(%18 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %21 = sched.compute "aten.mm" ins(%collapsed_19, %18 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_20 = tensor.expand_shape %21 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_21 = tensor.expand_shape %expanded_20 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_22 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_23 = tensor.expand_shape %expanded_22 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_24 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_25 = tensor.expand_shape %expanded_24 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %22 = sched.compute "aten.mul" ins(%expanded_15, %expanded_23 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_26 = tensor.extract_slice %expanded_15[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_27 = tensor.extract_slice %expanded_15[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %23 = sched.compute "aten.neg" ins(%extracted_slice_27 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %24 = sched.compute "aten.cat" ins(%23, %extracted_slice_26 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %25 = sched.compute "aten.mul" ins(%24, %expanded_25 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %26 = sched.compute "aten.add" ins(%22, %25 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %expanded_28 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_29 = tensor.expand_shape %expanded_28 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_30 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_31 = tensor.expand_shape %expanded_30 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %27 = sched.compute "aten.mul" ins(%expanded_18, %expanded_29 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_32 = tensor.extract_slice %expanded_18[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_33 = tensor.extract_slice %expanded_18[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %28 = sched.compute "aten.neg" ins(%extracted_slice_33 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %29 = sched.compute "aten.cat" ins(%28, %extracted_slice_32 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %30 = sched.compute "aten.mul" ins(%29, %expanded_31 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %31 = sched.compute "aten.add" ins(%27, %30 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %32 = sched.compute "aten.view" ins(%26 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %33 = sched.compute "aten.view" ins(%31 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %34 = sched.compute "aten.view" ins(%expanded_21 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %35:4 = sched.compute "aten._scaled_dot_product_cudnn_attention" ins(%32, %33, %34 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>) cost <flops = 4294967296, bytes_read = 12582912, bytes_written = 4259856> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>)
    %36 = sched.compute "aten.view" ins(%35#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_34 = tensor.collapse_shape %36 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %37 = sched.compute "aten.view" ins(%expanded_10 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_35 = tensor.collapse_shape %collapsed_34 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %38 = sched.compute "prims.convert_element_type" ins(%collapsed_35 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %39 = sched.compute "prims.convert_element_type" ins(%37 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %40 = sched.compute "aten.mm" ins(%collapsed_35, %37 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_36 = tensor.expand_shape %40 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %41 = sched.compute "aten.add" ins(%arg4, %expanded_36 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %42 = sched.compute "prims.convert_element_type" ins(%41 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %43 = sched.compute "aten.pow" ins(%42 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %44 = sched.compute "aten.mean" ins(%43 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %45 = sched.compute "aten.add" ins(%44 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %46 = sched.compute "aten.rsqrt" ins(%45 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %47 = sched.compute "aten.mul" ins(%42, %46 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %48 = sched.compute "prims.convert_element_type" ins(%47 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %49 = sched.compute "aten.mul" ins(%48, %extracted_slice_4 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %50 = sched.compute "aten.view" ins(%expanded_11 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_37 = tensor.collapse_shape %49 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %51 = sched.compute "prims.convert_element_type" ins(%collapsed_37 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %52 = sched.compute "prims.convert_element_type" ins(%50 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %53 = sched.compute "aten.mm" ins(%collapsed_37, %50 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_38 = tensor.expand_shape %53 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %54 = sched.compute "prims.convert_element_type" ins(%expanded_38 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %55 = sched.compute "aten.neg" ins(%54 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %56 = sched.compute "aten.exp" ins(%55 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %57 = sched.compute "aten.add" ins(%56 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %58 = sched.compute "aten.div" ins(%54, %57 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %59 = sched.compute "prims.convert_element_type" ins(%58 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %60 = sched.compute "aten.view" ins(%expanded_12 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_39 = tensor.collapse_shape %49 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %61 = sched.compute "prims.convert_element_type" ins(%collapsed_39 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %62 = sched.compute "prims.convert_element_type" ins(%60 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %63 = sched.compute "aten.mm" ins(%collapsed_39, %60 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_40 = tensor.expand_shape %63 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %64 = sched.compute "aten.mul" ins(%59, %expanded_40 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %65 = sched.compute "aten.view" ins(%expanded_13 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %collapsed_41 = tensor.collapse_shape %64 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %66 = sched.compute "prims.convert_element_type" ins(%collapsed_41 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %67 = sched.compute "prims.convert_element_type" ins(%65 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %68 = sched.compute "aten.mm" ins(%collapsed_41, %65 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_42 = tensor.expand_shape %68 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %69 = sched.compute "aten.add" ins(%41, %expanded_42 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %70 = sched.all_gather_start %arg1 on @dp gather_dim = 0 : tensor<25692160xbf16> -> !sched.future<tensor<51384320xbf16>>
    %71 = sched.wait %70 : !sched.future<tensor<51384320xbf16>>
    %extracted_slice_43 = tensor.extract_slice %71[0] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_44 = tensor.extract_slice %71[2048] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_45 = tensor.extract_slice %71[4196352] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_46 = tensor.extract_slice %71[8390656] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_47 = tensor.extract_slice %71[12584960] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_48 = tensor.extract_slice %71[16779264] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_49 = tensor.extract_slice %71[16781312] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %extracted_slice_50 = tensor.extract_slice %71[28315648] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %extracted_slice_51 = tensor.extract_slice %71[39849984] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_52 = tensor.expand_shape %extracted_slice_44 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_53 = tensor.expand_shape %extracted_slice_45 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_54 = tensor.expand_shape %extracted_slice_46 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_55 = tensor.expand_shape %extracted_slice_47 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_56 = tensor.expand_shape %extracted_slice_49 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_57 = tensor.expand_shape %extracted_slice_50 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_58 = tensor.expand_shape %extracted_slice_51 [[0, 1]] output_shape [2048, 5632] : tensor<11534336xbf16> into tensor<2048x5632xbf16>
    %72 = sched.compute "prims.convert_element_type" ins(%69 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %73 = sched.compute "aten.pow" ins(%72 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %74 = sched.compute "aten.mean" ins(%73 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %75 = sched.compute "aten.add" ins(%74 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %76 = sched.compute "aten.rsqrt" ins(%75 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %77 = sched.compute "aten.mul" ins(%72, %76 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %78 = sched.compute "prims.convert_element_type" ins(%77 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %79 = sched.compute "aten.mul" ins(%78, %extracted_slice_43 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %80 = sched.compute "aten.view" ins(%expanded_52 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_59 = tensor.collapse_shape %79 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %81 = sched.compute "prims.convert_element_type" ins(%collapsed_59 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %82 = sched.compute "prims.convert_element_type" ins(%80 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %83 = sched.compute "aten.mm" ins(%collapsed_59, %80 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_60 = tensor.expand_shape %83 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_61 = tensor.expand_shape %expanded_60 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %84 = sched.compute "aten.view" ins(%expanded_53 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_62 = tensor.collapse_shape %79 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %85 = sched.compute "prims.convert_element_type" ins(%collapsed_62 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %86 = sched.compute "prims.convert_element_type" ins(%84 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %87 = sched.compute "aten.mm" ins(%collapsed_62, %84 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_63 = tensor.expand_shape %87 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_64 = tensor.expand_shape %expanded_63 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %88 = sched.compute "aten.view" ins(%expanded_54 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_65 = tensor.collapse_shape %79 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %89 = sched.compute "prims.convert_element_type" ins(%collapsed_65 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %90 = sched.compute "prims.convert_element_type" ins(%88 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %91 = sched.compute "aten.mm" ins(%collapsed_65, %88 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_66 = tensor.expand_shape %91 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_67 = tensor.expand_shape %expanded_66 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_68 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_69 = tensor.expand_shape %expanded_68 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_70 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_71 = tensor.expand_shape %expanded_70 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %92 = sched.compute "aten.mul" ins(%expanded_61, %expanded_69 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_72 = tensor.extract_slice %expanded_61[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_73 = tensor.extract_slice %expanded_61[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %93 = sched.compute "aten.neg" ins(%extracted_slice_73 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %94 = sched.compute "aten.cat" ins(%93, %extracted_slice_72 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %95 = sched.compute "aten.mul" ins(%94, %expanded_71 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %96 = sched.compute "aten.add" ins(%92, %95 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %expanded_74 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_75 = tensor.expand_shape %expanded_74 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_76 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_77 = tensor.expand_shape %expanded_76 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %97 = sched.compute "aten.mul" ins(%expanded_64, %expanded_75 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_78 = tensor.extract_slice %expanded_64[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_79 = tensor.extract_slice %expanded_64[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %98 = sched.compute "aten.neg" ins(%extracted_slice_79 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %99 = sched.compute "aten.cat" ins(%98, %extracted_slice_78 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %100 = sched.compute "aten.mul" ins(%99, %expanded_77 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %101 = sched.compute "aten.add" ins(%97, %100 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %102 = sched.compute "aten.view" ins(%96 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %103 = sched.compute "aten.view" ins(%101 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %104 = sched.compute "aten.view" ins(%expanded_67 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %105:4 = sched.compute "aten._scaled_dot_product_cudnn_attention" ins(%102, %103, %104 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>) cost <flops = 4294967296, bytes_read = 12582912, bytes_written = 4259856> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>)
    %106 = sched.compute "aten.view" ins(%105#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_80 = tensor.collapse_shape %106 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %107 = sched.compute "aten.view" ins(%expanded_55 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_81 = tensor.collapse_shape %collapsed_80 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %108 = sched.compute "prims.convert_element_type" ins(%collapsed_81 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %109 = sched.compute "prims.convert_element_type" ins(%107 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %110 = sched.compute "aten.mm" ins(%collapsed_81, %107 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_82 = tensor.expand_shape %110 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %111 = sched.compute "aten.add" ins(%69, %expanded_82 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %112 = sched.compute "prims.convert_element_type" ins(%111 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %113 = sched.compute "aten.pow" ins(%112 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %114 = sched.compute "aten.mean" ins(%113 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %115 = sched.compute "aten.add" ins(%114 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %116 = sched.compute "aten.rsqrt" ins(%115 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %117 = sched.compute "aten.mul" ins(%112, %116 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %118 = sched.compute "prims.convert_element_type" ins(%117 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %119 = sched.compute "aten.mul" ins(%118, %extracted_slice_48 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %120 = sched.compute "aten.view" ins(%expanded_56 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_83 = tensor.collapse_shape %119 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %121 = sched.compute "prims.convert_element_type" ins(%collapsed_83 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %122 = sched.compute "prims.convert_element_type" ins(%120 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %123 = sched.compute "aten.mm" ins(%collapsed_83, %120 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_84 = tensor.expand_shape %123 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %124 = sched.compute "prims.convert_element_type" ins(%expanded_84 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %125 = sched.compute "aten.neg" ins(%124 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %126 = sched.compute "aten.exp" ins(%125 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %127 = sched.compute "aten.add" ins(%126 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %128 = sched.compute "aten.div" ins(%124, %127 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %129 = sched.compute "prims.convert_element_type" ins(%128 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %130 = sched.compute "aten.view" ins(%expanded_57 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_85 = tensor.collapse_shape %119 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %131 = sched.compute "prims.convert_element_type" ins(%collapsed_85 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %132 = sched.compute "prims.convert_element_type" ins(%130 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %133 = sched.compute "aten.mm" ins(%collapsed_85, %130 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_86 = tensor.expand_shape %133 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %134 = sched.compute "aten.mul" ins(%129, %expanded_86 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %135 = sched.compute "aten.view" ins(%expanded_58 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %collapsed_87 = tensor.collapse_shape %134 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %136 = sched.compute "prims.convert_element_type" ins(%collapsed_87 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %137 = sched.compute "prims.convert_element_type" ins(%135 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %138 = sched.compute "aten.mm" ins(%collapsed_87, %135 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_88 = tensor.expand_shape %138 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %139 = sched.compute "aten.add" ins(%111, %expanded_88 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %140 = sched.all_gather_start %arg2 on @dp gather_dim = 0 : tensor<25692160xbf16> -> !sched.future<tensor<51384320xbf16>>
    %141 = sched.wait %140 : !sched.future<tensor<51384320xbf16>>
    %extracted_slice_89 = tensor.extract_slice %141[0] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_90 = tensor.extract_slice %141[2048] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_91 = tensor.extract_slice %141[4196352] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_92 = tensor.extract_slice %141[8390656] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_93 = tensor.extract_slice %141[12584960] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_94 = tensor.extract_slice %141[16779264] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_95 = tensor.extract_slice %141[16781312] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %extracted_slice_96 = tensor.extract_slice %141[28315648] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %extracted_slice_97 = tensor.extract_slice %141[39849984] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_98 = tensor.expand_shape %extracted_slice_90 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_99 = tensor.expand_shape %extracted_slice_91 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_100 = tensor.expand_shape %extracted_slice_92 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_101 = tensor.expand_shape %extracted_slice_93 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_102 = tensor.expand_shape %extracted_slice_95 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_103 = tensor.expand_shape %extracted_slice_96 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_104 = tensor.expand_shape %extracted_slice_97 [[0, 1]] output_shape [2048, 5632] : tensor<11534336xbf16> into tensor<2048x5632xbf16>
    %142 = sched.compute "prims.convert_element_type" ins(%139 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %143 = sched.compute "aten.pow" ins(%142 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %144 = sched.compute "aten.mean" ins(%143 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %145 = sched.compute "aten.add" ins(%144 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %146 = sched.compute "aten.rsqrt" ins(%145 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %147 = sched.compute "aten.mul" ins(%142, %146 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %148 = sched.compute "prims.convert_element_type" ins(%147 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %149 = sched.compute "aten.mul" ins(%148, %extracted_slice_89 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %150 = sched.compute "aten.view" ins(%expanded_98 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_105 = tensor.collapse_shape %149 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %151 = sched.compute "prims.convert_element_type" ins(%collapsed_105 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %152 = sched.compute "prims.convert_element_type" ins(%150 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %153 = sched.compute "aten.mm" ins(%collapsed_105, %150 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_106 = tensor.expand_shape %153 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_107 = tensor.expand_shape %expanded_106 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %154 = sched.compute "aten.view" ins(%expanded_99 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_108 = tensor.collapse_shape %149 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %155 = sched.compute "prims.convert_element_type" ins(%collapsed_108 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %156 = sched.compute "prims.convert_element_type" ins(%154 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %157 = sched.compute "aten.mm" ins(%collapsed_108, %154 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_109 = tensor.expand_shape %157 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_110 = tensor.expand_shape %expanded_109 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %158 = sched.compute "aten.view" ins(%expanded_100 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_111 = tensor.collapse_shape %149 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %159 = sched.compute "prims.convert_element_type" ins(%collapsed_111 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %160 = sched.compute "prims.convert_element_type" ins(%158 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %161 = sched.compute "aten.mm" ins(%collapsed_111, %158 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_112 = tensor.expand_shape %161 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_113 = tensor.expand_shape %expanded_112 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_114 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_115 = tensor.expand_shape %expanded_114 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_116 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_117 = tensor.expand_shape %expanded_116 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %162 = sched.compute "aten.mul" ins(%expanded_107, %expanded_115 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_118 = tensor.extract_slice %expanded_107[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_119 = tensor.extract_slice %expanded_107[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %163 = sched.compute "aten.neg" ins(%extracted_slice_119 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %164 = sched.compute "aten.cat" ins(%163, %extracted_slice_118 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %165 = sched.compute "aten.mul" ins(%164, %expanded_117 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %166 = sched.compute "aten.add" ins(%162, %165 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %expanded_120 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_121 = tensor.expand_shape %expanded_120 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_122 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_123 = tensor.expand_shape %expanded_122 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %167 = sched.compute "aten.mul" ins(%expanded_110, %expanded_121 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_124 = tensor.extract_slice %expanded_110[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_125 = tensor.extract_slice %expanded_110[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %168 = sched.compute "aten.neg" ins(%extracted_slice_125 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %169 = sched.compute "aten.cat" ins(%168, %extracted_slice_124 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %170 = sched.compute "aten.mul" ins(%169, %expanded_123 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %171 = sched.compute "aten.add" ins(%167, %170 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %172 = sched.compute "aten.view" ins(%166 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %173 = sched.compute "aten.view" ins(%171 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %174 = sched.compute "aten.view" ins(%expanded_113 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %175:4 = sched.compute "aten._scaled_dot_product_cudnn_attention" ins(%172, %173, %174 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>) cost <flops = 4294967296, bytes_read = 12582912, bytes_written = 4259856> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>)
    %176 = sched.compute "aten.view" ins(%175#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_126 = tensor.collapse_shape %176 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %177 = sched.compute "aten.view" ins(%expanded_101 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_127 = tensor.collapse_shape %collapsed_126 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %178 = sched.compute "prims.convert_element_type" ins(%collapsed_127 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %179 = sched.compute "prims.convert_element_type" ins(%177 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %180 = sched.compute "aten.mm" ins(%collapsed_127, %177 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_128 = tensor.expand_shape %180 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %181 = sched.compute "aten.add" ins(%139, %expanded_128 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %182 = sched.compute "prims.convert_element_type" ins(%181 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %183 = sched.compute "aten.pow" ins(%182 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %184 = sched.compute "aten.mean" ins(%183 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %185 = sched.compute "aten.add" ins(%184 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %186 = sched.compute "aten.rsqrt" ins(%185 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %187 = sched.compute "aten.mul" ins(%182, %186 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %188 = sched.compute "prims.convert_element_type" ins(%187 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %189 = sched.compute "aten.mul" ins(%188, %extracted_slice_94 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %190 = sched.compute "aten.view" ins(%expanded_102 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_129 = tensor.collapse_shape %189 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %191 = sched.compute "prims.convert_element_type" ins(%collapsed_129 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %192 = sched.compute "prims.convert_element_type" ins(%190 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %193 = sched.compute "aten.mm" ins(%collapsed_129, %190 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_130 = tensor.expand_shape %193 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %194 = sched.compute "prims.convert_element_type" ins(%expanded_130 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %195 = sched.compute "aten.neg" ins(%194 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %196 = sched.compute "aten.exp" ins(%195 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %197 = sched.compute "aten.add" ins(%196 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %198 = sched.compute "aten.div" ins(%194, %197 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %199 = sched.compute "prims.convert_element_type" ins(%198 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %200 = sched.compute "aten.view" ins(%expanded_103 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_131 = tensor.collapse_shape %189 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %201 = sched.compute "prims.convert_element_type" ins(%collapsed_131 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %202 = sched.compute "prims.convert_element_type" ins(%200 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %203 = sched.compute "aten.mm" ins(%collapsed_131, %200 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_132 = tensor.expand_shape %203 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %204 = sched.compute "aten.mul" ins(%199, %expanded_132 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %205 = sched.compute "aten.view" ins(%expanded_104 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %collapsed_133 = tensor.collapse_shape %204 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %206 = sched.compute "prims.convert_element_type" ins(%collapsed_133 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %207 = sched.compute "prims.convert_element_type" ins(%205 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %208 = sched.compute "aten.mm" ins(%collapsed_133, %205 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_134 = tensor.expand_shape %208 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %209 = sched.compute "aten.add" ins(%181, %expanded_134 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %210 = sched.all_gather_start %arg3 on @dp gather_dim = 0 : tensor<25692160xbf16> -> !sched.future<tensor<51384320xbf16>>
    %211 = sched.wait %210 : !sched.future<tensor<51384320xbf16>>
    %extracted_slice_135 = tensor.extract_slice %211[0] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_136 = tensor.extract_slice %211[2048] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_137 = tensor.extract_slice %211[4196352] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_138 = tensor.extract_slice %211[8390656] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_139 = tensor.extract_slice %211[12584960] [4194304] [1] : tensor<51384320xbf16> to tensor<4194304xbf16>
    %extracted_slice_140 = tensor.extract_slice %211[16779264] [2048] [1] : tensor<51384320xbf16> to tensor<2048xbf16>
    %extracted_slice_141 = tensor.extract_slice %211[16781312] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %extracted_slice_142 = tensor.extract_slice %211[28315648] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %extracted_slice_143 = tensor.extract_slice %211[39849984] [11534336] [1] : tensor<51384320xbf16> to tensor<11534336xbf16>
    %expanded_144 = tensor.expand_shape %extracted_slice_136 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_145 = tensor.expand_shape %extracted_slice_137 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_146 = tensor.expand_shape %extracted_slice_138 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_147 = tensor.expand_shape %extracted_slice_139 [[0, 1]] output_shape [2048, 2048] : tensor<4194304xbf16> into tensor<2048x2048xbf16>
    %expanded_148 = tensor.expand_shape %extracted_slice_141 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_149 = tensor.expand_shape %extracted_slice_142 [[0, 1]] output_shape [5632, 2048] : tensor<11534336xbf16> into tensor<5632x2048xbf16>
    %expanded_150 = tensor.expand_shape %extracted_slice_143 [[0, 1]] output_shape [2048, 5632] : tensor<11534336xbf16> into tensor<2048x5632xbf16>
    %212 = sched.compute "prims.convert_element_type" ins(%209 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %213 = sched.compute "aten.pow" ins(%212 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %214 = sched.compute "aten.mean" ins(%213 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %215 = sched.compute "aten.add" ins(%214 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %216 = sched.compute "aten.rsqrt" ins(%215 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %217 = sched.compute "aten.mul" ins(%212, %216 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %218 = sched.compute "prims.convert_element_type" ins(%217 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %219 = sched.compute "aten.mul" ins(%218, %extracted_slice_135 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %220 = sched.compute "aten.view" ins(%expanded_144 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_151 = tensor.collapse_shape %219 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %221 = sched.compute "prims.convert_element_type" ins(%collapsed_151 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %222 = sched.compute "prims.convert_element_type" ins(%220 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %223 = sched.compute "aten.mm" ins(%collapsed_151, %220 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_152 = tensor.expand_shape %223 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_153 = tensor.expand_shape %expanded_152 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %224 = sched.compute "aten.view" ins(%expanded_145 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_154 = tensor.collapse_shape %219 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %225 = sched.compute "prims.convert_element_type" ins(%collapsed_154 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %226 = sched.compute "prims.convert_element_type" ins(%224 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %227 = sched.compute "aten.mm" ins(%collapsed_154, %224 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_155 = tensor.expand_shape %227 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_156 = tensor.expand_shape %expanded_155 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %228 = sched.compute "aten.view" ins(%expanded_146 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_157 = tensor.collapse_shape %219 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %229 = sched.compute "prims.convert_element_type" ins(%collapsed_157 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %230 = sched.compute "prims.convert_element_type" ins(%228 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %231 = sched.compute "aten.mm" ins(%collapsed_157, %228 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_158 = tensor.expand_shape %231 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %expanded_159 = tensor.expand_shape %expanded_158 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %expanded_160 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_161 = tensor.expand_shape %expanded_160 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_162 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_163 = tensor.expand_shape %expanded_162 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %232 = sched.compute "aten.mul" ins(%expanded_153, %expanded_161 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_164 = tensor.extract_slice %expanded_153[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_165 = tensor.extract_slice %expanded_153[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %233 = sched.compute "aten.neg" ins(%extracted_slice_165 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %234 = sched.compute "aten.cat" ins(%233, %extracted_slice_164 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %235 = sched.compute "aten.mul" ins(%234, %expanded_163 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %236 = sched.compute "aten.add" ins(%232, %235 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %expanded_166 = tensor.expand_shape %arg5 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_167 = tensor.expand_shape %expanded_166 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %expanded_168 = tensor.expand_shape %arg6 [[0, 1], [2]] output_shape [1, 1024, 128] : tensor<1024x128xbf16> into tensor<1x1024x128xbf16>
    %expanded_169 = tensor.expand_shape %expanded_168 [[0], [1], [2, 3]] output_shape [1, 1024, 1, 128] : tensor<1x1024x128xbf16> into tensor<1x1024x1x128xbf16>
    %237 = sched.compute "aten.mul" ins(%expanded_156, %expanded_167 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_170 = tensor.extract_slice %expanded_156[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_171 = tensor.extract_slice %expanded_156[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %238 = sched.compute "aten.neg" ins(%extracted_slice_171 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %239 = sched.compute "aten.cat" ins(%238, %extracted_slice_170 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %240 = sched.compute "aten.mul" ins(%239, %expanded_169 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %241 = sched.compute "aten.add" ins(%237, %240 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %242 = sched.compute "aten.view" ins(%236 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %243 = sched.compute "aten.view" ins(%241 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %244 = sched.compute "aten.view" ins(%expanded_159 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %245:4 = sched.compute "aten._scaled_dot_product_cudnn_attention" ins(%242, %243, %244 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>) cost <flops = 4294967296, bytes_read = 12582912, bytes_written = 4259856> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>)
    %246 = sched.compute "aten.view" ins(%245#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %collapsed_172 = tensor.collapse_shape %246 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %247 = sched.compute "aten.view" ins(%expanded_147 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_173 = tensor.collapse_shape %collapsed_172 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %248 = sched.compute "prims.convert_element_type" ins(%collapsed_173 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %249 = sched.compute "prims.convert_element_type" ins(%247 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %250 = sched.compute "aten.mm" ins(%collapsed_173, %247 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_174 = tensor.expand_shape %250 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %251 = sched.compute "aten.add" ins(%209, %expanded_174 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %252 = sched.compute "prims.convert_element_type" ins(%251 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %253 = sched.compute "aten.pow" ins(%252 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %254 = sched.compute "aten.mean" ins(%253 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %255 = sched.compute "aten.add" ins(%254 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %256 = sched.compute "aten.rsqrt" ins(%255 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %257 = sched.compute "aten.mul" ins(%252, %256 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %258 = sched.compute "prims.convert_element_type" ins(%257 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %259 = sched.compute "aten.mul" ins(%258, %extracted_slice_140 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %260 = sched.compute "aten.view" ins(%expanded_148 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_175 = tensor.collapse_shape %259 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %261 = sched.compute "prims.convert_element_type" ins(%collapsed_175 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %262 = sched.compute "prims.convert_element_type" ins(%260 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %263 = sched.compute "aten.mm" ins(%collapsed_175, %260 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_176 = tensor.expand_shape %263 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %264 = sched.compute "prims.convert_element_type" ins(%expanded_176 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %265 = sched.compute "aten.neg" ins(%264 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %266 = sched.compute "aten.exp" ins(%265 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %267 = sched.compute "aten.add" ins(%266 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %268 = sched.compute "aten.div" ins(%264, %267 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %269 = sched.compute "prims.convert_element_type" ins(%268 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %270 = sched.compute "aten.view" ins(%expanded_149 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %collapsed_177 = tensor.collapse_shape %259 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %271 = sched.compute "prims.convert_element_type" ins(%collapsed_177 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %272 = sched.compute "prims.convert_element_type" ins(%270 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %273 = sched.compute "aten.mm" ins(%collapsed_177, %270 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_178 = tensor.expand_shape %273 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %274 = sched.compute "aten.mul" ins(%269, %expanded_178 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %275 = sched.compute "aten.view" ins(%expanded_150 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %collapsed_179 = tensor.collapse_shape %274 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %276 = sched.compute "prims.convert_element_type" ins(%collapsed_179 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %277 = sched.compute "prims.convert_element_type" ins(%275 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %278 = sched.compute "aten.mm" ins(%collapsed_179, %275 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_180 = tensor.expand_shape %278 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %279 = sched.compute "aten.add" ins(%251, %expanded_180 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %280 = sched.compute "prims.convert_element_type" ins(%279 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %281 = sched.compute "aten.pow" ins(%280 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %282 = sched.compute "aten.mean" ins(%281 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4> -> (tensor<f32>)
    %283 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 4> -> (tensor<f32>)
    %284 = sched.compute "aten.view" ins(%283 : tensor<f32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %285 = sched.compute "aten.div" ins(%284 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %286 = sched.compute "aten.pow" ins(%280 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %287 = sched.compute "aten.mul" ins(%286 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %288 = sched.compute "aten.mul" ins(%285, %287 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %289 = sched.compute "prims.convert_element_type" ins(%288 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_181 = tensor.collapse_shape %289 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %290 = sched.compute "aten.view" ins(%collapsed_181 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %291 = sched.compute "prims.convert_element_type" ins(%290 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %292 = sched.compute "prims.convert_element_type" ins(%collapsed_179 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %293 = sched.compute "aten.mm" ins(%290, %collapsed_179 : tensor<2048x1024xbf16>, tensor<1024x5632xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<2048x5632xbf16>)
    %294 = sched.compute "aten.view" ins(%293 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %295 = sched.compute "aten.view" ins(%275 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %296 = sched.compute "prims.convert_element_type" ins(%collapsed_181 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %297 = sched.compute "prims.convert_element_type" ins(%295 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %298 = sched.compute "aten.mm" ins(%collapsed_181, %295 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_182 = tensor.expand_shape %298 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %299 = sched.compute "aten.view" ins(%294 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %300 = sched.compute "aten.mul" ins(%expanded_182, %269 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %301 = sched.compute "aten.mul" ins(%expanded_182, %expanded_178 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_183 = tensor.collapse_shape %300 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %302 = sched.compute "aten.view" ins(%collapsed_183 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %303 = sched.compute "prims.convert_element_type" ins(%302 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %304 = sched.compute "prims.convert_element_type" ins(%collapsed_177 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %305 = sched.compute "aten.mm" ins(%302, %collapsed_177 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %306 = sched.compute "aten.view" ins(%305 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %307 = sched.compute "aten.view" ins(%270 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %308 = sched.compute "prims.convert_element_type" ins(%collapsed_183 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %309 = sched.compute "prims.convert_element_type" ins(%307 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %310 = sched.compute "aten.mm" ins(%collapsed_183, %307 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_184 = tensor.expand_shape %310 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %311 = sched.compute "aten.view" ins(%306 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %312 = sched.compute "prims.convert_element_type" ins(%301 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %313 = sched.compute "prims.convert_element_type" ins(%expanded_176 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %314 = sched.compute "aten.neg" ins(%313 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %315 = sched.compute "aten.exp" ins(%314 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %316 = sched.compute "aten.add" ins(%315 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %317 = sched.compute "aten.reciprocal" ins(%316 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %318 = sched.compute "aten.mul" ins(%317 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %319 = sched.compute "aten.mul" ins(%312, %318 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %320 = sched.compute "aten.sub" ins(%318 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %321 = sched.compute "aten.mul" ins(%313, %320 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %322 = sched.compute "aten.add" ins(%321 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %323 = sched.compute "aten.mul" ins(%319, %322 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %324 = sched.compute "prims.convert_element_type" ins(%323 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_185 = tensor.collapse_shape %324 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %325 = sched.compute "aten.view" ins(%collapsed_185 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %326 = sched.compute "prims.convert_element_type" ins(%325 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %327 = sched.compute "prims.convert_element_type" ins(%collapsed_175 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %328 = sched.compute "aten.mm" ins(%325, %collapsed_175 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %329 = sched.compute "aten.view" ins(%328 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %330 = sched.compute "aten.view" ins(%260 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %331 = sched.compute "prims.convert_element_type" ins(%collapsed_185 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %332 = sched.compute "prims.convert_element_type" ins(%330 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %333 = sched.compute "aten.mm" ins(%collapsed_185, %330 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_186 = tensor.expand_shape %333 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %334 = sched.compute "aten.add" ins(%expanded_184, %expanded_186 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %335 = sched.compute "aten.view" ins(%329 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %336 = sched.compute "aten.mul" ins(%334, %258 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %337 = sched.compute "aten.mul" ins(%334, %extracted_slice_140 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %338 = sched.compute "aten.sum" ins(%336 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_187 = tensor.collapse_shape %338 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %339 = sched.compute "prims.convert_element_type" ins(%337 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %340 = sched.compute "aten.mul" ins(%339, %252 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %341 = sched.compute "aten.mul" ins(%339, %256 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %342 = sched.compute "aten.sum" ins(%340 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %343 = sched.compute "aten.pow" ins(%256 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %344 = sched.compute "aten.mul" ins(%342 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %345 = sched.compute "aten.mul" ins(%344, %343 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %346 = sched.compute "aten.view" ins(%345 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %347 = sched.compute "aten.div" ins(%346 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %348 = sched.compute "aten.pow" ins(%252 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %349 = sched.compute "aten.mul" ins(%348 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %350 = sched.compute "aten.mul" ins(%347, %349 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %351 = sched.compute "aten.add" ins(%341, %350 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %352 = sched.compute "prims.convert_element_type" ins(%351 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %353 = sched.compute "aten.add" ins(%289, %352 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_188 = tensor.collapse_shape %353 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %354 = sched.compute "aten.view" ins(%collapsed_188 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %355 = sched.compute "prims.convert_element_type" ins(%354 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %356 = sched.compute "prims.convert_element_type" ins(%collapsed_173 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %357 = sched.compute "aten.mm" ins(%354, %collapsed_173 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %358 = sched.compute "aten.view" ins(%357 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %359 = sched.compute "aten.view" ins(%247 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %360 = sched.compute "prims.convert_element_type" ins(%collapsed_188 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %361 = sched.compute "prims.convert_element_type" ins(%359 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %362 = sched.compute "aten.mm" ins(%collapsed_188, %359 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_189 = tensor.expand_shape %362 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %363 = sched.compute "aten.view" ins(%358 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %expanded_190 = tensor.expand_shape %expanded_189 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %364 = sched.compute "aten.view" ins(%expanded_190 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %365:3 = sched.compute "aten._scaled_dot_product_cudnn_attention_backward" ins(%364, %242, %243, %244, %245#0, %245#1, %245#2, %245#3 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>) cost <flops = 8589934592, bytes_read = 21037072, bytes_written = 12582912> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>)
    %366 = sched.compute "aten.view" ins(%365#2 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %367 = sched.compute "aten.view" ins(%365#1 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %368 = sched.compute "aten.view" ins(%365#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %369 = sched.compute "aten.mul" ins(%367, %expanded_169 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_191 = tensor.extract_slice %369[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_192 = tensor.extract_slice %369[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %370 = sched.compute "aten.neg" ins(%extracted_slice_191 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %371 = sched.compute "aten.cat" ins(%extracted_slice_192, %370 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %372 = sched.compute "aten.mul" ins(%367, %expanded_167 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %373 = sched.compute "aten.add" ins(%371, %372 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %374 = sched.compute "aten.mul" ins(%368, %expanded_163 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_193 = tensor.extract_slice %374[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_194 = tensor.extract_slice %374[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %375 = sched.compute "aten.neg" ins(%extracted_slice_193 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %376 = sched.compute "aten.cat" ins(%extracted_slice_194, %375 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %377 = sched.compute "aten.mul" ins(%368, %expanded_161 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %378 = sched.compute "aten.add" ins(%376, %377 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_195 = tensor.collapse_shape %366 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_196 = tensor.collapse_shape %collapsed_195 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %379 = sched.compute "aten.view" ins(%collapsed_196 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %380 = sched.compute "prims.convert_element_type" ins(%379 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %381 = sched.compute "prims.convert_element_type" ins(%collapsed_157 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %382 = sched.compute "aten.mm" ins(%379, %collapsed_157 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %383 = sched.compute "aten.view" ins(%382 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %384 = sched.compute "aten.view" ins(%228 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %385 = sched.compute "prims.convert_element_type" ins(%collapsed_196 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %386 = sched.compute "prims.convert_element_type" ins(%384 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %387 = sched.compute "aten.mm" ins(%collapsed_196, %384 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_197 = tensor.expand_shape %387 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %388 = sched.compute "aten.view" ins(%383 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_198 = tensor.collapse_shape %373 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_199 = tensor.collapse_shape %collapsed_198 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %389 = sched.compute "aten.view" ins(%collapsed_199 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %390 = sched.compute "prims.convert_element_type" ins(%389 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %391 = sched.compute "prims.convert_element_type" ins(%collapsed_154 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %392 = sched.compute "aten.mm" ins(%389, %collapsed_154 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %393 = sched.compute "aten.view" ins(%392 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %394 = sched.compute "aten.view" ins(%224 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %395 = sched.compute "prims.convert_element_type" ins(%collapsed_199 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %396 = sched.compute "prims.convert_element_type" ins(%394 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %397 = sched.compute "aten.mm" ins(%collapsed_199, %394 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_200 = tensor.expand_shape %397 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %398 = sched.compute "aten.add" ins(%expanded_197, %expanded_200 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %399 = sched.compute "aten.view" ins(%393 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_201 = tensor.collapse_shape %378 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_202 = tensor.collapse_shape %collapsed_201 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %400 = sched.compute "aten.view" ins(%collapsed_202 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %401 = sched.compute "prims.convert_element_type" ins(%400 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %402 = sched.compute "prims.convert_element_type" ins(%collapsed_151 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %403 = sched.compute "aten.mm" ins(%400, %collapsed_151 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %404 = sched.compute "aten.view" ins(%403 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %405 = sched.compute "aten.view" ins(%220 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %406 = sched.compute "prims.convert_element_type" ins(%collapsed_202 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %407 = sched.compute "prims.convert_element_type" ins(%405 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %408 = sched.compute "aten.mm" ins(%collapsed_202, %405 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_203 = tensor.expand_shape %408 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %409 = sched.compute "aten.add" ins(%398, %expanded_203 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %410 = sched.compute "aten.view" ins(%404 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %411 = sched.compute "aten.mul" ins(%409, %218 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %412 = sched.compute "aten.mul" ins(%409, %extracted_slice_135 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %413 = sched.compute "aten.sum" ins(%411 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_204 = tensor.collapse_shape %413 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %414 = sched.compute "prims.convert_element_type" ins(%412 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %415 = sched.compute "aten.mul" ins(%414, %212 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %416 = sched.compute "aten.mul" ins(%414, %216 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %417 = sched.compute "aten.sum" ins(%415 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %418 = sched.compute "aten.pow" ins(%216 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %419 = sched.compute "aten.mul" ins(%417 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %420 = sched.compute "aten.mul" ins(%419, %418 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %421 = sched.compute "aten.view" ins(%420 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %422 = sched.compute "aten.div" ins(%421 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %423 = sched.compute "aten.pow" ins(%212 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %424 = sched.compute "aten.mul" ins(%423 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %425 = sched.compute "aten.mul" ins(%422, %424 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %426 = sched.compute "aten.add" ins(%416, %425 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %427 = sched.compute "prims.convert_element_type" ins(%426 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %428 = sched.compute "aten.add" ins(%353, %427 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_205 = tensor.collapse_shape %299 [[0, 1]] : tensor<2048x5632xbf16> into tensor<11534336xbf16>
    %collapsed_206 = tensor.collapse_shape %311 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_207 = tensor.collapse_shape %335 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_208 = tensor.collapse_shape %363 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_209 = tensor.collapse_shape %388 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_210 = tensor.collapse_shape %399 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_211 = tensor.collapse_shape %410 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %429 = sched.compute "aten.cat" ins(%collapsed_204, %collapsed_211, %collapsed_210, %collapsed_209, %collapsed_208, %collapsed_187, %collapsed_207, %collapsed_206, %collapsed_205 : tensor<2048xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<2048xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>) cost <flops = 0, bytes_read = 102768640, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %430 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %431 = sched.compute "aten.slice_scatter" ins(%430, %429 : tensor<51384320xbf16>, tensor<51384320xbf16>) cost <flops = 0, bytes_read = 205537280, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %432 = sched.reduce_scatter_start %431 on @dp reduction = avg scatter_dim = 0 : tensor<51384320xbf16> -> !sched.future<tensor<25692160xbf16>>
    %433 = sched.wait %432 : !sched.future<tensor<25692160xbf16>>
    %collapsed_212 = tensor.collapse_shape %428 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %434 = sched.compute "aten.view" ins(%collapsed_212 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %435 = sched.compute "prims.convert_element_type" ins(%434 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %436 = sched.compute "prims.convert_element_type" ins(%collapsed_133 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %437 = sched.compute "aten.mm" ins(%434, %collapsed_133 : tensor<2048x1024xbf16>, tensor<1024x5632xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<2048x5632xbf16>)
    %438 = sched.compute "aten.view" ins(%437 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %439 = sched.compute "aten.view" ins(%205 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %440 = sched.compute "prims.convert_element_type" ins(%collapsed_212 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %441 = sched.compute "prims.convert_element_type" ins(%439 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %442 = sched.compute "aten.mm" ins(%collapsed_212, %439 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_213 = tensor.expand_shape %442 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %443 = sched.compute "aten.view" ins(%438 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %444 = sched.compute "aten.mul" ins(%expanded_213, %199 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %445 = sched.compute "aten.mul" ins(%expanded_213, %expanded_132 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_214 = tensor.collapse_shape %444 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %446 = sched.compute "aten.view" ins(%collapsed_214 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %447 = sched.compute "prims.convert_element_type" ins(%446 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %448 = sched.compute "prims.convert_element_type" ins(%collapsed_131 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %449 = sched.compute "aten.mm" ins(%446, %collapsed_131 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %450 = sched.compute "aten.view" ins(%449 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %451 = sched.compute "aten.view" ins(%200 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %452 = sched.compute "prims.convert_element_type" ins(%collapsed_214 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %453 = sched.compute "prims.convert_element_type" ins(%451 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %454 = sched.compute "aten.mm" ins(%collapsed_214, %451 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_215 = tensor.expand_shape %454 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %455 = sched.compute "aten.view" ins(%450 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %456 = sched.compute "prims.convert_element_type" ins(%445 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %457 = sched.compute "prims.convert_element_type" ins(%expanded_130 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %458 = sched.compute "aten.neg" ins(%457 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %459 = sched.compute "aten.exp" ins(%458 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %460 = sched.compute "aten.add" ins(%459 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %461 = sched.compute "aten.reciprocal" ins(%460 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %462 = sched.compute "aten.mul" ins(%461 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %463 = sched.compute "aten.mul" ins(%456, %462 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %464 = sched.compute "aten.sub" ins(%462 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %465 = sched.compute "aten.mul" ins(%457, %464 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %466 = sched.compute "aten.add" ins(%465 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %467 = sched.compute "aten.mul" ins(%463, %466 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %468 = sched.compute "prims.convert_element_type" ins(%467 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_216 = tensor.collapse_shape %468 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %469 = sched.compute "aten.view" ins(%collapsed_216 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %470 = sched.compute "prims.convert_element_type" ins(%469 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %471 = sched.compute "prims.convert_element_type" ins(%collapsed_129 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %472 = sched.compute "aten.mm" ins(%469, %collapsed_129 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %473 = sched.compute "aten.view" ins(%472 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %474 = sched.compute "aten.view" ins(%190 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %475 = sched.compute "prims.convert_element_type" ins(%collapsed_216 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %476 = sched.compute "prims.convert_element_type" ins(%474 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %477 = sched.compute "aten.mm" ins(%collapsed_216, %474 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_217 = tensor.expand_shape %477 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %478 = sched.compute "aten.add" ins(%expanded_215, %expanded_217 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %479 = sched.compute "aten.view" ins(%473 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %480 = sched.compute "aten.mul" ins(%478, %188 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %481 = sched.compute "aten.mul" ins(%478, %extracted_slice_94 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %482 = sched.compute "aten.sum" ins(%480 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_218 = tensor.collapse_shape %482 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %483 = sched.compute "prims.convert_element_type" ins(%481 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %484 = sched.compute "aten.mul" ins(%483, %182 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %485 = sched.compute "aten.mul" ins(%483, %186 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %486 = sched.compute "aten.sum" ins(%484 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %487 = sched.compute "aten.pow" ins(%186 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %488 = sched.compute "aten.mul" ins(%486 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %489 = sched.compute "aten.mul" ins(%488, %487 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %490 = sched.compute "aten.view" ins(%489 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %491 = sched.compute "aten.div" ins(%490 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %492 = sched.compute "aten.pow" ins(%182 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %493 = sched.compute "aten.mul" ins(%492 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %494 = sched.compute "aten.mul" ins(%491, %493 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %495 = sched.compute "aten.add" ins(%485, %494 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %496 = sched.compute "prims.convert_element_type" ins(%495 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %497 = sched.compute "aten.add" ins(%428, %496 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_219 = tensor.collapse_shape %497 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %498 = sched.compute "aten.view" ins(%collapsed_219 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %499 = sched.compute "prims.convert_element_type" ins(%498 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %500 = sched.compute "prims.convert_element_type" ins(%collapsed_127 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %501 = sched.compute "aten.mm" ins(%498, %collapsed_127 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %502 = sched.compute "aten.view" ins(%501 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %503 = sched.compute "aten.view" ins(%177 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %504 = sched.compute "prims.convert_element_type" ins(%collapsed_219 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %505 = sched.compute "prims.convert_element_type" ins(%503 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %506 = sched.compute "aten.mm" ins(%collapsed_219, %503 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_220 = tensor.expand_shape %506 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %507 = sched.compute "aten.view" ins(%502 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %expanded_221 = tensor.expand_shape %expanded_220 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %508 = sched.compute "aten.view" ins(%expanded_221 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %509:3 = sched.compute "aten._scaled_dot_product_cudnn_attention_backward" ins(%508, %172, %173, %174, %175#0, %175#1, %175#2, %175#3 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>) cost <flops = 8589934592, bytes_read = 21037072, bytes_written = 12582912> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>)
    %510 = sched.compute "aten.view" ins(%509#2 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %511 = sched.compute "aten.view" ins(%509#1 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %512 = sched.compute "aten.view" ins(%509#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %513 = sched.compute "aten.mul" ins(%511, %expanded_123 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_222 = tensor.extract_slice %513[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_223 = tensor.extract_slice %513[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %514 = sched.compute "aten.neg" ins(%extracted_slice_222 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %515 = sched.compute "aten.cat" ins(%extracted_slice_223, %514 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %516 = sched.compute "aten.mul" ins(%511, %expanded_121 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %517 = sched.compute "aten.add" ins(%515, %516 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %518 = sched.compute "aten.mul" ins(%512, %expanded_117 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_224 = tensor.extract_slice %518[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_225 = tensor.extract_slice %518[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %519 = sched.compute "aten.neg" ins(%extracted_slice_224 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %520 = sched.compute "aten.cat" ins(%extracted_slice_225, %519 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %521 = sched.compute "aten.mul" ins(%512, %expanded_115 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %522 = sched.compute "aten.add" ins(%520, %521 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_226 = tensor.collapse_shape %510 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_227 = tensor.collapse_shape %collapsed_226 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %523 = sched.compute "aten.view" ins(%collapsed_227 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %524 = sched.compute "prims.convert_element_type" ins(%523 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %525 = sched.compute "prims.convert_element_type" ins(%collapsed_111 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %526 = sched.compute "aten.mm" ins(%523, %collapsed_111 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %527 = sched.compute "aten.view" ins(%526 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %528 = sched.compute "aten.view" ins(%158 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %529 = sched.compute "prims.convert_element_type" ins(%collapsed_227 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %530 = sched.compute "prims.convert_element_type" ins(%528 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %531 = sched.compute "aten.mm" ins(%collapsed_227, %528 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_228 = tensor.expand_shape %531 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %532 = sched.compute "aten.view" ins(%527 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_229 = tensor.collapse_shape %517 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_230 = tensor.collapse_shape %collapsed_229 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %533 = sched.compute "aten.view" ins(%collapsed_230 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %534 = sched.compute "prims.convert_element_type" ins(%533 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %535 = sched.compute "prims.convert_element_type" ins(%collapsed_108 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %536 = sched.compute "aten.mm" ins(%533, %collapsed_108 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %537 = sched.compute "aten.view" ins(%536 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %538 = sched.compute "aten.view" ins(%154 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %539 = sched.compute "prims.convert_element_type" ins(%collapsed_230 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %540 = sched.compute "prims.convert_element_type" ins(%538 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %541 = sched.compute "aten.mm" ins(%collapsed_230, %538 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_231 = tensor.expand_shape %541 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %542 = sched.compute "aten.add" ins(%expanded_228, %expanded_231 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %543 = sched.compute "aten.view" ins(%537 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_232 = tensor.collapse_shape %522 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_233 = tensor.collapse_shape %collapsed_232 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %544 = sched.compute "aten.view" ins(%collapsed_233 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %545 = sched.compute "prims.convert_element_type" ins(%544 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %546 = sched.compute "prims.convert_element_type" ins(%collapsed_105 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %547 = sched.compute "aten.mm" ins(%544, %collapsed_105 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %548 = sched.compute "aten.view" ins(%547 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %549 = sched.compute "aten.view" ins(%150 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %550 = sched.compute "prims.convert_element_type" ins(%collapsed_233 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %551 = sched.compute "prims.convert_element_type" ins(%549 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %552 = sched.compute "aten.mm" ins(%collapsed_233, %549 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_234 = tensor.expand_shape %552 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %553 = sched.compute "aten.add" ins(%542, %expanded_234 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %554 = sched.compute "aten.view" ins(%548 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %555 = sched.compute "aten.mul" ins(%553, %148 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %556 = sched.compute "aten.mul" ins(%553, %extracted_slice_89 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %557 = sched.compute "aten.sum" ins(%555 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_235 = tensor.collapse_shape %557 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %558 = sched.compute "prims.convert_element_type" ins(%556 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %559 = sched.compute "aten.mul" ins(%558, %142 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %560 = sched.compute "aten.mul" ins(%558, %146 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %561 = sched.compute "aten.sum" ins(%559 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %562 = sched.compute "aten.pow" ins(%146 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %563 = sched.compute "aten.mul" ins(%561 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %564 = sched.compute "aten.mul" ins(%563, %562 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %565 = sched.compute "aten.view" ins(%564 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %566 = sched.compute "aten.div" ins(%565 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %567 = sched.compute "aten.pow" ins(%142 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %568 = sched.compute "aten.mul" ins(%567 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %569 = sched.compute "aten.mul" ins(%566, %568 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %570 = sched.compute "aten.add" ins(%560, %569 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %571 = sched.compute "prims.convert_element_type" ins(%570 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %572 = sched.compute "aten.add" ins(%497, %571 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_236 = tensor.collapse_shape %443 [[0, 1]] : tensor<2048x5632xbf16> into tensor<11534336xbf16>
    %collapsed_237 = tensor.collapse_shape %455 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_238 = tensor.collapse_shape %479 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_239 = tensor.collapse_shape %507 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_240 = tensor.collapse_shape %532 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_241 = tensor.collapse_shape %543 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_242 = tensor.collapse_shape %554 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %573 = sched.compute "aten.cat" ins(%collapsed_235, %collapsed_242, %collapsed_241, %collapsed_240, %collapsed_239, %collapsed_218, %collapsed_238, %collapsed_237, %collapsed_236 : tensor<2048xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<2048xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>) cost <flops = 0, bytes_read = 102768640, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %574 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %575 = sched.compute "aten.slice_scatter" ins(%574, %573 : tensor<51384320xbf16>, tensor<51384320xbf16>) cost <flops = 0, bytes_read = 205537280, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %576 = sched.reduce_scatter_start %575 on @dp reduction = avg scatter_dim = 0 : tensor<51384320xbf16> -> !sched.future<tensor<25692160xbf16>>
    %577 = sched.wait %576 : !sched.future<tensor<25692160xbf16>>
    %collapsed_243 = tensor.collapse_shape %572 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %578 = sched.compute "aten.view" ins(%collapsed_243 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %579 = sched.compute "prims.convert_element_type" ins(%578 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %580 = sched.compute "prims.convert_element_type" ins(%collapsed_87 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %581 = sched.compute "aten.mm" ins(%578, %collapsed_87 : tensor<2048x1024xbf16>, tensor<1024x5632xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<2048x5632xbf16>)
    %582 = sched.compute "aten.view" ins(%581 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %583 = sched.compute "aten.view" ins(%135 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %584 = sched.compute "prims.convert_element_type" ins(%collapsed_243 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %585 = sched.compute "prims.convert_element_type" ins(%583 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %586 = sched.compute "aten.mm" ins(%collapsed_243, %583 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_244 = tensor.expand_shape %586 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %587 = sched.compute "aten.view" ins(%582 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %588 = sched.compute "aten.mul" ins(%expanded_244, %129 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %589 = sched.compute "aten.mul" ins(%expanded_244, %expanded_86 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_245 = tensor.collapse_shape %588 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %590 = sched.compute "aten.view" ins(%collapsed_245 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %591 = sched.compute "prims.convert_element_type" ins(%590 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %592 = sched.compute "prims.convert_element_type" ins(%collapsed_85 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %593 = sched.compute "aten.mm" ins(%590, %collapsed_85 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %594 = sched.compute "aten.view" ins(%593 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %595 = sched.compute "aten.view" ins(%130 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %596 = sched.compute "prims.convert_element_type" ins(%collapsed_245 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %597 = sched.compute "prims.convert_element_type" ins(%595 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %598 = sched.compute "aten.mm" ins(%collapsed_245, %595 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_246 = tensor.expand_shape %598 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %599 = sched.compute "aten.view" ins(%594 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %600 = sched.compute "prims.convert_element_type" ins(%589 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %601 = sched.compute "prims.convert_element_type" ins(%expanded_84 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %602 = sched.compute "aten.neg" ins(%601 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %603 = sched.compute "aten.exp" ins(%602 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %604 = sched.compute "aten.add" ins(%603 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %605 = sched.compute "aten.reciprocal" ins(%604 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %606 = sched.compute "aten.mul" ins(%605 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %607 = sched.compute "aten.mul" ins(%600, %606 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %608 = sched.compute "aten.sub" ins(%606 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %609 = sched.compute "aten.mul" ins(%601, %608 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %610 = sched.compute "aten.add" ins(%609 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %611 = sched.compute "aten.mul" ins(%607, %610 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %612 = sched.compute "prims.convert_element_type" ins(%611 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_247 = tensor.collapse_shape %612 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %613 = sched.compute "aten.view" ins(%collapsed_247 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %614 = sched.compute "prims.convert_element_type" ins(%613 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %615 = sched.compute "prims.convert_element_type" ins(%collapsed_83 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %616 = sched.compute "aten.mm" ins(%613, %collapsed_83 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %617 = sched.compute "aten.view" ins(%616 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %618 = sched.compute "aten.view" ins(%120 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %619 = sched.compute "prims.convert_element_type" ins(%collapsed_247 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %620 = sched.compute "prims.convert_element_type" ins(%618 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %621 = sched.compute "aten.mm" ins(%collapsed_247, %618 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_248 = tensor.expand_shape %621 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %622 = sched.compute "aten.add" ins(%expanded_246, %expanded_248 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %623 = sched.compute "aten.view" ins(%617 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %624 = sched.compute "aten.mul" ins(%622, %118 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %625 = sched.compute "aten.mul" ins(%622, %extracted_slice_48 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %626 = sched.compute "aten.sum" ins(%624 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_249 = tensor.collapse_shape %626 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %627 = sched.compute "prims.convert_element_type" ins(%625 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %628 = sched.compute "aten.mul" ins(%627, %112 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %629 = sched.compute "aten.mul" ins(%627, %116 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %630 = sched.compute "aten.sum" ins(%628 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %631 = sched.compute "aten.pow" ins(%116 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %632 = sched.compute "aten.mul" ins(%630 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %633 = sched.compute "aten.mul" ins(%632, %631 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %634 = sched.compute "aten.view" ins(%633 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %635 = sched.compute "aten.div" ins(%634 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %636 = sched.compute "aten.pow" ins(%112 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %637 = sched.compute "aten.mul" ins(%636 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %638 = sched.compute "aten.mul" ins(%635, %637 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %639 = sched.compute "aten.add" ins(%629, %638 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %640 = sched.compute "prims.convert_element_type" ins(%639 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %641 = sched.compute "aten.add" ins(%572, %640 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_250 = tensor.collapse_shape %641 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %642 = sched.compute "aten.view" ins(%collapsed_250 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %643 = sched.compute "prims.convert_element_type" ins(%642 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %644 = sched.compute "prims.convert_element_type" ins(%collapsed_81 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %645 = sched.compute "aten.mm" ins(%642, %collapsed_81 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %646 = sched.compute "aten.view" ins(%645 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %647 = sched.compute "aten.view" ins(%107 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %648 = sched.compute "prims.convert_element_type" ins(%collapsed_250 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %649 = sched.compute "prims.convert_element_type" ins(%647 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %650 = sched.compute "aten.mm" ins(%collapsed_250, %647 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_251 = tensor.expand_shape %650 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %651 = sched.compute "aten.view" ins(%646 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %expanded_252 = tensor.expand_shape %expanded_251 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %652 = sched.compute "aten.view" ins(%expanded_252 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %653:3 = sched.compute "aten._scaled_dot_product_cudnn_attention_backward" ins(%652, %102, %103, %104, %105#0, %105#1, %105#2, %105#3 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>) cost <flops = 8589934592, bytes_read = 21037072, bytes_written = 12582912> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>)
    %654 = sched.compute "aten.view" ins(%653#2 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %655 = sched.compute "aten.view" ins(%653#1 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %656 = sched.compute "aten.view" ins(%653#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %657 = sched.compute "aten.mul" ins(%655, %expanded_77 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_253 = tensor.extract_slice %657[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_254 = tensor.extract_slice %657[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %658 = sched.compute "aten.neg" ins(%extracted_slice_253 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %659 = sched.compute "aten.cat" ins(%extracted_slice_254, %658 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %660 = sched.compute "aten.mul" ins(%655, %expanded_75 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %661 = sched.compute "aten.add" ins(%659, %660 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %662 = sched.compute "aten.mul" ins(%656, %expanded_71 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_255 = tensor.extract_slice %662[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_256 = tensor.extract_slice %662[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %663 = sched.compute "aten.neg" ins(%extracted_slice_255 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %664 = sched.compute "aten.cat" ins(%extracted_slice_256, %663 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %665 = sched.compute "aten.mul" ins(%656, %expanded_69 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %666 = sched.compute "aten.add" ins(%664, %665 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_257 = tensor.collapse_shape %654 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_258 = tensor.collapse_shape %collapsed_257 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %667 = sched.compute "aten.view" ins(%collapsed_258 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %668 = sched.compute "prims.convert_element_type" ins(%667 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %669 = sched.compute "prims.convert_element_type" ins(%collapsed_65 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %670 = sched.compute "aten.mm" ins(%667, %collapsed_65 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %671 = sched.compute "aten.view" ins(%670 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %672 = sched.compute "aten.view" ins(%88 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %673 = sched.compute "prims.convert_element_type" ins(%collapsed_258 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %674 = sched.compute "prims.convert_element_type" ins(%672 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %675 = sched.compute "aten.mm" ins(%collapsed_258, %672 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_259 = tensor.expand_shape %675 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %676 = sched.compute "aten.view" ins(%671 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_260 = tensor.collapse_shape %661 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_261 = tensor.collapse_shape %collapsed_260 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %677 = sched.compute "aten.view" ins(%collapsed_261 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %678 = sched.compute "prims.convert_element_type" ins(%677 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %679 = sched.compute "prims.convert_element_type" ins(%collapsed_62 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %680 = sched.compute "aten.mm" ins(%677, %collapsed_62 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %681 = sched.compute "aten.view" ins(%680 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %682 = sched.compute "aten.view" ins(%84 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %683 = sched.compute "prims.convert_element_type" ins(%collapsed_261 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %684 = sched.compute "prims.convert_element_type" ins(%682 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %685 = sched.compute "aten.mm" ins(%collapsed_261, %682 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_262 = tensor.expand_shape %685 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %686 = sched.compute "aten.add" ins(%expanded_259, %expanded_262 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %687 = sched.compute "aten.view" ins(%681 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_263 = tensor.collapse_shape %666 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_264 = tensor.collapse_shape %collapsed_263 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %688 = sched.compute "aten.view" ins(%collapsed_264 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %689 = sched.compute "prims.convert_element_type" ins(%688 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %690 = sched.compute "prims.convert_element_type" ins(%collapsed_59 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %691 = sched.compute "aten.mm" ins(%688, %collapsed_59 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %692 = sched.compute "aten.view" ins(%691 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %693 = sched.compute "aten.view" ins(%80 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %694 = sched.compute "prims.convert_element_type" ins(%collapsed_264 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %695 = sched.compute "prims.convert_element_type" ins(%693 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %696 = sched.compute "aten.mm" ins(%collapsed_264, %693 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_265 = tensor.expand_shape %696 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %697 = sched.compute "aten.add" ins(%686, %expanded_265 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %698 = sched.compute "aten.view" ins(%692 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %699 = sched.compute "aten.mul" ins(%697, %78 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %700 = sched.compute "aten.mul" ins(%697, %extracted_slice_43 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %701 = sched.compute "aten.sum" ins(%699 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_266 = tensor.collapse_shape %701 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %702 = sched.compute "prims.convert_element_type" ins(%700 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %703 = sched.compute "aten.mul" ins(%702, %72 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %704 = sched.compute "aten.mul" ins(%702, %76 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %705 = sched.compute "aten.sum" ins(%703 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %706 = sched.compute "aten.pow" ins(%76 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %707 = sched.compute "aten.mul" ins(%705 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %708 = sched.compute "aten.mul" ins(%707, %706 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %709 = sched.compute "aten.view" ins(%708 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %710 = sched.compute "aten.div" ins(%709 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %711 = sched.compute "aten.pow" ins(%72 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %712 = sched.compute "aten.mul" ins(%711 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %713 = sched.compute "aten.mul" ins(%710, %712 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %714 = sched.compute "aten.add" ins(%704, %713 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %715 = sched.compute "prims.convert_element_type" ins(%714 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %716 = sched.compute "aten.add" ins(%641, %715 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_267 = tensor.collapse_shape %587 [[0, 1]] : tensor<2048x5632xbf16> into tensor<11534336xbf16>
    %collapsed_268 = tensor.collapse_shape %599 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_269 = tensor.collapse_shape %623 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_270 = tensor.collapse_shape %651 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_271 = tensor.collapse_shape %676 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_272 = tensor.collapse_shape %687 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_273 = tensor.collapse_shape %698 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %717 = sched.compute "aten.cat" ins(%collapsed_266, %collapsed_273, %collapsed_272, %collapsed_271, %collapsed_270, %collapsed_249, %collapsed_269, %collapsed_268, %collapsed_267 : tensor<2048xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<2048xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>) cost <flops = 0, bytes_read = 102768640, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %718 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %719 = sched.compute "aten.slice_scatter" ins(%718, %717 : tensor<51384320xbf16>, tensor<51384320xbf16>) cost <flops = 0, bytes_read = 205537280, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %720 = sched.reduce_scatter_start %719 on @dp reduction = avg scatter_dim = 0 : tensor<51384320xbf16> -> !sched.future<tensor<25692160xbf16>>
    %721 = sched.wait %720 : !sched.future<tensor<25692160xbf16>>
    %collapsed_274 = tensor.collapse_shape %716 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %722 = sched.compute "aten.view" ins(%collapsed_274 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %723 = sched.compute "prims.convert_element_type" ins(%722 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %724 = sched.compute "prims.convert_element_type" ins(%collapsed_41 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %725 = sched.compute "aten.mm" ins(%722, %collapsed_41 : tensor<2048x1024xbf16>, tensor<1024x5632xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<2048x5632xbf16>)
    %726 = sched.compute "aten.view" ins(%725 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %727 = sched.compute "aten.view" ins(%65 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %728 = sched.compute "prims.convert_element_type" ins(%collapsed_274 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %729 = sched.compute "prims.convert_element_type" ins(%727 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<2048x5632xf32>)
    %730 = sched.compute "aten.mm" ins(%collapsed_274, %727 : tensor<1024x2048xbf16>, tensor<2048x5632xbf16>) cost <flops = 23622320128, bytes_read = 27262976, bytes_written = 11534336> -> (tensor<1024x5632xbf16>)
    %expanded_275 = tensor.expand_shape %730 [[0, 1], [2]] output_shape [1, 1024, 5632] : tensor<1024x5632xbf16> into tensor<1x1024x5632xbf16>
    %731 = sched.compute "aten.view" ins(%726 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %732 = sched.compute "aten.mul" ins(%expanded_275, %59 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %733 = sched.compute "aten.mul" ins(%expanded_275, %expanded_40 : tensor<1x1024x5632xbf16>, tensor<1x1024x5632xbf16>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_276 = tensor.collapse_shape %732 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %734 = sched.compute "aten.view" ins(%collapsed_276 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %735 = sched.compute "prims.convert_element_type" ins(%734 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %736 = sched.compute "prims.convert_element_type" ins(%collapsed_39 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %737 = sched.compute "aten.mm" ins(%734, %collapsed_39 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %738 = sched.compute "aten.view" ins(%737 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %739 = sched.compute "aten.view" ins(%60 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %740 = sched.compute "prims.convert_element_type" ins(%collapsed_276 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %741 = sched.compute "prims.convert_element_type" ins(%739 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %742 = sched.compute "aten.mm" ins(%collapsed_276, %739 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_277 = tensor.expand_shape %742 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %743 = sched.compute "aten.view" ins(%738 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %744 = sched.compute "prims.convert_element_type" ins(%733 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %745 = sched.compute "prims.convert_element_type" ins(%expanded_38 : tensor<1x1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %746 = sched.compute "aten.neg" ins(%745 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %747 = sched.compute "aten.exp" ins(%746 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %748 = sched.compute "aten.add" ins(%747 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %749 = sched.compute "aten.reciprocal" ins(%748 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %750 = sched.compute "aten.mul" ins(%749 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %751 = sched.compute "aten.mul" ins(%744, %750 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %752 = sched.compute "aten.sub" ins(%750 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %753 = sched.compute "aten.mul" ins(%745, %752 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %754 = sched.compute "aten.add" ins(%753 : tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 23068672, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %755 = sched.compute "aten.mul" ins(%751, %754 : tensor<1x1024x5632xf32>, tensor<1x1024x5632xf32>) cost <flops = 5767168, bytes_read = 46137344, bytes_written = 23068672> -> (tensor<1x1024x5632xf32>)
    %756 = sched.compute "prims.convert_element_type" ins(%755 : tensor<1x1024x5632xf32>) cost <flops = 0, bytes_read = 23068672, bytes_written = 11534336> -> (tensor<1x1024x5632xbf16>)
    %collapsed_278 = tensor.collapse_shape %756 [[0, 1], [2]] : tensor<1x1024x5632xbf16> into tensor<1024x5632xbf16>
    %757 = sched.compute "aten.view" ins(%collapsed_278 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x1024xbf16>)
    %758 = sched.compute "prims.convert_element_type" ins(%757 : tensor<5632x1024xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<5632x1024xf32>)
    %759 = sched.compute "prims.convert_element_type" ins(%collapsed_37 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %760 = sched.compute "aten.mm" ins(%757, %collapsed_37 : tensor<5632x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 23622320128, bytes_read = 15728640, bytes_written = 23068672> -> (tensor<5632x2048xbf16>)
    %761 = sched.compute "aten.view" ins(%760 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x5632xbf16>)
    %762 = sched.compute "aten.view" ins(%50 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %763 = sched.compute "prims.convert_element_type" ins(%collapsed_278 : tensor<1024x5632xbf16>) cost <flops = 0, bytes_read = 11534336, bytes_written = 23068672> -> (tensor<1024x5632xf32>)
    %764 = sched.compute "prims.convert_element_type" ins(%762 : tensor<5632x2048xbf16>) cost <flops = 0, bytes_read = 23068672, bytes_written = 46137344> -> (tensor<5632x2048xf32>)
    %765 = sched.compute "aten.mm" ins(%collapsed_278, %762 : tensor<1024x5632xbf16>, tensor<5632x2048xbf16>) cost <flops = 23622320128, bytes_read = 34603008, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_279 = tensor.expand_shape %765 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %766 = sched.compute "aten.add" ins(%expanded_277, %expanded_279 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %767 = sched.compute "aten.view" ins(%761 : tensor<2048x5632xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<5632x2048xbf16>)
    %768 = sched.compute "aten.mul" ins(%766, %48 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %769 = sched.compute "aten.mul" ins(%766, %extracted_slice_4 : tensor<1x1024x2048xbf16>, tensor<2048xbf16>) cost <flops = 2097152, bytes_read = 4198400, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %770 = sched.compute "aten.sum" ins(%768 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_280 = tensor.collapse_shape %770 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %771 = sched.compute "prims.convert_element_type" ins(%769 : tensor<1x1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %772 = sched.compute "aten.mul" ins(%771, %42 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %773 = sched.compute "aten.mul" ins(%771, %46 : tensor<1x1024x2048xf32>, tensor<1x1024x1xf32>) cost <flops = 2097152, bytes_read = 8392704, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %774 = sched.compute "aten.sum" ins(%772 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %775 = sched.compute "aten.pow" ins(%46 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %776 = sched.compute "aten.mul" ins(%774 : tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 4096, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %777 = sched.compute "aten.mul" ins(%776, %775 : tensor<1x1024x1xf32>, tensor<1x1024x1xf32>) cost <flops = 1024, bytes_read = 8192, bytes_written = 4096> -> (tensor<1x1024x1xf32>)
    %778 = sched.compute "aten.view" ins(%777 : tensor<1x1024x1xf32>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.expand.default"} -> (tensor<1x1024x2048xf32>)
    %779 = sched.compute "aten.div" ins(%778 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %780 = sched.compute "aten.pow" ins(%42 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %781 = sched.compute "aten.mul" ins(%780 : tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %782 = sched.compute "aten.mul" ins(%779, %781 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %783 = sched.compute "aten.add" ins(%773, %782 : tensor<1x1024x2048xf32>, tensor<1x1024x2048xf32>) cost <flops = 2097152, bytes_read = 16777216, bytes_written = 8388608> -> (tensor<1x1024x2048xf32>)
    %784 = sched.compute "prims.convert_element_type" ins(%783 : tensor<1x1024x2048xf32>) cost <flops = 0, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %785 = sched.compute "aten.add" ins(%716, %784 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %collapsed_281 = tensor.collapse_shape %785 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %786 = sched.compute "aten.view" ins(%collapsed_281 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %787 = sched.compute "prims.convert_element_type" ins(%786 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %788 = sched.compute "prims.convert_element_type" ins(%collapsed_35 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %789 = sched.compute "aten.mm" ins(%786, %collapsed_35 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %790 = sched.compute "aten.view" ins(%789 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %791 = sched.compute "aten.view" ins(%37 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %792 = sched.compute "prims.convert_element_type" ins(%collapsed_281 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %793 = sched.compute "prims.convert_element_type" ins(%791 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %794 = sched.compute "aten.mm" ins(%collapsed_281, %791 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_282 = tensor.expand_shape %794 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %795 = sched.compute "aten.view" ins(%790 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %expanded_283 = tensor.expand_shape %expanded_282 [[0], [1], [2, 3]] output_shape [1, 1024, 16, 128] : tensor<1x1024x2048xbf16> into tensor<1x1024x16x128xbf16>
    %796 = sched.compute "aten.view" ins(%expanded_283 : tensor<1x1024x16x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x16x1024x128xbf16>)
    %797:3 = sched.compute "aten._scaled_dot_product_cudnn_attention_backward" ins(%796, %32, %33, %34, %35#0, %35#1, %35#2, %35#3 : tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x1xf32>, tensor<i64>, tensor<i64>) cost <flops = 8589934592, bytes_read = 21037072, bytes_written = 12582912> -> (tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>, tensor<1x16x1024x128xbf16>)
    %798 = sched.compute "aten.view" ins(%797#2 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %799 = sched.compute "aten.view" ins(%797#1 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %800 = sched.compute "aten.view" ins(%797#0 : tensor<1x16x1024x128xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<1x1024x16x128xbf16>)
    %801 = sched.compute "aten.mul" ins(%799, %expanded_31 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_284 = tensor.extract_slice %801[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_285 = tensor.extract_slice %801[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %802 = sched.compute "aten.neg" ins(%extracted_slice_284 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %803 = sched.compute "aten.cat" ins(%extracted_slice_285, %802 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %804 = sched.compute "aten.mul" ins(%799, %expanded_29 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %805 = sched.compute "aten.add" ins(%803, %804 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %806 = sched.compute "aten.mul" ins(%800, %expanded_25 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %extracted_slice_286 = tensor.extract_slice %806[0, 0, 0, 0] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %extracted_slice_287 = tensor.extract_slice %806[0, 0, 0, 64] [1, 1024, 16, 64] [1, 1, 1, 1] : tensor<1x1024x16x128xbf16> to tensor<1x1024x16x64xbf16>
    %807 = sched.compute "aten.neg" ins(%extracted_slice_286 : tensor<1x1024x16x64xbf16>) cost <flops = 1048576, bytes_read = 2097152, bytes_written = 2097152> -> (tensor<1x1024x16x64xbf16>)
    %808 = sched.compute "aten.cat" ins(%extracted_slice_287, %807 : tensor<1x1024x16x64xbf16>, tensor<1x1024x16x64xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %809 = sched.compute "aten.mul" ins(%800, %expanded_23 : tensor<1x1024x16x128xbf16>, tensor<1x1024x1x128xbf16>) cost <flops = 2097152, bytes_read = 4456448, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %810 = sched.compute "aten.add" ins(%808, %809 : tensor<1x1024x16x128xbf16>, tensor<1x1024x16x128xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x16x128xbf16>)
    %collapsed_288 = tensor.collapse_shape %798 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_289 = tensor.collapse_shape %collapsed_288 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %811 = sched.compute "aten.view" ins(%collapsed_289 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %812 = sched.compute "prims.convert_element_type" ins(%811 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %813 = sched.compute "prims.convert_element_type" ins(%collapsed_19 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %814 = sched.compute "aten.mm" ins(%811, %collapsed_19 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %815 = sched.compute "aten.view" ins(%814 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %816 = sched.compute "aten.view" ins(%18 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %817 = sched.compute "prims.convert_element_type" ins(%collapsed_289 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %818 = sched.compute "prims.convert_element_type" ins(%816 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %819 = sched.compute "aten.mm" ins(%collapsed_289, %816 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_290 = tensor.expand_shape %819 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %820 = sched.compute "aten.view" ins(%815 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_291 = tensor.collapse_shape %805 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_292 = tensor.collapse_shape %collapsed_291 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %821 = sched.compute "aten.view" ins(%collapsed_292 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %822 = sched.compute "prims.convert_element_type" ins(%821 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %823 = sched.compute "prims.convert_element_type" ins(%collapsed_16 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %824 = sched.compute "aten.mm" ins(%821, %collapsed_16 : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %825 = sched.compute "aten.view" ins(%824 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %826 = sched.compute "aten.view" ins(%14 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %827 = sched.compute "prims.convert_element_type" ins(%collapsed_292 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %828 = sched.compute "prims.convert_element_type" ins(%826 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %829 = sched.compute "aten.mm" ins(%collapsed_292, %826 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_293 = tensor.expand_shape %829 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %830 = sched.compute "aten.add" ins(%expanded_290, %expanded_293 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %831 = sched.compute "aten.view" ins(%825 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %collapsed_294 = tensor.collapse_shape %810 [[0], [1], [2, 3]] : tensor<1x1024x16x128xbf16> into tensor<1x1024x2048xbf16>
    %collapsed_295 = tensor.collapse_shape %collapsed_294 [[0, 1], [2]] : tensor<1x1024x2048xbf16> into tensor<1024x2048xbf16>
    %832 = sched.compute "aten.view" ins(%collapsed_295 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x1024xbf16>)
    %833 = sched.compute "prims.convert_element_type" ins(%832 : tensor<2048x1024xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<2048x1024xf32>)
    %834 = sched.compute "prims.convert_element_type" ins(%collapsed : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %835 = sched.compute "aten.mm" ins(%832, %collapsed : tensor<2048x1024xbf16>, tensor<1024x2048xbf16>) cost <flops = 8589934592, bytes_read = 8388608, bytes_written = 8388608> -> (tensor<2048x2048xbf16>)
    %836 = sched.compute "aten.view" ins(%835 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %837 = sched.compute "aten.view" ins(%10 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %838 = sched.compute "prims.convert_element_type" ins(%collapsed_295 : tensor<1024x2048xbf16>) cost <flops = 0, bytes_read = 4194304, bytes_written = 8388608> -> (tensor<1024x2048xf32>)
    %839 = sched.compute "prims.convert_element_type" ins(%837 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 8388608, bytes_written = 16777216> -> (tensor<2048x2048xf32>)
    %840 = sched.compute "aten.mm" ins(%collapsed_295, %837 : tensor<1024x2048xbf16>, tensor<2048x2048xbf16>) cost <flops = 8589934592, bytes_read = 12582912, bytes_written = 4194304> -> (tensor<1024x2048xbf16>)
    %expanded_296 = tensor.expand_shape %840 [[0, 1], [2]] output_shape [1, 1024, 2048] : tensor<1024x2048xbf16> into tensor<1x1024x2048xbf16>
    %841 = sched.compute "aten.add" ins(%830, %expanded_296 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %842 = sched.compute "aten.view" ins(%836 : tensor<2048x2048xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0> attributes {fx.view = "aten.permute.default"} -> (tensor<2048x2048xbf16>)
    %843 = sched.compute "aten.mul" ins(%841, %8 : tensor<1x1024x2048xbf16>, tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 8388608, bytes_written = 4194304> -> (tensor<1x1024x2048xbf16>)
    %844 = sched.compute "aten.sum" ins(%843 : tensor<1x1024x2048xbf16>) cost <flops = 2097152, bytes_read = 4194304, bytes_written = 4096> -> (tensor<1x1x2048xbf16>)
    %collapsed_297 = tensor.collapse_shape %844 [[0, 1, 2]] : tensor<1x1x2048xbf16> into tensor<2048xbf16>
    %collapsed_298 = tensor.collapse_shape %731 [[0, 1]] : tensor<2048x5632xbf16> into tensor<11534336xbf16>
    %collapsed_299 = tensor.collapse_shape %743 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_300 = tensor.collapse_shape %767 [[0, 1]] : tensor<5632x2048xbf16> into tensor<11534336xbf16>
    %collapsed_301 = tensor.collapse_shape %795 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_302 = tensor.collapse_shape %820 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_303 = tensor.collapse_shape %831 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %collapsed_304 = tensor.collapse_shape %842 [[0, 1]] : tensor<2048x2048xbf16> into tensor<4194304xbf16>
    %845 = sched.compute "aten.cat" ins(%collapsed_297, %collapsed_304, %collapsed_303, %collapsed_302, %collapsed_301, %collapsed_280, %collapsed_300, %collapsed_299, %collapsed_298 : tensor<2048xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<4194304xbf16>, tensor<2048xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>, tensor<11534336xbf16>) cost <flops = 0, bytes_read = 102768640, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %846 = sched.compute "aten.full" cost <flops = 0, bytes_read = 0, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %847 = sched.compute "aten.slice_scatter" ins(%846, %845 : tensor<51384320xbf16>, tensor<51384320xbf16>) cost <flops = 0, bytes_read = 205537280, bytes_written = 102768640> -> (tensor<51384320xbf16>)
    %848 = sched.reduce_scatter_start %847 on @dp reduction = avg scatter_dim = 0 : tensor<51384320xbf16> -> !sched.future<tensor<25692160xbf16>>
    %849 = sched.wait %848 : !sched.future<tensor<25692160xbf16>>
    return %282, %849, %721, %577, %433 : tensor<f32>, tensor<25692160xbf16>, tensor<25692160xbf16>, tensor<25692160xbf16>, tensor<25692160xbf16>
  }
}

