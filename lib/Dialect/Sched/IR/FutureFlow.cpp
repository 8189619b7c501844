//===- FutureFlow.cpp - how a future flows from its start to its wait -----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A future is a linear value: every value it flows into has exactly one use,
// in the block that defines it. Since every block of the structured control
// flow it may cross (`scf.for`, `scf.if`, `scf.execute_region`) runs all its
// ops when it runs, each started collective is then waited on exactly once on
// every path, including a loop's prologue (the first iteration argument) and
// epilogue (the loop's result) and a loop of zero iterations.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/FutureFlow.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::sched;

/// Returns the op that owns `value`: its defining op, or the op whose region
/// has the block of which it is an argument.
static Operation *getOwner(Value value) {
  if (Operation *def = value.getDefiningOp())
    return def;
  return cast<BlockArgument>(value).getOwner()->getParentOp();
}

/// Returns the block that defines `value`.
static Block *getDefiningBlock(Value value) {
  if (Operation *def = value.getDefiningOp())
    return def->getBlock();
  return cast<BlockArgument>(value).getOwner();
}

/// Returns the iteration argument of `forOp` tied to its loop-carried value
/// `index`, or null when the loop does not have the shape its own verifier
/// (which may not have run yet) requires.
static Value getIterArg(scf::ForOp forOp, unsigned index) {
  Region &body = forOp.getRegion();
  unsigned inits = forOp.getInitArgs().size();
  if (body.empty() || index >= inits || forOp.getNumResults() != inits ||
      body.front().getNumArguments() != inits + 1)
    return Value();
  return body.front().getArgument(index + 1);
}

/// Returns the first `scf.yield` of `op`'s regions, in region and block
/// order: the value it yields is the first incoming value of each result.
static scf::YieldOp getFirstYield(Operation *op) {
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty())
        if (auto yield = dyn_cast<scf::YieldOp>(&block.back()))
          return yield;
  return nullptr;
}

/// Emits the diagnostic for a fault of `value` at the op that owns it:
/// `'<op>' op <what the value is> <message>`.
static InFlightDiagnostic emitFlowError(Value value, const Twine &message) {
  Operation *owner = getOwner(value);
  InFlightDiagnostic diag = mlir::emitError(owner->getLoc())
                            << "'" << owner->getName() << "' op ";
  if (isa_and_nonnull<CollectiveOpInterface>(value.getDefiningOp()))
    diag << "future";
  else if (auto arg = dyn_cast<BlockArgument>(value))
    diag << "loop-carried future (iteration argument #"
         << arg.getArgNumber() - 1 << ")";
  else if (isa<scf::ForOp>(owner))
    diag << "loop-carried future (result #"
         << cast<OpResult>(value).getResultNumber() << ")";
  else
    diag << "future result #" << cast<OpResult>(value).getResultNumber();
  diag << " " << message;
  return diag;
}

namespace {
/// The walk of `verifyFutureFlow`: the values the future flows into, in the
/// order they are reached.
struct FlowWalk {
  SmallVector<Value> worklist;
  llvm::DenseSet<Value> seen;

  void push(Value value) {
    if (value && seen.insert(value).second)
      worklist.push_back(value);
  }

  LogicalResult visit(Value value);
  LogicalResult visitYield(Value value, scf::YieldOp yield, unsigned index);
  void visitForInit(scf::ForOp forOp, unsigned index);
};
} // namespace

/// Follows `value`, yielded as operand `index` of `yield`, to the result of
/// the op the yield ends. A result with several incoming values (an
/// `scf.for` result, the two branches of an `scf.if`) is followed from its
/// first incoming value, so that its faults are reported once; from a later
/// one only when the first is not a started future.
LogicalResult FlowWalk::visitYield(Value value, scf::YieldOp yield,
                                   unsigned index) {
  Operation *parent = yield->getParentOp();
  if (!isa<scf::ForOp, scf::IfOp, scf::ExecuteRegionOp>(parent))
    return emitFlowError(value, "may only be yielded from 'scf.for', "
                                "'scf.if' or 'scf.execute_region', not from '")
           << parent->getName() << "'";
  if (index >= parent->getNumResults())
    return success(); // The parent's verifier reports the mismatch.
  if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
    if (!isStartedFuture(forOp.getInitArgs()[index]))
      visitForInit(forOp, index);
    return success();
  }
  scf::YieldOp first = getFirstYield(parent);
  if (first == yield || !isStartedFuture(first.getOperand(index)))
    push(parent->getResult(index));
  return success();
}

/// Follows a future passed as initial value `index` of `forOp` to the
/// iteration argument and the result it flows into.
void FlowWalk::visitForInit(scf::ForOp forOp, unsigned index) {
  Value iterArg = getIterArg(forOp, index);
  if (!iterArg)
    return; // The loop's verifier reports its shape.
  push(iterArg);
  push(forOp.getResult(index));
}

