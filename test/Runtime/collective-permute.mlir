// sched.collective_permute_start on 4 ranks, unscheduled and scheduled, on
// the reference runtime (every rank a thread of one process):
// collective-permute-mpi.test runs it on MPI against this reference. A ring
// (every rank sends to the next), a pipeline shift of a bucket of an f32 and
// an i32 tensor (one op; rank 0 receives nothing: zeros), and a swap with a
// pair of a rank with itself (rank 0 receives nothing), between compute.
//
// Checksums do not depend on where a rank's data came from through the
// runtimes alone: the inputs are filled per rank, so the checks below pin
// that rank r's result is rank source(r)'s input (its sum and absolute sum),
// or zeros. The first pass reads the sorted output (a rank's sources before
// it), the second the reverse-sorted one (the ring's wrap, the swap).
//
// Tolerance: 1e-6 of the absolute sum (permutes move bits; the matmul adds
// in the same order).

// max-in-flight=2 keeps collectives in flight together (the searched caps
// tie at these sizes, and a tie goes to one in flight).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local --save-temps=%t/plain.temps
// RUN: sched-compile %s -o %t/sched --runtime=local "--schedule=max-in-flight=2 memory-slack=4 bucket=true" --save-temps=%t/sched.temps 2> %t/remarks
// RUN: awk -f %S/Inputs/collective-stats.awk %t/plain.temps/collective-permute.llvm.mlir | FileCheck %s --check-prefix=PLAIN
// RUN: awk -f %S/Inputs/collective-stats.awk %t/sched.temps/collective-permute.llvm.mlir | FileCheck %s --check-prefix=SCHED
// RUN: %t/ref --ranks 4 --iters 2 > %t/ref.4
// RUN: %t/sched --ranks 4 --iters 2 > %t/sched.4
// RUN: %compare_checksums %t/ref.4 %t/sched.4 --rtol 1e-6
// RUN: sort %t/ref.4 | FileCheck %s
// RUN: sort -r %t/ref.4 | FileCheck %s --check-prefix=REV

// The input waits right after every start; the scheduled executable keeps
// permutes in flight across compute.
// PLAIN: launches: 3, overlapped: 0, most in flight: 1, largest bucket: 2
// SCHED: launches: 3, overlapped: {{[1-9]}}, most in flight: {{[2-9]}}, largest bucket: 2

// Results: 0 x, 1 ring(x), 2 y, 3 shift(y), 4 swap(y), 5 z, 6 shift(z), 7 mm.
// CHECK: rank 0 result 0: 6 x f32 sum=[[X0:[^ ]+]] abs=[[AX0:[^ ]+]]
// CHECK: rank 0 result 2: 6 x f32 sum=[[Y0:[^ ]+]] abs=[[AY0:[^ ]+]]
// CHECK: rank 0 result 3: 6 x f32 sum=0.000000000e+00 abs=0.000000000e+00
// CHECK: rank 0 result 4: 6 x f32 sum=0.000000000e+00 abs=0.000000000e+00
// CHECK: rank 0 result 5: 5 x i32 sum=[[Z0:[^ ]+]] abs=[[AZ0:[^ ]+]]
// CHECK: rank 0 result 6: 5 x i32 sum=0.000000000e+00 abs=0.000000000e+00
// CHECK: rank 1 result 0: 6 x f32 sum=[[X1:[^ ]+]] abs=[[AX1:[^ ]+]]
// CHECK: rank 1 result 1: 6 x f32 sum=[[X0]] abs=[[AX0]]
// CHECK: rank 1 result 2: 6 x f32 sum=[[Y1:[^ ]+]] abs=[[AY1:[^ ]+]]
// CHECK: rank 1 result 3: 6 x f32 sum=[[Y0]] abs=[[AY0]]
// CHECK: rank 1 result 5: 5 x i32 sum=[[Z1:[^ ]+]] abs=[[AZ1:[^ ]+]]
// CHECK: rank 1 result 6: 5 x i32 sum=[[Z0]] abs=[[AZ0]]
// CHECK: rank 2 result 0: 6 x f32 sum=[[X2:[^ ]+]] abs=[[AX2:[^ ]+]]
// CHECK: rank 2 result 1: 6 x f32 sum=[[X1]] abs=[[AX1]]
// CHECK: rank 2 result 2: 6 x f32 sum=[[Y2:[^ ]+]] abs=[[AY2:[^ ]+]]
// CHECK: rank 2 result 3: 6 x f32 sum=[[Y1]] abs=[[AY1]]
// CHECK: rank 2 result 4: 6 x f32 sum=[[Y1]] abs=[[AY1]]
// CHECK: rank 2 result 5: 5 x i32 sum=[[Z2:[^ ]+]] abs=[[AZ2:[^ ]+]]
// CHECK: rank 2 result 6: 5 x i32 sum=[[Z1]] abs=[[AZ1]]
// CHECK: rank 3 result 1: 6 x f32 sum=[[X2]] abs=[[AX2]]
// CHECK: rank 3 result 2: 6 x f32 sum=[[Y3:[^ ]+]] abs=[[AY3:[^ ]+]]
// CHECK: rank 3 result 3: 6 x f32 sum=[[Y2]] abs=[[AY2]]
// CHECK: rank 3 result 4: 6 x f32 sum=[[Y3]] abs=[[AY3]]
// CHECK: rank 3 result 6: 5 x i32 sum=[[Z2]] abs=[[AZ2]]

