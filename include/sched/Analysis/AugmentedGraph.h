//===- AugmentedGraph.h - dependences plus extra edges and merges -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A DependenceGraph overlaid with extra ordering edges ("this compute runs
// between that start and its wait") and merge sets (nodes that will become
// one op, e.g. the starts of a bucket), with reachability queries over the
// combined graph. The API and its semantics follow PyTorch Inductor's
// AugmentedGraphHelper (see docs/Analyses.md); the implementation differs:
//
// * A topological order of the merge sets is maintained incrementally with
//   the Pearce-Kelly algorithm as edges are added and nodes merged. A path
//   query `hasPath(a, b)` only explores sets ordered between a and b, and
//   answers "no" at once when b is ordered before a. Cycles are detected
//   exactly when they are created, so `hasCycle()` is O(1).
// * Every change is recorded in an undo log: `checkpoint()` and
//   `rollback()` undo tentative merges and edges cheaply.
//
// Queries are not thread-safe: they share scratch space.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_AUGMENTEDGRAPH_H
#define SCHED_ANALYSIS_AUGMENTEDGRAPH_H

#include "sched/Analysis/DependenceGraph.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace mlir {
namespace sched {

/// A dependence graph with extra edges and merge sets.
class AugmentedGraph {
public:
  /// Overlays `base`, which must outlive this object.
  explicit AugmentedGraph(const DependenceGraph &base);

  /// Returns the number of nodes, including added and erased ones.
  unsigned size() const { return setOf.size(); }
  /// Returns the underlying dependence graph.
  const DependenceGraph &getBase() const { return base; }

  //===--------------------------------------------------------------------===//
  // Nodes
  //===--------------------------------------------------------------------===//

  /// Adds a node (e.g. the op that replaces a bucket) that must run after
  /// `deps` (erased ones are ignored), and returns its number. Its
  /// dependences are extra edges.
  unsigned addNode(ArrayRef<unsigned> deps);
  /// Erases `node`: it leaves its merge set, loses its extra edges, and its
  /// data edges no longer count. Erasing twice is a no-op.
  void eraseNode(unsigned node);
  /// Returns true if `node` was erased.
  bool isErased(unsigned node) const { return erased[node]; }

  //===--------------------------------------------------------------------===//
  // Extra edges
  //===--------------------------------------------------------------------===//

  /// Adds the edge `dep` -> `node`: `dep` must run before `node`. Returns
  /// false, changing nothing, if the edge was already there, `dep` ==
  /// `node`, or either node is erased. Adding an edge
  /// that closes a cycle is allowed; `hasCycle()` then reports it.
  bool addExtraDep(unsigned node, unsigned dep);
  /// Removes the edge `dep` -> `node`. Returns false if it was not there.
  bool removeExtraDep(unsigned node, unsigned dep);
  /// Returns the extra dependences of `node`, in insertion order.
  ArrayRef<unsigned> getExtraDeps(unsigned node) const {
    return extraDeps[node];
  }
  /// Returns the nodes with an extra dependence on `node`, in insertion order.
  ArrayRef<unsigned> getExtraUses(unsigned node) const {
    return extraUses[node];
  }

  //===--------------------------------------------------------------------===//
  // Merge sets
  //===--------------------------------------------------------------------===//

  /// Adds `node`, which must be alone in its set, to the set of `existing`.
  /// Fails (changing nothing) if `node` is in a set with other nodes, is
  /// already in that set, or either node is erased. A merge that closes a
  /// cycle is allowed; `hasCycle()` then reports it.
  LogicalResult mergeToSet(unsigned existing, unsigned node);
  /// Takes `node` out of its merge set. A no-op for a node alone in its set.
  /// This recomputes the topological order (O(V + E)); undo a tentative
  /// merge with `rollback` instead, which is cheap.
  void unmerge(unsigned node);
  /// Returns the members of the set of `node`, in the order they joined.
  ArrayRef<unsigned> getMergeSet(unsigned node) const {
    return members[setOf[node]];
  }
  /// Returns true if `a` and `b` are in the same merge set.
  bool inSameSet(unsigned a, unsigned b) const { return setOf[a] == setOf[b]; }
  /// Returns the data and extra dependences of every member of the set of
  /// `node`, sorted; members of the set itself may appear.
  SmallVector<unsigned> getMergedDeps(unsigned node) const;

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  /// Returns true if `tgt` must run after `src`: there is a path from the set
  /// of `src` to the set of `tgt` through data edges, extra edges and merge
  /// sets. False if they are in the same set or either is erased.
  bool hasPath(unsigned src, unsigned tgt) const;
  /// Returns true if data edges, extra edges and merges form a cycle.
  bool hasCycle() const { return cyclic; }

