// RUN: sched-opt %s -split-input-file -verify-diagnostics --convert-sched-to-runtime

// Each error of convert-sched-to-runtime.

sched.process_group @g size = 2

func.func @tensor_collective(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot lower a collective in tensor form; run one-shot-bufferize first}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  return %r : tensor<4xf32>
}

// -----

func.func @compute_with_body(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{cannot lower a 'sched.compute' with a body; run sched-inline-compute first}}
  sched.compute "copy" ins(%x : memref<4xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: memref<4xf32>, %b: memref<4xf32>):
    memref.copy %a, %b : memref<4xf32> to memref<4xf32>
    sched.yield
  }
  return
}

// -----

func.func @tensor_compute(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot lower a 'sched.compute' in tensor form; run one-shot-bufferize first}}
  %y = sched.compute "k" ins(%x : tensor<4xf32>) -> (tensor<4xf32>)
  return %y : tensor<4xf32>
}

// -----

// A tensor operand is enough, even without results.
func.func @tensor_compute_no_results(%x: tensor<4xf32>) {
  // expected-error@+1 {{cannot lower a 'sched.compute' in tensor form; run one-shot-bufferize first}}
  sched.compute "sink" ins(%x : tensor<4xf32>)
  return
}

// -----

sched.process_group @g size = 2

func.func @collective_element_type(%x: memref<4xcomplex<f32>>, %y: memref<8xcomplex<f32>>) {
  // expected-error@+1 {{cannot lower a collective on element type 'complex<f32>': the runtime does not move it}}
  %f = sched.all_gather_start %x into %y on @g gather_dim = 0 : memref<4xcomplex<f32>> into memref<8xcomplex<f32>> -> !sched.future<memref<8xcomplex<f32>>>
  %r = sched.wait %f : !sched.future<memref<8xcomplex<f32>>>
  return
}

// -----

sched.process_group @g size = 2

func.func @collective_dynamic_shape(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error@+1 {{cannot lower a collective on dynamically shaped buffers: the runtime needs their sizes}}
  %f = sched.all_reduce_start %x into %y on @g reduction = sum : memref<?xf32> into memref<?xf32> -> !sched.future<memref<?xf32>>
  %r = sched.wait %f : !sched.future<memref<?xf32>>
  return
}

// -----

func.func @compute_i1(%x: memref<4xi1>) {
  // expected-error@+1 {{cannot lower an opaque 'sched.compute' on 'memref<4xi1>': the runtime needs a static contiguous shape and a known element type}}
  sched.compute "k" ins(%x : memref<4xi1>)
  return
}

// -----

func.func @compute_index(%x: memref<4xf32>, %y: memref<4xindex>) {
  // expected-error@+1 {{cannot lower an opaque 'sched.compute' on 'memref<4xindex>': the runtime needs a static contiguous shape and a known element type}}
  sched.compute "k" ins(%x : memref<4xf32>) outs(%y : memref<4xindex>)
  return
}

// -----

func.func @compute_dynamic_shape(%x: memref<?xf32>) {
  // expected-error@+1 {{cannot lower an opaque 'sched.compute' on 'memref<?xf32>': the runtime needs a static contiguous shape and a known element type}}
  sched.compute "k" outs(%x : memref<?xf32>)
  return
}

// -----

// The runtime reads `count` consecutive elements: a strided view would be
// read wrongly.
func.func @compute_strided(%x: memref<8x8xf32>) {
  %s = memref.subview %x[0, 0] [4, 4] [1, 2] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 2]>>
  // expected-error@+1 {{cannot lower an opaque 'sched.compute' on 'memref<4x4xf32, strided<[8, 2]>>': the runtime needs a static contiguous shape and a known element type}}
  sched.compute "k" ins(%s : memref<4x4xf32, strided<[8, 2]>>)
  return
}

// -----

// Every bad group is reported.
// expected-error@+1 {{cannot lower process group @gaps: its ranks must be an arithmetic progression that starts a block of size x stride ranks}}
sched.process_group @gaps size = 3 ranks = [0, 1, 3]
// expected-error@+1 {{cannot lower process group @descending: its ranks must be an arithmetic progression that starts a block of size x stride ranks}}
sched.process_group @descending size = 2 ranks = [3, 1]
// Stride 1 and size 2: rank 1 is not the first of a block of 2.
// expected-error@+1 {{cannot lower process group @misaligned: its ranks must be an arithmetic progression that starts a block of size x stride ranks}}
sched.process_group @misaligned size = 2 ranks = [1, 2]

