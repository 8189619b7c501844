//===- SimOpBuilders.h - SimOp programs for unit tests ----------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Builders of simulator inputs (compute, starts, waits), the makespan of an
// order, and the brute-force best order, shared by the simulator, bound and
// exact-solver tests.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_UNITTESTS_ANALYSIS_SIMOPBUILDERS_H
#define SCHED_UNITTESTS_ANALYSIS_SIMOPBUILDERS_H

#include "sched/Analysis/StreamSimulator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace mlir {
namespace sched {
namespace unittest {

/// A compute op of `us` microseconds after `deps`.
inline SimOp run(double us, SmallVector<unsigned, 2> deps = {}) {
  SimOp op;
  op.kind = SimOp::Kind::Compute;
  op.durationUs = us;
  op.deps = deps;
  return op;
}

/// A collective start of `us` microseconds on `stream` after `deps`.
inline SimOp startOn(double us, unsigned stream = 0,
                     SmallVector<unsigned, 2> deps = {}) {
  SimOp op;
  op.kind = SimOp::Kind::Start;
  op.durationUs = us;
  op.stream = stream;
  op.deps = deps;
  return op;
}

/// The wait of the start at position `startPos`.
inline SimOp waitOn(unsigned startPos) {
  SimOp op;
  op.kind = SimOp::Kind::Wait;
  op.start = startPos;
  op.deps = {startPos};
  return op;
}

/// Simulates `ops` in the order `order` (positions into `ops`); a failed
/// simulation fails the test and gives infinity.
inline double makespanOf(ArrayRef<SimOp> ops, ArrayRef<unsigned> order) {
  FailureOr<SimResult> result = simulate(ops, order);
  EXPECT_TRUE(succeeded(result));
  return succeeded(result) ? result->makespanUs
                           : std::numeric_limits<double>::infinity();
}

/// What each op must follow: its dependences and, for a wait, its start.
inline std::vector<SmallVector<unsigned, 4>> predecessors(ArrayRef<SimOp> ops) {
  std::vector<SmallVector<unsigned, 4>> preds(ops.size());
  for (auto [pos, op] : llvm::enumerate(ops)) {
    preds[pos].append(op.deps.begin(), op.deps.end());
    if (op.kind == SimOp::Kind::Wait)
      preds[pos].push_back(op.start);
  }
  return preds;
}

/// The smallest makespan over every order of `ops` that keeps the
/// dependences (and that `accept`, if given, accepts); infinity if none.
inline double bestMakespanOverOrders(
    ArrayRef<SimOp> ops,
    llvm::function_ref<bool(ArrayRef<unsigned>)> accept = nullptr) {
  unsigned n = ops.size();
  std::vector<SmallVector<unsigned, 4>> preds = predecessors(ops);
  std::vector<bool> placed(n, false);
  std::vector<unsigned> order;
  double best = std::numeric_limits<double>::infinity();
  auto search = [&](auto &self) -> void {
    if (order.size() == n) {
      if (!accept || accept(order))
        best = std::min(best, makespanOf(ops, order));
      return;
    }
    for (unsigned pos = 0; pos < n; ++pos) {
      if (placed[pos] ||
          llvm::any_of(preds[pos], [&](unsigned p) { return !placed[p]; }))
        continue;
      placed[pos] = true;
      order.push_back(pos);
      self(self);
      order.pop_back();
      placed[pos] = false;
    }
  };
  search(search);
  return best;
}

} // namespace unittest
} // namespace sched
} // namespace mlir

#endif // SCHED_UNITTESTS_ANALYSIS_SIMOPBUILDERS_H
