// RUN: sched-opt %s --sched-strip-collective-order | FileCheck %s --implicit-check-not=sched.collective_order

// Tests that every recorded number is removed, in loop bodies too, and
// nothing else.

sched.process_group @g size = 2

// CHECK-LABEL: func.func @strip
func.func @strip(%a: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: sched.all_gather_start %{{.*}} on @g gather_dim = 0 {keep = 1 : i64} :
  %f = sched.all_gather_start %a on @g gather_dim = 0 {keep = 1, sched.collective_order = array<i64: 0>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %w = sched.wait %f : !sched.future<tensor<8xf32>>
  // CHECK: scf.for
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> tensor<4xf32> {
    // CHECK: sched.all_reduce_start %{{.*}} on @g reduction = sum :
    %g = sched.all_reduce_start %x on @g reduction = sum {sched.collective_order = array<i64: 1>} : tensor<4xf32> -> !sched.future<tensor<4xf32>>
    %y = sched.wait %g : !sched.future<tensor<4xf32>>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
