// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="profile=%S/Inputs/overlap-profile.json memory-budget=1000000 explain=0" --mlir-print-op-on-diagnostic=false 2>/dev/null | FileCheck %s
// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="explain=1 profile=%S/Inputs/overlap-profile.json memory-budget=1000000" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The scenarios of Inductor's overlap scheduler tests (PyTorch's
// test/distributed/test_aten_comm_compute_reordering.py and
// test_overlap_bucketing_unit.py), numbered CS-NN here, with their cost
// convention: every collective takes 1 ms (from
// the profile), every "mm" 1 ms, pointwise ops nothing. The memory budget is
// generous, as Inductor's default 1 GiB allowance is for these tiny tensors.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests CS-10: the wait sinks below independent compute.
  // CHECK-LABEL: func.func @sink_wait
  // CHECK:      %[[R:.*]] = sched.all_reduce_start
  // CHECK-NEXT: %[[M1:.*]] = sched.compute "mm"
  // CHECK-NEXT: %[[W:.*]] = sched.wait %[[R]]
  // CHECK-NEXT: sched.compute "mm" ins(%[[W]], %[[M1]]
  // REMARK: remark: @{{[a-z_0-9]+}}: step 3000.000 -> 2000.000 us, exposed comm 1000.000 -> 0.000 us
  func.func @sink_wait(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %r = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %rw = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%rw, %m1 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %m2 : tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests CS-11: the collective is raised together with its cheap prologue
  // (u) so that m1 hides it.
  // CHECK-LABEL: func.func @raise_with_prologue
  // CHECK:      %[[M0:.*]] = sched.compute "mm"
  // CHECK-NEXT: %[[U:.*]] = sched.compute "add"
  // CHECK-NEXT: %[[R:.*]] = sched.all_reduce_start %[[U]]
  // CHECK-NEXT: sched.compute "relu"
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: sched.wait %[[R]]
  // REMARK: remark: @{{[a-z_0-9]+}}: step 4000.000 -> 3000.000 us, exposed comm 1000.000 -> 0.000 us
  func.func @raise_with_prologue(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %m0 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %t = sched.compute "relu" ins(%m0 : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %m1 = sched.compute "mm" ins(%t, %t : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %u = sched.compute "add" ins(%m0 : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %r = sched.all_reduce_start %u on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %rw = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m2 = sched.compute "mm" ins(%m1, %rw : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %m2 : tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests CS-12: the full order. Inductor gives m0, t0, r, m1, t1, m2, rw,
  // m3. Here r is issued as soon as m0 is done, and its wait is placed as
  // soon as the collective has ended (after m1): no stall either way, and the
  // collective's input dies earlier.
  // CHECK-LABEL: func.func @exact_order
  // CHECK:      %[[M0:.*]] = sched.compute "mm" ins(%{{.*}}, %{{.*}} :
  // CHECK-NEXT: %[[R:.*]] = sched.all_reduce_start %[[M0]]
  // CHECK-NEXT: %[[T0:.*]] = sched.compute "relu" ins(%[[M0]]
  // CHECK-NEXT: %[[M1:.*]] = sched.compute "mm" ins(%[[T0]], %[[T0]]
  // CHECK-NEXT: %[[W:.*]] = sched.wait %[[R]]
  // CHECK-NEXT: %[[T1:.*]] = sched.compute "relu" ins(%[[M1]]
  // CHECK-NEXT: %[[M2:.*]] = sched.compute "mm" ins(%[[T1]], %[[T1]]
  // CHECK-NEXT: sched.compute "mm" ins(%[[W]], %[[M2]]
  // REMARK: remark: @{{[a-z_0-9]+}}: step 4000.000 -> 4000.000 us, exposed comm 0.000 -> 0.000 us
  func.func @exact_order(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %m0 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %t0 = sched.compute "relu" ins(%m0 : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %m1 = sched.compute "mm" ins(%t0, %t0 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %r = sched.all_reduce_start %m0 on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %t1 = sched.compute "relu" ins(%m1 : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%t1, %t1 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %rw = sched.wait %r : !sched.future<tensor<4x4xf32>>
    %m3 = sched.compute "mm" ins(%rw, %m2 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %m3 : tensor<4x4xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // Tests CS-13. Inductor hides r1 behind the two independent mms and leaves
  // r2 exposed. Here the compute that feeds r2 (relu, mm, mul) runs first,
  // and %g, which r2 does not need, is deferred until r2 is issued: it hides
  // r2 while r1 hides behind the other mm. Both are hidden, and the step is
  // the compute alone (the bound).
  // CHECK-LABEL: func.func @cs13_defer_to_hide_both
  // CHECK:      %[[R1:.*]] = sched.all_reduce_start
  // CHECK-NEXT: sched.compute "relu"
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: sched.wait %[[R1]]
  // CHECK-NEXT: sched.compute "mul"
  // CHECK-NEXT: %[[R2:.*]] = sched.all_reduce_start
  // CHECK-NEXT: sched.compute "mm"
  // CHECK-NEXT: sched.wait %[[R2]]
  // CHECK-NEXT: sched.compute "add"
  // CHECK-NEXT: sched.compute "mm"
  // REMARK: remark: @{{[a-z_0-9]+}}: step 5000.000 -> 3000.000 us, exposed comm 2000.000 -> 0.000 us
  // REMARK: remark: deferred 1 compute op (1000.000 us) until 1 collective that does not need it could start
  func.func @cs13_defer_to_hide_both(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %r1w = sched.wait %r1 : !sched.future<tensor<4x4xf32>>
    %g = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %c = sched.compute "relu" ins(%a : tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %d = sched.compute "mm" ins(%c, %c : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %f = sched.compute "mul" ins(%d, %c, %r1w : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %r2 = sched.all_reduce_start %f on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %r2w = sched.wait %r2 : !sched.future<tensor<4x4xf32>>
    %s = sched.compute "add" ins(%d, %r1w, %r2w : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 0> -> (tensor<4x4xf32>)
    %e = sched.compute "mm" ins(%s, %g : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    return %e : tensor<4x4xf32>
  }
}
