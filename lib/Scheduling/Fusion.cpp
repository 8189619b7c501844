//===- Fusion.cpp - Memory-aware fusion of compute ops --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Memory-aware fusion of sched.compute ops (docs/passes/FuseCompute.md).
//
// The planner works on groups of ops (a group becomes one fused op, placed
// where its last member is) and proceeds in rounds. Each round builds the
// memory problem of the current groups and its profile, scores every
// candidate pair by the memory traffic the fusion removes, and walks them by
// decreasing score. A fusion moves the earlier group down to the later one:
// it changes the memory timeline only between the two (its window), so
// fusions whose windows do not overlap are independent, and the profile's
// O(d log n) fusion query stays exact for every fusion a round accepts. A
// candidate whose window overlaps an accepted one waits for the next round.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/Fusion.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Scheduling/MemoryOrder.h"
#include "sched/Scheduling/StepBuffers.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <tuple>

#define DEBUG_TYPE "sched-fuse-compute"

using namespace mlir;
using namespace mlir::sched;

/// The exact solver's budget on one fusion's window (the pass's own is a
/// million states for a whole block).
static constexpr uint64_t kWindowMaxStates = 100000;

namespace {
/// The buffers a group reads from and writes to memory, sorted.
struct Access {
  SmallVector<unsigned, 4> reads, writes;
  int64_t traffic = 0;
};

/// Ops that will become one op.
struct Group {
  /// Nodes, in program order.
  SmallVector<unsigned, 2> members;
  /// The member node where the fused op goes: the group runs there.
  unsigned pos = 0;
  /// Original ops in the group (the components of the kinds).
  unsigned numOps = 1;
  bool fusible = false;
  bool hasBody = false;
  bool alive = true;
  Access access;
};

/// What the planner knows of the collectives of a block, to keep them hidden
/// (docs/passes/FuseCompute.md, "Collectives in flight").
struct ExposureModel {
  /// One collective started and waited in the block.
  struct Collective {
    unsigned start, wait;
    /// Its time in microseconds (infinite without a cost model).
    double timeUs;
  };
  /// Per node: the time of its compute, in microseconds (1 per compute op
  /// without a cost model: then cover counts ops).
  std::vector<double> time;
  /// The collectives, by start.
  std::vector<Collective> collectives;
  /// Per node: the index of the collective it starts or waits, or -1.
  std::vector<int> collectiveOf;
  /// Whether the times come from a cost model.
  bool timed = false;
};

/// Changes of the compute in flight of collectives (index, microseconds or
/// ops) that a fusion makes.
using CoverChanges = SmallVector<std::pair<unsigned, double>, 2>;

/// One candidate pair of a round.
struct Candidate {
  unsigned first, second;
  int64_t score;
  unsigned begin, end; // Compact positions of the two groups.
};

/// A fusion that reorders the groups of a window around the two.
struct Reordering {
  /// Stands for the fused group in `order`.
  static constexpr unsigned kFused = ~0u;
  /// The window: compact positions [lo, hi], around the two groups.
  unsigned lo = 0, hi = 0;
  /// The groups of the window, the two as one, in their new order.
  SmallVector<unsigned> order;
  /// The block's peak with this order.
  int64_t peak = 0;
};

/// A fusion accepted in a round.
struct Accepted {
  unsigned first, second;
  /// Where the fused group runs, without a reordering.
  unsigned pos;
  /// The window's new order, if `reordered`.
  bool reordered = false;
  Reordering reordering;
  /// Groups that join the fused group later in the round, and the node
  /// where the whole runs then.
  SmallVector<unsigned, 2> joined;
  unsigned joinedPos = 0;
  /// What it changes in the compute in flight of collectives.
  CoverChanges coverChanges;
};

/// Accepted windows [lo, hi] in compact positions, by lo, with the index of
/// their fusion.
using WindowMap = std::map<unsigned, std::pair<unsigned, unsigned>>;

/// Plans the fusions of one block, then rewrites it.
class FusionPlanner {
public:
  FusionPlanner(const BufferLiveness &liveness, const DependenceGraph &graph,
                const FusionOptions &options, ExposureModel exposure);

  /// Plans the fusions, rewrites the block, and fills `stats`.
  void run(FusionStats &stats);

private:
  struct Round;
  struct PairPlacement;

  // The steps of a round, in order.
  /// Sets the limit (first round) and counts the round.
  void startRound(Round &state, FusionStats &stats);
  /// Returns the candidate pairs of the round, best first.
  std::vector<Candidate> rankCandidates();
  /// Tries one candidate: joins it to an accepted fusion it overlaps, or
  /// screens, places, reorders and guards it, then accepts it.
  void tryCandidate(Round &state, const Candidate &c, FusionStats &stats);
  /// Joins `c` to the accepted fusion of `window`; returns whether it did.
  bool joinAccepted(Round &state, const Candidate &c,
                    WindowMap::iterator window);
  /// Returns the peak of the window [uLo, uHi] with `x` and the cluster
  /// fused at compact position `place`.
  int64_t peakOfJoin(const Round &state, ArrayRef<unsigned> cluster, unsigned x,
                     unsigned place, unsigned uLo, unsigned uHi) const;
  /// Returns the collectives with a start or a wait at a compact position in
  /// [lo, hi], in order.
  SmallVector<unsigned> collectivesIn(const Round &state, unsigned lo,
                                      unsigned hi) const;
  /// Returns the changes of cover when the group at compact position `from`
  /// and its `time` move to position `to` (the other group of a pair).
  CoverChanges coverChangesOfMove(const Round &state, unsigned from,
                                  unsigned to, double time) const;
  /// Returns the changes of cover when the compact positions [lo, hi] are
  /// replaced by `order` (groups, and Reordering::kFused for the fused one,
  /// of time `fusedTime`).
  CoverChanges coverChangesOfOrder(const Round &state, unsigned lo, unsigned hi,
                                   ArrayRef<unsigned> order,
                                   double fusedTime) const;
  /// Returns why `changes` would leave a collective more exposed than it is
  /// with the fusions accepted so far in the round, or nothing.
  std::optional<std::string> judgeExposure(const Round &state,
                                           const CoverChanges &changes) const;
  /// Returns the bytes that the group of `members` reads from memory.
  int64_t readBytesOf(ArrayRef<unsigned> members);
  /// Rejects `c` for good with the remark `why`, counted in `counter`.
  void reject(const Candidate &c, unsigned &counter, const Twine &why);
  /// Rejects pairs that form a cycle, mix bodies or are too large.
  bool screenPair(const Candidate &c, PairPlacement &placement,
                  FusionStats &stats);
  /// Finds the placement (down or up) of lower peak, and Inductor's overhead.
  void placePair(const Round &state, const Candidate &c,
                 PairPlacement &placement);
  /// Returns the peak of fusing the steps `begin` and `end` at `begin`.
  std::optional<int64_t> peakIfFusedUp(const Round &state, unsigned begin,
                                       unsigned end) const;
  /// Reorders a window around the pair where it needs one or it beats the
  /// placements; returns false if the pair is rejected.
  bool tryReorder(Round &state, const Candidate &c, WindowMap::iterator next,
                  PairPlacement &placement, FusionStats &stats);
  /// Applies the memory guard; returns false if the pair is rejected.
  bool guardPair(const Round &state, const Candidate &c,
                 const PairPlacement &placement, FusionStats &stats);
  /// Accepts the pair in this round.
  void acceptPair(Round &state, const Candidate &c, PairPlacement placement);
  /// Merges the round's accepted fusions.
  void applyAccepted(Round &state, FusionStats &stats);
  /// Merges a fusion that reorders its window, and reranks the window.
  void applyReordering(const Accepted &a);
  /// Emits the memory remarks, materializes the groups and rewrites the
  /// block.
  void finish(bool converged, FusionStats &stats);

