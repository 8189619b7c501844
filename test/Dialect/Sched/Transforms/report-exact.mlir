// RUN: sched-opt %s --sched-report="exact-max-ops=8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sched-opt %s --sched-report="summary=- exact-max-ops=8" -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: sched-opt %s --sched-report="json=- exact-max-ops=8" -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: sched-opt %s --sched-report="exact-max-ops=8 exact-max-nodes=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=STOPPED
// RUN: sched-opt %s --sched-report="exact-max-ops=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL

// sched-report exact-max-ops: the exact solver's optimum of each function of
// at most that many ops, and the gap of the program order to it. @step
// waits for its gather (20 us) before the 30 us of compute that does not
// need it: 20 + 30 + 5 in program order; the optimum issues the gather,
// runs the 30 us, then waits (nothing exposed) and runs the 5 us that need
// it: 35 us.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @step(%x: tensor<16xf32>) -> (tensor<64xf32>, tensor<16xf32>) {
    %f = sched.all_gather_start %x on @dp gather_dim = 0 {sched.cost = #sched.cost<time_ns = 20000>} : tensor<16xf32> -> !sched.future<tensor<64xf32>>
    %w = sched.wait %f : !sched.future<tensor<64xf32>>
    %u = sched.compute "use" ins(%w : tensor<64xf32>) cost <time_ns = 5000> -> (tensor<64xf32>)
    %c = sched.compute "matmul" ins(%x : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
    return %u, %c : tensor<64xf32>, tensor<16xf32>
  }
}

// REMARK: remark: @step: makespan 55.000 us (within 57.1 % of the lower bound, 35.000 us), exact optimum 35.000 us (this order 57.14 % above it, {{[0-9]+}} nodes), exposed comm 20.000 us

// SUMMARY: versus bound within 57.1 % of the lower bound, 35.000 us
// SUMMARY-NEXT: exact optimum 35.000 us (this order 57.14 % above it, {{[0-9]+}} nodes)

// JSON:      "exact": {
// JSON-NEXT:   "makespan_us": 35,
// JSON-NEXT:   "lower_bound_us": 35,
// JSON-NEXT:   "proven": true,

// STOPPED: remark: @step: makespan 55.000 us {{.*}}, exact solver stopped after 1 nodes: best order 55.000 us, optimum at least 35.000 us

// @step has 5 ops with its return: exact-max-ops=4 leaves it out.
// SMALL: remark: @step: makespan 55.000 us
// SMALL-NOT: exact
