//===- MemoryTimeline.h - peak of an order changed in windows --*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The memory timeline of one order of a MemoryProblem (PeakMemory.h, same
// semantics) that changes by reordering windows of consecutive positions, as
// the bucketer does when it gathers the starts of a bucket at its first start
// and the waits at its earliest wait.
//
// Reordering the steps of positions [first, last] changes the live ranges of
// the buffers those steps touch only inside the window: every other buffer
// is live at all of the window's positions or at none, and outside the window
// the same steps stand before and after each position. So the new peak is
// the maximum of the timeline outside the window (a range-max tree) and of
// the window recomputed from the touched buffers' old and new ranges:
// O(window + uses in it + log n) per query, O(window + uses + log n) to
// apply.
//
// A reorder can also fuse steps into groups that run as one step, as the
// members of a bucket do (one variadic start, one wait): every buffer a
// member touches is live while any member runs. Groups stay contiguous and
// a later window must hold each group it touches whole.
//
// When the window only gathers the fused steps (the other steps keep their
// order, as when a bucket grows by one member), only the buffers the fused
// steps touch change their live ranges: every other buffer keeps its bytes
// at its steps, which only shift. The window is then recomputed from those
// few buffers in O(window + their uses) instead of from every buffer the
// window touches.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_MEMORYTIMELINE_H
#define SCHED_ANALYSIS_MEMORYTIMELINE_H

#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/RangeMaxTree.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir {
namespace sched {

/// The memory timeline of an order that changes window by window.
class MemoryTimeline {
public:
  /// Evaluates `order`, a permutation of the steps of `problem` (which must
  /// outlive the timeline), in O(steps + uses).
  MemoryTimeline(const MemoryProblem &problem, ArrayRef<unsigned> order);

  /// Returns the current order.
  ArrayRef<unsigned> getOrder() const { return order; }
  /// Returns the position of `step` in the current order.
  unsigned getPosition(unsigned step) const { return position[step]; }
  /// Returns the bytes live while the op at each position runs.
  ArrayRef<int64_t> getTimeline() const { return timeline; }
  /// Returns the peak of the current order, in bytes (0 if empty).
  int64_t getPeak() const;

  /// Returns the peak if the steps at positions [first, first + size) ran
  /// in the order `steps` (a permutation of them) instead, with each of
  /// `fuse` (consecutive entries of `steps`, disjoint) run as one step, or
  /// nothing if `steps` is not such a permutation, the window splits a
  /// group, a fused list is not consecutive in `steps`, or the new order
  /// uses a buffer before the step that defines it. A fused list may hold
  /// whole groups made before; it replaces them.
  std::optional<int64_t>
  getPeakIfReordered(unsigned first, ArrayRef<unsigned> steps,
                     ArrayRef<ArrayRef<unsigned>> fuse = {}) const;
  /// Reorders the window as `getPeakIfReordered` describes; fails, changing
  /// nothing, where that returns nothing.
  LogicalResult reorder(unsigned first, ArrayRef<unsigned> steps,
                        ArrayRef<ArrayRef<unsigned>> fuse = {});

private:
  /// A buffer whose live range the window changes.
  struct Touched {
    unsigned buffer;
    unsigned newStart, newEnd;
  };
  /// Computes the change of the timeline over the window into `delta`
  /// (one entry per window position) and the new ranges of the buffers
  /// whose ranges change in other ways than by the shift of their steps.
  bool computeWindow(unsigned first, ArrayRef<unsigned> steps,
                     ArrayRef<ArrayRef<unsigned>> fuse,
                     std::vector<int64_t> &delta, std::vector<Touched> &touched,
                     bool tryGathered = true) const;
  /// `computeWindow` for a window whose steps but the fused ones keep their
  /// order, from the buffers of the fused steps only; nothing where the
  /// window is not such a window (then `computeWindow` starts over without
  /// it). Called by `computeWindow` once the window is checked.
  std::optional<bool>
  computeGatheredWindow(unsigned first, ArrayRef<unsigned> steps,
                        ArrayRef<ArrayRef<unsigned>> fuse,
                        std::vector<int64_t> &delta,
                        std::vector<Touched> &touched) const;
  /// Returns the first and last positions at which buffer `b` is live.
  unsigned getStart(unsigned b) const {
    return startStep[b] == kAtEnds ? 0 : position[startStep[b]];
  }
  unsigned getEnd(unsigned b) const {
    return endStep[b] == kAtEnds ? order.size() - 1 : position[endStep[b]];
  }
  /// Returns true if the last successful `getPeakIfReordered`, since the
  /// last reorder, asked for this window.
  bool isLastQuery(unsigned first, ArrayRef<unsigned> steps,
                   ArrayRef<ArrayRef<unsigned>> fuse) const;

