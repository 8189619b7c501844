//===- ListEngine.h - one list-scheduling engine, pluggable policies -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The list-scheduling loop in simulated time that both strategies of
// sched-schedule-overlap run (ListScheduler.h, CriticalPathScheduler.h):
// one state machine over a ScheduleProblem, a MemoryWindow and a
// StreamClock, with the decisions that differ between strategies made by
// policies:
//
// * a PriorityPolicy orders the ready compute ops and the ready starts;
// * a DeferralPolicy places a step when the compute stream is free (which
//   ready op runs, or which wait or start memory calls for first);
// * a GatherCap (optional) holds back shared starts (weight gathers);
// * the in-flight cap (a count per group and, optionally, bytes per group:
//   StreamClock::setCaps) is one engine function, hasFreeSlot;
// * EngineRules choose the tie-breaks and fallbacks of the loop.
//
// Each iteration of the loop places one step, the first that applies:
//   1. a wait whose collective has ended (free; it frees memory and a slot);
//   2. the best ready start that the in-flight cap, the gather cap and the
//      budget allow;
//   3. with compute ready, what the deferral policy places;
//   4. the wait whose collective ends first;
//   5. a start held back by the budget (the fallback of EngineRules).
// The terminator is placed last. Deterministic: keys and ties are step or
// group numbers, never pointers or hashes.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_LISTENGINE_H
#define SCHED_SCHEDULING_LISTENGINE_H

#include "sched/Analysis/StreamClock.h"
#include "sched/Scheduling/MemoryWindow.h"
#include "sched/Scheduling/ScheduleProblem.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

namespace mlir {
namespace sched {

class ListEngine;

/// The order of ready steps under a priority: the lower key goes first.
using PriorityKey = std::pair<unsigned, unsigned>;

/// What the engine runs first among the ready compute ops and the ready
/// starts. Keys must not change while a step is ready.
class PriorityPolicy {
public:
  virtual ~PriorityPolicy();
  /// The key of the ready compute op at `step`.
  virtual PriorityKey getComputeKey(unsigned step) const = 0;
  /// The key of the ready start at `start` (not asked with keepOrder, where
  /// the key is the start's input position).
  virtual PriorityKey getStartKey(unsigned start) const = 0;
};

/// What the engine places when the compute stream is free and some compute
/// is ready: a ready op (the deferral decision: which op runs now and which
/// waits to hide a later collective), or a wait or a start that memory
/// calls for first.
class DeferralPolicy {
public:
  virtual ~DeferralPolicy();
  /// The compute op at `step` became ready.
  virtual void onReady(unsigned step) {}
  /// The compute op at `step` was placed.
  virtual void onPlaced(unsigned step) {}
  /// Places exactly one step with `engine.place` (some compute is ready).
  virtual void runCompute(ListEngine &engine) = 0;
};

/// No limit on the weight gathers issued ahead.
constexpr unsigned kNoGatherCap = ~0u;

/// The gather cap: a shared start (one that depends on no compute op: a
/// weight gather) is held back while `cap` shared starts are issued whose
/// wait or one of the wait's users (the terminator aside) is not placed
/// yet. Counts the most such starts at once, with or without a cap.
class GatherCap {
public:
  /// Finds the shared starts of `problem`.
  GatherCap(const ScheduleProblem &problem, unsigned cap);
  /// Whether the start at `start` is shared.
  bool isShared(unsigned start) const { return shared[start]; }
  /// Whether a shared start must wait now.
  bool isCapped() const { return outstanding >= cap; }
  /// Counts the shared start at `start` issued.
  void issued(unsigned start);
  /// Counts the uses of shared starts' waits (or the wait itself) by the
  /// step at `step`, just placed.
  void placed(unsigned step);
  /// The most shared starts outstanding at once.
  unsigned getMaxAhead() const { return maxAhead; }

private:
  const ScheduleProblem &p;
  unsigned cap;
  std::vector<bool> shared;
  /// Per shared start issued: its wait and the wait's users not placed yet.
  std::vector<unsigned> pendingUses;
  unsigned outstanding = 0, maxAhead = 0;
};

/// The tie-breaks and fallbacks of the engine's loop.
struct EngineRules {
  /// Among waits that may be placed, ties (ended waits; waits of the same
  /// end time) go to the lower wait step, or else to the lower group.
  bool waitTiesByStep = false;
  /// A ready start before the memory frontier (overdue: the ops after it in
  /// input order may wait for it) goes first in its group.
  bool overdueFirst = false;
  /// A start fits the budget only if the window before it holds its bytes
  /// even when it allocates nothing; otherwise MemoryWindow::fits.
  bool strictStartWindow = false;
  /// Step 5: a start within the in-flight cap first, recording delays; or
  /// else any start, recording none.
  bool forceWithinCapFirst = false;
  /// Step 2 (not with keepOrder): a ready start is held back while its
  /// group's stream is busy and one of the first kLookaheadOps ready compute
  /// ops by key, done before the stream frees, is the last missing
  /// predecessor of a start of the group with a lower key: run first, that
  /// op lets the more urgent start queue ahead on the stream instead of
  /// behind (hasUrgentStartBehind).
  bool holdForUrgentStart = false;
  /// Step 3 (the look-ahead on deferral): with compute ready, a wait whose
  /// collective ends while the first ready compute op by key would still
  /// run, and whose placement makes a start ready, is placed first (the
  /// compute stream idles until the collective ends) where that finishes
  /// sooner by the estimate of getLookaheadWait; where one of the first
  /// kLookaheadOps ready ops by key ends before that collective, it runs
  /// instead (it fills the time without delaying the start).
  bool waitForUnblockedStart = false;
};

/// The ready compute ops that EngineRules::holdForUrgentStart looks at.
constexpr unsigned kLookaheadOps = 8;

/// What the engine is run with.
struct EngineOptions {
  EngineOptions() = default;
  EngineOptions(int64_t maxInFlight, int64_t budget, bool keepOrder)
      : maxInFlight(maxInFlight), budget(budget), keepOrder(keepOrder) {}

