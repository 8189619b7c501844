// RUN: sched-opt %s -split-input-file -verify-diagnostics --convert-shard-to-sched | FileCheck %s

// The collectives of upstream's test/Dialect/Shard/ops.mlir (in the syntax
// of MLIR 22.1.8, which spells the attribute of reduce_scatter and scatter
// `scatter_axis`), converted. The cases sched rejects follow, one per split.

// CHECK-LABEL: shard.grid @grid0(shape = 2x2x4)
// CHECK-NEXT:  sched.process_group @grid0_axes_1_0 size = 4 {sched.grid = @grid0, sched.grid_axes = array<i16: 1, 0>}
// CHECK-NEXT:  sched.process_group @grid0_axes_2 size = 4 {sched.grid = @grid0, sched.grid_axes = array<i16: 2>}
// CHECK-NEXT:  sched.process_group @grid0_axes_0_2 size = 8 {sched.grid = @grid0, sched.grid_axes = array<i16: 0, 2>}
// CHECK-NEXT:  shard.grid @grid4(shape = 3)
// CHECK-NEXT:  sched.process_group @grid4_axes_none size = 1 {sched.grid = @grid4, sched.grid_axes = array<i16>}
// CHECK-NOT:   sched.process_group
shard.grid @grid0(shape = 2x2x4)
shard.grid @grid4(shape = 3)

// CHECK-LABEL: func.func @all_reduce
// CHECK-NEXT:  arith.extf %{{.*}} : tensor<3x4xf32> to tensor<3x4xf64>
// CHECK-NEXT:  sched.all_reduce_start %{{.*}} on @grid0_axes_1_0 reduction = max : tensor<3x4xf64> -> !sched.future<tensor<3x4xf64>>
func.func @all_reduce(%arg0 : tensor<3x4xf32>) -> tensor<3x4xf64> {
  %0 = shard.all_reduce %arg0 on @grid0 grid_axes = [1, 0] reduction = max
    : tensor<3x4xf32> -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}

// CHECK-LABEL: func.func @all_gather
// CHECK-NEXT:  sched.all_gather_start %{{.*}} on @grid0_axes_2 gather_dim = 1 : tensor<3x4xf32> -> !sched.future<tensor<3x16xf32>>
func.func @all_gather(%arg0 : tensor<3x4xf32>) -> tensor<3x16xf32> {
  %0 = shard.all_gather %arg0 on @grid0 grid_axes = [2] gather_axis = 1
    : tensor<3x4xf32> -> tensor<3x16xf32>
  return %0 : tensor<3x16xf32>
}

