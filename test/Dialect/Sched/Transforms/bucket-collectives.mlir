// RUN: sched-opt %s -split-input-file --sched-bucket-collectives="explain=1 profile=%S/Inputs/bucket-profile.json bucket-cap-bytes=1024 window=4" --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s

// Inductor's bucketing scenarios (PyTorch's
// test/distributed/test_overlap_bucketing_unit.py and the bucketing cases of
// test/distributed/test_aten_comm_compute_reordering.py,
// TestComputeCommReorderingBucketing), numbered CS-NN here: every all_gather, all_reduce and reduce_scatter takes 1 ms
// whatever its size (from the profile), every "mm" 1 ms. The cap is 1 KiB and
// the window 4 ops.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests CS-22: two independent all_gathers, each hidden by one mm, become
  // one collective at the first start, waited at the last wait (Inductor's
  // placement (start(s1), wait(s2)), the first tried).
  // CHECK-LABEL: func.func @independent_all_gathers
  // CHECK-SAME:  (%[[A:.*]]: tensor<4x4xf32>, %[[B:.*]]: tensor<4x4xf32>)
  // CHECK:      %[[F:.*]] = sched.all_gather_start %[[A]], %[[B]] on @g gather_dim = 0 : tensor<4x4xf32>, tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>, tensor<8x4xf32>>
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  // CHECK-NEXT: return %[[W]]#0, %[[W]]#1
  // CHECK-NOT:  sched.wait
  func.func @independent_all_gathers(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    // expected-remark @below {{bucketed 2 all_gather_start ops, 256 B, started at the first start and waited at the last wait}}
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %m1, %m2 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests CS-25: two all_reduces become one; both computes remain.
  // CHECK-LABEL: func.func @all_reduce_bucket
  // CHECK:      %[[F:.*]] = sched.all_reduce_start %{{.*}}, %{{.*}} on @g reduction = sum : tensor<4x4xf32>, tensor<4x4xf32>
  // CHECK-NEXT: %[[M1:.*]] = sched.compute "mm"
  // CHECK-NEXT: %[[M2:.*]] = sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  // CHECK-NEXT: sched.compute "add" ins(%[[W]]#0, %[[W]]#1, %[[M1]], %[[M2]]
  func.func @all_reduce_bucket(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
    // expected-remark @below {{bucketed 2 all_reduce_start ops, 128 B, started at the first start and waited at the last wait}}
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %r1 : !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %r2 : !sched.future<tensor<4x4xf32>>
    %o = sched.compute "add" ins(%w1, %w2, %m1, %m2 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    return %o : tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests CS-30: three reduce_scatters, each followed by its own use, become
  // one collective waited where the first was (the early wait: the late
  // one would come after a use); the uses follow it.
  // CHECK-LABEL: func.func @three_reduce_scatters
  // CHECK:      %[[F:.*]] = sched.reduce_scatter_start %{{.*}}, %{{.*}}, %{{.*}} on @g reduction = sum scatter_dim = 0 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32> -> !sched.future<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]]:3 = sched.wait %[[F]]
  // CHECK-NEXT: sched.compute "add1" ins(%[[W]]#0
  // CHECK-NEXT: sched.compute "add2" ins(%[[W]]#1
  // CHECK-NEXT: sched.compute "add3" ins(%[[W]]#2
  // CHECK-NOT:  sched.wait
  func.func @three_reduce_scatters(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x4xf32>) {
    // expected-remark @below {{bucketed 3 reduce_scatter_start ops, 192 B, started at the first start and waited at the first wait}}
    %s1 = sched.reduce_scatter_start %a on @g reduction = sum scatter_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<2x4xf32>>
    // expected-remark @below {{bucketed with the previous reduce_scatter_start at the early start, early wait (late wait: a result would be used before the wait)}}
    %s2 = sched.reduce_scatter_start %b on @g reduction = sum scatter_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<2x4xf32>>
    // expected-remark @below {{bucketed with the previous reduce_scatter_start at the early start, early wait (late wait: a result would be used before the wait)}}
    %s3 = sched.reduce_scatter_start %c on @g reduction = sum scatter_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<2x4xf32>>
    %m = sched.compute "mm" ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 3000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<2x4xf32>>
    %k1 = sched.compute "add1" ins(%w1 : tensor<2x4xf32>) cost <time_ns = 0> -> (tensor<2x4xf32>)
    %w2 = sched.wait %s2 : !sched.future<tensor<2x4xf32>>
    %k2 = sched.compute "add2" ins(%w2 : tensor<2x4xf32>) cost <time_ns = 0> -> (tensor<2x4xf32>)
    %w3 = sched.wait %s3 : !sched.future<tensor<2x4xf32>>
    %k3 = sched.compute "add3" ins(%w3 : tensor<2x4xf32>) cost <time_ns = 0> -> (tensor<2x4xf32>)
    return %k1, %k2, %k3, %m : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  sched.process_group @h size = 2
  // No bucket across kinds, groups or dims (element types may mix:
  // bucket-collectives-mixed-types.mlir).
  // CHECK-LABEL: func.func @no_cross_key
  // CHECK-COUNT-4: _start %{{[a-z0-9]*}} on
  // CHECK-COUNT-4: sched.wait %{{[0-9]+}} :
  func.func @no_cross_key(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf16>) -> (tensor<8x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>, tensor<4x8xf16>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    // expected-remark @below {{not bucketed with the previous all_gather_start: different process group}}
    %s3 = sched.all_gather_start %b on @h gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    // expected-remark @below {{not bucketed with the previous all_gather_start: different reduction or dims}}
    %s4 = sched.all_gather_start %c on @h gather_dim = 1 : tensor<4x4xf16> -> !sched.future<tensor<4x8xf16>>
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<4x4xf32>>
    %w3 = sched.wait %s3 : !sched.future<tensor<8x4xf32>>
    %w4 = sched.wait %s4 : !sched.future<tensor<4x8xf16>>
    return %w1, %w2, %w3, %w4 : tensor<8x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>, tensor<4x8xf16>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // A collective whose input comes from the first one's result must not join
  // it, nor one whose input is computed after the first start: the early
  // start is too early for it, the late start after the first wait, and
  // the late wait after a use of the first result. The second and the third
  // bucket at the third's start (the late start) and wait.
  // CHECK-LABEL: func.func @dependent
  // CHECK:      sched.all_gather_start %{{[a-z0-9]*}} on
  // CHECK:      sched.compute "slice"
  // CHECK-NEXT: sched.compute "neg"
  // CHECK-NEXT: %[[F:.*]] = sched.all_gather_start %{{.*}}, %{{.*}} on
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  // CHECK-NEXT: return %[[W]]#0, %[[W]]#1
  func.func @dependent(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %x = sched.compute "slice" ins(%w1 : tensor<8x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    // expected-remark @+2 {{not bucketed with the previous all_gather_start: early start: its inputs are not ready; late wait: a result would be used before the wait; late start, early wait: the start would come after the wait}}
    // expected-remark @+1 {{bucketed 2 all_gather_start ops, 256 B, started at the last start and waited at the last wait}}
    %s2 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %y = sched.compute "neg" ins(%b : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    // expected-remark @+2 {{not bucketed with the previous all_gather_start: early start: its inputs are not ready; late wait: a result would be used before the wait; late start, early wait: the start would come after the wait}}
    // expected-remark @+1 {{bucketed with the previous all_gather_start at the late start, late wait (early start: its inputs are not ready)}}
    %s3 = sched.all_gather_start %y on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    %w3 = sched.wait %s3 : !sched.future<tensor<8x4xf32>>
    return %w2, %w3 : tensor<8x4xf32>, tensor<8x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // The cap (1 KiB) stops the first bucket at two 512-byte all_reduces; the
  // third starts a bucket of its own.
  // CHECK-LABEL: func.func @cap
  // CHECK:      sched.all_reduce_start %{{.*}}, %{{.*}} on @g
  // CHECK-NEXT: sched.all_reduce_start %{{[a-z0-9]*}} on @g
  func.func @cap(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
    // expected-remark @below {{bucketed 2 all_reduce_start ops, 1 KiB, started at the first start and waited at the last wait}}
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<8x16xf32> -> !sched.future<tensor<8x16xf32>>
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<8x16xf32> -> !sched.future<tensor<8x16xf32>>
    // expected-remark @below {{not bucketed with the previous all_reduce_start: the bucket would hold 1.5 KiB, over the cap of 1 KiB}}
    %r3 = sched.all_reduce_start %c on @g reduction = sum : tensor<8x16xf32> -> !sched.future<tensor<8x16xf32>>
    %w1 = sched.wait %r1 : !sched.future<tensor<8x16xf32>>
    %w2 = sched.wait %r2 : !sched.future<tensor<8x16xf32>>
    %w3 = sched.wait %r3 : !sched.future<tensor<8x16xf32>>
    return %w1, %w2, %w3 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // The window (4 ops between the first and last start) keeps far apart
  // starts in separate buckets.
  // CHECK-LABEL: func.func @window
  // CHECK-COUNT-2: sched.all_reduce_start %{{[a-z0-9]*}} on
  func.func @window(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %c1 = sched.compute "c1" ins(%a : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %c2 = sched.compute "c2" ins(%c1 : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %c3 = sched.compute "c3" ins(%c2 : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %c4 = sched.compute "c4" ins(%c3 : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %c5 = sched.compute "c5" ins(%c4 : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    // expected-remark @below {{not bucketed with the previous all_reduce_start: 5 ops after the bucket's start, over the window of 4}}
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w1 = sched.wait %r1 : !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %r2 : !sched.future<tensor<4x4xf32>>
    return %w1, %w2, %c5 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // all_to_all time grows with size (100 us + 2 us per byte... per the
  // profile: 600 us for 256 bytes, 1100 us for 512). Waited at the first
  // wait, the merged collective would end after it, which one mm hid before;
  // waited at the last wait (the late wait, the first placement tried), it
  // stays hidden behind both mm.
  // CHECK-LABEL: func.func @late_wait_keeps_overlap
  // CHECK:      %[[F:.*]] = sched.all_to_all_start %{{.*}}, %{{.*}} on
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  func.func @late_wait_keeps_overlap(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
    // expected-remark @below {{bucketed 2 all_to_all_start ops, 512 B, started at the first start and waited at the last wait}}
    %s1 = sched.all_to_all_start %a on @g split_dim = 0 concat_dim = 0 : tensor<8x8xf32> -> !sched.future<tensor<8x8xf32>>
    %s2 = sched.all_to_all_start %b on @g split_dim = 0 concat_dim = 0 : tensor<8x8xf32> -> !sched.future<tensor<8x8xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<8x8xf32>, tensor<8x8xf32>) cost <time_ns = 1000000> -> (tensor<8x8xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x8xf32>>
    %m2 = sched.compute "mm" ins(%b, %b : tensor<8x8xf32>, tensor<8x8xf32>) cost <time_ns = 1000000> -> (tensor<8x8xf32>)
    %w2 = sched.wait %s2 : !sched.future<tensor<8x8xf32>>
    return %w1, %w2, %m1, %m2 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Neither collective is fully hidden (each mm takes 500 us, each
  // all_to_all 600 us; 200 us exposed). A use of the first result before the
  // second wait rules out the late wait, and at the early wait the merged
  // collective (1100 us) is waited 500 us after it starts.
  // CHECK-LABEL: func.func @more_exposed
  // CHECK-COUNT-2: sched.all_to_all_start %{{[a-z0-9]*}} on
  func.func @more_exposed(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
    %s1 = sched.all_to_all_start %a on @g split_dim = 0 concat_dim = 0 : tensor<8x8xf32> -> !sched.future<tensor<8x8xf32>>
    // expected-remark @below {{not bucketed with the previous all_to_all_start: late wait: a result would be used before the wait; early start, early wait: it would expose more communication (200.000 -> 600.000 us); late start, early wait: it would expose more communication (200.000 -> 600.000 us)}}
    %s2 = sched.all_to_all_start %b on @g split_dim = 0 concat_dim = 0 : tensor<8x8xf32> -> !sched.future<tensor<8x8xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<8x8xf32>, tensor<8x8xf32>) cost <time_ns = 500000> -> (tensor<8x8xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x8xf32>>
    %u = sched.compute "use" ins(%w1 : tensor<8x8xf32>) cost <time_ns = 0> -> (tensor<8x8xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<8x8xf32>, tensor<8x8xf32>) cost <time_ns = 500000> -> (tensor<8x8xf32>)
    %w2 = sched.wait %s2 : !sched.future<tensor<8x8xf32>>
    return %u, %w2, %m1, %m2 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Buffer form: collectives into distinct fresh buffers bucket; the buffers
  // follow the inputs in the same order.
  // CHECK-LABEL: func.func @buffers
  // CHECK:      %[[XA:.*]] = memref.alloc()
  // CHECK-NEXT: %[[XB:.*]] = memref.alloc()
  // CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start %{{.*}}, %{{.*}} into %[[XA]], %[[XB]] on @g
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  // CHECK-NEXT: return %[[W]]#0, %[[W]]#1
  func.func @buffers(%a: memref<4x4xf32>, %b: memref<4x4xf32>) -> (memref<4x4xf32>, memref<4x4xf32>) {
    %xa = memref.alloc() : memref<4x4xf32>
    %xb = memref.alloc() : memref<4x4xf32>
    // expected-remark @below {{bucketed 2 all_reduce_start ops, 128 B}}
    %r1 = sched.all_reduce_start %a into %xa on @g reduction = sum : memref<4x4xf32> into memref<4x4xf32> -> !sched.future<memref<4x4xf32>>
    %r2 = sched.all_reduce_start %b into %xb on @g reduction = sum : memref<4x4xf32> into memref<4x4xf32> -> !sched.future<memref<4x4xf32>>
    %w1 = sched.wait %r1 : !sched.future<memref<4x4xf32>>
    %w2 = sched.wait %r2 : !sched.future<memref<4x4xf32>>
    return %w1, %w2 : memref<4x4xf32>, memref<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Buffer form: destinations that may alias (arguments) do not bucket.
  // CHECK-LABEL: func.func @maybe_aliasing_buffers
  // CHECK-COUNT-2: sched.all_reduce_start %{{[a-z0-9]*}} into
  func.func @maybe_aliasing_buffers(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %oa: memref<4x4xf32>, %ob: memref<4x4xf32>) -> (memref<4x4xf32>, memref<4x4xf32>) {
    %r1 = sched.all_reduce_start %a into %oa on @g reduction = sum : memref<4x4xf32> into memref<4x4xf32> -> !sched.future<memref<4x4xf32>>
    // expected-remark @below {{not bucketed with the previous all_reduce_start: it may access the memory of a collective of the bucket}}
    %r2 = sched.all_reduce_start %b into %ob on @g reduction = sum : memref<4x4xf32> into memref<4x4xf32> -> !sched.future<memref<4x4xf32>>
    %w1 = sched.wait %r1 : !sched.future<memref<4x4xf32>>
    %w2 = sched.wait %r2 : !sched.future<memref<4x4xf32>>
    return %w1, %w2 : memref<4x4xf32>, memref<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Moving the second start up keeps its output live across the large
  // temporary: bucketing would raise the peak memory.
  // CHECK-LABEL: func.func @peak_memory
  // CHECK-COUNT-2: sched.all_gather_start %{{[a-z0-9]*}} on
  func.func @peak_memory(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<8x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %t = sched.compute "expand" ins(%w1 : tensor<8x4xf32>) cost <time_ns = 0> -> (tensor<64x64xf32>)
    %r = sched.compute "reduce" ins(%t : tensor<64x64xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    // expected-remark @below {{not bucketed with the previous all_gather_start: late wait: a result would be used before the wait; early start, early wait: it would raise the peak memory (16.25 KiB -> 16.38 KiB); late start, early wait: the start would come after the wait}}
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %r, %w2 : tensor<4x4xf32>, tensor<8x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // The late start: the second input is computed after the first start, so
  // the bucket starts where the second did. The mm that hides the first
  // all_gather still comes after the merged start.
  // CHECK-LABEL: func.func @late_start
  // CHECK:      %[[Y:.*]] = sched.compute "neg"
  // CHECK-NEXT: %[[F:.*]] = sched.all_gather_start %{{.*}}, %[[Y]] on @g
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  // CHECK-NEXT: return %[[W]]#0, %[[W]]#1
  func.func @late_start(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>) {
    // expected-remark @below {{bucketed 2 all_gather_start ops, 256 B, started at the last start and waited at the last wait}}
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %y = sched.compute "neg" ins(%b : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    // expected-remark @below {{bucketed with the previous all_gather_start at the late start, late wait (early start: its inputs are not ready)}}
    %s2 = sched.all_gather_start %y on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 2000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %m : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // The early wait: the first result is used before the second wait, so
  // the bucket is waited where the first was.
  // CHECK-LABEL: func.func @early_wait
  // CHECK:      %[[F:.*]] = sched.all_gather_start %{{.*}}, %{{.*}} on @g
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  // CHECK-NEXT: sched.compute "use" ins(%[[W]]#0
  // CHECK-NEXT: return %{{.*}}, %[[W]]#1
  func.func @early_wait(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>) {
    // expected-remark @below {{bucketed 2 all_gather_start ops, 256 B, started at the first start and waited at the first wait}}
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    // expected-remark @below {{bucketed with the previous all_gather_start at the early start, early wait (late wait: a result would be used before the wait)}}
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 2000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %u = sched.compute "use" ins(%w1 : tensor<8x4xf32>) cost <time_ns = 0> -> (tensor<8x4xf32>)
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %u, %w2, %m : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // The interval-enclosure test: an all_reduce of the same group, hidden by
  // the mm, starts between the two all_gathers. At the early start the
  // bucket would start before it and be waited after the mm that hides it;
  // at the late start it would start before the bucket and be waited after
  // the mm that hides the bucket. The simulator sees no harm here (every
  // collective takes 1 ms, the mm 3 ms), but on an in-order stream the
  // bucket would hold the all_reduce back while its hiding compute runs.
  // CHECK-LABEL: func.func @enclosure
  // CHECK-COUNT-2: sched.all_gather_start %{{[a-z0-9]*}} on
  func.func @enclosure(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %r = sched.all_reduce_start %c on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    // expected-remark @below {{not bucketed with the previous all_gather_start: early start, late wait: the bucket would enclose the overlap of another collective of its group; early start, early wait: the bucket would enclose the overlap of another collective of its group; late start, late wait: another collective of its group would enclose the overlap of the bucket; late start, early wait: another collective of its group would enclose the overlap of the bucket}}
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 3000000> -> (tensor<4x4xf32>)
    %wr = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %wr, %m : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}
