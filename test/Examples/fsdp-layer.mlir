// RUN: sched-opt %sched_src_root/examples/fsdp-layer.mlir --sched-attach-target="preset=h100-sxm" | FileCheck %s
// RUN: sched-opt %sched_src_root/examples/fsdp-layer.mlir --verify-roundtrip

// The example the README's main command runs stays valid, and the target is
// attached to its module.

// CHECK: module attributes {sched.target = #sched.target<name = "h100-sxm"
// CHECK: sched.process_group @fsdp size = 8 ranks_per_node = 8
// CHECK-COUNT-2: sched.all_gather_start
// CHECK-COUNT-2: sched.reduce_scatter_start
