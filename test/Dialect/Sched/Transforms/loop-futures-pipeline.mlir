// RUN: sched-opt %s --sched-attach-target=preset=h100-sxm --sched-pipeline="bucket=1 fuse=1" 2>&1 | FileCheck %s
// RUN: not sched-opt %s --sched-attach-target=preset=h100-sxm --sched-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// A function whose top block passes a future on to a loop (a pipelined
// loop, docs/Rationale.md "Futures across blocks"): the block simulation
// pairs each start with its wait in the block, so the overlap scheduler and
// the bucketer leave the function alone with a remark at the start; the
// report simulates the loop (test/Analysis/simulate-loops.mlir), here it
// asks for a bound on the dynamic trip count. The IR comes out unchanged.

// CHECK: remark: not scheduled: this 'sched.all_gather_start' has its future carried through an 'scf.for' or 'scf.if'; the simulation of a block needs each of its starts waited on in it
// CHECK: remark: not bucketed: this 'sched.all_gather_start' has its future carried through an 'scf.for' or 'scf.if'
// CHECK:       func.func @pipelined(%arg0
// CHECK:         %[[F0:.*]] = sched.all_gather_start
// CHECK:         %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[F:.*]] = %[[F0]],
// CHECK:           sched.wait %[[F]]
// CHECK:           %[[N:.*]] = sched.all_gather_start
// CHECK:           scf.yield %[[N]],
// CHECK:         sched.wait %[[R]]#0

// REPORT: error: cannot simulate a loop whose trip count is not a constant; give it a 'sched.trip_count_bound' (an upper bound on its iterations)

sched.process_group @g size = 4

func.func @pipelined(%x: tensor<4xf32>, %n: index) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.empty() : tensor<16xf32>
  %f0 = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%f = %f0, %acc = %init) -> (!sched.future<tensor<16xf32>>, tensor<16xf32>) {
    %g = sched.wait %f : !sched.future<tensor<16xf32>>
    %next = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xf32> -> !sched.future<tensor<16xf32>>
    %s = sched.compute "acc" ins(%acc, %g : tensor<16xf32>, tensor<16xf32>) cost <flops = 64> -> (tensor<16xf32>)
    scf.yield %next, %s : !sched.future<tensor<16xf32>>, tensor<16xf32>
  }
  %last = sched.wait %r#0 : !sched.future<tensor<16xf32>>
  return %last : tensor<16xf32>
}
