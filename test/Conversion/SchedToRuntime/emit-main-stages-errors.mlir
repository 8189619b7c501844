// RUN: sched-opt %s -split-input-file -verify-diagnostics --sched-emit-main

// The stage functions of a module must cover the ranks 0 to N - 1, each
// exactly once.

module {
  // expected-note@+1 {{'stage0' runs rank 1}}
  func.func @stage0() attributes {sched.ranks = array<i64: 0, 1>} {
    return
  }
  // expected-error@+1 {{rank 1 runs two stage functions, 'stage0' and 'stage1'}}
  func.func @stage1() attributes {sched.ranks = array<i64: 1, 2>} {
    return
  }
}

// -----

// expected-error@+1 {{rank 2 runs no stage function (the stage functions' 'sched.ranks' cover ranks up to 4)}}
module {
  func.func @stage0() attributes {sched.ranks = array<i64: 0, 1>} {
    return
  }
  func.func @stage1() attributes {sched.ranks = array<i64: 3, 4>} {
    return
  }
}

// -----

// A public function without ranks beside the stages: which ranks would run
// it is unknown.

module {
  // expected-note@+1 {{stage function 'stage0'}}
  func.func @stage0() attributes {sched.ranks = array<i64: 0>} {
    return
  }
  // expected-error@+1 {{public function 'helper' has no 'sched.ranks' in a module of stage functions; make it private or name the function to run with entry=}}
  func.func @helper() {
    return
  }
}
