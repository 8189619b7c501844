// Tests that the options of sched-fuse-compute are checked before any work,
// with the option's name in the message, and that `memory-guard` and
// `capacity-check` take only their words, rejected with the list when the
// options are parsed.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/tolerance.mlir --sched-fuse-compute="tolerance=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/factor-nan.mlir --sched-fuse-compute="heuristic-factor=nan" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/factor-negative.mlir --sched-fuse-compute="heuristic-factor=-2" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/fused-ops.mlir --sched-fuse-compute="max-fused-ops=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/read-bytes.mlir --sched-fuse-compute="max-fused-read-bytes=-1" -verify-diagnostics -o /dev/null
// RUN: not sched-opt %t/fused-ops.mlir --sched-fuse-compute="memory-guard=exactly" -o /dev/null 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: not sched-opt %t/fused-ops.mlir --sched-fuse-compute="capacity-check=never" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKWORD

// GUARD: for the --memory-guard option: unknown value 'exactly'; expected one of: exact, heuristic, none
// CHECKWORD: for the --capacity-check option: unknown value 'never'; expected one of: warn, error, off

//--- tolerance.mlir
// expected-error@+1 {{tolerance must be non-negative, got -1}}
func.func @tolerance() {
  return
}

//--- factor-nan.mlir
// expected-error@+1 {{heuristic-factor must be a finite non-negative number, got nan}}
func.func @factor_nan() {
  return
}

//--- factor-negative.mlir
// expected-error@+1 {{heuristic-factor must be a finite non-negative number, got -2}}
func.func @factor_negative() {
  return
}

//--- fused-ops.mlir
// expected-error@+1 {{max-fused-ops must be at least 1, got 0}}
func.func @fused_ops() {
  return
}

//--- read-bytes.mlir
// expected-error@+1 {{max-fused-read-bytes must be non-negative, got -1}}
func.func @read_bytes() {
  return
}
