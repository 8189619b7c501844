// Scheduling never changes results with several process groups in flight:
// on 4 ranks, @row (ranks {0,1} and {2,3}), the strided @col (ranks {0,2} and
// {1,3}) and @all (every rank, so the 4-way split and concat of non-leading
// dims). The scheduler interleaves collectives of different groups. Runs on
// 4 ranks only (@col and @all do not tile 2).
//
// This file runs the reference runtime (every rank a thread of one process),
// so it needs no MPI: the unscheduled and the scheduled builds must agree.
// process-groups-mpi.test runs the same program on MPI against this reference.
// Collective results feed position-sensitive ops (a matmul, an elementwise
// product with an argument), since the checksums (sum and sum of |x|) do not
// see a permutation.
//
// The default memory slack (5%) forbids any overlap at these tiny sizes;
// memory-slack=4 lets the scheduler move starts up and waits down.
//
// Tolerance: 1e-5 of the absolute sum (f32).

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local --save-temps=%t/plain.temps
// RUN: sched-compile %s -o %t/sched --runtime=local --schedule=memory-slack=4 --save-temps=%t/sched.temps 2> %t/remarks
// RUN: awk -f %S/Inputs/collective-stats.awk %t/plain.temps/process-groups.llvm.mlir | FileCheck %s --check-prefix=PLAIN
// RUN: awk -f %S/Inputs/collective-stats.awk %t/sched.temps/process-groups.llvm.mlir | FileCheck %s --check-prefix=SCHED
// RUN: %t/ref --ranks 4 --iters 2 > %t/ref.4
// RUN: %t/sched --ranks 4 --iters 2 > %t/sched.4
// RUN: %compare_checksums %t/ref.4 %t/sched.4 --rtol 1e-5
// RUN: FileCheck %s --check-prefix=REF < %t/ref.4

// In the input, 1 collective overlaps another; the scheduled
// executable overlaps more collectives.
// PLAIN: launches: 9, overlapped: 1, most in flight: 2, largest bucket: 1
// SCHED: launches: 9, overlapped: {{[2-9]}}, most in flight: {{[2-9]}}, largest bucket: 1

// The reference itself is pinned (to 5 digits) for ranks 0 and 3: a
// lowering bug (a wrong group layout, say) would mislead both runtimes alike.
// REF-DAG: rank 0 result 0: 32 x f32 sum=2.9648{{[0-9]*}}e+00 abs=1.0609{{[0-9]*}}e+01
// REF-DAG: rank 0 result 1: 64 x f32 sum=7.6815{{[0-9]*}}e-01 abs=4.8408{{[0-9]*}}e+01
// REF-DAG: rank 0 result 2: 16 x f32 sum=1.8881{{[0-9]*}}e+00 abs=5.1609{{[0-9]*}}e+00
// REF-DAG: rank 0 result 3: 12 x f32 sum=-2.8865{{[0-9]*}}e-01 abs=3.9569{{[0-9]*}}e+00
// REF-DAG: rank 0 result 4: 16 x f32 sum=-2.4480{{[0-9]*}}e+00 abs=3.4965{{[0-9]*}}e+00
// REF-DAG: rank 0 result 5: 24 x f32 sum=-1.3163{{[0-9]*}}e-01 abs=4.7279{{[0-9]*}}e+00
// REF-DAG: rank 0 result 6: 64 x f32 sum=7.8367{{[0-9]*}}e+00 abs=1.3719{{[0-9]*}}e+01
// REF-DAG: rank 0 result 7: 8 x f32 sum=3.2391{{[0-9]*}}e+00 abs=4.2100{{[0-9]*}}e+00
// REF-DAG: rank 3 result 0: 32 x f32 sum=-1.8183{{[0-9]*}}e+00 abs=1.2505{{[0-9]*}}e+01
// REF-DAG: rank 3 result 1: 64 x f32 sum=-9.1325{{[0-9]*}}e-01 abs=4.3767{{[0-9]*}}e+01
// REF-DAG: rank 3 result 2: 16 x f32 sum=-4.3524{{[0-9]*}}e+00 abs=1.1156{{[0-9]*}}e+01
// REF-DAG: rank 3 result 3: 12 x f32 sum=-2.6574{{[0-9]*}}e-01 abs=2.6174{{[0-9]*}}e+00
// REF-DAG: rank 3 result 4: 16 x f32 sum=1.1336{{[0-9]*}}e+00 abs=3.5417{{[0-9]*}}e+00
// REF-DAG: rank 3 result 5: 24 x f32 sum=-3.1732{{[0-9]*}}e-01 abs=6.7539{{[0-9]*}}e+00
// REF-DAG: rank 3 result 6: 64 x f32 sum=7.2297{{[0-9]*}}e+00 abs=1.2589{{[0-9]*}}e+01
// REF-DAG: rank 3 result 7: 8 x f32 sum=2.2080{{[0-9]*}}e-01 abs=3.2074{{[0-9]*}}e+00

