// RUN: sched-opt %s -split-input-file --convert-sched-to-runtime --canonicalize | FileCheck %s

// Buffer-form sched ops become calls into the sched runtime. --canonicalize
// only gathers the constants at the top of each function.

// The declarations are added once per module; process groups are erased.
// CHECK-DAG: func.func private @schedrt_collective_begin(i32, i32, i64, i64, i32, i64) -> i64
// CHECK-DAG: func.func private @schedrt_collective_add(i64, i64, i64, i64, i32, i64, i64)
// CHECK-DAG: func.func private @schedrt_collective_launch(i64)
// CHECK-DAG: func.func private @schedrt_collective_wait(i64)
// CHECK-DAG: func.func private @schedrt_compute_begin(i64, f64, f64) -> i64
// CHECK-DAG: func.func private @schedrt_compute_arg(i64, i64, i64, i32, i32)
// CHECK-DAG: func.func private @schedrt_compute_run(i64)
// CHECK-NOT: sched.process_group

sched.process_group @world size = 4
sched.process_group @odd size = 2 ranks = [1, 3]

// A collective becomes begin (kind 1 = all-gather, group id 0 = position of
// @world, size 4, stride 1, no reduction, root 0), one add per bucket member
// (send and receive addresses, element count, dtype 1 = f32, sendOuter,
// recvOuter = 2 for a gather along dim 1) and launch; the wait becomes wait
// at its own position, after the compute that overlaps with the collective;
// its results become the destination buffers. The compute becomes begin
// (FNV-1a hash of "matmul", flops, bytes read + written), one arg per memref
// operand (isOutput 0 for ins, 1 for outs; scalars are left out) and run.
// CHECK-LABEL: func.func @overlap
// CHECK-SAME: (%[[X:.*]]: memref<2x8xf32>, %[[Y:.*]]: memref<2x32xf32>, %[[W:.*]]: memref<8x2xf32>, %[[Z:.*]]: memref<2x2xf32>, %[[ALPHA:.*]]: f32)
// CHECK-DAG: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i64
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i64
// CHECK-DAG: %[[SALT:.*]] = arith.constant 2483433481 : i64
// CHECK-DAG: %[[FLOPS:.*]] = arith.constant 1.280000e+02 : f64
// CHECK-DAG: %[[BYTES:.*]] = arith.constant 1.760000e+02 : f64
// CHECK: %[[H:.*]] = call @schedrt_collective_begin(%[[I1]], %[[I0]], %[[C4]], %[[C1]], %[[I0]], %[[C0]]) : (i32, i32, i64, i64, i32, i64) -> i64
// CHECK-NEXT: %[[XP:.*]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK-NEXT: %[[XA:.*]] = arith.index_cast %[[XP]] : index to i64
// CHECK-NEXT: %[[YP:.*]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK-NEXT: %[[YA:.*]] = arith.index_cast %[[YP]] : index to i64
// CHECK-NEXT: call @schedrt_collective_add(%[[H]], %[[XA]], %[[YA]], %[[C16]], %[[I1]], %[[C1]], %[[C2]])
// CHECK-NEXT: call @schedrt_collective_launch(%[[H]])
// CHECK-NEXT: %[[CH:.*]] = call @schedrt_compute_begin(%[[SALT]], %[[FLOPS]], %[[BYTES]]) : (i64, f64, f64) -> i64
// CHECK-NEXT: %[[XP2:.*]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK-NEXT: %[[XA2:.*]] = arith.index_cast %[[XP2]]
// CHECK-NEXT: call @schedrt_compute_arg(%[[CH]], %[[XA2]], %[[C16]], %[[I1]], %[[I0]])
// CHECK-NEXT: %[[WP:.*]] = memref.extract_aligned_pointer_as_index %[[W]]
// CHECK-NEXT: %[[WA:.*]] = arith.index_cast %[[WP]]
// CHECK-NEXT: call @schedrt_compute_arg(%[[CH]], %[[WA]], %[[C16]], %[[I1]], %[[I0]])
// CHECK-NEXT: %[[ZP:.*]] = memref.extract_aligned_pointer_as_index %[[Z]]
// CHECK-NEXT: %[[ZA:.*]] = arith.index_cast %[[ZP]]
// CHECK-NEXT: call @schedrt_compute_arg(%[[CH]], %[[ZA]], %[[C4]], %[[I1]], %[[I1]])
// CHECK-NEXT: call @schedrt_compute_run(%[[CH]])
// CHECK-NEXT: call @schedrt_collective_wait(%[[H]])
// CHECK-NEXT: %[[CH2:.*]] = call @schedrt_compute_begin(%{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT: %[[YP2:.*]] = memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK-NEXT: %[[YA2:.*]] = arith.index_cast %[[YP2]]
// CHECK-NEXT: call @schedrt_compute_arg(%[[CH2]], %[[YA2]], %[[C64]], %[[I1]], %[[I0]])
// CHECK-NEXT: call @schedrt_compute_run(%[[CH2]])
// CHECK-NEXT: return
func.func @overlap(%x: memref<2x8xf32>, %y: memref<2x32xf32>, %w: memref<8x2xf32>, %z: memref<2x2xf32>, %alpha: f32) {
  %f = sched.all_gather_start %x into %y on @world gather_dim = 1 : memref<2x8xf32> into memref<2x32xf32> -> !sched.future<memref<2x32xf32>>
  sched.compute "matmul" ins(%x, %w, %alpha : memref<2x8xf32>, memref<8x2xf32>, f32) outs(%z : memref<2x2xf32>) cost <flops = 128, bytes_read = 128, bytes_written = 48>
  %r = sched.wait %f : !sched.future<memref<2x32xf32>>
  sched.compute "use" ins(%r : memref<2x32xf32>)
  return
}

