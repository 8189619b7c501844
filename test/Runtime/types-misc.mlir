// Scheduling never changes results in the other element types the runtime
// moves: f16, f64, i8, i64, f8E4M3FN and f8E5M2, in one bucket gathered along
// dim 1, sums (max for the 8-bit floats), avg and min reduce-scatters on dim
// 1, an all-to-all and a broadcast. The group has 2 ranks. The 8-bit floats
// have no compute (LLVM has no arithmetic for them).
//
// This file runs the reference runtime (every rank a thread of one process),
// so it needs no MPI: the unscheduled and the scheduled builds must agree.
// types-misc-mpi.test runs the same program on MPI against this reference.
// Collective results feed position-sensitive ops (a matmul, an elementwise
// product with an argument), since the checksums (sum and sum of |x|) do not
// see a permutation.
//
// The default memory slack (5%) forbids any overlap at these tiny sizes;
// memory-slack=4 lets the scheduler move starts up and waits down.
//
// Tolerance: none (--rtol 0): the fill values are multiples of 1/256 in
// [-1, 1), and with these reductions every result is exact.

// max-in-flight=2 keeps collectives in flight together (the searched caps
// tie at these sizes, and a tie goes to one in flight).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local --save-temps=%t/plain.temps
// RUN: sched-compile %s -o %t/sched --runtime=local "--schedule=max-in-flight=2 memory-slack=4" --save-temps=%t/sched.temps 2> %t/remarks
// RUN: awk -f %S/Inputs/collective-stats.awk %t/plain.temps/types-misc.llvm.mlir | FileCheck %s --check-prefix=PLAIN
// RUN: awk -f %S/Inputs/collective-stats.awk %t/sched.temps/types-misc.llvm.mlir | FileCheck %s --check-prefix=SCHED
// RUN: %t/ref --ranks 2 --iters 2 > %t/ref.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/ref.2 %t/sched.2 --rtol 0
// RUN: %t/ref --ranks 4 --iters 2 > %t/ref.4
// RUN: %t/sched --ranks 4 --iters 2 > %t/sched.4
// RUN: %compare_checksums %t/ref.4 %t/sched.4 --rtol 0

// In the input, 1 collective overlaps another; the scheduled
// executable overlaps more collectives.
// PLAIN: launches: 8, overlapped: 1, most in flight: 2, largest bucket: 6
// SCHED: launches: 8, overlapped: {{[2-9]}}, most in flight: {{[2-9]}}, largest bucket: 6

sched.process_group @g size = 2

