//===- sched-gen.cpp - generate transformer training steps ----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Writes unscheduled sched IR for one training step of a decoder-only
// transformer; see docs/Workloads.md. Examples:
//
//   sched-gen --preset=llama3-8b --fsdp=8 --target=h100-sxm -o step.mlir
//   sched-gen --preset=tiny --tp=2 --sp --fsdp=2 --dp=2
//   sched-gen --preset=llama3-70b --fsdp=8 --layers-as-loops
//   sched-gen --preset=mixtral-8x7b --ep=8 --target=h100-sxm
//
//===----------------------------------------------------------------------===//

#include "sched/Tools/ToolSupport.h"
#include "sched/Workloads/MoEGenerator.h"
#include "sched/Workloads/PipelineGenerator.h"
#include "sched/Workloads/TransformerGenerator.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::sched;

namespace cl = llvm::cl;

static cl::OptionCategory category("sched-gen options");

static cl::opt<std::string>
    preset("preset",
           cl::desc("model preset (tiny, llama3-8b, llama3-70b, "
                    "gpt3-175b; mixture of experts: tiny-moe, mixtral-8x7b, "
                    "deepseek-v3); other options override it (default: "
                    "tiny)"),
           cl::init("tiny"), cl::cat(category));
static cl::opt<std::string>
    outputFile("o", cl::desc("output file (default: -, stdout)"),
               cl::value_desc("filename"), cl::init("-"), cl::cat(category));
static cl::opt<std::string>
    target("target",
           cl::desc("attach the #sched.target of this preset (a100-80gb, "
                    "h100-sxm, h200-sxm); none if empty (default: none)"),
           cl::init(""), cl::cat(category));

#define SCHED_GEN_INT_OPTION(VAR, NAME, DESC)                                  \
  static cl::opt<int64_t> VAR(NAME, cl::desc(DESC " (default: the preset's)"), \
                              cl::cat(category));
SCHED_GEN_INT_OPTION(layers, "layers", "number of layers")
SCHED_GEN_INT_OPTION(hidden, "hidden", "hidden size")
SCHED_GEN_INT_OPTION(heads, "heads", "attention heads")
SCHED_GEN_INT_OPTION(kvHeads, "kv-heads", "key/value heads (GQA)")
SCHED_GEN_INT_OPTION(ffn, "ffn", "MLP intermediate size")
SCHED_GEN_INT_OPTION(vocab, "vocab", "vocabulary size")
SCHED_GEN_INT_OPTION(seq, "seq", "sequence length")
SCHED_GEN_INT_OPTION(microBatch, "micro-batch", "sequences per micro-batch")
SCHED_GEN_INT_OPTION(microBatches, "micro-batches",
                     "micro-batches per step (gradient accumulation)")
SCHED_GEN_INT_OPTION(dp, "dp", "replicated data-parallel degree")
SCHED_GEN_INT_OPTION(fsdp, "fsdp", "sharded data-parallel (FSDP) degree")
SCHED_GEN_INT_OPTION(tp, "tp", "tensor-parallel degree")
SCHED_GEN_INT_OPTION(gpusPerNode, "gpus-per-node", "GPUs per node")
SCHED_GEN_INT_OPTION(experts, "experts", "routed experts (MoE presets)")
SCHED_GEN_INT_OPTION(topK, "top-k", "experts per token (MoE presets)")
SCHED_GEN_INT_OPTION(expertFfn, "expert-ffn",
                     "expert MLP intermediate size (MoE presets)")
SCHED_GEN_INT_OPTION(sharedExperts, "shared-experts",
                     "shared experts (MoE presets)")
SCHED_GEN_INT_OPTION(ep, "ep", "expert-parallel degree (MoE presets)")
#undef SCHED_GEN_INT_OPTION
static cl::opt<int64_t>
    pp("pp",
       cl::desc("pipeline stages, one function each, micro-batches in the "
                "1F1B order (dense presets; 1: none) (default: 1)"),
       cl::init(1), cl::cat(category));
static cl::opt<PipelineConfig::Schedule> ppSchedule(
    "pp-schedule",
    cl::desc("order of the micro-batches with --pp (default: 1f1b)"),
    cl::values(clEnumValN(PipelineConfig::Schedule::OneFOneB, "1f1b",
                          "one forward, one backward (one chunk per stage)"),
               clEnumValN(PipelineConfig::Schedule::Interleaved, "interleaved",
                          "interleaved 1F1B over --virtual-stages chunks "
                          "per stage")),
    cl::init(PipelineConfig::Schedule::OneFOneB), cl::cat(category));
static cl::opt<int64_t> virtualStages(
    "virtual-stages",
    cl::desc("model chunks per stage with --pp-schedule=interleaved "
             "(default: 2 interleaved, 1 otherwise)"),
    cl::cat(category));
static cl::opt<double> capacityFactor(
    "capacity-factor",
    cl::desc("expert capacity factor (MoE presets) (default: the preset's)"),
    cl::cat(category));
static cl::opt<bool>
    sp("sp", cl::desc("sequence parallelism (with --tp) (default: off)"),
       cl::cat(category));
static cl::opt<bool>
    forwardOnly("forward-only",
                cl::desc("no backward pass or optimizer (default: off)"),
                cl::cat(category));
