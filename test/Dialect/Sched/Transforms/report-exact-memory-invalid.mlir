// RUN: sched-opt %s --sched-report="exact-max-ops=8 memory-budget=-1" -verify-diagnostics -o /dev/null
// RUN: not sched-opt %s --sched-report="exact-max-ops=8 memory-slack=-0.5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not sched-opt %s --sched-report="exact-max-ops=8 memory-slack=nan" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not sched-opt %s --sched-report="memory-budget=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALONE

// The memory options of sched-report are checked before any function is
// solved: a budget in non-negative bytes, a slack that is a non-negative
// fraction, with the exact solver or without it (then they give the
// memory-aware bound alone, test/Analysis/memory-bound.mlir).

// expected-error@below {{memory-budget must be a non-negative number of bytes, got -1}}
module {
  func.func @empty() {
    return
  }
}

// NEGATIVE: error: memory-slack must be a non-negative fraction, got -0.5
// NAN: error: memory-slack must be a non-negative fraction, got nan
// ALONE: error: memory-budget must be a non-negative number of bytes, got -1
