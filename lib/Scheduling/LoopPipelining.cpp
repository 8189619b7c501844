//===- LoopPipelining.cpp - pipeline collectives across iterations --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/LoopPipelining.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/InFlightCounter.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/ProgramSimulation.h"
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
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

#include <cstdlib>
#include <limits>
#include <map>

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

/// Why a collective whose input reads an iteration argument cannot be
/// started ahead.
static constexpr llvm::StringLiteral kLoopCarriedReason =
    "its input depends on a loop-carried value";

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
        return std::string(kLoopCarriedReason);
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

/// Returns why `op`, an op of `loop`'s body that an early start depends on,
/// cannot be recomputed in the previous iteration, or std::nullopt.
static std::optional<std::string> checkEarlyChainOp(Operation *op) {
  std::string name = op->getName().getStringRef().str();
  if (isa<WaitOp>(op))
    return std::string("its input is the result of another collective");
  // A sched.compute carries the cost of real work; slices, casts and index
  // ops are cheap to recompute.
  if (isa<CollectiveOpInterface, ComputeOp>(op))
    return "its input comes from '" + name +
           "', which is not recomputed in the previous iteration (only "
           "cheap tensor and index ops are)";
  if (!isMemoryEffectFree(op))
    return "its input comes from '" + name + "', which has memory effects";
  if (op->getNumRegions() != 0)
    return "its input comes from '" + name + "', an op with regions";
  return std::nullopt;
}

/// Returns the op of `loop`'s body that defines `value`, an operand of an op
/// of the body; null for the induction variable, an iteration argument of
/// the body (marked in `reads`) or a value defined outside the body.
static Operation *getBodyDefiningOp(scf::ForOp loop, Value value,
                                    SmallVectorImpl<bool> &reads) {
  Block &body = getBody(loop);
  if (value == loop.getInductionVar())
    return nullptr;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == &body)
      reads[arg.getArgNumber() - 1] = true;
    return nullptr;
  }
  Operation *def = value.getDefiningOp();
  return def->getBlock() == &body ? def : nullptr;
}

/// Finds the ops of `loop`'s body that `early.start` depends on and the
/// iteration arguments they read. Returns why the start cannot be issued at
/// the end of the previous iteration; fills `early` otherwise.
static std::optional<std::string> collectEarlyChain(scf::ForOp loop,
                                                    EarlyCollective &early) {
  Block &body = getBody(loop);
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<bool> reads(loop.getNumRegionIterArgs(), false);
  SmallVector<Value> worklist(early.start->getOperands());
  while (!worklist.empty()) {
    Operation *def = getBodyDefiningOp(loop, worklist.pop_back_val(), reads);
    if (!def || !seen.insert(def).second)
      continue;
    if (std::optional<std::string> reason = checkEarlyChainOp(def))
      return reason;
    if (seen.size() > kMaxEarlyChain)
      return "its input chain has more than " + std::to_string(kMaxEarlyChain) +
             " ops";
    llvm::append_range(worklist, def->getOperands());
  }
  for (auto [k, read] : llvm::enumerate(reads))
    if (read)
      early.args.push_back(k);
  // Only tried on a start whose chain reads an iteration argument.
  assert(!early.args.empty() && "an early start that reads no argument");
  for (Operation &op : body)
    if (seen.contains(&op))
      early.chain.push_back(&op);
  return std::nullopt;
}

/// Returns true if `op`, an op of `loop`'s body, computes from the
/// induction variable and values defined outside the loop only, through ops
/// free of memory effects without regions (an index computation that the
/// sunk share recomputes for its own iteration); adds it and the ops it
/// needs to `chain`.
static bool collectIndexChain(scf::ForOp loop, Operation *op,
                              llvm::SmallPtrSetImpl<Operation *> &chain) {
  if (chain.contains(op))
    return true;
  if (!isMemoryEffectFree(op) || op->getNumRegions() != 0 ||
      isa<CollectiveOpInterface, WaitOp>(op))
    return false;
  for (Value operand : op->getOperands()) {
    if (operand == loop.getInductionVar())
      continue;
    if (auto arg = dyn_cast<BlockArgument>(operand)) {
      if (arg.getOwner() == loop.getBody())
        return false;
      continue;
    }
    Operation *def = operand.getDefiningOp();
    if (def->getBlock() == loop.getBody() &&
        !collectIndexChain(loop, def, chain))
      return false;
  }
  chain.insert(op);
  return true;
}

