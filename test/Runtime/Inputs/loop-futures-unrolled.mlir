// loop-futures.mlir with its pipelined loop unrolled by hand and not
// pipelined: each gather is waited on right after its start. The reference
// the pipelined loop must agree with.

sched.process_group @g size = 2

func.func @step(%w0: tensor<4x8xf32>, %s0: tensor<8x8xf32>)
    -> (tensor<8x8xf32>, tensor<4x8xf32>) {
  %f0 = sched.all_gather_start %w0 on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
  %g0 = sched.wait %f0 : !sched.future<tensor<8x8xf32>>
  %w1 = sched.compute "shift" ins(%w0 : tensor<4x8xf32>) -> (tensor<4x8xf32>) {
  ^bb0(%u: tensor<4x8xf32>):
    %m = arith.addf %u, %u : tensor<4x8xf32>
    sched.yield %m : tensor<4x8xf32>
  }
  %s1 = sched.compute "update" ins(%s0, %g0 : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>):
    %m = arith.mulf %a, %b : tensor<8x8xf32>
    %n = arith.addf %m, %b : tensor<8x8xf32>
    sched.yield %n : tensor<8x8xf32>
  }
  %f1 = sched.all_gather_start %w1 on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
  %g1 = sched.wait %f1 : !sched.future<tensor<8x8xf32>>
  %w2 = sched.compute "shift" ins(%w1 : tensor<4x8xf32>) -> (tensor<4x8xf32>) {
  ^bb0(%u: tensor<4x8xf32>):
    %m = arith.addf %u, %u : tensor<4x8xf32>
    sched.yield %m : tensor<4x8xf32>
  }
  %s2 = sched.compute "update" ins(%s1, %g1 : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>):
    %m = arith.mulf %a, %b : tensor<8x8xf32>
    %n = arith.addf %m, %b : tensor<8x8xf32>
    sched.yield %n : tensor<8x8xf32>
  }
  %f2 = sched.all_gather_start %w2 on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
  %g2 = sched.wait %f2 : !sched.future<tensor<8x8xf32>>
  %s3 = sched.compute "update" ins(%s2, %g2 : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>):
    %m = arith.mulf %a, %b : tensor<8x8xf32>
    %n = arith.addf %m, %b : tensor<8x8xf32>
    sched.yield %n : tensor<8x8xf32>
  }
  return %s3, %w2 : tensor<8x8xf32>, tensor<4x8xf32>
}
