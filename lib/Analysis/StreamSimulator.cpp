//===- StreamSimulator.cpp - simulate compute and comm streams ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/StreamSimulator.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;

FailureOr<SimResult> mlir::sched::simulate(ArrayRef<SimOp> ops) {
  SimResult result;
  unsigned n = ops.size();
  result.beginUs.assign(n, 0);
  result.endUs.assign(n, 0);
  std::vector<double> streamFree;
  std::vector<int> collectiveOf(n, -1);
  double now = 0;
  for (unsigned pos = 0; pos < n; ++pos) {
    const SimOp &op = ops[pos];
    for (unsigned dep : op.deps)
      if (dep >= pos)
        return failure();
    switch (op.kind) {
    case SimOp::Kind::Compute:
      result.beginUs[pos] = now;
      now += op.durationUs;
      result.endUs[pos] = now;
      result.computeBusyUs += op.durationUs;
      break;
    case SimOp::Kind::Start: {
      if (op.stream >= streamFree.size())
        streamFree.resize(op.stream + 1, 0);
      SimResult::Collective row;
      row.op = pos;
      row.wait = pos;
      row.stream = op.stream;
      row.issueUs = now;
      row.beginUs = std::max(now, streamFree[op.stream]);
      row.endUs = row.beginUs + op.durationUs;
      row.exposedUs = 0;
      streamFree[op.stream] = row.endUs;
      result.commBusyUs += op.durationUs;
      collectiveOf[pos] = result.collectives.size();
      result.collectives.push_back(row);
      result.beginUs[pos] = result.endUs[pos] = now;
      break;
    }
    case SimOp::Kind::Wait: {
      if (op.start >= pos || collectiveOf[op.start] < 0)
        return failure();
      SimResult::Collective &row = result.collectives[collectiveOf[op.start]];
      row.wait = pos;
      result.beginUs[pos] = now;
      if (row.endUs > now) {
        row.exposedUs = row.endUs - now;
        result.exposedCommUs += row.exposedUs;
        now = row.endUs;
      }
      result.endUs[pos] = now;
      break;
    }
    }
  }
  result.makespanUs = now;
  for (double free : streamFree)
    result.makespanUs = std::max(result.makespanUs, free);
  result.computeIdleUs = result.makespanUs - result.computeBusyUs;
  // Clamped: rounding can make a fully exposed step a hair below zero.
  result.overlapFraction =
      result.commBusyUs > 0
          ? std::max(0.0, 1.0 - result.exposedCommUs / result.commBusyUs)
          : 1.0;

  // Lower bounds: the busiest stream, and the longest dependence chain where
  // a wait finishes no earlier than its start plus the collective's time.
  std::vector<double> streamBusy(streamFree.size(), 0);
  for (const SimOp &op : ops)
    if (op.kind == SimOp::Kind::Start)
      streamBusy[op.stream] += op.durationUs;
  result.streamBoundUs = result.computeBusyUs;
  for (double busy : streamBusy)
    result.streamBoundUs = std::max(result.streamBoundUs, busy);
  std::vector<double> finish(n, 0);
  for (unsigned pos = 0; pos < n; ++pos) {
    const SimOp &op = ops[pos];
    double ready = 0;
    for (unsigned dep : op.deps)
      ready = std::max(ready, finish[dep]);
    if (op.kind == SimOp::Kind::Wait)
      ready = std::max(ready, finish[op.start] + ops[op.start].durationUs);
    finish[pos] =
        ready + (op.kind == SimOp::Kind::Compute ? op.durationUs : 0.0);
    result.criticalPathUs = std::max(result.criticalPathUs, finish[pos]);
  }
  return result;
}

FailureOr<BlockSimulation>
mlir::sched::buildBlockSimulation(Block &block, const CostModel &costModel) {
  BlockSimulation sim;
  DependenceGraph graph = DependenceGraph::build(block);
  SymbolTableCollection symbols;
  llvm::StringMap<unsigned> streamOf;
  for (Operation &op : block) {
    unsigned pos = sim.ops.size();
    sim.ops.push_back(&op);
    SimOp simOp;
    llvm::append_range(simOp.deps, graph.getPreds(pos));
    if (auto collective = dyn_cast<CollectiveOpInterface>(&op)) {
      FailureOr<double> time =
          costModel.getCollectiveTimeUs(collective, symbols);
      if (failed(time))
        return failure();
      StringRef group = collective.getGroupAttr().getValue();
      auto [it, inserted] = streamOf.try_emplace(group, sim.streamNames.size());
      if (inserted)
        sim.streamNames.push_back(group.str());
      simOp.kind = SimOp::Kind::Start;
      simOp.durationUs = *time;
      simOp.stream = it->second;
    } else if (auto wait = dyn_cast<WaitOp>(&op)) {
      simOp.kind = SimOp::Kind::Wait;
      Operation *start = wait.getFuture().getDefiningOp();
      std::optional<unsigned> startPos =
          start ? graph.lookup(start) : std::nullopt;
      if (!startPos)
        return op.emitError("cannot simulate a wait whose start is not in "
                            "the same block");
      simOp.start = *startPos;
    } else if (isa<ComputeOpInterface>(&op)) {
      FailureOr<double> time = costModel.getComputeTimeUs(&op);
      if (failed(time))
        return failure();
      simOp.durationUs = *time;
    }
    sim.simOps.push_back(std::move(simOp));
  }
  return sim;
}
