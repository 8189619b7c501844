//===- ScheduleOverlap.cpp - sched-schedule-overlap -----------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A list scheduler that starts collectives early and waits late. It walks
// the dependence graph in simulated time (the cost model) while tracking live
// memory (the buffer model), and keeps its order only if the stream simulator
// and the memory profile say it is no slower and within the memory budget.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/RangeMaxTree.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "llvm/Support/FormatVariadic.h"

#include <deque>
#include <set>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDSCHEDULEOVERLAP
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

#define DEBUG_TYPE "sched-schedule-overlap"

using namespace mlir;
using namespace mlir::sched;

namespace {
/// Why a start was issued later than it was ready.
enum class Delay { None, InFlightCap, Memory };

/// The inputs of one scheduling run over a block.
struct Problem {
  const BlockSimulation &sim;
  const DependenceGraph &graph;
  const MemoryProblem &memory;
  /// Buffers each step defines (all steps).
  std::vector<SmallVector<unsigned, 2>> defines;
  /// Steps of the starts in their original order.
  std::vector<unsigned> starts;
  /// Bytes each start allocates (its output, tensor form).
  std::vector<int64_t> allocates;
  /// Live bytes at each step of the input order.
  ArrayRef<int64_t> originalMemory;
};

/// The result of one scheduling run.
struct Schedule {
  std::vector<unsigned> order;
  std::vector<Delay> delays; // Per step; meaningful for starts.
};

/// Runs the list scheduler with `maxInFlight` collectives per group and a
/// live-memory limit of `budget` bytes for issuing starts. With `keepOrder`
/// starts are issued in their input order; otherwise the ready start whose
/// result is needed first goes first.
Schedule listSchedule(const Problem &p, int64_t maxInFlight, int64_t budget,
                      bool keepOrder) {
  const std::vector<SimOp> &ops = p.sim.simOps;
  unsigned n = ops.size();
  Schedule result;
  result.delays.assign(n, Delay::None);
  std::vector<unsigned> missing(n);
  for (unsigned step = 0; step < n; ++step)
    missing[step] = p.graph.getPreds(step).size();
  std::vector<bool> done(n, false);

  // Memory: remaining uses of each buffer.
  std::vector<unsigned> remaining(p.memory.buffers.size());
  int64_t live = 0;
  for (auto [b, buffer] : llvm::enumerate(p.memory.buffers)) {
    remaining[b] = buffer.uses.size();
    if (!buffer.def)
      live += buffer.size;
  }
  // Uses of each step, for freeing.
  std::vector<SmallVector<unsigned, 4>> usesOf(n);
  for (auto [b, buffer] : llvm::enumerate(p.memory.buffers))
    for (unsigned use : buffer.uses)
      usesOf[use].push_back(b);

  // Simulated time.
  double now = 0;
  std::vector<double> streamFree(p.sim.streamNames.size(), 0);
  std::vector<double> collectiveEnd(n, 0);
  std::vector<std::deque<unsigned>> inFlight(p.sim.streamNames.size());
  // Starts by priority: the input position of the first op that needs the
  // result (through the wait), then the input position of the start.
  std::vector<unsigned> need(n, n);
  std::vector<unsigned> startIndex(n, 0);
  std::vector<unsigned> waitOf(n, n);
  for (unsigned step = 0; step < n; ++step)
    if (ops[step].kind == SimOp::Kind::Wait)
      waitOf[ops[step].start] = step;
  for (auto [index, start] : llvm::enumerate(p.starts)) {
    startIndex[start] = index;
    if (waitOf[start] < n)
      for (unsigned user : p.graph.getSuccs(waitOf[start]))
        need[start] = std::min(need[start], user);
  }
  // A start whose wait frees memory (a reduce_scatter of gradients, whose
  // input dies at the wait) goes out in input order: delaying it would keep
  // its input alive.
  std::vector<bool> freesMemory(n, false);
  for (const MemoryProblem::Buffer &buffer : p.memory.buffers) {
    if (buffer.size == 0 || buffer.liveOut || buffer.uses.empty())
      continue;
    unsigned last = *std::max_element(buffer.uses.begin(), buffer.uses.end());
    if (ops[last].kind == SimOp::Kind::Wait &&
        llvm::is_contained(buffer.uses, ops[last].start))
      freesMemory[ops[last].start] = true;
  }
  std::vector<std::set<std::pair<unsigned, unsigned>>> readyStarts(
      p.sim.streamNames.size());
  auto priority = [&](unsigned start) {
    if (keepOrder || freesMemory[start])
      return std::make_pair(startIndex[start], start);
    return std::make_pair(std::min(need[start], start), start);
  };
  auto makeReady = [&](unsigned start) {
    readyStarts[ops[start].stream].insert(priority(start));
  };
  unsigned nextInOrder = 0; // keepOrder: index of the next start to issue
  // Bytes that prefetched collectives add at each step of the input order,
  // and the furthest input position reached by the ops placed so far.
  RangeMaxTree window(p.originalMemory);
  unsigned progress = 0;
  // Ready compute ops by original position; ready waits.
  // Compute in input order, except that cheap ops on the way to a start
  // (its prologue: casts, flattening) go first, so that the collective can
  // be issued early.
  // A prologue op must not grow memory: pulling forward an op that
  // allocates more than it reads (e.g. a zero-filled gradient buffer) would
  // keep the new buffer alive for longer.
  std::vector<int64_t> readBytes(n, 0), allocatedBytes(n, 0);
  for (const MemoryProblem::Buffer &buffer : p.memory.buffers) {
    if (buffer.def)
      allocatedBytes[*buffer.def] += buffer.size;
    for (unsigned use : buffer.uses)
      readBytes[use] += buffer.size;
  }
  std::vector<bool> prologue(n, false);
  for (unsigned step = n; step-- > 0;) {
    if (ops[step].kind != SimOp::Kind::Compute || ops[step].durationUs > 0 ||
        p.sim.ops[step]->getNumOperands() == 0 ||
        allocatedBytes[step] > readBytes[step])
      continue;
    for (unsigned succ : p.graph.getSuccs(step))
      if (ops[succ].kind == SimOp::Kind::Start || prologue[succ])
        prologue[step] = true;
  }
  std::set<std::pair<bool, unsigned>> readyCompute;
  std::set<unsigned> readyWaits;
  unsigned terminator = n - 1;
  auto isWait = [&](unsigned s) { return ops[s].kind == SimOp::Kind::Wait; };
  auto isStart = [&](unsigned s) { return ops[s].kind == SimOp::Kind::Start; };

  auto schedule = [&](unsigned step) {
    done[step] = true;
    result.order.push_back(step);
    // Memory: allocate, then free buffers whose last use this was.
    for (unsigned b : p.defines[step])
      live += p.memory.buffers[b].size;
    for (unsigned b : usesOf[step])
      if (--remaining[b] == 0 && !p.memory.buffers[b].liveOut)
        live -= p.memory.buffers[b].size;
    for (unsigned b : p.defines[step])
      if (p.memory.buffers[b].uses.empty() && !p.memory.buffers[b].liveOut)
        live -= p.memory.buffers[b].size;
    if (!isStart(step))
      progress = std::max(progress, step);
    // Time.
    const SimOp &op = ops[step];
    if (op.kind == SimOp::Kind::Compute) {
      now += op.durationUs;
    } else if (op.kind == SimOp::Kind::Start) {
      double begin = std::max(now, streamFree[op.stream]);
      collectiveEnd[step] = begin + op.durationUs;
      streamFree[op.stream] = collectiveEnd[step];
      inFlight[op.stream].push_back(step);
    } else {
      now = std::max(now, collectiveEnd[op.start]);
      inFlight[ops[op.start].stream].pop_front();
    }
    for (unsigned succ : p.graph.getSuccs(step))
      if (--missing[succ] == 0 && succ != terminator) {
        if (isWait(succ))
          readyWaits.insert(succ);
        else if (isStart(succ))
          makeReady(succ);
        else
          readyCompute.insert({!prologue[succ], succ});
      }
  };
  for (unsigned step = 0; step + 1 < n; ++step)
    if (!missing[step]) {
      if (isWait(step))
        readyWaits.insert(step);
      else if (isStart(step))
        makeReady(step);
      else
        readyCompute.insert({!prologue[step], step});
    }

  // A wait may be placed once its collective is the oldest in flight on its
  // group: one group is one in-order stream.
  auto waitAllowed = [&](unsigned wait) {
    unsigned start = ops[wait].start;
    const std::deque<unsigned> &queue = inFlight[ops[start].stream];
    return !queue.empty() && queue.front() == start;
  };
  // Places the allowed ready wait, among those `filter` accepts, whose
  // collective ends first (the lowest step on ties). Returns false if there
  // is none.
  auto placeEarliestWait = [&](auto filter) {
    unsigned best = n;
    for (unsigned w : readyWaits)
      if (waitAllowed(w) && filter(w) &&
          (best == n ||
           collectiveEnd[ops[w].start] < collectiveEnd[ops[best].start]))
        best = w;
    if (best == n)
      return false;
    readyWaits.erase(best);
    schedule(best);
    return true;
  };

  while (result.order.size() + 1 < n) {
    // 0. Place the waits of collectives that have already ended: they cost
    // nothing and free the inputs and the slot.
    bool progressed = false;
    for (unsigned w : readyWaits)
      if (waitAllowed(w) && collectiveEnd[ops[w].start] <= now) {
        readyWaits.erase(w);
        schedule(w);
        progressed = true;
        break;
      }
    if (progressed)
      continue;
    // 1. Issue the best ready start of any group that has a free slot and
    // room in memory. A group's best start holds its slot for it: the
    // group's other starts wait behind it.
    unsigned best = n;
    for (auto [stream, queue] : llvm::enumerate(readyStarts)) {
      if (queue.empty())
        continue;
      unsigned start = queue.begin()->second;
      if (keepOrder && startIndex[start] != nextInOrder)
        continue;
      if (static_cast<int64_t>(inFlight[stream].size()) >= maxInFlight) {
        // Free the slot for nothing if the oldest collective has ended.
        unsigned oldest = inFlight[stream].front();
        unsigned wait = waitOf[oldest];
        if (wait < n && readyWaits.count(wait) &&
            collectiveEnd[oldest] <= now) {
          readyWaits.erase(wait);
          schedule(wait);
          progressed = true;
          break;
        }
        result.delays[start] = Delay::InFlightCap;
        continue;
      }
      // Starting early keeps the output live over the input-order steps it
      // jumps over: charge it to each of them.
      int64_t bytes = p.allocates[startIndex[start]];
      bool fits = live + bytes <= budget;
      if (fits && progress + 1 < start)
        fits = window.max(progress + 1, start - 1) + bytes <= budget;
      if (!fits) {
        result.delays[start] = Delay::Memory;
        continue;
      }
      if (best == n || priority(start) < priority(best))
        best = start;
    }
    if (progressed)
      continue;
    if (best != n) {
      int64_t bytes = p.allocates[startIndex[best]];
      if (progress + 1 < best)
        window.add(progress + 1, best - 1, bytes);
      readyStarts[ops[best].stream].erase(priority(best));
      schedule(best);
      ++nextInOrder;
      progressed = true;
    }
    if (progressed)
      continue;
    // 2. Compute in its original order. If it would push live memory over
    // the budget, first place a wait that frees memory (a reduce_scatter
    // whose input dies at its wait), even if it stalls.
    if (!readyCompute.empty()) {
      unsigned step = readyCompute.begin()->second;
      // Running far-ahead work that grows memory (a zero-filled gradient
      // buffer, say) while the next ops wait on a collective only keeps its
      // buffer alive longer: wait for the collective first.
      if (step > progress + 1 && allocatedBytes[step] > readBytes[step] &&
          placeEarliestWait([](unsigned) { return true; }))
        continue;
      int64_t allocation = 0;
      for (unsigned b : p.defines[step])
        allocation += p.memory.buffers[b].size;
      if (live + allocation > budget && placeEarliestWait([&](unsigned w) {
            return freesMemory[ops[w].start];
          }))
        continue;
      readyCompute.erase(readyCompute.begin());
      schedule(step);
      continue;
    }
    // 3. Nothing else to do: wait for the collective that ends first.
    if (placeEarliestWait([](unsigned) { return true; }))
      continue;
    // 4. Only starts held back by the memory limit are left: issue the one
    // with the best priority anyway.
    unsigned forced = n;
    for (auto &queue : readyStarts) {
      if (queue.empty())
        continue;
      unsigned start = queue.begin()->second;
      if (keepOrder && startIndex[start] != nextInOrder)
        continue;
      if (forced == n || priority(start) < priority(forced))
        forced = start;
    }
    if (forced != n) {
      readyStarts[ops[forced].stream].erase(priority(forced));
      schedule(forced);
      ++nextInOrder;
      continue;
    }
    break; // Cannot happen for a valid input order; the caller checks.
  }
  if (result.order.size() + 1 == n)
    result.order.push_back(terminator);
  return result;
}

/// Returns the simulation of `order` (a permutation of the steps).
FailureOr<SimResult> simulateOrder(const BlockSimulation &sim,
                                   ArrayRef<unsigned> order) {
  std::vector<unsigned> position(order.size());
  for (auto [pos, step] : llvm::enumerate(order))
    position[step] = pos;
  std::vector<SimOp> ops;
  for (unsigned step : order) {
    SimOp op = sim.simOps[step];
    for (unsigned &dep : op.deps)
      dep = position[dep];
    if (op.kind == SimOp::Kind::Wait)
      op.start = position[op.start];
    ops.push_back(std::move(op));
  }
  return simulate(ops);
}

std::string us(double value) { return llvm::formatv("{0:F3}", value).str(); }

struct SchedScheduleOverlap
    : public sched::impl::SchedScheduleOverlapBase<SchedScheduleOverlap> {
  using Base::Base;
  LogicalResult initialize(MLIRContext *) override {
    profile.load(profilePath);
    return success();
  }
  void runOnOperation() override;

private:
  /// The `profile` option's file, read once for all functions.
  LoadedProfile profile;
};
} // namespace

