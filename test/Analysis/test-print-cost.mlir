// RUN: sched-opt %s -split-input-file -test-sched-print-cost -verify-diagnostics -o /dev/null

// Tests of the cost model (docs/CostModel.md) through test-sched-print-cost.
// Most cases use a toy target with round numbers, so that the expected times
// can be checked by hand: 1 GB/s moves 1000 bytes per microsecond, and
// 1 TFLOP/s does 10^6 operations per microsecond.
//
//   intra_node: 100 GB/s, 1 us per step     inter_node: 10 GB/s, 5 us per step
//   hbm: 1000 GB/s                           compute: f32 1, bf16 10 TFLOP/s
//
// Ring: time = steps * latency + bytes * factor / bandwidth, with
//   all_gather, reduce_scatter, all_to_all: steps n-1, factor (n-1)/n
//   all_reduce: steps 2(n-1), factor 2(n-1)/n;  broadcast: steps n-1, factor 1
// Tree all_reduce: 2 * depth * latency + 2 * bytes / (0.92 * bandwidth), with
//   depth = (ranks per node - 1) + floor(log2(nodes)).

// The H100 example of docs/CostModel.md: all_gather of 1 GiB (gathered) on the
// 8 GPUs of one node: 7 * 1.9 + 2^30 * 7/8 / 450e3 = 13.3 + 2087.831 us; the
// same on 8 ranks spread over 8 nodes uses the network link:
// 7 * 4 + 2^30 * 7/8 / 50e3 = 28 + 18790.482 us.
module attributes {sched.target = #sched.target<name = "h100-sxm",
    gpus_per_node = 8, intra_node = <bandwidth = 450.0, latency = 1.9>,
    inter_node = <bandwidth = 50.0, latency = 4.0>, hbm_bandwidth = 3350.0,
    hbm_capacity = 85899345920, compute = [bf16 = 989.5, f16 = 989.5, f32 = 67.0]>} {
  sched.process_group @node size = 8 ranks_per_node = 8
  sched.process_group @across size = 8 ranks = [0, 8, 16, 24, 32, 40, 48, 56]
  func.func @h100(%w: tensor<8192x8192xbf16>) {
    // expected-remark @below {{collective time: 2101.131 us (ring, 1073741824 bytes on 8 ranks, 1 node)}}
    %f = sched.all_gather_start %w on @node gather_dim = 0
        : tensor<8192x8192xbf16> -> !sched.future<tensor<65536x8192xbf16>>
    %a = sched.wait %f : !sched.future<tensor<65536x8192xbf16>>
    // expected-remark @below {{collective time: 18818.482 us (ring, 1073741824 bytes on 8 ranks, 8 nodes)}}
    %g = sched.all_gather_start %w on @across gather_dim = 0
        : tensor<8192x8192xbf16> -> !sched.future<tensor<65536x8192xbf16>>
    %b = sched.wait %g : !sched.future<tensor<65536x8192xbf16>>
    return
  }
}

// -----

