//===- Report.cpp - sched-report ------------------------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Analysis/LowerBounds.h"
#include "sched/Analysis/MemoryBound.h"
#include "sched/Analysis/PipelineSimulation.h"
#include "sched/Analysis/ScheduleReport.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/Scheduling/ExactSchedule.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cmath>
#include <limits>
#include <optional>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDREPORT
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

#define DEBUG_TYPE "sched-report"

using namespace mlir;
using namespace mlir::sched;

namespace {
struct SchedReport : public sched::impl::SchedReportBase<SchedReport> {
  using Base::Base;
  void runOnOperation() override;

private:
  /// Fills the exact-solver fields of `report`, the report of `function`
  /// (if it has at most exactMaxOps ops); fails if it cannot be simulated.
  LogicalResult solveExactly(FunctionOpInterface function,
                             const CostModel &model, FunctionReport &report);
  /// Sets the memory budget of `options` for the body of `function` (with
  /// a budget option), whose report is `exact`; fails after an error.
  LogicalResult setMemoryBudget(FunctionOpInterface function,
                                ArrayRef<SimOp> simOps,
                                ExactScheduleOptions &options,
                                std::optional<BufferLiveness> &liveness,
                                FunctionReport::Exact &exact);
  /// With a budget option, fills `report.memoryBound` with the memory-aware
  /// bound of the body of `function` (a single block of at most
  /// kMaxMemoryBoundOps ops with no loops, branches or calls simulated
  /// inside); fails if it cannot be simulated.
  LogicalResult boundWithinBudget(FunctionOpInterface function,
                                  const CostModel &model,
                                  FunctionReport &report);
  /// The budget of the options for `memory` in the program order `order`.
  int64_t getBudget(const MemoryProblem &memory, ArrayRef<unsigned> order);
  /// Emits an error at `loc` for an invalid memory-budget or memory-slack.
  LogicalResult validateMemoryOptions(Location loc);
  /// Checks the options that do not depend on a function; emits an error at
  /// `module` and fails on the first that is invalid.
  LogicalResult validateOptions(ModuleOp module);
  /// Builds the report of every function with a body of `module`, costed
  /// with `profile` where given; fails after an error.
  FailureOr<std::vector<FunctionReport>>
  buildReports(ModuleOp module, const std::optional<MeasuredProfile> &profile);
  /// Writes the files the options ask for; fails after an error.
  LogicalResult writeOutputs(ModuleOp module, ArrayRef<FunctionReport> reports,
                             const std::optional<PipelineSimulation> &pipeline);
  /// Writes to `path` with `write`; reports an error on `module` on failure.
  LogicalResult writeFile(ModuleOp module, StringRef path,
                          function_ref<void(raw_ostream &)> write);
};
} // namespace

LogicalResult SchedReport::validateMemoryOptions(Location loc) {
  if (memoryBudget < 0)
    return mlir::emitError(loc)
           << "memory-budget must be a non-negative number of bytes, got "
           << static_cast<int64_t>(memoryBudget);
  if (std::isnan(memorySlack) || memorySlack < 0)
    return mlir::emitError(loc)
           << "memory-slack must be a non-negative fraction, got "
           << formatOption(memorySlack);
  return success();
}

int64_t SchedReport::getBudget(const MemoryProblem &memory,
                               ArrayRef<unsigned> order) {
  if (memoryBudget > 0)
    return memoryBudget;
  // The reported order's peak plus the slack, saturated, as
  // sched-schedule-overlap computes its budget.
  int64_t peak = computePeak(memory, order);
  double slack = peak * memorySlack;
  return slack < 0x1p62 ? peak + static_cast<int64_t>(slack)
                        : std::numeric_limits<int64_t>::max();
}

LogicalResult SchedReport::boundWithinBudget(FunctionOpInterface function,
                                             const CostModel &model,
                                             FunctionReport &report) {
  if ((memoryBudget == 0 && std::isinf(memorySlack)) || function.isExternal() ||
      !report.regions.empty() || report.ops.size() > kMaxMemoryBoundOps)
    return success();
  Block &body = function.getFunctionBody().front();
  FailureOr<BlockSimulation> sim = buildBlockSimulation(body, model);
  if (failed(sim))
    return failure();
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  if (failed(liveness))
    return failure();
  const MemoryProblem &memory = liveness->getProblem();
  if (memory.numSteps != sim->simOps.size())
    return success();
  int64_t budget = getBudget(memory, liveness->getProgramOrder());
  FailureOr<MemoryAwareBound> bound =
      computeMemoryAwareBounds(sim->simOps, memory, budget);
  if (failed(bound))
    return success();
  FunctionReport::MemoryBound row{budget,         bound->getBestUs(),
                                  bound->orderUs, bound->tailUs,
                                  bound->headUs,  bound->budgetPairs};
  report.memoryBound = row;
  return success();
}