  /// Returns the buffers that `members` read from memory and write to it.
  Access computeAccess(ArrayRef<unsigned> members);
  /// Returns the memory traffic that fusing two groups removes: the traffic
  /// of the two minus that of the fused group, without building it.
  int64_t computeScore(unsigned first, unsigned second) const;
  /// Returns true if `b` never goes to memory in a group of `numMembers`
  /// nodes, the stamped ones.
  bool isInternal(unsigned b, unsigned numMembers) const;
  /// Builds the memory problem of the live groups, in their order, and
  /// records each group's compact position (`compact`) and the group at
  /// each (`steps`).
  MemoryProblem buildRoundProblem();
  /// Generates the candidate pairs of the live groups.
  std::vector<std::pair<unsigned, unsigned>> generatePairs();
  /// Returns true if moving the groups `movers` later (or earlier) is
  /// blocked: a group not `excluded`, at a compact position strictly between
  /// `lo` and `hi`, depends on one of them (or one of them on it).
  bool isBlockedMove(ArrayRef<unsigned> movers, bool later,
                     ArrayRef<unsigned> excluded, int64_t lo, int64_t hi) const;
  /// Returns true if an op between the two groups depends on `first`, so
  /// that `first` cannot move down to `second`.
  bool isBlockedDown(unsigned first, unsigned second) const;
  /// Returns true if `second` depends on an op between the two groups, so
  /// that `second` cannot move up to `first`.
  bool isBlockedUp(unsigned first, unsigned second) const;
  /// Returns true if a path leads from `first` to `second` through others.
  bool hasPathThroughOthers(unsigned first, unsigned second);
  /// Returns a reordering of the window [lo, hi] of compact positions of
  /// the round (whose profile is `profile`) around the groups of
  /// `c`, with the two fused: with `solve`, an order of low peak
  /// (findLowPeakOrder on the window, orders of a peak up to `limit` searched
  /// for exactly); otherwise the ops between the two stay in order, those
  /// that depend on the first after the fused op, and so do the collectives
  /// after one of those (collectives keep their order). Returns false if a
  /// path leads from the first to the second through others, or through
  /// collectives that keep their order (then `refusedForOrder` is set).
  bool reorderWindow(const Candidate &c, unsigned lo, unsigned hi,
                     const MemoryProblem &roundProblem,
                     const MemoryProfile &profile, bool solve, int64_t limit,
                     Reordering &result);
  /// Returns the rank of the group's position.
  unsigned rankOf(unsigned group) const { return rank[groups[group].pos]; }
  /// Returns true if the group is a collective, an op holding one or a wait:
  /// those keep their relative order (the graph leaves that chain out).
  bool isComm(unsigned group) const {
    return !groups[group].fusible && comm[groups[group].pos];
  }
  /// Returns Inductor's overhead: the bytes of inputs that die in each
  /// group, matched by size and element type.
  int64_t heuristicOverhead(unsigned first, unsigned second) const;
  /// Merges two groups into a new one placed at node `pos`.
  void merge(unsigned first, unsigned second, unsigned pos);
  /// Rewrites the ops of `group` into one op and returns it.
  Operation *materialize(const Group &group);

  /// Returns the kinds of the members, joined by '+'.
  std::string getKind(const Group &group) const;
  ComputeOp getCompute(unsigned node) const {
    return cast<ComputeOp>(liveness.getOp(node));
  }
  void remark(unsigned first, unsigned second, const Twine &why);

  const BufferLiveness &liveness;
  const MemoryProblem &problem;
  const DependenceGraph &graph;
  const FusionOptions &options;
  ExposureModel exposure;

  /// Buffers each node defines and uses (without its own, and without the
  /// empty ones), and the distinct users of each buffer.
  StepBuffers buffers;
  std::vector<unsigned> groupOf;
  std::vector<Group> groups;
  /// The compute time of each group (sum of its members').
  std::vector<double> groupTime;
  /// Pairs of groups rejected for good (groups never change: a merge makes
  /// a new one).
  llvm::DenseSet<std::pair<unsigned, unsigned>> rejected;
  /// Pairs rejected by the memory guard, retried in later rounds (other
  /// fusions may lower the memory); their remarks are emitted at the end.
  llvm::MapVector<std::pair<unsigned, unsigned>, std::string> memoryRejected;
  /// Traffic saved by fusing two groups, kept across rounds.
  llvm::DenseMap<std::pair<unsigned, unsigned>, int64_t> scores;
  /// The current order: `rank[node]` is the position of a node, `atRank`
  /// the inverse. A group runs at the rank of its `pos` node.
  std::vector<unsigned> rank, atRank;
  /// The round's order of the live groups: the compact position of each
  /// group (~0u if not live), and the group at each position.
  std::vector<unsigned> compact, steps;
  /// Set once a fusion reordered other ops: the block is then rewritten in
  /// rank order.
  bool reordered = false;
  /// The ops that issue collectives (starts, and ops whose regions hold one:
  /// a loop that communicates) and the waits, by node.
  std::vector<bool> comm;
  /// The limit of the exact guard: the unfused peak plus the tolerance.
  std::optional<int64_t> limit;
  /// Set by reorderWindow when only the order of the collectives between the
  /// two made the reordering impossible.
  bool refusedForOrder = false;
  /// Scratch: nodes stamped as members of the group being evaluated.
  std::vector<uint32_t> memberStamp, visitStamp;
  uint32_t stamp = 0, visit = 0;
};
} // namespace

FusionPlanner::FusionPlanner(const BufferLiveness &liveness,
                             const DependenceGraph &graph,
                             const FusionOptions &options,
                             ExposureModel exposureModel)
    : liveness(liveness), problem(liveness.getProblem()), graph(graph),
      options(options), exposure(std::move(exposureModel)),
      buffers(problem, /*skipEmpty=*/true) {
  unsigned n = problem.numSteps;
  memberStamp.assign(n, 0);
  comm.resize(n);
  for (unsigned node = 0; node < n; ++node)
    comm[node] = isa<WaitOp>(liveness.getOp(node)) ||
                 issuesCollectives(liveness.getOp(node));
  rank.resize(n);
  std::iota(rank.begin(), rank.end(), 0);
  atRank = rank;
  groupOf.resize(n);
  // Every merge makes one group: at most 2n - 1 in all.
  groups.reserve(2 * n);
  groups.resize(n);
  groupTime = exposure.time;
  groupTime.reserve(2 * n);
  for (unsigned node = 0; node < n; ++node) {
    Group &group = groups[node];
    groupOf[node] = node;
    group.members = {node};
    group.pos = node;
    if (!isFusibleOp(liveness.getOp(node), options))
      continue;
    auto compute = cast<ComputeOp>(liveness.getOp(node));
    group.fusible = true;
    group.hasBody = !compute.isOpaque();
    group.numOps = compute.getKind().count('+') + 1;
    group.access = computeAccess(group.members);
  }
  visitStamp.reserve(2 * n);
  visitStamp.assign(groups.size(), 0);
}

bool FusionPlanner::isInternal(unsigned b, unsigned numMembers) const {
  const MemoryProblem::Buffer &buffer = problem.buffers[b];
  return numMembers >= 2 && buffer.def && !buffer.liveOut &&
         memberStamp[*buffer.def] == stamp &&
         llvm::all_of(buffers.users[b], [&](unsigned user) {
           return memberStamp[user] == stamp;
         });
}

Access FusionPlanner::computeAccess(ArrayRef<unsigned> members) {
  ++stamp;
  for (unsigned node : members)
    memberStamp[node] = stamp;
  Access access;
  for (unsigned node : members) {
    for (unsigned b : buffers.used[node]) {
      std::optional<unsigned> def = problem.buffers[b].def;
      if (!def || memberStamp[*def] != stamp)
        access.reads.push_back(b);
    }
    for (unsigned b : buffers.defined[node])
      if (!isInternal(b, members.size()))
        access.writes.push_back(b);
  }
  for (SmallVector<unsigned, 4> *list : {&access.reads, &access.writes}) {
    llvm::sort(*list);
    list->erase(std::unique(list->begin(), list->end()), list->end());
    for (unsigned b : *list)
      access.traffic += problem.buffers[b].size;
  }
  return access;
}

int64_t FusionPlanner::computeScore(unsigned first, unsigned second) const {
  const Access &a = groups[first].access, &b = groups[second].access;
  auto size = [&](unsigned buffer) { return problem.buffers[buffer].size; };
  auto isDead = [&](unsigned buffer, unsigned group) {
    return groups[group].members.size() == 1 && buffers.users[buffer].empty() &&
           !problem.buffers[buffer].liveOut;
  };
  int64_t score = 0;
  // Reads of both happen once.
  for (auto i = a.reads.begin(), j = b.reads.begin();
       i != a.reads.end() && j != b.reads.end();) {
    if (*i < *j) {
      ++i;
    } else if (*j < *i) {
      ++j;
    } else {
      score += size(*i);
      ++i, ++j;
    }
  }
  // What the first writes and the second reads is no longer read; it is no
  // longer written either if nobody else uses it. The second writes nothing
  // the first reads (it runs later).
  for (auto i = a.writes.begin(), j = b.reads.begin(); i != a.writes.end();
       ++i) {
    if (isDead(*i, first)) {
      score += size(*i);
      continue;
    }
    while (j != b.reads.end() && *j < *i)
      ++j;
    if (j == b.reads.end() || *j != *i)
      continue;
    score += size(*i);
    if (!problem.buffers[*i].liveOut &&
        llvm::all_of(buffers.users[*i], [&](unsigned user) {
          return groupOf[user] == first || groupOf[user] == second;
        }))
      score += size(*i);
  }
  // Outputs nobody uses are dropped from fused ops.
  for (unsigned buffer : b.writes)
    if (isDead(buffer, second))
      score += size(buffer);
  return score;
}

