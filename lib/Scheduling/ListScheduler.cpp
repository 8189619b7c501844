//===- ListScheduler.cpp - start early, wait late -------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/ListScheduler.h"
#include "sched/Scheduling/MemoryWindow.h"
#include "sched/Scheduling/StreamClock.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <set>
#include <tuple>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// How many ready compute ops (in input order) the scheduler considers to
/// fill the time until a collective ends.
constexpr unsigned kFitScan = 16;
/// Time differences below this are ties.
constexpr double kEpsilonUs = 1e-6;

/// The state of one run of the list scheduler.
class ListScheduler {
public:
  ListScheduler(const ScheduleProblem &problem, int64_t maxInFlight,
                int64_t budget, bool keepOrder,
                ArrayRef<int64_t> maxInFlightBytes);
  /// Places every step; returns the result.
  ListSchedule run();

private:
  /// Derives the start priorities, the waits that free memory, the
  /// prologue ops and the first start each step feeds.
  void initPriorities();
  /// The priority of a ready start: the input position of the first op
  /// that needs its result (through the wait), then its own position; its
  /// input position with keepOrder or if its wait frees memory.
  std::pair<unsigned, unsigned> priority(unsigned start) const;
  void makeReady(unsigned step);
  void makeComputeReady(unsigned step);
  /// The first start in input order that still waits for compute, or n.
  unsigned firstWaitingStart();
  /// Places `step` in the order, charges the window what it adds at the
  /// input positions it runs ahead of (a wait placed early: the credit of
  /// the buffers it is the last user of), and advances the clock.
  void schedule(unsigned step);
  /// Issues the ready start `start`.
  void issue(unsigned start);
  /// Whether `wait`'s collective is the oldest in flight on its group (one
  /// group is one in-order stream).
  bool waitAllowed(unsigned wait) const;
  /// Places the allowed ready wait, among those `filter` accepts, whose
  /// collective ends first (the lowest step on ties). Returns false if there
  /// is none. `waitedFor`, if given, is set to its start.
  template <typename Filter>
  bool placeEarliestWait(Filter filter, unsigned *waitedFor = nullptr);
  /// Issues the ready start of the best priority (of a group with a free
  /// slot if `respectCap`) although the memory limit holds it back. Returns
  /// false if there is none.
  bool forceStart(bool respectCap);
  /// Places the first wait of a collective that has already ended.
  bool placeEndedWait();
  /// Issues the best ready start of any group that has a free slot and room
  /// in memory, or frees a full group's slot whose oldest collective ended.
  bool issueReadyStart();
  /// Sets `preferred` to the first ready op that ends before the collective
  /// gating `target` does, or places that collective's wait when that idles
  /// the compute stream for less than `target` would be exposed (returns
  /// true then).
  bool holdBackForGating(unsigned first, unsigned target, unsigned &preferred);
  /// Whether compute `step`, charged `ahead` bytes, fits the budget (now
  /// too unless it is `first`).
  bool computeFits(unsigned step, unsigned first, int64_t ahead) const;
  /// Runs the next compute op (readyCompute is not empty), or a wait or a
  /// start that memory calls for first.
  void runCompute();

  const ScheduleProblem &p;
  int64_t budget;
  bool keepOrder;
  unsigned n, terminator;
  ListSchedule result;
  std::vector<unsigned> missing;
  MemoryWindow memory;
  StreamClock clock;
  std::vector<unsigned> need;
  std::vector<bool> freesMemory, prologue;
  std::vector<std::set<std::pair<unsigned, unsigned>>> readyStarts;
  /// keepOrder: index of the next start to issue.
  unsigned nextInOrder = 0;
  std::set<std::pair<bool, unsigned>> readyCompute;
  std::set<unsigned> readyWaits;
  /// feeds[step]: the first start (input position) reachable from the step.
  std::vector<unsigned> feeds;
  /// Index in p.getStarts() of the first waiting start.
  unsigned waiting = 0;
  std::set<std::tuple<unsigned, bool, unsigned>> readyByFeed;
  std::vector<bool> deferred, deferredFor;
};
} // namespace

