//===- OrderVerifier.cpp - what moving ops within blocks can break --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/OrderVerifier.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/RegionKindInterface.h"

using namespace mlir;

/// Returns the index of the first operand of `op` defined by an op that is
/// not before `op`'s ancestor in the definition's block, if any.
static std::optional<unsigned> findOperandDefinedAfter(Operation *op) {
  for (OpOperand &operand : op->getOpOperands()) {
    Operation *def = operand.get().getDefiningOp();
    // A graph region (mayHaveSSADominance) orders nothing.
    if (!def || !mayHaveSSADominance(*def->getParentRegion()))
      continue;
    Operation *ancestor = def->getBlock()->findAncestorOpInBlock(*op);
    if (!ancestor || ancestor == def || !def->isBeforeInBlock(ancestor))
      return operand.getOperandNumber();
  }
  return std::nullopt;
}

LogicalResult mlir::sched::verifyOpOrder(Operation *root, StringRef stage) {
  WalkResult result = root->walk([&](Operation *op) {
    if (op == root)
      return WalkResult::advance();
    if (op->hasTrait<OpTrait::IsTerminator>() &&
        op != &op->getBlock()->back()) {
      mlir::emitError(op->getLoc())
          << "this terminator is not the last op of its block in the order "
          << stage << " gave it";
      return WalkResult::interrupt();
    }
    if (std::optional<unsigned> index = findOperandDefinedAfter(op)) {
      mlir::emitError(op->getLoc())
          << "operand #" << *index << " of this op is defined after it in "
          << "the order " << stage << " gave the block";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
