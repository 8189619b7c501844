// RUN: sched-opt %s -split-input-file -test-sched-print-simulation="profile=%S/Inputs/sim-profile.json" -verify-diagnostics

// Collective times come from the profile (all_gather 20 us, reduce_scatter
// 8 us on 4 ranks); compute times from time_ns.

// Tests the unscheduled form: every wait right after its start exposes the
// whole collective.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  // expected-remark@+1 {{makespan 40.000 us, exposed comm 20.000 us, overlap 0.00, compute busy 20.000 us, comm busy 20.000 us, bounds: streams 20.000 us, critical path 40.000 us, head and tail 40.000 us}}
  func.func @unscheduled(%x: tensor<16xf32>) -> tensor<64xf32> {
    // expected-remark@+2 {{[0.000, 0.000] us}}
    // expected-remark@+1 {{on @dp [0.000, 20.000] us, exposed 20.000 us}}
    %f = sched.all_gather_start %x on @dp gather_dim = 0 : tensor<16xf32> -> !sched.future<tensor<64xf32>>
    // expected-remark@+1 {{[0.000, 20.000] us}}
    %g = sched.wait %f : !sched.future<tensor<64xf32>>
    // expected-remark@+1 {{[20.000, 40.000] us}}
    %y = sched.compute "mm" ins(%g : tensor<64xf32>) cost <time_ns = 20000> -> (tensor<64xf32>)
    // expected-remark@+1 {{[40.000, 40.000] us}}
    return %y : tensor<64xf32>
  }
}

// -----

// Tests overlap: independent compute between start and wait hides the
// collective; the two collectives of @dp run one after the other.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  // expected-remark@+1 {{makespan 30.000 us, exposed comm 0.000 us, overlap 1.00, compute busy 30.000 us, comm busy 28.000 us, bounds: streams 30.000 us, critical path 30.000 us, head and tail 30.000 us}}
  func.func @overlapped(%x: tensor<16xf32>, %g: tensor<64xf32>) -> (tensor<64xf32>, tensor<16xf32>) {
    // expected-remark@+2 {{[0.000, 0.000] us}}
    // expected-remark@+1 {{on @dp [0.000, 20.000] us, exposed 0.000 us}}
    %f = sched.all_gather_start %x on @dp gather_dim = 0 : tensor<16xf32> -> !sched.future<tensor<64xf32>>
    // expected-remark@+2 {{[0.000, 0.000] us}}
    // expected-remark@+1 {{on @dp [20.000, 28.000] us, exposed 0.000 us}}
    %r = sched.reduce_scatter_start %g on @dp reduction = sum scatter_dim = 0 : tensor<64xf32> -> !sched.future<tensor<16xf32>>
    // expected-remark@+1 {{[0.000, 30.000] us}}
    %c = sched.compute "independent" ins(%x : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
    // expected-remark@+1 {{[30.000, 30.000] us}}
    %w = sched.wait %f : !sched.future<tensor<64xf32>>
    // expected-remark@+1 {{[30.000, 30.000] us}}
    %s = sched.wait %r : !sched.future<tensor<16xf32>>
    // expected-remark@+1 {{[30.000, 30.000] us}}
    return %w, %s : tensor<64xf32>, tensor<16xf32>
  }
}

// -----

// Tests the head-and-tail bound: the two gathers share one stream, so the
// second ends at 40 at the earliest, and its mm (10 us) cannot start before.
// No order is faster than 50 us, which neither the busiest stream (40 us)
// nor the longest chain (30 us) says; this order reaches it.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  // expected-remark@+1 {{makespan 50.000 us, exposed comm 15.000 us, overlap 0.62, compute busy 35.000 us, comm busy 40.000 us, bounds: streams 40.000 us, critical path 30.000 us, head and tail 50.000 us}}
  func.func @last_gather(%x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<16xf32>) {
    // expected-remark@+2 {{[0.000, 0.000] us}}
    // expected-remark@+1 {{on @dp [0.000, 20.000] us, exposed 5.000 us}}
    %f1 = sched.all_gather_start %x on @dp gather_dim = 0 : tensor<16xf32> -> !sched.future<tensor<64xf32>>
    // expected-remark@+2 {{[0.000, 0.000] us}}
    // expected-remark@+1 {{on @dp [20.000, 40.000] us, exposed 10.000 us}}
    %f2 = sched.all_gather_start %y on @dp gather_dim = 0 : tensor<16xf32> -> !sched.future<tensor<64xf32>>
    // expected-remark@+1 {{[0.000, 15.000] us}}
    %c = sched.compute "independent" ins(%x : tensor<16xf32>) cost <time_ns = 15000> -> (tensor<16xf32>)
    // expected-remark@+1 {{[15.000, 20.000] us}}
    %w1 = sched.wait %f1 : !sched.future<tensor<64xf32>>
    // expected-remark@+1 {{[20.000, 30.000] us}}
    %m1 = sched.compute "mm" ins(%w1 : tensor<64xf32>) cost <time_ns = 10000> -> (tensor<64xf32>)
    // expected-remark@+1 {{[30.000, 40.000] us}}
    %w2 = sched.wait %f2 : !sched.future<tensor<64xf32>>
    // expected-remark@+1 {{[40.000, 50.000] us}}
    %m2 = sched.compute "mm" ins(%w2 : tensor<64xf32>) cost <time_ns = 10000> -> (tensor<64xf32>)
    // expected-remark@+1 {{[50.000, 50.000] us}}
    return %m1, %m2, %c : tensor<64xf32>, tensor<64xf32>, tensor<16xf32>
  }
}

// -----

// Tests a collective_permute: costed from its pairs (no profile curve), 1 +
// 400000 / 1e5 = 5 us on NVLink; it occupies the stream of its group, so the
// all_gather after it waits for it.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  // expected-remark@+1 {{makespan 25.000 us, exposed comm 15.000 us, overlap 0.40, compute busy 10.000 us, comm busy 25.000 us, bounds: streams 25.000 us, critical path 20.000 us, head and tail 25.000 us}}
  func.func @permute(%x: tensor<100000xf32>, %s: tensor<16xf32>) -> (tensor<100000xf32>, tensor<64xf32>, tensor<16xf32>) {
    // expected-remark@+2 {{[0.000, 0.000] us}}
    // expected-remark@+1 {{on @dp [0.000, 5.000] us, exposed 0.000 us}}
    %p = sched.collective_permute_start %x on @dp source_target_pairs = [[0, 1], [1, 2], [2, 3]] : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    // expected-remark@+2 {{[0.000, 0.000] us}}
    // expected-remark@+1 {{on @dp [5.000, 25.000] us, exposed 15.000 us}}
    %g = sched.all_gather_start %s on @dp gather_dim = 0 : tensor<16xf32> -> !sched.future<tensor<64xf32>>
    // expected-remark@+1 {{[0.000, 10.000] us}}
    %c = sched.compute "independent" ins(%s : tensor<16xf32>) cost <time_ns = 10000> -> (tensor<16xf32>)
    // expected-remark@+1 {{[10.000, 10.000] us}}
    %wp = sched.wait %p : !sched.future<tensor<100000xf32>>
    // expected-remark@+1 {{[10.000, 25.000] us}}
    %wg = sched.wait %g : !sched.future<tensor<64xf32>>
    // expected-remark@+1 {{[25.000, 25.000] us}}
    return %wp, %wg, %c : tensor<100000xf32>, tensor<64xf32>, tensor<16xf32>
  }
}

// -----

// Tests a function without a target.
// expected-error@+1 {{no #sched.target on this function or its parents; attach one with --sched-attach-target}}
func.func @no_target() {
  return
}
