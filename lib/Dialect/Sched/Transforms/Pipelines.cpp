//===- Pipelines.cpp - the default scheduling pipeline --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "PipelineSearch.h"
#include "StageGuard.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <cmath>
#include <optional>
#include <string>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// The pipeline that invalid sched-pipeline options build: reports the
/// error at every function with a body (at the module if there is none) and
/// fails, so that no pass runs with them.
struct PipelineOptionError
    : public PassWrapper<PipelineOptionError, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PipelineOptionError)

  explicit PipelineOptionError(std::string message)
      : message(std::move(message)) {}
  StringRef getArgument() const final { return "sched-pipeline-option-error"; }
  StringRef getDescription() const final {
    return "report an invalid sched-pipeline option";
  }
  void runOnOperation() override {
    bool any = false;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      mlir::emitError(func.getLoc()) << message;
      any = true;
    }
    if (!any)
      mlir::emitError(getOperation().getLoc()) << message;
    signalPassFailure();
  }

  std::string message;
};
} // namespace

/// Returns the message for the first invalid option of `options`, if any.
static std::optional<std::string>
validatePipelineOptions(const SchedPipelineOptions &options) {
  if (options.maxInFlight < 0)
    return "max-in-flight must be non-negative (0: search the caps), got " +
           std::to_string(options.maxInFlight);
  if (options.maxInFlightBytes < 0)
    return "max-in-flight-bytes must be non-negative (0: no byte cap), got " +
           std::to_string(options.maxInFlightBytes);
  if (options.memoryAllowance < 0)
    return "memory-allowance must be non-negative, got " +
           std::to_string(options.memoryAllowance);
  if (options.collectiveAllowance < 0)
    return "collective-allowance must be non-negative (0: no allowance for "
           "the largest collective), got " +
           std::to_string(options.collectiveAllowance);
  // NaN fails every comparison: `memory-slack=nan` would be no limit.
  if (!(options.memorySlack >= 0) || std::isinf(options.memorySlack))
    return "memory-slack must be a finite non-negative fraction, got " +
           formatOption(options.memorySlack);
  if (!(options.trimTolerance >= 0) || std::isinf(options.trimTolerance))
    return "trim-tolerance must be a finite non-negative fraction, got " +
           formatOption(options.trimTolerance);
  if (!(options.trimExchangeRate >= 0) || std::isinf(options.trimExchangeRate))
    return "trim-exchange-rate must be a finite non-negative number, got " +
           formatOption(options.trimExchangeRate);
  if (options.memoryBudget < 0)
    return "memory-budget must be non-negative (0: the input's peak plus "
           "memory-allowance or memory-slack), got " +
           std::to_string(options.memoryBudget);
  if (options.memoryBudget > 0 && options.memorySlack.hasValue())
    return std::string("memory-budget and memory-slack are two limits for the "
                       "same schedule; give one of them");
  if (options.memoryBudget > 0 && options.memoryAllowance.hasValue())
    return std::string("memory-budget and memory-allowance are two limits for "
                       "the same schedule; give one of them");
  if (options.memoryBudget > 0 && options.collectiveAllowance.hasValue())
    return std::string("memory-budget and collective-allowance are two limits "
                       "for the same schedule; give one of them");
  return std::nullopt;
}

SchedScheduleOverlapOptions
mlir::sched::getPipelineOverlapOptions(const SchedPipelineOptions &options) {
  SchedScheduleOverlapOptions overlap;
  overlap.maxInFlight = options.maxInFlight;
  overlap.maxInFlightBytes = options.maxInFlightBytes;
  overlap.gatherCap = options.gatherCap;
  overlap.profilePath = options.profile;
  overlap.keepCollectiveOrder = options.keepCollectiveOrder;
  return overlap;
}

