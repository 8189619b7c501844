// Scheduling never changes results when compute writes in place what a
// collective still reads: an elementwise square of %x and a matmul
// accumulating into %x while %x is all-reduced (in the input), and an opaque
// update (outs) and an elementwise update of %b, which the scheduler moves
// between the start and the wait of the gather of %b. The lowering
// (sched-copy-in-flight-inputs) gives those ops copies; before it, both
// builds failed sched-verify-schedule. The group has 2 ranks.
//
// This file runs the reference runtime (every rank a thread of one process),
// so it needs no MPI: the unscheduled and the scheduled builds must agree.
// in-flight-writes-mpi.test runs the same program on MPI against this
// reference.
// Collective results feed position-sensitive ops (a matmul, an elementwise
// product with an argument), since the checksums (sum and sum of |x|) do not
// see a permutation.
//
// The default memory slack (5%) forbids any overlap at these tiny sizes;
// memory-slack=4 lets the scheduler move starts up and waits down.
//
// Tolerance: 1e-5 of the absolute sum (f32).

// max-in-flight=2 keeps collectives in flight together (the searched caps
// tie at these sizes, and a tie goes to one in flight).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local --save-temps=%t/plain.temps
// RUN: sched-compile %s -o %t/sched --runtime=local "--schedule=max-in-flight=2 memory-slack=4" --save-temps=%t/sched.temps 2> %t/remarks
// RUN: awk -f %S/Inputs/collective-stats.awk %t/plain.temps/in-flight-writes.llvm.mlir | FileCheck %s --check-prefix=PLAIN
// RUN: awk -f %S/Inputs/collective-stats.awk %t/sched.temps/in-flight-writes.llvm.mlir | FileCheck %s --check-prefix=SCHED
// RUN: %t/ref --ranks 2 --iters 2 > %t/ref.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/ref.2 %t/sched.2 --rtol 1e-5
// RUN: %t/ref --ranks 4 --iters 2 > %t/ref.4
// RUN: %t/sched --ranks 4 --iters 2 > %t/sched.4
// RUN: %compare_checksums %t/ref.4 %t/sched.4 --rtol 1e-5

// In the input the two collectives do not overlap; in the scheduled
// executable they do.
// PLAIN: launches: 2, overlapped: 0, most in flight: 1, largest bucket: 1
// SCHED: launches: 2, overlapped: {{[1-9]}}, most in flight: {{[2-9]}}, largest bucket: 1

sched.process_group @g size = 2

func.func @step(%a: tensor<8x8xf32>, %b: tensor<4x8xf32>, %x: tensor<4x8xf32>,
                %w: tensor<4x4xf32>, %big: tensor<32x32xf32>, %m: tensor<4x16xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x16xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>, tensor<32x32xf32>) {
  // Already in the input: while %x is all-reduced, an elementwise square of
  // %x and a matmul accumulating into %x (both would write %x in place).
  %f0 = sched.all_reduce_start %x on @g reduction = sum : tensor<4x8xf32> -> !sched.future<tensor<4x8xf32>>
  %sq = sched.compute "square" ins(%x : tensor<4x8xf32>) -> (tensor<4x8xf32>) {
  ^bb0(%t: tensor<4x8xf32>):
    %s = arith.mulf %t, %t : tensor<4x8xf32>
    sched.yield %s : tensor<4x8xf32>
  }
  %acc = sched.compute "matmul_acc" ins(%w, %x : tensor<4x4xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>) {
  ^bb0(%p: tensor<4x4xf32>, %q: tensor<4x8xf32>):
    %r = linalg.matmul ins(%p, %q : tensor<4x4xf32>, tensor<4x8xf32>) outs(%q : tensor<4x8xf32>) -> tensor<4x8xf32>
    sched.yield %r : tensor<4x8xf32>
  }
  %r0 = sched.wait %f0 : !sched.future<tensor<4x8xf32>>

  // Moved there by the scheduler: an opaque compute that updates %b in place
  // (outs) and an elementwise update of %b, independent of the gather of %b.
  %f1 = sched.all_gather_start %b on @g gather_dim = 1 : tensor<4x8xf32> -> !sched.future<tensor<4x16xf32>>
  %g1 = sched.wait %f1 : !sched.future<tensor<4x16xf32>>
  %gm = sched.compute "scale" ins(%g1, %m : tensor<4x16xf32>, tensor<4x16xf32>) -> (tensor<4x16xf32>) {
  ^bb0(%p: tensor<4x16xf32>, %q: tensor<4x16xf32>):
    %s = arith.mulf %p, %q : tensor<4x16xf32>
    sched.yield %s : tensor<4x16xf32>
  }
  %y = sched.compute "big" ins(%big : tensor<32x32xf32>) cost <flops = 100000000> -> (tensor<32x32xf32>)
  %c = sched.compute "adam" ins(%a : tensor<8x8xf32>) outs(%b : tensor<4x8xf32>) cost <flops = 64> -> (tensor<4x8xf32>)
  %d = sched.compute "update" ins(%sq, %b : tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>) {
  ^bb0(%p: tensor<4x8xf32>, %q: tensor<4x8xf32>):
    %s = linalg.add ins(%p, %q : tensor<4x8xf32>, tensor<4x8xf32>) outs(%q : tensor<4x8xf32>) -> tensor<4x8xf32>
    sched.yield %s : tensor<4x8xf32>
  }
  return %r0, %sq, %acc, %gm, %c, %d, %y
      : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x16xf32>,
        tensor<4x8xf32>, tensor<4x8xf32>, tensor<32x32xf32>
}
