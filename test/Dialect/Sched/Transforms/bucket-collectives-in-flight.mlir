// RUN: sched-opt %s -split-input-file --sched-bucket-collectives="mix-element-types=0 profile=%S/Inputs/bucket-profile.json max-in-flight=2" --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s
// RUN: sched-opt %s -split-input-file --sched-bucket-collectives="mix-element-types=0 profile=%S/Inputs/bucket-profile.json max-in-flight=3" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=CAP3

// max-in-flight: the buckets are kept only if the bucketed order has at most
// that many collectives of each group in flight (a bucket spans from its
// first start to its last wait and may enclose more collectives of its group
// than the input had in flight; sched-pipeline passes its own max-in-flight,
// which sched-verify-schedule then checks). Here group @g has three
// all_reduces of three element types in flight (none can share a bucket
// with mix-element-types=0)
// while two all_gathers of @h could share one: with max-in-flight=2 the
// function is left as it was, with max-in-flight=3 the all_gathers are
// bucketed.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0, bf16 = 10.0]>} {
  sched.process_group @g size = 2
  sched.process_group @h size = 2
  // CHECK-LABEL: func.func @over_cap
  // CHECK-COUNT-2: sched.all_gather_start %{{.*}} on @h gather_dim = 0 : tensor<4x4xf32> ->
  // CAP3: remark: @over_cap: bucketed 2 collectives into 1 bucket
  // CAP3-LABEL: func.func @over_cap
  // CAP3: sched.all_gather_start %{{.*}}, %{{.*}} on @h
  // expected-remark @below {{not bucketed: the bucketed order of @over_cap has 3 collectives of group @g in flight, more than max-in-flight (2); the function is left as it was}}
  func.func @over_cap(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %x: tensor<4x4xf32>, %y: tensor<4x4xf16>, %z: tensor<4x4xbf16>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf16>, tensor<4x4xbf16>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.all_gather_start %a on @h gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_gather_start %b on @h gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %r1 = sched.all_reduce_start %x on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %r2 = sched.all_reduce_start %y on @g reduction = sum : tensor<4x4xf16> -> !sched.future<tensor<4x4xf16>>
    %r3 = sched.all_reduce_start %z on @g reduction = sum : tensor<4x4xbf16> -> !sched.future<tensor<4x4xbf16>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    %v1 = sched.wait %r1 : !sched.future<tensor<4x4xf32>>
    %v2 = sched.wait %r2 : !sched.future<tensor<4x4xf16>>
    %v3 = sched.wait %r3 : !sched.future<tensor<4x4xbf16>>
    return %w1, %w2, %v1, %v2, %v3, %m1, %m2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf16>, tensor<4x4xbf16>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}

