//===- SchedDialect.cpp - sched dialect -----------------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"
#include "sched/Dialect/Sched/IR/SchedTypes.h"
#include "sched/Dialect/Sched/IR/SchedViewAttr.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
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

/// Verifies a `sched.view` marker on `op`: a unit attribute on a
/// `sched.compute` with a shaped first `ins` operand and no tensor `outs`.
static LogicalResult verifyViewMarker(Operation *op, Attribute value) {
  if (!isa<UnitAttr>(value))
    return op->emitError() << "'" << getViewAttrName()
                           << "' must be a unit attribute";
  auto compute = dyn_cast<ComputeOp>(op);
  if (!compute)
    return op->emitError() << "'" << getViewAttrName()
                           << "' is only valid on a sched.compute";
  if (compute.getIns().empty() ||
      !isa<ShapedType>(compute.getIns().front().getType()))
    return op->emitError() << "'" << getViewAttrName()
                           << "' needs a shaped first 'ins' operand to view";
  if (llvm::any_of(compute.getOuts(),
                   [](Value out) { return isa<TensorType>(out.getType()); }))
    return op->emitError() << "'" << getViewAttrName()
                           << "' is not valid on a sched.compute with tensor "
                              "'outs' (its results alias the outs)";
  return success();
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
  if (attr.getName() == getEffectsAttrName()) {
    if (!isa<CallOpInterface, CallableOpInterface>(op))
      return op->emitError() << "'" << getEffectsAttrName()
                             << "' is only valid on a call or a function";
    auto value = dyn_cast<StringAttr>(attr.getValue());
    if (!value || (value.getValue() != "none" && value.getValue() != "args"))
      return op->emitError()
             << "'" << getEffectsAttrName() << "' must be \"none\" or \"args\"";
    return success();
  }
  if (attr.getName() == getDimBoundsAttrName()) {
    // A tensor-form collective bounds the values its future carries (a
    // bucket one per value).
    if (auto collective = dyn_cast<CollectiveOpInterface>(op);
        collective && !collective.isBufferForm())
      return verifyDimBounds(op, attr.getValue(),
                             collective.getResultValueTypes().size());
    return verifyDimBounds(op, attr.getValue(), op->getNumResults());
  }
  if (attr.getName() == getPipelineDepthAttrName()) {
    auto depth = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<LoopLikeOpInterface>(op) || !depth ||
        !depth.getType().isInteger(64) || depth.getInt() < 1)
      return op->emitError() << "'" << getPipelineDepthAttrName()
                             << "' must be a positive i64 on a loop";
    return success();
  }
  if (attr.getName() == getViewAttrName())
    return verifyViewMarker(op, attr.getValue());
  if (attr.getName() == getTripCountBoundAttrName()) {
    if (!isa<LoopLikeOpInterface>(op))
      return op->emitError() << "'" << getTripCountBoundAttrName()
                             << "' is only valid on a loop";
    auto bound = dyn_cast<IntegerAttr>(attr.getValue());
    if (!bound || bound.getValue().isNegative())
      return op->emitError() << "'" << getTripCountBoundAttrName()
                             << "' must be a non-negative integer";
    return success();
  }
  if (attr.getName() == getInputPeakAttrName() ||
      attr.getName() == getMaxInFlightAttrName() ||
      attr.getName() == getMemoryBudgetAttrName()) {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<CallableOpInterface>(op) || !value ||
        !value.getType().isInteger(64) || value.getValue().isNegative())
      return op->emitError() << "'" << attr.getName().getValue()
                             << "' must be a non-negative i64 on a function";
    return success();
  }
  if (attr.getName() == getCollectiveOrderAttrName()) {
    if (!isa<CollectiveOpInterface>(op))
      return op->emitError() << "'" << getCollectiveOrderAttrName()
                             << "' is only valid on a collective start";
    auto order = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    if (!order || order.empty())
      return op->emitError() << "'" << getCollectiveOrderAttrName()
                             << "' must be a non-empty array<i64>";
    ArrayRef<int64_t> numbers = order.asArrayRef();
    for (auto [i, number] : llvm::enumerate(numbers)) {
      if (number < 0)
        return op->emitError() << "'" << getCollectiveOrderAttrName()
                               << "' has a negative entry " << number;
      if (i > 0 && number <= numbers[i - 1])
        return op->emitError() << "'" << getCollectiveOrderAttrName()
                               << "' must be strictly increasing, but "
                               << number << " follows " << numbers[i - 1];
    }
    return success();
  }
  if (attr.getName() == getRanksAttrName()) {
    if (!isa<CallableOpInterface>(op))
      return op->emitError()
             << "'" << getRanksAttrName() << "' is only valid on a function";
    auto ranks = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    llvm::SmallDenseSet<int64_t> seen;
    if (!ranks || ranks.empty() ||
        llvm::any_of(ranks.asArrayRef(), [&](int64_t rank) {
          return rank < 0 || !seen.insert(rank).second;
        }))
      return op->emitError() << "'" << getRanksAttrName()
                             << "' must be a non-empty array<i64> of distinct "
                                "non-negative global ranks";
    return success();
  }
  // `sched.grid` and `sched.grid_axes` describe a process group that stands
  // for the groups the axes of a shard grid induce (convert-shard-to-sched,
  // docs/Conversions.md). Only their form is checked here: the dialect does
  // not depend on shard, so the grid and the size are not resolved.
  StringRef gridName = "sched.grid", gridAxesName = "sched.grid_axes";
  if (attr.getName() == gridName || attr.getName() == gridAxesName) {
    StringRef other = attr.getName() == gridName ? gridAxesName : gridName;
    if (!isa<ProcessGroupOp>(op))
      return op->emitError() << "'" << attr.getName().getValue()
                             << "' is only valid on a sched.process_group";
    if (!op->hasAttr(other))
      return op->emitError() << "'" << attr.getName().getValue()
                             << "' requires '" << other << "'";
    if (attr.getName() == gridName) {
      if (!isa<FlatSymbolRefAttr>(attr.getValue()))
        return op->emitError()
               << "'" << gridName << "' must be a flat symbol reference";
      return success();
    }
    auto axes = dyn_cast<DenseI16ArrayAttr>(attr.getValue());
    if (!axes)
      return op->emitError()
             << "'" << gridAxesName << "' must be an array<i16>";
    llvm::SmallDenseSet<int16_t> seen;
    for (int16_t axis : axes.asArrayRef()) {
      if (axis < 0)
        return op->emitError()
               << "'" << gridAxesName << "' has a negative axis " << axis;
      if (!seen.insert(axis).second)
        return op->emitError()
               << "'" << gridAxesName << "' lists axis " << axis << " twice";
    }
    return success();
  }
  return op->emitError() << "unknown sched dialect attribute '"
                         << attr.getName().getValue() << "'";
}

