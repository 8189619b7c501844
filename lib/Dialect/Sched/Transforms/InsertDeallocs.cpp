//===- InsertDeallocs.cpp - free buffers after their last use -------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/FutureFlow.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDINSERTDEALLOCS
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {

/// Returns true if `start`'s future crosses its block and `buffer` is one of
/// its destinations: the wait in the other block frees it (see
/// getOwnedWaitResults).
bool isCarriedDestination(CollectiveOpInterface start, Value buffer) {
  return !start.getWaitOp() && start.getFuture().hasOneUse() &&
         llvm::is_contained(start.getOutputs(), buffer);
}

/// Returns true if `op` ends a region or a block: nothing can follow it in
/// its block, so a buffer it uses leaves the block.
bool isBlockExit(Operation *op) {
  return op->hasTrait<OpTrait::IsTerminator>() ||
         op->hasTrait<OpTrait::ReturnLike>() ||
         isa<RegionBranchTerminatorOpInterface>(op);
}

/// What the body of a loop does with a buffer its iteration arguments hold.
enum class CarriedUse {
  /// Every use was followed: the positions found are the only ones.
  Known,
  /// A use the body analysis does not follow: assume every result aliases.
  Unknown,
  /// The buffer escapes (stored, in flight past the body): never free it.
  Escapes,
};

/// Adds to `values` the values of the body of `loop` that `arg` (an
/// iteration argument) may alias, and to `positions` the yielded positions
/// among them. Sets `reason` when the buffer escapes.
CarriedUse followInBody(scf::ForOp loop, Value arg,
                        SetVector<unsigned> &positions, DenseSet<Value> &values,
                        std::string &reason) {
  Operation *yield = loop.getBody()->getTerminator();
  SmallVector<Value> worklist{arg};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!values.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user == yield) {
        positions.insert(use.getOperandNumber());
        continue;
      }
      if (isBlockExit(user) || isa<BranchOpInterface>(user))
        return CarriedUse::Unknown;
      if (auto store = dyn_cast<memref::StoreOp>(user);
          store && store.getValueToStore() == value) {
        reason = "it is stored to memory";
        return CarriedUse::Escapes;
      }
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() == value)
          worklist.push_back(view->getResult(0));
        continue;
      }
      if (auto start = dyn_cast<CollectiveOpInterface>(user)) {
        // The collective's wait must be in the block of its start.
        Operation *wait = start.getWaitOp();
        if (!wait) {
          reason = "its collective is not waited on in the same block";
          return CarriedUse::Escapes;
        }
        for (auto [index, output] : llvm::enumerate(start.getOutputs()))
          if (output == value)
            worklist.push_back(wait->getResult(index));
        continue;
      }
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()) &&
            !isa<memref::AllocOp>(user))
          worklist.push_back(result);
    }
  }
  return CarriedUse::Known;
}

/// Adds to `results` the results of `loop` that may hold the buffer passed
/// as its init `init`: those of the iteration arguments that may hold it, the
/// argument of `init` first, then any whose yielded value may alias an
/// argument already found (a body that yields its argument in place, as
/// one-shot bufferization makes it, adds only that one). Every memref result
/// is added when the body uses the buffer in a way not followed here. Fails,
/// with `reason` set, when the buffer escapes.
LogicalResult getCarryingResults(scf::ForOp loop, OpOperand &init,
                                 SmallVectorImpl<Value> &results,
                                 std::string &reason) {
  BlockArgument first = loop.getTiedLoopRegionIterArg(&init);
  SetVector<unsigned> positions;
  positions.insert(first.getArgNumber() - loop.getNumInductionVars());
  DenseSet<Value> values;
  CarriedUse use = CarriedUse::Known;
  // Each round follows the arguments found in the previous one.
  for (unsigned next = 0; next < positions.size() && use == CarriedUse::Known;
       ++next)
    use = followInBody(loop, loop.getRegionIterArgs()[positions[next]],
                       positions, values, reason);
  if (use == CarriedUse::Escapes)
    return failure();
  if (use == CarriedUse::Unknown) {
    for (Value result : loop->getResults())
      if (isa<BaseMemRefType>(result.getType()))
        results.push_back(result);
    return success();
  }
  for (unsigned position : positions)
    results.push_back(loop->getResult(position));
  return success();
}

