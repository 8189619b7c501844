//===- PeakMemory.cpp - memory timeline and peak of an op order -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/PeakMemory.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::sched;

static constexpr int64_t kNone = RangeMaxTree::kEmpty;

namespace {
/// Range adds to a RangeMaxTree for one trial, taken back together.
class TrialAdds {
public:
  explicit TrialAdds(RangeMaxTree &tree) : tree(tree) {}

  /// Adds `delta` to positions [first, last]; nothing for an empty range or
  /// a zero delta.
  void add(unsigned first, unsigned last, int64_t delta) {
    if (first > last || !delta)
      return;
    tree.add(first, last, delta);
    adds.push_back({first, last, delta});
  }

  /// Takes back every add, in the order they were made.
  void undo() {
    for (auto [first, last, delta] : adds)
      tree.add(first, last, -delta);
    adds.clear();
  }

private:
  RangeMaxTree &tree;
  SmallVector<std::tuple<unsigned, unsigned, int64_t>> adds;
};
} // namespace

//===----------------------------------------------------------------------===//
// computePeak
//===----------------------------------------------------------------------===//

/// Returns the first and last positions at which `buffer` is live in an
/// order of `n` steps whose position of each step is `position`: from its
/// definition (or the start) to its last use (or the end, if live out).
static std::pair<unsigned, unsigned>
getBufferLiveRange(const MemoryProblem::Buffer &buffer,
                   ArrayRef<unsigned> position, unsigned n) {
  unsigned first = buffer.def ? position[*buffer.def] : 0;
  unsigned last = first;
  for (unsigned use : buffer.uses)
    last = std::max(last, position[use]);
  if (buffer.liveOut)
    last = n - 1;
  return {first, last};
}

int64_t mlir::sched::computePeak(const MemoryProblem &problem,
                                 ArrayRef<unsigned> order) {
  unsigned n = order.size();
  if (!n)
    return 0;
  std::vector<unsigned> position(problem.numSteps, 0);
  for (auto [pos, step] : llvm::enumerate(order))
    position[step] = pos;
  // The same difference array as MemoryProfile's timeline.
  std::vector<int64_t> diff(n + 1, 0);
  for (const MemoryProblem::Buffer &buffer : problem.buffers) {
    auto [first, last] = getBufferLiveRange(buffer, position, n);
    diff[first] += buffer.size;
    diff[last + 1] -= buffer.size;
  }
  int64_t current = 0, peak = std::numeric_limits<int64_t>::min();
  for (unsigned t = 0; t < n; ++t) {
    current += diff[t];
    peak = std::max(peak, current);
  }
  return peak;
}

//===----------------------------------------------------------------------===//
// MemoryProfile
//===----------------------------------------------------------------------===//

MemoryProfile::MemoryProfile(const MemoryProblem &problem,
                             ArrayRef<unsigned> orderRef)
    : problem(problem), order(orderRef.begin(), orderRef.end()) {
  unsigned n = order.size();
  position.assign(problem.numSteps, 0);
  for (auto [pos, step] : llvm::enumerate(order))
    position[step] = pos;
  timeline.assign(n, 0);
  startSum.assign(n, 0);
  endSum.assign(n, 0);
  unsigned numBuffers = problem.buffers.size();
  start.assign(numBuffers, 0);
  end.assign(numBuffers, 0);
  if (!n)
    return;

  std::vector<int64_t> diff(n + 1, 0);
  for (unsigned b = 0; b < numBuffers; ++b) {
    const MemoryProblem::Buffer &buffer = problem.buffers[b];
    auto [first, last] = getBufferLiveRange(buffer, position, n);
    start[b] = first;
    end[b] = last;
    if (!buffer.def && buffer.uses.empty() && !buffer.liveOut)
      unusedEntrySum += buffer.size;
    diff[first] += buffer.size;
    diff[last + 1] -= buffer.size;
    if (buffer.def)
      startSum[first] += buffer.size;
    // Live-out buffers never end before the last step, wherever ops move.
    if (!buffer.liveOut)
      endSum[last] += buffer.size;
  }
  int64_t current = 0;
  for (unsigned t = 0; t < n; ++t) {
    current += diff[t];
    timeline[t] = current;
  }
  peak = *std::max_element(timeline.begin(), timeline.end());
  peakPosition =
      std::find(timeline.begin(), timeline.end(), peak) - timeline.begin();
  prefixMax.assign(n, 0);
  suffixMax.assign(n, 0);
  for (unsigned t = 0; t < n; ++t)
    prefixMax[t] = t ? std::max(prefixMax[t - 1], timeline[t]) : timeline[t];
  for (unsigned t = n; t-- > 0;)
    suffixMax[t] =
        t + 1 < n ? std::max(suffixMax[t + 1], timeline[t]) : timeline[t];
}

void MemoryProfile::buildStepBuffers() const {
  if (stepBuffersBuilt)
    return;
  stepBuffersBuilt = true;
  defined.assign(problem.numSteps, {});
  used.assign(problem.numSteps, {});
  for (auto [b, buffer] : llvm::enumerate(problem.buffers)) {
    if (buffer.def)
      defined[*buffer.def].push_back(b);
    for (unsigned use : buffer.uses)
      if (use != buffer.def && !llvm::is_contained(used[use], b))
        used[use].push_back(b);
  }
}

SmallVector<unsigned> MemoryProfile::getBuffersLiveAtPeak() const {
  SmallVector<unsigned> live;
  if (order.empty())
    return live;
  for (unsigned b = 0, e = problem.buffers.size(); b < e; ++b)
    if (start[b] <= peakPosition && peakPosition <= end[b] &&
        problem.buffers[b].size)
      live.push_back(b);
  return live;
}

