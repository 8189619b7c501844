// RUN: sched-opt %s -split-input-file --sched-annotate-compute -verify-diagnostics | FileCheck %s

// Tests the costs derived for calls: the summed costs of the callee's body
// (a derived linalg cost and a declared one; a nested call first gets its
// own), and the warnings about compute without a cost: once per kind of
// sched.compute and once per callee, not once per op.

func.func private @matmul(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %m = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x4xf32>) outs(%c : tensor<8x4xf32>) -> tensor<8x4xf32>
  %s = sched.compute "scale" ins(%m : tensor<8x4xf32>) cost <flops = 32, time_ns = 5> -> (tensor<8x4xf32>)
  return %s : tensor<8x4xf32>
}

func.func private @twice(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %m = func.call @matmul(%a, %b, %c) : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  %n = func.call @matmul(%a, %b, %m) : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  return %n : tensor<8x4xf32>
}

func.func private @external(tensor<8x4xf32>) -> tensor<8x4xf32>

// CHECK-LABEL: func.func @step
// CHECK: call @twice({{.*}}) {sched.cost = #sched.cost<flops = 2112, bytes_read = 1536, bytes_written = 256>, sched.effects = "args"}
// CHECK: call @matmul({{.*}}) {sched.cost = #sched.cost<flops = 1056, bytes_read = 768, bytes_written = 128>, sched.effects = "args"}
// CHECK: call @matmul({{.*}}) {sched.cost = #sched.cost<flops = 7>, sched.effects = "args"}
// CHECK: call @external({{.*}}) : (tensor<8x4xf32>) -> tensor<8x4xf32>
func.func @step(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>) {
  %t = func.call @twice(%a, %b, %c) : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  %m = func.call @matmul(%a, %b, %c) : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  // A declared cost is kept.
  %d = func.call @matmul(%a, %b, %c) {sched.cost = #sched.cost<flops = 7>} : (tensor<8x16xf32>, tensor<16x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  // expected-warning@+1 {{call of @external has no 'sched.cost' and none can be derived from the callee: it counts as 0 us}}
  %e1 = func.call @external(%m) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %e2 = func.call @external(%e1) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  // expected-warning@+1 {{compute 'opaque' has no cost and none can be derived from a body: it counts as 0 us}}
  %o1 = sched.compute "opaque" ins(%m : tensor<8x4xf32>) -> (tensor<8x4xf32>)
  %o2 = sched.compute "opaque" ins(%o1 : tensor<8x4xf32>) -> (tensor<8x4xf32>)
  // A body of costed work gives the compute a cost: no warning.
  %w = sched.compute "with_body" ins(%o2 : tensor<8x4xf32>) -> (tensor<8x4xf32>) {
  ^bb0(%p: tensor<8x4xf32>):
    %s = arith.mulf %p, %p : tensor<8x4xf32>
    sched.yield %s : tensor<8x4xf32>
  }
  return %t, %d, %e2, %o2, %w, %m : tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8x4xf32>
}
