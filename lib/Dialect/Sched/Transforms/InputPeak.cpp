//===- InputPeak.cpp - record the peak memory sched-pipeline got ----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// sched-schedule-overlap measures its memory budget from the peak of the
// program as sched-pipeline got it, before loop pipelining, fusion and memory
// reordering changed it (Inductor's OverlapScheduler measures from the traced
// graph's peak too). This pass records that peak on each function as
// `sched.input_peak`, which the overlap pass reads and removes. Internal to
// sched-pipeline (declared in Passes.h for tools that replay its stages).
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
/// A module pass, not a function pass: the errors of a body the buffer
/// model cannot size are dropped by a handler of the whole context, which
/// must not swallow the diagnostics of functions other threads work on.
struct RecordInputPeak
    : public PassWrapper<RecordInputPeak, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RecordInputPeak)

  StringRef getArgument() const final { return "sched-record-input-peak"; }
  StringRef getDescription() const final {
    return "record the peak memory of each function as sched-pipeline got it";
  }
  void runOnOperation() override {
    // A body the buffer model cannot size is reported by the overlap pass,
    // once: the errors of this attempt are dropped.
    ScopedDiagnosticHandler quiet(&getContext(),
                                  [](Diagnostic &) { return success(); });
    // Only a discardable attribute that no analysis reads: MLIR's verifier
    // need not run again after this pass (0.2 G instructions at 100k ops).
    markAllAnalysesPreserved();
    Builder builder(&getContext());
    getOperation().walk([&](func::FuncOp func) {
      if (func.isExternal() || !func.getBody().hasOneBlock())
        return;
      // The whole function's peak (a nested block's on top of what is live
      // around its op): the body's where it has no nested blocks, and the
      // peak the overlap pass budgets from on its whole-function path
      // (getFunctionPeak, with the body's liveness kept).
      Block &body = func.getBody().front();
      FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
      if (failed(liveness))
        return;
      FailureOr<std::vector<int64_t>> timeline =
          getNestedMemoryTimeline(body, *liveness);
      if (failed(timeline))
        return;
      int64_t peak = 0;
      for (int64_t bytes : *timeline)
        peak = std::max(peak, bytes);
      func->setDiscardableAttr(SchedDialect::getInputPeakAttrName(),
                               builder.getI64IntegerAttr(peak));
      // Left to sched-reorder-for-memory (SharedBlockAnalyses), which
      // would build it again for the same body.
      getAnalysisManager()
          .nest(func)
          .getAnalysis<SharedBlockAnalyses>()
          .storeLiveness(std::move(*liveness));
    });
  }
};
} // namespace

std::unique_ptr<Pass> mlir::sched::createRecordInputPeakPass() {
  return std::make_unique<RecordInputPeak>();
}
