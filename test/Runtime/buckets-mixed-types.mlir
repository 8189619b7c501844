// Bucketing collectives of different element types never changes results:
// separate gathers of f32, bf16 and i32 tensors and separate all-reduces of
// f32 and i32 tensors, which sched-bucket-collectives merges into one
// gather and one all-reduce of mixed element types (its default,
// mix-element-types=1; a bucket is one grouped call per member). The group
// has 2 ranks.
//
// This file runs the reference runtime (every rank a thread of one process):
// the unbucketed and the bucketed builds must agree.
// buckets-mixed-types-mpi.test runs the same program on MPI. Collective
// results feed position-sensitive ops (elementwise products with
// arguments), since the checksums do not see a permutation.
//
// Tolerance: 1e-2 of the absolute sum, for the bf16 member.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local --save-temps=%t/plain.temps
// RUN: sched-compile %s -o %t/sched --runtime=local "--schedule=memory-slack=4 bucket=true" --save-temps=%t/sched.temps 2> %t/remarks
// RUN: awk -f %S/Inputs/collective-stats.awk %t/plain.temps/buckets-mixed-types.llvm.mlir | FileCheck %s --check-prefix=PLAIN
// RUN: awk -f %S/Inputs/collective-stats.awk %t/sched.temps/buckets-mixed-types.llvm.mlir | FileCheck %s --check-prefix=SCHED
// RUN: %t/ref --ranks 2 --iters 2 > %t/ref.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/ref.2 %t/sched.2 --rtol 1e-2

// Five launches unbucketed; two buckets bucketed (the three gathers, one
// per element type, and the two reductions).
// PLAIN: launches: 5, overlapped: 0, most in flight: 1, largest bucket: 1
// SCHED: launches: 2, {{.*}} largest bucket: 3

sched.process_group @g size = 2

func.func @step(%x: tensor<2x8xf32>, %y: tensor<2x4xbf16>, %z: tensor<3x2xi32>,
                %u: tensor<16xf32>, %v: tensor<6xi32>,
                %mx: tensor<2x16xf32>, %my: tensor<2x8xbf16>, %mz: tensor<3x4xi32>,
                %mu: tensor<16xf32>, %mv: tensor<6xi32>)
    -> (tensor<2x16xf32>, tensor<2x8xbf16>, tensor<3x4xi32>, tensor<16xf32>,
        tensor<6xi32>) {
  %f1 = sched.all_gather_start %x on @g gather_dim = 1 : tensor<2x8xf32> -> !sched.future<tensor<2x16xf32>>
  %gx = sched.wait %f1 : !sched.future<tensor<2x16xf32>>
  %f2 = sched.all_gather_start %y on @g gather_dim = 1 : tensor<2x4xbf16> -> !sched.future<tensor<2x8xbf16>>
  %gy = sched.wait %f2 : !sched.future<tensor<2x8xbf16>>
  %f3 = sched.all_gather_start %z on @g gather_dim = 1 : tensor<3x2xi32> -> !sched.future<tensor<3x4xi32>>
  %gz = sched.wait %f3 : !sched.future<tensor<3x4xi32>>
  %f4 = sched.all_reduce_start %u on @g reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
  %ru = sched.wait %f4 : !sched.future<tensor<16xf32>>
  %f5 = sched.all_reduce_start %v on @g reduction = sum : tensor<6xi32> -> !sched.future<tensor<6xi32>>
  %rv = sched.wait %f5 : !sched.future<tensor<6xi32>>

  %ox = sched.compute "scale" ins(%gx, %mx : tensor<2x16xf32>, tensor<2x16xf32>) -> (tensor<2x16xf32>) {
  ^bb0(%0: tensor<2x16xf32>, %1: tensor<2x16xf32>):
    %2 = arith.mulf %0, %1 : tensor<2x16xf32>
    sched.yield %2 : tensor<2x16xf32>
  }
  %oy = sched.compute "scale" ins(%gy, %my : tensor<2x8xbf16>, tensor<2x8xbf16>) -> (tensor<2x8xbf16>) {
  ^bb0(%0: tensor<2x8xbf16>, %1: tensor<2x8xbf16>):
    %2 = arith.mulf %0, %1 : tensor<2x8xbf16>
    sched.yield %2 : tensor<2x8xbf16>
  }
  %oz = sched.compute "scale" ins(%gz, %mz : tensor<3x4xi32>, tensor<3x4xi32>) -> (tensor<3x4xi32>) {
  ^bb0(%0: tensor<3x4xi32>, %1: tensor<3x4xi32>):
    %2 = arith.muli %0, %1 : tensor<3x4xi32>
    sched.yield %2 : tensor<3x4xi32>
  }
  %ou = sched.compute "scale" ins(%ru, %mu : tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>) {
  ^bb0(%0: tensor<16xf32>, %1: tensor<16xf32>):
    %2 = arith.mulf %0, %1 : tensor<16xf32>
    sched.yield %2 : tensor<16xf32>
  }
  %ov = sched.compute "scale" ins(%rv, %mv : tensor<6xi32>, tensor<6xi32>) -> (tensor<6xi32>) {
  ^bb0(%0: tensor<6xi32>, %1: tensor<6xi32>):
    %2 = arith.muli %0, %1 : tensor<6xi32>
    sched.yield %2 : tensor<6xi32>
  }
  return %ox, %oy, %oz, %ou, %ov : tensor<2x16xf32>, tensor<2x8xbf16>, tensor<3x4xi32>, tensor<16xf32>, tensor<6xi32>
}
