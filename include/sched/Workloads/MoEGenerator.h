//===- MoEGenerator.h - mixture-of-experts training steps ------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Generates unscheduled sched IR for one training step of a decoder-only
// mixture-of-experts transformer under expert parallelism (token dispatch
// and combine as all_to_all on an `@ep` group), combined with FSDP, TP and
// DP. Every collective is waited on right after its start. docs/Workloads.md
// describes the model.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_WORKLOADS_MOEGENERATOR_H
#define SCHED_WORKLOADS_MOEGENERATOR_H

#include "sched/Workloads/TransformerGenerator.h"

namespace mlir {
namespace sched {

/// Shape and parallelism of a generated mixture-of-experts training step.
/// `base` holds the dense part (attention, tokens, degrees); its `ffn` is
/// unused: the MLP of every layer is the expert layer.
struct MoEConfig {
  TransformerConfig base;
  /// Routed experts, experts each token goes to, and each expert's MLP
  /// intermediate size.
  int64_t experts = 4, topK = 2, expertFfn = 512;
  /// Shared experts every token goes through (DeepSeek style), with the
  /// intermediate size `expertFfn` each.
  int64_t sharedExperts = 0;
  /// Expert-parallel degree: the experts are split over `ep` ranks, each
  /// of which also holds its own tokens (data parallel for the dense part).
  int64_t ep = 1;
  /// Expert capacity: each expert takes at most
  /// ceil(capacityFactor x tokens x topK / experts) tokens of a rank.
  double capacityFactor = 1.25;

  /// Returns the configuration of a named preset, or nothing.
  static std::optional<MoEConfig> getPreset(StringRef name);
  /// Returns the names of the presets.
  static ArrayRef<StringRef> getPresetNames();
};

/// Checks `config`; returns a message describing the first problem, or an
/// empty string.
std::string verifyMoEConfig(const MoEConfig &config);

/// Generates the training step of `config` in a new module, with a
/// `#sched.target` from `targetPreset` (or none if empty). Returns null and
/// emits an error if the configuration is invalid.
OwningOpRef<ModuleOp> generateMoEStep(MLIRContext *context,
                                      const MoEConfig &config,
                                      StringRef targetPreset = "");

} // namespace sched
} // namespace mlir

#endif // SCHED_WORKLOADS_MOEGENERATOR_H