// The five kinds on 4 ranks of one node, full buffer 400000 bytes:
// ring steps 3 (6 for all_reduce) at 1 us, and 400000 * factor / 100000 us.
module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0, bf16 = 10.0]>} {
  sched.process_group @g4 size = 4
  func.func @kinds(%shard: tensor<25000xf32>, %full: tensor<100000xf32>) {
    // 3 + 400000 * 3/4 / 1e5 = 3 + 3: the gathered output is the full buffer.
    // expected-remark @below {{collective time: 6.000 us (ring, 400000 bytes on 4 ranks, 1 node)}}
    %ag = sched.all_gather_start %shard on @g4 gather_dim = 0
        : tensor<25000xf32> -> !sched.future<tensor<100000xf32>>
    %0 = sched.wait %ag : !sched.future<tensor<100000xf32>>
    // 3 + 3: the unscattered input is the full buffer.
    // expected-remark @below {{collective time: 6.000 us (ring, 400000 bytes on 4 ranks, 1 node)}}
    %rs = sched.reduce_scatter_start %full on @g4 reduction = sum scatter_dim = 0
        : tensor<100000xf32> -> !sched.future<tensor<25000xf32>>
    %1 = sched.wait %rs : !sched.future<tensor<25000xf32>>
    // Ring 6 + 400000 * 6/4 / 1e5 = 12; tree on one node is a chain of depth
    // 3: 6 + 800000 / 92000 = 14.696. Ring wins.
    // expected-remark @below {{collective time: 12.000 us (ring, 400000 bytes on 4 ranks, 1 node)}}
    %ar = sched.all_reduce_start %full on @g4 reduction = sum
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %2 = sched.wait %ar : !sched.future<tensor<100000xf32>>
    // 3 + 3.
    // expected-remark @below {{collective time: 6.000 us (ring, 400000 bytes on 4 ranks, 1 node)}}
    %aa = sched.all_to_all_start %full on @g4 split_dim = 0 concat_dim = 0
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %3 = sched.wait %aa : !sched.future<tensor<100000xf32>>
    // 3 + 400000 / 1e5 = 7: a pipelined ring moves the whole buffer.
    // expected-remark @below {{collective time: 7.000 us (ring, 400000 bytes on 4 ranks, 1 node)}}
    %bc = sched.broadcast_start %full on @g4 root = 0
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %4 = sched.wait %bc : !sched.future<tensor<100000xf32>>
    return
  }
}

// -----

// Intra-node vs inter-node: the node count comes from the group
// (ranks_per_node, or the target's gpus_per_node = 4, or the listed ranks).
module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0, bf16 = 10.0]>} {
  sched.process_group @two_nodes size = 8
  sched.process_group @one_big_node size = 8 ranks_per_node = 8
  sched.process_group @straddle size = 2 ranks = [3, 4]
  sched.process_group @inside size = 2 ranks = [4, 5]
  func.func @links(%shard: tensor<12500xf32>, %x: tensor<100000xf32>) {
    // 7 * 5 + 400000 * 7/8 / 1e4 = 35 + 35.
    // expected-remark @below {{collective time: 70.000 us (ring, 400000 bytes on 8 ranks, 2 nodes)}}
    %a = sched.all_gather_start %shard on @two_nodes gather_dim = 0
        : tensor<12500xf32> -> !sched.future<tensor<100000xf32>>
    %0 = sched.wait %a : !sched.future<tensor<100000xf32>>
    // 7 * 1 + 400000 * 7/8 / 1e5 = 7 + 3.5.
    // expected-remark @below {{collective time: 10.500 us (ring, 400000 bytes on 8 ranks, 1 node)}}
    %b = sched.all_gather_start %shard on @one_big_node gather_dim = 0
        : tensor<12500xf32> -> !sched.future<tensor<100000xf32>>
    %1 = sched.wait %b : !sched.future<tensor<100000xf32>>
    // Ranks 3 and 4 sit on nodes 0 and 1: 5 + 400000 / 1e4 = 45.
    // expected-remark @below {{collective time: 45.000 us (ring, 400000 bytes on 2 ranks, 2 nodes)}}
    %c = sched.broadcast_start %x on @straddle root = 0
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %2 = sched.wait %c : !sched.future<tensor<100000xf32>>
    // Ranks 4 and 5 share node 1: 1 + 400000 / 1e5 = 5.
    // expected-remark @below {{collective time: 5.000 us (ring, 400000 bytes on 2 ranks, 1 node)}}
    %d = sched.broadcast_start %x on @inside root = 0
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %3 = sched.wait %d : !sched.future<tensor<100000xf32>>
    return
  }
}

// -----