/// Returns the op of the block of `def` after which the buffer `root` (a
/// result of `def`) is dead, or null (with `reason` set) when the buffer
/// escapes the block, or is freed elsewhere (`reason` empty).
Operation *findLastUse(Value root, Operation *def, std::string &reason) {
  Block *block = def->getBlock();
  Operation *last = def;
  auto extend = [&](Operation *op) {
    Operation *ancestor = block->findAncestorOpInBlock(*op);
    if (!ancestor)
      return false;
    if (last->isBeforeInBlock(ancestor))
      last = ancestor;
    return true;
  };
  SmallVector<Value> worklist{root};
  DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      // Nothing can follow a terminator: a buffer it uses leaves the block.
      if (isBlockExit(user)) {
        if (isa<BranchOpInterface>(user))
          reason = "it is passed to another block";
        else if (!isa<func::ReturnOp>(user))
          reason = "it is yielded out of its block";
        return nullptr;
      }
      if (auto store = dyn_cast<memref::StoreOp>(user);
          store && store.getValueToStore() == value) {
        reason = "it is stored to memory";
        return nullptr;
      }
      if (!extend(user)) {
        reason = "it is used outside its block";
        return nullptr;
      }
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() == value)
          worklist.push_back(view->getResult(0));
        continue;
      }
      if (auto start = dyn_cast<CollectiveOpInterface>(user)) {
        // The collective owns the buffer until its wait, and the wait returns
        // the destination buffers.
        Operation *wait = start.getWaitOp();
        if (!wait && isCarriedDestination(start, value))
          return nullptr;
        if (!wait || !extend(wait)) {
          reason = "its collective is not waited on in the same block";
          return nullptr;
        }
        for (auto [index, output] : llvm::enumerate(start.getOutputs()))
          if (output == value)
            worklist.push_back(wait->getResult(index));
        continue;
      }
      // A loop's result holds what its iteration argument holds at the end:
      // only the results whose arguments may hold this buffer alias it.
      if (auto loop = dyn_cast<scf::ForOp>(user);
          loop && loop.getTiedLoopRegionIterArg(&use)) {
        SmallVector<Value> results;
        if (failed(getCarryingResults(loop, use, results, reason)))
          return nullptr;
        llvm::append_range(worklist, results);
        continue;
      }
      // Any other op with results of memref type might return an alias
      // (e.g. a cast we do not know); follow them conservatively.
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()) &&
            !isa<memref::AllocOp>(user))
          worklist.push_back(result);
    }
  }
  return last;
}

/// Returns the results of `wait`, whose future crossed a block, that it
/// alone owns: every start the future may come from wrote that destination
/// into a `memref.alloc` of its own block used by nothing else, so each run
/// of the wait returns a buffer no other op frees.
SmallVector<Value> getOwnedWaitResults(WaitOp wait) {
  SmallVector<Value> owned;
  SmallVector<CollectiveOpInterface> starts;
  if (getLocalStart(wait) || !wait.getFuture().getType().isBufferForm() ||
      !collectIncomingStarts(wait.getFuture(), starts))
    return owned;
  for (auto [position, result] : llvm::enumerate(wait.getResults())) {
    // A lambda may not capture a structured binding before C++20.
    size_t index = position;
    bool fresh = llvm::all_of(starts, [&](CollectiveOpInterface start) {
      Value dest = start.getOutputs()[index];
      auto alloc = dest.getDefiningOp<memref::AllocOp>();
      return alloc && alloc->getBlock() == start->getBlock() &&
             dest.hasOneUse() && isCarriedDestination(start, dest);
    });
    if (fresh)
      owned.push_back(result);
  }
  return owned;
}

