//===- LoopPipelining.cpp - pipeline collectives across iterations --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/LoopPipelining.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/ElementSize.h"
#include "sched/Dialect/Sched/IR/SchedInterfaces.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::sched;

std::optional<int64_t> mlir::sched::getStaticTripCount(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0 || loop.getUnsignedCmp())
    return std::nullopt;
  if (*ub <= *lb)
    return 0;
  // (ub - lb) may overflow int64_t; the bounds are small in practice, and a
  // loop whose distance does not fit is left alone.
  int64_t distance;
  if (__builtin_sub_overflow(*ub, *lb, &distance))
    return std::nullopt;
  return distance / *step + (distance % *step != 0);
}

/// Returns the block of `loop`'s body.
static Block &getBody(scf::ForOp loop) { return *loop.getBody(); }

/// Finds the ops of `loop`'s body that `start` depends on. Returns the reason
/// the start cannot move if a dependence leads to a loop-carried value, a
/// collective result or an op with memory effects; fills `chain` (program
/// order) otherwise.
static std::optional<std::string>
collectChain(scf::ForOp loop, Operation *start,
             SmallVectorImpl<Operation *> &chain) {
  Block &body = getBody(loop);
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<Value> worklist(start->getOperands());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (value == loop.getInductionVar())
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == &body)
        return std::string("its input depends on a loop-carried value");
      continue; // Defined outside the body: invariant.
    }
    Operation *def = value.getDefiningOp();
    if (def->getBlock() != &body)
      continue; // Defined outside the loop.
    if (!seen.insert(def).second)
      continue;
    if (isa<WaitOp>(def))
      return std::string("its input is the result of another collective");
    if (!isMemoryEffectFree(def))
      return "its input comes from '" + def->getName().getStringRef().str() +
             "', which has memory effects";
    if (def->getNumRegions() != 0 &&
        !def->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return "its input comes from '" + def->getName().getStringRef().str() +
             "', an op with regions that read the body";
    llvm::append_range(worklist, def->getOperands());
  }
  for (Operation &op : body)
    if (seen.contains(&op))
      chain.push_back(&op);
  return std::nullopt;
}

/// Returns the bytes of `values`, or std::nullopt if one is not a statically
/// shaped tensor.
static std::optional<int64_t> getTensorBytes(ValueRange values) {
  int64_t bytes = 0;
  for (Value result : values) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type || !type.hasStaticShape())
      return std::nullopt;
    std::optional<int64_t> size = getElementByteSize(type.getElementType());
    if (!size)
      return std::nullopt;
    for (int64_t extent : type.getShape())
      if (llvm::MulOverflow(*size, extent, *size))
        return std::nullopt;
    if (llvm::AddOverflow(bytes, *size, bytes))
      return std::nullopt;
  }
  return bytes;
}

/// Returns why `start` (a collective of `loop`'s body) cannot be started one
/// iteration ahead, filling `movable` when it can.
static std::optional<std::string>
classifyCollective(scf::ForOp loop, CollectiveOpInterface start,
                   MovableCollective &movable) {
  if (!start.getOutputs().empty())
    return std::string("it is in the buffer form (only tensor collectives "
                       "are pipelined)");
  Value future = start.getFuture();
  if (!future.hasOneUse() || !isa<WaitOp>(*future.getUsers().begin()))
    return std::string("its future is not waited once");
  Operation *wait = *future.getUsers().begin();
  std::optional<int64_t> bytes = getTensorBytes(wait->getResults());
  if (!bytes)
    return std::string("its results are not statically shaped tensors");
  movable.start = start;
  movable.wait = wait;
  movable.resultBytes = *bytes;
  return collectChain(loop, start, movable.chain);
}

LoopCollectives mlir::sched::analyzeLoopCollectives(scf::ForOp loop) {
  LoopCollectives collectives;
  for (Operation &op : getBody(loop)) {
    auto start = dyn_cast<CollectiveOpInterface>(&op);
    if (!start)
      continue;
    MovableCollective movable;
    if (std::optional<std::string> reason =
            classifyCollective(loop, start, movable))
      collectives.pinned.push_back({&op, std::move(*reason)});
    else
      collectives.movable.push_back(std::move(movable));
  }
  return collectives;
}

