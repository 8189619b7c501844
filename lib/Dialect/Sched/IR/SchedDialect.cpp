//===- SchedDialect.cpp - sched dialect -----------------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sched;

#include "sched/Dialect/Sched/IR/SchedDialect.cpp.inc"

void SchedDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "sched/Dialect/Sched/IR/SchedOps.cpp.inc"
      >();
  registerTypes();
  registerAttributes();
}

LogicalResult SchedDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  if (attr.getName() == getTargetAttrName()) {
    if (!isa<TargetAttr>(attr.getValue()))
      return op->emitError() << "'" << getTargetAttrName()
                             << "' must be a #sched.target attribute";
    return success();
  }
  if (attr.getName() == getCostAttrName()) {
    if (!isa<CostAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getCostAttrName() << "' must be a #sched.cost attribute";
    return success();
  }
  return op->emitError() << "unknown sched dialect attribute '"
                         << attr.getName().getValue() << "'";
}