MemoryProblem FusionPlanner::buildRoundProblem() {
  MemoryProblem round;
  compact.assign(groups.size(), ~0u);
  steps.clear();
  // Live groups in the order of the ranks of their positions (each node is
  // the position of at most one group).
  for (unsigned node : atRank) {
    unsigned group = groupOf[node];
    if (groups[group].pos == node) {
      compact[group] = round.addStep();
      steps.push_back(group);
    }
  }
  for (auto indexed : llvm::enumerate(problem.buffers)) {
    // Named, not bound: the lambda below captures them (C++17).
    size_t b = indexed.index();
    auto &buffer = indexed.value();
    std::optional<unsigned> def;
    if (buffer.def) {
      const Group &group = groups[groupOf[*buffer.def]];
      if (group.members.size() >= 2 && !buffer.liveOut &&
          llvm::all_of(buffers.users[b], [&](unsigned user) {
            return groupOf[user] == groupOf[*buffer.def];
          }))
        continue; // Never materialized.
      def = compact[groupOf[*buffer.def]];
    }
    unsigned copy = round.addBuffer(buffer.size, def, buffer.liveOut);
    for (unsigned use : buffer.uses)
      round.addUse(copy, compact[groupOf[use]]);
  }
  return round;
}

std::vector<std::pair<unsigned, unsigned>> FusionPlanner::generatePairs() {
  std::vector<std::pair<unsigned, unsigned>> pairs;
  SmallVector<unsigned> readers;
  for (auto [b, buffer] : llvm::enumerate(problem.buffers)) {
    if (!buffer.size)
      continue;
    std::optional<unsigned> producer;
    if (buffer.def && groups[groupOf[*buffer.def]].fusible)
      producer = groupOf[*buffer.def];
    readers.clear();
    for (unsigned user : buffers.users[b]) {
      unsigned group = groupOf[user];
      if (groups[group].fusible && group != producer)
        readers.push_back(group);
    }
    llvm::sort(readers,
               [&](unsigned x, unsigned y) { return compact[x] < compact[y]; });
    readers.erase(std::unique(readers.begin(), readers.end()), readers.end());
    for (auto [i, reader] : llvm::enumerate(readers)) {
      if (producer)
        pairs.emplace_back(*producer, reader);
      for (size_t j = i + 1,
                  e = std::min<size_t>(readers.size(),
                                       i + 1 + options.siblingCandidates);
           j < e; ++j)
        pairs.emplace_back(reader, readers[j]);
    }
  }
  llvm::sort(pairs);
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  return pairs;
}

bool FusionPlanner::isBlockedMove(ArrayRef<unsigned> movers, bool later,
                                  ArrayRef<unsigned> excluded, int64_t lo,
                                  int64_t hi) const {
  for (unsigned g : movers)
    for (unsigned node : groups[g].members)
      for (unsigned other :
           later ? graph.getSuccs(node) : graph.getPreds(node)) {
        unsigned h = groupOf[other];
        int64_t pos = compact[h];
        if (pos > lo && pos < hi && !llvm::is_contained(excluded, h))
          return true;
      }
  return false;
}

bool FusionPlanner::isBlockedDown(unsigned first, unsigned second) const {
  return isBlockedMove(first, /*later=*/true, {first, second}, -1,
                       compact[second]);
}

bool FusionPlanner::isBlockedUp(unsigned first, unsigned second) const {
  return isBlockedMove(second, /*later=*/false, {first, second}, compact[first],
                       std::numeric_limits<int64_t>::max());
}

bool FusionPlanner::hasPathThroughOthers(unsigned first, unsigned second) {
  // Every edge goes from a group to a later one, so the search stays between
  // the two; it gives up (answering no) after a bounded number of groups.
  unsigned end = compact[second];
  ++visit;
  SmallVector<unsigned> stack;
  unsigned budget = 1 << 14;
  auto expand = [&](unsigned group) {
    for (unsigned node : groups[group].members)
      for (unsigned succ : graph.getSuccs(node)) {
        unsigned next = groupOf[succ];
        if (next == second && group != first)
          return true;
        if (next == first || next == second || compact[next] >= end ||
            visitStamp[next] == visit)
          continue;
        visitStamp[next] = visit;
        stack.push_back(next);
      }
    return false;
  };
  if (expand(first))
    return true;
  while (!stack.empty() && budget--)
    if (expand(stack.pop_back_val()))
      return true;
  return false;
}

bool FusionPlanner::reorderWindow(const Candidate &c, unsigned lo, unsigned hi,
                                  const MemoryProblem &roundProblem,
                                  const MemoryProfile &profile, bool solve,
                                  int64_t limit, Reordering &result) {
  // The groups between that depend on the first, through others between or
  // not, go after the fused op; the others before. Every path between the
  // two stays in the window (ranks are topological), so this is exact. A
  // collective after one that goes after goes after too (they keep their
  // order).
  ++visit;
  visitStamp[c.first] = visit;
  bool commAfter = false;
  auto dependsOnMarked = [&](unsigned group) {
    for (unsigned node : groups[group].members)
      for (unsigned pred : graph.getPreds(node))
        if (visitStamp[groupOf[pred]] == visit)
          return true;
    return false;
  };
  // Compact positions in the legal order; `c.end` stands for the fused op.
  SmallVector<unsigned> positions, after;
  for (unsigned p = lo; p < c.begin; ++p)
    positions.push_back(p);
  for (unsigned p = c.begin + 1; p < c.end; ++p) {
    bool collective = isComm(steps[p]);
    if ((collective && commAfter) || dependsOnMarked(steps[p])) {
      visitStamp[steps[p]] = visit;
      commAfter |= collective;
      after.push_back(p);
    } else {
      positions.push_back(p);
    }
  }
  // A cycle if the second depends on one of those.
  visitStamp[c.first] = 0;
  refusedForOrder = false;
  if (dependsOnMarked(c.second)) {
    // Is it the collectives' order alone? Mark again by data only.
    if (commAfter) {
      ++visit;
      visitStamp[c.first] = visit;
      for (unsigned p = c.begin + 1; p < c.end; ++p)
        if (dependsOnMarked(steps[p]))
          visitStamp[steps[p]] = visit;
      visitStamp[c.first] = 0;
      refusedForOrder = !dependsOnMarked(c.second);
    }
    return false;
  }
  positions.push_back(c.end);
  llvm::append_range(positions, after);
  for (unsigned p = c.end + 1; p <= hi; ++p)
    positions.push_back(p);

  // The window as a problem of its own, numbered in that order.
  unsigned k = positions.size();
  llvm::DenseMap<unsigned, unsigned> local;
  SmallVector<SmallVector<unsigned, 2>> windowSteps;
  for (auto [i, p] : llvm::enumerate(positions)) {
    local[steps[p]] = i;
    windowSteps.push_back({p});
  }
  local[c.first] = local[c.second];
  windowSteps[local[c.second]] = {c.begin, c.end};
  OrderWindow window = extractWindow(roundProblem, profile, windowSteps);
  result.lo = lo;
  result.hi = hi;
  std::vector<unsigned> order(k);
  std::iota(order.begin(), order.end(), 0);
  if (solve) {
    std::vector<std::pair<unsigned, unsigned>> edges;
    auto addEdges = [&](unsigned group, unsigned i) {
      for (unsigned node : groups[group].members)
        for (unsigned pred : graph.getPreds(node))
          if (auto it = local.find(groupOf[pred]); it != local.end())
            edges.emplace_back(it->second, i);
    };
    std::optional<unsigned> lastComm;
    for (auto [i, p] : llvm::enumerate(positions)) {
      addEdges(steps[p], i);
      if (!isComm(steps[p]))
        continue;
      if (lastComm)
        edges.emplace_back(*lastComm, i);
      lastComm = i;
    }
    addEdges(c.first, local[c.first]);
    LowPeakOrderOptions options;
    options.exactOptions.maxStates = kWindowMaxStates;
    options.exactOptions.bound = limit - window.outside;
    LowPeakOrder best = findLowPeakOrder(DependenceGraph::fromEdges(k, edges),
                                         window.problem, options);
    order = std::move(best.order);
  }
  result.peak = std::max(computePeak(window.problem, order) + window.outside,
                         profile.getPeakOutside(lo, hi));
  result.order.clear();
  for (unsigned i : order)
    result.order.push_back(positions[i] == c.end ? Reordering::kFused
                                                 : steps[positions[i]]);
  return true;
}

