// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="explain=1 profile=%S/Inputs/overlap-profile.json memory-allowance=0 collective-allowance=0" -verify-diagnostics -o /dev/null
// RUN: not sched-opt %s -split-input-file --sched-schedule-overlap="max-in-flight=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not sched-opt %s -split-input-file --sched-schedule-overlap="memory-slack=-0.5" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SLACK
// RUN: not sched-opt %s -split-input-file --sched-schedule-overlap="memory-budget=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET

// Tests a function without a target.
// expected-error@+1 {{no #sched.target on this function or its parents; attach one with --sched-attach-target}}
func.func @no_target() {
  return
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests two collectives of one group: both could be issued at once, but
  // the group is one in-order stream, so two in flight are no faster than
  // one; the tie goes to the tighter cap and the second stays exposed.
  // expected-remark@+1 {{step 4000.000 -> 3000.000 us, exposed comm 2000.000 -> 1000.000 us, peak memory 320 B -> 320 B (budget 336 B)}}
  func.func @budget(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
    // expected-remark@-1 {{kept in-flight cap 1 (5 in-flight caps tried)}}
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w1 = sched.wait %r1 : !sched.future<tensor<4x4xf32>>
    %m1 = sched.compute "mm" ins(%a : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    // expected-remark@+1 {{exposed 1000.000 of 1000.000 us: started late: the group already had 1 collective in flight}}
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %r2 : !sched.future<tensor<4x4xf32>>
    %m2 = sched.compute "mm" ins(%w1, %w2 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %m2 : tensor<4x4xf32>
  }
}

// CAP: error: max-in-flight must be non-negative (0: search the caps), got -1
// SLACK: error: memory-slack must be a finite non-negative fraction, got -0.5
// BUDGET: remark: not scheduled: the input already needs 320 B, over the memory budget of 8 B
