// Buffer-form collectives whose destinations alias their inputs: an
// all-reduce and a broadcast into their own input (MPI_IN_PLACE and NCCL's
// in-place mode), a bucket whose two members write each other's input, an
// all-to-all into its input and a reduce-scatter into the first half of its
// input. A start reads all its inputs before it writes any destination, so
// the results equal those of the tensor form (Inputs/in-place-reference.mlir),
// whose bufferization gives every collective a fresh destination. Until the
// runtimes handled aliasing, the MPI runtime failed with MPI_ERR_BUFFER and
// the local runtime gave the ranks different all-reduce results (a rank
// overwrote its input while a peer still read it).
//
// This file runs the reference runtime (every rank a thread of one process);
// in-place-mpi.test runs it on MPI.
//
// Tolerance: 1e-6 of the absolute sum (the same reductions in the same
// order).

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/in-place --runtime=local
// RUN: sched-compile %S/Inputs/in-place-reference.mlir -o %t/reference --runtime=local
// RUN: %t/reference --ranks 2 --iters 2 > %t/reference.2
// RUN: %t/in-place --ranks 2 --iters 2 > %t/in-place.2
// RUN: %compare_checksums %t/reference.2 %t/in-place.2 --rtol 1e-6
// RUN: FileCheck %s < %t/in-place.2

// Every rank holds the same all-reduce result.
// CHECK-DAG: rank 0 result 0: 8 x f32 sum=[[SUM:.*]] abs
// CHECK-DAG: rank 1 result 0: 8 x f32 sum=[[SUM]] abs

sched.process_group @g size = 2

func.func @step(%x: memref<8xf32>, %y: memref<4xf64>, %a: memref<6xf32>,
                %b: memref<6xf32>, %t: memref<4x2xf32>, %s: memref<8xf32>)
    -> (memref<8xf32>, memref<4xf64>, memref<6xf32>, memref<6xf32>,
        memref<4x2xf32>, memref<8xf32>) {
  %f0 = sched.all_reduce_start %x into %x on @g reduction = sum : memref<8xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  %f1 = sched.broadcast_start %y into %y on @g root = 1 : memref<4xf64> into memref<4xf64> -> !sched.future<memref<4xf64>>
  %f2 = sched.all_reduce_start %a, %b into %b, %a on @g reduction = max : memref<6xf32>, memref<6xf32> into memref<6xf32>, memref<6xf32> -> !sched.future<memref<6xf32>, memref<6xf32>>
  %f3 = sched.all_to_all_start %t into %t on @g split_dim = 0 concat_dim = 0 : memref<4x2xf32> into memref<4x2xf32> -> !sched.future<memref<4x2xf32>>
  %half = memref.subview %s[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %f4 = sched.reduce_scatter_start %s into %half on @g reduction = sum scatter_dim = 0 : memref<8xf32> into memref<4xf32, strided<[1]>> -> !sched.future<memref<4xf32, strided<[1]>>>
  %r0 = sched.wait %f0 : !sched.future<memref<8xf32>>
  %r1 = sched.wait %f1 : !sched.future<memref<4xf64>>
  %r2:2 = sched.wait %f2 : !sched.future<memref<6xf32>, memref<6xf32>>
  %r3 = sched.wait %f3 : !sched.future<memref<4x2xf32>>
  %r4 = sched.wait %f4 : !sched.future<memref<4xf32, strided<[1]>>>
  return %r0, %r1, %r2#1, %r2#0, %r3, %s
      : memref<8xf32>, memref<4xf64>, memref<6xf32>, memref<6xf32>,
        memref<4x2xf32>, memref<8xf32>
}
