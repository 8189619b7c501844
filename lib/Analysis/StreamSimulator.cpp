//===- StreamSimulator.cpp - simulate compute and comm streams ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/StreamSimulator.h"
#include "sched/Analysis/ContendedStreams.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/LowerBounds.h"
#include "sched/Analysis/StreamClock.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <queue>
#include <tuple>

using namespace mlir;
using namespace mlir::sched;

/// Fills the lower bounds of any order of `ops` into `result`: the busiest
/// stream (`computeWorkUs`, the summed compute durations, or a
/// communication stream's summed durations), and the longest dependence
/// chain where a wait finishes no earlier than its start plus the
/// collective's time.
static void fillOrderBounds(ArrayRef<SimOp> ops, double computeWorkUs,
                            unsigned numStreams, SimResult &result) {
  unsigned n = ops.size();
  std::vector<double> streamBusy(numStreams, 0);
  for (const SimOp &op : ops)
    if (op.kind == SimOp::Kind::Start)
      streamBusy[op.stream] += op.durationUs;
  result.streamBoundUs = computeWorkUs;
  for (double busy : streamBusy)
    result.streamBoundUs = std::max(result.streamBoundUs, busy);
  std::vector<double> finish(n, 0);
  for (unsigned pos = 0; pos < n; ++pos) {
    const SimOp &op = ops[pos];
    double ready = 0;
    for (unsigned dep : op.deps)
      ready = std::max(ready, finish[dep]);
    if (op.kind == SimOp::Kind::Wait)
      ready = std::max(ready, finish[op.start] + ops[op.start].durationUs);
    finish[pos] =
        ready + (op.kind == SimOp::Kind::Compute ? op.durationUs : 0.0);
    result.criticalPathUs = std::max(result.criticalPathUs, finish[pos]);
  }
}

/// Sets the makespan of `result` to `makespanUs`, and what follows from it
/// and the busy and exposed times: the compute idle time and the overlap
/// fraction.
static void setMakespan(SimResult &result, double makespanUs) {
  result.makespanUs = makespanUs;
  result.computeIdleUs = result.makespanUs - result.computeBusyUs;
  // Clamped: rounding can make a fully exposed step a hair below zero.
  result.overlapFraction =
      result.commBusyUs > 0
          ? std::max(0.0, 1.0 - result.exposedCommUs / result.commBusyUs)
          : 1.0;
}

bool mlir::sched::hasContention(ArrayRef<SimOp> ops) {
  return llvm::any_of(ops, [](const SimOp &op) {
    return op.kind == SimOp::Kind::Start &&
           (op.commFactor != 1.0 || op.computeFactor != 1.0);
  });
}

std::vector<SimOp> mlir::sched::withoutContention(ArrayRef<SimOp> ops) {
  std::vector<SimOp> plain(ops.begin(), ops.end());
  for (SimOp &op : plain)
    op.commFactor = op.computeFactor = 1.0;
  return plain;
}

FailureOr<SimResult> mlir::sched::simulate(ArrayRef<SimOp> ops) {
  if (hasContention(ops))
    return simulateWithContention(ops);
  SimResult result;
  unsigned n = ops.size();
  result.beginUs.assign(n, 0);
  result.endUs.assign(n, 0);
  StreamTimes times;
  std::vector<int> collectiveOf(n, -1);
  for (unsigned pos = 0; pos < n; ++pos) {
    const SimOp &op = ops[pos];
    for (unsigned dep : op.deps)
      if (dep >= pos)
        return failure();
    switch (op.kind) {
    case SimOp::Kind::Compute:
      result.beginUs[pos] = times.nowUs;
      times.compute(op.durationUs);
      result.endUs[pos] = times.nowUs;
      result.computeBusyUs += op.durationUs;
      break;
    case SimOp::Kind::Start: {
      SimResult::Collective row;
      row.op = pos;
      row.wait = pos;
      row.stream = op.stream;
      row.issueUs = times.nowUs;
      std::tie(row.beginUs, row.endUs) = times.issue(op.stream, op.durationUs);
      row.exposedUs = 0;
      result.commBusyUs += op.durationUs;
      collectiveOf[pos] = result.collectives.size();
      result.collectives.push_back(row);
      result.beginUs[pos] = result.endUs[pos] = times.nowUs;
      break;
    }
    case SimOp::Kind::Wait: {
      if (op.start >= pos || collectiveOf[op.start] < 0)
        return failure();
      SimResult::Collective &row = result.collectives[collectiveOf[op.start]];
      row.wait = pos;
      result.beginUs[pos] = times.nowUs;
      if (double waited = times.waitUntil(row.endUs); waited > 0) {
        row.exposedUs = waited;
        result.exposedCommUs += waited;
      }
      result.endUs[pos] = times.nowUs;
      break;
    }
    }
  }
  setMakespan(result, times.getMakespan());
  fillOrderBounds(ops, result.computeBusyUs, times.streamFreeUs.size(), result);
  return result;
}

