// RUN: sched-opt %s --sched-report="summary=-" -o /dev/null | FileCheck %s
// RUN: sched-opt %s --sched-report="json=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// sched-report on a collective_permute: a pipeline shift on 4 ranks, 2 per
// node, costed from its pairs: [1, 2] crosses nodes, 5 + 400000 / 1e4 = 45 us
// (the slowest pair); 30 us of compute hide 30 of them.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 2, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @pp size = 4
  func.func @step(%x: tensor<100000xf32>) -> (tensor<100000xf32>, tensor<100000xf32>) {
    %f = sched.collective_permute_start %x on @pp source_target_pairs = [[0, 1], [1, 2], [2, 3]] : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %c = sched.compute "matmul" ins(%x : tensor<100000xf32>) cost <time_ns = 30000> -> (tensor<100000xf32>)
    %w = sched.wait %f : !sched.future<tensor<100000xf32>>
    return %w, %c : tensor<100000xf32>, tensor<100000xf32>
  }
}

// CHECK: function @step on t: 4 ops, 1 collectives
// CHECK: makespan              45.000 us
// CHECK: exposed comm          15.000 us  (overlap 66.7%)
// CHECK: 0 collective_permute pp 400000 45.000 0.000 15.000

// JSON:      "kind": "collective_permute",
// JSON-NEXT: "group": "pp",
// JSON-NEXT: "bytes": 400000,
// JSON-NEXT: "duration_us": 45,
