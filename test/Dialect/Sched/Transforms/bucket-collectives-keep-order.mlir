// RUN: sched-opt %s --pass-pipeline="builtin.module(func.func(sched-record-collective-order,sched-bucket-collectives{profile=%S/Inputs/bucket-profile.json explain=0},sched-verify-schedule{allow-reorder=1}))" | FileCheck %s --check-prefix=FREE
// RUN: not sched-opt %s --pass-pipeline="builtin.module(func.func(sched-record-collective-order,sched-bucket-collectives{profile=%S/Inputs/bucket-profile.json explain=0},sched-verify-schedule))" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: sched-opt %s --pass-pipeline="builtin.module(func.func(sched-record-collective-order,sched-bucket-collectives{explain=1 profile=%S/Inputs/bucket-profile.json keep-collective-order=1},sched-verify-schedule))" --mlir-print-op-on-diagnostic=false 2>%t.remarks | FileCheck %s --check-prefix=KEEP
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

// Tests keep-collective-order in sched-bucket-collectives: an all_reduce on
// @g starts and ends between the two all_gathers of @g. The bucket of the
// all_gathers (at the late start, so that the all_reduce need not queue
// behind the first all_gather) issues the first one after the all_reduce,
// which sched-verify-schedule reports against the recorded order; with
// keep-collective-order the bucketer refuses it.

module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0, f16 = 10.0]>} {
  sched.process_group @g size = 2
  // FREE-LABEL: func.func @between
  // FREE:       sched.all_reduce_start %arg2 on @g reduction = sum {sched.collective_order = array<i64: 1>}
  // FREE:       sched.all_gather_start %arg0, %arg1 on @g gather_dim = 0 {sched.collective_order = array<i64: 0, 2>}
  // VERIFY:     error: collective #0 of group @g is issued after #1: the group's collectives are out of their input order
  // REMARK:     remark: not bucketed with the previous all_gather_start: another collective of the group, 'sched.all_reduce_start', starts between it and the bucket (keep-collective-order)
  // KEEP-LABEL: func.func @between
  // KEEP:       sched.all_gather_start %arg0 on @g
  // KEEP:       sched.all_reduce_start %arg2 on @g
  // KEEP:       sched.all_gather_start %arg1 on @g
  func.func @between(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %s3 = sched.all_reduce_start %c on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
    %w3 = sched.wait %s3 : !sched.future<tensor<4x4xf32>>
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %m1, %m2, %w3 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
  // A loop whose body communicates on @g counts as a collective of @g too.
  // FREE-LABEL: func.func @loop_between
  // FREE:       sched.all_gather_start %arg0, %arg1 on @g gather_dim = 0 {sched.collective_order = array<i64: 0, 2>}
  // FREE:       scf.for
  // KEEP-LABEL: func.func @loop_between
  // KEEP:       sched.all_gather_start %arg0 on @g
  // KEEP:       scf.for
  // KEEP:       sched.all_gather_start %arg1 on @g
  // REMARK:     remark: not bucketed with the previous all_gather_start: 'scf.for', which starts a collective of the group, lies between it and the bucket (keep-collective-order)
  func.func @loop_between(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>, %n: index) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %l = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c) -> tensor<4x4xf32> {
      %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
      %r = sched.wait %f : !sched.future<tensor<4x4xf32>>
      scf.yield %r : tensor<4x4xf32>
    }
    %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
    %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
    %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
    %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
    return %w1, %w2, %m1, %m2, %l : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}
