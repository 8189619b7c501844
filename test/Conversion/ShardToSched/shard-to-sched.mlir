// RUN: sched-opt %s -split-input-file --convert-shard-to-sched | FileCheck %s
// RUN: sched-opt %s -split-input-file --convert-shard-to-sched > %t.1
// RUN: sched-opt %s -split-input-file --convert-shard-to-sched > %t.2
// RUN: diff %t.1 %t.2
// RUN: sched-opt %s -split-input-file --convert-shard-to-sched | sched-opt -split-input-file --verify-roundtrip > /dev/null

// Every shard collective becomes a sched start directly followed by its wait
// (the unscheduled form), on a process group per (grid, grid axes) pair. The
// second and third RUN lines check that the output is the same in two
// processes; the last one that it parses back and verifies.

// -----

// Each collective kind, on a 2x4 grid. Groups come right after the grid, in
// the order of first use; a pair used twice has one group.

// CHECK-LABEL: shard.grid @grid(shape = 2x4)
// CHECK-NEXT:  sched.process_group @grid_axes_1 size = 4 {sched.grid = @grid, sched.grid_axes = array<i16: 1>}
// CHECK-NEXT:  sched.process_group @grid_axes_0 size = 2 {sched.grid = @grid, sched.grid_axes = array<i16: 0>}
// CHECK-NOT:   sched.process_group
shard.grid @grid(shape = 2x4)