  /// Collectives in flight per group.
  int64_t maxInFlight = 1;
  /// Bytes of collectives in flight per group, by group (a collective counts
  /// ScheduleProblem::getCollectiveBytes; empty, an entry of 0 or a group
  /// past the end: no byte cap; a collective alone on its group always goes).
  std::vector<int64_t> maxInFlightBytes;
  /// The live-memory limit in bytes.
  int64_t budget = 0;
  /// Starts are issued in their input order.
  bool keepOrder = false;
  EngineRules rules;
};

/// One run of the list-scheduling loop over a problem.
class ListEngine {
public:
  /// An engine with nothing placed. `gatherCap` may be null (no shared
  /// starts); the policies and the gather cap must outlive the engine.
  ListEngine(const ScheduleProblem &problem, const EngineOptions &options,
             const PriorityPolicy &priority, DeferralPolicy &deferral,
             GatherCap *gatherCap = nullptr);

  /// Places every step it can; returns the order (shorter than the problem
  /// where the loop could place no step, which a valid input order cannot
  /// cause; the caller checks).
  std::vector<unsigned> run();

  /// Places the step at `step` (ready, not the terminator): charges the
  /// window, advances memory and the clock, and makes its successors ready.
  void place(unsigned step);

  /// The in-flight cap: whether `group` may issue the collective of the
  /// start at `start` now (the count cap, and the group's byte cap with the
  /// start's ScheduleProblem::getCollectiveBytes).
  bool hasFreeSlot(unsigned group, unsigned start) const;
  /// The best ready start that may be issued now (the next in input order
  /// with keepOrder), ignoring the in-flight and gather caps unless
  /// `respectCap` and the budget unless `respectBudget`; the problem's size
  /// if there is none. With `record`, starts held back get their delay.
  unsigned selectStart(bool respectCap, bool respectBudget, bool record);
  /// The wait that may be placed on `group`: that of its oldest collective
  /// in flight, once ready; or the problem's size.
  unsigned getPlaceableWait(unsigned group) const;
  /// The placeable wait, among those `filter` accepts, whose collective
  /// ends first (ties by EngineRules); or the problem's size.
  unsigned getEarliestWait(function_ref<bool(unsigned)> filter) const;
  /// The placeable wait whose collective has ended (ties by EngineRules),
  /// or the problem's size.
  unsigned getEndedWait() const;
  /// EngineRules::waitForUnblockedStart, with compute ready: the step to
  /// place before the deferral policy runs, or the problem's size. Let C be
  /// the first ready compute op by key, ending at now + d. For each
  /// placeable wait W whose collective ends at e, now < e < now + d, and
  /// that is the last missing predecessor of a start S: a ready op (of the
  /// first kLookaheadOps by key) that ends by e and fits the budget is
  /// returned first, if any; otherwise W, where waiting is estimated to
  /// finish sooner. The estimate of finishing after C then S, or after W,
  /// S and C: the larger of S's issue (no earlier than its group's stream
  /// frees) plus S's bottom level, and the compute stream's time (now, or
  /// e) plus the compute not placed yet. The wait that gains most, ties to
  /// the lower group.
  unsigned getLookaheadStep() const;

