//===- AugmentedGraphTest.cpp - AugmentedGraph unit tests -----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The scenarios of Inductor's AugmentedGraphHelper tests (PyTorch's
// test/inductor/test_augmented_graph_helper.py, numbered CS-01 to CS-05
// here), the transfer guards, undo, and a
// property test against a brute-force reference on random graphs.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/AugmentedGraph.h"

#include "gtest/gtest.h"

#include <random>
#include <set>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// The base graph H0 of the Inductor tests: A = f(x, y), B = f(A, x),
/// C = f(A, y), D = f(B, C), E = f(D), F = f(E), G = f(F), H = f(G).
enum H0 : unsigned { A, B, C, D, E, F, G, H };

DependenceGraph makeH0() {
  return DependenceGraph::fromEdges(
      8, {{A, B}, {A, C}, {B, D}, {C, D}, {D, E}, {E, F}, {F, G}, {G, H}});
}

std::set<unsigned> setOf(const AugmentedGraph &graph, unsigned node) {
  ArrayRef<unsigned> members = graph.getMergeSet(node);
  return std::set<unsigned>(members.begin(), members.end());
}
} // namespace

TEST(AugmentedGraphTest, CS01MergeBasics) {
  DependenceGraph base = makeH0();
  AugmentedGraph graph(base);
  for (unsigned n = A; n <= H; ++n)
    EXPECT_EQ(setOf(graph, n), std::set<unsigned>{n});

  ASSERT_TRUE(succeeded(graph.mergeToSet(A, B)));
  EXPECT_EQ(setOf(graph, A), (std::set<unsigned>{A, B}));
  EXPECT_EQ(setOf(graph, B), (std::set<unsigned>{A, B}));
  ASSERT_TRUE(succeeded(graph.mergeToSet(A, C)));
  ASSERT_TRUE(succeeded(graph.mergeToSet(B, D)));
  EXPECT_EQ(setOf(graph, D), (std::set<unsigned>{A, B, C, D}));
  EXPECT_TRUE(graph.verifyInvariants());

  // Only a node alone in its set can join another set.
  EXPECT_TRUE(failed(graph.mergeToSet(E, A)));
  EXPECT_TRUE(failed(graph.mergeToSet(A, B)));

  graph.unmerge(B);
  EXPECT_EQ(setOf(graph, B), std::set<unsigned>{B});
  EXPECT_EQ(setOf(graph, A), (std::set<unsigned>{A, C, D}));
  // Unmerging the node that names the set keeps the others together.
  graph.unmerge(A);
  EXPECT_EQ(setOf(graph, C), (std::set<unsigned>{C, D}));
  EXPECT_EQ(setOf(graph, A), std::set<unsigned>{A});
  // Unmerging a node alone in its set is a no-op.
  graph.unmerge(H);
  EXPECT_EQ(setOf(graph, H), std::set<unsigned>{H});
  EXPECT_TRUE(graph.verifyInvariants());
  EXPECT_FALSE(graph.hasCycle());
}

TEST(AugmentedGraphTest, CS02MergedDependencies) {
  DependenceGraph base = makeH0();
  {
    AugmentedGraph graph(base);
    ASSERT_TRUE(succeeded(graph.mergeToSet(B, C)));
    SmallVector<unsigned> deps = graph.getMergedDeps(B);
    EXPECT_TRUE(llvm::is_contained(deps, A));
    EXPECT_EQ(deps, graph.getMergedDeps(C));
  }
  {
    AugmentedGraph graph(base);
    graph.addExtraDep(/*node=*/A, /*dep=*/C);
    ASSERT_TRUE(succeeded(graph.mergeToSet(A, B)));
    graph.addExtraDep(/*node=*/D, /*dep=*/B);
    EXPECT_TRUE(llvm::is_contained(graph.getMergedDeps(D), B));
    EXPECT_TRUE(llvm::is_contained(graph.getMergedDeps(A), C));
    // A depends on C, which depends on A by data: a cycle.
    EXPECT_TRUE(graph.hasCycle());
  }
}

TEST(AugmentedGraphTest, CS03Paths) {
  DependenceGraph base = makeH0();
  AugmentedGraph graph(base);
  EXPECT_TRUE(graph.hasPath(A, B));
  EXPECT_FALSE(graph.hasPath(B, A));
  EXPECT_TRUE(graph.hasPath(A, E));
  EXPECT_FALSE(graph.hasPath(E, A));
  EXPECT_FALSE(graph.hasPath(B, C));
  EXPECT_FALSE(graph.hasPath(C, B));
  EXPECT_TRUE(graph.hasPath(C, H));
}