/// Returns true if `buffer`, an input of `start`, belongs to that collective
/// alone once the block of the start is done with it: a `memref.alloc` of
/// that block that the start reads once, as an input, and whose every other
/// use is an op of the block, before `limit` if given, that returns no
/// memref and is no store, terminator or other collective.
bool isOwnedInput(CollectiveOpInterface start, Value buffer, Operation *limit) {
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != start->getBlock() ||
      llvm::count(start->getOperands(), buffer) != 1 ||
      llvm::is_contained(start.getOutputs(), buffer))
    return false;
  return llvm::all_of(buffer.getUses(), [&](OpOperand &use) {
    Operation *user = use.getOwner();
    if (user == start.getOperation())
      return true;
    return user->getBlock() == start->getBlock() &&
           (!limit || user->isBeforeInBlock(limit)) && !isBlockExit(user) &&
           !isa<CollectiveOpInterface, memref::StoreOp>(user) &&
           llvm::none_of(user->getResultTypes(), llvm::IsaPred<BaseMemRefType>);
  });
}

/// The inputs of the collectives whose future an scf.for carries at one
/// position: started before the loop and at the end of each iteration
/// (`body`), waited at the start of the next iteration and after the loop.
/// Each buffer is in flight until that wait. `before` holds the first
/// start's input of each pair; `beforeOwned` says whether it may be freed
/// (otherwise only the body's are, from the second iteration on).
struct CarriedInputs {
  SmallVector<Value> before, body;
  SmallVector<bool> beforeOwned;
  Operation *waitInBody = nullptr, *waitAfter = nullptr;
};

/// Matches the future `loop` carries at `position` and returns the inputs of
/// its starts that the body's start owns (isOwnedInput), paired by
/// position, or nothing.
std::optional<CarriedInputs> matchCarriedInputs(scf::ForOp loop,
                                                unsigned position) {
  Value arg = loop.getRegionIterArgs()[position];
  Value result = loop->getResult(position);
  auto type = dyn_cast<FutureType>(arg.getType());
  if (!type || !type.isBufferForm() || !arg.hasOneUse() || !result.hasOneUse())
    return std::nullopt;
  auto before =
      loop.getInitArgs()[position].getDefiningOp<CollectiveOpInterface>();
  auto body =
      loop.getYieldedValues()[position].getDefiningOp<CollectiveOpInterface>();
  auto waitInBody = dyn_cast<WaitOp>(*arg.user_begin());
  auto waitAfter = dyn_cast<WaitOp>(*result.user_begin());
  if (!before || !body || !waitInBody || !waitAfter ||
      before->getBlock() != loop->getBlock() ||
      body->getBlock() != loop.getBody() ||
      waitInBody->getBlock() != loop.getBody() ||
      waitAfter->getBlock() != loop->getBlock() ||
      !before.getFuture().hasOneUse() || !body.getFuture().hasOneUse() ||
      before.getInputs().size() != body.getInputs().size())
    return std::nullopt;
  CarriedInputs inputs;
  inputs.waitInBody = waitInBody;
  inputs.waitAfter = waitAfter;
  for (auto [first, next] : llvm::zip(before.getInputs(), body.getInputs()))
    if (first.getType() == next.getType() &&
        isOwnedInput(body, next, /*limit=*/nullptr)) {
      inputs.before.push_back(first);
      inputs.body.push_back(next);
      inputs.beforeOwned.push_back(isOwnedInput(before, first, loop));
    }
  if (inputs.before.empty())
    return std::nullopt;
  return inputs;
}

