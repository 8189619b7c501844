// RUN: sched-opt %s -split-input-file -verify-diagnostics --sched-emit-main="entry=step"

// entry= must name a function with a body.

// expected-error@+1 {{entry function 'step' not found}}
module {
  func.func @other() {
    return
  }
}

// -----

// expected-error@+1 {{entry function 'step' not found}}
module {
  func.func private @step(memref<4xf32>)
  func.func @other() {
    return
  }
}

// -----

// expected-error@+1 {{entry function 'step' not found}}
module {
  sched.process_group @step size = 2
}
