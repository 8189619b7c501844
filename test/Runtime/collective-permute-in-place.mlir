// Buffer-form collective permutes whose destinations alias their inputs: a
// ring into its own input, and a bucketed shift whose two members write each
// other's input (rank 0, which no pair targets, zero-fills a buffer that the
// other member still sends from). A start reads all its inputs before it
// writes any destination, so the results equal those of the tensor form
// (Inputs/collective-permute-in-place-reference.mlir), whose bufferization
// gives every permute a fresh destination: the runtimes read an overlapping
// input from a copy (MPI, CUDA) or stage the destination (local).
// collective-permute-mpi.test runs it on MPI.
//
// Tolerance: 1e-6 of the absolute sum (the values are moved, not added).

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/in-place --runtime=local
// RUN: sched-compile %S/Inputs/collective-permute-in-place-reference.mlir -o %t/reference --runtime=local
// RUN: %t/reference --ranks 4 --iters 2 > %t/reference.4
// RUN: %t/in-place --ranks 4 --iters 2 > %t/in-place.4
// RUN: %compare_checksums %t/reference.4 %t/in-place.4 --rtol 1e-6
// RUN: sort %t/in-place.4 | FileCheck %s

// Rank 0 receives nothing in the shift: both of its bucket results are zeros.
// CHECK: rank 0 result 1: 4 x f32 sum=0.000000000e+00 abs=0.000000000e+00
// CHECK: rank 0 result 2: 4 x f32 sum=0.000000000e+00 abs=0.000000000e+00
// CHECK: rank 1 result 1: 4 x f32 sum={{[-1-9]}}

sched.process_group @g size = 4

func.func @step(%x: memref<6xf32>, %a: memref<4xf32>, %b: memref<4xf32>)
    -> (memref<6xf32>, memref<4xf32>, memref<4xf32>) {
  %f0 = sched.collective_permute_start %x into %x on @g source_target_pairs = [[0, 1], [1, 2], [2, 3], [3, 0]] : memref<6xf32> into memref<6xf32> -> !sched.future<memref<6xf32>>
  %f1 = sched.collective_permute_start %a, %b into %b, %a on @g source_target_pairs = [[0, 1], [1, 2], [2, 3]] : memref<4xf32>, memref<4xf32> into memref<4xf32>, memref<4xf32> -> !sched.future<memref<4xf32>, memref<4xf32>>
  %r0 = sched.wait %f0 : !sched.future<memref<6xf32>>
  %r1:2 = sched.wait %f1 : !sched.future<memref<4xf32>, memref<4xf32>>
  // %b holds the shifted %a and %a the shifted %b.
  return %r0, %r1#0, %r1#1 : memref<6xf32>, memref<4xf32>, memref<4xf32>
}
