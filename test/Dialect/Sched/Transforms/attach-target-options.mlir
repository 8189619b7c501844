// Tests that the numeric overrides of sched-attach-target must be finite:
// NaN failed the "negative keeps the preset" test and was dropped silently.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/nan.mlir --sched-attach-target="intra-node-bandwidth=nan" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/inf.mlir --sched-attach-target="inter-node-latency=inf" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/hbm.mlir --sched-attach-target="hbm-bandwidth=-inf" -verify-diagnostics -o /dev/null

//--- nan.mlir
// expected-error@+1 {{intra-node-bandwidth must be a finite number, got nan}}
module {}

//--- inf.mlir
// expected-error@+1 {{inter-node-latency must be a finite number, got inf}}
module {}

//--- hbm.mlir
// expected-error@+1 {{hbm-bandwidth must be a finite number, got -inf}}
module {}
