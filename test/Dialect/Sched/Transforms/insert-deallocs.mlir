// RUN: sched-opt %s -split-input-file -verify-diagnostics --sched-insert-deallocs | FileCheck %s

// Each buffer is freed right after the last op of its block that uses it or
// one of its views; a collective keeps its buffers alive until its wait.

// CHECK-LABEL: func.func @last_use
// CHECK-SAME: (%[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<4xf32>)
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: sched.compute "a" ins(%[[X]] : memref<4xf32>) outs(%[[A]] : memref<4xf32>)
// CHECK-NEXT: sched.compute "b" ins(%[[A]] : memref<4xf32>) outs(%[[Y]] : memref<4xf32>)
// CHECK-NEXT: memref.dealloc %[[A]] : memref<4xf32>
// CHECK-NEXT: sched.compute "c" ins(%[[X]] : memref<4xf32>) outs(%[[Y]] : memref<4xf32>)
// CHECK-NEXT: %[[U:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT: memref.dealloc %[[U]] : memref<8xf32>
// CHECK-NEXT: return
func.func @last_use(%x: memref<4xf32>, %y: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  sched.compute "a" ins(%x : memref<4xf32>) outs(%a : memref<4xf32>)
  sched.compute "b" ins(%a : memref<4xf32>) outs(%y : memref<4xf32>)
  sched.compute "c" ins(%x : memref<4xf32>) outs(%y : memref<4xf32>)
  %unused = memref.alloc() : memref<8xf32>
  return
}

// -----

sched.process_group @g size = 4

// The input of a collective is freed after its wait, not after its start,
// even when nothing else reads it; the destination lives as long as the
// results of the wait.
// CHECK-LABEL: func.func @in_flight
// CHECK-SAME: (%[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<16xf32>, %[[Z:.*]]: memref<4xf32>)
// CHECK-NEXT: %[[IN:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: sched.compute "produce" ins(%[[X]] : memref<4xf32>) outs(%[[IN]] : memref<4xf32>)
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: %[[F:.*]] = sched.all_gather_start %[[IN]] into %[[OUT]] on @g gather_dim = 0
// CHECK-NEXT: sched.compute "overlap" ins(%[[X]] : memref<4xf32>) outs(%[[Z]] : memref<4xf32>)
// CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]]
// CHECK-NEXT: memref.dealloc %[[IN]] : memref<4xf32>
// CHECK-NEXT: sched.compute "consume" ins(%[[R]] : memref<16xf32>) outs(%[[Y]] : memref<16xf32>)
// CHECK-NEXT: memref.dealloc %[[OUT]] : memref<16xf32>
// CHECK-NEXT: return
func.func @in_flight(%x: memref<4xf32>, %y: memref<16xf32>, %z: memref<4xf32>) {
  %in = memref.alloc() : memref<4xf32>
  sched.compute "produce" ins(%x : memref<4xf32>) outs(%in : memref<4xf32>)
  %out = memref.alloc() : memref<16xf32>
  %f = sched.all_gather_start %in into %out on @g gather_dim = 0 : memref<4xf32> into memref<16xf32> -> !sched.future<memref<16xf32>>
  sched.compute "overlap" ins(%x : memref<4xf32>) outs(%z : memref<4xf32>)
  %r = sched.wait %f : !sched.future<memref<16xf32>>
  sched.compute "consume" ins(%r : memref<16xf32>) outs(%y : memref<16xf32>)
  return
}

