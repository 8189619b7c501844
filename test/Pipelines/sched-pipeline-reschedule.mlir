// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-pipeline --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s
// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-pipeline=search=1 --sched-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONCE

// The kept result of the search rescheduled after bucketing
// (PipelineSearch::tryReschedule; program 92 of bench/bounds/gap.py --seed
// 7). sched-schedule-overlap orders the body for its three all-reduces on
// @tp; sched-bucket-collectives then merges them into one (4.375 us: its
// measured members, 2, 3 and 8 us, scaled by the model's gain from
// bucketing) waited before everything, and the order that was best for
// three separate
// all-reduces runs the 1 us and 5 us compute before the 8 us op that feeds
// the 9 us all-reduce on @dp: 27.375 us. The overlap pass run once more on
// the bucketed body runs the 8 us op first: 21.375 us, the exact optimum of
// the bucketed block. Without the search (search=1) nothing is rescheduled.
// ONCE: makespan 27.375 us
// CHECK-LABEL: func.func @step
// CHECK:      %[[W:.*]]:3 = sched.wait
// CHECK-NEXT: sched.all_reduce_start %[[W]]#1 on @dp
// CHECK-NEXT: %[[X:.*]] = sched.compute "k" ins(%[[W]]#2 {{.*}}time_ns = 8000
// CHECK-NEXT: sched.wait
// CHECK-NEXT: sched.all_reduce_start %[[X]] on @dp {{.*}}time_ns = 9000
module {
  sched.process_group @dp size = 8 ranks = [0, 1, 2, 3, 4, 5, 6, 7]
  sched.process_group @tp size = 2 ranks = [0, 1]
  // expected-remark@+4 {{@step: search: the kept result rescheduled after bucketing wins: step 27.375 -> 21.375 us, peak 72 KiB -> 72 KiB}}
  // expected-remark@+3 {{order 'greedy'}}
  // expected-remark@+2 {{@step: step 39.000 -> 30.000 us}}
  // expected-remark@+1 {{bucketed 3 collectives into 1 bucket}}
  func.func @step(%arg0: tensor<4096xbf16>, %arg1: tensor<4096xbf16>, %arg2: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %v1 = sched.all_reduce_start %arg0 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 2000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v2 = sched.all_reduce_start %arg0 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 3000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v3 = sched.all_reduce_start %arg2 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 8000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v4 = sched.wait %v2 : !sched.future<tensor<4096xbf16>>
    %v5 = sched.all_reduce_start %v4 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 6000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v6 = sched.wait %v3 : !sched.future<tensor<4096xbf16>>
    %v7 = sched.compute "k" ins(%v6 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 8000> -> (tensor<4096xbf16>)
    %v8 = sched.compute "k" ins(%v6 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 3000> -> (tensor<4096xbf16>)
    %v9 = sched.compute "k" ins(%v4 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 1000> -> (tensor<4096xbf16>)
    %v10 = sched.wait %v5 : !sched.future<tensor<4096xbf16>>
    // expected-remark@+1 {{1 start not bucketed}}
    %v11 = sched.all_reduce_start %v7 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 9000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v12 = sched.wait %v11 : !sched.future<tensor<4096xbf16>>
    %v13 = sched.compute "k" ins(%v9 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 5000> -> (tensor<4096xbf16>)
    %v14 = sched.wait %v1 : !sched.future<tensor<4096xbf16>>
    return %v14 : tensor<4096xbf16>
  }
}
