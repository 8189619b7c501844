//===- BufferizableOpInterfaceImpl.cpp - sched bufferization --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A collective start reads its inputs and writes fresh destination buffers
// (the `into` operands of the buffer form); `sched.wait` returns those
// buffers. An opaque `sched.compute` reads its `ins` and writes its `outs`
// in place, or fresh buffers when it has none. Inputs and destinations are
// made contiguous, since the runtime hands them to NCCL and MPI as flat
// arrays.
//
// One-shot analysis knows only that a start reads its inputs at the start.
// The collective keeps reading them until its wait: the lowering pipeline
// runs `sched-copy-in-flight-inputs` first, which gives ops between the start
// and the wait that would write an input in place a copy, and
// `sched-verify-schedule` after, which rejects any write or free of an
// in-flight buffer, so a conflict is a compile error, never a race.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/Transforms/BufferizableOpInterfaceImpl.h"

#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedTypes.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::sched;

namespace {

/// Returns true if the elements of `type` are contiguous in row-major order.
bool isContiguous(MemRefType type) {
  return type.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(type);
}

/// Returns the buffer of tensor `value`, copied into a fresh identity-layout
/// buffer when its layout is not contiguous row-major.
FailureOr<Value> getContiguousBuffer(RewriterBase &rewriter, Location loc,
                                     Value value,
                                     const BufferizationOptions &options,
                                     BufferizationState &state) {
  FailureOr<Value> buffer = getBuffer(rewriter, value, options, state);
  if (failed(buffer))
    return failure();
  auto type = cast<MemRefType>(buffer->getType());
  if (isContiguous(type))
    return buffer;
  auto identity =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  SmallVector<Value> dynamicSizes;
  for (auto [dim, size] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(size))
      dynamicSizes.push_back(
          memref::DimOp::create(rewriter, loc, *buffer, dim));
  FailureOr<Value> alloc =
      options.createAlloc(rewriter, loc, identity, dynamicSizes);
  if (failed(alloc) ||
      failed(options.createMemCpy(rewriter, loc, *buffer, *alloc)))
    return failure();
  return alloc;
}

/// Allocates a fresh identity-layout buffer for a tensor of `type`.
FailureOr<Value> allocateFor(RewriterBase &rewriter, Location loc,
                             RankedTensorType type,
                             const BufferizationOptions &options) {
  if (!type.hasStaticShape())
    return failure();
  return options.createAlloc(
      rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
      {});
}

/// Bufferization of the collective start ops.
template <typename OpTy>
struct CollectiveStartBufferization
    : public BufferizableOpInterface::ExternalModel<
          CollectiveStartBufferization<OpTy>, OpTy> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return false;
  }
  AliasingValueList getAliasingValues(Operation *, OpOperand &,
                                      const AnalysisState &) const {
    return {};
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto start = cast<OpTy>(op);
    if (cast<CollectiveOpInterface>(op).isBufferForm())
      return success();
    Location loc = op->getLoc();
    SmallVector<Value> inputs, outputs;
    SmallVector<Type> carried;
    auto future = cast<FutureType>(start.getFuture().getType());
    for (auto [input, resultType] :
         llvm::zip_equal(start.getInputs(), future.getValueTypes())) {
      auto tensorType = cast<RankedTensorType>(resultType);
      FailureOr<Value> buffer =
          getContiguousBuffer(rewriter, loc, input, options, state);
      if (failed(buffer))
        return op->emitError("cannot bufferize the input of the collective");
      FailureOr<Value> dest = allocateFor(rewriter, loc, tensorType, options);
      if (failed(dest))
        return op->emitError("cannot allocate the destination of the "
                             "collective: its shape must be static");
      inputs.push_back(*buffer);
      outputs.push_back(*dest);
      carried.push_back(dest->getType());
    }
    OperationState newState(loc, op->getName());
    newState.addOperands(inputs);
    newState.addOperands(outputs);
    newState.addTypes(FutureType::get(op->getContext(), carried));
    typename OpTy::Properties props = start.getProperties();
    props.operandSegmentSizes = {static_cast<int32_t>(inputs.size()),
                                 static_cast<int32_t>(outputs.size())};
    newState.useProperties(props);
    newState.addAttributes(op->getDiscardableAttrDictionary().getValue());
    Operation *newOp = rewriter.create(newState);
    replaceOpWithBufferizedValues(rewriter, op, newOp->getResults());
    return success();
  }
};

