//===- FuseMapLoops.cpp - run a map loop in a communicating loop ----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "FuseMapLoops.h"

#include "sched/Dialect/Sched/IR/SchedInterfaces.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedTypes.h"
#include "sched/Scheduling/LoopPipelining.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
/// A row index of a loop's body as `sign * iv + offset`.
struct RowIndex {
  int64_t sign = 1;
  int64_t offset = 0;
};
} // namespace

/// Returns `value` as `sign * iv + offset` of `loop`'s induction variable:
/// the variable itself, or an `arith.addi` / `arith.subi` of it and a
/// constant.
static std::optional<RowIndex> matchRowIndex(Value value, scf::ForOp loop) {
  Value iv = loop.getInductionVar();
  if (value == iv)
    return RowIndex{};
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody() || def->getNumOperands() != 2)
    return std::nullopt;
  Value lhs = def->getOperand(0), rhs = def->getOperand(1);
  std::optional<int64_t> lhsConst = getConstantIntValue(lhs);
  std::optional<int64_t> rhsConst = getConstantIntValue(rhs);
  if (isa<arith::AddIOp>(def)) {
    if (lhs == iv && rhsConst)
      return RowIndex{1, *rhsConst};
    if (rhs == iv && lhsConst)
      return RowIndex{1, *lhsConst};
  }
  if (isa<arith::SubIOp>(def)) {
    if (lhs == iv && rhsConst)
      return RowIndex{1, -*rhsConst};
    if (rhs == iv && lhsConst)
      return RowIndex{-1, *lhsConst};
  }
  return std::nullopt;
}

/// Returns true if `offsets`, `sizes` and `strides` select one row of a
/// stack at the dynamic first offset `row`: the other offsets static, the
/// first size 1, every size and stride static, the strides 1.
static bool isRowSlice(OffsetSizeAndStrideOpInterface slice, Value row) {
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
  if (offsets.empty() || offsets.front() != OpFoldResult(row))
    return false;
  for (OpFoldResult offset : llvm::drop_begin(offsets))
    if (!getConstantIntValue(offset))
      return false;
  ArrayRef<int64_t> sizes = slice.getStaticSizes();
  if (sizes.empty() || sizes.front() != 1 ||
      llvm::any_of(sizes, ShapedType::isDynamic))
    return false;
  return llvm::all_of(slice.getStaticStrides(),
                      [](int64_t stride) { return stride == 1; });
}

/// Returns true if `a` and `b` select the same region but for the row.
static bool isSameRowShape(OffsetSizeAndStrideOpInterface a,
                           OffsetSizeAndStrideOpInterface b) {
  return llvm::equal(llvm::drop_begin(a.getStaticOffsets()),
                     llvm::drop_begin(b.getStaticOffsets())) &&
         a.getStaticSizes() == b.getStaticSizes();
}

/// Returns true if `extract` reads the row that `insert` writes: the same
/// row value and region.
static bool readsInsertedRow(tensor::ExtractSliceOp extract,
                             tensor::InsertSliceOp insert) {
  return extract.getMixedOffsets().front() ==
             insert.getMixedOffsets().front() &&
         isSameRowShape(extract, insert) &&
         extract.getResultType() == insert.getSourceType();
}

/// Returns the insert that writes iteration argument `arg` of `loop` row by
/// row: in the body, whose result only the yield uses, at `arg`'s position,
/// the only use of `arg`, but for reads of the row it writes where
/// `allowRowReads` (the old row of an update in place: `tensor.extract_slice`
/// of the same row and region in the body); or null.
static tensor::InsertSliceOp getRowInsert(BlockArgument arg, scf::ForOp loop,
                                          bool allowRowReads = false) {
  tensor::InsertSliceOp insert;
  for (Operation *user : arg.getUsers()) {
    auto candidate = dyn_cast<tensor::InsertSliceOp>(user);
    if (!candidate || candidate.getDest() != arg)
      continue;
    if (insert)
      return nullptr;
    insert = candidate;
  }
  if (!insert || insert->getBlock() != loop.getBody() || !insert->hasOneUse())
    return nullptr;
  for (Operation *user : arg.getUsers()) {
    if (user == insert.getOperation())
      continue;
    auto extract = dyn_cast<tensor::ExtractSliceOp>(user);
    if (!allowRowReads || !extract || extract->getBlock() != loop.getBody() ||
        !readsInsertedRow(extract, insert))
      return nullptr;
  }
  OpOperand &use = *insert->use_begin();
  unsigned position = arg.getArgNumber() - loop.getNumInductionVars();
  if (use.getOwner() != loop.getBody()->getTerminator() ||
      use.getOperandNumber() != position)
    return nullptr;
  return insert;
}

