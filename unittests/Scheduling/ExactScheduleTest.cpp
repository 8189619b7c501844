//===- ExactScheduleTest.cpp - exact solver and subset bound tests --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Property tests on thousands of random programs (fixed seeds): the subset
// bound is never above the best order, the exact solver equals brute-force
// enumeration on the smallest programs, and on larger ones every proven
// bound <= the exact optimum <= every heuristic order's makespan.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/ExactSchedule.h"
#include "sched/Analysis/LowerBounds.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <random>

using namespace mlir;
using namespace mlir::sched;

namespace {
SimOp run(double us, SmallVector<unsigned, 2> deps = {}) {
  SimOp op;
  op.kind = SimOp::Kind::Compute;
  op.durationUs = us;
  op.deps = deps;
  return op;
}
SimOp startOn(double us, unsigned stream = 0,
              SmallVector<unsigned, 2> deps = {}) {
  SimOp op;
  op.kind = SimOp::Kind::Start;
  op.durationUs = us;
  op.stream = stream;
  op.deps = deps;
  return op;
}
SimOp waitOn(unsigned startPos) {
  SimOp op;
  op.kind = SimOp::Kind::Wait;
  op.start = startPos;
  op.deps = {startPos};
  return op;
}

/// A random program of `numOps` ops: compute, starts on two streams and
/// their waits, each with up to two dependences on earlier ops; most starts
/// are waited.
std::vector<SimOp> randomProgram(std::mt19937 &rng, unsigned numOps) {
  std::vector<SimOp> ops;
  std::vector<unsigned> unwaited;
  while (ops.size() < numOps) {
    unsigned pos = ops.size();
    SmallVector<unsigned, 2> deps;
    for (unsigned i = 0; i < 2 && pos > 0; ++i)
      if (rng() % 2) {
        unsigned dep = rng() % pos;
        if (!llvm::is_contained(deps, dep))
          deps.push_back(dep);
      }
    unsigned roll = rng() % 10;
    bool mustWait = !unwaited.empty() && ops.size() + unwaited.size() >= numOps;
    if ((roll < 3 || mustWait) && !unwaited.empty()) {
      unsigned index = rng() % unwaited.size();
      SimOp wait = waitOn(unwaited[index]);
      for (unsigned dep : deps)
        if (dep != wait.start)
          wait.deps.push_back(dep);
      unwaited.erase(unwaited.begin() + index);
      ops.push_back(std::move(wait));
    } else if (roll < 6) {
      unwaited.push_back(pos);
      ops.push_back(startOn(1 + rng() % 9, rng() % 2, deps));
    } else {
      ops.push_back(run(rng() % 10, deps));
    }
  }
  return ops;
}

/// A random FSDP-like step: layers whose forward gathers its weights
/// (start, wait) then computes, a backward per layer in reverse that
/// gathers again and reduce-scatters its gradient; `numLayers` layers.
std::vector<SimOp> randomLayers(std::mt19937 &rng, unsigned numLayers) {
  std::vector<SimOp> ops;
  int last = -1;
  auto gatherThenCompute = [&](double computeUs) {
    unsigned start = ops.size();
    ops.push_back(startOn(1 + rng() % 8));
    ops.push_back(waitOn(start));
    SmallVector<unsigned, 2> deps = {start + 1};
    if (last >= 0)
      deps.push_back(last);
    last = ops.size();
    ops.push_back(run(computeUs, deps));
  };
  for (unsigned layer = 0; layer < numLayers; ++layer)
    gatherThenCompute(1 + rng() % 4);
  for (unsigned layer = 0; layer < numLayers; ++layer) {
    gatherThenCompute(2 + rng() % 6);
    unsigned start = ops.size();
    ops.push_back(
        startOn(1 + rng() % 8, rng() % 2, {static_cast<unsigned>(last)}));
    ops.push_back(waitOn(start));
  }
  return ops;
}

double makespanOf(ArrayRef<SimOp> ops, ArrayRef<unsigned> order) {
  FailureOr<SimResult> result = simulate(ops, order);
  EXPECT_TRUE(succeeded(result));
  return succeeded(result) ? result->makespanUs
                           : std::numeric_limits<double>::infinity();
}

std::vector<SmallVector<unsigned, 4>> predecessors(ArrayRef<SimOp> ops) {
  std::vector<SmallVector<unsigned, 4>> preds(ops.size());
  for (auto [pos, op] : llvm::enumerate(ops)) {
    preds[pos].append(op.deps.begin(), op.deps.end());
    if (op.kind == SimOp::Kind::Wait)
      preds[pos].push_back(op.start);
  }
  return preds;
}

/// The smallest makespan over every order that keeps the dependences.
double bruteForce(ArrayRef<SimOp> ops) {
  unsigned n = ops.size();
  std::vector<SmallVector<unsigned, 4>> preds = predecessors(ops);
  std::vector<bool> placed(n, false);
  std::vector<unsigned> order;
  double best = std::numeric_limits<double>::infinity();
  auto search = [&](auto &self) -> void {
    if (order.size() == n) {
      best = std::min(best, makespanOf(ops, order));
      return;
    }
    for (unsigned pos = 0; pos < n; ++pos) {
      if (placed[pos] ||
          llvm::any_of(preds[pos], [&](unsigned p) { return !placed[p]; }))
        continue;
      placed[pos] = true;
      order.push_back(pos);
      self(self);
      order.pop_back();
      placed[pos] = false;
    }
  };
  search(search);
  return best;
}

/// A random order that keeps the dependences: a random ready op each time.
std::vector<unsigned> randomOrder(std::mt19937 &rng, ArrayRef<SimOp> ops) {
  unsigned n = ops.size();
  std::vector<SmallVector<unsigned, 4>> preds = predecessors(ops);
  std::vector<bool> placed(n, false);
  std::vector<unsigned> order;
  while (order.size() < n) {
    std::vector<unsigned> ready;
    for (unsigned pos = 0; pos < n; ++pos)
      if (!placed[pos] &&
          llvm::all_of(preds[pos], [&](unsigned p) { return placed[p]; }))
        ready.push_back(pos);
    unsigned pick = ready[rng() % ready.size()];
    placed[pick] = true;
    order.push_back(pick);
  }
  return order;
}

/// A list schedule: every start as soon as it is ready, every wait only
/// when nothing else is ready, compute in program order.
std::vector<unsigned> startsFirstOrder(ArrayRef<SimOp> ops) {
  unsigned n = ops.size();
  std::vector<SmallVector<unsigned, 4>> preds = predecessors(ops);
  std::vector<bool> placed(n, false);
  std::vector<unsigned> order;
  auto rank = [&](unsigned pos) {
    return ops[pos].kind == SimOp::Kind::Start  ? 0
           : ops[pos].kind == SimOp::Kind::Wait ? 2
                                                : 1;
  };
  while (order.size() < n) {
    unsigned pick = n;
    for (unsigned pos = 0; pos < n; ++pos)
      if (!placed[pos] &&
          llvm::all_of(preds[pos], [&](unsigned p) { return placed[p]; }) &&
          (pick == n || rank(pos) < rank(pick)))
        pick = pos;
    placed[pick] = true;
    order.push_back(pick);
  }
  return order;
}

double subsetBound(ArrayRef<SimOp> ops) {
  FailureOr<double> bound = computeSubsetBound(ops);
  EXPECT_TRUE(succeeded(bound));
  return succeeded(bound) ? *bound : 0;
}
} // namespace

