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
