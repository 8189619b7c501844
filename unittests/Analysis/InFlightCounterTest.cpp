//===- InFlightCounterTest.cpp - collectives of a group in flight ---------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Checks the one in-flight count of the max-in-flight checks
// (InFlightCounter.h): per group, a start adds one, an end takes one away;
// over IR, a start and a wait of a collective's future count, nothing else.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/InFlightCounter.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <vector>

using namespace mlir;
using namespace mlir::sched;

namespace {

TEST(InFlightCounterTest, CountsEachGroupOnItsOwn) {
  InFlightCounter<unsigned> counter;
  EXPECT_EQ(counter.get(0), 0);
  EXPECT_EQ(counter.start(0), 1);
  EXPECT_EQ(counter.start(0), 2);
  EXPECT_EQ(counter.start(3), 1);
  EXPECT_EQ(counter.get(0), 2);
  counter.end(0);
  EXPECT_EQ(counter.get(0), 1);
  EXPECT_EQ(counter.get(3), 1);
  EXPECT_EQ(counter.start(0), 2);
}

TEST(InFlightCounterTest, AnEndWithoutItsStartGoesBelowZero) {
  // The callers end a window whose start they did not count (a start
  // before the order, one not counted under no cap): the count goes below
  // zero and the next start counts from there, as their own counts did.
  InFlightCounter<StringRef> counter;
  counter.end("g");
  EXPECT_EQ(counter.get("g"), -1);
  EXPECT_EQ(counter.start("g"), 0);
  EXPECT_EQ(counter.start("g"), 1);
  EXPECT_EQ(counter.get("h"), 0);
}

/// Two all_gathers on @g, an all_reduce on @h and a compute between; the
/// first gather is waited before a third starts.
constexpr StringLiteral kStarts = R"mlir(
sched.process_group @g size = 2
sched.process_group @h size = 2
func.func @f(%a: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
  %s2 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
  %r1 = sched.all_reduce_start %a on @h reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
  %m = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000> -> (tensor<4x4xf32>)
  %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
  %s3 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
  %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
  %w3 = sched.wait %s3 : !sched.future<tensor<8x4xf32>>
  %wr = sched.wait %r1 : !sched.future<tensor<4x4xf32>>
  return %w1, %w2, %m, %wr, %m : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}
)mlir";

/// Parses kStarts with the sched dialects.
struct CollectiveInFlightCounterTest : public ::testing::Test {
  CollectiveInFlightCounterTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    module = parseSourceString<ModuleOp>(kStarts, &context);
  }

  /// Returns the body of @f.
  Block &getBody() {
    return cast<func::FuncOp>(module->getBody()->back()).getBody().front();
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(CollectiveInFlightCounterTest, CountsStartsAndWaitsOfTheIR) {
  ASSERT_TRUE(module);
  CollectiveInFlightCounter counter;
  std::vector<int64_t> counts;
  for (Operation &op : getBody())
    counts.push_back(counter.count(&op));
  // s1 s2 r1 m w1 s3 w2 w3 wr return: the third gather finds one of @g in
  // flight (s2), the reduce counts on @h alone, other ops count 0.
  EXPECT_EQ(counts, (std::vector<int64_t>{1, 2, 1, 0, 0, 2, 0, 0, 0, 0}));
}

TEST_F(CollectiveInFlightCounterTest, EndsTheWindowOfAStartItIsGiven) {
  ASSERT_TRUE(module);
  SmallVector<CollectiveOpInterface> starts(
      getBody().getOps<CollectiveOpInterface>());
  ASSERT_EQ(starts.size(), 4u);
  // Starts and ends by hand, as sched-verify-schedule counts them (an op
  // that takes a future on ends its window without a wait).
  CollectiveInFlightCounter counter;
  EXPECT_EQ(counter.start(starts[0]), 1);
  EXPECT_EQ(counter.start(starts[2]), 1);
  counter.end(starts[0]);
  EXPECT_EQ(counter.start(starts[1]), 1);
  EXPECT_EQ(counter.start(starts[3]), 2);
}

} // namespace
