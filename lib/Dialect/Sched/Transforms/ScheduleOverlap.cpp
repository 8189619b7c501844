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
#include "CriticalPathSchedule.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/RangeMaxTree.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <deque>
#include <set>
#include <tuple>

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
enum class Delay { None, InFlightCap, Memory, GatherCap };

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
  /// Compute ops deferred until a collective that does not need them could
  /// start, and those collectives.
  unsigned numDeferred = 0, numDeferredFor = 0;
  double deferredUs = 0;
  /// Times the compute stream waited for a collective rather than start
  /// compute that hides the next one, and the time it waited.
  unsigned numHeldBack = 0;
  double heldBackUs = 0;
  /// Per step; for starts: compute that feeds it was not run early because
  /// of the memory budget, and compute was not run while it was in flight
  /// because running it that early would go over the budget.
  std::vector<bool> memoryLimited, aheadRefused;
};

/// How many ready compute ops (in input order) the scheduler considers to
/// fill the time until a collective ends.
constexpr unsigned kFitScan = 16;
/// Time differences below this are ties.
constexpr double kEpsilonUs = 1e-6;
/// A schedule this close to the simple lower bound (relative) is not worth
/// trying another strategy for.
constexpr double kBoundSlack = 1e-5;

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
  result.memoryLimited.assign(n, false);
  result.aheadRefused.assign(n, false);
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
    if (keepOrder)
      return std::make_pair(startIndex[start], start);
    if (freesMemory[start])
      return std::make_pair(start, start);
    return std::make_pair(std::min(need[start], start), start);
  };
  auto makeReady = [&](unsigned start) {
    readyStarts[ops[start].stream].insert(priority(start));
  };
  unsigned nextInOrder = 0; // keepOrder: index of the next start to issue
  // Bytes that ops placed ahead of their input position add at each step of
  // the input order, and the first input position of an op (other than a
  // start) not placed yet: an op placed now at a later position runs ahead
  // of the ops at the positions in between.
  RangeMaxTree window(p.originalMemory);
  unsigned frontier = 0;

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

  // Deferral. The next collective whose start still waits for compute (the
  // first such start in input order) can only hide behind compute that it
  // does not need: the ready compute that feeds it runs first, and the other
  // ready compute, which the input may run before it, once it is issued.
  // feeds[step]: the first start (input position) reachable from the step.
  // Every start before the first waiting one is ready or issued, so an op
  // not placed yet feeds that one exactly when feeds[] equals it.
  std::vector<unsigned> feeds(n, n);
  for (unsigned step = n; step-- > 0;)
    for (unsigned succ : p.graph.getSuccs(step))
      feeds[step] = std::min(feeds[step], isStart(succ) ? succ : feeds[succ]);
  unsigned waiting = 0; // Index in p.starts of the first waiting start.
  auto firstWaitingStart = [&]() {
    while (waiting < p.starts.size() &&
           (done[p.starts[waiting]] || missing[p.starts[waiting]] == 0))
      ++waiting;
    return waiting < p.starts.size() ? p.starts[waiting] : n;
  };
  std::set<std::tuple<unsigned, bool, unsigned>> readyByFeed;
  auto makeComputeReady = [&](unsigned step) {
    readyCompute.insert({!prologue[step], step});
    readyByFeed.insert({feeds[step], !prologue[step], step});
  };
  std::vector<bool> deferred(n, false), deferredFor(n, false);

  // The bytes an op adds at the input positions it runs ahead of: what it
  // allocates and keeps (not what dies at once), less what it is the last
  // user of, which now dies before those positions. With these charges the
  // window holds the exact memory of the placed ops followed by the others
  // in input order (except for waits placed early and starts placed late,
  // which only free memory there).
  std::vector<int64_t> keptBytes(n, 0);
  for (const MemoryProblem::Buffer &buffer : p.memory.buffers)
    if (buffer.def && (!buffer.uses.empty() || buffer.liveOut))
      keptBytes[*buffer.def] += buffer.size;
  auto aheadBytes = [&](unsigned step) -> int64_t {
    int64_t bytes = keptBytes[step];
    ArrayRef<unsigned> uses = usesOf[step];
    for (auto [i, b] : llvm::enumerate(uses))
      if (!p.memory.buffers[b].liveOut &&
          llvm::find(uses, b) == uses.begin() + i &&
          remaining[b] == static_cast<unsigned>(llvm::count(uses, b)))
        bytes -= p.memory.buffers[b].size;
    return bytes;
  };

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
    while (frontier < n && (done[frontier] || isStart(frontier)))
      ++frontier;
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
          makeComputeReady(succ);
      }
  };
  for (unsigned step = 0; step + 1 < n; ++step)
    if (!missing[step]) {
      if (isWait(step))
        readyWaits.insert(step);
      else if (isStart(step))
        makeReady(step);
      else
        makeComputeReady(step);
    }
  while (frontier < n && isStart(frontier))
    ++frontier;

  // A wait may be placed once its collective is the oldest in flight on its
  // group: one group is one in-order stream.
  auto waitAllowed = [&](unsigned wait) {
    unsigned start = ops[wait].start;
    const std::deque<unsigned> &queue = inFlight[ops[start].stream];
    return !queue.empty() && queue.front() == start;
  };
  // Places the allowed ready wait, among those `filter` accepts, whose
  // collective ends first (the lowest step on ties). Returns false if there
  // is none. `waitedFor`, if given, is set to its start.
  auto placeEarliestWait = [&](auto filter, unsigned *waitedFor = nullptr) {
    unsigned best = n;
    for (unsigned w : readyWaits)
      if (waitAllowed(w) && filter(w) &&
          (best == n ||
           collectiveEnd[ops[w].start] < collectiveEnd[ops[best].start]))
        best = w;
    if (best == n)
      return false;
    if (waitedFor)
      *waitedFor = ops[best].start;
    readyWaits.erase(best);
    schedule(best);
    return true;
  };

  // Issues the ready start of the best priority (of a group with a free slot
  // if `respectCap`) although the memory limit holds it back. Returns false
  // if there is none.
  auto forceStart = [&](bool respectCap) {
    unsigned forced = n;
    for (auto [stream, queue] : llvm::enumerate(readyStarts)) {
      if (queue.empty() ||
          (respectCap &&
           static_cast<int64_t>(inFlight[stream].size()) >= maxInFlight))
        continue;
      unsigned start = queue.begin()->second;
      if (keepOrder && startIndex[start] != nextInOrder)
        continue;
      if (forced == n || priority(start) < priority(forced))
        forced = start;
    }
    if (forced == n)
      return false;
    if (frontier < forced)
      window.add(frontier, forced - 1, p.allocates[startIndex[forced]]);
    readyStarts[ops[forced].stream].erase(priority(forced));
    schedule(forced);
    ++nextInOrder;
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
      if (fits && frontier < start)
        fits = window.max(frontier, start - 1) + bytes <= budget;
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
      if (frontier < best)
        window.add(frontier, best - 1, bytes);
      readyStarts[ops[best].stream].erase(priority(best));
      schedule(best);
      ++nextInOrder;
      progressed = true;
    }
    if (progressed)
      continue;
    // 2. Compute. Preferred: what feeds the target (the first start that
    // waits for compute), so that it is issued early; the other ready
    // compute is deferred until then, and hides it.
    if (!readyCompute.empty()) {
      unsigned first = readyCompute.begin()->second;
      unsigned target = firstWaitingStart();
      unsigned preferred = n;
      if (target != n && std::get<0>(*readyByFeed.begin()) == target)
        preferred = std::get<2>(*readyByFeed.begin());
      // No feeder is ready: the target waits for compute that waits for a
      // collective in flight (the gating one). Run the first ready op that
      // ends before the gating collective does, keeping longer work to
      // hide the target. If none does, wait for the gating collective when
      // that idles the compute stream for less than the target would be
      // exposed without the first op (counting the compute that the first
      // op makes ready, which hides the target as well).
      if (target != n && preferred == n) {
        unsigned gating = n;
        for (const std::deque<unsigned> &queue : inFlight)
          for (unsigned c : queue)
            if (collectiveEnd[c] > now && waitOf[c] < n &&
                feeds[waitOf[c]] == target &&
                (gating == n || collectiveEnd[c] < collectiveEnd[gating]))
              gating = c;
        if (gating != n) {
          double gap = collectiveEnd[gating] - now;
          double others = 0; // Other ready work, first ops in input order.
          unsigned scanned = 0;
          for (auto it = readyCompute.begin();
               it != readyCompute.end() && scanned < kFitScan;
               ++it, ++scanned) {
            double duration = ops[it->second].durationUs;
            if (preferred == n && duration <= gap)
              preferred = it->second;
            if (it->second != first)
              others += duration;
          }
          for (unsigned succ : p.graph.getSuccs(first))
            if (ops[succ].kind == SimOp::Kind::Compute && missing[succ] == 1)
              others += ops[succ].durationUs;
          double targetUs = ops[target].durationUs;
          double exposedIfRun = std::max(0.0, targetUs - others);
          double exposedIfWait =
              gap + std::max(0.0, targetUs - others - ops[first].durationUs);
          unsigned wait = waitOf[gating];
          if (preferred == n && exposedIfWait + kEpsilonUs < exposedIfRun &&
              readyWaits.count(wait) && waitAllowed(wait)) {
            ++result.numHeldBack;
            result.heldBackUs += gap;
            readyWaits.erase(wait);
            schedule(wait);
            continue;
          }
        }
      }

      // Memory. An op placed ahead of unplaced ops of the input order is
      // charged what it adds at their positions (aheadBytes); it must fit
      // the budget there, and a preferred op must also fit it now.
      auto allocationOf = [&](unsigned step) {
        int64_t bytes = 0;
        for (unsigned b : p.defines[step])
          bytes += p.memory.buffers[b].size;
        return bytes;
      };
      auto fits = [&](unsigned step, int64_t ahead) {
        if (step != first && live + allocationOf(step) > budget)
          return false;
        return ahead <= 0 || frontier >= step ||
               window.max(frontier, step - 1) + ahead <= budget;
      };
      unsigned step = n;
      int64_t ahead = 0;
      for (unsigned candidate : {preferred, first}) {
        if (candidate == n)
          continue;
        ahead = aheadBytes(candidate);
        if (fits(candidate, ahead)) {
          step = candidate;
          break;
        }
        if (candidate == preferred && target != n && feeds[candidate] == target)
          result.memoryLimited[target] = true;
      }
      if (step == n) {
        // Nothing fits (a zero-filled gradient buffer pulled far forward,
        // say): wait for a collective, or issue the collective that the
        // ops before are held back by, rather than run far ahead.
        unsigned waitedFor = n;
        double before = now;
        if (placeEarliestWait([](unsigned) { return true; }, &waitedFor)) {
          if (collectiveEnd[waitedFor] > before)
            result.aheadRefused[waitedFor] = true;
          continue;
        }
        if (forceStart(/*respectCap=*/true))
          continue;
        step = first;
        ahead = aheadBytes(first);
      }
      // If the op would push live memory over the budget, first place a
      // wait that frees memory (a reduce_scatter whose input dies at its
      // wait), even if it stalls.
      if (live + allocationOf(step) > budget &&
          placeEarliestWait(
              [&](unsigned w) { return freesMemory[ops[w].start]; }))
        continue;
      if (step != first && feeds[step] == target) {
        deferred[first] = true;
        deferredFor[target] = true;
      }
      if (ahead != 0 && frontier < step)
        window.add(frontier, step - 1, ahead);
      readyCompute.erase({!prologue[step], step});
      readyByFeed.erase({feeds[step], !prologue[step], step});
      schedule(step);
      continue;
    }
    // 3. Nothing else to do: wait for the collective that ends first.
    if (placeEarliestWait([](unsigned) { return true; }))
      continue;
    // 4. Only starts held back by the memory limit are left: issue the one
    // with the best priority anyway.
    if (forceStart(/*respectCap=*/false))
      continue;
    break; // Cannot happen for a valid input order; the caller checks.
  }
  if (result.order.size() + 1 == n)
    result.order.push_back(terminator);
  for (unsigned step = 0; step < n; ++step) {
    if (deferred[step]) {
      ++result.numDeferred;
      result.deferredUs += ops[step].durationUs;
    }
    if (deferredFor[step])
      ++result.numDeferredFor;
  }
  return result;
}

