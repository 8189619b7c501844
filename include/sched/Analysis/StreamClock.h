//===- StreamClock.h - simulated time of the streams ------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The one per-stream clock of sched, with the rules of the stream simulator
// (StreamSimulator.h): compute runs on the compute stream; a start issues
// its collective on its group's stream, which runs one collective at a time
// in issue order, no earlier than now; a wait blocks the compute stream
// until its collective ends.
//
// StreamTimes holds just the times (now, and when each group's stream is
// free) and applies the rules; `simulate`, IncrementalSimulation (whose
// checkpoints copy it) and StreamClock all advance time with it. StreamClock
// adds what a list scheduler asks of a partial schedule: when each issued
// collective ends, each group's collectives in flight and their bytes, and
// the in-flight caps (a count and bytes per group: setCaps, isFull).
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_STREAMCLOCK_H
#define SCHED_ANALYSIS_STREAMCLOCK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

namespace mlir {
namespace sched {

/// The compute stream's time and when each group's stream is free, in
/// microseconds. Copyable without allocating for a few groups.
struct StreamTimes {
  /// The compute stream's time.
  double nowUs = 0;
  /// When each group's stream is free.
  llvm::SmallVector<double, 4> streamFreeUs;

  /// Runs compute of `durationUs` on the compute stream.
  void compute(double durationUs) { nowUs += durationUs; }
  /// Issues a collective of `durationUs` on `group`: it begins when the
  /// group's stream is free, not before now. A group not seen yet is added,
  /// free now. Returns its begin and end.
  std::pair<double, double> issue(unsigned group, double durationUs) {
    if (group >= streamFreeUs.size())
      streamFreeUs.resize(group + 1, nowUs);
    double begin = std::max(nowUs, streamFreeUs[group]);
    double end = begin + durationUs;
    streamFreeUs[group] = end;
    return {begin, end};
  }
  /// Blocks the compute stream until `endUs`, a collective's end; returns
  /// how long it waited (0 if the collective has ended).
  double waitUntil(double endUs) {
    if (endUs <= nowUs)
      return 0;
    double waited = endUs - nowUs;
    nowUs = endUs;
    return waited;
  }
  /// The time the last stream is done: now, or later if a collective is
  /// still running.
  double getMakespan() const {
    double makespan = nowUs;
    for (double free : streamFreeUs)
      makespan = std::max(makespan, free);
    return makespan;
  }
};

/// The streams' times of a partial schedule, with each group's collectives
/// in flight (and their bytes) and the in-flight caps of the groups.
class StreamClock {
public:
  /// A clock at time 0 for `numSteps` steps and `numGroups` groups, without
  /// in-flight caps.
  StreamClock(unsigned numSteps, unsigned numGroups)
      : collectiveEnd(numSteps, 0), issuedBytes(numSteps, 0),
        inFlight(numGroups), inFlightBytes(numGroups, 0) {
    times.streamFreeUs.assign(numGroups, 0);
  }

  /// Sets the in-flight caps: at most `maxCount` collectives per group, and
  /// at most `maxBytes[group]` bytes of collectives in flight on a group (an
  /// entry of 0, or a group past the end of `maxBytes`: no byte cap).
  void setCaps(int64_t maxCount, llvm::ArrayRef<int64_t> maxBytes) {
    capCount = maxCount;
    capBytes.assign(maxBytes.begin(), maxBytes.end());
  }
  /// Whether `group` cannot take one more collective of `bytes` now: it has
  /// the cap's count in flight, or its collectives in flight and this one
  /// would be more than its byte cap (a collective alone on its group is
  /// never over the byte cap, so a larger one still goes).
  bool isFull(unsigned group, int64_t bytes) const {
    if (static_cast<int64_t>(inFlight[group].size()) >= capCount)
      return true;
    int64_t cap = group < capBytes.size() ? capBytes[group] : 0;
    return cap > 0 && !inFlight[group].empty() &&
           inFlightBytes[group] > cap - bytes;
  }

  /// The compute stream's time, in microseconds.
  double now() const { return times.nowUs; }
  /// Runs compute of `durationUs` on the compute stream.
  void compute(double durationUs) { times.compute(durationUs); }
  /// Issues the collective of the start at `step` on `group`: it begins
  /// when the group's stream is free, not before now, and runs
  /// `durationUs`; `bytes` count against the group's byte cap until its
  /// wait.
  void issue(unsigned step, unsigned group, double durationUs,
             int64_t bytes = 0);
  /// Issues the collective of the start at `step` like `issue`, for a start
  /// whose wait is not among the steps (its future leaves the block: a loop's
  /// carried future, one yielded or passed to a loop): it occupies the
  /// stream, but it is never in flight for the caps and never holds back
  /// the waits of the group's later collectives.
  void issueUnwaited(unsigned step, unsigned group, double durationUs);
  /// Waits for the collective of the start at `start` on `group`, the
  /// oldest in flight there: now becomes at least its end.
  void wait(unsigned start, unsigned group);
  /// When the collective of the start at `step` ends (0 if not issued).
  double getEnd(unsigned step) const { return collectiveEnd[step]; }
  /// The starts of `group` in flight, oldest first.
  const std::deque<unsigned> &getInFlight(unsigned group) const {
    return inFlight[group];
  }
  /// The bytes of the collectives of `group` in flight.
  int64_t getInFlightBytes(unsigned group) const {
    return inFlightBytes[group];
  }
  /// The in-flight starts of every group, by group.
  const std::vector<std::deque<unsigned>> &getAllInFlight() const {
    return inFlight;
  }

private:
  StreamTimes times;
  std::vector<double> collectiveEnd;
  std::vector<int64_t> issuedBytes;
  std::vector<std::deque<unsigned>> inFlight;
  std::vector<int64_t> inFlightBytes;
  int64_t capCount = INT64_MAX;
  std::vector<int64_t> capBytes;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_STREAMCLOCK_H
