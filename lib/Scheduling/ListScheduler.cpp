//===- ListScheduler.cpp - start early, wait late -------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The list scheduler as a policy set of the ListEngine: StartEarlyPriority
// and FeederFirstDeferral, waits tied by step, a strict window for starts,
// and held-back starts forced regardless of the in-flight cap.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/ListScheduler.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;

/// How many ready compute ops (in input order) the scheduler considers to
/// fill the time until a collective ends.
static constexpr unsigned kFitScan = 16;
/// Time differences below this are ties.
static constexpr double kEpsilonUs = 1e-6;

//===----------------------------------------------------------------------===//
// StartEarlyPriority
//===----------------------------------------------------------------------===//

StartEarlyPriority::StartEarlyPriority(const ScheduleProblem &p) {
  const DependenceGraph &graph = p.getGraph();
  unsigned n = p.size();
  need.assign(n, n);
  for (unsigned start : p.getStarts())
    if (p.getWait(start) < n)
      for (unsigned user : graph.getSuccs(p.getWait(start)))
        need[start] = std::min(need[start], user);
  // A start whose wait frees memory (a reduce_scatter of gradients, whose
  // input dies at the wait) goes out in input order: delaying it would keep
  // its input alive.
  frees.assign(n, false);
  for (const MemoryProblem::Buffer &buffer : p.getMemory().buffers) {
    if (buffer.size == 0 || buffer.liveOut || buffer.uses.empty())
      continue;
    unsigned last = *std::max_element(buffer.uses.begin(), buffer.uses.end());
    if (p.isWait(last) && llvm::is_contained(buffer.uses, p.getOp(last).start))
      frees[p.getOp(last).start] = true;
  }
  // Compute in input order, except that cheap ops on the way to a start
  // (its prologue: casts, flattening) go first, so that the collective can
  // be issued early. A prologue op must not grow memory: pulling forward an
  // op that allocates more than it reads (e.g. a zero-filled gradient
  // buffer) would keep the new buffer alive for longer.
  prologue.assign(n, false);
  for (unsigned step = n; step-- > 0;) {
    if (!p.isCompute(step) || p.getOp(step).durationUs > 0 ||
        !p.hasOperands(step) ||
        p.getAllocatedBytes(step) > p.getReadBytes(step))
      continue;
    for (unsigned succ : graph.getSuccs(step))
      if (p.isStart(succ) || prologue[succ])
        prologue[step] = true;
  }
}

PriorityKey StartEarlyPriority::getStartKey(unsigned start) const {
  if (frees[start])
    return {start, start};
  return {std::min(need[start], start), start};
}

//===----------------------------------------------------------------------===//
// FeederFirstDeferral
//===----------------------------------------------------------------------===//

FeederFirstDeferral::FeederFirstDeferral(const ScheduleProblem &problem,
                                         const StartEarlyPriority &priority)
    : p(problem), priority(priority), n(problem.size()) {
  // Every start before the first waiting one is ready or issued, so an op
  // not placed yet feeds that one exactly when feeds[] equals it.
  const DependenceGraph &graph = p.getGraph();
  feeds.assign(n, n);
  for (unsigned step = n; step-- > 0;)
    for (unsigned succ : graph.getSuccs(step))
      feeds[step] = std::min(feeds[step], p.isStart(succ) ? succ : feeds[succ]);
  deferred.assign(n, false);
  deferredFor.assign(n, false);
  memoryLimited.assign(n, false);
  aheadRefused.assign(n, false);
}

void FeederFirstDeferral::onReady(unsigned step) {
  readyByFeed.insert({feeds[step], !priority.isPrologue(step), step});
}

void FeederFirstDeferral::onPlaced(unsigned step) {
  readyByFeed.erase({feeds[step], !priority.isPrologue(step), step});
}

unsigned FeederFirstDeferral::firstWaitingStart(const ListEngine &engine) {
  ArrayRef<unsigned> starts = p.getStarts();
  while (waiting < starts.size() &&
         (engine.getMemory().isPlaced(starts[waiting]) ||
          engine.getMissing(starts[waiting]) == 0))
    ++waiting;
  return waiting < starts.size() ? starts[waiting] : n;
}

bool FeederFirstDeferral::holdBackForGating(ListEngine &engine, unsigned first,
                                            unsigned target,
                                            unsigned &preferred) {
  const StreamClock &clock = engine.getClock();
  double now = clock.now();
  unsigned gating = n;
  for (const std::deque<unsigned> &queue : clock.getAllInFlight())
    for (unsigned c : queue)
      if (clock.getEnd(c) > now && p.getWait(c) < n &&
          feeds[p.getWait(c)] == target &&
          (gating == n || clock.getEnd(c) < clock.getEnd(gating)))
        gating = c;
  if (gating == n)
    return false;
  double gap = clock.getEnd(gating) - now;
  double others = 0; // Other ready work, first ops in input order.
  unsigned scanned = 0;
  const std::set<PriorityKey> &ready = engine.getReadyCompute();
  for (auto it = ready.begin(); it != ready.end() && scanned < kFitScan;
       ++it, ++scanned) {
    double duration = p.getOp(it->second).durationUs;
    if (preferred == n && duration <= gap)
      preferred = it->second;
    if (it->second != first)
      others += duration;
  }
  for (unsigned succ : p.getGraph().getSuccs(first))
    if (p.isCompute(succ) && engine.getMissing(succ) == 1)
      others += p.getOp(succ).durationUs;
  double targetUs = p.getOp(target).durationUs;
  double exposedIfRun = std::max(0.0, targetUs - others);
  double exposedIfWait =
      gap + std::max(0.0, targetUs - others - p.getOp(first).durationUs);
  unsigned wait = p.getWait(gating);
  if (preferred == n && exposedIfWait + kEpsilonUs < exposedIfRun &&
      engine.getPlaceableWait(p.getOp(gating).stream) == wait) {
    ++numHeldBack;
    heldBackUs += gap;
    engine.place(wait);
    return true;
  }
  return false;
}

