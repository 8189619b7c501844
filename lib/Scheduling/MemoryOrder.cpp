//===- MemoryOrder.cpp - Orders of low peak memory ------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Orders of low peak memory (docs/passes/ReorderForMemory.md): Inductor's
// reorder_for_peak_memory (PR 134874) and XLA's DefaultMemoryScheduler try
// several topological orders and keep the one with the lowest simulated peak.
// This file implements the same race (original, least peak first, BFS,
// DFS) on the alloc/run/free model of PeakMemory.h, plus an exact solver for
// small blocks.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/MemoryOrder.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Scheduling/StepBuffers.h"

#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <tuple>

#define DEBUG_TYPE "sched-reorder-for-memory"

using namespace mlir;
using namespace mlir::sched;

StringRef mlir::sched::stringifyOrderStrategy(OrderStrategy strategy) {
  switch (strategy) {
  case OrderStrategy::Original:
    return "original";
  case OrderStrategy::Greedy:
    return "greedy";
  case OrderStrategy::BreadthFirst:
    return "bfs";
  case OrderStrategy::DepthFirst:
    return "dfs";
  case OrderStrategy::Exact:
    return "exact";
  }
  llvm_unreachable("unknown order strategy");
}

//===----------------------------------------------------------------------===//
// Least peak memory first
//===----------------------------------------------------------------------===//

namespace {
/// Min segment tree over (key, node) pairs; absent leaves hold the maximum.
class MinTree {
public:
  using Key = std::pair<int64_t, unsigned>;
  static constexpr Key kAbsent = {std::numeric_limits<int64_t>::max(),
                                  std::numeric_limits<unsigned>::max()};

  explicit MinTree(unsigned size) {
    for (leaves = 1; leaves < size; leaves *= 2)
      ;
    tree.assign(2 * leaves, kAbsent);
  }
  void set(unsigned leaf, Key key) {
    unsigned i = leaf + leaves;
    tree[i] = key;
    for (i /= 2; i; i /= 2)
      tree[i] = std::min(tree[2 * i], tree[2 * i + 1]);
  }
  /// Returns the minimum over leaves [first, last).
  Key min(unsigned first, unsigned last) const {
    Key best = kAbsent;
    for (unsigned lo = first + leaves, hi = last + leaves; lo < hi;
         lo /= 2, hi /= 2) {
      if (lo & 1)
        best = std::min(best, tree[lo++]);
      if (hi & 1)
        best = std::min(best, tree[--hi]);
    }
    return best;
  }
  /// Returns the leftmost present leaf, or nothing.
  std::optional<unsigned> leftmost() const {
    if (tree[1] == kAbsent)
      return std::nullopt;
    unsigned i = 1;
    while (i < leaves)
      i = tree[2 * i] != kAbsent ? 2 * i : 2 * i + 1;
    // The minimum of a subtree is absent only if all its leaves are.
    return i - leaves;
  }

private:
  unsigned leaves;
  std::vector<Key> tree;
};
} // namespace

