//===- ExactSchedule.h - optimal orders of small blocks ---------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// An exact solver for the orders of a small block in the stream simulator's
// model (StreamSimulator.h): a depth-first branch-and-bound over the
// topological orders of the ops, whose simulated makespan is what the
// schedulers minimise. It prunes with the proven lower bounds of the rest of
// the block (LowerBounds.h) and with dominance (two partial orders of the
// same ops, one no later on every stream and for every collective in
// flight), under a node limit. See docs/Analyses.md, "The exact solver".
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_EXACTSCHEDULE_H
#define SCHED_SCHEDULING_EXACTSCHEDULE_H

#include "sched/Analysis/StreamSimulator.h"

#include <cstdint>
#include <vector>

namespace mlir {
namespace sched {

/// The most ops the exact solver takes (one bit per op in its states).
constexpr unsigned kMaxExactOps = 64;

/// Limits of the search.
struct ExactScheduleOptions {
  /// The most search nodes (partial orders) visited; the search stops
  /// there and keeps the best order found, unproven.
  uint64_t maxNodes = 1000000;
  /// The most partial-order states kept for dominance pruning.
  uint64_t maxStates = 200000;
};

/// The outcome of the exact solver.
struct ExactSchedule {
  /// The best order found: a permutation of the ops' positions.
  std::vector<unsigned> order;
  /// Its simulated makespan.
  double makespanUs = 0;
  /// Whether the search finished within its limits, so that no order of the
  /// ops has a smaller makespan (up to a relative 1e-9).
  bool proven = false;
  /// A proven lower bound of every order: `makespanUs` when proven, else
  /// the best proven bound of the whole block.
  double lowerBoundUs = 0;
  /// Search nodes visited.
  uint64_t nodes = 0;
};

/// Finds an order of `ops` (a valid order, as for `simulate`) of least
/// simulated makespan among all orders that keep the dependences and put
/// every wait after its start, starting from `initialOrder` (a permutation
/// of the positions that keeps them; empty: the given order) as the best
/// known. Fails if `ops` is invalid, has more than kMaxExactOps ops, or
/// `initialOrder` is not such an order.
FailureOr<ExactSchedule>
findExactSchedule(ArrayRef<SimOp> ops, ArrayRef<unsigned> initialOrder = {},
                  const ExactScheduleOptions &options = {});

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_EXACTSCHEDULE_H
