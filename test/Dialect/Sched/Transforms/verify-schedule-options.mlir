// Tests that the option of sched-verify-schedule is checked before any
// work, with its name in the message.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/in-flight.mlir --sched-verify-schedule="max-in-flight=-1" -verify-diagnostics -o /dev/null

//--- in-flight.mlir
// expected-error@+1 {{max-in-flight must be non-negative (0: no limit), got -1}}
func.func @in_flight() {
  return
}