/// Returns the reason the results of the `members` ops (the sunk waits and
/// the ops reading them) cannot run in the next iteration, or std::nullopt;
/// marks in `read` and `yielded` the iteration arguments they read and the
/// yield operands they define.
static std::optional<std::string>
checkSinkMembers(scf::ForOp loop,
                 const llvm::SmallPtrSetImpl<Operation *> &members,
                 SmallVectorImpl<bool> &read, SmallVectorImpl<bool> &yielded) {
  Block &body = getBody(loop);
  for (Operation &op : body) {
    if (!members.contains(&op) || isa<WaitOp>(op))
      continue;
    std::string name = op.getName().getStringRef().str();
    if (isa<CollectiveOpInterface>(op))
      return "its result feeds another collective ('" + name + "')";
    if (!isMemoryEffectFree(&op))
      return "its result feeds '" + name + "', which has memory effects";
    if (op.getNumRegions() != 0 && !op.hasTrait<OpTrait::IsIsolatedFromAbove>())
      return "its result feeds '" + name +
             "', an op with regions that read "
             "the body";
    for (Value operand : op.getOperands()) {
      Operation *def = getBodyDefiningOp(loop, operand, read);
      llvm::SmallPtrSet<Operation *, 8> chain;
      if (def && !members.contains(def) && !collectIndexChain(loop, def, chain))
        return "its result is used with a value of its iteration ('" +
               def->getName().getStringRef().str() + "')";
    }
  }
  Operation *yield = body.getTerminator();
  for (OpOperand &operand : yield->getOpOperands())
    if (Operation *def = operand.get().getDefiningOp())
      yielded[operand.getOperandNumber()] = members.contains(def);
  return std::nullopt;
}

std::optional<std::string>
mlir::sched::getSinkStage(scf::ForOp loop, ArrayRef<SinkableCollective> sinks,
                          SinkStage &stage) {
  Block &body = getBody(loop);
  Operation *yield = body.getTerminator();
  // The waits and every op of the body that reads their results.
  llvm::SmallPtrSet<Operation *, 16> members;
  SmallVector<Operation *> worklist;
  for (const SinkableCollective &sink : sinks) {
    if (sink.wait->getBlock() != &body)
      return std::string("its wait is not an op of the loop body");
    members.insert(sink.wait);
    worklist.push_back(sink.wait);
  }
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Operation *user : op->getUsers()) {
      Operation *ancestor = body.findAncestorOpInBlock(*user);
      if (ancestor != yield && members.insert(ancestor).second)
        worklist.push_back(ancestor);
    }
  }
  unsigned numArgs = loop.getNumRegionIterArgs();
  SmallVector<bool> read(numArgs, false), yielded(numArgs, false);
  if (std::optional<std::string> reason =
          checkSinkMembers(loop, members, read, yielded))
    return reason;
  // An argument the sunk ops read or update must be theirs alone: only they
  // read it and they define what is yielded for it.
  stage = SinkStage();
  for (unsigned k = 0; k < numArgs; ++k) {
    if (!read[k] && !yielded[k])
      continue;
    if (!yielded[k])
      return std::string("it reads an iteration argument that the rest of "
                         "the body updates");
    BlockArgument arg = loop.getRegionIterArgs()[k];
    for (Operation *user : arg.getUsers())
      if (!members.contains(body.findAncestorOpInBlock(*user)))
        return std::string("its result is needed by the next iteration");
    stage.accumulators.push_back(k);
  }
  for (Operation &op : body)
    if (members.contains(&op))
      stage.ops.push_back(&op);
  return std::nullopt;
}

LoopCollectives mlir::sched::analyzeLoopCollectives(scf::ForOp loop) {
  LoopCollectives collectives;
  for (Operation &op : getBody(loop)) {
    auto start = dyn_cast<CollectiveOpInterface>(&op);
    if (!start)
      continue;
    MovableCollective movable;
    std::optional<std::string> reason =
        classifyCollective(loop, start, movable);
    if (!reason) {
      collectives.movable.push_back(std::move(movable));
      continue;
    }
    // Not movable, but with one wait in the body and sized results: perhaps
    // its wait sinks, with the sinks before it.
    bool carried = *reason == kLoopCarriedReason;
    if (movable.wait && movable.wait->getBlock() == &getBody(loop)) {
      SmallVector<SinkableCollective> sinks(collectives.sinkable);
      sinks.push_back({&op, movable.wait, movable.resultBytes});
      SinkStage stage;
      std::optional<std::string> sinkReason = getSinkStage(loop, sinks, stage);
      if (!sinkReason) {
        collectives.sinkable.push_back(sinks.back());
        continue;
      }
      *reason += "; its wait cannot sink: " + *sinkReason;
      // Else perhaps it starts at the end of the previous iteration.
      if (carried) {
        EarlyCollective early;
        early.start = &op;
        early.wait = movable.wait;
        std::optional<std::string> earlyReason = collectEarlyChain(loop, early);
        if (!earlyReason) {
          collectives.early.push_back(std::move(early));
          continue;
        }
        *reason +=
            "; it cannot start in the previous iteration: " + *earlyReason;
      }
    }
    collectives.pinned.push_back({&op, std::move(*reason)});
  }
  return collectives;
}