std::string us(double value) { return llvm::formatv("{0:F3}", value).str(); }

/// Returns true for a `sched.compute` or a call that has no cost (not even
/// one derived from a body): the simulation counts it as 0 us although it
/// does work.
bool isUncosted(Operation *op) {
  auto compute = dyn_cast<ComputeOpInterface>(op);
  return compute && isa<ComputeOp, CallOpInterface>(op) &&
         !compute.getComputeCost();
}

struct SchedScheduleOverlap
    : public sched::impl::SchedScheduleOverlapBase<SchedScheduleOverlap> {
  using Base::Base;
  LogicalResult initialize(MLIRContext *) override {
    profile.load(profilePath);
    return success();
  }
  void runOnOperation() override;

private:
  /// Emits an error at `loc` for the first invalid option; fails if any.
  LogicalResult validateOptions(Location loc);
  /// Returns the memory budget for an input of peak `inputPeak`: the
  /// `memory-budget`, or the input's peak plus `memory-slack`, saturated; at
  /// most the HBM capacity of `target` if the input fits it (with a
  /// diagnostic if `memory-budget` asked for more). Fails after an error.
  FailureOr<int64_t> computeBudget(Location loc, int64_t inputPeak,
                                   TargetAttr target);
  /// The peak memory of the input and of the order the pass leaves.
  struct Peaks {
    int64_t input;
    int64_t result;
  };
  /// Schedules `func`; returns its peaks, none if it was skipped. Fails
  /// after an error.
  FailureOr<std::optional<Peaks>> schedule(func::FuncOp func);

  /// The `profile` option's file, read once for all functions.
  LoadedProfile profile;
};
} // namespace

