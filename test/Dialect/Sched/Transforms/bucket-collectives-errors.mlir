// RUN: sched-opt %s -split-input-file --sched-bucket-collectives -verify-diagnostics -o /dev/null
// RUN: not sched-opt %s -split-input-file --sched-bucket-collectives="bucket-cap-bytes=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not sched-opt %s -split-input-file --sched-bucket-collectives="window=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WINDOW
// RUN: not sched-opt %s -split-input-file --sched-bucket-collectives="profile=%S/Inputs/does-not-exist.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROFILE
// RUN: not sched-opt %s -split-input-file --sched-bucket-collectives="order=latest" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORDER

// CAP: error: bucket-cap-bytes must be at least 1
// WINDOW: error: window must be non-negative
// PROFILE: error: cannot load cost profile
// ORDER: for the --order option: unknown value 'latest'; expected one of: program, exposed-first

module {
  sched.process_group @g size = 2
  // expected-error @below {{no #sched.target on this function or its parents; attach one with --sched-attach-target}}
  func.func @no_target(%a: tensor<4x4xf32>) -> tensor<8x4xf32> {
    %s = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w = sched.wait %s : !sched.future<tensor<8x4xf32>>
    return %w : tensor<8x4xf32>
  }
}

// -----

// A block with one collective: nothing to bucket, no remark.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  func.func @single(%a: tensor<4x4xf32>) -> tensor<8x4xf32> {
    %s = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w = sched.wait %s : !sched.future<tensor<8x4xf32>>
    return %w : tensor<8x4xf32>
  }
}