/// Returns why `consumer`'s body is not a map (its iterations independent,
/// free of memory effects, without collectives), or std::nullopt.
static std::optional<std::string> getNotMapReason(scf::ForOp consumer) {
  std::optional<std::string> reason;
  consumer.getBody()->walk([&](Operation *op) {
    if (isa<CollectiveOpInterface, WaitOp>(op) ||
        llvm::any_of(op->getResultTypes(), llvm::IsaPred<FutureType>))
      reason = "it communicates";
    else if (!isa<scf::YieldOp>(op) && !isMemoryEffectFree(op))
      reason =
          ("'" + op->getName().getStringRef() + "' has memory effects").str();
    return reason ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (reason)
    return reason;
  for (BlockArgument arg : consumer.getRegionIterArgs()) {
    tensor::InsertSliceOp insert =
        getRowInsert(arg, consumer, /*allowRowReads=*/true);
    if (!insert || !isRowSlice(insert, consumer.getInductionVar()))
      return std::string("an iteration argument is not a stack it writes by "
                         "the row of its index");
  }
  return std::nullopt;
}

/// Returns why the trip counts or steps of `producer` and `consumer`
/// differ, or std::nullopt.
static std::optional<std::string> getBoundsReason(scf::ForOp producer,
                                                  scf::ForOp consumer) {
  std::optional<int64_t> trips = getStaticTripCount(producer);
  std::optional<int64_t> consumerTrips = getStaticTripCount(consumer);
  if (!trips || !consumerTrips || *trips != *consumerTrips || *trips < 1)
    return std::string("the trip counts are not the same static number");
  if (getConstantIntValue(producer.getStep()) !=
      getConstantIntValue(consumer.getStep()))
    return std::string("the steps differ");
  return std::nullopt;
}

namespace {
/// The reads of a producer's stacks that matchStackReads found.
struct StackReads {
  SmallVector<std::pair<tensor::ExtractSliceOp, tensor::InsertSliceOp>> reads;
  std::optional<RowIndex> row;
  Value rowValue;
};
} // namespace

/// Finds the consumer's reads of the producer's results into `found`;
/// returns why one is not a row of a stack written by a row of the same
/// index, or std::nullopt.
static std::optional<std::string>
matchStackReads(scf::ForOp producer, scf::ForOp consumer, StackReads &found) {
  for (OpResult result : producer.getResults()) {
    for (OpOperand &use : result.getUses()) {
      if (!consumer->isAncestor(use.getOwner()))
        continue;
      auto extract = dyn_cast<tensor::ExtractSliceOp>(use.getOwner());
      if (!extract || extract->getBlock() != consumer.getBody() ||
          !isRowSlice(extract, consumer.getInductionVar()))
        return std::string("it reads the earlier loop's results other than by "
                           "the row of its index");
      tensor::InsertSliceOp insert = getRowInsert(
          producer.getRegionIterArgs()[result.getResultNumber()], producer);
      Value row =
          insert ? dyn_cast<Value>(insert.getMixedOffsets().front()) : Value();
      std::optional<RowIndex> index =
          row ? matchRowIndex(row, producer) : std::nullopt;
      if (!insert || !isRowSlice(insert, row) || !index ||
          !isSameRowShape(insert, extract) ||
          insert.getSourceType() != extract.getResultType())
        return std::string("the earlier loop does not write the stack it reads "
                           "by one row of its index");
      if (found.row && (found.row->sign != index->sign ||
                        found.row->offset != index->offset))
        return std::string("the earlier loop writes its stacks at different "
                           "rows");
      found.row = index;
      found.rowValue = row;
      found.reads.emplace_back(extract, insert);
    }
  }
  if (found.reads.empty())
    return std::string("it reads no stack of the earlier loop");
  return std::nullopt;
}

/// Returns true if the rows the producer writes, `sign * iv + offset` over
/// its iterations, are exactly the consumer's induction variable's values.
static bool coversConsumerRows(scf::ForOp producer, scf::ForOp consumer,
                               RowIndex row) {
  int64_t lb = *getConstantIntValue(producer.getLowerBound());
  int64_t step = *getConstantIntValue(producer.getStep());
  int64_t trips = *getStaticTripCount(producer);
  int64_t consumerLb = *getConstantIntValue(consumer.getLowerBound());
  int64_t first = row.sign * lb + row.offset;
  int64_t last = row.sign * (lb + (trips - 1) * step) + row.offset;
  return std::min(first, last) == consumerLb;
}

/// Finds the producer's reads of the consumer's initial values into
/// `fusion.initReads`; returns why one is not a read of the row the fused
/// iteration updates, or std::nullopt. The fused loop writes those values
/// in place (its iteration arguments take their storage), so the producer
/// reads them through the iteration argument, before the consumer's part of
/// the iteration writes the row: the same values, and no copy.
static std::optional<std::string> matchInitReads(MapLoopFusion &fusion) {
  scf::ForOp producer = fusion.producer, consumer = fusion.consumer;
  for (auto [index, init] : llvm::enumerate(consumer.getInitArgs())) {
    tensor::InsertSliceOp insert =
        getRowInsert(consumer.getRegionIterArgs()[index], consumer,
                     /*allowRowReads=*/true);
    assert(insert && "every iteration argument checked by getNotMapReason");
    for (Operation *user : init.getUsers()) {
      if (user == producer.getOperation() || !producer->isAncestor(user))
        continue;
      auto extract = dyn_cast<tensor::ExtractSliceOp>(user);
      if (!extract || extract->getBlock() != producer.getBody() ||
          extract.getMixedOffsets().front() != OpFoldResult(fusion.row) ||
          !isRowSlice(extract, fusion.row) ||
          !isSameRowShape(extract, insert) ||
          extract.getResultType() != insert.getSourceType())
        return std::string("the earlier loop reads a stack this loop updates "
                           "other than by the row it writes");
      fusion.initReads.emplace_back(extract, index);
    }
  }
  return std::nullopt;
}

/// Collects into `hoisted` the ops between `producer` and `consumer` that
/// the consumer needs, in program order; returns why one cannot move before
/// the producer, or std::nullopt.
static std::optional<std::string>
collectHoisted(scf::ForOp producer, scf::ForOp consumer,
               SmallVector<Operation *> &hoisted) {
  llvm::SetVector<Operation *> needed;
  SmallVector<Value> worklist(consumer->getOperands());
  consumer->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      worklist.push_back(operand);
  });
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != producer->getBlock() ||
        !producer->isBeforeInBlock(def) || def == consumer.getOperation() ||
        !def->isBeforeInBlock(consumer) || !needed.insert(def))
      continue;
    if (!isMemoryEffectFree(def) || def->getNumRegions() != 0)
      return ("it needs '" + def->getName().getStringRef() +
              "' between the loops, which cannot move before the earlier loop")
          .str();
    for (Value operand : def->getOperands()) {
      if (operand.getDefiningOp() == producer.getOperation())
        return std::string("an op it needs between the loops reads the earlier "
                           "loop's results");
      worklist.push_back(operand);
    }
  }
  hoisted.assign(needed.begin(), needed.end());
  llvm::sort(hoisted,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return std::nullopt;
}

