//===- PipelineGenerator.h - pipeline-parallel training steps ---*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Generates one training step of a decoder-only transformer under pipeline
// parallelism: one function per stage (`sched.ranks` names the stage's
// ranks), micro-batches in the 1F1B order, activations sent forward and
// gradients backward with `sched.collective_permute_start`, combined with
// FSDP, TP and DP inside each stage. docs/Workloads.md describes the model.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_WORKLOADS_PIPELINEGENERATOR_H
#define SCHED_WORKLOADS_PIPELINEGENERATOR_H

#include "sched/Workloads/TransformerGenerator.h"

namespace mlir {
namespace sched {

/// Shape and parallelism of a pipeline-parallel step: `base` gives the
/// model, the tokens of a micro-batch, the micro-batches and the degrees
/// inside a stage.
struct PipelineConfig {
  TransformerConfig base;
  /// Pipeline stages (ranks of a pipeline, each running `layers / pp`
  /// layers).
  int64_t pp = 2;
  /// The order of the micro-batches: 1F1B (Megatron's non-interleaved
  /// schedule), or interleaved 1F1B with `virtualStages` model chunks per
  /// stage (Megatron's interleaved schedule).
  enum class Schedule { OneFOneB, Interleaved };
  Schedule schedule = Schedule::OneFOneB;
  /// Model chunks per stage: 1 with 1F1B, at least 2 interleaved. Chunk c
  /// of the pp x virtualStages chunks runs on stage c mod pp.
  int64_t virtualStages = 1;
};

/// Checks `config`; returns a message describing the first problem, or an
/// empty string.
std::string verifyPipelineConfig(const PipelineConfig &config);

/// Generates the step of `config` in a new module, one function per stage,
/// with a `#sched.target` from `targetPreset` (or none if empty). Returns
/// null and emits an error if the configuration is invalid.
OwningOpRef<ModuleOp> generatePipelineStep(MLIRContext *context,
                                           const PipelineConfig &config,
                                           StringRef targetPreset = "");

} // namespace sched
} // namespace mlir

#endif // SCHED_WORKLOADS_PIPELINEGENERATOR_H
