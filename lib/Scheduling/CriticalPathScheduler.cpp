//===- CriticalPathScheduler.cpp - critical-path list scheduler -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/CriticalPathScheduler.h"
#include "sched/Scheduling/MemoryWindow.h"
#include "sched/Scheduling/StreamClock.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <deque>
#include <numeric>
#include <set>

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

namespace {
using Delay = CriticalPathSchedule::Delay;

/// The state of one run of the critical-path scheduler.
class CriticalPathScheduler {
public:
  CriticalPathScheduler(const ScheduleProblem &problem, int64_t maxInFlight,
                        ArrayRef<int64_t> maxInFlightBytes, int64_t budget,
                        bool keepOrder, unsigned gatherCap, bool countGathers);
  /// Sets the priority ranks; returns false where `priority` finds nothing
  /// to try (Interleaved without micro-batches).
  bool initRanks(CriticalPathPriority priority);
  /// Places every step; returns the result.
  CriticalPathSchedule run();

private:
  /// Finds the shared starts (the weight gathers): those that depend on no
  /// compute op.
  void findShared();
  /// The key of a ready start: its input order with keepOrder, else rank.
  std::pair<unsigned, unsigned> startKey(unsigned start) const {
    return std::make_pair(keepOrder ? p.getStartIndex(start) : rank[start],
                          start);
  }
  /// Whether the wait of `start` lacks the dependence on it in the graph.
  bool extraWaitEdge(unsigned start) const;
  void makeReady(unsigned step);
  /// Places `step`: charges the window, advances memory and the clock, and
  /// makes its successors ready.
  void place(unsigned step);
  /// Counts a use of a shared start's wait, or the wait itself, by `step`.
  void countGatherUses(unsigned step);
  /// The wait that may be placed on `stream`: that of its oldest collective
  /// in flight, once ready; or n.
  unsigned placeableWait(unsigned stream) const;
  /// The placeable wait whose collective ends first, or n.
  unsigned earliestWait() const;
  /// The best ready start that may be issued now (the next one in input
  /// order with keepOrder), ignoring the caps unless `respectCap`, and the
  /// budget unless `respectBudget`; n if there is none. A shared start over
  /// the gather cap yields to the group's other starts.
  unsigned bestStart(bool respectCap, bool respectBudget);
  /// The compute op to run now among the ready ones, or n to place a wait
  /// first (readyCompute is not empty).
  unsigned chooseCompute() const;
  /// One step of the main loop; false if nothing can be placed.
  bool placeNext();

  const ScheduleProblem &p;
  int64_t budget;
  bool keepOrder;
  unsigned gatherCap;
  bool countGathers;
  unsigned n, terminator, numStreams;
  CriticalPathSchedule result;
  std::vector<unsigned> missing, rank;
  std::vector<bool> shared;
  /// Per shared start issued: its wait and the wait's users (the terminator
  /// aside) not placed yet; the shared starts with some left.
  std::vector<unsigned> pendingUses;
  unsigned outstanding = 0;
  MemoryWindow memory;
  StreamClock clock;
  unsigned nextInOrder = 0;
  // Ready sets, ordered by priority (starts: by input order with keepOrder).
  std::set<std::pair<unsigned, unsigned>> readyCompute;
  std::set<std::pair<int64_t, unsigned>> readyByAllocation;
  std::vector<std::set<std::pair<unsigned, unsigned>>> readyStarts;
  /// The ready shared starts, apart, for the gather cap.
  std::vector<std::set<std::pair<unsigned, unsigned>>> readyShared;
  /// Ready starts of each group by input position: one before the first
  /// unplaced op of the input order is overdue and goes first (the ops
  /// after it in input order may wait for it).
  std::vector<std::set<unsigned>> readyStartsByStep;
  std::vector<bool> waitReady;
};
} // namespace

CriticalPathScheduler::CriticalPathScheduler(const ScheduleProblem &problem,
                                             int64_t maxInFlight,
                                             ArrayRef<int64_t> maxInFlightBytes,
                                             int64_t budget, bool keepOrder,
                                             unsigned gatherCap,
                                             bool countGathers)
    : p(problem), budget(budget), keepOrder(keepOrder), gatherCap(gatherCap),
      countGathers(countGathers), n(problem.size()), terminator(n - 1),
      numStreams(problem.getNumGroups()), memory(problem),
      clock(n, numStreams) {
  clock.setCaps(maxInFlight, maxInFlightBytes);
  result.delays.assign(n, Delay::None);
  // Dependences: the graph's, and every wait after its start.
  missing.resize(n);
  for (unsigned step = 0; step < n; ++step) {
    missing[step] = p.getGraph().getPreds(step).size();
    if (p.isWait(step) &&
        !llvm::is_contained(p.getGraph().getPreds(step), p.getOp(step).start))
      ++missing[step];
  }
  shared.assign(n, false);
  if (countGathers)
    findShared();
  pendingUses.assign(n, 0);
  readyStarts.resize(numStreams);
  readyShared.resize(numStreams);
  readyStartsByStep.resize(numStreams);
  waitReady.assign(n, false);
}