// Kind 2 = reduce-scatter on @odd: group id 1, ranks [1, 3] are size 2,
// stride 2; reduction 1 = sum; dtype 4 = bf16; sendOuter = 3 for a scatter
// along dim 1.
// CHECK-LABEL: func.func @reduce_scatter
// CHECK-SAME: (%[[X:.*]]: memref<3x4xbf16>, %[[Y:.*]]: memref<3x2xbf16>)
// CHECK-DAG: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[I2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[I4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : i64
// CHECK: %[[H:.*]] = call @schedrt_collective_begin(%[[I2]], %[[I1]], %[[C2]], %[[C2]], %[[I1]], %[[C0]])
// CHECK: call @schedrt_collective_add(%[[H]], %{{.*}}, %{{.*}}, %[[C12]], %[[I4]], %[[C3]], %[[C1]])
// CHECK-NEXT: call @schedrt_collective_launch(%[[H]])
// CHECK-NEXT: call @schedrt_collective_wait(%[[H]])
func.func @reduce_scatter(%x: memref<3x4xbf16>, %y: memref<3x2xbf16>) {
  %f = sched.reduce_scatter_start %x into %y on @odd reduction = sum scatter_dim = 1 : memref<3x4xbf16> into memref<3x2xbf16> -> !sched.future<memref<3x2xbf16>>
  %r = sched.wait %f : !sched.future<memref<3x2xbf16>>
  return
}

// Kind 3 = all-reduce, one add per member of the bucket and one handle;
// reduction 2 = prod; dtypes 3 = f16 and 7 = i32.
// CHECK-LABEL: func.func @all_reduce_bucket
// CHECK-SAME: (%[[A:.*]]: memref<4xf16>, %[[B:.*]]: memref<2xi32>, %[[RA:.*]]: memref<4xf16>, %[[RB:.*]]: memref<2xi32>)
// CHECK-DAG: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[I2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[I3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[I7:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK: %[[H:.*]] = call @schedrt_collective_begin(%[[I3]], %[[I0]], %[[C4]], %[[C1]], %[[I2]], %[[C0]])
// CHECK-NEXT: %[[AP:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NEXT: %[[AA:.*]] = arith.index_cast %[[AP]]
// CHECK-NEXT: %[[RAP:.*]] = memref.extract_aligned_pointer_as_index %[[RA]]
// CHECK-NEXT: %[[RAA:.*]] = arith.index_cast %[[RAP]]
// CHECK-NEXT: call @schedrt_collective_add(%[[H]], %[[AA]], %[[RAA]], %[[C4]], %[[I3]], %[[C1]], %[[C1]])
// CHECK-NEXT: %[[BP:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK-NEXT: %[[BA:.*]] = arith.index_cast %[[BP]]
// CHECK-NEXT: %[[RBP:.*]] = memref.extract_aligned_pointer_as_index %[[RB]]
// CHECK-NEXT: %[[RBA:.*]] = arith.index_cast %[[RBP]]
// CHECK-NEXT: call @schedrt_collective_add(%[[H]], %[[BA]], %[[RBA]], %[[C2]], %[[I7]], %[[C1]], %[[C1]])
// CHECK-NEXT: call @schedrt_collective_launch(%[[H]])
// CHECK-NEXT: call @schedrt_collective_wait(%[[H]])
// CHECK-NEXT: return
func.func @all_reduce_bucket(%a: memref<4xf16>, %b: memref<2xi32>, %ra: memref<4xf16>, %rb: memref<2xi32>) {
  %f = sched.all_reduce_start %a, %b into %ra, %rb on @world reduction = prod : memref<4xf16>, memref<2xi32> into memref<4xf16>, memref<2xi32> -> !sched.future<memref<4xf16>, memref<2xi32>>
  %r:2 = sched.wait %f : !sched.future<memref<4xf16>, memref<2xi32>>
  return
}

