// RUN: sched-opt %s --pass-pipeline='builtin.module(func.func(sched-bufferize-carried-futures))' | FileCheck %s
// RUN: sched-opt %s --pass-pipeline='builtin.module(func.func(sched-materialize-loop-yields,sched-bufferize-carried-futures),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(sched-verify-schedule),convert-sched-to-runtime)' | FileCheck %s --check-prefix=LOW
// RUN: sched-opt %s --pass-pipeline='builtin.module(func.func(sched-materialize-loop-yields,sched-bufferize-carried-futures),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(sched-insert-deallocs))' 2>&1 | FileCheck %s --check-prefix=FREE

// A pipelined loop: the gather of the next iteration starts in this one and
// its future is loop-carried (docs/Rationale.md, "Futures across blocks").
// sched-bufferize-carried-futures gives both starts the buffer form before
// one-shot-bufferize (which leaves the future-typed iteration argument
// alone); convert-sched-to-runtime carries the runtime handle and the
// destination buffer in place of the future. test/Runtime/loop-futures.mlir
// runs such a loop.

// CHECK-LABEL: func.func @step
// CHECK:         %[[IN:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<4x8xf32> to memref<4x8xf32>
// CHECK:         %[[DEST:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK:         %[[F0:.*]] = sched.all_gather_start %[[IN]] into %[[DEST]] {{.*}} -> !sched.future<memref<8x8xf32>>
// CHECK:         %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[F:.*]] = %[[F0]], {{.*}}) -> (!sched.future<memref<8x8xf32>>, tensor<8x8xf32>)
// CHECK:           %[[G:.*]] = sched.wait %[[F]] : !sched.future<memref<8x8xf32>>
// CHECK:           %[[GT:.*]] = bufferization.to_tensor %[[G]] restrict writable
// CHECK:           %[[FN:.*]] = sched.all_gather_start {{.*}} into {{.*}} -> !sched.future<memref<8x8xf32>>
// CHECK:           sched.compute "acc" ins(%{{.*}}, %[[GT]] :
// CHECK:           scf.yield %[[FN]], %{{.*}} : !sched.future<memref<8x8xf32>>, tensor<8x8xf32>
// CHECK:         %[[LAST:.*]] = sched.wait %[[R]]#0 : !sched.future<memref<8x8xf32>>
// CHECK:         bufferization.to_tensor %[[LAST]] restrict writable

// LOW-LABEL: func.func @step
// LOW:         %[[DEST:.*]] = memref.alloc() : memref<8x8xf32>
// LOW:         %[[H:.*]] = call @schedrt_collective_begin(
// LOW:         call @schedrt_collective_launch(%[[H]])
// LOW:         %[[R:.*]]:3 = scf.for {{.*}} iter_args(%[[HA:.*]] = %[[H]], %[[BUF:.*]] = %[[DEST]], %{{.*}} = %{{.*}}) -> (i64, memref<8x8xf32>, memref<8x8xf32>)
// LOW-NEXT:      func.call @schedrt_collective_wait(%[[HA]])
// LOW:           %[[DN:.*]] = memref.alloc() : memref<8x8xf32>
// LOW:           %[[HN:.*]] = func.call @schedrt_collective_begin(
// LOW:           func.call @schedrt_collective_launch(%[[HN]])
// LOW:           scf.yield %[[HN]], %[[DN]], %{{.*}} : i64, memref<8x8xf32>, memref<8x8xf32>
// LOW:         call @schedrt_collective_wait(%[[R]]#0)
// LOW:         memref.extract_aligned_pointer_as_index %[[R]]#1

// sched-insert-deallocs frees each gather's destination after the last use
// of what its wait returns, in the next iteration or after the loop, and
// reports nothing.
// FREE-NOT:    remark
// FREE-LABEL:  func.func @step
// FREE:          scf.for
// FREE:            %[[G:.*]] = sched.wait
// FREE:            %[[D:.*]] = memref.alloc() : memref<8x8xf32>
// FREE-NEXT:       sched.all_gather_start %{{.*}} into %[[D]]
// FREE:            sched.compute "acc" ins(%{{.*}}, %[[G]] :
// FREE-NEXT:       memref.dealloc %[[G]]
// FREE:          %[[L:.*]] = sched.wait
// FREE:          sched.compute "acc" ins(%{{.*}}, %[[L]] :
// FREE-NEXT:     memref.dealloc %[[L]]

// An scf.execute_region that returns a future is inlined before the lowering.
// LOW-LABEL: func.func @region
// LOW:         %[[H:.*]] = call @schedrt_collective_begin(
// LOW:         call @schedrt_collective_launch(%[[H]])
// LOW-NEXT:    call @schedrt_collective_wait(%[[H]])
// LOW-NOT:     unrealized_conversion_cast
// LOW-NOT:     sched.

sched.process_group @g size = 2

func.func @step(%w: tensor<4x8xf32>, %n: index) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.empty() : tensor<8x8xf32>
  %f0 = sched.all_gather_start %w on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0, %acc = %init)
      -> (!sched.future<tensor<8x8xf32>>, tensor<8x8xf32>) {
    %g = sched.wait %f : !sched.future<tensor<8x8xf32>>
    %fn = sched.all_gather_start %w on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
    %s = sched.compute "acc" ins(%acc, %g : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>)
    scf.yield %fn, %s : !sched.future<tensor<8x8xf32>>, tensor<8x8xf32>
  }
  %last = sched.wait %r#0 : !sched.future<tensor<8x8xf32>>
  %out = sched.compute "acc" ins(%r#1, %last : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>)
  return %out : tensor<8x8xf32>
}

func.func @region(%w: tensor<8xf32>) -> tensor<8xf32> {
  %f = scf.execute_region -> !sched.future<tensor<8xf32>> {
    %a = sched.all_reduce_start %w on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    scf.yield %a : !sched.future<tensor<8xf32>>
  }
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return %r : tensor<8xf32>
}
