// RUN: sched-opt %s --pass-pipeline="builtin.module(func.func(sched-bucket-collectives{profile=%S/Inputs/bucket-profile.json explain=0}))" | FileCheck %s

// Tests that a bucket does not keep the measured time (`sched.cost`) of its
// first member: the merged all_gather is estimated from its size (the
// profile's 1000 us), not given the 900 us that only %a's gather took.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // CHECK-LABEL: func.func @bucket
  // CHECK:       sched.all_gather_start %arg0, %arg1 on @g gather_dim = 0 :
  // CHECK-NOT:   sched.cost
  func.func @bucket(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 {sched.cost = #sched.cost<time_ns = 900000>} : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 {sched.cost = #sched.cost<time_ns = 900000>} : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %m1, %m2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}