/// Checks the one use of `value` and queues the values it flows into.
LogicalResult FlowWalk::visit(Value value) {
  bool isResult = value.getDefiningOp() && isa<scf::ForOp>(getOwner(value));
  if (value.use_empty())
    return emitFlowError(value, isResult ? "escapes the loop unwaited"
                                         : "is never waited on");
  if (!value.hasOneUse())
    return emitFlowError(value, "must be waited on exactly once, but has ")
           << std::distance(value.use_begin(), value.use_end()) << " uses";
  OpOperand &use = *value.use_begin();
  Operation *user = use.getOwner();
  auto yield = dyn_cast<scf::YieldOp>(user);
  auto forOp = dyn_cast<scf::ForOp>(user);
  bool forInit =
      forOp && use.getOperandNumber() >= forOp.getNumControlOperands();
  if (!isa<WaitOp>(user) && !yield && !forInit)
    return emitFlowError(value, "may only be used by 'sched.wait', "
                                "'scf.yield' or as an 'scf.for' initial "
                                "value, not by '")
           << user->getName() << "'";
  if (user->getBlock() != getDefiningBlock(value)) {
    if (yield && isa<scf::IfOp>(yield->getParentOp()))
      return emitFlowError(value, "is yielded from one branch of 'scf.if' "
                                  "only; the other branch leaves it in "
                                  "flight");
    return emitFlowError(value, isa<WaitOp>(user)
                                    ? "must be waited on in the same block"
                                    : "must be passed on in the same block");
  }
  if (yield)
    return visitYield(value, yield, use.getOperandNumber());
  if (forInit)
    visitForInit(forOp, use.getOperandNumber() - forOp.getNumControlOperands());
  return success();
}

LogicalResult mlir::sched::verifyFutureFlow(Value future) {
  FlowWalk walk;
  walk.push(future);
  while (!walk.worklist.empty()) {
    Value value = walk.worklist.pop_back_val();
    if (failed(walk.visit(value)))
      return failure();
  }
  return success();
}

/// Implements isStartedFuture and, with `starts`, collectIncomingStarts;
/// `seen` holds the values already asked about (a loop's iteration argument
/// is among its own incoming values).
static bool isStartedFuture(Value future, llvm::DenseSet<Value> &seen,
                            SmallVectorImpl<CollectiveOpInterface> *starts) {
  if (!seen.insert(future).second)
    return true;
  if (auto start = future.getDefiningOp<CollectiveOpInterface>()) {
    if (starts)
      starts->push_back(start);
    return true;
  }
  unsigned index;
  Operation *owner = getOwner(future);
  if (auto arg = dyn_cast<BlockArgument>(future)) {
    if (!isa_and_nonnull<scf::ForOp>(owner) || arg.getArgNumber() == 0)
      return false;
    index = arg.getArgNumber() - 1;
  } else {
    index = cast<OpResult>(future).getResultNumber();
  }
  if (auto forOp = dyn_cast_or_null<scf::ForOp>(owner)) {
    if (index >= forOp.getInitArgs().size() ||
        !isStartedFuture(forOp.getInitArgs()[index], seen, starts))
      return false;
  } else if (!isa_and_nonnull<scf::IfOp, scf::ExecuteRegionOp>(owner)) {
    return false;
  }
  for (Region &region : owner->getRegions())
    for (Block &block : region) {
      // Only the blocks that end in a yield give the op's results (the
      // others of an scf.execute_region branch on).
      auto yield =
          block.empty() ? nullptr : dyn_cast<scf::YieldOp>(&block.back());
      if (!yield)
        continue;
      if (index >= yield.getNumOperands() ||
          !isStartedFuture(yield.getOperand(index), seen, starts))
        return false;
    }
  return true;
}

bool mlir::sched::isStartedFuture(Value future) {
  llvm::DenseSet<Value> seen;
  return ::isStartedFuture(future, seen, nullptr);
}

bool mlir::sched::collectIncomingStarts(
    Value future, SmallVectorImpl<CollectiveOpInterface> &starts) {
  llvm::DenseSet<Value> seen;
  return ::isStartedFuture(future, seen, &starts);
}

CollectiveOpInterface mlir::sched::getLocalStart(WaitOp wait) {
  auto start = wait.getFuture().getDefiningOp<CollectiveOpInterface>();
  if (!start || start->getBlock() != wait->getBlock())
    return nullptr;
  return start;
}

WaitOp mlir::sched::getLocalWait(CollectiveOpInterface start) {
  Value future = start.getFuture();
  if (!future.hasOneUse())
    return nullptr;
  auto wait = dyn_cast<WaitOp>(*future.user_begin());
  if (!wait || wait->getBlock() != start->getBlock())
    return nullptr;
  return wait;
}

Operation *mlir::sched::findBlockCrossingFuture(Block &block) {
  for (Operation &op : block) {
    if (auto start = dyn_cast<CollectiveOpInterface>(&op)) {
      if (!getLocalWait(start))
        return &op;
    } else if (auto wait = dyn_cast<WaitOp>(&op)) {
      if (!getLocalStart(wait))
        return &op;
    }
  }
  return nullptr;
}
