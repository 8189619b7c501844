//===- StageGuard.h - keep scheduled pipeline stages that help ---*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Each stage function of a pipeline-parallel module (`sched.ranks`) is
// scheduled on its own, against its own makespan; a peer may wait on a send
// the scheduler put after compute. sched-pipeline therefore snapshots the
// stage functions before its function passes and, after them, keeps the
// scheduled stages only if the stages simulated together (PipelineSimulation)
// do not take longer than the input's. Internal to sched-pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_DIALECT_SCHED_TRANSFORMS_STAGEGUARD_H
#define SCHED_LIB_DIALECT_SCHED_TRANSFORMS_STAGEGUARD_H

#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace mlir {
namespace sched {

/// What the snapshot pass hands to the guard pass of one sched-pipeline.
struct StageSnapshot;

/// Returns a new, empty snapshot shared by the two passes below.
std::shared_ptr<StageSnapshot> createStageSnapshot();

/// A module pass that records the stage functions of the module and their
/// pipelined step (nothing without two or more stages).
std::unique_ptr<Pass>
createSnapshotStagesPass(std::shared_ptr<StageSnapshot> snapshot,
                         std::string profilePath);

/// A module pass that gives the stage functions their recorded bodies back,
/// with a remark, if the stages as scheduled take longer together than
/// they did when recorded; otherwise remarks on the step it keeps.
std::unique_ptr<Pass>
createGuardStagesPass(std::shared_ptr<StageSnapshot> snapshot,
                      std::string profilePath);

} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_DIALECT_SCHED_TRANSFORMS_STAGEGUARD_H
