// RUN: sched-opt %s --sched-schedule-overlap="max-in-flight=2 profile=%S/Inputs/overlap-profile.json memory-budget=1000000 explain=0" 2>/dev/null | FileCheck %s --check-prefix=FREE
// RUN: sched-opt %s --sched-schedule-overlap="max-in-flight=2 explain=1 profile=%S/Inputs/overlap-profile.json memory-budget=1000000" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=FREE-REMARK
// RUN: sched-opt %s --sched-schedule-overlap="max-in-flight=2 profile=%S/Inputs/overlap-profile.json memory-budget=1000000 explain=0" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=critical-path
// RUN: sched-opt %s --sched-schedule-overlap="max-in-flight=2 profile=%S/Inputs/overlap-profile.json memory-budget=544 explain=0" 2>/dev/null | FileCheck %s --check-prefix=TIGHT
// RUN: sched-opt %s --sched-schedule-overlap="max-in-flight=2 explain=1 profile=%S/Inputs/overlap-profile.json memory-budget=544" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT-REMARK --implicit-check-not=critical-path

// max-in-flight=2 pins the cap these tests were written for (by default the
// pass searches the caps: schedule-overlap-caps.mlir).

// Interleaving independent chains (the critical-path strategy,
// CriticalPathSchedule.cpp). Two micro-batches of gradient accumulation,
// each of two layers: every layer all-gathers its weights on @fsdp (each
// micro-batch gathers them again, as FSDP does), runs 1 ms of compute and
// all-reduces the result on @tp, which the next layer needs. Every
// collective takes 1 ms (from the profile). Within one micro-batch nothing
// can hide a @tp all_reduce: only the other micro-batch's compute can.
//
// The list scheduler follows the input order outside the next collective's
// feeders: micro-batch 0's compute runs first, and micro-batch 1's hides
// only one of its all_reduces (8 ms). The critical-path scheduler runs the
// ready compute with the longest remaining path (in simulated time, the
// collectives counted) and issues the gathers in that order too: the first
// layers of both micro-batches go first, and each micro-batch's compute
// hides the other's all_reduce. Only the first gather and the last
// all_reduce stay exposed: 12 -> 6 ms, the compute (4 ms) plus the two.
// It holds both micro-batches' gathered weights and activations at once:
// 576 bytes against the input's 448.
// FREE-LABEL: func.func @micro_batches
// FREE:      sched.compute "mb0_l0"
// FREE:      %[[R00:.*]] = sched.all_reduce_start
// FREE:      sched.compute "mb1_l0"
// FREE:      sched.wait %[[R00]]
// FREE:      %[[R10:.*]] = sched.all_reduce_start
// FREE-NEXT: sched.compute "mb0_l1"
// FREE:      sched.wait %[[R10]]
// FREE:      sched.compute "mb1_l1"

// With explain, a remark says which strategy won and against what.
// FREE-REMARK: remark: @{{[a-z_0-9]+}}: step 12000.000 -> 6000.000 us, exposed comm 8000.000 -> 2000.000 us, peak memory 448 B -> 576 B (budget 976.56 KiB)
// FREE-REMARK: remark: chose the critical-path schedule with bottom level priority (6000.000 us) over the list schedule (8000.000 us)
// QUIET: remark: @{{[a-z_0-9]+}}: step 12000.000 -> 6000.000 us

// A memory budget of 544 bytes forbids the interleaving: the critical-path
// schedule is no faster within it, so the list schedule stays, micro-batch
// by micro-batch (8 ms), and no remark names a strategy.
// TIGHT-LABEL: func.func @micro_batches
// TIGHT:       sched.compute "mb0_l0"
// TIGHT:       sched.compute "mb0_l1"
// TIGHT:       sched.compute "mb1_l0"
// TIGHT:       sched.compute "mb1_l1"
// TIGHT-REMARK: remark: @{{[a-z_0-9]+}}: step 12000.000 -> 8000.000 us, exposed comm 8000.000 -> 4000.000 us, peak memory 448 B -> 512 B (budget 544 B)
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @tp size = 2
  sched.process_group @fsdp size = 2
  func.func @micro_batches(%x0: tensor<4x4xf32>, %x1: tensor<4x4xf32>, %w0: tensor<2x4xf32>, %w1: tensor<2x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %g0_0 = sched.all_gather_start %w0 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gw0_0 = sched.wait %g0_0 : !sched.future<tensor<4x4xf32>>
    %c0_0 = sched.compute "mb0_l0" ins(%x0, %gw0_0 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %r0_0 = sched.all_reduce_start %c0_0 on @tp reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %rw0_0 = sched.wait %r0_0 : !sched.future<tensor<4x4xf32>>
    %g0_1 = sched.all_gather_start %w1 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gw0_1 = sched.wait %g0_1 : !sched.future<tensor<4x4xf32>>
    %c0_1 = sched.compute "mb0_l1" ins(%rw0_0, %gw0_1 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %r0_1 = sched.all_reduce_start %c0_1 on @tp reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %rw0_1 = sched.wait %r0_1 : !sched.future<tensor<4x4xf32>>
    %g1_0 = sched.all_gather_start %w0 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gw1_0 = sched.wait %g1_0 : !sched.future<tensor<4x4xf32>>
    %c1_0 = sched.compute "mb1_l0" ins(%x1, %gw1_0 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %r1_0 = sched.all_reduce_start %c1_0 on @tp reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %rw1_0 = sched.wait %r1_0 : !sched.future<tensor<4x4xf32>>
    %g1_1 = sched.all_gather_start %w1 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gw1_1 = sched.wait %g1_1 : !sched.future<tensor<4x4xf32>>
    %c1_1 = sched.compute "mb1_l1" ins(%rw1_0, %gw1_1 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %r1_1 = sched.all_reduce_start %c1_1 on @tp reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %rw1_1 = sched.wait %r1_1 : !sched.future<tensor<4x4xf32>>
    return %rw0_1, %rw1_1 : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
