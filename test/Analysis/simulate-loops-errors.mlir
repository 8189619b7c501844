// RUN: sched-opt %s --sched-report -split-input-file -verify-diagnostics -o /dev/null

// Bad input for the simulation of loops, branches and calls
// (sched/Analysis/ProgramSimulation.h): each gets an error at the op.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @unknown_trips(%x: tensor<16xf32>, %n: index) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{cannot simulate a loop whose trip count is not a constant; give it a 'sched.trip_count_bound' (an upper bound on its iterations)}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<16xf32>) {
      %f = sched.all_reduce_start %a on @dp reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
      %w = sched.wait %f : !sched.future<tensor<16xf32>>
      scf.yield %w : tensor<16xf32>
    }
    return %r : tensor<16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @size_per_iteration(%x: tensor<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-note@+1 {{in this loop}}
    scf.for %i = %c0 to %c4 step %c1 {
      %s = tensor.extract_slice %x[0] [%i] [1] : tensor<?xf32> to tensor<?xf32>
      // expected-error@+1 {{cannot simulate a collective whose size may differ per iteration of its loop; bound its dynamic dimensions with 'sched.dim_bounds'}}
      %f = sched.all_reduce_start %s on @dp reduction = sum : tensor<?xf32> -> !sched.future<tensor<?xf32>>
      %w = sched.wait %f : !sched.future<tensor<?xf32>>
    }
    return
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @step(%x: tensor<16xf32>) -> tensor<16xf32> {
    %y = func.call @ping(%x) : (tensor<16xf32>) -> tensor<16xf32>
    return %y : tensor<16xf32>
  }
  // expected-note@+1 {{callee defined here}}
  func.func private @ping(%a: tensor<16xf32>) -> tensor<16xf32> {
    %f = sched.all_reduce_start %a on @dp reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %w = sched.wait %f : !sched.future<tensor<16xf32>>
    %y = func.call @pong(%w) : (tensor<16xf32>) -> tensor<16xf32>
    return %y : tensor<16xf32>
  }
  func.func private @pong(%a: tensor<16xf32>) -> tensor<16xf32> {
    // expected-error@+1 {{cannot simulate a recursive call: @ping issues collectives and is already being called}}
    %y = func.call @ping(%a) : (tensor<16xf32>) -> tensor<16xf32>
    return %y : tensor<16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  // A loop kind the simulation does not go into: a warning, never a silent
  // zero.
  // expected-remark@+1 {{@while: makespan 0.000 us}}
  func.func @while(%x: tensor<16xf32>, %p: i1) -> tensor<16xf32> {
    // expected-warning@+1 {{not simulated: the regions of this 'scf.while' hold 2 collective ops and 1 costed compute ops, counted as zero time}}
    %r = scf.while (%a = %x) : (tensor<16xf32>) -> tensor<16xf32> {
      scf.condition(%p) %a : tensor<16xf32>
    } do {
    ^bb0(%a: tensor<16xf32>):
      %f = sched.all_reduce_start %a on @dp reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
      %w = sched.wait %f : !sched.future<tensor<16xf32>>
      %c = sched.compute "matmul" ins(%w : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
      scf.yield %c : tensor<16xf32>
    }
    return %r : tensor<16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // A compute op with a body is costed as a whole: no warning about the
  // costed ops in its body.
  // expected-remark@+1 {{@body: makespan}}
  func.func @body(%x: tensor<8xf32>) -> tensor<8xf32> {
    %r = sched.compute "add" ins(%x : tensor<8xf32>) -> (tensor<8xf32>) {
    ^bb0(%a: tensor<8xf32>):
      %s = arith.addf %a, %a : tensor<8xf32>
      sched.yield %s : tensor<8xf32>
    }
    return %r : tensor<8xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  // Too many iterations to simulate: an error, not an exhausted memory.
  func.func @huge(%x: tensor<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %big = arith.constant 1000000000000 : index
    // expected-error@+1 {{cannot simulate a loop of more than 16777216 iterations}}
    scf.for %i = %c0 to %big step %c1 {
      %f = sched.all_reduce_start %x on @dp reduction = sum : tensor<16xf32> -> !sched.future<tensor<16xf32>>
      %w = sched.wait %f : !sched.future<tensor<16xf32>>
    }
    return
  }
}