  /// A `startStep` or `endStep` that is not a step: the first (a buffer
  /// without a definition) or the last (a live-out one) position.
  static constexpr unsigned kAtEnds = ~0u;

  const MemoryProblem &problem;
  std::vector<unsigned> order, position;
  /// The steps at the first and last positions at which each buffer is live
  /// (or kAtEnds): a step that keeps its place among the others keeps
  /// them, however far it shifts.
  std::vector<unsigned> startStep, endStep;
  /// True if every use of a buffer comes after its definition in the
  /// constructor's order (then every order since is valid too, and a window
  /// that keeps the order of the unfused steps keeps their buffers valid).
  bool ordered = true;
  std::vector<int64_t> timeline;
  /// Buffers defined and used by each step, deduplicated: those of step s
  /// at [xStart[s], xStart[s + 1]) of xList.
  std::vector<unsigned> definedStart, definedList, usedStart, usedList;
  ArrayRef<unsigned> getDefined(unsigned step) const {
    return ArrayRef(definedList)
        .slice(definedStart[step], definedStart[step + 1] - definedStart[step]);
  }
  ArrayRef<unsigned> getUsed(unsigned step) const {
    return ArrayRef(usedList).slice(usedStart[step],
                                    usedStart[step + 1] - usedStart[step]);
  }
  /// The group of each step (a step of its own: itself), and the members
  /// of each group, by the step that names it.
  std::vector<unsigned> groupOf;
  std::vector<SmallVector<unsigned, 1>> groupMembers;
  /// Per step, whether its group has other members.
  std::vector<bool> inGroup;
  /// Scratch space of `computeWindow`: the window's steps in such groups.
  mutable std::vector<unsigned> groupedSteps;
  RangeMaxTree tree;
  /// Scratch space of `computeWindow` (not thread-safe): per buffer, the
  /// query that last touched it and the first and last new positions of its
  /// uses in the window; per step, the query that last saw it in the window
  /// and its new position.
  mutable std::vector<uint64_t> bufferStamp, stepStamp;
  mutable std::vector<unsigned> firstUseInWindow, lastUseInWindow;
  mutable std::vector<unsigned> newPosition;
  /// Per step, the first and last new positions of the group it runs in.
  mutable std::vector<unsigned> newGroupFirst, newGroupLast;
  mutable uint64_t stamp = 0;
  /// Scratch space of `computeGatheredWindow`: per step, the query that
  /// fused it; per buffer, the last sum of buffers ending at a step that
  /// counted it; the change of the fused steps' buffers over the window's
  /// old positions.
  mutable std::vector<uint64_t> fusedStamp, endStamp;
  mutable uint64_t endCount = 0;
  mutable std::vector<int64_t> oldDelta;
  /// The last query (its window, `fuse` flattened as size and members per
  /// list) and its `computeWindow` results, which `reorder` reuses; also
  /// the scratch space of both.
  struct Query {
    bool valid = false;
    unsigned first = 0;
    std::vector<unsigned> steps, fuse;
    std::vector<int64_t> delta;
    std::vector<Touched> touched;
  };
  mutable Query lastQuery;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_MEMORYTIMELINE_H