// CHECK-LABEL: func.func @all_reduce
// CHECK-SAME:  (%[[X:.*]]: tensor<8x16xf32>)
func.func @all_reduce(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start %[[X]] on @grid_axes_1 reduction = sum : tensor<8x16xf32> -> !sched.future<tensor<8x16xf32>>
  // CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]] : !sched.future<tensor<8x16xf32>>
  // CHECK-NEXT: return %[[R]]
  %0 = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8x16xf32> -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// A gather on a non-leading tensor dimension needs no transpose: gather_dim
// is any dimension.
// CHECK-LABEL: func.func @all_gather
// CHECK-SAME:  (%[[X:.*]]: tensor<8x4xbf16>)
func.func @all_gather(%x: tensor<8x4xbf16>) -> tensor<8x16xbf16> {
  // CHECK-NEXT: %[[F:.*]] = sched.all_gather_start %[[X]] on @grid_axes_1 gather_dim = 1 : tensor<8x4xbf16> -> !sched.future<tensor<8x16xbf16>>
  // CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]] : !sched.future<tensor<8x16xbf16>>
  // CHECK-NEXT: return %[[R]]
  %0 = shard.all_gather %x on @grid grid_axes = [1] gather_axis = 1 : tensor<8x4xbf16> -> tensor<8x16xbf16>
  return %0 : tensor<8x16xbf16>
}

// CHECK-LABEL: func.func @reduce_scatter
// CHECK-SAME:  (%[[X:.*]]: tensor<8x16xf32>)
func.func @reduce_scatter(%x: tensor<8x16xf32>) -> tensor<4x16xf32> {
  // CHECK-NEXT: %[[F:.*]] = sched.reduce_scatter_start %[[X]] on @grid_axes_0 reduction = max scatter_dim = 0 : tensor<8x16xf32> -> !sched.future<tensor<4x16xf32>>
  // CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]] : !sched.future<tensor<4x16xf32>>
  // CHECK-NEXT: return %[[R]]
  %0 = shard.reduce_scatter %x on @grid grid_axes = [0] reduction = max scatter_axis = 0 : tensor<8x16xf32> -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// CHECK-LABEL: func.func @reduce_scatter_inner
// CHECK-SAME:  (%[[X:.*]]: tensor<8x16xi32>)
func.func @reduce_scatter_inner(%x: tensor<8x16xi32>) -> tensor<8x4xi32> {
  // CHECK-NEXT: %[[F:.*]] = sched.reduce_scatter_start %[[X]] on @grid_axes_1 reduction = min scatter_dim = 1 : tensor<8x16xi32> -> !sched.future<tensor<8x4xi32>>
  // CHECK-NEXT: sched.wait %[[F]] : !sched.future<tensor<8x4xi32>>
  %0 = shard.reduce_scatter %x on @grid grid_axes = [1] reduction = min scatter_axis = 1 : tensor<8x16xi32> -> tensor<8x4xi32>
  return %0 : tensor<8x4xi32>
}

// CHECK-LABEL: func.func @all_to_all
// CHECK-SAME:  (%[[X:.*]]: tensor<8x16xf32>)
func.func @all_to_all(%x: tensor<8x16xf32>) -> tensor<32x4xf32> {
  // CHECK-NEXT: %[[F:.*]] = sched.all_to_all_start %[[X]] on @grid_axes_1 split_dim = 1 concat_dim = 0 : tensor<8x16xf32> -> !sched.future<tensor<32x4xf32>>
  // CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]] : !sched.future<tensor<32x4xf32>>
  // CHECK-NEXT: return %[[R]]
  %0 = shard.all_to_all %x on @grid grid_axes = [1] split_axis = 1 concat_axis = 0 : tensor<8x16xf32> -> tensor<32x4xf32>
  return %0 : tensor<32x4xf32>
}

// CHECK-LABEL: func.func @broadcast
// CHECK-SAME:  (%[[X:.*]]: tensor<8xf32>)
func.func @broadcast(%x: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK-NEXT: %[[F:.*]] = sched.broadcast_start %[[X]] on @grid_axes_1 root = 3 : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  // CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]] : !sched.future<tensor<8xf32>>
  // CHECK-NEXT: return %[[R]]
  %0 = shard.broadcast %x on @grid grid_axes = [1] root = [3] : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Reductions: sum (the default), max, min, product -> prod, average -> avg.

shard.grid @grid(shape = 8)

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK: sched.all_reduce_start %{{.*}} on @grid_axes_0 reduction = sum
  %0 = shard.all_reduce %x on @grid grid_axes = [0] reduction = sum : tensor<4xf32> -> tensor<4xf32>
  // CHECK: sched.all_reduce_start %{{.*}} on @grid_axes_0 reduction = max
  %1 = shard.all_reduce %x on @grid grid_axes = [0] reduction = max : tensor<4xf32> -> tensor<4xf32>
  // CHECK: sched.all_reduce_start %{{.*}} on @grid_axes_0 reduction = min
  %2 = shard.all_reduce %x on @grid grid_axes = [0] reduction = min : tensor<4xf32> -> tensor<4xf32>
  // CHECK: sched.all_reduce_start %{{.*}} on @grid_axes_0 reduction = prod
  %3 = shard.all_reduce %x on @grid grid_axes = [0] reduction = product : tensor<4xf32> -> tensor<4xf32>
  // CHECK: sched.all_reduce_start %{{.*}} on @grid_axes_0 reduction = avg
  %4 = shard.all_reduce %x on @grid grid_axes = [0] reduction = average : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// A reduction accumulates in its result element type: the input is
// converted first.
// CHECK-LABEL: func.func @accumulate
// CHECK-SAME:  (%[[X:.*]]: tensor<8x16xbf16>, %[[Y:.*]]: tensor<16xf32>)
func.func @accumulate(%x: tensor<8x16xbf16>, %y: tensor<16xf32>) -> (tensor<8x2xf32>, tensor<16xbf16>) {
  // CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : tensor<8x16xbf16> to tensor<8x16xf32>
  // CHECK-NEXT: %[[F:.*]] = sched.reduce_scatter_start %[[W]] on @grid_axes_0 reduction = sum scatter_dim = 1 : tensor<8x16xf32> -> !sched.future<tensor<8x2xf32>>
  // CHECK-NEXT: sched.wait %[[F]]
  %0 = shard.reduce_scatter %x on @grid grid_axes = [0] scatter_axis = 1 : tensor<8x16xbf16> -> tensor<8x2xf32>
  // CHECK-NEXT: %[[N:.*]] = arith.truncf %[[Y]] : tensor<16xf32> to tensor<16xbf16>
  // CHECK-NEXT: %[[G:.*]] = sched.all_reduce_start %[[N]] on @grid_axes_0 reduction = max : tensor<16xbf16> -> !sched.future<tensor<16xbf16>>
  // CHECK-NEXT: sched.wait %[[G]]
  %1 = shard.all_reduce %y on @grid grid_axes = [0] reduction = max : tensor<16xf32> -> tensor<16xbf16>
  return %0, %1 : tensor<8x2xf32>, tensor<16xbf16>
}

// -----

// Multi-axis groups. The order of grid_axes is the order of the group (its
// linear index is row-major over the axes as listed), so [0, 1] and [1, 0]
// are different groups. A broadcast root is a multi-index over grid_axes, in
// their order, linearized the same way.

// CHECK-LABEL: shard.grid @grid(shape = 2x4x3)
// CHECK-NEXT:  sched.process_group @grid_axes_0_1 size = 8 {sched.grid = @grid, sched.grid_axes = array<i16: 0, 1>}
// CHECK-NEXT:  sched.process_group @grid_axes_1_0 size = 8 {sched.grid = @grid, sched.grid_axes = array<i16: 1, 0>}
// CHECK-NEXT:  sched.process_group @grid_axes_0_1_2 size = 24 {sched.grid = @grid, sched.grid_axes = array<i16: 0, 1, 2>}
// CHECK-NEXT:  sched.process_group @grid_axes_2_0 size = 6 {sched.grid = @grid, sched.grid_axes = array<i16: 2, 0>}
// CHECK-NOT:   sched.process_group
shard.grid @grid(shape = 2x4x3)

// CHECK-LABEL: func.func @roots
func.func @roots(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  // (1, 2) over sizes (2, 4): 1 * 4 + 2.
  // CHECK: sched.broadcast_start %{{.*}} on @grid_axes_0_1 root = 6
  %0 = shard.broadcast %x on @grid grid_axes = [0, 1] root = [1, 2] : (tensor<8xf32>) -> tensor<8xf32>
  // (2, 1) over sizes (4, 2): 2 * 2 + 1.
  // CHECK: sched.broadcast_start %{{.*}} on @grid_axes_1_0 root = 5
  %1 = shard.broadcast %x on @grid grid_axes = [1, 0] root = [2, 1] : (tensor<8xf32>) -> tensor<8xf32>
  // (1, 3, 2) over sizes (2, 4, 3): (1 * 4 + 3) * 3 + 2.
  // CHECK: sched.broadcast_start %{{.*}} on @grid_axes_0_1_2 root = 23
  %2 = shard.broadcast %x on @grid grid_axes = [0, 1, 2] root = [1, 3, 2] : (tensor<8xf32>) -> tensor<8xf32>
  // (2, 0) over sizes (3, 2): 2 * 2 + 0.
  // CHECK: sched.broadcast_start %{{.*}} on @grid_axes_2_0 root = 4
  %3 = shard.broadcast %x on @grid grid_axes = [2, 0] root = [2, 0] : (tensor<8xf32>) -> tensor<8xf32>
  return %0, %1, %2, %3 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// CHECK-LABEL: func.func @multi_axis_gather
func.func @multi_axis_gather(%x: tensor<2x5xf16>) -> tensor<48x5xf16> {
  // CHECK: sched.all_gather_start %{{.*}} on @grid_axes_0_1_2 gather_dim = 0 : tensor<2x5xf16> -> !sched.future<tensor<48x5xf16>>
  %0 = shard.all_gather %x on @grid grid_axes = [0, 1, 2] gather_axis = 0 : tensor<2x5xf16> -> tensor<48x5xf16>
  return %0 : tensor<48x5xf16>
}

// -----

// Several grids; a grid axis of dynamic size is fine if no collective uses
// it. No axes: a group of one process. A name already taken by another
// symbol gets a suffix; a group of the same name that already describes the
// pair (the output of an earlier run) is reused.

// CHECK-LABEL: shard.grid @a(shape = 4x?)
// CHECK-NEXT:  sched.process_group @a_axes_0 size = 4 {sched.grid = @a, sched.grid_axes = array<i16: 0>}
// CHECK-NEXT:  sched.process_group @a_axes_none size = 1 {sched.grid = @a, sched.grid_axes = array<i16>}
// CHECK-NEXT:  shard.grid @b(shape = 2x2)
// CHECK-NEXT:  sched.process_group @b_axes_1_1 size = 2 {sched.grid = @b, sched.grid_axes = array<i16: 1>}
// CHECK-NEXT:  sched.process_group @b_axes_0 size = 2 {sched.grid = @b, sched.grid_axes = array<i16: 0>}
// CHECK-NEXT:  sched.process_group @b_axes_1 size = 8{{$}}
// CHECK-NEXT:  sched.process_group @b_axes_0_1 size = 4 {sched.grid = @b, sched.grid_axes = array<i16: 0, 1>}
// CHECK-NOT:   sched.process_group
shard.grid @a(shape = 4x?)
shard.grid @b(shape = 2x2)
sched.process_group @b_axes_1 size = 8
sched.process_group @b_axes_0_1 size = 4 {sched.grid = @b, sched.grid_axes = array<i16: 0, 1>}

// CHECK-LABEL: func.func @groups
func.func @groups(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  // CHECK: sched.all_reduce_start %{{.*}} on @a_axes_0 reduction = sum
  %0 = shard.all_reduce %x on @a grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  // CHECK: sched.all_reduce_start %{{.*}} on @a_axes_none reduction = sum
  %1 = shard.all_reduce %x on @a : tensor<8xf32> -> tensor<8xf32>
  // CHECK: sched.all_reduce_start %{{.*}} on @b_axes_1_1 reduction = sum
  %2 = shard.all_reduce %x on @b grid_axes = [1] : tensor<8xf32> -> tensor<8xf32>
  // CHECK: sched.all_reduce_start %{{.*}} on @b_axes_0 reduction = sum
  %3 = shard.all_reduce %x on @b grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  // CHECK: sched.all_reduce_start %{{.*}} on @b_axes_0_1 reduction = sum
  %4 = shard.all_reduce %x on @b grid_axes = [0, 1] : tensor<8xf32> -> tensor<8xf32>
  // CHECK: sched.all_reduce_start %{{.*}} on @a_axes_0 reduction = sum
  %5 = shard.all_reduce %x on @a grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// Ops with a root: gather and reduce deliver the root's result to every
// process (shard leaves it undefined elsewhere); scatter broadcasts the
// root's input and each process keeps its part. all_slice communicates
// nothing: each process keeps its part, and no group is declared for it.

// CHECK-LABEL: shard.grid @grid(shape = 2x4)
// CHECK-NEXT:  sched.process_group @grid_axes_1 size = 4 {sched.grid = @grid, sched.grid_axes = array<i16: 1>}
// CHECK-NEXT:  sched.process_group @grid_axes_1_0 size = 8 {sched.grid = @grid, sched.grid_axes = array<i16: 1, 0>}
// CHECK-NOT:   sched.process_group
shard.grid @grid(shape = 2x4)

// CHECK-LABEL: func.func @gather
// CHECK-SAME:  (%[[X:.*]]: tensor<3x6xi8>)
func.func @gather(%x: tensor<3x6xi8>) -> tensor<3x24xi8> {
  // CHECK-NEXT: %[[F:.*]] = sched.all_gather_start %[[X]] on @grid_axes_1 gather_dim = 1 : tensor<3x6xi8> -> !sched.future<tensor<3x24xi8>>
  // CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]]
  // CHECK-NEXT: return %[[R]]
  %0 = shard.gather %x on @grid grid_axes = [1] gather_axis = 1 root = [2] : (tensor<3x6xi8>) -> tensor<3x24xi8>
  return %0 : tensor<3x24xi8>
}

// CHECK-LABEL: func.func @reduce
// CHECK-SAME:  (%[[X:.*]]: tensor<2xf16>)
func.func @reduce(%x: tensor<2xf16>) -> tensor<2xf32> {
  // CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : tensor<2xf16> to tensor<2xf32>
  // CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start %[[W]] on @grid_axes_1_0 reduction = max : tensor<2xf32> -> !sched.future<tensor<2xf32>>
  // CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]]
  // CHECK-NEXT: return %[[R]]
  %0 = shard.reduce %x on @grid grid_axes = [1, 0] reduction = max root = [3, 1] : (tensor<2xf16>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @scatter
// CHECK-SAME:  (%[[X:.*]]: tensor<3x8xf32>)
func.func @scatter(%x: tensor<3x8xf32>) -> tensor<3x1xf32> {
  // CHECK-NEXT: %[[F:.*]] = sched.broadcast_start %[[X]] on @grid_axes_1_0 root = 5 : tensor<3x8xf32> -> !sched.future<tensor<3x8xf32>>
  // CHECK-NEXT: %[[W:.*]] = sched.wait %[[F]]
  // CHECK-NEXT: %[[I:.*]]:2 = shard.process_multi_index on @grid axes = [1, 0] : index, index
  // CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[M:.*]] = arith.muli %[[I]]#0, %[[C2]] : index
  // CHECK-NEXT: %[[P:.*]] = arith.addi %[[M]], %[[I]]#1 : index
  // CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %[[W]][0, %[[P]]] [3, 1] [1, 1] : tensor<3x8xf32> to tensor<3x1xf32>
  // CHECK-NEXT: return %[[S]]
  %0 = shard.scatter %x on @grid grid_axes = [1, 0] scatter_axis = 1 root = [2, 1] : (tensor<3x8xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// CHECK-LABEL: func.func @all_slice
// CHECK-SAME:  (%[[X:.*]]: tensor<8x16xf32>)
func.func @all_slice(%x: tensor<8x16xf32>) -> tensor<8x4xf32> {
  // CHECK-NEXT: %[[I:.*]] = shard.process_multi_index on @grid axes = [1] : index
  // CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[O:.*]] = arith.muli %[[I]], %[[C4]] : index
  // CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %[[X]][0, %[[O]]] [8, 4] [1, 1] : tensor<8x16xf32> to tensor<8x4xf32>
  // CHECK-NEXT: return %[[S]]
  %0 = shard.all_slice %x on @grid grid_axes = [1] slice_axis = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// A dynamic sliced dimension is divided at run time.
// CHECK-LABEL: func.func @all_slice_dynamic
// CHECK-SAME:  (%[[X:.*]]: tensor<?x16xf32>)
func.func @all_slice_dynamic(%x: tensor<?x16xf32>) -> tensor<?x16xf32> {
  // CHECK-NEXT: %[[I:.*]] = shard.process_multi_index on @grid axes = [0] : index
  // CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[D:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x16xf32>
  // CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[N:.*]] = arith.divui %[[D]], %[[C2]] : index
  // CHECK-NEXT: %[[O:.*]] = arith.muli %[[I]], %[[N]] : index
  // CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %[[X]][%[[O]], 0] [%[[N]], 16] [1, 1] : tensor<?x16xf32> to tensor<?x16xf32>
  // CHECK-NEXT: return %[[S]]
  %0 = shard.all_slice %x on @grid grid_axes = [0] slice_axis = 0 : tensor<?x16xf32> -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}

// -----

// The memref form of all_reduce reduces into a new buffer of the result
// type, as shard returns a new memref.

shard.grid @grid(shape = 4)

// CHECK-LABEL: func.func @all_reduce_memref
// CHECK-SAME:  (%[[M:.*]]: memref<8x16xf32>, %[[D:.*]]: memref<?x4xi8>)
func.func @all_reduce_memref(%m: memref<8x16xf32>, %d: memref<?x4xi8>) -> (memref<8x16xf32>, memref<?x4xi8>) {
  // CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<8x16xf32>
  // CHECK-NEXT: %[[F:.*]] = sched.all_reduce_start %[[M]] into %[[A]] on @grid_axes_0 reduction = avg : memref<8x16xf32> into memref<8x16xf32> -> !sched.future<memref<8x16xf32>>
  // CHECK-NEXT: %[[R:.*]] = sched.wait %[[F]] : !sched.future<memref<8x16xf32>>
  %0 = shard.all_reduce %m on @grid grid_axes = [0] reduction = average : memref<8x16xf32> -> memref<8x16xf32>
  // CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[N:.*]] = memref.dim %[[D]], %[[C0]] : memref<?x4xi8>
  // CHECK-NEXT: %[[B:.*]] = memref.alloc(%[[N]]) : memref<?x4xi8>
  // CHECK-NEXT: %[[G:.*]] = sched.all_reduce_start %[[D]] into %[[B]] on @grid_axes_0 reduction = sum : memref<?x4xi8> into memref<?x4xi8> -> !sched.future<memref<?x4xi8>>
  // CHECK-NEXT: %[[S:.*]] = sched.wait %[[G]] : !sched.future<memref<?x4xi8>>
  // CHECK-NEXT: return %[[R]], %[[S]]
  %1 = shard.all_reduce %d on @grid grid_axes = [0] : memref<?x4xi8> -> memref<?x4xi8>
  return %0, %1 : memref<8x16xf32>, memref<?x4xi8>
}

// -----

// Ops that are not collectives stay; a module without collectives is
// unchanged.

// CHECK-LABEL: shard.grid @grid(shape = 2x4)
// CHECK-NOT:   sched.process_group
shard.grid @grid(shape = 2x4)

// CHECK-LABEL: func.func @not_collectives
func.func @not_collectives(%x: tensor<8x16xf32>) -> (index, index, tensor<8x16xf32>) {
  // CHECK-NEXT: shard.process_linear_index on @grid : index
  // CHECK-NEXT: shard.grid_shape @grid axes = [1] : index
  // CHECK-NEXT: shard.sharding @grid split_axes = {{\[\[}}0], [1]] : !shard.sharding
  // CHECK-NEXT: shard.shard
  %i = shard.process_linear_index on @grid : index
  %s = shard.grid_shape @grid axes = [1] : index
  %sharding = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %y = shard.shard %x to %sharding : tensor<8x16xf32>
  return %i, %s, %y : index, index, tensor<8x16xf32>
}