// A destination that nothing reads is freed right after the wait; in a
// bucket each buffer follows its own position.
// CHECK-LABEL: func.func @bucket
// CHECK-SAME: (%[[X:.*]]: memref<4xf32>, %[[Y:.*]]: memref<4xf32>)
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start %[[X]], %[[X]] into %[[A]], %[[B]] on @g reduction = sum
// CHECK-NEXT: %[[R:.*]]:2 = sched.wait %[[F]]
// CHECK-NEXT: memref.dealloc %[[B]] : memref<4xf32>
// CHECK-NEXT: sched.compute "consume" ins(%[[R]]#0 : memref<4xf32>) outs(%[[Y]] : memref<4xf32>)
// CHECK-NEXT: memref.dealloc %[[A]] : memref<4xf32>
// CHECK-NEXT: return
func.func @bucket(%x: memref<4xf32>, %y: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %f = sched.all_reduce_start %x, %x into %a, %b on @g reduction = sum : memref<4xf32>, memref<4xf32> into memref<4xf32>, memref<4xf32> -> !sched.future<memref<4xf32>, memref<4xf32>>
  %r:2 = sched.wait %f : !sched.future<memref<4xf32>, memref<4xf32>>
  sched.compute "consume" ins(%r#0 : memref<4xf32>) outs(%y : memref<4xf32>)
  return
}

// -----

sched.process_group @g size = 2

// Uses of views count as uses of the buffer, including a view that a
// collective reads until its wait.
// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[Y:.*]]: memref<8xf32>, %[[Z:.*]]: memref<4x4xf32>)
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT: %[[FLAT:.*]] = memref.collapse_shape %[[A]]
// CHECK-NEXT: %[[HALF:.*]] = memref.subview %[[FLAT]][8] [8] [1]
// CHECK-NEXT: sched.compute "first" outs(%[[A]] : memref<4x4xf32>)
// CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start %[[HALF]] into %[[Y]] on @g reduction = sum
// CHECK-NEXT: sched.compute "overlap" outs(%[[Z]] : memref<4x4xf32>)
// CHECK-NEXT: sched.wait %[[F]]
// CHECK-NEXT: memref.dealloc %[[A]] : memref<4x4xf32>
// CHECK-NEXT: return
func.func @views(%y: memref<8xf32>, %z: memref<4x4xf32>) {
  %a = memref.alloc() : memref<4x4xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %half = memref.subview %flat[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  sched.compute "first" outs(%a : memref<4x4xf32>)
  %f = sched.all_reduce_start %half into %y on @g reduction = sum : memref<8xf32, strided<[1], offset: 8>> into memref<8xf32> -> !sched.future<memref<8xf32>>
  sched.compute "overlap" outs(%z : memref<4x4xf32>)
  %r = sched.wait %f : !sched.future<memref<8xf32>>
  return
}

// Other ops with memref results may return an alias: their uses count too.
// CHECK-LABEL: func.func @cast
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[C:.*]] = memref.cast %[[A]]
// CHECK-NEXT: sched.compute "other"
// CHECK-NEXT: sched.compute "use" outs(%[[C]] : memref<?xf32>)
// CHECK-NEXT: memref.dealloc %[[A]] : memref<4xf32>
// CHECK-NEXT: return
func.func @cast() {
  %a = memref.alloc() : memref<4xf32>
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  sched.compute "other"
  sched.compute "use" outs(%c : memref<?xf32>)
  return
}

// -----

// Uses in nested regions are uses of their ancestor in the block; a buffer
// allocated in a loop body is freed in the body.
// CHECK-LABEL: func.func @regions
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: scf.for
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: sched.compute "step" ins(%[[A]] : memref<4xf32>) outs(%[[B]] : memref<4xf32>)
// CHECK-NEXT: memref.dealloc %[[B]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: memref.dealloc %[[A]] : memref<4xf32>
// CHECK-NEXT: sched.compute "after"
// CHECK-NEXT: return
func.func @regions(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : memref<4xf32>
    sched.compute "step" ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  }
  sched.compute "after"
  return
}

// -----

sched.process_group @g size = 2