sched.process_group @row size = 2 ranks = [0, 1]
sched.process_group @col size = 2 ranks = [0, 2]
sched.process_group @all size = 4

func.func @step(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<2x8x3xf32>,
                %d: tensor<2x4x2xf32>, %e: tensor<3x2xf32>, %w: tensor<8x8xf32>,
                %x: tensor<8x8xf32>, %m1: tensor<8x2xf32>, %m2: tensor<2x2x3xf32>,
                %m3: tensor<2x1x8xf32>, %m4: tensor<3x8xf32>)
    -> (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x2xf32>, tensor<2x2x3xf32>,
        tensor<2x1x8xf32>, tensor<3x8xf32>, tensor<8x8xf32>, tensor<8xf32>) {
  // A tensor-parallel style matmul: gather the weight along its columns on
  // @row while the data-parallel gradient reduction runs on @col.
  %f0 = sched.all_gather_start %b on @row gather_dim = 1 : tensor<8x4xf32> -> !sched.future<tensor<8x8xf32>>
  %f1 = sched.all_reduce_start %a on @col reduction = avg : tensor<4x8xf32> -> !sched.future<tensor<4x8xf32>>
  %sq = sched.compute "square" ins(%x : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%t: tensor<8x8xf32>):
    %s = arith.mulf %t, %t : tensor<8x8xf32>
    sched.yield %s : tensor<8x8xf32>
  }
  %gb = sched.wait %f0 : !sched.future<tensor<8x8xf32>>
  %mm = sched.compute "matmul" ins(%gb, %w : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%l: tensor<8x8xf32>, %r: tensor<8x8xf32>):
    %e0 = tensor.empty() : tensor<8x8xf32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8x8xf32>) -> tensor<8x8xf32>
    %p = linalg.matmul ins(%l, %r : tensor<8x8xf32>, tensor<8x8xf32>) outs(%i : tensor<8x8xf32>) -> tensor<8x8xf32>
    sched.yield %p : tensor<8x8xf32>
  }
  %ra = sched.wait %f1 : !sched.future<tensor<4x8xf32>>

  // Four-rank collectives on non-leading dims.
  %f2 = sched.reduce_scatter_start %mm on @all reduction = sum scatter_dim = 1 : tensor<8x8xf32> -> !sched.future<tensor<8x2xf32>>
  %rs = sched.wait %f2 : !sched.future<tensor<8x2xf32>>
  %u2 = sched.compute "scale" ins(%rs, %m1 : tensor<8x2xf32>, tensor<8x2xf32>) -> (tensor<8x2xf32>) {
  ^bb0(%p: tensor<8x2xf32>, %q: tensor<8x2xf32>):
    %s = arith.mulf %p, %q : tensor<8x2xf32>
    sched.yield %s : tensor<8x2xf32>
  }
  %f3 = sched.reduce_scatter_start %c on @all reduction = max scatter_dim = 1 : tensor<2x8x3xf32> -> !sched.future<tensor<2x2x3xf32>>
  %rm = sched.wait %f3 : !sched.future<tensor<2x2x3xf32>>
  %u3 = sched.compute "scale" ins(%rm, %m2 : tensor<2x2x3xf32>, tensor<2x2x3xf32>) -> (tensor<2x2x3xf32>) {
  ^bb0(%p: tensor<2x2x3xf32>, %q: tensor<2x2x3xf32>):
    %s = arith.mulf %p, %q : tensor<2x2x3xf32>
    sched.yield %s : tensor<2x2x3xf32>
  }
  %f4 = sched.all_to_all_start %d on @all split_dim = 1 concat_dim = 2 : tensor<2x4x2xf32> -> !sched.future<tensor<2x1x8xf32>>
  %t4 = sched.wait %f4 : !sched.future<tensor<2x1x8xf32>>
  %u4 = sched.compute "scale" ins(%t4, %m3 : tensor<2x1x8xf32>, tensor<2x1x8xf32>) -> (tensor<2x1x8xf32>) {
  ^bb0(%p: tensor<2x1x8xf32>, %q: tensor<2x1x8xf32>):
    %s = arith.mulf %p, %q : tensor<2x1x8xf32>
    sched.yield %s : tensor<2x1x8xf32>
  }
  %f5 = sched.all_gather_start %e on @all gather_dim = 1 : tensor<3x2xf32> -> !sched.future<tensor<3x8xf32>>
  %g5 = sched.wait %f5 : !sched.future<tensor<3x8xf32>>
  %u5 = sched.compute "scale" ins(%g5, %m4 : tensor<3x8xf32>, tensor<3x8xf32>) -> (tensor<3x8xf32>) {
  ^bb0(%p: tensor<3x8xf32>, %q: tensor<3x8xf32>):
    %s = arith.mulf %p, %q : tensor<3x8xf32>
    sched.yield %s : tensor<3x8xf32>
  }
  // Broadcast from the last rank of each strided pair, then opaque compute.
  %f6 = sched.broadcast_start %sq on @col root = 1 : tensor<8x8xf32> -> !sched.future<tensor<8x8xf32>>
  %bc = sched.wait %f6 : !sched.future<tensor<8x8xf32>>
  %mix = sched.compute "mix" ins(%bc, %mm : tensor<8x8xf32>, tensor<8x8xf32>) cost <flops = 100000> -> (tensor<8x8xf32>)
  %f7 = sched.all_to_all_start %ra on @row split_dim = 1 concat_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x4xf32>>
  %t7 = sched.wait %f7 : !sched.future<tensor<8x4xf32>>
  %f8 = sched.all_gather_start %t7 on @col gather_dim = 1 : tensor<8x4xf32> -> !sched.future<tensor<8x8xf32>>
  %g8 = sched.wait %f8 : !sched.future<tensor<8x8xf32>>
  %u8 = sched.compute "row_sum" ins(%g8, %w : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8xf32>) {
  ^bb0(%p: tensor<8x8xf32>, %q: tensor<8x8xf32>):
    %m = arith.mulf %p, %q : tensor<8x8xf32>
    %e0 = tensor.empty() : tensor<8xf32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8xf32>) -> tensor<8xf32>
    %s = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>,
                         affine_map<(i, j) -> (i)>],
        iterator_types = ["parallel", "reduction"]}
        ins(%m : tensor<8x8xf32>) outs(%i : tensor<8xf32>) {
    ^bb1(%u: f32, %acc: f32):
      %n = arith.addf %acc, %u : f32
      linalg.yield %n : f32
    } -> tensor<8xf32>
    sched.yield %s : tensor<8xf32>
  }
  return %ra, %mm, %u2, %u3, %u4, %u5, %mix, %u8
      : tensor<4x8xf32>, tensor<8x8xf32>, tensor<8x2xf32>, tensor<2x2x3xf32>,
        tensor<2x1x8xf32>, tensor<3x8xf32>, tensor<8x8xf32>, tensor<8xf32>
}