//===----------------------------------------------------------------------===//
// The contended simulation
//===----------------------------------------------------------------------===//
//
// Event-driven: between two events (the running compute op ending, or a
// collective ending) every rate is constant. While a compute op runs and
// the set A of collectives in flight (the first unended one of each stream)
// is not empty, the op advances at 1 / max_A computeFactor and each c of A
// at 1 / commFactor(c); otherwise everything runs at its solo rate. Each
// event ends at least one job, so there are at most (compute ops +
// collectives) events, each O(streams).

FailureOr<SimResult> mlir::sched::simulateWithContention(ArrayRef<SimOp> ops) {
  SimResult result;
  unsigned n = ops.size(), numStreams = 0;
  double computeWorkUs = 0;
  for (unsigned pos = 0; pos < n; ++pos) {
    const SimOp &op = ops[pos];
    for (unsigned dep : op.deps)
      if (dep >= pos)
        return failure();
    if (op.kind == SimOp::Kind::Start)
      numStreams = std::max(numStreams, op.stream + 1);
    if (op.kind == SimOp::Kind::Wait &&
        (op.start >= pos || ops[op.start].kind != SimOp::Kind::Start))
      return failure();
    if (op.kind == SimOp::Kind::Compute)
      computeWorkUs += op.durationUs;
  }
  result.beginUs.assign(n, 0);
  result.endUs.assign(n, 0);
  std::vector<int> collectiveOf(n, -1);
  ContendedStreams streams(ops, result, numStreams);
  for (unsigned pos = 0; pos < n; ++pos) {
    const SimOp &op = ops[pos];
    result.beginUs[pos] = streams.nowUs;
    if (op.kind == SimOp::Kind::Compute) {
      streams.runCompute(op.durationUs);
    } else if (op.kind == SimOp::Kind::Start) {
      collectiveOf[pos] = streams.issue(pos);
    } else {
      unsigned index = collectiveOf[op.start];
      result.collectives[index].wait = pos;
      if (!streams.hasEnded(index)) {
        double from = streams.nowUs;
        streams.runUntilEnded(index);
        result.collectives[index].exposedUs = streams.nowUs - from;
        result.exposedCommUs += streams.nowUs - from;
      }
    }
    result.endUs[pos] = streams.nowUs;
  }
  streams.drain();
  setMakespan(result, streams.nowUs);
  fillOrderBounds(ops, computeWorkUs, numStreams, result);
  return result;
}

FailureOr<SimResult> mlir::sched::simulate(ArrayRef<SimOp> ops,
                                           ArrayRef<unsigned> order) {
  unsigned n = ops.size();
  if (order.size() != n)
    return failure();
  std::vector<unsigned> position(n, n);
  for (auto [pos, step] : llvm::enumerate(order)) {
    if (step >= n || position[step] != n)
      return failure();
    position[step] = pos;
  }
  std::vector<SimOp> reordered;
  reordered.reserve(n);
  for (unsigned step : order) {
    SimOp op = ops[step];
    for (unsigned &dep : op.deps)
      dep = position[dep];
    if (op.kind == SimOp::Kind::Wait)
      op.start = position[op.start];
    reordered.push_back(std::move(op));
  }
  return simulate(reordered);
}

