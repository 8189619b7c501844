//===- Pipelines.cpp - the default scheduling pipeline --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::sched;

void mlir::sched::buildSchedPipeline(OpPassManager &pm,
                                     const SchedPipelineOptions &options) {
  // Costs and effects of calls, which the function passes cannot derive.
  pm.addPass(createSchedAnnotateCompute());
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  // Numbered first, checked by sched-verify-schedule, removed at the end.
  funcPm.addPass(createSchedRecordCollectiveOrder());
  if (options.fuse)
    funcPm.addPass(createSchedFuseCompute());
  if (options.reorder)
    funcPm.addPass(createSchedReorderForMemory());
  SchedScheduleOverlapOptions overlap;
  overlap.maxInFlight = options.maxInFlight;
  overlap.memorySlack = options.memorySlack;
  overlap.gatherCap = options.gatherCap;
  overlap.profilePath = options.profile;
  overlap.explain = options.explain;
  overlap.keepCollectiveOrder = options.keepCollectiveOrder;
  funcPm.addPass(createSchedScheduleOverlap(overlap));
  if (options.bucket) {
    SchedBucketCollectivesOptions bucket;
    bucket.profilePath = options.profile;
    bucket.order = options.bucketOrder;
    bucket.explain = options.explain;
    bucket.keepCollectiveOrder = options.keepCollectiveOrder;
    funcPm.addPass(createSchedBucketCollectives(bucket));
  }
  SchedVerifyScheduleOptions verify;
  verify.maxInFlight = options.maxInFlight;
  verify.allowReorder = !options.keepCollectiveOrder;
  funcPm.addPass(createSchedVerifySchedule(verify));
  funcPm.addPass(createSchedStripCollectiveOrder());
}

void mlir::sched::registerSchedPipelines() {
  PassPipelineRegistration<SchedPipelineOptions>(
      "sched-pipeline",
      "fuse compute, reorder for memory, schedule comm/compute overlap and "
      "verify the schedule",
      buildSchedPipeline);
}
