// RUN: sched-opt %s --pass-pipeline="builtin.module(func.func(sched-record-collective-order,sched-bucket-collectives{profile=%S/Inputs/bucket-profile.json explain=0},sched-verify-schedule))" | FileCheck %s

// Tests that a bucket carries the recorded numbers of all its members (#0
// and #1 of @g; the all_reduce between them is #0 of @h, its own group), so
// that sched-verify-schedule still finds every collective once.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  sched.process_group @h size = 2
  // CHECK-LABEL: func.func @bucket
  // CHECK:       sched.all_gather_start %arg0, %arg1 on @g gather_dim = 0 {sched.collective_order = array<i64: 0, 1>}
  // CHECK:       sched.all_reduce_start %arg2 on @h reduction = sum {sched.collective_order = array<i64: 0>}
  func.func @bucket(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s3 = sched.all_reduce_start %c on @h reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w3 = sched.wait %s3 : !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %m1, %m2, %w3 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}