std::variant<MapLoopFusion, std::string>
mlir::sched::matchMapLoopFusion(scf::ForOp producer, scf::ForOp consumer) {
  if (std::optional<std::string> reason = getBoundsReason(producer, consumer))
    return *reason;
  if (std::optional<std::string> reason = getNotMapReason(consumer))
    return *reason;
  StackReads found;
  if (std::optional<std::string> reason =
          matchStackReads(producer, consumer, found))
    return *reason;
  if (!coversConsumerRows(producer, consumer, *found.row))
    return std::string("the rows the earlier loop writes are not its "
                       "iterations");
  MapLoopFusion fusion;
  fusion.producer = producer;
  fusion.consumer = consumer;
  fusion.row = found.rowValue;
  fusion.reads = std::move(found.reads);
  if (std::optional<std::string> reason = matchInitReads(fusion))
    return *reason;
  if (std::optional<std::string> reason =
          collectHoisted(producer, consumer, fusion.hoisted))
    return *reason;
  for (OpResult result : producer.getResults())
    if (!result.use_empty() &&
        llvm::all_of(result.getUsers(), [&](Operation *user) {
          return consumer->isAncestor(user);
        }))
      fusion.deadStacks.push_back(result.getResultNumber());
  return fusion;
}

/// Returns true if `fusion` drops the producer's result `index`.
static bool isDeadStack(const MapLoopFusion &fusion, unsigned index) {
  return llvm::is_contained(fusion.deadStacks, index);
}