func.func @step(%a: tensor<2x3xf16>, %b: tensor<2x3xf64>, %c: tensor<2x3xi8>,
                %d: tensor<2x3xi64>, %e: tensor<2x3xf8E4M3FN>, %f: tensor<2x3xf8E5M2>,
                %ma: tensor<2x6xf16>, %mb: tensor<2x6xf64>, %mc: tensor<2x6xi8>,
                %md: tensor<2x6xi64>, %s16: tensor<4x4xf16>, %s64: tensor<4x4xf64>)
    -> (tensor<2x6xf16>, tensor<2x6xf64>, tensor<2x6xi8>, tensor<2x6xi64>,
        tensor<2x6xf8E4M3FN>, tensor<2x6xf8E5M2>,
        tensor<2x3xf16>, tensor<2x3xf64>, tensor<2x3xi8>, tensor<2x3xi64>,
        tensor<2x3xf8E4M3FN>, tensor<2x3xf8E5M2>, tensor<4x2xf16>, tensor<4x2xf64>,
        tensor<2x6xi8>, tensor<2x6xf8E4M3FN>, tensor<2x3xf8E5M2>) {
  // One bucket, six element types, gathered along dim 1.
  %f0 = sched.all_gather_start %a, %b, %c, %d, %e, %f on @g gather_dim = 1
      : tensor<2x3xf16>, tensor<2x3xf64>, tensor<2x3xi8>, tensor<2x3xi64>, tensor<2x3xf8E4M3FN>, tensor<2x3xf8E5M2>
      -> !sched.future<tensor<2x6xf16>, tensor<2x6xf64>, tensor<2x6xi8>, tensor<2x6xi64>, tensor<2x6xf8E4M3FN>, tensor<2x6xf8E5M2>>
  %ga, %gb, %gc, %gd, %ge, %gf = sched.wait %f0
      : !sched.future<tensor<2x6xf16>, tensor<2x6xf64>, tensor<2x6xi8>, tensor<2x6xi64>, tensor<2x6xf8E4M3FN>, tensor<2x6xf8E5M2>>
  %ua, %ub, %uc, %ud = sched.compute "scale" ins(%ga, %gb, %gc, %gd, %ma, %mb, %mc, %md
      : tensor<2x6xf16>, tensor<2x6xf64>, tensor<2x6xi8>, tensor<2x6xi64>,
        tensor<2x6xf16>, tensor<2x6xf64>, tensor<2x6xi8>, tensor<2x6xi64>)
      -> (tensor<2x6xf16>, tensor<2x6xf64>, tensor<2x6xi8>, tensor<2x6xi64>) {
  ^bb0(%0: tensor<2x6xf16>, %1: tensor<2x6xf64>, %2: tensor<2x6xi8>, %3: tensor<2x6xi64>,
       %4: tensor<2x6xf16>, %5: tensor<2x6xf64>, %6: tensor<2x6xi8>, %7: tensor<2x6xi64>):
    %8 = arith.mulf %0, %4 : tensor<2x6xf16>
    %9 = arith.mulf %1, %5 : tensor<2x6xf64>
    %10 = arith.muli %2, %6 : tensor<2x6xi8>
    %11 = arith.muli %3, %7 : tensor<2x6xi64>
    sched.yield %8, %9, %10, %11 : tensor<2x6xf16>, tensor<2x6xf64>, tensor<2x6xi8>, tensor<2x6xi64>
  }
  // Sums (exact for these values), and max for the 8-bit floats, whose sums
  // would round differently in MPI's pairwise reduction.
  %f1 = sched.all_reduce_start %a, %b, %c, %d on @g reduction = sum
      : tensor<2x3xf16>, tensor<2x3xf64>, tensor<2x3xi8>, tensor<2x3xi64>
      -> !sched.future<tensor<2x3xf16>, tensor<2x3xf64>, tensor<2x3xi8>, tensor<2x3xi64>>
  %ra, %rb, %rc, %rd = sched.wait %f1
      : !sched.future<tensor<2x3xf16>, tensor<2x3xf64>, tensor<2x3xi8>, tensor<2x3xi64>>
  %f2 = sched.all_reduce_start %e, %f on @g reduction = max
      : tensor<2x3xf8E4M3FN>, tensor<2x3xf8E5M2> -> !sched.future<tensor<2x3xf8E4M3FN>, tensor<2x3xf8E5M2>>
  %re, %rf = sched.wait %f2 : !sched.future<tensor<2x3xf8E4M3FN>, tensor<2x3xf8E5M2>>
  %f3 = sched.reduce_scatter_start %s16 on @g reduction = avg scatter_dim = 1
      : tensor<4x4xf16> -> !sched.future<tensor<4x2xf16>>
  %f4 = sched.reduce_scatter_start %s64 on @g reduction = min scatter_dim = 1
      : tensor<4x4xf64> -> !sched.future<tensor<4x2xf64>>
  %sa = sched.wait %f3 : !sched.future<tensor<4x2xf16>>
  %sb = sched.wait %f4 : !sched.future<tensor<4x2xf64>>
  %f5 = sched.all_to_all_start %c, %e on @g split_dim = 0 concat_dim = 1
      : tensor<2x3xi8>, tensor<2x3xf8E4M3FN> -> !sched.future<tensor<1x6xi8>, tensor<1x6xf8E4M3FN>>
  %xa, %xe = sched.wait %f5 : !sched.future<tensor<1x6xi8>, tensor<1x6xf8E4M3FN>>
  %f6 = sched.all_gather_start %xa, %xe on @g gather_dim = 0
      : tensor<1x6xi8>, tensor<1x6xf8E4M3FN> -> !sched.future<tensor<2x6xi8>, tensor<2x6xf8E4M3FN>>
  %ya, %ye = sched.wait %f6 : !sched.future<tensor<2x6xi8>, tensor<2x6xf8E4M3FN>>
  %f7 = sched.broadcast_start %f on @g root = 1 : tensor<2x3xf8E5M2> -> !sched.future<tensor<2x3xf8E5M2>>
  %bf = sched.wait %f7 : !sched.future<tensor<2x3xf8E5M2>>
  return %ua, %ub, %uc, %ud, %ge, %gf, %ra, %rb, %rc, %rd, %re, %rf, %sa, %sb, %ya, %ye, %bf
      : tensor<2x6xf16>, tensor<2x6xf64>, tensor<2x6xi8>, tensor<2x6xi64>,
        tensor<2x6xf8E4M3FN>, tensor<2x6xf8E5M2>,
        tensor<2x3xf16>, tensor<2x3xf64>, tensor<2x3xi8>, tensor<2x3xi64>,
        tensor<2x3xf8E4M3FN>, tensor<2x3xf8E5M2>, tensor<4x2xf16>, tensor<4x2xf64>,
        tensor<2x6xi8>, tensor<2x6xf8E4M3FN>, tensor<2x3xf8E5M2>
}
