//===- CriticalPathScheduler.cpp - critical-path list scheduler -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/CriticalPathScheduler.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace mlir::sched;

/// How many ready compute ops, by priority, the scheduler tries against the
/// memory budget before it falls back.
static constexpr unsigned kMemoryScan = 16;

std::vector<unsigned>
mlir::sched::interleavedRanks(const BlockSimulation &sim,
                              const DependenceGraph &graph) {
  const std::vector<SimOp> &ops = sim.simOps;
  unsigned n = ops.size();
  if (n < 2)
    return {};
  unsigned terminator = n - 1;
  constexpr unsigned kNone = ~0u;
  auto isCompute = [&](unsigned s) {
    return ops[s].kind == SimOp::Kind::Compute;
  };
  // The predecessors of a step: the graph's, and a wait's start.
  auto forEachPred = [&](unsigned step, auto fn) {
    for (unsigned pred : graph.getPreds(step))
      fn(pred);
    if (ops[step].kind == SimOp::Kind::Wait && ops[step].start < step &&
        !llvm::is_contained(graph.getPreds(step), ops[step].start))
      fn(ops[step].start);
  };

  // Micro-batches: the last seed each step depends on (steps are in a
  // topological order, the input's).
  std::vector<unsigned> batch(n, kNone);
  unsigned numBatches = 0;
  for (unsigned step = 0; step < terminator; ++step) {
    unsigned last = kNone;
    forEachPred(step, [&](unsigned pred) {
      if (batch[pred] != kNone && (last == kNone || batch[pred] > last))
        last = batch[pred];
    });
    if (last != kNone)
      batch[step] = last;
    else if (isCompute(step))
      batch[step] = numBatches++;
  }
  if (numBatches < 2)
    return {};

  // Each micro-batch's steps in input order, and each step's index there.
  std::vector<SmallVector<unsigned>> members(numBatches);
  std::vector<unsigned> local(n, 0);
  for (unsigned step = 0; step < terminator; ++step)
    if (batch[step] != kNone) {
      local[step] = members[batch[step]].size();
      members[batch[step]].push_back(step);
    }
  // The last local use of each step's value within its micro-batch.
  std::vector<unsigned> lastUse(n, kNone);
  for (unsigned step = 0; step < terminator; ++step)
    if (batch[step] != kNone)
      forEachPred(step, [&](unsigned pred) {
        if (batch[pred] == batch[step] &&
            (lastUse[pred] == kNone || local[step] > lastUse[pred]))
          lastUse[pred] = local[step];
      });

  // The split of each micro-batch: the first local position that most of
  // its own values (defined before it, used at or after it) live across.
  std::vector<double> key(n, 0);
  unsigned numFound = 0;
  for (ArrayRef<unsigned> steps : members) {
    unsigned m = steps.size();
    std::vector<int64_t> change(m + 1, 0);
    for (unsigned step : steps)
      if (lastUse[step] != kNone) {
        ++change[local[step] + 1];
        --change[lastUse[step] + 1];
      }
    unsigned split = 0;
    int64_t liveValues = 0, best = 0;
    for (unsigned p = 0; p < m; ++p) {
      liveValues += change[p];
      if (liveValues > best) {
        best = liveValues;
        split = p;
      }
    }
    // No value of its own lives across any of its ops: not a micro-batch
    // (no forward and backward); its steps are shared.
    if (best == 0) {
      for (unsigned step : steps)
        batch[step] = kNone;
      continue;
    }
    // Micro-batches in seed order, those found only.
    double phase = numFound++;
    // Segments [0, split) and [split, m): the forward ends before the op
    // that the saved values live across.
    double forward = 0, backward = 0;
    for (unsigned p = 0; p < m; ++p)
      if (isCompute(steps[p]))
        (p < split ? forward : backward) += ops[steps[p]].durationUs;
    double doneForward = 0, doneBackward = 0;
    for (unsigned p = 0; p < m; ++p) {
      unsigned step = steps[p];
      if (p < split)
        key[step] = phase + (forward > 0 ? doneForward / forward : 0);
      else
        key[step] = phase + 1 + (backward > 0 ? doneBackward / backward : 0);
      if (isCompute(step))
        (p < split ? doneForward : doneBackward) += ops[step].durationUs;
    }
  }
  if (numFound < 2)
    return {};
  // Shared steps: the smallest key of their successors (a start's wait
  // included).
  std::vector<unsigned> waitOf(n, n);
  for (unsigned step = 0; step < n; ++step)
    if (ops[step].kind == SimOp::Kind::Wait && ops[step].start < n)
      waitOf[ops[step].start] = step;
  key[terminator] = numBatches + 2;
  for (unsigned step = terminator; step-- > 0;) {
    if (batch[step] != kNone)
      continue;
    double best = numBatches + 2;
    for (unsigned succ : graph.getSuccs(step))
      best = std::min(best, key[succ]);
    if (waitOf[step] < n)
      best = std::min(best, key[waitOf[step]]);
    key[step] = best;
  }
  std::vector<unsigned> byKey(n);
  std::iota(byKey.begin(), byKey.end(), 0u);
  std::stable_sort(byKey.begin(), byKey.end(),
                   [&](unsigned a, unsigned b) { return key[a] < key[b]; });
  std::vector<unsigned> rank(n);
  for (auto [r, step] : llvm::enumerate(byKey))
    rank[step] = r;
  return rank;
}

//===----------------------------------------------------------------------===//
// RankPriority
//===----------------------------------------------------------------------===//