  const ScheduleProblem &getProblem() const { return p; }
  const EngineOptions &getOptions() const { return options; }
  const MemoryWindow &getMemory() const { return memory; }
  const StreamClock &getClock() const { return clock; }
  /// The steps placed so far, in order.
  ArrayRef<unsigned> getOrder() const { return order; }
  /// Per step: why a start was issued later than it was ready.
  ArrayRef<ScheduleDelay> getDelays() const { return delays; }
  /// Takes the delays (after run).
  std::vector<ScheduleDelay> takeDelays() { return std::move(delays); }
  /// The unplaced predecessors of `step` (a wait's start included).
  unsigned getMissing(unsigned step) const { return missing[step]; }
  /// The ready compute ops, by priority key.
  const std::set<PriorityKey> &getReadyCompute() const { return readyCompute; }
  /// Whether the wait at `wait` is ready (its start issued, its other
  /// predecessors placed) and not placed.
  bool isWaitReady(unsigned wait) const { return waitReady[wait]; }

private:
  /// The key of the ready start at `start`.
  PriorityKey startKey(unsigned start) const;
  /// Whether the start at `start` fits the budget now.
  bool startFits(unsigned start) const;
  /// EngineRules::holdForUrgentStart: whether a ready compute op would make
  /// a start of `group` with a lower key than `start`'s ready before the
  /// group's stream frees.
  bool hasUrgentStartBehind(unsigned group, unsigned start) const;
  /// Whether the wait `a` goes before `b` on a tie.
  bool waitTieBefore(unsigned a, unsigned b) const;
  /// The start `group` offers: its best ready start, a shared one only if
  /// the gather cap allows, an overdue one first (EngineRules).
  unsigned groupCandidate(unsigned group, bool respectCap, bool record);
  /// The fallback of step 5 (EngineRules::forceWithinCapFirst).
  unsigned selectForcedStart();
  void makeReady(unsigned step);
  /// Removes the start at `start`, just issued, from the ready sets.
  void removeReadyStart(unsigned start);
  /// One iteration of the loop; false if nothing can be placed.
  bool placeNext();

  const ScheduleProblem &p;
  EngineOptions options;
  const PriorityPolicy &priority;
  DeferralPolicy &deferral;
  GatherCap *gatherCap;
  unsigned n, terminator, numGroups;
  std::vector<unsigned> order;
  std::vector<ScheduleDelay> delays;
  std::vector<unsigned> missing;
  MemoryWindow memory;
  StreamClock clock;
  /// keepOrder: the index of the next start to issue.
  unsigned nextInOrder = 0;
  std::set<PriorityKey> readyCompute;
  /// Per group: the ready starts that are not shared, and the shared ones,
  /// by key; all ready starts by step (for overdue starts).
  std::vector<std::set<PriorityKey>> readyStarts, readyShared;
  std::vector<std::set<unsigned>> readyStartsByStep;
  std::vector<bool> waitReady;
  /// EngineRules::waitForUnblockedStart: the bottom levels
  /// (computeBottomLevels) and the compute time not placed yet.
  std::vector<double> bottomLevel;
  double computeLeftUs = 0;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_LISTENGINE_H