void CriticalPathScheduler::findShared() {
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

bool CriticalPathScheduler::initRanks(CriticalPathPriority priority) {
  // The priority rank of each step (0 is the highest): its input position,
  // by bottom level, or by the interleaved plan, ties to the lower step.
  rank.resize(n);
  std::iota(rank.begin(), rank.end(), 0u);
  if (priority == CriticalPathPriority::Interleaved) {
    rank = interleavedRanks(p.getSimulation(), p.getGraph());
    return !rank.empty();
  }
  if (priority != CriticalPathPriority::BottomLevel)
    return true;
  std::vector<double> level(n, 0);
  for (unsigned step = n; step-- > 0;) {
    double tail = 0;
    for (unsigned succ : p.getGraph().getSuccs(step))
      tail = std::max(tail, level[succ]);
    if (p.isStart(step) && p.getWait(step) < n)
      tail = std::max(tail, level[p.getWait(step)]);
    level[step] = (p.isWait(step) ? 0.0 : p.getOp(step).durationUs) + tail;
  }
  std::vector<unsigned> byPriority(n);
  std::iota(byPriority.begin(), byPriority.end(), 0u);
  std::stable_sort(byPriority.begin(), byPriority.end(),
                   [&](unsigned a, unsigned b) { return level[a] > level[b]; });
  for (auto [r, step] : llvm::enumerate(byPriority))
    rank[step] = r;
  return true;
}

bool CriticalPathScheduler::extraWaitEdge(unsigned start) const {
  unsigned wait = p.getWait(start);
  return wait < n && !llvm::is_contained(p.getGraph().getPreds(wait), start);
}

void CriticalPathScheduler::makeReady(unsigned step) {
  if (step == terminator)
    return;
  if (p.isWait(step)) {
    waitReady[step] = true;
  } else if (p.isStart(step)) {
    (shared[step] ? readyShared : readyStarts)[p.getOp(step).stream].insert(
        startKey(step));
    readyStartsByStep[p.getOp(step).stream].insert(step);
  } else {
    readyCompute.insert({rank[step], step});
    readyByAllocation.insert({p.getAllocatedBytes(step), step});
  }
}

void CriticalPathScheduler::place(unsigned step) {
  result.order.push_back(step);
  memory.chargeAndPlace(step);
  const SimOp &op = p.getOp(step);
  if (op.kind == SimOp::Kind::Compute) {
    readyCompute.erase({rank[step], step});
    readyByAllocation.erase({p.getAllocatedBytes(step), step});
    clock.compute(op.durationUs);
  } else if (op.kind == SimOp::Kind::Start) {
    (shared[step] ? readyShared : readyStarts)[op.stream].erase(startKey(step));
    if (shared[step]) {
      unsigned uses = 1;
      for (unsigned succ : p.getGraph().getSuccs(p.getWait(step)))
        uses += succ != terminator;
      pendingUses[step] = uses;
      result.maxGathersAhead = std::max(result.maxGathersAhead, ++outstanding);
    }
    readyStartsByStep[op.stream].erase(step);
    ++nextInOrder;
    clock.issue(step, op.stream, op.durationUs, p.getCollectiveBytes(step));
    if (extraWaitEdge(step) && --missing[p.getWait(step)] == 0)
      makeReady(p.getWait(step));
  } else {
    waitReady[step] = false;
    clock.wait(op.start, p.getOp(op.start).stream);
  }
  for (unsigned succ : p.getGraph().getSuccs(step))
    if (--missing[succ] == 0)
      makeReady(succ);
  if (countGathers)
    countGatherUses(step);
}

void CriticalPathScheduler::countGatherUses(unsigned step) {
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

unsigned CriticalPathScheduler::placeableWait(unsigned stream) const {
  const std::deque<unsigned> &inFlight = clock.getInFlight(stream);
  if (inFlight.empty())
    return n;
  unsigned wait = p.getWait(inFlight.front());
  return wait < n && waitReady[wait] ? wait : n;
}

unsigned CriticalPathScheduler::earliestWait() const {
  unsigned best = n;
  for (unsigned stream = 0; stream < numStreams; ++stream) {
    unsigned wait = placeableWait(stream);
    if (wait < n && (best == n || clock.getEnd(p.getOp(wait).start) <
                                      clock.getEnd(p.getOp(best).start)))
      best = wait;
  }
  return best;
}

unsigned CriticalPathScheduler::bestStart(bool respectCap, bool respectBudget) {
  unsigned best = n;
  bool gathersCapped = respectCap && outstanding >= gatherCap;
  for (unsigned stream = 0; stream < numStreams; ++stream) {
    if (readyStartsByStep[stream].empty())
      continue;
    unsigned start = n;
    if (!readyStarts[stream].empty())
      start = readyStarts[stream].begin()->second;
    if (!readyShared[stream].empty()) {
      unsigned gather = readyShared[stream].begin()->second;
      if (gathersCapped)
        result.delays[gather] = Delay::GatherCap;
      else if (start == n || startKey(gather) < startKey(start))
        start = gather;
    }
    if (unsigned overdue = *readyStartsByStep[stream].begin();
        overdue < memory.getFrontier())
      start = overdue;
    if (start == n)
      continue;
    if (keepOrder && p.getStartIndex(start) != nextInOrder)
      continue;
    if (respectCap && clock.isFull(stream, p.getCollectiveBytes(start))) {
      result.delays[start] = Delay::InFlightCap;
      continue;
    }
    if (respectBudget && !memory.fits(start, budget)) {
      result.delays[start] = Delay::Memory;
      continue;
    }
    if (best == n || startKey(start) < startKey(best))
      best = start;
  }
  return best;
}

unsigned CriticalPathScheduler::chooseCompute() const {
  unsigned scanned = 0;
  for (auto it = readyCompute.begin();
       it != readyCompute.end() && scanned < kMemoryScan; ++it, ++scanned)
    if (memory.fits(it->second, budget))
      return it->second;
  // Nothing fits: the first op of the input order that is not placed yet,
  // if ready (it runs ahead of nothing); else a wait, which lets it become
  // ready; else the op that allocates least.
  unsigned frontier = memory.getFrontier();
  if (frontier < n && missing[frontier] == 0 && !p.isWait(frontier) &&
      frontier != terminator)
    return frontier;
  return n;
}

bool CriticalPathScheduler::placeNext() {
  // 1. Waits of collectives that have ended: free, and they free memory and
  // the group's slot.
  for (unsigned stream = 0; stream < numStreams; ++stream) {
    unsigned wait = placeableWait(stream);
    if (wait < n && clock.getEnd(p.getOp(wait).start) <= clock.now()) {
      place(wait);
      return true;
    }
  }
  // 2. Issue ready starts as soon as the cap and the budget allow.
  unsigned start = bestStart(/*respectCap=*/true, /*respectBudget=*/true);
  if (start < n) {
    place(start);
    return true;
  }
  // 3. Compute: the highest priority that fits the budget.
  if (!readyCompute.empty()) {
    unsigned chosen = chooseCompute();
    if (chosen == n) {
      unsigned wait = earliestWait();
      if (wait < n) {
        place(wait);
        return true;
      }
      chosen = readyByAllocation.begin()->second;
    }
    place(chosen);
    return true;
  }
  // 4. Nothing to compute: wait for the collective that ends first.
  if (unsigned wait = earliestWait(); wait < n) {
    place(wait);
    return true;
  }
  // 5. Only starts held back are left: the budget, then the cap yields.
  start = bestStart(/*respectCap=*/true, /*respectBudget=*/false);
  if (start == n)
    start = bestStart(/*respectCap=*/false, /*respectBudget=*/false);
  if (start == n)
    return false; // Cannot happen for a valid input; the caller checks.
  place(start);
  return true;
}

CriticalPathSchedule CriticalPathScheduler::run() {
  for (unsigned step = 0; step < n; ++step)
    if (missing[step] == 0)
      makeReady(step);
  while (result.order.size() + 1 < n)
    if (!placeNext())
      break;
  if (result.order.size() + 1 == n)
    result.order.push_back(terminator);
  return std::move(result);
}

CriticalPathSchedule mlir::sched::scheduleCriticalPath(
    const ScheduleProblem &problem, CriticalPathPriority priority,
    int64_t maxInFlight, int64_t budget, bool keepOrder, unsigned gatherCap,
    ArrayRef<int64_t> maxInFlightBytes) {
  if (problem.size() == 0)
    return {};
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
  bool countGathers = gatherCap != kNoGatherCap ||
                      priority == CriticalPathPriority::Interleaved;
  CriticalPathScheduler scheduler(problem, maxInFlight, maxInFlightBytes,
                                  budget, keepOrder, gatherCap, countGathers);
  if (!scheduler.initRanks(priority)) {
    // No micro-batches: nothing to try.
    CriticalPathSchedule none;
    none.delays.assign(problem.size(), Delay::None);
    return none;
  }
  return scheduler.run();
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
