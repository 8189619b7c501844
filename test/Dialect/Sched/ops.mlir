// RUN: sched-opt %s | sched-opt | FileCheck %s
// RUN: sched-opt %s --mlir-print-op-generic | sched-opt | FileCheck %s
// RUN: sched-opt %s --verify-roundtrip

// Round trip of every op, in the tensor and in the buffer form.

// CHECK: sched.process_group @dp size = 4 ranks = [0, 8, 16, 24] ranks_per_node = 8
sched.process_group @dp size = 4 ranks = [0, 8, 16, 24] ranks_per_node = 8
// CHECK: sched.process_group @tp size = 8{{$}}
sched.process_group @tp size = 8

// CHECK-LABEL: func.func @all_gather
func.func @all_gather(%x: tensor<512x4096xbf16>, %y: tensor<3xf32>) -> (tensor<2048x4096xbf16>, tensor<12xf32>) {
  // CHECK: %[[F:.*]] = sched.all_gather_start %{{.*}}, %{{.*}} on @dp gather_dim = 0 : tensor<512x4096xbf16>, tensor<3xf32> -> !sched.future<tensor<2048x4096xbf16>, tensor<12xf32>>
  %f = sched.all_gather_start %x, %y on @dp gather_dim = 0 : tensor<512x4096xbf16>, tensor<3xf32> -> !sched.future<tensor<2048x4096xbf16>, tensor<12xf32>>
  // CHECK: %{{.*}}:2 = sched.wait %[[F]] : !sched.future<tensor<2048x4096xbf16>, tensor<12xf32>>
  %r:2 = sched.wait %f : !sched.future<tensor<2048x4096xbf16>, tensor<12xf32>>
  return %r#0, %r#1 : tensor<2048x4096xbf16>, tensor<12xf32>
}

// CHECK-LABEL: func.func @all_gather_inner_dim
func.func @all_gather_inner_dim(%x: tensor<4x2xi8>) -> tensor<4x16xi8> {
  // CHECK: sched.all_gather_start %{{.*}} on @tp gather_dim = 1 : tensor<4x2xi8> -> !sched.future<tensor<4x16xi8>>
  %f = sched.all_gather_start %x on @tp gather_dim = 1 : tensor<4x2xi8> -> !sched.future<tensor<4x16xi8>>
  %r = sched.wait %f : !sched.future<tensor<4x16xi8>>
  return %r : tensor<4x16xi8>
}

// CHECK-LABEL: func.func @all_gather_dynamic
func.func @all_gather_dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // CHECK: sched.all_gather_start %{{.*}} on @dp gather_dim = 0 : tensor<?x8xf32> -> !sched.future<tensor<?x8xf32>>
  %f = sched.all_gather_start %x on @dp gather_dim = 0 : tensor<?x8xf32> -> !sched.future<tensor<?x8xf32>>
  %r = sched.wait %f : !sched.future<tensor<?x8xf32>>
  return %r : tensor<?x8xf32>
}

// CHECK-LABEL: func.func @reduce_scatter
func.func @reduce_scatter(%g: tensor<4096x4096xf32>) -> tensor<1024x4096xf32> {
  // CHECK: sched.reduce_scatter_start %{{.*}} on @dp reduction = avg scatter_dim = 0 : tensor<4096x4096xf32> -> !sched.future<tensor<1024x4096xf32>>
  %f = sched.reduce_scatter_start %g on @dp reduction = avg scatter_dim = 0 : tensor<4096x4096xf32> -> !sched.future<tensor<1024x4096xf32>>
  %r = sched.wait %f : !sched.future<tensor<1024x4096xf32>>
  return %r : tensor<1024x4096xf32>
}

