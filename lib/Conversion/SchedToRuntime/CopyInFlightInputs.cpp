//===- CopyInFlightInputs.cpp - copies of in-flight collective inputs -----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/Passes.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDCOPYINFLIGHTINPUTS
#include "sched/Conversion/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {

struct CopyInFlightInputsPass
    : public sched::impl::SchedCopyInFlightInputsBase<CopyInFlightInputsPass> {
  void runOnOperation() override;
};

/// Collects the uses of `input` (and of the views of it) by ops between
/// `start` and `wait` that may write it in place. The collective reads
/// `input` until `wait`.
void collectInFlightWrites(Value input, Operation *start, Operation *wait,
                           const bufferization::AnalysisState &state,
                           llvm::SetVector<OpOperand *> &writes) {
  const bufferization::BufferizationOptions &options = state.getOptions();
  Block *block = start->getBlock();
  SmallVector<Value> worklist{input};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (!ancestor || !start->isBeforeInBlock(ancestor) ||
          !ancestor->isBeforeInBlock(wait))
        continue;
      auto bufferizable = options.dynCastBufferizableOp(user);
      if (!bufferizable)
        continue;
      if (bufferizable.bufferizesToMemoryWrite(use, state)) {
        if (isa<RankedTensorType>(value.getType()))
          writes.insert(&use);
        continue;
      }
      for (const bufferization::AliasingValue &alias :
           bufferizable.getAliasingValues(use, state))
        if (isa<TensorType>(alias.value.getType()))
          worklist.push_back(alias.value);
    }
  }
}

void CopyInFlightInputsPass::runOnOperation() {
  bufferization::BufferizationOptions options;
  bufferization::AnalysisState state(options);
  llvm::SetVector<OpOperand *> writes;
  getOperation().walk([&](CollectiveOpInterface start) {
    Operation *wait = start.getWaitOp();
    if (!wait || wait->getBlock() != start->getBlock())
      return;
    for (Value input : start.getInputs())
      if (isa<RankedTensorType>(input.getType()))
        collectInFlightWrites(input, start, wait, state, writes);
  });
  OpBuilder builder(&getContext());
  for (OpOperand *use : writes) {
    Operation *user = use->getOwner();
    builder.setInsertionPoint(user);
    Value value = use->get();
    auto type = cast<RankedTensorType>(value.getType());
    // A destination the op overwrites without reading needs a buffer, not a
    // copy.
    bool read =
        options.dynCastBufferizableOp(user).bufferizesToMemoryRead(*use, state);
    Value copy = read || !type.hasStaticShape() ? value : Value();
    use->set(bufferization::AllocTensorOp::create(builder, user->getLoc(), type,
                                                  ValueRange(), copy));
  }
}

} // namespace
