// A training step for sched_add_executable: an all-gather hidden behind an
// elementwise body, an opaque compute and an all-reduce.
sched.process_group @g size = 2

func.func @step(%x: tensor<4x8xf32>, %w: tensor<2x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %f = sched.all_gather_start %w on @g gather_dim = 0 : tensor<2x8xf32> -> !sched.future<tensor<4x8xf32>>
  %y = sched.compute "scale" ins(%x : tensor<4x8xf32>) -> (tensor<4x8xf32>) {
  ^bb0(%a: tensor<4x8xf32>):
    %s = arith.addf %a, %a : tensor<4x8xf32>
    sched.yield %s : tensor<4x8xf32>
  }
  %full = sched.wait %f : !sched.future<tensor<4x8xf32>>
  %z = sched.compute "mix" ins(%y, %full : tensor<4x8xf32>, tensor<4x8xf32>) cost <flops = 1000> -> (tensor<4x8xf32>)
  %r = sched.all_reduce_start %z on @g reduction = sum : tensor<4x8xf32> -> !sched.future<tensor<4x8xf32>>
  %rr = sched.wait %r : !sched.future<tensor<4x8xf32>>
  return %rr, %full : tensor<4x8xf32>, tensor<4x8xf32>
}