void mlir::sched::capInFlight(scf::ForOp loop, LoopCollectives &collectives,
                              int64_t maxInFlight) {
  llvm::SmallPtrSet<Operation *, 8> moved;
  for (const MovableCollective &movable : collectives.movable)
    moved.insert(movable.start);
  // The most collectives of each group the body keeps in flight at once:
  // the starts not moved, each until a user of its future. Only looked up,
  // never iterated.
  InFlightCounter<StringRef> inFlight;
  llvm::StringMap<int64_t> most;
  llvm::DenseMap<Operation *, StringRef> groupOfWait;
  for (Operation &op : getBody(loop)) {
    if (auto start = dyn_cast<CollectiveOpInterface>(&op)) {
      if (moved.contains(&op))
        continue;
      StringRef group = start.getGroupAttr().getValue();
      int64_t now = inFlight.start(group);
      most[group] = std::max(most[group], now);
      for (Operation *user : start.getFuture().getUsers())
        groupOfWait[user] = group;
      continue;
    }
    auto it = groupOfWait.find(&op);
    if (it != groupOfWait.end())
      inFlight.end(it->second);
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
/// The values one iteration of the rotated loop hands to the next.
struct CarriedState {
  /// The loop's own iteration arguments.
  SmallVector<Value> args;
  /// Per prefetched collective: the values of its wait for this iteration.
  SmallVector<SmallVector<Value>> values;
  /// Per prefetched collective: the futures of the iterations 1 to depth - 1
  /// ahead, in flight.
  SmallVector<SmallVector<Value>> futures;
  /// Per sunk collective: the future of the previous iteration.
  SmallVector<Value> sunk;
  /// Per early collective: the future of this iteration, started at the end
  /// of the previous one.
  SmallVector<Value> early;
};

/// Which shares of the original iterations one iteration of the rotated loop
/// (or of its prologue or epilogue) runs.
struct Shares {
  bool prefetch = true;     ///< Chains and starts, `depth` iterations ahead.
  bool prefetchWait = true; ///< Waits of the prefetch one iteration ahead.
  bool body = true;         ///< The body of this iteration.
  bool sunk = true;         ///< Sunk waits and tails of the previous one.
  bool early = true; ///< Early starts of the next iteration, after the body.
};

/// Builds the software pipeline of a PipelinePlan: the prologue, the loop
/// and the epilogue, each iteration emitted by the same code with some of
/// its shares left out.
class StagedRotator {
public:
  StagedRotator(scf::ForOp loop, const PipelinePlan &plan);
  /// Builds the pipelined loop before `loop`.
  PipelinedLoop build();

private:
  /// The index of the iteration `offset` iterations after the current one.
  Value getIndex(OpBuilder &builder, int64_t offset);
  /// Returns the constant index `value`, made once.
  Value getConstantIndex(OpBuilder &builder, int64_t value);
  /// Emits one iteration; returns what it hands to the next.
  CarriedState emitIteration(OpBuilder &builder, const CarriedState &in,
                             Shares shares);
  /// Clones the chains and starts of the prefetched collectives for the
  /// iteration at `index`; returns the starts.
  SmallVector<Operation *> cloneStarts(OpBuilder &builder, Value index);
  /// Clones the body of the current iteration but for the prefetched starts
  /// and waits and the sunk ops (the sunk share of the previous iteration
  /// goes before the first sunk start when `sunk`); fills the loop's
  /// arguments of `out` and the sunk futures.
  void cloneBody(OpBuilder &builder, const CarriedState &in, bool sunk,
                 CarriedState &out);
  /// Clones the sunk waits of the previous iteration and the ops that read
  /// their results; updates the accumulators of `out`.
  void cloneSunk(OpBuilder &builder, const CarriedState &in, CarriedState &out);
  /// Clones the chains and starts of the early collectives of the next
  /// iteration on the arguments of `out` (what this iteration yields), right
  /// after the last op emitted since `before` that defines one they read (at
  /// the builder's point if none); sets the futures of `out`.
  void cloneEarlyStarts(OpBuilder &builder, Operation *before,
                        CarriedState &out);
  /// Moves `start` after the last start of its group among the ops after
  /// `before` (from the top of the block if null) and before `end`: the
  /// share of the current iteration.
  void placeAfterShareGroup(Operation *before, Block::iterator end,
                            Operation *start) const;
  /// Moves each of `starts` after the last start of its group in `block`.
  void placeAfterGroup(Block &block, ArrayRef<Operation *> starts) const;
  /// The shares an iteration of the prologue or epilogue runs, by its
  /// position `j` counted from the first iteration of the prologue.
  Shares getSharesOf(int64_t j) const;
  SmallVector<Value> flatten(const CarriedState &state) const;
  CarriedState unflatten(ValueRange values) const;
  /// Erases the unused clones of chain ops and indices in `block`.
  void eraseDeadScratch(Block &block);

  mutable scf::ForOp loop;
  PipelinePlan plan;
  SinkStage stage;
  unsigned depth;
  /// The iterations the body runs behind the prefetch (PipelinePlan::getLead).
  unsigned lead;
  int64_t lb, step, trips;
  llvm::SmallPtrSet<Operation *, 16> prefetchOps, chainOps, sunkOps;
  /// The early starts (cloned in the previous iteration, not in the body)
  /// and the ops of their chains (cloned in both, erased where unused).
  llvm::SmallPtrSet<Operation *, 8> earlyStarts, earlyChainOps;
  /// Positions of the iteration arguments the early chains read, increasing.
  SmallVector<unsigned> earlyArgs;
  /// The index computations of the body that the sunk ops read, in body
  /// order: recomputed in the sunk share for its iteration.
  SmallVector<Operation *> sunkChain;
  /// Positions of the accumulators.
  llvm::SmallVector<bool> isAccumulator;
  /// The rotated loop's induction variable while its body is built, else
  /// null; then `iteration` is the current original iteration.
  Value kernelIv;
  int64_t iteration = 0;
  /// Constant indices of the prologue and epilogue, by value.
  std::map<int64_t, Value> constants;
  /// Clones of chain ops and indices, erased where unused.
  llvm::SmallPtrSet<Operation *, 16> scratch;
};
} // namespace

StagedRotator::StagedRotator(scf::ForOp loop, const PipelinePlan &plan)
    : loop(loop), plan(plan) {
  depth = plan.prefetch.empty() ? 0 : plan.depth;
  lead = plan.getLead();
  llvm::SmallSetVector<unsigned, 4> args;
  for (const EarlyCollective &e : plan.early) {
    earlyStarts.insert(e.start);
    for (Operation *op : e.chain)
      earlyChainOps.insert(op);
    args.insert_range(e.args);
  }
  earlyArgs.assign(args.begin(), args.end());
  llvm::sort(earlyArgs);
  lb = *getConstantIntValue(loop.getLowerBound());
  step = *getConstantIntValue(loop.getStep());
  trips = *getStaticTripCount(loop);
  for (const MovableCollective &m : plan.prefetch) {
    prefetchOps.insert(m.start);
    prefetchOps.insert(m.wait);
    for (Operation *op : m.chain)
      chainOps.insert(op);
  }
  isAccumulator.assign(loop.getNumRegionIterArgs(), false);
  if (!plan.sinks.empty()) {
    std::optional<std::string> reason = getSinkStage(loop, plan.sinks, stage);
    assert(!reason && "sinks that cannot sink");
    (void)reason;
    for (Operation *op : stage.ops)
      sunkOps.insert(op);
    for (unsigned k : stage.accumulators)
      isAccumulator[k] = true;
    llvm::SmallPtrSet<Operation *, 8> chain;
    for (Operation *op : stage.ops)
      for (Value operand : op->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && def->getBlock() == loop.getBody() && !sunkOps.contains(def))
          collectIndexChain(loop, def, chain);
    for (Operation &op : *loop.getBody())
      if (chain.contains(&op))
        sunkChain.push_back(&op);
  }
}

Value StagedRotator::getConstantIndex(OpBuilder &builder, int64_t value) {
  auto [it, inserted] = constants.try_emplace(value, Value());
  if (inserted) {
    auto constant = arith::ConstantOp::create(
        builder, loop.getLoc(),
        builder.getIntegerAttr(loop.getInductionVar().getType(), value));
    scratch.insert(constant);
    it->second = constant;
  }
  return it->second;
}

Value StagedRotator::getIndex(OpBuilder &builder, int64_t offset) {
  if (!kernelIv)
    return getConstantIndex(builder, lb + (iteration + offset) * step);
  if (offset == 0)
    return kernelIv;
  Value distance = loop.getStep();
  if (offset != 1 && offset != -1) {
    // Not shared with the prologue and epilogue: it is in the loop.
    auto constant = arith::ConstantOp::create(
        builder, loop.getLoc(),
        builder.getIntegerAttr(kernelIv.getType(), std::abs(offset) * step));
    scratch.insert(constant);
    distance = constant;
  }
  Operation *index =
      offset > 0
          ? arith::AddIOp::create(builder, loop.getLoc(), kernelIv, distance)
          : arith::SubIOp::create(builder, loop.getLoc(), kernelIv, distance);
  scratch.insert(index);
  return index->getResult(0);
}

SmallVector<Operation *> StagedRotator::cloneStarts(OpBuilder &builder,
                                                    Value index) {
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), index);
  // Chains may share ops: clone each op once, in body order.
  for (Operation &op : getBody(loop))
    if (chainOps.contains(&op))
      scratch.insert(builder.clone(op, mapping));
  SmallVector<Operation *> starts;
  for (const MovableCollective &m : plan.prefetch)
    starts.push_back(builder.clone(*m.start, mapping));
  return starts;
}

