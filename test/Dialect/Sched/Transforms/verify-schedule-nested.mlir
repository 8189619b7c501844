// RUN: sched-opt %s -split-input-file --sched-verify-schedule="max-in-flight=1" -verify-diagnostics

// sched-verify-schedule in nested blocks: the in-flight cap holds in every
// loop body and branch, each on its own; the recorded collective order
// holds inside loops too.

sched.process_group @dp size = 2

// The cap holds per block, as the schedulers keep it: a collective in
// flight across the loop is not counted in its body, whose own two are.
func.func @around(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = sched.all_reduce_start %a on @dp reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %b) -> (tensor<4xf32>) {
    %g = sched.all_reduce_start %x on @dp reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
    // expected-error @below {{group @dp has 2 collectives in flight, more than max-in-flight (1)}}
    %h = sched.all_gather_start %x on @dp gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
    %y = sched.wait %g : !sched.future<tensor<4xf32>>
    %z = sched.wait %h : !sched.future<tensor<8xf32>>
    scf.yield %y : tensor<4xf32>
  }
  %w = sched.wait %f : !sched.future<tensor<4xf32>>
  return %r : tensor<4xf32>
}

// -----

sched.process_group @dp size = 2

// Two collectives in flight inside a branch.
func.func @branch(%a: tensor<4xf32>, %p: i1) -> tensor<4xf32> {
  %r = scf.if %p -> (tensor<4xf32>) {
    %f = sched.all_reduce_start %a on @dp reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
    // expected-error @below {{group @dp has 2 collectives in flight, more than max-in-flight (1)}}
    %g = sched.all_gather_start %a on @dp gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<8xf32>>
    %y = sched.wait %f : !sched.future<tensor<4xf32>>
    %z = sched.wait %g : !sched.future<tensor<8xf32>>
    scf.yield %y : tensor<4xf32>
  } else {
    scf.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

sched.process_group @dp size = 2

// Within the cap: one at a time in the body, the one around it waited
// before the loop; a future handed into the loop is waited in its body.
func.func @within(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = sched.all_reduce_start %a on @dp reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %w = sched.wait %f : !sched.future<tensor<4xf32>>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %w) -> (tensor<4xf32>) {
    %g = sched.all_reduce_start %x on @dp reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
    %y = sched.wait %g : !sched.future<tensor<4xf32>>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

sched.process_group @dp size = 2

// Recorded order inside a loop body: #1 issued before #0.
func.func @order(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (tensor<4xf32>) {
    // expected-note @below {{collective #1 issued here}}
    %g = sched.all_gather_start %b on @dp gather_dim = 0 {sched.collective_order = array<i64: 1>} : tensor<4xf32> -> !sched.future<tensor<8xf32>>
    %z = sched.wait %g : !sched.future<tensor<8xf32>>
    // expected-error @below {{collective #0 of group @dp is issued after #1: the group's collectives are out of their input order}}
    %f = sched.all_reduce_start %x on @dp reduction = sum {sched.collective_order = array<i64: 0>} : tensor<4xf32> -> !sched.future<tensor<4xf32>>
    %y = sched.wait %f : !sched.future<tensor<4xf32>>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
