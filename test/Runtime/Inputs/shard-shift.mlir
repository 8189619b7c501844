// shard.shift on the 2x2 grid (rank = c0 * 2 + c1, as schedrt_rank and the
// process groups of convert-shard-to-sched number the processes): a rotate
// over axis 0 exchanges ranks 0 and 2, 1 and 3; a shift by one along axis 1
// of the group over both axes sends 0 to 1 and 2 to 3, and ranks 0 and 2,
// which nothing is shifted to, receive zeros. shard-shift.test and
// shard-shift-mpi.test run it.
shard.grid @grid(shape = 2x2)

func.func @step(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %a = shard.shift %x on @grid grid_axes = [0] shift_axis = 0 offset = 1 rotate : tensor<8xf32> -> tensor<8xf32>
  %b = shard.shift %x on @grid grid_axes = [0, 1] shift_axis = 1 offset = 1 : tensor<8xf32> -> tensor<8xf32>
  return %x, %a, %b : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