//===----------------------------------------------------------------------===//
// The head-and-tail bound
//===----------------------------------------------------------------------===//
//
// Why it is a lower bound. Take any order of the ops that keeps the
// dependences, simulated as `simulate` does. An op begins on the compute
// stream after every earlier op of the order has ended there, so after all
// of its ancestors; a collective begins no earlier than its start is issued,
// and a wait ends no earlier than its collective. So:
//
// * head(x) <= begin(x), where head(x) is the longest path to x (compute ops
//   count their durations, a start-to-wait edge the collective's), and, for
//   every stream, at least the earliest head of the stream's jobs among x's
//   ancestors plus the sum of their durations: those jobs all run on that
//   stream, one at a time, before x begins (a collective before x when its
//   wait is an ancestor of x);
// * tail(x) <= makespan - end(x), symmetrically: the longest path from x,
//   and for every stream the sum of the durations of the stream's jobs among
//   x's descendants plus the smallest of their tails (a collective after x
//   when its start is a descendant of x; the tail of a collective is the
//   tail of its wait, which ends after it).
//
// The sums per stream use a subset of the ancestors (descendants) that costs
// O(1) per edge instead of a transitive closure: the largest subset of one
// predecessor, plus the own job of every predecessor after it in the given
// order (which is topological, so none of them is that predecessor's
// ancestor and nothing is counted twice). Any subset gives a valid bound.
//
// Then every stream is one machine whose jobs j have a release r_j = head,
// a duration p_j and a tail q_j, and for every nonempty set S of its jobs
// the makespan is at least min_S r + sum_S p + min_S q: no job of S begins
// before min_S r, they take sum_S p on the machine, and the last of them to
// end leaves at least min_S q. Jackson's preemptive schedule (at every
// instant, run the released job with the largest tail) has a makespan
// J = C_j + q_j (C_j: completion of the job j attaining it) of at most that
// for some S, hence at most the makespan of any order: let t0 be the
// earliest instant such that the machine runs, without idling, only jobs of
// tail >= q_j during [t0, C_j], and S those jobs. Every job of S is released
// at or after t0 (before t0 the machine idled or ran a job of smaller tail,
// which the rule does not do while a job of S is released and unfinished),
// so J = t0 + (C_j - t0) + q_j <= min_S r + sum_S p + min_S q.
//
// The gated prefix. One machine at a time misses that compute can be gated
// by a communication stream it shares with other compute: every
// micro-batch's forward needs its own all_gathers, and the first backward
// op needs all of one micro-batch's, so the compute stream idles at the
// start however the micro-batches are interleaved. Take a communication
// stream s, an instant t, and any order; let X be the compute ops that
// begin before t, A the collectives on s whose waits are ancestors of ops
// of X, and C the total compute. Every op of X has head < t (it begins no
// earlier than its head). The collectives of A end before t (each before a
// wait that ends before an op of X begins), one at a time on s from 0, so
// sum_A d <= t. Charge every op to one collective on s whose wait is its
// ancestor (a wait on s to its own collective, any other op to that of its
// latest predecessor that has one), or to none. Then the compute done before
// t is at most sum_X p <= U(t) + sum_A w_t <= U(t) + F(t), where U(t) is the
// compute of ops with head < t charged to none, w_t(a) that of the ops with
// head < t charged to a, and F(t) the fractional knapsack of items (d_a,
// w_t(a)) with capacity t (best w/d first). If U(t) + F(t) < C, some compute
// is left after t, on one stream: the makespan is at least
// t + C - U(t) - F(t). Between two consecutive heads U and w are fixed and F
// is concave in t, so the largest value is at a head or where U + F reaches
// C (the makespan exceeds every t before that point, hence is at least it).
// The bound tries the heads of the compute ops (at most
// kMaxPrefixCandidates of them per stream, evenly spaced; fewer only
// weaken it) on every summed communication stream.

