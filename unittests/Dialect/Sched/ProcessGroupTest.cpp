//===- ProcessGroupTest.cpp - sched.process_group unit tests --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
class ProcessGroupTest : public ::testing::Test {
protected:
  ProcessGroupTest() { context.loadDialect<SchedDialect>(); }

  ProcessGroupOp parseGroup(StringRef text) {
    module = parseSourceString<ModuleOp>(text, &context);
    if (!module)
      return {};
    return cast<ProcessGroupOp>(module->getBody()->front());
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST_F(ProcessGroupTest, NodesFromGroupSize) {
  ProcessGroupOp group = parseGroup("sched.process_group @g size = 16");
  ASSERT_TRUE(group);
  EXPECT_EQ(group.getNumNodes(8), 2);
  EXPECT_EQ(group.getNumNodes(16), 1);
  EXPECT_EQ(group.getNumNodes(5), 4);
}

TEST_F(ProcessGroupTest, NodesFromGroupTopology) {
  // ranks_per_node on the group wins over the target's default.
  ProcessGroupOp group =
      parseGroup("sched.process_group @g size = 8 ranks_per_node = 4");
  ASSERT_TRUE(group);
  EXPECT_EQ(group.getNumNodes(8), 2);
}

TEST_F(ProcessGroupTest, NodesFromRanks) {
  // A data-parallel group made of one rank per node.
  ProcessGroupOp dp =
      parseGroup("sched.process_group @dp size = 4 ranks = [0, 8, 16, 24]");
  ASSERT_TRUE(dp);
  EXPECT_EQ(dp.getNumNodes(8), 4);
  // A group of 4 ranks that sits inside one node.
  ProcessGroupOp tp =
      parseGroup("sched.process_group @tp size = 4 ranks = [12, 13, 14, 15]");
  ASSERT_TRUE(tp);
  EXPECT_EQ(tp.getNumNodes(8), 1);
}
