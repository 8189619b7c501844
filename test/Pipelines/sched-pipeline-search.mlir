// Tests sched-pipeline's search over variants of its options
// (docs/passes/Pipeline.md, "The search"): every variant runs on the
// function's input, the fastest valid result is kept, and only a win of a
// variant other than the default gets a remark unless explain=1.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/keep-order-wins.mlir --sched-pipeline -verify-diagnostics | FileCheck %s --check-prefix=WIN
// RUN: sched-opt %t/keep-order-wins.mlir --sched-pipeline="explain=1 search=5" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: sched-opt %t/default-wins.mlir --sched-pipeline="explain=1 search=4 bucket=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/keep-order-wins.mlir --sched-pipeline="search=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: sched-opt %t/keep-order-wins.mlir --sched-pipeline="keep-collective-order=0" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: sched-opt %t/not-searched.mlir --sched-pipeline="explain=1 search-max-ops=2" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/no-collectives.mlir --sched-pipeline="explain=1" -verify-diagnostics -o /dev/null
// RUN: %python %sched_src_root/utils/check-determinism.py sched-opt --args="--sched-pipeline=explain=1" %t/threads.mlir | FileCheck %s --check-prefix=SAME
// RUN: sched-opt %t/threads.mlir --sched-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: sched-opt %t/options.mlir --sched-pipeline="search=0" -verify-diagnostics -o /dev/null
// RUN: sched-opt %t/options-max-ops.mlir --sched-pipeline="search-max-ops=-1" -verify-diagnostics -o /dev/null

//--- keep-order-wins.mlir
// The big gather of "w" is ready at once; the small gather feeding
// "use_small" (50 us, the compute that can hide the big one) only after
// "prepare". Issuing as early as possible, the default starts the big
// gather first and the small one queues behind it, so "use_small" waits for
// both and the big gather's use is exposed. Issued in their input order
// (keep-collective-order=1, variant 4), the small gather goes first and the
// big one hides behind "use_small": that variant wins. With search=1, or
// with keep-collective-order=0 given (an option the user gives is not
// searched), the pipeline keeps the default's order and gives no search
// remark.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8
  // expected-remark@+4 {{@urgent: kept the original order: peak 4.5 MiB (original 4.5 MiB, greedy 4.5 MiB, bfs 4.5 MiB, dfs 4.5 MiB, exact 4.5 MiB)}}
  // expected-remark@+3 {{@urgent: step 120.736 -> 77.036 us, exposed comm 50.736 -> 7.036 us, peak memory 4.5 MiB -> 4.5 MiB (+3.98 KiB) (budget 953.67 MiB); optimal: equals the lower bound; 1 collective stays exposed (explain=1 says why)}}
  // expected-remark@+2 {{@urgent: no bucket made, exposed comm 7.036 -> 7.036 us; explain=1 gives each decision}}
  // expected-remark@+1 {{@urgent: search: variant 4 of 12 (keep-collective-order=1) wins: step 103.700 -> 77.036 us (-25.7 %), peak 4.5 MiB -> 4.5 MiB (-512 B)}}
  func.func @urgent(%x: tensor<8x16xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %k = sched.compute "prepare" ins(%x : tensor<8x16xf32>) cost <flops = 100000000, bytes_read = 512, bytes_written = 512> -> (tensor<8x16xf32>)
    %f1 = sched.all_gather_start %k on @dp gather_dim = 0 : tensor<8x16xf32> -> !sched.future<tensor<64x16xf32>>
    %g1 = sched.wait %f1 : !sched.future<tensor<64x16xf32>>
    %u1 = sched.compute "use_small" ins(%g1 : tensor<64x16xf32>) cost <flops = 500000000, bytes_read = 4096, bytes_written = 16> -> (tensor<4xf32>)
    // expected-remark@+1 {{1 start not bucketed with the bucket before it (this one): no placement of the merged start and wait keeps the dependences, the memory accesses and the overlap}}
    %f2 = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g2 = sched.wait %f2 : !sched.future<tensor<1024x1024xf32>>
    %u2 = sched.compute "use_big" ins(%g2 : tensor<1024x1024xf32>) cost <flops = 100000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %u1, %u2 : tensor<4xf32>, tensor<4xf32>
  }
}

// ONE: remark: @urgent: step 120.736 -> 103.700 us
// ONE-NOT: remark: @urgent: search:

// The kept result issues the small gather first, then the big one, which
// "use_small" hides.
// WIN:      %[[K:.*]] = sched.compute "prepare"
// WIN-NEXT: %[[F1:.*]] = sched.all_gather_start %[[K]]
// WIN-NEXT: sched.wait %[[F1]]
// WIN-NEXT: %[[F2:.*]] = sched.all_gather_start %arg1
// WIN-NEXT: sched.compute "use_small"
// WIN-NEXT: sched.wait %[[F2]]
// WIN-NEXT: sched.compute "use_big"