void StagedRotator::cloneSunk(OpBuilder &builder, const CarriedState &in,
                              CarriedState &out) {
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), getIndex(builder, -1));
  for (auto [arg, value] : llvm::zip(loop.getRegionIterArgs(), in.args))
    mapping.map(arg, value);
  for (auto [sink, future] : llvm::zip_equal(plan.sinks, in.sunk))
    mapping.map(sink.start->getResult(0), future);
  for (Operation *op : sunkChain)
    scratch.insert(builder.clone(*op, mapping));
  for (Operation *op : stage.ops)
    builder.clone(*op, mapping);
  Operation *yield = getBody(loop).getTerminator();
  for (unsigned k : stage.accumulators)
    out.args[k] = mapping.lookupOrDefault(yield->getOperand(k));
}

void StagedRotator::cloneBody(OpBuilder &builder, const CarriedState &in,
                              bool sunk, CarriedState &out) {
  Block &body = getBody(loop);
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), getIndex(builder, 0));
  for (auto [arg, value] : llvm::zip(loop.getRegionIterArgs(), in.args))
    mapping.map(arg, value);
  for (auto [m, values] : llvm::zip_equal(plan.prefetch, in.values))
    for (auto [result, value] : llvm::zip_equal(m.wait->getResults(), values))
      mapping.map(result, value);
  for (auto [e, future] : llvm::zip_equal(plan.early, in.early))
    mapping.map(e.start->getResult(0), future);
  Operation *firstSink = plan.sinks.empty() ? nullptr : plan.sinks[0].start;
  for (Operation &op : body.without_terminator()) {
    if (prefetchOps.contains(&op) || sunkOps.contains(&op) ||
        earlyStarts.contains(&op))
      continue;
    if (&op == firstSink && sunk)
      cloneSunk(builder, in, out);
    Operation *clone = builder.clone(op, mapping);
    // Erased where unused: index computations only the sunk ops read.
    if (chainOps.contains(&op) || earlyChainOps.contains(&op) ||
        llvm::is_contained(sunkChain, &op))
      scratch.insert(clone);
  }
  for (OpOperand &operand : body.getTerminator()->getOpOperands())
    if (!isAccumulator[operand.getOperandNumber()])
      out.args[operand.getOperandNumber()] =
          mapping.lookupOrDefault(operand.get());
  for (auto [k, sink] : llvm::enumerate(plan.sinks))
    out.sunk[k] = mapping.lookup(sink.start->getResult(0));
}