// collective_permute is costed from its pairs: the slowest pair, a transfer on
// the link between its two ends' nodes (base latency + one link latency), a
// copy through HBM for a rank paired with itself, a zero fill for a rank that
// receives nothing.
module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0, bf16 = 10.0]>} {
  sched.process_group @two_nodes size = 8
  func.func @permute(%x: tensor<100000xf32>) {
    // Every pair inside node 0 or node 1: 1 + 400000 / 1e5 = 5.
    // expected-remark @below {{collective time: 5.000 us (point_to_point, 400000 bytes on 8 ranks, 2 nodes)}}
    %a = sched.collective_permute_start %x on @two_nodes
        source_target_pairs = [[0, 1], [1, 0], [4, 5], [5, 4]]
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %0 = sched.wait %a : !sched.future<tensor<100000xf32>>
    // The pipeline shift [3, 4] crosses nodes: 5 + 400000 / 1e4 = 45.
    // expected-remark @below {{collective time: 45.000 us (point_to_point, 400000 bytes on 8 ranks, 2 nodes)}}
    %b = sched.collective_permute_start %x on @two_nodes
        source_target_pairs = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7]]
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %1 = sched.wait %b : !sched.future<tensor<100000xf32>>
    // Every rank with itself: a copy, 800000 / 1e6 = 0.8.
    // expected-remark @below {{collective time: 0.800 us (point_to_point, 400000 bytes on 8 ranks, 2 nodes)}}
    %c = sched.collective_permute_start %x on @two_nodes
        source_target_pairs = [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [7, 7]]
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %2 = sched.wait %c : !sched.future<tensor<100000xf32>>
    // No pairs: every rank zero-fills, 400000 / 1e6 = 0.4.
    // expected-remark @below {{collective time: 0.400 us (point_to_point, 400000 bytes on 8 ranks, 2 nodes)}}
    %d = sched.collective_permute_start %x on @two_nodes source_target_pairs = []
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %3 = sched.wait %d : !sched.future<tensor<100000xf32>>
    return
  }
}

// -----

// Tree vs ring for all_reduce on 16 ranks over 4 nodes (inter_node link):
// ring has 30 steps, the tree 2 * ((4 - 1) + log2(4)) = 10.
module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0, bf16 = 10.0]>} {
  sched.process_group @dp size = 16
  func.func @tree_or_ring(%small: tensor<1000xf32>, %large: tensor<10000000xf32>) {
    // Small: ring 150 + 4000 * 30/16 / 1e4 = 150.75; tree
    // 50 + 8000 / 9200 = 50.870. The tree wins on latency.
    // expected-remark @below {{collective time: 50.870 us (tree, 4000 bytes on 16 ranks, 4 nodes)}}
    %a = sched.all_reduce_start %small on @dp reduction = sum
        : tensor<1000xf32> -> !sched.future<tensor<1000xf32>>
    %0 = sched.wait %a : !sched.future<tensor<1000xf32>>
    // Large: ring 150 + 4e7 * 30/16 / 1e4 = 7650; tree
    // 50 + 8e7 / 9200 = 8745.652. The ring wins on bandwidth.
    // expected-remark @below {{collective time: 7650.000 us (ring, 40000000 bytes on 16 ranks, 4 nodes)}}
    %b = sched.all_reduce_start %large on @dp reduction = sum
        : tensor<10000000xf32> -> !sched.future<tensor<10000000xf32>>
    %1 = sched.wait %b : !sched.future<tensor<10000000xf32>>
    return
  }
}

// -----

