//===- StreamSimulatorTest.cpp - stream simulator unit tests --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/StreamSimulator.h"
#include "sched/Analysis/IncrementalSimulation.h"

#include "Analysis/SimOpBuilders.h"
#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::sched::unittest;

TEST(StreamSimulatorTest, WaitRightAfterStartExposesEverything) {
  FailureOr<SimResult> r = simulate({startOn(10), waitOn(0), run(5, {1})});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->makespanUs, 15);
  EXPECT_DOUBLE_EQ(r->exposedCommUs, 10);
  EXPECT_DOUBLE_EQ(r->overlapFraction, 0);
  EXPECT_DOUBLE_EQ(r->computeIdleUs, 10);
  ASSERT_EQ(r->collectives.size(), 1u);
  EXPECT_EQ(r->collectives[0].wait, 1u);
  EXPECT_DOUBLE_EQ(r->collectives[0].exposedUs, 10);
  EXPECT_DOUBLE_EQ(r->criticalPathUs, 15);
}

TEST(StreamSimulatorTest, IndependentComputeHidesTheCollective) {
  FailureOr<SimResult> r = simulate({startOn(10), run(5), run(5), waitOn(0)});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->makespanUs, 10);
  EXPECT_DOUBLE_EQ(r->exposedCommUs, 0);
  EXPECT_DOUBLE_EQ(r->overlapFraction, 1);
  EXPECT_DOUBLE_EQ(r->endUs[3], 10);
  EXPECT_DOUBLE_EQ(r->streamBoundUs, 10);
}

TEST(StreamSimulatorTest, PartialOverlap) {
  FailureOr<SimResult> r =
      simulate({startOn(10), run(4), waitOn(0), run(3, {2})});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->makespanUs, 13);
  EXPECT_DOUBLE_EQ(r->exposedCommUs, 6);
  EXPECT_DOUBLE_EQ(r->overlapFraction, 0.4);
  EXPECT_DOUBLE_EQ(r->beginUs[3], 10);
}

TEST(StreamSimulatorTest, OneGroupRunsInIssueOrder) {
  // Two collectives of one group queue behind each other.
  FailureOr<SimResult> r =
      simulate({startOn(10), startOn(10), run(15), waitOn(0), waitOn(1)});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->collectives[1].beginUs, 10);
  EXPECT_DOUBLE_EQ(r->collectives[1].endUs, 20);
  EXPECT_DOUBLE_EQ(r->collectives[0].exposedUs, 0);
  EXPECT_DOUBLE_EQ(r->collectives[1].exposedUs, 5);
  EXPECT_DOUBLE_EQ(r->makespanUs, 20);
  EXPECT_DOUBLE_EQ(r->streamBoundUs, 20);
}

TEST(StreamSimulatorTest, GroupsRunInParallel) {
  FailureOr<SimResult> r =
      simulate({startOn(10, /*stream=*/0), startOn(10, /*stream=*/1), run(15),
                waitOn(0), waitOn(1)});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->makespanUs, 15);
  EXPECT_DOUBLE_EQ(r->exposedCommUs, 0);
  EXPECT_DOUBLE_EQ(r->commBusyUs, 20);
  EXPECT_DOUBLE_EQ(r->streamBoundUs, 15);
}

TEST(StreamSimulatorTest, CriticalPathFollowsDependences) {
  // run(5) -> startOn(10) -> wait -> run(3): 18 on any order, while an
  // independent run(20) makes the compute stream the bound.
  FailureOr<SimResult> r =
      simulate({run(5), startOn(10, 0, {0}), run(20), waitOn(1), run(3, {3})});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->criticalPathUs, 20);
  EXPECT_DOUBLE_EQ(r->streamBoundUs, 28);
  EXPECT_DOUBLE_EQ(r->makespanUs, 28);
}

TEST(StreamSimulatorTest, CriticalPathThroughACollective) {
  // The chain through the collective (5 + 10 + 3) is the longest.
  FailureOr<SimResult> r =
      simulate({run(5), startOn(10, 0, {0}), run(2), waitOn(1), run(3, {3})});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->criticalPathUs, 18);
  EXPECT_DOUBLE_EQ(r->makespanUs, 18);
}

TEST(StreamSimulatorTest, CollectiveStillInFlightAtTheEnd) {
  // A collective nobody waits on still ends the step.
  FailureOr<SimResult> r = simulate({startOn(10), run(2)});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->makespanUs, 10);
  EXPECT_EQ(r->collectives[0].wait, 0u);
}

