// RUN: sched-opt %s --sched-schedule-overlap="max-in-flight=1" -verify-diagnostics | FileCheck %s
// RUN: sched-opt %s --sched-pipeline="max-in-flight=1 bucket=0" 2>/dev/null | FileCheck %s --check-prefix=PIPE

// An input already over a given max-in-flight (docs/passes/ScheduleOverlap.md,
// "In-flight caps"): the input order is no incumbent, so the pass keeps a
// schedule within the cap even though it is slower (the three all_reduces
// no longer share the matmul), and sched-pipeline's verify stage passes
// (it failed on the input's order before).
// PIPE-LABEL: func.func @over
// PIPE:         sched.all_reduce_start %arg1
// PIPE-NEXT:    sched.compute "matmul"
// PIPE-NEXT:    sched.wait
// PIPE-NEXT:    sched.all_reduce_start %arg2
// PIPE-NEXT:    sched.wait

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 100000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4

  // CHECK-LABEL: func.func @over
  // CHECK:         sched.all_reduce_start %arg1
  // CHECK-NEXT:    sched.compute "matmul"
  // CHECK-NEXT:    sched.wait
  // CHECK-NEXT:    sched.all_reduce_start %arg2
  // CHECK-NEXT:    sched.wait
  // CHECK-NEXT:    sched.all_reduce_start %arg3
  // CHECK-NEXT:    sched.wait
  // expected-remark @below {{@over: step 301.000 -> 438.829 us, exposed comm 0.000 -> 137.829 us}}
  func.func @over(%x: tensor<16xf32>, %g1: tensor<1024x1024xf32>, %g2: tensor<1024x1024xf32>, %g3: tensor<1024x1024xf32>) -> tensor<16xf32> {
    %f1 = sched.all_reduce_start %g1 on @dp reduction = sum : tensor<1024x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    // expected-remark @below {{the input has 2 collectives of @dp in flight, more than max-in-flight (1): scheduled within the cap, step 438.829 us against the input's 301.000 us}}
    %f2 = sched.all_reduce_start %g2 on @dp reduction = sum : tensor<1024x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %f3 = sched.all_reduce_start %g3 on @dp reduction = sum : tensor<1024x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %c = sched.compute "matmul" ins(%x : tensor<16xf32>) cost <time_ns = 300000> -> (tensor<16xf32>)
    %w1 = sched.wait %f1 : !sched.future<tensor<1024x1024xf32>>
    %w2 = sched.wait %f2 : !sched.future<tensor<1024x1024xf32>>
    %w3 = sched.wait %f3 : !sched.future<tensor<1024x1024xf32>>
    %d = sched.compute "use" ins(%c, %w1, %w2, %w3 : tensor<16xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    return %d : tensor<16xf32>
  }

  // Within the cap: the input is the incumbent, as before (no remark about
  // the cap; the order is kept since no capped schedule is faster).
  // CHECK-LABEL: func.func @within
  // expected-remark @below {{@within: step}}
  func.func @within(%x: tensor<16xf32>, %g1: tensor<1024x1024xf32>) -> tensor<16xf32> {
    %f1 = sched.all_reduce_start %g1 on @dp reduction = sum : tensor<1024x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %c = sched.compute "matmul" ins(%x : tensor<16xf32>) cost <time_ns = 300000> -> (tensor<16xf32>)
    %w1 = sched.wait %f1 : !sched.future<tensor<1024x1024xf32>>
    %d = sched.compute "use" ins(%c, %w1 : tensor<16xf32>, tensor<1024x1024xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    return %d : tensor<16xf32>
  }
}
