// SPMD shard IR, as written by hand or left by shard-partition: every rank
// gathers the parts of all ranks and slices its own part back out, over the
// whole 2x2 grid and over each axis alone. Subtracting its own input leaves
// zeros only if the process index that the slices use (schedrt_rank, row-major
// on the grid) and the groups of the gathers agree: results 0 to 2 are zero
// on every rank. Result 3 is the sum of every rank's input, the same on every
// rank. shard-end-to-end.test and shard-end-to-end-mpi.test run it.
shard.grid @grid(shape = 2x2)

func.func @step(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %all = shard.all_gather %x on @grid grid_axes = [0, 1] gather_axis = 0 : tensor<4x8xf32> -> tensor<16x8xf32>
  %mine = shard.all_slice %all on @grid grid_axes = [0, 1] slice_axis = 0 : tensor<16x8xf32> -> tensor<4x8xf32>
  %d0 = arith.subf %mine, %x : tensor<4x8xf32>
  %row = shard.all_gather %x on @grid grid_axes = [0] gather_axis = 1 : tensor<4x8xf32> -> tensor<4x16xf32>
  %rmine = shard.all_slice %row on @grid grid_axes = [0] slice_axis = 1 : tensor<4x16xf32> -> tensor<4x8xf32>
  %d1 = arith.subf %rmine, %x : tensor<4x8xf32>
  %col = shard.all_gather %x on @grid grid_axes = [1] gather_axis = 0 : tensor<4x8xf32> -> tensor<8x8xf32>
  %cmine = shard.all_slice %col on @grid grid_axes = [1] slice_axis = 0 : tensor<8x8xf32> -> tensor<4x8xf32>
  %d2 = arith.subf %cmine, %x : tensor<4x8xf32>
  %sum = shard.all_reduce %x on @grid grid_axes = [0, 1] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %d0, %d1, %d2, %sum : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