std::optional<RankPriority>
RankPriority::create(const ScheduleProblem &p, CriticalPathPriority priority) {
  // The priority rank of each step (0 is the highest): its input position,
  // by bottom level, or by the interleaved plan, ties to the lower step.
  unsigned n = p.size();
  std::vector<unsigned> rank(n);
  std::iota(rank.begin(), rank.end(), 0u);
  if (priority == CriticalPathPriority::Interleaved) {
    rank = interleavedRanks(p.getSimulation(), p.getGraph());
    if (rank.empty())
      return std::nullopt;
    return RankPriority(std::move(rank));
  }
  if (priority == CriticalPathPriority::InputOrder)
    return RankPriority(std::move(rank));
  std::vector<double> level = computeBottomLevels(p);
  // Sinks last: below every other step (whose levels are at least 0), in
  // input order among themselves.
  if (priority == CriticalPathPriority::BottomLevelSinksLast)
    for (unsigned step = 0; step < n; ++step)
      if (p.isSink(step))
        level[step] = -1;
  std::vector<unsigned> byPriority(n);
  std::iota(byPriority.begin(), byPriority.end(), 0u);
  std::stable_sort(byPriority.begin(), byPriority.end(),
                   [&](unsigned a, unsigned b) { return level[a] > level[b]; });
  for (auto [r, step] : llvm::enumerate(byPriority))
    rank[step] = r;
  return RankPriority(std::move(rank));
}

//===----------------------------------------------------------------------===//
// MemoryScanDeferral
//===----------------------------------------------------------------------===//

void MemoryScanDeferral::onReady(unsigned step) {
  readyByAllocation.insert({p.getAllocatedBytes(step), step});
}

void MemoryScanDeferral::onPlaced(unsigned step) {
  readyByAllocation.erase({p.getAllocatedBytes(step), step});
}

unsigned MemoryScanDeferral::chooseCompute(const ListEngine &engine) const {
  const MemoryWindow &memory = engine.getMemory();
  int64_t budget = engine.getOptions().budget;
  const std::set<PriorityKey> &ready = engine.getReadyCompute();
  unsigned scanned = 0;
  for (auto it = ready.begin(); it != ready.end() && scanned < kMemoryScan;
       ++it, ++scanned)
    if (memory.fits(it->second, budget))
      return it->second;
  // Nothing fits: the first op of the input order that is not placed yet,
  // if ready (it runs ahead of nothing); else a wait, which lets it become
  // ready; else the op that allocates least.
  unsigned n = p.size();
  unsigned frontier = memory.getFrontier();
  if (frontier < n && engine.getMissing(frontier) == 0 && !p.isWait(frontier) &&
      frontier != p.getTerminator())
    return frontier;
  return n;
}

void MemoryScanDeferral::runCompute(ListEngine &engine) {
  unsigned n = p.size();
  unsigned chosen = chooseCompute(engine);
  if (chosen == n) {
    unsigned wait = engine.getEarliestWait([](unsigned) { return true; });
    if (wait < n) {
      engine.place(wait);
      return;
    }
    chosen = readyByAllocation.begin()->second;
  }
  engine.place(chosen);
}

//===----------------------------------------------------------------------===//
// scheduleCriticalPath
//===----------------------------------------------------------------------===//

CriticalPathSchedule mlir::sched::scheduleCriticalPath(
    const ScheduleProblem &problem, CriticalPathPriority priority,
    int64_t maxInFlight, int64_t budget, bool keepOrder, unsigned gatherCap,
    ArrayRef<int64_t> maxInFlightBytes, bool holdForUrgentStart,
    bool waitForUnblockedStart) {
  if (problem.size() == 0)
    return {};
  std::optional<RankPriority> ranks = RankPriority::create(problem, priority);
  if (!ranks) {
    // No micro-batches: nothing to try.
    CriticalPathSchedule none;
    none.delays.assign(problem.size(), ScheduleDelay::None);
    return none;
  }
  // The window (MemoryWindow.h): an op placed ahead of unplaced ops of the
  // input order is charged, at their positions, what it allocates and keeps
  // less what it is the last user of; it is placed only if the window stays
  // within the budget, so the input order of the rest is always a way to
  // finish within it. A wait placed ahead is credited the buffers it is the
  // last user of (the collective's input, a reduce_scatter's full-size
  // gradient): without the credit, each collective of a micro-batch run
  // ahead of another would keep its input charged at every position it
  // passed.
  //
  // Shared starts (the weight gathers) are found with a cap or the
  // interleaved priority (which reports how many were ahead at most).
  EngineOptions options(maxInFlight, budget, keepOrder);
  options.maxInFlightBytes.assign(maxInFlightBytes.begin(),
                                  maxInFlightBytes.end());
  options.rules.overdueFirst = true;
  options.rules.forceWithinCapFirst = true;
  options.rules.holdForUrgentStart = holdForUrgentStart;
  options.rules.waitForUnblockedStart = waitForUnblockedStart;
  std::optional<GatherCap> gathers;
  if (gatherCap != kNoGatherCap ||
      priority == CriticalPathPriority::Interleaved)
    gathers.emplace(problem, gatherCap);
  MemoryScanDeferral deferral(problem);
  ListEngine engine(problem, options, *ranks, deferral,
                    gathers ? &*gathers : nullptr);
  CriticalPathSchedule result;
  result.order = engine.run();
  result.delays = engine.takeDelays();
  if (gathers)
    result.maxGathersAhead = gathers->getMaxAhead();
  return result;
}

CriticalPathSchedule mlir::sched::scheduleCriticalPath(
    const BlockSimulation &sim, const DependenceGraph &graph,
    const MemoryProblem &memory, ArrayRef<int64_t> inputMemory,
    CriticalPathPriority priority, int64_t maxInFlight, int64_t budget,
    bool keepOrder, unsigned gatherCap) {
  ScheduleProblem problem(sim, graph, memory, inputMemory);
  return scheduleCriticalPath(problem, priority, maxInFlight, budget, keepOrder,
                              gatherCap);
}
