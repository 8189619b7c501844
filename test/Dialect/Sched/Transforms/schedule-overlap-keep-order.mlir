// RUN: sched-opt %s --sched-attach-target --sched-schedule-overlap="explain=0" | FileCheck %s --check-prefix=FREE
// RUN: sched-opt %s --sched-attach-target --sched-schedule-overlap="explain=0 keep-collective-order=1" | FileCheck %s --check-prefix=KEEP
// RUN: not sched-opt %s --pass-pipeline="builtin.module(sched-attach-target,func.func(sched-record-collective-order,sched-schedule-overlap{explain=0},sched-verify-schedule))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: sched-opt %s --pass-pipeline="builtin.module(sched-attach-target,func.func(sched-record-collective-order,sched-schedule-overlap{explain=0 keep-collective-order=1},sched-verify-schedule))" -o /dev/null
// RUN: sched-opt %s --sched-attach-target --sched-pipeline="explain=0 keep-collective-order=1" | FileCheck %s --check-prefix=KEEP --implicit-check-not=sched.collective_order

// Tests keep-collective-order: the input reduce-scatters a gradient, then
// all-gathers the next weight, which only a function argument feeds. By
// default the scheduler prefetches the all_gather ahead of the gradient's
// compute, so it is issued before the reduce_scatter; sched-verify-schedule
// reports that against the recorded order. With keep-collective-order the
// input order stays, in the pass and in sched-pipeline (whose verifier then
// checks the order).

sched.process_group @g size = 8

// FREE-LABEL: func.func @prefetch
// FREE:       sched.all_gather_start %arg1
// FREE:       sched.reduce_scatter_start
// KEEP-LABEL: func.func @prefetch
// KEEP:       sched.reduce_scatter_start
// KEEP:       sched.all_gather_start %arg1
// VERIFY: error: collective #0 of group @g is issued after #1: the group's collectives are out of their input order
func.func @prefetch(%x: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> (tensor<1024x1024xf32>, tensor<128x1024xf32>) {
  %g = sched.compute "grad" ins(%x : tensor<1024x1024xf32>) cost <time_ns = 200000> -> (tensor<1024x1024xf32>)
  %frs = sched.reduce_scatter_start %g on @g reduction = sum scatter_dim = 0 : tensor<1024x1024xf32> -> !sched.future<tensor<128x1024xf32>>
  %fag = sched.all_gather_start %w on @g gather_dim = 0 : tensor<1024x1024xf32> -> !sched.future<tensor<8192x1024xf32>>
  %wag = sched.wait %fag : !sched.future<tensor<8192x1024xf32>>
  %c = sched.compute "use_w" ins(%wag, %x : tensor<8192x1024xf32>, tensor<1024x1024xf32>) cost <time_ns = 200000> -> (tensor<1024x1024xf32>)
  %wrs = sched.wait %frs : !sched.future<tensor<128x1024xf32>>
  return %c, %wrs : tensor<1024x1024xf32>, tensor<128x1024xf32>
}

// A loop whose body communicates on @g counts as a collective of @g: by
// default the all_gather of %w is prefetched ahead of the loop; with
// keep-collective-order the loop stays first.
// FREE-LABEL: func.func @loop
// FREE:       sched.all_gather_start %arg1
// FREE:       scf.for
// KEEP-LABEL: func.func @loop
// KEEP:       scf.for
// KEEP:       sched.all_reduce_start
// KEEP:       sched.all_gather_start %arg1
func.func @loop(%x: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>, %n: index) -> tensor<1024x1024xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> tensor<1024x1024xf32> {
    %g = sched.compute "grad" ins(%a : tensor<1024x1024xf32>) cost <time_ns = 200000> -> (tensor<1024x1024xf32>)
    %f = sched.all_reduce_start %g on @g reduction = sum : tensor<1024x1024xf32> -> !sched.future<tensor<1024x1024xf32>>
    %r = sched.wait %f : !sched.future<tensor<1024x1024xf32>>
    scf.yield %r : tensor<1024x1024xf32>
  }
  %fag = sched.all_gather_start %w on @g gather_dim = 0 : tensor<1024x1024xf32> -> !sched.future<tensor<8192x1024xf32>>
  %wag = sched.wait %fag : !sched.future<tensor<8192x1024xf32>>
  %c = sched.compute "use_w" ins(%wag, %l : tensor<8192x1024xf32>, tensor<1024x1024xf32>) cost <time_ns = 200000> -> (tensor<1024x1024xf32>)
  return %c : tensor<1024x1024xf32>
}
