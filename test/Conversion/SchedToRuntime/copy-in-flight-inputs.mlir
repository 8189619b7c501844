// RUN: sched-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(sched-copy-in-flight-inputs))' | FileCheck %s

// An op between a start and its wait that writes a collective input in place
// gets a copy (a fresh tensor if it does not read it); reads, and writes
// after the wait, are left alone.

sched.process_group @g size = 2

// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<4x4xf32>, %[[W8:.*]]: tensor<4x8xf32>)
func.func @elementwise(%x: tensor<4x8xf32>, %w: tensor<4x4xf32>, %w8: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  // CHECK: %[[F:.*]] = sched.all_reduce_start %[[X]]
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4x8xf32> -> !sched.future<tensor<4x8xf32>>
  // The elementwise product does not read its destination.
  // CHECK-NEXT: %[[C:.*]] = bufferization.alloc_tensor() : tensor<4x8xf32>
  // CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]], %[[X]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[C]] : tensor<4x8xf32>)
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  // A matmul accumulates into its destination.
  // CHECK: %[[D:.*]] = bufferization.alloc_tensor() copy(%[[X]]) : tensor<4x8xf32>
  // CHECK-NEXT: linalg.matmul ins(%[[W]], %[[W8]] : tensor<4x4xf32>, tensor<4x8xf32>) outs(%[[D]] : tensor<4x8xf32>)
  %mm = linalg.matmul ins(%w, %w8 : tensor<4x4xf32>, tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: %[[R:.*]] = sched.wait %[[F]]
  %r = sched.wait %f : !sched.future<tensor<4x8xf32>>
  // After the wait: no copy.
  // CHECK-NEXT: linalg.generic {{.*}} outs(%[[X]] : tensor<4x8xf32>)
  %z = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%x : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.addf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r, %y, %z, %mm : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

sched.process_group @g size = 2

// An opaque compute with outs (which it may read) gets a copy; an in-place
// fill of a view of the input gets a fresh tensor. A compute that only reads
// the input gets nothing.
// CHECK-LABEL: func.func @outs_and_views
// CHECK-SAME: (%[[A:.*]]: tensor<8x8xf32>, %[[B:.*]]: tensor<4x8xf32>
func.func @outs_and_views(%a: tensor<8x8xf32>, %b: tensor<4x8xf32>) -> (tensor<8x8xf32>, tensor<4x8xf32>, tensor<2x8xf32>, tensor<4x8xf32>) {
  // CHECK: %[[F:.*]] = sched.all_gather_start %[[B]]
  %f = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
  // CHECK-NEXT: %[[R:.*]] = sched.compute "read" ins(%[[B]] : tensor<4x8xf32>)
  %r = sched.compute "read" ins(%b : tensor<4x8xf32>) cost <flops = 1> -> (tensor<4x8xf32>)
  // CHECK-NEXT: %[[C:.*]] = bufferization.alloc_tensor() copy(%[[B]]) : tensor<4x8xf32>
  // CHECK-NEXT: sched.compute "acc" ins(%[[A]] : tensor<8x8xf32>) outs(%[[C]] : tensor<4x8xf32>)
  %c = sched.compute "acc" ins(%a : tensor<8x8xf32>) outs(%b : tensor<4x8xf32>) cost <flops = 64> -> (tensor<4x8xf32>)
  // CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %[[B]][0, 0] [2, 8] [1, 1]
  // CHECK-NEXT: %[[Z:.*]] = arith.constant
  // CHECK-NEXT: %[[SC:.*]] = bufferization.alloc_tensor() : tensor<2x8xf32>
  // CHECK-NEXT: linalg.fill ins(%[[Z]] : f32) outs(%[[SC]] : tensor<2x8xf32>)
  %s = tensor.extract_slice %b[0, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>
  %zero = arith.constant 0.0 : f32
  %fill = linalg.fill ins(%zero : f32) outs(%s : tensor<2x8xf32>) -> tensor<2x8xf32>
  // CHECK-NEXT: sched.wait %[[F]]
  %g = sched.wait %f : !sched.future<tensor<8x8xf32>>
  return %g, %c, %fill, %r : tensor<8x8xf32>, tensor<4x8xf32>, tensor<2x8xf32>, tensor<4x8xf32>
}
