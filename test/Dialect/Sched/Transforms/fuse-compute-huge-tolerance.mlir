// RUN: sched-opt %s --sched-fuse-compute="tolerance=9223372036854775807" | FileCheck %s

// A tolerance past the room left above the peak is no limit: the limit
// saturates. sched-pipeline-fuzzer found that the peak plus such a tolerance
// overflowed (undefined behaviour; in release builds a negative limit that
// refused every fusion).

// CHECK-LABEL: func.func @huge_tolerance
// CHECK: sched.compute "exp+sum"
func.func @huge_tolerance(%x: tensor<1024xf32>) -> tensor<1xf32> {
  %t = sched.compute "exp" ins(%x : tensor<1024xf32>) -> (tensor<1024xf32>)
  %s = sched.compute "sum" ins(%t : tensor<1024xf32>) -> (tensor<1xf32>)
  return %s : tensor<1xf32>
}
