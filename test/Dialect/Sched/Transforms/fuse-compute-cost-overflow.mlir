// RUN: sched-opt %s --sched-fuse-compute | FileCheck %s
// RUN: sched-opt %s --sched-fuse-compute | sched-opt -o /dev/null

// The cost of a fused op is the sum of its members', saturated at the
// largest int64_t. sched-pipeline-fuzzer found that summing costs near 2^63
// overflowed (undefined behaviour; in release builds a negative cost that
// the printed IR could not be parsed back with).

// CHECK-LABEL: func.func @huge_costs
// CHECK: sched.compute "exp+sum" {{.*}} cost <flops = 9223372036854775807, time_ns = 9223372036854775807>
func.func @huge_costs(%x: tensor<1024xf32>) -> tensor<1xf32> {
  %t = sched.compute "exp" ins(%x : tensor<1024xf32>) cost <flops = 5000000000000000000, time_ns = 5000000000000000000> -> (tensor<1024xf32>)
  %s = sched.compute "sum" ins(%t : tensor<1024xf32>) cost <flops = 5000000000000000000, time_ns = 5000000000000000000> -> (tensor<1xf32>)
  return %s : tensor<1xf32>
}
