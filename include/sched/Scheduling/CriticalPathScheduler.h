//===- CriticalPathScheduler.h - critical-path list scheduler ---*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The second strategy of sched-schedule-overlap: a list scheduler in
// simulated time that runs the ready compute op with the longest remaining
// path to the end first, whatever its input position, so that independent
// chains (the micro-batches of gradient accumulation) interleave and one
// hides the other's collectives.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_CRITICALPATHSCHEDULER_H
#define SCHED_SCHEDULING_CRITICALPATHSCHEDULER_H

#include "sched/Scheduling/ListEngine.h"
#include "sched/Scheduling/ScheduleProblem.h"

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace mlir {
namespace sched {

/// The result of the critical-path scheduler.
struct CriticalPathSchedule {
  /// Why a start was issued later than it was ready.
  using Delay = ScheduleDelay;
  /// A permutation of the steps (all of them if the scheduler succeeded).
  std::vector<unsigned> order;
  /// Per step; meaningful for starts.
  std::vector<Delay> delays;
  /// The most shared starts (weight gathers) issued at once whose wait or
  /// one of its users was not placed yet; counted with a gather cap or the
  /// Interleaved priority.
  unsigned maxGathersAhead = 0;
};

/// What the scheduler runs first among the ready compute ops.
enum class CriticalPathPriority {
  /// The longest remaining path to the end (the bottom level).
  BottomLevel,
  /// The bottom level, with the sinks (ScheduleProblem::isSink: compute
  /// whose results nothing uses) after every other step: a sink delays no
  /// other step, so it runs only when nothing else is ready, where it hides
  /// the collectives in flight (the last reduce_scatter at the end of a
  /// step) instead of running early because of its own long duration.
  BottomLevelSinksLast,
  /// The first in input order: the input order, except that ops of other
  /// chains fill the time the first ones wait for collectives.
  InputOrder,
  /// Micro-batches interleaved: each one's forward alongside the previous
  /// one's backward, by proportional progress (interleavedRanks). Skipped
  /// (an empty order) where the steps hold fewer than two micro-batches.
  Interleaved,
};

/// The priority ranks of the Interleaved priority (0 is the highest), or an
/// empty vector where the structure is not found. Found from the dependences
/// alone:
///
/// * Shared steps are starts and waits that depend on no compute op (the
///   weight gathers); seeds are compute ops that depend on no compute op
///   (each micro-batch's first op). A step's micro-batch is the last seed,
///   in input order, that it depends on, so that an op joining micro-batches
///   (a gradient accumulation) goes with the last of them.
/// * Each micro-batch splits into a forward and a backward at the first
///   position (in input order, among its steps) that most of its own values
///   live across: the values saved for the backward all live across the
///   loss. A seed's steps that no value of their own lives across are not a
///   micro-batch (they are shared). Fewer than two micro-batches: not found.
/// * Micro-batch k's forward takes the interval [k, k+1] of virtual time, its
///   backward [k+1, k+2]; a step's key is its segment's start plus the
///   fraction of the segment's compute time before it. Shared steps take the
///   smallest key of their successors. Ranks by key, ties to the lower step.
///
/// O(n log n) for n steps; deterministic.
std::vector<unsigned> interleavedRanks(const BlockSimulation &sim,
                                       const DependenceGraph &graph);

/// The priority of the critical-path scheduler: a rank per step (0 first),
/// for compute ops and starts alike.
class RankPriority : public PriorityPolicy {
public:
  /// The ranks of `priority` on `problem`; none where it finds nothing to
  /// try (Interleaved without micro-batches).
  static std::optional<RankPriority> create(const ScheduleProblem &problem,
                                            CriticalPathPriority priority);
  /// Ranks given by the caller (one per step).
  explicit RankPriority(std::vector<unsigned> rank) : rank(std::move(rank)) {}
  PriorityKey getComputeKey(unsigned step) const override {
    return {rank[step], step};
  }
  PriorityKey getStartKey(unsigned start) const override {
    return {rank[start], start};
  }

private:
  std::vector<unsigned> rank;
};

/// The deferral of the critical-path scheduler: the ready compute op of
/// highest priority that keeps live memory within the budget (among the
/// first few); if none fits, the first unplaced op of the input order if it
/// is ready, else a wait, else the ready op that allocates least.
class MemoryScanDeferral : public DeferralPolicy {
public:
  explicit MemoryScanDeferral(const ScheduleProblem &problem) : p(problem) {}
  void onReady(unsigned step) override;
  void onPlaced(unsigned step) override;
  void runCompute(ListEngine &engine) override;

private:
  /// The compute op to run now among the ready ones, or n to place a wait
  /// first.
  unsigned chooseCompute(const ListEngine &engine) const;

  const ScheduleProblem &p;
  std::set<std::pair<int64_t, unsigned>> readyByAllocation;
};

/// Schedules the steps of `sim` (its last step is the terminator and stays
/// last) in simulated time:
///
/// * Priority: the bottom level, the longest path from the op to the end in
///   cost-model time (compute times and collective durations), ties by step.
/// * A wait whose collective has ended is placed at once; a ready start is
///   issued as soon as its group has fewer than `maxInFlight` collectives in
///   flight (and, with `maxInFlightBytes`, room under the group's byte cap:
///   EngineOptions::maxInFlightBytes) and its output fits the budget (with
///   `keepOrder`, starts go in their input order), the start of highest
///   priority first. With a `gatherCap`, a shared start (one that depends on no
///   compute op: a weight gather) waits while `gatherCap` shared starts are
///   issued whose wait or one of the wait's users (the terminator aside) is not
///   placed yet; the group's other starts go meanwhile.
/// * When the compute stream is free it runs the ready compute op of
///   highest priority that keeps live memory within `budget` (among the
///   first few); if none fits it places a wait, or else the ready op that
///   allocates least.
/// * With no compute ready it waits for the collective that ends first;
///   waits of one group go in issue order.
/// * With `holdForUrgentStart`, a ready start waits while its group's
///   stream is busy and a ready compute op, done before the stream frees,
///   would make a start of the group of higher priority ready
///   (EngineRules::holdForUrgentStart).
/// * With `waitForUnblockedStart`, before a compute op that would still run
///   when a collective in flight ends whose wait makes a start ready, that
///   wait is placed first where the estimate finishes sooner, or a ready op
///   that ends in time runs (EngineRules::waitForUnblockedStart).
///
/// The engine (ListEngine.h) with RankPriority, MemoryScanDeferral and a
/// GatherCap (with a cap or the Interleaved priority), overdue starts
/// first. O(n log n) time for n steps and a bounded number of groups.
/// Deterministic: every tie goes to the lower step.
CriticalPathSchedule scheduleCriticalPath(
    const ScheduleProblem &problem, CriticalPathPriority priority,
    int64_t maxInFlight, int64_t budget, bool keepOrder,
    unsigned gatherCap = kNoGatherCap, ArrayRef<int64_t> maxInFlightBytes = {},
    bool holdForUrgentStart = false, bool waitForUnblockedStart = false);

/// scheduleCriticalPath on the problem of `sim`, `graph`, `memory` and
/// `inputMemory` (the live bytes of the input order).
CriticalPathSchedule
scheduleCriticalPath(const BlockSimulation &sim, const DependenceGraph &graph,
                     const MemoryProblem &memory, ArrayRef<int64_t> inputMemory,
                     CriticalPathPriority priority, int64_t maxInFlight,
                     int64_t budget, bool keepOrder,
                     unsigned gatherCap = kNoGatherCap);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_CRITICALPATHSCHEDULER_H
