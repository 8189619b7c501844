//===- ExactOrder.h - the exact solver's order in sched-pipeline -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The last step of sched-pipeline's search on small bodies: the exact solver
// (sched/Scheduling/ExactSchedule.h) orders the body the kept variant left,
// within the memory limit the variants were judged by, and the search takes
// its order where it is strictly faster (docs/passes/Pipeline.md, "The exact
// order"). Internal to sched-pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_DIALECT_SCHED_TRANSFORMS_EXACTORDER_H
#define SCHED_LIB_DIALECT_SCHED_TRANSFORMS_EXACTORDER_H

#include "sched/Analysis/CostModel.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace sched {

/// What the exact order must keep.
struct ExactOrderLimits {
  /// Bodies of at most this many ops (the terminator included) are solved.
  int64_t maxOps = 0;
  /// The most search nodes of the solver.
  int64_t maxNodes = 1;
  /// The most bytes live at once.
  int64_t memoryLimit = 0;
  /// The most collectives of one group in flight at once (0: no cap).
  int64_t maxInFlight = 0;
  /// Each group's collectives start in their current order.
  bool keepCollectiveOrder = false;
};

/// The exact solver's order of a body, or why there is none.
struct ExactOrderProposal {
  /// The ops of the body in the solver's order, the terminator last; empty
  /// if the solver was not run or found no order faster than the body's.
  SmallVector<Operation *> order;
  /// Why `order` is empty, in words ("not tried: ...", "not faster: ...").
  std::string whyNot;
  /// The block simulation's makespan of the current order and of `order`.
  double currentUs = 0, exactUs = 0;
  /// Search nodes visited, and whether the solver proved its order optimal.
  uint64_t nodes = 0;
  bool proven = false;
};

/// Solves the body of `func` (one block, no loops or branches) exactly with
/// `model`'s costs (contention left out, as the solver's clock has none)
/// under `limits`. Fails, after an error, only if the body cannot be
/// simulated.
FailureOr<ExactOrderProposal> proposeExactOrder(func::FuncOp func,
                                                const CostModel &model,
                                                const ExactOrderLimits &limits);

/// Moves the ops of `block` into `order` (all of its ops, the terminator
/// last).
void applyOpOrder(Block &block, ArrayRef<Operation *> order);

} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_DIALECT_SCHED_TRANSFORMS_EXACTORDER_H