// Remarks go to the locations of the function and of the starts:
// Operation::emitRemark would attach the whole function, printed, to each.

/// Emits the summary remark of `func` at its location, named by its symbol:
/// the step `before` and `after`, how far it is from the lower bound of
/// `ops`, exposed communication, the peak memory change and the budget;
/// without `explain`, how many collectives stay exposed (the per-collective
/// remarks are behind `explain`).
static void emitSummary(func::FuncOp func, const SimResult &before,
                        const SimResult &after, ArrayRef<SimOp> ops,
                        StringRef peakChange, StringRef budget, bool explain) {
  FailureOr<double> headTail = computeHeadTailBound(ops);
  double bound = std::max(after.streamBoundUs, after.criticalPathUs);
  if (succeeded(headTail))
    bound = std::max(bound, *headTail);
  std::string boundWords = describeLowerBound(after.makespanUs, bound);
  InFlightDiagnostic remark = mlir::emitRemark(func.getLoc());
  remark << "@" << func.getSymName() << ": step " << us(before.makespanUs)
         << " -> " << us(after.makespanUs) << " us, exposed comm "
         << us(before.exposedCommUs) << " -> " << us(after.exposedCommUs)
         << " us, peak memory " << peakChange << " (budget " << budget << ")";
  if (!boundWords.empty())
    remark << "; " << boundWords;
  if (explain)
    return;
  unsigned exposed =
      llvm::count_if(after.collectives, [](const SimResult::Collective &row) {
        return row.exposedUs > 0;
      });
  if (exposed > 0)
    remark << "; " << exposed
           << (exposed == 1 ? " collective stays" : " collectives stay")
           << " exposed (explain=1 says why)";
}

