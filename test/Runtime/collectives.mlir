// Scheduling never changes results: every collective kind in f32, on
// non-leading gather/scatter/split/concat dims, between compute with bodies
// (linalg.matmul, elementwise arith, a linalg.generic reduction) and an
// opaque compute with only a cost. The group has 2 ranks, so it tiles 2 and
// 4 ranks (two groups on 4).
//
// This file runs the reference runtime (every rank a thread of one process),
// so it needs no MPI: the unscheduled and the scheduled builds must agree.
// collectives-mpi.test runs the same program on MPI against this reference.
// Collective results feed position-sensitive ops (a matmul, an elementwise
// product with an argument), since the checksums (sum and sum of |x|) do not
// see a permutation.
//
// The default memory slack (5%) forbids any overlap at these tiny sizes;
// memory-slack=4 lets the scheduler move starts up and waits down.
//
// Tolerance: 1e-5 of the absolute sum (f32 reductions may add in another
// order).

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local --save-temps=%t/plain.temps
// RUN: sched-compile %s -o %t/sched --runtime=local --schedule=memory-slack=4 --save-temps=%t/sched.temps 2> %t/remarks
// RUN: awk -f %S/Inputs/collective-stats.awk %t/plain.temps/collectives.llvm.mlir | FileCheck %s --check-prefix=PLAIN
// RUN: awk -f %S/Inputs/collective-stats.awk %t/sched.temps/collectives.llvm.mlir | FileCheck %s --check-prefix=SCHED
// RUN: %t/ref --ranks 2 --iters 2 > %t/ref.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/ref.2 %t/sched.2 --rtol 1e-5
// RUN: FileCheck %s --check-prefix=REF < %t/ref.2
// RUN: %t/ref --ranks 4 --iters 2 > %t/ref.4
// RUN: %t/sched --ranks 4 --iters 2 > %t/sched.4
// RUN: %compare_checksums %t/ref.4 %t/sched.4 --rtol 1e-5

// The input waits right after every start; the scheduled
// executable overlaps more collectives.
// PLAIN: launches: 8, overlapped: 0, most in flight: 1, largest bucket: 1
// SCHED: launches: 8, overlapped: {{[1-9]}}, most in flight: {{[2-9]}}, largest bucket: 1

// The reference itself is pinned (to 5 digits; the collective results were
// checked against an independent model of the op semantics): a lowering bug
// (wrong outer sizes, say) would mislead both runtimes alike.
// REF-DAG: rank 0 result 0: 32 x f32 sum=-1.1098{{[0-9]*}}e+00 abs=4.7060{{[0-9]*}}e+01
// REF-DAG: rank 0 result 1: 32 x f32 sum=-1.8902{{[0-9]*}}e+00 abs=2.5414{{[0-9]*}}e+01
// REF-DAG: rank 0 result 2: 16 x f32 sum=1.0776{{[0-9]*}}e+00 abs=4.1690{{[0-9]*}}e+00
// REF-DAG: rank 0 result 3: 12 x f32 sum=-1.0030{{[0-9]*}}e+00 abs=3.7137{{[0-9]*}}e+00
// REF-DAG: rank 0 result 4: 48 x f32 sum=7.4337{{[0-9]*}}e-01 abs=1.6297{{[0-9]*}}e+01
// REF-DAG: rank 0 result 5: 32 x f32 sum=-2.2445{{[0-9]*}}e+00 abs=7.8213{{[0-9]*}}e+00
// REF-DAG: rank 0 result 6: 32 x f32 sum=-8.9041{{[0-9]*}}e-01 abs=5.3402{{[0-9]*}}e+00
// REF-DAG: rank 0 result 7: 64 x f32 sum=3.1386{{[0-9]*}}e+00 abs=1.1455{{[0-9]*}}e+01
// REF-DAG: rank 0 result 8: 64 x f32 sum=2.3036{{[0-9]*}}e+01 abs=2.3036{{[0-9]*}}e+01
// REF-DAG: rank 1 result 0: 32 x f32 sum=-1.1098{{[0-9]*}}e+00 abs=4.7060{{[0-9]*}}e+01
// REF-DAG: rank 1 result 1: 32 x f32 sum=7.8038{{[0-9]*}}e-01 abs=3.6350{{[0-9]*}}e+01
// REF-DAG: rank 1 result 2: 16 x f32 sum=8.6157{{[0-9]*}}e-01 abs=5.9749{{[0-9]*}}e+00
// REF-DAG: rank 1 result 3: 12 x f32 sum=-4.7274{{[0-9]*}}e-01 abs=4.8399{{[0-9]*}}e+00
// REF-DAG: rank 1 result 4: 48 x f32 sum=-1.2043{{[0-9]*}}e+00 abs=1.2082{{[0-9]*}}e+01
// REF-DAG: rank 1 result 5: 32 x f32 sum=-3.9095{{[0-9]*}}e+00 abs=7.4809{{[0-9]*}}e+00
// REF-DAG: rank 1 result 6: 32 x f32 sum=1.3863{{[0-9]*}}e+00 abs=7.6538{{[0-9]*}}e+00
// REF-DAG: rank 1 result 7: 64 x f32 sum=3.6816{{[0-9]*}}e+00 abs=1.1455{{[0-9]*}}e+01
// REF-DAG: rank 1 result 8: 64 x f32 sum=1.9046{{[0-9]*}}e+01 abs=1.9046{{[0-9]*}}e+01

