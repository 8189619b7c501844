//===- InFlightCounter.h - collectives of a group in flight -----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The one count of the collectives of each group in flight along an issue
// order, behind every max-in-flight check: sched-schedule-overlap's over a
// ScheduleProblem order, sched-bucket-collectives' and the bucketer's over a
// block, sched-verify-schedule's over each block of a function, loop
// pipelining's over a loop body, the exact order's over simulated ops. A start
// adds one to its group; the end of its window (its wait) takes one away. Which
// ops count as a start or as an end is the caller's, on purpose:
//  - sched-schedule-overlap (findCapExcess) counts groups by index and never
//    counts a start whose wait is not in the block, as the simulation's
//    caps do (StreamClock::issueUnwaited);
//  - sched-bucket-collectives and Bucketing (bucketedExceedsInFlight)
//    count every start of the block and every wait of a start's future
//    (CollectiveInFlightCounter::count), and stop at the first excess;
//  - sched-verify-schedule also ends a window at an op that takes the
//    future on (an scf.for initial value), reports every excess, and counts
//    each nested block on its own with a new counter;
//  - loop pipelining counts the most in flight of a loop body: with the
//    carried futures in flight from the body's start (getMaxInFlight), or
//    without the starts it moves, until a user of the future (capInFlight);
//  - the exact order (ExactOrder.cpp) counts the most in flight of an order
//    of simulated ops, by stream.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_INFLIGHTCOUNTER_H
#define SCHED_ANALYSIS_INFLIGHTCOUNTER_H

#include "sched/Dialect/Sched/IR/SchedInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir {
namespace sched {

/// Counts, along an issue order, the collectives of each group in flight;
/// `GroupT` names a group (an index, a name) and must be a DenseMap key.
/// A group no start has counted has none in flight; an end without its
/// start takes the count below zero, as the callers' own counts did.
template <typename GroupT> class InFlightCounter {
public:
  /// Counts a start of `group`; returns the collectives of `group` in
  /// flight with it (itself included).
  int64_t start(GroupT group) { return ++counts[group]; }
  /// Counts the end of the window of a collective of `group`.
  void end(GroupT group) { --counts[group]; }
  /// Returns the collectives of `group` in flight.
  int64_t get(GroupT group) const { return counts.lookup(group); }

private:
  /// Looked up only, never iterated: the order of the map does not show.
  llvm::DenseMap<GroupT, int64_t> counts;
};

/// Counts the collectives of the IR in flight by the name of their group.
class CollectiveInFlightCounter {
public:
  /// Counts the start `start`; returns the collectives of its group in
  /// flight with it (itself included).
  int64_t start(CollectiveOpInterface start) {
    return counter.start(getGroup(start));
  }
  /// Counts the end of the window of `start`.
  void end(CollectiveOpInterface start) { counter.end(getGroup(start)); }
  /// Counts `op`: a start as `start` does, a `sched.wait` of a collective's
  /// future as the end of that collective's window. Returns, for a start,
  /// the collectives of its group in flight with it; 0 for any other op.
  int64_t count(Operation *op);

private:
  static StringRef getGroup(CollectiveOpInterface start) {
    return start.getGroupAttr().getValue();
  }

  InFlightCounter<StringRef> counter;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_INFLIGHTCOUNTER_H
