//===- MemoryTimeline.cpp - peak memory of an order changed in windows ----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/MemoryTimeline.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::sched;

static constexpr unsigned kNoPosition = std::numeric_limits<unsigned>::max();

/// Adds `size` to the steps `lo` to `hi` of a window starting at step
/// `first` and ending at step `last`, clipped to it, in `delta`: the
/// difference array of the window (one entry more than its steps).
static void addClippedRange(MutableArrayRef<int64_t> delta, unsigned first,
                            unsigned last, unsigned lo, unsigned hi,
                            int64_t size) {
  lo = std::max(lo, first);
  hi = std::min(hi, last);
  if (lo > hi)
    return;
  delta[lo - first] += size;
  delta[hi - first + 1] -= size;
}

MemoryTimeline::MemoryTimeline(const MemoryProblem &problem,
                               ArrayRef<unsigned> orderRef)
    : problem(problem), order(orderRef.begin(), orderRef.end()) {
  unsigned n = order.size();
  unsigned numBuffers = problem.buffers.size();
  position.assign(problem.numSteps, 0);
  for (auto [pos, step] : llvm::enumerate(order))
    position[step] = pos;
  definedStart.assign(problem.numSteps + 1, 0);
  usedStart.assign(problem.numSteps + 1, 0);
  startStep.assign(numBuffers, kAtEnds);
  endStep.assign(numBuffers, kAtEnds);
  timeline.assign(n, 0);
  bufferStamp.assign(numBuffers, 0);
  lastUseInWindow.assign(numBuffers, 0);
  firstUseInWindow.assign(numBuffers, 0);
  stepStamp.assign(problem.numSteps, 0);
  newPosition.assign(problem.numSteps, 0);
  newGroupFirst.assign(problem.numSteps, 0);
  newGroupLast.assign(problem.numSteps, 0);
  fusedStamp.assign(problem.numSteps, 0);
  endStamp.assign(numBuffers, 0);
  groupOf.resize(problem.numSteps);
  std::iota(groupOf.begin(), groupOf.end(), 0u);
  groupMembers.assign(problem.numSteps, {});
  inGroup.assign(problem.numSteps, false);
  for (unsigned step = 0; step < problem.numSteps; ++step)
    groupMembers[step].push_back(step);
  if (!n)
    return;
  std::vector<int64_t> diff(n + 1, 0);
  for (unsigned b = 0; b < numBuffers; ++b) {
    const MemoryProblem::Buffer &buffer = problem.buffers[b];
    unsigned first = buffer.def ? position[*buffer.def] : 0;
    unsigned last = first;
    for (unsigned use : buffer.uses) {
      last = std::max(last, position[use]);
      if (buffer.def && use != *buffer.def && position[use] < first)
        ordered = false;
    }
    if (buffer.liveOut)
      last = n - 1;
    if (buffer.def)
      startStep[b] = *buffer.def;
    // A buffer without a definition, uses or a live-out value ends at
    // position 0 whatever runs there; no step lists it, so no window asks.
    if (!buffer.liveOut)
      endStep[b] = order[last];
    diff[first] += buffer.size;
    diff[last + 1] -= buffer.size;
  }
  // The buffers each step defines and uses, by buffer, as compressed rows:
  // count, then fill. A step lists a buffer it uses once (a buffer's uses
  // may repeat a step), and not among its uses if it defines it.
  std::vector<unsigned> lastUser(problem.numSteps, kNoPosition);
  auto forEachUse = [&](auto fn) {
    std::fill(lastUser.begin(), lastUser.end(), kNoPosition);
    for (unsigned b = 0; b < numBuffers; ++b)
      for (unsigned use : problem.buffers[b].uses)
        if (use != problem.buffers[b].def && lastUser[use] != b) {
          lastUser[use] = b;
          fn(use, b);
        }
  };
  for (const MemoryProblem::Buffer &buffer : problem.buffers)
    if (buffer.def)
      ++definedStart[*buffer.def + 1];
  forEachUse([&](unsigned use, unsigned) { ++usedStart[use + 1]; });
  std::partial_sum(definedStart.begin(), definedStart.end(),
                   definedStart.begin());
  std::partial_sum(usedStart.begin(), usedStart.end(), usedStart.begin());
  definedList.resize(definedStart.back());
  usedList.resize(usedStart.back());
  std::vector<unsigned> cursor(definedStart.begin(), definedStart.end() - 1);
  for (unsigned b = 0; b < numBuffers; ++b)
    if (problem.buffers[b].def)
      definedList[cursor[*problem.buffers[b].def]++] = b;
  cursor.assign(usedStart.begin(), usedStart.end() - 1);
  forEachUse([&](unsigned use, unsigned b) { usedList[cursor[use]++] = b; });
  int64_t current = 0;
  for (unsigned t = 0; t < n; ++t) {
    current += diff[t];
    timeline[t] = current;
  }
  tree.build(timeline);
}

