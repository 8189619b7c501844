// RUN: sched-opt %s -split-input-file --sched-record-collective-order | FileCheck %s

// Tests the numbering: per process group, in program order, through loop
// bodies; a start that is already a bucket is one collective.

sched.process_group @dp size = 2
sched.process_group @tp size = 2

// CHECK-LABEL: func.func @groups
func.func @groups(%a: tensor<4xf32>, %b: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  // CHECK: sched.all_gather_start {{.*}} on @dp gather_dim = 0 {sched.collective_order = array<i64: 0>}
  %f0 = sched.all_gather_start %a on @dp gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // CHECK: sched.all_reduce_start {{.*}} on @tp {{.*}}{sched.collective_order = array<i64: 0>}
  %f1 = sched.all_reduce_start %b on @tp reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  // CHECK: sched.all_gather_start {{.*}} on @dp gather_dim = 0 {sched.collective_order = array<i64: 1>}
  %f2 = sched.all_gather_start %a, %b on @dp gather_dim = 0 : tensor<4xf32>, tensor<4xf32> -> !sched.future<tensor<8xf32>, tensor<8xf32>>
  %w0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %w1 = sched.wait %f1 : !sched.future<tensor<4xf32>>
  %w2:2 = sched.wait %f2 : !sched.future<tensor<8xf32>, tensor<8xf32>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %w1) -> tensor<4xf32> {
    // CHECK: sched.all_reduce_start {{.*}} on @tp {{.*}}{sched.collective_order = array<i64: 1>}
    %f = sched.all_reduce_start %x on @tp reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
    %y = sched.wait %f : !sched.future<tensor<4xf32>>
    scf.yield %y : tensor<4xf32>
  }
  // CHECK: sched.reduce_scatter_start {{.*}} on @dp {{.*}}{sched.collective_order = array<i64: 2>}
  %f3 = sched.reduce_scatter_start %r on @dp reduction = sum scatter_dim = 0 : tensor<4xf32> -> !sched.future<tensor<2xf32>>
  %w3 = sched.wait %f3 : !sched.future<tensor<2xf32>>
  return %r : tensor<4xf32>
}

// -----

sched.process_group @dp size = 2

// Tests that numbers already there are replaced, and that each function is
// numbered from 0.
// CHECK-LABEL: func.func @renumber
func.func @renumber(%a: tensor<4xf32>) -> tensor<8xf32> {
  // CHECK: {sched.collective_order = array<i64: 0>}
  %f = sched.all_gather_start %a on @dp gather_dim = 0 {sched.collective_order = array<i64: 7>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %w = sched.wait %f : !sched.future<tensor<8xf32>>
  return %w : tensor<8xf32>
}