LogicalResult SchedReport::writeFile(ModuleOp module, StringRef path,
                                     function_ref<void(raw_ostream &)> write) {
  std::string message;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &message);
  if (!file)
    return mlir::emitError(module.getLoc())
           << "cannot write '" << path << "': " << message;
  write(file->os());
  file->keep();
  return success();
}

LogicalResult SchedReport::solveExactly(FunctionOpInterface function,
                                        const CostModel &model,
                                        FunctionReport &report) {
  // The solver reorders the ops of one block: not a body whose loops,
  // branches or calls the report simulated inside.
  if (exactMaxOps == 0 || function.isExternal() ||
      report.ops.size() > exactMaxOps || !report.regions.empty())
    return success();
  FailureOr<BlockSimulation> sim =
      buildBlockSimulation(function.getFunctionBody().front(), model);
  if (failed(sim))
    return failure();
  ExactScheduleOptions options;
  options.maxNodes = exactMaxNodes;
  std::optional<BufferLiveness> liveness;
  FunctionReport::Exact row{};
  if (failed(setMemoryBudget(function, sim->simOps, options, liveness, row)))
    return failure();
  // buildFunctionReport simulated this order already, so the solver takes
  // it (at most kMaxExactOps ops, checked with the options).
  // The solver's clock has no contention: it solves the uncontended
  // problem (describeExact compares it with the uncontended step).
  FailureOr<ExactSchedule> exact =
      hasContention(sim->simOps)
          ? findExactSchedule(withoutContention(sim->simOps), {}, options)
          : findExactSchedule(sim->simOps, {}, options);
  if (failed(exact))
    return success();
  row.makespanUs = exact->makespanUs;
  row.lowerBoundUs = exact->lowerBoundUs;
  row.nodes = exact->nodes;
  row.proven = exact->proven;
  row.feasible = exact->feasible;
  row.peakBytes = exact->peakBytes;
  row.memoryBoundUs = exact->memoryBoundUs;
  report.exact = row;
  return success();
}

LogicalResult SchedReport::setMemoryBudget(
    FunctionOpInterface function, ArrayRef<SimOp> simOps,
    ExactScheduleOptions &options, std::optional<BufferLiveness> &liveness,
    FunctionReport::Exact &exact) {
  if (memoryBudget == 0 && std::isinf(memorySlack))
    return success();
  FailureOr<BufferLiveness> built =
      BufferLiveness::build(function.getFunctionBody().front());
  if (failed(built))
    return failure();
  liveness = std::move(*built);
  const MemoryProblem &memory = liveness->getProblem();
  if (memory.numSteps != simOps.size())
    return mlir::emitError(function.getLoc())
           << "cannot solve within the memory budget: the memory model has "
           << memory.numSteps << " steps and the simulation " << simOps.size();
  int64_t budget = getBudget(memory, liveness->getProgramOrder());
  options.memory = &memory;
  options.memoryBudget = budget;
  exact.memoryBudgetBytes = budget;
  return success();
}

LogicalResult SchedReport::validateOptions(ModuleOp module) {
  if (!std::isfinite(svgTimeUs) || svgTimeUs < 0)
    return mlir::emitError(module.getLoc())
           << "svg-time-us must be a non-negative number of microseconds, got "
           << svgTimeUs;
  if (exactMaxOps > kMaxExactOps)
    return mlir::emitError(module.getLoc())
           << "exact-max-ops must be at most " << kMaxExactOps << ", got "
           << static_cast<unsigned>(exactMaxOps);
  if (exactMaxNodes == 0)
    return mlir::emitError(module.getLoc())
           << "exact-max-nodes must be positive";
  if (failed(validateMemoryOptions(module.getLoc())))
    return failure();
  // A bad svg pattern fails before any function is simulated.
  unsigned numFunctions = llvm::count_if(
      module.getOps<FunctionOpInterface>(),
      [](FunctionOpInterface function) { return !function.isExternal(); });
  if (!svgPath.empty() && numFunctions > 1 &&
      !StringRef(svgPath).contains("{name}"))
    return mlir::emitError(module.getLoc())
           << "svg path '" << svgPath
           << "' must contain {name} when the module has " << numFunctions
           << " functions";
  return success();
}

FailureOr<std::vector<FunctionReport>>
SchedReport::buildReports(ModuleOp module,
                          const std::optional<MeasuredProfile> &profile) {
  std::vector<FunctionReport> reports;
  for (auto function : module.getOps<FunctionOpInterface>()) {
    if (function.isExternal())
      continue;
    FailureOr<CostModel> model =
        buildCostModel(function, profile ? &*profile : nullptr);
    if (failed(model))
      return failure();
    FailureOr<FunctionReport> report = buildFunctionReport(function, *model);
    if (failed(report) ||
        failed(checkCapacity(function, report->peakMemoryBytes, std::nullopt,
                             capacityCheck)) ||
        failed(solveExactly(function, *model, *report)) ||
        failed(boundWithinBudget(function, *model, *report)))
      return failure();
    reports.push_back(std::move(*report));
  }
  return reports;
}

