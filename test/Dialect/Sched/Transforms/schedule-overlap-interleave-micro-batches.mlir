// RUN: sched-opt %s --sched-schedule-overlap="profile=%S/Inputs/overlap-profile.json memory-budget=1000000 explain=0" 2>/dev/null | FileCheck %s
// RUN: sched-opt %s --sched-schedule-overlap="explain=1 profile=%S/Inputs/overlap-profile.json memory-budget=1000000" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The interleaved micro-batch priority of the critical-path strategy
// (CriticalPathSchedule.cpp): two micro-batches of gradient accumulation,
// each a forward of two layers (0.5 ms of compute each, then a @tp
// all_reduce that the next layer needs) and a backward of two layers (2 ms
// each), every layer all-gathering its weights on @fsdp again; micro-batch
// 1's weight gradients are accumulated into micro-batch 0's. Every
// collective takes 1 ms (from the profile). No op names are read: the
// micro-batches are the ops that depend on f0_0 and on f1_0 (the compute
// ops that depend on no compute op; acc1_* join both and go with the later
// one), and each forward ends at its loss, the op that most of the
// micro-batch's values live across.
//
// A forward alone is bound by its collectives; the backward has link time
// to spare. The interleaved priority runs micro-batch 1's forward
// alongside micro-batch 0's backward (f0 | b0 + f1 | b1), the gathers in
// that order: 12.9 ms, against 14.4 ms for the list schedule; no other
// priority does as well (the remark names the winner).
// CHECK-LABEL: func.func @micro_batches
// CHECK:       sched.compute "f0_0"
// CHECK:       sched.compute "f0_1"
// CHECK:       sched.compute "f1_0"
// CHECK:       sched.compute "loss0"
// CHECK:       sched.compute "b0_1"
// CHECK:       sched.compute "f1_1"
// CHECK:       sched.compute "b0_0"
// CHECK:       sched.compute "loss1"
// CHECK:       sched.compute "b1_1"
// CHECK:       sched.compute "acc1_1"
// CHECK:       sched.compute "b1_0"
// CHECK:       sched.compute "acc1_0"

// REMARK: remark: @{{[a-z_0-9]+}}: step 22400.000 -> 12900.000 us, exposed comm 12000.000 -> 2500.000 us, peak memory 640 B -> 832 B (budget 976.56 KiB)
// REMARK: remark: chose the critical-path schedule with interleaved micro-batch priority (12900.000 us) over the list schedule (14400.000 us)
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @tp size = 2
  sched.process_group @fsdp size = 2
  func.func @micro_batches(%x0: tensor<4x4xf32>, %x1: tensor<4x4xf32>, %w0: tensor<2x4xf32>, %w1: tensor<2x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %gf0_0 = sched.all_gather_start %w0 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gf0_0w = sched.wait %gf0_0 : !sched.future<tensor<4x4xf32>>
    %a0_0 = sched.compute "f0_0" ins(%x0, %gf0_0w : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 500000> -> (tensor<4x4xf32>)
    %ra0_0 = sched.all_reduce_start %a0_0 on @tp reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %raw0_0 = sched.wait %ra0_0 : !sched.future<tensor<4x4xf32>>
    %gf0_1 = sched.all_gather_start %w1 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gf0_1w = sched.wait %gf0_1 : !sched.future<tensor<4x4xf32>>
    %a0_1 = sched.compute "f0_1" ins(%raw0_0, %gf0_1w : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 500000> -> (tensor<4x4xf32>)
    %ra0_1 = sched.all_reduce_start %a0_1 on @tp reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %raw0_1 = sched.wait %ra0_1 : !sched.future<tensor<4x4xf32>>
    %loss0 = sched.compute "loss0" ins(%raw0_1 : tensor<4x4xf32>) cost <time_ns = 100000> -> (tensor<4x4xf32>)
    %gb0_1 = sched.all_gather_start %w1 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gb0_1w = sched.wait %gb0_1 : !sched.future<tensor<4x4xf32>>
    %d0_1, %dw0_1 = sched.compute "b0_1" ins(%loss0, %raw0_0, %gb0_1w : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 2000000> -> (tensor<4x4xf32>, tensor<4x4xf32>)
    %gb0_0 = sched.all_gather_start %w0 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gb0_0w = sched.wait %gb0_0 : !sched.future<tensor<4x4xf32>>
    %d0_0, %dw0_0 = sched.compute "b0_0" ins(%d0_1, %x0, %gb0_0w : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 2000000> -> (tensor<4x4xf32>, tensor<4x4xf32>)
    %gf1_0 = sched.all_gather_start %w0 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gf1_0w = sched.wait %gf1_0 : !sched.future<tensor<4x4xf32>>
    %a1_0 = sched.compute "f1_0" ins(%x1, %gf1_0w : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 500000> -> (tensor<4x4xf32>)
    %ra1_0 = sched.all_reduce_start %a1_0 on @tp reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %raw1_0 = sched.wait %ra1_0 : !sched.future<tensor<4x4xf32>>
    %gf1_1 = sched.all_gather_start %w1 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gf1_1w = sched.wait %gf1_1 : !sched.future<tensor<4x4xf32>>
    %a1_1 = sched.compute "f1_1" ins(%raw1_0, %gf1_1w : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 500000> -> (tensor<4x4xf32>)
    %ra1_1 = sched.all_reduce_start %a1_1 on @tp reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %raw1_1 = sched.wait %ra1_1 : !sched.future<tensor<4x4xf32>>
    %loss1 = sched.compute "loss1" ins(%raw1_1 : tensor<4x4xf32>) cost <time_ns = 100000> -> (tensor<4x4xf32>)
    %gb1_1 = sched.all_gather_start %w1 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gb1_1w = sched.wait %gb1_1 : !sched.future<tensor<4x4xf32>>
    %d1_1, %dw1_1 = sched.compute "b1_1" ins(%loss1, %raw1_0, %gb1_1w : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 2000000> -> (tensor<4x4xf32>, tensor<4x4xf32>)
    %acc1_1 = sched.compute "acc1_1" ins(%dw0_1, %dw1_1 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 100000> -> (tensor<4x4xf32>)
    %gb1_0 = sched.all_gather_start %w0 on @fsdp gather_dim = 0 : tensor<2x4xf32> -> !sched.future<tensor<4x4xf32>>
    %gb1_0w = sched.wait %gb1_0 : !sched.future<tensor<4x4xf32>>
    %d1_0, %dw1_0 = sched.compute "b1_0" ins(%d1_1, %x1, %gb1_0w : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 2000000> -> (tensor<4x4xf32>, tensor<4x4xf32>)
    %acc1_0 = sched.compute "acc1_0" ins(%dw0_0, %dw1_0 : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 100000> -> (tensor<4x4xf32>)
    return %acc1_0, %acc1_1 : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