/// orderLeastPeakFirst with the memory facts of `problem` given.
static std::vector<unsigned>
orderLeastPeakFirstWith(const DependenceGraph &graph,
                        const MemoryProblem &problem, const StepBuffers &info) {
  unsigned n = graph.size();
  // Leaves sorted by (allocation, node).
  std::vector<unsigned> byAlloc(n), rank(n);
  std::iota(byAlloc.begin(), byAlloc.end(), 0);
  llvm::sort(byAlloc, [&](unsigned a, unsigned b) {
    return std::tie(info.allocated[a], a) < std::tie(info.allocated[b], b);
  });
  std::vector<int64_t> sortedAlloc(n);
  for (unsigned r = 0; r < n; ++r) {
    rank[byAlloc[r]] = r;
    sortedAlloc[r] = info.allocated[byAlloc[r]];
  }

  // Bytes each node frees when it runs: inputs it is the last user of, and
  // outputs nobody uses.
  std::vector<int64_t> frees(n, 0);
  std::vector<unsigned> remaining(problem.buffers.size());
  for (auto [b, buffer] : llvm::enumerate(problem.buffers)) {
    remaining[b] = info.users[b].size();
    if (buffer.liveOut)
      continue;
    if (remaining[b] == 1)
      frees[info.users[b].front()] += buffer.size;
    else if (remaining[b] == 0 && buffer.def)
      frees[*buffer.def] += buffer.size;
  }

  std::vector<unsigned> indegree(n);
  std::vector<bool> ready(n, false), scheduled(n, false);
  MinTree tree(n);
  auto makeReady = [&](unsigned node) {
    ready[node] = true;
    tree.set(rank[node], {info.allocated[node] - frees[node], node});
  };
  for (unsigned node = 0; node < n; ++node) {
    indegree[node] = graph.getPreds(node).size();
    if (!indegree[node])
      makeReady(node);
  }

  int64_t live = info.entry, maxMem = live;
  std::vector<unsigned> order;
  order.reserve(n);
  while (order.size() < n) {
    // Ops that fit under the running peak all tie on the first key: pick the
    // one that frees the most. Otherwise the smallest allocation.
    int64_t gap = maxMem - live;
    unsigned fit =
        std::upper_bound(sortedAlloc.begin(), sortedAlloc.end(), gap) -
        sortedAlloc.begin();
    MinTree::Key best = tree.min(0, fit);
    if (best == MinTree::kAbsent) {
      std::optional<unsigned> first = tree.leftmost();
      if (!first)
        break; // A cycle; cannot happen on a dependence graph.
      auto [lo, hi] = std::equal_range(sortedAlloc.begin(), sortedAlloc.end(),
                                       sortedAlloc[*first]);
      best = tree.min(lo - sortedAlloc.begin(), hi - sortedAlloc.begin());
    }
    unsigned node = best.second;
    tree.set(rank[node], MinTree::kAbsent);
    ready[node] = false;
    scheduled[node] = true;
    live += info.allocated[node];
    maxMem = std::max(maxMem, live);
    live -= frees[node];
    if (order.empty())
      live -= info.unusedEntry;
    order.push_back(node);

    for (unsigned b : info.used[node]) {
      if (--remaining[b] != 1 || problem.buffers[b].liveOut)
        continue;
      // The last user left now frees the buffer.
      for (unsigned user : info.users[b])
        if (!scheduled[user]) {
          frees[user] += problem.buffers[b].size;
          if (ready[user])
            tree.set(rank[user], {info.allocated[user] - frees[user], user});
          break;
        }
    }
    for (unsigned succ : graph.getSuccs(node))
      if (!--indegree[succ])
        makeReady(succ);
  }
  return order;
}

//===----------------------------------------------------------------------===//
// Breadth-first and depth-first
//===----------------------------------------------------------------------===//

std::vector<unsigned>
mlir::sched::orderBreadthFirst(const DependenceGraph &graph) {
  unsigned n = graph.size();
  std::vector<unsigned> indegree(n), order;
  order.reserve(n);
  for (unsigned node = 0; node < n; ++node) {
    indegree[node] = graph.getPreds(node).size();
    if (!indegree[node])
      order.push_back(node);
  }
  // `order` doubles as the FIFO queue.
  for (size_t head = 0; head < order.size(); ++head)
    for (unsigned succ : graph.getSuccs(order[head]))
      if (!--indegree[succ])
        order.push_back(succ);
  return order;
}

std::vector<unsigned>
mlir::sched::orderLeastPeakFirst(const DependenceGraph &graph,
                                 const MemoryProblem &problem) {
  return orderLeastPeakFirstWith(graph, problem, StepBuffers(problem));
}

/// orderDepthFirst with the memory facts of `problem` given.
static std::vector<unsigned> orderDepthFirstWith(const DependenceGraph &graph,
                                                 const MemoryProblem &problem,
                                                 const StepBuffers &info) {
  unsigned n = graph.size();
  std::vector<int64_t> footprint(info.allocated);
  for (unsigned node = 0; node < n; ++node)
    for (unsigned b : info.used[node])
      footprint[node] += problem.buffers[b].size;
  auto smaller = [&](unsigned a, unsigned b) {
    return std::tie(footprint[a], a) < std::tie(footprint[b], b);
  };
  std::vector<unsigned> roots(n);
  std::iota(roots.begin(), roots.end(), 0);
  llvm::sort(roots, smaller);

  std::vector<bool> visited(n, false);
  std::vector<unsigned> order;
  order.reserve(n);
  // Frames of the explicit stack: a node and its predecessors, sorted.
  struct Frame {
    unsigned node;
    SmallVector<unsigned, 4> preds;
    unsigned next = 0;
  };
  std::vector<Frame> stack;
  auto push = [&](unsigned node) {
    visited[node] = true;
    Frame frame{node, {}, 0};
    llvm::append_range(frame.preds, graph.getPreds(node));
    llvm::sort(frame.preds, smaller);
    stack.push_back(std::move(frame));
  };
  for (unsigned root : roots) {
    if (visited[root])
      continue;
    push(root);
    while (!stack.empty()) {
      Frame &frame = stack.back();
      if (frame.next < frame.preds.size()) {
        unsigned pred = frame.preds[frame.next++];
        if (!visited[pred])
          push(pred);
        continue;
      }
      order.push_back(frame.node);
      stack.pop_back();
    }
  }
  return order;
}

