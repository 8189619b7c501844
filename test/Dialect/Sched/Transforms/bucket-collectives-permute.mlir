// RUN: sched-opt %s -split-input-file --sched-bucket-collectives="explain=1 profile=%S/Inputs/bucket-profile.json bucket-cap-bytes=1024 window=4" --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s

// Bucketing of sched.collective_permute_start: the pairs are part of the
// bucket key, so only permutes with the same pairs (and group, element type
// and form) merge, into one permute that moves every member along the same
// pairs. Every collective_permute takes 1 ms whatever its size (from the
// profile), every "mm" 1 ms.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests two permutes of the same pairs, each hidden by one mm: one
  // permute at the first start, waited at the last wait.
  // CHECK-LABEL: func.func @same_pairs
  // CHECK-SAME:  (%[[A:.*]]: tensor<4x4xf32>, %[[B:.*]]: tensor<4x4xf32>)
  // CHECK:      %[[F:.*]] = sched.collective_permute_start %[[A]], %[[B]] on @g source_target_pairs = {{\[\[}}0, 1], [1, 0]] : tensor<4x4xf32>, tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>, tensor<4x4xf32>>
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  // CHECK-NEXT: return %[[W]]#0, %[[W]]#1
  // CHECK-NOT:  sched.wait
  func.func @same_pairs(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    // expected-remark @below {{bucketed 2 collective_permute_start ops, 128 B, started at the first start and waited at the last wait}}
    %s1 = sched.collective_permute_start %a on @g source_target_pairs = [[0, 1], [1, 0]] : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %s2 = sched.collective_permute_start %b on @g source_target_pairs = [[0, 1], [1, 0]] : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<4x4xf32>>
    return %w1, %w2, %m1, %m2 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests two permutes of different pairs (a swap and a one-way send): they
  // stay apart, and neither merges with the all_gather between them.
  // CHECK-LABEL: func.func @different_pairs
  // CHECK:      sched.collective_permute_start %{{.*}} on @g source_target_pairs = {{\[\[}}0, 1], [1, 0]] : tensor<4x4xf32>
  // CHECK:      sched.all_gather_start
  // CHECK:      sched.collective_permute_start %{{.*}} on @g source_target_pairs = {{\[\[}}0, 1]] : tensor<4x4xf32>
  func.func @different_pairs(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.collective_permute_start %a on @g source_target_pairs = [[0, 1], [1, 0]] : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %s2 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    // expected-remark @below {{not bucketed with the previous collective_permute_start: different source_target_pairs}}
    %s3 = sched.collective_permute_start %b on @g source_target_pairs = [[0, 1]] : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    %w3 = sched.wait %s3 : !sched.future<tensor<4x4xf32>>
    return %w1, %w2, %w3, %m1, %m2 : tensor<4x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}