// With explain=1 every candidate gets its step and peak, in the documented
// order: the default, reorder=0, bucket-order=exposed-first, bucket=0, then
// keep-collective-order=1.
// EXPLAIN:      remark: @urgent: search: variant 0 (default): step 103.700 us, peak 4.5 MiB
// EXPLAIN:      remark: @urgent: search: variant 1 (reorder=0): step 103.700 us, peak 4.5 MiB
// EXPLAIN:      remark: @urgent: search: variant 2 (bucket-order=exposed-first): step 103.700 us, peak 4.5 MiB
// EXPLAIN:      remark: @urgent: search: variant 3 (bucket=0): step 103.700 us, peak 4.5 MiB
// EXPLAIN:      remark: @urgent: search: variant 4 (keep-collective-order=1): step 77.036 us, peak 4.5 MiB
// EXPLAIN:      remark: @urgent: search: variant 4 of 5 (keep-collective-order=1) wins: step 103.700 -> 77.036 us (-25.7 %), peak 4.5 MiB -> 4.5 MiB (-512 B)

//--- default-wins.mlir
// One gather that only 40 of its 43.7 us of compute can hide: every variant
// gives the same step, so the default's result is kept (ties go to the
// earlier variant) and, with explain=1, the search says so. bucket=0 is
// given, so bucketing is not searched: the variants are reorder=0 and
// keep-collective-order=1, alone and together.
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8
  // expected-remark@+9 {{kept in-flight cap 1 (1 in-flight cap tried): in-flight cap 1: step 83.700 us, peak 8.5 MiB}}
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
  // expected-remark@+4 {{kept in-flight cap 1 (1 in-flight cap tried): in-flight cap 1: step 43.700 us, peak 4.5 MiB}}
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
  // expected-remark@+4 {{kept in-flight cap 1 (1 in-flight cap tried): in-flight cap 1: step 40.000 us, peak 4 MiB}}
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
// THREADS: remark: @first: search: variant 4 of 12 (keep-collective-order=1) wins
// THREADS: remark: @second: search: variant 4 of 12 (keep-collective-order=1) wins
// THREADS: remark: @third: search: variant 4 of 12 (keep-collective-order=1) wins
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 8 ranks_per_node = 8
  func.func @first(%x: tensor<8x16xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %k = sched.compute "prepare" ins(%x : tensor<8x16xf32>) cost <flops = 100000000, bytes_read = 512, bytes_written = 512> -> (tensor<8x16xf32>)
    %f1 = sched.all_gather_start %k on @dp gather_dim = 0 : tensor<8x16xf32> -> !sched.future<tensor<64x16xf32>>
    %g1 = sched.wait %f1 : !sched.future<tensor<64x16xf32>>
    %u1 = sched.compute "use_small" ins(%g1 : tensor<64x16xf32>) cost <flops = 500000000, bytes_read = 4096, bytes_written = 16> -> (tensor<4xf32>)
    %f2 = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g2 = sched.wait %f2 : !sched.future<tensor<1024x1024xf32>>
    %u2 = sched.compute "use_big" ins(%g2 : tensor<1024x1024xf32>) cost <flops = 100000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %u1, %u2 : tensor<4xf32>, tensor<4xf32>
  }
  func.func @second(%x: tensor<8x16xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %k = sched.compute "prepare" ins(%x : tensor<8x16xf32>) cost <flops = 100000000, bytes_read = 512, bytes_written = 512> -> (tensor<8x16xf32>)
    %f1 = sched.all_gather_start %k on @dp gather_dim = 0 : tensor<8x16xf32> -> !sched.future<tensor<64x16xf32>>
    %g1 = sched.wait %f1 : !sched.future<tensor<64x16xf32>>
    %u1 = sched.compute "use_small" ins(%g1 : tensor<64x16xf32>) cost <flops = 500000000, bytes_read = 4096, bytes_written = 16> -> (tensor<4xf32>)
    %f2 = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g2 = sched.wait %f2 : !sched.future<tensor<1024x1024xf32>>
    %u2 = sched.compute "use_big" ins(%g2 : tensor<1024x1024xf32>) cost <flops = 100000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %u1, %u2 : tensor<4xf32>, tensor<4xf32>
  }
  func.func @third(%x: tensor<8x16xf32>, %w: tensor<128x1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %k = sched.compute "prepare" ins(%x : tensor<8x16xf32>) cost <flops = 100000000, bytes_read = 512, bytes_written = 512> -> (tensor<8x16xf32>)
    %f1 = sched.all_gather_start %k on @dp gather_dim = 0 : tensor<8x16xf32> -> !sched.future<tensor<64x16xf32>>
    %g1 = sched.wait %f1 : !sched.future<tensor<64x16xf32>>
    %u1 = sched.compute "use_small" ins(%g1 : tensor<64x16xf32>) cost <flops = 500000000, bytes_read = 4096, bytes_written = 16> -> (tensor<4xf32>)
    %f2 = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %g2 = sched.wait %f2 : !sched.future<tensor<1024x1024xf32>>
    %u2 = sched.compute "use_big" ins(%g2 : tensor<1024x1024xf32>) cost <flops = 100000000, bytes_read = 4194304, bytes_written = 16> -> (tensor<4xf32>)
    return %u1, %u2 : tensor<4xf32>, tensor<4xf32>
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
