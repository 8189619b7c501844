// RUN: sched-opt %s -split-input-file --sched-inline-compute | FileCheck %s

// The body of a sched.compute replaces the op: block arguments become the
// `ins` then the `outs` operands, results the values of sched.yield.

// CHECK-LABEL: func.func @ins_and_outs
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<8x2xf32>, %[[ACC:.*]]: tensor<4x2xf32>, %[[ACC2:.*]]: tensor<4x2xf32>)
// CHECK-NEXT: %[[MM:.*]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<4x8xf32>, tensor<8x2xf32>) outs(%[[ACC]] : tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[ADD:.*]] = arith.addf %[[MM]], %[[ACC2]] : tensor<4x2xf32>
// CHECK-NEXT: return %[[ADD]], %[[MM]]
// CHECK-NOT: sched.
func.func @ins_and_outs(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %acc: tensor<4x2xf32>, %acc2: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  %y:2 = sched.compute "matmul_add" ins(%x, %w : tensor<4x8xf32>, tensor<8x2xf32>) outs(%acc, %acc2 : tensor<4x2xf32>, tensor<4x2xf32>) cost <flops = 128> -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  ^bb0(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>, %d: tensor<4x2xf32>):
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
    %s = arith.addf %m, %d : tensor<4x2xf32>
    sched.yield %s, %m : tensor<4x2xf32>, tensor<4x2xf32>
  }
  return %y#0, %y#1 : tensor<4x2xf32>, tensor<4x2xf32>
}

// -----

// A body may yield its arguments unchanged (they become the operands), and an
// op may have no results.
// CHECK-LABEL: func.func @yield_argument
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[Y]], %[[X]]
func.func @yield_argument(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = sched.compute "swap" ins(%x, %y : tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    sched.yield %b, %a : tensor<4xf32>, tensor<4xf32>
  }
  sched.compute "nothing" {
    sched.yield
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Nested bodies (the output of sched-fuse-compute) are all inlined; an opaque
// op inside a body stays, with its operands remapped.
// CHECK-LABEL: func.func @nested
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>)
// CHECK-NEXT: %[[E:.*]] = math.exp %[[X]] : tensor<8xf32>
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[E]] : tensor<8xf32>
// CHECK-NEXT: %[[K:.*]] = sched.compute "kernel" ins(%[[N]], %[[X]] : tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>){{$}}
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[K]], %[[E]] : tensor<8xf32>
// CHECK-NEXT: return %[[S]]
func.func @nested(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = sched.compute "fused" ins(%x : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%a: tensor<8xf32>):
    %e = sched.compute "exp" ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
    ^bb0(%b: tensor<8xf32>):
      %0 = math.exp %b : tensor<8xf32>
      sched.yield %0 : tensor<8xf32>
    }
    %k = sched.compute "neg+kernel" ins(%e, %a : tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>) {
    ^bb0(%c: tensor<8xf32>, %d: tensor<8xf32>):
      %1 = arith.negf %c : tensor<8xf32>
      %2 = sched.compute "kernel" ins(%1, %d : tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>)
      sched.yield %2 : tensor<8xf32>
    }
    %s = arith.addf %k, %e : tensor<8xf32>
    sched.yield %s : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// Opaque ops stay as they are, in tensor and in buffer form; a buffer-form
// body is inlined like a tensor-form one.
// CHECK-LABEL: func.func @opaque_and_buffers
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[IN:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>)
// CHECK-NEXT: %[[Y:.*]] = sched.compute "opaque" ins(%[[X]] : tensor<4xf32>) cost <flops = 4> -> (tensor<4xf32>){{$}}
// CHECK-NEXT: sched.compute "opaque_buffers" ins(%[[IN]] : memref<4xf32>) outs(%[[OUT]] : memref<4xf32>){{$}}
// CHECK-NEXT: memref.copy %[[IN]], %[[OUT]]
// CHECK-NEXT: return %[[Y]]
func.func @opaque_and_buffers(%x: tensor<4xf32>, %in: memref<4xf32>, %out: memref<4xf32>) -> tensor<4xf32> {
  %y = sched.compute "opaque" ins(%x : tensor<4xf32>) cost <flops = 4> -> (tensor<4xf32>)
  sched.compute "opaque_buffers" ins(%in : memref<4xf32>) outs(%out : memref<4xf32>)
  sched.compute "copy" ins(%in : memref<4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%a: memref<4xf32>, %b: memref<4xf32>):
    memref.copy %a, %b : memref<4xf32> to memref<4xf32>
    sched.yield
  }
  return %y : tensor<4xf32>
}

// -----

// Collectives around the bodies are untouched.
sched.process_group @g size = 2

// CHECK-LABEL: func.func @with_collectives
// CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start
// CHECK-NEXT: %[[N:.*]] = arith.negf %{{.*}} : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]]
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[R]], %[[N]]
// CHECK-NEXT: return %[[S]]
func.func @with_collectives(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %n = sched.compute "neg" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    %0 = arith.negf %a : tensor<4xf32>
    sched.yield %0 : tensor<4xf32>
  }
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  %s = sched.compute "add" ins(%r, %n : tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %0 = arith.addf %a, %b : tensor<4xf32>
    sched.yield %0 : tensor<4xf32>
  }
  return %s : tensor<4xf32>
}
