// RUN: sched-opt %s -split-input-file -test-sched-print-memory -verify-diagnostics
// RUN: not sched-opt %s -split-input-file -test-sched-print-memory="arguments-live=0" 2>&1 | FileCheck %s --check-prefix=FREE

// Tests alloc/run/free: while an op runs, its inputs and outputs are live
// together; a buffer is freed after its last use. Arguments stay live.
// expected-remark@+1 {{peak 1792 bytes at step 1; live: arg0 (256), step 0 (1024), step 1 (512)}}
func.func @phases(%a: tensor<64xf32>) -> tensor<1xf32> {
  // expected-remark@+1 {{step 0: 1280 bytes}}
  %b = sched.compute "grow" ins(%a : tensor<64xf32>) -> (tensor<256xf32>)
  // expected-remark@+1 {{step 1: 1792 bytes}}
  %c = sched.compute "shrink" ins(%b : tensor<256xf32>) -> (tensor<128xf32>)
  // expected-remark@+1 {{step 2: 772 bytes}}
  %d = sched.compute "sum" ins(%c : tensor<128xf32>) -> (tensor<1xf32>)
  // expected-remark@+1 {{step 3: 260 bytes}}
  return %d : tensor<1xf32>
}
// With arguments freed after their last use, %a is gone after step 0.
// FREE-LABEL: remark: step 1: 1536 bytes
// FREE: remark: step 3: 4 bytes
// FREE: remark: peak 1536 bytes at step 1; live: step 0 (1024), step 1 (512)

// -----

sched.process_group @g size = 4

// Tests an in-flight collective: the start allocates one buffer per result of
// the bucket, its inputs stay live until the wait even though nothing reads
// them after the start, and after the wait each result lives until its own
// last use (the unused second one is freed at the wait).
// expected-remark@+1 {{peak 2328 bytes at step 2; live: step 0 (256), step 1 (1024), step 1 (1024), step 2 (24)}}
func.func @in_flight() -> tensor<256xf32> {
  // expected-remark@+1 {{step 0: 256 bytes}}
  %x = sched.compute "make" -> (tensor<64xf32>)
  // expected-remark@+1 {{step 1: 2304 bytes}}
  %f = sched.all_gather_start %x, %x on @g gather_dim = 0 : tensor<64xf32>, tensor<64xf32> -> !sched.future<tensor<256xf32>, tensor<256xf32>>
  // expected-remark@+1 {{step 2: 2328 bytes}}
  %y = sched.compute "other" -> (tensor<6xf32>)
  // expected-remark@+1 {{step 3: 2304 bytes}}
  %w:2 = sched.wait %f : !sched.future<tensor<256xf32>, tensor<256xf32>>
  // expected-remark@+1 {{step 4: 1024 bytes}}
  return %w#0 : tensor<256xf32>
}

// -----

// Tests views and in-place results: slices, reshapes and destination-style
// results share their source's storage.
// expected-remark@+1 {{peak 2048 bytes at step 0; live: arg0 (1024), step 0 (1024)}}
func.func @aliases(%a: tensor<16x16xf32>) -> tensor<4xf32> {
  // expected-remark@+1 {{step 0: 2048 bytes}}
  %init = sched.compute "alloc" -> (tensor<16x16xf32>)
  // expected-remark@+1 {{step 1: 2048 bytes}}
  %s = tensor.extract_slice %init[0, 0] [4, 4] [1, 1] : tensor<16x16xf32> to tensor<4x4xf32>
  // expected-remark@+1 {{step 2: 2048 bytes}}
  %r = tensor.collapse_shape %s [[0, 1]] : tensor<4x4xf32> into tensor<16xf32>
  // expected-remark@+1 {{step 3: 2048 bytes}}
  %o = sched.compute "update" ins(%a : tensor<16x16xf32>) outs(%r : tensor<16xf32>) -> (tensor<16xf32>)
  // expected-remark@+1 {{step 4: 2048 bytes}}
  %cst = arith.constant 0.0 : f32
  // expected-remark@+1 {{step 5: 2048 bytes}}
  %z = linalg.fill ins(%cst : f32) outs(%o : tensor<16xf32>) -> tensor<16xf32>
  // expected-remark@+1 {{step 6: 2048 bytes}}
  %e = tensor.extract_slice %z[0] [4] [1] : tensor<16xf32> to tensor<4xf32>
  // expected-remark@+1 {{step 7: 2048 bytes}}
  return %e : tensor<4xf32>
}

// -----

