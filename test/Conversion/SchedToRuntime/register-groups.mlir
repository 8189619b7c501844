// RUN: sched-opt %s -split-input-file --convert-sched-to-runtime | FileCheck %s

// With a sched_main (sched-emit-main runs first), every process group is
// registered at its start, in module order: its id, the address of a
// private constant global holding its name and a NUL, its size and stride
// (here @odd: ranks [1, 3], stride 2). A symbol that is taken is renamed.
// CHECK-DAG: memref.global "private" constant @__sched_group_name_world : memref<6xi8> = dense<[119, 111, 114, 108, 100, 0]>
// CHECK-DAG: memref.global "private" constant @[[ODD:__sched_group_name_odd_[0-9]+]] : memref<4xi8> = dense<[111, 100, 100, 0]>
// CHECK-DAG: memref.global "private" constant @__sched_group_name_odd : memref<1xi8> = dense<7>
// CHECK-DAG: func.func private @schedrt_register_group(i32, i64, i64, i64)
// CHECK-NOT: sched.process_group
// CHECK-LABEL: func.func @sched_main()
// CHECK: %[[WORLD:.*]] = memref.get_global @__sched_group_name_world : memref<6xi8>
// CHECK: %[[ID0:.*]] = arith.constant 0 : i32
// CHECK: %[[WP:.*]] = memref.extract_aligned_pointer_as_index %[[WORLD]]
// CHECK: %[[WA:.*]] = arith.index_cast %[[WP]] : index to i64
// CHECK: %[[SIZE4:.*]] = arith.constant 4 : i64
// CHECK: %[[STRIDE1:.*]] = arith.constant 1 : i64
// CHECK: call @schedrt_register_group(%[[ID0]], %[[WA]], %[[SIZE4]], %[[STRIDE1]])
// CHECK: %[[ODDNAME:.*]] = memref.get_global @[[ODD]] : memref<4xi8>
// CHECK: %[[ID1:.*]] = arith.constant 1 : i32
// CHECK: %[[OP:.*]] = memref.extract_aligned_pointer_as_index %[[ODDNAME]]
// CHECK: %[[OA:.*]] = arith.index_cast %[[OP]] : index to i64
// CHECK: %[[SIZE2:.*]] = arith.constant 2 : i64
// CHECK: %[[STRIDE2:.*]] = arith.constant 2 : i64
// CHECK: call @schedrt_register_group(%[[ID1]], %[[OA]], %[[SIZE2]], %[[STRIDE2]])
// CHECK-NEXT: call @step()
sched.process_group @world size = 4
sched.process_group @odd size = 2 ranks = [1, 3]
memref.global "private" constant @__sched_group_name_odd : memref<1xi8> = dense<7>

func.func @step() {
  return
}

func.func @sched_main() {
  call @step() : () -> ()
  return
}

// -----

// Without a sched_main nothing is registered: the runtime then names the
// groups by number.
// CHECK-NOT: schedrt_register_group
// CHECK-NOT: __sched_group_name
sched.process_group @g size = 2

func.func @step() {
  return
}
