//===- MemoryBound.h - lower bounds of the orders within a budget -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The memory-aware lower bound of a block of any size: the orders "x before
// y" that a byte budget forces on every order within it (running y first
// would keep more bytes live than the budget), added to the dependences,
// and the best proven bound (LowerBounds.h) of the block with them. See
// docs/Analyses.md, "The memory-aware bound", for the proof.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_MEMORYBOUND_H
#define SCHED_ANALYSIS_MEMORYBOUND_H

#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/StreamSimulator.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace mlir {
namespace sched {

/// The most ops the memory-aware bound handles (two bit rows per op, 16 MiB
/// at this size); larger blocks get 0 from computeMemoryBound.
constexpr unsigned kMaxMemoryBoundOps = 8192;

/// The rounds computeForcedOrder makes by default: each round finds the
/// pairs that the pairs of the rounds before force; stopping early only
/// finds fewer.
constexpr unsigned kDefaultForcedOrderRounds = 16;

/// The orders a memory budget forces on a block, as direct edges.
struct ForcedOrder {
  /// Whether the budget admits no order at all (a cycle, or an op whose own
  /// buffers exceed it); then `edges` is incomplete.
  bool infeasible = false;
  /// Pairs (before, after) of op positions, beyond the dependences, that
  /// hold in every order of peak at most the budget: the definitions of the
  /// buffers an op uses, and the pairs the budget forces. Sorted, unique.
  std::vector<std::pair<unsigned, unsigned>> edges;
  /// How many of `edges` the budget forces (the others are definitions
  /// before uses).
  unsigned budgetPairs = 0;
  /// Rounds made.
  unsigned rounds = 0;
};

/// Returns the orders that every order of `ops` (a valid order, as for
/// `simulate`) whose peak under `memory` (step i is the op at position i)
/// is at most `budget` keeps: starting from the dependences, every pair
/// "a before b" such that running b before a would keep more than `budget`
/// bytes live while b runs, given the pairs known, in up to `maxRounds`
/// rounds. Fails if `ops` is invalid, `memory` has other steps or a buffer
/// names a step out of range, or `ops` has more than kMaxMemoryBoundOps
/// ops. O(rounds (n e_words + n buffers + sum over the ops b near the
/// budget of n times the buffers live across b)).
FailureOr<ForcedOrder>
computeForcedOrder(ArrayRef<SimOp> ops, const MemoryProblem &memory,
                   int64_t budget,
                   unsigned maxRounds = kDefaultForcedOrderRounds);

/// Returns `ops` with the pairs of `forced` (feasible) added to their
/// dependences, renumbered in a topological order (the least position
/// first); `newPos`, if given, receives the new position of every op.
std::vector<SimOp> withForcedOrder(ArrayRef<SimOp> ops,
                                   const ForcedOrder &forced,
                                   std::vector<unsigned> *newPos = nullptr);

/// The memory-aware bounds of a block within a budget.
struct MemoryAwareBound {
  /// The best proven bound of the block with the forced orders as
  /// dependences (infinity: no order fits).
  double orderUs = 0;
  /// The memory-limited tail bound: for each collective, the compute that
  /// must run before it issues, given the most compute that the budget lets
  /// run after it.
  double tailUs = 0;
  /// The memory-limited head bound: for an op, the compute that must run
  /// after it begins, given the most compute that the budget lets run
  /// before it (docs/Analyses.md).
  double headUs = 0;
  /// Orders the budget forces beyond the dependences and definitions.
  unsigned budgetPairs = 0;

  double getBestUs() const { return std::max({orderUs, tailUs, headUs}); }
};

/// Computes the three memory-aware bounds of `ops` within `budget`; fails as
/// computeForcedOrder does.
FailureOr<MemoryAwareBound>
computeMemoryAwareBounds(ArrayRef<SimOp> ops, const MemoryProblem &memory,
                         int64_t budget,
                         unsigned maxRounds = kDefaultForcedOrderRounds);

/// The memory-aware bound: the best proven bound (computeLowerBounds) of
/// `ops` with the orders of computeForcedOrder as dependences, a lower
/// bound of the makespan of every order of peak at most `budget`; infinity
/// if no order fits; 0 for more than kMaxMemoryBoundOps ops. Fails as
/// computeForcedOrder does (but for the size).
FailureOr<double>
computeMemoryBound(ArrayRef<SimOp> ops, const MemoryProblem &memory,
                   int64_t budget,
                   unsigned maxRounds = kDefaultForcedOrderRounds);

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_MEMORYBOUND_H