TEST(SubsetBoundTest, CountsEveryAncestorOfACollective) {
  // Two chains of 4 + 1 both feed a reduce_scatter of 10: it cannot begin
  // before all 10 us of compute, so no order ends before 20.
  std::vector<SimOp> ops = {
      run(4),   run(4), run(1, {0}), run(1, {1}), startOn(10, 0, {2, 3}),
      waitOn(4)};
  EXPECT_DOUBLE_EQ(subsetBound(ops), 20);
  EXPECT_DOUBLE_EQ(bruteForce(ops), 20);
}

TEST(SubsetBoundTest, ComputeAfterTheLastCollective) {
  // A gather of 6, then 3 + 3 of compute on two branches that both need it,
  // and 5 of compute that needs nothing: 6 + 6 at least.
  std::vector<SimOp> ops = {startOn(6), waitOn(0), run(3, {1}), run(3, {1}),
                            run(5)};
  EXPECT_DOUBLE_EQ(subsetBound(ops), 12);
  EXPECT_DOUBLE_EQ(bruteForce(ops), 12);
}

TEST(SubsetBoundTest, RejectsMalformedOrders) {
  EXPECT_TRUE(failed(computeSubsetBound({run(1), waitOn(0)})));
  EXPECT_TRUE(failed(computeSubsetBound({waitOn(1), startOn(1)})));
  EXPECT_TRUE(failed(computeSubsetBound({run(1, {1}), run(1)})));
  FailureOr<double> empty = computeSubsetBound({});
  ASSERT_TRUE(succeeded(empty));
  EXPECT_DOUBLE_EQ(*empty, 0);
}

TEST(SubsetBoundTest, GivesNothingAboveItsSizeLimit) {
  // A chain of kMaxSubsetBoundOps ops of 1 us is bounded by its length; one
  // op more and the subset bound steps aside (0), as documented.
  std::vector<SimOp> ops;
  for (unsigned pos = 0; pos < kMaxSubsetBoundOps; ++pos)
    ops.push_back(pos ? run(1, {pos - 1}) : run(1));
  EXPECT_DOUBLE_EQ(subsetBound(ops), kMaxSubsetBoundOps);
  ops.push_back(run(1, {kMaxSubsetBoundOps - 1}));
  EXPECT_DOUBLE_EQ(subsetBound(ops), 0);
}