static cl::opt<bool>
    checkpoint("checkpoint",
               cl::desc("activation checkpointing (default: off)"),
               cl::cat(category));
static cl::opt<bool> layersAsLoops(
    "layers-as-loops",
    cl::desc("write the layers as scf.for loops over stacked parameters "
             "(forward, backward, optimizer) and the micro-batches between "
             "the first and the last as a loop (default: off, unrolled)"),
    cl::cat(category));
static cl::opt<bool> optimizerInPlace(
    "optimizer-in-place",
    cl::desc("the optimizer writes the parameters in place (each adam's "
             "outs is its shard; rolled: the optimizer loop writes the "
             "stacked parameters through its iteration argument); "
             "=false: new tensors; dense steps without --pp only) "
             "(default: on)"),
    cl::init(true), cl::cat(category));
static cl::opt<std::string> dtype("dtype",
                                  cl::desc("parameter and activation type "
                                           "(bf16, f16, f32) (default: bf16)"),
                                  cl::cat(category));
static cl::opt<std::string>
    gradDtype("grad-dtype",
              cl::desc("gradient type (bf16, f16, f32) (default: f32)"),
              cl::cat(category));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  sched::registerSchedVersionPrinter();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "sched-gen: transformer training steps\n");
  std::optional<MoEConfig> moe = MoEConfig::getPreset(preset);
  std::optional<TransformerConfig> config =
      moe ? moe->base : TransformerConfig::getPreset(preset);
  if (!config) {
    SmallVector<StringRef> names(TransformerConfig::getPresetNames());
    llvm::append_range(names, MoEConfig::getPresetNames());
    llvm::sort(names);
    llvm::errs() << "sched-gen: unknown preset '" << preset
                 << "'; expected one of: " << llvm::join(names, ", ") << "\n";
    return 1;
  }
  auto set = [](auto &field, auto &option) {
    if (option.getNumOccurrences())
      field = option;
  };
  set(config->layers, layers);
  set(config->hidden, hidden);
  set(config->heads, heads);
  set(config->kvHeads, kvHeads);
  set(config->ffn, ffn);
  set(config->vocab, vocab);
  set(config->seq, seq);
  set(config->microBatch, microBatch);
  set(config->microBatches, microBatches);
  set(config->dp, dp);
  set(config->fsdp, fsdp);
  set(config->tp, tp);
  set(config->gpusPerNode, gpusPerNode);
  set(config->dtype, dtype);
  set(config->gradDtype, gradDtype);
  config->sequenceParallel = sp;
  config->backward = !forwardOnly;
  config->activationCheckpointing = checkpoint;
  config->layersAsLoops = layersAsLoops;
  config->optimizerInPlace = optimizerInPlace;
  if (layersAsLoops && (moe || pp != 1)) {
    llvm::errs() << "sched-gen: --layers-as-loops is not supported with "
                 << (moe ? "a mixture-of-experts preset" : "--pp") << "\n";
    return 1;
  }
  if (moe) {
    moe->base = *config;
    set(moe->experts, experts);
    set(moe->topK, topK);
    set(moe->expertFfn, expertFfn);
    set(moe->sharedExperts, sharedExperts);
    set(moe->ep, ep);
    set(moe->capacityFactor, capacityFactor);
  } else {
    cl::Option *moeOptions[] = {&experts,       &topK, &expertFfn,
                                &sharedExperts, &ep,   &capacityFactor};
    for (cl::Option *option : moeOptions)
      if (option->getNumOccurrences()) {
        llvm::errs() << "sched-gen: --" << option->ArgStr
                     << " needs a mixture-of-experts preset (tiny-moe, "
                        "mixtral-8x7b, deepseek-v3)\n";
        return 1;
      }
  }

  if (moe && pp != 1) {
    llvm::errs() << "sched-gen: --pp is not supported with a "
                    "mixture-of-experts preset\n";
    return 1;
  }
  if (pp == 1 &&
      (ppSchedule.getNumOccurrences() || virtualStages.getNumOccurrences())) {
    llvm::errs() << "sched-gen: --"
                 << (ppSchedule.getNumOccurrences() ? "pp-schedule"
                                                    : "virtual-stages")
                 << " needs --pp\n";
    return 1;
  }
  std::optional<PipelineConfig> pipeline;
  if (!moe && pp != 1) {
    pipeline = PipelineConfig{*config, pp};
    pipeline->schedule = ppSchedule;
    bool interleaved = ppSchedule == PipelineConfig::Schedule::Interleaved;
    pipeline->virtualStages = virtualStages.getNumOccurrences()
                                  ? int64_t(virtualStages)
                                  : (interleaved ? 2 : 1);
  }

  MLIRContext context;
  // Diagnostics go to stderr with the default handler.
  OwningOpRef<ModuleOp> module =
      moe        ? generateMoEStep(&context, *moe, target)
      : pipeline ? generatePipelineStep(&context, *pipeline, target)
                 : generateTransformerStep(&context, *config, target);
  if (!module)
    return 1;
  std::string message;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFile, &message);
  if (!output) {
    llvm::errs() << "sched-gen: " << message << "\n";
    return 1;
  }
  module->print(output->os());
  output->keep();
  return 0;
}
