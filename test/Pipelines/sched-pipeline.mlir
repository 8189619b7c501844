// RUN: sched-opt %sched_src_root/examples/fsdp-layer.mlir --sched-attach-target --sched-pipeline --mlir-print-op-on-diagnostic=false 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: sched-opt %sched_src_root/examples/fsdp-layer.mlir --sched-attach-target --sched-pipeline="max-in-flight=1 memory-slack=0.0 memory-allowance=0 collective-allowance=0" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIGHT

// The default pipeline on the bundled FSDP example: reordering for memory
// keeps the order, the overlap scheduler prefetches the second all_gather and
// overlaps the first reduce_scatter, and the verifier accepts the result.

// By default each pass gives one summary remark per function, named by its
// symbol, in human units (the per-collective detail needs explain=1), and
// the bucketer one remark per reason that refused starts, with the count.
// REMARK: remark: @step: kept the original order: peak 928 MiB
// REMARK: remark: @step: step 6224.049 -> 5414.513 us, exposed comm 1619.073 -> 809.537 us, peak memory 928 MiB -> 960 MiB (budget 1.91 GiB); optimal: equals the lower bound; 2 collectives stay exposed (explain=1 says why)
// REMARK: remark: @step: no bucket made, exposed comm 809.537 -> 809.537 us; explain=1 gives each decision
// REMARK: fsdp-layer.mlir:45:9: remark: 1 start not bucketed with the bucket before it (this one): the bucket would go over the cap of 256 MiB
// REMARK: fsdp-layer.mlir:27:9: remark: 1 start not bucketed with the bucket before it (this one): no placement of the merged start and wait keeps the dependences, the memory accesses and the overlap
// REMARK-NOT: remark

// The in-flight caps searched all reach the lower bound at the same peak;
// the tie goes to the tightest, one in flight, so the first gather is
// waited on before the second starts (budget: the input's peak plus 1 GiB).
// CHECK: %[[AG1:.*]] = sched.all_gather_start %arg1
// CHECK-NEXT: sched.wait %[[AG1]]
// CHECK-NEXT: %[[AG2:.*]] = sched.all_gather_start %arg2
// CHECK-NEXT: sched.compute "matmul"
// CHECK-NEXT: sched.wait %[[AG2]]

// With no memory slack (and no allowance) the second all_gather cannot be
// prefetched, but the
// first reduce_scatter still overlaps, within the input's peak exactly.
// TIGHT: remark: @step: step 6224.049 -> 5949.771 us, exposed comm 1619.073 -> 1344.795 us, peak memory 928 MiB -> 928 MiB (budget 928 MiB); within 9.9 % of the lower bound, 5414.513 us
