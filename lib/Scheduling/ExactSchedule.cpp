//===- ExactSchedule.cpp - optimal orders of small blocks -----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The search places one ready op at a time (all its predecessors placed)
// and simulates incrementally: the compute stream's clock, each
// communication stream's free time, and the end of every issued collective.
// The makespan of any completion of a partial order only grows with each of
// these (the simulation is made of max and +), which gives both prunings:
//
// * Bounds. The rest of the ops is a block of its own once the state is
//   written as ops that come first: a compute op as long as the clock that
//   every remaining op depends on, on each stream a collective as long as
//   its free time that every remaining start on it depends on, and for every
//   collective in flight one on a stream of its own, as long as its end,
//   that its wait waits for. Every completion of the partial order is an
//   order of that block with the same makespan, so its proven lower bounds
//   (LowerBounds.h) bound every completion; a cheaper bound (the clock plus
//   the remaining compute, each stream plus its remaining collectives, the
//   remaining critical path) is tried first.
// * Dominance. Two partial orders of the same set of ops have the same
//   collectives in flight; if one is no later in every component of the
//   state, its best completion is no slower, and the other is dropped.
//
// Two choices are made without branching, as they cannot lose: a ready wait
// whose collective has ended, and a ready compute op of no time, are placed
// at once (placing them later can only delay what they enable).
//
// Under a memory budget the search places an op only where the bytes live
// while it runs (PeakMemory.h's alloc/run/free model, kept incrementally)
// stay within the budget, and the prunings stay sound:
//
// * Bounds of the unconstrained rest bound its constrained completions too
//   (fewer orders); the ops that must precede others under the budget
//   (computeMemoryPredecessors) only remove orders that do not fit.
// * Dominance: the live bytes after a partial order depend only on its set
//   of ops, so two partial orders of the same set have the same completions
//   within the budget.
// * A free choice is taken without branching only if it fits and does not
//   grow the bytes live after it (it frees at least what it keeps): moved
//   first, it then adds no bytes to the steps it overtakes.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/ExactSchedule.h"
#include "sched/Analysis/LowerBounds.h"
#include "sched/Analysis/MemoryBound.h"
#include "sched/Scheduling/StepBuffers.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <unordered_map>

using namespace mlir;
using namespace mlir::sched;

namespace {
using Kind = SimOp::Kind;

/// The depth-first branch-and-bound over the orders of one block.
class ExactSearch {
public:
  /// Searches the orders of `ops`; with `buffers` (the index of
  /// `options.memory`), those within `options.memoryBudget`, where each op
  /// also comes after `extraPreds` (bit masks, one per op).
  ExactSearch(ArrayRef<SimOp> ops, const ExactScheduleOptions &options,
              const StepBuffers *buffers, ArrayRef<uint64_t> extraPreds);

  /// Searches from the empty order with `bestUs` (of `bestOrder`) the best
  /// known; returns whether the search finished within its limits.
  bool run(double bestUs, ArrayRef<unsigned> bestOrder);

  double getBestUs() const { return bestUs; }
  ArrayRef<unsigned> getBestOrder() const { return bestOrder; }
  uint64_t getNodes() const { return nodes; }

private:
  void search();
  /// Whether the cheap bound, or the proven bounds of the rest, reach the
  /// best known makespan.
  bool cannotImprove(bool strong);
  /// Records the state of the current partial order; returns false if a
  /// recorded state of the same ops dominates it.
  bool recordState();
  /// The ops that may come next (all of them, or the one that is placed
  /// without branching).
  SmallVector<unsigned, 8> getChoices() const;
  /// The rest of the block as ops of its own (see above).
  std::vector<SimOp> buildRest() const;
  bool isPending(unsigned start) const;
  /// The bytes live while `pos` runs next, and by how much it changes the
  /// bytes live after it (0 and 0 without a memory budget).
  int64_t getStepBytes(unsigned pos) const;
  int64_t getLiveChange(unsigned pos) const;
  /// Places `pos` in the memory state, or takes it back.
  void placeMemory(unsigned pos);
  void unplaceMemory(unsigned pos);

  ArrayRef<SimOp> ops;
  const ExactScheduleOptions &options;
  unsigned n, numStreams = 0;
  std::vector<uint64_t> predMask;
  uint64_t fullMask;
  /// Starts: the waits that name them.
  std::vector<uint64_t> waitMask;