int64_t MemoryTimeline::getPeak() const {
  return order.empty() ? 0 : tree.max(0, order.size() - 1);
}

bool MemoryTimeline::computeWindow(unsigned first, ArrayRef<unsigned> steps,
                                   ArrayRef<ArrayRef<unsigned>> fuse,
                                   std::vector<int64_t> &delta,
                                   std::vector<Touched> &touched,
                                   bool tryGathered) const {
  unsigned w = steps.size(), n = order.size();
  delta.assign(w + 1, 0);
  touched.clear();
  if (first > n || w > n - first)
    return false;
  unsigned last = first + w - 1;
  ++stamp;
  // `steps` must be a permutation of the window.
  groupedSteps.clear();
  for (auto [index, step] : llvm::enumerate(steps)) {
    if (step >= problem.numSteps || position[step] < first ||
        position[step] > last || stepStamp[step] == stamp)
      return false;
    stepStamp[step] = stamp;
    newPosition[step] = first + index;
    newGroupFirst[step] = newGroupLast[step] = first + index;
    if (inGroup[step])
      groupedSteps.push_back(step);
  }
  // Groups: those made before must lie in the window whole and stay
  // consecutive; the fused lists must be consecutive. Each member then runs
  // over the positions of its whole group.
  auto spanGroup = [&](ArrayRef<unsigned> members) {
    unsigned lo = kNoPosition, hi = 0;
    for (unsigned member : members) {
      if (member >= problem.numSteps || stepStamp[member] != stamp)
        return false;
      lo = std::min(lo, newPosition[member]);
      hi = std::max(hi, newPosition[member]);
    }
    if (hi - lo + 1 != members.size())
      return false;
    for (unsigned member : members) {
      newGroupFirst[member] = lo;
      newGroupLast[member] = hi;
    }
    return true;
  };
  // (A step of its own is its own group, stamped above.)
  for (unsigned step : groupedSteps) {
    // A member of a group the window does not hold whole.
    if (stepStamp[groupOf[step]] != stamp)
      return false;
    if (groupOf[step] == step && groupMembers[step].size() > 1 &&
        !spanGroup(groupMembers[step]))
      return false;
  }
  for (ArrayRef<unsigned> members : fuse)
    if (members.empty() || !spanGroup(members))
      return false;
  // A fused list holds the groups of its members whole.
  for (ArrayRef<unsigned> members : fuse) {
    unsigned lo = newGroupFirst[members.front()];
    unsigned hi = newGroupLast[members.front()];
    auto inList = [&](unsigned step) {
      return newGroupFirst[step] == lo && newGroupLast[step] == hi;
    };
    for (unsigned member : members) {
      unsigned group = groupOf[member];
      if (!inList(group))
        return false;
      if (group == member && !llvm::all_of(groupMembers[member], inList))
        return false;
    }
  }
  if (tryGathered) {
    if (std::optional<bool> gathered =
            computeGatheredWindow(first, steps, fuse, delta, touched))
      return *gathered;
    // It may have stamped buffers: start over.
    return computeWindow(first, steps, fuse, delta, touched,
                         /*tryGathered=*/false);
  }
  // The buffers the window's steps touch, with the first and last new
  // positions of their uses in the window.
  auto touch = [&](unsigned b) {
    if (bufferStamp[b] == stamp)
      return;
    bufferStamp[b] = stamp;
    firstUseInWindow[b] = kNoPosition;
    lastUseInWindow[b] = 0;
    touched.push_back({b, 0, 0});
  };
  for (unsigned step : steps) {
    unsigned lo = newGroupFirst[step], hi = newGroupLast[step];
    for (unsigned b : getDefined(step)) {
      touch(b);
      lastUseInWindow[b] = std::max(lastUseInWindow[b], hi);
    }
    for (unsigned b : getUsed(step)) {
      touch(b);
      firstUseInWindow[b] = std::min(firstUseInWindow[b], lo);
      lastUseInWindow[b] = std::max(lastUseInWindow[b], hi);
    }
  }
  for (Touched &entry : touched) {
    unsigned b = entry.buffer;
    const MemoryProblem::Buffer &buffer = problem.buffers[b];
    bool defInWindow = buffer.def && stepStamp[*buffer.def] == stamp;
    unsigned oldStart = getStart(b), oldEnd = getEnd(b);
    unsigned newStart = defInWindow ? newGroupFirst[*buffer.def] : oldStart;
    // A use in the window before the definition.
    if (firstUseInWindow[b] != kNoPosition && buffer.def &&
        firstUseInWindow[b] < newStart)
      return false;
    unsigned newEnd;
    if (buffer.liveOut || oldEnd > last)
      newEnd = oldEnd;
    else
      newEnd = std::max(newStart, lastUseInWindow[b]);
    entry.newStart = newStart;
    entry.newEnd = newEnd;
    // Both ranges matter only inside the window.
    addClippedRange(delta, first, last, oldStart, oldEnd, -buffer.size);
    addClippedRange(delta, first, last, newStart, newEnd, buffer.size);
  }
  int64_t current = 0;
  for (unsigned i = 0; i < w; ++i) {
    current += delta[i];
    delta[i] = current;
  }
  delta.pop_back();
  return true;
}

