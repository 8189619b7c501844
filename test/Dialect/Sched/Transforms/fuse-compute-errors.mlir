// RUN: sched-opt %s -split-input-file --sched-fuse-compute -verify-diagnostics
// RUN: not sched-opt %s -split-input-file --sched-fuse-compute="memory-guard=peak" 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: not sched-opt %s -split-input-file --sched-fuse-compute="max-fused-ops=0" 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not sched-opt %s -split-input-file --sched-fuse-compute 2>/dev/null | FileCheck %s

// GUARD: for the --memory-guard option: unknown value 'peak'; expected one of: exact, heuristic, none
// SIZE: error: max-fused-ops must be at least 1

// Tests a value whose size is unknown: the memory guard cannot work.
// expected-error@+1 {{cannot size a value of type 'tensor<?xf32>': dimension 0 is dynamic; give an upper bound with 'sched.dim_bounds'}}
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %a = sched.compute "a" ins(%x : tensor<?xf32>) -> (tensor<?xf32>)
  %b = sched.compute "b" ins(%a : tensor<?xf32>) -> (tensor<?xf32>)
  return %b : tensor<?xf32>
}

// -----

// Tests dynamic shapes with bounds: fused, and the fused op keeps the bounds
// of the results it keeps.
// CHECK-LABEL: func.func @bounded
// CHECK: sched.compute "a+b" {{.*}} attributes {sched.dim_bounds = [array<i64: 64>]} -> (tensor<?xf32>)
// expected-remark@+1 {{fused 1 pairs into 1 ops: traffic 1 KiB -> 512 B, peak 768 B -> 512 B}}
func.func @bounded(%x: tensor<?xf32> {sched.dim_bounds = array<i64: 64>}) -> tensor<?xf32> {
  %a = sched.compute "a" ins(%x : tensor<?xf32>) attributes {sched.dim_bounds = array<i64: 64>} -> (tensor<?xf32>)
  %b = sched.compute "b" ins(%a : tensor<?xf32>) attributes {sched.dim_bounds = array<i64: 64>} -> (tensor<?xf32>)
  return %b : tensor<?xf32>
}

// -----

// Tests a block that starts a collective, with a target that cannot time
// its compute: the exposure check needs the times. Without the collective
// nothing is timed, and the same ops fuse.
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [bf16 = 10.0]>} {
sched.process_group @g size = 2
func.func @uncosted(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<16xf32>) {
  %f = sched.all_gather_start %x on @g gather_dim = 0 : tensor<8xf32> -> !sched.future<tensor<16xf32>>
  // expected-error@+1 {{target 'small' has no compute rate for 'f32' and no f32 rate to fall back to}}
  %a = sched.compute "a" ins(%x : tensor<8xf32>) cost <flops = 8> -> (tensor<8xf32>)
  %b = sched.compute "b" ins(%a : tensor<8xf32>) cost <flops = 8> -> (tensor<8xf32>)
  %w = sched.wait %f : !sched.future<tensor<16xf32>>
  return %b, %w : tensor<8xf32>, tensor<16xf32>
}
}

// -----

module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [bf16 = 10.0]>} {
// CHECK-LABEL: func.func @no_collective
// CHECK: sched.compute "a+b"
// expected-remark@+1 {{fused 1 pairs into 1 ops}}
func.func @no_collective(%x: tensor<8xf32>) -> tensor<8xf32> {
  %a = sched.compute "a" ins(%x : tensor<8xf32>) cost <flops = 8> -> (tensor<8xf32>)
  %b = sched.compute "b" ins(%a : tensor<8xf32>) cost <flops = 8> -> (tensor<8xf32>)
  return %b : tensor<8xf32>
}
}
