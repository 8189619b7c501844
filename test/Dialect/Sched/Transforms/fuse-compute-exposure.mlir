// RUN: sched-opt %s -split-input-file --sched-fuse-compute="explain=1" -verify-diagnostics | FileCheck %s

// sched-fuse-compute never leaves a collective more exposed: a fusion that
// takes compute out of a collective's flight (between its start and its
// wait) is refused when the compute left in flight falls short of the
// collective's time (with a #sched.target; without one, whenever compute
// leaves). docs/passes/FuseCompute.md, "Collectives in flight".

sched.process_group @g size = 2

// Tests the scenario of the held-out Inductor graphs: "exp" hides the
// gather, and its consumer also consumes the gathered tensor. Fusing the two
// (which the fuser did before) runs "exp" after the wait: refused.
// CHECK-LABEL: func.func @hidden_by_producer
// CHECK: sched.all_gather_start
// CHECK-NEXT: sched.compute "exp"
// CHECK-NEXT: sched.wait
// CHECK-NEXT: sched.compute "mul"
// expected-remark@+1 {{fused 0 pairs into 0 ops}}
func.func @hidden_by_producer(%x: tensor<1024xf32>, %a: tensor<512xf32>) -> tensor<1024xf32> {
  %f = sched.all_gather_start %a on @g gather_dim = 0 : tensor<512xf32> -> !sched.future<tensor<1024xf32>>
  // expected-remark@+1 {{not fused with 'mul': would expose 'sched.all_gather_start' on @g: the compute ops run while it is in flight go from 1 to 0 (no #sched.target to time them)}}
  %t = sched.compute "exp" ins(%x : tensor<1024xf32>) -> (tensor<1024xf32>)
  %w = sched.wait %f : !sched.future<tensor<1024xf32>>
  %m = sched.compute "mul" ins(%t, %w : tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1024xf32>)
  return %m : tensor<1024xf32>
}

// -----

sched.process_group @g size = 2

// Tests that fusions inside the flight, and after it, are kept: "exp" and
// "neg" both run while the gather is in flight, "add" and "mul" after.
// CHECK-LABEL: func.func @inside_and_after
// CHECK: sched.all_gather_start
// CHECK-NEXT: sched.compute "exp+neg"
// CHECK-NEXT: sched.wait
// CHECK-NEXT: sched.compute "add+mul"
// expected-remark@+1 {{fused 2 pairs into 2 ops}}
func.func @inside_and_after(%x: tensor<1024xf32>, %a: tensor<512xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %f = sched.all_gather_start %a on @g gather_dim = 0 : tensor<512xf32> -> !sched.future<tensor<1024xf32>>
  %t = sched.compute "exp" ins(%x : tensor<1024xf32>) -> (tensor<1024xf32>)
  %n = sched.compute "neg" ins(%t : tensor<1024xf32>) -> (tensor<1024xf32>)
  %w = sched.wait %f : !sched.future<tensor<1024xf32>>
  %s = sched.compute "add" ins(%w : tensor<1024xf32>) -> (tensor<1024xf32>)
  %m = sched.compute "mul" ins(%s : tensor<1024xf32>) -> (tensor<1024xf32>)
  return %n, %m : tensor<1024xf32>, tensor<1024xf32>
}

// -----

module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
sched.process_group @g size = 2