void StagedRotator::cloneEarlyStarts(OpBuilder &builder, Operation *before,
                                     CarriedState &out) {
  Block *block = builder.getInsertionBlock();
  // The last op of this share that defines a value the chains read.
  Operation *anchor = nullptr;
  for (unsigned k : earlyArgs) {
    Operation *def = out.args[k].getDefiningOp();
    if (!def || def->getBlock() != block ||
        (before && !before->isBeforeInBlock(def)))
      continue;
    if (!anchor || anchor->isBeforeInBlock(def))
      anchor = def;
  }
  OpBuilder::InsertionGuard guard(builder);
  if (anchor)
    builder.setInsertionPointAfter(anchor);
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), getIndex(builder, 1));
  for (auto [arg, value] : llvm::zip(loop.getRegionIterArgs(), out.args))
    mapping.map(arg, value);
  // Chains may share ops: clone each op once, in body order.
  for (Operation &op : getBody(loop))
    if (earlyChainOps.contains(&op))
      scratch.insert(builder.clone(op, mapping));
  for (auto [p, e] : llvm::enumerate(plan.early))
    out.early[p] = builder.clone(*e.start, mapping)->getResult(0);
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

void StagedRotator::placeAfterGroup(Block &block,
                                    ArrayRef<Operation *> starts) const {
  for (Operation *start : starts) {
    StringRef group =
        cast<CollectiveOpInterface>(start).getGroupAttr().getValue();
    // Without a start of its group in the body, it stays at the top.
    Operation *last = lastStartOfGroup(block, group);
    if (last && last != start && start->isBeforeInBlock(last))
      start->moveAfter(last);
  }
}

void StagedRotator::placeAfterShareGroup(Operation *before, Block::iterator end,
                                         Operation *start) const {
  StringRef group =
      cast<CollectiveOpInterface>(start).getGroupAttr().getValue();
  Block *block = start->getBlock();
  Block::iterator it =
      before ? std::next(Block::iterator(before)) : block->begin();
  Operation *last = nullptr;
  for (; it != end; ++it)
    if (auto other = dyn_cast<CollectiveOpInterface>(&*it))
      if (other.getGroupAttr().getValue() == group)
        last = &*it;
  if (last && last != start && start->isBeforeInBlock(last))
    start->moveAfter(last);
}