std::optional<bool> MemoryTimeline::computeGatheredWindow(
    unsigned first, ArrayRef<unsigned> steps, ArrayRef<ArrayRef<unsigned>> fuse,
    std::vector<int64_t> &delta, std::vector<Touched> &touched) const {
  // Buffers with more uses than this are left to the general path, which
  // reads only the uses in the window.
  constexpr size_t kMaxUses = 256;
  // Position 0 is also the end of the buffers that are neither defined, used
  // nor live-out, which no step lists: a window holding it keeps to the
  // general path.
  if (!ordered || fuse.empty() || first == 0)
    return std::nullopt;
  unsigned w = steps.size(), last = first + w - 1;
  for (ArrayRef<unsigned> members : fuse)
    for (unsigned member : members) {
      // Fused lists must be disjoint.
      if (fusedStamp[member] == stamp)
        return std::nullopt;
      fusedStamp[member] = stamp;
      for (ArrayRef<unsigned> buffers : {getDefined(member), getUsed(member)})
        for (unsigned b : buffers)
          if (problem.buffers[b].uses.size() > kMaxUses)
            return std::nullopt;
    }

  // The buffers of the fused steps, their old ranges (by old position) and
  // their new ones (by new position); the other buffers keep their steps.
  oldDelta.assign(w + 1, 0);
  for (ArrayRef<unsigned> members : fuse)
    for (unsigned member : members)
      for (ArrayRef<unsigned> buffers : {getDefined(member), getUsed(member)})
        for (unsigned b : buffers)
          if (bufferStamp[b] != stamp) {
            bufferStamp[b] = stamp;
            touched.push_back({b, 0, 0});
          }
  for (Touched &entry : touched) {
    unsigned b = entry.buffer;
    const MemoryProblem::Buffer &buffer = problem.buffers[b];
    // As `computeWindow` finds them: the first and last new positions of
    // the buffer's uses in the window (each running over its group), the
    // definition counting as a use but for the first.
    unsigned firstUse = kNoPosition, lastUse = 0;
    bool defInWindow = buffer.def && stepStamp[*buffer.def] == stamp;
    if (defInWindow)
      lastUse = newGroupLast[*buffer.def];
    for (unsigned use : buffer.uses) {
      if ((buffer.def && use == *buffer.def) || stepStamp[use] != stamp)
        continue;
      firstUse = std::min(firstUse, newGroupFirst[use]);
      lastUse = std::max(lastUse, newGroupLast[use]);
    }
    unsigned oldStart = getStart(b), oldEnd = getEnd(b);
    unsigned newStart = defInWindow ? newGroupFirst[*buffer.def] : oldStart;
    if (firstUse != kNoPosition && buffer.def && firstUse < newStart)
      return false;
    unsigned newEnd =
        buffer.liveOut || oldEnd > last ? oldEnd : std::max(newStart, lastUse);
    entry.newStart = newStart;
    entry.newEnd = newEnd;
    addClippedRange(oldDelta, first, last, oldStart, oldEnd, -buffer.size);
    addClippedRange(delta, first, last, newStart, newEnd, buffer.size);
  }

  // The bytes live across the boundary after old position `pos` (an
  // unfused step, the last of its group) but those of the fused steps:
  // its timeline less theirs (`fusedBytes`, the fused steps' buffers live
  // at `pos`), less the other buffers that end there (a live-out buffer
  // does not end, even at the last position).
  auto liveAfter = [&](unsigned pos, int64_t fusedBytes) {
    int64_t bytes = timeline[pos] - fusedBytes;
    ++endCount;
    for (unsigned member : groupMembers[groupOf[order[pos]]])
      for (ArrayRef<unsigned> buffers : {getDefined(member), getUsed(member)})
        for (unsigned b : buffers)
          if (bufferStamp[b] != stamp && endStamp[b] != endCount &&
              endStep[b] != kAtEnds && getEnd(b) == pos) {
            endStamp[b] = endCount;
            bytes -= problem.buffers[b].size;
          }
    return bytes;
  };
  // The new timeline over the window, as a change of the old one, in one
  // pass: an unfused step keeps the other buffers of its old position (the
  // unfused steps must keep their order), a fused one those live across
  // the unfused step before its run (which must not be at position 0).
  // `oldBytes` sums `oldDelta` up to the old position of the last unfused
  // step, `newBytes` sums `delta` up to the current position.
  int64_t previous = static_cast<int64_t>(first) - 1;
  int64_t oldBytes = 0, newBytes = 0, across = 0;
  unsigned oldNext = 0;
  bool inRun = false;
  for (unsigned i = 0; i < w; ++i) {
    unsigned step = steps[i];
    newBytes += delta[i];
    int64_t bytes;
    if (fusedStamp[step] == stamp) {
      if (!inRun) {
        if (previous <= 0)
          return std::nullopt;
        int64_t fusedBytes = 0;
        if (previous >= first) {
          fusedBytes = -oldBytes;
        } else {
          for (const Touched &entry : touched)
            if (getStart(entry.buffer) <= previous &&
                previous <= getEnd(entry.buffer))
              fusedBytes += problem.buffers[entry.buffer].size;
        }
        across = liveAfter(previous, fusedBytes);
        inRun = true;
      }
      bytes = across + newBytes;
    } else {
      unsigned pos = position[step];
      if (pos <= previous)
        return std::nullopt;
      previous = pos;
      for (unsigned end = pos - first; oldNext <= end; ++oldNext)
        oldBytes += oldDelta[oldNext];
      inRun = false;
      bytes = timeline[pos] + oldBytes + newBytes;
    }
    delta[i] = bytes - timeline[first + i];
  }
  delta.pop_back();
  return true;
}