int64_t FusionPlanner::heuristicOverhead(unsigned first,
                                         unsigned second) const {
  // Inductor's reuse key: (storage size, element type). Keys are compared
  // for equality only, so the pointer order of types does not matter.
  using Key = std::pair<int64_t, const void *>;
  auto singleUserInputs = [&](unsigned group) {
    SmallVector<Key> keys;
    for (unsigned b : groups[group].access.reads) {
      const MemoryProblem::Buffer &buffer = problem.buffers[b];
      if (!buffer.def || buffer.liveOut ||
          llvm::any_of(buffers.users[b],
                       [&](unsigned user) { return groupOf[user] != group; }))
        continue;
      auto type = dyn_cast<ShapedType>(liveness.getValue(b).getType());
      if (!type)
        continue;
      keys.push_back({buffer.size, type.getElementType().getAsOpaquePointer()});
    }
    llvm::sort(keys);
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    return keys;
  };
  SmallVector<Key> a = singleUserInputs(first), b = singleUserInputs(second);
  SmallVector<Key> common;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(),
                        std::back_inserter(common));
  int64_t overhead = 0;
  for (const Key &key : common)
    overhead += key.first;
  return overhead;
}

std::string FusionPlanner::getKind(const Group &group) const {
  std::string kind;
  for (unsigned node : group.members) {
    if (!kind.empty())
      kind += '+';
    kind += getCompute(node).getKind().str();
  }
  return kind;
}

void FusionPlanner::remark(unsigned first, unsigned second, const Twine &why) {
  if (!options.remarks)
    return;
  mlir::emitRemark(liveness.getOp(groups[first].pos)->getLoc())
      << "not fused with '" << getKind(groups[second]) << "': " << why;
}

void FusionPlanner::merge(unsigned first, unsigned second, unsigned pos) {
  Group merged;
  std::merge(groups[first].members.begin(), groups[first].members.end(),
             groups[second].members.begin(), groups[second].members.end(),
             std::back_inserter(merged.members));
  merged.pos = pos;
  merged.numOps = groups[first].numOps + groups[second].numOps;
  merged.fusible = true;
  merged.hasBody = groups[first].hasBody;
  merged.access = computeAccess(merged.members);
  groups[first].alive = groups[second].alive = false;
  groupTime.push_back(groupTime[first] + groupTime[second]);
  unsigned id = groups.size();
  for (unsigned node : merged.members)
    groupOf[node] = id;
  groups.push_back(std::move(merged));
  visitStamp.push_back(0);
}

/// Returns the order 0, 1, ..., `size` - 1.
static std::vector<unsigned> makeIdentity(unsigned size) {
  std::vector<unsigned> identity(size);
  std::iota(identity.begin(), identity.end(), 0);
  return identity;
}

/// The state of one round: the memory problem of the live groups in their
/// order, its profile, and the fusions accepted so far.
struct FusionPlanner::Round {
  explicit Round(MemoryProblem roundProblem)
      : problem(std::move(roundProblem)), numSteps(problem.numSteps),
        identity(makeIdentity(numSteps)), profile(problem, identity),
        buffers(problem) {}

  MemoryProblem problem;
  unsigned numSteps;
  std::vector<unsigned> identity;
  MemoryProfile profile;
  /// Per step: bytes allocated, and the buffers it defines, for the peak of
  /// a fusion placed up.
  StepBuffers buffers;
  /// Accepted windows [lo, hi] in compact positions, by lo, with the index
  /// of their fusion.
  WindowMap windows;
  SmallVector<Accepted> accepted;
  /// The compute time of the steps before each compact position (one more
  /// entry than steps), the positions of the collectives' starts and waits,
  /// in order, and the changes of cover of the fusions accepted so far, by
  /// collective.
  std::vector<double> timeBefore;
  std::vector<unsigned> commPositions;
  llvm::DenseMap<unsigned, double> coverDelta;
};

/// What the placement of one candidate pair found.
struct FusionPlanner::PairPlacement {
  /// Whether the first may move down to the second, and the second up to
  /// the first.
  bool down = false, up = false;
  bool placeUp = false;
  /// The peak of the placement kept, and of the placement without a
  /// reordering.
  std::optional<int64_t> fusedPeak, placedPeak;
  /// Inductor's overhead, where it rejects the pair.
  std::optional<int64_t> overhead;
  bool reordered = false;
  Reordering reordering;
  /// The changes of cover of the placement kept, and why a placement was
  /// refused for exposing a collective (the first one).
  CoverChanges coverChanges;
  std::optional<std::string> exposure;
};

void FusionPlanner::run(FusionStats &stats) {
  stats.numOps = problem.numSteps;
  for (const Group &group : groups)
    if (group.fusible)
      stats.trafficBefore += group.access.traffic;
  bool converged = false;
  for (unsigned round = 0; round < options.maxRounds; ++round) {
    Round state(buildRoundProblem());
    startRound(state, stats);
    for (const Candidate &c : rankCandidates())
      tryCandidate(state, c, stats);
    if (state.accepted.empty()) {
      converged = true;
      break;
    }
    applyAccepted(state, stats);
  }
  finish(converged, stats);
}

void FusionPlanner::startRound(Round &state, FusionStats &stats) {
  const MemoryProfile &profile = state.profile;
  if (!limit) {
    stats.peakBefore = profile.getPeak();
    // Saturated: a tolerance near 2^63 overflowed (found by
    // sched-pipeline-fuzzer).
    int64_t unfusedPeak = profile.getPeak();
    int64_t room = std::numeric_limits<int64_t>::max() - unfusedPeak;
    limit = options.tolerance > room ? std::numeric_limits<int64_t>::max()
                                     : unfusedPeak + options.tolerance;
  }
  stats.peakAfter = profile.getPeak();
  ++stats.rounds;
  state.timeBefore.assign(1, 0.0);
  for (auto [p, group] : llvm::enumerate(steps)) {
    state.timeBefore.push_back(state.timeBefore.back() + groupTime[group]);
    if (exposure.collectiveOf[groups[group].pos] >= 0)
      state.commPositions.push_back(p);
  }
}

