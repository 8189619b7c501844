// RUN: sched-opt %s --sched-attach-target --sched-schedule-overlap="memory-slack=1e30 capacity-check=off" -o /dev/null 2>&1 | FileCheck %s
// RUN: sched-opt %s --sched-attach-target --sched-pipeline="memory-slack=1e30 capacity-check=off" -o /dev/null 2>&1 | FileCheck %s
// RUN: sched-opt %s --sched-attach-target --sched-schedule-overlap="memory-slack=1e30" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAPACITY
// RUN: sched-opt %s --sched-attach-target --sched-pipeline="memory-slack=1e30" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CAPACITY

// A memory-slack whose bytes do not fit in 64 bits is no limit: the budget
// saturates at 2^63 - 1 bytes, which the remark calls unlimited.
// sched-pipeline-fuzzer found that 1e30 overflowed the budget
// (undefined behaviour; in release builds a negative budget, so the pass
// refused to schedule anything).

sched.process_group @g size = 2

// CHECK: remark: @{{[a-z_0-9]+}}: step {{.*}} exposed comm {{.*}} -> 0.000 us, peak memory 16 KiB -> 16 KiB (budget unlimited)
// With the capacity check (the default), an input that fits the device gets
// at most the target's HBM capacity (h100-sxm: 80 GiB) as its budget.
// CAPACITY: remark: @{{[a-z_0-9]+}}: step {{.*}} exposed comm {{.*}} -> 0.000 us, peak memory 16 KiB -> 16 KiB (budget 80 GiB)
func.func @step(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %f = sched.all_reduce_start %a on @g reduction = sum : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
  %w = sched.wait %f : !sched.future<tensor<1024xf32>>
  %m = sched.compute "mm" ins(%a : tensor<1024xf32>) cost <time_ns = 100000> -> (tensor<1024xf32>)
  %r = sched.compute "add" ins(%w, %m : tensor<1024xf32>, tensor<1024xf32>) cost <time_ns = 1000> -> (tensor<1024xf32>)
  return %r : tensor<1024xf32>
}