// Tests the timed check: the gather takes 50 us. "exp" (40 us) and "big"
// (30 us) hide it; fusing "exp" with "mul" leaves 30 us in flight: refused.
// CHECK-LABEL: func.func @timed_refused
// CHECK: sched.compute "exp"
// CHECK-NEXT: sched.wait
// CHECK-NEXT: sched.compute "mul"
// expected-remark@+1 {{fused 0 pairs into 0 ops}}
func.func @timed_refused(%x: tensor<1024xf32>, %y: tensor<8xf32>, %a: tensor<512xf32>) -> (tensor<1024xf32>, tensor<8xf32>) {
  %f = sched.all_gather_start %a on @g gather_dim = 0 {sched.cost = #sched.cost<time_ns = 50000>} : tensor<512xf32> -> !sched.future<tensor<1024xf32>>
  %b = sched.compute "big" ins(%y : tensor<8xf32>) cost <time_ns = 30000> -> (tensor<8xf32>)
  // expected-remark@+1 {{not fused with 'mul': would expose 'sched.all_gather_start' on @g: the compute run while its 50 us are in flight goes from 70 us to 30 us (exposed 0 us -> 20 us)}}
  %t = sched.compute "exp" ins(%x : tensor<1024xf32>) cost <time_ns = 40000> -> (tensor<1024xf32>)
  %w = sched.wait %f : !sched.future<tensor<1024xf32>>
  %m = sched.compute "mul" ins(%t, %w : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
  return %m, %b : tensor<1024xf32>, tensor<8xf32>
}
}

// -----

module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
sched.process_group @g size = 2

// Tests that the timed check keeps a fusion when the compute left in flight
// still covers the collective: "big" (60 us) alone hides the 50 us gather,
// so "exp" fuses with "mul" after the wait.
// CHECK-LABEL: func.func @timed_still_hidden
// CHECK: sched.compute "big"
// CHECK-NEXT: sched.wait
// CHECK-NEXT: sched.compute "exp+mul"
// expected-remark@+1 {{fused 1 pairs into 1 ops}}
func.func @timed_still_hidden(%x: tensor<1024xf32>, %y: tensor<8xf32>, %a: tensor<512xf32>) -> (tensor<1024xf32>, tensor<8xf32>) {
  %f = sched.all_gather_start %a on @g gather_dim = 0 {sched.cost = #sched.cost<time_ns = 50000>} : tensor<512xf32> -> !sched.future<tensor<1024xf32>>
  %t = sched.compute "exp" ins(%x : tensor<1024xf32>) cost <time_ns = 40000> -> (tensor<1024xf32>)
  %b = sched.compute "big" ins(%y : tensor<8xf32>) cost <time_ns = 60000> -> (tensor<8xf32>)
  %w = sched.wait %f : !sched.future<tensor<1024xf32>>
  %m = sched.compute "mul" ins(%t, %w : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
  return %m, %b : tensor<1024xf32>, tensor<8xf32>
}
}

// -----

sched.process_group @g size = 2

// Tests a chain fused in one round by joins: "mul", "neg" and "sqrt" after
// the wait fuse; "exp", which hides the gather, joins neither the round's
// fusion nor, in the next round, the fused chain.
// CHECK-LABEL: func.func @chain
// CHECK: sched.compute "exp"
// CHECK-NEXT: sched.wait
// CHECK-NEXT: sched.compute "mul+neg+sqrt"
// expected-remark@+1 {{fused 2 pairs into 1 ops}}
func.func @chain(%x: tensor<1024xf32>, %a: tensor<512xf32>) -> tensor<1024xf32> {
  %f = sched.all_gather_start %a on @g gather_dim = 0 : tensor<512xf32> -> !sched.future<tensor<1024xf32>>
  // expected-remark@+1 {{not fused with 'mul+neg+sqrt': would expose 'sched.all_gather_start' on @g: the compute ops run while it is in flight go from 1 to 0}}
  %t = sched.compute "exp" ins(%x : tensor<1024xf32>) -> (tensor<1024xf32>)
  %w = sched.wait %f : !sched.future<tensor<1024xf32>>
  %m = sched.compute "mul" ins(%t, %w : tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1024xf32>)
  %n = sched.compute "neg" ins(%m : tensor<1024xf32>) -> (tensor<1024xf32>)
  %s = sched.compute "sqrt" ins(%n : tensor<1024xf32>) -> (tensor<1024xf32>)
  return %s : tensor<1024xf32>
}

// -----

sched.process_group @g size = 2

// Tests the up placement: "b" moves up to "a" (its input "y" is ready
// there), out of the gather's flight (before its start): refused. "a"
// cannot move down (the start reads it).
// CHECK-LABEL: func.func @up_before_start
// CHECK: sched.compute "a"
// CHECK-NEXT: sched.all_gather_start
// CHECK-NEXT: sched.compute "b"
// CHECK-NEXT: sched.wait
// expected-remark@+1 {{fused 0 pairs into 0 ops}}
func.func @up_before_start(%x: tensor<512xf32>, %y: tensor<512xf32>) -> (tensor<1024xf32>, tensor<512xf32>) {
  // expected-remark@+1 {{not fused with 'b': would expose 'sched.all_gather_start' on @g: the compute ops run while it is in flight go from 1 to 0}}
  %p = sched.compute "a" ins(%x, %y : tensor<512xf32>, tensor<512xf32>) -> (tensor<512xf32>)
  %f = sched.all_gather_start %p on @g gather_dim = 0 : tensor<512xf32> -> !sched.future<tensor<1024xf32>>
  %q = sched.compute "b" ins(%y : tensor<512xf32>) -> (tensor<512xf32>)
  %w = sched.wait %f : !sched.future<tensor<1024xf32>>
  return %w, %q : tensor<1024xf32>, tensor<512xf32>
}
