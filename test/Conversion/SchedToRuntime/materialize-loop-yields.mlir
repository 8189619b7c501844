// RUN: sched-opt %s --pass-pipeline='builtin.module(func.func(sched-materialize-loop-yields))' | FileCheck %s
// RUN: sched-opt %s --pass-pipeline='builtin.module(func.func(sched-materialize-loop-yields),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(sched-insert-deallocs,sched-verify-schedule))' 2>/dev/null | FileCheck %s --check-prefix=BUF
// RUN: not sched-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UPSTREAM

// A loop-carried tensor that does not bufferize to its iteration argument's
// buffer (a collective's result, a fresh compute result, a value computed in
// place on either) is copied back into that buffer before the yield, so that
// one-shot bufferization accepts the loop. Without the pass it does not:
// UPSTREAM: error: Yield operand #0 is not equivalent to the corresponding iter bbArg

sched.process_group @g size = 2

// CHECK-LABEL: func.func @wait_yield
// CHECK: scf.for {{.*}} iter_args(%[[T:.*]] = %{{.*}})
// CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start %[[T]]
// CHECK-NEXT: %[[W:.*]] = sched.wait %[[F]]
// CHECK-NEXT: %[[M:.*]] = bufferization.materialize_in_destination %[[W]] in %[[T]]
// CHECK-NEXT: scf.yield %[[M]]
// The collective writes a fresh buffer, which is copied into the iteration's
// buffer and freed in the same iteration.
// BUF-LABEL: func.func @wait_yield
// BUF: scf.for {{.*}} iter_args(%[[T:.*]] = %{{.*}})
// BUF-NEXT: %[[D:.*]] = memref.alloc()
// BUF-NEXT: %[[F:.*]] = sched.all_reduce_start %[[T]] into %[[D]]
// BUF-NEXT: %[[W:.*]] = sched.wait %[[F]]
// BUF-NEXT: memref.copy %[[W]], %[[T]]
// BUF-NEXT: memref.dealloc %[[D]]
// BUF-NEXT: scf.yield %[[T]]
func.func @wait_yield(%x: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %x) -> (tensor<8xf32>) {
    %f = sched.all_reduce_start %t on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %w = sched.wait %f : !sched.future<tensor<8xf32>>
    scf.yield %w : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// Yields that already are in place (through a destination-style op and a
// cast) are left alone.
// CHECK-LABEL: func.func @in_place
// CHECK-NOT: materialize_in_destination
// CHECK: return
// BUF-LABEL: func.func @in_place
// BUF-NOT: memref.copy
// BUF: return
func.func @in_place(%x: tensor<8xf32>, %y: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %x) -> (tensor<8xf32>) {
    %a = linalg.add ins(%t, %y : tensor<8xf32>, tensor<8xf32>) outs(%t : tensor<8xf32>) -> tensor<8xf32>
    %c = tensor.cast %a : tensor<8xf32> to tensor<8xf32>
    scf.yield %c : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// An opaque compute writing the collective's result in place (outs), and one
// writing a fresh buffer: both are copied back.
// CHECK-LABEL: func.func @compute_on_wait
// CHECK: scf.for {{.*}} iter_args(%[[T:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}})
// CHECK: %[[U:.*]] = sched.compute "update"
// CHECK-NEXT: %[[V:.*]] = sched.compute "fresh"
// CHECK-NEXT: %[[MU:.*]] = bufferization.materialize_in_destination %[[U]] in %[[T]]
// CHECK-NEXT: %[[MV:.*]] = bufferization.materialize_in_destination %[[V]] in %[[S]]
// CHECK-NEXT: scf.yield %[[MU]], %[[MV]]
// BUF-LABEL: func.func @compute_on_wait
// BUF: scf.yield
func.func @compute_on_wait(%x: tensor<8xf32>, %n: index) -> (tensor<8xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%t = %x, %s = %x) -> (tensor<8xf32>, tensor<8xf32>) {
    %f = sched.all_reduce_start %t on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %w = sched.wait %f : !sched.future<tensor<8xf32>>
    %u = sched.compute "update" ins(%s : tensor<8xf32>) outs(%w : tensor<8xf32>) -> (tensor<8xf32>)
    %v = sched.compute "fresh" ins(%s : tensor<8xf32>) -> (tensor<8xf32>)
    scf.yield %u, %v : tensor<8xf32>, tensor<8xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// The inner loop gets the copy; the outer one then yields in place.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for {{.*}} iter_args(%[[T:.*]] = %{{.*}})
// CHECK-NEXT: %[[IN:.*]] = scf.for {{.*}} iter_args(%[[U:.*]] = %[[T]])
// CHECK: %[[W:.*]] = sched.wait
// CHECK-NEXT: %[[M:.*]] = bufferization.materialize_in_destination %[[W]] in %[[U]]
// CHECK-NEXT: scf.yield %[[M]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[IN]]
// BUF-LABEL: func.func @nested
// BUF: memref.copy
// BUF-NOT: memref.copy
// BUF: return
func.func @nested(%x: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %x) -> (tensor<8xf32>) {
    %in = scf.for %j = %c0 to %n step %c1 iter_args(%u = %t) -> (tensor<8xf32>) {
      %f = sched.all_reduce_start %u on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
      %w = sched.wait %f : !sched.future<tensor<8xf32>>
      scf.yield %w : tensor<8xf32>
    }
    scf.yield %in : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// A branch that yields the collective's result on one side: the loop copies
// the branch's result.
// CHECK-LABEL: func.func @branch
// CHECK: scf.for {{.*}} iter_args(%[[T:.*]] = %{{.*}})
// CHECK: %[[V:.*]] = scf.if
// CHECK: %[[M:.*]] = bufferization.materialize_in_destination %[[V]] in %[[T]]
// CHECK-NEXT: scf.yield %[[M]]
// BUF-LABEL: func.func @branch
// BUF: scf.if
// BUF: memref.copy
func.func @branch(%x: tensor<8xf32>, %n: index, %b: i1) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %x) -> (tensor<8xf32>) {
    %v = scf.if %b -> tensor<8xf32> {
      %f = sched.all_reduce_start %t on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
      %w = sched.wait %f : !sched.future<tensor<8xf32>>
      scf.yield %w : tensor<8xf32>
    } else {
      scf.yield %t : tensor<8xf32>
    }
    scf.yield %v : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