CarriedState StagedRotator::emitIteration(OpBuilder &builder,
                                          const CarriedState &in,
                                          Shares shares) {
  CarriedState out = in;
  Block *block = builder.getInsertionBlock();
  Block::iterator point = builder.getInsertionPoint();
  Operation *before = point == block->begin() ? nullptr : &*std::prev(point);
  SmallVector<Operation *> starts;
  if (shares.prefetch)
    starts = cloneStarts(builder, getIndex(builder, depth));
  if (shares.body)
    cloneBody(builder, in, shares.sunk, out);
  else if (shares.sunk)
    cloneSunk(builder, in, out);
  for (Value &future : out.early)
    future = Value(); // Waited by the body, or not yet started.
  if (shares.early && !plan.early.empty()) {
    cloneEarlyStarts(builder, before, out);
    if (plan.afterGroup)
      for (Value future : out.early)
        placeAfterShareGroup(before, builder.getInsertionPoint(),
                             future.getDefiningOp());
  }
  if (kernelIv && plan.afterGroup)
    placeAfterGroup(*block, starts);
  for (auto [p, m] : llvm::enumerate(plan.prefetch)) {
    if (shares.prefetchWait) {
      // The future of the next iteration: just started at depth 1.
      Value future = depth == 1 ? starts[p]->getResult(0) : in.futures[p][0];
      IRMapping mapping;
      mapping.map(m.start->getResult(0), future);
      out.values[p] =
          SmallVector<Value>(builder.clone(*m.wait, mapping)->getResults());
    }
    if (depth >= 2) {
      out.futures[p].assign(in.futures[p].begin() + 1, in.futures[p].end());
      out.futures[p].push_back(shares.prefetch ? starts[p]->getResult(0)
                                               : Value());
    }
  }
  return out;
}

Shares StagedRotator::getSharesOf(int64_t j) const {
  auto inRange = [&](int64_t i) { return 0 <= i && i < trips; };
  int64_t t = j - lead;
  Shares shares;
  shares.prefetch = !plan.prefetch.empty() && inRange(j);
  shares.prefetchWait = !plan.prefetch.empty() && inRange(t + 1);
  shares.body = inRange(t);
  shares.sunk = !plan.sinks.empty() && inRange(t - 1);
  shares.early = !plan.early.empty() && inRange(t + 1);
  return shares;
}

SmallVector<Value> StagedRotator::flatten(const CarriedState &state) const {
  SmallVector<Value> values(state.args);
  for (const SmallVector<Value> &v : state.values)
    llvm::append_range(values, v);
  for (const SmallVector<Value> &f : state.futures)
    llvm::append_range(values, f);
  llvm::append_range(values, state.sunk);
  llvm::append_range(values, state.early);
  return values;
}

CarriedState StagedRotator::unflatten(ValueRange values) const {
  CarriedState state;
  auto take = [&](unsigned n) {
    SmallVector<Value> taken(values.take_front(n));
    values = values.drop_front(n);
    return taken;
  };
  state.args = take(loop.getNumRegionIterArgs());
  for (const MovableCollective &m : plan.prefetch)
    state.values.push_back(take(m.wait->getNumResults()));
  for (unsigned p = 0; p < plan.prefetch.size(); ++p)
    state.futures.push_back(take(depth >= 2 ? depth - 1 : 0));
  state.sunk = take(plan.sinks.size());
  state.early = take(plan.early.size());
  return state;
}

void StagedRotator::eraseDeadScratch(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
    if (!scratch.contains(&op) || !op.use_empty())
      continue;
    // Forgotten before it is freed: a later op may reuse its address.
    scratch.erase(&op);
    op.erase();
  }
}

PipelinedLoop StagedRotator::build() {
  unsigned stages = plan.getStages();
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  PipelinedLoop result;
  Block *parent = loop->getBlock();
  Operation *before = loop->getPrevNode();
  constants[lb] = loop.getLowerBound();

  // Prologue: the first `stages` iterations' shares.
  CarriedState state;
  state.args = llvm::to_vector(loop.getInitArgs());
  state.values.resize(plan.prefetch.size());
  state.futures.assign(plan.prefetch.size(),
                       SmallVector<Value>(depth >= 2 ? depth - 1 : 0));
  state.sunk.resize(plan.sinks.size());
  state.early.resize(plan.early.size());
  for (int64_t j = 0; j < stages; ++j) {
    iteration = j - lead;
    state = emitIteration(builder, state, getSharesOf(j));
  }

  // The steady state: the bodies of iterations stages - lead to
  // trips - 1 - lead.
  Value lower = getConstantIndex(builder, lb + (stages - lead) * step);
  Value upper = getConstantIndex(builder, lb + (trips - lead) * step);
  auto newLoop = scf::ForOp::create(
      builder, loc, lower, upper, loop.getStep(), flatten(state),
      [&](OpBuilder &b, Location, Value iv, ValueRange args) {
        kernelIv = iv;
        CarriedState out = emitIteration(b, unflatten(args), Shares());
        scf::YieldOp::create(b, loc, flatten(out));
        kernelIv = nullptr;
      });
  newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  eraseDeadScratch(*newLoop.getBody());

  // Epilogue: what is left of the last `stages` iterations.
  builder.setInsertionPointAfter(newLoop);
  state = unflatten(newLoop.getResults());
  for (int64_t j = trips; j < trips + stages; ++j) {
    iteration = j - lead;
    state = emitIteration(builder, state, getSharesOf(j));
  }
  result.replacements = state.args;
  result.loop = newLoop;
  eraseDeadScratch(*parent);

  // Everything between the op before the original prologue and the original
  // loop, then the loop's epilogue up to the original loop.
  Operation *op = before ? before->getNextNode() : &parent->front();
  for (; op != loop.getOperation(); op = op->getNextNode())
    result.created.push_back(op);
  return result;
}

