//===- Passes.td - conversions into the sched dialect ------*- tablegen -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_CONVERSION_PASSES_TD
#define SCHED_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertShardToSched : Pass<"convert-shard-to-sched", "ModuleOp"> {
  let summary = "convert shard collectives into sched start/wait pairs";
  let description = [{
    Rewrites the collectives of the upstream `shard` dialect (the output of
    `shard-partition`) into `sched` collectives, each a `*_start` followed
    directly by its `sched.wait` (the unscheduled form):

    | shard | sched |
    |-------|-------|
    | `all_reduce` | `all_reduce_start` |
    | `all_gather` | `all_gather_start`, `gather_dim` = `gather_axis` |
    | `reduce_scatter` | `reduce_scatter_start`, `scatter_dim` = `scatter_axis` |
    | `all_to_all` | `all_to_all_start`, `split_dim`/`concat_dim` = `split_axis`/`concat_axis` |
    | `broadcast` | `broadcast_start`, `root` = the linear in-group index of the root |
    | `gather` | `all_gather_start` (the root's result, delivered to every rank) |
    | `reduce` | `all_reduce_start` (the root's result, delivered to every rank) |
    | `scatter` | `broadcast_start` from the root, then a local `tensor.extract_slice` |
    | `all_slice` | a local `tensor.extract_slice` (no communication) |

    Reductions map `sum`, `max`, `min`, `product` and `average` to `sum`,
    `max`, `min`, `prod` and `avg`. A reduction whose result element type
    differs from the input's converts the input first (`arith.extf` or
    `arith.truncf`), as shard defines.

    Every (grid, `grid_axes`) pair that a collective uses becomes one
    `sched.process_group`, inserted after the `shard.grid` and named
    `@<grid>_axes_<a>_<b>...` (`@<grid>_axes_none` for no axes). Its `size`
    is the product of the sizes of those grid axes. On an SPMD grid every
    process belongs to a different group for the same axes (the processes
    that share its coordinates on the other axes), so the op lists no
    `ranks`; the discardable attributes `sched.grid` and `sched.grid_axes`
    say which groups it stands for, and a group's order is the linear index
    over `grid_axes` in the listed order. `ranks_per_node` is left to the
    target. `shard.grid` and the other non-collective shard ops stay.

    Example:

    ```mlir
    shard.grid @grid0(shape = 2x4)
    func.func @f(%x: tensor<8x4xf32>) -> tensor<8x16xf32> {
      %0 = shard.all_gather %x on @grid0 grid_axes = [1] gather_axis = 1
          : tensor<8x4xf32> -> tensor<8x16xf32>
      return %0 : tensor<8x16xf32>
    }
    ```

    becomes

    ```mlir
    shard.grid @grid0(shape = 2x4)
    sched.process_group @grid0_axes_1 size = 4
        {sched.grid = @grid0, sched.grid_axes = array<i16: 1>}
    func.func @f(%x: tensor<8x4xf32>) -> tensor<8x16xf32> {
      %f = sched.all_gather_start %x on @grid0_axes_1 gather_dim = 1
          : tensor<8x4xf32> -> !sched.future<tensor<8x16xf32>>
      %0 = sched.wait %f : !sched.future<tensor<8x16xf32>>
      return %0 : tensor<8x16xf32>
    }
    ```

    Errors, each naming the op (`cannot convert 'shard.xxx' to sched: ...`):
    point-to-point ops (`send`, `recv`, `shift`, `update_halo`), a grid axis
    of dynamic size in `grid_axes`, a `bitwise_*` or `generic` reduction, a
    root given by SSA values, an element type sched cannot move or reduce,
    an accumulation that is not float to float, and memrefs except in
    `all_reduce`. The pass reports every such op, then fails. See
    docs/Conversions.md.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::sched::SchedDialect",
    "::mlir::shard::ShardDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // SCHED_CONVERSION_PASSES_TD