// Reductions 3 = min, 4 = max, 5 = avg; dtypes 2 = f64, 8 = i64, 10 =
// f8E5M2.
// CHECK-LABEL: func.func @reductions
// CHECK-DAG: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[I2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[I3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[I4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[I5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[I8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[I10:.*]] = arith.constant 10 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i64
// CHECK: %[[H0:.*]] = call @schedrt_collective_begin(%[[I3]], %[[I0]], %[[C4]], %[[C1]], %[[I3]], %[[C0]])
// CHECK: call @schedrt_collective_add(%[[H0]], %{{.*}}, %{{.*}}, %[[C4]], %[[I2]], %[[C1]], %[[C1]])
// CHECK: %[[H1:.*]] = call @schedrt_collective_begin(%[[I3]], %[[I0]], %[[C4]], %[[C1]], %[[I4]], %[[C0]])
// CHECK: call @schedrt_collective_add(%[[H1]], %{{.*}}, %{{.*}}, %[[C4]], %[[I8]], %[[C1]], %[[C1]])
// CHECK: %[[H2:.*]] = call @schedrt_collective_begin(%[[I3]], %[[I0]], %[[C4]], %[[C1]], %[[I5]], %[[C0]])
// CHECK: call @schedrt_collective_add(%[[H2]], %{{.*}}, %{{.*}}, %[[C8]], %[[I10]], %[[C1]], %[[C1]])
func.func @reductions(%a: memref<4xf64>, %b: memref<4xi64>, %c: memref<8xf8E5M2>) {
  %f0 = sched.all_reduce_start %a into %a on @world reduction = min : memref<4xf64> into memref<4xf64> -> !sched.future<memref<4xf64>>
  %r0 = sched.wait %f0 : !sched.future<memref<4xf64>>
  %f1 = sched.all_reduce_start %b into %b on @world reduction = max : memref<4xi64> into memref<4xi64> -> !sched.future<memref<4xi64>>
  %r1 = sched.wait %f1 : !sched.future<memref<4xi64>>
  %f2 = sched.all_reduce_start %c into %c on @world reduction = avg : memref<8xf8E5M2> into memref<8xf8E5M2> -> !sched.future<memref<8xf8E5M2>>
  %r2 = sched.wait %f2 : !sched.future<memref<8xf8E5M2>>
  return
}

// Kind 4 = all-to-all: sendOuter = 2 for a split along dim 1, recvOuter = 1
// for a concatenation along dim 0; dtype 6 = i16.
// CHECK-LABEL: func.func @all_to_all
// CHECK-DAG: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[I4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[I6:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i64
// CHECK: %[[H:.*]] = call @schedrt_collective_begin(%[[I4]], %[[I0]], %[[C4]], %[[C1]], %[[I0]], %[[C0]])
// CHECK: call @schedrt_collective_add(%[[H]], %{{.*}}, %{{.*}}, %[[C16]], %[[I6]], %[[C2]], %[[C1]])
func.func @all_to_all(%x: memref<2x8xi16>, %y: memref<8x2xi16>) {
  %f = sched.all_to_all_start %x into %y on @world split_dim = 1 concat_dim = 0 : memref<2x8xi16> into memref<8x2xi16> -> !sched.future<memref<8x2xi16>>
  %r = sched.wait %f : !sched.future<memref<8x2xi16>>
  return
}

// ... and the other way round: sendOuter = 1, recvOuter = 4; dtype 5 = i8.
// CHECK-LABEL: func.func @all_to_all_inner_concat
// CHECK-DAG: %[[I5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i64
// CHECK: call @schedrt_collective_add(%{{.*}}, %{{.*}}, %{{.*}}, %[[C16]], %[[I5]], %[[C1]], %[[C4]])
func.func @all_to_all_inner_concat(%x: memref<8x2xi8>, %y: memref<4x4xi8>) {
  %f = sched.all_to_all_start %x into %y on @odd split_dim = 0 concat_dim = 1 : memref<8x2xi8> into memref<4x4xi8> -> !sched.future<memref<4x4xi8>>
  %r = sched.wait %f : !sched.future<memref<4x4xi8>>
  return
}