/// Creates `memref.dealloc` of `buffer` at the insertion point of
/// `rewriter`, under `scf.if` of `condition` when one is given.
void createDealloc(IRRewriter &rewriter, Location loc, Value buffer,
                   Value condition) {
  if (!condition) {
    memref::DeallocOp::create(rewriter, loc, buffer);
    return;
  }
  auto branch = scf::IfOp::create(rewriter, loc, condition,
                                  /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(branch.thenBlock());
  memref::DeallocOp::create(rewriter, loc, buffer);
}

/// Frees the carried inputs of the loop `loop` (grown by their iteration
/// arguments from `first` on) after the waits that end their collectives.
/// An input of the first start that is not its own is not freed: the body
/// frees the argument only from the second iteration on, and the loop's
/// result only when the loop ran.
void createCarriedDeallocs(IRRewriter &rewriter, scf::ForOp loop,
                           unsigned first, const CarriedInputs &inputs) {
  Location loc = loop.getLoc();
  Value later, ran;
  if (!llvm::all_of(inputs.beforeOwned, [](bool owned) { return owned; })) {
    rewriter.setInsertionPointAfter(inputs.waitInBody);
    later = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                  loop.getInductionVar(), loop.getLowerBound());
    std::optional<APInt> trips = loop.getStaticTripCount();
    if (!trips || trips->isZero()) {
      rewriter.setInsertionPointAfter(inputs.waitAfter);
      ran = arith::CmpIOp::create(rewriter, loc,
                                  loop.getUnsignedCmp()
                                      ? arith::CmpIPredicate::ult
                                      : arith::CmpIPredicate::slt,
                                  loop.getLowerBound(), loop.getUpperBound());
    }
  }
  for (auto [index, owned] : llvm::enumerate(inputs.beforeOwned)) {
    rewriter.setInsertionPointAfter(later ? later.getDefiningOp()
                                          : inputs.waitInBody);
    createDealloc(rewriter, inputs.waitInBody->getLoc(),
                  loop.getRegionIterArgs()[first + index],
                  owned ? Value() : later);
    rewriter.setInsertionPointAfter(ran ? ran.getDefiningOp()
                                        : inputs.waitAfter);
    createDealloc(rewriter, inputs.waitAfter->getLoc(),
                  loop->getResult(first + index), owned ? Value() : ran);
  }
}

/// Carries the inputs of the collectives whose futures `loop` carries next
/// to those futures, as iteration arguments of their own, and frees each
/// after the wait that ends its collective: in the next iteration, or after
/// the loop. Adds the allocations so freed to `freed`.
void freeCarriedInputs(scf::ForOp loop, DenseSet<Operation *> &freed) {
  IRRewriter rewriter(loop.getContext());
  for (unsigned position = 0, e = loop.getNumRegionIterArgs(); position < e;
       ++position) {
    std::optional<CarriedInputs> inputs = matchCarriedInputs(loop, position);
    if (!inputs)
      continue;
    rewriter.setInsertionPoint(loop);
    FailureOr<LoopLikeOpInterface> grown = loop.replaceWithAdditionalYields(
        rewriter, inputs->before, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
          return inputs->body;
        });
    if (failed(grown))
      continue;
    loop = cast<scf::ForOp>(grown->getOperation());
    createCarriedDeallocs(rewriter, loop,
                          loop.getNumRegionIterArgs() - inputs->before.size(),
                          *inputs);
    for (auto [index, owned] : llvm::enumerate(inputs->beforeOwned)) {
      if (owned)
        freed.insert(inputs->before[index].getDefiningOp());
      freed.insert(inputs->body[index].getDefiningOp());
    }
  }
}

struct InsertDeallocsPass
    : public sched::impl::SchedInsertDeallocsBase<InsertDeallocsPass> {
  void runOnOperation() override {
    // The inputs of loop-carried collectives first: they are freed after
    // their wait in another block, which findLastUse does not see.
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    DenseSet<Operation *> freed;
    for (scf::ForOp loop : loops)
      freeCarriedInputs(loop, freed);
    SmallVector<memref::AllocOp> allocs;
    getOperation().walk([&](memref::AllocOp op) {
      if (!freed.contains(op))
        allocs.push_back(op);
    });
    // The destinations of a collective whose future crossed a block are
    // freed after the last use of what its wait returns.
    SmallVector<std::pair<Value, Operation *>> buffers;
    for (memref::AllocOp alloc : allocs)
      buffers.push_back({alloc.getResult(), alloc});
    getOperation().walk([&](WaitOp wait) {
      for (Value result : getOwnedWaitResults(wait))
        buffers.push_back({result, wait});
    });
    OpBuilder builder(&getContext());
    for (auto [buffer, def] : buffers) {
      std::string reason;
      Operation *last = findLastUse(buffer, def, reason);
      if (!last) {
        // A returned buffer belongs to the caller, a carried destination to
        // its wait; anything else is worth a remark.
        if (!reason.empty())
          mlir::emitRemark(def->getLoc())
              << "buffer not freed here: " << reason;
        continue;
      }
      builder.setInsertionPointAfter(last);
      memref::DeallocOp::create(builder, def->getLoc(), buffer);
    }
  }
};

} // namespace