TEST(AugmentedGraphTest, CS04PathsThroughMergesAndExtraEdges) {
  // A2 = f(x), B2 = f(A2), C2 = f(x), D2 = f(C2).
  enum : unsigned { A2, B2, C2, D2 };
  DependenceGraph base = DependenceGraph::fromEdges(4, {{A2, B2}, {C2, D2}});
  {
    AugmentedGraph graph(base);
    EXPECT_FALSE(graph.hasPath(B2, D2));
    ASSERT_TRUE(succeeded(graph.mergeToSet(B2, C2)));
    EXPECT_TRUE(graph.hasPath(B2, D2));
    EXPECT_TRUE(graph.hasPath(A2, D2));
    EXPECT_FALSE(graph.hasPath(B2, C2)); // Same set.
  }
  {
    AugmentedGraph graph(base);
    EXPECT_TRUE(graph.addExtraDep(/*node=*/C2, /*dep=*/B2));
    EXPECT_FALSE(graph.addExtraDep(C2, B2)); // Already there.
    EXPECT_TRUE(graph.hasPath(B2, D2));
    EXPECT_TRUE(graph.hasPath(A2, D2));
    EXPECT_FALSE(graph.hasPath(D2, A2));
    EXPECT_TRUE(graph.removeExtraDep(C2, B2));
    EXPECT_FALSE(graph.removeExtraDep(C2, B2));
    EXPECT_FALSE(graph.hasPath(B2, D2));
  }
}

TEST(AugmentedGraphTest, CS05Cycles) {
  DependenceGraph base = makeH0();
  {
    AugmentedGraph graph(base);
    EXPECT_FALSE(graph.hasCycle());
    // A depends on B, which depends on A.
    graph.addExtraDep(A, B);
    EXPECT_TRUE(graph.hasCycle());
    EXPECT_FALSE(graph.getTopologicalOrder().has_value());
    // Removing the edge breaks the cycle again.
    graph.removeExtraDep(A, B);
    EXPECT_FALSE(graph.hasCycle());
    EXPECT_TRUE(graph.verifyInvariants());
  }
  {
    DependenceGraph chain = DependenceGraph::fromEdges(3, {{0, 1}, {1, 2}});
    AugmentedGraph graph(chain);
    graph.addExtraDep(/*node=*/0, /*dep=*/2);
    EXPECT_TRUE(graph.hasCycle());
  }
  {
    // a4 = f(x), b4 = f(a4), c4 = f(x), d4 = f(c4); a4 depends on d4; then
    // merging b4 and c4 closes a4 -> {b4, c4} -> d4 -> a4.
    enum : unsigned { A4, B4, C4, D4 };
    DependenceGraph base4 = DependenceGraph::fromEdges(4, {{A4, B4}, {C4, D4}});
    AugmentedGraph graph(base4);
    graph.addExtraDep(A4, D4);
    EXPECT_FALSE(graph.hasCycle());
    ASSERT_TRUE(succeeded(graph.mergeToSet(B4, C4)));
    EXPECT_TRUE(graph.hasCycle());
    graph.unmerge(C4);
    EXPECT_FALSE(graph.hasCycle());
  }
}

TEST(AugmentedGraphTest, TopologicalOrderKeepsSetsTogether) {
  enum : unsigned { A2, B2, C2, D2 };
  DependenceGraph base = DependenceGraph::fromEdges(4, {{A2, B2}, {C2, D2}});
  AugmentedGraph graph(base);
  ASSERT_TRUE(succeeded(graph.mergeToSet(A2, D2)));
  std::optional<std::vector<unsigned>> order = graph.getTopologicalOrder();
  ASSERT_TRUE(order);
  // C2 must come before the set {A2, D2}, which must come before B2.
  EXPECT_EQ(*order, (std::vector<unsigned>{C2, A2, D2, B2}));
}