SmallVector<unsigned> FusionPlanner::collectivesIn(const Round &state,
                                                   unsigned lo,
                                                   unsigned hi) const {
  SmallVector<unsigned> found;
  const std::vector<unsigned> &comm = state.commPositions;
  for (auto it = llvm::lower_bound(comm, lo); it != comm.end() && *it <= hi;
       ++it)
    found.push_back(exposure.collectiveOf[groups[steps[*it]].pos]);
  llvm::sort(found);
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

CoverChanges FusionPlanner::coverChangesOfMove(const Round &state,
                                               unsigned from, unsigned to,
                                               double time) const {
  // Only a collective with a start or a wait between the two ends can hold
  // one end in flight and not the other.
  CoverChanges changes;
  if (time == 0)
    return changes;
  for (unsigned k :
       collectivesIn(state, std::min(from, to) + 1, std::max(from, to) - 1)) {
    const ExposureModel::Collective &collective = exposure.collectives[k];
    unsigned s = compact[groupOf[collective.start]];
    unsigned w = compact[groupOf[collective.wait]];
    double change =
        (s < to && to < w ? time : 0.0) - (s < from && from < w ? time : 0.0);
    if (change != 0)
      changes.emplace_back(k, change);
  }
  return changes;
}

CoverChanges FusionPlanner::coverChangesOfOrder(const Round &state, unsigned lo,
                                                unsigned hi,
                                                ArrayRef<unsigned> order,
                                                double fusedTime) const {
  // The new sequence: the positions before `lo`, `order`, then those after
  // `hi`, shifted by `shift`.
  llvm::DenseMap<unsigned, int64_t> at;
  SmallVector<double> inner = {0.0};
  for (auto [i, group] : llvm::enumerate(order)) {
    // Only collectives' starts and waits are looked up, and they are never
    // fused; `kFused` is DenseMap's empty key and must not be inserted.
    if (group != Reordering::kFused)
      at[group] = lo + i;
    inner.push_back(inner.back() + (group == Reordering::kFused
                                        ? fusedTime
                                        : groupTime[group]));
  }
  const std::vector<double> &before = state.timeBefore;
  int64_t size = order.size();
  int64_t shift = size - int64_t(hi - lo + 1);
  auto newPosition = [&](unsigned p) -> int64_t {
    return p < lo ? p : p > hi ? p + shift : at.lookup(steps[p]);
  };
  // The compute time before new position `x`.
  auto newBefore = [&](int64_t x) {
    if (x <= lo)
      return before[x];
    if (x <= lo + size)
      return before[lo] + inner[x - lo];
    return before[lo] + inner.back() + before[x - shift] - before[hi + 1];
  };
  CoverChanges changes;
  for (unsigned k : collectivesIn(state, lo, hi)) {
    const ExposureModel::Collective &collective = exposure.collectives[k];
    unsigned s = compact[groupOf[collective.start]];
    unsigned w = compact[groupOf[collective.wait]];
    double old = before[w] - before[s + 1];
    int64_t ns = newPosition(s), nw = newPosition(w);
    double cover = nw > ns ? newBefore(nw) - newBefore(ns + 1) : 0.0;
    if (cover != old)
      changes.emplace_back(k, cover - old);
  }
  return changes;
}

std::optional<std::string>
FusionPlanner::judgeExposure(const Round &state,
                             const CoverChanges &changes) const {
  for (auto [k, change] : changes) {
    if (change >= 0)
      continue;
    const ExposureModel::Collective &collective = exposure.collectives[k];
    unsigned s = compact[groupOf[collective.start]];
    unsigned w = compact[groupOf[collective.wait]];
    double cover = state.timeBefore[w] - state.timeBefore[s + 1] +
                   state.coverDelta.lookup(k);
    double after = std::max(0.0, cover + change);
    Operation *start = liveness.getOp(collective.start);
    std::string what = llvm::formatv("'{0}'", start->getName().getStringRef());
    if (auto op = dyn_cast<CollectiveOpInterface>(start))
      what += " on @" + op.getGroupAttr().getValue().str();
    if (!exposure.timed)
      return llvm::formatv("would expose {0}: the compute ops run while it "
                           "is in flight go from {1} to {2} (no #sched.target "
                           "to time them)",
                           what, formatNumber(cover), formatNumber(after))
          .str();
    double time = collective.timeUs;
    double exposedBefore = std::max(0.0, time - cover);
    double exposedAfter = std::max(0.0, time - after);
    // Rounding of the sums must not refuse a fusion that changes nothing.
    if (exposedAfter <= exposedBefore + 1e-9 * std::max(1.0, time))
      continue;
    return llvm::formatv("would expose {0}: the compute run while its {2} "
                         "us are in flight goes from {1} us to {3} us "
                         "(exposed {4} us -> {5} us)",
                         what, formatNumber(cover), formatNumber(time),
                         formatNumber(after), formatNumber(exposedBefore),
                         formatNumber(exposedAfter))
        .str();
  }
  return std::nullopt;
}

int64_t FusionPlanner::readBytesOf(ArrayRef<unsigned> members) {
  int64_t bytes = 0;
  for (unsigned b : computeAccess(members).reads)
    bytes += problem.buffers[b].size;
  return bytes;
}

std::optional<int64_t> FusionPlanner::peakIfFusedUp(const Round &state,
                                                    unsigned begin,
                                                    unsigned end) const {
  // `end` moves up to just after `begin` (an upper bound on the peak outside
  // the fused step), then the two run as one step.
  const MemoryProfile &profile = state.profile;
  std::optional<int64_t> moved = end == begin + 1
                                     ? profile.getPeak()
                                     : profile.getPeakIfMoved(end, begin + 1);
  if (!moved)
    return std::nullopt;
  int64_t fused = profile.getTimeline()[begin] + state.buffers.allocated[end];
  for (unsigned b : state.buffers.defined[begin]) {
    const MemoryProblem::Buffer &buffer = state.problem.buffers[b];
    if (!buffer.liveOut && llvm::all_of(buffer.uses, [&](unsigned use) {
          return use == begin || use == end;
        }))
      fused -= buffer.size;
  }
  return std::max(*moved, fused);
}

std::vector<Candidate> FusionPlanner::rankCandidates() {
  std::vector<Candidate> candidates;
  for (auto [first, second] : generatePairs()) {
    if (rejected.contains({first, second}))
      continue;
    auto [it, inserted] = scores.try_emplace({first, second}, 0);
    if (inserted)
      it->second = computeScore(first, second);
    int64_t score = it->second;
    if (score > 0)
      candidates.push_back(
          {first, second, score, compact[first], compact[second]});
  }
  // Highest saving first, then the closer pair, then program order.
  llvm::sort(candidates, [](const Candidate &x, const Candidate &y) {
    return std::make_tuple(-x.score, x.end - x.begin, x.begin, x.end) <
           std::make_tuple(-y.score, y.end - y.begin, y.begin, y.end);
  });
  return candidates;
}

int64_t FusionPlanner::peakOfJoin(const Round &state,
                                  ArrayRef<unsigned> cluster, unsigned x,
                                  unsigned place, unsigned uLo,
                                  unsigned uHi) const {
  SmallVector<SmallVector<unsigned, 2>> windowSteps;
  for (unsigned p = uLo; p <= uHi; ++p) {
    unsigned g = steps[p];
    if (g != x && !llvm::is_contained(cluster, g)) {
      windowSteps.push_back({p});
    } else if (p == place) {
      windowSteps.push_back({compact[x]});
      for (unsigned member : cluster)
        windowSteps.back().push_back(compact[member]);
    }
  }
  OrderWindow w = extractWindow(state.problem, state.profile, windowSteps);
  std::vector<unsigned> order(w.problem.numSteps);
  std::iota(order.begin(), order.end(), 0);
  return std::max(computePeak(w.problem, order) + w.outside,
                  state.profile.getPeakOutside(uLo, uHi));
}

// A candidate that overlaps the window of one fusion accepted in this round
// and shares a group with it joins it, if one of the two moves to the other,
// and the union of the two windows, evaluated exactly with both fusions
// (extractWindow), passes the guard. This fuses a chain of ops into one group
// (gradients into one accumulation) in one round rather than one round each.
bool FusionPlanner::joinAccepted(Round &state, const Candidate &c,
                                 WindowMap::iterator window) {
  // Inductor's rule would need the fused group.
  if (options.guard == FusionMemoryGuard::Heuristic)
    return false;
  if (window != state.windows.begin() &&
      std::prev(window)->second.first >= c.begin)
    return false; // Overlaps several.
  Accepted &a = state.accepted[window->second.second];
  if (a.reordered)
    return false;
  SmallVector<unsigned, 4> cluster = {a.first, a.second};
  llvm::append_range(cluster, a.joined);
  auto inCluster = [&](unsigned g) { return llvm::is_contained(cluster, g); };
  if (inCluster(c.first) == inCluster(c.second))
    return false;
  unsigned x = inCluster(c.first) ? c.second : c.first;
  unsigned numOps = groups[x].numOps;
  for (unsigned g : cluster)
    numOps += groups[g].numOps;
  if (numOps > options.maxFusedOps ||
      groups[x].hasBody != groups[a.first].hasBody)
    return false;
  if (options.maxFusedReadBytes > 0) {
    SmallVector<unsigned, 8> members(groups[x].members.begin(),
                                     groups[x].members.end());
    for (unsigned g : cluster)
      llvm::append_range(members, groups[g].members);
    llvm::sort(members);
    if (readBytesOf(members) > options.maxFusedReadBytes)
      return false;
  }
  double fusedTime = groupTime[x];
  for (unsigned g : cluster)
    fusedTime += groupTime[g];
  // The ends: where the fused group runs, and the candidate's other group.
  unsigned pA = compact[groupOf[a.joined.empty() ? a.pos : a.joinedPos]];
  unsigned pX = compact[x];
  unsigned lo = std::min(pA, pX), hi = std::max(pA, pX);
  unsigned uLo = std::min(window->first, c.begin);
  unsigned uHi = std::max(window->second.first, c.end);
  SmallVector<unsigned, 4> excluded(cluster);
  excluded.push_back(x);
  // The later place first: ties go down. Moving the movers to the other end
  // is blocked by an op strictly between that depends on them (moving later)
  // or that they depend on (moving earlier).
  // The union's changes of cover replace those of the accepted fusion.
  for (auto [k, change] : a.coverChanges)
    state.coverDelta[k] -= change;
  std::optional<int64_t> peak;
  unsigned place = 0;
  CoverChanges changes;
  for (unsigned p : {hi, lo}) {
    bool xMoves = p == pA;
    if (isBlockedMove(xMoves ? ArrayRef<unsigned>(x)
                             : ArrayRef<unsigned>(cluster),
                      xMoves ? pX < pA : pA < pX, excluded, lo, hi))
      continue;
    SmallVector<unsigned> order;
    for (unsigned q = uLo; q <= uHi; ++q) {
      unsigned g = steps[q];
      if (g != x && !llvm::is_contained(cluster, g))
        order.push_back(g);
      else if (q == p)
        order.push_back(Reordering::kFused);
    }
    CoverChanges placeChanges =
        coverChangesOfOrder(state, uLo, uHi, order, fusedTime);
    if (judgeExposure(state, placeChanges))
      continue;
    int64_t value = peakOfJoin(state, cluster, x, p, uLo, uHi);
    if (!peak || value < *peak) {
      peak = value;
      place = p;
      changes = std::move(placeChanges);
    }
  }
  bool exact = options.guard == FusionMemoryGuard::Exact;
  if (!peak || (exact && *peak > *limit)) {
    for (auto [k, change] : a.coverChanges)
      state.coverDelta[k] += change;
    return false;
  }
  for (auto [k, change] : changes)
    state.coverDelta[k] += change;
  a.coverChanges = std::move(changes);
  LLVM_DEBUG(llvm::dbgs() << "join " << getKind(groups[x]) << " to "
                          << getKind(groups[a.first]) << ": saves about "
                          << c.score << " bytes, peak " << *peak << "\n");
  a.joined.push_back(x);
  a.joinedPos = groups[steps[place]].pos;
  memoryRejected.erase({c.first, c.second});
  state.windows.erase(window);
  state.windows[uLo] = {uHi, unsigned(&a - state.accepted.begin())};
  return true;
}

void FusionPlanner::reject(const Candidate &c, unsigned &counter,
                           const Twine &why) {
  ++counter;
  rejected.insert({c.first, c.second});
  remark(c.first, c.second, why);
}

void FusionPlanner::tryCandidate(Round &state, const Candidate &c,
                                 FusionStats &stats) {
  // A candidate overlapping a fusion accepted in this round joins it, or
  // waits for the next round (the fusion changes the memory there).
  auto next = state.windows.upper_bound(c.end);
  if (next != state.windows.begin() &&
      std::prev(next)->second.first >= c.begin) {
    joinAccepted(state, c, std::prev(next));
    return;
  }
  PairPlacement placement;
  if (!screenPair(c, placement, stats))
    return;
  placePair(state, c, placement);
  if (!tryReorder(state, c, next, placement, stats))
    return;
  if (!guardPair(state, c, placement, stats))
    return;
  acceptPair(state, c, std::move(placement));
}

bool FusionPlanner::screenPair(const Candidate &c, PairPlacement &placement,
                               FusionStats &stats) {
  const Group &first = groups[c.first], &second = groups[c.second];
  placement.down = !isBlockedDown(c.first, c.second);
  placement.up = !isBlockedUp(c.first, c.second);
  if (!placement.down && !placement.up &&
      hasPathThroughOthers(c.first, c.second)) {
    reject(c, stats.rejectedCycle,
           "cycle: a path leads from it to the other through other ops");
    return false;
  }
  if (first.hasBody != second.hasBody) {
    reject(c, stats.rejectedBody, "one has a body and the other is opaque");
    return false;
  }
  if (first.numOps + second.numOps > options.maxFusedOps) {
    reject(c, stats.rejectedSize,
           llvm::formatv("size: {0} ops, more than max-fused-ops {1}",
                         first.numOps + second.numOps, options.maxFusedOps));
    return false;
  }
  if (options.maxFusedReadBytes > 0) {
    SmallVector<unsigned, 4> members;
    std::merge(first.members.begin(), first.members.end(),
               second.members.begin(), second.members.end(),
               std::back_inserter(members));
    int64_t reads = readBytesOf(members);
    if (reads > options.maxFusedReadBytes) {
      reject(c, stats.rejectedReads,
             llvm::formatv("reads: the fused op would read {0}, more than "
                           "max-fused-read-bytes {1} ({2})",
                           formatBytes(reads), options.maxFusedReadBytes,
                           formatBytes(options.maxFusedReadBytes)));
      return false;
    }
  }
  return true;
}

void FusionPlanner::placePair(const Round &state, const Candidate &c,
                              PairPlacement &placement) {
  // A placement that leaves a collective more exposed is not taken: down,
  // the first runs at the second's place; up, the second at the first's.
  CoverChanges downChanges, upChanges;
  auto screenExposure = [&](bool &legal, CoverChanges &changes, unsigned from,
                            unsigned to, unsigned mover) {
    if (!legal)
      return;
    changes = coverChangesOfMove(state, from, to, groupTime[mover]);
    std::optional<std::string> why = judgeExposure(state, changes);
    if (!why)
      return;
    legal = false;
    if (!placement.exposure)
      placement.exposure = std::move(why);
  };
  screenExposure(placement.down, downChanges, c.begin, c.end, c.first);
  screenExposure(placement.up, upChanges, c.end, c.begin, c.second);
  // The placement with the lower peak; ties go down (the later op's place).
  std::optional<int64_t> downPeak, upPeak;
  if (placement.down)
    downPeak = state.profile.getPeakIfFused(c.begin, c.end);
  if (placement.up)
    upPeak = peakIfFusedUp(state, c.begin, c.end);
  placement.placeUp = !downPeak || (upPeak && *upPeak < *downPeak);
  placement.fusedPeak = placement.placeUp ? upPeak : downPeak;
  placement.coverChanges = placement.placeUp ? upChanges : downChanges;
  // Inductor's rule does not depend on the order.
  if (options.guard == FusionMemoryGuard::Heuristic) {
    int64_t bytes = heuristicOverhead(c.first, c.second);
    if (double(bytes) > options.heuristicFactor * double(c.score))
      placement.overhead = bytes;
  }
  placement.placedPeak = placement.fusedPeak;
}

// Otherwise the groups of a window around the two move: the pair needs it
// (ops between them use the first and feed the second), or (exact guard)
// both placements raise the peak above the limit.
bool FusionPlanner::tryReorder(Round &state, const Candidate &c,
                               WindowMap::iterator next,
                               PairPlacement &placement, FusionStats &stats) {
  bool exact = options.guard == FusionMemoryGuard::Exact;
  std::optional<int64_t> &fusedPeak = placement.fusedPeak;
  unsigned between = c.end - c.begin - 1;
  if (between > options.reorderMaxOps ||
      (fusedPeak && !(exact && *fusedPeak > *limit)))
    return true;
  // The window: the two and the groups between; with the exact guard, also
  // groups around them up to reorder-max-ops in all, short of the fusions
  // accepted in this round.
  unsigned lo = c.begin, hi = c.end;
  if (exact) {
    unsigned minLo =
        next == state.windows.begin() ? 0 : std::prev(next)->second.first + 1;
    unsigned maxHi =
        next == state.windows.end() ? state.numSteps - 1 : next->first - 1;
    unsigned spare = options.reorderMaxOps - between;
    unsigned above = std::min(maxHi - c.end, spare - spare / 2);
    unsigned below = std::min(c.begin - minLo, spare - above);
    above = std::min(maxHi - c.end, spare - below);
    lo = c.begin - below;
    hi = c.end + above;
  }
  bool legal = reorderWindow(c, lo, hi, state.problem, state.profile, exact,
                             *limit, placement.reordering);
  CoverChanges reorderChanges;
  if (legal) {
    reorderChanges =
        coverChangesOfOrder(state, lo, hi, placement.reordering.order,
                            groupTime[c.first] + groupTime[c.second]);
    if (std::optional<std::string> why = judgeExposure(state, reorderChanges)) {
      legal = false;
      if (!placement.exposure)
        placement.exposure = std::move(why);
    }
  }
  if (!legal && !fusedPeak && placement.exposure) {
    reject(c, stats.rejectedExposure, *placement.exposure);
    return false;
  }
  if (!legal && !fusedPeak) {
    reject(c, stats.rejectedCycle,
           refusedForOrder
               ? "order: the collectives between them keep their "
                 "order, but one that uses the first comes before one "
                 "that the other needs"
               : "cycle: a path leads from it to the other through "
                 "other ops");
    return false;
  }
  // Kept if it beats the placements.
  placement.reordered =
      legal && (!fusedPeak || placement.reordering.peak < *fusedPeak);
  if (placement.reordered) {
    fusedPeak = placement.reordering.peak;
    placement.coverChanges = std::move(reorderChanges);
  }
  return true;
}

bool FusionPlanner::guardPair(const Round &state, const Candidate &c,
                              const PairPlacement &placement,
                              FusionStats &stats) {
  const std::optional<int64_t> &fusedPeak = placement.fusedPeak;
  if (!fusedPeak && placement.exposure) {
    reject(c, stats.rejectedExposure, *placement.exposure);
    return false;
  }
  if (!fusedPeak) {
    std::string why = "ops between them use the first and feed the "
                      "second (they would have to move";
    if (options.reorderMaxOps)
      why += llvm::formatv(", more than reorder-max-ops {0}",
                           options.reorderMaxOps);
    reject(c, stats.rejectedOrder, why + ")");
    return false;
  }
  const MemoryProfile &profile = state.profile;
  if (options.guard == FusionMemoryGuard::Exact && *fusedPeak > *limit) {
    memoryRejected[{c.first, c.second}] = llvm::formatv(
        "memory: peak {0} (limit {1})",
        formatBytesChange(profile.getPeak(), *fusedPeak), formatBytes(*limit));
    return false;
  }
  if (placement.overhead) {
    memoryRejected[{c.first, c.second}] = llvm::formatv(
        "memory: inputs dying in both share {0}, more than {1} x "
        "the saving of {2} (peak {3})",
        formatBytes(*placement.overhead), options.heuristicFactor,
        formatBytes(c.score), formatBytesChange(profile.getPeak(), *fusedPeak));
    return false;
  }
  return true;
}

void FusionPlanner::acceptPair(Round &state, const Candidate &c,
                               PairPlacement placement) {
  const Group &first = groups[c.first], &second = groups[c.second];
  int64_t fusedPeak = *placement.fusedPeak;
  LLVM_DEBUG(llvm::dbgs() << "fuse " << getKind(first) << " with "
                          << getKind(second)
                          << (placement.reordered ? " (reordered)"
                              : placement.placeUp ? " (up)"
                                                  : " (down)")
                          << ": saves " << c.score << " bytes, peak "
                          << fusedPeak << "\n");
  if (placement.reordered && options.remarks) {
    InFlightDiagnostic diag =
        mlir::emitRemark(liveness.getOp(first.pos)->getLoc());
    diag << "fused with '" << getKind(second) << "' by reordering "
         << placement.reordering.hi - placement.reordering.lo - 1
         << " ops around them: peak "
         << formatBytesChange(state.profile.getPeak(), fusedPeak) << " (";
    if (placement.placedPeak)
      diag << "without reordering " << formatBytes(*placement.placedPeak)
           << ", limit " << formatBytes(*limit) << ")";
    else
      diag << "ops between them use the first and feed the second)";
  }
  memoryRejected.erase({c.first, c.second});
  if (placement.reordered)
    state.windows[placement.reordering.lo] = {placement.reordering.hi,
                                              state.accepted.size()};
  else
    state.windows[c.begin] = {c.end, state.accepted.size()};
  Accepted &a = state.accepted.emplace_back();
  a.first = c.first;
  a.second = c.second;
  a.pos = placement.placeUp ? first.pos : second.pos;
  for (auto [k, change] : placement.coverChanges)
    state.coverDelta[k] += change;
  a.coverChanges = std::move(placement.coverChanges);
  if (placement.reordered) {
    a.reordered = true;
    a.reordering = std::move(placement.reordering);
  }
}

void FusionPlanner::applyReordering(const Accepted &a) {
  // The ranks of the window's positions go to the groups in their new
  // order; the first's node, no longer a position, takes the last.
  SmallVector<unsigned> ranks;
  for (unsigned p = a.reordering.lo; p <= a.reordering.hi; ++p)
    ranks.push_back(rankOf(steps[p]));
  unsigned firstPos = groups[a.first].pos;
  merge(a.first, a.second, groups[a.second].pos);
  unsigned fused = groups.size() - 1;
  SmallVector<unsigned> nodes;
  for (unsigned group : a.reordering.order)
    nodes.push_back(groups[group == Reordering::kFused ? fused : group].pos);
  nodes.push_back(firstPos);
  for (auto [node, r] : llvm::zip_equal(nodes, ranks)) {
    rank[node] = r;
    atRank[r] = node;
  }
  reordered = true;
}

void FusionPlanner::applyAccepted(Round &state, FusionStats &stats) {
  for (Accepted &a : state.accepted) {
    int64_t before =
        groups[a.first].access.traffic + groups[a.second].access.traffic;
    int64_t score = computeScore(a.first, a.second);
    if (!a.reordered) {
      merge(a.first, a.second, a.pos);
    } else {
      applyReordering(a);
      ++stats.reordered;
    }
    assert(before - groups.back().access.traffic == score &&
           "the score is the traffic the fusion removes");
    for (unsigned group : a.joined) {
      unsigned fused = groups.size() - 1;
      before = groups[fused].access.traffic + groups[group].access.traffic;
      // The score takes the producer first.
      bool producer =
          llvm::any_of(groups[group].access.writes, [&](unsigned b) {
            return llvm::is_contained(groups[fused].access.reads, b);
          });
      score =
          producer ? computeScore(group, fused) : computeScore(fused, group);
      merge(fused, group, a.joinedPos);
      assert(before - groups.back().access.traffic == score &&
             "the score is the traffic the fusion removes");
    }
    (void)before;
    (void)score;
    stats.fusions += 1 + a.joined.size();
  }
}

void FusionPlanner::finish(bool converged, FusionStats &stats) {
  if (!converged) {
    // The last round fused: evaluate the final groups.
    MemoryProblem last = buildRoundProblem();
    std::vector<unsigned> identity(last.numSteps);
    std::iota(identity.begin(), identity.end(), 0);
    stats.peakAfter = computePeak(last, identity);
  }
  for (auto &[pair, why] : memoryRejected) {
    ++stats.rejectedMemory;
    remark(pair.first, pair.second, why);
  }
  Block *block = problem.numSteps ? liveness.getOp(0)->getBlock() : nullptr;
  llvm::DenseMap<unsigned, Operation *> fusedOps;
  for (auto [index, group] : llvm::enumerate(groups)) {
    if (!group.alive || !group.fusible)
      continue;
    stats.trafficAfter += group.access.traffic;
    if (group.members.size() >= 2) {
      fusedOps[index] = materialize(group);
      ++stats.fusedOps;
    }
  }
  if (!reordered)
    return;
  // Rewrite the block in rank order.
  for (unsigned node : atRank) {
    unsigned group = groupOf[node];
    if (groups[group].pos != node)
      continue;
    Operation *op = fusedOps.lookup(group);
    (op ? op : liveness.getOp(node))->moveBefore(block, block->end());
  }
}

/// Returns the sum of `field` over `costs`, or nothing if no cost has it
/// (`all`: if one lacks it).
static std::optional<int64_t>
sumCost(ArrayRef<CostAttr> costs,
        function_ref<std::optional<int64_t>(CostAttr)> field, bool all) {
  std::optional<int64_t> sum;
  for (CostAttr cost : costs) {
    std::optional<int64_t> value = cost ? field(cost) : std::nullopt;
    if (!value) {
      if (all)
        return std::nullopt;
      continue;
    }
    // Saturated: costs near 2^63 must not overflow (found by
    // sched-pipeline-fuzzer). Costs are non-negative.
    int64_t previous = sum.value_or(0);
    sum = *value > std::numeric_limits<int64_t>::max() - previous
              ? std::numeric_limits<int64_t>::max()
              : previous + *value;
  }
  return sum;
}

Operation *FusionPlanner::materialize(const Group &group) {
  SmallVector<ComputeOp> members;
  llvm::SmallPtrSet<Operation *, 8> memberSet;
  for (unsigned node : group.members) {
    members.push_back(getCompute(node));
    memberSet.insert(members.back());
  }
  auto isMember = [&](Operation *op) { return op && memberSet.contains(op); };
  auto anchor = cast<ComputeOp>(liveness.getOp(group.pos));
  MLIRContext *context = anchor.getContext();

  // Inputs from outside, and results used outside, in member order.
  llvm::SetVector<Value> ins;
  SmallVector<Value> kept;
  for (ComputeOp member : members) {
    for (Value input : member.getIns())
      if (!isMember(input.getDefiningOp()))
        ins.insert(input);
    for (Value result : member.getResults())
      if (llvm::any_of(result.getUsers(),
                       [&](Operation *user) { return !isMember(user); }))
        kept.push_back(result);
  }

  // Cost: flops summed, traffic reduced by what no longer goes to memory.
  SmallVector<CostAttr> costs;
  int64_t memberReads = 0, memberWrites = 0;
  for (auto [node, member] : llvm::zip(group.members, members)) {
    costs.push_back(member.getCostAttr());
    for (unsigned b : buffers.used[node])
      memberReads += problem.buffers[b].size;
    for (unsigned b : buffers.defined[node])
      memberWrites += problem.buffers[b].size;
  }
  int64_t groupReads = 0, groupWrites = 0;
  for (unsigned b : group.access.reads)
    groupReads += problem.buffers[b].size;
  for (unsigned b : group.access.writes)
    groupWrites += problem.buffers[b].size;
  auto reduce = [](std::optional<int64_t> sum, int64_t removed) {
    return sum ? std::optional<int64_t>(std::max<int64_t>(0, *sum - removed))
               : std::nullopt;
  };
  std::optional<int64_t> flops =
      sumCost(costs, [](CostAttr c) { return c.getFlops(); }, /*all=*/false);
  std::optional<int64_t> bytesRead =
      reduce(sumCost(
                 costs, [](CostAttr c) { return c.getBytesRead(); }, false),
             memberReads - groupReads);
  std::optional<int64_t> bytesWritten =
      reduce(sumCost(
                 costs, [](CostAttr c) { return c.getBytesWritten(); }, false),
             memberWrites - groupWrites);
  std::optional<int64_t> time =
      sumCost(costs, [](CostAttr c) { return c.getTimeNs(); }, /*all=*/true);
  CostAttr cost;
  if (flops || bytesRead || bytesWritten || time)
    cost = CostAttr::get(context, flops, bytesRead, bytesWritten, time);

  SmallVector<Location> locs;
  for (ComputeOp member : members)
    locs.push_back(member.getLoc());
  Location loc = FusedLoc::get(context, locs);
  OpBuilder builder(anchor);
  auto fused =
      ComputeOp::create(builder, loc, ValueRange(kept).getTypes(),
                        getKind(group), ins.getArrayRef(), ValueRange(), cost,
                        /*bodyCount=*/group.hasBody ? 1 : 0);

  // Dimension bounds of the kept results, if any member has some.
  StringRef boundsName = SchedDialect::getDimBoundsAttrName();
  if (llvm::any_of(members,
                   [&](ComputeOp m) { return m->hasAttr(boundsName); })) {
    SmallVector<Attribute> bounds;
    bool anyBounds = false;
    for (Value result : kept) {
      auto owner = cast<OpResult>(result);
      Attribute attr = owner.getOwner()->getAttr(boundsName);
      Attribute entry;
      if (auto array = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
        entry = owner.getOwner()->getNumResults() == 1 ? array : Attribute();
      else if (auto list = dyn_cast_or_null<ArrayAttr>(attr))
        entry = owner.getResultNumber() < list.size()
                    ? list[owner.getResultNumber()]
                    : Attribute();
      anyBounds |= bool(entry);
      bounds.push_back(entry ? entry : DenseI64ArrayAttr::get(context, {}));
    }
    if (anyBounds)
      fused->setAttr(boundsName, ArrayAttr::get(context, bounds));
  }

  // One body holding the members' bodies, in order.
  if (group.hasBody) {
    Block *body = new Block();
    fused.getBody().front().push_back(body);
    llvm::DenseMap<Value, Value> inner; // Outer values to body values.
    for (Value input : ins)
      inner[input] = body->addArgument(input.getType(), loc);
    OpBuilder bodyBuilder = OpBuilder::atBlockEnd(body);
    for (ComputeOp member : members) {
      Block &memberBody = member.getBodyBlock();
      IRMapping mapping;
      for (auto [arg, input] :
           llvm::zip(memberBody.getArguments(), member.getIns()))
        mapping.map(arg, inner.lookup(input));
      for (Operation &op : memberBody.without_terminator())
        bodyBuilder.clone(op, mapping);
      for (auto [result, yielded] : llvm::zip(
               member.getResults(), memberBody.getTerminator()->getOperands()))
        inner[result] = mapping.lookupOrDefault(yielded);
    }
    SmallVector<Value> yielded;
    for (Value result : kept)
      yielded.push_back(inner.lookup(result));
    YieldOp::create(bodyBuilder, loc, yielded);
  }

  for (auto [result, replacement] : llvm::zip(kept, fused.getResults()))
    result.replaceAllUsesWith(replacement);
  for (ComputeOp member : llvm::reverse(members))
    member.erase();
  return fused;
}

//===----------------------------------------------------------------------===//
// Entry point and pass
//===----------------------------------------------------------------------===//

bool mlir::sched::isFusibleOp(Operation *op, const FusionOptions &options) {
  auto compute = dyn_cast<ComputeOp>(op);
  if (!compute || !compute.getOuts().empty())
    return false;
  auto isMemRef = llvm::IsaPred<MemRefType>;
  if (llvm::any_of(compute->getOperandTypes(), isMemRef) ||
      llvm::any_of(compute->getResultTypes(), isMemRef))
    return false;
  SmallVector<StringRef> parts;
  compute.getKind().split(parts, '+');
  return llvm::none_of(parts, [&](StringRef part) {
    return llvm::is_contained(options.excludeKinds, part);
  });
}

/// Returns the exposure model of the ops of `liveness` (the block's, in
/// order): each collective started and first waited in the block, and the
/// compute times, from `costModel` if there is one (else 1 per compute op
/// and an infinite time per collective). Emits an error and fails if an op
/// of a block that starts collectives cannot be costed.
static FailureOr<ExposureModel>
buildExposureModel(const BufferLiveness &liveness, const CostModel *costModel) {
  ExposureModel model;
  unsigned n = liveness.getProblem().numSteps;
  model.timed = costModel != nullptr;
  model.time.assign(n, 0.0);
  model.collectiveOf.assign(n, -1);
  // A block without collectives needs no times (and no costable ops).
  bool communicates = false;
  for (unsigned node = 0; node < n && !communicates; ++node)
    communicates = isa<CollectiveOpInterface>(liveness.getOp(node));
  if (!communicates)
    return model;
  llvm::DenseMap<Operation *, unsigned> startNode;
  SymbolTableCollection symbols;
  for (unsigned node = 0; node < n; ++node) {
    Operation *op = liveness.getOp(node);
    if (auto wait = dyn_cast<WaitOp>(op)) {
      auto it = startNode.find(wait.getFuture().getDefiningOp());
      if (it == startNode.end() ||
          model.collectives[model.collectiveOf[it->second]].wait != it->second)
        continue; // Started elsewhere, or waited already.
      model.collectives[model.collectiveOf[it->second]].wait = node;
      model.collectiveOf[node] = model.collectiveOf[it->second];
      continue;
    }
    if (auto collective = dyn_cast<CollectiveOpInterface>(op)) {
      double time = std::numeric_limits<double>::infinity();
      if (costModel) {
        FailureOr<double> estimate =
            costModel->getCollectiveTimeUs(collective, symbols);
        if (failed(estimate))
          return failure();
        time = *estimate;
      }
      startNode[op] = node;
      model.collectiveOf[node] = model.collectives.size();
      // Not waited yet: the wait is the start itself.
      model.collectives.push_back({node, node, time});
      continue;
    }
    if (!isa<ComputeOpInterface>(op))
      continue;
    if (!costModel) {
      model.time[node] = 1;
      continue;
    }
    FailureOr<double> time = costModel->getComputeTimeUs(op);
    if (failed(time))
      return failure();
    model.time[node] = *time;
  }
  // Collectives never waited in the block are in flight to its end: no
  // fusion moves compute past a point where they stop being in flight.
  for (ExposureModel::Collective &collective : model.collectives)
    if (collective.wait == collective.start)
      model.collectiveOf[collective.start] = -1;
  return model;
}

FailureOr<FusionStats> mlir::sched::fuseComputeOps(Block &block,
                                                   const FusionOptions &options,
                                                   const CostModel *costModel) {
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(block);
  if (failed(liveness))
    return failure();
  FailureOr<ExposureModel> exposure = buildExposureModel(*liveness, costModel);
  if (failed(exposure))
    return failure();
  // The reorder pass's constraints (in-place updates keep their order with
  // the other users of their storage); the planner keeps the collectives in
  // their order itself.
  DependenceGraph graph =
      buildReorderGraph(block, *liveness, /*chainCollectives=*/false);
  FusionStats stats;
  FusionPlanner(*liveness, graph, options, std::move(*exposure)).run(stats);
  return stats;
}
