// Tests the check of the peak memory against the target's HBM capacity
// (here 200 bytes, below the 256-byte peak of @over): a warning by default,
// from each scheduling pass, sched-report and once from sched-pipeline; an
// error with capacity-check=error; nothing with capacity-check=off.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/overlap.mlir --sched-schedule-overlap="explain=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/overlap-error.mlir --sched-schedule-overlap="explain=0 capacity-check=error" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/overlap-off.mlir --sched-schedule-overlap="explain=0 capacity-check=off" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/report.mlir --sched-report -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/reorder.mlir --sched-reorder-for-memory -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/fuse.mlir --sched-fuse-compute -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/bucket.mlir --sched-bucket-collectives="explain=0 capacity-check=error" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/pipeline.mlir --sched-pipeline="explain=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/budget.mlir --sched-schedule-overlap="explain=0 memory-budget=100000" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/override.mlir --sched-attach-target="preset=h100-sxm hbm-capacity=100" --sched-report -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/budget-error.mlir --sched-schedule-overlap="explain=0 memory-budget=100000 capacity-check=error" -verify-diagnostics -o /dev/null

//--- overlap.mlir
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 200, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark@+2 {{step 1002.001 -> 1000.000 us, exposed comm 2.001 -> 0.000 us, peak memory 256 B -> 256 B (budget 1 GiB)}}
  // expected-warning@+1 {{peak memory of 256 B exceeds the HBM capacity of 200 B of target 'small'}}
  func.func @over(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%b : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %w, %m : tensor<4x4xf32>, tensor<4x4xf32>
  }
}

//--- overlap-error.mlir
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 200, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark@+2 {{step 1002.001 -> 1000.000 us}}
  // expected-error@+1 {{peak memory of 256 B exceeds the HBM capacity of 200 B of target 'small'}}
  func.func @over(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%b : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %w, %m : tensor<4x4xf32>, tensor<4x4xf32>
  }
}

//--- overlap-off.mlir
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 200, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark@+1 {{step 1002.001 -> 1000.000 us}}
  func.func @over(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%b : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %w, %m : tensor<4x4xf32>, tensor<4x4xf32>
  }
}

//--- report.mlir
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 200, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark@+2 {{peak memory 256 B}}
  // expected-warning@+1 {{peak memory of 256 B exceeds the HBM capacity of 200 B of target 'small'}}
  func.func @over(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%b : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %w, %m : tensor<4x4xf32>, tensor<4x4xf32>
  }
  // A function that fits gets nothing.
  // expected-remark@+1 {{peak memory 64 B}}
  func.func @fits(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    return %a : tensor<4x4xf32>
  }
}

//--- reorder.mlir
// Reordering lowers the peak from 260 to 136 bytes, still over 100: the
// warning gives both.
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 100, compute = [f32 = 10.0]>} {
  // expected-remark@+2 {{order}}
  // expected-warning@+1 {{peak memory of 136 B exceeds the HBM capacity of 100 B of target 'small' (the input needed 260 B)}}
  func.func @reorder() -> (tensor<1xf32>, tensor<1xf32>) {
    %a = sched.compute "make_a" -> (tensor<32xf32>)
    %b = sched.compute "make_b" -> (tensor<32xf32>)
    %ra = sched.compute "reduce_a" ins(%a : tensor<32xf32>) -> (tensor<1xf32>)
    %rb = sched.compute "reduce_b" ins(%b : tensor<32xf32>) -> (tensor<1xf32>)
    return %ra, %rb : tensor<1xf32>, tensor<1xf32>
  }
}

//--- fuse.mlir
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 100, compute = [f32 = 10.0]>} {
  // expected-remark@+2 {{fused 1 pairs into 1 ops}}
  // expected-warning@+1 {{peak memory of 132 B exceeds the HBM capacity of 100 B of target 'small' (the input needed 260 B)}}
  func.func @fuse(%x: tensor<32xf32>) -> tensor<1xf32> {
    %t = sched.compute "exp" ins(%x : tensor<32xf32>) -> (tensor<32xf32>)
    %s = sched.compute "sum" ins(%t : tensor<32xf32>) -> (tensor<1xf32>)
    return %s : tensor<1xf32>
  }
}

//--- bucket.mlir
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 200, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-error@+1 {{peak memory of 256 B exceeds the HBM capacity of 200 B of target 'small'}}
  func.func @over(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%b : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %w, %m : tensor<4x4xf32>, tensor<4x4xf32>
  }
}

//--- pipeline.mlir
// One warning, from the overlap stage, not one per stage.
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 200, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark@+3 {{kept the original order: peak 256 B}}
  // expected-remark@+2 {{step 1002.001 -> 1000.000 us}}
  // expected-warning@+1 {{peak memory of 256 B exceeds the HBM capacity of 200 B of target 'small'}}
  func.func @over(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%b : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %w, %m : tensor<4x4xf32>, tensor<4x4xf32>
  }
}

//--- budget.mlir
// The input fits the 4096 bytes: a memory-budget above them is capped at
// the capacity, with a warning.
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 4096, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-warning@+2 {{memory-budget of 97.66 KiB exceeds the HBM capacity of 4 KiB of target 'small'; the budget is the capacity}}
  // expected-remark@+1 {{peak memory 256 B -> 256 B (budget 4 KiB)}}
  func.func @fits(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%b : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %w, %m : tensor<4x4xf32>, tensor<4x4xf32>
  }
}

//--- budget-error.mlir
module attributes {sched.target = #sched.target<name = "small", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 4096, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-error@+1 {{memory-budget of 97.66 KiB exceeds the HBM capacity of 4 KiB of target 'small'; the budget is the capacity}}
  func.func @fits(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%b : tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %w, %m : tensor<4x4xf32>, tensor<4x4xf32>
  }
}

//--- override.mlir
// The `hbm-capacity` override of sched-attach-target is the capacity checked.
// expected-remark@+2 {{peak memory 128 B}}
// expected-warning@+1 {{peak memory of 128 B exceeds the HBM capacity of 100 B of target 'h100-sxm'}}
func.func @override(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %m = sched.compute "mm" ins(%a : tensor<4x4xf32>) cost <time_ns = 1000> -> (tensor<4x4xf32>)
  return %m : tensor<4x4xf32>
}
