//===- TargetPresets.cpp - named #sched.target presets --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The numbers and their sources are listed in docs/Target.md; keep the two in
// sync. Bandwidths are per GPU and per direction, in GB/s (10^9 B/s); compute
// rates are dense (no sparsity) peak TFLOP/s.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
/// The facts of one preset, in the units of #sched.target.
struct PresetFacts {
  StringRef name;
  int64_t gpusPerNode;
  double intraBandwidth, intraLatency;
  double interBandwidth, interLatency;
  double hbmBandwidth;
  int64_t hbmCapacity;
  double fp64, fp32, tf32, bf16, fp16, fp8;
};
} // namespace

static constexpr int64_t kMiB = int64_t(1) << 20;
static constexpr int64_t kGiB = int64_t(1) << 30;

/// Sorted by name; getPresetNames() relies on it.
static const PresetFacts kPresets[] = {
    // NVIDIA A100 80GB SXM datasheet; DGX A100: one 200 Gb/s HDR NIC per GPU.
    {"a100-80gb", 8, 300.0, 1.9, 25.0, 4.0, 2039.0, 80 * kGiB, 9.7, 19.5, 156.0,
     312.0, 312.0, 0.0},
    // NVIDIA H100 SXM5 datasheet; DGX H100: one 400 Gb/s NDR NIC per GPU.
    {"h100-sxm", 8, 450.0, 1.9, 50.0, 4.0, 3350.0, 80 * kGiB, 34.0, 67.0, 494.5,
     989.5, 989.5, 1979.0},
    // NVIDIA H200 SXM datasheet (same GH100 die as H100 SXM5, HBM3e);
    // DGX H200: one 400 Gb/s NDR NIC per GPU. Capacity: the 143771 MiB that
    // nvidia-smi reports as total memory on our H200s (the datasheet's
    // "141 GB").
    {"h200-sxm", 8, 450.0, 1.9, 50.0, 4.0, 4800.0, 143771 * kMiB, 34.0, 67.0,
     494.5, 989.5, 989.5, 1979.0},
};

TargetAttr TargetAttr::getPreset(MLIRContext *context, StringRef name) {
  const PresetFacts *facts = nullptr;
  for (const PresetFacts &preset : kPresets)
    if (preset.name == name)
      facts = &preset;
  if (!facts)
    return {};

  // The attribute storage lives in the dialect: make sure it is loaded.
  context->getOrLoadDialect<SchedDialect>();
  Builder b(context);
  SmallVector<ComputeRate> rates = {{b.getF64Type(), facts->fp64},
                                    {b.getF32Type(), facts->fp32},
                                    {b.getTF32Type(), facts->tf32},
                                    {b.getBF16Type(), facts->bf16},
                                    {b.getF16Type(), facts->fp16}};
  if (facts->fp8 > 0.0) {
    rates.push_back({b.getType<Float8E4M3FNType>(), facts->fp8});
    rates.push_back({b.getType<Float8E5M2Type>(), facts->fp8});
  }
  return TargetAttr::get(
      context, facts->name, facts->gpusPerNode,
      LinkAttr::get(context, facts->intraBandwidth, facts->intraLatency),
      LinkAttr::get(context, facts->interBandwidth, facts->interLatency),
      facts->hbmBandwidth, facts->hbmCapacity, rates);
}

ArrayRef<StringRef> TargetAttr::getPresetNames() {
  static const SmallVector<StringRef> names = [] {
    SmallVector<StringRef> result;
    for (const PresetFacts &preset : kPresets)
      result.push_back(preset.name);
    return result;
  }();
  return names;
}