std::optional<unsigned> MemoryProfile::lastOtherUse(unsigned buffer,
                                                    unsigned step) const {
  std::optional<unsigned> last;
  for (unsigned use : problem.buffers[buffer].uses)
    if (use != step)
      last = std::max(last.value_or(0), position[use]);
  return last;
}

std::optional<MemoryProfile::LaterMove>
MemoryProfile::evaluateLaterMove(unsigned step, unsigned p) const {
  buildStepBuffers();
  unsigned i = position[step];
  // Legality: the inputs are defined before `i` already; every other user
  // of the outputs must stay after `p`.
  for (unsigned b : defined[step])
    for (unsigned use : problem.buffers[b].uses)
      if (use != step && position[use] <= p)
        return std::nullopt;
  RangeMaxTree &maxima = getTree();
  TrialAdds trial(maxima);
  // New positions [i, p - 1] hold the ops of old positions [i + 1, p].
  for (unsigned o : defined[step])
    trial.add(i + 1, std::min(end[o], p), -problem.buffers[o].size);
  for (unsigned b : used[step])
    if (end[b] < p)
      trial.add(end[b] + 1, p, problem.buffers[b].size);
  // Unused arguments are live at position 0 whatever runs there.
  if (i == 0)
    trial.add(1, 1, unusedEntrySum);
  LaterMove move;
  move.windowMax = p > i ? maxima.max(i + 1, p) : kNone;
  trial.undo();
  // While `step` runs at p.
  move.atNew = timeline[p];
  if (p == i)
    return move;
  move.atNew -= endSum[p];
  for (unsigned b : used[step])
    if (!problem.buffers[b].liveOut && end[b] <= p)
      move.atNew += problem.buffers[b].size;
  for (unsigned o : defined[step])
    if (end[o] < p)
      move.atNew += problem.buffers[o].size;
  return move;
}

std::optional<int64_t> MemoryProfile::getPeakIfFused(unsigned first,
                                                     unsigned second) const {
  buildStepBuffers();
  unsigned i = position[first], j = position[second];
  if (i >= j)
    return std::nullopt;
  // Move `first` just before `second`.
  std::optional<LaterMove> move = evaluateLaterMove(first, j - 1);
  if (!move)
    return std::nullopt;
  // The fused step holds what is live while `first` runs plus what `second`
  // creates, minus the buffers that only pass from `first` to `second`.
  int64_t fused = move->atNew;
  for (unsigned o : defined[second])
    fused += problem.buffers[o].size;
  for (unsigned o : defined[first]) {
    const MemoryProblem::Buffer &buffer = problem.buffers[o];
    if (!buffer.liveOut && llvm::all_of(buffer.uses, [&](unsigned use) {
          return use == first || use == second;
        }))
      fused -= buffer.size;
  }
  unsigned n = order.size();
  int64_t result = std::max(fused, move->windowMax);
  if (i > 0)
    result = std::max(result, prefixMax[i - 1]);
  if (j + 1 < n)
    result = std::max(result, suffixMax[j + 1]);
  return result;
}

std::optional<int64_t> MemoryProfile::getPeakIfMoved(unsigned step,
                                                     unsigned newPos) const {
  unsigned n = order.size();
  unsigned i = position[step];
  if (newPos >= n)
    return std::nullopt;
  if (newPos == i)
    return peak;
  buildStepBuffers();
  unsigned p = newPos;
  bool later = p > i;
  // Position of the op at old position `q` once `step` moved.
  auto moved = [&](unsigned q) -> unsigned {
    if (q == i)
      return p;
    if (later && q > i && q <= p)
      return q - 1;
    if (!later && q >= p && q < i)
      return q + 1;
    return q;
  };

  // The move must keep every buffer defined before it is used.
  for (unsigned b : used[step]) {
    const MemoryProblem::Buffer &buffer = problem.buffers[b];
    if (buffer.def && moved(position[*buffer.def]) >= p)
      return std::nullopt;
  }
  for (unsigned b : defined[step])
    for (unsigned use : problem.buffers[b].uses)
      if (use != step && moved(position[use]) <= p)
        return std::nullopt;

  int64_t result = kNone;
  unsigned lo = std::min(i, p), hi = std::max(i, p);
  if (lo > 0)
    result = std::max(result, prefixMax[lo - 1]);
  if (hi + 1 < n)
    result = std::max(result, suffixMax[hi + 1]);

  // New end of an input buffer of `step` once it moved.
  auto newEnd = [&](unsigned b) -> unsigned {
    const MemoryProblem::Buffer &buffer = problem.buffers[b];
    if (buffer.liveOut)
      return n - 1;
    unsigned last = p;
    if (std::optional<unsigned> other = lastOtherUse(b, step))
      last = std::max(last, moved(*other));
    return last;
  };

  RangeMaxTree &maxima = getTree();
  TrialAdds trial(maxima);

  int64_t atNew;
  if (later) {
    std::optional<LaterMove> move = evaluateLaterMove(step, p);
    if (!move)
      return std::nullopt;
    result = std::max(result, move->windowMax);
    atNew = move->atNew;
  } else {
    // New positions [p + 1, i] hold the ops of old positions [p, i - 1].
    for (unsigned o : defined[step])
      if (end[o] > i || problem.buffers[o].liveOut)
        trial.add(p, i - 1, problem.buffers[o].size);
    for (unsigned b : used[step]) {
      unsigned last = newEnd(b);
      if (last < i)
        trial.add(last, i - 1, -problem.buffers[b].size);
    }
    if (p == 0)
      trial.add(0, 0, -unusedEntrySum);
    result = std::max(result, maxima.max(p, i - 1));
    atNew = timeline[p] - startSum[p];
    for (unsigned o : defined[step])
      atNew += problem.buffers[o].size;
  }
  trial.undo();
  return std::max(result, atNew);
}
