//===- LowerBounds.cpp - proven lower bounds of a block's step ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The subset bound. Why it is a lower bound (docs/Analyses.md has the long
// form). Take any order of the ops that keeps the dependences, simulated as
// `simulate` does: every op begins on the compute stream after every earlier
// op has ended there, so after all of its ancestors; a collective begins no
// earlier than its start is issued, after every collective of its stream
// issued before it (one in-order stream per group), and a wait ends no
// earlier than its collective.
//
// Heads. Let A be the ancestors of an op x. Every compute op of A runs on
// the compute stream before x begins, each no earlier than its own head; so
// x begins no earlier than the makespan of the best one-machine schedule of
// these jobs with their heads as release times (earliest release first is
// optimal for 1|r_j|Cmax). The same holds on every communication stream for
// the collectives whose wait is in A (they end before the wait does, which
// ends before x begins), released at their own begin bounds. A collective
// begins no earlier than its start's head, nor before the collectives of
// its stream whose starts are ancestors of its start (issued before it) have
// run, each released at its begin bound.
//
// Tails. Let D be the descendants of x. They all begin after x ends; the
// compute ops of D run one at a time and each leaves at least its own tail
// after it ends, so the time from x's end to the makespan is at least the
// best one-machine schedule of them with tails (largest tail first is
// optimal: max over j of the durations of the jobs with tail >= q_j, plus
// q_j). The same holds for the collectives of each stream whose starts are
// in D (issued after x ends), with the tail of a collective the largest
// tail of its waits. A start's own collective begins after its issue and
// before the collectives of its stream issued after it.
//
// Then op x takes no less than head + own time + tail, and every stream is
// one machine whose jobs have heads, durations and tails; Jackson's
// preemptive schedule bounds every such one-machine problem from below (see
// StreamSimulator.cpp). Exact ancestor sets make the heads at least those of
// computeHeadTailBound, whose per-stream sums cover a subset of them, except
// where it uses the gated prefix; computeLowerBounds takes the larger.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/LowerBounds.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <queue>
#include <tuple>

using namespace mlir;
using namespace mlir::sched;

namespace {
using Kind = SimOp::Kind;

/// The ops' graph (dependences, and start -> wait) with one bit row per op.
struct Closure {
  unsigned n = 0, words = 0;
  std::vector<SmallVector<unsigned, 4>> preds, succs;
  /// Starts: the positions of their waits.
  std::vector<SmallVector<unsigned, 1>> waits;
  std::vector<uint64_t> bits;

