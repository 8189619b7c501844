//===- StepBuffersTest.cpp - the per-step buffer index --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Checks the per-step buffer index of the Scheduling library
// (StepBuffers.h) through its own API on a hand-made memory problem.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/StepBuffers.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
/// Three steps: an entry buffer used twice by step 1, one never used, one
/// live out; step 0 defines a buffer that steps 2 and 1 use (step 2 twice)
/// and an empty one that step 2 uses.
MemoryProblem makeProblem() {
  MemoryProblem problem;
  for (unsigned s = 0; s < 3; ++s)
    problem.addStep();
  unsigned entry = problem.addBuffer(10, std::nullopt);
  problem.addUse(entry, 1);
  problem.addUse(entry, 1);
  problem.addBuffer(20, std::nullopt);                   // Unused.
  problem.addBuffer(40, std::nullopt, /*liveOut=*/true); // Unused, live out.
  unsigned defined = problem.addBuffer(100, 0);
  problem.addUse(defined, 0);
  problem.addUse(defined, 2);
  problem.addUse(defined, 1);
  problem.addUse(defined, 2);
  unsigned empty = problem.addBuffer(0, 0);
  problem.addUse(empty, 2);
  return problem;
}
} // namespace

TEST(StepBuffersTest, IndexesDefinitionsUsesAndUsers) {
  MemoryProblem problem = makeProblem();
  StepBuffers index(problem);
  EXPECT_EQ(index.allocated, (std::vector<int64_t>{100, 0, 0}));
  ASSERT_EQ(index.defined.size(), 3u);
  EXPECT_EQ(index.defined[0], (SmallVector<unsigned, 2>{3, 4}));
  EXPECT_TRUE(index.defined[1].empty());
  // Uses without the definition, deduplicated, in buffer order.
  EXPECT_TRUE(index.used[0].empty());
  EXPECT_EQ(index.used[1], (SmallVector<unsigned, 2>{0, 3}));
  EXPECT_EQ(index.used[2], (SmallVector<unsigned, 2>{3, 4}));
  // Users sorted and distinct, without the definition.
  EXPECT_EQ(index.users[0], (SmallVector<unsigned, 2>{1}));
  EXPECT_TRUE(index.users[1].empty());
  EXPECT_EQ(index.users[3], (SmallVector<unsigned, 2>{1, 2}));
  EXPECT_EQ(index.entry, 70);
  // The unused entry buffer that is not live out.
  EXPECT_EQ(index.unusedEntry, 20);
}

TEST(StepBuffersTest, SkipEmptyLeavesEmptyBuffersOutOfSteps) {
  MemoryProblem problem = makeProblem();
  StepBuffers index(problem, /*skipEmpty=*/true);
  EXPECT_EQ(index.defined[0], (SmallVector<unsigned, 2>{3}));
  EXPECT_EQ(index.used[2], (SmallVector<unsigned, 2>{3}));
  // Its users are still listed.
  EXPECT_EQ(index.users[4], (SmallVector<unsigned, 2>{2}));
  EXPECT_EQ(index.allocated, (std::vector<int64_t>{100, 0, 0}));
}