LogicalResult SchedDialect::verifyRegionArgAttribute(Operation *op,
                                                     unsigned regionIndex,
                                                     unsigned argIndex,
                                                     NamedAttribute attr) {
  if (attr.getName() == getDimBoundsAttrName()) {
    if (!isa<DenseI64ArrayAttr>(attr.getValue()))
      return op->emitError() << "'" << getDimBoundsAttrName()
                             << "' on an argument must be an array<i64>";
    return verifyDimBounds(op, attr.getValue(), 1);
  }
  return op->emitError() << "unknown sched dialect argument attribute '"
                         << attr.getName().getValue() << "'";
}

LogicalResult SchedDialect::verifyDimBounds(Operation *op, Attribute value,
                                            unsigned numValues) {
  auto check = [&](Attribute bounds) -> LogicalResult {
    auto array = dyn_cast<DenseI64ArrayAttr>(bounds);
    if (!array)
      return op->emitError()
             << "'" << getDimBoundsAttrName()
             << "' must be an array<i64> or a list of them, one per result";
    if (llvm::any_of(array.asArrayRef(), [](int64_t b) { return b < 0; }))
      return op->emitError() << "'" << getDimBoundsAttrName()
                             << "' bounds must be non-negative";
    return success();
  };
  if (auto list = dyn_cast<ArrayAttr>(value)) {
    if (list.size() != numValues)
      return op->emitError()
             << "'" << getDimBoundsAttrName() << "' lists " << list.size()
             << " bounds for " << numValues << " results";
    for (Attribute bounds : list)
      if (failed(check(bounds)))
        return failure();
    return success();
  }
  return check(value);
}
