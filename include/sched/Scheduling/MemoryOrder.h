//===- MemoryOrder.h - Orders of low peak memory ----------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The algorithms behind `sched-reorder-for-memory`, usable without the pass
// manager (benchmarks, unit tests, other passes): orders of a block that
// keep its peak memory low, Inductor's and XLA's heuristics (least-peak-first
// list scheduling, breadth-first and depth-first topological orders) and an
// exact solver for small blocks (dynamic programming over the sets of
// scheduled ops, bounded by the best heuristic), plus the constraints on
// reordering a block. docs/passes/ReorderForMemory.md describes them.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_MEMORYORDER_H
#define SCHED_SCHEDULING_MEMORYORDER_H

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/PeakMemory.h"

#include "mlir/IR/Block.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir {
namespace sched {

//===----------------------------------------------------------------------===//
// Orders of low peak memory
//===----------------------------------------------------------------------===//

/// The ways to order a block, in the order they are tried (ties keep the
/// earlier one, so the original order wins every tie).
enum class OrderStrategy : uint8_t {
  /// The order of the input.
  Original,
  /// Least peak memory first: a list scheduler that picks the ready op that
  /// raises the running peak least, then the one that frees the most.
  Greedy,
  /// Kahn's algorithm with a first-in first-out ready queue.
  BreadthFirst,
  /// Post-order depth-first search from the ops with the smallest footprint.
  DepthFirst,
  /// The minimum peak over all topological orders.
  Exact,
};

/// Returns the name of `strategy` as remarks print it ("original",
/// "greedy", "bfs", "dfs", "exact").
StringRef stringifyOrderStrategy(OrderStrategy strategy);

/// The orders below take a dependence graph whose nodes are the steps of
/// `problem` and which is acyclic (node numbers need not be topological).
/// Every buffer's uses must depend, directly or not, on its definition.
/// Ties between ready nodes go to the lowest node number, so the results are
/// deterministic.

/// Least peak memory first (Inductor's LPMF, PR 134874): picks the ready op
/// minimizing (the running peak if it ran now, its allocation minus what it
/// frees, its number), with a segment tree over the ops sorted by allocation
/// size: O((n + uses) log n).
std::vector<unsigned> orderLeastPeakFirst(const DependenceGraph &graph,
                                          const MemoryProblem &problem);
/// Breadth-first: Kahn's algorithm with a FIFO ready queue; ops that become
/// ready together enter it by number. O(n + edges).
std::vector<unsigned> orderBreadthFirst(const DependenceGraph &graph);
/// Depth-first (Inductor's DFS order): visits the ops by increasing size
/// with reads (allocation plus the sizes of the buffers they read), each
/// visit first visiting its unvisited predecessors in the same order, then
/// emitting the op. Iterative; O((n + edges) log n).
std::vector<unsigned> orderDepthFirst(const DependenceGraph &graph,
                                      const MemoryProblem &problem);

/// Limits of the exact solver.
struct ExactOrderOptions {
  /// Graphs with more nodes are not solved (at most 64).
  unsigned maxNodes = 24;
  /// The search gives up after this many states (sets of scheduled ops).
  uint64_t maxStates = 1000000;
  /// Branch and bound: only orders with a peak of at most `bound` are
  /// searched for (pass the best heuristic's peak).
  std::optional<int64_t> bound;
};

/// Why the exact solver gave no order.
enum class ExactOrderStatus : uint8_t {
  Solved,
  TooManyNodes,
  TooManyStates,
  /// No order has a peak of at most the bound.
  AboveBound,
};

/// Returns an order of minimum peak by dynamic programming over the sets of
/// scheduled ops (only sets closed under predecessors exist): the memory
/// live after a set depends on the set alone, so the least peak of each set
/// is the minimum over its last op. Sets whose peak exceeds the bound are
/// pruned. Deterministic: sets are expanded in increasing order of their
/// bit masks. On failure returns nothing and sets `status`.
std::optional<std::vector<unsigned>>
orderExact(const DependenceGraph &graph, const MemoryProblem &problem,
           const ExactOrderOptions &options,
           ExactOrderStatus *status = nullptr);

/// Options of findLowPeakOrder.
struct LowPeakOrderOptions {
  /// Run the exact solver on graphs of at most `exactOptions.maxNodes`
  /// nodes, and on windows of that many nodes of larger graphs.
  bool exact = true;
  ExactOrderOptions exactOptions;
  /// Larger graphs: solve at most this many windows around the peak.
  unsigned exactWindows = 8;
};

/// The peak of one strategy's order.
struct OrderCandidate {
  OrderStrategy strategy;
  int64_t peak;
};

/// The result of findLowPeakOrder.
struct LowPeakOrder {
  /// The strategy that won.
  OrderStrategy strategy = OrderStrategy::Original;
  /// The order (a permutation of the nodes).
  std::vector<unsigned> order;
  /// The peak of the identity order and of `order`.
  int64_t originalPeak = 0, peak = 0;
  /// Every strategy tried, with its peak, in the order tried.
  SmallVector<OrderCandidate> candidates;
  /// What the exact solver did, if it ran on the whole graph.
  std::optional<ExactOrderStatus> exactStatus;
  /// Windows around the peak that the exact solver reordered (graphs larger
  /// than the exact solver's limit), and the peak before them.
  unsigned windowsImproved = 0;
  int64_t peakBeforeWindows = 0;
};

/// Tries the original order (the identity: node `i` at position `i`, which
/// must be topological), the greedy, BFS and DFS orders and, for small
/// graphs, the exact one, and returns the lowest peak; ties keep the
/// earlier strategy. On larger graphs, the best order is then refined: the
/// window of `exactOptions.maxNodes` positions around its first peak is
/// reordered exactly (the ops before and after stay), as long as that lowers
/// the window's maximum, at most `exactWindows` times.
LowPeakOrder findLowPeakOrder(const DependenceGraph &graph,
                              const MemoryProblem &problem,
                              const LowPeakOrderOptions &options);

/// Consecutive positions of an order as a problem of their own: see
/// extractWindow.
struct OrderWindow {
  /// One step per entry of extractWindow's `steps`, numbered alike. Buffers
  /// defined before the window are entry buffers; buffers used after it, or
  /// live out, are live out.
  MemoryProblem problem;
  /// Bytes live at every position of the window in buffers that its steps
  /// do not touch: the block's memory at a position of the window is this
  /// plus the window's.
  int64_t outside = 0;
};

/// Returns the positions [lo, hi] of the order that `profile` evaluates (on
/// `problem`) as a problem of its own. `steps[i]` lists the steps of
/// `problem` that make up step i of the window: one step, or several that
/// run as one fused step (a buffer that one of them defines and only they
/// use, not live out, is then never materialized). Together they must be
/// the steps at positions [lo, hi]. Costs O(window steps + their uses).
OrderWindow extractWindow(const MemoryProblem &problem,
                          const MemoryProfile &profile,
                          ArrayRef<SmallVector<unsigned, 2>> steps);

/// Refines `order` as findLowPeakOrder does on large graphs; returns the
/// number of windows improved.
unsigned refinePeakWindows(const DependenceGraph &graph,
                           const MemoryProblem &problem,
                           std::vector<unsigned> &order,
                           const ExactOrderOptions &options,
                           unsigned maxWindows);

/// Returns the constraints on reordering `block`: the dependence graph
/// (data and side effects) plus
/// * a chain through the collective starts and waits in program order, so
///   that every rank issues and waits for them in the same order;
/// * in-place updates: an op whose result takes the storage of an operand
///   (a destination) keeps its order with every other user of that storage;
/// * the terminator after every other op.
/// Without `chainCollectives` the chain is left out, for callers that keep
/// the collectives in place or add the chain themselves where they reorder
/// (it makes paths between most ops of a block).
DependenceGraph buildReorderGraph(Block &block, const BufferLiveness &liveness,
                                  bool chainCollectives = true);

/// Returns the constraints on reordering the block of `base`, as above,
/// from its dependence graph `base` (DependenceGraph::build) and its
/// `liveness`.
DependenceGraph buildReorderGraph(const DependenceGraph &base,
                                  const BufferLiveness &liveness,
                                  bool chainCollectives = true);

/// The analyses of a block that reorderBlockForMemory orders it with, and
/// that the scheduling passes after it build too (the dependence graph with
/// the default options and the buffer liveness): sched-reorder-for-memory
/// hands them on, permuted to its order, instead of letting them be built
/// again.
struct BlockMemoryAnalyses {
  BufferLiveness liveness;
  /// DependenceGraph::build(block) (the default options).
  DependenceGraph graph;