// CHECK-LABEL: func.func @all_reduce
func.func @all_reduce(%a: tensor<8x1024xbf16>, %b: tensor<1024xi32>, %c: tensor<2xf8E4M3FN>) {
  // CHECK: sched.all_reduce_start %{{.*}}, %{{.*}} on @tp reduction = sum : tensor<8x1024xbf16>, tensor<1024xi32> -> !sched.future<tensor<8x1024xbf16>, tensor<1024xi32>>
  %f = sched.all_reduce_start %a, %b on @tp reduction = sum : tensor<8x1024xbf16>, tensor<1024xi32> -> !sched.future<tensor<8x1024xbf16>, tensor<1024xi32>>
  // CHECK: reduction = prod
  %f1 = sched.all_reduce_start %c on @tp reduction = prod : tensor<2xf8E4M3FN> -> !sched.future<tensor<2xf8E4M3FN>>
  // CHECK: reduction = min
  %f2 = sched.all_reduce_start %b on @tp reduction = min : tensor<1024xi32> -> !sched.future<tensor<1024xi32>>
  // CHECK: reduction = max
  %f3 = sched.all_reduce_start %a on @tp reduction = max : tensor<8x1024xbf16> -> !sched.future<tensor<8x1024xbf16>>
  %r:2 = sched.wait %f : !sched.future<tensor<8x1024xbf16>, tensor<1024xi32>>
  %r1 = sched.wait %f1 : !sched.future<tensor<2xf8E4M3FN>>
  %r2 = sched.wait %f2 : !sched.future<tensor<1024xi32>>
  %r3 = sched.wait %f3 : !sched.future<tensor<8x1024xbf16>>
  return
}

// CHECK-LABEL: func.func @all_to_all
func.func @all_to_all(%t: tensor<64x128xbf16>, %s: tensor<16x4xcomplex<f32>>) {
  // CHECK: sched.all_to_all_start %{{.*}} on @tp split_dim = 0 concat_dim = 1 : tensor<64x128xbf16> -> !sched.future<tensor<8x1024xbf16>>
  %f = sched.all_to_all_start %t on @tp split_dim = 0 concat_dim = 1 : tensor<64x128xbf16> -> !sched.future<tensor<8x1024xbf16>>
  // CHECK: sched.all_to_all_start %{{.*}} on @dp split_dim = 0 concat_dim = 0 : tensor<16x4xcomplex<f32>> -> !sched.future<tensor<16x4xcomplex<f32>>>
  %g = sched.all_to_all_start %s on @dp split_dim = 0 concat_dim = 0 : tensor<16x4xcomplex<f32>> -> !sched.future<tensor<16x4xcomplex<f32>>>
  %r = sched.wait %f : !sched.future<tensor<8x1024xbf16>>
  %q = sched.wait %g : !sched.future<tensor<16x4xcomplex<f32>>>
  return
}

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%w: tensor<1024xf32>) -> tensor<1024xf32> {
  // CHECK: sched.broadcast_start %{{.*}} on @dp root = 3 : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
  %f = sched.broadcast_start %w on @dp root = 3 : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
  %r = sched.wait %f : !sched.future<tensor<1024xf32>>
  return %r : tensor<1024xf32>
}

// CHECK-LABEL: func.func @collective_permute
func.func @collective_permute(%a: tensor<8x1024xbf16>, %b: tensor<4xi32>, %m: memref<16xf32>, %n: memref<16xf32>) -> tensor<8x1024xbf16> {
  // CHECK: sched.collective_permute_start %{{.*}}, %{{.*}} on @dp source_target_pairs = {{\[\[}}0, 1], [1, 2], [2, 0], [3, 3]] : tensor<8x1024xbf16>, tensor<4xi32> -> !sched.future<tensor<8x1024xbf16>, tensor<4xi32>>
  %f = sched.collective_permute_start %a, %b on @dp source_target_pairs = [[0, 1], [1, 2], [2, 0], [3, 3]] : tensor<8x1024xbf16>, tensor<4xi32> -> !sched.future<tensor<8x1024xbf16>, tensor<4xi32>>
  %r, %s = sched.wait %f : !sched.future<tensor<8x1024xbf16>, tensor<4xi32>>
  // An empty list: every rank receives zeros.
  // CHECK: sched.collective_permute_start %{{.*}} on @dp source_target_pairs = [] : tensor<4xi32>
  %g = sched.collective_permute_start %b on @dp source_target_pairs = [] : tensor<4xi32> -> !sched.future<tensor<4xi32>>
  %t = sched.wait %g : !sched.future<tensor<4xi32>>
  // CHECK: sched.collective_permute_start %{{.*}} into %{{.*}} on @dp source_target_pairs = {{\[\[}}1, 0], [0, 1]] : memref<16xf32> into memref<16xf32> -> !sched.future<memref<16xf32>>
  %h = sched.collective_permute_start %m into %n on @dp source_target_pairs = [[1, 0], [0, 1]] : memref<16xf32> into memref<16xf32> -> !sched.future<memref<16xf32>>
  %q = sched.wait %h : !sched.future<memref<16xf32>>
  return %r : tensor<8x1024xbf16>
}

