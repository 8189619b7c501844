//===- BlockAnalyses.cpp - Analyses of a single-block function ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"

using namespace mlir;
using namespace mlir::sched;

FailureOr<std::optional<BlockAnalyses>>
BlockAnalyses::build(func::FuncOp func, const LoadedProfile &profile,
                     StringRef skipRemark,
                     DependenceGraph::Options graphOptions) {
  FailureOr<TargetAttr> target = lookupTargetOrEmitError(func);
  if (failed(target))
    return failure();
  if (!func.getBody().hasOneBlock()) {
    mlir::emitRemark(func.getLoc())
        << skipRemark << ": the body has more than one block";
    return std::optional<BlockAnalyses>();
  }
  FailureOr<const MeasuredProfile *> measured = profile.getOrEmitError(func);
  if (failed(measured))
    return failure();
  CostModel model(*target);
  if (*measured)
    model.setProfile(**measured);

  Block &body = func.getBody().front();
  DependenceGraph graph = DependenceGraph::build(body, graphOptions);
  FailureOr<BlockSimulation> sim =
      buildBlockSimulationWithGraph(body, model, graph);
  if (failed(sim))
    return failure();
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  if (failed(liveness))
    return failure();
  return std::optional<BlockAnalyses>(
      BlockAnalyses{std::move(model), std::move(*sim), std::move(*liveness),
                    std::move(graph)});
}