/// Appends `fuse` to `flat`, each list after its size.
static void flattenFuse(ArrayRef<ArrayRef<unsigned>> fuse,
                        std::vector<unsigned> &flat) {
  flat.clear();
  for (ArrayRef<unsigned> members : fuse) {
    flat.push_back(members.size());
    llvm::append_range(flat, members);
  }
}

bool MemoryTimeline::isLastQuery(unsigned first, ArrayRef<unsigned> steps,
                                 ArrayRef<ArrayRef<unsigned>> fuse) const {
  if (!lastQuery.valid || lastQuery.first != first ||
      !llvm::equal(lastQuery.steps, steps))
    return false;
  std::vector<unsigned> flat;
  flattenFuse(fuse, flat);
  return flat == lastQuery.fuse;
}

std::optional<int64_t>
MemoryTimeline::getPeakIfReordered(unsigned first, ArrayRef<unsigned> steps,
                                   ArrayRef<ArrayRef<unsigned>> fuse) const {
  std::vector<int64_t> &delta = lastQuery.delta;
  lastQuery.valid = computeWindow(first, steps, fuse, delta, lastQuery.touched);
  if (!lastQuery.valid)
    return std::nullopt;
  lastQuery.first = first;
  lastQuery.steps.assign(steps.begin(), steps.end());
  flattenFuse(fuse, lastQuery.fuse);
  if (steps.empty())
    return getPeak();
  unsigned n = order.size(), last = first + steps.size() - 1;
  int64_t peak = RangeMaxTree::kEmpty;
  if (first > 0)
    peak = std::max(peak, tree.max(0, first - 1));
  if (last + 1 < n)
    peak = std::max(peak, tree.max(last + 1, n - 1));
  for (auto [index, change] : llvm::enumerate(delta))
    peak = std::max(peak, timeline[first + index] + change);
  return peak;
}

