// RUN: sched-opt %s -split-input-file -verify-diagnostics --convert-shard-to-sched

// Input that still has 'shard.shard' annotations is not partitioned: the
// communication they imply is inserted by shard-partition, not by this pass.
// The warning is at the first annotation, once per module, with the number of
// communicating shard collectives found. Partitioned input has no
// annotations: with no collectives either (nothing to communicate), it gets
// no warning.

shard.grid @grid(shape = 2x4)

func.func @matmul(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %sa = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  // expected-warning@+1 {{the input looks unpartitioned: 'shard.shard' annotations are left, whose communication only shard-partition inserts (0 shard collectives found); run mlir-opt --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition))' first}}
  %a1 = shard.shard %a to %sa : tensor<8x16xf32>
  %sb = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %b1 = shard.shard %b to %sb : tensor<16x32xf32>
  %r = linalg.matmul ins(%a1, %b1 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

// Annotations next to collectives (partly partitioned, or collectives
// written by hand): still a warning, which counts them. The all_slice does
// not communicate and is not counted.

shard.grid @grid(shape = 2x4)

func.func @mixed(%x: tensor<8x16xf32>) -> tensor<8x4xf32> {
  %0 = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8x16xf32> -> tensor<8x16xf32>
  %1 = shard.all_slice %0 on @grid grid_axes = [1] slice_axis = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  %s = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  // expected-warning@+1 {{(1 shard collective found)}}
  %2 = shard.shard %1 to %s : tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}

// -----

// Partitioned input that needs no communication: no warning.

shard.grid @grid(shape = 2x4)

func.func @local(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, index) {
  %0 = arith.addf %x, %x : tensor<8x16xf32>
  %i = shard.process_linear_index on @grid : index
  return %0, %i : tensor<8x16xf32>, index
}

// -----

// A sharding value alone annotates nothing: no warning.

shard.grid @grid(shape = 2x4)

func.func @sharding_only(%x: tensor<8x16xf32>) -> (tensor<8x4xf32>, !shard.sharding) {
  %s = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  %0 = shard.all_slice %x on @grid grid_axes = [1] slice_axis = 1 : tensor<8x16xf32> -> tensor<8x4xf32>
  return %0, %s : tensor<8x4xf32>, !shard.sharding
}
