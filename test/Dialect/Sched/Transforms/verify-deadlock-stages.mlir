// Tests sched-verify-deadlock on stage-specific programs: functions with
// `sched.ranks`, one per pipeline stage, linked by the groups whose ranks
// run several of them. One case per way the check fails.
// RUN: sched-opt %s -split-input-file --sched-verify-deadlock -verify-diagnostics -o /dev/null

// Two stages of two ranks each: @tp is stage 0's own (stage 1 uses a
// translated copy, [2, 3], not compared), @pp links rank 0 to rank 2.
// Stage 0 sends its activation and receives the gradient; stage 1 the
// reverse, in the same order on @pp: no deadlock.
sched.process_group @tp size = 2 ranks = [0, 1]
sched.process_group @pp size = 2 ranks = [0, 2]

func.func @stage0(%x: tensor<8xf32>) attributes {sched.ranks = array<i64: 0, 1>} {
  %t = sched.all_reduce_start %x on @tp reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %y = sched.wait %t : !sched.future<tensor<8xf32>>
  %s = sched.all_to_all_start %y on @pp split_dim = 0 concat_dim = 0 : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a = sched.wait %s : !sched.future<tensor<8xf32>>
  %g = sched.all_to_all_start %a on @pp split_dim = 0 concat_dim = 0 : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %b = sched.wait %g : !sched.future<tensor<8xf32>>
  return
}

func.func @stage1(%x: tensor<8xf32>) attributes {sched.ranks = array<i64: 2, 3>} {
  %s = sched.all_to_all_start %x on @pp split_dim = 0 concat_dim = 0 : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a = sched.wait %s : !sched.future<tensor<8xf32>>
  %t = sched.all_reduce_start %a on @tp reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %t2 = sched.all_reduce_start %a on @tp reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %y = sched.wait %t : !sched.future<tensor<8xf32>>
  %y2 = sched.wait %t2 : !sched.future<tensor<8xf32>>
  %g = sched.all_to_all_start %y on @pp split_dim = 0 concat_dim = 0 : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %b = sched.wait %g : !sched.future<tensor<8xf32>>
  return
}

// -----

// Each stage waits on a collective of one group that its peer starts only
// after waiting on one of the other group: a cycle, though each group's
// sequence matches.
sched.process_group @x size = 2 ranks = [0, 1]
sched.process_group @y size = 2 ranks = [0, 1]

func.func @stage0(%v: tensor<8xf32>) attributes {sched.ranks = array<i64: 0>} {
  %s = sched.all_reduce_start %v on @x reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  // expected-error@+1 {{deadlock: this wait on collective #0 of group @x in @stage0 never passes: @stage1 never starts it}}
  %a = sched.wait %s : !sched.future<tensor<8xf32>>
  %t = sched.all_reduce_start %a on @y reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %b = sched.wait %t : !sched.future<tensor<8xf32>>
  return
}

func.func @stage1(%v: tensor<8xf32>) attributes {sched.ranks = array<i64: 1>} {
  %t = sched.all_reduce_start %v on @y reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  // expected-note@+1 {{@stage1 is stuck at this wait}}
  %b = sched.wait %t : !sched.future<tensor<8xf32>>
  %s = sched.all_reduce_start %b on @x reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a = sched.wait %s : !sched.future<tensor<8xf32>>
  return
}

// -----

// The same cycle is avoided when both collectives are started before
// either is waited on.
sched.process_group @x size = 2 ranks = [0, 1]
sched.process_group @y size = 2 ranks = [0, 1]

func.func @stage0(%v: tensor<8xf32>) attributes {sched.ranks = array<i64: 0>} {
  %s = sched.all_reduce_start %v on @x reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %t = sched.all_reduce_start %v on @y reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a = sched.wait %s : !sched.future<tensor<8xf32>>
  %b = sched.wait %t : !sched.future<tensor<8xf32>>
  return
}

func.func @stage1(%v: tensor<8xf32>) attributes {sched.ranks = array<i64: 1>} {
  %t = sched.all_reduce_start %v on @y reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %s = sched.all_reduce_start %v on @x reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %b = sched.wait %t : !sched.future<tensor<8xf32>>
  %a = sched.wait %s : !sched.future<tensor<8xf32>>
  return
}

