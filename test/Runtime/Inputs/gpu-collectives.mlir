// Every collective kind, non-leading dims and a mixed bucket, with opaque
// compute only, so that it runs on the CUDA runtime as well as on CPUs.
sched.process_group @g size = 2

func.func @step(%a: tensor<64x32xf32>, %b: tensor<16x64xbf16>,
                %c: tensor<8x64xf32>, %d: tensor<32x16xf32>,
                %e: tensor<128xi32>) -> (tensor<64x32xf32>, tensor<16x128xbf16>,
                tensor<8x32xf32>, tensor<16x32xf32>, tensor<128xi32>,
                tensor<64x32xf32>, tensor<32x16xf32>, tensor<8x64xf32>) {
  // all_gather along a non-leading dim, hidden behind compute.
  %f0 = sched.all_gather_start %b on @g gather_dim = 1
      : tensor<16x64xbf16> -> !sched.future<tensor<16x128xbf16>>
  %x = sched.compute "mix" ins(%a : tensor<64x32xf32>) cost <flops = 131072>
      -> (tensor<64x32xf32>)
  %g0 = sched.wait %f0 : !sched.future<tensor<16x128xbf16>>
  // reduce_scatter (avg) along dim 1.
  %f1 = sched.reduce_scatter_start %c on @g reduction = avg scatter_dim = 1
      : tensor<8x64xf32> -> !sched.future<tensor<8x32xf32>>
  %g1 = sched.wait %f1 : !sched.future<tensor<8x32xf32>>
  // all_to_all splitting dim 0, concatenating dim 1.
  %f2 = sched.all_to_all_start %d on @g split_dim = 0 concat_dim = 1
      : tensor<32x16xf32> -> !sched.future<tensor<16x32xf32>>
  %g2 = sched.wait %f2 : !sched.future<tensor<16x32xf32>>
  // A bucket of two all_reduces of different types (max and sum are
  // separate ops: one reduction per op).
  %y = sched.compute "mix2" ins(%x, %g0 : tensor<64x32xf32>, tensor<16x128xbf16>)
      cost <flops = 262144> -> (tensor<64x32xf32>)
  %f3 = sched.all_reduce_start %y, %e on @g reduction = max
      : tensor<64x32xf32>, tensor<128xi32>
      -> !sched.future<tensor<64x32xf32>, tensor<128xi32>>
  %r:2 = sched.wait %f3 : !sched.future<tensor<64x32xf32>, tensor<128xi32>>
  %f4 = sched.broadcast_start %d on @g root = 1
      : tensor<32x16xf32> -> !sched.future<tensor<32x16xf32>>
  %g4 = sched.wait %f4 : !sched.future<tensor<32x16xf32>>
  // A collective permute: rank 0 sends to rank 1 (ncclSend/ncclRecv); rank
  // 0, which nothing targets, receives zeros.
  %f5 = sched.collective_permute_start %c on @g source_target_pairs = [[0, 1]]
      : tensor<8x64xf32> -> !sched.future<tensor<8x64xf32>>
  %g5 = sched.wait %f5 : !sched.future<tensor<8x64xf32>>
  return %x, %g0, %g1, %g2, %r#1, %r#0, %g4, %g5
      : tensor<64x32xf32>, tensor<16x128xbf16>, tensor<8x32xf32>,
        tensor<16x32xf32>, tensor<128xi32>, tensor<64x32xf32>,
        tensor<32x16xf32>, tensor<8x64xf32>
}
