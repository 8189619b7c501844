// RUN: sched-opt %s -split-input-file -verify-diagnostics

// Futures that flow through scf.for iteration arguments and scf.if results
// but are not waited on exactly once on every path (collective_c5, wait_c1;
// docs/Rationale.md, "Futures across blocks").

sched.process_group @g size = 4

// A loop-carried future that escapes the loop unwaited: no epilogue wait.
func.func @escapes_loop(%x: tensor<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  // expected-error@+1 {{'scf.for' op loop-carried future (result #0) escapes the loop unwaited}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<16xf32>>) {
    %g = sched.wait %f : !sched.future<tensor<16xf32>>
    %next = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %next : !sched.future<tensor<16xf32>>
  }
  return
}

// -----

sched.process_group @g size = 4

// A future yielded from one branch of an scf.if only: when the else branch
// runs, the future started before the scf.if stays in flight.
func.func @one_branch(%x: tensor<4xf32>, %c: i1) -> tensor<16xf32> {
  // expected-error@+1 {{'sched.all_gather_start' op future is yielded from one branch of 'scf.if' only; the other branch leaves it in flight}}
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  %f = scf.if %c -> !sched.future<tensor<16xf32>> {
    scf.yield %f0 : !sched.future<tensor<16xf32>>
  } else {
    %b = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %b : !sched.future<tensor<16xf32>>
  }
  %r = sched.wait %f : !sched.future<tensor<16xf32>>
  return %r : tensor<16xf32>
}

// -----

sched.process_group @g size = 4

// The body drops the previous iteration's future: it is never waited on.
func.func @iter_arg_dropped(%x: tensor<4xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  // expected-error@+1 {{'scf.for' op loop-carried future (iteration argument #0) is never waited on}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<16xf32>>) {
    %next = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %next : !sched.future<tensor<16xf32>>
  }
  %g = sched.wait %r : !sched.future<tensor<16xf32>>
  return %g : tensor<16xf32>
}

// -----

sched.process_group @g size = 4

// The iteration argument is waited on in a nested block, which need not run.
func.func @iter_arg_nested_wait(%x: tensor<4xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  // expected-error@+1 {{'scf.for' op loop-carried future (iteration argument #0) must be waited on in the same block}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<16xf32>>) {
    scf.if %c {
      %g = sched.wait %f : !sched.future<tensor<16xf32>>
    }
    %next = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %next : !sched.future<tensor<16xf32>>
  }
  %g = sched.wait %r : !sched.future<tensor<16xf32>>
  return
}

// -----

sched.process_group @g size = 4

// The loop's result is waited on twice.
func.func @result_waited_twice(%x: tensor<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  // expected-error@+1 {{'scf.for' op loop-carried future (result #0) must be waited on exactly once, but has 2 uses}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<16xf32>>) {
    %g = sched.wait %f : !sched.future<tensor<16xf32>>
    %next = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %next : !sched.future<tensor<16xf32>>
  }
  %a = sched.wait %r : !sched.future<tensor<16xf32>>
  %b = sched.wait %r : !sched.future<tensor<16xf32>>
  return
}

// -----

sched.process_group @g size = 4

// The initial value of the loop-carried future is a function argument, not
// the future of a start op: the first iteration waits on it.
func.func @init_not_started(%x: tensor<4xf32>, %n: index, %f0: !sched.future<tensor<16xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<16xf32>>) {
    // expected-error@+1 {{expects a future produced by a collective start op}}
    %w = sched.wait %f : !sched.future<tensor<16xf32>>
    %next = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %next : !sched.future<tensor<16xf32>>
  }
  %g = sched.wait %r : !sched.future<tensor<16xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Futures do not flow through scf.while (a limitation: docs/Rationale.md).
func.func @while_loop(%x: tensor<4xf32>, %c: i1) {
  // expected-error@+1 {{'sched.all_gather_start' op future may only be used by 'sched.wait', 'scf.yield' or as an 'scf.for' initial value, not by 'scf.while'}}
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  %r = scf.while (%f = %f0) : (!sched.future<tensor<16xf32>>) -> !sched.future<tensor<16xf32>> {
    scf.condition(%c) %f : !sched.future<tensor<16xf32>>
  } do {
  ^bb0(%f: !sched.future<tensor<16xf32>>):
    scf.yield %f : !sched.future<tensor<16xf32>>
  }
  return
}

// -----

sched.process_group @g size = 4

// A future may not leave the function: the caller could not wait on it.
func.func @returned(%x: tensor<4xf32>) -> !sched.future<tensor<16xf32>> {
  // expected-error@+1 {{'sched.all_gather_start' op future may only be used by 'sched.wait', 'scf.yield' or as an 'scf.for' initial value, not by 'func.return'}}
  %f = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  return %f : !sched.future<tensor<16xf32>>
}

// -----

sched.process_group @g size = 4

// The result of an scf.execute_region that carries a future is never waited
// on.
func.func @region_result_dropped(%x: tensor<4xf32>) {
  // expected-error@+1 {{'scf.execute_region' op future result #0 is never waited on}}
  %f = scf.execute_region -> !sched.future<tensor<16xf32>> {
    %a = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %a : !sched.future<tensor<16xf32>>
  }
  return
}

// -----

sched.process_group @g size = 4

// Both branches yield a future, but the scf.if's result is never waited on.
func.func @if_result_dropped(%x: tensor<4xf32>, %c: i1) {
  // expected-error@+1 {{'scf.if' op future result #0 is never waited on}}
  %f = scf.if %c -> !sched.future<tensor<16xf32>> {
    %a = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %a : !sched.future<tensor<16xf32>>
  } else {
    %b = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    scf.yield %b : !sched.future<tensor<16xf32>>
  }
  return
}

// -----

sched.process_group @g size = 4

// A future started before the loop and yielded by its body, in place of the
// iteration argument: the body yields a value it does not define.
func.func @yield_outer(%x: tensor<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  // expected-error@+1 {{'sched.all_gather_start' op future must be passed on in the same block}}
  %f1 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0) -> (!sched.future<tensor<16xf32>>) {
    %g = sched.wait %f : !sched.future<tensor<16xf32>>
    scf.yield %f1 : !sched.future<tensor<16xf32>>
  }
  %g = sched.wait %r : !sched.future<tensor<16xf32>>
  return
}
