// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-report="json=- exact-max-ops=16" -o /dev/null | FileCheck %s

// The subset bound (docs/Analyses.md) where head-and-tail is loose. %v13
// needs all three all-reduces on @dp (5 + 3 + 7 us, the 7 us one after the
// 3 us one), so it cannot begin before 15 us; %v12 needs 12 us of compute
// and the 4 us all-reduce on @tp after it, so it cannot begin before 16 us.
// Both (8 + 7 us) run after 15 us: no order ends before 30 us, and the
// exact solver finds one that does. Head-and-tail counts 12 us of %v13's
// @dp ancestors (its per-stream sums keep a subset of the ancestors) and
// proves 27 us.

module {
  sched.process_group @dp size = 8 ranks = [0, 1, 2, 3, 4, 5, 6, 7]
  sched.process_group @tp size = 2 ranks = [0, 1]
  func.func @step(%arg0: tensor<4096xbf16>, %arg2: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %v1 = sched.compute "k" ins(%arg0, %arg2 : tensor<4096xbf16>, tensor<4096xbf16>) cost <time_ns = 6000> -> (tensor<4096xbf16>)
    %v2 = sched.compute "k" ins(%v1 : tensor<4096xbf16>) cost <time_ns = 6000> -> (tensor<4096xbf16>)
    %v3 = sched.all_reduce_start %arg2 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 5000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v4 = sched.wait %v3 : !sched.future<tensor<4096xbf16>>
    %v5 = sched.all_reduce_start %arg2 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 3000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v6 = sched.wait %v5 : !sched.future<tensor<4096xbf16>>
    %v7 = sched.all_reduce_start %v2 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 4000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v8 = sched.all_reduce_start %v6 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 7000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v9 = sched.wait %v7 : !sched.future<tensor<4096xbf16>>
    %v10 = sched.all_reduce_start %v2 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 3000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v11 = sched.wait %v8 : !sched.future<tensor<4096xbf16>>
    %v12 = sched.compute "k" ins(%v2, %v9 : tensor<4096xbf16>, tensor<4096xbf16>) cost <time_ns = 8000> -> (tensor<4096xbf16>)
    %v13 = sched.compute "k" ins(%v11, %v4 : tensor<4096xbf16>, tensor<4096xbf16>) cost <time_ns = 7000> -> (tensor<4096xbf16>)
    %v14 = sched.wait %v10 : !sched.future<tensor<4096xbf16>>
    return %v14 : tensor<4096xbf16>
  }
}

// CHECK:      "lower_bounds_us": {
// CHECK-NEXT:   "streams": 27,
// CHECK-NEXT:   "critical_path": 24,
// CHECK-NEXT:   "head_tail": 27,
// CHECK-NEXT:   "subset": 30
// CHECK-NEXT: },
// CHECK-NEXT: "exact": {
// CHECK-NEXT:   "makespan_us": 30,
// CHECK-NEXT:   "lower_bound_us": 30,
// CHECK-NEXT:   "proven": true,
