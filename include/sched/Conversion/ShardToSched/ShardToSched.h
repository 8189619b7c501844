//===- ShardToSched.h - shard collectives to sched --------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Patterns that rewrite the collectives of the upstream `shard` dialect into
// sched start/wait pairs, and the table of process groups they name. The pass
// `convert-shard-to-sched` (sched/Conversion/Passes.h) runs them; see
// docs/Conversions.md.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_CONVERSION_SHARDTOSCHED_SHARDTOSCHED_H
#define SCHED_CONVERSION_SHARDTOSCHED_SHARDTOSCHED_H

#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <string>
#include <utility>

namespace mlir {
class OpBuilder;
class RewritePatternSet;
class SymbolTableCollection;

namespace sched {

/// Returns the sched reduction for a shard reduction: sum, max, min, product
/// (`prod`) and average (`avg`); std::nullopt for the bitwise and generic
/// reductions, which sched does not have.
std::optional<ReductionKind> convertReductionKind(shard::ReductionKind kind);

/// The `sched.process_group` ops that stand for the process groups of shard
/// collectives, one per (grid, grid axes) pair.
///
/// On a shard grid, the `grid_axes` of a collective split the processes into
/// groups: the processes that share their coordinates on the other axes form
/// one group, ordered by their linear index over `grid_axes` (row-major, in
/// the order the axes are listed). This is `comm_split(color, key)` with
/// color = linear index over the other axes and key = linear index over
/// `grid_axes`. Every process is in a different group, and all the groups
/// have the same size, so one `sched.process_group` describes them all: its
/// `size` is the product of the sizes of the axes, it lists no `ranks`, and
/// the discardable attributes `sched.grid` (the grid symbol) and
/// `sched.grid_axes` (an `array<i16>`, in the collective's order) tell a
/// lowering how to split its communicators.
class ShardProcessGroups {
public:
  explicit ShardProcessGroups(SymbolTableCollection &symbolTables)
      : symbolTables(symbolTables) {}

  /// Name of the discardable attribute that names the grid of a group.
  static constexpr StringLiteral getGridAttrName() {
    return StringLiteral("sched.grid");
  }
  /// Name of the discardable attribute that lists the grid axes of a group.
  static constexpr StringLiteral getGridAxesAttrName() {
    return StringLiteral("sched.grid_axes");
  }

  /// Returns the name of the group for `axes` of the grid named `grid`:
  /// `<grid>_axes_<a>_<b>...`, or `<grid>_axes_none` without axes.
  static std::string getGroupName(StringRef grid,
                                  ArrayRef<shard::GridAxis> axes);

  /// Returns true if `group` describes the groups of `axes` of `grid`: same
  /// grid, same axes in the same order, the product of their sizes as size,
  /// and no `ranks`.
  static bool describes(ProcessGroupOp group, shard::GridOp grid,
                        ArrayRef<shard::GridAxis> axes);

  /// Returns the group for `axes` of `grid`. On the first request for a pair,
  /// reuses a group of the same name that describes it (see `describes`), or
  /// creates one with `builder` in the symbol table of the grid, after the
  /// grid and the groups created for it before; a name already taken by
  /// another symbol gets a suffix `_1`, `_2`, ... The grid axes must exist
  /// and have static sizes.
  ProcessGroupOp getOrCreate(OpBuilder &builder, shard::GridOp grid,
                             ArrayRef<shard::GridAxis> axes);

  /// Returns the symbol tables the groups are looked up and inserted in.
  SymbolTableCollection &getSymbolTables() { return symbolTables; }

private:
  SymbolTableCollection &symbolTables;
  /// The group of each (grid, axes) pair requested so far; lookup only.
  std::map<std::pair<Operation *, SmallVector<shard::GridAxis>>, ProcessGroupOp>
      groups;
  /// The last group created after each grid; lookup only.
  llvm::DenseMap<Operation *, Operation *> lastCreated;
};

/// Adds the patterns that convert shard collectives into sched ops: all_reduce,
/// all_gather, reduce_scatter, all_to_all, broadcast, gather, reduce,
/// scatter and all_slice. A pattern fails to match (with a reason) on an op it
/// cannot convert; the pass reports those ops before it runs the patterns.
void populateShardToSchedConversionPatterns(RewritePatternSet &patterns,
                                            ShardProcessGroups &groups);

} // namespace sched
} // namespace mlir

#endif // SCHED_CONVERSION_SHARDTOSCHED_SHARDTOSCHED_H
