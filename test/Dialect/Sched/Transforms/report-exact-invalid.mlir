// RUN: sched-opt %s --sched-report="exact-max-ops=65" -verify-diagnostics -o /dev/null
// RUN: not sched-opt %s --sched-report="exact-max-nodes=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODES

// The exact solver's options are checked before any function is solved:
// at most 64 ops (one bit per op in its states), and a positive node limit.

// expected-error@below {{exact-max-ops must be at most 64, got 65}}
module {
  func.func @empty() {
    return
  }
}

// NODES: error: exact-max-nodes must be positive