  bool test(unsigned row, unsigned pos) const {
    return (bits[size_t(row) * words + pos / 64] >> (pos % 64)) & 1;
  }
  /// Fills the rows with the ancestors (`up`) or the descendants of every op.
  void fill(bool up);
};

void Closure::fill(bool up) {
  bits.assign(size_t(n) * words, 0);
  auto visit = [&](unsigned pos) {
    uint64_t *row = &bits[size_t(pos) * words];
    for (unsigned other : up ? preds[pos] : succs[pos]) {
      const uint64_t *from = &bits[size_t(other) * words];
      for (unsigned w = 0; w < words; ++w)
        row[w] |= from[w];
      row[other / 64] |= uint64_t(1) << (other % 64);
    }
  };
  if (up)
    for (unsigned pos = 0; pos < n; ++pos)
      visit(pos);
  else
    for (unsigned pos = n; pos-- > 0;)
      visit(pos);
}

/// Checks `ops` as `simulate` does and builds the graph; fails if invalid.
FailureOr<Closure> buildGraph(ArrayRef<SimOp> ops, unsigned &numStreams) {
  Closure graph;
  graph.n = ops.size();
  graph.words = (graph.n + 63) / 64;
  graph.preds.resize(graph.n);
  graph.succs.resize(graph.n);
  graph.waits.resize(graph.n);
  numStreams = 0;
  for (auto [pos, op] : llvm::enumerate(ops)) {
    for (unsigned dep : op.deps)
      if (dep >= pos)
        return failure();
    if (op.kind == Kind::Wait &&
        (op.start >= pos || ops[op.start].kind != Kind::Start))
      return failure();
    if (op.kind == Kind::Start)
      numStreams = std::max(numStreams, op.stream + 1);
    SmallVector<unsigned, 4> &in = graph.preds[pos];
    in.append(op.deps.begin(), op.deps.end());
    if (op.kind == Kind::Wait) {
      in.push_back(op.start);
      graph.waits[op.start].push_back(pos);
    }
    llvm::sort(in);
    in.erase(std::unique(in.begin(), in.end()), in.end());
    for (unsigned pred : in)
      graph.succs[pred].push_back(pos);
  }
  return graph;
}

/// Op positions kept sorted by a key (ties: the lower position), into which
/// ops are inserted as their keys become known.
class SortedJobs {
public:
  explicit SortedJobs(const std::vector<double> &key, bool ascending)
      : key(key), ascending(ascending) {}
  void insert(unsigned pos) {
    auto at = llvm::upper_bound(jobs, pos, [&](unsigned a, unsigned b) {
      if (key[a] != key[b])
        return ascending ? key[a] < key[b] : key[a] > key[b];
      return a < b;
    });
    jobs.insert(at, pos);
  }
  ArrayRef<unsigned> get() const { return jobs; }

private:
  const std::vector<double> &key;
  bool ascending;
  std::vector<unsigned> jobs;
};

/// The per-op bounds the subset bound is made of.
struct Bounds {
  /// Head and end bound of every op; begin bound of every start's
  /// collective.
  std::vector<double> head, end, collectiveBegin;
  /// Tail of every op; for a start, the tail of its collective.
  std::vector<double> tail, collectiveTail;
};

/// Computes `bounds.head`, `end` and `collectiveBegin` in the order of the
/// ops, from the ancestor rows of `graph`.
void computeHeads(ArrayRef<SimOp> ops, const Closure &graph,
                  unsigned numStreams, Bounds &bounds) {
  unsigned n = ops.size();
  bounds.head.assign(n, 0);
  bounds.end.assign(n, 0);
  bounds.collectiveBegin.assign(n, 0);
  // The release of a job: a compute op's head, a collective's begin bound.
  std::vector<double> release(n, 0);
  SortedJobs jobs(release, /*ascending=*/true);
  // Per stream (0: compute, 1 + s: communication stream s), the earliest
  // end of the jobs that must run before the op begins.
  std::vector<double> done(numStreams + 1);
  for (unsigned pos = 0; pos < n; ++pos) {
    const SimOp &op = ops[pos];
    double begin = 0;
    for (unsigned pred : graph.preds[pos])
      begin = std::max(begin, bounds.end[pred]);
    std::fill(done.begin(), done.end(), 0.0);
    // The collectives issued before a start on its stream, and the ones
    // that end before a wait ends.
    double issued = 0, waited = 0;
    unsigned waitedOf = op.kind == Kind::Wait ? op.start : n;
    for (unsigned job : jobs.get()) {
      const SimOp &other = ops[job];
      double length = other.durationUs;
      if (other.kind == Kind::Compute) {
        if (graph.test(pos, job))
          done[0] = std::max(done[0], release[job]) + length;
        continue;
      }
      bool finished = llvm::any_of(graph.waits[job], [&](unsigned wait) {
        return graph.test(pos, wait);
      });
      if (finished)
        done[1 + other.stream] =
            std::max(done[1 + other.stream], release[job]) + length;
      if (op.kind == Kind::Start && other.stream == op.stream &&
          graph.test(pos, job))
        issued = std::max(issued, release[job]) + length;
      if (waitedOf < n && other.stream == ops[waitedOf].stream &&
          (finished || job == waitedOf))
        waited = std::max(waited, release[job]) + length;
    }
    for (double time : done)
      begin = std::max(begin, time);
    bounds.head[pos] = begin;
    bounds.end[pos] = begin;
    if (op.kind == Kind::Compute) {
      bounds.end[pos] = begin + op.durationUs;
      release[pos] = begin;
      if (op.durationUs > 0)
        jobs.insert(pos);
    } else if (op.kind == Kind::Start) {
      bounds.collectiveBegin[pos] = std::max(begin, issued);
      release[pos] = bounds.collectiveBegin[pos];
      if (op.durationUs > 0)
        jobs.insert(pos);
    } else {
      double collectiveEnd =
          bounds.collectiveBegin[op.start] + ops[op.start].durationUs;
      bounds.end[pos] = std::max({begin, collectiveEnd, waited});
    }
  }
}

/// Computes `bounds.tail` and `collectiveTail` in reverse order of the ops,
/// from the descendant rows of `graph`.
void computeTails(ArrayRef<SimOp> ops, const Closure &graph,
                  unsigned numStreams, Bounds &bounds) {
  unsigned n = ops.size();
  bounds.tail.assign(n, 0);
  bounds.collectiveTail.assign(n, 0);
  // The tail of a job: a compute op's tail, a collective's.
  std::vector<double> key(n, 0);
  SortedJobs jobs(key, /*ascending=*/false);
  // Per stream: the summed durations of the jobs so far, and the largest
  // sum plus tail.
  std::vector<double> sum(numStreams + 1), need(numStreams + 1);
  for (unsigned pos = n; pos-- > 0;) {
    const SimOp &op = ops[pos];
    double after = 0;
    for (unsigned succ : graph.succs[pos]) {
      const SimOp &next = ops[succ];
      after = std::max(after, bounds.tail[succ] + (next.kind == Kind::Compute
                                                       ? next.durationUs
                                                       : 0.0));
    }
    std::fill(sum.begin(), sum.end(), 0.0);
    std::fill(need.begin(), need.end(), 0.0);
    double issuedSum = 0, issuedNeed = 0;
    for (unsigned job : jobs.get()) {
      if (!graph.test(pos, job))
        continue;
      const SimOp &other = ops[job];
      unsigned slot = other.kind == Kind::Compute ? 0 : 1 + other.stream;
      sum[slot] += other.durationUs;
      need[slot] = std::max(need[slot], sum[slot] + key[job]);
      if (op.kind == Kind::Start && other.kind == Kind::Start &&
          other.stream == op.stream) {
        issuedSum += other.durationUs;
        issuedNeed = std::max(issuedNeed, issuedSum + key[job]);
      }
    }
    for (double time : need)
      after = std::max(after, time);
    if (op.kind == Kind::Start) {
      for (unsigned wait : graph.waits[pos])
        bounds.collectiveTail[pos] =
            std::max(bounds.collectiveTail[pos], bounds.tail[wait]);
      after =
          std::max(after, op.durationUs +
                              std::max(bounds.collectiveTail[pos], issuedNeed));
      key[pos] = bounds.collectiveTail[pos];
    } else {
      key[pos] = after;
    }
    bounds.tail[pos] = after;
    if (op.kind != Kind::Wait && op.durationUs > 0)
      jobs.insert(pos);
  }
}

} // namespace

