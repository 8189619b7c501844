//===- PermutedAnalysesTest.cpp - analyses of a reordered block -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// DependenceGraph::permuted, BufferLiveness::permuted and
// permuteBlockSimulation, which let sched-bucket-collectives take the
// analyses sched-schedule-overlap built instead of building them again,
// must give exactly what building them on the reordered block gives: on
// random programs moved to random topological orders (which also change the
// order in which the groups first start), every field is compared. So must
// the graph and liveness that sched-reorder-for-memory hands on to
// sched-schedule-overlap (BlockMemoryAnalyses), permuted to the order
// reorderBlockForMemory gave the block.
//
//===----------------------------------------------------------------------===//

#include "Scheduling/RandomProgram.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/InitAll.h"
#include "sched/Scheduling/MemoryOrder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// Returns a random topological order of `graph` with its last node (the
/// terminator) last.
std::vector<unsigned> randomTopologicalOrder(const DependenceGraph &graph,
                                             std::mt19937 &rng) {
  unsigned n = graph.size();
  std::vector<unsigned> missing(n), ready, order;
  for (unsigned node = 0; node < n; ++node) {
    missing[node] = graph.getPreds(node).size();
    if (missing[node] == 0 && node + 1 != n)
      ready.push_back(node);
  }
  while (!ready.empty()) {
    unsigned pick = rng() % ready.size();
    unsigned node = ready[pick];
    ready.erase(ready.begin() + pick);
    order.push_back(node);
    for (unsigned succ : graph.getSuccs(node))
      if (--missing[succ] == 0 && succ + 1 != n)
        ready.push_back(succ);
  }
  order.push_back(n - 1);
  return order;
}

/// Moves the ops of `body` to `order` (positions of `ops`).
void applyOrder(Block &body, ArrayRef<Operation *> ops,
                ArrayRef<unsigned> order) {
  for (unsigned step : order)
    ops[step]->moveBefore(&body, body.end());
}

/// Returns the elements of `values`, for comparisons.
std::vector<unsigned> toVector(ArrayRef<unsigned> values) {
  return values.vec();
}

void expectSameGraph(const DependenceGraph &a, const DependenceGraph &b) {
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(a.getNumEdges(), b.getNumEdges());
  for (unsigned node = 0; node < a.size(); ++node) {
    EXPECT_EQ(a.getOp(node), b.getOp(node));
    EXPECT_EQ(b.lookup(a.getOp(node)), std::optional<unsigned>(node));
    EXPECT_EQ(a.getPreds(node).vec(), b.getPreds(node).vec());
    EXPECT_EQ(a.getSuccs(node).vec(), b.getSuccs(node).vec());
    for (unsigned pred : a.getPreds(node))
      EXPECT_EQ(a.getEdgeKinds(pred, node), b.getEdgeKinds(pred, node));
  }
}

void expectSameLiveness(Block &body, const BufferLiveness &a,
                        const BufferLiveness &b) {
  const MemoryProblem &pa = a.getProblem(), &pb = b.getProblem();
  EXPECT_EQ(pa.numSteps, pb.numSteps);
  ASSERT_EQ(pa.buffers.size(), pb.buffers.size());
  for (unsigned buffer = 0; buffer < pa.buffers.size(); ++buffer) {
    const MemoryProblem::Buffer &x = pa.buffers[buffer],
                                &y = pb.buffers[buffer];
    EXPECT_EQ(x.size, y.size);
    EXPECT_EQ(x.def, y.def);
    EXPECT_EQ(toVector(x.uses), toVector(y.uses));
    EXPECT_EQ(x.liveOut, y.liveOut);
    EXPECT_EQ(a.getValue(buffer), b.getValue(buffer));
  }
  for (unsigned step = 0; step < pa.numSteps; ++step)
    EXPECT_EQ(a.getOp(step), b.getOp(step));
  for (BlockArgument arg : body.getArguments())
    EXPECT_EQ(a.lookup(arg), b.lookup(arg));
  for (Operation &op : body)
    for (Value result : op.getResults())
      EXPECT_EQ(a.lookup(result), b.lookup(result));
}