std::vector<unsigned>
mlir::sched::orderDepthFirst(const DependenceGraph &graph,
                             const MemoryProblem &problem) {
  return orderDepthFirstWith(graph, problem, StepBuffers(problem));
}

//===----------------------------------------------------------------------===//
// Exact solver
//===----------------------------------------------------------------------===//

std::optional<std::vector<unsigned>> mlir::sched::orderExact(
    const DependenceGraph &graph, const MemoryProblem &problem,
    const ExactOrderOptions &options, ExactOrderStatus *status) {
  auto fail = [&](ExactOrderStatus why) {
    if (status)
      *status = why;
    return std::nullopt;
  };
  unsigned n = graph.size();
  if (n > std::min(options.maxNodes, 64u))
    return fail(ExactOrderStatus::TooManyNodes);
  if (n == 0) {
    if (status)
      *status = ExactOrderStatus::Solved;
    return std::vector<unsigned>();
  }
  StepBuffers info(problem);
  std::vector<uint64_t> predMask(n, 0);
  for (unsigned node = 0; node < n; ++node)
    for (unsigned pred : graph.getPreds(node))
      predMask[node] |= uint64_t(1) << pred;
  // Buffers as masks: live after a set S of scheduled nodes iff defined in S
  // (or on entry) and live out or used by a node outside S.
  struct MaskBuffer {
    int64_t size;
    uint64_t def, users;
    bool liveOut;
  };
  std::vector<MaskBuffer> buffers;
  for (auto [b, buffer] : llvm::enumerate(problem.buffers)) {
    if (!buffer.size)
      continue;
    MaskBuffer mask{buffer.size,
                    buffer.def ? uint64_t(1) << *buffer.def : uint64_t(0), 0,
                    buffer.liveOut};
    for (unsigned user : info.users[b])
      mask.users |= uint64_t(1) << user;
    buffers.push_back(mask);
  }
  auto liveAfter = [&](uint64_t set) {
    int64_t live = set ? 0 : info.unusedEntry;
    for (const MaskBuffer &buffer : buffers)
      if ((buffer.def & set) == buffer.def &&
          (buffer.liveOut || (buffer.users & ~set)))
        live += buffer.size;
    return live;
  };

  struct State {
    int64_t peak;
    uint64_t parent;
    unsigned last;
  };
  // One map per number of scheduled nodes, all kept for the walk back. Keys
  // are expanded in sorted order, so that ties, and the result, do not
  // depend on hashing.
  std::vector<llvm::DenseMap<uint64_t, State>> layers(n + 1);
  layers[0][0] = {0, 0, 0};
  uint64_t states = 1;
  std::vector<uint64_t> keys;
  for (unsigned k = 0; k < n; ++k) {
    keys.clear();
    for (auto &entry : layers[k])
      keys.push_back(entry.first);
    llvm::sort(keys);
    llvm::DenseMap<uint64_t, State> &next = layers[k + 1];
    for (uint64_t set : keys) {
      int64_t peak = layers[k].find(set)->second.peak;
      int64_t live = liveAfter(set);
      for (unsigned node = 0; node < n; ++node) {
        uint64_t bit = uint64_t(1) << node;
        if ((set & bit) || (predMask[node] & ~set))
          continue;
        int64_t candidate = std::max(peak, live + info.allocated[node]);
        if (options.bound && candidate > *options.bound)
          continue;
        auto [it, inserted] =
            next.try_emplace(set | bit, State{candidate, set, node});
        if (inserted) {
          if (++states > options.maxStates)
            return fail(ExactOrderStatus::TooManyStates);
        } else if (candidate < it->second.peak) {
          it->second = {candidate, set, node};
        }
      }
    }
    if (next.empty())
      return fail(ExactOrderStatus::AboveBound);
  }
  std::vector<unsigned> order(n);
  uint64_t set = n == 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
  for (unsigned k = n; k > 0; --k) {
    const State &state = layers[k].find(set)->second;
    order[k - 1] = state.last;
    set = state.parent;
  }
  if (status)
    *status = ExactOrderStatus::Solved;
  return order;
}