void mlir::sched::addSchedFunctionPasses(OpPassManager &funcPm,
                                         const SchedPipelineOptions &options,
                                         bool trimBudget) {
  // Loops first: the rotation clones collectives, which must then be
  // numbered once each. A function without a loop that communicates is left
  // as it is, without a remark.
  if (options.pipelineLoops) {
    SchedPipelineLoopCollectivesOptions loops;
    // The loop pass's own cap unless one is given (it does not search).
    if (options.maxInFlight > 0)
      loops.maxInFlight = options.maxInFlight;
    loops.memorySlack = options.memorySlack;
    loops.memoryBudget = options.memoryBudget;
    loops.keepCollectiveOrder = options.keepCollectiveOrder;
    loops.explain = options.explain;
    funcPm.addPass(createSchedPipelineLoopCollectives(loops));
  }
  // Numbered first, checked by sched-verify-schedule, removed at the end.
  funcPm.addPass(createSchedRecordCollectiveOrder());
  // The capacity is checked once, by sched-schedule-overlap: the other
  // stages do not raise the peak over it (reordering lowers it before,
  // bucketing keeps it within the budget the overlap pass recorded).
  if (options.fuse) {
    SchedFuseComputeOptions fuse;
    fuse.capacityCheck = CapacityCheck::Off;
    fuse.explain = options.explain;
    funcPm.addPass(createSchedFuseCompute(fuse));
  }
  if (options.reorder) {
    SchedReorderForMemoryOptions reorder;
    reorder.capacityCheck = CapacityCheck::Off;
    funcPm.addPass(createSchedReorderForMemory(reorder));
  }
  SchedScheduleOverlapOptions overlap = getPipelineOverlapOptions(options);
  overlap.memorySlack = options.memorySlack;
  overlap.memoryAllowance = options.memoryAllowance;
  overlap.collectiveAllowance = options.collectiveAllowance;
  // The cap it keeps (sched.max_in_flight) is the one bucketing and the
  // verifier keep; the strip pass removes it.
  overlap.recordCap = true;
  overlap.trimBudget = trimBudget;
  overlap.trimTolerance = options.trimTolerance;
  overlap.trimExchangeRate = options.trimExchangeRate;
  overlap.memoryBudget = options.memoryBudget;
  overlap.explain = options.explain;
  overlap.capacityCheck = options.capacityCheck;
  funcPm.addPass(createSchedScheduleOverlap(overlap));
  if (options.bucket) {
    SchedBucketCollectivesOptions bucket;
    bucket.profilePath = options.profile;
    bucket.order = options.bucketOrder;
    bucket.explain = options.explain;
    bucket.keepCollectiveOrder = options.keepCollectiveOrder;
    bucket.maxInFlight = options.maxInFlight;
    bucket.capacityCheck = CapacityCheck::Off;
    funcPm.addPass(createSchedBucketCollectives(bucket));
  }
  // The peak of the schedule made, lowered where the step allows.
  if (options.reorderRuns) {
    SchedReorderForMemoryOptions runs;
    runs.keepStep = true;
    runs.profilePath = options.profile;
    runs.capacityCheck = CapacityCheck::Off;
    funcPm.addPass(createSchedReorderForMemory(runs));
  }
  SchedVerifyScheduleOptions verify;
  verify.maxInFlight = options.maxInFlight;
  verify.allowReorder = !options.keepCollectiveOrder;
  funcPm.addPass(createSchedVerifySchedule(verify));
  funcPm.addPass(createSchedStripCollectiveOrder());
}

void mlir::sched::buildSchedPipeline(OpPassManager &pm,
                                     const SchedPipelineOptions &options) {
  std::optional<std::string> error = validatePipelineOptions(options);
  if (!error)
    error = validateSearchOptions(options);
  if (error) {
    pm.addPass(std::make_unique<PipelineOptionError>(std::move(*error)));
    return;
  }
  // Costs and effects of calls, which the function passes cannot derive.
  pm.addPass(createSchedAnnotateCompute());
  // Stages of a pipeline-parallel module are scheduled one at a time: the
  // scheduled stages are kept only if they do not take longer together.
  std::shared_ptr<StageSnapshot> stages = createStageSnapshot();
  pm.addPass(createSnapshotStagesPass(stages, options.profile));
  // The peak the overlap budget is measured from: the input's, before loop
  // pipelining, fusion and reordering change it (sched.input_peak, removed
  // by the overlap pass; each variant of the search starts from a copy that
  // has it).
  pm.addPass(createRecordInputPeakPass());
  // With search=1, the function passes themselves; otherwise the search,
  // which runs them once per variant (PipelineSearch.cpp).
  if (options.search == 1)
    addSchedFunctionPasses(pm.nest<func::FuncOp>(), options);
  else
    addPipelineSearch(pm, options);
  pm.addPass(createGuardStagesPass(stages, options.profile));
}

void mlir::sched::registerSchedPipelines() {
  PassPipelineRegistration<SchedPipelineOptions>(
      "sched-pipeline",
      "fuse compute, reorder for memory, schedule comm/compute overlap and "
      "verify the schedule",
      buildSchedPipeline);
}