// Tests the sched.view marker: the results of a marked sched.compute (a
// transpose, a broadcast, a split into two pieces) share the storage of its
// first operand and keep it live until their last use; the same compute
// without the marker allocates its result.
// expected-remark@+1 {{peak 2048 bytes at step 4; live: step 0 (1024), step 4 (1024)}}
func.func @view_marker() -> tensor<4xf32> {
  // expected-remark@+1 {{step 0: 1024 bytes}}
  %w = sched.compute "make" -> (tensor<16x16xf32>)
  // expected-remark@+1 {{step 1: 1024 bytes}}
  %t = sched.compute "aten.view" ins(%w : tensor<16x16xf32>) attributes {sched.view} -> (tensor<16x16xf32>)
  // expected-remark@+1 {{step 2: 1024 bytes}}
  %b = sched.compute "aten.view" ins(%t : tensor<16x16xf32>) attributes {sched.view} -> (tensor<4x16x16xf32>)
  // expected-remark@+1 {{step 3: 1024 bytes}}
  %p:2 = sched.compute "aten.view" ins(%b : tensor<4x16x16xf32>) attributes {sched.view} -> (tensor<2x16x16xf32>, tensor<2x16x16xf32>)
  // expected-remark@+1 {{step 4: 2048 bytes}}
  %c = sched.compute "aten.view" ins(%p#1 : tensor<2x16x16xf32>) -> (tensor<16x16xf32>)
  // expected-remark@+1 {{step 5: 1040 bytes}}
  %s = sched.compute "sum" ins(%c : tensor<16x16xf32>) -> (tensor<4xf32>)
  // expected-remark@+1 {{step 6: 16 bytes}}
  return %s : tensor<4xf32>
}

// -----

// Tests element sizes: i1, i4 and f8 take a byte, bf16 two, complex<f32>
// eight, index eight.
// expected-remark@+1 {{peak 2023 bytes at step 5}}
func.func @element_sizes() {
  // expected-remark@+1 {{step 0: 100 bytes}}
  %a = sched.compute "a" -> (tensor<100xi1>)
  // expected-remark@+1 {{step 1: 200 bytes}}
  %b = sched.compute "b" -> (tensor<100xf8E4M3FN>)
  // expected-remark@+1 {{step 2: 400 bytes}}
  %c = sched.compute "c" -> (tensor<100xbf16>)
  // expected-remark@+1 {{step 3: 1200 bytes}}
  %d = sched.compute "d" -> (tensor<100xcomplex<f32>>)
  // expected-remark@+1 {{step 4: 2000 bytes}}
  %e = sched.compute "e" -> (tensor<100xindex>)
  // expected-remark@+1 {{step 5: 2023 bytes}}
  %f = sched.compute "f" -> (tensor<23xi4>)
  // expected-remark@+1 {{step 6: 2023 bytes}}
  sched.compute "use" ins(%a, %b, %c, %d, %e, %f : tensor<100xi1>, tensor<100xf8E4M3FN>, tensor<100xbf16>, tensor<100xcomplex<f32>>, tensor<100xindex>, tensor<23xi4>)
  // expected-remark@+1 {{step 7: 0 bytes}}
  return
}

// -----

// Tests dynamic dimensions bounded by sched.dim_bounds, on an argument and on
// a result.
// expected-remark@+1 {{peak 256 bytes at step 0}}
func.func @bounded(%a: tensor<?x4xf32> {sched.dim_bounds = array<i64: 8, 4>}) {
  // expected-remark@+1 {{step 0: 256 bytes}}
  %b = sched.compute "f" ins(%a : tensor<?x4xf32>) attributes {sched.dim_bounds = array<i64: 16>} -> (tensor<?xf64>)
  // expected-remark@+1 {{step 1: 128 bytes}}
  return
}

// -----

// Tests a dynamic dimension without a bound.
func.func @unbounded(%a: tensor<4xf32>) {
  // expected-error@+1 {{cannot size a value of type 'tensor<?xf32>': dimension 0 is dynamic; give an upper bound with 'sched.dim_bounds'}}
  %b = sched.compute "f" ins(%a : tensor<4xf32>) -> (tensor<?xf32>)
  return
}

// -----

// Tests an element type without a size.
// expected-error@+1 {{cannot size element type 'vector<[4]xf32>'}}
func.func @no_size(%a: tensor<4xvector<[4]xf32>>) {
  return
}

// -----

// Tests the move query: producing the long-lived buffer after the
// temporary is gone lowers the peak; moving an op before its input's
// producer is impossible.
// expected-remark@+1 {{peak 8208 bytes at step 2}}
func.func @moves() -> tensor<4xf32> {
  // expected-remark@+2 {{step 0: 4096 bytes}}
  // expected-remark@+1 {{peak if moved to 2: 4128 bytes}}
  %a = sched.compute "a" attributes {test.move_to = 2} -> (tensor<1024xf32>)
  // expected-remark@+1 {{step 1: 8192 bytes}}
  %t = sched.compute "temp" -> (tensor<1024xf32>)
  // expected-remark@+2 {{step 2: 8208 bytes}}
  // expected-remark@+1 {{cannot move to 0}}
  %r = sched.compute "reduce" ins(%t : tensor<1024xf32>) attributes {test.move_to = 0} -> (tensor<4xf32>)
  // expected-remark@+1 {{step 3: 4128 bytes}}
  %u = sched.compute "use" ins(%a, %r : tensor<1024xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  // expected-remark@+1 {{step 4: 16 bytes}}
  return %u : tensor<4xf32>
}

// -----

// Tests the fusion query: fusing the producer of a large temporary with its
// only user never materializes the temporary; fusing with an op that does
// not follow is impossible.
// expected-remark@+1 {{peak 8208 bytes at step 2}}
func.func @fusion() -> (tensor<1024xf32>, tensor<4xf32>) {
  // expected-remark@+1 {{step 0: 4096 bytes}}
  %a = sched.compute "a" -> (tensor<1024xf32>)
  // expected-remark@+2 {{step 1: 8192 bytes}}
  // expected-remark@+1 {{peak if fused with step 2: 4112 bytes}}
  %t = sched.compute "temp" attributes {test.fuse_with = 2} -> (tensor<1024xf32>)
  // expected-remark@+2 {{step 2: 8208 bytes}}
  // expected-remark@+1 {{cannot fuse with step 0}}
  %r = sched.compute "reduce" ins(%t : tensor<1024xf32>) attributes {test.fuse_with = 0} -> (tensor<4xf32>)
  // expected-remark@+1 {{step 3: 4112 bytes}}
  return %a, %r : tensor<1024xf32>, tensor<4xf32>
}
