// RUN: sched-opt %s | sched-opt | FileCheck %s

// Futures that flow through scf.for iteration arguments and scf.if and
// scf.execute_region results, waited on exactly once on every path
// (collective_c5, wait_c1; docs/Rationale.md, "Futures across blocks").

sched.process_group @g size = 4

// A pipelined loop: the prologue starts iteration 0's gather, each iteration
// waits on its own and starts the next one's, the epilogue waits on the last.
// CHECK-LABEL: func.func @pipelined
// CHECK:         %[[F0:.*]] = sched.all_gather_start
// CHECK:         %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[F:.*]] = %[[F0]], {{.*}})
// CHECK:           sched.wait %[[F]]
// CHECK:           %[[NEXT:.*]] = sched.all_gather_start
// CHECK:           scf.yield %[[NEXT]],
// CHECK:         sched.wait %[[R]]#0
func.func @pipelined(%x: tensor<4xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.empty() : tensor<16xf32>
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0, %acc = %init) -> (!sched.future<tensor<16xf32>>, tensor<16xf32>) {
    %g = sched.wait %f : !sched.future<tensor<16xf32>>
    %next = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %next, %g : !sched.future<tensor<16xf32>>, tensor<16xf32>
  }
  %last = sched.wait %r#0 : !sched.future<tensor<16xf32>>
  return %last : tensor<16xf32>
}

// A future passed through the loop unchanged: the wait after the loop waits
// on the start before it, whatever the trip count.
// CHECK-LABEL: func.func @pass_through
// CHECK:         scf.for
// CHECK-NEXT:      scf.yield
// CHECK:         sched.wait
func.func @pass_through(%x: tensor<4xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<16xf32>>) {
    scf.yield %f : !sched.future<tensor<16xf32>>
  }
  %g = sched.wait %r : !sched.future<tensor<16xf32>>
  return %g : tensor<16xf32>
}

// Nested loops: the inner loop carries the outer loop's future through its
// iterations and hands it back to the outer body, which waits on it.
// CHECK-LABEL: func.func @nested
func.func @nested(%x: tensor<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<16xf32>>) {
    %inner = scf.for %j = %c0 to %n step %c1 iter_args(%h = %f) -> (!sched.future<tensor<16xf32>>) {
      %w = sched.wait %h : !sched.future<tensor<16xf32>>
      %s = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
      scf.yield %s : !sched.future<tensor<16xf32>>
    }
    scf.yield %inner : !sched.future<tensor<16xf32>>
  }
  %g = sched.wait %r : !sched.future<tensor<16xf32>>
  return
}

// Both branches of an scf.if start a collective and yield its future.
// CHECK-LABEL: func.func @both_branches
// CHECK:         %[[F:.*]] = scf.if
// CHECK:         sched.wait %[[F]]
func.func @both_branches(%x: tensor<4xf32>, %c: i1) -> tensor<16xf32> {
  %f = scf.if %c -> !sched.future<tensor<16xf32>> {
    %a = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %a : !sched.future<tensor<16xf32>>
  } else {
    %b = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %b : !sched.future<tensor<16xf32>>
  }
  %r = sched.wait %f : !sched.future<tensor<16xf32>>
  return %r : tensor<16xf32>
}

// An scf.execute_region that starts a collective and returns its future.
// CHECK-LABEL: func.func @execute_region
// CHECK:         %[[F:.*]] = scf.execute_region
// CHECK:         sched.wait %[[F]]
func.func @execute_region(%x: tensor<4xf32>) -> tensor<16xf32> {
  %f = scf.execute_region -> !sched.future<tensor<16xf32>> {
    %a = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %a : !sched.future<tensor<16xf32>>
  }
  %r = sched.wait %f : !sched.future<tensor<16xf32>>
  return %r : tensor<16xf32>
}
