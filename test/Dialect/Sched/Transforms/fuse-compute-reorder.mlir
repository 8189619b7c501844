// RUN: sched-opt %s -split-input-file --sched-fuse-compute="exclude-kinds=lib explain=1" -verify-diagnostics | FileCheck %s
// RUN: sched-opt %s -split-input-file --sched-fuse-compute="exclude-kinds=lib reorder-max-ops=0 explain=1" --mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=NOREORDER
// RUN: sched-opt %s -split-input-file --sched-fuse-compute="exclude-kinds=lib reorder-max-ops=1 explain=1" --mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=SMALL
// RUN: sched-opt %s -split-input-file --sched-fuse-compute="exclude-kinds=lib memory-guard=none explain=1" --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=NONE

// Fusions that reorder the ops around the two (kind "lib" is excluded from
// fusion).

// Tests a pair that no move of one of the two places: an op between them
// uses the first, and the second uses another op between them. The fused op
// goes between the two: the op that feeds the second before it, the op that
// uses the first after it. Every guard does it (it is legality, not
// memory); without reordering, or with a window too small, the pair is
// rejected.
// CHECK-LABEL: func.func @needs_moves
// CHECK-NEXT: %[[Y:.*]] = sched.compute "lib" ins(%{{.*}} : tensor<64xf32>)
// CHECK-NEXT: %[[F:.*]]:2 = sched.compute "first+second" ins(%{{.*}}, %[[Y]] : tensor<64xf32>, tensor<64xf32>)
// CHECK-NEXT: %[[U:.*]] = sched.compute "lib" ins(%[[F]]#0 : tensor<64xf32>)
// CHECK-NEXT: return %[[U]], %[[F]]#1
// NOREORDER: remark: not fused with 'second': ops between them use the first and feed the second (they would have to move)
// SMALL: remark: not fused with 'second': ops between them use the first and feed the second (they would have to move, more than reorder-max-ops 1)
// NONE: remark: fused with 'second' by reordering 2 ops around them: peak 1.25 KiB -> 1 KiB (ops between them use the first and feed the second)
// NONE: sched.compute "first+second"
// expected-remark@+1 {{fused 1 pairs into 1 ops: traffic 1.25 KiB -> 1 KiB, peak 1.25 KiB -> 1 KiB}}
func.func @needs_moves(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  // expected-remark@+1 {{fused with 'second' by reordering 3 ops around them: peak 1.25 KiB -> 1 KiB (ops between them use the first and feed the second)}}
  %a = sched.compute "first" ins(%x : tensor<64xf32>) -> (tensor<64xf32>)
  %u = sched.compute "lib" ins(%a : tensor<64xf32>) -> (tensor<64xf32>)
  %y = sched.compute "lib" ins(%x : tensor<64xf32>) -> (tensor<64xf32>)
  %b = sched.compute "second" ins(%a, %y : tensor<64xf32>, tensor<64xf32>) -> (tensor<64xf32>)
  return %u, %b : tensor<64xf32>, tensor<64xf32>
}

// -----

// Tests a fusion that raises the peak wherever the two go, and fits once the
// ops around them move. Fusing "shrink" into "combine" keeps its 4 KiB input
// alive until "combine", across the 4 KiB the ops between allocate (8260
// bytes, above the limit of 4168); the first "combine" cannot move up (it
// needs the ops between). With the ops around the two reordered exactly (the
// window holds the whole block), the ops between run first and free their
// buffer, then the input is made: the peak stays at 4168 bytes.
// CHECK-LABEL: func.func @window
// CHECK-NEXT: %[[M:.*]] = sched.compute "lib" ins(%{{.*}} : tensor<16xf32>) -> (tensor<1024xf32>)
// CHECK-NEXT: %[[T:.*]] = sched.compute "lib" ins(%[[M]] : tensor<1024xf32>) -> (tensor<1xf32>)
// CHECK-NEXT: %[[I:.*]] = sched.compute "lib" ins(%{{.*}} : tensor<16xf32>) -> (tensor<1024xf32>)
// CHECK-NEXT: %[[F:.*]] = sched.compute "shrink+combine" ins(%[[I]], %[[T]] : tensor<1024xf32>, tensor<1xf32>)
// CHECK-NEXT: return %[[F]]
// NOREORDER: remark: not fused with 'combine': memory: peak 4.07 KiB -> 8.07 KiB (limit 4.07 KiB)
// NOREORDER: remark: @{{[a-z_0-9]+}}: fused 0 pairs into 0 ops
// expected-remark@+1 {{fused 1 pairs into 1 ops: traffic 4.02 KiB -> 4.01 KiB, peak 4.07 KiB -> 4.07 KiB}}
func.func @window(%x: tensor<16xf32>) -> tensor<1xf32> {
  %i = sched.compute "lib" ins(%x : tensor<16xf32>) -> (tensor<1024xf32>)
  // expected-remark@+1 {{fused with 'combine' by reordering 4 ops around them: peak 4.07 KiB -> 4.07 KiB (without reordering 8.07 KiB, limit 4.07 KiB)}}
  %s = sched.compute "shrink" ins(%i : tensor<1024xf32>) -> (tensor<1xf32>)
  %m = sched.compute "lib" ins(%x : tensor<16xf32>) -> (tensor<1024xf32>)
  %t = sched.compute "lib" ins(%m : tensor<1024xf32>) -> (tensor<1xf32>)
  %c = sched.compute "combine" ins(%s, %t : tensor<1xf32>, tensor<1xf32>) -> (tensor<1xf32>)
  return %c : tensor<1xf32>
}

