// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition))" | sched-opt --convert-shard-to-sched | FileCheck %s
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(sharding-propagation,shard-partition))" | sched-opt --convert-shard-to-sched --sched-attach-target --sched-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// What upstream partitioning produces, converted. sched-opt does not register
// the upstream shard passes and mlir-opt does not know convert-shard-to-sched,
// so the pipeline runs in two tools: mlir-opt's sharding-propagation and
// shard-partition, then sched-opt's convert-shard-to-sched. The report shows
// that the cost model takes the result.

// CHECK-LABEL: shard.grid @grid(shape = 2x4)
// CHECK-NEXT:  sched.process_group @grid_axes_1 size = 4 {sched.grid = @grid, sched.grid_axes = array<i16: 1>}
// CHECK-NEXT:  sched.process_group @grid_axes_0 size = 2 {sched.grid = @grid, sched.grid_axes = array<i16: 0>}
// CHECK-NOT:   sched.process_group
shard.grid @grid(shape = 2x4)

// A matmul whose contraction dimension is split over axis 1 of the grid:
// each process computes a partial product, and the all_reduce that shard
// inserts sums them.
// CHECK-LABEL: func.func @matmul_contraction_split
// CHECK-SAME:  (%[[A:.*]]: tensor<8x4xf32>, %[[B:.*]]: tensor<4x32xf32>)
// CHECK:       %[[P:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<8x4xf32>, tensor<4x32xf32>)
// CHECK-NEXT:  %[[F:.*]] = sched.all_reduce_start %[[P]] on @grid_axes_1 reduction = sum : tensor<8x32xf32> -> !sched.future<tensor<8x32xf32>>
// CHECK-NEXT:  %[[R:.*]] = sched.wait %[[F]] : !sched.future<tensor<8x32xf32>>
// CHECK-NEXT:  return %[[R]] : tensor<8x32xf32>
func.func @matmul_contraction_split(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %sa = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  %a1 = shard.shard %a to %sa : tensor<8x16xf32>
  %sb = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %b1 = shard.shard %b to %sb : tensor<16x32xf32>
  %e = tensor.empty() : tensor<8x32xf32>
  %c = linalg.matmul ins(%a1, %b1 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %sr = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %r = shard.shard %c to %sr : tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// Rows of A split over axis 0 and the contraction over axis 1, result
// replicated: shard gathers A's rows over axis 0, then sums over axis 1.
// CHECK-LABEL: func.func @matmul_2d
// CHECK-SAME:  (%[[A:.*]]: tensor<4x4xf32>, %[[B:.*]]: tensor<4x32xf32>)
// CHECK-NEXT:  %[[F:.*]] = sched.all_gather_start %[[A]] on @grid_axes_0 gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
// CHECK-NEXT:  %[[G:.*]] = sched.wait %[[F]] : !sched.future<tensor<8x4xf32>>
// CHECK:       %[[P:.*]] = linalg.matmul ins(%{{.*}}, %[[B]] : tensor<8x4xf32>, tensor<4x32xf32>)
// CHECK-NEXT:  %[[H:.*]] = sched.all_reduce_start %[[P]] on @grid_axes_1 reduction = sum : tensor<8x32xf32> -> !sched.future<tensor<8x32xf32>>
// CHECK-NEXT:  %[[R:.*]] = sched.wait %[[H]] : !sched.future<tensor<8x32xf32>>
// CHECK-NEXT:  return %[[R]] : tensor<8x32xf32>
func.func @matmul_2d(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %sa = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %a1 = shard.shard %a to %sa : tensor<8x16xf32>
  %sb = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %b1 = shard.shard %b to %sb : tensor<16x32xf32>
  %e = tensor.empty() : tensor<8x32xf32>
  %c = linalg.matmul ins(%a1, %b1 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %sr = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %r = shard.shard %c to %sr : tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// Resharding from split rows to split columns: an all_to_all.
// CHECK-LABEL: func.func @reshard_rows_to_columns
// CHECK-SAME:  (%[[X:.*]]: tensor<2x16xf32>)
// CHECK-NEXT:  %[[F:.*]] = sched.all_to_all_start %[[X]] on @grid_axes_1 split_dim = 1 concat_dim = 0 : tensor<2x16xf32> -> !sched.future<tensor<8x4xf32>>
// CHECK-NEXT:  %[[R:.*]] = sched.wait %[[F]]
// CHECK-NEXT:  %[[C:.*]] = tensor.cast %[[R]] : tensor<8x4xf32> to tensor<8x4xf32>
// CHECK-NEXT:  return %[[C]] : tensor<8x4xf32>
func.func @reshard_rows_to_columns(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s0 = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %x0 = shard.shard %x to %s0 : tensor<8x16xf32>
  %s1 = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  %x1 = shard.shard %x0 to %s1 annotate_for_users : tensor<8x16xf32>
  return %x1 : tensor<8x16xf32>
}

// Resharding from replicated to split: an all_slice, which communicates
// nothing.
// CHECK-LABEL: func.func @reshard_replicated_to_split
// CHECK-SAME:  (%[[X:.*]]: tensor<8x16xf32>)
// CHECK-NEXT:  %[[I:.*]] = shard.process_multi_index on @grid axes = [1] : index
// CHECK:       %[[S:.*]] = tensor.extract_slice %[[X]][0, %{{.*}}] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>
// CHECK-NEXT:  return %[[S]] : tensor<8x4xf32>
func.func @reshard_replicated_to_split(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s0 = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %x0 = shard.shard %x to %s0 : tensor<8x16xf32>
  %s1 = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  %x1 = shard.shard %x0 to %s1 annotate_for_users : tensor<8x16xf32>
  return %x1 : tensor<8x16xf32>
}

// REPORT-COUNT-4: remark: @{{[a-z_0-9]+}}: makespan
