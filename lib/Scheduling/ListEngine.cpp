//===- ListEngine.cpp - one list-scheduling engine, pluggable policies ----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/ListEngine.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;

PriorityPolicy::~PriorityPolicy() = default;
DeferralPolicy::~DeferralPolicy() = default;

//===----------------------------------------------------------------------===//
// GatherCap
//===----------------------------------------------------------------------===//

GatherCap::GatherCap(const ScheduleProblem &problem, unsigned cap)
    : p(problem), cap(cap) {
  unsigned n = p.size();
  shared.assign(n, false);
  pendingUses.assign(n, 0);
  std::vector<bool> afterCompute(n, false);
  for (unsigned step = 0; step < n; ++step) {
    bool after = p.isWait(step) && p.getOp(step).start < n &&
                 afterCompute[p.getOp(step).start];
    for (unsigned pred : p.getGraph().getPreds(step))
      after = after || afterCompute[pred] || p.isCompute(pred);
    afterCompute[step] = after;
    shared[step] = p.isStart(step) && !after && p.getWait(step) < n;
  }
}

void GatherCap::issued(unsigned start) {
  if (!shared[start])
    return;
  unsigned uses = 1;
  for (unsigned succ : p.getGraph().getSuccs(p.getWait(start)))
    uses += succ != p.getTerminator();
  pendingUses[start] = uses;
  maxAhead = std::max(maxAhead, ++outstanding);
}

void GatherCap::placed(unsigned step) {
  unsigned n = p.size();
  auto use = [&](unsigned start) {
    if (start < n && shared[start] && pendingUses[start] > 0 &&
        --pendingUses[start] == 0)
      --outstanding;
  };
  if (p.isWait(step))
    use(p.getOp(step).start);
  for (unsigned pred : p.getGraph().getPreds(step))
    if (p.isWait(pred))
      use(p.getOp(pred).start);
}

//===----------------------------------------------------------------------===//
// ListEngine
//===----------------------------------------------------------------------===//

ListEngine::ListEngine(const ScheduleProblem &problem,
                       const EngineOptions &options,
                       const PriorityPolicy &priority, DeferralPolicy &deferral,
                       GatherCap *gatherCap)
    : p(problem), options(options), priority(priority), deferral(deferral),
      gatherCap(gatherCap), n(problem.size()), terminator(n - 1),
      numGroups(problem.getNumGroups()), memory(problem), clock(n, numGroups) {
  clock.setCaps(options.maxInFlight, options.maxInFlightBytes);
  delays.assign(n, ScheduleDelay::None);
  // Dependences: the graph's, and every wait after its start.
  missing.resize(n);
  for (unsigned step = 0; step < n; ++step) {
    missing[step] = p.getGraph().getPreds(step).size();
    if (p.isWait(step) &&
        !llvm::is_contained(p.getGraph().getPreds(step), p.getOp(step).start))
      ++missing[step];
  }
  readyStarts.resize(numGroups);
  readyShared.resize(numGroups);
  readyStartsByStep.resize(numGroups);
  waitReady.assign(n, false);
  if (options.rules.waitForUnblockedStart) {
    bottomLevel = computeBottomLevels(problem);
    for (unsigned step = 0; step < n; ++step)
      if (p.isCompute(step))
        computeLeftUs += p.getOp(step).durationUs;
  }
}

PriorityKey ListEngine::startKey(unsigned start) const {
  if (options.keepOrder)
    return {p.getStartIndex(start), start};
  return priority.getStartKey(start);
}

bool ListEngine::hasFreeSlot(unsigned group, unsigned start) const {
  return !clock.isFull(group, p.getCollectiveBytes(start));
}

bool ListEngine::startFits(unsigned start) const {
  if (!options.rules.strictStartWindow)
    return memory.fits(start, options.budget);
  // An empty window range is RangeMaxTree::kEmpty, which fits.
  int64_t bytes = p.getAllocatedBytes(start);
  return memory.getLive() + bytes <= options.budget &&
         memory.getWindowMax(start) + bytes <= options.budget;
}

void ListEngine::makeReady(unsigned step) {
  if (step == terminator)
    return;
  if (p.isWait(step)) {
    waitReady[step] = true;
  } else if (p.isStart(step)) {
    bool shared = gatherCap && gatherCap->isShared(step);
    unsigned group = p.getOp(step).stream;
    (shared ? readyShared : readyStarts)[group].insert(startKey(step));
    readyStartsByStep[group].insert(step);
  } else {
    readyCompute.insert(priority.getComputeKey(step));
    deferral.onReady(step);
  }
}

void ListEngine::removeReadyStart(unsigned start) {
  bool shared = gatherCap && gatherCap->isShared(start);
  unsigned group = p.getOp(start).stream;
  (shared ? readyShared : readyStarts)[group].erase(startKey(start));
  readyStartsByStep[group].erase(start);
}