//===----------------------------------------------------------------------===//
// Exact windows
//===----------------------------------------------------------------------===//

OrderWindow
mlir::sched::extractWindow(const MemoryProblem &problem,
                           const MemoryProfile &profile,
                           ArrayRef<SmallVector<unsigned, 2>> steps) {
  OrderWindow window;
  llvm::DenseMap<unsigned, unsigned> local;
  unsigned lo = ~0u, hi = 0;
  for (auto [i, group] : llvm::enumerate(steps)) {
    window.problem.addStep();
    for (unsigned step : group) {
      local[step] = i;
      lo = std::min(lo, profile.getPosition(step));
      hi = std::max(hi, profile.getPosition(step));
    }
  }
  if (steps.empty())
    return window;
  // Buffers the window touches, and their bytes live at its first position.
  llvm::DenseSet<unsigned> touched;
  int64_t touchedAtLo = 0;
  SmallVector<unsigned, 4> uses;
  auto visit = [&](unsigned b) {
    if (!touched.insert(b).second)
      return;
    const MemoryProblem::Buffer &buffer = problem.buffers[b];
    auto [first, last] = profile.getLiveRange(b);
    if (first <= lo && lo <= last)
      touchedAtLo += buffer.size;
    std::optional<unsigned> def;
    if (buffer.def)
      if (auto it = local.find(*buffer.def); it != local.end())
        def = it->second;
    bool liveOut = buffer.liveOut;
    uses.clear();
    for (unsigned use : buffer.uses) {
      if (use == buffer.def)
        continue;
      if (auto it = local.find(use); it != local.end())
        uses.push_back(it->second);
      else if (profile.getPosition(use) > hi)
        liveOut = true;
    }
    // Passes between the members of one fused step only.
    if (def && !liveOut && steps[*def].size() >= 2 &&
        llvm::all_of(uses, [&](unsigned use) { return use == *def; }))
      return;
    unsigned copy = window.problem.addBuffer(buffer.size, def, liveOut);
    for (unsigned use : uses)
      window.problem.addUse(copy, use);
  };
  for (ArrayRef<unsigned> group : steps) {
    for (unsigned step : group)
      for (unsigned b : profile.getDefined(step))
        visit(b);
    for (unsigned step : group)
      for (unsigned b : profile.getUsed(step))
        visit(b);
  }
  window.outside = profile.getTimeline()[lo] - touchedAtLo;
  // Arguments nobody uses are live at the first position only.
  if (lo == 0 && profile.getUnusedEntryBytes()) {
    window.outside -= profile.getUnusedEntryBytes();
    window.problem.addBuffer(profile.getUnusedEntryBytes(), std::nullopt);
  }
  return window;
}

/// Returns the positions [lo, lo + k) of `order` (evaluated by `profile`)
/// as a problem of their own (extractWindow) and the dependences of `graph`
/// among them, numbered by position. `local` is scratch space of one entry
/// per node, -1 on entry and on return.
static std::pair<OrderWindow, DependenceGraph>
extractPositions(const DependenceGraph &graph, const MemoryProblem &problem,
                 const MemoryProfile &profile, ArrayRef<unsigned> order,
                 unsigned lo, unsigned k, std::vector<int> &local) {
  SmallVector<SmallVector<unsigned, 2>> steps;
  std::vector<std::pair<unsigned, unsigned>> edges;
  for (unsigned i = 0; i < k; ++i) {
    local[order[lo + i]] = i;
    steps.push_back({order[lo + i]});
  }
  for (unsigned i = 0; i < k; ++i)
    for (unsigned pred : graph.getPreds(order[lo + i]))
      if (local[pred] >= 0)
        edges.emplace_back(local[pred], i);
  for (unsigned i = 0; i < k; ++i)
    local[order[lo + i]] = -1;
  return {extractWindow(problem, profile, steps),
          DependenceGraph::fromEdges(k, edges)};
}

