// RUN: sched-opt %s --verify-diagnostics --sched-attach-target="preset=tpu-v5"
// RUN: not sched-opt %s --sched-attach-target="gpus-per-node=0" 2>&1 | FileCheck %s --check-prefix=GPUS
// RUN: not sched-opt %s --sched-attach-target="intra-node-bandwidth=0" 2>&1 | FileCheck %s --check-prefix=BW
// RUN: not sched-opt %s --sched-attach-target="hbm-capacity=0" 2>&1 | FileCheck %s --check-prefix=CAP

// Tests an unknown preset, and overrides that make the target invalid: the
// error names the fact and points at the module.

// GPUS: attach-target-errors.mlir:[[@LINE+4]]:1: error: target gpus_per_node must be >= 1, got 0
// BW: attach-target-errors.mlir:[[@LINE+3]]:1: error: link bandwidth must be a positive number of GB/s, got 0
// CAP: attach-target-errors.mlir:[[@LINE+2]]:1: error: target hbm_capacity must be a positive number of bytes, got 0
// expected-error@+1 {{unknown target preset 'tpu-v5'; expected one of: a100-80gb, h100-sxm, h200-sxm}}
module {}
