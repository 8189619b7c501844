// Tests that collectives with bounded dynamic dimensions are costed at the
// bound and scheduled by every pass: the bounded program and the same
// program with static shapes at the bounds get the same report before and
// after sched-pipeline (the two gathers prefetched and bucketed, the bucket
// keeping each value's bounds), and the scheduled program verifies.
// RUN: rm -rf %t && split-file %s %t
// RUN: sched-opt %t/bounded.mlir --sched-attach-target --sched-report --sched-pipeline="bucket=1" --sched-report --mlir-print-op-on-diagnostic=false 2>&1 >%t/bounded.out | FileCheck %s
// RUN: sched-opt %t/static.mlir --sched-attach-target --sched-report --sched-pipeline="bucket=1" --sched-report --mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t/bounded.out
// RUN: sched-opt %t/bounded.out --sched-fuse-compute --sched-reorder-for-memory --sched-schedule-overlap --sched-bucket-collectives --sched-report -o /dev/null

// CHECK: remark: @step{{(_static)?}}: makespan 26.380 us ({{.*}}), exposed comm 11.455 us, overlap 0.00, peak memory 72 KiB
// CHECK: remark: @step{{(_static)?}}: step 26.380 -> 14.925 us, exposed comm 11.455 -> 0.000 us, peak memory 72 KiB -> 72 KiB
// CHECK: remark: @step{{(_static)?}}: bucketed 2 collectives into 1 bucket (32 KiB)
// CHECK: remark: @step{{(_static)?}}: makespan 14.925 us (optimal: equals the lower bound), exposed comm 0.000 us, overlap 1.00, peak memory 72 KiB

// IR: sched.all_gather_start %arg0, %arg1 on @g gather_dim = 0 {sched.dim_bounds = [array<i64: 64, 64>, array<i64: 64, 64>]} : tensor<?x64xf32>, tensor<?x64xf32> -> !sched.future<tensor<?x64xf32>, tensor<?x64xf32>>
// IR-NEXT: sched.compute "mm"
// IR-NEXT: sched.wait

//--- bounded.mlir
sched.process_group @g size = 4
func.func @step(%w1: tensor<?x64xf32> {sched.dim_bounds = array<i64: 16, 64>}, %w2: tensor<?x64xf32> {sched.dim_bounds = array<i64: 16, 64>}, %x: tensor<64x64xf32>) -> (tensor<?x64xf32>, tensor<?x64xf32>, tensor<64x64xf32>) {
  %f1 = sched.all_gather_start %w1 on @g gather_dim = 0 {sched.dim_bounds = array<i64: 64, 64>} : tensor<?x64xf32> -> !sched.future<tensor<?x64xf32>>
  %g1 = sched.wait %f1 : !sched.future<tensor<?x64xf32>>
  %f2 = sched.all_gather_start %w2 on @g gather_dim = 0 {sched.dim_bounds = array<i64: 64, 64>} : tensor<?x64xf32> -> !sched.future<tensor<?x64xf32>>
  %g2 = sched.wait %f2 : !sched.future<tensor<?x64xf32>>
  %m = sched.compute "mm" ins(%x : tensor<64x64xf32>) cost <flops = 1000000000> -> (tensor<64x64xf32>)
  return %g1, %g2, %m : tensor<?x64xf32>, tensor<?x64xf32>, tensor<64x64xf32>
}

//--- static.mlir
sched.process_group @g size = 4
func.func @step_static(%w1: tensor<16x64xf32>, %w2: tensor<16x64xf32>, %x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %f1 = sched.all_gather_start %w1 on @g gather_dim = 0 : tensor<16x64xf32> -> !sched.future<tensor<64x64xf32>>
  %g1 = sched.wait %f1 : !sched.future<tensor<64x64xf32>>
  %f2 = sched.all_gather_start %w2 on @g gather_dim = 0 : tensor<16x64xf32> -> !sched.future<tensor<64x64xf32>>
  %g2 = sched.wait %f2 : !sched.future<tensor<64x64xf32>>
  %m = sched.compute "mm" ins(%x : tensor<64x64xf32>) cost <flops = 1000000000> -> (tensor<64x64xf32>)
  return %g1, %g2, %m : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}