unsigned mlir::sched::refinePeakWindows(const DependenceGraph &graph,
                                        const MemoryProblem &problem,
                                        std::vector<unsigned> &order,
                                        const ExactOrderOptions &options,
                                        unsigned maxWindows) {
  unsigned n = order.size();
  unsigned k = std::min({options.maxNodes, 64u, n});
  if (k < 2)
    return 0;
  std::vector<int> local(n, -1);
  unsigned improved = 0;
  for (unsigned window = 0; window < maxWindows; ++window) {
    MemoryProfile profile(problem, order);
    unsigned peakAt = profile.getPeakPosition();
    unsigned lo = peakAt >= k / 2 ? std::min(peakAt - k / 2, n - k) : 0;
    // The window as a problem of its own; the bytes outside it are the same
    // at each of its positions, whatever the order inside.
    auto [sub, subGraph] =
        extractPositions(graph, problem, profile, order, lo, k, local);
    std::vector<unsigned> identity(k);
    std::iota(identity.begin(), identity.end(), 0);
    int64_t oldMax = computePeak(sub.problem, identity);
    ExactOrderOptions bounded = options;
    bounded.maxNodes = k;
    bounded.bound = oldMax - 1;
    std::optional<std::vector<unsigned>> better =
        orderExact(subGraph, sub.problem, bounded);
    if (!better)
      break;
    std::vector<unsigned> nodes(order.begin() + lo, order.begin() + lo + k);
    for (unsigned i = 0; i < k; ++i)
      order[lo + i] = nodes[(*better)[i]];
    ++improved;
  }
  return improved;
}

//===----------------------------------------------------------------------===//
// The race
//===----------------------------------------------------------------------===//

LowPeakOrder mlir::sched::findLowPeakOrder(const DependenceGraph &graph,
                                           const MemoryProblem &problem,
                                           const LowPeakOrderOptions &options) {
  LowPeakOrder result;
  unsigned n = graph.size();
  std::vector<unsigned> identity(n);
  std::iota(identity.begin(), identity.end(), 0);
  result.originalPeak = computePeak(problem, identity);
  result.peak = result.originalPeak;
  result.order = std::move(identity);
  result.candidates.push_back({OrderStrategy::Original, result.originalPeak});

  auto consider = [&](OrderStrategy strategy, std::vector<unsigned> order) {
    if (order.size() != n)
      return; // Only on a cyclic graph.
    int64_t peak = computePeak(problem, order);
    result.candidates.push_back({strategy, peak});
    LLVM_DEBUG(llvm::dbgs() << stringifyOrderStrategy(strategy) << ": peak "
                            << peak << "\n");
    if (peak < result.peak) {
      result.peak = peak;
      result.strategy = strategy;
      result.order = std::move(order);
    }
  };
  // The memory facts of each node, built once for the two orders that read
  // them.
  StepBuffers info(problem);
  consider(OrderStrategy::Greedy,
           orderLeastPeakFirstWith(graph, problem, info));
  consider(OrderStrategy::BreadthFirst, orderBreadthFirst(graph));
  consider(OrderStrategy::DepthFirst,
           orderDepthFirstWith(graph, problem, info));
  if (!options.exact)
    return result;
  if (n > options.exactOptions.maxNodes) {
    // Keep the refined order only if it lowers the peak (windows may lower
    // one peak position of several).
    result.peakBeforeWindows = result.peak;
    std::vector<unsigned> order = result.order;
    unsigned improved = refinePeakWindows(
        graph, problem, order, options.exactOptions, options.exactWindows);
    int64_t peak = computePeak(problem, order);
    if (peak < result.peak) {
      result.peak = peak;
      result.order = std::move(order);
      result.windowsImproved = improved;
    }
    return result;
  }
  ExactOrderOptions exact = options.exactOptions;
  exact.bound = exact.bound ? std::min(*exact.bound, result.peak) : result.peak;
  ExactOrderStatus status;
  std::optional<std::vector<unsigned>> order =
      orderExact(graph, problem, exact, &status);
  result.exactStatus = status;
  if (order)
    consider(OrderStrategy::Exact, std::move(*order));
  return result;
}

//===----------------------------------------------------------------------===//
// Constraints of a block
//===----------------------------------------------------------------------===//

/// Returns true if `result` is written in place into the storage of one of
/// its op's operands (a destination), as opposed to a view of it.
static bool isInPlaceResult(OpResult result) {
  Operation *op = result.getOwner();
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
    return result.getResultNumber() < unsigned(dps.getNumDpsInits());
  if (auto compute = dyn_cast<ComputeOp>(op))
    return result.getResultNumber() < compute.getOuts().size();
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
    return loop.getLoopResults() &&
           result.getResultNumber() < loop.getInitsMutable().size();
  return false;
}