void mlir::sched::capInFlight(scf::ForOp loop, LoopCollectives &collectives,
                              int64_t maxInFlight) {
  llvm::SmallPtrSet<Operation *, 8> moved;
  for (const MovableCollective &movable : collectives.movable)
    moved.insert(movable.start);
  // The most collectives of each group the body keeps in flight at once.
  // Only looked up, never iterated.
  llvm::StringMap<int64_t> inFlight, most;
  llvm::DenseMap<Operation *, StringRef> groupOfWait;
  for (Operation &op : getBody(loop)) {
    if (auto start = dyn_cast<CollectiveOpInterface>(&op)) {
      if (moved.contains(&op))
        continue;
      StringRef group = start.getGroupAttr().getValue();
      int64_t now = ++inFlight[group];
      most[group] = std::max(most[group], now);
      for (Operation *user : start.getFuture().getUsers())
        groupOfWait[user] = group;
      continue;
    }
    auto it = groupOfWait.find(&op);
    if (it != groupOfWait.end())
      --inFlight[it->second];
  }
  llvm::StringMap<int64_t> prefetched;
  SmallVector<MovableCollective> kept;
  for (MovableCollective &movable : collectives.movable) {
    StringRef group =
        cast<CollectiveOpInterface>(movable.start).getGroupAttr().getValue();
    int64_t &count = prefetched[group];
    if (count + 1 + most.lookup(group) > maxInFlight) {
      collectives.pinned.push_back(
          {movable.start, "group @" + group.str() + " would have more than " +
                              std::to_string(maxInFlight) +
                              " collectives in flight (max-in-flight)"});
      continue;
    }
    ++count;
    kept.push_back(std::move(movable));
  }
  collectives.movable = std::move(kept);
  // Pinned collectives in program order, whichever test pinned them.
  llvm::stable_sort(collectives.pinned,
                    [](const PinnedCollective &a, const PinnedCollective &b) {
                      return a.start->isBeforeInBlock(b.start);
                    });
}

namespace {
/// Builds the pieces of a pipelined loop: the clones of chains and starts,
/// and the copies of the body.
struct LoopRotator {
  LoopRotator(scf::ForOp loop, ArrayRef<MovableCollective> movable,
              bool keepCollectiveOrder)
      : loop(loop), movable(movable), keepOrder(keepCollectiveOrder) {
    for (const MovableCollective &m : movable) {
      skipped.insert(m.start);
      skipped.insert(m.wait);
      for (Operation *op : m.chain)
        chainOps.insert(op);
    }
  }

  /// Clones the chains and starts of the movable collectives at `builder`,
  /// `mapping` giving the induction variable; returns the starts.
  SmallVector<Operation *> cloneStarts(OpBuilder &builder,
                                       IRMapping &mapping) const;
  /// Clones the waits of `starts` at `builder`; returns their results.
  SmallVector<Value> cloneWaits(OpBuilder &builder,
                                ArrayRef<Operation *> starts) const;
  /// Clones the body but for the movable starts and waits and the yield,
  /// whose operands it returns, mapped.
  SmallVector<Value> cloneBody(OpBuilder &builder, IRMapping &mapping) const;
  /// Maps the results of the movable waits to `values`.
  void mapWaitResults(IRMapping &mapping, ValueRange values) const;
  /// Builds the body of the pipelined loop.
  void buildBody(OpBuilder &builder, Value iv, ValueRange args) const;
  /// Erases the clones of chain ops left without users in `block`.
  void eraseDeadChainClones(Block &block) const;

  mutable scf::ForOp loop;
  ArrayRef<MovableCollective> movable;
  bool keepOrder;
  llvm::SmallPtrSet<Operation *, 16> skipped, chainOps;
  /// Clones of chain ops, erased where unused.
  mutable llvm::SmallPtrSet<Operation *, 16> chainClones;
};
} // namespace

SmallVector<Operation *> LoopRotator::cloneStarts(OpBuilder &builder,
                                                  IRMapping &mapping) const {
  // Chains may share ops: clone each op once, in body order.
  for (Operation &op : getBody(loop)) {
    if (!chainOps.contains(&op))
      continue;
    chainClones.insert(builder.clone(op, mapping));
  }
  SmallVector<Operation *> starts;
  for (const MovableCollective &m : movable)
    starts.push_back(builder.clone(*m.start, mapping));
  return starts;
}

SmallVector<Value> LoopRotator::cloneWaits(OpBuilder &builder,
                                           ArrayRef<Operation *> starts) const {
  SmallVector<Value> values;
  for (auto [m, start] : llvm::zip_equal(movable, starts)) {
    IRMapping mapping;
    mapping.map(m.start->getResult(0), start->getResult(0));
    llvm::append_range(values, builder.clone(*m.wait, mapping)->getResults());
  }
  return values;
}

void LoopRotator::mapWaitResults(IRMapping &mapping, ValueRange values) const {
  unsigned next = 0;
  for (const MovableCollective &m : movable)
    for (Value result : m.wait->getResults())
      mapping.map(result, values[next++]);
}