  // The current partial order and its simulation state.
  uint64_t placed = 0;
  std::vector<unsigned> order;
  double now = 0;
  std::vector<double> streamFree, collectiveEnd;
  double remainingCompute = 0;
  std::vector<double> remainingComm;
  // The memory state: bytes live after the partial order, and the users of
  // each buffer not placed yet.
  const StepBuffers *buffers;
  int64_t live = 0;
  std::vector<unsigned> remainingUsers;

  double bestUs = std::numeric_limits<double>::infinity();
  std::vector<unsigned> bestOrder;
  uint64_t nodes = 0, numStates = 0;
  bool stopped = false;
  /// Recorded states by set of placed ops; only looked up, never iterated.
  std::unordered_map<uint64_t, std::vector<std::vector<double>>> states;
};
} // namespace

ExactSearch::ExactSearch(ArrayRef<SimOp> ops,
                         const ExactScheduleOptions &options,
                         const StepBuffers *buffers,
                         ArrayRef<uint64_t> extraPreds)
    : ops(ops), options(options), n(ops.size()), buffers(buffers) {
  fullMask = n == 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
  predMask.assign(n, 0);
  if (!extraPreds.empty())
    predMask.assign(extraPreds.begin(), extraPreds.end());
  waitMask.assign(n, 0);
  if (buffers) {
    const MemoryProblem &memory = *options.memory;
    remainingUsers.resize(memory.buffers.size());
    for (auto [b, buffer] : llvm::enumerate(memory.buffers)) {
      remainingUsers[b] = buffers->users[b].size();
      if (!buffer.def && (buffer.liveOut || remainingUsers[b] > 0))
        live += buffer.size;
    }
  }
  for (auto [pos, op] : llvm::enumerate(ops)) {
    for (unsigned dep : op.deps)
      predMask[pos] |= uint64_t(1) << dep;
    if (op.kind == Kind::Wait) {
      predMask[pos] |= uint64_t(1) << op.start;
      waitMask[op.start] |= uint64_t(1) << pos;
    }
    if (op.kind == Kind::Start)
      numStreams = std::max(numStreams, op.stream + 1);
  }
  streamFree.assign(numStreams, 0);
  collectiveEnd.assign(n, 0);
  remainingComm.assign(numStreams, 0);
  for (const SimOp &op : ops) {
    if (op.kind == Kind::Compute)
      remainingCompute += op.durationUs;
    else if (op.kind == Kind::Start)
      remainingComm[op.stream] += op.durationUs;
  }
}

bool ExactSearch::run(double knownUs, ArrayRef<unsigned> knownOrder) {
  bestUs = knownUs;
  bestOrder.assign(knownOrder.begin(), knownOrder.end());
  search();
  return !stopped;
}

bool ExactSearch::isPending(unsigned start) const {
  return ((placed >> start) & 1) && (waitMask[start] & ~placed);
}

int64_t ExactSearch::getStepBytes(unsigned pos) const {
  if (!buffers)
    return 0;
  return live + buffers->allocated[pos] +
         (order.empty() ? buffers->unusedEntry : 0);
}

int64_t ExactSearch::getLiveChange(unsigned pos) const {
  if (!buffers)
    return 0;
  const MemoryProblem &memory = *options.memory;
  int64_t change = 0;
  for (unsigned b : buffers->defined[pos])
    if (memory.buffers[b].liveOut || remainingUsers[b] > 0)
      change += memory.buffers[b].size;
  for (unsigned b : buffers->used[pos])
    if (remainingUsers[b] == 1 && !memory.buffers[b].liveOut)
      change -= memory.buffers[b].size;
  return change;
}

void ExactSearch::placeMemory(unsigned pos) {
  if (!buffers)
    return;
  live += getLiveChange(pos);
  for (unsigned b : buffers->used[pos])
    --remainingUsers[b];
}

void ExactSearch::unplaceMemory(unsigned pos) {
  if (!buffers)
    return;
  for (unsigned b : buffers->used[pos])
    ++remainingUsers[b];
  live -= getLiveChange(pos);
}