/// Emits the remark of the pipeline-parallel stages of `module`, simulated
/// as `pipeline`.
static void emitPipelineRemark(ModuleOp module,
                               const PipelineSimulation &pipeline) {
  InFlightDiagnostic remark = mlir::emitRemark(module.getLoc());
  remark << "pipeline of " << pipeline.stages.size() << " stages: step "
         << llvm::formatv("{0:F3}", pipeline.makespanUs) << " us";
  for (const PipelineSimulation::Stage &stage : pipeline.stages)
    remark << "; @" << stage.name << " compute "
           << llvm::formatv("{0:F3}", stage.computeBusyUs) << " us, bubble "
           << llvm::formatv("{0:F3}", stage.bubbleUs) << " us";
}

/// Emits one remark per function of `module` with a report in `reports`.
static void emitFunctionRemarks(ModuleOp module,
                                ArrayRef<FunctionReport> reports) {
  for (auto function : module.getOps<FunctionOpInterface>()) {
    auto it = llvm::find_if(reports, [&](const FunctionReport &r) {
      return r.name == function.getName();
    });
    if (it == reports.end())
      continue;
    // At the function's location, named by its symbol: Operation's
    // emitRemark would print the whole function after it.
    std::string bound =
        describeLowerBound(it->sim.makespanUs, getLowerBoundUs(*it));
    InFlightDiagnostic remark = mlir::emitRemark(function.getLoc())
                                << "@" << it->name << ": makespan "
                                << llvm::formatv("{0:F3}", it->sim.makespanUs)
                                << " us";
    if (!bound.empty())
      remark << " (" << bound
             << (hasApplicableMemoryBound(*it) ? ", for the orders within "
                                                 "the memory budget"
                                               : "")
             << ")";
    if (it->memoryBound)
      remark << ", memory bound " << describeMemoryBound(*it);
    if (it->exact)
      remark << ", " << describeExact(*it);
    remark << ", exposed comm "
           << llvm::formatv("{0:F3}", it->sim.exposedCommUs) << " us, overlap "
           << llvm::formatv("{0:F2}", it->sim.overlapFraction)
           << ", peak memory " << formatBytes(it->peakMemoryBytes);
  }
}

LogicalResult
SchedReport::writeOutputs(ModuleOp module, ArrayRef<FunctionReport> reports,
                          const std::optional<PipelineSimulation> &pipeline) {
  if (!jsonPath.empty() &&
      failed(writeFile(module, jsonPath,
                       [&](raw_ostream &os) { writeJSONReport(reports, os); })))
    return failure();
  if (!summaryPath.empty() &&
      failed(writeFile(module, summaryPath, [&](raw_ostream &os) {
        writeSummaryTable(reports, os);
        if (pipeline)
          writePipelineSummary(*pipeline, os);
      })))
    return failure();
  if (!tracePath.empty() &&
      failed(writeFile(module, tracePath, [&](raw_ostream &os) {
        writeChromeTrace(reports, os);
      })))
    return failure();
  if (svgPath.empty())
    return success();
  StringRef pattern = svgPath;
  for (const FunctionReport &report : reports) {
    std::string path = pattern.str();
    size_t at = path.find("{name}");
    if (at != std::string::npos)
      path.replace(at, 6, report.name);
    if (failed(writeFile(module, path, [&](raw_ostream &os) {
          writeTimelineSVG(report, os, svgTimeUs);
        })))
      return failure();
  }
  return success();
}

void SchedReport::runOnOperation() {
  ModuleOp module = getOperation();
  markAllAnalysesPreserved();
  // The options first, then the profile, before any function is simulated.
  if (failed(validateOptions(module)))
    return signalPassFailure();
  FailureOr<std::optional<MeasuredProfile>> profile =
      loadProfileOrEmitError(module, profilePath);
  if (failed(profile))
    return signalPassFailure();
  FailureOr<std::vector<FunctionReport>> reports =
      buildReports(module, *profile);
  if (failed(reports))
    return signalPassFailure();
  FailureOr<std::optional<PipelineSimulation>> pipeline =
      simulatePipelineStages(module, *profile);
  if (failed(pipeline))
    return signalPassFailure();
  bool anyOutput = !jsonPath.empty() || !summaryPath.empty() ||
                   !tracePath.empty() || !svgPath.empty();
  if (anyOutput) {
    if (failed(writeOutputs(module, *reports, *pipeline)))
      signalPassFailure();
    return;
  }
  if (*pipeline)
    emitPipelineRemark(module, **pipeline);
  emitFunctionRemarks(module, *reports);
}
