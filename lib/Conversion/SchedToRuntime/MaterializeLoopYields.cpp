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
/// lead back to the argument.
class InPlaceTracer {
public:
  InPlaceTracer(BlockArgument argument,
                const bufferization::AnalysisState &state)
      : argument(argument), state(state) {}

  /// Returns true if `value` bufferizes to the buffer of the argument.
  bool reachesArgument(Value value) {
    if (value == argument)
      return true;
    auto it = known.find(value);
    if (it != known.end())
      return it->second;
    bool result = traceDefiningOp(value);
    known[value] = result;
    return result;
  }

private:
  /// Follows the operands the defining op of `value` writes in place into
  /// it; false for block arguments, unknown ops, and new buffers.
  bool traceDefiningOp(Value value) {
    Operation *op = value.getDefiningOp();
    if (!op)
      return false;
    // A nested loop (already processed) is in place when its body yields
    // its own iteration argument's buffer; a plain AnalysisState cannot see
    // that equivalence.
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      auto result = cast<OpResult>(value);
      BlockArgument inner = loop.getTiedLoopRegionIterArg(result);
      InPlaceTracer tracer(inner, state);
      return tracer.reachesArgument(
                 loop.getTiedLoopYieldedValue(inner)->get()) &&
             reachesArgument(loop.getTiedLoopInit(inner)->get());
    }
    auto bufferizable = state.getOptions().dynCastBufferizableOp(op);
    if (!bufferizable)
      return false;
    bufferization::AliasingOpOperandList aliases =
        bufferizable.getAliasingOpOperands(value, state);
    if (aliases.getNumAliases() == 0)
      return false;
    return llvm::all_of(
        aliases, [&](const bufferization::AliasingOpOperand &alias) {
          return alias.relation == bufferization::BufferRelation::Equivalent &&
                 reachesArgument(alias.opOperand->get());
        });
  }

  BlockArgument argument;
  const bufferization::AnalysisState &state;
  DenseMap<Value, bool> known;
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
