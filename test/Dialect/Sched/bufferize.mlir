// RUN: sched-opt %s -split-input-file -verify-diagnostics \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   | FileCheck %s

// The BufferizableOpInterface models of the sched ops: tensor-form
// collectives become the buffer form with fresh `into` buffers, which
// sched.wait returns; opaque sched.compute ops write their `outs` in place or
// fresh buffers. Inputs whose layout is not contiguous are copied first.

sched.process_group @g size = 4

// CHECK-LABEL: func.func @all_gather
// CHECK-SAME: (%[[X:.*]]: memref<2x8xf32>) -> memref<2x32xf32>
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {{.*}} : memref<2x32xf32>
// CHECK-NEXT: %[[F:.*]] = sched.all_gather_start %[[X]] into %[[D]] on @g gather_dim = 1 {tag = 7 : i64} : memref<2x8xf32> into memref<2x32xf32> -> !sched.future<memref<2x32xf32>>
// CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]] {tag = 8 : i64} : !sched.future<memref<2x32xf32>>
// CHECK-NEXT: return %[[R]] : memref<2x32xf32>
func.func @all_gather(%x: tensor<2x8xf32>) -> tensor<2x32xf32> {
  %f = sched.all_gather_start %x on @g gather_dim = 1 {tag = 7} : tensor<2x8xf32> -> !sched.future<tensor<2x32xf32>>
  %r = sched.wait %f {tag = 8} : !sched.future<tensor<2x32xf32>>
  return %r : tensor<2x32xf32>
}

// CHECK-LABEL: func.func @reduce_scatter
// CHECK-SAME: (%[[X:.*]]: memref<16x4xbf16>) -> memref<4x4xbf16>
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {{.*}} : memref<4x4xbf16>
// CHECK-NEXT: %[[F:.*]] = sched.reduce_scatter_start %[[X]] into %[[D]] on @g reduction = avg scatter_dim = 0 : memref<16x4xbf16> into memref<4x4xbf16> -> !sched.future<memref<4x4xbf16>>
// CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]] : !sched.future<memref<4x4xbf16>>
// CHECK-NEXT: return %[[R]]
func.func @reduce_scatter(%x: tensor<16x4xbf16>) -> tensor<4x4xbf16> {
  %f = sched.reduce_scatter_start %x on @g reduction = avg scatter_dim = 0 : tensor<16x4xbf16> -> !sched.future<tensor<4x4xbf16>>
  %r = sched.wait %f : !sched.future<tensor<4x4xbf16>>
  return %r : tensor<4x4xbf16>
}

// A bucket: one destination per input, in order.
// CHECK-LABEL: func.func @all_reduce_bucket
// CHECK-SAME: (%[[A:.*]]: memref<8xf32>, %[[B:.*]]: memref<2x3xi32>) -> (memref<8xf32>, memref<2x3xi32>)
// CHECK-NEXT: %[[DA:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// CHECK-NEXT: %[[DB:.*]] = memref.alloc() {{.*}} : memref<2x3xi32>
// CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start %[[A]], %[[B]] into %[[DA]], %[[DB]] on @g reduction = max : memref<8xf32>, memref<2x3xi32> into memref<8xf32>, memref<2x3xi32> -> !sched.future<memref<8xf32>, memref<2x3xi32>>
// CHECK-NEXT: %[[R:.*]]:2 = sched.wait %[[F]] : !sched.future<memref<8xf32>, memref<2x3xi32>>
// CHECK-NEXT: return %[[R]]#0, %[[R]]#1
func.func @all_reduce_bucket(%a: tensor<8xf32>, %b: tensor<2x3xi32>) -> (tensor<8xf32>, tensor<2x3xi32>) {
  %f = sched.all_reduce_start %a, %b on @g reduction = max : tensor<8xf32>, tensor<2x3xi32> -> !sched.future<tensor<8xf32>, tensor<2x3xi32>>
  %r:2 = sched.wait %f : !sched.future<tensor<8xf32>, tensor<2x3xi32>>
  return %r#0, %r#1 : tensor<8xf32>, tensor<2x3xi32>
}

