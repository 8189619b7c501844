//===- CarriedHandles.cpp - runtime handles carried by loops --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A future that an `scf.for` carries from one iteration to the next becomes
// the i64 handle the runtime returned for the collective plus its
// destination buffers (what the wait returns). The start and the wait are
// lowered into casts between the future and those values, and the SCF
// structural type conversion then splits every future-typed iteration
// argument, result and yield operand into them; the casts cancel out.
//
//===----------------------------------------------------------------------===//

#include "CarriedHandles.h"

#include "sched/Conversion/SchedToRuntime/RuntimeCalls.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedTypes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::sched;

/// Returns the types a future of type `type` is lowered to: the handle, then
/// one buffer per value it carries.
static SmallVector<Type> getHandleTypes(FutureType type) {
  SmallVector<Type> types{IntegerType::get(type.getContext(), 64)};
  llvm::append_range(types, type.getValueTypes());
  return types;
}

void mlir::sched::replaceCarriedFuture(CollectiveOpInterface start,
                                       Value handle, OpBuilder &builder) {
  SmallVector<Value> parts{handle};
  llvm::append_range(parts, start.getOutputs());
  Value future = start.getFuture();
  auto cast = UnrealizedConversionCastOp::create(builder, start->getLoc(),
                                                 future.getType(), parts);
  future.replaceAllUsesWith(cast.getResult(0));
}

/// Lowers `wait`, whose future crossed a block, to the runtime's wait on
/// the handle cast out of the future.
static void lowerCarriedWait(WaitOp wait, ModuleOp module) {
  OpBuilder builder(wait);
  auto cast = UnrealizedConversionCastOp::create(
      builder, wait.getLoc(), getHandleTypes(wait.getFuture().getType()),
      wait.getFuture());
  buildRuntimeCall(builder, wait.getLoc(), module, "schedrt_collective_wait",
                   cast.getResult(0));
  wait.replaceAllUsesWith(cast.getResults().drop_front());
  wait.erase();
}

namespace {
/// Folds the casts the start and the wait lowerings made into the split
/// values: a cast of the handle and the buffers to a future becomes them,
/// a cast of a (split) future to them becomes its parts.
struct FoldHandleCast : public OpConversionPattern<UnrealizedConversionCastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(UnrealizedConversionCastOp cast, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (cast->getNumResults() == 1 &&
        isa<FutureType>(cast->getResult(0).getType())) {
      SmallVector<Value> parts;
      for (ValueRange operand : adaptor.getOperands())
        llvm::append_range(parts, operand);
      rewriter.replaceOpWithMultiple(cast, {parts});
      return success();
    }
    if (cast->getNumOperands() == 1 &&
        isa<FutureType>(cast->getOperand(0).getType())) {
      ValueRange parts = adaptor.getOperands().front();
      if (parts.size() != cast->getNumResults())
        return failure();
      rewriter.replaceOp(cast, parts);
      return success();
    }
    return failure();
  }
};

/// Returns true if `cast` converts to or from a future.
bool isHandleCast(UnrealizedConversionCastOp cast) {
  return llvm::any_of(cast->getOperandTypes(), llvm::IsaPred<FutureType>) ||
         llvm::any_of(cast->getResultTypes(), llvm::IsaPred<FutureType>);
}
} // namespace

/// Inlines the single-block `scf.execute_region` ops that return a future
/// (the SCF structural conversion does not split their results); fails at
/// one of several blocks.
static LogicalResult inlineFutureRegions(ModuleOp module) {
  SmallVector<scf::ExecuteRegionOp> regions;
  module.walk([&](scf::ExecuteRegionOp op) {
    if (llvm::any_of(op->getResultTypes(), llvm::IsaPred<FutureType>))
      regions.push_back(op);
  });
  for (scf::ExecuteRegionOp op : regions) {
    if (!op.getRegion().hasOneBlock())
      return mlir::emitError(op.getLoc())
             << "cannot lower the future returned by an 'scf.execute_region' "
                "of several blocks";
    Block &body = op.getRegion().front();
    Operation *yield = body.getTerminator();
    op->replaceAllUsesWith(yield->getOperands());
    yield->erase();
    op->getBlock()->getOperations().splice(op->getIterator(),
                                           body.getOperations());
    op->erase();
  }
  return success();
}

LogicalResult mlir::sched::lowerCarriedFutures(ModuleOp module) {
  SmallVector<WaitOp> waits;
  module.walk([&](WaitOp wait) { waits.push_back(wait); });
  if (waits.empty())
    return success();
  if (failed(inlineFutureRegions(module)))
    return failure();
  // Every start is lowered (a tensor-form one fails before this), so the
  // waits left are on futures that crossed a block.
  for (WaitOp wait : waits)
    lowerCarriedWait(wait, module);

  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion(
      [](FutureType type, SmallVectorImpl<Type> &results) -> LogicalResult {
        llvm::append_range(results, getHandleTypes(type));
        return success();
      });
  ConversionTarget target(*module.getContext());
  RewritePatternSet patterns(module.getContext());
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  target.addDynamicallyLegalOp<UnrealizedConversionCastOp>(
      [](UnrealizedConversionCastOp cast) { return !isHandleCast(cast); });
  patterns.add<FoldHandleCast>(converter, module.getContext());
  if (failed(applyPartialConversion(module, target, std::move(patterns))))
    return failure();

  SmallVector<UnrealizedConversionCastOp> casts;
  module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
  reconcileUnrealizedCasts(casts);
  // A future left now flows through an op the structural conversion does
  // not know (none the verifier accepts; a guard against a crash later).
  WalkResult left = module.walk([&](Operation *op) {
    for (Value value : op->getResults())
      if (isa<FutureType>(value.getType())) {
        mlir::emitError(op->getLoc())
            << "cannot lower the future carried by '" << op->getName()
            << "': the runtime handle of a collective can flow through "
               "'scf.for', 'scf.if' and 'scf.execute_region' only";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(left.wasInterrupted());
}
