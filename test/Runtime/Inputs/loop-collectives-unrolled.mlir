// loop-collectives.mlir with its three iterations unrolled by hand: the
// reference its loop must agree with.

sched.process_group @g size = 2

func.func @step(%t0: tensor<4x8xf32>, %w: tensor<8x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %s0 = tensor.cast %t0 : tensor<4x8xf32> to tensor<4x8xf32>
    %f0 = sched.all_reduce_start %t0 on @g reduction = sum : tensor<4x8xf32> -> !sched.future<tensor<4x8xf32>>
    %p0 = sched.compute "mix" ins(%s0, %w : tensor<4x8xf32>, tensor<8x8xf32>) cost <flops = 512> -> (tensor<4x8xf32>)
    %t1 = sched.wait %f0 : !sched.future<tensor<4x8xf32>>
    %s1 = sched.compute "scale" ins(%t1, %p0 : tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>) {
    ^bb0(%u: tensor<4x8xf32>, %v: tensor<4x8xf32>):
      %m = arith.mulf %u, %v : tensor<4x8xf32>
      sched.yield %m : tensor<4x8xf32>
    }
    %f1 = sched.all_reduce_start %t1 on @g reduction = sum : tensor<4x8xf32> -> !sched.future<tensor<4x8xf32>>
    %p1 = sched.compute "mix" ins(%s1, %w : tensor<4x8xf32>, tensor<8x8xf32>) cost <flops = 512> -> (tensor<4x8xf32>)
    %t2 = sched.wait %f1 : !sched.future<tensor<4x8xf32>>
    %s2 = sched.compute "scale" ins(%t2, %p1 : tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>) {
    ^bb0(%u: tensor<4x8xf32>, %v: tensor<4x8xf32>):
      %m = arith.mulf %u, %v : tensor<4x8xf32>
      sched.yield %m : tensor<4x8xf32>
    }
    %f2 = sched.all_reduce_start %t2 on @g reduction = sum : tensor<4x8xf32> -> !sched.future<tensor<4x8xf32>>
    %p2 = sched.compute "mix" ins(%s2, %w : tensor<4x8xf32>, tensor<8x8xf32>) cost <flops = 512> -> (tensor<4x8xf32>)
    %t3 = sched.wait %f2 : !sched.future<tensor<4x8xf32>>
    %s3 = sched.compute "scale" ins(%t3, %p2 : tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>) {
    ^bb0(%u: tensor<4x8xf32>, %v: tensor<4x8xf32>):
      %m = arith.mulf %u, %v : tensor<4x8xf32>
      sched.yield %m : tensor<4x8xf32>
    }
  return %t3, %s3 : tensor<4x8xf32>, tensor<4x8xf32>
}