std::vector<SimOp> ExactSearch::buildRest() const {
  std::vector<SimOp> rest;
  std::vector<unsigned> newPos(n, ~0u);
  // Each stream's free time, before the remaining starts on it.
  std::vector<unsigned> streamOp(numStreams, ~0u);
  for (unsigned s = 0; s < numStreams; ++s)
    if (streamFree[s] > 0 && remainingComm[s] > 0) {
      streamOp[s] = rest.size();
      SimOp op;
      op.kind = Kind::Start;
      op.stream = s;
      op.durationUs = streamFree[s];
      rest.push_back(op);
    }
  // Collectives in flight, each on a stream of its own.
  unsigned nextStream = numStreams;
  for (unsigned pos = 0; pos < n; ++pos)
    if (isPending(pos)) {
      newPos[pos] = rest.size();
      SimOp op;
      op.kind = Kind::Start;
      op.stream = nextStream++;
      op.durationUs = collectiveEnd[pos];
      rest.push_back(op);
    }
  unsigned clock = rest.size();
  SimOp clockOp;
  clockOp.durationUs = now;
  rest.push_back(clockOp);
  for (unsigned pos = 0; pos < n; ++pos) {
    if ((placed >> pos) & 1)
      continue;
    SimOp op = ops[pos];
    op.deps.clear();
    for (unsigned dep : ops[pos].deps)
      if (!((placed >> dep) & 1))
        op.deps.push_back(newPos[dep]);
    op.deps.push_back(clock);
    if (op.kind == Kind::Start && streamOp[op.stream] != ~0u)
      op.deps.push_back(streamOp[op.stream]);
    if (op.kind == Kind::Wait)
      op.start = newPos[op.start];
    newPos[pos] = rest.size();
    rest.push_back(std::move(op));
  }
  return rest;
}

bool ExactSearch::cannotImprove(bool strong) {
  double margin = bestUs * (1 - 1e-9);
  double bound = now + remainingCompute;
  for (unsigned s = 0; s < numStreams; ++s)
    bound =
        std::max(bound, remainingComm[s] > 0
                            ? std::max(streamFree[s], now) + remainingComm[s]
                            : streamFree[s]);
  // The remaining critical path: every remaining op begins after `now`.
  std::vector<double> finish(n, now);
  for (unsigned pos = 0; pos < n && bound < margin; ++pos) {
    if ((placed >> pos) & 1)
      continue;
    const SimOp &op = ops[pos];
    double ready = now;
    for (unsigned dep : op.deps)
      ready = std::max(ready, finish[dep]);
    if (op.kind == Kind::Compute) {
      finish[pos] = ready + op.durationUs;
    } else if (op.kind == Kind::Start) {
      finish[pos] = ready;
      collectiveEnd[pos] =
          std::max(ready, streamFree[op.stream]) + op.durationUs;
      bound = std::max(bound, collectiveEnd[pos]);
    } else {
      finish[pos] = std::max(ready, collectiveEnd[op.start]);
    }
    bound = std::max(bound, finish[pos]);
  }
  // Restore the ends of the unplaced starts (only placed ones are state).
  for (unsigned pos = 0; pos < n; ++pos)
    if (!((placed >> pos) & 1))
      collectiveEnd[pos] = 0;
  if (bound >= margin)
    return true;
  if (!strong)
    return false;
  FailureOr<LowerBounds> rest = computeLowerBounds(buildRest());
  return succeeded(rest) && rest->getBestUs() >= margin;
}

bool ExactSearch::recordState() {
  std::vector<double> state = {now};
  llvm::append_range(state, streamFree);
  for (unsigned pos = 0; pos < n; ++pos)
    if (isPending(pos))
      state.push_back(collectiveEnd[pos]);
  std::vector<std::vector<double>> &seen = states[placed];
  auto noLater = [](ArrayRef<double> a, ArrayRef<double> b) {
    for (auto [x, y] : llvm::zip_equal(a, b))
      if (x > y + 1e-12 * std::max(1.0, std::abs(y)))
        return false;
    return true;
  };
  for (const std::vector<double> &other : seen)
    if (noLater(other, state))
      return false;
  size_t before = seen.size();
  llvm::erase_if(seen, [&](const std::vector<double> &other) {
    return noLater(state, other);
  });
  numStates -= before - seen.size();
  if (numStates < options.maxStates) {
    seen.push_back(std::move(state));
    ++numStates;
  }
  return true;
}