TEST(SubsetBoundTest, NoOrderIsFasterOnRandomPrograms) {
  // Thousands of random programs: the subset bound is at most the best
  // order, at least the busiest stream and the critical path, and above the
  // head-and-tail bound on some of them.
  std::mt19937 rng(20261201);
  unsigned above = 0, trials = 3000;
  for (unsigned trial = 0; trial < trials; ++trial) {
    std::vector<SimOp> ops = trial % 4 == 3 ? randomLayers(rng, 1)
                                            : randomProgram(rng, 3 + rng() % 6);
    FailureOr<SimResult> sim = simulate(ops);
    ASSERT_TRUE(succeeded(sim));
    double lower = subsetBound(ops);
    ASSERT_LE(lower, bruteForce(ops) + 1e-9) << "trial " << trial;
    EXPECT_GE(lower, sim->streamBoundUs - 1e-9) << "trial " << trial;
    EXPECT_GE(lower, sim->criticalPathUs - 1e-9) << "trial " << trial;
    FailureOr<double> headTail = computeHeadTailBound(ops);
    ASSERT_TRUE(succeeded(headTail));
    above += lower > *headTail + 1e-9;
  }
  EXPECT_GT(above, 0u);
}

TEST(ExactScheduleTest, FindsTheOptimumOfASmallStep) {
  // A gather of 6 that 3 us of compute needs, and 6 us that need nothing:
  // in program order the wait comes first and exposes the gather (15); the
  // best order hides it behind the independent compute (9).
  std::vector<SimOp> ops = {startOn(6), waitOn(0), run(3, {1}), run(6)};
  FailureOr<ExactSchedule> exact = findExactSchedule(ops);
  ASSERT_TRUE(succeeded(exact));
  EXPECT_TRUE(exact->proven);
  EXPECT_DOUBLE_EQ(makespanOf(ops, {0, 1, 2, 3}), 15);
  EXPECT_DOUBLE_EQ(exact->makespanUs, 9);
  EXPECT_DOUBLE_EQ(makespanOf(ops, exact->order), 9);
}

TEST(ExactScheduleTest, RejectsBadInput) {
  std::vector<SimOp> ops = {startOn(6), waitOn(0), run(3, {1})};
  EXPECT_TRUE(failed(findExactSchedule(ops, {1, 0, 2})));
  EXPECT_TRUE(failed(findExactSchedule(ops, {0, 1})));
  EXPECT_TRUE(failed(findExactSchedule({waitOn(1), startOn(1)})));
  std::vector<SimOp> large(kMaxExactOps + 1, run(1));
  EXPECT_TRUE(failed(findExactSchedule(large)));
}

TEST(ExactScheduleTest, EqualsBruteForceOnSmallPrograms) {
  std::mt19937 rng(20261202);
  for (unsigned trial = 0; trial < 2000; ++trial) {
    std::vector<SimOp> ops = randomProgram(rng, 3 + rng() % 6);
    FailureOr<ExactSchedule> exact = findExactSchedule(ops);
    ASSERT_TRUE(succeeded(exact));
    ASSERT_TRUE(exact->proven) << "trial " << trial;
    double best = bruteForce(ops);
    ASSERT_NEAR(exact->makespanUs, best, 1e-9) << "trial " << trial;
    ASSERT_NEAR(makespanOf(ops, exact->order), best, 1e-9) << "trial " << trial;
  }
}

TEST(ExactScheduleTest, BoundsBelowOptimumBelowHeuristics) {
  // Programs of 10-30 ops: every proven bound <= the exact optimum <= the
  // program order, a starts-first list schedule and random orders.
  std::mt19937 rng(20261203);
  unsigned proven = 0, trials = 1000;
  for (unsigned trial = 0; trial < trials; ++trial) {
    std::vector<SimOp> ops = trial % 2 ? randomLayers(rng, 2 + rng() % 3)
                                       : randomProgram(rng, 10 + rng() % 21);
    FailureOr<LowerBounds> bounds = computeLowerBounds(ops);
    ASSERT_TRUE(succeeded(bounds));
    ExactScheduleOptions options;
    options.maxNodes = 20000;
    FailureOr<ExactSchedule> exact = findExactSchedule(ops, {}, options);
    ASSERT_TRUE(succeeded(exact));
    ASSERT_NEAR(makespanOf(ops, exact->order), exact->makespanUs, 1e-9);
    std::vector<unsigned> programOrder(ops.size());
    std::iota(programOrder.begin(), programOrder.end(), 0);
    ASSERT_LE(exact->makespanUs, makespanOf(ops, programOrder) + 1e-9);
    ASSERT_LE(exact->lowerBoundUs, exact->makespanUs + 1e-9);
    if (!exact->proven)
      continue;
    ++proven;
    double optimum = exact->makespanUs;
    ASSERT_LE(bounds->getBestUs(), optimum + 1e-9) << "trial " << trial;
    ASSERT_LE(bounds->subsetUs, optimum + 1e-9) << "trial " << trial;
    ASSERT_LE(optimum, makespanOf(ops, startsFirstOrder(ops)) + 1e-9)
        << "trial " << trial;
    for (unsigned i = 0; i < 20; ++i)
      ASSERT_LE(optimum, makespanOf(ops, randomOrder(rng, ops)) + 1e-9)
          << "trial " << trial;
  }
  // Nearly all of them are solved within the node limit.
  EXPECT_GE(proven, trials * 9 / 10);
}
