//===- MaterializeLoopYields.cpp - loop-carried tensors in place ----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// One-shot bufferization requires the value an `scf.for` yields for an
// iteration argument to bufferize to that argument's buffer. A collective's
// wait returns a fresh destination buffer, so a loop that yields it (or a
// value computed in place on it) fails to bufferize. This pass copies such
// values back into the argument's buffer before the yield.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/Passes.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDMATERIALIZELOOPYIELDS
#include "sched/Conversion/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {

struct MaterializeLoopYieldsPass
    : public sched::impl::SchedMaterializeLoopYieldsBase<
          MaterializeLoopYieldsPass> {
  void runOnOperation() override;
};

/// Decides whether yielded tensors bufferize to the buffer of an iteration
/// argument: every chain of in-place (equivalent) ops from the value must
/// lead back to the argument. The search is iterative (a long chain of
/// in-place ops cannot exhaust the stack); it recurses only into nested
/// loops.
class InPlaceTracer {
public:
  InPlaceTracer(BlockArgument argument,
                const bufferization::AnalysisState &state)
      : argument(argument), state(state) {}

  /// Returns true if `value` bufferizes to the buffer of the argument.
  bool reachesArgument(Value value) {
    SmallVector<Value> worklist{value};
    DenseSet<Value> visited;
    while (!worklist.empty()) {
      Value current = worklist.pop_back_val();
      if (current == argument || !visited.insert(current).second)
        continue;
      if (!addInPlaceOperands(current, worklist))
        return false;
    }
    return true;
  }

private:
  /// Adds the values the defining op of `value` writes in place into it to
  /// `worklist`; returns false if `value` may be another buffer (a block
  /// argument, an unknown op, a new buffer, a non-equivalent alias).
  bool addInPlaceOperands(Value value, SmallVectorImpl<Value> &worklist) {
    Operation *op = value.getDefiningOp();
    if (!op)
      return false;
    // A nested loop (already processed) is in place when its body yields
    // its own iteration argument's buffer; a plain AnalysisState cannot see
    // that equivalence.
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      BlockArgument inner =
          loop.getTiedLoopRegionIterArg(cast<OpResult>(value));
      InPlaceTracer tracer(inner, state);
      if (!tracer.reachesArgument(loop.getTiedLoopYieldedValue(inner)->get()))
        return false;
      worklist.push_back(loop.getTiedLoopInit(inner)->get());
      return true;
    }
    auto bufferizable = state.getOptions().dynCastBufferizableOp(op);
    if (!bufferizable)
      return false;
    bufferization::AliasingOpOperandList aliases =
        bufferizable.getAliasingOpOperands(value, state);
    if (aliases.getNumAliases() == 0)
      return false;
    for (const bufferization::AliasingOpOperand &alias : aliases) {
      if (alias.relation != bufferization::BufferRelation::Equivalent)
        return false;
      worklist.push_back(alias.opOperand->get());
    }
    return true;
  }

  BlockArgument argument;
  const bufferization::AnalysisState &state;
};

/// Copies every tensor `loop` yields that does not bufferize to its
/// iteration argument's buffer into that buffer, before the yield.
void materializeYields(scf::ForOp loop,
                       const bufferization::AnalysisState &state) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  OpBuilder builder(yield);
  for (auto [argument, operand] :
       llvm::zip_equal(loop.getRegionIterArgs(), yield->getOpOperands())) {
    if (!isa<TensorType>(argument.getType()))
      continue;
    InPlaceTracer tracer(argument, state);
    if (tracer.reachesArgument(operand.get()))
      continue;
    auto copy = bufferization::MaterializeInDestinationOp::create(
        builder, yield.getLoc(), operand.get(), argument);
    operand.set(copy.getResult());
  }
}

void MaterializeLoopYieldsPass::runOnOperation() {
  bufferization::BufferizationOptions options;
  bufferization::AnalysisState state(options);
  // Inner loops first, so that an outer loop sees their yields in place.
  getOperation().walk<WalkOrder::PostOrder>(
      [&](scf::ForOp loop) { materializeYields(loop, state); });
}

} // namespace
