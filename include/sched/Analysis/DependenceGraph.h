//===- DependenceGraph.h - dependences between the ops of a block -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The dependence graph of one block: a node per op (ops in nested regions
// belong to their parent), an edge from every op to the ops that must run
// after it, from SSA def-use chains and from memory effects (those of
// MemoryEffectsQuery: calls get their callee's). Every edge goes
// from an earlier to a later op, so program order is a topological order.
//
// The graph is stored in compressed sparse rows: at one million ops with a
// few edges each it takes a few tens of megabytes.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_DEPENDENCEGRAPH_H
#define SCHED_ANALYSIS_DEPENDENCEGRAPH_H

#include "mlir/IR/Block.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace mlir {
namespace sched {

/// Why an edge exists; an edge can have several reasons.
enum class DependenceKind : uint8_t {
  /// The target uses a value the source defines (futures included).
  Data = 1,
  /// Both ops touch the same memory resource and one of them writes it, or
  /// one of them may access any buffer (unknown effects, see
  /// MemoryEffects.h) and the other touches memory or the communication
  /// stream (a start or a wait: such an op never runs while a collective is
  /// in flight).
  Memory = 2,
  /// Both ops issue collectives and the graph was asked to keep them in
  /// their input order (Options::chainCollectiveIssuers).
  Order = 4,
};

/// Returns true if `op` is a collective start or holds one in its regions
/// (a loop whose body communicates): moving it moves collectives.
bool issuesCollectives(Operation *op);

/// Returns true if `block` is in a stage-specific function (one with
/// `sched.ranks`, one stage of a pipeline-parallel program): its collective
/// starts and waits keep their input order in every graph of the block, so
/// that stages scheduled apart still match (docs/Workloads.md).
bool isInStageFunction(Block &block);

/// Dependence graph over the ops of one block. Node `i` is the `i`-th op.
class DependenceGraph {
public:
  /// Knobs of the graph construction.
  struct Options {
    /// Order collectives and waits by their effects on the communication
    /// stream resource. Off by default: the order of collectives is what
    /// the scheduler chooses, so only data edges constrain it.
    bool orderCommStream = false;
    /// Chain the ops that issue collectives (starts, and ops whose regions
    /// hold one) in their input order, so that every topological order of
    /// the graph issues the collectives in the input's order.
    bool chainCollectiveIssuers = false;
  };

  /// Builds the graph of `block`.
  static DependenceGraph build(Block &block, Options options);
  static DependenceGraph build(Block &block) { return build(block, {}); }

  /// Builds a graph without IR from `edges` (source, target) over `numNodes`
  /// nodes; for tests and benchmarks. Duplicates are merged and self edges
  /// dropped. Unlike a graph built from a block, such a graph may have edges
  /// from higher to lower nodes, or even cycles.
  static DependenceGraph
  fromEdges(unsigned numNodes, ArrayRef<std::pair<unsigned, unsigned>> edges);

  /// Returns the graph of the same block after its ops were moved to
  /// `order` (node `i` of the result is node `order[i]` of this graph), a
  /// topological order of this graph. Equal to the graph that `build` gives
  /// for the reordered block with the same options: every edge joins two
  /// ops that such an order keeps in their order (a data use, a memory
  /// conflict, a barrier, the chain of the collective issuers). O(nodes +
  /// edges log degree).
  DependenceGraph permuted(ArrayRef<unsigned> order) const;

  /// Returns the number of nodes.
  unsigned size() const { return predOffsets.size() - 1; }
  /// Returns the number of distinct edges.
  unsigned getNumEdges() const { return preds.size(); }

  /// Returns the op of `node` (null for graphs built from edges).
  Operation *getOp(unsigned node) const {
    return ops.empty() ? nullptr : ops[node];
  }
  /// Returns the node of `op`, if `op` is an op of the block.
  std::optional<unsigned> lookup(Operation *op) const;

  /// Returns the nodes `node` depends on, in increasing order.
  ArrayRef<unsigned> getPreds(unsigned node) const {
    return ArrayRef<unsigned>(preds).slice(
        predOffsets[node], predOffsets[node + 1] - predOffsets[node]);
  }
  /// Returns the nodes that depend on `node`, in increasing order.
  ArrayRef<unsigned> getSuccs(unsigned node) const {
    return ArrayRef<unsigned>(succs).slice(
        succOffsets[node], succOffsets[node + 1] - succOffsets[node]);
  }
  /// Returns the kinds of the edge `pred` -> `node` (0 if there is none).
  uint8_t getEdgeKinds(unsigned pred, unsigned node) const;

  /// Returns true if `pred` -> `node` is an edge.
  bool hasEdge(unsigned pred, unsigned node) const {
    return getEdgeKinds(pred, node) != 0;
  }

private:
  /// Sorts, merges and stores `edges` (source, target, kinds).
  void finalize(unsigned numNodes,
                std::vector<std::tuple<unsigned, unsigned, uint8_t>> &edges);

  std::vector<Operation *> ops;
  llvm::DenseMap<Operation *, unsigned> opToNode;
  std::vector<unsigned> predOffsets{0}, preds, succOffsets{0}, succs;
  /// Kinds of each edge, parallel to `preds`.
  std::vector<uint8_t> predKinds;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_DEPENDENCEGRAPH_H
