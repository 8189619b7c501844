// RUN: sched-opt %s -split-input-file -verify-diagnostics

// Every case is named after the constraint label it checks; the labels are
// defined in the op descriptions (SchedOps.td) and in the verifiers.

sched.process_group @g size = 4

// Tests collective_c1: a collective needs an input.
func.func @collective_c1() {
  // expected-error@+1 {{'sched.all_reduce_start' op expects at least one input}}
  %f = "sched.all_reduce_start"() <{group = @g, reduction = #sched<reduction sum>, operandSegmentSizes = array<i32: 0, 0>}> : () -> !sched.future<tensor<4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c2: inputs must be ranked tensors or memrefs.
func.func @collective_c2_unranked(%x: tensor<*xf32>) {
  // expected-error@+1 {{expects ranked tensor or memref inputs, got 'tensor<*xf32>'}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<*xf32> -> !sched.future<tensor<4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c2: one form per op.
func.func @collective_c2_mixed(%x: tensor<4xf32>, %m: memref<4xf32>, %o: memref<4xf32>) {
  // expected-error@+1 {{expects all inputs to be tensors or all to be memrefs}}
  %f = sched.all_reduce_start %m, %x into %o, %o on @g reduction = sum : memref<4xf32>, tensor<4xf32> into memref<4xf32>, memref<4xf32> -> !sched.future<memref<4xf32>, memref<4xf32>>
  %r:2 = sched.wait %f : !sched.future<memref<4xf32>, memref<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c2: memref inputs must be contiguous.
func.func @collective_c2_strided(%m: memref<4xf32, strided<[2]>>, %o: memref<4xf32>) {
  // expected-error@+1 {{expects contiguous memref inputs, got 'memref<4xf32, strided<[2]>>'}}
  %f = sched.all_reduce_start %m into %o on @g reduction = sum : memref<4xf32, strided<[2]>> into memref<4xf32> -> !sched.future<memref<4xf32>>
  %r = sched.wait %f : !sched.future<memref<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c3: the tensor form has no destination buffers.
func.func @collective_c3_tensor_into(%x: tensor<4xf32>, %o: memref<4xf32>) {
  // expected-error@+1 {{expects no 'into' buffers when the inputs are tensors}}
  %f = sched.all_reduce_start %x into %o on @g reduction = sum : tensor<4xf32> into memref<4xf32> -> !sched.future<tensor<4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c3: the buffer form has one destination per input.
func.func @collective_c3_count(%m: memref<4xf32>, %o: memref<4xf32>) {
  // expected-error@+1 {{expects one 'into' buffer per input, got 1 for 2 inputs}}
  %f = sched.all_reduce_start %m, %m into %o on @g reduction = sum : memref<4xf32>, memref<4xf32> into memref<4xf32> -> !sched.future<memref<4xf32>, memref<4xf32>>
  %r:2 = sched.wait %f : !sched.future<memref<4xf32>, memref<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c3: destinations are memrefs.
func.func @collective_c3_not_memref(%m: memref<4xf32>, %o: tensor<4xf32>) {
  // expected-error@+1 {{expects memref 'into' buffers, got 'tensor<4xf32>'}}
  %f = sched.all_reduce_start %m into %o on @g reduction = sum : memref<4xf32> into tensor<4xf32> -> !sched.future<memref<4xf32>>
  %r = sched.wait %f : !sched.future<memref<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c3: destinations are contiguous.
func.func @collective_c3_strided(%m: memref<4xf32>, %o: memref<4xf32, strided<[2]>>) {
  // expected-error@+1 {{expects contiguous 'into' buffers, got 'memref<4xf32, strided<[2]>>'}}
  %f = sched.all_reduce_start %m into %o on @g reduction = sum : memref<4xf32> into memref<4xf32, strided<[2]>> -> !sched.future<memref<4xf32, strided<[2]>>>
  %r = sched.wait %f : !sched.future<memref<4xf32, strided<[2]>>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c4: one carried value per input.
func.func @collective_c4_count(%x: tensor<4xf32>) {
  // expected-error@+1 {{expects the future to carry one value per input, got 2 for 1 inputs}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>, tensor<4xf32>>
  %r:2 = sched.wait %f : !sched.future<tensor<4xf32>, tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c4: the buffer form carries the destination buffers.
func.func @collective_c4_buffer(%m: memref<4xf32>, %o: memref<4xf32>) {
  // expected-error@+1 {{expects the future to carry the types of the 'into' buffers}}
  %f = sched.all_reduce_start %m into %o on @g reduction = sum : memref<4xf32> into memref<4xf32> -> !sched.future<memref<8xf32>>
  %r = sched.wait %f : !sched.future<memref<8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c4: the tensor form carries tensors.
func.func @collective_c4_tensor(%x: tensor<4xf32>) {
  // expected-error@+1 {{expects the future to carry tensors when the inputs are tensors}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<memref<4xf32>>
  %r = sched.wait %f : !sched.future<memref<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c5: a future that is never waited on.
func.func @collective_c5_never_waited(%x: tensor<4xf32>) {
  // expected-error@+1 {{future is never waited on}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c5: a future waited on twice.
func.func @collective_c5_waited_twice(%x: tensor<4xf32>) {
  // expected-error@+1 {{future must be waited on exactly once, but has 2 uses}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  %s = sched.wait %f : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

func.func private @sink(!sched.future<tensor<4xf32>>)

// Tests collective_c5: a future escaping to another op.
func.func @collective_c5_other_use(%x: tensor<4xf32>) {
  // expected-error@+1 {{future may only be used by 'sched.wait', not by 'func.call'}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  func.call @sink(%f) : (!sched.future<tensor<4xf32>>) -> ()
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c5: a future waited on in a nested block.
func.func @collective_c5_other_block(%x: tensor<4xf32>) {
  // expected-error@+1 {{future must be waited on in the same block}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %y = sched.compute "use" -> (tensor<4xf32>) {
    %r = sched.wait %f : !sched.future<tensor<4xf32>>
    sched.yield %r : tensor<4xf32>
  }
  return
}

// -----

// Tests collective_c6: the group must exist.
func.func @collective_c6_missing(%x: tensor<4xf32>) {
  // expected-error@+1 {{'missing' does not reference a valid sched.process_group}}
  %f = sched.all_reduce_start %x on @missing reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  return
}

// -----

func.func private @g()

// Tests collective_c6: the symbol must be a process group.
func.func @collective_c6_not_group(%x: tensor<4xf32>) {
  // expected-error@+1 {{'g' does not reference a valid sched.process_group}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c7: two members of a bucket write one destination.
func.func @collective_c7_same_into(%a: memref<4xf32>, %b: memref<4xf32>, %o: memref<4xf32>) {
  // expected-error@+1 {{'into' buffers 0 and 1 are the same buffer; every member of a bucket needs its own destination}}
  %f = sched.all_reduce_start %a, %b into %o, %o on @g reduction = sum : memref<4xf32>, memref<4xf32> into memref<4xf32>, memref<4xf32> -> !sched.future<memref<4xf32>, memref<4xf32>>
  %r:2 = sched.wait %f : !sched.future<memref<4xf32>, memref<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_c7: the first repeated destination is named (1 and 3).
func.func @collective_c7_later_pair(%a: memref<4xf32>, %o: memref<4xf32>, %p: memref<4xf32>, %q: memref<4xf32>) {
  // expected-error@+1 {{'into' buffers 1 and 3 are the same buffer}}
  %f = sched.broadcast_start %a, %a, %a, %a into %o, %p, %q, %p on @g root = 0 : memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32> into memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32> -> !sched.future<memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>>
  %r:4 = sched.wait %f : !sched.future<memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_gather_start_c1: gather_dim in range.
func.func @all_gather_start_c1(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{gather_dim 2 is out of range for an input of rank 2}}
  %f = sched.all_gather_start %x on @g gather_dim = 2 : tensor<4x8xf32> -> !sched.future<tensor<16x8xf32>>
  %r = sched.wait %f : !sched.future<tensor<16x8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_gather_start_c1: negative gather_dim.
func.func @all_gather_start_c1_negative(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{gather_dim -1 is out of range for an input of rank 2}}
  %f = sched.all_gather_start %x on @g gather_dim = -1 : tensor<4x8xf32> -> !sched.future<tensor<16x8xf32>>
  %r = sched.wait %f : !sched.future<tensor<16x8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_gather_start_c2: element types must match.
func.func @all_gather_start_c2_mismatch(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result element type 'f16' does not match input element type 'f32'}}
  %f = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<16x8xf16>>
  %r = sched.wait %f : !sched.future<tensor<16x8xf16>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_gather_start_c2: sub-byte element types cannot be sent.
func.func @all_gather_start_c2_i1(%x: tensor<4x8xi1>) {
  // expected-error@+1 {{cannot communicate element type 'i1'; expected a byte-sized integer, float or complex type}}
  %f = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4x8xi1> -> !sched.future<tensor<16x8xi1>>
  %r = sched.wait %f : !sched.future<tensor<16x8xi1>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_gather_start_c2: index has no fixed size.
func.func @all_gather_start_c2_index(%x: tensor<4xindex>) {
  // expected-error@+1 {{cannot communicate element type 'index'}}
  %f = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4xindex> -> !sched.future<tensor<16xindex>>
  %r = sched.wait %f : !sched.future<tensor<16xindex>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_gather_start_c3: gathered dim = input dim x group size.
func.func @all_gather_start_c3(%x: tensor<4x8xf32>) {
  // expected-error@+1 {{result 0 has type 'tensor<8x8xf32>' but expected shape [16, 8]}}
  %f = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4x8xf32> -> !sched.future<tensor<8x8xf32>>
  %r = sched.wait %f : !sched.future<tensor<8x8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_gather_start_c3: the gathered size must fit in 64 bits.
func.func @all_gather_start_c3_overflow(%x: tensor<4611686018427387904xi8>) {
  // expected-error@+1 {{dimension of size 4611686018427387904 times the group size 4 overflows a 64-bit size}}
  %f = sched.all_gather_start %x on @g gather_dim = 0 : tensor<4611686018427387904xi8> -> !sched.future<tensor<?xi8>>
  %r = sched.wait %f : !sched.future<tensor<?xi8>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_gather_start_c3: ranks must match, checked per bucket entry.
func.func @all_gather_start_c3_rank(%x: tensor<4xf32>, %y: tensor<2x2xf32>) {
  // expected-error@+1 {{result 1 has type 'tensor<8xf32>' but expected shape [8, 2]}}
  %f = sched.all_gather_start %x, %y on @g gather_dim = 0 : tensor<4xf32>, tensor<2x2xf32> -> !sched.future<tensor<16xf32>, tensor<8xf32>>
  %r:2 = sched.wait %f : !sched.future<tensor<16xf32>, tensor<8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests reduce_scatter_start_c1: scatter_dim in range.
func.func @reduce_scatter_start_c1(%x: tensor<8xf32>) {
  // expected-error@+1 {{scatter_dim 1 is out of range for an input of rank 1}}
  %f = sched.reduce_scatter_start %x on @g reduction = sum scatter_dim = 1 : tensor<8xf32> -> !sched.future<tensor<2xf32>>
  %r = sched.wait %f : !sched.future<tensor<2xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests reduce_scatter_start_c2: NCCL and MPI cannot reduce i16.
func.func @reduce_scatter_start_c2(%x: tensor<8xi16>) {
  // expected-error@+1 {{cannot reduce element type 'i16'; expected i8, i32, i64, f8E4M3FN, f8E5M2, f16, bf16, f32 or f64}}
  %f = sched.reduce_scatter_start %x on @g reduction = sum scatter_dim = 0 : tensor<8xi16> -> !sched.future<tensor<2xi16>>
  %r = sched.wait %f : !sched.future<tensor<2xi16>>
  return
}

// -----

sched.process_group @g size = 4

// Tests reduce_scatter_start_c3: the scattered dim divides by the group size.
func.func @reduce_scatter_start_c3(%x: tensor<6xf32>) {
  // expected-error@+1 {{scatter_dim 0 of input 0 has size 6, which is not divisible by the group size 4}}
  %f = sched.reduce_scatter_start %x on @g reduction = sum scatter_dim = 0 : tensor<6xf32> -> !sched.future<tensor<1xf32>>
  %r = sched.wait %f : !sched.future<tensor<1xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests reduce_scatter_start_c4: result dim = input dim / group size.
func.func @reduce_scatter_start_c4(%x: tensor<8x3xf32>) {
  // expected-error@+1 {{result 0 has type 'tensor<4x3xf32>' but expected shape [2, 3]}}
  %f = sched.reduce_scatter_start %x on @g reduction = avg scatter_dim = 0 : tensor<8x3xf32> -> !sched.future<tensor<4x3xf32>>
  %r = sched.wait %f : !sched.future<tensor<4x3xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_reduce_start_c1: complex numbers are not reducible.
func.func @all_reduce_start_c1(%x: tensor<4xcomplex<f32>>) {
  // expected-error@+1 {{cannot reduce element type 'complex<f32>'}}
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xcomplex<f32>> -> !sched.future<tensor<4xcomplex<f32>>>
  %r = sched.wait %f : !sched.future<tensor<4xcomplex<f32>>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_reduce_start_c2: result type = input type.
func.func @all_reduce_start_c2(%x: tensor<4xf32>) {
  // expected-error@+1 {{result 0 has type 'tensor<8xf32>' but expected shape [4]}}
  %f = sched.all_reduce_start %x on @g reduction = max : tensor<4xf32> -> !sched.future<tensor<8xf32>>
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_to_all_start_c1: split_dim in range.
func.func @all_to_all_start_c1_split(%x: tensor<8x4xf32>) {
  // expected-error@+1 {{split_dim 3 is out of range for an input of rank 2}}
  %f = sched.all_to_all_start %x on @g split_dim = 3 concat_dim = 1 : tensor<8x4xf32> -> !sched.future<tensor<2x16xf32>>
  %r = sched.wait %f : !sched.future<tensor<2x16xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_to_all_start_c1: concat_dim in range.
func.func @all_to_all_start_c1_concat(%x: tensor<8x4xf32>) {
  // expected-error@+1 {{concat_dim 2 is out of range for an input of rank 2}}
  %f = sched.all_to_all_start %x on @g split_dim = 0 concat_dim = 2 : tensor<8x4xf32> -> !sched.future<tensor<2x16xf32>>
  %r = sched.wait %f : !sched.future<tensor<2x16xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_to_all_start_c2: element types must match.
func.func @all_to_all_start_c2(%x: tensor<8x4xf32>) {
  // expected-error@+1 {{result element type 'bf16' does not match input element type 'f32'}}
  %f = sched.all_to_all_start %x on @g split_dim = 0 concat_dim = 1 : tensor<8x4xf32> -> !sched.future<tensor<2x16xbf16>>
  %r = sched.wait %f : !sched.future<tensor<2x16xbf16>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_to_all_start_c3: the split dim divides by the group size.
func.func @all_to_all_start_c3(%x: tensor<6x4xf32>) {
  // expected-error@+1 {{split_dim 0 of input 0 has size 6, which is not divisible by the group size 4}}
  %f = sched.all_to_all_start %x on @g split_dim = 0 concat_dim = 1 : tensor<6x4xf32> -> !sched.future<tensor<1x16xf32>>
  %r = sched.wait %f : !sched.future<tensor<1x16xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests all_to_all_start_c4: result shape.
func.func @all_to_all_start_c4(%x: tensor<8x4xf32>) {
  // expected-error@+1 {{result 0 has type 'tensor<8x4xf32>' but expected shape [2, 16]}}
  %f = sched.all_to_all_start %x on @g split_dim = 0 concat_dim = 1 : tensor<8x4xf32> -> !sched.future<tensor<8x4xf32>>
  %r = sched.wait %f : !sched.future<tensor<8x4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests broadcast_start_c1: root is a position in the group.
func.func @broadcast_start_c1(%x: tensor<8xf32>) {
  // expected-error@+1 {{root 4 is not a position in a group of size 4}}
  %f = sched.broadcast_start %x on @g root = 4 : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests broadcast_start_c2: result type = input type.
func.func @broadcast_start_c2(%x: tensor<8xf32>) {
  // expected-error@+1 {{result 0 has type 'tensor<4xf32>' but expected shape [8]}}
  %f = sched.broadcast_start %x on @g root = 0 : tensor<8xf32> -> !sched.future<tensor<4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_permute_start_c1: pairs, not single ranks (only the generic
// form can write an odd list).
func.func @collective_permute_start_c1(%x: tensor<8xf32>) {
  // expected-error@+1 {{source_target_pairs must hold (source, target) pairs, but has an odd number of entries (3)}}
  %f = "sched.collective_permute_start"(%x) <{group = @g, operandSegmentSizes = array<i32: 1, 0>, source_target_pairs = array<i64: 0, 1, 2>}> : (tensor<8xf32>) -> !sched.future<tensor<8xf32>>
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_permute_start_c2: a target outside the group.
func.func @collective_permute_start_c2(%x: tensor<8xf32>) {
  // expected-error@+1 {{pair [3, 4] names rank 4, which is not a position in a group of size 4}}
  %f = sched.collective_permute_start %x on @g source_target_pairs = [[0, 1], [3, 4]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_permute_start_c2: a negative source.
func.func @collective_permute_start_c2_negative(%x: tensor<8xf32>) {
  // expected-error@+1 {{pair [-1, 0] names rank -1, which is not a position in a group of size 4}}
  %f = sched.collective_permute_start %x on @g source_target_pairs = [[-1, 0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_permute_start_c3: a rank that sends twice.
func.func @collective_permute_start_c3_source(%x: tensor<8xf32>) {
  // expected-error@+1 {{rank 0 is the source of two pairs}}
  %f = sched.collective_permute_start %x on @g source_target_pairs = [[0, 1], [0, 2]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_permute_start_c3: a rank that receives twice.
func.func @collective_permute_start_c3_target(%x: tensor<8xf32>) {
  // expected-error@+1 {{rank 2 is the target of two pairs}}
  %f = sched.collective_permute_start %x on @g source_target_pairs = [[0, 2], [1, 2]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_permute_start_c4: result type = input type.
func.func @collective_permute_start_c4(%x: tensor<8xf32>) {
  // expected-error@+1 {{result 0 has type 'tensor<4xf32>' but expected shape [8]}}
  %f = sched.collective_permute_start %x on @g source_target_pairs = [[0, 1]] : tensor<8xf32> -> !sched.future<tensor<4xf32>>
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_permute_start_c4: the element type is communicable.
func.func @collective_permute_start_c4_element(%x: tensor<8xi1>) {
  // expected-error@+1 {{cannot communicate element type 'i1'; expected a byte-sized integer, float or complex type}}
  %f = sched.collective_permute_start %x on @g source_target_pairs = [[0, 1]] : tensor<8xi1> -> !sched.future<tensor<8xi1>>
  %r = sched.wait %f : !sched.future<tensor<8xi1>>
  return
}

// -----

sched.process_group @g size = 4

// Tests collective_permute_start: a pair is two integers in brackets.
func.func @collective_permute_start_syntax(%x: tensor<8xf32>) {
  // expected-error@+1 {{expected ','}}
  %f = sched.collective_permute_start %x on @g source_target_pairs = [[0]] : tensor<8xf32> -> !sched.future<tensor<8xf32>>
  %r = sched.wait %f : !sched.future<tensor<8xf32>>
  return
}

// -----

// Tests wait_c1: a future that does not come from a start op.
func.func @wait_c1(%f: !sched.future<tensor<4xf32>>) {
  // expected-error@+1 {{expects a future produced by a collective start op}}
  %r = sched.wait %f : !sched.future<tensor<4xf32>>
  return
}

// -----

// Tests wait: the operand is not a future. The custom syntax infers the
// results from the operand's type before any verifier runs; the parser used
// to fail there without a message.
func.func @wait_not_a_future(%x: tensor<4xf32>) {
  // expected-error@+1 {{'sched.wait' op expects a '!sched.future' operand, got 'tensor<4xf32>'}}
  %r = sched.wait %x : tensor<4xf32>
  return
}

// -----

sched.process_group @g size = 4

// Tests wait: the results are the carried values.
func.func @wait_result_types(%x: tensor<4xf32>) {
  %f = sched.all_reduce_start %x on @g reduction = sum : tensor<4xf32> -> !sched.future<tensor<4xf32>>
  // expected-error@+2 {{'sched.wait' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error@+1 {{'sched.wait' op failed to infer returned types}}
  %r = "sched.wait"(%f) : (!sched.future<tensor<4xf32>>) -> tensor<8xf32>
  return
}

// -----

// Tests process_group_c1: a group has at least one rank.
// expected-error@+1 {{'sched.process_group' op size must be in [1, 2^31 - 1], got 0}}
sched.process_group @g size = 0

// -----

// Tests process_group_c1: ranks are 32-bit.
// expected-error@+1 {{'sched.process_group' op size must be in [1, 2^31 - 1], got 2147483648}}
sched.process_group @g size = 2147483648

// -----

// Tests process_group_c2: one rank per member.
// expected-error@+1 {{'sched.process_group' op lists 2 ranks but its size is 4}}
sched.process_group @g size = 4 ranks = [0, 1]

// -----

// Tests process_group_c2: ranks are non-negative.
// expected-error@+1 {{'sched.process_group' op rank -1 is not in [0, 2^31 - 1]}}
sched.process_group @g size = 2 ranks = [0, -1]

// -----

// Tests process_group_c2: ranks are distinct.
// expected-error@+1 {{'sched.process_group' op rank 3 is listed twice}}
sched.process_group @g size = 2 ranks = [3, 3]

// -----

// Tests process_group_c3: a node holds at least one rank.
// expected-error@+1 {{'sched.process_group' op ranks_per_node must be >= 1, got 0}}
sched.process_group @g size = 2 ranks_per_node = 0

// -----

// Tests compute_c1: body arguments are ins followed by outs.
func.func @compute_c1(%x: tensor<4xf32>) {
  // expected-error@+1 {{'sched.compute' op body arguments must have the types of ins followed by outs}}
  %y = sched.compute "f" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<8xf32>):
    %c = arith.constant dense<0.0> : tensor<4xf32>
    sched.yield %c : tensor<4xf32>
  }
  return
}

// -----

// Tests compute_c1: at most one body.
func.func @compute_c1_two_bodies(%x: tensor<4xf32>) {
  // expected-error@+1 {{'sched.compute' op has at most one body, but has 2}}
  %y = sched.compute "f" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    sched.yield %a : tensor<4xf32>
  }, {
  ^bb0(%a: tensor<4xf32>):
    sched.yield %a : tensor<4xf32>
  }
  return
}

// -----

// Tests compute_c1: a body is one block; an opaque op has no region, not an
// empty one.
func.func @compute_c1_empty_body(%x: tensor<4xf32>) {
  // expected-error@+1 {{'sched.compute' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %y = sched.compute "f" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
  }
  return
}

// -----

// Tests that the body is isolated from above: it reads only its arguments.
func.func @compute_isolated(%x: tensor<4xf32>) {
  // expected-note@+1 {{required by region isolation constraints}}
  %y = sched.compute "f" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error@+1 {{'arith.addf' op using value defined outside the region}}
    %s = arith.addf %a, %x : tensor<4xf32>
    sched.yield %s : tensor<4xf32>
  }
  return
}

// -----

// Tests compute_c2: the body ends with sched.yield.
func.func @compute_c2_terminator(%x: tensor<4xf32>) {
  // expected-error@+1 {{'sched.compute' op body must end with 'sched.yield'}}
  sched.compute "f" ins(%x : tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    llvm.unreachable
  }
  return
}

// -----

// Tests compute_c2: the yielded values have the result types.
func.func @compute_c2_types(%x: tensor<4xf32>) {
  %y = sched.compute "f" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error@+1 {{'sched.yield' op yields 0 values whose types do not match the results of the parent 'sched.compute'}}
    sched.yield
  }
  return
}

// -----

// Tests compute_c3: tensor outs give the result types.
func.func @compute_c3(%x: tensor<4xf32>, %init: tensor<8xf32>) {
  // expected-error@+1 {{'sched.compute' op tensor outs must have the types of the results}}
  %y = sched.compute "f" ins(%x : tensor<4xf32>) outs(%init : tensor<8xf32>) -> (tensor<4xf32>)
  return
}

// -----

// Tests compute_c4: the buffer form has no results.
func.func @compute_c4(%x: memref<4xf32>, %o: memref<4xf32>) {
  // expected-error@+1 {{'sched.compute' op writes memref outs and must not have results, but has 1}}
  %y = sched.compute "f" ins(%x : memref<4xf32>) outs(%o : memref<4xf32>) -> (tensor<4xf32>)
  return
}

// -----

// Tests the sched.yield parent.
func.func @yield_parent() {
  // expected-error@+1 {{'sched.yield' op expects parent op 'sched.compute'}}
  sched.yield
}
