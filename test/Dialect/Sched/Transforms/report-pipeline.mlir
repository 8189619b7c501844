// sched-report simulates stage-specific functions (sched.ranks) together:
// a transfer begins once both stages have issued it.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/two-stages.mlir --sched-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sched-opt %t/two-stages.mlir --sched-report="summary=-" -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: sched-opt %t/deadlock.mlir --sched-report -verify-diagnostics -o /dev/null

//--- two-stages.mlir
// Stage 0 computes 10 us, sends 400 kB to stage 1 (intra-node: 1 + 4 =
// 5 us), computes 20 us; stage 1 receives, then computes 30 us. Alone,
// stage 1 would end at 35 us; with the send issued at 10 us it ends at
// 45 us, and each stage idles 15 us of the 45.
// REMARK: remark: pipeline of 2 stages: step 45.000 us; @stage0 compute 30.000 us, bubble 15.000 us; @stage1 compute 30.000 us, bubble 15.000 us
// REMARK: remark: @stage0: makespan 35.000 us
// REMARK: remark: @stage1: makespan 35.000 us
// SUMMARY:      pipeline: 2 stages, step 45.000 us (stages simulated together)
// SUMMARY-NEXT:   stage                compute_us      bubble_us   bubble
// SUMMARY-NEXT:   stage0                   30.000         15.000    33.3%
// SUMMARY-NEXT:   stage1                   30.000         15.000    33.3%
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 2, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @pp size = 2 ranks = [0, 1]
  func.func @stage0(%x: tensor<100000xf32>) -> tensor<100000xf32> attributes {sched.ranks = array<i64: 0>} {
    %a = sched.compute "fwd" ins(%x : tensor<100000xf32>) cost <time_ns = 10000> -> (tensor<100000xf32>)
    %f = sched.collective_permute_start %a on @pp source_target_pairs = [[0, 1]] : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %w = sched.wait %f : !sched.future<tensor<100000xf32>>
    %b = sched.compute "more" ins(%a : tensor<100000xf32>) cost <time_ns = 20000> -> (tensor<100000xf32>)
    return %b : tensor<100000xf32>
  }
  func.func @stage1(%x: tensor<100000xf32>) -> tensor<100000xf32> attributes {sched.ranks = array<i64: 1>} {
    %f = sched.collective_permute_start %x on @pp source_target_pairs = [[0, 1]] : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %w = sched.wait %f : !sched.future<tensor<100000xf32>>
    %c = sched.compute "fwd" ins(%w : tensor<100000xf32>) cost <time_ns = 30000> -> (tensor<100000xf32>)
    return %c : tensor<100000xf32>
  }
}

//--- deadlock.mlir
// Stage 1 waits on a second transfer that stage 0 never starts.
// expected-error@+1 {{the pipeline stages deadlock: @stage1 waits on a collective a peer stage never starts (see sched-verify-deadlock)}}
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 2, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @pp size = 2 ranks = [0, 1]
  func.func @stage0(%x: tensor<100000xf32>) -> tensor<100000xf32> attributes {sched.ranks = array<i64: 0>} {
    %f = sched.collective_permute_start %x on @pp source_target_pairs = [[0, 1]] : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %w = sched.wait %f : !sched.future<tensor<100000xf32>>
    return %w : tensor<100000xf32>
  }
  func.func @stage1(%x: tensor<100000xf32>) -> tensor<100000xf32> attributes {sched.ranks = array<i64: 1>} {
    %f = sched.collective_permute_start %x on @pp source_target_pairs = [[0, 1]] : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %w = sched.wait %f : !sched.future<tensor<100000xf32>>
    %g = sched.collective_permute_start %w on @pp source_target_pairs = [[0, 1]] : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %v = sched.wait %g : !sched.future<tensor<100000xf32>>
    return %v : tensor<100000xf32>
  }
}