// -----

// The linked stages issue their collectives on @pp in different orders.
sched.process_group @pp size = 2 ranks = [0, 1]

func.func @stage0(%v: tensor<8xf32>) attributes {sched.ranks = array<i64: 0>} {
  // expected-note@+1 {{the collective in @stage0}}
  %s = sched.all_gather_start %v on @pp gather_dim = 0 : tensor<8xf32> -> !sched.future<tensor<16xf32>>
  %a = sched.wait %s : !sched.future<tensor<16xf32>>
  %t = sched.all_reduce_start %v on @pp reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %b = sched.wait %t : !sched.future<tensor<8xf32>>
  return
}

func.func @stage1(%v: tensor<8xf32>) attributes {sched.ranks = array<i64: 1>} {
  // expected-error@+1 {{stage programs do not match: collective #0 of group @pp is 'sched.all_reduce_start' of !sched.future<tensor<8xf32>> in @stage1 but 'sched.all_gather_start' of !sched.future<tensor<16xf32>> in @stage0}}
  %t = sched.all_reduce_start %v on @pp reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %b = sched.wait %t : !sched.future<tensor<8xf32>>
  %s = sched.all_gather_start %v on @pp gather_dim = 0 : tensor<8xf32> -> !sched.future<tensor<16xf32>>
  %a = sched.wait %s : !sched.future<tensor<16xf32>>
  return
}

// -----

// One stage issues a transfer its peer never joins.
sched.process_group @pp size = 2 ranks = [0, 1]

func.func @stage0(%v: tensor<8xf32>) attributes {sched.ranks = array<i64: 0>} {
  %s = sched.all_to_all_start %v on @pp split_dim = 0 concat_dim = 0 : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a = sched.wait %s : !sched.future<tensor<8xf32>>
  // expected-error@+2 {{stage programs do not match: @stage1 issues 1 collectives on group @pp but @stage0 issues 2: the peers of the extra ones wait forever}}
  // expected-note@+1 {{first collective without a peer}}
  %t = sched.all_to_all_start %a on @pp split_dim = 0 concat_dim = 0 : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %b = sched.wait %t : !sched.future<tensor<8xf32>>
  return
}

func.func @stage1(%v: tensor<8xf32>) attributes {sched.ranks = array<i64: 1>} {
  %s = sched.all_to_all_start %v on @pp split_dim = 0 concat_dim = 0 : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a = sched.wait %s : !sched.future<tensor<8xf32>>
  return
}

// -----

// A rank runs two stage functions.
sched.process_group @pp size = 2 ranks = [0, 1]

// expected-note@+1 {{@stage0 here}}
func.func @stage0() attributes {sched.ranks = array<i64: 0, 1>} {
  return
}

// expected-error@+1 {{rank 1 runs both @stage0 and @stage1}}
func.func @stage1() attributes {sched.ranks = array<i64: 1>} {
  return
}

// -----

// A linked group has a member that runs none of the stage functions.
// expected-error@+1 {{rank 2 of group @pp runs none of the stage functions its peers run}}
sched.process_group @pp size = 3 ranks = [0, 1, 2]

func.func @stage0() attributes {sched.ranks = array<i64: 0>} {
  return
}

func.func @stage1() attributes {sched.ranks = array<i64: 1>} {
  return
}

// -----

sched.process_group @pp size = 2 ranks = [0, 1]

// The dialect checks the form of sched.ranks.
// expected-error@+1 {{'sched.ranks' must be a non-empty array<i64> of distinct non-negative global ranks}}
func.func @stage0() attributes {sched.ranks = array<i64: 1, 1>} {
  return
}

// -----

// 1F1B on two stages with blocking sends (every wait right after its
// start): stage 0 waits for its second activation to be taken while stage
// 1 waits for its first gradient to be taken. Megatron batches the send
// with the next receive (sched-gen starts both before waiting), which the
// next case shows passes.
sched.process_group @ppf0 size = 2 ranks = [0, 1]
sched.process_group @ppb0 size = 2 ranks = [0, 1]