SmallVector<Value> LoopRotator::cloneBody(OpBuilder &builder,
                                          IRMapping &mapping) const {
  Block &body = getBody(loop);
  for (Operation &op : body.without_terminator()) {
    if (skipped.contains(&op))
      continue;
    Operation *clone = builder.clone(op, mapping);
    if (chainOps.contains(&op))
      chainClones.insert(clone);
  }
  SmallVector<Value> yielded;
  for (Value operand : body.getTerminator()->getOperands())
    yielded.push_back(mapping.lookupOrDefault(operand));
  return yielded;
}

/// Returns the op after which a prefetched start of `group` goes in `block`
/// with keep-collective-order: the last start of that group, or null.
static Operation *lastStartOfGroup(Block &block, StringRef group) {
  Operation *last = nullptr;
  for (Operation &op : block)
    if (auto start = dyn_cast<CollectiveOpInterface>(&op))
      if (start.getGroupAttr().getValue() == group)
        last = &op;
  return last;
}

void LoopRotator::buildBody(OpBuilder &builder, Value iv,
                            ValueRange args) const {
  unsigned numOriginal = loop.getNumRegionIterArgs();
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), iv);
  for (auto [from, to] :
       llvm::zip(loop.getRegionIterArgs(), args.take_front(numOriginal)))
    mapping.map(from, to);
  mapWaitResults(mapping, args.drop_front(numOriginal));
  // The next iteration's chains and starts first, then this iteration.
  auto next = arith::AddIOp::create(builder, loop.getLoc(), iv, loop.getStep());
  // Erased with the dead chain clones if no chain reads the index.
  chainClones.insert(next);
  IRMapping nextMapping;
  nextMapping.map(loop.getInductionVar(), next.getResult());
  SmallVector<Operation *> starts = cloneStarts(builder, nextMapping);
  SmallVector<Value> yielded = cloneBody(builder, mapping);
  if (keepOrder) {
    // After the iteration's own starts of the same group.
    Block *block = builder.getInsertionBlock();
    for (Operation *start : starts) {
      StringRef group =
          cast<CollectiveOpInterface>(start).getGroupAttr().getValue();
      // Without a start of its group in the body, it stays at the top.
      Operation *last = lastStartOfGroup(*block, group);
      if (last && last != start && start->isBeforeInBlock(last))
        start->moveAfter(last);
    }
  }
  // Waited before the yield; their values are the next iteration's.
  llvm::append_range(yielded, cloneWaits(builder, starts));
  scf::YieldOp::create(builder, loop.getLoc(), yielded);
}

void LoopRotator::eraseDeadChainClones(Block &block) const {
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
    if (!chainClones.contains(&op) || !op.use_empty())
      continue;
    // Forgotten before it is freed: a later op may reuse its address.
    chainClones.erase(&op);
    op.erase();
  }
}

PipelinedLoop mlir::sched::pipelineLoop(scf::ForOp loop,
                                        ArrayRef<MovableCollective> movable,
                                        bool keepCollectiveOrder) {
  LoopRotator rotator(loop, movable, keepCollectiveOrder);
  int64_t lb = *getConstantIntValue(loop.getLowerBound());
  int64_t step = *getConstantIntValue(loop.getStep());
  int64_t trips = *getStaticTripCount(loop);
  Location loc = loop.getLoc();
  Type ivType = loop.getInductionVar().getType();
  OpBuilder builder(loop);
  PipelinedLoop result;
  Block *parent = loop->getBlock();
  Operation *before = loop->getPrevNode();

  // Prologue: the first iteration's collectives.
  IRMapping first;
  first.map(loop.getInductionVar(), loop.getLowerBound());
  SmallVector<Operation *> starts = rotator.cloneStarts(builder, first);
  SmallVector<Value> carried = rotator.cloneWaits(builder, starts);

  // The loop over all iterations but the last; the last iteration's index is
  // the new upper bound.
  Value last = arith::ConstantOp::create(
      builder, loc, builder.getIntegerAttr(ivType, lb + (trips - 1) * step));
  SmallVector<Value> inits(loop.getInitArgs());
  llvm::append_range(inits, carried);
  auto newLoop = scf::ForOp::create(
      builder, loc, loop.getLowerBound(), last, loop.getStep(), inits,
      [&](OpBuilder &b, Location, Value iv, ValueRange args) {
        rotator.buildBody(b, iv, args);
      });
  newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  rotator.eraseDeadChainClones(*newLoop.getBody());

  // Epilogue: the last iteration, on the values the loop carried.
  builder.setInsertionPointAfter(newLoop);
  unsigned numOriginal = loop.getNumResults();
  IRMapping epilogue;
  epilogue.map(loop.getInductionVar(), last);
  for (auto [from, to] :
       llvm::zip(loop.getRegionIterArgs(),
                 newLoop.getResults().take_front(numOriginal)))
    epilogue.map(from, to);
  rotator.mapWaitResults(epilogue,
                         newLoop.getResults().drop_front(numOriginal));
  result.replacements = rotator.cloneBody(builder, epilogue);
  result.loop = newLoop;
  rotator.eraseDeadChainClones(*parent);

  // Everything between the op before the original prologue and the original
  // loop, then the loop's epilogue up to the original loop.
  Operation *op = before ? before->getNextNode() : &parent->front();
  for (; op != loop.getOperation(); op = op->getNextNode())
    result.created.push_back(op);
  return result;
}

