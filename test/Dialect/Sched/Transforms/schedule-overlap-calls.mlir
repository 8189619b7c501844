// RUN: sched-opt %s -split-input-file --sched-attach-target --sched-pipeline="memory-slack=4" 2>/dev/null | FileCheck %s

// The scheduler moves calls between a start and its wait only where the
// lowering's in-flight check (sched-verify-schedule) accepts them: a call
// whose callee only touches its arguments (derived by sched-annotate-compute
// from the body, or declared with `sched.effects`) may run while the
// all_reduce is in flight; a call whose callee writes memory it does not
// name (a global) or that has no visible body and no declaration has unknown
// effects and stays outside the window.

sched.process_group @g size = 2

memref.global "private" @counter : memref<1xf32> = dense<0.0>

func.func private @scale(%a: tensor<64xf32>) -> tensor<64xf32> {
  %s = arith.mulf %a, %a : tensor<64xf32>
  return %s : tensor<64xf32>
}

func.func private @bump(%a: tensor<64xf32>) -> tensor<64xf32> {
  %m = memref.get_global @counter : memref<1xf32>
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %m[%c0] : memref<1xf32>
  %s = arith.addf %a, %a : tensor<64xf32>
  return %s : tensor<64xf32>
}

func.func private @external(tensor<64xf32>) -> tensor<64xf32>
func.func private @declared(tensor<64xf32>) -> tensor<64xf32> attributes {sched.effects = "args"}

// CHECK-LABEL: func.func @step
// CHECK: sched.all_reduce_start
// CHECK-NEXT: call @scale({{.*}}) {sched.cost = #sched.cost<flops = 100000000>, sched.effects = "args"}
// CHECK-NEXT: call @declared({{.*}}) {sched.cost = #sched.cost<flops = 100000000>, sched.effects = "args"}
// CHECK-NEXT: sched.wait
// CHECK-NEXT: call @bump({{.*}}) {sched.cost = #sched.cost<flops = 100000000>}
// CHECK-NEXT: call @external({{.*}}) {sched.cost = #sched.cost<flops = 100000000>}
// CHECK-NEXT: return
func.func @step(%x: tensor<1024xf32>, %y: tensor<64xf32>) -> (tensor<1024xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
  %r = sched.wait %f : !sched.future<tensor<1024xf32>>
  %a = func.call @scale(%y) {sched.cost = #sched.cost<flops = 100000000>} : (tensor<64xf32>) -> tensor<64xf32>
  %b = func.call @bump(%y) {sched.cost = #sched.cost<flops = 100000000>} : (tensor<64xf32>) -> tensor<64xf32>
  %c = func.call @external(%y) {sched.cost = #sched.cost<flops = 100000000>} : (tensor<64xf32>) -> tensor<64xf32>
  %d = func.call @declared(%y) {sched.cost = #sched.cost<flops = 100000000>} : (tensor<64xf32>) -> tensor<64xf32>
  return %r, %a, %b, %c, %d : tensor<1024xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}
