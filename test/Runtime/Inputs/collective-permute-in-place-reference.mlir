// collective-permute-in-place.mlir in the tensor form: bufferization gives
// every permute a fresh destination. The reference the in-place program must
// agree with.

sched.process_group @g size = 4

func.func @step(%x: tensor<6xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>)
    -> (tensor<6xf32>, tensor<4xf32>, tensor<4xf32>) {
  %f0 = sched.collective_permute_start %x on @g source_target_pairs = [[0, 1], [1, 2], [2, 3], [3, 0]] : tensor<6xf32> -> !sched.future<tensor<6xf32>>
  %f1 = sched.collective_permute_start %a, %b on @g source_target_pairs = [[0, 1], [1, 2], [2, 3]] : tensor<4xf32>, tensor<4xf32> -> !sched.future<tensor<4xf32>, tensor<4xf32>>
  %r0 = sched.wait %f0 : !sched.future<tensor<6xf32>>
  %r1:2 = sched.wait %f1 : !sched.future<tensor<4xf32>, tensor<4xf32>>
  return %r0, %r1#0, %r1#1 : tensor<6xf32>, tensor<4xf32>, tensor<4xf32>
}
