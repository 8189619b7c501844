// RUN: sched-opt %s --convert-sched-to-runtime | FileCheck %s --implicit-check-not=shard.

// What convert-shard-to-sched leaves of the shard dialect, lowered: the
// process groups are resolved against the grid first (axis 1 of a 2x3x4
// grid: 3 processes, stride 4), the process index queries become arithmetic
// on schedrt_rank() (row-major, the world rank modulo the grid size), the
// grid shape query constants, and then the grid is erased: no shard op is
// left for mlir-translate, which does not know the dialect.
// test/Runtime/shard-end-to-end.test runs such a program.

// CHECK:       func.func private @schedrt_rank() -> i64
// CHECK-LABEL: func.func @queries
shard.grid @grid(shape = 2x3x4)
sched.process_group @grid_axes_1 size = 3 {sched.grid = @grid, sched.grid_axes = array<i16: 1>}

func.func @queries(%x: memref<4xf32>, %y: memref<4xf32>) -> (index, index, index, index, index, index) {
  // CHECK-DAG:  %[[C0:.*]] = arith.constant 0 : i32
  // CHECK-DAG:  %[[C3:.*]] = arith.constant 3 : i64
  // CHECK-DAG:  %[[C4:.*]] = arith.constant 4 : i64
  // CHECK:      call @schedrt_collective_begin(%{{.*}}, %[[C0]], %[[C3]], %[[C4]], %{{.*}}, %{{.*}})
  %f = sched.all_reduce_start %x into %y on @grid_axes_1 reduction = sum : memref<4xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %r = sched.wait %f : !sched.future<memref<4xf32>>

  // Coordinates on axes 0 and 2: (rank / 12) mod 2 and (rank / 1) mod 4.
  // CHECK:      %[[RANK:.*]] = call @schedrt_rank() : () -> i64
  // CHECK-NEXT: %[[R:.*]] = arith.index_cast %[[RANK]] : i64 to index
  // CHECK-NEXT: %[[C12:.*]] = arith.constant 12 : index
  // CHECK-NEXT: %[[D0:.*]] = arith.divui %[[R]], %[[C12]] : index
  // CHECK-NEXT: %[[S0:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[I0:.*]] = arith.remui %[[D0]], %[[S0]] : index
  // CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-NEXT: %[[D2:.*]] = arith.divui %[[R]], %[[C1]] : index
  // CHECK-NEXT: %[[S2:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[I2:.*]] = arith.remui %[[D2]], %[[S2]] : index
  %i:2 = shard.process_multi_index on @grid axes = [0, 2] : index, index

  // The linear index: rank mod 24.
  // CHECK-NEXT: %[[RANK2:.*]] = call @schedrt_rank() : () -> i64
  // CHECK-NEXT: %[[R2:.*]] = arith.index_cast %[[RANK2]] : i64 to index
  // CHECK-NEXT: %[[C24:.*]] = arith.constant 24 : index
  // CHECK-NEXT: %[[L:.*]] = arith.remui %[[R2]], %[[C24]] : index
  %l = shard.process_linear_index on @grid : index

  // No axes: every axis.
  // CHECK-NEXT: %[[G0:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[G1:.*]] = arith.constant 3 : index
  // CHECK-NEXT: %[[G2:.*]] = arith.constant 4 : index
  %s:3 = shard.grid_shape @grid : index, index, index

  // CHECK-NEXT: return %[[I0]], %[[I2]], %[[L]], %[[G0]], %[[G1]], %[[G2]]
  return %i#0, %i#1, %l, %s#0, %s#1, %s#2 : index, index, index, index, index, index
}

