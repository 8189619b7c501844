// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="explain=1 profile=%S/Inputs/overlap-profile.json memory-allowance=0 collective-allowance=0" --mlir-print-op-on-diagnostic=false -verify-diagnostics -o /dev/null
// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="profile=%S/Inputs/overlap-profile.json explain=0 memory-allowance=0 collective-allowance=0" --mlir-print-op-on-diagnostic=false 2>/dev/null | FileCheck %s

// Compute placed ahead of ops of the input order is charged what it adds at
// their positions, so that the schedule stays within the budget of the
// input's peak plus 5 % (memory-allowance=0 collective-allowance=0: the fraction alone). Every collective takes 1 ms.

// Tests deferral over the budget: running "wgrad" (1 KiB) and the
// reduce_scatter before "dgrad" would keep %t (1 KiB), which dies at
// "dgrad" in the input, alive with them. The order stays; the remark says
// why.
// CHECK-LABEL: func.func @defer_over_budget
// CHECK:      sched.compute "dgrad"
// CHECK-NEXT: sched.compute "wgrad"
// CHECK-NEXT: sched.reduce_scatter_start
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark @+1 {{step 3000.000 -> 3000.000 us, exposed comm 1000.000 -> 1000.000 us, peak memory 1.69 KiB -> 1.69 KiB (budget 1.77 KiB)}}
  func.func @defer_over_budget(%x: tensor<4x4xf32>, %dy: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<8x16xf32>) {
    // expected-remark@-1 {{kept in-flight cap 1 (5 in-flight caps tried)}}
    %t = sched.compute "act" ins(%x : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<16x16xf32>)
    %dx = sched.compute "dgrad" ins(%dy, %t : tensor<4x4xf32>, tensor<16x16xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %dw = sched.compute "wgrad" ins(%dy, %x : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<16x16xf32>)
    // expected-remark @+1 {{exposed 1000.000 of 1000.000 us: no independent compute between its inputs and its first use; the memory budget kept the compute it needs from running first}}
    %r = sched.reduce_scatter_start %dw on @g reduction = sum scatter_dim = 0 : tensor<16x16xf32> -> !sched.future<tensor<8x16xf32>>
    %g = sched.wait %r : !sched.future<tensor<8x16xf32>>
    return %dx, %g : tensor<4x4xf32>, tensor<8x16xf32>
  }
}

// -----

// Tests a zero-filled buffer (4 KiB) that could run during the gather: it
// would be live with the 4 KiB the matmul makes, which the input never has.
// The scheduler waits for the gather instead.
// CHECK-LABEL: func.func @zeros_not_pulled
// CHECK:      sched.wait
// CHECK-NEXT: sched.compute "mm"
// CHECK-NEXT: sched.compute "shrink"
// CHECK-NEXT: sched.compute "zeros"
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark @+1 {{step 2500.000 -> 2500.000 us, exposed comm 1000.000 -> 1000.000 us, peak memory 4.09 KiB -> 4.09 KiB (budget 4.3 KiB)}}
  func.func @zeros_not_pulled(%w: tensor<2x4xf32>) -> (tensor<4x4xf32>, tensor<32x32xf32>) {
    // expected-remark@-1 {{kept in-flight cap 1 (5 in-flight caps tried)}}
    // expected-remark @+1 {{exposed 1000.000 of 1000.000 us: no independent compute between its inputs and its first use; the memory budget kept later compute from running during it}}
    %f = sched.all_gather_start %w on @g gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %g = sched.wait %f : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%g : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<32x32xf32>)
    %s = sched.compute "shrink" ins(%m : tensor<32x32xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %z = sched.compute "zeros" cost <time_ns = 500000> -> (tensor<32x32xf32>)
    return %s, %z : tensor<4x4xf32>, tensor<32x32xf32>
  }
}

// -----

// Tests the same with a small buffer (64 bytes), which fits: it runs during
// the gather and hides half of it.
// CHECK-LABEL: func.func @zeros_pulled
// CHECK:      sched.all_gather_start
// CHECK-NEXT: sched.compute "zeros"
// CHECK-NEXT: sched.wait
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark @+1 {{step 2500.000 -> 2000.000 us, exposed comm 1000.000 -> 500.000 us, peak memory 4.09 KiB -> 4.16 KiB (budget 4.3 KiB)}}
  func.func @zeros_pulled(%w: tensor<2x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    // expected-remark@-1 {{kept in-flight cap 1 (1 in-flight cap tried)}}
    // expected-remark @+1 {{exposed 500.000 of 1000.000 us: only 500.000 us of independent compute before its first use}}
    %f = sched.all_gather_start %w on @g gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %g = sched.wait %f : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%g : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<32x32xf32>)
    %s = sched.compute "shrink" ins(%m : tensor<32x32xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %z = sched.compute "zeros" cost <time_ns = 500000> -> (tensor<4x4xf32>)
    return %s, %z : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
