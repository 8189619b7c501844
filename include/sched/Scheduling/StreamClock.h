//===- StreamClock.h - simulated time of a partial schedule -----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The simulated time a list scheduler keeps while it places steps, with the
// rules of the stream simulator (StreamSimulator.h, and the `step` of
// IncrementalSimulation): compute runs on the compute stream; a start issues
// its collective on its group's stream, which runs one collective at a time
// in issue order, no earlier than now; a wait blocks the compute stream
// until its collective ends.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_STREAMCLOCK_H
#define SCHED_SCHEDULING_STREAMCLOCK_H

#include <deque>
#include <vector>

namespace mlir {
namespace sched {

/// The compute stream's time, and each group's collectives in flight.
class StreamClock {
public:
  /// A clock at time 0 for `numSteps` steps and `numGroups` groups.
  StreamClock(unsigned numSteps, unsigned numGroups)
      : streamFree(numGroups, 0), collectiveEnd(numSteps, 0),
        inFlight(numGroups) {}

  /// The compute stream's time, in microseconds.
  double now() const { return nowUs; }
  /// Runs compute of `durationUs` on the compute stream.
  void compute(double durationUs) { nowUs += durationUs; }
  /// Issues the collective of the start at `step` on `group`: it begins
  /// when the group's stream is free, not before now, and runs
  /// `durationUs`.
  void issue(unsigned step, unsigned group, double durationUs);
  /// Waits for the collective of the start at `start` on `group`, the
  /// oldest in flight there: now becomes at least its end.
  void wait(unsigned start, unsigned group);
  /// When the collective of the start at `step` ends (0 if not issued).
  double getEnd(unsigned step) const { return collectiveEnd[step]; }
  /// The starts of `group` in flight, oldest first.
  const std::deque<unsigned> &getInFlight(unsigned group) const {
    return inFlight[group];
  }
  /// The in-flight starts of every group, by group.
  const std::vector<std::deque<unsigned>> &getAllInFlight() const {
    return inFlight;
  }

private:
  double nowUs = 0;
  std::vector<double> streamFree, collectiveEnd;
  std::vector<std::deque<unsigned>> inFlight;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_STREAMCLOCK_H