// Kind 5 = broadcast with its root; dtype 9 = f8E4M3FN.
// CHECK-LABEL: func.func @broadcast
// CHECK-DAG: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[I5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[I9:.*]] = arith.constant 9 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK: %[[H:.*]] = call @schedrt_collective_begin(%[[I5]], %[[I0]], %[[C4]], %[[C1]], %[[I0]], %[[C2]])
// CHECK: call @schedrt_collective_add(%[[H]], %{{.*}}, %{{.*}}, %[[C3]], %[[I9]], %[[C1]], %[[C1]])
func.func @broadcast(%x: memref<3xf8E4M3FN>, %y: memref<3xf8E4M3FN>) {
  %f = sched.broadcast_start %x into %y on @world root = 2 : memref<3xf8E4M3FN> into memref<3xf8E4M3FN> -> !sched.future<memref<3xf8E4M3FN>>
  %r = sched.wait %f : !sched.future<memref<3xf8E4M3FN>>
  return
}

// Kind 6 = collective permute: one schedrt_collective_pair per pair, in the
// order written, between the begin and the members; dtype 1 = f32.
// CHECK-LABEL: func.func @collective_permute
// CHECK-DAG: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[I6:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i64
// CHECK: %[[H:.*]] = call @schedrt_collective_begin(%[[I6]], %[[I0]], %[[C4]], %[[C1]], %[[I0]], %[[C0]])
// CHECK-NEXT: call @schedrt_collective_pair(%[[H]], %[[C3]], %[[C0]])
// CHECK-NEXT: call @schedrt_collective_pair(%[[H]], %[[C0]], %[[C1]])
// CHECK-NEXT: call @schedrt_collective_pair(%[[H]], %[[C2]], %[[C2]])
// CHECK-NOT: schedrt_collective_pair
// CHECK: call @schedrt_collective_add(%[[H]], %{{.*}}, %{{.*}}, %[[C6]], %[[I1]], %[[C1]], %[[C1]])
// CHECK: call @schedrt_collective_launch(%[[H]])
// CHECK: call @schedrt_collective_wait(%[[H]])
func.func @collective_permute(%x: memref<2x3xf32>, %y: memref<2x3xf32>) {
  %f = sched.collective_permute_start %x into %y on @world source_target_pairs = [[3, 0], [0, 1], [2, 2]] : memref<2x3xf32> into memref<2x3xf32> -> !sched.future<memref<2x3xf32>>
  %r = sched.wait %f : !sched.future<memref<2x3xf32>>
  return
}

// -----

// Group ids are positions in the module; a layout is a size and a stride.
shard.grid @mesh(shape = 2x3x4)
// id 0: ranks [2, 10, 18, 26], stride 8.
sched.process_group @dp size = 4 ranks = [2, 10, 18, 26] ranks_per_node = 8
// id 1: grid axis 1 of 2x3x4: 3 ranks, stride 4.
sched.process_group @mesh_axes_1 size = 3 {sched.grid = @mesh, sched.grid_axes = array<i16: 1>}
// id 2: grid axes 0 and 1: 6 ranks, stride 4.
sched.process_group @mesh_axes_0_1 size = 6 {sched.grid = @mesh, sched.grid_axes = array<i16: 0, 1>}
// id 3: the last grid axis: 4 consecutive ranks.
sched.process_group @mesh_axes_2 size = 4 {sched.grid = @mesh, sched.grid_axes = array<i16: 2>}
// id 4: a single rank.
sched.process_group @single size = 1 ranks = [5]

// CHECK-LABEL: func.func @layouts
// CHECK-DAG: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[I2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[I3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[I4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i64
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i64
// CHECK: call @schedrt_collective_begin(%[[I3]], %[[I0]], %[[C4]], %[[C8]], %[[I1]], %[[C0]])
// CHECK: call @schedrt_collective_begin(%[[I3]], %[[I1]], %[[C3]], %[[C4]], %[[I1]], %[[C0]])
// CHECK: call @schedrt_collective_begin(%[[I3]], %[[I2]], %[[C6]], %[[C4]], %[[I1]], %[[C0]])
// CHECK: call @schedrt_collective_begin(%[[I3]], %[[I3]], %[[C4]], %[[C1]], %[[I1]], %[[C0]])
// CHECK: call @schedrt_collective_begin(%[[I3]], %[[I4]], %[[C1]], %[[C1]], %[[I1]], %[[C0]])
// CHECK-NOT: sched.
func.func @layouts(%x: memref<4xf32>) {
  %f0 = sched.all_reduce_start %x into %x on @dp reduction = sum : memref<4xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %r0 = sched.wait %f0 : !sched.future<memref<4xf32>>
  %f1 = sched.all_reduce_start %x into %x on @mesh_axes_1 reduction = sum : memref<4xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %r1 = sched.wait %f1 : !sched.future<memref<4xf32>>
  %f2 = sched.all_reduce_start %x into %x on @mesh_axes_0_1 reduction = sum : memref<4xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %r2 = sched.wait %f2 : !sched.future<memref<4xf32>>
  %f3 = sched.all_reduce_start %x into %x on @mesh_axes_2 reduction = sum : memref<4xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %r3 = sched.wait %f3 : !sched.future<memref<4xf32>>
  %f4 = sched.all_reduce_start %x into %x on @single reduction = sum : memref<4xf32> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %r4 = sched.wait %f4 : !sched.future<memref<4xf32>>
  return
}