// A group of one rank communicates nothing; the buffer form and buckets are
// sized like the tensor form (sum over the bucket entries).
module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0, bf16 = 10.0]>} {
  sched.process_group @solo size = 1
  sched.process_group @g4 size = 4
  func.func @sizes(%x: tensor<100000xf32>, %m: memref<25000xf32>,
                   %o: memref<100000xf32>, %h: tensor<1000x50xbf16>,
                   %c: tensor<25000xcomplex<f32>>) {
    // expected-remark @below {{collective time: 0.000 us (trivial, 400000 bytes on 1 rank, 1 node)}}
    %a = sched.all_reduce_start %x on @solo reduction = sum
        : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
    %0 = sched.wait %a : !sched.future<tensor<100000xf32>>
    // The memref output is the full buffer: 3 + 3.
    // expected-remark @below {{collective time: 6.000 us (ring, 400000 bytes on 4 ranks, 1 node)}}
    %b = sched.all_gather_start %m into %o on @g4 gather_dim = 0
        : memref<25000xf32> into memref<100000xf32>
        -> !sched.future<memref<100000xf32>>
    %1 = sched.wait %b : !sched.future<memref<100000xf32>>
    // A bucket of 400000 + 1000 * 50 * 2 (bf16) + 25000 * 8 (complex<f32>)
    // = 700000 bytes: 3 + 700000 / 1e5 = 3 + 7.
    // expected-remark @below {{collective time: 10.000 us (ring, 700000 bytes on 4 ranks, 1 node)}}
    %c3 = sched.broadcast_start %x, %h, %c on @g4 root = 0
        : tensor<100000xf32>, tensor<1000x50xbf16>, tensor<25000xcomplex<f32>>
        -> !sched.future<tensor<100000xf32>, tensor<1000x50xbf16>, tensor<25000xcomplex<f32>>>
    %2:3 = sched.wait %c3
        : !sched.future<tensor<100000xf32>, tensor<1000x50xbf16>, tensor<25000xcomplex<f32>>>
    return
  }
}

// -----

module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0, bf16 = 10.0]>} {
  sched.process_group @g4 size = 4
  func.func @dynamic(%x: tensor<?x8xf32>, %y: tensor<8xf32>) {
    // expected-error @below {{cannot size collective: 'tensor<?x8xf32>' has a dynamic shape}}
    %a = sched.all_reduce_start %y, %x on @g4 reduction = sum
        : tensor<8xf32>, tensor<?x8xf32> -> !sched.future<tensor<8xf32>, tensor<?x8xf32>>
    %0:2 = sched.wait %a : !sched.future<tensor<8xf32>, tensor<?x8xf32>>
    return
  }
}

// -----

sched.process_group @g4 size = 4
// expected-error @below {{no #sched.target on this function or its parents; attach one with --sched-attach-target}}
func.func @no_target(%x: tensor<8xf32>) {
  %a = sched.all_reduce_start %x on @g4 reduction = sum
      : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %0 = sched.wait %a : !sched.future<tensor<8xf32>>
  return
}

// -----

// Compute: time_ns first, then the roofline
// max(flops / peak, (bytes_read + bytes_written) / hbm).
module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0, bf16 = 10.0]>} {
  func.func @compute(%x: tensor<1000xbf16>, %i: tensor<1000xi32>) {
    // A measured time wins over the other fields.
    // expected-remark @below {{compute time: 2.500 us (time_ns, #sched.cost<flops = 1000000000, time_ns = 2500>)}}
    %0 = sched.compute "measured" ins(%x : tensor<1000xbf16>)
        cost <flops = 1000000000, time_ns = 2500> -> (tensor<1000xbf16>)
    // Flops only: 1e9 / (10 TFLOP/s * 1e6) = 100 us at the bf16 rate.
    // expected-remark @below {{compute time: 100.000 us (compute bound at 'bf16', #sched.cost<flops = 1000000000>)}}
    %1 = sched.compute "matmul" ins(%x : tensor<1000xbf16>)
        cost <flops = 1000000000> -> (tensor<1000xbf16>)
    // Bytes only: 2e6 bytes / 1e6 bytes per us = 2 us.
    // expected-remark @below {{compute time: 2.000 us (memory bound, #sched.cost<bytes_read = 1000000, bytes_written = 1000000>)}}
    %2 = sched.compute "copy" ins(%x : tensor<1000xbf16>)
        cost <bytes_read = 1000000, bytes_written = 1000000> -> (tensor<1000xbf16>)
    // Both: 1e6 flops take 0.1 us, 1e6 bytes 1 us: memory bound.
    // expected-remark @below {{compute time: 1.000 us (memory bound, #sched.cost<flops = 1000000, bytes_read = 1000000>)}}
    %3 = sched.compute "norm" ins(%x : tensor<1000xbf16>)
        cost <flops = 1000000, bytes_read = 1000000> -> (tensor<1000xbf16>)
    // The target has no i32 rate: the f32 rate applies, 1e6 / 1e6 = 1 us.
    // expected-remark @below {{compute time: 1.000 us (compute bound at 'f32', #sched.cost<flops = 1000000>)}}
    %4 = sched.compute "int_ops" ins(%i : tensor<1000xi32>)
        cost <flops = 1000000> -> (tensor<1000xi32>)
    // No cost: 0.
    // expected-remark @below {{compute time: 0.000 us (no cost)}}
    %5 = sched.compute "opaque" ins(%x : tensor<1000xbf16>) -> (tensor<1000xbf16>)
    return
  }
}

