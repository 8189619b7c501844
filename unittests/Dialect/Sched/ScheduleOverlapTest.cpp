//===- ScheduleOverlapTest.cpp - sched-schedule-overlap property test -----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Runs sched-schedule-overlap on thousands of random programs and checks
// what must always hold: the output verifies (every use after its
// definition, every future waited once in the same block), the memory peak
// stays within the budget, and the simulated step never gets slower, nor
// faster than the head-and-tail lower bound of the input.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "gtest/gtest.h"

#include "Scheduling/RandomProgram.h"

#include <random>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// The simulated step, the peak memory and the head-and-tail bound of the
/// body of @step in program order.
struct Evaluation {
  double stepUs, boundUs;
  int64_t peak;
};

/// Simulates and sizes the body of @step in program order.
Evaluation evaluate(ModuleOp module) {
  auto func = cast<func::FuncOp>(module.getBody()->back());
  Block &body = func.getBody().front();
  CostModel model(TargetAttr::lookup(func));
  FailureOr<BlockSimulation> sim = buildBlockSimulation(body, model);
  EXPECT_TRUE(succeeded(sim));
  FailureOr<SimResult> result = simulate(sim->simOps);
  EXPECT_TRUE(succeeded(result));
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  EXPECT_TRUE(succeeded(liveness));
  MemoryProfile memory(liveness->getProblem(), liveness->getProgramOrder());
  FailureOr<double> bound = computeHeadTailBound(sim->simOps);
  EXPECT_TRUE(succeeded(bound));
  return {result->makespanUs, succeeded(bound) ? *bound : 0, memory.getPeak()};
}
} // namespace

TEST(ScheduleOverlapTest, RandomProgramsStayCorrectWithinBudgetAndNoSlower) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadDialect<SchedDialect, func::FuncDialect>();
  // The pass explains its decisions with remarks; only count the ones that
  // say it deferred compute, held it back or chose the second strategy, to
  // see that these paths run.
  unsigned deferrals = 0, holdBacks = 0, criticalPath = 0;
  ScopedDiagnosticHandler quiet(&context, [&](Diagnostic &diag) {
    std::string message = diag.str();
    deferrals += StringRef(message).starts_with("deferred ");
    holdBacks += StringRef(message).starts_with("waited ");
    criticalPath +=
        StringRef(message).starts_with("chose the critical-path schedule");
    return success();
  });
  std::mt19937 rng(2026);
  unsigned improved = 0, trials = 1500;
  for (unsigned trial = 0; trial < trials; ++trial) {
    OwningOpRef<ModuleOp> module = unittest::randomProgram(&context, rng);
    ASSERT_TRUE(succeeded(verify(*module))) << "trial " << trial;
    Evaluation before = evaluate(*module);

    PassManager pm(&context);
    // explain=1: the remarks counted below are behind it.
    SchedScheduleOverlapOptions options;
    options.explain = true;
    // The fraction alone: the default 1 GiB allowance is no limit here, and
    // twice the largest collective is more than 5 % on most.
    options.memoryAllowance = 0;
    options.collectiveAllowance = 0;
    pm.addNestedPass<func::FuncOp>(createSchedScheduleOverlap(options));
    ASSERT_TRUE(succeeded(pm.run(*module))) << "trial " << trial;
    // The pass manager verifies: dominance (every dependence respected) and
    // the future rules (waited once, in the same block).
    ASSERT_TRUE(succeeded(verify(*module))) << "trial " << trial;
    Evaluation after = evaluate(*module);
    EXPECT_LE(after.stepUs, before.stepUs + 1e-6) << "trial " << trial;
    // Default budget: the input's peak plus 5 %.
    EXPECT_LE(after.peak, before.peak + before.peak / 20) << "trial " << trial;
    // The bound holds for every order of the same graph.
    EXPECT_GE(after.stepUs, before.boundUs - 1e-6) << "trial " << trial;
    improved += after.stepUs < before.stepUs - 1e-6;
  }
  // The scheduler has something to do on most random programs.
  EXPECT_GT(improved, trials / 2);
  EXPECT_GT(deferrals, 0u);
  EXPECT_GT(holdBacks, 0u);
  // The second strategy wins on some (so its schedules pass these checks).
  EXPECT_GT(criticalPath, 0u) << "wins: " << criticalPath;
}