/// Bufferization of `sched.wait`: its results are the destination buffers
/// of the (already bufferized) start.
struct WaitOpBufferization
    : public BufferizableOpInterface::ExternalModel<WaitOpBufferization,
                                                    WaitOp> {
  bool bufferizesToAllocation(Operation *, Value) const { return true; }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &,
                          BufferizationState &) const {
    auto wait = cast<WaitOp>(op);
    auto future = cast<FutureType>(wait.getFuture().getType());
    if (!future.isBufferForm())
      return op->emitError("cannot bufferize 'sched.wait' before the start "
                           "of its collective");
    auto newWait = WaitOp::create(rewriter, op->getLoc(), wait.getFuture());
    newWait->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    replaceOpWithBufferizedValues(rewriter, op, newWait.getResults());
    return success();
  }
};

/// Bufferization of an opaque `sched.compute`: `outs` are written in place
/// (result i is equivalent to `outs` operand i); without `outs`, each result
/// gets a fresh buffer.
struct ComputeOpBufferization
    : public BufferizableOpInterface::ExternalModel<ComputeOpBufferization,
                                                    ComputeOp> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true; // An opaque kernel may read its destinations too.
  }
  bool bufferizesToMemoryWrite(Operation *op, OpOperand &operand,
                               const AnalysisState &) const {
    auto compute = cast<ComputeOp>(op);
    return operand.getOperandNumber() >= compute.getIns().size();
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &) const {
    auto compute = cast<ComputeOp>(op);
    unsigned index = operand.getOperandNumber();
    if (index < compute.getIns().size())
      return {};
    return {{compute->getResult(index - compute.getIns().size()),
             BufferRelation::Equivalent}};
  }
  bool bufferizesToAllocation(Operation *op, Value) const {
    return cast<ComputeOp>(op).getOuts().empty();
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto compute = cast<ComputeOp>(op);
    if (!compute.isOpaque())
      return op->emitError("cannot bufferize a 'sched.compute' with a body; "
                           "run sched-inline-compute first");
    Location loc = op->getLoc();
    SmallVector<Value> ins, outs;
    for (Value input : compute.getIns()) {
      if (!isa<TensorType>(input.getType())) {
        ins.push_back(input);
        continue;
      }
      FailureOr<Value> buffer =
          getContiguousBuffer(rewriter, loc, input, options, state);
      if (failed(buffer))
        return failure();
      ins.push_back(*buffer);
    }
    if (!compute.getOuts().empty()) {
      for (Value out : compute.getOuts()) {
        FailureOr<Value> buffer = getBuffer(rewriter, out, options, state);
        if (failed(buffer))
          return failure();
        if (!isContiguous(cast<MemRefType>(buffer->getType())))
          return op->emitError("cannot bufferize an opaque 'sched.compute' "
                               "whose destination is not contiguous");
        outs.push_back(*buffer);
      }
    } else {
      for (Type type : compute->getResultTypes()) {
        auto tensorType = dyn_cast<RankedTensorType>(type);
        FailureOr<Value> buffer =
            tensorType ? allocateFor(rewriter, loc, tensorType, options)
                       : FailureOr<Value>(failure());
        if (failed(buffer))
          return op->emitError("cannot allocate the result of the "
                               "'sched.compute': its shape must be static");
        outs.push_back(*buffer);
      }
    }
    auto newOp =
        ComputeOp::create(rewriter, loc, TypeRange(), compute.getKindAttr(),
                          ins, outs, compute.getCostAttr());
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    replaceOpWithBufferizedValues(rewriter, op, outs);
    return success();
  }
};

} // namespace

void mlir::sched::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, SchedDialect *) {
    AllGatherStartOp::attachInterface<
        CollectiveStartBufferization<AllGatherStartOp>>(*ctx);
    ReduceScatterStartOp::attachInterface<
        CollectiveStartBufferization<ReduceScatterStartOp>>(*ctx);
    AllReduceStartOp::attachInterface<
        CollectiveStartBufferization<AllReduceStartOp>>(*ctx);
    AllToAllStartOp::attachInterface<
        CollectiveStartBufferization<AllToAllStartOp>>(*ctx);
    BroadcastStartOp::attachInterface<
        CollectiveStartBufferization<BroadcastStartOp>>(*ctx);
    CollectivePermuteStartOp::attachInterface<
        CollectiveStartBufferization<CollectivePermuteStartOp>>(*ctx);
    WaitOp::attachInterface<WaitOpBufferization>(*ctx);
    ComputeOp::attachInterface<ComputeOpBufferization>(*ctx);
  });
}
