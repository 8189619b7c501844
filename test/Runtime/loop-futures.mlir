// A pipelined loop: the all-gather of iteration i+1 starts in iteration i,
// its future is the loop-carried value, and the wait is in the next
// iteration (or after the loop, for the last one). The prologue starts
// iteration 0's gather; the epilogue waits on the last and finishes its
// update. This is the form a collective pipeliner produces (docs/Rationale.md,
// "Futures across blocks"); the runtime handle of the gather is what the
// lowered loop carries.
//
// This file runs the reference runtime (every rank a thread of one process):
// the pipelined loop, unscheduled and scheduled, must agree with the same
// program unrolled by hand, each gather waited on right after its start
// (Inputs/loop-futures-unrolled.mlir), on 2 and 4 ranks (two groups of 2).
// loop-futures-mpi.test runs it on MPI.
//
// Tolerance: 1e-6 of the absolute sum (f32; the same ops in the same order).

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/loop --runtime=local
// RUN: sched-compile %s -o %t/sched --runtime=local --schedule=memory-slack=4 2> %t/remarks
// RUN: sched-compile %S/Inputs/loop-futures-unrolled.mlir -o %t/unrolled --runtime=local
// RUN: %t/unrolled --ranks 2 --iters 2 > %t/unrolled.2
// RUN: %t/loop --ranks 2 --iters 2 > %t/loop.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/unrolled.2 %t/loop.2 --rtol 1e-6
// RUN: %compare_checksums %t/unrolled.2 %t/sched.2 --rtol 1e-6
// RUN: %t/unrolled --ranks 4 --iters 2 > %t/unrolled.4
// RUN: %t/loop --ranks 4 --iters 2 > %t/loop.4
// RUN: %t/sched --ranks 4 --iters 2 > %t/sched.4
// RUN: %compare_checksums %t/unrolled.4 %t/loop.4 --rtol 1e-6
// RUN: %compare_checksums %t/unrolled.4 %t/sched.4 --rtol 1e-6

// test/Conversion/SchedToRuntime/loop-futures.mlir checks the lowered form.

sched.process_group @g size = 2

func.func @step(%w: tensor<4x8xf32>, %s0: tensor<8x8xf32>)
    -> (tensor<8x8xf32>, tensor<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f0 = sched.all_gather_start %w on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
  %r:3 = scf.for %i = %c0 to %c2 step %c1 iter_args(%f = %f0, %s = %s0, %wi = %w)
      -> (!sched.future<tensor<8x8xf32>>, tensor<8x8xf32>, tensor<4x8xf32>) {
    %g = sched.wait %f : !sched.future<tensor<8x8xf32>>
    %wn = sched.compute "shift" ins(%wi : tensor<4x8xf32>) -> (tensor<4x8xf32>) {
    ^bb0(%u: tensor<4x8xf32>):
      %m = arith.addf %u, %u : tensor<4x8xf32>
      sched.yield %m : tensor<4x8xf32>
    }
    %fn = sched.all_gather_start %wn on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
    %sn = sched.compute "update" ins(%s, %g : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>) {
    ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>):
      %m = arith.mulf %a, %b : tensor<8x8xf32>
      %n = arith.addf %m, %b : tensor<8x8xf32>
      sched.yield %n : tensor<8x8xf32>
    }
    scf.yield %fn, %sn, %wn : !sched.future<tensor<8x8xf32>>, tensor<8x8xf32>, tensor<4x8xf32>
  }
  %g2 = sched.wait %r#0 : !sched.future<tensor<8x8xf32>>
  %s3 = sched.compute "update" ins(%r#1, %g2 : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>):
    %m = arith.mulf %a, %b : tensor<8x8xf32>
    %n = arith.addf %m, %b : tensor<8x8xf32>
    sched.yield %n : tensor<8x8xf32>
  }
  return %s3, %r#2 : tensor<8x8xf32>, tensor<4x8xf32>
}
