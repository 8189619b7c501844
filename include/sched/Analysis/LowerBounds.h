//===- LowerBounds.h - proven lower bounds of a block's step ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Lower bounds on the simulated makespan of every order of a block's ops (in
// the model of StreamSimulator.h): the subset bound, which sharpens the
// head-and-tail bound with exact ancestor and descendant sets, and the best
// of all proven bounds. See docs/Analyses.md, "The subset bound", for the
// proof.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_LOWERBOUNDS_H
#define SCHED_ANALYSIS_LOWERBOUNDS_H

#include "sched/Analysis/StreamSimulator.h"

#include <vector>

namespace mlir {
namespace sched {

/// A job of a one-machine problem: released at `release`, it runs for
/// `duration`, after which at least `tail` must pass before the makespan.
struct OneMachineJob {
  double release, duration, tail;
};

/// Returns the makespan (the latest completion plus tail) of Jackson's
/// preemptive schedule of `jobs` (at every instant the released job with the
/// largest tail runs), a lower bound of every schedule of them on one
/// machine. Sorts `jobs`.
double getJacksonBound(std::vector<OneMachineJob> &jobs);

/// The most ops the subset bound handles: it keeps the ancestor set of every
/// op (n^2 / 8 bytes, 8 MiB at this size); larger blocks get 0 from it.
constexpr unsigned kMaxSubsetBoundOps = 8192;

/// Returns the subset bound of `ops` (a valid order, as for `simulate`): no
/// order that keeps the dependences, with any issue order of the
/// collectives, has a smaller makespan. Every op gets a head (a lower bound
/// of when it begins) from the best one-machine schedule of its exact
/// ancestors on each stream (compute ops, and the collectives that end
/// before it), and a tail (a lower bound of the time from its end to the
/// makespan) from the best one-machine schedule of its exact descendants;
/// the bound is the largest of every op's head + own time + tail and of
/// Jackson's preemptive bound of each stream with these heads and tails: for
/// every set of jobs of one stream, what must precede the first, their total
/// time and the least that must follow whichever ends last. Returns 0 for
/// more than kMaxSubsetBoundOps ops; fails where `simulate` would.
/// O(n^2 / 64 + sum over ops of a log a) time, a the number of ancestors
/// and descendants of an op.
FailureOr<double> computeSubsetBound(ArrayRef<SimOp> ops);

/// The per-op bounds the subset bound is made of, for every order that keeps
/// the dependences: `head[i]`, no earlier than which op i begins (a start:
/// is issued), and `tail[i]`, the least time from its end to the makespan
/// (a start: counting its collective).
struct SubsetHeadsAndTails {
  std::vector<double> head, tail;
};

/// Returns the heads and tails of computeSubsetBound; empty vectors for more
/// than kMaxSubsetBoundOps ops; fails where `simulate` would.
FailureOr<SubsetHeadsAndTails> computeSubsetHeadsAndTails(ArrayRef<SimOp> ops);

/// The proven lower bounds of one block.
struct LowerBounds {
  /// The busiest stream and the critical path (SimResult).
  double streamsUs = 0, criticalPathUs = 0;
  /// computeHeadTailBound and computeSubsetBound.
  double headTailUs = 0, subsetUs = 0;

  /// The largest of them: the best proven bound.
  double getBestUs() const;
};

/// Computes every bound of `ops` (a valid order); fails where `simulate`
/// would.
FailureOr<LowerBounds> computeLowerBounds(ArrayRef<SimOp> ops);

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_LOWERBOUNDS_H
