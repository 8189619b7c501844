// RUN: sched-opt %sched_src_root/examples/fsdp-layer.mlir --sched-attach-target --sched-pipeline --mlir-print-op-on-diagnostic=false 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: sched-opt %sched_src_root/examples/fsdp-layer.mlir --sched-attach-target --sched-pipeline="max-in-flight=1 memory-slack=0.0" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT

// The default pipeline on the bundled FSDP example: reordering for memory
// keeps the order, the overlap scheduler prefetches the second all_gather and
// overlaps the first reduce_scatter, and the verifier accepts the result.

// REMARK: remark: kept the original order
// REMARK: remark: step 6224.049 -> 5414.513 us, exposed comm 1619.073 -> 809.537 us

// CHECK: %[[AG1:.*]] = sched.all_gather_start %arg1
// CHECK-NEXT: %[[AG2:.*]] = sched.all_gather_start %arg2
// CHECK-NEXT: sched.wait %[[AG1]]
// CHECK-NEXT: sched.compute "matmul"
// CHECK-NEXT: sched.wait %[[AG2]]

// With no memory slack the second all_gather cannot be prefetched, but the
// first reduce_scatter still overlaps, within the input's peak exactly.
// TIGHT: remark: step 6224.049 -> 5949.771 us, exposed comm 1619.073 -> 1344.795 us, peak memory 973078528 -> 973078528 bytes (budget 973078528)
