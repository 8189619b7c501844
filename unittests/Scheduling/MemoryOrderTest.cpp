//===- MemoryOrderTest.cpp - orders of low peak memory --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Checks the memory orders of the Scheduling library (MemoryOrder.h)
// through their own API against brute force on random problems: every
// heuristic order is a topological order, the exact solver finds the minimum
// over all topological orders, the race never loses to the original order,
// and a window of an order (with or without a fused step) plus the bytes
// outside it gives the whole timeline.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/MemoryOrder.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/InitAll.h"
#include "sched/Workloads/TransformerGenerator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <numeric>
#include <random>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// A random DAG over `n` nodes numbered in a topological order, with buffers
/// defined by nodes and used by later ones (plus entry buffers), and a few
/// ordering edges without data.
std::pair<MemoryProblem, DependenceGraph> randomDag(std::mt19937 &rng,
                                                    unsigned n) {
  MemoryProblem problem;
  std::vector<std::pair<unsigned, unsigned>> edges;
  for (unsigned s = 0; s < n; ++s)
    problem.addStep();
  for (unsigned k = 0, e = rng() % 3; k < e; ++k) {
    unsigned b = problem.addBuffer(1 + rng() % 50, std::nullopt, rng() % 2);
    for (unsigned u = 0, f = rng() % 3; u < f; ++u)
      problem.addUse(b, rng() % n);
  }
  for (unsigned s = 0; s < n; ++s)
    for (unsigned k = 0, e = rng() % 3; k < e; ++k) {
      unsigned users = s + 1 < n ? rng() % 4 : 0;
      unsigned b = problem.addBuffer(rng() % 100, s, rng() % 8 == 0);
      for (unsigned u = 0; u < users; ++u) {
        unsigned user = s + 1 + rng() % (n - s - 1);
        problem.addUse(b, user);
        problem.addUse(b, user); // Duplicates are allowed.
        edges.emplace_back(s, user);
      }
    }
  for (unsigned k = 0; k < n / 3; ++k) {
    unsigned a = rng() % n, b = rng() % n;
    if (a != b)
      edges.emplace_back(std::min(a, b), std::max(a, b));
  }
  return {std::move(problem), DependenceGraph::fromEdges(n, edges)};
}

/// Returns true if `order` is a permutation that respects every edge.
bool isTopological(const DependenceGraph &graph, ArrayRef<unsigned> order) {
  if (order.size() != graph.size())
    return false;
  std::vector<int> position(graph.size(), -1);
  for (auto [pos, node] : llvm::enumerate(order)) {
    if (node >= graph.size() || position[node] != -1)
      return false;
    position[node] = pos;
  }
  for (unsigned node = 0; node < graph.size(); ++node)
    for (unsigned pred : graph.getPreds(node))
      if (position[pred] >= position[node])
        return false;
  return true;
}

/// The minimum peak over all topological orders, by enumeration.
int64_t bruteForceMinimum(const DependenceGraph &graph,
                          const MemoryProblem &problem) {
  unsigned n = graph.size();
  std::vector<unsigned> order, indegree(n);
  for (unsigned node = 0; node < n; ++node)
    indegree[node] = graph.getPreds(node).size();
  std::vector<bool> placed(n, false);
  int64_t best = std::numeric_limits<int64_t>::max();
  auto recurse = [&](auto &self) -> void {
    if (order.size() == n) {
      best = std::min(best, MemoryProfile(problem, order).getPeak());
      return;
    }
    for (unsigned node = 0; node < n; ++node) {
      if (placed[node] || indegree[node])
        continue;
      placed[node] = true;
      order.push_back(node);
      for (unsigned succ : graph.getSuccs(node))
        --indegree[succ];
      self(self);
      for (unsigned succ : graph.getSuccs(node))
        ++indegree[succ];
      order.pop_back();
      placed[node] = false;
    }
  };
  recurse(recurse);
  return best;
}
} // namespace

TEST(MemoryOrderTest, HeuristicOrdersAreTopological) {
  std::mt19937 rng(1);
  for (unsigned trial = 0; trial < 500; ++trial) {
    auto [problem, graph] = randomDag(rng, 1 + rng() % 120);
    EXPECT_TRUE(isTopological(graph, orderLeastPeakFirst(graph, problem)));
    EXPECT_TRUE(isTopological(graph, orderBreadthFirst(graph)));
    EXPECT_TRUE(isTopological(graph, orderDepthFirst(graph, problem)));
  }
}

TEST(MemoryOrderTest, ExactMatchesBruteForce) {
  std::mt19937 rng(2);
  for (unsigned trial = 0; trial < 400; ++trial) {
    auto [problem, graph] = randomDag(rng, 1 + rng() % 8);
    std::optional<std::vector<unsigned>> order =
        orderExact(graph, problem, ExactOrderOptions());
    ASSERT_TRUE(order);
    EXPECT_TRUE(isTopological(graph, *order));
    EXPECT_EQ(MemoryProfile(problem, *order).getPeak(),
              bruteForceMinimum(graph, problem))
        << "trial " << trial;
  }
}

