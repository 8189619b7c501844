//===- PeakMemory.h - memory timeline and peak of an op order ---*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The memory model of the scheduler, independent of IR: a MemoryProblem lists
// steps (ops) and buffers (a size, the step that allocates it, the steps that
// use it); a MemoryProfile evaluates one order of the steps.
//
// Semantics (alloc, run, free): while the op at position t runs, every buffer
// it uses or defines is live, together with every buffer allocated before and
// still needed after. A buffer is allocated when its defining op starts and
// freed when its last user finishes; a buffer without users is freed when its
// defining op finishes. Buffers that are live on entry (function arguments)
// are live from the first step; buffers that are live out (results, or
// arguments kept for the whole step) stay live until the last step.
//
// The profile answers "what is the peak if op X moves to position p" in
// O(d log n) for an op with d buffers, with a segment tree over the timeline,
// instead of the O(n + uses) of a full evaluation.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_PEAKMEMORY_H
#define SCHED_ANALYSIS_PEAKMEMORY_H

#include "sched/Analysis/RangeMaxTree.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace mlir {
namespace sched {

/// Steps and buffers; the input of MemoryProfile.
struct MemoryProblem {
  /// A buffer of `size` bytes.
  struct Buffer {
    int64_t size = 0;
    /// The step that allocates it, or nothing if it is live on entry.
    std::optional<unsigned> def;
    /// The steps that use it (read it, write it, or keep it alive), in any
    /// order; duplicates are allowed.
    SmallVector<unsigned, 2> uses;
    /// Live until the last step.
    bool liveOut = false;
  };

  /// Adds a step and returns its number.
  unsigned addStep() { return numSteps++; }
  /// Adds a buffer and returns its number.
  unsigned addBuffer(int64_t size, std::optional<unsigned> def,
                     bool liveOut = false) {
    buffers.push_back({size, def, {}, liveOut});
    return buffers.size() - 1;
  }
  /// Records that `step` uses `buffer`.
  void addUse(unsigned buffer, unsigned step) {
    buffers[buffer].uses.push_back(step);
  }

  unsigned numSteps = 0;
  std::vector<Buffer> buffers;
};

/// Returns the peak of `order`, a permutation of the steps of `problem`, in
/// bytes (0 for an empty order): what `MemoryProfile(problem,
/// order).getPeak()` returns, in one pass over the buffers and without the
/// arrays that the profile keeps for its queries.
int64_t computePeak(const MemoryProblem &problem, ArrayRef<unsigned> order);

/// The memory timeline of one order of the steps of a MemoryProblem.
class MemoryProfile {
public:
  /// Evaluates `order`, a permutation of the steps of `problem` (which must
  /// outlive the profile), in O(steps + uses).
  MemoryProfile(const MemoryProblem &problem, ArrayRef<unsigned> order);

  /// Returns the bytes live while the op at each position runs.
  ArrayRef<int64_t> getTimeline() const { return timeline; }
  /// Returns the peak, in bytes (0 for an empty order).
  int64_t getPeak() const { return peak; }
  /// Returns the first position at which the peak is reached.
  unsigned getPeakPosition() const { return peakPosition; }
  /// Returns the largest memory at the positions before `lo` and after `hi`
  /// (0 if there are none).
  int64_t getPeakOutside(unsigned lo, unsigned hi) const {
    int64_t result = 0;
    if (lo > 0)
      result = prefixMax[std::min<size_t>(lo, timeline.size()) - 1];
    if (hi + 1 < timeline.size())
      result = std::max(result, suffixMax[hi + 1]);
    return result;
  }
  /// Returns the position of `step` in the order.
  unsigned getPosition(unsigned step) const { return position[step]; }
  /// Returns the first and last positions at which `buffer` is live.
  std::pair<unsigned, unsigned> getLiveRange(unsigned buffer) const {
    return {start[buffer], end[buffer]};
  }
  /// Returns the buffers live at the peak, by number.
  SmallVector<unsigned> getBuffersLiveAtPeak() const;
  /// Returns the buffers `step` defines, and those it uses without defining
  /// them, deduplicated.
  ArrayRef<unsigned> getDefined(unsigned step) const {
    buildStepBuffers();
    return defined[step];
  }
  ArrayRef<unsigned> getUsed(unsigned step) const {
    buildStepBuffers();
    return used[step];
  }
  /// Returns the bytes of the entry buffers nobody uses (live at position 0
  /// only).
  int64_t getUnusedEntryBytes() const { return unusedEntrySum; }

  /// Returns the peak if the op `step` moved to position `newPosition`
  /// (the others keeping their relative order), or nothing if the move
  /// breaks a dependence (a buffer used before its definition). Costs
  /// O(d log n) for an op with d buffers.
  std::optional<int64_t> getPeakIfMoved(unsigned step,
                                        unsigned newPosition) const;

  /// Returns the peak if the ops `first` and `second` (`first` earlier)
  /// became one op at the position of `second`: `first` moves just before
  /// `second`, the two run as one step, and the buffers `first` defines for
  /// `second` alone (not live out) are never materialized. Returns nothing if
  /// `first` is not before `second` or cannot move there (an op in between
  /// uses its results). Costs O(d log n).
  std::optional<int64_t> getPeakIfFused(unsigned first, unsigned second) const;

private:
  /// The parts of a move of `step` to a later position `p`: the memory
  /// while `step` runs at `p`, and the maximum over the positions the move
  /// shifts (new positions [old, p - 1]). Nothing if the move is illegal.
  struct LaterMove {
    int64_t atNew, windowMax;
  };
  std::optional<LaterMove> evaluateLaterMove(unsigned step, unsigned p) const;

  /// Returns the last position at which `buffer` is used by an op other than
  /// `step` (ignoring `step`), or nothing.
  std::optional<unsigned> lastOtherUse(unsigned buffer, unsigned step) const;

  const MemoryProblem &problem;
  std::vector<unsigned> order, position;
  std::vector<unsigned> start, end;
  std::vector<int64_t> timeline, startSum, endSum;
  std::vector<int64_t> prefixMax, suffixMax;
  /// Buffers defined and used by each step, deduplicated; built by the
  /// first query that needs them (most profiles only answer the peak).
  mutable std::vector<SmallVector<unsigned, 2>> defined, used;
  mutable bool stepBuffersBuilt = false;
  void buildStepBuffers() const;
  /// Sizes of the entry buffers nobody uses: live at position 0 only.
  int64_t unusedEntrySum = 0;
  int64_t peak = 0;
  unsigned peakPosition = 0;
  /// The timeline as a range-max tree, built by the first move query: most
  /// profiles only answer the peak.
  mutable RangeMaxTree tree;
  mutable bool treeBuilt = false;
  RangeMaxTree &getTree() const {
    if (!treeBuilt) {
      tree.build(timeline);
      treeBuilt = true;
    }
    return tree;
  }
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_PEAKMEMORY_H
