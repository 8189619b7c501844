//===- ComputeOpInterfaceImpl.cpp - compute models for other dialects -----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/Extensions/ComputeOpInterfaceImpl.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedInterfaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
/// Compute model for an op of another dialect: its cost is the discardable
/// `sched.cost` attribute (if any), its kind is its operation name.
struct ExternalComputeModel
    : public ComputeOpInterface::FallbackModel<ExternalComputeModel> {
  CostAttr getComputeCost(Operation *op) const {
    return op->getAttrOfType<CostAttr>(SchedDialect::getCostAttrName());
  }
  StringRef getComputeKind(Operation *op) const {
    return op->getName().getStringRef();
  }
};
} // namespace

/// Attaches the model to every non-terminator op of `dialect` that does not
/// implement ComputeOpInterface already.
static void attachToDialect(MLIRContext *context, Dialect *dialect) {
  for (RegisteredOperationName name :
       context->getRegisteredOperationsByDialect(dialect->getNamespace())) {
    if (name.hasTrait<OpTrait::IsTerminator>() ||
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
