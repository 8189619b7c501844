// Tests that the options of sched-reorder-for-memory are checked before any
// work, with the option's name in the message: the exact solver takes at
// most 64 ops (its sets are 64-bit masks) and at most 10^7 states (an
// unbounded count ran for minutes at 7 GB); and that `capacity-check` takes
// only its words.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/ops.mlir --sched-reorder-for-memory="exact-max-ops=65" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/states.mlir --sched-reorder-for-memory="exact-max-states=10000001" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/limits.mlir --sched-reorder-for-memory="exact-max-ops=64 exact-max-states=10000000" -verify-diagnostics -o /dev/null
// RUN: not sched-opt %t/limits.mlir --sched-reorder-for-memory="capacity-check=yes" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKWORD

// CHECKWORD: for the --capacity-check option: unknown value 'yes'; expected one of: warn, error, off

//--- ops.mlir
// expected-error@+1 {{exact-max-ops must be at most 64, got 65}}
func.func @ops(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- states.mlir
// expected-error@+1 {{exact-max-states must be at most 10000000, got 10000001}}
func.func @states(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- limits.mlir
// The limits themselves are accepted.
// expected-remark@+1 {{kept the original order: peak 16 B}}
func.func @limits(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
