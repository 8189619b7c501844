//===- CriticalPathSchedule.h - critical-path list scheduler ----*- C++ -*-===//
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
// hides the other's collectives. Private to the Transforms library.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_DIALECT_SCHED_TRANSFORMS_CRITICALPATHSCHEDULE_H
#define SCHED_LIB_DIALECT_SCHED_TRANSFORMS_CRITICALPATHSCHEDULE_H

#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/StreamSimulator.h"

#include <cstdint>
#include <vector>

namespace mlir {
namespace sched {

/// The result of the critical-path scheduler.
struct CriticalPathSchedule {
  /// Why a start was issued later than it was ready.
  enum class Delay : uint8_t { None, InFlightCap, Memory };
  /// A permutation of the steps (all of them if the scheduler succeeded).
  std::vector<unsigned> order;
  /// Per step; meaningful for starts.
  std::vector<Delay> delays;
};

/// What the scheduler runs first among the ready compute ops.
enum class CriticalPathPriority {
  /// The longest remaining path to the end (the bottom level).
  BottomLevel,
  /// The first in input order: the input order, except that ops of other
  /// chains fill the time the first ones wait for collectives.
  InputOrder,
};

/// Schedules the steps of `sim` (its last step is the terminator and stays
/// last) in simulated time:
///
/// * Priority: the bottom level, the longest path from the op to the end in
///   cost-model time (compute times and collective durations), ties by step.
/// * A wait whose collective has ended is placed at once; a ready start is
///   issued as soon as its group has fewer than `maxInFlight` collectives in
///   flight and its output fits the budget (with `keepOrder`, starts go in
///   their input order), the start of highest priority first.
/// * When the compute stream is free it runs the ready compute op of
///   highest priority that keeps live memory within `budget` (among the
///   first few); if none fits it places a wait, or else the ready op that
///   allocates least.
/// * With no compute ready it waits for the collective that ends first;
///   waits of one group go in issue order.
///
/// `memory` is the buffer model of the steps. O(n log n) time for n steps
/// and a bounded number of groups. Deterministic: every tie goes to the
/// lower step.
CriticalPathSchedule
scheduleCriticalPath(const BlockSimulation &sim, const DependenceGraph &graph,
                     const MemoryProblem &memory, ArrayRef<int64_t> inputMemory,
                     CriticalPathPriority priority, int64_t maxInFlight,
                     int64_t budget, bool keepOrder);

} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_DIALECT_SCHED_TRANSFORMS_CRITICALPATHSCHEDULE_H
