//===- FuseCompute.cpp - sched-fuse-compute -------------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The driver of sched-fuse-compute: it fuses each block with the fusion
// planner of the Scheduling library (sched/Scheduling/Fusion.h) and emits
// one remark per block.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/Scheduling/Fusion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cmath>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDFUSECOMPUTE
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {
struct SchedFuseCompute
    : public sched::impl::SchedFuseComputeBase<SchedFuseCompute> {
  using Base::Base;
  void runOnOperation() override;

private:
  /// Emits an error at `loc` for the first invalid option; fails if any.
  LogicalResult validateOptions(Location loc);
};
} // namespace

LogicalResult SchedFuseCompute::validateOptions(Location loc) {
  if (tolerance < 0)
    return mlir::emitError(loc)
           << "tolerance must be non-negative, got " << tolerance.getValue();
  // NaN fails every comparison.
  if (!(heuristicFactor >= 0) || std::isinf(heuristicFactor))
    return mlir::emitError(loc)
           << "heuristic-factor must be a finite non-negative number, got "
           << formatOption(heuristicFactor);
  if (maxFusedOps < 1)
    return mlir::emitError(loc) << "max-fused-ops must be at least 1, got 0";
  if (maxFusedReadBytes < 0)
    return mlir::emitError(loc)
           << "max-fused-read-bytes must be non-negative, got "
           << maxFusedReadBytes.getValue();
  return success();
}

/// Emits the remark of block `index` of the `numBlocks` of `func`: the pairs
/// fused, the traffic and the peak, and without `explain` the count of the
/// pairs not fused.
static void emitBlockRemark(func::FuncOp func, unsigned index,
                            unsigned numBlocks, const FusionStats &stats,
                            bool explain) {
  InFlightDiagnostic remark = emitFunctionRemark(func, index, numBlocks);
  remark << "fused " << stats.fusions << " pairs into " << stats.fusedOps
         << " ops: traffic "
         << formatBytesChange(stats.trafficBefore, stats.trafficAfter)
         << ", peak " << formatBytesChange(stats.peakBefore, stats.peakAfter);
  unsigned refused = stats.rejectedCycle + stats.rejectedOrder +
                     stats.rejectedSize + stats.rejectedBody +
                     stats.rejectedMemory + stats.rejectedExposure +
                     stats.rejectedReads;
  if (!explain && refused > 0)
    remark << "; " << refused << (refused == 1 ? " pair" : " pairs")
           << " not fused (explain=1 says why)";
}

void SchedFuseCompute::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  if (failed(validateOptions(func.getLoc())))
    return signalPassFailure();
  FusionOptions options;
  options.guard = memoryGuard;
  options.tolerance = tolerance;
  options.heuristicFactor = heuristicFactor;
  options.maxFusedOps = maxFusedOps;
  options.siblingCandidates = siblingCandidates;
  options.reorderMaxOps = reorderMaxOps;
  options.maxFusedReadBytes = maxFusedReadBytes;
  options.excludeKinds.assign(excludeKinds.begin(), excludeKinds.end());
  options.remarks = explain;

  // With a target, collectives are kept hidden by time; without, by keeping
  // the compute that runs while they are in flight.
  std::optional<CostModel> costModel;
  if (TargetAttr target = TargetAttr::lookup(func))
    costModel.emplace(target);

  bool changed = false;
  int64_t peakBefore = 0, peakAfter = 0;
  unsigned numBlocks = func.getBody().getBlocks().size();
  for (auto [index, block] : llvm::enumerate(func.getBody())) {
    FailureOr<FusionStats> stats =
        fuseComputeOps(block, options, costModel ? &*costModel : nullptr);
    if (failed(stats))
      return signalPassFailure();
    changed |= stats->fusedOps > 0;
    peakBefore = std::max(peakBefore, stats->peakBefore);
    peakAfter = std::max(peakAfter, stats->peakAfter);
    emitBlockRemark(func, index, numBlocks, *stats, explain);
  }
  if (failed(checkCapacity(func, peakAfter, peakBefore, capacityCheck)))
    return signalPassFailure();
  if (!changed)
    markAllAnalysesPreserved();
}
