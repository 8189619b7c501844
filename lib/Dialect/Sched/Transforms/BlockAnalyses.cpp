//===- BlockAnalyses.cpp - Analyses of a single-block function ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Dialect/Sched/IR/FutureFlow.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"

#include "llvm/Support/Format.h"

#include <cmath>

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
  // The block's simulation pairs each start with its wait in the block.
  if (Operation *crossing = findBlockCrossingFuture(func.getBody().front())) {
    mlir::emitRemark(crossing->getLoc())
        << skipRemark << ": this '" << crossing->getName()
        << "' has its future carried through an 'scf.for' or 'scf.if'; the "
           "simulation of a block needs each of its starts waited on in it";
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

LogicalResult mlir::sched::checkCapacity(FunctionOpInterface func, int64_t peak,
                                         std::optional<int64_t> inputPeak,
                                         CapacityCheck check) {
  if (check == CapacityCheck::Off)
    return success();
  TargetAttr target = TargetAttr::lookup(func);
  if (!target || peak <= target.getHbmCapacity())
    return success();
  InFlightDiagnostic diag = check == CapacityCheck::Error
                                ? mlir::emitError(func.getLoc())
                                : mlir::emitWarning(func.getLoc());
  diag << "peak memory of " << formatBytes(peak)
       << " exceeds the HBM capacity of "
       << formatBytes(target.getHbmCapacity()) << " of target '"
       << target.getName() << "'";
  if (inputPeak && *inputPeak != peak)
    diag << " (the input needed " << formatBytes(*inputPeak) << ")";
  return failure(check == CapacityCheck::Error);
}

InFlightDiagnostic mlir::sched::emitFunctionRemark(func::FuncOp func,
                                                   unsigned index,
                                                   unsigned numBlocks) {
  InFlightDiagnostic remark = mlir::emitRemark(func.getLoc());
  remark << "@" << func.getSymName() << ": ";
  if (numBlocks > 1)
    remark << "block " << index << ": ";
  return remark;
}

LogicalResult mlir::sched::validateOverlapOptions(Location loc,
                                                  int64_t maxInFlight,
                                                  double memorySlack,
                                                  int64_t memoryBudget) {
  if (maxInFlight < 1)
    return mlir::emitError(loc)
           << "max-in-flight must be at least 1, got " << maxInFlight;
  // NaN fails every comparison: `memory-slack=nan` would be no limit.
  if (!(memorySlack >= 0) || std::isinf(memorySlack))
    return mlir::emitError(loc)
           << "memory-slack must be a finite non-negative fraction, got "
           << formatOption(memorySlack);
  if (memoryBudget < 0)
    return mlir::emitError(loc)
           << "memory-budget must be non-negative (0: the input's peak plus "
              "memory-slack), got "
           << memoryBudget;
  return success();
}

std::string mlir::sched::formatOption(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value > 0 ? "inf" : "-inf";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%g", value);
  return text;
}

FailureOr<std::optional<PipelineSimulation>>
mlir::sched::simulatePipelineStages(
    ModuleOp module, const std::optional<MeasuredProfile> &profile) {
  std::vector<PipelineStageInput> stages;
  for (auto function : module.getOps<FunctionOpInterface>()) {
    auto ranks = function->getAttrOfType<DenseI64ArrayAttr>(getRanksAttrName());
    if (!ranks || function.isExternal())
      continue;
    if (!llvm::hasSingleElement(function.getFunctionBody())) {
      mlir::emitError(function.getLoc())
          << "pipeline simulation needs stage functions of one block";
      return failure();
    }
    FailureOr<TargetAttr> target = lookupTargetOrEmitError(function);
    if (failed(target))
      return failure();
    CostModel model(*target);
    if (profile)
      model.setProfile(*profile);
    FailureOr<BlockSimulation> sim =
        buildBlockSimulation(function.getFunctionBody().front(), model);
    if (failed(sim))
      return failure();
    stages.push_back({function.getName().str(),
                      SmallVector<int64_t>(ranks.asArrayRef()),
                      std::move(*sim)});
  }
  if (stages.size() < 2)
    return std::optional<PipelineSimulation>();
  FailureOr<PipelineSimulation> pipeline = simulatePipeline(module, stages);
  if (failed(pipeline))
    return failure();
  return std::optional<PipelineSimulation>(std::move(*pipeline));
}
