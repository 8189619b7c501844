// Tests sched-pipeline's search over variants of its options
// (docs/passes/Pipeline.md, "The search"): every variant runs on the
// function's input, the fastest valid result is kept, and only a win of a
// variant other than the default gets a remark unless explain=1.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/reorder-off-wins.mlir --sched-pipeline -verify-diagnostics | FileCheck %s --check-prefix=WIN
// RUN: sched-opt %t/reorder-off-wins.mlir --sched-pipeline="explain=1 search=3" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: sched-opt %t/default-wins.mlir --sched-pipeline="explain=1 search=4 bucket=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/reorder-off-wins.mlir --sched-pipeline="search=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: sched-opt %t/reorder-off-wins.mlir --sched-pipeline="reorder=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: sched-opt %t/not-searched.mlir --sched-pipeline="explain=1 search-max-ops=2" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/no-collectives.mlir --sched-pipeline="explain=1" -verify-diagnostics -o /dev/null
// RUN: %python %sched_src_root/utils/check-determinism.py sched-opt --args="--sched-pipeline=explain=1" %t/threads.mlir | FileCheck %s --check-prefix=SAME
// RUN: sched-opt %t/threads.mlir --sched-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: sched-opt %t/options.mlir --sched-pipeline="search=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/options-max-ops.mlir --sched-pipeline="search-max-ops=-1" -verify-diagnostics -o /dev/null

//--- reorder-off-wins.mlir
// Reordering for memory moves the all_gather's use before "expand", so its
// result is not live while the 64 MiB of "expand" are; within 5 % of that
// lower peak the gather cannot be issued ahead of "expand" and stays
// exposed. Without reordering the input's peak sets the budget and the
// gather hides behind "expand": the variant reorder=0 (variant 1) wins.
// With search=1, or with reorder=1 given (an option the user gives is not
// searched), the pipeline keeps the default's order and gives no search
// remark.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8
  // expected-remark@+2 {{@prefetch: step 186.307 -> 142.606 us, exposed comm 43.700 -> 0.000 us, peak memory 72.5 MiB -> 72.5 MiB (budget 76.13 MiB); optimal: equals the lower bound}}
  // expected-remark@+1 {{@prefetch: search: variant 1 of 12 (reorder=0) wins: step 186.307 -> 142.606 us (-23.5 %), peak 68.5 MiB -> 72.5 MiB}}
  func.func @prefetch(%x: tensor<1024x1024xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g = sched.wait %f : !sched.future<tensor<1024x1024xf32>>
    %a = sched.compute "expand" ins(%x : tensor<1024x1024xf32>) cost <flops = 400000000, bytes_read = 4194304, bytes_written = 67108864> -> (tensor<4096x4096xf32>)
    %b = sched.compute "reduce" ins(%a : tensor<4096x4096xf32>) cost <flops = 400000000, bytes_read = 67108864, bytes_written = 16> -> (tensor<4xf32>)
    %c = sched.compute "use" ins(%g : tensor<1024x1024xf32>) cost <flops = 1000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %b, %c : tensor<4xf32>, tensor<4xf32>
  }
}

// ONE: remark: @prefetch: step 186.307 -> 186.307 us
// ONE-NOT: remark: @prefetch: search:

// The kept result is the input order with the gather issued first and
// waited for after "expand".
// WIN:      %[[F:.*]] = sched.all_gather_start %arg1
// WIN-NEXT: sched.compute "expand"
// WIN-NEXT: sched.wait %[[F]]
// WIN-NEXT: sched.compute "reduce"
// WIN-NEXT: sched.compute "use"

// With explain=1 every candidate gets its step and peak, in the documented
// order: the default, then reorder=0, then bucket-order=exposed-first.
// EXPLAIN:      remark: @prefetch: search: variant 0 (default): step 186.307 us, peak 68.5 MiB
// EXPLAIN:      remark: @prefetch: search: variant 1 (reorder=0): step 142.606 us, peak 72.5 MiB
// EXPLAIN:      remark: @prefetch: search: variant 2 (bucket-order=exposed-first): step 186.307 us, peak 68.5 MiB
// EXPLAIN:      remark: @prefetch: search: variant 1 of 3 (reorder=0) wins: step 186.307 -> 142.606 us (-23.5 %), peak 68.5 MiB -> 72.5 MiB

