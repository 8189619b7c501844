//===- SchedInterfaces.cpp - sched op interfaces --------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedInterfaces.h"
#include "sched/Dialect/Sched/IR/FutureFlow.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::sched;

#include "sched/Dialect/Sched/IR/SchedInterfaces.cpp.inc"

/// Checks that no two members of a bucket name the same destination buffer:
/// the result would depend on which write lands last. Overlapping views of
/// one buffer are caught by the runtime (docs/Runtime.md).
static LogicalResult verifyDistinctDestinations(Operation *op,
                                                OperandRange outputs) {
  llvm::SmallDenseMap<Value, unsigned> first;
  for (auto [index, output] : llvm::enumerate(outputs)) {
    auto [it, inserted] = first.try_emplace(output, index);
    if (!inserted)
      return op->emitOpError("'into' buffers ")
             << it->second << " and " << index
             << " are the same buffer; every member of a bucket needs its "
                "own destination";
  }
  return success();
}

/// Returns `a + b` for non-negative `a` and `b`, saturated at 2^63 - 1.
static int64_t addSaturated(int64_t a, int64_t b) {
  return a > std::numeric_limits<int64_t>::max() - b
             ? std::numeric_limits<int64_t>::max()
             : a + b;
}

CostAttr mlir::sched::sumComputeCosts(Region &region) {
  int64_t flops = 0, bytesRead = 0, bytesWritten = 0, timeNs = 0;
  bool any = false, allTimed = true;
  for (Block &block : region)
    for (Operation &op : block) {
      auto compute = dyn_cast<ComputeOpInterface>(&op);
      CostAttr cost = compute ? compute.getComputeCost() : CostAttr();
      if (!cost)
        continue;
      any = true;
      flops = addSaturated(flops,
                           std::max<int64_t>(0, cost.getFlops().value_or(0)));
      bytesRead = addSaturated(
          bytesRead, std::max<int64_t>(0, cost.getBytesRead().value_or(0)));
      bytesWritten = addSaturated(
          bytesWritten,
          std::max<int64_t>(0, cost.getBytesWritten().value_or(0)));
      if (cost.getTimeNs())
        timeNs = addSaturated(timeNs, std::max<int64_t>(0, *cost.getTimeNs()));
      else
        allTimed = false;
    }
  if (!any)
    return {};
  return CostAttr::get(region.getContext(), flops, bytesRead, bytesWritten,
                       allTimed ? std::optional<int64_t>(timeNs)
                                : std::optional<int64_t>());
}

LogicalResult mlir::sched::detail::verifyCollectiveOp(Operation *op) {
  auto collective = cast<CollectiveOpInterface>(op);
  OperandRange inputs = collective.getInputs();
  OperandRange outputs = collective.getOutputs();

  // collective_c1
  if (inputs.empty())
    return op->emitOpError("expects at least one input");

  // collective_c2
  bool bufferForm = isa<MemRefType>(inputs.front().getType());
  for (Value input : inputs) {
    Type type = input.getType();
    if (!isa<RankedTensorType, MemRefType>(type))
      return op->emitOpError("expects ranked tensor or memref inputs, got ")
             << type;
    if (isa<MemRefType>(type) != bufferForm)
      return op->emitOpError(
          "expects all inputs to be tensors or all to be memrefs");
    if (auto memref = dyn_cast<MemRefType>(type);
        memref && !memref.areTrailingDimsContiguous(memref.getRank()))
      return op->emitOpError("expects contiguous memref inputs, got ") << type;
  }

  // collective_c3
  if (!bufferForm && !outputs.empty())
    return op->emitOpError(
        "expects no 'into' buffers when the inputs are tensors");
  if (bufferForm) {
    if (outputs.size() != inputs.size())
      return op->emitOpError("expects one 'into' buffer per input, got ")
             << outputs.size() << " for " << inputs.size() << " inputs";
    for (Value output : outputs) {
      auto memref = dyn_cast<MemRefType>(output.getType());
      if (!memref)
        return op->emitOpError("expects memref 'into' buffers, got ")
               << output.getType();
      if (!memref.areTrailingDimsContiguous(memref.getRank()))
        return op->emitOpError("expects contiguous 'into' buffers, got ")
               << memref;
    }
    // collective_c7
    if (failed(verifyDistinctDestinations(op, outputs)))
      return failure();
  }

  // collective_c4
  ArrayRef<Type> carried = collective.getResultValueTypes();
  if (carried.size() != inputs.size())
    return op->emitOpError("expects the future to carry one value per input, "
                           "got ")
           << carried.size() << " for " << inputs.size() << " inputs";
  if (bufferForm) {
    if (TypeRange(outputs) != TypeRange(carried))
      return op->emitOpError(
          "expects the future to carry the types of the 'into' buffers");
  } else if (collective.getFuture().getType().isBufferForm()) {
    return op->emitOpError(
        "expects the future to carry tensors when the inputs are tensors");
  }

  // collective_c5
  return verifyFutureFlow(collective.getFuture());
}