namespace {
/// How many prefix lengths the gated-prefix bound tries per stream.
constexpr unsigned kMaxPrefixCandidates = 256;

/// Returns the gated-prefix bound of communication stream `stream` (see
/// above), or 0: the largest of t + C - U(t) - F(t) over prefix lengths t,
/// where `head` holds the heads of the ops and `predsOf` their predecessors
/// (dependences, and a wait's start).
template <typename PredsOf>
double getGatedPrefixBound(ArrayRef<SimOp> ops, ArrayRef<double> head,
                           unsigned stream, PredsOf predsOf) {
  using Kind = SimOp::Kind;
  unsigned n = ops.size();
  // The collective each op is charged to: for a wait on `stream`, its
  // start; otherwise that of its latest predecessor that has one; n: none.
  std::vector<unsigned> charge(n, n);
  for (unsigned pos = 0; pos < n; ++pos) {
    const SimOp &op = ops[pos];
    if (op.kind == Kind::Wait && ops[op.start].stream == stream) {
      charge[pos] = op.start;
      continue;
    }
    ArrayRef<unsigned> in = predsOf(pos);
    for (unsigned i = in.size(); i-- > 0;)
      if (charge[in[i]] < n) {
        charge[pos] = charge[in[i]];
        break;
      }
  }
  double total = 0;
  std::vector<unsigned> compute;
  for (unsigned pos = 0; pos < n; ++pos)
    if (ops[pos].kind == Kind::Compute && ops[pos].durationUs > 0) {
      compute.push_back(pos);
      total += ops[pos].durationUs;
    }
  if (compute.empty())
    return 0;
  llvm::stable_sort(compute,
                    [&](unsigned a, unsigned b) { return head[a] < head[b]; });

  // The prefix lengths tried: heads of compute ops (the bound is largest at
  // one of them, or where U + F reaches C), at most kMaxPrefixCandidates of
  // them, evenly spaced in head order.
  std::vector<unsigned> candidates; // Indices into `compute`.
  for (unsigned i = 1; i < compute.size(); ++i)
    if (head[compute[i]] > head[compute[i - 1]])
      candidates.push_back(i);
  if (candidates.size() > kMaxPrefixCandidates) {
    std::vector<unsigned> spaced;
    for (unsigned k = 1; k <= kMaxPrefixCandidates; ++k)
      spaced.push_back(
          candidates[(size_t(k) * candidates.size()) / kMaxPrefixCandidates -
                     1]);
    candidates = std::move(spaced);
  }

  // Eligible compute: ops whose head is below t, added in head order. w:
  // the eligible compute charged to each collective; uncharged: the rest.
  std::vector<double> weight(n, 0);
  // Collectives with some weight, best weight per unit of duration first
  // (ties: the lower position); kept sorted across candidates, re-placing
  // only the ones whose weight grew.
  auto better = [&](unsigned a, unsigned b) {
    double lhs = weight[a] * ops[b].durationUs;
    double rhs = weight[b] * ops[a].durationUs;
    return lhs != rhs ? lhs > rhs : a < b;
  };
  std::vector<unsigned> items, grown;
  std::vector<bool> isGrown(n, false);
  double uncharged = 0, bound = 0;
  unsigned next = 0;
  for (unsigned candidate : candidates) {
    for (; next < candidate; ++next) {
      unsigned pos = compute[next];
      unsigned item = charge[pos];
      if (item == n) {
        uncharged += ops[pos].durationUs;
        continue;
      }
      if (!isGrown[item]) {
        isGrown[item] = true;
        grown.push_back(item);
      }
      weight[item] += ops[pos].durationUs;
    }
    llvm::erase_if(items, [&](unsigned item) { return isGrown[item]; });
    llvm::sort(grown, better);
    size_t middle = items.size();
    llvm::append_range(items, grown);
    std::inplace_merge(items.begin(), items.begin() + middle, items.end(),
                       better);
    for (unsigned item : grown)
      isGrown[item] = false;
    grown.clear();
    double t = head[compute[candidate]];
    // F(t): the fractional knapsack of capacity t, stopped where U + F
    // reaches C.
    double done = uncharged, spent = 0;
    for (unsigned item : items) {
      if (done >= total || spent >= t)
        break;
      double duration = ops[item].durationUs;
      double rest = std::min(duration, t - spent);
      double gained =
          duration > 0 ? weight[item] * (rest / duration) : weight[item];
      if (done + gained >= total) {
        // U + F reaches C within this item: the bound is the capacity where
        // it does.
        spent += duration > 0 ? (total - done) / weight[item] * duration : 0;
        done = total;
        break;
      }
      done += gained;
      spent += rest;
    }
    if (done < total)
      bound = std::max(bound, t + (total - done));
    else
      bound = std::max(bound, spent);
  }
  return bound;
}
} // namespace

namespace {
/// The graph the head-and-tail bound walks: an op's dependences and, for a
/// wait, its start; predecessors and successors sorted by position.
struct BoundGraph {
  std::vector<unsigned> predBegin, preds, succBegin, succs;