TEST(AugmentedGraphTest, TransferGuards) {
  // X feeds N by data; O is replaced by N. O had an extra use X (X after O)
  // and an extra dep P (O after P); P is erased too and also becomes N.
  enum : unsigned { P, O, X, N, U };
  DependenceGraph base = DependenceGraph::fromEdges(5, {{X, N}});
  AugmentedGraph graph(base);
  graph.addExtraDep(/*node=*/X, /*dep=*/O);
  graph.addExtraDep(/*node=*/O, /*dep=*/P);
  graph.addExtraDep(/*node=*/U, /*dep=*/O);
  graph.transferErasedNodeDeps({{O, N}, {P, N}});
  // The self edge (P -> O becomes N -> N) and the two-cycle (O -> X becomes
  // N -> X while X -> N is a data edge) are not created.
  EXPECT_TRUE(graph.getExtraDeps(N).empty());
  EXPECT_TRUE(graph.getExtraDeps(X).empty());
  // U still runs after the replacement.
  EXPECT_EQ(graph.getExtraDeps(U).vec(), (std::vector<unsigned>{N}));
  EXPECT_TRUE(graph.isErased(O));
  EXPECT_TRUE(graph.isErased(P));
  EXPECT_TRUE(graph.getExtraUses(O).empty());
  EXPECT_FALSE(graph.hasCycle());
  EXPECT_TRUE(graph.verifyInvariants());
}

TEST(AugmentedGraphTest, TransferToNothingAndMergedSets) {
  enum : unsigned { S1, S2, W, K, Z };
  DependenceGraph base = DependenceGraph::fromEdges(5, {{S1, W}});
  AugmentedGraph graph(base);
  ASSERT_TRUE(succeeded(graph.mergeToSet(S1, S2)));
  graph.addExtraDep(/*node=*/K, /*dep=*/S2);
  graph.addExtraDep(/*node=*/Z, /*dep=*/K);
  // Replacing S1 replaces every member of its set; the edge S2 -> K moves.
  unsigned bucket = graph.addNode({});
  graph.transferErasedNodeDeps({{S1, bucket}});
  EXPECT_TRUE(graph.isErased(S2));
  EXPECT_EQ(graph.getExtraDeps(K).vec(), (std::vector<unsigned>{bucket}));
  // Dropping K removes its edges.
  graph.transferErasedNodeDeps({{K, std::nullopt}});
  EXPECT_TRUE(graph.getExtraDeps(Z).empty());
  EXPECT_TRUE(graph.getExtraUses(bucket).empty());
  EXPECT_FALSE(graph.hasPath(S1, W)); // S1 is erased.
}

TEST(AugmentedGraphTest, RollbackRestoresEverything) {
  DependenceGraph base = makeH0();
  AugmentedGraph graph(base);
  graph.addExtraDep(E, C);
  size_t point = graph.checkpoint();
  ASSERT_TRUE(succeeded(graph.mergeToSet(B, C)));
  graph.addExtraDep(B, H); // Closes a cycle.
  EXPECT_TRUE(graph.hasCycle());
  unsigned added = graph.addNode({A, D});
  EXPECT_EQ(added, 8u);
  graph.unmerge(C);
  graph.eraseNode(F);
  graph.rollback(point);
  EXPECT_EQ(graph.size(), 8u);
  EXPECT_FALSE(graph.hasCycle());
  EXPECT_FALSE(graph.isErased(F));
  EXPECT_EQ(setOf(graph, B), std::set<unsigned>{B});
  EXPECT_EQ(setOf(graph, C), std::set<unsigned>{C});
  EXPECT_EQ(graph.getExtraDeps(E).vec(), (std::vector<unsigned>{C}));
  EXPECT_TRUE(graph.getExtraDeps(B).empty());
  EXPECT_TRUE(graph.getExtraUses(H).empty());
  EXPECT_TRUE(graph.verifyInvariants());
  EXPECT_TRUE(graph.hasPath(C, F));
  EXPECT_FALSE(graph.hasPath(B, C));
}

//===----------------------------------------------------------------------===//
// Property test against a brute-force reference
//===----------------------------------------------------------------------===//

namespace {
/// Builds the quotient graph of `graph` (sets of live nodes) from the public
/// API only, then answers reachability and cycle questions by plain search.
struct Reference {
  explicit Reference(const AugmentedGraph &graph) : graph(graph) {
    unsigned n = graph.size();
    adjacency.assign(n, {});
    const DependenceGraph &base = graph.getBase();
    auto addEdge = [&](unsigned from, unsigned to) {
      if (graph.isErased(from) || graph.isErased(to))
        return;
      unsigned a = rep(from), b = rep(to);
      if (a != b)
        adjacency[a].insert(b);
    };
    for (unsigned node = 0; node < n; ++node) {
      if (node < base.size())
        for (unsigned succ : base.getSuccs(node))
          addEdge(node, succ);
      for (unsigned use : graph.getExtraUses(node))
        addEdge(node, use);
    }
  }