// -----

// Tests a candidate that overlaps a fusion accepted in the same round and
// shares a group with it: "a" into "f" saves 8 KiB but overlaps "e" into
// "f", which goes first (as close). It joins that fusion at once (the
// union of the two windows is evaluated with both fusions), so that "b" and
// "a", which share their input (4 KiB saved), do not fuse meanwhile: "b"+"a"
// could not fuse with "e"+"f" (a path through "lib").
// CHECK-LABEL: func.func @join
// CHECK-NEXT: %[[B:.*]] = sched.compute "b"
// CHECK-NEXT: %[[U:.*]] = sched.compute "lib" ins(%[[B]]
// CHECK-NEXT: %[[F:.*]] = sched.compute "a+e+f" ins(%{{.*}}, %[[U]] : tensor<1024xf32>, tensor<256xf32>)
// expected-remark@+1 {{fused 2 pairs into 1 ops: traffic 26 KiB -> 10 KiB}}
func.func @join(%x: tensor<1024xf32>) -> (tensor<1xf32>, tensor<256xf32>) {
  // expected-remark@+1 {{not fused with 'a+e+f': cycle: a path leads from it to the other through other ops}}
  %b = sched.compute "b" ins(%x : tensor<1024xf32>) -> (tensor<256xf32>)
  %a = sched.compute "a" ins(%x : tensor<1024xf32>) -> (tensor<1024xf32>)
  %u = sched.compute "lib" ins(%b : tensor<256xf32>) -> (tensor<256xf32>)
  %e = sched.compute "e" ins(%u : tensor<256xf32>) -> (tensor<1024xf32>)
  %f = sched.compute "f" ins(%e, %a : tensor<1024xf32>, tensor<1024xf32>) -> (tensor<1xf32>)
  return %f, %u : tensor<1xf32>, tensor<256xf32>
}

// -----

// Tests that collectives keep their order when a reordering moves them, and
// that an op holding collectives (a loop that communicates) counts as one
// (found by sched-pipeline-fuzzer: the loop stayed before the fused op while
// the all_reduce that uses the first went after it, so the group's
// collectives changed order). Between "first" and "second": an all_reduce of
// the first (it must go after the fused op) and a loop whose all_reduce feeds
// the second (it must go before): no order keeps both, so the pair is
// refused.
// CHECK-LABEL: func.func @loop_keeps_order
// CHECK: sched.compute "first"
// CHECK: sched.all_reduce_start
// CHECK: scf.for
// CHECK: sched.compute "second"
sched.process_group @g size = 2
// expected-remark@+1 {{fused 0 pairs into 0 ops}}
func.func @loop_keeps_order(%x: tensor<64xf32>, %y: tensor<64xf32>, %n: index) -> (tensor<64xf32>, tensor<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{not fused with 'second': order: the collectives between them keep their order, but one that uses the first comes before one that the other needs}}
  %a = sched.compute "first" ins(%x : tensor<64xf32>) -> (tensor<64xf32>)
  %f = sched.all_reduce_start %a on @g reduction = sum : tensor<64xf32> -> !sched.future<tensor<64xf32>>
  %r = sched.wait %f : !sched.future<tensor<64xf32>>
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%v = %y) -> tensor<64xf32> {
    %g = sched.all_reduce_start %v on @g reduction = sum : tensor<64xf32> -> !sched.future<tensor<64xf32>>
    %w = sched.wait %g : !sched.future<tensor<64xf32>>
    scf.yield %w : tensor<64xf32>
  }
  %b = sched.compute "second" ins(%a, %l : tensor<64xf32>, tensor<64xf32>) -> (tensor<64xf32>)
  return %b, %r : tensor<64xf32>, tensor<64xf32>
}
