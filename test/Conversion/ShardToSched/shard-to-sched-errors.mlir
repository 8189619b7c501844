// RUN: sched-opt %s -split-input-file -verify-diagnostics --convert-shard-to-sched

// Every op that cannot be converted is reported by name, with the reason, and
// the pass fails without changing the module.

shard.grid @grid(shape = 2x4)
func.func @send(%x: tensor<2xi8>) -> tensor<2xi8> {
  // expected-error@+1 {{cannot convert 'shard.send' to sched: a send or receive with a static peer makes every process of its group talk to that one process, which is not a permutation; sched models point-to-point communication only as a permutation of the group (sched.collective_permute_start), so write the exchange as shard.shift}}
  %0 = shard.send %x on @grid grid_axes = [1] destination = [1] : (tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @recv(%x: tensor<2xi8>) -> tensor<2xi8> {
  // expected-error@+1 {{cannot convert 'shard.recv' to sched: a send or receive with a static peer makes every process of its group talk to that one process, which is not a permutation; sched models point-to-point communication only as a permutation of the group (sched.collective_permute_start), so write the exchange as shard.shift}}
  %0 = shard.recv %x on @grid grid_axes = [1] source = [1] : (tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @shift_element_type(%x: tensor<2xi1>) -> tensor<2xi1> {
  // expected-error@+1 {{cannot convert 'shard.shift' to sched: element type 'i1' is not a byte-sized integer, float or complex type}}
  %0 = shard.shift %x on @grid grid_axes = [1] shift_axis = 1 offset = 1 : tensor<2xi1> -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

shard.grid @grid(shape = 2x?)
func.func @shift_dynamic_axis(%x: tensor<2xi8>) -> tensor<2xi8> {
  // expected-error@+1 {{cannot convert 'shard.shift' to sched: grid axis 1 of @grid has a dynamic size}}
  %0 = shard.shift %x on @grid grid_axes = [1] shift_axis = 1 offset = 1 : tensor<2xi8> -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @update_halo(%m: memref<12x12xi8>) -> memref<12x12xi8> {
  // expected-error@+1 {{cannot convert 'shard.update_halo' to sched: a halo update is point-to-point communication, which sched does not model}}
  %0 = shard.update_halo %m on @grid split_axes = [[0]] halo_sizes = [2, 2] : memref<12x12xi8>
  return %0 : memref<12x12xi8>
}

// -----

// A grid axis of dynamic size in grid_axes; other axes may be dynamic.
shard.grid @grid(shape = 2x?)
func.func @dynamic_axis(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: grid axis 1 of @grid has a dynamic size; sched process groups have a static size}}
  %1 = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8xf32> -> tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// shard accepts a grid axis of size 0; a process group is never empty.
shard.grid @grid(shape = 0x4)
func.func @empty_axis(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: grid axis 0 of @grid has size 0; a process group has at least one process}}
  %0 = shard.all_reduce %x on @grid grid_axes = [0] : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// The group must fit 32-bit ranks.
shard.grid @grid(shape = 65536x65536)
func.func @huge_group(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: the group over grid axes [0, 1] of @grid has more than 2^31 - 1 processes}}
  %0 = shard.all_reduce %x on @grid grid_axes = [0, 1] : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @bitwise(%x: tensor<8xi32>) -> tensor<8xi32> {
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: reduction 'bitwise_xor' has no sched equivalent (expected sum, max, min, product or average)}}
  %0 = shard.all_reduce %x on @grid grid_axes = [1] reduction = bitwise_xor : tensor<8xi32> -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @generic(%x: tensor<8x4xf32>) -> tensor<8x1xf32> {
  // expected-error@+1 {{cannot convert 'shard.reduce_scatter' to sched: reduction 'generic' has no sched equivalent (expected sum, max, min, product or average)}}
  %0 = shard.reduce_scatter %x on @grid grid_axes = [1] reduction = generic scatter_axis = 1 : tensor<8x4xf32> -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @not_reducible(%x: tensor<8xi16>) -> tensor<8xi16> {
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: cannot reduce element type 'i16' (expected i8, i32, i64, f8E4M3FN, f8E5M2, f16, bf16, f32 or f64)}}
  %0 = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8xi16> -> tensor<8xi16>
  return %0 : tensor<8xi16>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @accumulate_int(%x: tensor<8xf32>) -> tensor<8xi32> {
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: accumulating 'f32' elements as 'i32' is not supported (only float to a wider or narrower float)}}
  %0 = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8xf32> -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @accumulate_same_width(%x: tensor<8xbf16>) -> tensor<8xf16> {
  // expected-error@+1 {{cannot convert 'shard.reduce' to sched: accumulating 'bf16' elements as 'f16' is not supported (only float to a wider or narrower float)}}
  %0 = shard.reduce %x on @grid grid_axes = [1] root = [0] : (tensor<8xbf16>) -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @not_movable(%x: tensor<8x2xi1>) -> tensor<8x8xi1> {
  // expected-error@+1 {{cannot convert 'shard.all_gather' to sched: element type 'i1' is not a byte-sized integer, float or complex type}}
  %0 = shard.all_gather %x on @grid grid_axes = [1] gather_axis = 1 : tensor<8x2xi1> -> tensor<8x8xi1>
  return %0 : tensor<8x8xi1>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @index_elements(%x: tensor<8xindex>) -> tensor<8xindex> {
  // expected-error@+1 {{cannot convert 'shard.broadcast' to sched: element type 'index' is not a byte-sized integer, float or complex type}}
  %0 = shard.broadcast %x on @grid grid_axes = [1] root = [0] : (tensor<8xindex>) -> tensor<8xindex>
  return %0 : tensor<8xindex>
}

// -----

// The shard verifier does not check that the split dimension divides.
shard.grid @grid(shape = 2x3)
func.func @all_to_all_not_divisible(%x: tensor<10x16xf32>) -> tensor<?x48xf32> {
  // expected-error@+1 {{cannot convert 'shard.all_to_all' to sched: split_axis 0 has size 10, which is not divisible by the group size 3}}
  %0 = shard.all_to_all %x on @grid grid_axes = [1] split_axis = 0 concat_axis = 1 : tensor<10x16xf32> -> tensor<?x48xf32>
  return %0 : tensor<?x48xf32>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @dynamic_root(%x: tensor<8xf32>, %i: index) -> tensor<8xf32> {
  // expected-error@+1 {{cannot convert 'shard.broadcast' to sched: the root is given by SSA values; sched needs a static root}}
  %0 = shard.broadcast %x on @grid grid_axes = [0, 1] root = [1, %i] : (tensor<8xf32>, index) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @dynamic_scatter_root(%x: tensor<8x8xf32>, %i: index) -> tensor<8x2xf32> {
  // expected-error@+1 {{cannot convert 'shard.scatter' to sched: the root is given by SSA values; sched needs a static root}}
  %0 = shard.scatter %x on @grid grid_axes = [1] scatter_axis = 1 root = [%i] : (tensor<8x8xf32>, index) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @memref_accumulate(%m: memref<8xf16>) -> memref<8xf32> {
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: the memref form accumulates in its input element type only}}
  %0 = shard.all_reduce %m on @grid grid_axes = [1] : memref<8xf16> -> memref<8xf32>
  return %0 : memref<8xf32>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @memref_strided(%m: memref<8x8xf32, strided<[16, 1]>>) -> memref<8x8xf32> {
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: the input memref 'memref<8x8xf32, strided<[16, 1]>>' is not contiguous}}
  %0 = shard.all_reduce %m on @grid grid_axes = [1] : memref<8x8xf32, strided<[16, 1]>> -> memref<8x8xf32>
  return %0 : memref<8x8xf32>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @memref_result_layout(%m: memref<8x8xf32>) -> memref<8x8xf32, strided<[8, 1], offset: 4>> {
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: the result memref 'memref<8x8xf32, strided<[8, 1], offset: 4>>' has a non-identity layout}}
  %0 = shard.all_reduce %m on @grid grid_axes = [1] : memref<8x8xf32> -> memref<8x8xf32, strided<[8, 1], offset: 4>>
  return %0 : memref<8x8xf32, strided<[8, 1], offset: 4>>
}

// -----

shard.grid @grid(shape = 2x4)
func.func @mixed_forms(%x: tensor<8xf32>) -> memref<8xf32> {
  // expected-error@+1 {{cannot convert 'shard.all_reduce' to sched: the input and the result must both be tensors or both be ranked memrefs}}
  %0 = shard.all_reduce %x on @grid grid_axes = [1] : tensor<8xf32> -> memref<8xf32>
  return %0 : memref<8xf32>
}

// -----

// Every rejected op is reported, not only the first.
shard.grid @grid(shape = 2x4)
func.func @several(%x: tensor<2xi8>) -> (tensor<2xi8>, tensor<2xi8>) {
  // expected-error@+1 {{cannot convert 'shard.send' to sched}}
  %0 = shard.send %x on @grid grid_axes = [1] destination = [1] : (tensor<2xi8>) -> tensor<2xi8>
  // expected-error@+1 {{cannot convert 'shard.recv' to sched}}
  %1 = shard.recv %x on @grid grid_axes = [1] source = [1] : (tensor<2xi8>) -> tensor<2xi8>
  return %0, %1 : tensor<2xi8>, tensor<2xi8>
}
