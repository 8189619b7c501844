// RUN: sched-opt %s -split-input-file --sched-verify-schedule -verify-diagnostics

// The collective-order checks of sched-verify-schedule, on numbers that
// sched-record-collective-order would have set before a pass moved the ops.

sched.process_group @dp size = 2
sched.process_group @tp size = 2

// Tests a valid order: each group in its own input order, the groups
// interleaved freely; a bucket issues its numbers at once.
func.func @in_order(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  %f0 = sched.all_reduce_start %a on @tp reduction = sum {sched.collective_order = array<i64: 0>} : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %f1 = sched.all_gather_start %a, %b on @dp gather_dim = 0 {sched.collective_order = array<i64: 0, 1>} : tensor<4xf32>, tensor<4xf32> -> !sched.future<tensor<8xf32>, tensor<8xf32>>
  %f2 = sched.all_reduce_start %b on @tp reduction = sum {sched.collective_order = array<i64: 1>} : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %f3 = sched.all_gather_start %b on @dp gather_dim = 0 {sched.collective_order = array<i64: 2>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %w0 = sched.wait %f0 : !sched.future<tensor<4xf32>>
  %w1:2 = sched.wait %f1 : !sched.future<tensor<8xf32>, tensor<8xf32>>
  %w2 = sched.wait %f2 : !sched.future<tensor<4xf32>>
  %w3 = sched.wait %f3 : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @dp size = 2

// Tests two collectives of a group issued in the opposite order.
func.func @swapped(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-note@+1 {{collective #1 issued here}}
  %f1 = sched.all_gather_start %b on @dp gather_dim = 0 {sched.collective_order = array<i64: 1>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-error@+1 {{collective #0 of group @dp is issued after #1: the group's collectives are out of their input order}}
  %f0 = sched.reduce_scatter_start %a on @dp reduction = sum scatter_dim = 0 {sched.collective_order = array<i64: 0>} : tensor<4xf32> -> !sched.future<tensor<2xf32>>
  %w1 = sched.wait %f1 : !sched.future<tensor<8xf32>>
  %w0 = sched.wait %f0 : !sched.future<tensor<2xf32>>
  return
}

// -----

sched.process_group @dp size = 2

// Tests a bucket that jumps a collective of another kind on the same group.
func.func @bucket_jumps(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-note@+1 {{collective #2 issued here}}
  %f0 = sched.all_gather_start %a, %b on @dp gather_dim = 0 {sched.collective_order = array<i64: 0, 2>} : tensor<4xf32>, tensor<4xf32> -> !sched.future<tensor<8xf32>, tensor<8xf32>>
  // expected-error@+1 {{collective #1 of group @dp is issued after #2}}
  %f1 = sched.all_reduce_start %a on @dp reduction = sum {sched.collective_order = array<i64: 1>} : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %w0:2 = sched.wait %f0 : !sched.future<tensor<8xf32>, tensor<8xf32>>
  %w1 = sched.wait %f1 : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @dp size = 2

// Tests a recorded collective that is gone.
// expected-error@+1 {{collective #1 of group @dp is missing}}
func.func @missing(%a: tensor<4xf32>) {
  %f0 = sched.all_gather_start %a on @dp gather_dim = 0 {sched.collective_order = array<i64: 0>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %f2 = sched.all_gather_start %a on @dp gather_dim = 0 {sched.collective_order = array<i64: 2>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %w0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %w2 = sched.wait %f2 : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @dp size = 2

// Tests a duplicated collective.
func.func @twice(%a: tensor<4xf32>) {
  // expected-note@+1 {{first here}}
  %f0 = sched.all_gather_start %a on @dp gather_dim = 0 {sched.collective_order = array<i64: 0>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-error@+1 {{collective #0 of group @dp appears twice}}
  %f1 = sched.all_gather_start %a on @dp gather_dim = 0 {sched.collective_order = array<i64: 0>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %w0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %w1 = sched.wait %f1 : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @dp size = 2

// Tests a collective a pass added without a number.
func.func @unnumbered(%a: tensor<4xf32>) {
  %f0 = sched.all_gather_start %a on @dp gather_dim = 0 {sched.collective_order = array<i64: 0>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  // expected-error@+1 {{collective of group @dp has no 'sched.collective_order' while others in the function have one}}
  %f1 = sched.all_gather_start %a on @dp gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %w0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %w1 = sched.wait %f1 : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @dp size = 2

// Tests a run of lost collectives (numbers far apart are not allocated).
// expected-error@+1 {{collectives #1 to #4611686018427387903 of group @dp are missing}}
func.func @far(%a: tensor<4xf32>) {
  %f0 = sched.all_gather_start %a, %a on @dp gather_dim = 0 {sched.collective_order = array<i64: 0, 4611686018427387904>} : tensor<4xf32>, tensor<4xf32> -> !sched.future<tensor<8xf32>, tensor<8xf32>>
  %w0:2 = sched.wait %f0 : !sched.future<tensor<8xf32>, tensor<8xf32>>
  return
}