// -----

// Costs derived from shapes (the ComputeOpInterface external models).
module attributes {sched.target = #sched.target<name = "toy", gpus_per_node = 4,
    intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [f32 = 1.0, bf16 = 10.0]>} {
  func.func @derived(%a: tensor<128x256xf32>, %b: tensor<256x64xf32>,
                     %c: tensor<128x64xf32>, %ab: tensor<128x256xbf16>,
                     %bb: tensor<256x64xbf16>, %ba: tensor<4x128x256xf32>,
                     %bbm: tensor<4x256x64xf32>, %bc: tensor<4x128x64xf32>,
                     %img: tensor<1x18x18x16xf32>, %flt: tensor<3x3x16x32xf32>,
                     %out: tensor<1x16x16x32xf32>, %v: tensor<1000xf32>,
                     %s: f32, %dyn: tensor<?x64xf32>, %i: tensor<1000xi1>) {
    // 128 * 64 * 256 = 2097152 iterations, 2 flops each; reads
    // (128 * 256 + 256 * 64) * 4 bytes, writes 128 * 64 * 4 bytes.
    // 4194304 / 1e6 = 4.194 us, compute bound.
    // expected-remark @below {{compute time: 4.194 us (compute bound at 'f32', #sched.cost<flops = 4194304, bytes_read = 196608, bytes_written = 32768>)}}
    %0 = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x64xf32>)
        outs(%c : tensor<128x64xf32>) -> tensor<128x64xf32>
    // bf16 inputs, f32 accumulator: the inputs select the bf16 rate.
    // expected-remark @below {{compute time: 0.419 us (compute bound at 'bf16', #sched.cost<flops = 4194304, bytes_read = 98304, bytes_written = 32768>)}}
    %1 = linalg.matmul ins(%ab, %bb : tensor<128x256xbf16>, tensor<256x64xbf16>)
        outs(%c : tensor<128x64xf32>) -> tensor<128x64xf32>
    // expected-remark @below {{compute time: 16.777 us (compute bound at 'f32', #sched.cost<flops = 16777216, bytes_read = 786432, bytes_written = 131072>)}}
    %2 = linalg.batch_matmul
        ins(%ba, %bbm : tensor<4x128x256xf32>, tensor<4x256x64xf32>)
        outs(%bc : tensor<4x128x64xf32>) -> tensor<4x128x64xf32>
    // A generic with a multiply-add reduction is a contraction too.
    // expected-remark @below {{compute time: 4.194 us (compute bound at 'f32', #sched.cost<flops = 4194304, bytes_read = 196608, bytes_written = 32768>)}}
    %3 = linalg.generic {
        indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                         affine_map<(m, n, k) -> (k, n)>,
                         affine_map<(m, n, k) -> (m, n)>],
        iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : tensor<128x256xf32>, tensor<256x64xf32>)
        outs(%c : tensor<128x64xf32>) {
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %m = arith.mulf %x, %y : f32
      %r = arith.addf %acc, %m : f32
      linalg.yield %r : f32
    } -> tensor<128x64xf32>
    // Convolution: 16 * 16 * 32 outputs x 3 * 3 * 16 taps = 1179648
    // iterations, 2 flops each.
    // expected-remark @below {{compute time: 2.359 us (compute bound at 'f32', #sched.cost<flops = 2359296, bytes_read = 39168, bytes_written = 32768>)}}
    %4 = linalg.conv_2d_nhwc_hwcf
        {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%img, %flt : tensor<1x18x18x16xf32>, tensor<3x3x16x32xf32>)
        outs(%out : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
    // Elementwise generic with two arithmetic ops per element and a cast
    // (not counted): 2000 flops (0.002 us); 8000 bytes moved (0.008 us).
    // expected-remark @below {{compute time: 0.008 us (memory bound, #sched.cost<flops = 2000, bytes_read = 4000, bytes_written = 4000>)}}
    %5 = linalg.generic {
        indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
        iterator_types = ["parallel"]}
        ins(%v : tensor<1000xf32>) outs(%v : tensor<1000xf32>) {
    ^bb0(%x: f32, %o: f32):
      %e = arith.extf %x : f32 to f64
      %t = arith.truncf %e : f64 to f32
      %m = arith.mulf %t, %t : f32
      %n = math.exp %m : f32
      linalg.yield %n : f32
    } -> tensor<1000xf32>
    // linalg.fill: no arithmetic; reads the scalar, writes the tensor.
    // expected-remark @below {{compute time: 0.004 us (memory bound, #sched.cost<flops = 0, bytes_read = 4, bytes_written = 4000>)}}
    %6 = linalg.fill ins(%s : f32) outs(%v : tensor<1000xf32>) -> tensor<1000xf32>
    // arith.addf on tensors: one flop per element, 12000 bytes moved.
    // expected-remark @below {{compute time: 0.012 us (memory bound, #sched.cost<flops = 1000, bytes_read = 8000, bytes_written = 4000>)}}
    %7 = arith.addf %v, %v : tensor<1000xf32>
    // A cast moves data but does no arithmetic; i1 takes one byte.
    // expected-remark @below {{compute time: 0.005 us (memory bound, #sched.cost<flops = 0, bytes_read = 1000, bytes_written = 4000>)}}
    %8 = arith.uitofp %i : tensor<1000xi1> to tensor<1000xf32>
    // Scalars and dynamic shapes get no derived cost.
    // expected-remark @below {{compute time: 0.000 us (no cost)}}
    %9 = arith.addf %s, %s : f32
    // expected-remark @below {{compute time: 0.000 us (no cost)}}
    %10 = arith.addf %dyn, %dyn : tensor<?x64xf32>
    // An explicit sched.cost wins over the derived one.
    // expected-remark @below {{compute time: 7.000 us (time_ns, #sched.cost<time_ns = 7000>)}}
    %11 = arith.addf %v, %v {sched.cost = #sched.cost<time_ns = 7000>} : tensor<1000xf32>
    return
  }
}

// -----

// Without an f32 rate there is nothing to fall back to.
module attributes {sched.target = #sched.target<name = "bf16-only",
    gpus_per_node = 4, intra_node = <bandwidth = 100.0, latency = 1.0>,
    inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0,
    hbm_capacity = 1000000000, compute = [bf16 = 10.0]>} {
  func.func @no_rate(%i: tensor<1000xi32>, %x: tensor<1000xbf16>) {
    // expected-error @below {{target 'bf16-only' has no compute rate for 'i32' and no f32 rate to fall back to}}
    %0 = sched.compute "int_ops" ins(%i : tensor<1000xi32>)
        cost <flops = 1000000> -> (tensor<1000xi32>)
    // Without flops no rate is needed.
    // expected-remark @below {{compute time: 0.004 us (memory bound, #sched.cost<bytes_read = 4000>)}}
    %1 = sched.compute "int_copy" ins(%i : tensor<1000xi32>)
        cost <bytes_read = 4000> -> (tensor<1000xi32>)
    return
  }
}
