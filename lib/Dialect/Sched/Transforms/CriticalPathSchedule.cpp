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

CriticalPathSchedule mlir::sched::scheduleCriticalPath(
    const BlockSimulation &sim, const DependenceGraph &graph,
    const MemoryProblem &memory, ArrayRef<int64_t> inputMemory,
    CriticalPathPriority priority, int64_t maxInFlight, int64_t budget,
    bool keepOrder) {
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

  // The priority rank of each step (0 is the highest): its input position,
  // or by bottom level, ties to the lower step.
  std::vector<unsigned> rank(n);
  std::iota(rank.begin(), rank.end(), 0u);
  if (priority == CriticalPathPriority::BottomLevel) {
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
  // input order of the rest is always a way to finish within it.
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
    int64_t bytes = keptBytes[step];
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
      readyStarts[ops[step].stream].insert(startKey(step));
      readyStartsByStep[ops[step].stream].insert(step);
    } else {
      readyCompute.insert({rank[step], step});
      readyByAllocation.insert({allocates[step], step});
    }
  };

  auto place = [&](unsigned step) {
    if (!isWait(step) && frontier < step) {
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
      readyStarts[op.stream].erase(startKey(step));
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
  // order with keepOrder), ignoring the cap unless `respectCap`, and the
  // budget unless `respectBudget`; n if there is none.
  auto bestStart = [&](bool respectCap, bool respectBudget) {
    unsigned best = n;
    for (unsigned stream = 0; stream < numStreams; ++stream) {
      if (readyStarts[stream].empty())
        continue;
      unsigned start = readyStarts[stream].begin()->second;
      if (unsigned overdue = *readyStartsByStep[stream].begin();
          overdue < frontier)
        start = overdue;
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
