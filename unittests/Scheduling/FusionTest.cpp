//===- FusionTest.cpp - memory-aware fusion of compute ops ----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Checks the fusion planner of the Scheduling library (Fusion.h) through its
// own API: with the exact guard it never raises the peak of generated
// training steps, keeps the collectives in their order and leaves valid IR.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/Fusion.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/InitAll.h"
#include "sched/Scheduling/MemoryOrder.h"
#include "sched/Workloads/TransformerGenerator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
struct FusionTest : public ::testing::Test {
  FusionTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  MLIRContext context;
};

Block &getBody(ModuleOp module) {
  return (*module.getOps<func::FuncOp>().begin()).getBody().front();
}
} // namespace

TEST_F(FusionTest, ExactGuardNeverRaisesThePeak) {
  // Training steps of several shapes; each guard leaves valid IR with the
  // collectives in their order, and the exact guard never raises the peak
  // (some of its fusions reorder the ops around them).
  SmallVector<TransformerConfig> configs;
  for (int variant = 0; variant < 6; ++variant) {
    TransformerConfig config;
    config.layers = 2 + variant % 3;
    config.fsdp = variant % 2 ? 4 : 1;
    config.tp = variant >= 2 ? 2 : 1;
    config.sequenceParallel = variant >= 4;
    config.activationCheckpointing = variant == 3;
    config.microBatches = variant == 5 ? 2 : 1;
    configs.push_back(config);
  }
  // The two small steps of the benchmark corpus (tiny-fsdp2 and
  // tiny-tp2-sp-fsdp2-dp2), where the exact guard reorders.
  TransformerConfig small;
  small.fsdp = 2;
  configs.push_back(small);
  small.tp = 2;
  small.sequenceParallel = true;
  small.dp = 2;
  small.gpusPerNode = 4;
  configs.push_back(small);
  auto collectives = [](Block &body) {
    SmallVector<Operation *> ops;
    for (Operation &op : body)
      if (isa<CollectiveOpInterface, WaitOp>(op))
        ops.push_back(&op);
    return ops;
  };
  unsigned reordered = 0;
  for (const TransformerConfig &config : configs)
    for (FusionMemoryGuard guard :
         {FusionMemoryGuard::Exact, FusionMemoryGuard::Heuristic,
          FusionMemoryGuard::None}) {
      OwningOpRef<ModuleOp> module =
          generateTransformerStep(&context, config, "h100-sxm");
      ASSERT_TRUE(module);
      FusionOptions options;
      options.guard = guard;
      options.remarks = false;
      SmallVector<Operation *> before = collectives(getBody(*module));
      FailureOr<FusionStats> stats = fuseComputeOps(getBody(*module), options);
      ASSERT_TRUE(succeeded(stats));
      EXPECT_TRUE(succeeded(verify(*module)));
      EXPECT_EQ(collectives(getBody(*module)), before);
      EXPECT_GT(stats->fusions, 0u);
      EXPECT_LE(stats->reordered, stats->fusions);
      EXPECT_LE(stats->trafficAfter, stats->trafficBefore);
      if (guard == FusionMemoryGuard::Exact) {
        EXPECT_LE(stats->peakAfter, stats->peakBefore);
        reordered += stats->reordered;
      }
      // The peak the planner computed is the peak of the rewritten IR.
      FailureOr<BufferLiveness> liveness =
          BufferLiveness::build(getBody(*module));
      ASSERT_TRUE(succeeded(liveness));
      EXPECT_EQ(
          MemoryProfile(liveness->getProblem(), liveness->getProgramOrder())
              .getPeak(),
          stats->peakAfter);
    }
  EXPECT_GT(reordered, 0u);
}

TEST_F(FusionTest, ReorderKeepsCollectiveOrderAndValidIR) {
  TransformerConfig config;
  config.layers = 3;
  config.fsdp = 4;
  config.tp = 2;
  config.sequenceParallel = true;
  OwningOpRef<ModuleOp> module =
      generateTransformerStep(&context, config, "h100-sxm");
  ASSERT_TRUE(module);
  Block &body = getBody(*module);
  SmallVector<Operation *> before;
  for (Operation &op : body)
    if (isa<CollectiveOpInterface, WaitOp>(op))
      before.push_back(&op);
  FailureOr<LowPeakOrder> result = reorderBlockForMemory(body, {});
  ASSERT_TRUE(succeeded(result));
  EXPECT_TRUE(succeeded(verify(*module)));
  SmallVector<Operation *> after;
  for (Operation &op : body)
    if (isa<CollectiveOpInterface, WaitOp>(op))
      after.push_back(&op);
  EXPECT_EQ(before, after);
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  ASSERT_TRUE(succeeded(liveness));
  EXPECT_EQ(MemoryProfile(liveness->getProblem(), liveness->getProgramOrder())
                .getPeak(),
            result->peak);
}
