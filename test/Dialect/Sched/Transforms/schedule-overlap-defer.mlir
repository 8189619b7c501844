// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="explain=1 profile=%S/Inputs/overlap-profile.json memory-budget=1000000" --mlir-print-op-on-diagnostic=false -verify-diagnostics -o /dev/null
// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="profile=%S/Inputs/overlap-profile.json memory-budget=1000000 explain=0" --mlir-print-op-on-diagnostic=false 2>/dev/null | FileCheck %s

// Deferral: the compute that the next waiting collective needs runs first,
// the rest once it is issued, behind it. Every collective takes 1 ms (from
// the profile); the budget is generous.

// Tests the last reduce_scatter of a backward pass (where Inductor beat the
// input order on the traced Llama step): the input computes the input
// gradient, then the weight gradient, then reduce-scatters the weight
// gradient and waits at once. The input gradient, which the reduce_scatter
// does not need, is deferred behind it and hides it.
// CHECK-LABEL: func.func @last_reduce_scatter
// CHECK:      sched.compute "wgrad"
// CHECK-NEXT: %[[R:.*]] = sched.reduce_scatter_start
// CHECK-NEXT: sched.compute "dgrad"
// CHECK-NEXT: sched.wait %[[R]]
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark @+2 {{step 3000.000 -> 2000.000 us, exposed comm 1000.000 -> 0.000 us}}
  // expected-remark @+1 {{deferred 1 compute op (1000.000 us) until 1 collective that does not need it could start}}
  func.func @last_reduce_scatter(%x: tensor<4x4xf32>, %dy: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<2x4xf32>) {
    // expected-remark@-1 {{kept in-flight cap 1 (1 in-flight cap tried)}}
    %dx = sched.compute "dgrad" ins(%dy, %w : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %dw = sched.compute "wgrad" ins(%dy, %x : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %r = sched.reduce_scatter_start %dw on @g reduction = sum scatter_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<2x4xf32>>
    %g = sched.wait %r : !sched.future<tensor<2x4xf32>>
    return %dx, %g : tensor<4x4xf32>, tensor<2x4xf32>
  }
}

// -----

// Tests holding back long compute (the tensor-parallel backward pattern):
// r2 needs "next", which needs r1. While r1 is in flight, "short" (0.6 ms)
// ends before r1 does and runs; "long" (2 ms) would not, and would leave
// nothing to hide r2 behind. The scheduler waits 0.4 ms for r1 instead,
// issues r2 as early as it can, and "long" hides it: 5.7 -> 5.1 ms.
// CHECK-LABEL: func.func @hold_back
// CHECK:      %[[R1:.*]] = sched.all_reduce_start
// CHECK-NEXT: sched.compute "short"
// CHECK-NEXT: sched.wait %[[R1]]
// CHECK-NEXT: sched.compute "next"
// CHECK-NEXT: %[[R2:.*]] = sched.all_reduce_start
// CHECK-NEXT: sched.compute "long"
// CHECK-NEXT: sched.wait %[[R2]]
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark @+3 {{step 5700.000 -> 5100.000 us, exposed comm 1000.000 -> 400.000 us}}
  // expected-remark @+2 {{deferred 1 compute op (2000.000 us) until 1 collective that does not need it could start}}
  // expected-remark @+1 {{waited 1 time (400.000 us) for a collective to end rather than start compute that hides the next one}}
  func.func @hold_back(%x: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    // expected-remark@-1 {{kept in-flight cap 1 (5 in-flight caps tried)}}
    %a = sched.compute "feed" ins(%x : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    // expected-remark @+1 {{exposed 400.000 of 1000.000 us: only 600.000 us of independent compute before its first use}}
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %s = sched.compute "short" ins(%x : tensor<4x4xf32>) cost <time_ns = 600000> -> (tensor<4x4xf32>)
    %l = sched.compute "long" ins(%x : tensor<4x4xf32>) cost <time_ns = 2000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %r1 : !sched.future<tensor<4x4xf32>>
    %b = sched.compute "next" ins(%w1 : tensor<4x4xf32>) cost <time_ns = 100000> -> (tensor<4x4xf32>)
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %r2 : !sched.future<tensor<4x4xf32>>
    %c = sched.compute "use" ins(%w2 : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %c, %s, %l : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}