// A buffer an scf.for carries in place (its body yields the iteration
// argument back, as one-shot bufferization makes a loop that copies each
// iteration's gathered layer into the carried one) lives as long as the
// loop's result of that argument, not as long as every result of the loop:
// the carried layer is freed after its last use after the loop, before the
// stack the loop also carries is read.
// CHECK-LABEL: func.func @carried_in_place
// CHECK: %[[STACK:.*]] = memref.alloc() : memref<2x4xf32>
// CHECK: %[[LAYER:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: %[[NEXT:.*]] = memref.alloc() : memref<4xf32>
// CHECK: memref.dealloc %[[NEXT]] : memref<4xf32>
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: sched.compute "last_layer" ins(%[[R]]#1 : memref<4xf32>)
// CHECK-NEXT: memref.dealloc %[[LAYER]] : memref<4xf32>
// CHECK-NEXT: sched.compute "head"
// CHECK-NEXT: sched.compute "backward" ins(%[[R]]#0 : memref<2x4xf32>)
// CHECK-NEXT: memref.dealloc %[[STACK]] : memref<2x4xf32>
// CHECK-NEXT: return
func.func @carried_in_place(%w: memref<2xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %stack = memref.alloc() : memref<2x4xf32>
  %layer = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%s = %stack, %l = %layer) -> (memref<2x4xf32>, memref<4xf32>) {
    %next = memref.alloc() : memref<4xf32>
    %f = sched.all_gather_start %w into %next on @g gather_dim = 0 : memref<2xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
    sched.compute "layer" ins(%l : memref<4xf32>) outs(%s : memref<2x4xf32>)
    %g = sched.wait %f : !sched.future<memref<4xf32>>
    memref.copy %g, %l : memref<4xf32> to memref<4xf32>
    scf.yield %s, %l : memref<2x4xf32>, memref<4xf32>
  }
  sched.compute "last_layer" ins(%r#1 : memref<4xf32>) outs(%y : memref<4xf32>)
  sched.compute "head" outs(%y : memref<4xf32>)
  sched.compute "backward" ins(%r#0 : memref<2x4xf32>) outs(%y : memref<4xf32>)
  return
}

// A body that yields an argument at another position (the two buffers swap
// each iteration) makes both results aliases of either buffer: both are
// freed after the last use of either result.
// CHECK-LABEL: func.func @carried_swapped
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: sched.compute "first" ins(%[[R]]#0 : memref<4xf32>)
// CHECK-NEXT: sched.compute "second" ins(%[[R]]#1 : memref<4xf32>)
// CHECK-NEXT: memref.dealloc %[[B]] : memref<4xf32>
// CHECK-NEXT: memref.dealloc %[[A]] : memref<4xf32>
// CHECK-NEXT: return
func.func @carried_swapped(%y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a, %z = %b) -> (memref<4xf32>, memref<4xf32>) {
    sched.compute "step" ins(%x : memref<4xf32>) outs(%z : memref<4xf32>)
    scf.yield %z, %x : memref<4xf32>, memref<4xf32>
  }
  sched.compute "first" ins(%r#0 : memref<4xf32>) outs(%y : memref<4xf32>)
  sched.compute "second" ins(%r#1 : memref<4xf32>) outs(%y : memref<4xf32>)
  return
}

// A body that stores its argument, or hands it to a collective it does not
// wait on (the last one is in flight after the loop), lets the buffer
// escape: it is not freed.
// CHECK-LABEL: func.func @carried_escapes
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @carried_escapes(%slot: memref<1xmemref<4xf32>>, %w: memref<4xf32>, %d: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-remark@+1 {{buffer not freed here: it is stored to memory}}
  %a = memref.alloc() : memref<4xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
    memref.store %x, %slot[%c0] : memref<1xmemref<4xf32>>
    scf.yield %x : memref<4xf32>
  }
  // expected-remark@+1 {{buffer not freed here: its collective is not waited on in the same block}}
  %b = memref.alloc() : memref<4xf32>
  %f0 = sched.all_gather_start %w into %d on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  %s:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %b, %f = %f0) -> (memref<4xf32>, !sched.future<memref<8xf32>>) {
    %g = sched.wait %f : !sched.future<memref<8xf32>>
    %fn = sched.all_gather_start %x into %d on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
    scf.yield %x, %fn : memref<4xf32>, !sched.future<memref<8xf32>>
  }
  %last = sched.wait %s#1 : !sched.future<memref<8xf32>>
  return
}

// -----

sched.process_group @g size = 2

// The input of a collective whose future the loop carries (a reduce-scatter
// of each iteration's gradients, waited in the next iteration) stays in
// flight past its block: the loop carries it next to the future, and it is
// freed after the wait that ends its collective, in the next iteration or
// after the loop. Nothing is reported.
// CHECK-LABEL: func.func @carried_inputs
// CHECK: %[[G0:.*]] = memref.alloc() : memref<8xf32>
// CHECK: %[[F0:.*]] = sched.reduce_scatter_start %[[G0]] into
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[F:.*]] = %[[F0]], %[[IN:.*]] = %[[G0]]) -> (!sched.future<memref<4xf32>>, memref<8xf32>)
// CHECK: sched.wait %[[F]]
// CHECK-NEXT: memref.dealloc %[[IN]] : memref<8xf32>
// CHECK: %[[G:.*]] = memref.alloc() : memref<8xf32>
// CHECK: %[[FN:.*]] = sched.reduce_scatter_start %[[G]] into
// CHECK: scf.yield %[[FN]], %[[G]] : !sched.future<memref<4xf32>>, memref<8xf32>
// CHECK: sched.wait %[[R]]#0
// CHECK-NEXT: memref.dealloc %[[R]]#1 : memref<8xf32>
func.func @carried_inputs(%x: memref<8xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %g0 = memref.alloc() : memref<8xf32>
  sched.compute "grads" ins(%x : memref<8xf32>) outs(%g0 : memref<8xf32>)
  %d0 = memref.alloc() : memref<4xf32>
  %f0 = sched.reduce_scatter_start %g0 into %d0 on @g reduction = sum scatter_dim = 0 : memref<8xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%f = %f0) -> (!sched.future<memref<4xf32>>) {
    %s = sched.wait %f : !sched.future<memref<4xf32>>
    sched.compute "update" ins(%s : memref<4xf32>) outs(%y : memref<4xf32>)
    %g = memref.alloc() : memref<8xf32>
    sched.compute "grads" ins(%x : memref<8xf32>) outs(%g : memref<8xf32>)
    %d = memref.alloc() : memref<4xf32>
    %fn = sched.reduce_scatter_start %g into %d on @g reduction = sum scatter_dim = 0 : memref<8xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
    scf.yield %fn : !sched.future<memref<4xf32>>
  }
  %last = sched.wait %r : !sched.future<memref<4xf32>>
  sched.compute "update" ins(%last : memref<4xf32>) outs(%y : memref<4xf32>)
  return
}