// REV: rank 3 result 0: 6 x f32 sum=[[X3:[^ ]+]] abs=[[AX3:[^ ]+]]
// REV: rank 2 result 2: 6 x f32 sum=[[Y2:[^ ]+]] abs=[[AY2:[^ ]+]]
// REV: rank 1 result 4: 6 x f32 sum=[[Y2]] abs=[[AY2]]
// REV: rank 0 result 1: 6 x f32 sum=[[X3]] abs=[[AX3]]

sched.process_group @g size = 4

func.func @step(%x: tensor<6xf32>, %y: tensor<2x3xf32>, %z: tensor<5xi32>,
                %w: tensor<4x4xf32>)
    -> (tensor<6xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<5xi32>, tensor<5xi32>, tensor<4x4xf32>) {
  %f0 = sched.collective_permute_start %x on @g source_target_pairs = [[0, 1], [1, 2], [2, 3], [3, 0]] : tensor<6xf32> -> !sched.future<tensor<6xf32>>
  %ring = sched.wait %f0 : !sched.future<tensor<6xf32>>
  %mm = sched.compute "matmul" ins(%w, %w : tensor<4x4xf32>, tensor<4x4xf32>) -> (tensor<4x4xf32>) {
  ^bb0(%l: tensor<4x4xf32>, %r: tensor<4x4xf32>):
    %e = tensor.empty() : tensor<4x4xf32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %p = linalg.matmul ins(%l, %r : tensor<4x4xf32>, tensor<4x4xf32>) outs(%i : tensor<4x4xf32>) -> tensor<4x4xf32>
    sched.yield %p : tensor<4x4xf32>
  }
  %f1 = sched.collective_permute_start %y, %z on @g source_target_pairs = [[0, 1], [1, 2], [2, 3]] : tensor<2x3xf32>, tensor<5xi32> -> !sched.future<tensor<2x3xf32>, tensor<5xi32>>
  %sy, %sz = sched.wait %f1 : !sched.future<tensor<2x3xf32>, tensor<5xi32>>
  %f3 = sched.collective_permute_start %y on @g source_target_pairs = [[1, 2], [2, 1], [3, 3]] : tensor<2x3xf32> -> !sched.future<tensor<2x3xf32>>
  %sw = sched.wait %f3 : !sched.future<tensor<2x3xf32>>
  %mm2 = sched.compute "matmul" ins(%mm, %w : tensor<4x4xf32>, tensor<4x4xf32>) -> (tensor<4x4xf32>) {
  ^bb0(%l: tensor<4x4xf32>, %r: tensor<4x4xf32>):
    %e = tensor.empty() : tensor<4x4xf32>
    %zero = arith.constant 0.0 : f32
    %i = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %p = linalg.matmul ins(%l, %r : tensor<4x4xf32>, tensor<4x4xf32>) outs(%i : tensor<4x4xf32>) -> tensor<4x4xf32>
    sched.yield %p : tensor<4x4xf32>
  }
  return %x, %ring, %y, %sy, %sw, %z, %sz, %mm2
      : tensor<6xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<5xi32>, tensor<5xi32>, tensor<4x4xf32>
}
