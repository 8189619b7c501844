// The input of loop-early.test and loop-early-mpi.test: TP's backward loop
// in small. Each of four iterations gathers the activation gradient that the
// previous one computed (an iteration argument), computes the next gradient
// from it (dgrad, the value it yields) and a weight gradient summed into an
// accumulator (wgrad). sched-pipeline-loop-collectives starts the gather at
// the end of the previous iteration, on the yielded gradient, and carries
// its future.

sched.process_group @g size = 2

func.func @step(%dy0: tensor<4x8xf32>, %a0: tensor<8x8xf32>)
    -> (tensor<4x8xf32>, tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%dy = %dy0, %acc = %a0)
      -> (tensor<4x8xf32>, tensor<8x8xf32>) {
    %f = sched.all_gather_start %dy on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
    %full = sched.wait %f : !sched.future<tensor<8x8xf32>>
    %dx = sched.compute "dgrad" ins(%full : tensor<8x8xf32>) cost <time_ns = 100000> -> (tensor<4x8xf32>) {
    ^bb0(%a: tensor<8x8xf32>):
      %s = tensor.extract_slice %a[0, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
      %t = tensor.extract_slice %a[4, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
      %m = arith.mulf %s, %t : tensor<4x8xf32>
      %n = arith.addf %m, %s : tensor<4x8xf32>
      sched.yield %n : tensor<4x8xf32>
    }
    %gw = sched.compute "wgrad" ins(%full : tensor<8x8xf32>) cost <time_ns = 50000> -> (tensor<8x8xf32>) {
    ^bb0(%a: tensor<8x8xf32>):
      %m = arith.mulf %a, %a : tensor<8x8xf32>
      sched.yield %m : tensor<8x8xf32>
    }
    %na = sched.compute "accumulate" ins(%acc, %gw : tensor<8x8xf32>, tensor<8x8xf32>) cost <time_ns = 1000> -> (tensor<8x8xf32>) {
    ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>):
      %m = arith.addf %a, %b : tensor<8x8xf32>
      sched.yield %m : tensor<8x8xf32>
    }
    scf.yield %dx, %na : tensor<4x8xf32>, tensor<8x8xf32>
  }
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<8x8xf32>
}
