// Tests that every option of sched-schedule-overlap is checked before any
// work, with the option's name in the message (each part of the file is run
// with one bad value), and that `capacity-check` takes only its words.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/in-flight.mlir --sched-schedule-overlap="max-in-flight=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/in-flight-bytes.mlir --sched-schedule-overlap="max-in-flight-bytes=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/allowance.mlir --sched-schedule-overlap="memory-allowance=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/collective-allowance.mlir --sched-schedule-overlap="collective-allowance=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/slack-nan.mlir --sched-schedule-overlap="memory-slack=nan" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/slack-inf.mlir --sched-schedule-overlap="memory-slack=inf" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/slack-negative.mlir --sched-schedule-overlap="memory-slack=-0.5" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/budget.mlir --sched-schedule-overlap="memory-budget=-8" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/tolerance.mlir --sched-schedule-overlap="trim-budget=1 trim-tolerance=-0.1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/tolerance-nan.mlir --sched-schedule-overlap="trim-tolerance=nan" -verify-diagnostics -o /dev/null
// RUN: not sched-opt %t/budget.mlir --sched-schedule-overlap="capacity-check=loud" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKWORD
// RUN: sched-opt %t/exchange-rate.mlir --sched-schedule-overlap="trim-exchange-rate=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/exchange-rate-inf.mlir --sched-schedule-overlap="trim-exchange-rate=inf" -verify-diagnostics -o /dev/null

// CHECKWORD: for the --capacity-check option: unknown value 'loud'; expected one of: warn, error, off

//--- in-flight.mlir
// No target: the options are checked first.
// expected-error@+1 {{max-in-flight must be non-negative (0: search the caps), got -1}}
func.func @in_flight() {
  return
}

//--- in-flight-bytes.mlir
// expected-error@+1 {{max-in-flight-bytes must be non-negative (0: no byte cap), got -1}}
func.func @in_flight_bytes() {
  return
}

//--- tolerance.mlir
// expected-error@+1 {{trim-tolerance must be a finite non-negative fraction, got -0.1}}
func.func @tolerance() {
  return
}

//--- exchange-rate.mlir
// expected-error@+1 {{trim-exchange-rate must be a finite non-negative number, got -1}}
func.func @exchange_rate() {
  return
}

//--- exchange-rate-inf.mlir
// expected-error@+1 {{trim-exchange-rate must be a finite non-negative number, got inf}}
func.func @exchange_rate_inf() {
  return
}

//--- tolerance-nan.mlir
// NaN fails every comparison: it would accept any step.
// expected-error@+1 {{trim-tolerance must be a finite non-negative fraction, got nan}}
func.func @tolerance_nan() {
  return
}

//--- allowance.mlir
// expected-error@+1 {{memory-allowance must be non-negative, got -1}}
func.func @allowance() {
  return
}

//--- collective-allowance.mlir
// expected-error@+1 {{collective-allowance must be non-negative (0: no allowance for the largest collective), got -1}}
func.func @collective_allowance() {
  return
}

//--- slack-nan.mlir
// NaN fails every comparison: it would have been no limit.
// expected-error@+1 {{memory-slack must be a finite non-negative fraction, got nan}}
func.func @slack_nan() {
  return
}

//--- slack-inf.mlir
// expected-error@+1 {{memory-slack must be a finite non-negative fraction, got inf}}
func.func @slack_inf() {
  return
}

//--- slack-negative.mlir
// expected-error@+1 {{memory-slack must be a finite non-negative fraction, got -0.5}}
func.func @slack_negative() {
  return
}

//--- budget.mlir
// A negative budget used to mean 0 (the input's peak plus the slack).
// expected-error@+1 {{memory-budget must be non-negative (0: the input's peak plus memory-allowance or memory-slack), got -8}}
func.func @budget() {
  return
}
