// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-pipeline="exact-max-ops=32" --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s
// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-pipeline --sched-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-pipeline="exact-max-ops=4 explain=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: sched-opt %s --sched-attach-target=preset=h200-sxm --sched-pipeline="exact-max-ops=32 max-in-flight=1 explain=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not sched-opt %s --sched-pipeline="exact-max-ops=65" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPS
// RUN: not sched-opt %s --sched-pipeline="exact-max-nodes=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODES

// The exact order after the search (exact-max-ops): program 151 of
// bench/bounds/gap.py (test/Dialect/Sched/Transforms/
// schedule-overlap-urgent-start.mlir). The heuristic issues the all-reduce
// that feeds the longest chain (2 us on @dp, then 9 us on @tp) second on
// @dp but runs the 6 us compute before waiting for it: 23 us. The solver
// waits for it first and issues the @tp all-reduce 4 us earlier: 19 us, the
// lower bound.
// OFF: makespan 23.000 us
// SMALL: remark: @step: search: the exact order: not tried: the body has 14 ops, more than exact-max-ops=4
// With one collective in flight the solver's order (three at once) is not
// taken.
// CAP: remark: @step: search: the exact order: not taken: the proven optimal order has 3 collectives of a group in flight, more than max-in-flight (1)
// OPS: error: exact-max-ops must be between 0 and 64, got 65
// NODES: error: exact-max-nodes must be at least 1, got 0

// CHECK-LABEL: func.func @step
// CHECK:      sched.all_reduce_start %{{.*}} on @dp {{.*}}time_ns = 8000
// CHECK-NEXT: sched.compute "k"
// CHECK-NEXT: sched.all_reduce_start %{{.*}} on @dp {{.*}}time_ns = 2000
// CHECK-NEXT: sched.wait
// CHECK-NEXT: sched.all_reduce_start %{{.*}} on @dp {{.*}}time_ns = 1000
// CHECK-NEXT: %[[W:.*]] = sched.wait
// CHECK-NEXT: sched.all_reduce_start %[[W]] on @tp
module {
  sched.process_group @dp size = 8 ranks = [0, 1, 2, 3, 4, 5, 6, 7]
  sched.process_group @tp size = 2 ranks = [0, 1]
  // expected-remark@+4 {{@step: search: the exact order (63 nodes, proven optimal) wins: step 23.000 -> 19.000 us, peak 64 KiB -> 72 KiB}}
  // expected-remark@+3 {{order 'exact'}}
  // expected-remark@+2 {{@step: step 36.000 -> 23.000 us}}
  // expected-remark@+1 {{no bucket made}}
  func.func @step(%arg0: tensor<4096xbf16>, %arg1: tensor<4096xbf16>, %arg2: tensor<4096xbf16>) -> tensor<4096xbf16> {
    %v1 = sched.all_reduce_start %arg1 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 8000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v2 = sched.compute "k" ins(%arg2, %arg1 : tensor<4096xbf16>, tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 1000> -> (tensor<4096xbf16>)
    %v3 = sched.wait %v1 : !sched.future<tensor<4096xbf16>>
    %v4 = sched.all_reduce_start %arg1 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 1000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v5 = sched.all_reduce_start %arg2 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 7000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v6 = sched.wait %v4 : !sched.future<tensor<4096xbf16>>
    %v7 = sched.wait %v5 : !sched.future<tensor<4096xbf16>>
    // expected-remark@+1 {{3 starts not bucketed}}
    %v8 = sched.all_reduce_start %v2 on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 2000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v9 = sched.wait %v8 : !sched.future<tensor<4096xbf16>>
    %v10 = sched.all_reduce_start %v9 on @tp reduction = sum {sched.cost = #sched.cost<time_ns = 9000>} : tensor<4096xbf16> -> !sched.future<tensor<4096xbf16>>
    %v11 = sched.compute "k" ins(%v9, %v3 : tensor<4096xbf16>, tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 3000> -> (tensor<4096xbf16>)
    %v12 = sched.compute "k" ins(%v3 : tensor<4096xbf16>) cost <flops = 0, bytes_read = 0, bytes_written = 0, time_ns = 6000> -> (tensor<4096xbf16>)
    %v13 = sched.wait %v10 : !sched.future<tensor<4096xbf16>>
    return %v13 : tensor<4096xbf16>
  }
}