  ArrayRef<unsigned> predsOf(unsigned pos) const {
    return ArrayRef<unsigned>(preds).slice(predBegin[pos],
                                           predBegin[pos + 1] - predBegin[pos]);
  }
  ArrayRef<unsigned> succsOf(unsigned pos) const {
    return ArrayRef<unsigned>(succs).slice(succBegin[pos],
                                           succBegin[pos + 1] - succBegin[pos]);
  }
};

/// The streams whose sums the bound keeps: the compute stream (slot 0) and
/// the kMaxSummedStreams busiest communication streams (ties: the lower
/// index), which bounds the memory at n * (1 + kMaxSummedStreams) sums.
struct BoundSlots {
  static constexpr unsigned kMaxSummedStreams = 7;
  /// Busy time of each communication stream.
  std::vector<double> busy;
  /// The slot of each communication stream, or -1.
  std::vector<int> slotOf;
  unsigned numSlots = 1;
};

/// The heads, tails and ends the bound combines.
struct BoundTimes {
  std::vector<double> head, end, tail, collectiveTail;
};
} // namespace

/// Returns the number of communication streams of `ops`, or failure if a
/// dependence or a wait's start does not precede its op.
static FailureOr<unsigned> countBoundStreams(ArrayRef<SimOp> ops) {
  using Kind = SimOp::Kind;
  unsigned numStreams = 0;
  for (unsigned pos = 0, n = ops.size(); pos < n; ++pos) {
    const SimOp &op = ops[pos];
    for (unsigned dep : op.deps)
      if (dep >= pos)
        return failure();
    if (op.kind == Kind::Start)
      numStreams = std::max(numStreams, op.stream + 1);
    if (op.kind == Kind::Wait &&
        (op.start >= pos || ops[op.start].kind != Kind::Start))
      return failure();
  }
  return numStreams;
}

static BoundGraph buildBoundGraph(ArrayRef<SimOp> ops) {
  unsigned n = ops.size();
  BoundGraph graph;
  graph.predBegin.assign(n + 1, 0);
  std::vector<unsigned> &preds = graph.preds;
  for (unsigned pos = 0; pos < n; ++pos) {
    size_t first = preds.size();
    llvm::append_range(preds, ops[pos].deps);
    if (ops[pos].kind == SimOp::Kind::Wait)
      preds.push_back(ops[pos].start);
    std::sort(preds.begin() + first, preds.end());
    preds.erase(std::unique(preds.begin() + first, preds.end()), preds.end());
    graph.predBegin[pos + 1] = preds.size();
  }
  std::vector<unsigned> &succBegin = graph.succBegin;
  succBegin.assign(n + 1, 0);
  graph.succs.resize(preds.size());
  for (unsigned pred : preds)
    ++succBegin[pred + 1];
  std::partial_sum(succBegin.begin(), succBegin.end(), succBegin.begin());
  std::vector<unsigned> fill(succBegin.begin(), succBegin.end() - 1);
  for (unsigned pos = 0; pos < n; ++pos)
    for (unsigned i = graph.predBegin[pos]; i < graph.predBegin[pos + 1]; ++i)
      graph.succs[fill[preds[i]]++] = pos; // Ascending, as pos grows.
  return graph;
}

static BoundSlots assignBoundSlots(ArrayRef<SimOp> ops, unsigned numStreams) {
  BoundSlots slots;
  slots.busy.assign(numStreams, 0);
  for (const SimOp &op : ops)
    if (op.kind == SimOp::Kind::Start)
      slots.busy[op.stream] += op.durationUs;
  std::vector<unsigned> byBusy(numStreams);
  std::iota(byBusy.begin(), byBusy.end(), 0);
  llvm::stable_sort(byBusy, [&](unsigned a, unsigned b) {
    return slots.busy[a] > slots.busy[b];
  });
  slots.slotOf.assign(numStreams, -1);
  for (unsigned stream : byBusy)
    if (slots.numSlots <= BoundSlots::kMaxSummedStreams)
      slots.slotOf[stream] = slots.numSlots++;
  return slots;
}

/// The job op `pos` contributes to its descendants' heads (compute: itself;
/// a wait: its collective), as (slot, duration); slot -1: none.
static std::pair<int, double>
getHeadJob(ArrayRef<SimOp> ops, const BoundSlots &slots, unsigned pos) {
  const SimOp &op = ops[pos];
  if (op.kind == SimOp::Kind::Compute)
    return {0, op.durationUs};
  if (op.kind == SimOp::Kind::Wait)
    return {slots.slotOf[ops[op.start].stream], ops[op.start].durationUs};
  return {-1, 0.0};
}