LogicalResult SchedScheduleOverlap::validateOptions(Location loc) {
  if (maxInFlight < 1)
    return mlir::emitError(loc) << "max-in-flight must be at least 1, got "
                                << maxInFlight.getValue();
  // NaN fails every comparison: `memory-slack=nan` would be no limit.
  if (!(memorySlack >= 0) || std::isinf(memorySlack))
    return mlir::emitError(loc)
           << "memory-slack must be a finite non-negative fraction, got "
           << formatOption(memorySlack);
  if (memoryBudget < 0)
    return mlir::emitError(loc)
           << "memory-budget must be non-negative (0: the input's peak plus "
              "memory-slack), got "
           << memoryBudget.getValue();
  return success();
}

FailureOr<int64_t> SchedScheduleOverlap::computeBudget(Location loc,
                                                       int64_t inputPeak,
                                                       TargetAttr target) {
  // The input's peak plus the slack, saturated: a slack past 64 bits (found
  // by sched-pipeline-fuzzer: memory-slack=1e30 overflowed) is no limit.
  double slackBytes = inputPeak * memorySlack;
  int64_t budget = std::numeric_limits<int64_t>::max();
  if (memoryBudget > 0)
    budget = static_cast<int64_t>(memoryBudget);
  else if (slackBytes < 0x1p63 &&
           inputPeak <= budget - static_cast<int64_t>(slackBytes))
    budget = inputPeak + static_cast<int64_t>(slackBytes);
  // A schedule that fits the device never grows past it; an input that does
  // not fit is reported by checkCapacity, its budget kept.
  int64_t capacity = target.getHbmCapacity();
  if (capacityCheck == CapacityCheck::Off || inputPeak > capacity ||
      budget <= capacity)
    return budget;
  if (memoryBudget > 0) {
    InFlightDiagnostic diag = capacityCheck == CapacityCheck::Error
                                  ? mlir::emitError(loc)
                                  : mlir::emitWarning(loc);
    diag << "memory-budget of " << formatBytes(memoryBudget.getValue())
         << " exceeds the HBM capacity of " << formatBytes(capacity)
         << " of target '" << target.getName()
         << "'; the budget is the capacity";
    if (capacityCheck == CapacityCheck::Error)
      return failure();
  }
  return capacity;
}

