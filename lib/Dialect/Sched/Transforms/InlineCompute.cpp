//===- InlineCompute.cpp - splice sched.compute bodies in place -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDINLINECOMPUTE
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {

struct InlineComputePass
    : public sched::impl::SchedInlineComputeBase<InlineComputePass> {
  void runOnOperation() override {
    SmallVector<ComputeOp> bodies;
    getOperation().walk([&](ComputeOp op) {
      if (!op.isOpaque())
        bodies.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    // Inner ops first (the walk is post-order): a body may itself hold
    // compute ops (after fusion).
    for (ComputeOp op : bodies) {
      Block &body = op.getBodyBlock();
      auto yield = cast<YieldOp>(body.getTerminator());
      SmallVector<Value> arguments(op.getIns());
      llvm::append_range(arguments, op.getOuts());
      // Inline first, so that yielded block arguments are remapped too.
      rewriter.inlineBlockBefore(&body, op, arguments);
      rewriter.replaceOp(op, yield.getValues());
      rewriter.eraseOp(yield);
    }
  }
};

} // namespace
