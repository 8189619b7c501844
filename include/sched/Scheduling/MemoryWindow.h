//===- MemoryWindow.h - live memory of a partial schedule -------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The memory a list scheduler tracks while it places steps: the live bytes
// now, and the window, the live bytes at each position of the input order
// if the steps placed so far were followed by the others in input order.
//
// A step placed ahead of unplaced steps of the input order (the frontier is
// the first unplaced step that is not a start) is charged, at their
// positions, what it adds there (getAheadBytes): what it allocates and
// keeps, less the buffers it is the last user of, which now die before
// those positions. A scheduler that places a step only if the window stays
// within the budget keeps the input order of the rest a way to finish
// within it.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_MEMORYWINDOW_H
#define SCHED_SCHEDULING_MEMORYWINDOW_H

#include "sched/Analysis/RangeMaxTree.h"
#include "sched/Scheduling/ScheduleProblem.h"

#include <cstdint>
#include <vector>

namespace mlir {
namespace sched {

/// The live memory and the window of a partial schedule of a problem.
class MemoryWindow {
public:
  /// Starts with nothing placed: the live bytes are those of the buffers
  /// defined by no step (the arguments), the window the input's memory.
  explicit MemoryWindow(const ScheduleProblem &problem);

  /// The bytes live after the steps placed so far.
  int64_t getLive() const { return live; }
  /// The first unplaced step of the input order that is not a start (or
  /// the number of steps).
  unsigned getFrontier() const { return frontier; }
  /// Whether `step` is placed.
  bool isPlaced(unsigned step) const { return placed[step]; }

  /// The bytes `step` adds at each input position between the frontier and
  /// itself if placed now: for a start, what it allocates; for a compute
  /// op, what it allocates and keeps; less, for a compute op or a wait, the
  /// buffers it is the last unplaced user of (not live out).
  int64_t getAheadBytes(unsigned step) const;
  /// The most bytes the window holds between the frontier and `step`
  /// (RangeMaxTree::kEmpty if `step` is not past the frontier).
  int64_t getWindowMax(unsigned step) const;
  /// Whether charging `ahead` bytes to the positions between the frontier
  /// and `step` keeps the window within `budget` (true if `ahead` <= 0 or
  /// `step` is not past the frontier).
  bool fitsAhead(unsigned step, int64_t ahead, int64_t budget) const;
  /// Whether `step` fits `budget` now (live plus what it allocates) and in
  /// the window (with getAheadBytes).
  bool fits(unsigned step, int64_t budget) const;
  /// Adds `bytes` to the window between the frontier and `step`, if `step`
  /// is past the frontier.
  void charge(unsigned step, int64_t bytes);
  /// Places `step`: allocates its buffers, frees those whose last use it is
  /// (and its own that nothing uses), and moves the frontier on. Does not
  /// charge the window (see charge).
  void place(unsigned step);
  /// Charges `step` its getAheadBytes, then places it: what both schedulers
  /// do for every step they place.
  void chargeAndPlace(unsigned step) {
    charge(step, getAheadBytes(step));
    place(step);
  }

private:
  const ScheduleProblem &problem;
  /// Remaining uses of each buffer.
  std::vector<unsigned> remaining;
  std::vector<bool> placed;
  RangeMaxTree window;
  int64_t live = 0;
  unsigned frontier = 0;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_MEMORYWINDOW_H
