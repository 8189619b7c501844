//===- BufferizeCarriedFutures.cpp - loop-carried futures to buffers ------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// One-shot bufferization leaves values of a type it does not know, such as
// an `scf.for` iteration argument of type `!sched.future<tensor<...>>`, as
// they are. A future that flows through a loop or a branch would then reach
// its wait still in the tensor form. This pass gives such collectives the
// buffer form before one-shot bufferization, and retypes every value their
// futures flow into.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/Passes.h"
#include "sched/Dialect/Sched/IR/FutureFlow.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedTypes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDBUFFERIZECARRIEDFUTURES
#include "sched/Conversion/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {

struct BufferizeCarriedFuturesPass
    : public sched::impl::SchedBufferizeCarriedFuturesBase<
          BufferizeCarriedFuturesPass> {
  void runOnOperation() override;
};

/// Returns the identity-layout memref type of the tensor type `type`.
MemRefType getBufferType(RankedTensorType type) {
  return MemRefType::get(type.getShape(), type.getElementType());
}

/// Replaces the tensor-form start `start` by its buffer form: inputs read
/// through `bufferization.to_buffer`, destinations freshly allocated.
LogicalResult bufferizeStart(CollectiveOpInterface start) {
  Operation *op = start.getOperation();
  OpBuilder builder(op);
  Location loc = op->getLoc();
  SmallVector<Value> inputs, outputs;
  SmallVector<Type> carried;
  for (auto [input, resultType] :
       llvm::zip_equal(start.getInputs(), start.getResultValueTypes())) {
    auto inputType = cast<RankedTensorType>(input.getType());
    auto destType = cast<RankedTensorType>(resultType);
    if (!inputType.hasStaticShape() || !destType.hasStaticShape())
      return mlir::emitError(loc)
             << "cannot bufferize a collective whose future crosses its "
                "block on dynamically shaped tensors";
    inputs.push_back(bufferization::ToBufferOp::create(
        builder, loc, getBufferType(inputType), input, /*read_only=*/true));
    outputs.push_back(
        memref::AllocOp::create(builder, loc, getBufferType(destType)));
    carried.push_back(outputs.back().getType());
  }
  OperationState state(loc, op->getName());
  state.addOperands(inputs);
  state.addOperands(outputs);
  state.addTypes(FutureType::get(op->getContext(), carried));
  // The inherent attributes (group, dimensions) and the operand segment
  // sizes are properties; the latter change below.
  state.propertiesAttr = op->getPropertiesAsAttribute();
  state.addAttributes(op->getDiscardableAttrDictionary().getValue());
  Operation *newOp = builder.create(state);
  int32_t count = static_cast<int32_t>(inputs.size());
  newOp->setAttr("operandSegmentSizes",
                 builder.getDenseI32ArrayAttr({count, count}));
  op->getResult(0).replaceAllUsesWith(newOp->getResult(0));
  op->erase();
  return success();
}

/// Gives each value of future type that `op` defines (iteration arguments,
/// results) the type of its incoming value. Returns true if a type changed.
bool retypeFlow(Operation *op) {
  bool changed = false;
  auto retype = [&](Value value, Value incoming) {
    if (!isa<FutureType>(value.getType()) ||
        value.getType() == incoming.getType())
      return;
    value.setType(incoming.getType());
    changed = true;
  };
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    for (auto [init, arg, result] :
         llvm::zip_equal(forOp.getInitArgs(), forOp.getRegionIterArgs(),
                         forOp->getResults())) {
      retype(arg, init);
      retype(result, init);
    }
  } else if (isa<scf::IfOp, scf::ExecuteRegionOp>(op)) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (auto yield = dyn_cast<scf::YieldOp>(block.getTerminator()))
          for (auto [result, value] :
               llvm::zip(op->getResults(), yield.getOperands()))
            retype(result, value);
  }
  return changed;
}

/// Rebuilds the wait `wait`, whose future now carries buffers, and hands
/// the tensor ops after it the buffers through `bufferization.to_tensor`.
void rebuildWait(WaitOp wait) {
  OpBuilder builder(wait);
  auto newWait = WaitOp::create(builder, wait.getLoc(), wait.getFuture());
  newWait->setDiscardableAttrs(wait->getDiscardableAttrDictionary());
  for (auto [oldResult, buffer] :
       llvm::zip_equal(wait.getResults(), newWait.getResults())) {
    auto tensor = bufferization::ToTensorOp::create(
        builder, wait.getLoc(), oldResult.getType(), buffer,
        /*restrict=*/true, /*writable=*/true);
    oldResult.replaceAllUsesWith(tensor.getResult());
  }
  wait.erase();
}

void BufferizeCarriedFuturesPass::runOnOperation() {
  SmallVector<CollectiveOpInterface> starts;
  getOperation().walk([&](CollectiveOpInterface start) {
    if (!start.isBufferForm() && !getLocalWait(start))
      starts.push_back(start);
  });
  if (starts.empty())
    return;
  for (CollectiveOpInterface start : starts)
    if (failed(bufferizeStart(start)))
      return signalPassFailure();
  // Futures flow outwards and into loops; retype until nothing changes (at
  // most one round per level of nesting the future crosses).
  for (bool changed = true; changed;) {
    changed = false;
    getOperation().walk([&](Operation *op) { changed |= retypeFlow(op); });
  }
  SmallVector<WaitOp> waits;
  getOperation().walk([&](WaitOp wait) {
    if (wait.getFuture().getType().isBufferForm() &&
        llvm::any_of(wait->getResultTypes(), llvm::IsaPred<TensorType>))
      waits.push_back(wait);
  });
  for (WaitOp wait : waits)
    rebuildWait(wait);
}

} // namespace