DependenceGraph mlir::sched::buildReorderGraph(Block &block,
                                               const BufferLiveness &liveness,
                                               bool chainCollectives) {
  return buildReorderGraph(DependenceGraph::build(block), liveness,
                           chainCollectives);
}

DependenceGraph mlir::sched::buildReorderGraph(const DependenceGraph &base,
                                               const BufferLiveness &liveness,
                                               bool chainCollectives) {
  unsigned n = base.size();
  std::vector<std::pair<unsigned, unsigned>> edges;
  edges.reserve(base.getNumEdges() + n);
  for (unsigned node = 0; node < n; ++node)
    for (unsigned pred : base.getPreds(node))
      edges.emplace_back(pred, node);

  // Collectives and waits keep their relative order, and so do ops whose
  // regions hold collectives (a loop that communicates).
  std::optional<unsigned> lastComm;
  for (unsigned node = 0; chainCollectives && node < n; ++node) {
    Operation *op = base.getOp(node);
    if (!isa<WaitOp>(op) && !issuesCollectives(op))
      continue;
    if (lastComm)
      edges.emplace_back(*lastComm, node);
    lastComm = node;
  }

  // In-place updates: per storage, the ops that write it in place and the
  // other users, ordered like reads and writes of one memory location.
  const MemoryProblem &problem = liveness.getProblem();
  std::vector<SmallVector<unsigned, 1>> writers(problem.buffers.size());
  for (unsigned node = 0; node < n; ++node)
    for (OpResult result : base.getOp(node)->getResults())
      if (std::optional<unsigned> buffer = liveness.lookup(result))
        if (problem.buffers[*buffer].def != node && isInPlaceResult(result))
          writers[*buffer].push_back(node);
  for (auto [b, buffer] : llvm::enumerate(problem.buffers)) {
    if (writers[b].empty())
      continue;
    SmallVector<unsigned> users(buffer.uses.begin(), buffer.uses.end());
    llvm::append_range(users, writers[b]);
    llvm::sort(users);
    users.erase(std::unique(users.begin(), users.end()), users.end());
    std::optional<unsigned> lastWriter;
    SmallVector<unsigned> readers;
    for (unsigned user : users) {
      if (user == buffer.def)
        continue;
      if (lastWriter)
        edges.emplace_back(*lastWriter, user);
      if (llvm::is_contained(writers[b], user)) {
        for (unsigned reader : readers)
          edges.emplace_back(reader, user);
        readers.clear();
        lastWriter = user;
      } else {
        readers.push_back(user);
      }
    }
  }

  // The terminator stays last.
  if (n && base.getOp(n - 1)->hasTrait<OpTrait::IsTerminator>())
    for (unsigned node = 0; node + 1 < n; ++node)
      if (base.getSuccs(node).empty())
        edges.emplace_back(node, n - 1);

  DependenceGraph graph = DependenceGraph::fromEdges(n, edges);
  return graph;
}

FailureOr<BlockMemoryAnalyses> BlockMemoryAnalyses::build(Block &block) {
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(block);
  if (failed(liveness))
    return failure();
  return BlockMemoryAnalyses{std::move(*liveness),
                             DependenceGraph::build(block)};
}

BlockMemoryAnalyses
BlockMemoryAnalyses::permuted(ArrayRef<unsigned> order) const {
  return BlockMemoryAnalyses{liveness.permuted(order), graph.permuted(order)};
}

LowPeakOrder
mlir::sched::reorderBlockForMemory(Block &block,
                                   const BlockMemoryAnalyses &analyses,
                                   const LowPeakOrderOptions &options) {
  const BufferLiveness &liveness = analyses.liveness;
  DependenceGraph graph = buildReorderGraph(analyses.graph, liveness);
  LowPeakOrder result = findLowPeakOrder(graph, liveness.getProblem(), options);
  if (result.peak == result.originalPeak)
    return result;
  std::vector<Operation *> ops;
  ops.reserve(result.order.size());
  for (unsigned node : result.order)
    ops.push_back(liveness.getOp(node));
  for (Operation *op : ops)
    op->moveBefore(&block, block.end());
  return result;
}

FailureOr<LowPeakOrder>
mlir::sched::reorderBlockForMemory(Block &block,
                                   const LowPeakOrderOptions &options) {
  FailureOr<BlockMemoryAnalyses> analyses = BlockMemoryAnalyses::build(block);
  if (failed(analyses))
    return failure();
  return reorderBlockForMemory(block, *analyses, options);
}

