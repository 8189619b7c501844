// The step of fsdp-layer.mlir scheduled by hand the way the overlap scheduler
// (issue 6) will: the second all_gather is prefetched before the first
// matmul, and the reduce_scatter waits are sunk to the end of the step. Shapes: hidden 4096, ffn 16384,
// 8 sequences of 1024 tokens per rank, bf16 parameters, f32 gradients.
//
//   build/bin/sched-opt examples/fsdp-layer-scheduled.mlir \
//     --sched-attach-target --sched-report="summary=-" -o /dev/null

// The 8 ranks of one node shard the parameters.
sched.process_group @fsdp size = 8 ranks_per_node = 8

func.func @step(%x: tensor<8192x4096xbf16>,
                %w1_shard: tensor<2048x4096xbf16>,
                %w2_shard: tensor<512x16384xbf16>)
    -> (tensor<8192x4096xbf16>, tensor<2048x4096xf32>, tensor<512x16384xf32>) {
  // Forward: gather the full parameters of each layer just before use.
  %f1 = sched.all_gather_start %w1_shard on @fsdp gather_dim = 0
      : tensor<2048x4096xbf16> -> !sched.future<tensor<16384x4096xbf16>>
  %w1 = sched.wait %f1 : !sched.future<tensor<16384x4096xbf16>>
  %f2 = sched.all_gather_start %w2_shard on @fsdp gather_dim = 0
      : tensor<512x16384xbf16> -> !sched.future<tensor<4096x16384xbf16>>
  %h = sched.compute "matmul" ins(%x, %w1 : tensor<8192x4096xbf16>, tensor<16384x4096xbf16>)
      cost <flops = 1099511627776, bytes_read = 201326592, bytes_written = 268435456>
      -> (tensor<8192x16384xbf16>)
  %a = sched.compute "gelu" ins(%h : tensor<8192x16384xbf16>)
      cost <flops = 1073741824, bytes_read = 268435456, bytes_written = 268435456>
      -> (tensor<8192x16384xbf16>)

  %w2 = sched.wait %f2 : !sched.future<tensor<4096x16384xbf16>>
  %y = sched.compute "matmul" ins(%a, %w2 : tensor<8192x16384xbf16>, tensor<4096x16384xbf16>)
      cost <flops = 1099511627776, bytes_read = 402653184, bytes_written = 67108864>
      -> (tensor<8192x4096xbf16>)

  // Backward: weight gradients, reduce-scattered back to their shards.
  %dw2 = sched.compute "matmul_wgrad" ins(%a, %y : tensor<8192x16384xbf16>, tensor<8192x4096xbf16>)
      cost <flops = 1099511627776, bytes_read = 335544320, bytes_written = 268435456>
      -> (tensor<4096x16384xf32>)
  %g2 = sched.reduce_scatter_start %dw2 on @fsdp reduction = avg scatter_dim = 0
      : tensor<4096x16384xf32> -> !sched.future<tensor<512x16384xf32>>

  %dw1 = sched.compute "matmul_wgrad" ins(%x, %h : tensor<8192x4096xbf16>, tensor<8192x16384xbf16>)
      cost <flops = 1099511627776, bytes_read = 335544320, bytes_written = 268435456>
      -> (tensor<16384x4096xf32>)
  %g1 = sched.reduce_scatter_start %dw1 on @fsdp reduction = avg scatter_dim = 0
      : tensor<16384x4096xf32> -> !sched.future<tensor<2048x4096xf32>>

  %dw2_shard = sched.wait %g2 : !sched.future<tensor<512x16384xf32>>
  %dw1_shard = sched.wait %g1 : !sched.future<tensor<2048x4096xf32>>
  return %y, %dw1_shard, %dw2_shard
      : tensor<8192x4096xbf16>, tensor<2048x4096xf32>, tensor<512x16384xf32>
}
