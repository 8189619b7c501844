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
// flight), under a node limit. Given a memory problem of the same steps and
// a byte budget, it only searches the orders whose peak (PeakMemory.h) stays
// within the budget, and bounds them with the memory-aware lower bound. See
// docs/Analyses.md, "The exact solver" and "The memory-aware bound".
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_EXACTSCHEDULE_H
#define SCHED_SCHEDULING_EXACTSCHEDULE_H

#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/StreamSimulator.h"

#include <cstdint>
#include <limits>
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
  /// The buffers of the ops (step i is the op at position i), or none: then
  /// memory is not constrained.
  const MemoryProblem *memory = nullptr;
  /// The most bytes live at any step (with `memory`).
  int64_t memoryBudget = std::numeric_limits<int64_t>::max();
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
  /// With a memory budget: whether an order within it was found (when not,
  /// and `proven`, no order fits; `order` is then empty and `makespanUs` 0).
  bool feasible = true;
  /// With a memory budget: the peak of `order`, and the memory-aware lower
  /// bound (infinity where it proves that no order fits).
  int64_t peakBytes = 0;
  double memoryBoundUs = 0;
};

/// Returns, for each op of `ops`, the ops that must come before it in every
/// order whose peak under `memory` (step i is the op at position i) is at
/// most `budget`: its dependences, the definitions of the buffers it uses,
/// and every op `a` such that running the op before `a` would keep more
/// than `budget` bytes live, all transitively closed (bit i: op i). An op
/// that is its own predecessor proves that no order fits. Fails if `ops`
/// has more than kMaxExactOps ops or `memory` has other steps.
FailureOr<std::vector<uint64_t>>
computeMemoryPredecessors(ArrayRef<SimOp> ops, const MemoryProblem &memory,
                          int64_t budget);

/// The memory-aware lower bound (computeMemoryBound of MemoryBound.h with
/// every round): the best proven bound (LowerBounds.h) of `ops` with the
/// predecessors of computeMemoryPredecessors as dependences, or the
/// memory-limited tail bound if larger, a lower bound of the makespan of
/// every order within `budget`; infinity if no order fits. Fails as
/// computeMemoryPredecessors does.
FailureOr<double> computeMemoryAwareBound(ArrayRef<SimOp> ops,
                                          const MemoryProblem &memory,
                                          int64_t budget);

/// Finds an order of `ops` (a valid order, as for `simulate`) of least
/// simulated makespan among all orders that keep the dependences and put
/// every wait after its start, starting from `initialOrder` (a permutation
/// of the positions that keeps them; empty: the given order) as the best
/// known. With `options.memory`, only orders of peak at most
/// `options.memoryBudget` count, and `initialOrder` is the best known only
/// if it is one. Fails if `ops` is invalid, has more than kMaxExactOps ops,
/// `initialOrder` is not such an order, or the memory problem has other
/// steps.
FailureOr<ExactSchedule>
findExactSchedule(ArrayRef<SimOp> ops, ArrayRef<unsigned> initialOrder = {},
                  const ExactScheduleOptions &options = {});

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_EXACTSCHEDULE_H
