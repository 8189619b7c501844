// RUN: sched-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(sched-bufferize-carried-futures),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},convert-sched-to-runtime)'

// Futures that cross a block (docs/Rationale.md, "Futures across blocks")
// that the lowering cannot carry.

sched.process_group @g size = 2

// The destinations of a loop-carried collective are allocated before
// one-shot bufferization, which needs static shapes.
func.func @dynamic(%w: tensor<?x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{cannot bufferize a collective whose future crosses its block on dynamically shaped tensors}}
  %f0 = sched.all_reduce_start %w on @g reduction = sum : tensor<?x8xf32> -> !sched.future<tensor<?x8xf32>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<?x8xf32>>) {
    %g = sched.wait %f : !sched.future<tensor<?x8xf32>>
    %fn = sched.all_reduce_start %g on @g reduction = sum : tensor<?x8xf32> -> !sched.future<tensor<?x8xf32>>
    scf.yield %fn : !sched.future<tensor<?x8xf32>>
  }
  %last = sched.wait %r : !sched.future<tensor<?x8xf32>>
  return
}

// -----

sched.process_group @g size = 2

// An scf.execute_region of one block that returns a future is inlined; one
// of several blocks cannot be.
func.func @region(%w: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{cannot lower the future returned by an 'scf.execute_region' of several blocks}}
  %f = scf.execute_region -> !sched.future<tensor<8xf32>> {
    cf.br ^bb1
  ^bb1:
    %a = sched.all_reduce_start %w on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    scf.yield %a : !sched.future<tensor<8xf32>>
  }
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return %r : tensor<8xf32>
}