SmallVector<unsigned, 8> ExactSearch::getChoices() const {
  SmallVector<unsigned, 8> ready;
  for (unsigned pos = 0; pos < n; ++pos) {
    if (((placed >> pos) & 1) || (predMask[pos] & ~placed))
      continue;
    const SimOp &op = ops[pos];
    if (getStepBytes(pos) > options.memoryBudget)
      continue;
    bool free = (op.kind == Kind::Wait && collectiveEnd[op.start] <= now) ||
                (op.kind == Kind::Compute && op.durationUs <= 0);
    if (free && getLiveChange(pos) <= 0)
      return {pos};
    ready.push_back(pos);
  }
  return ready;
}

void ExactSearch::search() {
  if (placed == fullMask) {
    double makespan = now;
    for (double free : streamFree)
      makespan = std::max(makespan, free);
    if (makespan < bestUs) {
      bestUs = makespan;
      bestOrder = order;
    }
    return;
  }
  if (nodes >= options.maxNodes) {
    stopped = true;
    return;
  }
  ++nodes;
  if (cannotImprove(/*strong=*/false) || !recordState() ||
      cannotImprove(/*strong=*/true))
    return;
  for (unsigned pos : getChoices()) {
    const SimOp &op = ops[pos];
    double savedNow = now, savedFree = 0;
    if (op.kind == Kind::Compute) {
      now += op.durationUs;
      remainingCompute -= op.durationUs;
    } else if (op.kind == Kind::Start) {
      savedFree = streamFree[op.stream];
      collectiveEnd[pos] = std::max(now, savedFree) + op.durationUs;
      streamFree[op.stream] = collectiveEnd[pos];
      remainingComm[op.stream] -= op.durationUs;
    } else {
      now = std::max(now, collectiveEnd[op.start]);
    }
    placeMemory(pos);
    placed |= uint64_t(1) << pos;
    order.push_back(pos);
    search();
    order.pop_back();
    placed &= ~(uint64_t(1) << pos);
    unplaceMemory(pos);
    now = savedNow;
    if (op.kind == Kind::Compute) {
      remainingCompute += op.durationUs;
    } else if (op.kind == Kind::Start) {
      streamFree[op.stream] = savedFree;
      collectiveEnd[pos] = 0;
      remainingComm[op.stream] += op.durationUs;
    }
    if (stopped)
      return;
  }
}

FailureOr<std::vector<uint64_t>> mlir::sched::computeMemoryPredecessors(
    ArrayRef<SimOp> ops, const MemoryProblem &memory, int64_t budget) {
  unsigned n = ops.size();
  if (n > kMaxExactOps || memory.numSteps != n)
    return failure();
  // Every round adds an edge or stops: n + 1 rounds find all of them.
  FailureOr<ForcedOrder> forced =
      computeForcedOrder(ops, memory, budget, /*maxRounds=*/n + 1);
  if (failed(forced))
    return failure();
  std::vector<uint64_t> preds(n, 0);
  if (forced->infeasible) {
    // No order fits: mark the first op its own predecessor.
    preds[0] |= 1;
    return preds;
  }
  std::vector<unsigned> newPos;
  std::vector<SimOp> sorted = withForcedOrder(ops, *forced, &newPos);
  std::vector<unsigned> oldPos(n);
  for (unsigned pos = 0; pos < n; ++pos)
    oldPos[newPos[pos]] = pos;
  // Closed in topological order: a predecessor's row is complete first.
  for (auto [index, op] : llvm::enumerate(sorted)) {
    uint64_t &row = preds[oldPos[index]];
    SmallVector<unsigned, 4> direct(op.deps.begin(), op.deps.end());
    if (op.kind == SimOp::Kind::Wait)
      direct.push_back(op.start);
    for (unsigned dep : direct)
      row |= preds[oldPos[dep]] | (uint64_t(1) << oldPos[dep]);
  }
  return preds;
}

/// Whether some op of `preds` (closed) is its own predecessor.
static bool hasCycle(ArrayRef<uint64_t> preds) {
  for (auto [pos, mask] : llvm::enumerate(preds))
    if ((mask >> pos) & 1)
      return true;
  return false;
}

