//===- SchedTypes.cpp - sched dialect types -------------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedTypes.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sched;

#define GET_TYPEDEF_CLASSES
#include "sched/Dialect/Sched/IR/SchedTypes.cpp.inc"

void SchedDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "sched/Dialect/Sched/IR/SchedTypes.cpp.inc"
      >();
}

bool FutureType::isBufferForm() const {
  return !getValueTypes().empty() && isa<MemRefType>(getValueTypes().front());
}

LogicalResult FutureType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<Type> valueTypes) {
  if (valueTypes.empty())
    return emitError() << "future must carry at least one value";
  bool tensors = isa<RankedTensorType>(valueTypes.front());
  for (Type type : valueTypes) {
    if (!isa<RankedTensorType, MemRefType>(type))
      return emitError() << "future must carry ranked tensors or memrefs, got "
                         << type;
    if (isa<RankedTensorType>(type) != tensors)
      return emitError()
             << "future must carry only tensors or only memrefs, not both";
  }
  return success();
}