void expectSameSimulation(const BlockSimulation &a, const BlockSimulation &b) {
  EXPECT_EQ(a.ops, b.ops);
  EXPECT_EQ(a.streamNames, b.streamNames);
  ASSERT_EQ(a.simOps.size(), b.simOps.size());
  for (unsigned pos = 0; pos < a.simOps.size(); ++pos) {
    const SimOp &x = a.simOps[pos], &y = b.simOps[pos];
    EXPECT_EQ(x.kind, y.kind);
    EXPECT_EQ(x.durationUs, y.durationUs);
    EXPECT_EQ(x.stream, y.stream);
    EXPECT_EQ(x.commFactor, y.commFactor);
    EXPECT_EQ(x.computeFactor, y.computeFactor);
    EXPECT_EQ(x.start, y.start);
    EXPECT_EQ(toVector(x.deps), toVector(y.deps));
  }
}
} // namespace

// With and without the chain of the collective issuers (a topological order
// keeps it), the permuted analyses equal the rebuilt ones.
TEST(PermutedAnalysesTest, EqualTheAnalysesOfTheReorderedBlock) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadDialect<SchedDialect, func::FuncDialect>();
  std::mt19937 rng(2029);
  unsigned streamsRenumbered = 0, trials = 200;
  for (unsigned trial = 0; trial < trials; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    OwningOpRef<ModuleOp> module = unittest::randomProgram(&context, rng);
    auto func = cast<func::FuncOp>(module->getBody()->back());
    Block &body = func.getBody().front();
    CostModel model(TargetAttr::lookup(func));
    DependenceGraph::Options options;
    options.chainCollectiveIssuers = trial % 2;
    DependenceGraph graph = DependenceGraph::build(body, options);
    FailureOr<BlockSimulation> sim =
        buildBlockSimulationWithGraph(body, model, graph);
    FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
    ASSERT_TRUE(succeeded(sim) && succeeded(liveness));

    std::vector<unsigned> order = randomTopologicalOrder(graph, rng);
    ASSERT_EQ(order.size(), graph.size());
    DependenceGraph movedGraph = graph.permuted(order);
    BlockSimulation movedSim = permuteBlockSimulation(*sim, movedGraph, order);
    BufferLiveness movedLiveness = liveness->permuted(order);

    applyOrder(body, sim->ops, order);
    DependenceGraph rebuiltGraph = DependenceGraph::build(body, options);
    FailureOr<BlockSimulation> rebuiltSim =
        buildBlockSimulationWithGraph(body, model, rebuiltGraph);
    FailureOr<BufferLiveness> rebuiltLiveness = BufferLiveness::build(body);
    ASSERT_TRUE(succeeded(rebuiltSim) && succeeded(rebuiltLiveness));
    expectSameGraph(movedGraph, rebuiltGraph);
    expectSameSimulation(movedSim, *rebuiltSim);
    expectSameLiveness(body, movedLiveness, *rebuiltLiveness);
    streamsRenumbered += movedSim.streamNames != sim->streamNames;
  }
  // The orders do move a group's first start before the other's.
  EXPECT_GT(streamsRenumbered, 0u);
}

// The analyses reorderBlockForMemory ordered a block with, permuted to the
// order it gave the block, equal those built on the reordered block.
TEST(PermutedAnalysesTest, ReorderForMemoryHandsOnTheRebuiltAnalyses) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadDialect<SchedDialect, func::FuncDialect>();
  std::mt19937 rng(2031);
  unsigned reordered = 0, trials = 200;
  for (unsigned trial = 0; trial < trials; ++trial) {
    SCOPED_TRACE("trial " + std::to_string(trial));
    OwningOpRef<ModuleOp> module = unittest::randomProgram(&context, rng);
    auto func = cast<func::FuncOp>(module->getBody()->back());
    Block &body = func.getBody().front();
    FailureOr<BlockMemoryAnalyses> analyses = BlockMemoryAnalyses::build(body);
    ASSERT_TRUE(succeeded(analyses));
    LowPeakOrder result =
        reorderBlockForMemory(body, *analyses, LowPeakOrderOptions());
    bool changed = result.peak != result.originalPeak;
    reordered += changed;
    BlockMemoryAnalyses moved =
        changed ? analyses->permuted(result.order) : std::move(*analyses);
    FailureOr<BlockMemoryAnalyses> rebuilt = BlockMemoryAnalyses::build(body);
    ASSERT_TRUE(succeeded(rebuilt));
    expectSameGraph(moved.graph, rebuilt->graph);
    expectSameLiveness(body, moved.liveness, rebuilt->liveness);
  }
  // Some blocks do get a lower peak.
  EXPECT_GT(reordered, 0u);
}