void ListEngine::place(unsigned step) {
  order.push_back(step);
  memory.chargeAndPlace(step);
  const SimOp &op = p.getOp(step);
  if (op.kind == SimOp::Kind::Compute) {
    readyCompute.erase(priority.getComputeKey(step));
    deferral.onPlaced(step);
    clock.compute(op.durationUs);
    computeLeftUs -= op.durationUs;
  } else if (op.kind == SimOp::Kind::Start) {
    removeReadyStart(step);
    if (gatherCap)
      gatherCap->issued(step);
    ++nextInOrder;
    unsigned wait = p.getWait(step);
    if (wait < n)
      clock.issue(step, op.stream, op.durationUs, p.getCollectiveBytes(step));
    else
      clock.issueUnwaited(step, op.stream, op.durationUs);
    if (wait < n && !llvm::is_contained(p.getGraph().getPreds(wait), step) &&
        --missing[wait] == 0)
      makeReady(wait);
  } else {
    waitReady[step] = false;
    clock.wait(op.start, p.getOp(op.start).stream);
  }
  for (unsigned succ : p.getGraph().getSuccs(step))
    if (--missing[succ] == 0)
      makeReady(succ);
  if (gatherCap)
    gatherCap->placed(step);
}

unsigned ListEngine::getPlaceableWait(unsigned group) const {
  const std::deque<unsigned> &inFlight = clock.getInFlight(group);
  if (inFlight.empty())
    return n;
  unsigned wait = p.getWait(inFlight.front());
  return wait < n && waitReady[wait] ? wait : n;
}

bool ListEngine::waitTieBefore(unsigned a, unsigned b) const {
  // Groups are visited in order, so the earlier candidate wins ties by group.
  return options.rules.waitTiesByStep && a < b;
}

unsigned
ListEngine::getEarliestWait(function_ref<bool(unsigned)> filter) const {
  unsigned best = n;
  for (unsigned group = 0; group < numGroups; ++group) {
    unsigned wait = getPlaceableWait(group);
    if (wait == n || !filter(wait))
      continue;
    if (best == n) {
      best = wait;
      continue;
    }
    double end = clock.getEnd(p.getOp(wait).start);
    double bestEnd = clock.getEnd(p.getOp(best).start);
    if (end < bestEnd || (end == bestEnd && waitTieBefore(wait, best)))
      best = wait;
  }
  return best;
}

unsigned ListEngine::getEndedWait() const {
  unsigned best = n;
  for (unsigned group = 0; group < numGroups; ++group) {
    unsigned wait = getPlaceableWait(group);
    if (wait == n || clock.getEnd(p.getOp(wait).start) > clock.now())
      continue;
    if (best == n || waitTieBefore(wait, best))
      best = wait;
  }
  return best;
}

/// Time differences below this are ties.
static constexpr double kTieUs = 1e-6;

unsigned ListEngine::getLookaheadStep() const {
  double now = clock.now();
  unsigned first = readyCompute.begin()->second;
  double firstEnd = now + p.getOp(first).durationUs;
  unsigned best = n;
  double bestGain = 0, bestEnd = 0;
  for (unsigned group = 0; group < numGroups; ++group) {
    unsigned wait = getPlaceableWait(group);
    if (wait == n)
      continue;
    double end = clock.getEnd(p.getOp(wait).start);
    if (end <= now || end + kTieUs >= firstEnd)
      continue;
    // The starts that the wait is the last missing predecessor of: the
    // latest of their group's stream and their longest bottom level.
    double freeUs = 0, level = -1;
    for (unsigned succ : p.getGraph().getSuccs(wait)) {
      if (!p.isStart(succ) || missing[succ] != 1)
        continue;
      const std::deque<unsigned> &inFlight =
          clock.getInFlight(p.getOp(succ).stream);
      if (!inFlight.empty())
        freeUs = std::max(freeUs, clock.getEnd(inFlight.back()));
      level = std::max(level, bottomLevel[succ]);
    }
    if (level < 0)
      continue;
    double ifRun =
        std::max(std::max(firstEnd, freeUs) + level, now + computeLeftUs);
    double ifWait =
        std::max(std::max(end, freeUs) + level, end + computeLeftUs);
    double gain = ifRun - ifWait;
    if (gain > bestGain + kTieUs) {
      best = wait;
      bestGain = gain;
      bestEnd = end;
    }
  }
  if (best == n)
    return n;
  // An op that ends before the collective fills the time at no cost.
  unsigned looked = 0;
  for (const PriorityKey &ready : readyCompute) {
    if (++looked > kLookaheadOps)
      break;
    unsigned step = ready.second;
    if (now + p.getOp(step).durationUs <= bestEnd + kTieUs &&
        memory.fits(step, options.budget))
      return step;
  }
  return best;
}

