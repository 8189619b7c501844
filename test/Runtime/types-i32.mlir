// Scheduling never changes results in i32: every collective kind (sum, avg
// and max reductions) on non-leading dims, with i32 compute bodies (an i32
// matmul, elementwise products, a linalg.generic reduction) and an opaque
// compute. The group has 2 ranks.
//
// This file runs the reference runtime (every rank a thread of one process),
// so it needs no MPI: the unscheduled and the scheduled builds must agree.
// types-i32-mpi.test runs the same program on MPI against this reference.
// Collective results feed position-sensitive ops (a matmul, an elementwise
// product with an argument), since the checksums (sum and sum of |x|) do not
// see a permutation.
//
// The default memory slack (5%) forbids any overlap at these tiny sizes;
// memory-slack=4 lets the scheduler move starts up and waits down.
//
// Tolerance: none (--rtol 0): integer results are exact.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local --save-temps=%t/plain.temps
// RUN: sched-compile %s -o %t/sched --runtime=local --schedule=memory-slack=4 --save-temps=%t/sched.temps 2> %t/remarks
// RUN: awk -f %S/Inputs/collective-stats.awk %t/plain.temps/types-i32.llvm.mlir | FileCheck %s --check-prefix=PLAIN
// RUN: awk -f %S/Inputs/collective-stats.awk %t/sched.temps/types-i32.llvm.mlir | FileCheck %s --check-prefix=SCHED
// RUN: %t/ref --ranks 2 --iters 2 > %t/ref.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/ref.2 %t/sched.2 --rtol 0
// RUN: %t/ref --ranks 4 --iters 2 > %t/ref.4
// RUN: %t/sched --ranks 4 --iters 2 > %t/sched.4
// RUN: %compare_checksums %t/ref.4 %t/sched.4 --rtol 0

// The input waits right after every start; the scheduled
// executable overlaps more collectives.
// PLAIN: launches: 7, overlapped: 0, most in flight: 1, largest bucket: 1
// SCHED: launches: 7, overlapped: {{[1-9]}}, most in flight: {{[2-9]}}, largest bucket: 1

sched.process_group @g size = 2

