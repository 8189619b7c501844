// RUN: sched-opt %s -split-input-file -verify-diagnostics --convert-sched-to-runtime="device-memory" | FileCheck %s

// With device-memory, host code must not read or write buffers: only the
// runtime (collectives, opaque computes) and allocation touch them.

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

func.func @host_copy(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-error@+1 {{'memref.copy' would access GPU memory from the host: compute bodies and copies are lowered for CPUs only; use opaque 'sched.compute' ops in GPU programs}}
  memref.copy %x, %y : memref<4xf32> to memref<4xf32>
  return
}

// -----

func.func @host_load(%x: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'memref.load' would access GPU memory from the host}}
  %v = memref.load %x[%c0] : memref<4xf32>
  return %v : f32
}