// CHECK-LABEL: func.func @all_gather_dynamic_dims_in_tensor
// CHECK-NEXT:  sched.all_gather_start %{{.*}} on @grid0_axes_2 gather_dim = 1 : tensor<?x?xf32> -> !sched.future<tensor<?x?xf32>>
func.func @all_gather_dynamic_dims_in_tensor(%arg0 : tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = shard.all_gather %arg0 on @grid0 grid_axes = [2] gather_axis = 1
    : tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @all_slice_static_dimensions
// CHECK-NEXT:  %[[I:.*]] = shard.process_multi_index on @grid0 axes = [2] : index
// CHECK-NEXT:  tensor.extract_slice %{{.*}}[0, %[[I]]] [3, 1] [1, 1] : tensor<3x4xf32> to tensor<3x1xf32>
func.func @all_slice_static_dimensions(%arg0 : tensor<3x4xf32>) -> tensor<3x1xf32> {
  %0 = shard.all_slice %arg0 on @grid0 grid_axes = [2] slice_axis = 1
    : tensor<3x4xf32> -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// Without grid_axes, every process is its own group.
// CHECK-LABEL: func.func @all_to_all
// CHECK-NEXT:  sched.all_to_all_start %{{.*}} on @grid4_axes_none split_dim = 1 concat_dim = 0 : tensor<3x6xi8> -> !sched.future<tensor<3x6xi8>>
func.func @all_to_all(%arg0 : tensor<3x6xi8>) -> tensor<3x6xi8> {
  %0 = shard.all_to_all %arg0 on @grid4
    split_axis = 1 concat_axis = 0
    : tensor<3x6xi8> -> tensor<3x6xi8>
  return %0 : tensor<3x6xi8>
}

// CHECK-LABEL: func.func @all_to_all_dynamic_dims_in_result
// CHECK-NEXT:  sched.all_to_all_start %{{.*}} on @grid4_axes_none split_dim = 1 concat_dim = 0 : tensor<3x6xi8> -> !sched.future<tensor<3x?xi8>>
func.func @all_to_all_dynamic_dims_in_result(%arg0 : tensor<3x6xi8>) -> tensor<3x?xi8> {
  %0 = shard.all_to_all %arg0 on @grid4
    split_axis = 1 concat_axis = 0
    : tensor<3x6xi8> -> tensor<3x?xi8>
  return %0 : tensor<3x?xi8>
}

// CHECK-LABEL: func.func @all_to_all_same_split_concat_dim_with_dynamic_device_group_size
// CHECK-NEXT:  sched.all_to_all_start %{{.*}} on @grid4_axes_none split_dim = 0 concat_dim = 0 : tensor<3xi8> -> !sched.future<tensor<3xi8>>
func.func @all_to_all_same_split_concat_dim_with_dynamic_device_group_size(%arg0 : tensor<3xi8>) -> tensor<3xi8> {
  %0 = shard.all_to_all %arg0 on @grid4
    split_axis = 0 concat_axis = 0
    : tensor<3xi8> -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// Root (0, 1) over axes (0, 2) of sizes (2, 4): 0 * 4 + 1.
// CHECK-LABEL: func.func @broadcast_static_root
// CHECK-NEXT:  sched.broadcast_start %{{.*}} on @grid0_axes_0_2 root = 1 : tensor<3x6xi8> -> !sched.future<tensor<3x6xi8>>
func.func @broadcast_static_root(%arg0 : tensor<3x6xi8>) -> tensor<3x6xi8> {
  %0 = shard.broadcast %arg0 on @grid0 grid_axes = [0, 2]
    root = [0, 1]
    : (tensor<3x6xi8>) -> tensor<3x6xi8>
  return %0 : tensor<3x6xi8>
}

// CHECK-LABEL: func.func @gather_static_root
// CHECK-NEXT:  sched.all_gather_start %{{.*}} on @grid0_axes_0_2 gather_dim = 0 : tensor<3x6xi8> -> !sched.future<tensor<24x6xi8>>
func.func @gather_static_root(%arg0 : tensor<3x6xi8>) -> tensor<24x6xi8> {
  %0 = shard.gather %arg0 on @grid0 grid_axes = [0, 2]
    gather_axis = 0
    root = [0, 1]
    : (tensor<3x6xi8>) -> tensor<24x6xi8>
  return %0 : tensor<24x6xi8>
}

// Every process gets the result, so a dynamic root does not matter.
// CHECK-LABEL: func.func @gather_dynamic_root
// CHECK-NEXT:  sched.all_gather_start %{{.*}} on @grid0_axes_0_2 gather_dim = 0 : tensor<3x6xi8> -> !sched.future<tensor<24x6xi8>>
func.func @gather_dynamic_root(%arg0 : tensor<3x6xi8>, %arg1 : index) -> tensor<24x6xi8> {
  %0 = shard.gather %arg0 on @grid0 grid_axes = [0, 2]
    gather_axis = 0
    root = [1, %arg1]
    : (tensor<3x6xi8>, index) -> tensor<24x6xi8>
  return %0 : tensor<24x6xi8>
}

// CHECK-LABEL: func.func @reduce_static_root
// CHECK-NEXT:  sched.all_reduce_start %{{.*}} on @grid0_axes_0_2 reduction = sum : tensor<2xi8> -> !sched.future<tensor<2xi8>>
func.func @reduce_static_root(%arg0 : tensor<2xi8>) -> tensor<2xi8> {
  %0 = shard.reduce %arg0 on @grid0 grid_axes = [0, 2]
    root = [0, 1]
    : (tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// CHECK-LABEL: func.func @reduce_dynamic_root
// CHECK-NEXT:  sched.all_reduce_start %{{.*}} on @grid0_axes_0_2 reduction = sum : tensor<2xi8> -> !sched.future<tensor<2xi8>>
func.func @reduce_dynamic_root(%arg0 : tensor<2xi8>, %arg1 : index) -> tensor<2xi8> {
  %0 = shard.reduce %arg0 on @grid0 grid_axes = [0, 2]
    root = [1, %arg1]
    : (tensor<2xi8>, index) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// CHECK-LABEL: func.func @reduce_scatter_static_dimensions
// CHECK-NEXT:  arith.extf %{{.*}} : tensor<3x4xf32> to tensor<3x4xf64>
// CHECK-NEXT:  sched.reduce_scatter_start %{{.*}} on @grid0_axes_2 reduction = max scatter_dim = 1 : tensor<3x4xf64> -> !sched.future<tensor<3x1xf64>>
func.func @reduce_scatter_static_dimensions(%arg0 : tensor<3x4xf32>) -> tensor<3x1xf64> {
  %0 = shard.reduce_scatter %arg0 on @grid0 grid_axes = [2]
    reduction = max scatter_axis = 1
    : tensor<3x4xf32> -> tensor<3x1xf64>
  return %0 : tensor<3x1xf64>
}

// CHECK-LABEL: func.func @scatter_static_dimensions
// CHECK-NEXT:  %[[F:.*]] = sched.broadcast_start %{{.*}} on @grid0_axes_2 root = 1 : tensor<3x4xf32> -> !sched.future<tensor<3x4xf32>>
// CHECK-NEXT:  %[[W:.*]] = sched.wait %[[F]]
// CHECK-NEXT:  %[[I:.*]] = shard.process_multi_index on @grid0 axes = [2] : index
// CHECK-NEXT:  tensor.extract_slice %[[W]][0, %[[I]]] [3, 1] [1, 1] : tensor<3x4xf32> to tensor<3x1xf32>
func.func @scatter_static_dimensions(%arg0 : tensor<3x4xf32>) -> tensor<3x1xf32> {
  %0 = shard.scatter %arg0 on @grid0 grid_axes = [2]
    scatter_axis = 1 root = [1]
    : (tensor<3x4xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

shard.grid @grid3(shape = ?x?)
func.func @all_gather_dynamic_dims_in_grid(%arg0 : tensor<5x6xf32>) -> tensor<5x?xf32> {
  // expected-error@+1 {{cannot convert 'shard.all_gather' to sched: grid axis 1 of @grid3 has a dynamic size}}
  %0 = shard.all_gather %arg0 on @grid3 grid_axes = [1] gather_axis = 1
    : tensor<5x6xf32> -> tensor<5x?xf32>
  return %0 : tensor<5x?xf32>
}

// -----

shard.grid @grid3(shape = ?x?)
func.func @all_slice_dynamic_dimensions(%arg0 : tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{cannot convert 'shard.all_slice' to sched: grid axis 0 of @grid3 has a dynamic size}}
  %0 = shard.all_slice %arg0 on @grid3 grid_axes = [0, 1] slice_axis = 0
    : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

shard.grid @grid0(shape = 2x2x4)
func.func @all_to_all_non_divisible_split_axis_size(%arg0 : tensor<2x3xi8>) -> tensor<?x12xi8> {
  // expected-error@+1 {{cannot convert 'shard.all_to_all' to sched: split_axis 0 has size 2, which is not divisible by the group size 4}}
  %0 = shard.all_to_all %arg0 on @grid0 grid_axes = [0, 1]
    split_axis = 0 concat_axis = 1
    : tensor<2x3xi8> -> tensor<?x12xi8>
  return %0 : tensor<?x12xi8>
}

// -----

shard.grid @grid0(shape = 2x2x4)
func.func @broadcast_dynamic_root(%arg0 : tensor<3x6xi8>, %arg1 : index) -> tensor<3x6xi8> {
  // expected-error@+1 {{cannot convert 'shard.broadcast' to sched: the root is given by SSA values}}
  %0 = shard.broadcast %arg0 on @grid0 grid_axes = [0, 2]
    root = [1, %arg1]
    : (tensor<3x6xi8>, index) -> tensor<3x6xi8>
  return %0 : tensor<3x6xi8>
}

// -----

shard.grid @grid0(shape = 2x2x4)
func.func @receive_static_source(%arg0 : tensor<2xi8>) -> tensor<2xi8> {
  // expected-error@+1 {{cannot convert 'shard.recv' to sched: a send or receive with a static peer makes every process of its group talk to that one process, which is not a permutation}}
  %0 = shard.recv %arg0 on @grid0 grid_axes = [0, 2]
    source = [0, 1]
    : (tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

shard.grid @grid0(shape = 2x2x4)
func.func @reduce_different_return_element_type(%arg0 : tensor<2xi8>) -> tensor<2xi16> {
  // expected-error@+1 {{cannot convert 'shard.reduce' to sched: cannot reduce element type 'i16'}}
  %0 = shard.reduce %arg0 on @grid0 grid_axes = [0, 2]
    root = [0, 1]
    : (tensor<2xi8>) -> tensor<2xi16>
  return %0 : tensor<2xi16>
}

// -----

shard.grid @grid3(shape = ?x?)
func.func @reduce_scatter_dynamic_dimensions(%arg0 : tensor<?xf32>) -> tensor<?xf64> {
  // expected-error@+1 {{cannot convert 'shard.reduce_scatter' to sched: grid axis 0 of @grid3 has a dynamic size}}
  %0 = shard.reduce_scatter %arg0 on @grid3 grid_axes = [0, 1] scatter_axis = 0
    : tensor<?xf32> -> tensor<?xf64>
  return %0 : tensor<?xf64>
}

// -----

shard.grid @grid3(shape = ?x?)
func.func @scatter_dynamic_dimensions(%arg0 : tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{cannot convert 'shard.scatter' to sched: grid axis 0 of @grid3 has a dynamic size}}
  %0 = shard.scatter %arg0 on @grid3 grid_axes = [0, 1]
    scatter_axis = 0 root = [1, 2]
    : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

shard.grid @grid0(shape = 2x2x4)
func.func @scatter_dynamic_root(%arg0 : tensor<8xi8>, %arg1 : index) -> tensor<1xi8> {
  // expected-error@+1 {{cannot convert 'shard.scatter' to sched: the root is given by SSA values}}
  %0 = shard.scatter %arg0 on @grid0 grid_axes = [0, 2]
    scatter_axis = 0
    root = [1, %arg1]
    : (tensor<8xi8>, index) -> tensor<1xi8>
  return %0 : tensor<1xi8>
}

// -----

shard.grid @grid0(shape = 2x2x4)
func.func @send_static_destination(%arg0 : tensor<2xi8>) -> tensor<2xi8> {
  // expected-error@+1 {{cannot convert 'shard.send' to sched: a send or receive with a static peer makes every process of its group talk to that one process, which is not a permutation}}
  %0 = shard.send %arg0 on @grid0 grid_axes = [0, 2]
    destination = [0, 1]
    : (tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

shard.grid @grid0(shape = 2x2x4)
// Groups over [0, 2] of 2x2x4: positions c0 * 4 + c2; c2 -> c2 - 2 mod 4.
// CHECK-LABEL: func.func @shift
// CHECK: sched.collective_permute_start %{{.*}} source_target_pairs = {{\[\[}}0, 2], [1, 3], [2, 0], [3, 1], [4, 6], [5, 7], [6, 4], [7, 5]] : tensor<2xi8>
func.func @shift(%arg0 : tensor<2xi8>) -> tensor<2xi8> {
  %0 = shard.shift %arg0 on @grid0 grid_axes = [0, 2]
    shift_axis = 2 offset = -2 rotate
    : tensor<2xi8> -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

shard.grid @grid0(shape = 2x2x4)
func.func @update_halo(%arg0 : memref<12x12xi8>) {
  %c2 = arith.constant 2 : i64
  // expected-error@+1 {{cannot convert 'shard.update_halo' to sched: a halo update is point-to-point communication}}
  %uh1 = shard.update_halo %arg0 on @grid0 split_axes = [[0]]
    halo_sizes = [2, %c2] : memref<12x12xi8>
  return
}
