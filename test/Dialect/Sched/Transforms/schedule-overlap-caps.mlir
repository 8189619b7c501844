// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="profile=%S/Inputs/overlap-profile.json" --mlir-print-op-on-diagnostic=false -verify-diagnostics -o /dev/null
// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="profile=%S/Inputs/overlap-profile.json explain=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="profile=%S/Inputs/overlap-profile.json max-in-flight-bytes=1088 explain=1" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES
// RUN: sched-opt %s -split-input-file --sched-schedule-overlap="profile=%S/Inputs/overlap-profile.json record-cap=1" --mlir-print-op-on-diagnostic=false 2>/dev/null | FileCheck %s --check-prefix=RECORD
// sched-pipeline records the peak, the cap and the budget and strips them at
// the end.
// RUN: sched-opt %s -split-input-file --sched-pipeline="profile=%S/Inputs/overlap-profile.json" 2>/dev/null | FileCheck %s --check-prefix=STRIP --implicit-check-not=sched.max_in_flight --implicit-check-not=sched.input_peak --implicit-check-not=sched.memory_budget

// The in-flight caps the pass searches (1, 2, 4, 8 and none by default), the
// remark on the rejected ones, the byte cap and the recorded cap. Every
// collective takes 1 ms.

// Tests a cap that is rejected: the input issues both all_reduces before
// the 2 ms matmul, which hides both before their one user; with one in
// flight the second waits for the first's wait, after the matmul, and is
// exposed: slower than the input, so rejected, with its numbers. Two in flight reach the stream
// bound and the search stops there.
// EXPLAIN: remark: kept in-flight cap 2 (2 in-flight caps tried): in-flight cap 1: rejected: it is slower ({{.*}}); in-flight cap 2: step
// With a byte cap of 1.06 KiB only one of the two (1 KiB each) fits: every
// cap is then as slow as one in flight, and the input order is kept.
// BYTES: remark: kept the input order: it is slower
// RECORD-LABEL: func.func @slower_cap
// RECORD-SAME: sched.max_in_flight = 2 : i64
// The budget: the input's peak plus the 1 GiB allowance, at most the
// target's 1 GB of HBM.
// RECORD-SAME: sched.memory_budget = 1000000000 : i64
// STRIP-LABEL: func.func @slower_cap
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark @+2 {{rejected 1 of 2 in-flight caps (the last: it is slower}}
  // expected-remark @+1 {{step}}
  func.func @slower_cap(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<16x16xf32> -> !sched.future<tensor<16x16xf32>>
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<16x16xf32> -> !sched.future<tensor<16x16xf32>>
    %m = sched.compute "mm" ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) cost <time_ns = 2000000> -> (tensor<16x16xf32>)
    %w1 = sched.wait %r1 : !sched.future<tensor<16x16xf32>>
    %w2 = sched.wait %r2 : !sched.future<tensor<16x16xf32>>
    %s = sched.compute "use" ins(%w1, %w2, %m : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) cost <time_ns = 1000000> -> (tensor<16x16xf32>)
    return %s : tensor<16x16xf32>
  }
}

// -----

