// RUN: sched-opt %s --sched-attach-target --sched-schedule-overlap -verify-diagnostics -o /dev/null
// RUN: sched-opt %s --sched-attach-target --sched-schedule-overlap 2>/dev/null | FileCheck %s

// The function's body, scheduled alone, makes the whole function slower:
// its simulation sees the loop as one op, blind to the all-reduces the loop
// issues on @dp, so it starts the large all-reduce before the loop to hide
// it behind the loop's 400 us of compute. On the stream of @dp the loop's
// first all-reduce then waits for the large one (about 1070 us): the whole
// function (loops as their iterations) would take 1677 us instead of 1577.
// sched-schedule-overlap gives the body its order back, with a remark
// (docs/passes/ScheduleOverlap.md, "Step guard").

sched.process_group @dp size = 8

// CHECK-LABEL: func.func @f
// CHECK:         scf.for
// CHECK:         sched.all_reduce_start %arg1
// CHECK:         sched.compute "after"
// CHECK:         sched.wait
// expected-remark@+4 {{@f: step 1576.979 -> 1070.516 us, exposed comm 970.516 -> 464.052 us}}
// expected-remark@+3 {{@f: order of the body undone: the whole function's step would be 1676.979 us against 1576.979 us with the nested blocks alone scheduled}}
// expected-remark@+2 {{@f: whole function (loops as their iterations): step 1576.979 -> 1576.979 us, peak memory 512.01 MiB -> 512.01 MiB}}
// A large all-reduce after a loop that all-reduces on the same group.
func.func @f(%x0: tensor<1024xf32>, %big: tensor<67108864xf32>) -> (tensor<1024xf32>, tensor<67108864xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{'scf.for' body: step 126.616 -> 126.616 us}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<1024xf32>) {
    %f = sched.all_reduce_start %x on @dp reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    %v = sched.wait %f : !sched.future<tensor<1024xf32>>
    %y = sched.compute "layer" ins(%v : tensor<1024xf32>) cost <time_ns = 100000> -> (tensor<1024xf32>)
    scf.yield %y : tensor<1024xf32>
  }
  %g = sched.all_reduce_start %big on @dp reduction = sum : tensor<67108864xf32> -> !sched.future<tensor<67108864xf32>>
  %z = sched.compute "after" ins(%r : tensor<1024xf32>) cost <time_ns = 100000> -> (tensor<1024xf32>)
  %gv = sched.wait %g : !sched.future<tensor<67108864xf32>>
  return %z, %gv : tensor<1024xf32>, tensor<67108864xf32>
}
