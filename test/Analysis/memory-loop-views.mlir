// RUN: sched-opt %s --sched-attach-target --sched-report="json=-" -o /dev/null | FileCheck %s

// The memory of a loop body (getNestedMemoryTimeline): a view of a value
// from outside the body (a slice of a stack the loop reads, of a function
// argument) is a subview of storage the enclosing block already counts, as
// one-shot bufferization makes it (memref.subview, no allocation), so it adds
// nothing to the body's peak. A write into a value from outside the body
// (not an iteration argument) still allocates: one-shot bufferization copies
// a value from above that a loop body overwrites, since the next iteration
// reads it again.

// Arguments: %x 1 KiB, %w 4 x 1 KiB. The body's peak is at "layer": its
// iteration argument, the result (1 KiB each) and the two slices, which add
// nothing. 1024 + 4096 + 1024 = 6144 bytes.
// CHECK-LABEL: "name": "views_of_outer_values"
// CHECK:       "peak_memory_bytes": 6144,
func.func @views_of_outer_values(%x: tensor<256xf32>, %w: tensor<4x256xf32>) -> tensor<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (tensor<256xf32>) {
    %row = tensor.extract_slice %w[%i, 0] [1, 256] [1, 1] : tensor<4x256xf32> to tensor<256xf32>
    %flat = tensor.collapse_shape %w [[0, 1]] : tensor<4x256xf32> into tensor<1024xf32>
    %y = sched.compute "layer" ins(%a, %row, %flat : tensor<256xf32>, tensor<256xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<256xf32>)
    scf.yield %y : tensor<256xf32>
  }
  return %r : tensor<256xf32>
}

// The body writes row %i of %w, a value from above: that result is a new
// 4 KiB buffer in each iteration (freed after its last use), on top of the
// 6144 bytes above. A slice of it views it (0 more).
// CHECK-LABEL: "name": "write_into_outer_value"
// CHECK:       "peak_memory_bytes": 10240,
func.func @write_into_outer_value(%x: tensor<256xf32>, %w: tensor<4x256xf32>) -> tensor<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (tensor<256xf32>) {
    %new = tensor.insert_slice %a into %w[%i, 0] [1, 256] [1, 1] : tensor<256xf32> into tensor<4x256xf32>
    %row = tensor.extract_slice %new[%i, 0] [1, 256] [1, 1] : tensor<4x256xf32> to tensor<256xf32>
    %y = sched.compute "layer" ins(%a, %row : tensor<256xf32>, tensor<256xf32>) cost <time_ns = 1000> -> (tensor<256xf32>)
    scf.yield %y : tensor<256xf32>
  }
  return %r : tensor<256xf32>
}