// Tests the byte cap: one 1 KiB and two 64-byte all_reduces, hidden behind a
// 3 ms matmul when all three are in flight. The search stops at four in
// flight, which reaches the bound. With max-in-flight-bytes=1088 (1 KiB and
// one 64-byte collective) the third waits, whatever the count cap, and its
// remark names the cap; the tie between counts 2 to 8 goes to 2.
// EXPLAIN: remark: kept in-flight cap 4 (3 in-flight caps tried): in-flight cap 1: step 6000.000 us, peak 4.25 KiB; in-flight cap 2: step 5000.000 us, peak 4.25 KiB; in-flight cap 4: step 4000.000 us, peak 4.25 KiB
// BYTES: remark: kept in-flight cap 2, 1.06 KiB in flight (5 in-flight caps tried): in-flight cap 1, 1.06 KiB in flight: step 6000.000 us
// BYTES: remark: @mixed_sizes: step 7000.000 -> 5000.000 us
// BYTES: remark: exposed 1000.000 of 1000.000 us: started late: the group was at its in-flight cap (in-flight cap 2, 1.06 KiB in flight)
// BYTES-NEXT: %r3 = sched.all_reduce_start %c
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark @+1 {{step 7000.000 -> 4000.000 us, exposed comm 3000.000 -> 0.000 us}}
  func.func @mixed_sizes(%a: tensor<16x16xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> tensor<16x16xf32> {
    %m = sched.compute "mm" ins(%a : tensor<16x16xf32>) cost <time_ns = 3000000> -> (tensor<16x16xf32>)
    %r1 = sched.all_reduce_start %a on @g reduction = sum : tensor<16x16xf32> -> !sched.future<tensor<16x16xf32>>
    %w1 = sched.wait %r1 : !sched.future<tensor<16x16xf32>>
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %r2 : !sched.future<tensor<4x4xf32>>
    %r3 = sched.all_reduce_start %c on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w3 = sched.wait %r3 : !sched.future<tensor<4x4xf32>>
    %s = sched.compute "use" ins(%w1, %w2, %w3, %m : tensor<16x16xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<16x16xf32>) cost <time_ns = 1000000> -> (tensor<16x16xf32>)
    return %s : tensor<16x16xf32>
  }
}

// -----

// Tests the byte caps derived from the group's sizes: one 1 KiB and ten
// 64-byte all_reduces before a 12 ms matmul. Eight in flight leave three
// exposed; no count cap with twice the largest collective (2 KiB) in flight
// takes all eleven and reaches the bound, so the search stops there, before
// the uncapped candidate.
// EXPLAIN: remark: kept no count cap, 2x each group's largest collective in flight (5 in-flight caps tried): in-flight cap 1: step 23000.000 us, peak 4.69 KiB; in-flight cap 2: step 22000.000 us, peak 4.69 KiB; in-flight cap 4: step 20000.000 us, peak 4.69 KiB; in-flight cap 8: step 16000.000 us, peak 4.69 KiB; no count cap, 2x each group's largest collective in flight: step 13000.000 us, peak 4.69 KiB
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @g size = 2
  // expected-remark @+1 {{step 24000.000 -> 13000.000 us, exposed comm 11000.000 -> 0.000 us}}
  func.func @many_small(%a: tensor<16x16xf32>, %b: tensor<4x4xf32>) -> tensor<16x16xf32> {
    %r0 = sched.all_reduce_start %a on @g reduction = sum : tensor<16x16xf32> -> !sched.future<tensor<16x16xf32>>
    %w0 = sched.wait %r0 : !sched.future<tensor<16x16xf32>>
    %r1 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w1 = sched.wait %r1 : !sched.future<tensor<4x4xf32>>
    %r2 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w2 = sched.wait %r2 : !sched.future<tensor<4x4xf32>>
    %r3 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w3 = sched.wait %r3 : !sched.future<tensor<4x4xf32>>
    %r4 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w4 = sched.wait %r4 : !sched.future<tensor<4x4xf32>>
    %r5 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w5 = sched.wait %r5 : !sched.future<tensor<4x4xf32>>
    %r6 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w6 = sched.wait %r6 : !sched.future<tensor<4x4xf32>>
    %r7 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w7 = sched.wait %r7 : !sched.future<tensor<4x4xf32>>
    %r8 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w8 = sched.wait %r8 : !sched.future<tensor<4x4xf32>>
    %r9 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w9 = sched.wait %r9 : !sched.future<tensor<4x4xf32>>
    %r10 = sched.all_reduce_start %b on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w10 = sched.wait %r10 : !sched.future<tensor<4x4xf32>>
    %m = sched.compute "mm" ins(%a : tensor<16x16xf32>) cost <time_ns = 12000000> -> (tensor<16x16xf32>)
    %s = sched.compute "use" ins(%w0, %w1, %w2, %w3, %w4, %w5, %w6, %w7, %w8, %w9, %w10, %m : tensor<16x16xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<16x16xf32>) cost <time_ns = 1000000> -> (tensor<16x16xf32>)
    return %s : tensor<16x16xf32>
  }
}
