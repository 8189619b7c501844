// Tests that the options of sched-bucket-collectives are checked before any
// work, with the option's name in the message, and that `order` and
// `capacity-check` take only their words, rejected with the list when the
// options are parsed (a typo of `order` used to be caught only after the
// pass had run on the functions before).
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/cap.mlir --sched-bucket-collectives="bucket-cap-bytes=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/window.mlir --sched-bucket-collectives="window=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/in-flight.mlir --sched-bucket-collectives="max-in-flight=-1" -verify-diagnostics -o /dev/null
// RUN: not sched-opt %t/cap.mlir --sched-bucket-collectives="order=exposed_first" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not sched-opt %t/cap.mlir --sched-bucket-collectives="capacity-check=warning" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKWORD

// ORDER: for the --order option: unknown value 'exposed_first'; expected one of: program, exposed-first
// CHECKWORD: for the --capacity-check option: unknown value 'warning'; expected one of: warn, error, off

//--- cap.mlir
// No target: the options are checked first.
// expected-error@+1 {{bucket-cap-bytes must be at least 1, got 0}}
func.func @cap() {
  return
}

//--- window.mlir
// expected-error@+1 {{window must be non-negative, got -1}}
func.func @window() {
  return
}

//--- in-flight.mlir
// expected-error @below {{max-in-flight must be non-negative (0: no limit), got -1}}
func.func @in_flight() {
  return
}
