// RUN: sched-opt %s --sched-fuse-compute="max-fused-ops=2" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s
// RUN: sched-opt %s --sched-fuse-compute="max-fused-ops=2 explain=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: sched-opt %s --sched-attach-target --sched-pipeline="fuse=1 reorder=0" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE

// Tests that sched-fuse-compute's remarks are short by default: one summary
// per block with the number of pairs it did not fuse; `explain=1` gives
// every refused pair its own remark (sched-pipeline passes its `explain`
// on). A chain of three under max-fused-ops=2 fuses one pair and refuses
// the third op.

// CHECK-NOT: not fused with
// CHECK: remark: @chain: fused 1 pairs into 1 ops: traffic {{.*}}; 1 pair not fused (explain=1 says why)
// CHECK-NOT: not fused with

// EXPLAIN: remark: not fused with 'c': size: 3 ops, more than max-fused-ops 2
// EXPLAIN: remark: @chain: fused 1 pairs into 1 ops: traffic {{[^;]*$}}

// PIPELINE-NOT: not fused with
// PIPELINE: remark: @chain: fused 2 pairs into 1 ops

func.func @chain(%x: tensor<64xf32>) -> tensor<64xf32> {
  %a = sched.compute "a" ins(%x : tensor<64xf32>) -> (tensor<64xf32>)
  %b = sched.compute "b" ins(%a : tensor<64xf32>) -> (tensor<64xf32>)
  %c = sched.compute "c" ins(%b : tensor<64xf32>) -> (tensor<64xf32>)
  return %c : tensor<64xf32>
}
