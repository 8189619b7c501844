// RUN: sched-opt %s --sched-report="exact-max-ops=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: sched-opt %s --sched-report="exact-max-ops=8 memory-budget=1200" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT
// RUN: sched-opt %s --sched-report="exact-max-ops=8 memory-slack=0.05" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SLACK
// RUN: sched-opt %s --sched-report="json=- exact-max-ops=8 memory-budget=1200" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: sched-opt %s --sched-report="exact-max-ops=8 memory-budget=1000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: sched-opt %s --sched-report="json=- exact-max-ops=8 memory-budget=1000" -o /dev/null | FileCheck %s --check-prefix=NONE-JSON
// RUN: sched-opt %s --sched-report="exact-max-ops=8 memory-budget=1200 exact-max-nodes=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STOPPED

// sched-report memory-budget / memory-slack: the exact solver only counts
// orders whose peak memory stays within the budget. @step makes a 1 KiB
// tensor that a 30 us matmul reads, and gathers 256 B that 5 us of compute
// need. Unconstrained, the gather runs behind the matmul (36 us) with both
// tensors live (1.38 KiB at the peak); within 1200 bytes the matmul must
// free its input before the gather is issued, which is exposed: 56 us, as
// the program order, which itself needs 1.56 KiB (over the budget).

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @step(%x: tensor<16xf32>) -> (tensor<64xf32>, tensor<16xf32>) {
    %a = sched.compute "make" ins(%x : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<256xf32>)
    %f = sched.all_gather_start %x on @dp gather_dim = 0 {sched.cost = #sched.cost<time_ns = 20000>} : tensor<16xf32> -> !sched.future<tensor<64xf32>>
    %w = sched.wait %f : !sched.future<tensor<64xf32>>
    %u = sched.compute "use" ins(%w : tensor<64xf32>) cost <time_ns = 5000> -> (tensor<64xf32>)
    %c = sched.compute "matmul" ins(%a : tensor<256xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
    return %u, %c : tensor<64xf32>, tensor<16xf32>
  }
}

// FREE: exact optimum 36.000 us (this order 55.56 % above it, {{[0-9]+}} nodes), exposed comm
// TIGHT: exact optimum 56.000 us within a budget of 1.17 KiB (peak 1.12 KiB; this order's peak 1.56 KiB is over it) (this order is optimal, {{[0-9]+}} nodes)
// The program order's peak plus 5 %: 1680 bytes, room for the overlap.
// SLACK: exact optimum 36.000 us within a budget of 1.64 KiB (peak 1.38 KiB) (this order 55.56 % above it

// JSON:      "exact": {
// JSON-NEXT:   "makespan_us": 56,
// JSON-NEXT:   "lower_bound_us": 56,
// JSON-NEXT:   "proven": true,
// JSON-NEXT:   "nodes": {{[0-9]+}},
// JSON-NEXT:   "memory_budget_bytes": 1200,
// JSON-NEXT:   "feasible": true,
// JSON-NEXT:   "peak_memory_bytes": 1152,
// JSON-NEXT:   "memory_bound_us": 36
// JSON-NEXT: },

// "make" alone needs its input and its 1 KiB result.
// NONE: exact solver: no order fits within a budget of 1000 B (this order's peak 1.56 KiB is over it), 0 nodes

// NONE-JSON:      "makespan_us": null,
// NONE-JSON-NEXT: "lower_bound_us": null,
// NONE-JSON-NEXT: "proven": true,
// NONE-JSON:      "feasible": false,
// NONE-JSON-NEXT: "memory_bound_us": null

// STOPPED: exact solver stopped after 1 nodes: no order found within a budget of 1.17 KiB (this order's peak 1.56 KiB is over it), optimum at least 36.000 us