// -----

sched.process_group @g size = 2

// An early start on the value an iteration yields (TP's first backward
// gather): the body's input is its own, the first start's is also the
// value the loop carries, so only the body's are freed: the argument from
// the second iteration on, the loop's result only when the loop ran (its
// trip count is not known here). The first input stays allocated, with the
// remark.
// CHECK-LABEL: func.func @carried_early_start
// CHECK: %[[A0:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[F0:.*]] = sched.all_gather_start %[[A0]] into
// CHECK: %[[R:.*]]:3 = scf.for %[[I:.*]] = %[[LB:.*]] to %[[UB:.*]] step {{.*}} iter_args(%[[V:.*]] = %[[A0]], %[[F:.*]] = %[[F0]], %[[IN:.*]] = %[[A0]])
// CHECK: sched.wait %[[F]]
// CHECK-NEXT: %[[LATER:.*]] = arith.cmpi ne, %[[I]], %[[LB]] : index
// CHECK-NEXT: scf.if %[[LATER]] {
// CHECK-NEXT: memref.dealloc %[[IN]] : memref<4xf32>
// CHECK-NEXT: }
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: sched.all_gather_start %[[A]] into
// CHECK: scf.yield %[[V]], %{{.*}}, %[[A]] :
// CHECK: sched.wait %[[R]]#1
// CHECK-NEXT: %[[RAN:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : index
// CHECK-NEXT: scf.if %[[RAN]] {
// CHECK-NEXT: memref.dealloc %[[R]]#2 : memref<4xf32>
// CHECK-NEXT: }
func.func @carried_early_start(%x: memref<4xf32>, %y: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer not freed here: its collective is not waited on in the same block}}
  %a0 = memref.alloc() : memref<4xf32>
  sched.compute "grad" ins(%x : memref<4xf32>) outs(%a0 : memref<4xf32>)
  %d0 = memref.alloc() : memref<8xf32>
  %f0 = sched.all_gather_start %a0 into %d0 on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%v = %a0, %f = %f0) -> (memref<4xf32>, !sched.future<memref<8xf32>>) {
    %g = sched.wait %f : !sched.future<memref<8xf32>>
    sched.compute "use" ins(%g, %v : memref<8xf32>, memref<4xf32>) outs(%y : memref<8xf32>)
    %a = memref.alloc() : memref<4xf32>
    sched.compute "grad" ins(%v : memref<4xf32>) outs(%a : memref<4xf32>)
    %d = memref.alloc() : memref<8xf32>
    %fn = sched.all_gather_start %a into %d on @g gather_dim = 0 : memref<4xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
    memref.copy %a, %v : memref<4xf32> to memref<4xf32>
    scf.yield %v, %fn : memref<4xf32>, !sched.future<memref<8xf32>>
  }
  %last = sched.wait %r#1 : !sched.future<memref<8xf32>>
  sched.compute "use" ins(%last, %r#0 : memref<8xf32>, memref<4xf32>) outs(%y : memref<8xf32>)
  return
}

// -----

// Returned buffers (or views of them) belong to the caller: no dealloc and no
// remark.
// CHECK-LABEL: func.func @returned
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @returned() -> (memref<4xf32>, memref<8xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<2x4xf32>
  %flat = memref.collapse_shape %b [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  sched.compute "fill" outs(%a, %b : memref<4xf32>, memref<2x4xf32>)
  return %a, %flat : memref<4xf32>, memref<8xf32>
}

// -----

// Buffers that escape their block are reported and left alone.
// CHECK-LABEL: func.func @escapes
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @escapes(%c: i1, %slot: memref<1xmemref<4xf32>>) -> memref<4xf32> {
  %i = arith.constant 0 : index
  // expected-remark@+1 {{buffer not freed here: it is yielded out of its block}}
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    // expected-remark@+1 {{buffer not freed here: it is yielded out of its block}}
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  // expected-remark@+1 {{buffer not freed here: it is stored to memory}}
  %s = memref.alloc() : memref<4xf32>
  memref.store %s, %slot[%i] : memref<1xmemref<4xf32>>
  return %r : memref<4xf32>
}

// -----

func.func private @use(memref<4xf32>)

// CHECK-LABEL: func.func @blocks
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @blocks(%c: i1) {
  // expected-remark@+1 {{buffer not freed here: it is used outside its block}}
  %a = memref.alloc() : memref<4xf32>
  // expected-remark@+1 {{buffer not freed here: it is passed to another block}}
  %b = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2(%b : memref<4xf32>)
^bb1:
  func.call @use(%a) : (memref<4xf32>) -> ()
  return
^bb2(%arg: memref<4xf32>):
  func.call @use(%arg) : (memref<4xf32>) -> ()
  return
}
