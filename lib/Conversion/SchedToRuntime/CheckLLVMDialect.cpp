//===- CheckLLVMDialect.cpp - only translatable ops after the lowering ----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Reports every op that sched-lower-to-llvm left outside the dialects that
// mlir-translate translates, at its own location, so that the user sees it in
// their file rather than as a parse error in an intermediate file.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDCHECKLLVMDIALECT
#include "sched/Conversion/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {

/// Returns whether mlir-translate translates `op` itself: an op of the LLVM
/// or the GPU dialect, or the builtin module.
bool isTranslatable(Operation *op) {
  return isa<ModuleOp>(op) ||
         isa_and_nonnull<LLVM::LLVMDialect, gpu::GPUDialect>(op->getDialect());
}

struct CheckLLVMDialectPass
    : public sched::impl::SchedCheckLLVMDialectBase<CheckLLVMDialectPass> {
  void runOnOperation() override {
    llvm::StringSet<> reported;
    bool failedAny = false;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isTranslatable(op))
        return isa_and_nonnull<gpu::GPUDialect>(op->getDialect())
                   ? WalkResult::skip()
                   : WalkResult::advance();
      failedAny = true;
      if (reported.insert(op->getName().getStringRef()).second)
        op->emitError() << "'" << op->getName()
                        << "' is left after the lowering to the LLVM dialect; "
                           "mlir-translate cannot translate it";
      return WalkResult::skip();
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
