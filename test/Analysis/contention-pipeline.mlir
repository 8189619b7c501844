// Pipeline stages simulated together (sched-report's `pipeline:` line)
// charge each stage's contention too; a transfer between stages is not
// slowed down.
// RUN: sched-opt %s --sched-report="summary=- profile=%S/Inputs/contention-profile.json" -o /dev/null | FileCheck %s
// RUN: sched-opt %s --sched-report="summary=-" -o /dev/null | FileCheck %s --check-prefix=PLAIN

// Stage 0: a local all_gather (64 bytes: comm factor 2, compute factor 1.5;
// 10 us measured) beside 6 us of compute, which takes 9 us; the gather's
// last 5.5 us are exposed (14.5); 4 us more compute (18.5); the 5 us
// transfer to stage 1 (18.5-23.5). Stage 1 receives it and computes 30 us:
// 53.5 us. Without contention: 6, 10, 14, 19, 49 us.
// CHECK:      pipeline: 2 stages, step 53.500 us (stages simulated together)
// CHECK-NEXT:   stage                compute_us      bubble_us   bubble
// CHECK-NEXT:   stage0                   13.000         40.500    75.7%
// CHECK-NEXT:   stage1                   30.000         23.500    43.9%
// PLAIN:      pipeline: 2 stages, step 49.000 us (stages simulated together)
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 4, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @tp0 size = 2 ranks = [0, 1]
  sched.process_group @pp size = 2 ranks = [0, 2]
  func.func @stage0(%x: tensor<8xf32>) -> tensor<16xf32> attributes {sched.ranks = array<i64: 0, 1>} {
    %g = sched.all_gather_start %x on @tp0 gather_dim = 0 {sched.cost = #sched.cost<time_ns = 10000>} : tensor<8xf32> -> !sched.future<tensor<16xf32>>
    %a = sched.compute "fwd" ins(%x : tensor<8xf32>) cost <time_ns = 6000> -> (tensor<8xf32>)
    %w = sched.wait %g : !sched.future<tensor<16xf32>>
    %b = sched.compute "more" ins(%w : tensor<16xf32>) cost <time_ns = 4000> -> (tensor<16xf32>)
    %f = sched.collective_permute_start %b on @pp source_target_pairs = [[0, 1]] {sched.cost = #sched.cost<time_ns = 5000>} : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %v = sched.wait %f : !sched.future<tensor<16xf32>>
    return %v : tensor<16xf32>
  }
  func.func @stage1(%x: tensor<16xf32>) -> tensor<16xf32> attributes {sched.ranks = array<i64: 2, 3>} {
    %f = sched.collective_permute_start %x on @pp source_target_pairs = [[0, 1]] {sched.cost = #sched.cost<time_ns = 5000>} : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %w = sched.wait %f : !sched.future<tensor<16xf32>>
    %c = sched.compute "fwd" ins(%w : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
    return %c : tensor<16xf32>
  }
}
