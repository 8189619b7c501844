// Scheduling never changes results of bucketed collectives: variadic starts
// of every kind with several tensors of mixed shapes and element types (f32,
// bf16, i32), and separate gathers that sched-bucket-collectives merges
// (bucket=true). The group has 2 ranks.
//
// This file runs the reference runtime (every rank a thread of one process),
// so it needs no MPI: the unscheduled and the scheduled builds must agree.
// buckets-mpi.test runs the same program on MPI against this reference.
// Collective results feed position-sensitive ops (a matmul, an elementwise
// product with an argument), since the checksums (sum and sum of |x|) do not
// see a permutation.
//
// The default memory slack (5%) forbids any overlap at these tiny sizes;
// memory-slack=4 lets the scheduler move starts up and waits down.
//
// Tolerance: 1e-2 of the absolute sum, for the bf16 members (MPI reduces
// bf16 pairwise, rounding each step; the reference rounds once).

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local --save-temps=%t/plain.temps
// RUN: sched-compile %s -o %t/sched --runtime=local "--schedule=memory-slack=4 bucket=true" --save-temps=%t/sched.temps 2> %t/remarks
// RUN: awk -f %S/Inputs/collective-stats.awk %t/plain.temps/buckets.llvm.mlir | FileCheck %s --check-prefix=PLAIN
// RUN: awk -f %S/Inputs/collective-stats.awk %t/sched.temps/buckets.llvm.mlir | FileCheck %s --check-prefix=SCHED
// RUN: %t/ref --ranks 2 --iters 2 > %t/ref.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/ref.2 %t/sched.2 --rtol 1e-2
// RUN: %t/ref --ranks 4 --iters 2 > %t/ref.4
// RUN: %t/sched --ranks 4 --iters 2 > %t/sched.4
// RUN: %compare_checksums %t/ref.4 %t/sched.4 --rtol 1e-2

// The input waits right after every start; in the scheduled executable the
// gathers of %x, %y and %z join the hand-written gather of %a, %b and %c
// (same dim; element types may mix in a bucket) in one launch of six
// members, and collectives are in flight together.
// PLAIN: launches: 8, overlapped: 0, most in flight: 1, largest bucket: 3
// SCHED: launches: {{[1-7]}}, overlapped: {{[1-9]}}, most in flight: {{[2-9]}}, largest bucket: 6

sched.process_group @g size = 2

