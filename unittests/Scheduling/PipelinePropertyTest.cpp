//===- PipelinePropertyTest.cpp - sched-pipeline on random PP/MoE steps ---===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// sched-pipeline on random pipeline-parallel and mixture-of-experts training
// steps made by the workloads library (random sizes, stages, micro-batches,
// experts, parallel degrees). After the pipeline, checked independently of
// the pass's own checks: the module verifies (every value defined before its
// uses), every op of the input is still there, every future is waited on
// exactly once, the stages issue each group's collectives in their input
// order, the peak memory of every function is within the budget (the input's
// peak plus memory-slack, with memory-allowance=0), sched-verify-deadlock
// accepts the module, and the step is never slower: the stages simulated
// together (PipelineSimulation), or the one function of an MoE step.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/PipelineSimulation.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/InitAll.h"
#include "sched/Workloads/MoEGenerator.h"
#include "sched/Workloads/PipelineGenerator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "gtest/gtest.h"

#include <map>
#include <random>
#include <string>

using namespace mlir;
using namespace mlir::sched;

namespace {

/// Returns a uniformly chosen element of `choices`.
int64_t pick(std::mt19937 &rng, std::initializer_list<int64_t> choices) {
  return *(choices.begin() + rng() % choices.size());
}

/// A small random dense model and parallel layout (the generators' sizes
/// divide: heads 2 or 4, hidden a multiple of 64).
TransformerConfig randomBase(std::mt19937 &rng) {
  TransformerConfig base;
  base.heads = pick(rng, {2, 4});
  base.kvHeads = base.heads;
  base.hidden = 64 * pick(rng, {1, 2});
  base.ffn = base.hidden * pick(rng, {2, 3});
  base.vocab = 256;
  base.seq = pick(rng, {16, 32});
  base.microBatch = pick(rng, {1, 2});
  base.microBatches = pick(rng, {1, 2, 3, 4, 6});
  base.tp = pick(rng, {1, 1, 2});
  base.fsdp = pick(rng, {1, 1, 2});
  base.dp = pick(rng, {1, 1, 2});
  return base;
}

/// What the checks compare between input and output, per function.
struct FunctionShape {
  /// How many ops of each name.
  std::map<std::string, unsigned> opCounts;
  /// Per group, the starts issued on it, in order (op name and type).
  std::map<std::string, std::vector<std::string>> groupOrder;
  /// Peak memory of the body in program order.
  int64_t peak = 0;
};

/// Returns the op counts, the collective order and the peak of `func`.
FunctionShape describe(func::FuncOp func) {
  FunctionShape shape;
  Block &body = func.getBody().front();
  for (Operation &op : body) {
    ++shape.opCounts[op.getName().getStringRef().str()];
    if (auto start = dyn_cast<CollectiveOpInterface>(op)) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << op.getName() << " " << op.getResultTypes();
      shape.groupOrder[start.getGroupAttr().getValue().str()].push_back(text);
    }
  }
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  EXPECT_TRUE(succeeded(liveness));
  if (succeeded(liveness))
    shape.peak =
        computePeak(liveness->getProblem(), liveness->getProgramOrder());
  return shape;
}

/// Returns the simulated step of `module`: the stages together when it has
/// stage functions, else its one function; -1 after a failure.
double simulateStep(ModuleOp module) {
  std::vector<PipelineStageInput> stages;
  double single = -1;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    FailureOr<TargetAttr> target = lookupTargetOrEmitError(func);
    if (failed(target))
      return -1;
    CostModel model(*target);
    FailureOr<BlockSimulation> sim =
        buildBlockSimulation(func.getBody().front(), model);
    if (failed(sim))
      return -1;
    auto ranks = func->getAttrOfType<DenseI64ArrayAttr>(getRanksAttrName());
    if (!ranks) {
      FailureOr<SimResult> result = simulate(sim->simOps);
      single = succeeded(result) ? result->makespanUs : -1;
      continue;
    }
    stages.push_back({func.getName().str(),
                      SmallVector<int64_t>(ranks.asArrayRef()),
                      std::move(*sim)});
  }
  if (stages.empty())
    return single;
  FailureOr<PipelineSimulation> pipeline = simulatePipeline(module, stages);
  return succeeded(pipeline) ? pipeline->makespanUs : -1;
}

/// Checks that every future of `func` has exactly one use, a `sched.wait`
/// after its start in the same block.
void checkFuturesWaitedOnce(func::FuncOp func, const std::string &trace) {
  func.walk([&](CollectiveOpInterface start) {
    Operation *op = start;
    for (Value result : op->getResults()) {
      if (!isa<FutureType>(result.getType()))
        continue;
      ASSERT_TRUE(result.hasOneUse()) << trace;
      Operation *user = *result.getUsers().begin();
      EXPECT_TRUE(isa<WaitOp>(user)) << trace;
      EXPECT_EQ(user->getBlock(), op->getBlock()) << trace;
      EXPECT_TRUE(op->isBeforeInBlock(user)) << trace;
    }
  });
}

