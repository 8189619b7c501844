// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-schedule-overlap="explain=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-schedule-overlap 2>/dev/null | FileCheck %s

// The look-ahead run with the sinks last (CriticalPathPriority::
// BottomLevelSinksLast; program 61 of bench/bounds/gap.py --seed 7). %v14
// (8 us) and %v23 (2 us) are sinks: nothing uses their results. By bottom
// level %v14 (8 us to the end) runs as soon as %v9 and %v11 are done, before
// compute that feeds the last all-reduces; every other run of the pass
// leaves 1 us exposed (43 us, the list schedule). With the sinks last it
// runs beside the last all-reduces (%v18 on @dp and %v19 on @tp, which it
// hides) and %v23 runs last: 42 us, the lower bound.
// REMARK: remark: @step: step 63.000 -> 42.000 us, exposed comm 21.000 -> 0.000 us
// REMARK: remark: chose the critical-path schedule with look-ahead sinks-last bottom level priority (42.000 us) over the list schedule (43.000 us)
// CHECK-LABEL: func.func @step
// CHECK:      %[[L:.*]] = sched.compute "k" ins(%{{[0-9]+}}, %{{[0-9]+}} : {{.*}}time_ns = 1000
// CHECK-NEXT: sched.wait
// CHECK-NEXT: sched.all_reduce_start %[[L]] on @tp {{.*}}time_ns = 6000
// CHECK-NEXT: sched.all_reduce_start %[[L]] on @dp {{.*}}time_ns = 3000
// CHECK-NEXT: sched.compute "k" {{.*}}time_ns = 8000
// CHECK:      sched.compute "k" {{.*}}time_ns = 2000
// CHECK-NEXT: return
module {
  sched.process_group @dp size = 8 ranks = [0, 1, 2, 3, 4, 5, 6, 7]
  sched.process_group @tp size = 2 ranks = [0, 1]
  func.func @step(%arg0: tensor<4096xbf16>, %arg1: tensor<4096xbf16>, %arg2: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %v1 = sched.compute "k" ins(%arg2 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 5000> -> (tensor<4096xbf16>)
    %v2 = sched.all_reduce_start %arg0 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 4000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v3 = sched.wait %v2 : !sched.future<tensor<4096xbf16>>
    %v4 = sched.all_reduce_start %arg2 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 9000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v5 = sched.compute "k" ins(%v1, %arg2 : tensor<4096xbf16>, tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 1000> -> (tensor<4096xbf16>)
    %v6 = sched.wait %v4 : !sched.future<tensor<4096xbf16>>
    %v7 = sched.compute "k" ins(%arg2 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 4000> -> (tensor<4096xbf16>)
    %v8 = sched.compute "k" ins(%v6, %v5 : tensor<4096xbf16>, tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 7000> -> (tensor<4096xbf16>)
    %v9 = sched.compute "k" ins(%v6 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 8000> -> (tensor<4096xbf16>)
    %v10 = sched.all_reduce_start %v8 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 2000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v11 = sched.compute "k" ins(%v7 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 2000> -> (tensor<4096xbf16>)
    %v12 = sched.wait %v10 : !sched.future<tensor<4096xbf16>>
    %v13 = sched.all_reduce_start %v8 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 2000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v14 = sched.compute "k" ins(%v9, %v11 : tensor<4096xbf16>, tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 8000> -> (tensor<4096xbf16>)
    %v15 = sched.wait %v13 : !sched.future<tensor<4096xbf16>>
    %v16 = sched.compute "k" ins(%v9, %v15 : tensor<4096xbf16>, tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 4000> -> (tensor<4096xbf16>)
    %v17 = sched.compute "k" ins(%v16, %v11 : tensor<4096xbf16>, tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 1000> -> (tensor<4096xbf16>)
    %v18 = sched.all_reduce_start %v17 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 3000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v19 = sched.all_reduce_start %v17 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 6000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v20 = sched.wait %v18 : !sched.future<tensor<4096xbf16>>
    %v21 = sched.all_reduce_start %v15 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 7000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v22 = sched.all_reduce_start %v16 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 5000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v23 = sched.compute "k" ins(%v15 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 2000> -> (tensor<4096xbf16>)
    %v24 = sched.wait %v21 : !sched.future<tensor<4096xbf16>>
    %v25 = sched.wait %v22 : !sched.future<tensor<4096xbf16>>
    %v26 = sched.wait %v19 : !sched.future<tensor<4096xbf16>>
    return %v26 : tensor<4096xbf16>
  }
}