void mlir::sched::erasePipelinedLoop(PipelinedLoop &pipelined) {
  for (Operation *op : llvm::reverse(pipelined.created))
    op->erase();
  pipelined.created.clear();
  pipelined.replacements.clear();
  pipelined.loop = nullptr;
}

/// Appends to `deps` of an op of copy `copy` the positions, in the previous
/// copy, of the ops that yield the iteration arguments `op` reads (directly
/// or in its regions); `position` maps the body's ops to their index and
/// `n` is the ops per copy.
static void
addCarriedDeps(Operation *op, Block &body, unsigned copy, unsigned n,
               const llvm::DenseMap<Operation *, unsigned> &position,
               SmallVectorImpl<unsigned> &deps) {
  if (copy == 0)
    return;
  Operation *yield = body.getTerminator();
  op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(operand);
      // Argument 0 is the induction variable; k + 1 is iteration argument k.
      if (!arg || arg.getOwner() != &body || arg.getArgNumber() == 0)
        continue;
      Value yielded = yield->getOperand(arg.getArgNumber() - 1);
      Operation *def = yielded.getDefiningOp();
      if (!def || def->getBlock() != &body)
        continue;
      deps.push_back((copy - 1) * n + position.lookup(def));
    }
  });
}

FailureOr<double> mlir::sched::simulateSteadyStateUs(Block &body,
                                                     const CostModel &model,
                                                     unsigned copies) {
  FailureOr<BlockSimulation> sim = buildBlockSimulation(body, model);
  if (failed(sim))
    return failure();
  unsigned n = sim->ops.size();
  llvm::DenseMap<Operation *, unsigned> position;
  for (auto [i, op] : llvm::enumerate(sim->ops))
    position[op] = i;
  auto makespan = [&](unsigned count) -> FailureOr<double> {
    std::vector<SimOp> ops;
    ops.reserve(count * n);
    for (unsigned copy = 0; copy < count; ++copy) {
      for (unsigned i = 0; i < n; ++i) {
        SimOp op = sim->simOps[i];
        for (unsigned &dep : op.deps)
          dep += copy * n;
        if (op.kind == SimOp::Kind::Wait)
          op.start += copy * n;
        addCarriedDeps(sim->ops[i], body, copy, n, position, op.deps);
        ops.push_back(std::move(op));
      }
    }
    FailureOr<SimResult> result = simulate(ops);
    if (failed(result))
      return failure();
    return result->makespanUs;
  };
  unsigned half = std::max(1u, copies / 2);
  FailureOr<double> full = makespan(copies);
  FailureOr<double> part = makespan(half);
  if (failed(full) || failed(part)) {
    mlir::emitError(body.getParentOp()->getLoc(),
                    "cannot simulate the loop body");
    return failure();
  }
  if (copies == half)
    return *full / copies;
  return (*full - *part) / (copies - half);
}

FailureOr<int64_t> mlir::sched::computeBodyPeak(Block &body) {
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  if (failed(liveness))
    return failure();
  MemoryProfile profile(liveness->getProblem(), liveness->getProgramOrder());
  return profile.getPeak();
}

FailureOr<int64_t> mlir::sched::computeEnclosingPeak(Operation *op) {
  int64_t total = 0;
  for (Block *block = op->getBlock(); block;
       block = block->getParentOp()->getBlock()) {
    FailureOr<int64_t> peak = computeBodyPeak(*block);
    if (failed(peak))
      return failure();
    if (llvm::AddOverflow(total, *peak, total))
      total = std::numeric_limits<int64_t>::max();
    if (isa<FunctionOpInterface>(block->getParentOp()))
      break;
  }
  return total;
}

FailureOr<int64_t> mlir::sched::estimateLoopPeak(scf::ForOp loop) {
  FailureOr<int64_t> body = computeBodyPeak(*loop.getBody());
  FailureOr<int64_t> outside = computeEnclosingPeak(loop);
  if (failed(body) || failed(outside))
    return failure();
  int64_t total;
  if (llvm::AddOverflow(*body, *outside, total))
    return std::numeric_limits<int64_t>::max();
  // Iteration arguments that are not statically shaped tensors are counted
  // twice.
  std::optional<int64_t> carried = getTensorBytes(loop.getRegionIterArgs());
  if (carried && *carried <= total)
    total -= *carried;
  return total;
}