PipelinedLoop mlir::sched::pipelineLoop(scf::ForOp loop,
                                        const PipelinePlan &plan) {
  return StagedRotator(loop, plan).build();
}

PipelinedLoop mlir::sched::pipelineLoop(scf::ForOp loop,
                                        ArrayRef<MovableCollective> movable,
                                        bool afterGroup) {
  PipelinePlan plan;
  plan.prefetch = movable;
  plan.afterGroup = afterGroup;
  return pipelineLoop(loop, plan);
}

int64_t mlir::sched::getMaxInFlight(Block &body) {
  Operation *yield = body.getTerminator();
  // The group of a future: its start's, through the iteration arguments
  // that carry it.
  auto groupOf = [&](Value future) -> std::optional<StringRef> {
    for (unsigned hops = 0; hops <= body.getNumArguments(); ++hops) {
      if (auto start = future.getDefiningOp<CollectiveOpInterface>())
        return start.getGroupAttr().getValue();
      auto arg = dyn_cast<BlockArgument>(future);
      if (!arg || arg.getOwner() != &body || arg.getArgNumber() == 0)
        return std::nullopt;
      future = yield->getOperand(arg.getArgNumber() - 1);
    }
    return std::nullopt;
  };
  // A carried future is in flight from the body's start; a wait ends the
  // window of the start its future comes from, through the arguments.
  InFlightCounter<StringRef> now;
  int64_t most = 0;
  for (BlockArgument arg : body.getArguments())
    if (isa<FutureType>(arg.getType()))
      if (std::optional<StringRef> group = groupOf(arg))
        most = std::max(most, now.start(*group));
  for (Operation &op : body) {
    if (auto start = dyn_cast<CollectiveOpInterface>(&op)) {
      most = std::max(most, now.start(start.getGroupAttr().getValue()));
      continue;
    }
    if (auto wait = dyn_cast<WaitOp>(&op))
      if (std::optional<StringRef> group = groupOf(wait.getFuture()))
        now.end(*group);
  }
  return most;
}

void mlir::sched::erasePipelinedLoop(PipelinedLoop &pipelined) {
  for (Operation *op : llvm::reverse(pipelined.created))
    op->erase();
  pipelined.created.clear();
  pipelined.replacements.clear();
  pipelined.loop = nullptr;
}

namespace {
/// Where a value an op of one iteration of a loop body reads comes from:
/// the op of the body that defines it, `back` iterations earlier.
struct CarriedOrigin {
  Operation *op = nullptr;
  unsigned back = 0;
};
} // namespace

/// Follows `value` through the iteration arguments of `body` (the yield of
/// the previous iteration, and so on) to the op of the body that defines it;
/// std::nullopt if it is defined outside the body, is the induction
/// variable or is only passed on.
static std::optional<CarriedOrigin> traceCarried(Block &body, Value value) {
  Operation *yield = body.getTerminator();
  for (unsigned back = 0; back <= body.getNumArguments(); ++back) {
    if (Operation *def = value.getDefiningOp()) {
      if (def->getBlock() != &body)
        return std::nullopt;
      return CarriedOrigin{def, back};
    }
    auto arg = cast<BlockArgument>(value);
    // Argument 0 is the induction variable; k + 1 is iteration argument k.
    if (arg.getOwner() != &body || arg.getArgNumber() == 0)
      return std::nullopt;
    value = yield->getOperand(arg.getArgNumber() - 1);
  }
  return std::nullopt;
}

/// Appends to `deps` of an op of copy `copy` the positions, in earlier
/// copies, of the ops that yield the iteration arguments `op` reads
/// (directly or in its regions); `position` maps the body's ops to their
/// index and `n` is the ops per copy.
static void
addCarriedDeps(Operation *op, Block &body, unsigned copy, unsigned n,
               const llvm::DenseMap<Operation *, unsigned> &position,
               SmallVectorImpl<unsigned> &deps) {
  op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (!arg || arg.getOwner() != &body || arg.getArgNumber() == 0)
        continue;
      std::optional<CarriedOrigin> origin = traceCarried(body, operand);
      if (origin && origin->back <= copy)
        deps.push_back((copy - origin->back) * n + position.lookup(origin->op));
    }
  });
}

