//===- ComputeOpInterfaceImpl.cpp - compute models for other dialects -----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/Extensions/ComputeOpInterfaceImpl.h"
#include "sched/Dialect/Sched/IR/ElementSize.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedInterfaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::sched;

//===----------------------------------------------------------------------===//
// Derived costs
//===----------------------------------------------------------------------===//

/// Returns the number of elements of a statically shaped `type`, 1 for a
/// scalar, or nothing for dynamic shapes and other types.
static std::optional<int64_t> getNumElements(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped)
    return 1;
  if (!isa<RankedTensorType, MemRefType>(type) || !shaped.hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> count = 1;
  for (int64_t dim : shaped.getShape()) {
    count = llvm::checkedMul(*count, dim);
    if (!count)
      return std::nullopt;
  }
  return count;
}

/// Returns the bytes of a value of `type`: a statically shaped tensor or
/// memref, or a scalar. Returns nothing for other types.
static std::optional<int64_t> getByteSize(Type type) {
  std::optional<int64_t> count = getNumElements(type);
  std::optional<int64_t> width = getElementByteSize(getElementTypeOrSelf(type));
  if (!count || !width)
    return std::nullopt;
  return llvm::checkedMul(*count, *width);
}

/// Returns the summed byte size of `values`, or nothing if one has no size.
static std::optional<int64_t> sumByteSizes(ValueRange values) {
  std::optional<int64_t> total = 0;
  for (Value value : values) {
    std::optional<int64_t> size = getByteSize(value.getType());
    if (!size)
      return std::nullopt;
    total = llvm::checkedAdd(*total, *size);
    if (!total)
      return std::nullopt;
  }
  return total;
}

/// Returns true for ops that count as one arithmetic operation per element:
/// arith and math ops other than constants and casts (type conversions move
/// data but do no arithmetic).
static bool isArithmetic(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return false;
  return !isa<arith::ConstantOp, CastOpInterface>(op);
}

/// Derives the cost of a linalg structured op with static shapes from its
/// loop ranges: 2 flops per iteration for contractions (a multiply and an
/// add), else one flop per arithmetic op of the body per iteration (which
/// gives 2 for convolutions, 1 for a binary elementwise op, 0 for copies,
/// transposes and fills). Bytes read are the sizes of the inputs, bytes
/// written those of the inits. Returns null for dynamic shapes.
static CostAttr deriveLinalgCost(linalg::LinalgOp op) {
  if (op.hasDynamicShape() || !op.getShapesToLoopsMap())
    return {};
  std::optional<int64_t> iterations = 1;
  for (int64_t range : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(range) || range < 0)
      return {};
    iterations = llvm::checkedMul(*iterations, range);
    if (!iterations)
      return {};
  }
  int64_t perIteration = 2;
  if (!linalg::isaContractionOpInterface(op)) {
    perIteration = 0;
    for (Operation &bodyOp : *op.getBlock())
      perIteration += isArithmetic(&bodyOp) ? 1 : 0;
  }
  std::optional<int64_t> flops = llvm::checkedMul(*iterations, perIteration);
  SmallVector<Value> inputs, inits;
  for (OpOperand *operand : op.getDpsInputOperands())
    inputs.push_back(operand->get());
  for (OpOperand &operand : op.getDpsInitsMutable())
    inits.push_back(operand.get());
  std::optional<int64_t> bytesRead = sumByteSizes(inputs);
  std::optional<int64_t> bytesWritten = sumByteSizes(inits);
  if (!flops || !bytesRead || !bytesWritten)
    return {};
  return CostAttr::get(op->getContext(), flops, bytesRead, bytesWritten,
                       /*time_ns=*/std::nullopt);
}

/// Derives the cost of an elementwise arith or math op on statically shaped
/// tensors: one flop per element of the result (none for casts), bytes read
/// are the sizes of the operands, bytes written those of the results.
/// Returns null for scalars, vectors and dynamic shapes.
static CostAttr deriveElementwiseCost(Operation *op) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() == 0)
    return {};
  Type resultType = op->getResult(0).getType();
  if (!isa<RankedTensorType>(resultType))
    return {};
  std::optional<int64_t> numElements = getNumElements(resultType);
  std::optional<int64_t> bytesRead = sumByteSizes(op->getOperands());
  std::optional<int64_t> bytesWritten = sumByteSizes(op->getResults());
  if (!numElements || !bytesRead || !bytesWritten)
    return {};
  int64_t flops = isArithmetic(op) ? *numElements : 0;
  return CostAttr::get(op->getContext(), flops, bytesRead, bytesWritten,
                       /*time_ns=*/std::nullopt);
}

/// Returns the cost derived from the shapes of `op`, or null if it has none.
static CostAttr deriveCost(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return deriveLinalgCost(linalgOp);
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return deriveElementwiseCost(op);
  return {};
}

//===----------------------------------------------------------------------===//
// External models
//===----------------------------------------------------------------------===//

namespace {
/// Compute model for an op of another dialect: its cost is the discardable
/// `sched.cost` attribute if present, else a cost derived from the shapes of
/// linalg structured ops and of elementwise arith and math ops on tensors
/// (see deriveCost), else null. Its kind is its operation name.
struct ExternalComputeModel
    : public ComputeOpInterface::FallbackModel<ExternalComputeModel> {
  CostAttr getComputeCost(Operation *op) const {
    if (auto cost =
            op->getAttrOfType<CostAttr>(SchedDialect::getCostAttrName()))
      return cost;
    return deriveCost(op);
  }
  StringRef getComputeKind(Operation *op) const {
    return op->getName().getStringRef();
  }
};
} // namespace

/// Attaches the model to every non-terminator op of `dialect` that does not
/// implement ComputeOpInterface already.
///
/// Filters getRegisteredOperations() rather than calling
/// MLIRContext::getRegisteredOperationsByDialect: with LLVM 22.1 the latter
/// returns no ops for the math, tensor and linalg dialects, which then never
/// got the model.
static void attachToDialect(MLIRContext *context, Dialect *dialect) {
  for (RegisteredOperationName name : context->getRegisteredOperations()) {
    if (&name.getDialect() != dialect ||
        name.hasTrait<OpTrait::IsTerminator>() ||
        name.hasInterface<ComputeOpInterface>())
      continue;
    name.attachInterface<ExternalComputeModel>();
  }
}

void mlir::sched::registerComputeOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, arith::ArithDialect *d) {
    attachToDialect(context, d);
  });
  registry.addExtension(+[](MLIRContext *context, math::MathDialect *d) {
    attachToDialect(context, d);
  });
  registry.addExtension(+[](MLIRContext *context, tensor::TensorDialect *d) {
    attachToDialect(context, d);
  });
  registry.addExtension(+[](MLIRContext *context, linalg::LinalgDialect *d) {
    attachToDialect(context, d);
  });
  registry.addExtension(+[](MLIRContext *context, func::FuncDialect *) {
    func::CallOp::attachInterface<ExternalComputeModel>(*context);
  });
}
