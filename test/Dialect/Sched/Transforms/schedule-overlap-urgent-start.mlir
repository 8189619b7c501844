// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-schedule-overlap="explain=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-schedule-overlap 2>/dev/null | FileCheck %s
// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-schedule-overlap="explain=1 keep-collective-order=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEEP

// The critical-path scheduler with starts held for an urgent one
// (EngineRules::holdForUrgentStart; program 151 of bench/bounds/gap.py)
// and the look-ahead on deferral (EngineRules::waitForUnblockedStart).
// The four all-reduces of @dp share one stream, which runs them in issue
// order. %v4 (1 us) and %v5 (7 us) are ready at once, %v8 (2 us) only after
// the 1 us compute %v2, and %v8 feeds the 9 us all-reduce on @tp, the
// longest chain. Issuing every ready start at once queues %v4 and %v5
// ahead of %v8 (27 us); holding them while %v2 runs (done long before %v1,
// 8 us, frees the stream) lets %v8 queue second: 23 us (the urgent-start
// run; unittests ScheduleProblemTest CriticalPathHoldsStartsForAnUrgentOne).
// At 8 us the 6 us compute %v12 is ready and %v8 ends at 10 us; its wait
// is all the @tp all-reduce still needs. The look-ahead run waits the 2 us
// first, so that the 9 us all-reduce runs beside %v12: 19 us, the lower
// bound (and the exact optimum).
// REMARK: remark: @step: step 27.000 -> 19.000 us
// REMARK: remark: chose the critical-path schedule with look-ahead bottom level priority (19.000 us) over the list schedule (27.000 us)
// CHECK-LABEL: func.func @step
// CHECK:      sched.all_reduce_start %arg1 on @dp {{.*}}time_ns = 8000
// CHECK-NEXT: sched.compute "k"
// CHECK-NEXT: %[[S:.*]] = sched.all_reduce_start %{{.*}} on @dp {{.*}}time_ns = 2000
// CHECK:      sched.all_reduce_start %arg1 on @dp {{.*}}time_ns = 1000
// CHECK-NEXT: %[[W:.*]] = sched.wait %[[S]]
// CHECK-NEXT: sched.all_reduce_start %[[W]] on @tp
// CHECK-NEXT: sched.all_reduce_start %arg2 on @dp {{.*}}time_ns = 7000
// CHECK-NEXT: sched.compute "k" {{.*}}time_ns = 6000
// With keep-collective-order the starts go in their input order: nothing
// is held, and the list schedule stays.
// KEEP: remark: @step: step 27.000 -> 27.000 us
// KEEP-NOT: urgent-start bottom level
// KEEP-NOT: look-ahead
module {
  sched.process_group @dp size = 8 ranks = [0, 1, 2, 3, 4, 5, 6, 7]
  sched.process_group @tp size = 2 ranks = [0, 1]
  func.func @step(%arg0: tensor<4096xbf16>, %arg1: tensor<4096xbf16>, %arg2: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %v1 = sched.all_reduce_start %arg1 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 8000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v2 = sched.compute "k" ins(%arg2, %arg1 : tensor<4096xbf16>, tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 1000> -> (tensor<4096xbf16>)
    %v3 = sched.wait %v1 : !sched.future<tensor<4096xbf16>>
    %v4 = sched.all_reduce_start %arg1 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 1000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v5 = sched.all_reduce_start %arg2 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 7000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v6 = sched.wait %v4 : !sched.future<tensor<4096xbf16>>
    %v7 = sched.wait %v5 : !sched.future<tensor<4096xbf16>>
    %v8 = sched.all_reduce_start %v2 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 2000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v9 = sched.wait %v8 : !sched.future<tensor<4096xbf16>>
    %v10 = sched.all_reduce_start %v9 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 9000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v11 = sched.compute "k" ins(%v9, %v3 : tensor<4096xbf16>, tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 3000> -> (tensor<4096xbf16>)
    %v12 = sched.compute "k" ins(%v3 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 6000> -> (tensor<4096xbf16>)
    %v13 = sched.wait %v10 : !sched.future<tensor<4096xbf16>>
    return %v13 : tensor<4096xbf16>
  }
}
