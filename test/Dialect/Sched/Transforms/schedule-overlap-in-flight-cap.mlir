// RUN: sched-opt %s --sched-schedule-overlap="explain=1 profile=%S/Inputs/overlap-profile.json memory-budget=1000000 max-in-flight=1" --mlir-print-op-on-diagnostic=false -verify-diagnostics -o /dev/null
// RUN: sched-opt %s --sched-schedule-overlap="explain=1 profile=%S/Inputs/overlap-profile.json memory-budget=1000000 max-in-flight=2" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAP2

// Two collectives of one group, one compute op to hide them behind, and a
// consumer that needs both: with max-in-flight=1 the second starts only when
// the first is done, and its remark names the cap (the number the scheduler
// used). With a cap of 2, the two share the link and the second queues.
// CAP2: remark: exposed 1000.000 of 1000.000 us: queued behind earlier collectives of its group

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark @+1 {{step 5000.000 -> 4000.000 us, exposed comm 2000.000 -> 1000.000 us}}
  func.func @cap(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    // expected-remark@-1 {{kept in-flight cap 1 (1 in-flight cap tried)}}
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w1 = sched.wait %r1 : !sched.future<tensor<4x4xf32>>
    // expected-remark @+1 {{exposed 1000.000 of 1000.000 us: started late: the group already had 1 collective in flight}}
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %r2 : !sched.future<tensor<4x4xf32>>
    %s1 = sched.compute "mm" ins(%w1, %w2 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %s2 = sched.compute "mm" ins(%w2, %m1 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %s1, %s2 : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
