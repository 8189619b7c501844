// RUN: sched-opt %s -split-input-file -verify-diagnostics --convert-sched-to-runtime

// The shard ops convert-sched-to-runtime does not lower, each reported at the
// op with what to run first, before anything changes.

shard.grid @grid(shape = 2)

func.func @collective(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot lower 'shard.all_reduce' to the sched runtime: run convert-shard-to-sched first}}
  %0 = shard.all_reduce %x on @grid grid_axes = [0] : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

shard.grid @grid(shape = 2)

func.func @annotation(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot lower 'shard.sharding' to the sched runtime: sharding annotations are consumed by shard-partition; partition the program first (mlir-opt --shard-partition)}}
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  // expected-error@+1 {{cannot lower 'shard.shard' to the sched runtime: sharding annotations are consumed by shard-partition; partition the program first (mlir-opt --shard-partition)}}
  %0 = shard.shard %x to %s : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

shard.grid @grid(shape = 2)

func.func @point_to_point(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{cannot lower 'shard.shift' to the sched runtime: run convert-shard-to-sched first}}
  %0 = shard.shift %x on @grid grid_axes = [0] shift_axis = 0 offset = 1 rotate : tensor<4xf32> -> tensor<4xf32>
  // expected-error@+1 {{cannot lower 'shard.send' to the sched runtime: the sched runtime has no lowering for it}}
  %1 = shard.send %0 on @grid grid_axes = [0] destination = [1] : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

shard.grid @grid(shape = 2x?)

func.func @dynamic_grid() -> index {
  // expected-error@+1 {{cannot lower 'shard.process_multi_index': grid @grid has an axis of dynamic size}}
  %0 = shard.process_multi_index on @grid axes = [0] : index
  return %0 : index
}

// -----

shard.grid @grid(shape = 4294967296x4294967296)

func.func @huge_grid() -> index {
  // expected-error@+1 {{cannot lower 'shard.process_linear_index': grid @grid has more than 2^63 - 1 processes}}
  %0 = shard.process_linear_index on @grid : index
  return %0 : index
}

// -----

// An op of another dialect that refers to the grid keeps it alive: the grid
// cannot be erased and mlir-translate would not know it.

shard.grid @grid(shape = 2)

func.func @grid_user() -> index {
  // expected-error@+1 {{cannot lower 'arith.constant' to the sched runtime: it refers to grid @grid, which the lowering erases}}
  %0 = arith.constant {uses = @grid} 0 : index
  return %0 : index
}
