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

#include "sched/Scheduling/ListEngine.h"
#include "sched/Scheduling/ScheduleProblem.h"

#include <cstdint>
#include <set>
#include <tuple>
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

/// The priority of the list scheduler: compute in input order, except that
/// cheap ops on the way to a start (its prologue: casts, flattening; ops
/// that take no time and do not grow memory) go first; a start by the input
/// position of the first op that needs its result (through the wait), then
/// its own position, or its own position if its wait frees memory (a
/// reduce_scatter whose input dies at the wait).
class StartEarlyPriority : public PriorityPolicy {
public:
  explicit StartEarlyPriority(const ScheduleProblem &problem);
  PriorityKey getComputeKey(unsigned step) const override {
    return {!prologue[step], step};
  }
  PriorityKey getStartKey(unsigned start) const override;
  /// Whether the step at `step` is a prologue op.
  bool isPrologue(unsigned step) const { return prologue[step]; }
  /// Whether the wait of the start at `start` frees memory.
  bool freesMemory(unsigned start) const { return frees[start]; }

private:
  std::vector<unsigned> need;
  std::vector<bool> frees, prologue;
};

/// The deferral of the list scheduler. The next collective whose start
/// still waits for compute (the target: the first such start in input
/// order) can only hide behind compute that it does not need: the ready
/// compute that feeds it runs first, and the other ready compute once it is
/// issued. Where no feeder is ready, the first ready op that ends before
/// the collective gating the target runs, or the compute stream waits for
/// that collective when that exposes less. Memory: an op placed ahead of
/// the input order must fit the window (MemoryWindow.h); if none fits, a
/// wait or a held-back start is placed instead.
class FeederFirstDeferral : public DeferralPolicy {
public:
  FeederFirstDeferral(const ScheduleProblem &problem,
                      const StartEarlyPriority &priority);
  void onReady(unsigned step) override;
  void onPlaced(unsigned step) override;
  void runCompute(ListEngine &engine) override;
  /// Adds the deferral counts and the memory flags to `schedule`.
  void report(ListSchedule &schedule) const;

private:
  /// The first start in input order that still waits for compute, or n.
  unsigned firstWaitingStart(const ListEngine &engine);
  /// Sets `preferred` to the first ready op that ends before the collective
  /// gating `target` does, or places that collective's wait when that idles
  /// the compute stream for less than `target` would be exposed (returns
  /// true then).
  bool holdBackForGating(ListEngine &engine, unsigned first, unsigned target,
                         unsigned &preferred);
  /// Whether compute `step`, charged `ahead` bytes, fits the budget (now
  /// too unless it is `first`).
  bool computeFits(const ListEngine &engine, unsigned step, unsigned first,
                   int64_t ahead) const;
  /// Nothing fits the budget: places a wait, or a start held back, and
  /// returns true; or returns false (the first op runs).
  bool placeInsteadOfCompute(ListEngine &engine);

  const ScheduleProblem &p;
  const StartEarlyPriority &priority;
  unsigned n;
  /// feeds[step]: the first start (input position) reachable from the step.
  std::vector<unsigned> feeds;
  /// Index in p.getStarts() of the first waiting start.
  unsigned waiting = 0;
  std::set<std::tuple<unsigned, bool, unsigned>> readyByFeed;
  std::vector<bool> deferred, deferredFor, memoryLimited, aheadRefused;
  unsigned numHeldBack = 0;
  double heldBackUs = 0;
};

/// Runs the list scheduler (the engine with StartEarlyPriority and
/// FeederFirstDeferral, no gather cap) on `problem` with `maxInFlight`
/// collectives per group, at most `maxInFlightBytes[group]` bytes of
/// collectives in flight on a group (EngineOptions::maxInFlightBytes: empty
/// or 0 is no byte cap) and a live-memory limit of `budget` bytes. With
/// `keepOrder` starts are issued in their input order; otherwise the ready
/// start whose result is needed first goes first. The terminator stays last.
/// Deterministic: every tie goes to the lower step. An order shorter than the
/// problem means the scheduler could not place every step (the caller checks).
ListSchedule scheduleList(const ScheduleProblem &problem, int64_t maxInFlight,
                          int64_t budget, bool keepOrder,
                          llvm::ArrayRef<int64_t> maxInFlightBytes = {});

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_LISTSCHEDULER_H