// CHECK-LABEL: func.func @all_to_all
// CHECK-SAME: (%[[X:.*]]: memref<8x2xi8>) -> memref<2x8xi8>
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {{.*}} : memref<2x8xi8>
// CHECK-NEXT: %[[F:.*]] = sched.all_to_all_start %[[X]] into %[[D]] on @g split_dim = 0 concat_dim = 1 : memref<8x2xi8> into memref<2x8xi8> -> !sched.future<memref<2x8xi8>>
// CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]]
// CHECK-NEXT: return %[[R]]
func.func @all_to_all(%x: tensor<8x2xi8>) -> tensor<2x8xi8> {
  %f = sched.all_to_all_start %x on @g split_dim = 0 concat_dim = 1 : tensor<8x2xi8> -> !sched.future<tensor<2x8xi8>>
  %r = sched.wait %f : !sched.future<tensor<2x8xi8>>
  return %r : tensor<2x8xi8>
}

// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: (%[[X:.*]]: memref<5xf64>) -> memref<5xf64>
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {{.*}} : memref<5xf64>
// CHECK-NEXT: %[[F:.*]] = sched.broadcast_start %[[X]] into %[[D]] on @g root = 3 : memref<5xf64> into memref<5xf64> -> !sched.future<memref<5xf64>>
// CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]]
// CHECK-NEXT: return %[[R]]
func.func @broadcast(%x: tensor<5xf64>) -> tensor<5xf64> {
  %f = sched.broadcast_start %x on @g root = 3 : tensor<5xf64> -> !sched.future<tensor<5xf64>>
  %r = sched.wait %f : !sched.future<tensor<5xf64>>
  return %r : tensor<5xf64>
}

// CHECK-LABEL: func.func @collective_permute
// CHECK-SAME: (%[[X:.*]]: memref<2x3xbf16>) -> memref<2x3xbf16>
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {{.*}} : memref<2x3xbf16>
// CHECK-NEXT: %[[F:.*]] = sched.collective_permute_start %[[X]] into %[[D]] on @g source_target_pairs = {{\[\[}}0, 1], [1, 2], [2, 3], [3, 0]] : memref<2x3xbf16> into memref<2x3xbf16> -> !sched.future<memref<2x3xbf16>>
// CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]]
// CHECK-NEXT: return %[[R]]
func.func @collective_permute(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %f = sched.collective_permute_start %x on @g source_target_pairs = [[0, 1], [1, 2], [2, 3], [3, 0]] : tensor<2x3xbf16> -> !sched.future<tensor<2x3xbf16>>
  %r = sched.wait %f : !sched.future<tensor<2x3xbf16>>
  return %r : tensor<2x3xbf16>
}

// The result of the wait feeds the next collective directly.
// CHECK-LABEL: func.func @chain
// CHECK: %[[F0:.*]] = sched.all_reduce_start %{{.*}} into %[[D0:.*]] on @g
// CHECK-NEXT: %[[R0:.*]] = sched.wait %[[F0]]
// CHECK-NEXT: %[[D1:.*]] = memref.alloc() {{.*}} : memref<16xf32>
// CHECK-NEXT: sched.all_gather_start %[[R0]] into %[[D1]] on @g
func.func @chain(%x: tensor<4xf32>) -> tensor<16xf32> {
  %f0 = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %r0 = sched.wait %f0 : !sched.future<tensor<4xf32>>
  %f1 = sched.all_gather_start %r0 on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  %r1 = sched.wait %f1 : !sched.future<tensor<16xf32>>
  return %r1 : tensor<16xf32>
}

// -----

sched.process_group @g size = 4