//===----------------------------------------------------------------------===//
// Orders that keep the step
//===----------------------------------------------------------------------===//

/// Returns the positions [lo, hi] of the run of `order` holding position
/// `at`, which is not a barrier.
static std::pair<unsigned, unsigned>
findRun(ArrayRef<bool> isBarrier, ArrayRef<unsigned> order, unsigned at) {
  unsigned lo = at, hi = at;
  while (lo > 0 && !isBarrier[order[lo - 1]])
    --lo;
  while (hi + 1 < order.size() && !isBarrier[order[hi + 1]])
    ++hi;
  return {lo, hi};
}

/// Reorders the positions [lo, hi] of `order` into the lowest-peak order of
/// that run as a problem of its own; returns whether its maximum fell.
static bool reorderRun(const DependenceGraph &graph,
                       const MemoryProblem &problem,
                       const MemoryProfile &profile,
                       std::vector<unsigned> &order, unsigned lo, unsigned hi,
                       std::vector<int> &local,
                       const LowPeakOrderOptions &options) {
  unsigned k = hi - lo + 1;
  // The bytes outside the run are the same at each of its positions,
  // whatever the order inside.
  auto [sub, subGraph] =
      extractPositions(graph, problem, profile, order, lo, k, local);
  LowPeakOrder best = findLowPeakOrder(subGraph, sub.problem, options);
  if (best.peak >= best.originalPeak)
    return false;
  std::vector<unsigned> nodes(order.begin() + lo, order.begin() + hi + 1);
  for (unsigned i = 0; i < k; ++i)
    order[lo + i] = nodes[best.order[i]];
  return true;
}

unsigned mlir::sched::refinePeakRuns(const DependenceGraph &graph,
                                     const MemoryProblem &problem,
                                     ArrayRef<bool> isBarrier,
                                     std::vector<unsigned> &order,
                                     const LowPeakOrderOptions &options,
                                     unsigned maxRuns) {
  std::vector<int> local(order.size(), -1);
  unsigned improved = 0;
  while (!order.empty() && improved < maxRuns) {
    MemoryProfile profile(problem, order);
    unsigned peakAt = profile.getPeakPosition();
    if (isBarrier[order[peakAt]])
      break;
    auto [lo, hi] = findRun(isBarrier, order, peakAt);
    if (lo == hi ||
        !reorderRun(graph, problem, profile, order, lo, hi, local, options))
      break;
    ++improved;
  }
  return improved;
}

bool mlir::sched::isRunBarrier(Operation *op) {
  return isa<WaitOp>(op) || issuesCollectives(op) ||
         op->hasTrait<OpTrait::IsTerminator>();
}

RunReorder mlir::sched::reorderRunsForMemory(
    Block &block, const BlockMemoryAnalyses &analyses,
    const LowPeakOrderOptions &options, unsigned maxRuns) {
  const BufferLiveness &liveness = analyses.liveness;
  const MemoryProblem &problem = liveness.getProblem();
  DependenceGraph graph = buildReorderGraph(analyses.graph, liveness);
  unsigned n = graph.size();
  RunReorder result;
  SmallVector<bool> barrier(n, false);
  for (unsigned node = 0; node < n; ++node)
    barrier[node] = isRunBarrier(liveness.getOp(node));
  for (unsigned node = 0; node + 1 < n; ++node)
    result.numRuns += !barrier[node] && !barrier[node + 1] &&
                      (node == 0 || barrier[node - 1]);
  result.order.resize(n);
  std::iota(result.order.begin(), result.order.end(), 0);
  result.originalPeak = computePeak(problem, result.order);
  result.runsImproved =
      refinePeakRuns(graph, problem, barrier, result.order, options, maxRuns);
  result.peak = result.runsImproved ? computePeak(problem, result.order)
                                    : result.originalPeak;
  if (result.peak >= result.originalPeak) {
    result.peak = result.originalPeak;
    std::iota(result.order.begin(), result.order.end(), 0);
    result.runsImproved = 0;
    return result;
  }
  std::vector<Operation *> ops;
  ops.reserve(n);
  for (unsigned node : result.order)
    ops.push_back(liveness.getOp(node));
  for (Operation *op : ops)
    op->moveBefore(&block, block.end());
  return result;
}