sched.process_group @g size = 2

func.func @step(%a: tensor<4x6xf32>, %w: tensor<12x8xf32>, %b: tensor<8x4xf32>,
                %c: tensor<3x8x4xf32>, %v: tensor<4x4x2xf32>, %x: tensor<8x8xf32>,
                %m1: tensor<8x2xf32>, %m2: tensor<3x4x4xf32>, %m3: tensor<3x8x2xf32>,
                %m4: tensor<8x2x2xf32>, %m5: tensor<4x8x1xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x2xf32>, tensor<3x4xf32>,
        tensor<3x8x2xf32>, tensor<8x2x2xf32>, tensor<4x8x1xf32>, tensor<8x8xf32>,
        tensor<8x8xf32>) {
  // all_gather along dim 1: [4][2 x 6] blocks interleave.
  %f0 = sched.all_gather_start %a on @g gather_dim = 1 : tensor<4x6xf32> -> !sched.future<tensor<4x12xf32>>
  %ag = sched.wait %f0 : !sched.future<tensor<4x12xf32>>
  %mm = sched.compute "matmul" ins(%ag, %w : tensor<4x12xf32>, tensor<12x8xf32>) -> (tensor<4x8xf32>) {
  ^bb0(%l: tensor<4x12xf32>, %r: tensor<12x8xf32>):
    %e = tensor.empty() : tensor<4x8xf32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
    %p = linalg.matmul ins(%l, %r : tensor<4x12xf32>, tensor<12x8xf32>) outs(%i : tensor<4x8xf32>) -> tensor<4x8xf32>
    sched.yield %p : tensor<4x8xf32>
  }
  %f1 = sched.all_reduce_start %mm on @g reduction = sum : tensor<4x8xf32> -> !sched.future<tensor<4x8xf32>>
  %ar = sched.wait %f1 : !sched.future<tensor<4x8xf32>>

  %f2 = sched.reduce_scatter_start %b on @g reduction = sum scatter_dim = 1 : tensor<8x4xf32> -> !sched.future<tensor<8x2xf32>>
  %rs = sched.wait %f2 : !sched.future<tensor<8x2xf32>>
  %rs1 = sched.compute "scale" ins(%rs, %m1 : tensor<8x2xf32>, tensor<8x2xf32>) -> (tensor<8x2xf32>) {
  ^bb0(%p: tensor<8x2xf32>, %q: tensor<8x2xf32>):
    %s = arith.mulf %p, %q : tensor<8x2xf32>
    sched.yield %s : tensor<8x2xf32>
  }

  %f3 = sched.reduce_scatter_start %c on @g reduction = avg scatter_dim = 1 : tensor<3x8x4xf32> -> !sched.future<tensor<3x4x4xf32>>
  %ra = sched.wait %f3 : !sched.future<tensor<3x4x4xf32>>
  %rowsum = sched.compute "row_sum" ins(%ra, %m2 : tensor<3x4x4xf32>, tensor<3x4x4xf32>) -> (tensor<3x4xf32>) {
  ^bb0(%p: tensor<3x4x4xf32>, %q: tensor<3x4x4xf32>):
    %e = tensor.empty() : tensor<3x4xf32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
    %s = linalg.generic {
        indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, j, k)>,
                         affine_map<(i, j, k) -> (i, k)>],
        iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%p, %q : tensor<3x4x4xf32>, tensor<3x4x4xf32>) outs(%i : tensor<3x4xf32>) {
    ^bb1(%u: f32, %v2: f32, %acc: f32):
      %t = arith.mulf %u, %v2 : f32
      %n = arith.addf %acc, %t : f32
      linalg.yield %n : f32
    } -> tensor<3x4xf32>
    sched.yield %s : tensor<3x4xf32>
  }

  %f4 = sched.reduce_scatter_start %c on @g reduction = max scatter_dim = 2 : tensor<3x8x4xf32> -> !sched.future<tensor<3x8x2xf32>>
  %rm = sched.wait %f4 : !sched.future<tensor<3x8x2xf32>>
  %rm1 = sched.compute "scale" ins(%rm, %m3 : tensor<3x8x2xf32>, tensor<3x8x2xf32>) -> (tensor<3x8x2xf32>) {
  ^bb0(%p: tensor<3x8x2xf32>, %q: tensor<3x8x2xf32>):
    %s = arith.mulf %p, %q : tensor<3x8x2xf32>
    sched.yield %s : tensor<3x8x2xf32>
  }

  %f5 = sched.all_to_all_start %v on @g split_dim = 1 concat_dim = 0 : tensor<4x4x2xf32> -> !sched.future<tensor<8x2x2xf32>>
  %t1 = sched.wait %f5 : !sched.future<tensor<8x2x2xf32>>
  %t1s = sched.compute "scale" ins(%t1, %m4 : tensor<8x2x2xf32>, tensor<8x2x2xf32>) -> (tensor<8x2x2xf32>) {
  ^bb0(%p: tensor<8x2x2xf32>, %q: tensor<8x2x2xf32>):
    %s = arith.mulf %p, %q : tensor<8x2x2xf32>
    sched.yield %s : tensor<8x2x2xf32>
  }

  %f6 = sched.all_to_all_start %v on @g split_dim = 2 concat_dim = 1 : tensor<4x4x2xf32> -> !sched.future<tensor<4x8x1xf32>>
  %t2 = sched.wait %f6 : !sched.future<tensor<4x8x1xf32>>
  %t2s = sched.compute "scale" ins(%t2, %m5 : tensor<4x8x1xf32>, tensor<4x8x1xf32>) -> (tensor<4x8x1xf32>) {
  ^bb0(%p: tensor<4x8x1xf32>, %q: tensor<4x8x1xf32>):
    %s = arith.mulf %p, %q : tensor<4x8x1xf32>
    sched.yield %s : tensor<4x8x1xf32>
  }

  %f7 = sched.broadcast_start %x on @g root = 1 : tensor<8x8xf32> -> !sched.future<tensor<8x8xf32>>
  %bc = sched.wait %f7 : !sched.future<tensor<8x8xf32>>
  // Opaque: the runtime mixes its inputs (cost only).
  %mix = sched.compute "mix" ins(%bc, %x : tensor<8x8xf32>, tensor<8x8xf32>) cost <flops = 100000, bytes_read = 512, bytes_written = 256> -> (tensor<8x8xf32>)
  %sq = sched.compute "square" ins(%x : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%t: tensor<8x8xf32>):
    %s = arith.mulf %t, %t : tensor<8x8xf32>
    sched.yield %s : tensor<8x8xf32>
  }
  return %ar, %mm, %rs1, %rowsum, %rm1, %t1s, %t2s, %mix, %sq
      : tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x2xf32>, tensor<3x4xf32>,
        tensor<3x8x2xf32>, tensor<8x2x2xf32>, tensor<4x8x1xf32>, tensor<8x8xf32>,
        tensor<8x8xf32>
}
