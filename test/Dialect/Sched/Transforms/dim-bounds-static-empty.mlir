// RUN: sched-opt %s --sched-attach-target --sched-report --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s
// RUN: sched-opt %s --sched-attach-target --sched-fuse-compute --sched-report --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED

// Tests that an empty `sched.dim_bounds` entry stands for a value of static
// shape, which needs no bound: what sched-fuse-compute writes for the static
// results it adds to an op that has bounded ones (found by
// sched-pipeline-fuzzer: the analyses rejected the fused op with "gives 0
// bounds for a value of type ... of rank 2").

// CHECK-NOT: error
// CHECK: remark: @step: makespan
// FUSED-NOT: error
// FUSED: remark: @step: makespan

sched.process_group @g size = 4
func.func @step(%x: tensor<64x64xf32>) -> (tensor<?x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %a:2 = sched.compute "gelu" ins(%x : tensor<64x64xf32>) cost <flops = 4096> attributes {sched.dim_bounds = [array<i64: 64, 64>, array<i64>]} -> (tensor<?x64xf32>, tensor<64x64xf32>)
  %b = sched.compute "convert" ins(%a#1 : tensor<64x64xf32>) cost <flops = 4096> -> (tensor<64x64xf32>)
  return %a#0, %a#1, %b : tensor<?x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}