// -----

sched.process_group @g size = 2

// Addresses of views add their offset in bytes: a constant for a static
// offset, the offset of the strided metadata times the element size for a
// dynamic one.
// CHECK-LABEL: func.func @offsets
// CHECK-SAME: (%[[X:.*]]: memref<8x8xf32>, %[[I:.*]]: index, %[[Y:.*]]: memref<4xi64>, %[[Z:.*]]: memref<2x8xf32>)
// CHECK-DAG: %[[B4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[B8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[B64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[I0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[I1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[I8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i64
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i64
// CHECK: %[[S:.*]] = memref.subview %[[X]][2, 0] [2, 8] [1, 1]
// CHECK: %[[D:.*]] = memref.subview %[[X]][%[[I]], 0] [1, 8] [1, 1]
// CHECK: %[[T:.*]] = memref.subview %[[Y]][1] [2] [1]
// CHECK: %[[H:.*]] = call @schedrt_collective_begin
// CHECK-NEXT: %[[SP:.*]] = memref.extract_aligned_pointer_as_index %[[S]]
// CHECK-NEXT: %[[SO:.*]] = arith.addi %[[SP]], %[[B64]] : index
// CHECK-NEXT: %[[SA:.*]] = arith.index_cast %[[SO]] : index to i64
// CHECK-NEXT: %[[ZP:.*]] = memref.extract_aligned_pointer_as_index %[[Z]]
// CHECK-NEXT: %[[ZA:.*]] = arith.index_cast %[[ZP]] : index to i64
// CHECK-NEXT: call @schedrt_collective_add(%[[H]], %[[SA]], %[[ZA]], %[[C16]], %[[I1]],
// CHECK: %[[CH:.*]] = call @schedrt_compute_begin
// CHECK-NEXT: %[[DP:.*]] = memref.extract_aligned_pointer_as_index %[[D]]
// CHECK-NEXT: %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[D]]
// CHECK-NEXT: %[[DB:.*]] = arith.muli %[[OFF]], %[[B4]] : index
// CHECK-NEXT: %[[DO:.*]] = arith.addi %[[DP]], %[[DB]] : index
// CHECK-NEXT: %[[DA:.*]] = arith.index_cast %[[DO]] : index to i64
// CHECK-NEXT: call @schedrt_compute_arg(%[[CH]], %[[DA]], %[[C8]], %[[I1]], %[[I0]])
// CHECK-NEXT: %[[TP:.*]] = memref.extract_aligned_pointer_as_index %[[T]]
// CHECK-NEXT: %[[TO:.*]] = arith.addi %[[TP]], %[[B8]] : index
// CHECK-NEXT: %[[TA:.*]] = arith.index_cast %[[TO]] : index to i64
// CHECK-NEXT: call @schedrt_compute_arg(%[[CH]], %[[TA]], %[[C2]], %[[I8]], %[[I1]])
// CHECK-NEXT: call @schedrt_compute_run(%[[CH]])
func.func @offsets(%x: memref<8x8xf32>, %i: index, %y: memref<4xi64>, %z: memref<2x8xf32>) {
  %s = memref.subview %x[2, 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 16>>
  %d = memref.subview %x[%i, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
  %t = memref.subview %y[1] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
  %f = sched.all_reduce_start %s into %z on @g reduction = sum : memref<2x8xf32, strided<[8, 1], offset: 16>> into memref<2x8xf32> -> !sched.future<memref<2x8xf32>>
  %r = sched.wait %f : !sched.future<memref<2x8xf32>>
  sched.compute "k" ins(%d, %i : memref<1x8xf32, strided<[8, 1], offset: ?>>, index) outs(%t : memref<2xi64, strided<[1], offset: 1>>)
  return
}