TEST(MemoryOrderTest, ExactBoundAndBudget) {
  std::mt19937 rng(3);
  auto [problem, graph] = randomDag(rng, 8);
  int64_t optimum = bruteForceMinimum(graph, problem);
  ExactOrderOptions options;
  ExactOrderStatus status;
  options.bound = optimum - 1;
  EXPECT_FALSE(orderExact(graph, problem, options, &status));
  EXPECT_EQ(status, ExactOrderStatus::AboveBound);
  options.bound = optimum;
  EXPECT_TRUE(orderExact(graph, problem, options, &status));
  EXPECT_EQ(status, ExactOrderStatus::Solved);
  options.bound.reset();
  options.maxStates = 3;
  EXPECT_FALSE(orderExact(graph, problem, options, &status));
  EXPECT_EQ(status, ExactOrderStatus::TooManyStates);
  options.maxNodes = 7;
  EXPECT_FALSE(orderExact(graph, problem, options, &status));
  EXPECT_EQ(status, ExactOrderStatus::TooManyNodes);
}

TEST(MemoryOrderTest, RaceNeverLosesToTheOriginal) {
  std::mt19937 rng(4);
  for (unsigned trial = 0; trial < 300; ++trial) {
    auto [problem, graph] = randomDag(rng, 1 + rng() % 30);
    LowPeakOrder result = findLowPeakOrder(graph, problem, {});
    EXPECT_TRUE(isTopological(graph, result.order));
    EXPECT_LE(result.peak, result.originalPeak);
    EXPECT_EQ(result.peak, MemoryProfile(problem, result.order).getPeak());
    // Blocks within the exact limit get the optimum.
    if (graph.size() <= 8) {
      EXPECT_EQ(result.peak, bruteForceMinimum(graph, problem));
    }
    for (const OrderCandidate &candidate : result.candidates)
      EXPECT_GE(candidate.peak, result.peak);
  }
}

TEST(MemoryOrderTest, WindowsAddUpToTheTimeline) {
  // A window of the identity order, as a problem of its own, plus the bytes
  // outside it, gives the timeline of the whole at the window's positions;
  // also when two adjacent steps of the window run as one fused step.
  std::mt19937 rng(5);
  for (unsigned trial = 0; trial < 500; ++trial) {
    unsigned n = 2 + rng() % 30;
    auto [problem, graph] = randomDag(rng, n);
    unsigned lo = rng() % n, hi = lo + rng() % (n - lo);
    std::optional<unsigned> fused;
    if (hi > lo && rng() % 2)
      fused = lo + rng() % (hi - lo);
    std::vector<unsigned> identity(n);
    std::iota(identity.begin(), identity.end(), 0);
    MemoryProfile profile(problem, identity);
    SmallVector<SmallVector<unsigned, 2>> steps;
    for (unsigned p = lo; p <= hi; ++p) {
      if (fused && p == *fused + 1)
        continue;
      steps.push_back({p});
      if (fused && p == *fused)
        steps.back().push_back(p + 1);
    }
    OrderWindow window = extractWindow(problem, profile, steps);
    // The expected timeline: the whole problem with the fused step made by
    // hand (the later step takes the uses and definitions of the earlier).
    MemoryProblem whole;
    std::vector<unsigned> order;
    for (unsigned s = 0; s < n; ++s) {
      whole.addStep();
      if (!fused || s != *fused)
        order.push_back(s);
    }
    auto map = [&](unsigned s) { return fused && s == *fused ? s + 1 : s; };
    for (const MemoryProblem::Buffer &buffer : problem.buffers) {
      std::optional<unsigned> def;
      if (buffer.def)
        def = map(*buffer.def);
      if (fused && def == *fused + 1 && !buffer.liveOut &&
          llvm::all_of(buffer.uses,
                       [&](unsigned use) { return map(use) == *def; }))
        continue;
      unsigned b = whole.addBuffer(buffer.size, def, buffer.liveOut);
      for (unsigned use : buffer.uses)
        whole.addUse(b, map(use));
    }
    MemoryProfile wholeProfile(whole, order);
    ArrayRef<int64_t> expected = wholeProfile.getTimeline();
    std::vector<unsigned> local(window.problem.numSteps);
    std::iota(local.begin(), local.end(), 0);
    MemoryProfile windowProfile(window.problem, local);
    ArrayRef<int64_t> actual = windowProfile.getTimeline();
    ASSERT_EQ(actual.size(), steps.size());
    for (unsigned i = 0; i < actual.size(); ++i)
      EXPECT_EQ(actual[i] + window.outside, expected[lo + i])
          << "trial " << trial << " position " << lo + i;
  }
}