TEST(StreamSimulatorTest, RejectsMalformedOrders) {
  EXPECT_TRUE(failed(simulate({run(1), waitOn(0)})));
  EXPECT_TRUE(failed(simulate({waitOn(1), startOn(1)})));
  EXPECT_TRUE(failed(simulate({run(1, {1}), run(1)})));
  FailureOr<SimResult> empty = simulate({});
  ASSERT_TRUE(succeeded(empty));
  EXPECT_DOUBLE_EQ(empty->makespanUs, 0);
}

namespace {
/// A random order of compute ops and collectives on up to three streams,
/// each collective waited once (or never) after its start.
std::vector<SimOp> randomOrder(std::mt19937 &rng, unsigned numOps) {
  std::vector<SimOp> ops;
  std::vector<unsigned> pending;
  while (ops.size() < numOps) {
    unsigned roll = rng() % 10;
    if (roll < 3) {
      pending.push_back(ops.size());
      ops.push_back(startOn(1 + rng() % 40, rng() % 3));
    } else if (roll < 6 && !pending.empty()) {
      unsigned pick = rng() % pending.size();
      ops.push_back(waitOn(pending[pick]));
      pending.erase(pending.begin() + pick);
    } else {
      ops.push_back(run(rng() % 30));
    }
  }
  return ops;
}

/// What the bucketer does: merges the collective started at `second` into
/// the one at `first` (same stream), its wait into the earlier of the two.
SmallVector<IncrementalSimulation::Change>
mergeChanges(ArrayRef<SimOp> ops, unsigned first, unsigned second) {
  auto waitOf = [&](unsigned start) -> std::optional<unsigned> {
    for (unsigned pos = start + 1; pos < ops.size(); ++pos)
      if (ops[pos].kind == SimOp::Kind::Wait && ops[pos].start == start)
        return pos;
    return std::nullopt;
  };
  SmallVector<IncrementalSimulation::Change> changes;
  SimOp merged = ops[first];
  merged.durationUs += ops[second].durationUs / 2;
  changes.push_back({first, merged});
  changes.push_back({second, run(0)});
  std::optional<unsigned> w1 = waitOf(first), w2 = waitOf(second);
  if (w1 && w2) {
    unsigned keep = std::min(*w1, *w2), drop = std::max(*w1, *w2);
    changes.push_back({keep, waitOn(first)});
    changes.push_back({drop, run(0)});
  } else if (w2) {
    changes.push_back({*w2, waitOn(first)});
  }
  return changes;
}
} // namespace

TEST(StreamSimulatorTest, IncrementalMatchesFullSimulation) {
  std::mt19937 rng(11);
  unsigned evaluated = 0;
  uint64_t incrementalSteps = 0, fullSteps = 0;
  for (unsigned trial = 0; trial < 400; ++trial) {
    unsigned n = 20 + rng() % 400;
    std::vector<SimOp> ops = randomOrder(rng, n);
    FailureOr<IncrementalSimulation> sim =
        IncrementalSimulation::create(ops, 1 + rng() % 16);
    ASSERT_TRUE(succeeded(sim));
    for (unsigned q = 0; q < 30; ++q) {
      // Two starts on one stream, the second within 40 ops of the first.
      unsigned first = rng() % n;
      if (ops[first].kind != SimOp::Kind::Start)
        continue;
      std::optional<unsigned> second;
      for (unsigned pos = first + 1; pos < std::min(n, first + 40); ++pos)
        if (ops[pos].kind == SimOp::Kind::Start &&
            ops[pos].stream == ops[first].stream && rng() % 3 == 0) {
          second = pos;
          break;
        }
      if (!second)
        continue;
      SmallVector<IncrementalSimulation::Change> changes =
          mergeChanges(ops, first, *second);
      std::vector<SimOp> changed = ops;
      for (const IncrementalSimulation::Change &change : changes)
        changed[change.pos] = change.op;
      FailureOr<SimResult> full = simulate(changed);
      FailureOr<IncrementalSimulation::Totals> got = sim->evaluate(changes);
      ASSERT_EQ(succeeded(full), succeeded(got)) << "trial " << trial;
      if (failed(full))
        continue;
      ++evaluated;
      fullSteps += n;
      ASSERT_NEAR(got->exposedCommUs, full->exposedCommUs, 1e-6)
          << "trial " << trial;
      ASSERT_NEAR(got->makespanUs, full->makespanUs, 1e-6) << "trial " << trial;
      if (rng() % 2) {
        ASSERT_TRUE(succeeded(sim->apply(changes)));
        ops = changed;
        ASSERT_NEAR(sim->getTotals().makespanUs, full->makespanUs, 1e-6);
      }
    }
    incrementalSteps += sim->getNumSimulatedSteps() - n;
  }
  EXPECT_GT(evaluated, 2000u);
  // The point of it: far fewer steps than simulating every change whole.
  EXPECT_LT(incrementalSteps * 2, fullSteps);
}

