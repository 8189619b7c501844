// RUN: sched-opt %s -split-input-file --sched-bucket-collectives="profile=%S/Inputs/bucket-profile.json bucket-cap-bytes=1024 window=4" --mlir-print-op-on-diagnostic=false -verify-diagnostics | FileCheck %s

// Inductor's bucketing scenarios (shared/research/inductor.md section 6.C
// and 6.D): every all_gather, all_reduce and reduce_scatter takes 1 ms
// whatever its size (from the profile), every "mm" 1 ms. The cap is 1 KiB and
// the window 4 ops.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests CS-22: two independent all_gathers, each hidden by one mm, become
  // one collective at the first start, waited at the first wait.
  // CHECK-LABEL: func.func @independent_all_gathers
  // CHECK-SAME:  (%[[A:.*]]: tensor<4x4xf32>, %[[B:.*]]: tensor<4x4xf32>)
  // CHECK:      %[[F:.*]] = sched.all_gather_start %[[A]], %[[B]] on @g gather_dim = 0 : tensor<4x4xf32>, tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>, tensor<8x4xf32>>
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]]:2 = sched.wait %[[F]]
  // CHECK-NEXT: return %[[W]]#0, %[[W]]#1
  // CHECK-NOT:  sched.wait
  func.func @independent_all_gathers(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    // expected-remark @below {{bucketed 2 all_gather_start ops, 256 bytes}}
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
    // expected-remark @below {{bucketed 2 all_reduce_start ops, 128 bytes}}
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
  // one collective waited where the first was; the uses follow it.
  // CHECK-LABEL: func.func @three_reduce_scatters
  // CHECK:      %[[F:.*]] = sched.reduce_scatter_start %{{.*}}, %{{.*}}, %{{.*}} on @g reduction = sum scatter_dim = 0 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32> -> !sched.future<tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>>
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]]:3 = sched.wait %[[F]]
  // CHECK-NEXT: sched.compute "add1" ins(%[[W]]#0
  // CHECK-NEXT: sched.compute "add2" ins(%[[W]]#1
  // CHECK-NEXT: sched.compute "add3" ins(%[[W]]#2
  // CHECK-NOT:  sched.wait
  func.func @three_reduce_scatters(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x4xf32>) {
    // expected-remark @below {{bucketed 3 reduce_scatter_start ops, 192 bytes}}
    %s1 = sched.reduce_scatter_start %a on @g reduction = sum scatter_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<2x4xf32>>
    %s2 = sched.reduce_scatter_start %b on @g reduction = sum scatter_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<2x4xf32>>
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
  // No bucket across kinds, groups or element types.
  // CHECK-LABEL: func.func @no_cross_key
  // CHECK-COUNT-4: _start %{{[a-z0-9]*}} on
  // CHECK-COUNT-4: sched.wait %{{[0-9]+}} :
  func.func @no_cross_key(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf16>) -> (tensor<8x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>, tensor<8x4xf16>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s2 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    // expected-remark @below {{not bucketed with the previous all_gather_start: different process group}}
    %s3 = sched.all_gather_start %b on @h gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    // expected-remark @below {{not bucketed with the previous all_gather_start: different element type}}
    %s4 = sched.all_gather_start %c on @h gather_dim = 0 : tensor<4x4xf16> -> !sched.future<tensor<8x4xf16>>
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<4x4xf32>>
    %w3 = sched.wait %s3 : !sched.future<tensor<8x4xf32>>
    %w4 = sched.wait %s4 : !sched.future<tensor<8x4xf16>>
    return %w1, %w2, %w3, %w4 : tensor<8x4xf32>, tensor<4x4xf32>, tensor<8x4xf32>, tensor<8x4xf16>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // A collective whose input comes from the first one's result must not join
  // it, nor one whose input is computed after the first start.
  // CHECK-LABEL: func.func @dependent
  // CHECK-COUNT-3: sched.all_gather_start %{{[a-z0-9]*}} on
  // CHECK-NOT:      sched.all_gather_start
  func.func @dependent(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %x = sched.compute "slice" ins(%w1 : tensor<8x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    // expected-remark @below {{not bucketed with the previous all_gather_start: its inputs are not ready at the bucket's start}}
    %s2 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %y = sched.compute "neg" ins(%b : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    // expected-remark @below {{not bucketed with the previous all_gather_start: its inputs are not ready at the bucket's start}}
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
    // expected-remark @below {{bucketed 2 all_reduce_start ops, 1024 bytes}}
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<8x16xf32> -> !sched.future<tensor<8x16xf32>>
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<8x16xf32> -> !sched.future<tensor<8x16xf32>>
    // expected-remark @below {{not bucketed with the previous all_reduce_start: the bucket would hold 1536 bytes, over the cap of 1024}}
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
  // profile: 600 us for 256 bytes, 1100 us for 512): the merged collective
  // would end after the first wait, which one mm hid before.
  // CHECK-LABEL: func.func @more_exposed
  // CHECK-COUNT-2: sched.all_to_all_start %{{[a-z0-9]*}} on
  func.func @more_exposed(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
    %s1 = sched.all_to_all_start %a on @g split_dim = 0 concat_dim = 0 : tensor<8x8xf32> -> !sched.future<tensor<8x8xf32>>
    // expected-remark @below {{not bucketed with the previous all_to_all_start: it would expose more communication (0.000 -> 100.000 us)}}
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
    // expected-remark @below {{bucketed 2 all_reduce_start ops, 128 bytes}}
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
    // expected-remark @below {{not bucketed with the previous all_gather_start: it would raise the peak memory (16640 -> 16768 bytes)}}
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %r, %w2 : tensor<4x4xf32>, tensor<8x4xf32>
  }
}
