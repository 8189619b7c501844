// The input of loop-pipelined-mpi.test on 4 ranks (loop-pipelined.mlir with a
// group of 4): a loop of four layers that gathers
// each layer's weight shard (sliced from a stack by the induction variable),
// computes the layer with it, and reduce-scatters a gradient that only an
// accumulator reads. sched-pipeline-loop-collectives prefetches the gather
// one iteration ahead and sinks the reduce-scatter's wait into the next
// iteration.

sched.process_group @g size = 4

func.func @step(%x0: tensor<8x8xf32>, %w: tensor<4x2x8xf32>, %a0: tensor<2x8xf32>)
    -> (tensor<8x8xf32>, tensor<2x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0, %acc = %a0)
      -> (tensor<8x8xf32>, tensor<2x8xf32>) {
    %shard = tensor.extract_slice %w[%i, 0, 0] [1, 2, 8] [1, 1, 1] : tensor<4x2x8xf32> to tensor<2x8xf32>
    %f = sched.all_gather_start %shard on @g gather_dim = 0 : tensor<2x8xf32> -> !sched.future<tensor<8x8xf32>>
    %full = sched.wait %f : !sched.future<tensor<8x8xf32>>
    %y = sched.compute "layer" ins(%x, %full : tensor<8x8xf32>, tensor<8x8xf32>) cost <time_ns = 100000> -> (tensor<8x8xf32>) {
    ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>):
      %m = arith.mulf %a, %b : tensor<8x8xf32>
      %n = arith.addf %m, %b : tensor<8x8xf32>
      sched.yield %n : tensor<8x8xf32>
    }
    %gr = sched.compute "grad" ins(%y : tensor<8x8xf32>) cost <time_ns = 100000> -> (tensor<8x8xf32>) {
    ^bb0(%a: tensor<8x8xf32>):
      %m = arith.addf %a, %a : tensor<8x8xf32>
      sched.yield %m : tensor<8x8xf32>
    }
    %fr = sched.reduce_scatter_start %gr on @g reduction = sum scatter_dim = 0 : tensor<8x8xf32> -> !sched.future<tensor<2x8xf32>>
    %rs = sched.wait %fr : !sched.future<tensor<2x8xf32>>
    %na = sched.compute "acc" ins(%acc, %rs : tensor<2x8xf32>, tensor<2x8xf32>) cost <time_ns = 1000> -> (tensor<2x8xf32>) {
    ^bb0(%a: tensor<2x8xf32>, %b: tensor<2x8xf32>):
      %m = arith.addf %a, %b : tensor<2x8xf32>
      sched.yield %m : tensor<2x8xf32>
    }
    scf.yield %y, %na : tensor<8x8xf32>, tensor<2x8xf32>
  }
  return %r#0, %r#1 : tensor<8x8xf32>, tensor<2x8xf32>
}