ListScheduler::ListScheduler(const ScheduleProblem &problem,
                             int64_t maxInFlight, int64_t budget,
                             bool keepOrder, ArrayRef<int64_t> maxInFlightBytes)
    : p(problem), budget(budget), keepOrder(keepOrder), n(problem.size()),
      terminator(n - 1), memory(problem), clock(n, problem.getNumGroups()) {
  clock.setCaps(maxInFlight, maxInFlightBytes);
  result.delays.assign(n, ScheduleDelay::None);
  result.memoryLimited.assign(n, false);
  result.aheadRefused.assign(n, false);
  missing.resize(n);
  for (unsigned step = 0; step < n; ++step)
    missing[step] = p.getGraph().getPreds(step).size();
  readyStarts.resize(p.getNumGroups());
  deferred.assign(n, false);
  deferredFor.assign(n, false);
  initPriorities();
}

void ListScheduler::initPriorities() {
  const DependenceGraph &graph = p.getGraph();
  need.assign(n, n);
  for (unsigned start : p.getStarts())
    if (p.getWait(start) < n)
      for (unsigned user : graph.getSuccs(p.getWait(start)))
        need[start] = std::min(need[start], user);
  // A start whose wait frees memory (a reduce_scatter of gradients, whose
  // input dies at the wait) goes out in input order: delaying it would keep
  // its input alive.
  freesMemory.assign(n, false);
  for (const MemoryProblem::Buffer &buffer : p.getMemory().buffers) {
    if (buffer.size == 0 || buffer.liveOut || buffer.uses.empty())
      continue;
    unsigned last = *std::max_element(buffer.uses.begin(), buffer.uses.end());
    if (p.isWait(last) && llvm::is_contained(buffer.uses, p.getOp(last).start))
      freesMemory[p.getOp(last).start] = true;
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
  // Deferral. The next collective whose start still waits for compute (the
  // first such start in input order) can only hide behind compute that it
  // does not need: the ready compute that feeds it runs first, and the other
  // ready compute, which the input may run before it, once it is issued.
  // Every start before the first waiting one is ready or issued, so an op
  // not placed yet feeds that one exactly when feeds[] equals it.
  feeds.assign(n, n);
  for (unsigned step = n; step-- > 0;)
    for (unsigned succ : graph.getSuccs(step))
      feeds[step] = std::min(feeds[step], p.isStart(succ) ? succ : feeds[succ]);
}

std::pair<unsigned, unsigned> ListScheduler::priority(unsigned start) const {
  if (keepOrder)
    return std::make_pair(p.getStartIndex(start), start);
  if (freesMemory[start])
    return std::make_pair(start, start);
  return std::make_pair(std::min(need[start], start), start);
}

void ListScheduler::makeReady(unsigned step) {
  if (p.isWait(step))
    readyWaits.insert(step);
  else if (p.isStart(step))
    readyStarts[p.getOp(step).stream].insert(priority(step));
  else
    makeComputeReady(step);
}

void ListScheduler::makeComputeReady(unsigned step) {
  readyCompute.insert({!prologue[step], step});
  readyByFeed.insert({feeds[step], !prologue[step], step});
}

unsigned ListScheduler::firstWaitingStart() {
  ArrayRef<unsigned> starts = p.getStarts();
  while (waiting < starts.size() &&
         (memory.isPlaced(starts[waiting]) || missing[starts[waiting]] == 0))
    ++waiting;
  return waiting < starts.size() ? starts[waiting] : n;
}

void ListScheduler::schedule(unsigned step) {
  result.order.push_back(step);
  memory.chargeAndPlace(step);
  const SimOp &op = p.getOp(step);
  if (op.kind == SimOp::Kind::Compute)
    clock.compute(op.durationUs);
  else if (op.kind == SimOp::Kind::Start)
    clock.issue(step, op.stream, op.durationUs, p.getCollectiveBytes(step));
  else
    clock.wait(op.start, p.getOp(op.start).stream);
  for (unsigned succ : p.getGraph().getSuccs(step))
    if (--missing[succ] == 0 && succ != terminator)
      makeReady(succ);
}

void ListScheduler::issue(unsigned start) {
  readyStarts[p.getOp(start).stream].erase(priority(start));
  schedule(start);
  ++nextInOrder;
}

bool ListScheduler::waitAllowed(unsigned wait) const {
  unsigned start = p.getOp(wait).start;
  const std::deque<unsigned> &queue = clock.getInFlight(p.getOp(start).stream);
  return !queue.empty() && queue.front() == start;
}

template <typename Filter>
bool ListScheduler::placeEarliestWait(Filter filter, unsigned *waitedFor) {
  unsigned best = n;
  for (unsigned w : readyWaits)
    if (waitAllowed(w) && filter(w) &&
        (best == n ||
         clock.getEnd(p.getOp(w).start) < clock.getEnd(p.getOp(best).start)))
      best = w;
  if (best == n)
    return false;
  if (waitedFor)
    *waitedFor = p.getOp(best).start;
  readyWaits.erase(best);
  schedule(best);
  return true;
}

bool ListScheduler::forceStart(bool respectCap) {
  unsigned forced = n;
  for (auto [stream, queue] : llvm::enumerate(readyStarts)) {
    if (queue.empty())
      continue;
    unsigned start = queue.begin()->second;
    if (respectCap && clock.isFull(stream, p.getCollectiveBytes(start)))
      continue;
    if (keepOrder && p.getStartIndex(start) != nextInOrder)
      continue;
    if (forced == n || priority(start) < priority(forced))
      forced = start;
  }
  if (forced == n)
    return false;
  issue(forced);
  return true;
}

bool ListScheduler::placeEndedWait() {
  for (unsigned w : readyWaits)
    if (waitAllowed(w) && clock.getEnd(p.getOp(w).start) <= clock.now()) {
      readyWaits.erase(w);
      schedule(w);
      return true;
    }
  return false;
}

bool ListScheduler::issueReadyStart() {
  // A group's best start holds its slot for it: the group's other starts
  // wait behind it.
  unsigned best = n;
  for (auto [stream, queue] : llvm::enumerate(readyStarts)) {
    if (queue.empty())
      continue;
    unsigned start = queue.begin()->second;
    if (keepOrder && p.getStartIndex(start) != nextInOrder)
      continue;
    const std::deque<unsigned> &inFlight = clock.getInFlight(stream);
    if (clock.isFull(stream, p.getCollectiveBytes(start))) {
      // Free the slot for nothing if the oldest collective has ended.
      unsigned oldest = inFlight.front();
      unsigned wait = p.getWait(oldest);
      if (wait < n && readyWaits.count(wait) &&
          clock.getEnd(oldest) <= clock.now()) {
        readyWaits.erase(wait);
        schedule(wait);
        return true;
      }
      result.delays[start] = ScheduleDelay::InFlightCap;
      continue;
    }
    // Starting early keeps the output live over the input-order steps it
    // jumps over: charge it to each of them (an empty window range is
    // kEmpty, which fits).
    int64_t bytes = p.getAllocatedBytes(start);
    bool fits = memory.getLive() + bytes <= budget &&
                memory.getWindowMax(start) + bytes <= budget;
    if (!fits) {
      result.delays[start] = ScheduleDelay::Memory;
      continue;
    }
    if (best == n || priority(start) < priority(best))
      best = start;
  }
  if (best == n)
    return false;
  issue(best);
  return true;
}

bool ListScheduler::holdBackForGating(unsigned first, unsigned target,
                                      unsigned &preferred) {
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
  for (auto it = readyCompute.begin();
       it != readyCompute.end() && scanned < kFitScan; ++it, ++scanned) {
    double duration = p.getOp(it->second).durationUs;
    if (preferred == n && duration <= gap)
      preferred = it->second;
    if (it->second != first)
      others += duration;
  }
  for (unsigned succ : p.getGraph().getSuccs(first))
    if (p.isCompute(succ) && missing[succ] == 1)
      others += p.getOp(succ).durationUs;
  double targetUs = p.getOp(target).durationUs;
  double exposedIfRun = std::max(0.0, targetUs - others);
  double exposedIfWait =
      gap + std::max(0.0, targetUs - others - p.getOp(first).durationUs);
  unsigned wait = p.getWait(gating);
  if (preferred == n && exposedIfWait + kEpsilonUs < exposedIfRun &&
      readyWaits.count(wait) && waitAllowed(wait)) {
    ++result.numHeldBack;
    result.heldBackUs += gap;
    readyWaits.erase(wait);
    schedule(wait);
    return true;
  }
  return false;
}

bool ListScheduler::computeFits(unsigned step, unsigned first,
                                int64_t ahead) const {
  if (step != first && memory.getLive() + p.getAllocatedBytes(step) > budget)
    return false;
  return memory.fitsAhead(step, ahead, budget);
}

void ListScheduler::runCompute() {
  // Preferred: what feeds the target (the first start that waits for
  // compute), so that it is issued early; the other ready compute is
  // deferred until then, and hides it.
  unsigned first = readyCompute.begin()->second;
  unsigned target = firstWaitingStart();
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
      holdBackForGating(first, target, preferred))
    return;

  // Memory. An op placed ahead of unplaced ops of the input order is
  // charged what it adds at their positions (getAheadBytes); it must fit
  // the budget there, and a preferred op must also fit it now.
  unsigned step = n;
  int64_t ahead = 0;
  for (unsigned candidate : {preferred, first}) {
    if (candidate == n)
      continue;
    ahead = memory.getAheadBytes(candidate);
    if (computeFits(candidate, first, ahead)) {
      step = candidate;
      break;
    }
    if (candidate == preferred && target != n && feeds[candidate] == target)
      result.memoryLimited[target] = true;
  }
  if (step == n) {
    // Nothing fits (a zero-filled gradient buffer pulled far forward,
    // say): wait for a collective, or issue the collective that the ops
    // before are held back by, rather than run far ahead.
    unsigned waitedFor = n;
    double before = clock.now();
    if (placeEarliestWait([](unsigned) { return true; }, &waitedFor)) {
      if (clock.getEnd(waitedFor) > before)
        result.aheadRefused[waitedFor] = true;
      return;
    }
    if (forceStart(/*respectCap=*/true))
      return;
    step = first;
    ahead = memory.getAheadBytes(first);
  }
  // If the op would push live memory over the budget, first place a wait
  // that frees memory (a reduce_scatter whose input dies at its wait), even
  // if it stalls.
  if (memory.getLive() + p.getAllocatedBytes(step) > budget &&
      placeEarliestWait(
          [&](unsigned w) { return freesMemory[p.getOp(w).start]; }))
    return;
  if (step != first && feeds[step] == target) {
    deferred[first] = true;
    deferredFor[target] = true;
  }
  readyCompute.erase({!prologue[step], step});
  readyByFeed.erase({feeds[step], !prologue[step], step});
  schedule(step);
}

ListSchedule ListScheduler::run() {
  for (unsigned step = 0; step + 1 < n; ++step)
    if (!missing[step])
      makeReady(step);
  while (result.order.size() + 1 < n) {
    // 0. Place the waits of collectives that have already ended: they cost
    // nothing and free the inputs and the slot.
    if (placeEndedWait())
      continue;
    // 1. Issue the best ready start of any group that has a free slot and
    // room in memory.
    if (issueReadyStart())
      continue;
    // 2. Compute.
    if (!readyCompute.empty()) {
      runCompute();
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
      result.deferredUs += p.getOp(step).durationUs;
    }
    if (deferredFor[step])
      ++result.numDeferredFor;
  }
  return std::move(result);
}

ListSchedule mlir::sched::scheduleList(const ScheduleProblem &problem,
                                       int64_t maxInFlight, int64_t budget,
                                       bool keepOrder,
                                       ArrayRef<int64_t> maxInFlightBytes) {
  return ListScheduler(problem, maxInFlight, budget, keepOrder,
                       maxInFlightBytes)
      .run();
}