  unsigned rep(unsigned node) const {
    ArrayRef<unsigned> set = graph.getMergeSet(node);
    return *std::min_element(set.begin(), set.end());
  }

  bool hasPath(unsigned src, unsigned tgt) const {
    if (graph.isErased(src) || graph.isErased(tgt) || rep(src) == rep(tgt))
      return false;
    std::vector<bool> seen(adjacency.size());
    std::vector<unsigned> work{rep(src)};
    while (!work.empty()) {
      unsigned node = work.back();
      work.pop_back();
      for (unsigned succ : adjacency[node]) {
        if (succ == rep(tgt))
          return true;
        if (!seen[succ]) {
          seen[succ] = true;
          work.push_back(succ);
        }
      }
    }
    return false;
  }

  bool hasCycle() const {
    // 0 = unvisited, 1 = on the stack, 2 = done.
    std::vector<int> state(adjacency.size());
    for (unsigned root = 0; root < adjacency.size(); ++root) {
      if (state[root])
        continue;
      std::vector<std::pair<unsigned, std::set<unsigned>::iterator>> stack;
      stack.push_back({root, adjacency[root].begin()});
      state[root] = 1;
      while (!stack.empty()) {
        auto &[node, it] = stack.back();
        if (it == adjacency[node].end()) {
          state[node] = 2;
          stack.pop_back();
          continue;
        }
        unsigned succ = *it++;
        if (state[succ] == 1)
          return true;
        if (!state[succ]) {
          state[succ] = 1;
          stack.push_back({succ, adjacency[succ].begin()});
        }
      }
    }
    return false;
  }

  const AugmentedGraph &graph;
  std::vector<std::set<unsigned>> adjacency;
};
} // namespace

TEST(AugmentedGraphTest, MatchesBruteForceOnRandomGraphs) {
  std::mt19937 rng(1234);
  unsigned checkedPaths = 0;
  for (unsigned trial = 0; trial < 2000; ++trial) {
    unsigned n = 2 + rng() % 30;
    std::vector<std::pair<unsigned, unsigned>> edges;
    for (unsigned i = 0; i < n; ++i)
      for (unsigned j = i + 1; j < n; ++j)
        if (rng() % 100 < 12)
          edges.push_back({i, j});
    DependenceGraph base = DependenceGraph::fromEdges(n, edges);
    AugmentedGraph graph(base);
    std::vector<size_t> checkpoints;
    for (unsigned step = 0; step < 40; ++step) {
      unsigned a = rng() % graph.size(), b = rng() % graph.size();
      switch (rng() % 9) {
      case 0:
      case 1:
        // Mostly forward edges, sometimes backward ones (cycles).
        if (rng() % 4 == 0 || a < b)
          graph.addExtraDep(std::max(a, b), std::min(a, b));
        else
          graph.addExtraDep(a, b);
        break;
      case 2:
        if (!graph.getExtraDeps(a).empty())
          graph.removeExtraDep(a, graph.getExtraDeps(a).front());
        break;
      case 3:
      case 4:
        (void)graph.mergeToSet(a, b);
        break;
      case 5:
        graph.unmerge(a);
        break;
      case 6:
        checkpoints.push_back(graph.checkpoint());
        break;
      case 7:
        if (!checkpoints.empty()) {
          graph.rollback(checkpoints.back());
          checkpoints.pop_back();
        }
        break;
      case 8:
        if (rng() % 3 == 0)
          graph.eraseNode(a);
        else
          graph.addNode({a});
        break;
      }
      ASSERT_TRUE(graph.verifyInvariants()) << "trial " << trial;
      Reference reference(graph);
      ASSERT_EQ(graph.hasCycle(), reference.hasCycle())
          << "trial " << trial << " step " << step;
      for (unsigned q = 0; q < 10; ++q) {
        unsigned src = rng() % graph.size(), tgt = rng() % graph.size();
        ASSERT_EQ(graph.hasPath(src, tgt), reference.hasPath(src, tgt))
            << "trial " << trial << " step " << step << " " << src << " -> "
            << tgt;
        ++checkedPaths;
      }
    }
  }
  EXPECT_EQ(checkedPaths, 2000u * 40u * 10u);
}