LogicalResult MemoryTimeline::reorder(unsigned first, ArrayRef<unsigned> steps,
                                      ArrayRef<ArrayRef<unsigned>> fuse) {
  // The change of the window: that of the last query if it asked for this
  // one (a query is often followed by its reorder), else computed.
  if (!isLastQuery(first, steps, fuse) &&
      !computeWindow(first, steps, fuse, lastQuery.delta, lastQuery.touched)) {
    lastQuery.valid = false;
    return failure();
  }
  lastQuery.valid = false;
  const std::vector<int64_t> &delta = lastQuery.delta;
  const std::vector<Touched> &touched = lastQuery.touched;
  for (ArrayRef<unsigned> members : fuse) {
    // The new group replaces the groups of its members.
    for (unsigned member : members)
      groupMembers[member].clear();
    unsigned name = members.front();
    groupMembers[name].assign(members.begin(), members.end());
    for (unsigned member : members) {
      groupOf[member] = name;
      inGroup[member] = members.size() > 1;
    }
  }
  tree.addEach(first, delta);
  for (auto [index, change] : llvm::enumerate(delta))
    timeline[first + index] += change;
  for (auto [index, step] : llvm::enumerate(steps)) {
    order[first + index] = step;
    position[step] = first + index;
  }
  // The steps now at the touched buffers' ends. Ends outside the window
  // did not move; a buffer without a definition starts at 0 and a live-out
  // one ends at the last position, whatever steps stand there.
  unsigned last = first + steps.size() - 1;
  for (const Touched &entry : touched) {
    const MemoryProblem::Buffer &buffer = problem.buffers[entry.buffer];
    if (buffer.def && entry.newStart >= first && entry.newStart <= last)
      startStep[entry.buffer] = order[entry.newStart];
    if (!buffer.liveOut && entry.newEnd >= first && entry.newEnd <= last)
      endStep[entry.buffer] = order[entry.newEnd];
  }
  return success();
}