// -----

shard.grid @mesh(shape = 2x3x4)
// expected-error@+1 {{cannot lower process group @mesh_axes_0_2: its grid axes must be consecutive and ascending}}
sched.process_group @mesh_axes_0_2 size = 8 {sched.grid = @mesh, sched.grid_axes = array<i16: 0, 2>}
// expected-error@+1 {{cannot lower process group @mesh_axes_1_0: its grid axes must be consecutive and ascending}}
sched.process_group @mesh_axes_1_0 size = 6 {sched.grid = @mesh, sched.grid_axes = array<i16: 1, 0>}

// -----

shard.grid @mesh(shape = 2x?)
// expected-error@+1 {{cannot lower process group @mesh_axes_0: the grid has a dynamic axis}}
sched.process_group @mesh_axes_0 size = 2 {sched.grid = @mesh, sched.grid_axes = array<i16: 0>}

// -----

// expected-error@+1 {{cannot lower process group @orphan: grid @nowhere not found}}
sched.process_group @orphan size = 2 {sched.grid = @nowhere, sched.grid_axes = array<i16: 0>}

// -----

sched.process_group @g size = 2

// Two destinations of a bucket that are overlapping views of one buffer (rows
// 0-1 and 1-2).
func.func @overlapping_destinations(%a: memref<2x4xf32>, %b: memref<2x4xf32>, %d: memref<4x4xf32>) {
  %lo = memref.subview %d[0, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1]>>
  %mid = memref.subview %d[1, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>>
  // expected-error@+1 {{cannot lower the collective: 'into' buffers 0 and 1 are overlapping views of one buffer; every member of a bucket needs its own destination}}
  %f = sched.all_reduce_start %a, %b into %lo, %mid on @g reduction = sum : memref<2x4xf32>, memref<2x4xf32> into memref<2x4xf32, strided<[4, 1]>>, memref<2x4xf32, strided<[4, 1], offset: 4>> -> !sched.future<memref<2x4xf32, strided<[4, 1]>>, memref<2x4xf32, strided<[4, 1], offset: 4>>>
  %r:2 = sched.wait %f : !sched.future<memref<2x4xf32, strided<[4, 1]>>, memref<2x4xf32, strided<[4, 1], offset: 4>>>
  return
}

// -----

sched.process_group @g size = 2

// A whole buffer and a view of it.
func.func @buffer_and_view(%a: memref<8xf32>, %b: memref<4xf32>, %d: memref<8xf32>) {
  %hi = memref.subview %d[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  // expected-error@+1 {{cannot lower the collective: 'into' buffers 0 and 1 are overlapping views of one buffer}}
  %f = sched.all_reduce_start %a, %b into %d, %hi on @g reduction = sum : memref<8xf32>, memref<4xf32> into memref<8xf32>, memref<4xf32, strided<[1], offset: 4>> -> !sched.future<memref<8xf32>, memref<4xf32, strided<[1], offset: 4>>>
  %r:2 = sched.wait %f : !sched.future<memref<8xf32>, memref<4xf32, strided<[1], offset: 4>>>
  return
}

// -----

sched.process_group @g size = 2

// Disjoint views of one buffer (rows 0-1 and 2-3) are fine: no error.
func.func @disjoint_destinations(%a: memref<2x4xf32>, %b: memref<2x4xf32>, %d: memref<4x4xf32>) {
  %lo = memref.subview %d[0, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1]>>
  %hi = memref.subview %d[2, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 8>>
  %f = sched.all_reduce_start %a, %b into %lo, %hi on @g reduction = sum : memref<2x4xf32>, memref<2x4xf32> into memref<2x4xf32, strided<[4, 1]>>, memref<2x4xf32, strided<[4, 1], offset: 8>> -> !sched.future<memref<2x4xf32, strided<[4, 1]>>, memref<2x4xf32, strided<[4, 1], offset: 8>>>
  %r:2 = sched.wait %f : !sched.future<memref<2x4xf32, strided<[4, 1]>>, memref<2x4xf32, strided<[4, 1], offset: 8>>>
  return
}