func.func @step(%a: tensor<4x6xf32>, %b: tensor<2x4xbf16>, %c: tensor<2x3xi32>,
                %d: tensor<8x4xf32>, %e: tensor<16xf32>, %h: tensor<4x4xf32>,
                %k: tensor<6xbf16>, %p: tensor<4x4xf32>, %q: tensor<2x4x2xi32>,
                %r: tensor<5xf32>, %s: tensor<3xi32>,
                %x: tensor<2x8xf32>, %y: tensor<3x4xf32>, %z: tensor<2x8xf32>,
                %ma: tensor<4x12xf32>, %mb: tensor<2x8xbf16>, %mc: tensor<2x6xi32>,
                %md: tensor<4x2xf32>, %mp: tensor<8x2xf32>, %mq: tensor<4x2x2xi32>,
                %mx: tensor<2x16xf32>, %my: tensor<3x8xf32>)
    -> (tensor<4x12xf32>, tensor<2x8xbf16>, tensor<2x6xi32>, tensor<4x2xf32>,
        tensor<8xf32>, tensor<4x4xf32>, tensor<6xbf16>, tensor<8x2xf32>,
        tensor<4x2x2xi32>, tensor<5xf32>, tensor<3xi32>, tensor<2x16xf32>,
        tensor<3x8xf32>) {
  // Buckets written by hand: several tensors of mixed shapes and element
  // types per start.
  %f0 = sched.all_gather_start %a, %b, %c on @g gather_dim = 1
      : tensor<4x6xf32>, tensor<2x4xbf16>, tensor<2x3xi32>
      -> !sched.future<tensor<4x12xf32>, tensor<2x8xbf16>, tensor<2x6xi32>>
  %ga, %gb, %gc = sched.wait %f0 : !sched.future<tensor<4x12xf32>, tensor<2x8xbf16>, tensor<2x6xi32>>
  %f1 = sched.reduce_scatter_start %d, %e on @g reduction = sum scatter_dim = 0
      : tensor<8x4xf32>, tensor<16xf32> -> !sched.future<tensor<4x4xf32>, tensor<8xf32>>
  %rd, %re = sched.wait %f1 : !sched.future<tensor<4x4xf32>, tensor<8xf32>>
  %f2 = sched.all_reduce_start %h, %k on @g reduction = avg
      : tensor<4x4xf32>, tensor<6xbf16> -> !sched.future<tensor<4x4xf32>, tensor<6xbf16>>
  %ah, %ak = sched.wait %f2 : !sched.future<tensor<4x4xf32>, tensor<6xbf16>>
  %f3 = sched.all_to_all_start %p, %q on @g split_dim = 1 concat_dim = 0
      : tensor<4x4xf32>, tensor<2x4x2xi32> -> !sched.future<tensor<8x2xf32>, tensor<4x2x2xi32>>
  %tp, %tq = sched.wait %f3 : !sched.future<tensor<8x2xf32>, tensor<4x2x2xi32>>
  %f4 = sched.broadcast_start %r, %s on @g root = 1
      : tensor<5xf32>, tensor<3xi32> -> !sched.future<tensor<5xf32>, tensor<3xi32>>
  %br, %bs = sched.wait %f4 : !sched.future<tensor<5xf32>, tensor<3xi32>>

  // Separate gathers of one element type and dim, which
  // sched-bucket-collectives merges.
  %f5 = sched.all_gather_start %x on @g gather_dim = 1 : tensor<2x8xf32> -> !sched.future<tensor<2x16xf32>>
  %gx = sched.wait %f5 : !sched.future<tensor<2x16xf32>>
  %f6 = sched.all_gather_start %y on @g gather_dim = 1 : tensor<3x4xf32> -> !sched.future<tensor<3x8xf32>>
  %gy = sched.wait %f6 : !sched.future<tensor<3x8xf32>>
  %f7 = sched.all_gather_start %z on @g gather_dim = 1 : tensor<2x8xf32> -> !sched.future<tensor<2x16xf32>>
  %gz = sched.wait %f7 : !sched.future<tensor<2x16xf32>>

  // Position-sensitive uses of the gathered, scattered and exchanged data.
  %ua = sched.compute "scale" ins(%ga, %ma : tensor<4x12xf32>, tensor<4x12xf32>) -> (tensor<4x12xf32>) {
  ^bb0(%0: tensor<4x12xf32>, %1: tensor<4x12xf32>):
    %2 = arith.mulf %0, %1 : tensor<4x12xf32>
    sched.yield %2 : tensor<4x12xf32>
  }
  %ub = sched.compute "scale" ins(%gb, %mb : tensor<2x8xbf16>, tensor<2x8xbf16>) -> (tensor<2x8xbf16>) {
  ^bb0(%0: tensor<2x8xbf16>, %1: tensor<2x8xbf16>):
    %2 = arith.mulf %0, %1 : tensor<2x8xbf16>
    sched.yield %2 : tensor<2x8xbf16>
  }
  %uc = sched.compute "scale" ins(%gc, %mc : tensor<2x6xi32>, tensor<2x6xi32>) -> (tensor<2x6xi32>) {
  ^bb0(%0: tensor<2x6xi32>, %1: tensor<2x6xi32>):
    %2 = arith.muli %0, %1 : tensor<2x6xi32>
    sched.yield %2 : tensor<2x6xi32>
  }
  %ud = sched.compute "matmul" ins(%rd, %md : tensor<4x4xf32>, tensor<4x2xf32>) -> (tensor<4x2xf32>) {
  ^bb0(%0: tensor<4x4xf32>, %1: tensor<4x2xf32>):
    %e0 = tensor.empty() : tensor<4x2xf32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e0 : tensor<4x2xf32>) -> tensor<4x2xf32>
    %m = linalg.matmul ins(%0, %1 : tensor<4x4xf32>, tensor<4x2xf32>) outs(%i : tensor<4x2xf32>) -> tensor<4x2xf32>
    sched.yield %m : tensor<4x2xf32>
  }
  %up = sched.compute "scale" ins(%tp, %mp : tensor<8x2xf32>, tensor<8x2xf32>) -> (tensor<8x2xf32>) {
  ^bb0(%0: tensor<8x2xf32>, %1: tensor<8x2xf32>):
    %2 = arith.mulf %0, %1 : tensor<8x2xf32>
    sched.yield %2 : tensor<8x2xf32>
  }
  %uq = sched.compute "scale" ins(%tq, %mq : tensor<4x2x2xi32>, tensor<4x2x2xi32>) -> (tensor<4x2x2xi32>) {
  ^bb0(%0: tensor<4x2x2xi32>, %1: tensor<4x2x2xi32>):
    %2 = arith.muli %0, %1 : tensor<4x2x2xi32>
    sched.yield %2 : tensor<4x2x2xi32>
  }
  %ux = sched.compute "fma" ins(%gx, %mx, %gz : tensor<2x16xf32>, tensor<2x16xf32>, tensor<2x16xf32>) -> (tensor<2x16xf32>) {
  ^bb0(%0: tensor<2x16xf32>, %1: tensor<2x16xf32>, %2: tensor<2x16xf32>):
    %3 = arith.mulf %0, %1 : tensor<2x16xf32>
    %4 = arith.addf %3, %2 : tensor<2x16xf32>
    sched.yield %4 : tensor<2x16xf32>
  }
  %uy = sched.compute "scale" ins(%gy, %my : tensor<3x8xf32>, tensor<3x8xf32>) -> (tensor<3x8xf32>) {
  ^bb0(%0: tensor<3x8xf32>, %1: tensor<3x8xf32>):
    %2 = arith.mulf %0, %1 : tensor<3x8xf32>
    sched.yield %2 : tensor<3x8xf32>
  }
  return %ua, %ub, %uc, %ud, %re, %ah, %ak, %up, %uq, %br, %bs, %ux, %uy
      : tensor<4x12xf32>, tensor<2x8xbf16>, tensor<2x6xi32>, tensor<4x2xf32>,
        tensor<8xf32>, tensor<4x4xf32>, tensor<6xbf16>, tensor<8x2xf32>,
        tensor<4x2x2xi32>, tensor<5xf32>, tensor<3xi32>, tensor<2x16xf32>,
        tensor<3x8xf32>
}