void SchedScheduleOverlap::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  if (failed(validateOptions(func.getLoc())))
    return signalPassFailure();
  FailureOr<std::optional<Peaks>> peaks = schedule(func);
  if (failed(peaks))
    return signalPassFailure();
  if (*peaks && failed(checkCapacity(func, (*peaks)->result, (*peaks)->input,
                                     capacityCheck)))
    return signalPassFailure();
}

FailureOr<std::optional<SchedScheduleOverlap::Peaks>>
SchedScheduleOverlap::schedule(func::FuncOp func) {
  // With keep-collective-order, a loop whose body communicates keeps its
  // place among the starts too.
  DependenceGraph::Options graphOptions;
  graphOptions.chainCollectiveIssuers = keepCollectiveOrder;
  FailureOr<std::optional<BlockAnalyses>> analyses =
      BlockAnalyses::build(func, profile, "not scheduled", graphOptions);
  if (failed(analyses))
    return failure();
  if (!*analyses)
    return std::optional<Peaks>();
  Block &body = func.getBody().front();
  const BlockSimulation &sim = (*analyses)->sim;
  const BufferLiveness &liveness = (*analyses)->liveness;
  const DependenceGraph &graph = (*analyses)->graph;

  unsigned n = sim.ops.size();
  std::vector<unsigned> original = liveness.getProgramOrder();
  MemoryProfile originalMemory(liveness.getProblem(), original);
  FailureOr<SimResult> before = simulate(sim.simOps, original);
  if (failed(before)) {
    mlir::emitError(func.getLoc(), "cannot simulate the input order");
    return failure();
  }
  int64_t inputPeak = originalMemory.getPeak();
  FailureOr<int64_t> budgetOr =
      computeBudget(func.getLoc(), inputPeak, (*analyses)->model.getTarget());
  if (failed(budgetOr))
    return failure();
  int64_t budget = *budgetOr;
  Peaks kept{inputPeak, inputPeak};
  if (originalMemory.getPeak() > budget) {
    mlir::emitRemark(func.getLoc())
        << "not scheduled: the input already needs "
        << formatBytes(originalMemory.getPeak())
        << ", over the memory budget of " << formatBytes(budget);
    return std::optional<Peaks>(kept);
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
    FailureOr<SimResult> result = simulate(sim.simOps, candidate.order);
    MemoryProfile memory(liveness.getProblem(), candidate.order);
    if (failed(result)) {
      rejection = "the schedule breaks a dependence";
      continue;
    }
    if (memory.getPeak() > budget) {
      rejection =
          llvm::formatv("its peak {0} is over the budget of {1}",
                        formatBytes(memory.getPeak()), formatBytes(budget));
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
  // The second strategy (CriticalPathSchedule.cpp), with each priority,
  // replaces the list schedule, or the input order, only where it is
  // strictly faster, valid and within the budget. Not tried where the
  // incumbent is within 0.001 % of the busiest stream's or the longest
  // dependence chain's time, which no order beats, so it could gain at most
  // that (on synthetic-100k, 0.27 us of 362 ms: this saves the two runs).
  bool listChosen = chosen.has_value();
  std::optional<double> replacedUs;
  const char *strategy = nullptr;
  unsigned gathersUsed = kNoGatherCap;
  // `after` is the incumbent: the list schedule, or the input order.
  bool atBound =
      after.makespanUs <=
      std::max(after.streamBoundUs, after.criticalPathUs) * (1 + kBoundSlack);
  // Runs the strategy with `priority` and `gathers` (the gather cap); keeps
  // its schedule if it beats the incumbent. Returns the most weight gathers
  // it had ahead, or 0 if it placed nothing (no micro-batches).
  auto tryCriticalPath = [&](CriticalPathPriority priority, const char *name,
                             unsigned gathers) -> unsigned {
    CriticalPathSchedule cp = scheduleCriticalPath(
        sim, graph, liveness.getProblem(), originalMemory.getTimeline(),
        priority, maxInFlight, budget, keepCollectiveOrder, gathers);
    double incumbentUs = chosen ? after.makespanUs : before->makespanUs;
    if (cp.order.size() != n)
      return 0;
    unsigned ahead = cp.maxGathersAhead;
    FailureOr<SimResult> result = simulate(sim.simOps, cp.order);
    if (failed(result) || result->makespanUs + kEpsilonUs >= incumbentUs)
      return ahead;
    MemoryProfile memory(liveness.getProblem(), cp.order);
    if (memory.getPeak() > budget)
      return ahead;
    Schedule schedule;
    schedule.order = std::move(cp.order);
    for (CriticalPathSchedule::Delay delay : cp.delays)
      schedule.delays.push_back(
          delay == CriticalPathSchedule::Delay::Memory ? Delay::Memory
          : delay == CriticalPathSchedule::Delay::InFlightCap
              ? Delay::InFlightCap
          : delay == CriticalPathSchedule::Delay::GatherCap ? Delay::GatherCap
                                                            : Delay::None);
    schedule.memoryLimited.assign(n, false);
    schedule.aheadRefused.assign(n, false);
    if (!replacedUs)
      replacedUs = incumbentUs;
    strategy = name;
    gathersUsed = gathers;
    chosen = std::move(schedule);
    after = *result;
    peakAfter = memory.getPeak();
    capUsed = maxInFlight;
    return ahead;
  };
  if (!atBound) {
    tryCriticalPath(CriticalPathPriority::BottomLevel, "bottom level",
                    kNoGatherCap);
    tryCriticalPath(CriticalPathPriority::InputOrder, "input order",
                    kNoGatherCap);
    // The interleaved micro-batches: without a gather cap, then (by
    // default) with caps 2, 4, 8, ... below the most gathers the uncapped
    // run had ahead, each kept if strictly faster; or with the one cap
    // asked for.
    const char *interleaved = "interleaved micro-batch";
    if (gatherCap > 0) {
      tryCriticalPath(
          CriticalPathPriority::Interleaved, interleaved,
          static_cast<unsigned>(std::min<int64_t>(
              gatherCap, std::numeric_limits<unsigned>::max() - 1)));
    } else {
      unsigned ahead = tryCriticalPath(CriticalPathPriority::Interleaved,
                                       interleaved, kNoGatherCap);
      if (gatherCap == 0)
        for (unsigned cap = 2; cap < ahead; cap *= 2)
          tryCriticalPath(CriticalPathPriority::Interleaved, interleaved, cap);
    }
  }
  if (!chosen) {
    mlir::emitRemark(func.getLoc()) << "kept the input order: " << rejection;
    return std::optional<Peaks>(kept);
  }

  // Apply the order: move every op before the terminator, in order.
  Operation *terminator = &body.back();
  for (unsigned step : chosen->order)
    if (sim.ops[step] != terminator)
      sim.ops[step]->moveBefore(terminator);

  emitSummary(func, *before, after, sim.simOps,
              formatBytesChange(originalMemory.getPeak(), peakAfter),
              budget == std::numeric_limits<int64_t>::max()
                  ? std::string("unlimited")
                  : formatBytes(budget),
              explain);

  Peaks peaks{inputPeak, peakAfter};
  if (!explain)
    return std::optional<Peaks>(peaks);
  if (replacedUs)
    mlir::emitRemark(func.getLoc())
        << "chose the critical-path schedule with " << strategy << " priority"
        << (gathersUsed != kNoGatherCap
                ? llvm::formatv(" and at most {0} weight gathers ahead",
                                gathersUsed)
                      .str()
                : std::string())
        << " (" << us(after.makespanUs) << " us) over "
        << (listChosen ? "the list schedule (" : "the input order (")
        << us(*replacedUs) << " us)";
  if (chosen->numDeferred > 0)
    mlir::emitRemark(func.getLoc())
        << "deferred " << chosen->numDeferred
        << (chosen->numDeferred == 1 ? " compute op (" : " compute ops (")
        << us(chosen->deferredUs) << " us) until " << chosen->numDeferredFor
        << (chosen->numDeferredFor == 1 ? " collective that does"
                                        : " collectives that do")
        << (chosen->numDeferred == 1 ? " not need it" : " not need them")
        << " could start";
  if (chosen->numHeldBack > 0)
    mlir::emitRemark(func.getLoc())
        << "waited " << chosen->numHeldBack
        << (chosen->numHeldBack == 1 ? " time (" : " times (")
        << us(chosen->heldBackUs)
        << " us) for a collective to end rather than start "
           "compute that hides the next one";
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
    unsigned uncosted = 0;
    for (unsigned pos = row.op + 1; pos < row.wait; ++pos) {
      const SimOp &between = sim.simOps[chosen->order[pos]];
      if (between.kind != SimOp::Kind::Compute)
        continue;
      computeBetween += between.durationUs;
      if (between.durationUs == 0 && isUncosted(sim.ops[chosen->order[pos]]))
        ++uncosted;
    }
    InFlightDiagnostic diag = mlir::emitRemark(startOp->getLoc())
                              << "exposed " << us(row.exposedUs) << " of "
                              << us(row.endUs - row.beginUs) << " us: ";
    if (chosen->delays[start] == Delay::Memory)
      diag << "started late to stay within the memory budget";
    else if (chosen->delays[start] == Delay::GatherCap)
      diag << "started late: " << gathersUsed
           << (gathersUsed == 1 ? " weight gather" : " weight gathers")
           << " whose users had not all run were already issued";
    else if (chosen->delays[start] == Delay::InFlightCap)
      diag << "started late: the group already had " << capUsed
           << (capUsed == 1 ? " collective" : " collectives") << " in flight";
    else if (row.beginUs > row.issueUs)
      diag << "queued behind earlier collectives of its group";
    else if (computeBetween == 0 && uncosted == 0)
      diag << "no independent compute between its inputs and its first use";
    else if (computeBetween == 0)
      diag << "the compute that runs during it has no cost (" << uncosted
           << (uncosted == 1 ? " op" : " ops") << " counted as 0 us)";
    else
      diag << "only " << us(computeBetween)
           << " us of independent compute before its first use";
    if (computeBetween > 0 && uncosted > 0)
      diag << " (and " << uncosted << (uncosted == 1 ? " op" : " ops")
           << " without a cost, counted as 0 us)";
    if (chosen->memoryLimited[start])
      diag << "; the memory budget kept the compute it needs from running "
              "first";
    if (chosen->aheadRefused[start])
      diag << "; the memory budget kept later compute from running during "
              "it";
    (void)wait;
  }
  return std::optional<Peaks>(peaks);
}