scf::ForOp mlir::sched::buildFusedLoop(MapLoopFusion &fusion) {
  scf::ForOp producer = fusion.producer, consumer = fusion.consumer;
  fusion.hoistedNext.clear();
  for (Operation *op : fusion.hoisted) {
    fusion.hoistedNext.push_back(op->getNextNode());
    op->moveBefore(producer);
  }
  SmallVector<Value> inits;
  for (auto [index, init] : llvm::enumerate(producer.getInitArgs()))
    if (!isDeadStack(fusion, index))
      inits.push_back(init);
  llvm::append_range(inits, consumer.getInitArgs());
  OpBuilder builder(producer);
  auto fused =
      scf::ForOp::create(builder, producer.getLoc(), producer.getLowerBound(),
                         producer.getUpperBound(), producer.getStep(), inits);
  fused->setDiscardableAttrs(producer->getDiscardableAttrDictionary());
  Block *body = fused.getBody();
  if (!body->empty())
    body->getTerminator()->erase();
  IRMapping mapping;
  mapping.map(producer.getInductionVar(), fused.getInductionVar());
  unsigned next = 0;
  for (auto [index, arg] : llvm::enumerate(producer.getRegionIterArgs()))
    if (!isDeadStack(fusion, index))
      mapping.map(arg, fused.getRegionIterArgs()[next++]);
  builder.setInsertionPointToEnd(body);
  auto yield = cast<scf::YieldOp>(producer.getBody()->getTerminator());
  for (Operation &op : producer.getBody()->without_terminator()) {
    auto insert = dyn_cast<tensor::InsertSliceOp>(op);
    if (insert && llvm::any_of(fusion.deadStacks, [&](unsigned index) {
          return yield.getOperand(index) == insert.getResult();
        }))
      continue;
    Operation *clone = builder.clone(op, mapping);
    // A read of a value the consumer updates in place: through the fused
    // iteration argument that carries it.
    for (auto [extract, index] : fusion.initReads)
      if (extract.getOperation() == &op)
        clone->setOperand(0, fused.getRegionIterArgs()[next + index]);
  }
  SmallVector<Value> results;
  for (auto [index, value] : llvm::enumerate(yield.getOperands()))
    if (!isDeadStack(fusion, index))
      results.push_back(mapping.lookupOrDefault(value));
  // The consumer's iteration for the row this iteration wrote.
  IRMapping inner;
  inner.map(consumer.getInductionVar(), mapping.lookup(fusion.row));
  for (auto [arg, fusedArg] :
       llvm::zip(consumer.getRegionIterArgs(),
                 fused.getRegionIterArgs().drop_front(next)))
    inner.map(arg, fusedArg);
  for (auto [extract, insert] : fusion.reads)
    inner.map(extract.getResult(), mapping.lookupOrDefault(insert.getSource()));
  for (Operation &op : consumer.getBody()->without_terminator())
    if (op.getNumResults() != 1 || !inner.contains(op.getResult(0)))
      builder.clone(op, inner);
  for (Value value : consumer.getBody()->getTerminator()->getOperands())
    results.push_back(inner.lookupOrDefault(value));
  scf::YieldOp::create(builder, yield.getLoc(), results);
  return fused;
}

void mlir::sched::replaceWithFusedLoop(MapLoopFusion &fusion,
                                       scf::ForOp fused) {
  scf::ForOp producer = fusion.producer, consumer = fusion.consumer;
  unsigned next = 0;
  for (OpResult result : producer.getResults()) {
    if (isDeadStack(fusion, result.getResultNumber()))
      continue;
    for (OpOperand &use : result.getUses())
      if (!consumer->isAncestor(use.getOwner()))
        fusion.redirected.emplace_back(&use, result);
    Value replacement = fused.getResult(next++);
    for (auto &[use, original] : fusion.redirected)
      if (original == result)
        use->set(replacement);
  }
  for (OpResult result : consumer.getResults()) {
    Value replacement = fused.getResult(next++);
    for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
      fusion.redirected.emplace_back(&use, result);
      use.set(replacement);
    }
  }
  fusion.consumerNext = consumer->getNextNode();
  producer->remove();
  consumer->remove();
}

void mlir::sched::restoreFusedLoops(MapLoopFusion &fusion, scf::ForOp fused) {
  Block *block = fused->getBlock();
  block->getOperations().insert(Block::iterator(fused),
                                fusion.producer.getOperation());
  block->getOperations().insert(Block::iterator(fusion.consumerNext),
                                fusion.consumer.getOperation());
  for (auto &[use, original] : fusion.redirected)
    use->set(original);
  fused->erase();
  for (auto [op, next] :
       llvm::reverse(llvm::zip_equal(fusion.hoisted, fusion.hoistedNext)))
    op->moveBefore(next);
  fusion.redirected.clear();
}

void mlir::sched::eraseFusedLoops(const MapLoopFusion &fusion) {
  fusion.consumer->erase();
  fusion.producer->erase();
}
