// RUN: sched-opt %s --sched-emit-main --canonicalize | FileCheck %s

// A module of stage functions (public functions with `sched.ranks`, as
// `sched-gen --pp` writes them): sched_main checks that the world has as many
// ranks as the stages cover, then each rank runs the driver of the stage whose
// `sched.ranks` contain it, one `scf.if` per run of consecutive ranks.

func.func @stage0(%x: memref<4xf32>) -> memref<4xf32> attributes {sched.ranks = array<i64: 0, 1>} {
  return %x : memref<4xf32>
}
func.func @stage1(%x: memref<2xbf16>) attributes {sched.ranks = array<i64: 5, 2, 3>} {
  return
}
func.func @stage2() attributes {sched.ranks = array<i64: 4>} {
  return
}

// CHECK-DAG: func.func private @schedrt_check_stage_world(i64)
// CHECK-DAG: func.func private @schedrt_rank() -> i64
// CHECK-LABEL: func.func @sched_main() {
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i64
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i64
// CHECK: call @schedrt_check_stage_world(%[[C6]])
// CHECK-NEXT: %[[RANK:.*]] = call @schedrt_rank() : () -> i64
// Ranks 0 to 1.
// CHECK-NEXT: %[[A0:.*]] = arith.cmpi sge, %[[RANK]], %[[C0]]
// CHECK-NEXT: %[[B0:.*]] = arith.cmpi sle, %[[RANK]], %[[C1]]
// CHECK-NEXT: %[[IN0:.*]] = arith.andi %[[A0]], %[[B0]]
// CHECK-NEXT: scf.if %[[IN0]] {
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: func.call @stage0(
// CHECK: func.call @schedrt_result(
// CHECK: }
// Ranks 2 to 3 and 5.
// CHECK: %[[A1:.*]] = arith.cmpi sge, %[[RANK]], %[[C2]]
// CHECK-NEXT: %[[B1:.*]] = arith.cmpi sle, %[[RANK]], %[[C3]]
// CHECK-NEXT: %[[IN1:.*]] = arith.andi %[[A1]], %[[B1]]
// CHECK-NEXT: %[[A2:.*]] = arith.cmpi sge, %[[RANK]], %[[C5]]
// CHECK-NEXT: %[[B2:.*]] = arith.cmpi sle, %[[RANK]], %[[C5]]
// CHECK-NEXT: %[[IN2:.*]] = arith.andi %[[A2]], %[[B2]]
// CHECK-NEXT: %[[IN12:.*]] = arith.ori %[[IN1]], %[[IN2]]
// CHECK-NEXT: scf.if %[[IN12]] {
// CHECK: memref.alloc() : memref<2xbf16>
// CHECK: func.call @stage1(
// CHECK-NOT: schedrt_result
// CHECK: }
// Rank 4.
// CHECK: arith.cmpi sge, %[[RANK]], %[[C4]]
// CHECK: scf.if
// CHECK: func.call @stage2()
// CHECK: return
