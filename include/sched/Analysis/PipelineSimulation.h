//===- PipelineSimulation.h - simulate pipeline stages together -*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Simulates the stage-specific functions of a module (those with
// `sched.ranks`) side by side, each with the stream model of
// StreamSimulator.h, where a collective of a group that links several
// stages (whose ranks run several of the functions) begins only once every
// member stage has issued it. This gives the pipelined step time and each
// stage's bubble (the time its compute stream is not busy), which the
// per-function simulation cannot see: there a receive costs only its
// transfer, not the wait for the sending stage.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_PIPELINESIMULATION_H
#define SCHED_ANALYSIS_PIPELINESIMULATION_H

#include "sched/Analysis/StreamSimulator.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir {
namespace sched {

/// One stage function to simulate: its name, the global ranks that run it
/// and its simulation input (program order of its body).
struct PipelineStageInput {
  std::string name;
  SmallVector<int64_t> ranks;
  BlockSimulation sim;
};

/// The simulated pipeline.
struct PipelineSimulation {
  struct Stage {
    std::string name;
    /// When the stage's last op ends, the time its compute stream ran, and
    /// the step time minus that (its bubble).
    double endUs = 0, computeBusyUs = 0, bubbleUs = 0;
  };
  std::vector<Stage> stages;
  /// The pipelined step: the latest end of any stage.
  double makespanUs = 0;
};

/// Simulates `stages` side by side; `module` gives the process groups
/// (their `ranks` as global ranks). Emits an error at `module` and fails if
/// the stages deadlock (a wait whose collective some member never issues).
FailureOr<PipelineSimulation>
simulatePipeline(ModuleOp module, ArrayRef<PipelineStageInput> stages);

/// Writes the pipeline section of the summary table: per stage its compute
/// time and bubble.
void writePipelineSummary(const PipelineSimulation &pipeline, raw_ostream &os);

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_PIPELINESIMULATION_H