func.func @step(%a: tensor<4x6xi32>, %w: tensor<12x8xi32>, %b: tensor<8x4xi32>,
                %c: tensor<3x8x4xi32>, %v: tensor<4x4x2xi32>, %x: tensor<8x8xi32>,
                %m1: tensor<8x2xi32>, %m2: tensor<3x4x4xi32>, %m3: tensor<3x8x2xi32>,
                %m4: tensor<4x8x1xi32>)
    -> (tensor<4x8xi32>, tensor<4x8xi32>, tensor<8x2xi32>, tensor<3x4xi32>,
        tensor<3x8x2xi32>, tensor<4x8x1xi32>, tensor<8x8xi32>, tensor<8x8xi32>) {
  // all_gather along dim 1, then an i32 matmul.
  %f0 = sched.all_gather_start %a on @g gather_dim = 1 : tensor<4x6xi32> -> !sched.future<tensor<4x12xi32>>
  %ag = sched.wait %f0 : !sched.future<tensor<4x12xi32>>
  %mm = sched.compute "matmul" ins(%ag, %w : tensor<4x12xi32>, tensor<12x8xi32>) -> (tensor<4x8xi32>) {
  ^bb0(%l: tensor<4x12xi32>, %r: tensor<12x8xi32>):
    %e = tensor.empty() : tensor<4x8xi32>
    %zero = arith.constant 0 : i32
    %i = linalg.fill ins(%zero : i32) outs(%e : tensor<4x8xi32>) -> tensor<4x8xi32>
    %p = linalg.matmul ins(%l, %r : tensor<4x12xi32>, tensor<12x8xi32>) outs(%i : tensor<4x8xi32>) -> tensor<4x8xi32>
    sched.yield %p : tensor<4x8xi32>
  }
  %f1 = sched.all_reduce_start %mm on @g reduction = sum : tensor<4x8xi32> -> !sched.future<tensor<4x8xi32>>
  %ar = sched.wait %f1 : !sched.future<tensor<4x8xi32>>

  %f2 = sched.reduce_scatter_start %b on @g reduction = sum scatter_dim = 1 : tensor<8x4xi32> -> !sched.future<tensor<8x2xi32>>
  %rs = sched.wait %f2 : !sched.future<tensor<8x2xi32>>
  %rs1 = sched.compute "scale" ins(%rs, %m1 : tensor<8x2xi32>, tensor<8x2xi32>) -> (tensor<8x2xi32>) {
  ^bb0(%p: tensor<8x2xi32>, %q: tensor<8x2xi32>):
    %s = arith.muli %p, %q : tensor<8x2xi32>
    sched.yield %s : tensor<8x2xi32>
  }

  // reduce_scatter (avg) along the middle dim, then an i32 reduction.
  %f3 = sched.reduce_scatter_start %c on @g reduction = avg scatter_dim = 1 : tensor<3x8x4xi32> -> !sched.future<tensor<3x4x4xi32>>
  %ra = sched.wait %f3 : !sched.future<tensor<3x4x4xi32>>
  %rowsum = sched.compute "row_sum" ins(%ra, %m2 : tensor<3x4x4xi32>, tensor<3x4x4xi32>) -> (tensor<3x4xi32>) {
  ^bb0(%p: tensor<3x4x4xi32>, %q: tensor<3x4x4xi32>):
    %e = tensor.empty() : tensor<3x4xi32>
    %zero = arith.constant 0 : i32
    %i = linalg.fill ins(%zero : i32) outs(%e : tensor<3x4xi32>) -> tensor<3x4xi32>
    %s = linalg.generic {
        indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, k)>],
        iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%p, %q : tensor<3x4x4xi32>, tensor<3x4x4xi32>) outs(%i : tensor<3x4xi32>) {
    ^bb1(%u: i32, %v2: i32, %acc: i32):
      %t = arith.muli %u, %v2 : i32
      %n = arith.addi %acc, %t : i32
      linalg.yield %n : i32
    } -> tensor<3x4xi32>
    sched.yield %s : tensor<3x4xi32>
  }

  %f4 = sched.reduce_scatter_start %c on @g reduction = max scatter_dim = 2 : tensor<3x8x4xi32> -> !sched.future<tensor<3x8x2xi32>>
  %rm = sched.wait %f4 : !sched.future<tensor<3x8x2xi32>>
  %rm1 = sched.compute "scale" ins(%rm, %m3 : tensor<3x8x2xi32>, tensor<3x8x2xi32>) -> (tensor<3x8x2xi32>) {
  ^bb0(%p: tensor<3x8x2xi32>, %q: tensor<3x8x2xi32>):
    %s = arith.muli %p, %q : tensor<3x8x2xi32>
    sched.yield %s : tensor<3x8x2xi32>
  }

  %f5 = sched.all_to_all_start %v on @g split_dim = 2 concat_dim = 1 : tensor<4x4x2xi32> -> !sched.future<tensor<4x8x1xi32>>
  %t1 = sched.wait %f5 : !sched.future<tensor<4x8x1xi32>>
  %t1s = sched.compute "scale" ins(%t1, %m4 : tensor<4x8x1xi32>, tensor<4x8x1xi32>) -> (tensor<4x8x1xi32>) {
  ^bb0(%p: tensor<4x8x1xi32>, %q: tensor<4x8x1xi32>):
    %s = arith.muli %p, %q : tensor<4x8x1xi32>
    sched.yield %s : tensor<4x8x1xi32>
  }

  %f6 = sched.broadcast_start %x on @g root = 1 : tensor<8x8xi32> -> !sched.future<tensor<8x8xi32>>
  %bc = sched.wait %f6 : !sched.future<tensor<8x8xi32>>
  %mix = sched.compute "mix" ins(%bc, %x : tensor<8x8xi32>, tensor<8x8xi32>) cost <flops = 100000, bytes_read = 256, bytes_written = 128> -> (tensor<8x8xi32>)
  %sq = sched.compute "square" ins(%x : tensor<8x8xi32>) -> (tensor<8x8xi32>) {
  ^bb0(%t: tensor<8x8xi32>):
    %s = arith.muli %t, %t : tensor<8x8xi32>
    sched.yield %s : tensor<8x8xi32>
  }
  return %mm, %ar, %rs1, %rowsum, %rm1, %t1s, %mix, %sq
      : tensor<4x8xi32>, tensor<4x8xi32>, tensor<8x2xi32>, tensor<3x4xi32>,
        tensor<3x8x2xi32>, tensor<4x8x1xi32>, tensor<8x8xi32>, tensor<8x8xi32>
}
