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
#include "sched/Scheduling/CriticalPathScheduler.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// Builds a random step: compute ops of random cost reading earlier values,
/// and collectives on two groups whose waits come some ops later.
OwningOpRef<ModuleOp> randomProgram(MLIRContext *context, std::mt19937 &rng) {
  OpBuilder b(context);
  Location loc = UnknownLoc::get(context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  (*module)->setAttr(SchedDialect::getTargetAttrName(),
                     TargetAttr::getPreset(context, "h100-sxm"));
  b.setInsertionPointToEnd(module->getBody());
  ProcessGroupOp::create(b, loc, b.getStringAttr("a"), b.getI64IntegerAttr(2),
                         DenseI64ArrayAttr(), IntegerAttr());
  ProcessGroupOp::create(b, loc, b.getStringAttr("b"), b.getI64IntegerAttr(8),
                         DenseI64ArrayAttr(), IntegerAttr());
  auto small = RankedTensorType::get({256, 1024}, b.getF32Type());
  auto func = func::FuncOp::create(b, loc, "step",
                                   b.getFunctionType({small, small}, {}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  SmallVector<Value> values(body->getArguments());
  SmallVector<std::pair<Value, unsigned>> pending; // future, wait step
  unsigned numOps = 10 + rng() % 50;
  for (unsigned step = 0; step < numOps; ++step) {
    for (auto *it = pending.begin(); it != pending.end();) {
      if (it->second <= step) {
        values.push_back(WaitOp::create(b, loc, it->first).getResult(0));
        it = pending.erase(it);
      } else {
        ++it;
      }
    }
    Value input = values[rng() % values.size()];
    if (rng() % 4 == 0) {
      StringRef group = rng() % 2 ? "a" : "b";
      auto start = AllReduceStartOp::create(
          b, loc, FutureType::get(context, {small}), ValueRange{input},
          ValueRange{}, FlatSymbolRefAttr::get(context, group),
          ReductionKindAttr::get(context, ReductionKind::Sum));
      pending.push_back({start.getFuture(), step + 1 + rng() % 4});
      continue;
    }
    Value other = values[rng() % values.size()];
    auto compute = ComputeOp::create(
        b, loc, TypeRange{small}, b.getStringAttr("op"),
        ValueRange{input, other}, ValueRange{},
        CostAttr::get(context, std::nullopt, std::nullopt, std::nullopt,
                      static_cast<int64_t>(rng() % 400000)));
    values.push_back(compute.getResult(0));
  }
  for (auto &[future, step] : pending)
    values.push_back(WaitOp::create(b, loc, future).getResult(0));
  // Return a few values so that some buffers live to the end.
  SmallVector<Value> results = {values.back(), values[values.size() / 2]};
  func::ReturnOp::create(b, loc, results);
  func.setFunctionType(b.getFunctionType(
      {small, small}, TypeRange(ValueRange(results).getTypes())));
  return module;
}

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
    OwningOpRef<ModuleOp> module = randomProgram(&context, rng);
    ASSERT_TRUE(succeeded(verify(*module))) << "trial " << trial;
    Evaluation before = evaluate(*module);

    PassManager pm(&context);
    // explain=1: the remarks counted below are behind it.
    SchedScheduleOverlapOptions options;
    options.explain = true;
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

// The critical-path scheduler on its own (the pass only keeps its schedule
// when it is valid, within budget and faster, which would hide a broken
// one): on random programs, with the three priorities (the interleaved one
// where it finds micro-batches, also with gather caps of 1 and 2), with
// and without keep-collective-order, with one and two collectives in
// flight, every schedule places every op once, keeps the terminator last,
// respects every dependence (the simulator checks them), issues the
// collectives in input order with keepOrder, never has more than the cap in
// flight per group, stays within the budget (the input's peak plus 5 %),
// and is deterministic; the gather cap changes some orders.
TEST(ScheduleOverlapTest, CriticalPathSchedulesAreValid) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadDialect<SchedDialect, func::FuncDialect>();
  std::mt19937 rng(2027);
  unsigned faster = 0, interleaved = 0, capChanged = 0, trials = 500;
  for (unsigned trial = 0; trial < trials; ++trial) {
    OwningOpRef<ModuleOp> module = randomProgram(&context, rng);
    auto func = cast<func::FuncOp>(module->getBody()->back());
    Block &body = func.getBody().front();
    CostModel model(TargetAttr::lookup(func));
    FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
    ASSERT_TRUE(succeeded(liveness)) << "trial " << trial;
    MemoryProfile input(liveness->getProblem(), liveness->getProgramOrder());
    int64_t budget = input.getPeak() + input.getPeak() / 20;
    for (bool keepOrder : {false, true}) {
      DependenceGraph::Options options;
      options.chainCollectiveIssuers = keepOrder;
      DependenceGraph graph = DependenceGraph::build(body, options);
      FailureOr<BlockSimulation> sim =
          buildBlockSimulationWithGraph(body, model, graph);
      ASSERT_TRUE(succeeded(sim)) << "trial " << trial;
      FailureOr<SimResult> before = simulate(sim->simOps);
      ASSERT_TRUE(succeeded(before)) << "trial " << trial;
      unsigned n = sim->simOps.size();
      for (auto priority :
           {CriticalPathPriority::BottomLevel, CriticalPathPriority::InputOrder,
            CriticalPathPriority::Interleaved})
        for (auto [cap, gathers] :
             {std::make_pair(int64_t{1}, kNoGatherCap),
              std::make_pair(int64_t{2}, kNoGatherCap),
              std::make_pair(int64_t{2}, 1u), std::make_pair(int64_t{2}, 2u)}) {
          // Gather caps: with the interleaved priority only (the pass tries
          // them there).
          if (gathers != kNoGatherCap &&
              priority != CriticalPathPriority::Interleaved)
            continue;
          CriticalPathSchedule schedule = scheduleCriticalPath(
              *sim, graph, liveness->getProblem(), input.getTimeline(),
              priority, cap, budget, keepOrder, gathers);
          // Interleaved: skipped (no order) exactly where no two
          // micro-batches are found.
          if (priority == CriticalPathPriority::Interleaved) {
            bool found = !interleavedRanks(*sim, graph).empty();
            if (!found) {
              EXPECT_TRUE(schedule.order.empty()) << "trial " << trial;
              continue;
            }
            ++interleaved;
          }
          ASSERT_EQ(schedule.order.size(), n) << "trial " << trial;
          EXPECT_EQ(schedule.order.back(), n - 1) << "trial " << trial;
          std::vector<unsigned> position(n, n);
          for (auto [pos, step] : llvm::enumerate(schedule.order)) {
            ASSERT_LT(step, n) << "trial " << trial;
            ASSERT_EQ(position[step], n) << "trial " << trial;
            position[step] = pos;
          }
          // Simulate the order (as the pass does).
          FailureOr<SimResult> after = simulate(sim->simOps, schedule.order);
          ASSERT_TRUE(succeeded(after)) << "trial " << trial;
          for (unsigned step = 0; step < n; ++step)
            for (unsigned pred : graph.getPreds(step))
              EXPECT_LT(position[pred], position[step]) << "trial " << trial;
          // Collectives in flight per group, and their order.
          std::vector<unsigned> inFlight(sim->streamNames.size(), 0);
          unsigned lastStart = 0;
          bool first = true;
          for (unsigned step : schedule.order) {
            const SimOp &op = sim->simOps[step];
            if (op.kind == SimOp::Kind::Start) {
              EXPECT_LT(inFlight[op.stream]++, static_cast<unsigned>(cap))
                  << "trial " << trial;
              if (keepOrder && !first) {
                EXPECT_LT(lastStart, step) << "trial " << trial;
              }
              lastStart = step;
              first = false;
            } else if (op.kind == SimOp::Kind::Wait) {
              --inFlight[sim->simOps[op.start].stream];
            }
          }
          MemoryProfile memory(liveness->getProblem(), schedule.order);
          EXPECT_LE(memory.getPeak(), budget) << "trial " << trial;
          faster += after->makespanUs < before->makespanUs - 1e-6;
          // Deterministic.
          CriticalPathSchedule again = scheduleCriticalPath(
              *sim, graph, liveness->getProblem(), input.getTimeline(),
              priority, cap, budget, keepOrder, gathers);
          EXPECT_EQ(again.order, schedule.order) << "trial " << trial;
          EXPECT_EQ(again.maxGathersAhead, schedule.maxGathersAhead)
              << "trial " << trial;
          if (gathers != kNoGatherCap)
            capChanged +=
                scheduleCriticalPath(*sim, graph, liveness->getProblem(),
                                     input.getTimeline(), priority, cap, budget,
                                     keepOrder)
                    .order != schedule.order;
        }
    }
  }
  EXPECT_GT(faster, trials);
  // Random programs read both arguments from many ops: most hold several
  // micro-batches by the interleaved priority's rule.
  EXPECT_GT(interleaved, trials);
  // The gather cap changes some of those orders.
  EXPECT_GT(capChanged, 0u);
}
