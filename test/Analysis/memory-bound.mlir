// RUN: sched-opt %s --sched-report="memory-budget=1500" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT
// RUN: sched-opt %s --sched-report="memory-budget=100000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOOSE
// RUN: sched-opt %s --sched-report="memory-budget=1000" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: sched-opt %s --sched-report="json=- memory-budget=1500" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: sched-opt %s --sched-report="summary=- memory-budget=1500" -o /dev/null | FileCheck %s --check-prefix=SUMMARY

// sched-report memory-budget without exact-max-ops: the memory-aware bound
// of every order whose peak stays within the budget, on a block of any size
// (docs/Analyses.md, "The memory-aware bound"). The shape of a one-layer
// FSDP step: "grad" makes the 1 KiB buffer that a 30 us reduce-scatter
// sends, and "dead" (its result unused) reads a 1 KiB buffer that "make"
// made. Unconstrained, "dead" runs behind the reduce-scatter and hides 20
// us of it (42 us, the unconstrained bounds); within 1500 bytes "grad"
// cannot run while "make"'s buffer is live, so "dead" must come first and
// nothing hides the reduce-scatter: 62 us, which @step's order reaches.
// @early is the order the unconstrained bounds want: over the budget, so
// the memory-aware bound does not bound it.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @step(%x: tensor<16xf32>) -> tensor<64xf32> {
    %v = sched.compute "make" ins(%x : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<256xf32>)
    %u = sched.compute "scale" ins(%v : tensor<256xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    %d = sched.compute "dead" ins(%v : tensor<256xf32>) cost <time_ns = 20000> -> (tensor<16xf32>)
    %g = sched.compute "grad" ins(%u : tensor<16xf32>) cost <time_ns = 10000> -> (tensor<256xf32>)
    %f = sched.reduce_scatter_start %g on @dp reduction = sum scatter_dim = 0 {sched.cost = #sched.cost<time_ns = 30000>} : tensor<256xf32> -> !sched.future<tensor<64xf32>>
    %y = sched.wait %f : !sched.future<tensor<64xf32>>
    return %y : tensor<64xf32>
  }
  func.func @early(%x: tensor<16xf32>) -> tensor<64xf32> {
    %v = sched.compute "make" ins(%x : tensor<16xf32>) cost <time_ns = 1000> -> (tensor<256xf32>)
    %u = sched.compute "scale" ins(%v : tensor<256xf32>) cost <time_ns = 1000> -> (tensor<16xf32>)
    %g = sched.compute "grad" ins(%u : tensor<16xf32>) cost <time_ns = 10000> -> (tensor<256xf32>)
    %f = sched.reduce_scatter_start %g on @dp reduction = sum scatter_dim = 0 {sched.cost = #sched.cost<time_ns = 30000>} : tensor<256xf32> -> !sched.future<tensor<64xf32>>
    %d = sched.compute "dead" ins(%v : tensor<256xf32>) cost <time_ns = 20000> -> (tensor<16xf32>)
    %y = sched.wait %f : !sched.future<tensor<64xf32>>
    return %y : tensor<64xf32>
  }
}

// TIGHT: remark: @step: makespan 62.000 us (optimal: equals the lower bound, for the orders within the memory budget), memory bound 62.000 us within a budget of 1.46 KiB (3 forced orders), exposed comm 30.000 us
// TIGHT: remark: @early: makespan 42.000 us (optimal: equals the lower bound), memory bound 62.000 us within a budget of 1.46 KiB (3 forced orders; this order's peak 2.38 KiB is over it), exposed comm 10.000 us

// LOOSE: remark: @step: makespan 62.000 us (within 47.6 % of the lower bound, 42.000 us, for the orders within the memory budget), memory bound 42.000 us within a budget of 97.66 KiB (0 forced orders)

// "make" alone needs its input and its 1 KiB result.
// NONE: remark: @step: makespan 62.000 us (within 47.6 % of the lower bound, 42.000 us), memory bound no order fits within a budget of 1000 B

// JSON:      "subset": 42,
// JSON-NEXT: "memory": 62
// JSON-NEXT: },
// JSON-NEXT: "memory_bound": {
// JSON-NEXT:   "budget_bytes": 1500,
// JSON-NEXT:   "forced_order_us": 62,
// JSON-NEXT:   "tail_us": {{[0-9.e+]+}},
// JSON-NEXT:   "head_us": {{[0-9.e+]+}},
// JSON-NEXT:   "forced_pairs": 3,
// JSON-NEXT:   "applies": true
// JSON-NEXT: },
// JSON:      "applies": false

// SUMMARY:      function @step
// SUMMARY:      versus bound    optimal: equals the lower bound
// SUMMARY-NEXT: memory bound    62.000 us within a budget of 1.46 KiB (3 forced orders)
// SUMMARY:      function @early
// SUMMARY:      memory bound    62.000 us within a budget of 1.46 KiB (3 forced orders; this order's peak 2.38 KiB is over it)