/// Returns `ops` with `preds` (closed, acyclic) as their dependences, in a
/// topological order of them (the least position first).
static std::vector<SimOp> withPredecessors(ArrayRef<SimOp> ops,
                                           ArrayRef<uint64_t> preds) {
  unsigned n = ops.size();
  std::vector<unsigned> newPos(n, ~0u);
  std::vector<SimOp> result;
  uint64_t done = 0;
  while (result.size() < n) {
    unsigned pos = 0;
    while (((done >> pos) & 1) || (preds[pos] & ~done))
      ++pos;
    done |= uint64_t(1) << pos;
    newPos[pos] = result.size();
    SimOp op = ops[pos];
    op.deps.clear();
    for (unsigned dep = 0; dep < n; ++dep)
      if ((preds[pos] >> dep) & 1)
        op.deps.push_back(dep);
    result.push_back(std::move(op));
  }
  for (SimOp &op : result) {
    for (unsigned &dep : op.deps)
      dep = newPos[dep];
    llvm::sort(op.deps);
    if (op.kind == SimOp::Kind::Wait)
      op.start = newPos[op.start];
  }
  return result;
}

FailureOr<double> mlir::sched::computeMemoryAwareBound(
    ArrayRef<SimOp> ops, const MemoryProblem &memory, int64_t budget) {
  if (ops.size() > kMaxExactOps || memory.numSteps != ops.size())
    return failure();
  // Every round adds an edge or stops: n + 1 rounds find all of them.
  return computeMemoryBound(ops, memory, budget, ops.size() + 1);
}

FailureOr<ExactSchedule>
mlir::sched::findExactSchedule(ArrayRef<SimOp> ops,
                               ArrayRef<unsigned> initialOrder,
                               const ExactScheduleOptions &options) {
  if (ops.size() > kMaxExactOps)
    return failure();
  std::vector<unsigned> start(initialOrder.begin(), initialOrder.end());
  if (start.empty()) {
    start.resize(ops.size());
    std::iota(start.begin(), start.end(), 0);
  }
  FailureOr<SimResult> known = simulate(ops, start);
  FailureOr<LowerBounds> bounds = computeLowerBounds(ops);
  if (failed(known) || failed(bounds))
    return failure();
  ExactSchedule result;
  result.lowerBoundUs = bounds->getBestUs();
  double knownUs = known->makespanUs;
  std::vector<uint64_t> preds;
  std::optional<StepBuffers> buffers;
  if (const MemoryProblem *memory = options.memory) {
    FailureOr<std::vector<uint64_t>> memoryPreds =
        computeMemoryPredecessors(ops, *memory, options.memoryBudget);
    if (failed(memoryPreds))
      return failure();
    preds = std::move(*memoryPreds);
    if (hasCycle(preds)) {
      result.feasible = false;
      result.proven = true;
      result.memoryBoundUs = result.lowerBoundUs =
          std::numeric_limits<double>::infinity();
      return result;
    }
    FailureOr<LowerBounds> memoryBounds =
        computeLowerBounds(withPredecessors(ops, preds));
    if (failed(memoryBounds))
      return failure();
    result.memoryBoundUs = memoryBounds->getBestUs();
    result.lowerBoundUs = std::max(result.lowerBoundUs, result.memoryBoundUs);
    buffers.emplace(*memory);
    if (computePeak(*memory, start) > options.memoryBudget) {
      knownUs = std::numeric_limits<double>::infinity();
      start.clear();
    }
  }
  if (!start.empty() && knownUs <= result.lowerBoundUs * (1 + 1e-9)) {
    result.order = std::move(start);
    result.makespanUs = knownUs;
    result.proven = true;
    result.lowerBoundUs = result.makespanUs;
  } else {
    ExactSearch search(ops, options, buffers ? &*buffers : nullptr, preds);
    result.proven = search.run(knownUs, start);
    result.order.assign(search.getBestOrder().begin(),
                        search.getBestOrder().end());
    result.nodes = search.getNodes();
    result.feasible = !result.order.empty() || ops.empty();
    result.makespanUs = result.feasible ? search.getBestUs() : 0;
    if (result.proven)
      result.lowerBoundUs = result.feasible
                                ? result.makespanUs
                                : std::numeric_limits<double>::infinity();
  }
  if (options.memory && result.feasible)
    result.peakBytes = computePeak(*options.memory, result.order);
  return result;
}