/// The job op `pos` contributes to its ancestors' tails (compute: itself; a
/// start: its collective), as (slot, duration); slot -1: none.
static std::pair<int, double>
getTailJob(ArrayRef<SimOp> ops, const BoundSlots &slots, unsigned pos) {
  const SimOp &op = ops[pos];
  if (op.kind == SimOp::Kind::Compute)
    return {0, op.durationUs};
  if (op.kind == SimOp::Kind::Start)
    return {slots.slotOf[op.stream], op.durationUs};
  return {-1, 0.0};
}

/// Fills the slot entries of op `pos` in `sum` and `extreme` (numSlots per
/// op) from those of its `neighbors` (its predecessors, the latest first,
/// for heads; its successors for tails), taken in that order: per slot, the
/// largest of a neighbor's sum plus the durations of that slot's jobs
/// (`getJob`) of the neighbors before it, and the least extreme. Returns
/// `bound` raised to extreme plus sum of each slot with work.
template <typename Range, typename JobFn>
static double mergeSlotChains(unsigned pos, const Range &neighbors,
                              unsigned numSlots, std::vector<double> &sum,
                              std::vector<double> &extreme, JobFn getJob,
                              double bound) {
  const double inf = std::numeric_limits<double>::infinity();
  double *mySum = &sum[size_t(pos) * numSlots];
  double *myExtreme = &extreme[size_t(pos) * numSlots];
  for (unsigned slot = 0; slot < numSlots; ++slot) {
    double before = 0, best = 0, least = inf;
    for (unsigned neighbor : neighbors) {
      size_t at = size_t(neighbor) * numSlots + slot;
      best = std::max(best, sum[at] + before);
      least = std::min(least, extreme[at]);
      auto [jobSlot, duration] = getJob(neighbor);
      if (jobSlot == static_cast<int>(slot))
        before += duration;
    }
    mySum[slot] = best;
    myExtreme[slot] = least;
    if (best > 0)
      bound = std::max(bound, least + best);
  }
  return bound;
}

/// Fills the heads of the ops and lower bounds of their ends. Per op and
/// slot, `sum` holds the summed durations of a subset of the slot's jobs
/// among the op and its ancestors, `first` the earliest head of all of them.
static void computeBoundHeads(ArrayRef<SimOp> ops, const BoundGraph &graph,
                              const BoundSlots &slots, BoundTimes &times) {
  using Kind = SimOp::Kind;
  unsigned n = ops.size(), numSlots = slots.numSlots;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> sum(size_t(n) * numSlots), extreme(sum.size(), inf);
  std::vector<double> &head = times.head, &end = times.end;
  head.assign(n, 0);
  end.assign(n, 0);
  for (unsigned pos = 0; pos < n; ++pos) {
    ArrayRef<unsigned> in = graph.predsOf(pos);
    double begin = 0;
    for (unsigned pred : in)
      begin = std::max(begin, end[pred]);
    begin = mergeSlotChains(
        pos, llvm::reverse(in), numSlots, sum, extreme,
        [&](unsigned pred) { return getHeadJob(ops, slots, pred); }, begin);
    double *mySum = &sum[size_t(pos) * numSlots];
    double *myFirst = &extreme[size_t(pos) * numSlots];
    head[pos] = begin;
    const SimOp &op = ops[pos];
    end[pos] = begin;
    if (op.kind == Kind::Compute) {
      end[pos] = begin + op.durationUs;
      mySum[0] += op.durationUs;
      myFirst[0] = std::min(myFirst[0], begin);
    } else if (op.kind == Kind::Wait) {
      end[pos] = std::max(begin, head[op.start] + ops[op.start].durationUs);
      auto [slot, duration] = getHeadJob(ops, slots, pos);
      if (slot >= 0) {
        mySum[slot] += duration;
        myFirst[slot] = std::min(myFirst[slot], head[op.start]);
        end[pos] = std::max(end[pos], myFirst[slot] + mySum[slot]);
      }
    }
  }
}

