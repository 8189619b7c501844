// RUN: sched-opt %s -split-input-file --sched-bucket-collectives="explain=1 profile=%S/Inputs/bucket-profile.json bucket-cap-bytes=1024 window=4" --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s

// The memory budget sched-schedule-overlap recorded (sched.memory_budget, in
// sched-pipeline) is the most peak the buckets may leave where it is above
// the input's. Every collective takes 1 ms (the profile).

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Without a budget: moving the second start up keeps its output live
  // across the large temporary, over the input's peak.
  // CHECK-LABEL: func.func @input_peak
  // CHECK-COUNT-2: sched.all_gather_start %{{[a-z0-9]*}} on
  func.func @input_peak(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<8x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %t = sched.compute "expand" ins(%w1 : tensor<8x4xf32>) cost <time_ns = 0> -> (tensor<64x64xf32>)
    %r = sched.compute "reduce" ins(%t : tensor<64x64xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    // expected-remark @below {{not bucketed with the previous all_gather_start: late wait: a result would be used before the wait; early start, early wait: it would raise the peak memory (16.25 KiB -> 16.38 KiB); late start, early wait: the start would come after the wait}}
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %r, %w2 : tensor<4x4xf32>, tensor<8x4xf32>
  }

  // With a budget of 16.5 KiB the same bucket fits: one gather of both
  // inputs at the first start, waited at the first wait.
  // CHECK-LABEL: func.func @within_budget
  // CHECK:      %[[F:.*]] = sched.all_gather_start %{{.*}}, %{{.*}} on @g
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  // CHECK-NEXT: sched.compute "expand"
  func.func @within_budget(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<8x4xf32>) attributes {sched.memory_budget = 16896 : i64} {
    // expected-remark @below {{bucketed 2 all_gather_start ops, 256 B, started at the first start and waited at the first wait}}
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %t = sched.compute "expand" ins(%w1 : tensor<8x4xf32>) cost <time_ns = 0> -> (tensor<64x64xf32>)
    %r = sched.compute "reduce" ins(%t : tensor<64x64xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    // expected-remark @below {{bucketed with the previous all_gather_start at the early start, early wait (late wait: a result would be used before the wait)}}
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %r, %w2 : tensor<4x4xf32>, tensor<8x4xf32>
  }
}

// -----

// expected-error @below {{'sched.memory_budget' must be a non-negative i64 on a function}}
func.func @negative() attributes {sched.memory_budget = -1 : i64} {
  return
}
