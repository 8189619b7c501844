// RUN: sched-opt %s --sched-emit-main --canonicalize | FileCheck %s
// RUN: sched-opt %s --sched-emit-main="entry=other" --canonicalize | FileCheck %s --check-prefix=ENTRY

// sched_main allocates the arguments of the entry, then runs
// schedrt_num_iters() steps; each step fills the arguments (every step starts
// from the same inputs), calls the entry between step_begin and step_end and
// hands each result to schedrt_result. --canonicalize only gathers the
// constants.

// The entry is the only public function with a body: declarations and
// private functions do not count.
func.func private @helper(memref<4xf32>)
func.func private @other(%x: memref<8xi8>) {
  return
}
func.func @step(%x: memref<4xf32>, %w: memref<2x3xbf16>) -> (memref<4xf32>, memref<6xi32>) {
  %a = memref.alloc() : memref<6xi32>
  return %x, %a : memref<4xf32>, memref<6xi32>
}

// CHECK-DAG: func.func private @schedrt_num_iters() -> i64
// CHECK-DAG: func.func private @schedrt_fill(i64, i64, i32, i32)
// CHECK-DAG: func.func private @schedrt_step_begin(i64)
// CHECK-DAG: func.func private @schedrt_step_end(i64)
// CHECK-DAG: func.func private @schedrt_result(i64, i64, i64, i32, i32)

// CHECK-LABEL: func.func @sched_main() {
// CHECK-DAG: %[[B0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[B1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[I4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[I7:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i64
// CHECK-DAG: %[[X:.*]] = memref.alloc() : memref<4xf32>
// CHECK-DAG: %[[W:.*]] = memref.alloc() : memref<2x3xbf16>
// CHECK: %[[N:.*]] = call @schedrt_num_iters() : () -> i64
// CHECK-NEXT: %[[UB:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK-NEXT: scf.for %[[IV:.*]] = %[[B0]] to %[[UB]] step %[[B1]] {
// CHECK-NEXT:   %[[ITER:.*]] = arith.index_cast %[[IV]] : index to i64
// CHECK-NEXT:   %[[XP:.*]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK-NEXT:   %[[XA:.*]] = arith.index_cast %[[XP]] : index to i64
// CHECK-NEXT:   func.call @schedrt_fill(%[[XA]], %[[C4]], %[[I1]], %[[I0]])
// CHECK-NEXT:   %[[WP:.*]] = memref.extract_aligned_pointer_as_index %[[W]]
// CHECK-NEXT:   %[[WA:.*]] = arith.index_cast %[[WP]] : index to i64
// CHECK-NEXT:   func.call @schedrt_fill(%[[WA]], %[[C6]], %[[I4]], %[[I1]])
// CHECK-NEXT:   func.call @schedrt_step_begin(%[[ITER]])
// CHECK-NEXT:   %[[R:.*]]:2 = func.call @step(%[[X]], %[[W]]) : (memref<4xf32>, memref<2x3xbf16>) -> (memref<4xf32>, memref<6xi32>)
// CHECK-NEXT:   func.call @schedrt_step_end(%[[ITER]])
// CHECK-NEXT:   %[[R0P:.*]] = memref.extract_aligned_pointer_as_index %[[R]]#0
// CHECK-NEXT:   %[[R0A:.*]] = arith.index_cast %[[R0P]] : index to i64
// CHECK-NEXT:   func.call @schedrt_result(%[[ITER]], %[[R0A]], %[[C4]], %[[I1]], %[[I0]])
// CHECK-NEXT:   %[[R1P:.*]] = memref.extract_aligned_pointer_as_index %[[R]]#1
// CHECK-NEXT:   %[[R1A:.*]] = arith.index_cast %[[R1P]] : index to i64
// CHECK-NEXT:   func.call @schedrt_result(%[[ITER]], %[[R1A]], %[[C6]], %[[I7]], %[[I1]])
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[X]]
// CHECK-NEXT: memref.dealloc %[[W]]
// CHECK-NEXT: return

// With entry=, the named function runs, private or not; it has no results
// here, so nothing is handed back (dtype 5 = i8).
// ENTRY-LABEL: func.func @sched_main() {
// ENTRY: %[[X:.*]] = memref.alloc() : memref<8xi8>
// ENTRY: scf.for
// ENTRY: func.call @schedrt_fill(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// ENTRY-NEXT: func.call @schedrt_step_begin
// ENTRY-NEXT: func.call @other(%[[X]]) : (memref<8xi8>) -> ()
// ENTRY-NEXT: func.call @schedrt_step_end
// ENTRY-NEXT: }
// ENTRY-NEXT: memref.dealloc %[[X]]
// ENTRY-NOT: schedrt_result