void SchedScheduleOverlap::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  if (maxInFlight < 1) {
    func.emitError("max-in-flight must be at least 1");
    return signalPassFailure();
  }
  if (memorySlack < 0) {
    func.emitError("memory-slack must be non-negative");
    return signalPassFailure();
  }
  FailureOr<std::optional<BlockAnalyses>> analyses =
      BlockAnalyses::build(func, profile, "not scheduled");
  if (failed(analyses))
    return signalPassFailure();
  if (!*analyses)
    return;
  Block &body = func.getBody().front();
  const BlockSimulation &sim = (*analyses)->sim;
  const BufferLiveness &liveness = (*analyses)->liveness;
  const DependenceGraph &graph = (*analyses)->graph;

  unsigned n = sim.ops.size();
  std::vector<unsigned> original = liveness.getProgramOrder();
  MemoryProfile originalMemory(liveness.getProblem(), original);
  FailureOr<SimResult> before = simulateOrder(sim, original);
  if (failed(before)) {
    func.emitError("cannot simulate the input order");
    return signalPassFailure();
  }
  // The input's peak plus the slack, saturated: a slack past 64 bits (found
  // by sched-pipeline-fuzzer: memory-slack=1e30 overflowed) is no limit.
  int64_t inputPeak = originalMemory.getPeak();
  double slackBytes = inputPeak * memorySlack;
  int64_t budget = std::numeric_limits<int64_t>::max();
  if (memoryBudget > 0)
    budget = static_cast<int64_t>(memoryBudget);
  else if (slackBytes < 0x1p63 &&
           inputPeak <= budget - static_cast<int64_t>(slackBytes))
    budget = inputPeak + static_cast<int64_t>(slackBytes);
  if (originalMemory.getPeak() > budget) {
    func.emitRemark() << "not scheduled: the input already needs "
                      << originalMemory.getPeak()
                      << " bytes, over the memory budget of " << budget;
    return;
  }

  Problem problem{sim, graph, liveness.getProblem(),       {},
                  {},  {},    originalMemory.getTimeline()};
  problem.defines.assign(n, {});
  for (auto [b, buffer] : llvm::enumerate(problem.memory.buffers))
    if (buffer.def)
      problem.defines[*buffer.def].push_back(b);
  for (unsigned step = 0; step < n; ++step)
    if (sim.simOps[step].kind == SimOp::Kind::Start) {
      problem.starts.push_back(step);
      int64_t bytes = 0;
      for (unsigned b : problem.defines[step])
        bytes += problem.memory.buffers[b].size;
      problem.allocates.push_back(bytes);
    }

  // Try the requested in-flight cap, then one collective in flight per
  // group, then no prefetch beyond the input's peak; keep the first schedule
  // that is valid, within budget and no slower than the input.
  std::optional<Schedule> chosen;
  SimResult after = *before;
  int64_t peakAfter = originalMemory.getPeak();
  int64_t capUsed = maxInFlight;
  std::string rejection;
  std::pair<int64_t, int64_t> attempts[] = {
      {maxInFlight, budget}, {1, budget}, {1, originalMemory.getPeak()}};
  for (auto [cap, issueBudget] : attempts) {
    Schedule candidate =
        listSchedule(problem, cap, issueBudget, keepCollectiveOrder);
    if (candidate.order.size() != n) {
      rejection = "the list scheduler did not place every op";
      continue;
    }
    FailureOr<SimResult> result = simulateOrder(sim, candidate.order);
    MemoryProfile memory(liveness.getProblem(), candidate.order);
    if (failed(result)) {
      rejection = "the schedule breaks a dependence";
      continue;
    }
    if (memory.getPeak() > budget) {
      rejection = llvm::formatv("its peak {0} bytes is over the budget of "
                                "{1} bytes",
                                memory.getPeak(), budget);
      continue;
    }
    if (result->makespanUs > before->makespanUs) {
      rejection = llvm::formatv("it is slower ({0} us against {1} us)",
                                us(result->makespanUs), us(before->makespanUs));
      continue;
    }
    chosen = std::move(candidate);
    after = *result;
    peakAfter = memory.getPeak();
    capUsed = cap;
    break;
  }
  if (!chosen) {
    func.emitRemark() << "kept the input order: " << rejection;
    return;
  }

  // Apply the order: move every op before the terminator, in order.
  Operation *terminator = &body.back();
  for (unsigned step : chosen->order)
    if (sim.ops[step] != terminator)
      sim.ops[step]->moveBefore(terminator);

  func.emitRemark() << "step " << us(before->makespanUs) << " -> "
                    << us(after.makespanUs) << " us, exposed comm "
                    << us(before->exposedCommUs) << " -> "
                    << us(after.exposedCommUs) << " us, peak memory "
                    << originalMemory.getPeak() << " -> " << peakAfter
                    << " bytes (budget " << budget << ")";

  if (!explain)
    return;
  // Explain every collective left exposed.
  std::vector<unsigned> position(n);
  for (auto [pos, step] : llvm::enumerate(chosen->order))
    position[step] = pos;
  for (const SimResult::Collective &row : after.collectives) {
    if (row.exposedUs <= 0)
      continue;
    unsigned start = chosen->order[row.op];
    unsigned wait = chosen->order[row.wait];
    Operation *startOp = sim.ops[start];
    double computeBetween = 0;
    for (unsigned pos = row.op + 1; pos < row.wait; ++pos)
      if (sim.simOps[chosen->order[pos]].kind == SimOp::Kind::Compute)
        computeBetween += sim.simOps[chosen->order[pos]].durationUs;
    InFlightDiagnostic diag = startOp->emitRemark()
                              << "exposed " << us(row.exposedUs) << " of "
                              << us(row.endUs - row.beginUs) << " us: ";
    if (chosen->delays[start] == Delay::Memory)
      diag << "started late to stay within the memory budget";
    else if (chosen->delays[start] == Delay::InFlightCap)
      diag << "started late: the group already had " << capUsed
           << (capUsed == 1 ? " collective" : " collectives") << " in flight";
    else if (row.beginUs > row.issueUs)
      diag << "queued behind earlier collectives of its group";
    else if (computeBetween == 0)
      diag << "no independent compute between its inputs and its first use";
    else
      diag << "only " << us(computeBetween)
           << " us of independent compute before its first use";
    (void)wait;
  }
}
