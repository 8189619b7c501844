//===- SchedOps.td - sched dialect operations ---------------*- tablegen -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Constraint labels (`<op>_cN`) used in descriptions, in the verifiers and in
// test/Dialect/Sched/invalid.mlir are the same, so that a reviewer can see at
// a glance which rule has no test.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDOPS_TD
#define SCHED_DIALECT_SCHED_IR_SCHEDOPS_TD

include "sched/Dialect/Sched/IR/SchedBase.td"
include "sched/Dialect/Sched/IR/SchedAttrs.td"
include "sched/Dialect/Sched/IR/SchedInterfaces.td"
include "sched/Dialect/Sched/IR/SchedTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Process groups
//===----------------------------------------------------------------------===//

def Sched_ProcessGroupOp : Sched_Op<"process_group", [Symbol]> {
  let summary = "names a group of ranks that communicate";
  let description = [{
    Declares a process group: `size` ranks that take part in the same
    collectives (one NCCL communicator or MPI communicator at run time).
    Collectives name the group by symbol and their shapes are checked against
    its size.

    `ranks` optionally lists the global ranks of the members, in group order.
    `ranks_per_node` optionally gives the number of consecutive global ranks
    that share a node; the cost model uses it to decide whether the group's
    traffic stays on the intra-node fabric. Without it, the target's
    `gpus_per_node` is used.

    Constraints:
    * `process_group_c1`: 1 <= `size` <= 2^31 - 1 (ranks are 32-bit in NCCL
      and MPI).
    * `process_group_c2`: `ranks`, if present, has `size` distinct entries
      in [0, 2^31 - 1].
    * `process_group_c3`: `ranks_per_node`, if present, is >= 1.

    Example:

    ```mlir
    // Tensor parallelism inside a node, data parallelism across nodes.
    sched.process_group @tp size = 8 ranks_per_node = 8
    sched.process_group @dp size = 4 ranks = [0, 8, 16, 24] ranks_per_node = 8
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       I64Attr:$size,
                       OptionalAttr<DenseI64ArrayAttr>:$ranks,
                       OptionalAttr<I64Attr>:$ranks_per_node);
  let assemblyFormat = [{
    $sym_name `size` `=` $size (`ranks` `=` $ranks^)?
    (`ranks_per_node` `=` $ranks_per_node^)? attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Returns the number of nodes the group spans, given the node size of the
    /// group (`ranks_per_node`) or, without it, `defaultRanksPerNode`.
    int64_t getNumNodes(int64_t defaultRanksPerNode);
  }];
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

class Sched_CollectiveStartOp<string mnemonic, list<Trait> traits = []>
    : Sched_Op<mnemonic, traits # [
        AttrSizedOperandSegments,
        DeclareOpInterfaceMethods<SymbolUserOpInterface>,
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
        Sched_CollectiveOpInterface]> {
  // The form is written by hand (SchedOps.cpp) for the reason given at
  // sched.compute; each op's description shows its syntax.
  let hasCustomAssemblyFormat = 1;
  code commonDescription = [{

    The op is variadic: one op carries a bucket of several tensors, each of
    which obeys the shape rules on its own. In the buffer form, `into` names
    one destination buffer per input and the future carries those buffers.
    Its future must be consumed by exactly one `sched.wait` in the same block
    (`collective_c5`).

    Constraints shared by all collectives:
    * `collective_c1`: at least one input.
    * `collective_c2`: the inputs are all ranked tensors or all ranked memrefs
      with a contiguous layout.
    * `collective_c3`: tensor form has no `into` buffers; buffer form has one
      memref `into` buffer per input.
    * `collective_c4`: the future carries one value per input: the `into`
      buffer types in buffer form, ranked tensors in tensor form.
    * `collective_c5`: the future has exactly one use, a `sched.wait` in the
      same block.
    * `collective_c6`: `group` names a `sched.process_group`.
    * `collective_c7`: in the buffer form, no two `into` buffers are the same
      value (each member of a bucket writes its own destination). An `into`
      buffer may be an input: the collective reads all its inputs before it
      writes any destination (an all-reduce or broadcast into its own input
      runs in place).
  }];
  let extraClassDeclaration = [{
    /// See CollectiveOpInterface.
    ::mlir::sched::CollectiveKind getCollectiveKind();
    /// See CollectiveOpInterface.
    std::optional<::mlir::sched::ReductionKind> getReductionKind();
    /// See CollectiveOpInterface.
    ::llvm::LogicalResult verifyWithGroupSize(int64_t groupSize);
  }];
}

def Sched_AllGatherStartOp : Sched_CollectiveStartOp<"all_gather_start"> {
  let summary = "starts an all-gather";
  let description = [{
    Syntax:

    ```
    operation ::= `sched.all_gather_start` $inputs (`into` $outputs^)? `on` $group
                  `gather_dim` `=` $gather_dim
                  attr-dict `:` type($inputs) (`into` type($outputs)^)?
                  `->` qualified(type($future))
    ```

    Every rank sends its input; every rank receives the inputs of all ranks
    concatenated along `gather_dim`, in group order.

    ```
    group size 2, gather_dim = 0
    rank 0: [a]      -> [a; b]
    rank 1: [b]      -> [a; b]
    ```

    Constraints:
    * `all_gather_start_c1`: 0 <= `gather_dim` < rank of every input.
    * `all_gather_start_c2`: result element type = input element type, a
      byte-sized integer, float or complex type.
    * `all_gather_start_c3`: result rank = input rank; result
      dim[`gather_dim`] = input dim[`gather_dim`] x group size; other dims
      are equal.

    Example:

    ```mlir
    %f = sched.all_gather_start %shard on @dp gather_dim = 0
        : tensor<512x4096xbf16> -> !sched.future<tensor<4096x4096xbf16>>
    %full = sched.wait %f : !sched.future<tensor<4096x4096xbf16>>
    ```
  }] # commonDescription;
  let arguments = (ins Variadic<AnyType>:$inputs, Variadic<AnyType>:$outputs,
                       FlatSymbolRefAttr:$group, I64Attr:$gather_dim);
  let results = (outs Sched_FutureType:$future);
  let hasVerifier = 1;
}

def Sched_ReduceScatterStartOp
    : Sched_CollectiveStartOp<"reduce_scatter_start"> {
  let summary = "starts a reduce-scatter";
  let description = [{
    Syntax:

    ```
    operation ::= `sched.reduce_scatter_start` $inputs (`into` $outputs^)? `on` $group
                  `reduction` `=` `` $reduction
                  `scatter_dim` `=` $scatter_dim
                  attr-dict `:` type($inputs) (`into` type($outputs)^)?
                  `->` qualified(type($future))
    ```

    The inputs of all ranks are reduced element-wise with `reduction`, then
    split along `scatter_dim` into group-size equal parts; rank i receives
    part i.

    ```
    group size 2, scatter_dim = 0, reduction = sum
    rank 0: [a0; a1]  -> [a0 + b0]
    rank 1: [b0; b1]  -> [a1 + b1]
    ```

    Constraints:
    * `reduce_scatter_start_c1`: 0 <= `scatter_dim` < rank of every input.
    * `reduce_scatter_start_c2`: result element type = input element type,
      a reducible type (i8, i32, i64, f8E4M3FN, f8E5M2, f16, bf16, f32, f64).
    * `reduce_scatter_start_c3`: input dim[`scatter_dim`] is divisible by
      the group size.
    * `reduce_scatter_start_c4`: result rank = input rank; result
      dim[`scatter_dim`] = input dim[`scatter_dim`] / group size; other dims
      are equal.

    Example:

    ```mlir
    %f = sched.reduce_scatter_start %grad on @dp reduction = avg scatter_dim = 0
        : tensor<4096x4096xf32> -> !sched.future<tensor<512x4096xf32>>
    ```
  }] # commonDescription;
  let arguments = (ins Variadic<AnyType>:$inputs, Variadic<AnyType>:$outputs,
                       FlatSymbolRefAttr:$group,
                       Sched_ReductionKindAttr:$reduction, I64Attr:$scatter_dim);
  let results = (outs Sched_FutureType:$future);
  let hasVerifier = 1;
}

def Sched_AllReduceStartOp
    : Sched_CollectiveStartOp<"all_reduce_start"> {
  let summary = "starts an all-reduce";
  let description = [{
    Syntax:

    ```
    operation ::= `sched.all_reduce_start` $inputs (`into` $outputs^)? `on` $group
                  `reduction` `=` `` $reduction
                  attr-dict `:` type($inputs) (`into` type($outputs)^)?
                  `->` qualified(type($future))
    ```

    The inputs of all ranks are reduced element-wise with `reduction`; every
    rank receives the full result.

    Constraints:
    * `all_reduce_start_c1`: the element type is reducible (i8, i32, i64,
      f8E4M3FN, f8E5M2, f16, bf16, f32, f64).
    * `all_reduce_start_c2`: result type = input type (shape and element
      type).

    Example:

    ```mlir
    %f = sched.all_reduce_start %a, %b on @tp reduction = sum
        : tensor<8x1024xbf16>, tensor<1024xf32>
        -> !sched.future<tensor<8x1024xbf16>, tensor<1024xf32>>
    %ra, %rb = sched.wait %f : !sched.future<tensor<8x1024xbf16>, tensor<1024xf32>>
    ```
  }] # commonDescription;
  let arguments = (ins Variadic<AnyType>:$inputs, Variadic<AnyType>:$outputs,
                       FlatSymbolRefAttr:$group,
                       Sched_ReductionKindAttr:$reduction);
  let results = (outs Sched_FutureType:$future);
  let hasVerifier = 1;
}

def Sched_AllToAllStartOp : Sched_CollectiveStartOp<"all_to_all_start"> {
  let summary = "starts an all-to-all";
  let description = [{
    Syntax:

    ```
    operation ::= `sched.all_to_all_start` $inputs (`into` $outputs^)? `on` $group
                  `split_dim` `=` $split_dim
                  `concat_dim` `=` $concat_dim
                  attr-dict `:` type($inputs) (`into` type($outputs)^)?
                  `->` qualified(type($future))
    ```

    Every rank splits its input along `split_dim` into group-size parts and
    sends part j to rank j; every rank concatenates the parts it receives
    along `concat_dim`, in group order.

    Constraints:
    * `all_to_all_start_c1`: 0 <= `split_dim`, `concat_dim` < rank of every
      input.
    * `all_to_all_start_c2`: result element type = input element type, a
      byte-sized integer, float or complex type.
    * `all_to_all_start_c3`: input dim[`split_dim`] is divisible by the
      group size.
    * `all_to_all_start_c4`: result rank = input rank; result
      dim[`split_dim`] = input dim[`split_dim`] / group size, then result
      dim[`concat_dim`] = that x group size; other dims are equal.

    Example:

    ```mlir
    %f = sched.all_to_all_start %tokens on @ep split_dim = 0 concat_dim = 1
        : tensor<64x128xbf16> -> !sched.future<tensor<8x1024xbf16>>
    ```
  }] # commonDescription;
  let arguments = (ins Variadic<AnyType>:$inputs, Variadic<AnyType>:$outputs,
                       FlatSymbolRefAttr:$group, I64Attr:$split_dim,
                       I64Attr:$concat_dim);
  let results = (outs Sched_FutureType:$future);
  let hasVerifier = 1;
}

def Sched_BroadcastStartOp : Sched_CollectiveStartOp<"broadcast_start"> {
  let summary = "starts a broadcast";
  let description = [{
    Syntax:

    ```
    operation ::= `sched.broadcast_start` $inputs (`into` $outputs^)? `on` $group
                  `root` `=` $root
                  attr-dict `:` type($inputs) (`into` type($outputs)^)?
                  `->` qualified(type($future))
    ```

    The input of rank `root` (a position in the group) is sent to every rank.
    The inputs of the other ranks are not read (but give the shape).

    Constraints:
    * `broadcast_start_c1`: 0 <= `root` < group size.
    * `broadcast_start_c2`: result type = input type (shape and element
      type), a byte-sized integer, float or complex element type.

    Example:

    ```mlir
    %f = sched.broadcast_start %w on @dp root = 0
        : tensor<1024xf32> -> !sched.future<tensor<1024xf32>>
    ```
  }] # commonDescription;
  let arguments = (ins Variadic<AnyType>:$inputs, Variadic<AnyType>:$outputs,
                       FlatSymbolRefAttr:$group, I64Attr:$root);
  let results = (outs Sched_FutureType:$future);
  let hasVerifier = 1;
}

def Sched_CollectivePermuteStartOp
    : Sched_CollectiveStartOp<"collective_permute_start"> {
  let summary = "starts a collective permute (point-to-point sends)";
  let description = [{
    Syntax:

    ```
    operation ::= `sched.collective_permute_start` $inputs (`into` $outputs^)? `on` $group
                  `source_target_pairs` `=` `[` (`[` int `,` int `]`),* `]`
                  attr-dict `:` type($inputs) (`into` type($outputs)^)?
                  `->` qualified(type($future))
    ```

    A point-to-point exchange over the group, written as a static list of
    (source, target) pairs of positions in the group (XLA's
    collective-permute, `shard.shift`). Like every collective it is SPMD:
    every rank of the group runs the same op. A rank that is the source of a
    pair sends its input to the pair's target; a rank that is the target of a
    pair receives the source's input. A rank that is the target of no pair
    receives zeros (in the buffer form its `into` buffer is zero-filled), as
    in XLA. A pair whose source and target are the same rank is a local
    copy.

    ```
    group size 3, source_target_pairs = [[0, 1], [1, 2]]
    rank 0: [a]  -> [0]
    rank 1: [b]  -> [a]
    rank 2: [c]  -> [b]
    ```

    The pairs are stored flattened: `source_target_pairs` holds
    source0, target0, source1, target1, ... An empty list is valid (every
    rank receives zeros).

    Constraints:
    * `collective_permute_start_c1`: `source_target_pairs` has an even
      number of entries.
    * `collective_permute_start_c2`: every source and target is in
      [0, group size).
    * `collective_permute_start_c3`: each rank is the source of at most one
      pair and the target of at most one pair.
    * `collective_permute_start_c4`: result type = input type (shape and
      element type), a byte-sized integer, float or complex element type.

    Example:

    ```mlir
    // Pipeline parallelism: each stage sends its activations to the next.
    %f = sched.collective_permute_start %act on @pp
        source_target_pairs = [[0, 1], [1, 2], [2, 3]]
        : tensor<8x1024xbf16> -> !sched.future<tensor<8x1024xbf16>>
    %next = sched.wait %f : !sched.future<tensor<8x1024xbf16>>
    ```
  }] # commonDescription;
  let arguments = (ins Variadic<AnyType>:$inputs, Variadic<AnyType>:$outputs,
                       FlatSymbolRefAttr:$group,
                       DenseI64ArrayAttr:$source_target_pairs);
  let results = (outs Sched_FutureType:$future);
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// See CollectiveOpInterface.
    ::mlir::sched::CollectiveKind getCollectiveKind();
    /// See CollectiveOpInterface.
    std::optional<::mlir::sched::ReductionKind> getReductionKind();
    /// See CollectiveOpInterface.
    ::llvm::LogicalResult verifyWithGroupSize(int64_t groupSize);
    /// Returns the (source, target) pairs, in the order written.
    ::llvm::SmallVector<std::pair<int64_t, int64_t>> getPairs();
  }];
}

def Sched_WaitOp : Sched_Op<"wait", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "waits for a collective and returns its values";
  let description = [{
    Blocks the compute stream until the collective that produced `future`
    has completed, and returns the values the future carries: fresh tensors
    in the value-semantic form, the destination buffers in the buffer form.
    Uses of the collective's results depend on the wait through SSA, so no
    compute can read them while they are in flight.

    Constraints:
    * `wait_c1`: `future` is the result of a collective start op (it is not a
      block argument or the result of another op).

    Example:

    ```mlir
    %full = sched.wait %f : !sched.future<tensor<4096x4096xbf16>>
    ```
  }];
  let arguments = (ins Sched_FutureType:$future);
  let results = (outs Variadic<AnyType>:$values);
  let assemblyFormat = "$future attr-dict `:` qualified(type($future))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

def Sched_ComputeOp : Sched_Op<"compute", [
    AttrSizedOperandSegments, IsolatedFromAbove,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<Sched_ComputeOpInterface>]> {
  let summary = "a unit of compute with a cost";
  let description = [{
    Syntax:

    ```
    operation ::= `sched.compute` $kind (`ins` `(` $ins^ `:` type($ins) `)`)?
                  (`outs` `(` $outs^ `:` type($outs) `)`)? (`cost` $cost^)?
                  attr-dict-with-keyword (`->` `(` type($results)^ `)`)?
                  ($body^)?
    ```

    Groups work that the scheduler places as one unit on the compute stream.
    `kind` names the work (e.g. `"matmul"`, `"attention_bwd"`); `cost`
    optionally gives flops, memory traffic and a measured time.

    The body is optional. With a body, its block takes the `ins` and `outs`
    operands as arguments and `sched.yield`s the results; the op is isolated
    from above, so everything it reads is an operand. Without a body the op is
    opaque: a kernel that the analyses know only by its operands, results and
    cost (this is what the workload generators emit).

    In the value-semantic form, `outs` are optional destination tensors and,
    when present, the results have their types. In the buffer form, `outs`
    are the memrefs the op writes and it has no results. The op reads its
    memref `ins` and reads and writes its memref `outs`; effects of ops in
    the body on memory other than its arguments are not modelled.

    Constraints:
    * `compute_c1`: there is at most one body, a region of one block whose
      arguments have the types of `ins` followed by `outs`. (An opaque op has
      no region at all, not an empty one.)
    * `compute_c2`: the body ends with `sched.yield` of values of the result
      types.
    * `compute_c3`: tensor `outs`, if any, have the types of the results.
    * `compute_c4`: an op with memref `outs` has no results.

    Example:

    ```mlir
    %y = sched.compute "matmul" ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>)
        cost <flops = 1024> -> (tensor<8x4xf32>)
    ```
  }];
  let arguments = (ins StrAttr:$kind, Variadic<AnyType>:$ins,
                       Variadic<AnyType>:$outs,
                       OptionalAttr<Sched_CostAttr>:$cost);
  let results = (outs Variadic<AnyType>:$results);
  // Variadic so that an opaque op has no region at all: MLIR's verifier
  // checks every op with a region and `IsolatedFromAbove` as a separate task
  // (in parallel when threading is on) with its own dominance info, which
  // made verifying a 100k-op program of opaque kernels several times slower.
  let regions = (region VariadicRegion<SizedRegion<1>>:$body);
  // The form (in the description) is written by hand only so that printing
  // reads the discardable attributes alone: the generated printer asks for
  // all attributes, which builds and uniques a dictionary of the inherent ones
  // (kind, cost, segment sizes) for every op printed (twice: MLIR prints each
  // op once more to collect aliases), a third of the time spent printing a
  // compute op.
  let hasCustomAssemblyFormat = 1;
  let builders = [
    // An opaque op (no body); the generated builders take the body count.
    OpBuilder<(ins "TypeRange":$results, "StringAttr":$kind,
                   "ValueRange":$ins, "ValueRange":$outs, "CostAttr":$cost),
    [{
      build($_builder, $_state, results, kind, ins, outs, cost,
            /*bodyCount=*/0);
    }]>,
    OpBuilder<(ins "TypeRange":$results, "StringRef":$kind,
                   "ValueRange":$ins, "ValueRange":$outs, "CostAttr":$cost),
    [{
      build($_builder, $_state, results, kind, ins, outs, cost,
            /*bodyCount=*/0);
    }]>
  ];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// Returns true if the op has no body (an opaque kernel).
    bool isOpaque() { return getBody().empty(); }
    /// Returns the block of the body; the op must not be opaque.
    Block &getBodyBlock() { return getBody().front().front(); }
  }];
}

def Sched_YieldOp : Sched_Op<"yield", [
    Pure, ReturnLike, Terminator, HasParent<"ComputeOp">]> {
  let summary = "returns the results of a sched.compute body";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // SCHED_DIALECT_SCHED_IR_SCHEDOPS_TD