//--- default-wins.mlir
// One gather that only 40 of its 43.7 us of compute can hide: every variant
// gives the same step, so the default's result is kept (ties go to the
// earlier variant) and, with explain=1, the search says so. bucket=0 is
// given, so bucketing is not searched: the variants are reorder=0 and
// keep-collective-order=1, alone and together.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8
  // expected-remark@+8 {{@hidden: search: memory budget 1000000000 bytes (953.67 MiB, the input's peak 8912928 bytes); a variant is kept within it or within the default's peak 8912928 bytes}}
  // expected-remark@+7 {{@hidden: order 'exact': peak 8.5 MiB -> 8.5 MiB (-16 B)}}
  // expected-remark@+6 {{@hidden: step 123.700 -> 83.700 us}}
  // expected-remark@+5 {{@hidden: search: variant 0 (default): step 83.700 us, peak 8.5 MiB}}
  // expected-remark@+4 {{@hidden: search: variant 1 (reorder=0): step 83.700 us, peak 8.5 MiB}}
  // expected-remark@+3 {{@hidden: search: variant 2 (keep-collective-order=1): step 83.700 us, peak 8.5 MiB}}
  // expected-remark@+2 {{@hidden: search: variant 3 (reorder=0 keep-collective-order=1): step 83.700 us, peak 8.5 MiB}}
  // expected-remark@+1 {{@hidden: search: the default pipeline is the best of 4 variants (step 83.700 us)}}
  func.func @hidden(%x: tensor<1024x1024xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %a = sched.compute "first" ins(%x : tensor<1024x1024xf32>) cost <flops = 400000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    // expected-remark@+1 {{exposed 3.700 of 43.700 us: only 40.000 us of independent compute before its first use}}
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g = sched.wait %f : !sched.future<tensor<1024x1024xf32>>
    %c = sched.compute "use" ins(%g : tensor<1024x1024xf32>) cost <flops = 400000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %a, %c : tensor<4xf32>, tensor<4xf32>
  }
}

//--- not-searched.mlir
// The module has more ops than search-max-ops (all functions together), so
// each function runs only the default pipeline; explain=1 says why.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8
  // expected-remark@+3 {{@big: search: not searched: the module has 6 ops, more than search-max-ops=2}}
  // expected-remark@+2 {{@big: kept the original order}}
  // expected-remark@+1 {{@big: step 43.700 -> 43.700 us}}
  func.func @big(%w: tensor<128x1024xf32>) -> tensor<1024x1024xf32> {
    // expected-remark@+1 {{exposed 43.700 of 43.700 us: no independent compute between its inputs and its first use}}
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g = sched.wait %f : !sched.future<tensor<1024x1024xf32>>
    return %g : tensor<1024x1024xf32>
  }
}

//--- no-collectives.mlir
// Without a collective every variant gives the same order: not searched.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-remark@+3 {{@local: search: not searched: no collectives}}
  // expected-remark@+2 {{@local: kept the original order}}
  // expected-remark@+1 {{@local: step 40.000 -> 40.000 us}}
  func.func @local(%x: tensor<1024x1024xf32>) -> tensor<4xf32> {
    %a = sched.compute "first" ins(%x : tensor<1024x1024xf32>) cost <flops = 400000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %a : tensor<4xf32>
  }
}

//--- threads.mlir
// Functions are searched in parallel: each keeps only its own diagnostics,
// which come out in function order, and the output is the same from run to
// run, byte for byte.
// SAME-NOT: DIFFERENT
// SAME-NOT: FAILED
// SAME: 1 of 1 inputs deterministic
// THREADS: remark: @first: search: variant 1 of 12 (reorder=0) wins
// THREADS: remark: @second: search: variant 1 of 12 (reorder=0) wins
// THREADS: remark: @third: search: variant 1 of 12 (reorder=0) wins
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8
  func.func @first(%x: tensor<1024x1024xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g = sched.wait %f : !sched.future<tensor<1024x1024xf32>>
    %a = sched.compute "expand" ins(%x : tensor<1024x1024xf32>) cost <flops = 400000000, bytes_read = 4194304, bytes_written = 67108864> -> (tensor<4096x4096xf32>)
    %b = sched.compute "reduce" ins(%a : tensor<4096x4096xf32>) cost <flops = 400000000, bytes_read = 67108864, bytes_written = 16> -> (tensor<4xf32>)
    %c = sched.compute "use" ins(%g : tensor<1024x1024xf32>) cost <flops = 1000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %b, %c : tensor<4xf32>, tensor<4xf32>
  }
  func.func @second(%x: tensor<1024x1024xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g = sched.wait %f : !sched.future<tensor<1024x1024xf32>>
    %a = sched.compute "expand" ins(%x : tensor<1024x1024xf32>) cost <flops = 400000000, bytes_read = 4194304, bytes_written = 67108864> -> (tensor<4096x4096xf32>)
    %b = sched.compute "reduce" ins(%a : tensor<4096x4096xf32>) cost <flops = 400000000, bytes_read = 67108864, bytes_written = 16> -> (tensor<4xf32>)
    %c = sched.compute "use" ins(%g : tensor<1024x1024xf32>) cost <flops = 1000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %b, %c : tensor<4xf32>, tensor<4xf32>
  }
  func.func @third(%x: tensor<1024x1024xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g = sched.wait %f : !sched.future<tensor<1024x1024xf32>>
    %a = sched.compute "expand" ins(%x : tensor<1024x1024xf32>) cost <flops = 400000000, bytes_read = 4194304, bytes_written = 67108864> -> (tensor<4096x4096xf32>)
    %b = sched.compute "reduce" ins(%a : tensor<4096x4096xf32>) cost <flops = 400000000, bytes_read = 67108864, bytes_written = 16> -> (tensor<4xf32>)
    %c = sched.compute "use" ins(%g : tensor<1024x1024xf32>) cost <flops = 1000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %b, %c : tensor<4xf32>, tensor<4xf32>
  }
}

//--- options.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{search must be at least 1 (1: only the default pipeline), got 0}}
  func.func @search(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}

//--- options-max-ops.mlir
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  // expected-error@+1 {{search-max-ops must be non-negative, got -1}}
  func.func @max_ops(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
}