namespace {
/// One op of the body as the steady-state simulation repeats it.
struct BodySimOp {
  SimOp op;
  /// A wait: its start, `back` iterations earlier (0: this iteration).
  std::optional<CarriedOrigin> start;
};
} // namespace

/// Costs the ops of `body` for the steady-state simulation. Fails after an
/// error if one cannot be costed.
static FailureOr<std::vector<BodySimOp>>
buildBodySimOps(Block &body, const CostModel &model,
                const llvm::DenseMap<Operation *, unsigned> &position) {
  DependenceGraph graph = DependenceGraph::build(body);
  SymbolTableCollection symbols;
  // Streams by group, numbered in order of first use.
  llvm::StringMap<unsigned> streamOf;
  std::vector<BodySimOp> ops;
  for (auto [pos, op] : llvm::enumerate(body)) {
    BodySimOp sim;
    llvm::append_range(sim.op.deps, graph.getPreds(pos));
    if (auto collective = dyn_cast<CollectiveOpInterface>(&op)) {
      std::optional<double> measured =
          CostModel::getMeasuredCollectiveTimeUs(collective);
      FailureOr<double> time =
          measured ? FailureOr<double>(*measured)
                   : model.getCollectiveTimeUs(collective, symbols);
      if (failed(time))
        return failure();
      sim.op.kind = SimOp::Kind::Start;
      sim.op.durationUs = *time;
      sim.op.stream = streamOf
                          .try_emplace(collective.getGroupAttr().getValue(),
                                       streamOf.size())
                          .first->second;
    } else if (auto wait = dyn_cast<WaitOp>(&op)) {
      // A wait for a future from before the loop waits for nothing.
      sim.start = traceCarried(body, wait.getFuture());
      if (sim.start && !isa<CollectiveOpInterface>(sim.start->op))
        sim.start.reset();
      if (sim.start)
        sim.op.kind = SimOp::Kind::Wait;
    } else if (isa<ComputeOpInterface>(&op)) {
      FailureOr<double> time = model.getComputeTimeUs(&op);
      if (failed(time))
        return failure();
      sim.op.durationUs = *time;
    }
    ops.push_back(std::move(sim));
  }
  return ops;
}

FailureOr<double> mlir::sched::simulateSteadyStateUs(Block &body,
                                                     const CostModel &model,
                                                     unsigned copies) {
  llvm::DenseMap<Operation *, unsigned> position;
  for (auto [i, op] : llvm::enumerate(body))
    position[&op] = i;
  FailureOr<std::vector<BodySimOp>> sim =
      buildBodySimOps(body, model, position);
  if (failed(sim))
    return failure();
  unsigned n = sim->size();
  SmallVector<Operation *> bodyOps;
  for (Operation &op : body)
    bodyOps.push_back(&op);
  auto makespan = [&](unsigned count) -> FailureOr<double> {
    std::vector<SimOp> ops;
    ops.reserve(count * n);
    for (unsigned copy = 0; copy < count; ++copy) {
      for (unsigned i = 0; i < n; ++i) {
        const BodySimOp &template_ = (*sim)[i];
        SimOp op = template_.op;
        for (unsigned &dep : op.deps)
          dep += copy * n;
        if (template_.start) {
          if (template_.start->back <= copy)
            op.start = (copy - template_.start->back) * n +
                       position.lookup(template_.start->op);
          else
            op.kind = SimOp::Kind::Compute; // Started before the copies.
        }
        if (copy > 0)
          addCarriedDeps(bodyOps[i], body, copy, n, position, op.deps);
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

FailureOr<int64_t> mlir::sched::computeFunctionPeak(Operation *op) {
  auto function = op->getParentOfType<FunctionOpInterface>();
  if (!function || function.getFunctionBody().empty())
    return op->emitError("cannot measure the peak memory of an op outside a "
                         "function body");
  return getNestedPeak(function.getFunctionBody().front());
}

FailureOr<int64_t>
mlir::sched::computeFunctionPeakWith(scf::ForOp loop,
                                     const PipelinedLoop &pipelined) {
  // The uses of the loop's results, pointed at the replacements while the
  // function is measured without the loop, then put back.
  SmallVector<std::pair<OpOperand *, Value>> uses;
  for (auto [result, replacement] :
       llvm::zip_equal(loop.getResults(), pipelined.replacements))
    for (OpOperand &use : result.getUses())
      uses.emplace_back(&use, replacement);
  SmallVector<Value> originals;
  for (auto &[use, replacement] : uses) {
    originals.push_back(use->get());
    use->set(replacement);
  }
  Block *block = loop->getBlock();
  Block::iterator next = std::next(Block::iterator(loop));
  Operation *op = pipelined.loop;
  loop->remove();
  FailureOr<int64_t> peak = computeFunctionPeak(op);
  block->getOperations().insert(next, loop.getOperation());
  for (auto [use, original] : llvm::zip_equal(uses, originals))
    use.first->set(original);
  return peak;
}
