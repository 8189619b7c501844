// RUN: sched-opt %s --sched-bucket-collectives="explain=1 profile=%S/Inputs/bucket-profile.json bucket-cap-bytes=1024 order=exposed-first" --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s
// RUN: sched-opt %s --sched-bucket-collectives="profile=%S/Inputs/bucket-profile.json bucket-cap-bytes=1024 explain=0" | FileCheck %s --check-prefix=PROGRAM
// RUN: sched-opt %s --sched-pipeline="bucket-order=exposed-first explain=0" -o /dev/null

// order=exposed-first (Inductor's bucket_exposed_first): the least hidden
// collectives of a key seed buckets first. Every all_gather takes 1 ms (the
// profile), every mm 1 ms; the cap (1 KiB) holds two 512-byte all_gathers.
// The first two are hidden by an mm each, the third is fully exposed.
//
// In program order the first two make a bucket and the third, over the cap,
// stays alone and exposed (1 ms). Exposed first, the third seeds a bucket
// and joins the first: waited at the first wait, behind the first mm,
// nothing is exposed. The late wait is refused there, as the bucket would
// then enclose the overlap of the second all_gather.

// PROGRAM-LABEL: func.func @exposed_first
// PROGRAM:      %[[F:.*]] = sched.all_gather_start %arg0, %arg1 on
// PROGRAM:      sched.wait %[[F]]
// PROGRAM:      sched.all_gather_start %arg2 on

// CHECK-LABEL: func.func @exposed_first
// CHECK:      %[[F:.*]] = sched.all_gather_start %arg0, %arg2 on @g
// CHECK-NEXT: sched.compute "mm"
// CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
// CHECK-NEXT: %[[G:.*]] = sched.all_gather_start %arg1 on @g
// CHECK-NEXT: sched.compute "mm"
// CHECK-NEXT: sched.wait %[[G]]
// CHECK-NEXT: return

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  func.func @exposed_first(%a: tensor<4x16xf32>, %b: tensor<4x16xf32>, %c: tensor<4x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>) {
    // expected-remark @+2 {{bucketed 2 all_gather_start ops, 1 KiB, started at the first start and waited at the first wait}}
    // expected-remark @+1 {{bucketed with the previous all_gather_start at the early start, early wait (early start, late wait: the bucket would enclose the overlap of another collective of its group)}}
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x16xf32> -> !sched.future<tensor<8x16xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x16xf32>, tensor<4x16xf32>) cost <time_ns = 1000000> -> (tensor<4x16xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x16xf32>>
    // expected-remark @below {{not bucketed with the previous all_gather_start: the bucket would hold 1.5 KiB, over the cap of 1 KiB}}
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x16xf32> -> !sched.future<tensor<8x16xf32>>
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x16xf32>, tensor<4x16xf32>) cost <time_ns = 1000000> -> (tensor<4x16xf32>)
    %w2 = sched.wait %s2 : !sched.future<tensor<8x16xf32>>
    %s3 = sched.all_gather_start %c on @g gather_dim = 0 : tensor<4x16xf32> -> !sched.future<tensor<8x16xf32>>
    %w3 = sched.wait %s3 : !sched.future<tensor<8x16xf32>>
    return %w1, %w2, %w3, %m1, %m2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>
  }
}
