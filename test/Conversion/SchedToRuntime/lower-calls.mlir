// RUN: sched-opt %s -split-input-file --sched-attach-target --sched-pipeline="memory-slack=4" 2>/dev/null | FileCheck %s --check-prefix=SCHED
// RUN: sched-opt %s -split-input-file --sched-attach-target --sched-pipeline="memory-slack=4" 2>/dev/null | sched-opt -split-input-file --sched-lower-to-llvm -verify-diagnostics | FileCheck %s --check-prefix=LLVM

// The scheduler moves a costed call of a function that only computes on its
// argument between the start and the wait of an all_reduce, and the
// lowering accepts it: the call's effects ("args", derived by
// sched-annotate-compute) keep off the collective's buffers. Before, the
// lowering refused the same schedule: "op with unknown memory effects may
// access a buffer while 'sched.all_reduce_start' is in flight on it".

// SCHED-LABEL: func.func @step
// SCHED: sched.all_reduce_start
// SCHED-NEXT: call @scale
// SCHED-NEXT: sched.wait

// LLVM-LABEL: llvm.func @step
// LLVM: llvm.call @schedrt_collective_launch
// LLVM: llvm.call @scale
// LLVM: llvm.call @schedrt_collective_wait

sched.process_group @g size = 2

func.func private @scale(%a: tensor<64xf32>) -> tensor<64xf32> {
  %s = arith.mulf %a, %a : tensor<64xf32>
  return %s : tensor<64xf32>
}

func.func @step(%x: tensor<1024xf32>, %y: tensor<64xf32>) -> (tensor<1024xf32>, tensor<64xf32>) {
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
  %r = sched.wait %f : !sched.future<tensor<1024xf32>>
  %c = func.call @scale(%y) {sched.cost = #sched.cost<flops = 100000000>} : (tensor<64xf32>) -> tensor<64xf32>
  return %r, %c : tensor<1024xf32>, tensor<64xf32>
}

// -----

// A call of a function that writes memory it does not name (a global) has
// unknown effects: the scheduler keeps it out of the window, and the
// lowering accepts the result.

// SCHED-LABEL: func.func @step
// SCHED: sched.all_reduce_start
// SCHED-NEXT: sched.wait
// SCHED-NEXT: call @bump

// LLVM-LABEL: llvm.func @step
// LLVM: llvm.call @schedrt_collective_wait
// LLVM: llvm.call @bump

sched.process_group @g size = 2

memref.global "private" @counter : memref<1xf32> = dense<0.0>

func.func private @bump(%a: tensor<64xf32>) -> tensor<64xf32> {
  %m = memref.get_global @counter : memref<1xf32>
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %m[%c0] : memref<1xf32>
  %s = arith.addf %a, %a : tensor<64xf32>
  return %s : tensor<64xf32>
}

func.func @step(%x: tensor<1024xf32>, %y: tensor<64xf32>) -> (tensor<1024xf32>, tensor<64xf32>) {
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
  %r = sched.wait %f : !sched.future<tensor<1024xf32>>
  %c = func.call @bump(%y) {sched.cost = #sched.cost<flops = 100000000>} : (tensor<64xf32>) -> tensor<64xf32>
  return %r, %c : tensor<1024xf32>, tensor<64xf32>
}
