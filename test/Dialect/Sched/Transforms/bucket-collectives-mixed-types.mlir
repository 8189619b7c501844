// RUN: sched-opt %s --sched-bucket-collectives="profile=%S/Inputs/bucket-profile.json" --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s
// RUN: sched-opt %s --sched-bucket-collectives="mix-element-types=0 explain=1 profile=%S/Inputs/bucket-profile.json" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=ONETYPE

// Collectives of different element types share a bucket by default: a
// bucket is lowered to one grouped call per member (docs/Runtime.md), which
// needs no common type. With mix-element-types=0 a bucket holds one type.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0, bf16 = 10.0]>} {
  sched.process_group @g size = 2
  // Gathers of f32, bf16 and f16 parameters, and reductions of f32 and bf16
  // gradients, all in flight together.
  // CHECK-LABEL: func.func @mixed
  // CHECK:      %[[G:.*]] = sched.all_gather_start %{{.*}}, %{{.*}}, %{{.*}} on @g gather_dim = 0 : tensor<4x4xf32>, tensor<4x4xbf16>, tensor<4x4xf16> -> !sched.future<tensor<8x4xf32>, tensor<8x4xbf16>, tensor<8x4xf16>>
  // CHECK:      %[[R:.*]] = sched.all_reduce_start %{{.*}}, %{{.*}} on @g reduction = sum : tensor<16xf32>, tensor<16xbf16> -> !sched.future<tensor<16xf32>, tensor<16xbf16>>
  // CHECK-NOT:  _start
  // ONETYPE: remark: not bucketed with the previous all_gather_start: different element type
  // ONETYPE: remark: not bucketed with the previous all_reduce_start: different element type
  // ONETYPE-LABEL: func.func @mixed
  // ONETYPE-COUNT-5: _start %{{[a-z0-9]*}} on @g
  // expected-remark @below {{@mixed: bucketed 5 collectives into 2 buckets}}
  func.func @mixed(%a: tensor<4x4xf32>, %b: tensor<4x4xbf16>, %c: tensor<4x4xf16>, %x: tensor<16xf32>, %y: tensor<16xbf16>) -> (tensor<8x4xf32>, tensor<8x4xbf16>, tensor<8x4xf16>, tensor<16xf32>, tensor<16xbf16>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xbf16> -> !sched.future<tensor<8x4xbf16>>
    %s3 = sched.all_gather_start %c on @g gather_dim = 0 : tensor<4x4xf16> -> !sched.future<tensor<8x4xf16>>
    %r1 = sched.all_reduce_start %x on @g reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %r2 = sched.all_reduce_start %y on @g reduction = sum : tensor<16xbf16> -> !sched.future<tensor<16xbf16>>
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xbf16>>
    %w3 = sched.wait %s3 : !sched.future<tensor<8x4xf16>>
    %v1 = sched.wait %r1 : !sched.future<tensor<16xf32>>
    %v2 = sched.wait %r2 : !sched.future<tensor<16xbf16>>
    return %w1, %w2, %w3, %v1, %v2 : tensor<8x4xf32>, tensor<8x4xbf16>, tensor<8x4xf16>, tensor<16xf32>, tensor<16xbf16>
  }
}
