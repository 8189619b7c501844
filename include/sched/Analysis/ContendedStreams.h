//===- ContendedStreams.h - streams of a contended simulation ---*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The clock and communication streams of a simulation with contention
// (docs/CostModel.md, "Contention"): between two events (a compute op or a
// collective ending) the running compute op and the collectives in flight
// advance at constant rates. simulateWithContention drives it over one
// order; the pipeline simulation drives one per stage.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_CONTENDEDSTREAMS_H
#define SCHED_ANALYSIS_CONTENDEDSTREAMS_H

#include "sched/Analysis/StreamSimulator.h"

#include <deque>
#include <limits>
#include <vector>

namespace mlir {
namespace sched {

/// The communication streams and clock of a contended simulation. Rows of
/// the collectives it runs are appended to a SimResult, whose busy times and
/// contention charges it adds to.
class ContendedStreams {
public:
  /// Runs the collectives of the starts of `ops` on `streams` streams,
  /// appending their rows to `result`, which must outlive it.
  ContendedStreams(ArrayRef<SimOp> ops, SimResult &result, unsigned streams)
      : ops(ops), result(result), queues(streams) {}

  /// Issues the collective of the start at `pos` now; returns its row.
  unsigned issue(unsigned pos);
  /// Runs a compute op of `workUs` solo microseconds, with the streams
  /// beside it, until it ends.
  void runCompute(double workUs);
  /// Runs the streams alone until collective `row` has ended.
  void runUntilEnded(unsigned row);
  /// Runs the streams alone until every collective has ended.
  void drain();
  /// Runs the streams alone until `untilUs` (no earlier than now).
  void runAloneUntil(double untilUs);
  /// Returns whether collective `row` has ended.
  bool hasEnded(unsigned row) const { return ended[row]; }
  /// Returns whether a collective is in flight or queued.
  bool isBusy() const;

  /// The simulated time, in microseconds.
  double nowUs = 0;

private:
  /// A collective issued and not ended, with its solo work left.
  struct Pending {
    unsigned row;
    double workUs;
  };
  /// Advances the clock, with the compute stream idle, to the next end of a
  /// collective in flight, or to `limitUs` if that comes first.
  void runAlone(double limitUs = std::numeric_limits<double>::infinity());
  /// Ends the collectives in flight with no work left, and begins the next
  /// one of each stream.
  void endFinished();

  ArrayRef<SimOp> ops;
  SimResult &result;
  std::vector<std::deque<Pending>> queues;
  std::vector<bool> ended;
};
} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_CONTENDEDSTREAMS_H