bool FeederFirstDeferral::computeFits(const ListEngine &engine, unsigned step,
                                      unsigned first, int64_t ahead) const {
  const MemoryWindow &memory = engine.getMemory();
  int64_t budget = engine.getOptions().budget;
  if (step != first && memory.getLive() + p.getAllocatedBytes(step) > budget)
    return false;
  return memory.fitsAhead(step, ahead, budget);
}

bool FeederFirstDeferral::placeInsteadOfCompute(ListEngine &engine) {
  // Nothing fits (a zero-filled gradient buffer pulled far forward, say):
  // wait for a collective, or issue the collective that the ops before are
  // held back by, rather than run far ahead.
  const StreamClock &clock = engine.getClock();
  unsigned wait = engine.getEarliestWait([](unsigned) { return true; });
  if (wait < n) {
    unsigned waitedFor = p.getOp(wait).start;
    double before = clock.now();
    engine.place(wait);
    if (clock.getEnd(waitedFor) > before)
      aheadRefused[waitedFor] = true;
    return true;
  }
  unsigned start = engine.selectStart(/*respectCap=*/true,
                                      /*respectBudget=*/false,
                                      /*record=*/false);
  if (start == n)
    return false;
  engine.place(start);
  return true;
}

void FeederFirstDeferral::runCompute(ListEngine &engine) {
  // Preferred: what feeds the target (the first start that waits for
  // compute), so that it is issued early; the other ready compute is
  // deferred until then, and hides it.
  unsigned first = engine.getReadyCompute().begin()->second;
  unsigned target = firstWaitingStart(engine);
  unsigned preferred = n;
  if (target != n && std::get<0>(*readyByFeed.begin()) == target)
    preferred = std::get<2>(*readyByFeed.begin());
  // No feeder is ready: the target waits for compute that waits for a
  // collective in flight (the gating one). Run the first ready op that
  // ends before the gating collective does, keeping longer work to hide
  // the target. If none does, wait for the gating collective when that
  // idles the compute stream for less than the target would be exposed
  // without the first op (counting the compute that the first op makes
  // ready, which hides the target as well).
  if (target != n && preferred == n &&
      holdBackForGating(engine, first, target, preferred))
    return;

  // Memory. An op placed ahead of unplaced ops of the input order is
  // charged what it adds at their positions (getAheadBytes); it must fit
  // the budget there, and a preferred op must also fit it now.
  const MemoryWindow &memory = engine.getMemory();
  unsigned step = n;
  for (unsigned candidate : {preferred, first}) {
    if (candidate == n)
      continue;
    if (computeFits(engine, candidate, first,
                    memory.getAheadBytes(candidate))) {
      step = candidate;
      break;
    }
    if (candidate == preferred && target != n && feeds[candidate] == target)
      memoryLimited[target] = true;
  }
  if (step == n) {
    if (placeInsteadOfCompute(engine))
      return;
    step = first;
  }
  // If the op would push live memory over the budget, first place a wait
  // that frees memory (a reduce_scatter whose input dies at its wait), even
  // if it stalls.
  if (memory.getLive() + p.getAllocatedBytes(step) >
      engine.getOptions().budget) {
    unsigned wait = engine.getEarliestWait(
        [&](unsigned w) { return priority.freesMemory(p.getOp(w).start); });
    if (wait < n) {
      engine.place(wait);
      return;
    }
  }
  if (step != first && feeds[step] == target) {
    deferred[first] = true;
    deferredFor[target] = true;
  }
  engine.place(step);
}

void FeederFirstDeferral::report(ListSchedule &schedule) const {
  schedule.memoryLimited = memoryLimited;
  schedule.aheadRefused = aheadRefused;
  schedule.numHeldBack = numHeldBack;
  schedule.heldBackUs = heldBackUs;
  for (unsigned step = 0; step < n; ++step) {
    if (deferred[step]) {
      ++schedule.numDeferred;
      schedule.deferredUs += p.getOp(step).durationUs;
    }
    if (deferredFor[step])
      ++schedule.numDeferredFor;
  }
}

//===----------------------------------------------------------------------===//
// scheduleList
//===----------------------------------------------------------------------===//

ListSchedule mlir::sched::scheduleList(const ScheduleProblem &problem,
                                       int64_t maxInFlight, int64_t budget,
                                       bool keepOrder,
                                       ArrayRef<int64_t> maxInFlightBytes) {
  EngineOptions options(maxInFlight, budget, keepOrder);
  options.maxInFlightBytes.assign(maxInFlightBytes.begin(),
                                  maxInFlightBytes.end());
  options.rules.waitTiesByStep = true;
  options.rules.strictStartWindow = true;
  StartEarlyPriority priority(problem);
  FeederFirstDeferral deferral(problem, priority);
  ListEngine engine(problem, options, priority, deferral);
  ListSchedule result;
  result.order = engine.run();
  result.delays = engine.takeDelays();
  deferral.report(result);
  return result;
}