/// Fills the tails of the ops and, for a start, the tail of its collective
/// (that of its waits); `sum` and `last` as in computeBoundHeads, over
/// descendants and smallest tails.
static void computeBoundTails(ArrayRef<SimOp> ops, const BoundGraph &graph,
                              const BoundSlots &slots, BoundTimes &times) {
  using Kind = SimOp::Kind;
  unsigned n = ops.size(), numSlots = slots.numSlots;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> sum(size_t(n) * numSlots, 0.0), extreme(sum.size(), inf);
  std::vector<double> &tail = times.tail,
                      &collectiveTail = times.collectiveTail;
  tail.assign(n, 0);
  collectiveTail.assign(n, 0);
  for (unsigned pos = n; pos-- > 0;) {
    ArrayRef<unsigned> out = graph.succsOf(pos);
    double after = 0;
    for (unsigned succ : out) {
      // The least time from the successor's beginning to the makespan.
      const SimOp &op = ops[succ];
      after = std::max(
          after, tail[succ] + (op.kind == Kind::Compute ? op.durationUs : 0.0));
    }
    after = mergeSlotChains(
        pos, out, numSlots, sum, extreme,
        [&](unsigned succ) { return getTailJob(ops, slots, succ); }, after);
    double *mySum = &sum[size_t(pos) * numSlots];
    double *myLast = &extreme[size_t(pos) * numSlots];
    tail[pos] = after;
    const SimOp &op = ops[pos];
    if (op.kind == Kind::Compute) {
      mySum[0] += op.durationUs;
      myLast[0] = std::min(myLast[0], after);
    } else if (op.kind == Kind::Start) {
      for (unsigned succ : out)
        if (ops[succ].kind == Kind::Wait && ops[succ].start == pos)
          collectiveTail[pos] = std::max(collectiveTail[pos], tail[succ]);
      tail[pos] = std::max(tail[pos], op.durationUs + collectiveTail[pos]);
      auto [slot, duration] = getTailJob(ops, slots, pos);
      if (slot >= 0) {
        mySum[slot] += duration;
        myLast[slot] = std::min(myLast[slot], collectiveTail[pos]);
        tail[pos] = std::max(tail[pos], mySum[slot] + myLast[slot]);
      }
    }
  }
}

FailureOr<double> mlir::sched::computeHeadTailBound(ArrayRef<SimOp> ops) {
  using Kind = SimOp::Kind;
  FailureOr<unsigned> numStreamsOr = countBoundStreams(ops);
  if (failed(numStreamsOr))
    return failure();
  unsigned n = ops.size(), numStreams = *numStreamsOr;
  BoundGraph graph = buildBoundGraph(ops);
  BoundSlots slots = assignBoundSlots(ops, numStreams);
  BoundTimes times;
  computeBoundHeads(ops, graph, slots, times);
  computeBoundTails(ops, graph, slots, times);

  // The critical path, the gated prefix of every summed communication
  // stream, then one machine per stream.
  double bound = 0;
  for (unsigned pos = 0; pos < n; ++pos)
    bound = std::max(bound, times.end[pos] + times.tail[pos]);
  auto predsOf = [&](unsigned pos) { return graph.predsOf(pos); };
  for (unsigned stream = 0; stream < numStreams; ++stream)
    if (slots.slotOf[stream] >= 0 && slots.busy[stream] > 0)
      bound = std::max(bound,
                       getGatedPrefixBound(ops, times.head, stream, predsOf));
  std::vector<std::vector<OneMachineJob>> jobs(numStreams + 1);
  for (unsigned pos = 0; pos < n; ++pos) {
    const SimOp &op = ops[pos];
    if (op.durationUs <= 0)
      continue;
    if (op.kind == Kind::Compute)
      jobs[0].push_back({times.head[pos], op.durationUs, times.tail[pos]});
    else if (op.kind == Kind::Start)
      jobs[1 + op.stream].push_back(
          {times.head[pos], op.durationUs, times.collectiveTail[pos]});
  }
  for (std::vector<OneMachineJob> &machine : jobs)
    bound = std::max(bound, getJacksonBound(machine));
  return bound;
}