TEST(StreamSimulatorTest, IncrementalApplyReusesEvaluations) {
  // Several changes evaluated, then one of them (not always the last)
  // applied, as the bucketer tries its placements: the applied order must
  // simulate as if simulated from scratch, and later evaluations too.
  std::mt19937 rng(5);
  unsigned applied = 0;
  for (unsigned trial = 0; trial < 200; ++trial) {
    unsigned n = 20 + rng() % 300;
    std::vector<SimOp> ops = randomOrder(rng, n);
    FailureOr<IncrementalSimulation> sim =
        IncrementalSimulation::create(ops, 1 + rng() % 16);
    ASSERT_TRUE(succeeded(sim));
    for (unsigned q = 0; q < 20; ++q) {
      std::vector<SmallVector<IncrementalSimulation::Change>> tried;
      for (unsigned attempt = 0; attempt < 6 && tried.size() < 5; ++attempt) {
        unsigned first = rng() % n;
        if (ops[first].kind != SimOp::Kind::Start)
          continue;
        for (unsigned pos = first + 1; pos < std::min(n, first + 40); ++pos)
          if (ops[pos].kind == SimOp::Kind::Start &&
              ops[pos].stream == ops[first].stream) {
            SmallVector<IncrementalSimulation::Change> changes =
                mergeChanges(ops, first, pos);
            if (succeeded(sim->evaluate(changes)))
              tried.push_back(changes);
            break;
          }
      }
      if (tried.empty())
        continue;
      const SmallVector<IncrementalSimulation::Change> &changes =
          tried[rng() % tried.size()];
      std::vector<SimOp> changed = ops;
      for (const IncrementalSimulation::Change &change : changes)
        changed[change.pos] = change.op;
      FailureOr<SimResult> full = simulate(changed);
      ASSERT_TRUE(succeeded(full));
      ASSERT_TRUE(succeeded(sim->apply(changes)));
      ops = changed;
      ++applied;
      ASSERT_NEAR(sim->getTotals().makespanUs, full->makespanUs, 1e-6)
          << "trial " << trial;
      ASSERT_NEAR(sim->getTotals().exposedCommUs, full->exposedCommUs, 1e-6)
          << "trial " << trial;
      // An evaluation kept from before the apply must not be reused.
      FailureOr<IncrementalSimulation::Totals> again = sim->evaluate(changes);
      FailureOr<SimResult> twice = failure();
      {
        std::vector<SimOp> changedTwice = ops;
        for (const IncrementalSimulation::Change &change : changes)
          changedTwice[change.pos] = change.op;
        twice = simulate(changedTwice);
      }
      ASSERT_EQ(succeeded(again), succeeded(twice)) << "trial " << trial;
      if (succeeded(again)) {
        ASSERT_NEAR(again->makespanUs, twice->makespanUs, 1e-6)
            << "trial " << trial;
      }
    }
  }
  EXPECT_GT(applied, 500u);
}

TEST(StreamSimulatorTest, IncrementalRejectsDanglingWaits) {
  std::vector<SimOp> ops = {startOn(10), run(5), waitOn(0), run(1)};
  FailureOr<IncrementalSimulation> sim = IncrementalSimulation::create(ops);
  ASSERT_TRUE(succeeded(sim));
  // The start goes away but its wait stays.
  EXPECT_TRUE(failed(sim->evaluate({{0, run(0)}})));
  // A wait on a compute op, and a wait before its start.
  EXPECT_TRUE(failed(sim->evaluate({{3, waitOn(1)}})));
  EXPECT_TRUE(failed(sim->evaluate({{1, waitOn(2)}})));
  EXPECT_TRUE(failed(sim->apply({{0, run(0)}})));
  EXPECT_DOUBLE_EQ(sim->getTotals().makespanUs, 11);
  EXPECT_DOUBLE_EQ(sim->getTotals().exposedCommUs, 5);
  // Both go away together.
  ASSERT_TRUE(succeeded(sim->apply({{0, run(0)}, {2, run(0)}})));
  EXPECT_DOUBLE_EQ(sim->getTotals().makespanUs, 6);
  EXPECT_DOUBLE_EQ(sim->getTotals().exposedCommUs, 0);
}
