//===- TransformerGenerator.h - training steps of transformers --*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Generates unscheduled sched IR for one training step of a decoder-only
// transformer under FSDP (ZeRO-3), tensor parallelism (Megatron, optionally
// with sequence parallelism) and data parallelism, in any combination. Every
// collective is waited on right after its start, where a naive tracer puts
// it; compute ops are opaque `sched.compute` ops whose flops and bytes come
// from the shapes. docs/Workloads.md describes the model in detail.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_WORKLOADS_TRANSFORMERGENERATOR_H
#define SCHED_WORKLOADS_TRANSFORMERGENERATOR_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace sched {

/// Shape and parallelism of a generated training step.
struct TransformerConfig {
  /// Model.
  int64_t layers = 2, hidden = 256, heads = 4, kvHeads = 4, ffn = 1024,
          vocab = 1024;
  /// Tokens: sequence length and sequences per micro-batch (per data-parallel
  /// rank).
  int64_t seq = 128, microBatch = 2;
  /// Gradient accumulation: forward and backward passes per step. Gradients
  /// are reduced after the last one.
  int64_t microBatches = 1;
  /// Parallelism degrees: replicated data parallelism (gradient all_reduce),
  /// sharded data parallelism (FSDP / ZeRO-3), tensor parallelism.
  int64_t dp = 1, fsdp = 1, tp = 1;
  /// Megatron sequence parallelism (needs tp > 1): norms and residuals run on
  /// a tp-th of the tokens; tp all_reduces become all_gather and
  /// reduce_scatter.
  bool sequenceParallel = false;
  /// Generate the backward pass and the optimizer step.
  bool backward = true;
  /// Recompute each layer's forward in the backward pass.
  bool activationCheckpointing = false;
  /// Write the layers as loops (`scf.for` over stacked layer parameters:
  /// forward, backward, optimizer) and the micro-batches between the first
  /// and the last as a loop, instead of unrolling them.
  bool layersAsLoops = false;
  /// The optimizer updates the parameters in place, as PyTorch's optimizers
  /// do (and JAX with donated parameter buffers): each `adam` writes its
  /// shard (`outs`), and the rolled optimizer loop writes each layer's row
  /// of the stacked parameter argument through its iteration argument.
  /// Otherwise every update is a new tensor (the rolled form a new stack).
  bool optimizerInPlace = true;
  /// GPUs per node, for the groups' `ranks_per_node`.
  int64_t gpusPerNode = 8;
  /// Element types of parameters and activations, and of gradients when
  /// they are reduced.
  std::string dtype = "bf16", gradDtype = "f32";

  /// Returns the configuration of a named preset, or nothing.
  static std::optional<TransformerConfig> getPreset(StringRef name);
  /// Returns the names of the presets.
  static ArrayRef<StringRef> getPresetNames();
};

/// Checks `config` (divisibility, positive sizes, known types); returns a
/// message describing the first problem, or an empty string.
std::string verifyConfig(const TransformerConfig &config);

/// Attaches the `#sched.target` of preset `targetPreset` to `module`, with
/// `gpusPerNode` GPUs per node; nothing if `targetPreset` is empty. Emits an
/// error at `loc` and fails if the preset is unknown.
LogicalResult attachTargetPreset(ModuleOp module, StringRef targetPreset,
                                 int64_t gpusPerNode, Location loc);

/// Generates the training step of `config` in a new module, with a
/// `#sched.target` from `targetPreset` (or none if empty). Returns null and
/// emits an error if the configuration is invalid.
OwningOpRef<ModuleOp> generateTransformerStep(MLIRContext *context,
                                              const TransformerConfig &config,
                                              StringRef targetPreset = "");

} // namespace sched
} // namespace mlir

#endif // SCHED_WORKLOADS_TRANSFORMERGENERATOR_H
