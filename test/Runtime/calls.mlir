// A costed call of a function that only computes on its argument: the
// scheduler moves it between the start and the wait of an all_reduce
// (sched-annotate-compute derives `sched.effects = "args"` from the callee's
// body), and sched-compile builds and runs the result, with the results of
// the unscheduled build. Before, the scheduled build failed in the lowering:
// "op with unknown memory effects may access a buffer while
// 'sched.all_reduce_start' is in flight on it". The group has 2 ranks; the
// reference runtime runs every rank as a thread.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sched-compile %s -o %t/ref --runtime=local
// RUN: sched-compile %s -o %t/sched --runtime=local --schedule=memory-slack=4 --save-temps=%t/sched.temps 2> %t/remarks
// RUN: FileCheck %s --input-file=%t/sched.temps/calls.llvm.mlir
// RUN: %t/ref --ranks 2 --iters 2 > %t/ref.2
// RUN: %t/sched --ranks 2 --iters 2 > %t/sched.2
// RUN: %compare_checksums %t/ref.2 %t/sched.2 --rtol 1e-5

// CHECK-LABEL: llvm.func @step
// CHECK: llvm.call @schedrt_collective_launch
// CHECK-NOT: llvm.call @schedrt_collective_wait
// CHECK: llvm.call @scale
// CHECK: llvm.call @schedrt_collective_wait

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
