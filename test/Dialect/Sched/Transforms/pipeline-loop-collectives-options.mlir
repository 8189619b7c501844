// Tests that every option of sched-pipeline-loop-collectives is checked
// before any work (a function without loops, without a target), with the
// option's name in the message; each part of the file is run with one bad
// value.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/depth.mlir --sched-pipeline-loop-collectives="max-depth=9" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/depth-negative.mlir --sched-pipeline-loop-collectives="max-depth=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/in-flight.mlir --sched-pipeline-loop-collectives="max-in-flight=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/slack-nan.mlir --sched-pipeline-loop-collectives="memory-slack=nan" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/slack-negative.mlir --sched-pipeline-loop-collectives="memory-slack=-0.5" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/budget.mlir --sched-pipeline-loop-collectives="memory-budget=-8" -verify-diagnostics -o /dev/null

//--- depth.mlir
// expected-error@+1 {{max-depth must be between 0 and 8, got 9}}
func.func @depth() {
  return
}

//--- depth-negative.mlir
// expected-error@+1 {{max-depth must be between 0 and 8, got -1}}
func.func @depth() {
  return
}

//--- in-flight.mlir
// expected-error@+1 {{max-in-flight must be at least 1, got 0}}
func.func @in_flight() {
  return
}

//--- slack-nan.mlir
// expected-error@+1 {{memory-slack must be a finite non-negative fraction, got nan}}
func.func @slack() {
  return
}

//--- slack-negative.mlir
// expected-error@+1 {{memory-slack must be a finite non-negative fraction, got -0.5}}
func.func @slack() {
  return
}

//--- budget.mlir
// expected-error@+1 {{memory-budget must be non-negative (0: the input's peak plus memory-slack), got -8}}
func.func @budget() {
  return
}