class PipelinePropertyTest : public ::testing::Test {
protected:
  PipelinePropertyTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    // Remarks and warnings are the passes' report; errors fail the run.
    handler.emplace(&context, [](Diagnostic &diag) {
      return success(diag.getSeverity() != DiagnosticSeverity::Error);
    });
  }

  /// Runs sched-pipeline with `slack` and sched-verify-deadlock on a copy
  /// of `input` and checks the properties of the file comment.
  void check(ModuleOp input, double slack, const std::string &trace);

  MLIRContext context;
  std::optional<ScopedDiagnosticHandler> handler;
  /// Runs whose step got faster, and all runs.
  unsigned faster = 0, runs = 0;
};

void PipelinePropertyTest::check(ModuleOp input, double slack,
                                 const std::string &trace) {
  ASSERT_TRUE(succeeded(verify(input))) << trace;
  std::map<std::string, FunctionShape> before;
  for (auto func : input.getOps<func::FuncOp>())
    before[func.getName().str()] = describe(func);
  double stepBefore = simulateStep(input);
  ASSERT_GT(stepBefore, 0) << trace;

  OwningOpRef<ModuleOp> output = input.clone();
  PassManager pm(&context);
  SchedPipelineOptions options;
  options.memorySlack = slack;
  // The fractional budget this test checks: no absolute or collective
  // allowance.
  options.memoryAllowance = 0;
  options.collectiveAllowance = 0;
  buildSchedPipeline(pm, options);
  pm.addPass(createSchedVerifyDeadlock());
  ASSERT_TRUE(succeeded(pm.run(*output))) << trace;
  ASSERT_TRUE(succeeded(verify(*output))) << trace;

  for (auto func : output->getOps<func::FuncOp>()) {
    auto it = before.find(func.getName().str());
    ASSERT_NE(it, before.end()) << trace;
    FunctionShape after = describe(func);
    // Fusion is off and bucketing merges starts only in SPMD functions:
    // compare the ops where nothing merges them.
    bool stage = func->hasAttr(getRanksAttrName());
    if (stage) {
      EXPECT_EQ(after.opCounts, it->second.opCounts) << trace;
      EXPECT_EQ(after.groupOrder, it->second.groupOrder) << trace;
    }
    checkFuturesWaitedOnce(func, trace);
    // The budget: the input's peak plus the slack (reorder-for-memory may
    // lower the peak first, which only lowers the budget).
    auto budget = static_cast<int64_t>(it->second.peak * (1 + slack)) + 1;
    EXPECT_LE(after.peak, budget) << func.getName().str() << " " << trace;
  }
  double stepAfter = simulateStep(*output);
  ASSERT_GT(stepAfter, 0) << trace;
  EXPECT_LE(stepAfter, stepBefore * (1 + 1e-9)) << trace;
  faster += stepAfter < stepBefore * (1 - 1e-6);
  ++runs;
}

// Pipeline-parallel steps: 2 to 4 stages of 1 or 2 layers each, 1 to 6
// micro-batches (fewer and more than the stages), with TP, FSDP and DP.
TEST_F(PipelinePropertyTest, RandomPipelineSteps) {
  std::mt19937 rng(22);
  for (unsigned trial = 0; trial < 60; ++trial) {
    PipelineConfig config;
    config.base = randomBase(rng);
    config.pp = pick(rng, {2, 3, 4});
    config.base.layers = config.pp * pick(rng, {1, 2});
    std::string trace = "pp trial " + std::to_string(trial) + ": pp " +
                        std::to_string(config.pp) + " micro-batches " +
                        std::to_string(config.base.microBatches);
    ASSERT_EQ(verifyPipelineConfig(config), "") << trace;
    OwningOpRef<ModuleOp> module =
        generatePipelineStep(&context, config, "h100-sxm");
    ASSERT_TRUE(module) << trace;
    check(*module, pick(rng, {0, 5, 20}) / 100.0, trace);
  }
  // The stages are scheduled, not only kept: 60 of 60 runs faster when
  // written.
  EXPECT_GT(faster * 2, runs) << faster << " of " << runs << " faster";
}

// Mixture-of-experts steps: 2 to 8 experts, top-1 or top-2, expert
// parallelism over 1, 2 or 4 ranks, with and without a shared expert.
TEST_F(PipelinePropertyTest, RandomMoESteps) {
  std::mt19937 rng(23);
  for (unsigned trial = 0; trial < 40; ++trial) {
    MoEConfig config;
    config.base = randomBase(rng);
    config.base.layers = pick(rng, {1, 2});
    config.base.fsdp = 1;
    config.experts = pick(rng, {2, 4, 8});
    config.topK = pick(rng, {1, 2});
    config.ep = std::min<int64_t>(config.experts, pick(rng, {1, 2, 4}));
    config.expertFfn = 64 * pick(rng, {1, 2});
    config.sharedExperts = pick(rng, {0, 1});
    std::string trace = "moe trial " + std::to_string(trial) + ": experts " +
                        std::to_string(config.experts) + " ep " +
                        std::to_string(config.ep) + " micro-batches " +
                        std::to_string(config.base.microBatches);
    ASSERT_EQ(verifyMoEConfig(config), "") << trace;
    OwningOpRef<ModuleOp> module =
        generateMoEStep(&context, config, "h100-sxm");
    ASSERT_TRUE(module) << trace;
    check(*module, pick(rng, {0, 5, 20}) / 100.0, trace);
  }
  // 34 of 40 runs faster when written.
  EXPECT_GT(faster * 2, runs) << faster << " of " << runs << " faster";
}

} // namespace