  /// Builds the analyses of `block`. Fails, with an error, if the block's
  /// buffers cannot be sized.
  static FailureOr<BlockMemoryAnalyses> build(Block &block);

  /// Returns the analyses of the same block after its ops were moved to
  /// `order` (step `i` of the result is step `order[i]` of these), a
  /// topological order of `graph`: what `build` gives for the reordered
  /// block.
  BlockMemoryAnalyses permuted(ArrayRef<unsigned> order) const;
};

/// Reorders `block` (in place) into the lowest-peak order that
/// findLowPeakOrder finds, with `analyses` of its current order. The block
/// is left as it was where the peak does not change.
LowPeakOrder reorderBlockForMemory(Block &block,
                                   const BlockMemoryAnalyses &analyses,
                                   const LowPeakOrderOptions &options);

/// Reorders `block` as above, building its analyses first. Fails, with an
/// error, if the block's buffers cannot be sized.
FailureOr<LowPeakOrder>
reorderBlockForMemory(Block &block, const LowPeakOrderOptions &options);

//===----------------------------------------------------------------------===//
// Orders that keep the step
//===----------------------------------------------------------------------===//

/// Lowers the peak of `order` (a topological order of `graph` over the steps
/// of `problem`) by reordering only runs: maximal stretches of consecutive
/// positions none of whose steps is a barrier (`isBarrier[step]`). Every step
/// stays in its run and every barrier at its position, so a schedule whose
/// time is set by its barriers (collective starts and waits between runs of
/// compute on one stream) keeps its time. Repeatedly takes the run holding
/// the first peak position and replaces its order by the lowest-peak order of
/// the run as a problem of its own (findLowPeakOrder with `options`: the
/// run's order, the greedy, BFS and DFS orders, exact or exact windows), as
/// long as that lowers the run's maximum, at most `maxRuns` times; stops at a
/// peak on a barrier or in a run it cannot lower. Returns the number of runs
/// reordered.
unsigned refinePeakRuns(const DependenceGraph &graph,
                        const MemoryProblem &problem, ArrayRef<bool> isBarrier,
                        std::vector<unsigned> &order,
                        const LowPeakOrderOptions &options, unsigned maxRuns);

/// The result of reorderRunsForMemory.
struct RunReorder {
  /// The new order (a permutation of the block's ops, by their position).
  std::vector<unsigned> order;
  /// The peak before and after.
  int64_t originalPeak = 0, peak = 0;
  /// How many runs were reordered.
  unsigned runsImproved = 0;
  /// How many runs (of at least two ops) the block has.
  unsigned numRuns = 0;
};

/// Returns whether `op` bounds the runs that reorderRunsForMemory reorders:
/// a collective start, a wait, an op whose regions issue collectives, or the
/// terminator.
bool isRunBarrier(Operation *op);

/// Reorders `block` (in place) with refinePeakRuns under the constraints of
/// buildReorderGraph, with `analyses` of its current order; the barriers are
/// the ops isRunBarrier accepts. The block is left as it was where the peak
/// does not change.
RunReorder reorderRunsForMemory(Block &block,
                                const BlockMemoryAnalyses &analyses,
                                const LowPeakOrderOptions &options,
                                unsigned maxRuns);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_MEMORYORDER_H
