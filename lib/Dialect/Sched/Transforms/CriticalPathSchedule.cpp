//===- CriticalPathSchedule.cpp - critical-path list scheduler ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "CriticalPathSchedule.h"
#include "sched/Analysis/RangeMaxTree.h"

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

CriticalPathSchedule mlir::sched::scheduleCriticalPath(
    const BlockSimulation &sim, const DependenceGraph &graph,
    const MemoryProblem &memory, ArrayRef<int64_t> inputMemory,
    CriticalPathPriority priority, int64_t maxInFlight, int64_t budget,
    bool keepOrder, unsigned gatherCap) {
  using Delay = CriticalPathSchedule::Delay;
  const std::vector<SimOp> &ops = sim.simOps;
  unsigned n = ops.size();
  CriticalPathSchedule result;
  result.delays.assign(n, Delay::None);
  if (n == 0)
    return result;
  unsigned terminator = n - 1;
  unsigned numStreams = sim.streamNames.size();
  auto isWait = [&](unsigned s) { return ops[s].kind == SimOp::Kind::Wait; };
  auto isStart = [&](unsigned s) { return ops[s].kind == SimOp::Kind::Start; };

  // Dependences: the graph's, and every wait after its start.
  std::vector<unsigned> waitOf(n, n);
  for (unsigned step = 0; step < n; ++step)
    if (isWait(step) && ops[step].start < n)
      waitOf[ops[step].start] = step;
  std::vector<unsigned> missing(n);
  for (unsigned step = 0; step < n; ++step) {
    missing[step] = graph.getPreds(step).size();
    if (isWait(step) &&
        !llvm::is_contained(graph.getPreds(step), ops[step].start))
      ++missing[step];
  }
  auto extraWaitEdge = [&](unsigned start) {
    unsigned wait = waitOf[start];
    return wait < n && !llvm::is_contained(graph.getPreds(wait), start);
  };

  // Shared starts (the weight gathers): those that depend on no compute op.
  // With a gather cap, at most `gatherCap` of them are issued whose wait or
  // one of the wait's users is not placed yet. Found in one pass over the
  // steps, with a cap or the interleaved priority (which reports how many
  // were ahead at most).
  bool countGathers = gatherCap != kNoGatherCap ||
                      priority == CriticalPathPriority::Interleaved;
  std::vector<bool> shared(n, false);
  if (countGathers) {
    std::vector<bool> afterCompute(n, false);
    for (unsigned step = 0; step < n; ++step) {
      bool after =
          isWait(step) && ops[step].start < n && afterCompute[ops[step].start];
      for (unsigned pred : graph.getPreds(step))
        after = after || afterCompute[pred] ||
                ops[pred].kind == SimOp::Kind::Compute;
      afterCompute[step] = after;
      shared[step] = isStart(step) && !after && waitOf[step] < n;
    }
  }
  // Per shared start issued: its wait and the wait's users (the terminator
  // aside) not placed yet; the shared starts with some left.
  std::vector<unsigned> pendingUses(n, 0);
  unsigned outstanding = 0;

  // The priority rank of each step (0 is the highest): its input position,
  // by bottom level, or by the interleaved plan, ties to the lower step.
  std::vector<unsigned> rank(n);
  std::iota(rank.begin(), rank.end(), 0u);
  if (priority == CriticalPathPriority::Interleaved) {
    rank = interleavedRanks(sim, graph);
    if (rank.empty())
      return result; // No micro-batches: nothing to try.
  } else if (priority == CriticalPathPriority::BottomLevel) {
    std::vector<double> level(n, 0);
    for (unsigned step = n; step-- > 0;) {
      double tail = 0;
      for (unsigned succ : graph.getSuccs(step))
        tail = std::max(tail, level[succ]);
      if (isStart(step) && waitOf[step] < n)
        tail = std::max(tail, level[waitOf[step]]);
      level[step] = (isWait(step) ? 0.0 : ops[step].durationUs) + tail;
    }
    std::vector<unsigned> byPriority(n);
    std::iota(byPriority.begin(), byPriority.end(), 0u);
    std::stable_sort(
        byPriority.begin(), byPriority.end(),
        [&](unsigned a, unsigned b) { return level[a] > level[b]; });
    for (auto [r, step] : llvm::enumerate(byPriority))
      rank[step] = r;
  }

  // Memory: live bytes, remaining uses of each buffer, what each step
  // allocates.
  std::vector<SmallVector<unsigned, 2>> defines(n);
  std::vector<SmallVector<unsigned, 4>> usesOf(n);
  std::vector<unsigned> remaining(memory.buffers.size());
  std::vector<int64_t> allocates(n, 0);
  int64_t live = 0;
  for (auto [b, buffer] : llvm::enumerate(memory.buffers)) {
    remaining[b] = buffer.uses.size();
    if (!buffer.def)
      live += buffer.size;
    else if (*buffer.def < n) {
      defines[*buffer.def].push_back(b);
      allocates[*buffer.def] += buffer.size;
    }
    for (unsigned use : buffer.uses)
      if (use < n)
        usesOf[use].push_back(b);
  }

  // The window: the memory of the placed ops followed by the others in input
  // order, as in the list scheduler (ScheduleOverlap.cpp). An op placed
  // ahead of unplaced ops of the input order is charged, at their
  // positions, what it allocates and keeps less what it is the last user
  // of; it is placed only if the window stays within the budget, so the
  // input order of the rest is always a way to finish within it. A wait
  // placed ahead is credited the buffers it is the last user of (the
  // collective's input, a reduce_scatter's full-size gradient): without the
  // credit, each collective of a micro-batch run ahead of another would keep
  // its input charged at every position it passed.
  RangeMaxTree window(inputMemory);
  unsigned frontier = 0; // The first unplaced op that is not a start.
  std::vector<bool> done(n, false);
  std::vector<int64_t> keptBytes(n, 0);
  for (const MemoryProblem::Buffer &buffer : memory.buffers)
    if (buffer.def && *buffer.def < n &&
        (!buffer.uses.empty() || buffer.liveOut))
      keptBytes[*buffer.def] += buffer.size;
  auto aheadBytes = [&](unsigned step) -> int64_t {
    if (isStart(step))
      return allocates[step];
    int64_t bytes = isWait(step) ? 0 : keptBytes[step];
    ArrayRef<unsigned> uses = usesOf[step];
    for (auto [i, b] : llvm::enumerate(uses))
      if (!memory.buffers[b].liveOut &&
          llvm::find(uses, b) == uses.begin() + i &&
          remaining[b] == static_cast<unsigned>(llvm::count(uses, b)))
        bytes -= memory.buffers[b].size;
    return bytes;
  };
  // Whether `step` (a start or a compute op) fits the budget now and at the
  // input positions it runs ahead of.
  auto fits = [&](unsigned step) {
    if (live + allocates[step] > budget)
      return false;
    if (frontier >= step)
      return true;
    int64_t ahead = aheadBytes(step);
    return ahead <= 0 || window.max(frontier, step - 1) + ahead <= budget;
  };

  // Starts in input order, for keepOrder.
  std::vector<unsigned> startIndex(n, 0);
  unsigned numStarts = 0;
  for (unsigned step = 0; step < n; ++step)
    if (isStart(step))
      startIndex[step] = numStarts++;
  unsigned nextInOrder = 0;

  // Simulated time.
  double now = 0;
  std::vector<double> streamFree(numStreams, 0), collectiveEnd(n, 0);
  std::vector<std::deque<unsigned>> inFlight(numStreams);

  // Ready sets, ordered by priority (starts: by input order with keepOrder).
  std::set<std::pair<unsigned, unsigned>> readyCompute;
  std::set<std::pair<int64_t, unsigned>> readyByAllocation;
  std::vector<std::set<std::pair<unsigned, unsigned>>> readyStarts(numStreams);
  // The ready shared starts, apart, for the gather cap.
  std::vector<std::set<std::pair<unsigned, unsigned>>> readyShared(numStreams);
  // Ready starts of each group by input position: one before the first
  // unplaced op of the input order is overdue and goes first (the ops after
  // it in input order may wait for it).
  std::vector<std::set<unsigned>> readyStartsByStep(numStreams);
  std::vector<bool> waitReady(n, false);
  auto startKey = [&](unsigned start) {
    return std::make_pair(keepOrder ? startIndex[start] : rank[start], start);
  };
  auto makeReady = [&](unsigned step) {
    if (step == terminator)
      return;
    if (isWait(step))
      waitReady[step] = true;
    else if (isStart(step)) {
      (shared[step] ? readyShared : readyStarts)[ops[step].stream].insert(
          startKey(step));
      readyStartsByStep[ops[step].stream].insert(step);
    } else {
      readyCompute.insert({rank[step], step});
      readyByAllocation.insert({allocates[step], step});
    }
  };

  auto place = [&](unsigned step) {
    if (frontier < step) {
      int64_t ahead = aheadBytes(step);
      if (ahead != 0)
        window.add(frontier, step - 1, ahead);
    }
    done[step] = true;
    result.order.push_back(step);
    for (unsigned b : defines[step])
      live += memory.buffers[b].size;
    for (unsigned b : usesOf[step])
      if (--remaining[b] == 0 && !memory.buffers[b].liveOut)
        live -= memory.buffers[b].size;
    for (unsigned b : defines[step])
      if (memory.buffers[b].uses.empty() && !memory.buffers[b].liveOut)
        live -= memory.buffers[b].size;
    while (frontier < n && (done[frontier] || isStart(frontier)))
      ++frontier;
    const SimOp &op = ops[step];
    if (op.kind == SimOp::Kind::Compute) {
      readyCompute.erase({rank[step], step});
      readyByAllocation.erase({allocates[step], step});
      now += op.durationUs;
    } else if (op.kind == SimOp::Kind::Start) {
      (shared[step] ? readyShared : readyStarts)[op.stream].erase(
          startKey(step));
      if (shared[step]) {
        unsigned uses = 1;
        for (unsigned succ : graph.getSuccs(waitOf[step]))
          uses += succ != terminator;
        pendingUses[step] = uses;
        result.maxGathersAhead =
            std::max(result.maxGathersAhead, ++outstanding);
      }
      readyStartsByStep[op.stream].erase(step);
      ++nextInOrder;
      double begin = std::max(now, streamFree[op.stream]);
      collectiveEnd[step] = begin + op.durationUs;
      streamFree[op.stream] = collectiveEnd[step];
      inFlight[op.stream].push_back(step);
      if (extraWaitEdge(step) && --missing[waitOf[step]] == 0)
        makeReady(waitOf[step]);
    } else {
      waitReady[step] = false;
      now = std::max(now, collectiveEnd[op.start]);
      inFlight[ops[op.start].stream].pop_front();
    }
    for (unsigned succ : graph.getSuccs(step))
      if (--missing[succ] == 0)
        makeReady(succ);
    // A use of a shared start's wait, or the wait itself.
    if (countGathers) {
      auto use = [&](unsigned start) {
        if (start < n && shared[start] && pendingUses[start] > 0 &&
            --pendingUses[start] == 0)
          --outstanding;
      };
      if (isWait(step))
        use(op.start);
      for (unsigned pred : graph.getPreds(step))
        if (isWait(pred))
          use(ops[pred].start);
    }
  };
  for (unsigned step = 0; step < n; ++step)
    if (missing[step] == 0)
      makeReady(step);
  while (frontier < n && isStart(frontier))
    ++frontier;

  // The wait that may be placed on each group: that of its oldest collective
  // in flight, once ready.
  auto placeableWait = [&](unsigned stream) {
    if (inFlight[stream].empty())
      return n;
    unsigned wait = waitOf[inFlight[stream].front()];
    return wait < n && waitReady[wait] ? wait : n;
  };
  // The placeable wait whose collective ends first, or n.
  auto earliestWait = [&]() {
    unsigned best = n;
    for (unsigned stream = 0; stream < numStreams; ++stream) {
      unsigned wait = placeableWait(stream);
      if (wait < n && (best == n || collectiveEnd[ops[wait].start] <
                                        collectiveEnd[ops[best].start]))
        best = wait;
    }
    return best;
  };
  // The best ready start that may be issued now (the next one in input
  // order with keepOrder), ignoring the caps unless `respectCap`, and the
  // budget unless `respectBudget`; n if there is none. A shared start over
  // the gather cap yields to the group's other starts.
  auto bestStart = [&](bool respectCap, bool respectBudget) {
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
          overdue < frontier)
        start = overdue;
      if (start == n)
        continue;
      if (keepOrder && startIndex[start] != nextInOrder)
        continue;
      if (respectCap &&
          static_cast<int64_t>(inFlight[stream].size()) >= maxInFlight) {
        result.delays[start] = Delay::InFlightCap;
        continue;
      }
      if (respectBudget && !fits(start)) {
        result.delays[start] = Delay::Memory;
        continue;
      }
      if (best == n || startKey(start) < startKey(best))
        best = start;
    }
    return best;
  };

  while (result.order.size() + 1 < n) {
    // 1. Waits of collectives that have ended: free, and they free memory
    // and the group's slot.
    bool progressed = false;
    for (unsigned stream = 0; stream < numStreams && !progressed; ++stream) {
      unsigned wait = placeableWait(stream);
      if (wait < n && collectiveEnd[ops[wait].start] <= now) {
        place(wait);
        progressed = true;
      }
    }
    if (progressed)
      continue;
    // 2. Issue ready starts as soon as the cap and the budget allow.
    unsigned start = bestStart(/*respectCap=*/true, /*respectBudget=*/true);
    if (start < n) {
      place(start);
      continue;
    }
    // 3. Compute: the highest priority that fits the budget.
    if (!readyCompute.empty()) {
      unsigned chosen = n;
      unsigned scanned = 0;
      for (auto it = readyCompute.begin();
           it != readyCompute.end() && scanned < kMemoryScan; ++it, ++scanned)
        if (fits(it->second)) {
          chosen = it->second;
          break;
        }
      // Nothing fits: the first op of the input order that is not placed
      // yet, if ready (it runs ahead of nothing); else a wait, which lets
      // it become ready; else the op that allocates least.
      if (chosen == n && frontier < n && missing[frontier] == 0 &&
          !isWait(frontier) && frontier != terminator)
        chosen = frontier;
      if (chosen == n) {
        unsigned wait = earliestWait();
        if (wait < n) {
          place(wait);
          continue;
        }
        chosen = readyByAllocation.begin()->second;
      }
      place(chosen);
      continue;
    }
    // 4. Nothing to compute: wait for the collective that ends first.
    if (unsigned wait = earliestWait(); wait < n) {
      place(wait);
      continue;
    }
    // 5. Only starts held back are left: the budget, then the cap yields.
    start = bestStart(/*respectCap=*/true, /*respectBudget=*/false);
    if (start == n)
      start = bestStart(/*respectCap=*/false, /*respectBudget=*/false);
    if (start == n)
      break; // Cannot happen for a valid input; the caller checks.
    place(start);
  }
  if (result.order.size() + 1 == n)
    result.order.push_back(terminator);
  return result;
}
