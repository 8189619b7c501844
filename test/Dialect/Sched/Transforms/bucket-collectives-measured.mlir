// RUN: sched-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(sched-bucket-collectives{profile=%S/Inputs/bucket-profile.json explain=0}))" | FileCheck %s

// A bucket of collectives with measured times (`sched.cost`, e.g. an FX
// graph's runtime_us) is timed as the cost model's estimate of the merged
// collective times the members' times over their estimates at their own
// sizes (measured where given, estimated otherwise), and its start carries
// that time: it keeps the model's gain from bucketing and the measured
// times' scale. Here the profile gives every collective 1000 us whatever its
// size, so the bucket of two takes 1000 us times the members' sum over 2000.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Both measured at 900 us: the bucket takes 900 us.
  // CHECK-LABEL: func.func @both_measured
  // CHECK:       sched.all_gather_start %arg0, %arg1 on @g gather_dim = 0 {sched.cost = #sched.cost<time_ns = 900000>} :
  func.func @both_measured(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 {sched.cost = #sched.cost<time_ns = 900000>} : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 {sched.cost = #sched.cost<time_ns = 900000>} : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %m1, %m2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // One measured at 900 us, the other estimated (1000 us): 950 us.
  // CHECK-LABEL: func.func @one_measured
  // CHECK:       sched.all_gather_start %arg0, %arg1 on @g gather_dim = 0 {sched.cost = #sched.cost<time_ns = 950000>} :
  func.func @one_measured(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 {sched.cost = #sched.cost<time_ns = 900000>} : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %m1, %m2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // None measured: the model's estimate, and no sched.cost.
  // CHECK-LABEL: func.func @none_measured
  // CHECK:       sched.all_gather_start %arg0, %arg1 on @g gather_dim = 0 :
  // CHECK-NOT:   sched.cost
  func.func @none_measured(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %m1, %m2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}
