// RUN: not sched-opt %s --sched-verify-schedule="allow-reorder=1" -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error

// Tests allow-reorder: a group's collectives may be issued in any order, but
// each must still be there once.

sched.process_group @dp size = 2

func.func @swapped(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  %f1 = sched.all_gather_start %b on @dp gather_dim = 0 {sched.collective_order = array<i64: 1>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %f0 = sched.reduce_scatter_start %a on @dp reduction = sum scatter_dim = 0 {sched.collective_order = array<i64: 0>} : tensor<4xf32> -> !sched.future<tensor<2xf32>>
  %w1 = sched.wait %f1 : !sched.future<tensor<8xf32>>
  %w0 = sched.wait %f0 : !sched.future<tensor<2xf32>>
  return
}

// CHECK: error: collective #1 of group @dp is missing
func.func @missing(%a: tensor<4xf32>) {
  %f0 = sched.all_gather_start %a, %a on @dp gather_dim = 0 {sched.collective_order = array<i64: 0, 2>} : tensor<4xf32>, tensor<4xf32> -> !sched.future<tensor<8xf32>, tensor<8xf32>>
  %w0:2 = sched.wait %f0 : !sched.future<tensor<8xf32>, tensor<8xf32>>
  return
}
