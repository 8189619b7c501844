// RUN: sched-opt %s --sched-attach-target --sched-pipeline="memory-slack=1" 2>/dev/null | FileCheck %s
// RUN: sched-opt %s --sched-attach-target --sched-pipeline="memory-slack=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sched-opt %s --sched-attach-target --sched-pipeline="memory-slack=1 pipeline-loops=0" 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: sched-opt %s --sched-attach-target --sched-pipeline="memory-slack=1 keep-collective-order=1" 2>/dev/null | FileCheck %s --check-prefix=KEEP

// Tests sched-pipeline on a loop that communicates: the loop's weight gather
// starts one iteration ahead (sched-pipeline-loop-collectives runs first, so
// the collectives it clones are numbered once each and sched-verify-schedule
// accepts them); pipeline-loops=0 leaves the loop as it is. The function
// without a loop gets no remark from it.

sched.process_group @dp size = 8

// Both placements of the prefetched gather are simulated: issued first, it
// would delay the all-reduce of the same group that the layer waits for
// (one stream per group, in issue order), so it goes after it.
// CHECK-LABEL: func.func @fsdp
// CHECK:         sched.all_gather_start
// sched-schedule-overlap then orders the body (a nested block): the
// all-reduce, which needs only the iteration argument, starts first.
// CHECK:         scf.for
// CHECK-NEXT:      sched.all_reduce_start
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      tensor.extract_slice
// CHECK-NEXT:      sched.all_gather_start
// CHECK:         } {sched.pipeline_depth = 1 : i64}
// CHECK-NOT:     sched.collective_order
// KEEP-LABEL: func.func @fsdp
// KEEP:         scf.for
// KEEP:           sched.all_reduce_start
// KEEP:           sched.all_gather_start
// KEEP:         } {sched.pipeline_depth = 1 : i64}
// REMARK: remark: loop pipelined at depth 1: 1 of 2 collectives start one iteration ahead (after the iteration's own starts of its group); iteration 144.5 -> 127.1 us (steady state)
// REMARK-NOT: remark: loop
// OFF-NOT: sched.pipeline_depth
// OFF-NOT: remark: loop
func.func @fsdp(%x0: tensor<64x1024xbf16>, %w: tensor<4x128x1024xbf16>) -> tensor<64x1024xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<64x1024xbf16>) {
    %shard = tensor.extract_slice %w[%i, 0, 0] [1, 128, 1024] [1, 1, 1] : tensor<4x128x1024xbf16> to tensor<128x1024xbf16>
    %ar = sched.all_reduce_start %x on @dp reduction = sum : tensor<64x1024xbf16> -> !sched.future<tensor<64x1024xbf16>>
    %xs = sched.wait %ar : !sched.future<tensor<64x1024xbf16>>
    %f = sched.all_gather_start %shard on @dp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
    %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
    %y = sched.compute "layer" ins(%xs, %full : tensor<64x1024xbf16>, tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<64x1024xbf16>)
    scf.yield %y : tensor<64x1024xbf16>
  }
  return %r : tensor<64x1024xbf16>
}

// CHECK-LABEL: func.func @flat
func.func @flat(%x: tensor<64x1024xbf16>, %w: tensor<128x1024xbf16>) -> tensor<64x1024xbf16> {
  %f = sched.all_gather_start %w on @dp gather_dim = 0 : tensor<128x1024xbf16> -> !sched.future<tensor<1024x1024xbf16>>
  %full = sched.wait %f : !sched.future<tensor<1024x1024xbf16>>
  %y = sched.compute "layer" ins(%x, %full : tensor<64x1024xbf16>, tensor<1024x1024xbf16>) cost <time_ns = 100000> -> (tensor<64x1024xbf16>)
  return %y : tensor<64x1024xbf16>
}
