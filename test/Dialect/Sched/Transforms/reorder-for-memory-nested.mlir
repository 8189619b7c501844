// RUN: sched-opt %s --sched-reorder-for-memory 2>/dev/null | FileCheck %s
// RUN: sched-opt %s --sched-reorder-for-memory -verify-diagnostics -o /dev/null

// sched-reorder-for-memory in nested blocks (docs/passes/ReorderForMemory.md,
// "Nested blocks"): each loop body and branch is ordered on its own,
// innermost first, with a remark where its peak goes down; a body that a
// future crosses keeps its order.

sched.process_group @dp size = 4

// Each temporary is reduced before the next is made: 32 KiB -> 16 KiB.
// CHECK-LABEL: func.func @memory
// CHECK:         scf.for
// CHECK-NEXT:      sched.compute "expand1"
// CHECK-NEXT:      sched.compute "reduce1"
// CHECK-NEXT:      sched.compute "expand2"
// CHECK-NEXT:      sched.compute "reduce2"
// expected-remark @below {{@memory: kept the original order: peak 64 B}}
func.func @memory(%x: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  // expected-remark @below {{'scf.for' body: order 'greedy': peak 32.12 KiB -> 16.19 KiB}}
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x) -> (tensor<16xf32>) {
    %t1 = sched.compute "expand1" ins(%a : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096xf32>)
    %t2 = sched.compute "expand2" ins(%a : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096xf32>)
    %s1 = sched.compute "reduce1" ins(%t1 : tensor<4096xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    %s2 = sched.compute "reduce2" ins(%t2 : tensor<4096xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    %d = sched.compute "add" ins(%s1, %s2 : tensor<16xf32>, tensor<16xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    scf.yield %d : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// The same in both branches of an scf.if, inside a loop: innermost first.
// CHECK-LABEL: func.func @branches
// CHECK:         scf.if
// CHECK-NEXT:      sched.compute "expand1"
// CHECK-NEXT:      sched.compute "reduce1"
// CHECK:         } else {
// CHECK-NEXT:      sched.compute "expand3"
// CHECK-NEXT:      sched.compute "reduce3"
// expected-remark @below {{@branches: kept the original order}}
func.func @branches(%x: tensor<16xf32>, %p: i1) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%a = %x) -> (tensor<16xf32>) {
    // expected-remark @below {{'scf.if' then: order 'greedy': peak 32.06 KiB -> 16.12 KiB}}
    // expected-remark @below {{'scf.if' else: order 'greedy': peak 32.06 KiB -> 16.12 KiB}}
    %b = scf.if %p -> (tensor<16xf32>) {
      %t1 = sched.compute "expand1" ins(%a : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096xf32>)
      %t2 = sched.compute "expand2" ins(%a : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096xf32>)
      %s1 = sched.compute "reduce1" ins(%t1 : tensor<4096xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
      %s2 = sched.compute "reduce2" ins(%t2 : tensor<4096xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
      %d = sched.compute "add" ins(%s1, %s2 : tensor<16xf32>, tensor<16xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
      scf.yield %d : tensor<16xf32>
    } else {
      %t3 = sched.compute "expand3" ins(%a : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096xf32>)
      %t4 = sched.compute "expand4" ins(%a : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096xf32>)
      %s3 = sched.compute "reduce3" ins(%t3 : tensor<4096xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
      %s4 = sched.compute "reduce4" ins(%t4 : tensor<4096xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
      %e = sched.compute "add" ins(%s3, %s4 : tensor<16xf32>, tensor<16xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
      scf.yield %e : tensor<16xf32>
    }
    %o = sched.compute "id" ins(%b : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    scf.yield %o : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// A future carried into the next iteration: the body keeps its order.
// CHECK-LABEL: func.func @carried
// CHECK:         scf.for
// CHECK-NEXT:      sched.compute "expand1"
// CHECK-NEXT:      sched.compute "expand2"
// expected-remark @below {{@carried: kept the original order}}
func.func @carried(%x: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %f0 = sched.all_reduce_start %x on @dp reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %x, %f = %f0) -> (tensor<16xf32>, !sched.future<tensor<16xf32>>) {
    %t1 = sched.compute "expand1" ins(%a : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096xf32>)
    %t2 = sched.compute "expand2" ins(%a : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<4096xf32>)
    %s1 = sched.compute "reduce1" ins(%t1 : tensor<4096xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    %s2 = sched.compute "reduce2" ins(%t2 : tensor<4096xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    // expected-remark @below {{not reordered: this 'sched.wait' has its future carried through an 'scf.for' or 'scf.if'}}
    %s = sched.wait %f : !sched.future<tensor<16xf32>>
    %n = sched.all_reduce_start %s1 on @dp reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %d = sched.compute "add" ins(%s, %s2 : tensor<16xf32>, tensor<16xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    scf.yield %d, %n : tensor<16xf32>, !sched.future<tensor<16xf32>>
  }
  %last = sched.wait %r#1 : !sched.future<tensor<16xf32>>
  return %last : tensor<16xf32>
}