unsigned ListEngine::groupCandidate(unsigned group, bool respectCap,
                                    bool record) {
  if (readyStartsByStep[group].empty())
    return n;
  unsigned start = n;
  if (!readyStarts[group].empty())
    start = readyStarts[group].begin()->second;
  if (!readyShared[group].empty()) {
    unsigned gather = readyShared[group].begin()->second;
    if (respectCap && gatherCap->isCapped()) {
      if (record)
        delays[gather] = ScheduleDelay::GatherCap;
    } else if (start == n || startKey(gather) < startKey(start)) {
      start = gather;
    }
  }
  if (options.rules.overdueFirst) {
    if (unsigned overdue = *readyStartsByStep[group].begin();
        overdue < memory.getFrontier())
      start = overdue;
  }
  return start;
}

unsigned ListEngine::selectStart(bool respectCap, bool respectBudget,
                                 bool record) {
  unsigned best = n;
  for (unsigned group = 0; group < numGroups; ++group) {
    unsigned start = groupCandidate(group, respectCap, record);
    if (start == n)
      continue;
    if (options.keepOrder && p.getStartIndex(start) != nextInOrder)
      continue;
    if (respectCap && !hasFreeSlot(group, start)) {
      if (record)
        delays[start] = ScheduleDelay::InFlightCap;
      continue;
    }
    if (respectBudget && !startFits(start)) {
      if (record)
        delays[start] = ScheduleDelay::Memory;
      continue;
    }
    // Only while placing freely (step 2): the fallback must place a start.
    if (options.rules.holdForUrgentStart && respectCap && respectBudget &&
        !options.keepOrder && hasUrgentStartBehind(group, start))
      continue;
    if (best == n || startKey(start) < startKey(best))
      best = start;
  }
  return best;
}

bool ListEngine::hasUrgentStartBehind(unsigned group, unsigned start) const {
  const std::deque<unsigned> &inFlight = clock.getInFlight(group);
  if (inFlight.empty())
    return false;
  // The group's stream runs its collectives in issue order: a start issued
  // now queues behind the last one in flight.
  double freeUs = clock.getEnd(inFlight.back());
  if (freeUs <= clock.now())
    return false;
  PriorityKey key = startKey(start);
  unsigned looked = 0;
  for (const PriorityKey &ready : readyCompute) {
    if (++looked > kLookaheadOps)
      break;
    unsigned step = ready.second;
    if (clock.now() + p.getOp(step).durationUs > freeUs)
      continue;
    for (unsigned succ : p.getGraph().getSuccs(step)) {
      const SimOp &op = p.getOp(succ);
      if (op.kind == SimOp::Kind::Start && op.stream == group &&
          missing[succ] == 1 && startKey(succ) < key)
        return true;
    }
  }
  return false;
}

unsigned ListEngine::selectForcedStart() {
  if (!options.rules.forceWithinCapFirst)
    return selectStart(/*respectCap=*/false, /*respectBudget=*/false,
                       /*record=*/false);
  unsigned start = selectStart(/*respectCap=*/true, /*respectBudget=*/false,
                               /*record=*/true);
  if (start == n)
    start = selectStart(/*respectCap=*/false, /*respectBudget=*/false,
                        /*record=*/true);
  return start;
}

bool ListEngine::placeNext() {
  // 1. Waits of collectives that have ended: free, and they free memory and
  // the group's slot.
  unsigned step = getEndedWait();
  // 2. Issue the best ready start as soon as the caps and the budget allow.
  if (step == n)
    step = selectStart(/*respectCap=*/true, /*respectBudget=*/true,
                       /*record=*/true);
  // 3. Compute, as the deferral policy chooses; first, with the look-ahead,
  // a wait that unblocks a start, or an op that fills the time until then.
  if (step == n && !readyCompute.empty() && options.rules.waitForUnblockedStart)
    step = getLookaheadStep();
  if (step == n && !readyCompute.empty()) {
    deferral.runCompute(*this);
    return true;
  }
  // 4. Nothing to compute: wait for the collective that ends first.
  if (step == n)
    step = getEarliestWait([](unsigned) { return true; });
  // 5. Only starts held back are left.
  if (step == n)
    step = selectForcedStart();
  if (step == n)
    return false; // Cannot happen for a valid input; the caller checks.
  place(step);
  return true;
}

std::vector<unsigned> ListEngine::run() {
  if (n == 0)
    return {};
  for (unsigned step = 0; step < n; ++step)
    if (missing[step] == 0)
      makeReady(step);
  while (order.size() + 1 < n)
    if (!placeNext())
      break;
  if (order.size() + 1 == n)
    order.push_back(terminator);
  return order;
}