  /// Moves the extra edges of replaced nodes to their replacements, as a
  /// pass does after it replaced ops: `erasedToNew` maps each erased node to
  /// its replacement, or to nothing if it was dropped. Every member of an
  /// erased node's merge set is replaced too. An edge is not moved if it
  /// would become a self edge, or would close a two-cycle with an existing
  /// data or extra edge. The erased nodes are then erased.
  void transferErasedNodeDeps(
      ArrayRef<std::pair<unsigned, std::optional<unsigned>>> erasedToNew);

  /// Returns a topological order of the live nodes consistent with all
  /// edges and merges (members of a set are adjacent, in join order), or
  /// nothing if there is a cycle. Ties are broken by the maintained order,
  /// so the result is deterministic.
  std::optional<std::vector<unsigned>> getTopologicalOrder() const;

  //===--------------------------------------------------------------------===//
  // Undo
  //===--------------------------------------------------------------------===//

  /// Returns a point to roll back to.
  size_t checkpoint() const { return undoLog.size(); }
  /// Undoes every change made since `point`, in reverse order.
  void rollback(size_t point);
  /// Forgets the undo history (changes stay).
  void clearUndoLog() { undoLog.clear(); }

  /// Checks the internal invariants (the maintained order respects every
  /// edge); for tests.
  bool verifyInvariants() const;

private:
  /// One recorded change; `rollback` applies its inverse.
  struct UndoEntry {
    enum Kind : uint8_t {
      AddExtra,      // a = node, b = dep
      RemoveExtra,   // a = node, b = dep, c = position in deps, d = in uses
      SetOrd,        // a = set, b = old order
      SetCyclic,     // a = old flag
      Merge,         // a = node (was alone), b = set joined
      Unmerge,       // a = node, b = old set, saved = old members
      OrderSnapshot, // saved = old orders, a = old next order
      Erase,         // a = node
      AddNode,       // (the last node)
    };
    Kind kind;
    unsigned a = 0, b = 0, c = 0, d = 0;
    std::vector<unsigned> saved = {};
  };

  template <typename Fn> void forEachSuccSet(unsigned set, Fn fn) const;
  template <typename Fn> void forEachPredSet(unsigned set, Fn fn) const;

  /// Orders set `from` before set `to`; returns false on a cycle.
  bool addOrderEdge(unsigned from, unsigned to);
  /// Recomputes the order of the sets and the cycle flag from scratch.
  void recomputeOrder();
  void setOrd(unsigned set, unsigned value);
  void setCyclic(bool value);
  bool hasDirectDep(unsigned node, unsigned dep) const;
  void removeFromVector(SmallVector<unsigned, 0> &vec, unsigned value,
                        unsigned &position);

  const DependenceGraph &base;
  /// Set of each node; a node alone in its set is its own set.
  std::vector<unsigned> setOf;
  /// Members of each set (empty for numbers that name no set).
  std::vector<SmallVector<unsigned, 1>> members;
  /// Topological index of each set.
  std::vector<unsigned> ord;
  unsigned nextOrd = 0;
  std::vector<SmallVector<unsigned, 0>> extraDeps, extraUses;
  std::vector<bool> erased;
  bool cyclic = false;

  std::vector<UndoEntry> undoLog;

  // Scratch space of the searches.
  mutable std::vector<uint32_t> visitStamp;
  mutable uint32_t stamp = 0;
  mutable std::vector<unsigned> stack, forward, backward;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_AUGMENTEDGRAPH_H
