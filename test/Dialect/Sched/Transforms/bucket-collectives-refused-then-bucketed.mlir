// RUN: sched-opt %s --sched-bucket-collectives="profile=%S/Inputs/bucket-profile.json bucket-cap-bytes=256" --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s

// Tests that the short remarks (explain off, the default) of a start that
// was refused from one bucket and then joined a later one point at where
// that start was: the merge erases it before the remarks are emitted, so
// the remark must not read the op (found on a real traced graph, where the
// pass read the erased op). Every all_gather takes 1 ms, every "mm" 1 ms;
// the cap (256 B of full buffers) holds two 128 B gathers: s1 and s2 make a
// bucket, s3 is refused from it by the cap, then s3 and s4 make another.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // CHECK-LABEL: func.func @refused_then_bucketed
  // CHECK-COUNT-2: sched.all_gather_start %{{.*}}, %{{.*}} on @g
  // CHECK-NOT:   sched.all_gather_start
  // expected-remark @below {{@refused_then_bucketed: bucketed 4 collectives into 2 buckets (512 B)}}
  func.func @refused_then_bucketed(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>, %d: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    // expected-remark @below {{1 start not bucketed with the bucket before it (this one): the bucket would go over the cap of 256 B}}
    %s3 = sched.all_gather_start %c on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s4 = sched.all_gather_start %d on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m3 = sched.compute "mm" ins(%c, %c : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m4 = sched.compute "mm" ins(%d, %d : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    %w3 = sched.wait %s3 : !sched.future<tensor<8x4xf32>>
    %w4 = sched.wait %s4 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %w3, %w4, %m1, %m2, %m3, %m4 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}
