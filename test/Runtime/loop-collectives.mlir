// A loop whose body all-reduces its iteration argument, waits and yields the
// result of the wait (and a compute result on it): one-shot bufferization
// rejected it ("Yield operand #0 is not equivalent to the corresponding iter
// bbArg") until sched-materialize-loop-yields copied such values back into
// the iteration's buffer. The start and the wait are both in the body.
//
// This file runs the reference runtime (every rank a thread of one process):
// the loop, unscheduled and scheduled, must agree with the same program
// unrolled by hand (Inputs/loop-collectives-unrolled.mlir).
// loop-collectives-mpi.test runs it on MPI.
//
// Tolerance: 1e-6 of the absolute sum (f32; the same ops in the same order).

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/loop --runtime=local
// RUN: sched-compile %s -o %t/sched --runtime=local --schedule=memory-slack=4 2> %t/remarks
// RUN: sched-compile %S/Inputs/loop-collectives-unrolled.mlir -o %t/unrolled --runtime=local
// RUN: %t/unrolled --ranks 2 --iters 2 > %t/unrolled.2
// RUN: %t/loop --ranks 2 --iters 2 > %t/loop.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/unrolled.2 %t/loop.2 --rtol 1e-6
// RUN: %compare_checksums %t/unrolled.2 %t/sched.2 --rtol 1e-6

// test/Conversion/SchedToRuntime/materialize-loop-yields.mlir checks the
// bufferized form.

sched.process_group @g size = 2

func.func @step(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %x, %s = %x)
      -> (tensor<4x8xf32>, tensor<4x8xf32>) {
    %f = sched.all_reduce_start %t on @g reduction = sum : tensor<4x8xf32> -> !sched.future<tensor<4x8xf32>>
    %p = sched.compute "mix" ins(%s, %w : tensor<4x8xf32>, tensor<8x8xf32>) cost <flops = 512> -> (tensor<4x8xf32>)
    %a = sched.wait %f : !sched.future<tensor<4x8xf32>>
    %n = sched.compute "scale" ins(%a, %p : tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>) {
    ^bb0(%u: tensor<4x8xf32>, %v: tensor<4x8xf32>):
      %m = arith.mulf %u, %v : tensor<4x8xf32>
      sched.yield %m : tensor<4x8xf32>
    }
    scf.yield %a, %n : tensor<4x8xf32>, tensor<4x8xf32>
  }
  return %r#0, %r#1 : tensor<4x8xf32>, tensor<4x8xf32>
}