func.func @stage0(%x: tensor<8xf32>) attributes {sched.ranks = array<i64: 0>} {
  %f0 = sched.collective_permute_start %x on @ppf0 source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %f1 = sched.collective_permute_start %x on @ppf0 source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  // expected-error@+1 {{deadlock: this wait on collective #1 of group @ppf0 in @stage0 never passes: @stage1 never starts it}}
  %a1 = sched.wait %f1 : !sched.future<tensor<8xf32>>
  %b0 = sched.collective_permute_start %x on @ppb0 source_target_pairs = [[1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %g0 = sched.wait %b0 : !sched.future<tensor<8xf32>>
  %b1 = sched.collective_permute_start %x on @ppb0 source_target_pairs = [[1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %g1 = sched.wait %b1 : !sched.future<tensor<8xf32>>
  return
}

func.func @stage1(%x: tensor<8xf32>) attributes {sched.ranks = array<i64: 1>} {
  %f0 = sched.collective_permute_start %x on @ppf0 source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %b0 = sched.collective_permute_start %a0 on @ppb0 source_target_pairs = [[1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  // expected-note@+1 {{@stage1 is stuck at this wait}}
  %g0 = sched.wait %b0 : !sched.future<tensor<8xf32>>
  %f1 = sched.collective_permute_start %x on @ppf0 source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a1 = sched.wait %f1 : !sched.future<tensor<8xf32>>
  %b1 = sched.collective_permute_start %a1 on @ppb0 source_target_pairs = [[1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %g1 = sched.wait %b1 : !sched.future<tensor<8xf32>>
  return
}

// -----

// The same order with each send started together with the next receive.
sched.process_group @ppf0 size = 2 ranks = [0, 1]
sched.process_group @ppb0 size = 2 ranks = [0, 1]

func.func @stage0(%x: tensor<8xf32>) attributes {sched.ranks = array<i64: 0>} {
  %f0 = sched.collective_permute_start %x on @ppf0 source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %f1 = sched.collective_permute_start %x on @ppf0 source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %b0 = sched.collective_permute_start %x on @ppb0 source_target_pairs = [[1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a1 = sched.wait %f1 : !sched.future<tensor<8xf32>>
  %g0 = sched.wait %b0 : !sched.future<tensor<8xf32>>
  %b1 = sched.collective_permute_start %x on @ppb0 source_target_pairs = [[1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %g1 = sched.wait %b1 : !sched.future<tensor<8xf32>>
  return
}

func.func @stage1(%x: tensor<8xf32>) attributes {sched.ranks = array<i64: 1>} {
  %f0 = sched.collective_permute_start %x on @ppf0 source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a0 = sched.wait %f0 : !sched.future<tensor<8xf32>>
  %b0 = sched.collective_permute_start %a0 on @ppb0 source_target_pairs = [[1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %f1 = sched.collective_permute_start %x on @ppf0 source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %g0 = sched.wait %b0 : !sched.future<tensor<8xf32>>
  %a1 = sched.wait %f1 : !sched.future<tensor<8xf32>>
  %b1 = sched.collective_permute_start %a1 on @ppb0 source_target_pairs = [[1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %g1 = sched.wait %b1 : !sched.future<tensor<8xf32>>
  return
}

// -----

// The transfers match only with the same pairs: a send to the wrong
// direction is a mismatch, not a transfer.
sched.process_group @pp size = 2 ranks = [0, 1]

func.func @stage0(%x: tensor<8xf32>) attributes {sched.ranks = array<i64: 0>} {
  // expected-note@+1 {{the collective in @stage0}}
  %f = sched.collective_permute_start %x on @pp source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}

func.func @stage1(%x: tensor<8xf32>) attributes {sched.ranks = array<i64: 1>} {
  // expected-error@+1 {{stage programs do not match: collective #0 of group @pp is 'sched.collective_permute_start' of !sched.future<tensor<8xf32>> with source_target_pairs = array<i64: 1, 0> in @stage1 but 'sched.collective_permute_start' of !sched.future<tensor<8xf32>> with source_target_pairs = array<i64: 0, 1> in @stage0}}
  %f = sched.collective_permute_start %x on @pp source_target_pairs = [[1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %a = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}
