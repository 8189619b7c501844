// Tests that the options of sched-pipeline are checked before any pass of
// the pipeline runs (no remark of sched-reorder-for-memory appears), with
// the option's name in the message; that `memory-budget` goes through to
// sched-schedule-overlap, and cannot be given with `memory-slack`; and that
// `bucket-order` and `capacity-check` take only their words.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/in-flight.mlir --sched-pipeline="max-in-flight=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/in-flight-bytes.mlir --sched-pipeline="max-in-flight-bytes=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/allowance.mlir --sched-pipeline="memory-allowance=-1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/both-allowance.mlir --sched-pipeline="memory-budget=4096 memory-allowance=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/collective-allowance.mlir --sched-pipeline="collective-allowance=-2" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/both-collective.mlir --sched-pipeline="memory-budget=4096 collective-allowance=1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/slack.mlir --sched-pipeline="memory-slack=nan" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/tolerance.mlir --sched-pipeline="trim-tolerance=inf" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/exchange-rate.mlir --sched-pipeline="trim-exchange-rate=nan" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/budget.mlir --sched-pipeline="memory-budget=-8" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/both.mlir --sched-pipeline="memory-budget=4096 memory-slack=0.1" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/no-function.mlir --sched-pipeline="memory-slack=inf" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/through.mlir --sched-pipeline="memory-budget=4096 bucket=0" -verify-diagnostics -o /dev/null
// RUN: not sched-opt %t/through.mlir --sched-pipeline="bucket-order=exposed" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not sched-opt %t/through.mlir --sched-pipeline="capacity-check=fatal" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHECKWORD

// ORDER: for the --bucket-order option: unknown value 'exposed'; expected one of: program, exposed-first
// CHECKWORD: for the --capacity-check option: unknown value 'fatal'; expected one of: warn, error, off

//--- in-flight.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{max-in-flight must be non-negative (0: search the caps), got -1}}
  func.func @in_flight(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- in-flight-bytes.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{max-in-flight-bytes must be non-negative (0: no byte cap), got -1}}
  func.func @in_flight_bytes(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- allowance.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{memory-allowance must be non-negative, got -1}}
  func.func @allowance(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- tolerance.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{trim-tolerance must be a finite non-negative fraction, got inf}}
  func.func @tolerance(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- exchange-rate.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{trim-exchange-rate must be a finite non-negative number, got nan}}
  func.func @exchange_rate(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- both-allowance.mlir
// The budget replaces the allowance as it replaces the slack.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{memory-budget and memory-allowance are two limits for the same schedule; give one of them}}
  func.func @both_allowance(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- collective-allowance.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{collective-allowance must be non-negative (0: no allowance for the largest collective), got -2}}
  func.func @collective_allowance(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- both-collective.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{memory-budget and collective-allowance are two limits for the same schedule; give one of them}}
  func.func @both_collective(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- slack.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{memory-slack must be a finite non-negative fraction, got nan}}
  func.func @slack(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- budget.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{memory-budget must be non-negative (0: the input's peak plus memory-allowance or memory-slack), got -8}}
  func.func @budget(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- both.mlir
// The budget replaces the input's peak plus the slack: both at once is
// refused rather than one of them ignored.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{memory-budget and memory-slack are two limits for the same schedule; give one of them}}
  func.func @both(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
  // Declarations are not reported.
  func.func private @declared(tensor<4xf32>) -> tensor<4xf32>
}

//--- no-function.mlir
// Without a function the error goes to the module.
// expected-error@+1 {{memory-slack must be a finite non-negative fraction, got inf}}
module {}

//--- through.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark@+2 {{kept the original order: peak 256 B}}
  // expected-remark@+1 {{step 1002.001 -> 1000.000 us, exposed comm 2.001 -> 0.000 us, peak memory 256 B -> 256 B (budget 4 KiB)}}
  func.func @through(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%b : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %w, %m : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
