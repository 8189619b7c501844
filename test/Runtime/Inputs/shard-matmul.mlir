// Unpartitioned shard IR: a matmul on a 2x2 grid, A's rows split over axis 0
// and the contraction over axis 1, the result replicated. mlir-opt's
// sharding-propagation and shard-partition turn it into an all_gather of A's
// rows, a partial product (accumulated only on the first process of axis 1:
// shard.process_multi_index, shard.grid_shape) and an all_reduce over axis 1.
// shard-end-to-end.test and shard-end-to-end-mpi.test run it.
shard.grid @grid(shape = 2x2)

func.func @step(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %sa = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %a1 = shard.shard %a to %sa : tensor<8x16xf32>
  %sb = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %b1 = shard.shard %b to %sb : tensor<16x32xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %c = linalg.matmul ins(%a1, %b1 : tensor<8x16xf32>, tensor<16x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  %sr = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %r = shard.shard %c to %sr : tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}
