// Tests the deadlock check of sched-verify-deadlock on SPMD functions: the
// branches of an scf.if must issue the same collectives on every group, or
// ranks that take different branches wait on each other forever.
// RUN: sched-opt %s -split-input-file --sched-verify-deadlock -verify-diagnostics -o /dev/null
// sched-verify-schedule accepts them (the condition may be uniform).
// RUN: sched-opt %s -split-input-file --sched-verify-schedule -o /dev/null

sched.process_group @g size = 2

// Both branches all_reduce the same tensor on @g: no deadlock whichever
// branch a rank takes (the values may differ, the rendezvous do not).
func.func @uniform(%c: i1, %x: tensor<8xf32>) -> tensor<8xf32> {
  %r = scf.if %c -> tensor<8xf32> {
    %s = sched.all_reduce_start %x on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %w = sched.wait %s : !sched.future<tensor<8xf32>>
    scf.yield %w : tensor<8xf32>
  } else {
    %s = sched.all_reduce_start %x on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %w = sched.wait %s : !sched.future<tensor<8xf32>>
    scf.yield %w : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

sched.process_group @g size = 2

// A collective in one branch only: ranks in the other branch never join it.
func.func @one_branch(%c: i1, %x: tensor<8xf32>) {
  // expected-error@+1 {{'scf.if' may deadlock: ranks that take different branches issue different collectives: region #1 issues 0 collectives on group @g but region #0 issues 1: the peers of the extra ones wait forever}}
  scf.if %c {
    // expected-note@+1 {{first collective without a peer}}
    %s = sched.all_reduce_start %x on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %w = sched.wait %s : !sched.future<tensor<8xf32>>
  }
  return
}

// -----

sched.process_group @g size = 2

// The same number of collectives, but of different kinds.
func.func @different_kinds(%c: i1, %x: tensor<8xf32>) {
  // expected-error@+1 {{'scf.if' may deadlock: ranks that take different branches issue different collectives: collective #0 of group @g is 'sched.all_gather_start' of !sched.future<tensor<16xf32>> in region #1 but 'sched.all_reduce_start' of !sched.future<tensor<8xf32>> in region #0}}
  scf.if %c {
    // expected-note@+1 {{the collective in region #0}}
    %s = sched.all_reduce_start %x on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %w = sched.wait %s : !sched.future<tensor<8xf32>>
  } else {
    %s = sched.all_gather_start %x on @g gather_dim = 0 : tensor<8xf32> -> !sched.future<tensor<16xf32>>
    %w = sched.wait %s : !sched.future<tensor<16xf32>>
  }
  return
}

// -----

sched.process_group @g size = 2

// Same kinds and types, different reduction: the attributes must match.
func.func @different_reduction(%c: i1, %x: tensor<8xf32>) {
  // expected-error@+1 {{collective #0 of group @g is 'sched.all_reduce_start' of !sched.future<tensor<8xf32>> with reduction = #sched<reduction max> in region #1 but 'sched.all_reduce_start' of !sched.future<tensor<8xf32>> with reduction = #sched<reduction sum> in region #0}}
  scf.if %c {
    // expected-note@+1 {{the collective in region #0}}
    %s = sched.all_reduce_start %x on @g reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %w = sched.wait %s : !sched.future<tensor<8xf32>>
  } else {
    %s = sched.all_reduce_start %x on @g reduction = max : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %w = sched.wait %s : !sched.future<tensor<8xf32>>
  }
  return
}

// -----

sched.process_group @a size = 2
sched.process_group @b size = 2

// One branch issues on @a what the other issues on @b: both groups differ.
func.func @different_groups(%c: i1, %x: tensor<8xf32>) {
  // expected-error@+2 {{region #1 issues 0 collectives on group @a}}
  // expected-error@+1 {{region #1 issues 2 collectives on group @b but region #0 issues 1}}
  scf.if %c {
    // expected-note@+1 {{first collective without a peer}}
    %s = sched.all_reduce_start %x on @a reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %w = sched.wait %s : !sched.future<tensor<8xf32>>
    %t = sched.all_reduce_start %x on @b reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %v = sched.wait %t : !sched.future<tensor<8xf32>>
  } else {
    %t = sched.all_reduce_start %x on @b reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %v = sched.wait %t : !sched.future<tensor<8xf32>>
    // expected-note@+1 {{first collective without a peer}}
    %t2 = sched.all_reduce_start %x on @b reduction = sum : tensor<8xf32> -> !sched.future<tensor<8xf32>>
    %v2 = sched.wait %t2 : !sched.future<tensor<8xf32>>
  }
  return
}
