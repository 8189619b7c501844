// RUN: sched-opt %s --sched-report="summary=- profile=%S/Inputs/contention-profile.json" -o /dev/null | FileCheck %s --check-prefix=SUMMARY
// RUN: sched-opt %s --sched-report="json=- profile=%S/Inputs/contention-profile.json" -o /dev/null | FileCheck %s --check-prefix=JSON
// Without contention buckets the report has no contention line.
// RUN: sched-opt %s --sched-report="summary=-" -o /dev/null | FileCheck %s --check-prefix=PLAIN

// The profile's contention buckets: up to 100 bytes a collective runs at 1/2
// beside compute and slows compute to 1/1.5; above, 1/1.25 and no slowdown.
//
// The all_gather (64 bytes, 10 us solo) beside the 6 us op: the op takes 9
// us, the gather does 4.5 us of work by then and its last 5.5 us exposed,
// ending at 14.5. The reduce_scatter (256 bytes, 8 us) beside the 4 us op:
// the op runs at full speed to 18.5 while the scatter does 4 / 1.25 = 3.2,
// the last 4.8 us exposed: 23.3 us. Charged: 3 us of compute, 4.5 + 0.8 us
// of communication. Without contention: 10 + 8 = 18 us, 4 + 4 exposed.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @step(%x: tensor<4xf32>, %g: tensor<64xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
    %f = sched.all_gather_start %x on @dp gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    %c = sched.compute "matmul" ins(%x : tensor<4xf32>) cost <time_ns = 6000> -> (tensor<4xf32>)
    %w = sched.wait %f : !sched.future<tensor<16xf32>>
    %r = sched.reduce_scatter_start %g on @dp reduction = sum scatter_dim = 0 : tensor<64xf32> -> !sched.future<tensor<16xf32>>
    %d = sched.compute "matmul" ins(%x : tensor<4xf32>) cost <time_ns = 4000> -> (tensor<4xf32>)
    %s = sched.wait %r : !sched.future<tensor<16xf32>>
    return %w, %s : tensor<16xf32>, tensor<16xf32>
  }
}

// SUMMARY:      function @step on t: 7 ops, 2 collectives
// SUMMARY-NEXT:   makespan              23.300 us
// SUMMARY-NEXT:   compute busy          13.000 us
// SUMMARY-NEXT:   comm busy             23.300 us
// SUMMARY-NEXT:   exposed comm          10.300 us  (overlap 55.8%)
// SUMMARY-NEXT:   contention             3.000 us compute, 5.300 us comm (without: makespan 18.000 us, exposed comm 8.000 us)
// SUMMARY-NEXT:   lower bounds          18.000 us streams

// JSON:      "makespan_us": {{23\.[23][0-9]*}},
// JSON:      "exposed_comm_us": {{10\.[23][0-9]*}},
// JSON:      "contention": {
// JSON-NEXT:   "compute_us": 3,
// JSON-NEXT:   "comm_us": {{5\.[23][0-9]*}},
// JSON-NEXT:   "uncontended_makespan_us": 18,
// JSON-NEXT:   "uncontended_exposed_comm_us": 8
// JSON-NEXT: },
// JSON:      "duration_us": 14.5,
// JSON:      "exposed_us": 5.5,
// JSON:      "begin_us": 14.5,
// JSON-NEXT: "end_us": {{23\.[23][0-9]*}},

// PLAIN:     exposed comm
// PLAIN-NOT: contention
// PLAIN:     lower bounds

// The exact solver plans without contention: it is compared with the
// order's uncontended step.
// RUN: sched-opt %s --sched-report="summary=- exact-max-ops=64 profile=%S/Inputs/contention-profile.json" -o /dev/null | FileCheck %s --check-prefix=EXACT
// EXACT: exact optimum 18.000 us without contention (this order is optimal,
