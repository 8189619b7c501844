//===- StreamSimulatorTest.cpp - stream simulator unit tests --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/StreamSimulator.h"

#include "gtest/gtest.h"

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
} // namespace

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
