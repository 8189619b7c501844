//===- AttachTarget.cpp - build and attach a #sched.target ----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDATTACHTARGET
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {
struct SchedAttachTarget
    : public sched::impl::SchedAttachTargetBase<SchedAttachTarget> {
  using Base::Base;

  void runOnOperation() override;
};
} // namespace

/// Returns `override` if it was given (non-negative), else `value`.
template <typename T> static T pick(T value, T override) {
  return override >= 0 ? override : value;
}

/// Emits an error at `loc` if an override of a double fact is not a
/// number or infinite (NaN would fail the `>= 0` test of `pick` and keep the
/// preset's value silently).
static LogicalResult checkFinite(Location loc, StringRef name, double value) {
  if (std::isfinite(value))
    return success();
  return mlir::emitError(loc)
         << name << " must be a finite number, got " << formatOption(value);
}

void SchedAttachTarget::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *context = &getContext();
  for (auto [name, value] : {std::pair<StringRef, double>{
                                 "intra-node-bandwidth", intraNodeBandwidth},
                             {"intra-node-latency", intraNodeLatency},
                             {"inter-node-bandwidth", interNodeBandwidth},
                             {"inter-node-latency", interNodeLatency},
                             {"hbm-bandwidth", hbmBandwidth}})
    if (failed(checkFinite(module.getLoc(), name, value)))
      return signalPassFailure();

  TargetAttr base = TargetAttr::getPreset(context, preset);
  if (!base) {
    mlir::emitError(module.getLoc())
        << "unknown target preset '" << preset << "'; expected one of: "
        << llvm::join(TargetAttr::getPresetNames(), ", ");
    return signalPassFailure();
  }

  auto emitError = [&] { return mlir::emitError(module.getLoc()); };
  LinkAttr intra = LinkAttr::getChecked(
      emitError, context,
      pick(base.getIntraNode().getBandwidth().convertToDouble(),
           intraNodeBandwidth.getValue()),
      pick(base.getIntraNode().getLatency().convertToDouble(),
           intraNodeLatency.getValue()));
  LinkAttr inter = LinkAttr::getChecked(
      emitError, context,
      pick(base.getInterNode().getBandwidth().convertToDouble(),
           interNodeBandwidth.getValue()),
      pick(base.getInterNode().getLatency().convertToDouble(),
           interNodeLatency.getValue()));
  if (!intra || !inter)
    return signalPassFailure();

  // Overrides are not range-checked here: an invalid one (e.g. zero GB/s)
  // reaches the attribute verifier, which names the offending fact.
  TargetAttr target = TargetAttr::getChecked(
      emitError, context, base.getName(),
      pick<int64_t>(base.getGpusPerNode(), gpusPerNode), intra, inter,
      pick(base.getHbmBandwidth().convertToDouble(), hbmBandwidth.getValue()),
      pick<int64_t>(base.getHbmCapacity(), hbmCapacity), base.getCompute());
  if (!target)
    return signalPassFailure();
  module->setAttr(SchedDialect::getTargetAttrName(), target);
}
