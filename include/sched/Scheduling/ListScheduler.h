//===- ListScheduler.h - start early, wait late ------------------*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The first strategy of sched-schedule-overlap: a list scheduler in
// simulated time that keeps compute in input order, issues collectives as
// early as the in-flight cap and the memory budget allow, and places waits
// as late as their first use. Deferral: the compute that feeds the next
// waiting collective runs first, the rest hides it.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_LISTSCHEDULER_H
#define SCHED_SCHEDULING_LISTSCHEDULER_H

#include "sched/Scheduling/ScheduleProblem.h"

#include <cstdint>
#include <vector>

namespace mlir {
namespace sched {

/// The result of the list scheduler.
struct ListSchedule {
  /// A permutation of the steps (all of them if the scheduler succeeded).
  std::vector<unsigned> order;
  /// Per step; meaningful for starts.
  std::vector<ScheduleDelay> delays;
  /// Compute ops deferred until a collective that does not need them could
  /// start, and those collectives.
  unsigned numDeferred = 0, numDeferredFor = 0;
  double deferredUs = 0;
  /// Times the compute stream waited for a collective rather than start
  /// compute that hides the next one, and the time it waited.
  unsigned numHeldBack = 0;
  double heldBackUs = 0;
  /// Per step; for starts: compute that feeds it was not run early because
  /// of the memory budget, and compute was not run while it was in flight
  /// because running it that early would go over the budget.
  std::vector<bool> memoryLimited, aheadRefused;
};

/// Runs the list scheduler on `problem` with `maxInFlight` collectives per
/// group, at most `maxInFlightBytes[group]` bytes of collectives in flight on
/// a group (StreamClock::setCaps: empty or 0 is no byte cap) and a
/// live-memory limit of `budget` bytes. With `keepOrder` starts
/// are issued in their input order; otherwise the ready start whose result
/// is needed first goes first. The terminator stays last. Deterministic:
/// every tie goes to the lower step. An order shorter than the problem
/// means the scheduler could not place every step (the caller checks).
ListSchedule scheduleList(const ScheduleProblem &problem, int64_t maxInFlight,
                          int64_t budget, bool keepOrder,
                          llvm::ArrayRef<int64_t> maxInFlightBytes = {});

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_LISTSCHEDULER_H