BlockSimulation
mlir::sched::permuteBlockSimulation(const BlockSimulation &sim,
                                    const DependenceGraph &graph,
                                    ArrayRef<unsigned> order) {
  unsigned n = order.size();
  std::vector<unsigned> position(n);
  for (auto [pos, step] : llvm::enumerate(order))
    position[step] = pos;
  std::vector<std::optional<unsigned>> newStream(sim.streamNames.size());
  BlockSimulation moved;
  moved.ops.reserve(sim.ops.size());
  moved.simOps.reserve(n);
  for (auto [pos, step] : llvm::enumerate(order)) {
    if (!sim.ops.empty())
      moved.ops.push_back(sim.ops[step]);
    SimOp op = sim.simOps[step];
    ArrayRef<unsigned> deps = graph.getPreds(pos);
    op.deps.assign(deps.begin(), deps.end());
    if (op.kind == SimOp::Kind::Wait)
      op.start = position[op.start];
    if (op.kind == SimOp::Kind::Start) {
      std::optional<unsigned> &stream = newStream[op.stream];
      if (!stream) {
        stream = moved.streamNames.size();
        moved.streamNames.push_back(sim.streamNames[op.stream]);
      }
      op.stream = *stream;
    }
    moved.simOps.push_back(std::move(op));
  }
  return moved;
}

FailureOr<BlockSimulation>
mlir::sched::buildBlockSimulation(Block &block, const CostModel &costModel) {
  return buildBlockSimulationWithGraph(block, costModel,
                                       DependenceGraph::build(block));
}

FailureOr<BlockSimulation> mlir::sched::buildBlockSimulationWithGraph(
    Block &block, const CostModel &costModel, const DependenceGraph &graph) {
  BlockSimulation sim;
  SymbolTableCollection symbols;
  llvm::StringMap<unsigned> streamOf;
  // The shape of each process group, by its symbol: the ops of one block
  // share a symbol scope, and a lookup per collective cost more than the
  // rest of its estimate. Only looked up, never iterated.
  llvm::DenseMap<Attribute, std::pair<int64_t, int64_t>> groupShapes;
  sim.ops.reserve(graph.size());
  sim.simOps.reserve(graph.size());
  for (Operation &op : block) {
    unsigned pos = sim.ops.size();
    sim.ops.push_back(&op);
    SimOp simOp;
    llvm::append_range(simOp.deps, graph.getPreds(pos));
    if (auto collective = dyn_cast<CollectiveOpInterface>(&op)) {
      // CostModel::getCollectiveTimeUs, with the group's shape kept.
      auto shape = groupShapes.find(collective.getGroupAttr());
      if (shape == groupShapes.end()) {
        FailureOr<std::pair<int64_t, int64_t>> found =
            costModel.getGroupShape(collective, symbols);
        if (failed(found))
          return failure();
        shape =
            groupShapes.try_emplace(collective.getGroupAttr(), *found).first;
      }
      FailureOr<int64_t> bytes = CostModel::getCollectiveBytes(collective);
      if (failed(bytes))
        return failure();
      std::optional<double> measured =
          CostModel::getMeasuredCollectiveTimeUs(collective);
      // A collective permute is costed from its pairs; it occupies the
      // group's stream, on which both ends of every pair send and receive.
      double time = measured ? *measured : 0.0;
      if (!measured) {
        FailureOr<CollectiveEstimate> estimate =
            costModel.estimateCollectiveOfSize(collective, *bytes,
                                               shape->second, symbols);
        if (failed(estimate))
          return failure();
        time = estimate->timeUs;
      }
      StringRef group = collective.getGroupAttr().getValue();
      auto [it, inserted] = streamOf.try_emplace(group, sim.streamNames.size());
      if (inserted)
        sim.streamNames.push_back(group.str());
      simOp.kind = SimOp::Kind::Start;
      simOp.durationUs = time;
      simOp.stream = it->second;
      ContentionFactors contention = costModel.getContention(*bytes);
      simOp.commFactor = contention.comm;
      simOp.computeFactor = contention.compute;
    } else if (auto wait = dyn_cast<WaitOp>(&op)) {
      // A wait for a future from outside the block (an iteration argument)
      // or from a loop or branch of the block waits for nothing: its
      // collective runs outside what the block simulates.
      Operation *start = wait.getFuture().getDefiningOp();
      std::optional<unsigned> startPos =
          isa_and_nonnull<CollectiveOpInterface>(start) ? graph.lookup(start)
                                                        : std::nullopt;
      if (startPos) {
        simOp.kind = SimOp::Kind::Wait;
        simOp.start = *startPos;
      }
    } else if (isa<ComputeOpInterface>(&op)) {
      FailureOr<double> time = costModel.getComputeTimeUs(&op);
      if (failed(time))
        return failure();
      simOp.durationUs = *time;
    }
    sim.simOps.push_back(std::move(simOp));
  }
  return sim;
}
