// RUN: sched-opt %s -split-input-file -verify-diagnostics --convert-sched-to-runtime="device-memory" | FileCheck %s

// With device-memory, host code must not read or write buffers: only the
// runtime (collectives, opaque computes), allocation and linalg ops (which
// the lowering turns into GPU kernels) touch them; copies become linalg.copy.

sched.process_group @g size = 2

// CHECK-LABEL: func.func @device_ok
// CHECK: memref.alloc
// CHECK: call @schedrt_collective_begin
// CHECK: call @schedrt_compute_begin
// CHECK: memref.dealloc
func.func @device_ok(%x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  %f = sched.all_reduce_start %x into %a on @g reduction = sum : memref<4xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %r = sched.wait %f : !sched.future<memref<4xf32>>
  sched.compute "k" ins(%r : memref<4xf32>) outs(%x : memref<4xf32>)
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @copy_becomes_linalg
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%{{.*}} : memref<4xf32>) outs(%{{.*}} : memref<4xf32>)
func.func @copy_becomes_linalg(%x: memref<4xf32>, %y: memref<4xf32>) {
  memref.copy %x, %y : memref<4xf32> to memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @kernel_ok
// CHECK: linalg.generic
func.func @kernel_ok(%x: memref<4x8xf32>, %y: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x8xf32>) outs(%y : memref<4xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @full_reduction(%x: memref<8xf32>, %y: memref<f32>) {
  // expected-error@+1 {{'linalg.generic' has no parallel loop to map to GPU threads: a full reduction cannot run on the GPU runtime yet}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
                  iterator_types = ["reduction"]}
      ins(%x : memref<8xf32>) outs(%y : memref<f32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

func.func @host_load(%x: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'memref.load' would access GPU memory from the host: only linalg ops (which become GPU kernels), copies and opaque 'sched.compute' ops can touch buffers in GPU programs}}
  %v = memref.load %x[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// Float matmuls become cuBLAS GEMMs; others stay linalg (GPU kernels).
// CHECK-LABEL: func.func @matmuls
// CHECK: %[[C16:.*]] = arith.constant 16 : i64
// CHECK: %[[C8:.*]] = arith.constant 8 : i64
// CHECK: %[[C32:.*]] = arith.constant 32 : i64
// CHECK: %[[BF16:.*]] = arith.constant 4 : i32
// CHECK: call @schedrt_gemm(%{{.*}}, %{{.*}}, %{{.*}}, %[[C16]], %[[C8]], %[[C32]], %[[BF16]])
// CHECK-NOT: linalg.matmul ins(%arg0
// CHECK: linalg.matmul ins(%arg3, %arg4 : memref<16x32xi32>, memref<32x8xi32>)
func.func @matmuls(%a: memref<16x32xbf16>, %b: memref<32x8xbf16>, %c: memref<16x8xbf16>,
                   %ai: memref<16x32xi32>, %bi: memref<32x8xi32>, %ci: memref<16x8xi32>) {
  linalg.matmul ins(%a, %b : memref<16x32xbf16>, memref<32x8xbf16>) outs(%c : memref<16x8xbf16>)
  linalg.matmul ins(%ai, %bi : memref<16x32xi32>, memref<32x8xi32>) outs(%ci : memref<16x8xi32>)
  return
}