// CHECK-LABEL: func.func @buffer_form
func.func @buffer_form(%in: memref<4x8xf32>, %out: memref<16x8xf32>, %g: memref<16xf32>, %s: memref<4xf32>) {
  // CHECK: sched.all_gather_start %{{.*}} into %{{.*}} on @dp gather_dim = 0 : memref<4x8xf32> into memref<16x8xf32> -> !sched.future<memref<16x8xf32>>
  %f = sched.all_gather_start %in into %out on @dp gather_dim = 0 : memref<4x8xf32> into memref<16x8xf32> -> !sched.future<memref<16x8xf32>>
  // CHECK: sched.reduce_scatter_start %{{.*}} into %{{.*}} on @dp reduction = sum scatter_dim = 0 : memref<16xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %h = sched.reduce_scatter_start %g into %s on @dp reduction = sum scatter_dim = 0 : memref<16xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  // CHECK: sched.wait %{{.*}} : !sched.future<memref<16x8xf32>>
  %r = sched.wait %f : !sched.future<memref<16x8xf32>>
  %q = sched.wait %h : !sched.future<memref<4xf32>>
  // CHECK: sched.compute "add" ins(%{{.*}} : memref<16x8xf32>) outs(%{{.*}} : memref<16x8xf32>){{$}}
  sched.compute "add" ins(%r : memref<16x8xf32>) outs(%out : memref<16x8xf32>)
  return
}

// An input may be a destination (collective_c7): an all-reduce into its
// input, a bucket whose members write each other's inputs.
// CHECK-LABEL: func.func @buffer_form_aliasing
func.func @buffer_form_aliasing(%x: memref<8xf32>, %a: memref<8xf32>, %b: memref<8xf32>) {
  // CHECK: sched.all_reduce_start %[[X:.*]] into %[[X]] on @dp
  %f = sched.all_reduce_start %x into %x on @dp reduction = sum : memref<8xf32> into memref<8xf32> -> !sched.future<memref<8xf32>>
  %r = sched.wait %f : !sched.future<memref<8xf32>>
  // CHECK: sched.all_reduce_start %[[A:.*]], %[[B:.*]] into %[[B]], %[[A]] on @dp
  %g = sched.all_reduce_start %a, %b into %b, %a on @dp reduction = max : memref<8xf32>, memref<8xf32> into memref<8xf32>, memref<8xf32> -> !sched.future<memref<8xf32>, memref<8xf32>>
  %q:2 = sched.wait %g : !sched.future<memref<8xf32>, memref<8xf32>>
  return
}

// CHECK-LABEL: func.func @compute
func.func @compute(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %init: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  // CHECK: sched.compute "matmul" ins(%{{.*}}, %{{.*}} : tensor<8x16xf32>, tensor<16x4xf32>) cost <flops = 1024, bytes_read = 768, bytes_written = 128, time_ns = 1500> -> (tensor<8x4xf32>)
  %y = sched.compute "matmul" ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) cost <flops = 1024, bytes_read = 768, bytes_written = 128, time_ns = 1500> -> (tensor<8x4xf32>)
  // CHECK: sched.compute "matmul" ins(%{{.*}}, %{{.*}} : tensor<8x16xf32>, tensor<16x4xf32>) outs(%{{.*}} : tensor<8x4xf32>) attributes {note = "dps"} -> (tensor<8x4xf32>) {
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<8x16xf32>, %{{.*}}: tensor<16x4xf32>, %[[I:.*]]: tensor<8x4xf32>):
  // CHECK-NEXT:   sched.yield %[[I]] : tensor<8x4xf32>
  // CHECK-NEXT: }
  %z = sched.compute "matmul" ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>) outs(%init : tensor<8x4xf32>) attributes {note = "dps"} -> (tensor<8x4xf32>) {
  ^bb0(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %i: tensor<8x4xf32>):
    sched.yield %i : tensor<8x4xf32>
  }
  // CHECK: sched.compute "barrier"{{$}}
  sched.compute "barrier"
  return %y, %z : tensor<8x4xf32>, tensor<8x4xf32>
}

// CHECK-LABEL: func.func @external_cost
func.func @external_cost(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: arith.addf %{{.*}}, %{{.*}} {sched.cost = #sched.cost<flops = 4>} : tensor<4xf32>
  %b = arith.addf %a, %a {sched.cost = #sched.cost<flops = 4>} : tensor<4xf32>
  return %b : tensor<4xf32>
}