double mlir::sched::getJacksonBound(std::vector<OneMachineJob> &jobs) {
  llvm::sort(jobs, [](const OneMachineJob &a, const OneMachineJob &b) {
    return std::tie(a.release, a.tail, a.duration) <
           std::tie(b.release, b.tail, b.duration);
  });
  // Released, unfinished jobs: (tail, remaining duration), largest tail on
  // top.
  std::priority_queue<std::pair<double, double>> released;
  double now = 0, bound = 0;
  size_t next = 0;
  while (next < jobs.size() || !released.empty()) {
    if (released.empty())
      now = std::max(now, jobs[next].release);
    for (; next < jobs.size() && jobs[next].release <= now; ++next)
      released.push({jobs[next].tail, jobs[next].duration});
    auto [tail, remaining] = released.top();
    released.pop();
    double until = next < jobs.size() ? jobs[next].release
                                      : std::numeric_limits<double>::infinity();
    if (now + remaining <= until) {
      now += remaining;
      bound = std::max(bound, now + tail);
    } else {
      released.push({tail, remaining - (until - now)});
      now = until;
    }
  }
  return bound;
}

FailureOr<double> mlir::sched::computeSubsetBound(ArrayRef<SimOp> ops) {
  unsigned numStreams = 0;
  FailureOr<Closure> graph = buildGraph(ops, numStreams);
  if (failed(graph))
    return failure();
  if (ops.size() > kMaxSubsetBoundOps)
    return 0.0;
  Bounds bounds;
  graph->fill(/*up=*/true);
  computeHeads(ops, *graph, numStreams, bounds);
  graph->fill(/*up=*/false);
  computeTails(ops, *graph, numStreams, bounds);

  double bound = 0;
  std::vector<std::vector<OneMachineJob>> machines(numStreams + 1);
  for (auto [pos, op] : llvm::enumerate(ops)) {
    bound = std::max(bound, bounds.end[pos] + bounds.tail[pos]);
    if (op.durationUs <= 0)
      continue;
    if (op.kind == Kind::Compute)
      machines[0].push_back(
          {bounds.head[pos], op.durationUs, bounds.tail[pos]});
    else if (op.kind == Kind::Start)
      machines[1 + op.stream].push_back({bounds.collectiveBegin[pos],
                                         op.durationUs,
                                         bounds.collectiveTail[pos]});
  }
  for (std::vector<OneMachineJob> &machine : machines)
    bound = std::max(bound, getJacksonBound(machine));
  return bound;
}

FailureOr<SubsetHeadsAndTails>
mlir::sched::computeSubsetHeadsAndTails(ArrayRef<SimOp> ops) {
  unsigned numStreams = 0;
  FailureOr<Closure> graph = buildGraph(ops, numStreams);
  if (failed(graph))
    return failure();
  SubsetHeadsAndTails result;
  if (ops.size() > kMaxSubsetBoundOps)
    return result;
  Bounds bounds;
  graph->fill(/*up=*/true);
  computeHeads(ops, *graph, numStreams, bounds);
  graph->fill(/*up=*/false);
  computeTails(ops, *graph, numStreams, bounds);
  result.head = std::move(bounds.head);
  result.tail = std::move(bounds.tail);
  return result;
}

double LowerBounds::getBestUs() const {
  return std::max({streamsUs, criticalPathUs, headTailUs, subsetUs});
}

FailureOr<LowerBounds> mlir::sched::computeLowerBounds(ArrayRef<SimOp> ops) {
  FailureOr<SimResult> sim = simulate(ops);
  FailureOr<double> headTail = computeHeadTailBound(ops);
  FailureOr<double> subset = computeSubsetBound(ops);
  if (failed(sim) || failed(headTail) || failed(subset))
    return failure();
  LowerBounds bounds;
  bounds.streamsUs = sim->streamBoundUs;
  bounds.criticalPathUs = sim->criticalPathUs;
  bounds.headTailUs = *headTail;
  bounds.subsetUs = *subset;
  return bounds;
}