// A strided slice is copied into a contiguous buffer before the collective
// and before the compute; a slice of whole rows is contiguous and used in
// place.
// CHECK-LABEL: func.func @slices
// CHECK-SAME: (%[[X:.*]]: memref<8x8xf32>)
// CHECK-NEXT: %[[S:.*]] = memref.subview %[[X]][0, 0] [4, 4] [1, 2] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 2]>>
// CHECK-NEXT: %[[C:.*]] = memref.alloc() {{.*}} : memref<4x4xf32>
// CHECK-NEXT: memref.copy %[[S]], %[[C]] : memref<4x4xf32, strided<[8, 2]>> to memref<4x4xf32>
// CHECK-NEXT: %[[D:.*]] = memref.alloc() {{.*}} : memref<4x4xf32>
// CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start %[[C]] into %[[D]] on @g reduction = sum : memref<4x4xf32> into memref<4x4xf32>
// CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]]
// CHECK-NEXT: %[[ROWS:.*]] = memref.subview %[[X]][4, 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 32>>
// CHECK-NEXT: %[[C2:.*]] = memref.alloc() {{.*}} : memref<4x4xf32>
// CHECK-NEXT: memref.copy %[[S]], %[[C2]]
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK-NEXT: sched.compute "mix" ins(%[[R]], %[[ROWS]], %[[C2]] : memref<4x4xf32>, memref<2x8xf32, strided<[8, 1], offset: 32>>, memref<4x4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NEXT: return %[[OUT]]
func.func @slices(%x: tensor<8x8xf32>) -> tensor<4xf32> {
  %s = tensor.extract_slice %x[0, 0] [4, 4] [1, 2] : tensor<8x8xf32> to tensor<4x4xf32>
  %f = sched.all_reduce_start %s on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4x4xf32>>
  %rows = tensor.extract_slice %x[4, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
  %y = sched.compute "mix" ins(%r, %rows, %s : tensor<4x4xf32>, tensor<2x8xf32>, tensor<4x4xf32>) -> (tensor<4xf32>)
  return %y : tensor<4xf32>
}

// A dynamically shaped input with the identity layout is contiguous; a
// dynamically shaped strided slice is copied into a buffer of its size.
// CHECK-LABEL: func.func @dynamic_inputs
// CHECK-SAME: (%[[X:.*]]: memref<?x8xf32>, %[[N:.*]]: index, %[[O:.*]]: memref<8xf32>)
// CHECK-NEXT: %[[S:.*]] = memref.subview %[[X]][0, 0] [%[[N]], 4] [1, 2] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 2]>>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[DIM:.*]] = memref.dim %[[S]], %[[C0]]
// CHECK-NEXT: %[[C:.*]] = memref.alloc(%[[DIM]]) {{.*}} : memref<?x4xf32>
// CHECK-NEXT: memref.copy %[[S]], %[[C]]
// CHECK-NEXT: sched.compute "k" ins(%[[X]], %[[C]] : memref<?x8xf32>, memref<?x4xf32>) outs(%[[O]] : memref<8xf32>)
// CHECK-NEXT: return %[[O]]
func.func @dynamic_inputs(%x: tensor<?x8xf32>, %n: index, %o: tensor<8xf32>) -> tensor<8xf32> {
  %s = tensor.extract_slice %x[0, 0] [%n, 4] [1, 2] : tensor<?x8xf32> to tensor<?x4xf32>
  %y = sched.compute "k" ins(%x, %s : tensor<?x8xf32>, tensor<?x4xf32>) outs(%o : tensor<8xf32>) -> (tensor<8xf32>)
  return %y : tensor<8xf32>
}

// -----

// An opaque compute writes its `outs` in place, keeps its cost, its
// attributes and its scalar operands; without `outs` each result gets a fresh
// buffer.
// CHECK-LABEL: func.func @compute
// CHECK-SAME: (%[[X:.*]]: memref<4x8xf32>, %[[W:.*]]: memref<8x2xf32>, %[[ACC:.*]]: memref<4x2xf32>, %[[ALPHA:.*]]: f32) -> (memref<4x2xf32>, memref<4x8xf32>, memref<3xi64>)
// CHECK-NEXT: sched.compute "matmul" ins(%[[X]], %[[W]], %[[ALPHA]] : memref<4x8xf32>, memref<8x2xf32>, f32) outs(%[[ACC]] : memref<4x2xf32>) cost <flops = 128> attributes {note = "dps"}{{$}}
// CHECK-NEXT: %[[A0:.*]] = memref.alloc() {{.*}} : memref<4x8xf32>
// CHECK-NEXT: %[[A1:.*]] = memref.alloc() {{.*}} : memref<3xi64>
// CHECK-NEXT: sched.compute "split" ins(%[[ACC]] : memref<4x2xf32>) outs(%[[A0]], %[[A1]] : memref<4x8xf32>, memref<3xi64>){{$}}
// CHECK-NEXT: return %[[ACC]], %[[A0]], %[[A1]]
func.func @compute(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %acc: tensor<4x2xf32>, %alpha: f32) -> (tensor<4x2xf32>, tensor<4x8xf32>, tensor<3xi64>) {
  %y = sched.compute "matmul" ins(%x, %w, %alpha : tensor<4x8xf32>, tensor<8x2xf32>, f32) outs(%acc : tensor<4x2xf32>) cost <flops = 128> attributes {note = "dps"} -> (tensor<4x2xf32>)
  %a, %b = sched.compute "split" ins(%y : tensor<4x2xf32>) -> (tensor<4x8xf32>, tensor<3xi64>)
  return %y, %a, %b : tensor<4x2xf32>, tensor<4x8xf32>, tensor<3xi64>
}

// A destination that is read later cannot be written in place: it is copied
// first.
// CHECK-LABEL: func.func @compute_out_of_place
// CHECK-SAME: (%[[ACC:.*]]: memref<4xf32>)
// CHECK-NEXT: %[[COPY:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK-NEXT: memref.copy %[[ACC]], %[[COPY]]
// CHECK-NEXT: sched.compute "inc" outs(%[[COPY]] : memref<4xf32>)
// CHECK-NEXT: return %[[ACC]], %[[COPY]]
func.func @compute_out_of_place(%acc: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %y = sched.compute "inc" outs(%acc : tensor<4xf32>) -> (tensor<4xf32>)
  return %acc, %y : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @compute_with_body(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{cannot bufferize a 'sched.compute' with a body; run sched-inline-compute first}}
  // expected-error@+1 {{failed to bufferize op}}
  %y = sched.compute "double" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    %s = arith.addf %a, %a : tensor<4xf32>
    sched.yield %s : tensor<4xf32>
  }
  return %y : tensor<4xf32>
}

// -----

func.func @strided_destination(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %s = tensor.extract_slice %x[0, 0] [4, 4] [1, 2] : tensor<8x8xf32> to tensor<4x4xf32>
  // expected-error@+2 {{cannot bufferize an opaque 'sched.compute' whose destination is not contiguous}}
  // expected-error@+1 {{failed to bufferize op}}
  %y = sched.compute "fill" outs(%s : tensor<4x4xf32>) -> (tensor<4x4xf32>)
  %r = tensor.insert_slice %y into %x[0, 0] [4, 4] [1, 2] : tensor<4x4xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

func.func @dynamic_result(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+2 {{cannot allocate the result of the 'sched.compute': its shape must be static}}
  // expected-error@+1 {{failed to bufferize op}}
  %y = sched.compute "copy" ins(%x : tensor<?xf32>) -> (tensor<?xf32>)
  return %y : tensor<?xf32>
}

// -----

sched.process_group @g size = 2

func.func @dynamic_destination(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error@+2 {{cannot allocate the destination of the collective: its shape must be static}}
  // expected-error@+1 {{failed to bufferize op}}
  %f = sched.all_gather_start %x on @g gather_dim = 0 : tensor<?x8xf32> -> !sched.future<tensor<?x8xf32>>
  %r = sched.wait %f : !sched.future<tensor<?x8xf32>>
  return %r : tensor<?x8xf32>
}
