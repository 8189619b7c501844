//===- BufferLiveness.cpp - buffers and live ranges of a block ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedViewAttr.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::sched;

static constexpr StringLiteral kDimBoundsAttr =
    SchedDialect::getDimBoundsAttrName();

DenseI64ArrayAttr mlir::sched::getDimBounds(Attribute attr, unsigned index,
                                            unsigned count) {
  if (!attr)
    return {};
  if (auto bounds = dyn_cast<DenseI64ArrayAttr>(attr))
    return count == 1 ? bounds : DenseI64ArrayAttr();
  if (auto list = dyn_cast<ArrayAttr>(attr))
    if (index < list.size())
      return dyn_cast<DenseI64ArrayAttr>(list[index]);
  return {};
}

DenseI64ArrayAttr mlir::sched::getDimBounds(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Block *block = arg.getOwner();
    auto function = dyn_cast_or_null<FunctionOpInterface>(block->getParentOp());
    if (!function || !block->isEntryBlock())
      return {};
    return dyn_cast_or_null<DenseI64ArrayAttr>(
        function.getArgAttr(arg.getArgNumber(), kDimBoundsAttr));
  }
  auto result = cast<OpResult>(value);
  Operation *op = result.getOwner();
  if (auto wait = dyn_cast<WaitOp>(op))
    if (auto start = wait.getFuture().getDefiningOp<CollectiveOpInterface>();
        start && !start.isBufferForm())
      return getDimBounds(start->getAttr(kDimBoundsAttr),
                          result.getResultNumber(),
                          start.getResultValueTypes().size());
  return getDimBounds(op->getAttr(kDimBoundsAttr), result.getResultNumber(),
                      op->getNumResults());
}

/// Checks that `bounds` fit `type`: one per dimension, a static
/// dimension's equal to its size; an empty list for a value of static shape,
/// which needs none (what sched-fuse-compute writes for the static results
/// of an op that has bounded ones). Emits an error at `loc` otherwise.
static LogicalResult checkBounds(ShapedType type, DenseI64ArrayAttr bounds,
                                 Location loc) {
  if (bounds.empty() && type.hasStaticShape())
    return success();
  if (static_cast<int64_t>(bounds.size()) != type.getRank())
    return emitError(loc) << "'" << kDimBoundsAttr << "' gives "
                          << bounds.size() << " bounds for a value of type "
                          << type << " of rank " << type.getRank()
                          << "; give one per dimension";
  for (auto [dim, extent] : llvm::enumerate(type.getShape()))
    if (!ShapedType::isDynamic(extent) && bounds[dim] != extent)
      return emitError(loc)
             << "'" << kDimBoundsAttr << "' bounds dimension " << dim
             << " of a value of type " << type << " by " << bounds[dim]
             << ", but its static size is " << extent;
  return success();
}

FailureOr<int64_t> mlir::sched::getBoundedByteSize(ShapedType type,
                                                   DenseI64ArrayAttr bounds,
                                                   Location loc) {
  if (!type.hasRank())
    return emitError(loc) << "cannot size a value of unranked type " << type;
  std::optional<int64_t> element = getElementByteSize(type.getElementType());
  if (!element)
    return emitError(loc) << "cannot size element type "
                          << type.getElementType();
  if (bounds && failed(checkBounds(type, bounds, loc)))
    return failure();
  int64_t bytes = *element;
  for (auto [dim, staticExtent] : llvm::enumerate(type.getShape())) {
    int64_t extent = staticExtent;
    if (ShapedType::isDynamic(extent)) {
      // Negative bounds are rejected by the dialect's verifier.
      if (!bounds || bounds[dim] < 0)
        return emitError(loc)
               << "cannot size a value of type " << type << ": dimension "
               << dim << " is dynamic; give an upper bound with '"
               << kDimBoundsAttr << "'";
      extent = bounds[dim];
    }
    if (llvm::MulOverflow(bytes, extent, bytes))
      return emitError(loc)
             << "size of a value of type " << type << " overflows 64 bits";
  }
  return bytes;
}

/// Returns the operand that the results of `compute` view, if it carries the
/// `sched.view` marker: its first `ins` operand.
static Value getViewSource(ComputeOp compute) {
  if (compute.getIns().empty() || !compute->hasAttr(getViewAttrName()))
    return {};
  return compute.getIns().front();
}

/// Returns the value that `result` views without writing it, if any: the
/// source of a memref view or cast, a tensor slice, reshape or cast, or the
/// first operand of a compute marked `sched.view`.
static Value getViewSource(OpResult result) {
  Operation *op = result.getOwner();
  if (auto compute = dyn_cast<ComputeOp>(op))
    return result.getResultNumber() < compute.getOuts().size()
               ? Value()
               : getViewSource(compute);
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    if (view->getNumResults() == 1)
      return view.getViewSource();
  if (isa<tensor::ExtractSliceOp, tensor::CollapseShapeOp,
          tensor::ExpandShapeOp, tensor::ReshapeOp, tensor::BitcastOp>(op))
    return op->getOperand(0);
  if (isa<CastOpInterface>(op) && op->getNumOperands() == 1 &&
      op->getNumResults() == 1 && isa<ShapedType>(op->getOperand(0).getType()))
    return op->getOperand(0);
  return {};
}

/// Returns the value whose storage `result` shares, if any.
static Value getAliasSource(OpResult result) {
  Operation *op = result.getOwner();
  // First, the most common op, which has none of the interfaces below.
  if (auto compute = dyn_cast<ComputeOp>(op)) {
    if (result.getResultNumber() < compute.getOuts().size())
      return compute.getOuts()[result.getResultNumber()];
    return getViewSource(compute);
  }
  if (Value source = getViewSource(result))
    return source;
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
    if (result.getResultNumber() < dps.getNumDpsInits())
      return dps.getTiedOpOperand(result)->get();
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    std::optional<ResultRange> results = loop.getLoopResults();
    MutableArrayRef<OpOperand> inits = loop.getInitsMutable();
    if (results && result.getResultNumber() < inits.size())
      return inits[result.getResultNumber()].get();
  }
  return {};
}

/// Returns the values the future `future` may come from, one block away:
/// for an iteration argument or a loop's result, the value the loop yields
/// for it and its initial value; for the result of another op with
/// regions (an `scf.if`, an `scf.execute_region`), what each of its blocks
/// yields.
static SmallVector<Value, 2> getFutureSources(Value future) {
  SmallVector<Value, 2> sources;
  if (auto arg = dyn_cast<BlockArgument>(future)) {
    auto loop =
        dyn_cast_or_null<LoopLikeOpInterface>(arg.getOwner()->getParentOp());
    if (!loop)
      return sources;
    if (OpOperand *yielded = loop.getTiedLoopYieldedValue(arg))
      sources.push_back(yielded->get());
    if (OpOperand *init = loop.getTiedLoopInit(arg))
      sources.push_back(init->get());
    return sources;
  }
  auto result = cast<OpResult>(future);
  Operation *op = result.getOwner();
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    if (BlockArgument arg = loop.getTiedLoopRegionIterArg(result))
      if (OpOperand *yielded = loop.getTiedLoopYieldedValue(arg))
        sources.push_back(yielded->get());
    if (OpOperand *init = loop.getTiedLoopInit(result))
      sources.push_back(init->get());
    return sources;
  }
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>() &&
          result.getResultNumber() < block.back().getNumOperands())
        sources.push_back(block.back().getOperand(result.getResultNumber()));
  return sources;
}

/// Returns the first collective start that `future` may come from, through
/// loops and branches (getFutureSources, depth first), or null.
static CollectiveOpInterface findStart(Value future,
                                       llvm::SmallDenseSet<Value, 8> &seen) {
  if (!seen.insert(future).second)
    return {};
  if (auto start = future.getDefiningOp<CollectiveOpInterface>())
    return start;
  for (Value source : getFutureSources(future))
    if (CollectiveOpInterface start = findStart(source, seen))
      return start;
  return {};
}
static CollectiveOpInterface findStart(Value future) {
  llvm::SmallDenseSet<Value, 8> seen;
  return findStart(future, seen);
}

namespace mlir {
namespace sched {
/// Fills a BufferLiveness: the buffers that the arguments and the results
/// of its block occupy, step by step, then the steps that use each buffer.
class BufferLivenessBuilder {
public:
  explicit BufferLivenessBuilder(BufferLiveness &liveness)
      : liveness(liveness), problem(liveness.problem) {}

  /// Adds the buffers of the shaped arguments of `block`; function arguments
  /// may carry bounds as argument attributes.
  LogicalResult addArguments(Block &block, bool liveThroughout);
  /// Adds the buffers of the collective start at `step`: one per result of
  /// its bucket in the tensor form, an empty one for the future in the
  /// buffer form (which writes its destinations).
  LogicalResult addCollectiveBuffers(CollectiveOpInterface collective,
                                     unsigned step);
  /// Binds the results of `wait` to the buffers of its start.
  void bindWaitResults(WaitOp wait);
  /// Adds a buffer for each shaped result of `op`, the op at `step`, that is
  /// not an alias of a buffer already there, and the buffers of its future
  /// results.
  LogicalResult addResultBuffers(Operation *op, unsigned step);
  /// Sizes the inputs in flight of the futures that enter the block as
  /// iteration arguments, once every step has its buffers.
  void sizeCarriedInputs();
  /// Adds the uses of every step (including values used in nested regions
  /// and the inputs of collectives in flight) and marks what the terminator
  /// uses live to the end.
  void addUses();

private:
  /// The buffers a future stands for in the block: what its collective
  /// writes (one per value the future carries; the wait's results share
  /// them) and what it reads. Every use of the future uses them all, so a
  /// collective's inputs and outputs stay live wherever its future goes (a
  /// wait, a loop that carries it, the terminator that yields it).
  struct FutureBuffers {
    SmallVector<std::optional<unsigned>, 1> destinations;
    SmallVector<unsigned, 2> inputs;
  };

  /// Returns the size of a value of `type` with `bounds`; static types are
  /// sized once.
  FailureOr<int64_t> getSize(ShapedType type, DenseI64ArrayAttr bounds,
                             Location loc);
  /// Adds the buffers of a future that enters the block: an iteration
  /// argument (`def` empty: live on entry) or the result of an op with
  /// regions at step `def`. It carries the values of a collective started
  /// elsewhere (another iteration, a nested block); its destinations are
  /// sized from its type.
  LogicalResult addEnteringFuture(Value future, std::optional<unsigned> def,
                                  Location loc);
  /// Adds the buffers of `result`, a future that an op with regions returns:
  /// a loop result stands for what its initial value stands for.
  LogicalResult addFutureResult(OpResult result, unsigned step);
  /// Records the buffers of `future`; `lookup` of the future answers its
  /// first destination.
  void recordFuture(Value future, FutureBuffers entry);
  /// Adds a buffer of `size` bytes for `value`, defined at `def`.
  unsigned newBuffer(Value value, int64_t size, std::optional<unsigned> def,
                     bool liveOut);
  /// Records that the buffers of `value` are used at `step`.
  void addUse(Value value, unsigned step);

  BufferLiveness &liveness;
  MemoryProblem &problem;
  /// The size of each static type met so far: most values of a block share
  /// a few dozen types, and sizing one (its element type, then its shape)
  /// cost more than a lookup. Dynamic shapes and bounds are sized every
  /// time. Only looked up, never iterated.
  llvm::DenseMap<Type, int64_t> staticSizes;
  /// The buffers of each future of the block (a start's, an iteration
  /// argument's, a loop's result). Tensor-form destinations are one buffer
  /// per result: the lowering allocates each destination on its own and
  /// frees it after its last use. Only looked up, never iterated.
  llvm::DenseMap<Value, FutureBuffers> futures;
  /// The iteration arguments that carry a future into the block, with the
  /// buffer of their inputs in flight (sized by `sizeCarriedInputs`), in
  /// argument order.
  SmallVector<std::pair<BlockArgument, unsigned>> carriedInputs;
};
} // namespace sched
} // namespace mlir

FailureOr<int64_t> BufferLivenessBuilder::getSize(ShapedType type,
                                                  DenseI64ArrayAttr bounds,
                                                  Location loc) {
  if (bounds || !type.hasStaticShape())
    return getBoundedByteSize(type, bounds, loc);
  auto it = staticSizes.find(type);
  if (it != staticSizes.end())
    return it->second;
  FailureOr<int64_t> size = getBoundedByteSize(type, bounds, loc);
  if (succeeded(size))
    staticSizes.try_emplace(type, *size);
  return size;
}

unsigned BufferLivenessBuilder::newBuffer(Value value, int64_t size,
                                          std::optional<unsigned> def,
                                          bool liveOut) {
  unsigned buffer = problem.addBuffer(size, def, liveOut);
  liveness.bufferValues.push_back(value);
  liveness.storage[value] = buffer;
  return buffer;
}

void BufferLivenessBuilder::recordFuture(Value future, FutureBuffers entry) {
  if (!entry.destinations.empty() && entry.destinations.front())
    liveness.storage[future] = *entry.destinations.front();
  futures[future] = std::move(entry);
}

LogicalResult BufferLivenessBuilder::addArguments(Block &block,
                                                  bool liveThroughout) {
  auto function = dyn_cast_or_null<FunctionOpInterface>(block.getParentOp());
  for (BlockArgument arg : block.getArguments()) {
    auto type = dyn_cast<ShapedType>(arg.getType());
    if (!type)
      continue;
    DenseI64ArrayAttr bounds;
    if (function && block.isEntryBlock())
      bounds = dyn_cast_or_null<DenseI64ArrayAttr>(
          function.getArgAttr(arg.getArgNumber(), kDimBoundsAttr));
    FailureOr<int64_t> size = getSize(type, bounds, arg.getLoc());
    if (failed(size))
      return failure();
    newBuffer(arg, *size, std::nullopt, liveThroughout);
  }
  // The futures that the loop carries into its body: what the collective
  // started in the previous iteration (or before the loop) holds, live on
  // entry until the wait.
  auto loop = dyn_cast_or_null<LoopLikeOpInterface>(block.getParentOp());
  if (!loop)
    return success();
  for (BlockArgument arg : block.getArguments()) {
    auto type = dyn_cast<FutureType>(arg.getType());
    if (!type || !loop.getTiedLoopInit(arg))
      continue;
    if (failed(addEnteringFuture(arg, std::nullopt, arg.getLoc())))
      return failure();
    if (type.isBufferForm())
      continue;
    // The inputs of the collective in flight, sized once the block's steps
    // have their buffers (sizeCarriedInputs).
    unsigned inputs = newBuffer(arg, 0, std::nullopt, false);
    FutureBuffers &entry = futures[arg];
    if (!entry.destinations.empty())
      liveness.storage[arg] = *entry.destinations.front();
    entry.inputs.push_back(inputs);
    carriedInputs.push_back({arg, inputs});
  }
  return success();
}

LogicalResult BufferLivenessBuilder::addEnteringFuture(
    Value future, std::optional<unsigned> def, Location loc) {
  CollectiveOpInterface start = findStart(future);
  Attribute boundsAttr =
      start && !start.isBufferForm() ? start->getAttr(kDimBoundsAttr) : nullptr;
  ArrayRef<Type> types = cast<FutureType>(future.getType()).getValueTypes();
  FutureBuffers entry;
  for (auto [index, type] : llvm::enumerate(types)) {
    DenseI64ArrayAttr bounds;
    if (start && start.isBufferForm() && index < start.getOutputs().size())
      bounds = getDimBounds(start.getOutputs()[index]);
    else if (start)
      bounds = getDimBounds(boundsAttr, index, types.size());
    FailureOr<int64_t> size = getSize(cast<ShapedType>(type), bounds, loc);
    if (failed(size))
      return failure();
    entry.destinations.push_back(newBuffer(future, *size, def, false));
  }
  recordFuture(future, std::move(entry));
  return success();
}

LogicalResult BufferLivenessBuilder::addFutureResult(OpResult result,
                                                     unsigned step) {
  // A loop's result (a branch's) is what its initial value (what a branch
  // yields) stands for, if that is a future of this block.
  for (Value source : getFutureSources(result)) {
    auto known = futures.find(source);
    if (known == futures.end())
      continue;
    FutureBuffers copy = known->second;
    futures[result] = std::move(copy);
    if (std::optional<unsigned> buffer = liveness.lookup(source))
      liveness.storage[result] = *buffer;
    return success();
  }
  // A collective started in the nested block: its destinations from here
  // on, and the inputs it reads from this block.
  if (failed(addEnteringFuture(result, step, result.getOwner()->getLoc())))
    return failure();
  if (CollectiveOpInterface start = findStart(result))
    for (Value operand : start->getOperands())
      if (std::optional<unsigned> buffer = liveness.lookup(operand))
        futures[result].inputs.push_back(*buffer);
  return success();
}

void BufferLivenessBuilder::sizeCarriedInputs() {
  if (carriedInputs.empty())
    return;
  // What the body yields besides futures: the next iteration has it as an
  // argument already.
  llvm::SmallDenseSet<unsigned, 8> yielded;
  Operation *terminator = liveness.ops.empty() ? nullptr : liveness.ops.back();
  if (terminator && terminator->hasTrait<OpTrait::IsTerminator>())
    for (Value operand : terminator->getOperands())
      if (!isa<FutureType>(operand.getType()))
        if (std::optional<unsigned> buffer = liveness.lookup(operand))
          yielded.insert(*buffer);
  for (auto [arg, inputs] : carriedInputs) {
    // The start whose future the body yields for this argument: its inputs
    // are what the next iteration receives in flight. Those of a block
    // argument, and those the body also yields, are carried by an argument
    // already (0 bytes more).
    llvm::SmallDenseSet<Value, 8> seen;
    Value source = arg;
    while (auto sourceArg = dyn_cast<BlockArgument>(source)) {
      auto loop = dyn_cast<LoopLikeOpInterface>(arg.getOwner()->getParentOp());
      OpOperand *yielded = loop.getTiedLoopYieldedValue(sourceArg);
      if (!yielded || !seen.insert(source).second)
        break;
      source = yielded->get();
    }
    auto entry = futures.find(source);
    if (isa<BlockArgument>(source) || entry == futures.end())
      continue;
    int64_t bytes = 0;
    for (unsigned buffer : entry->second.inputs)
      if (problem.buffers[buffer].def && !yielded.contains(buffer))
        bytes += problem.buffers[buffer].size;
    problem.buffers[inputs].size = bytes;
  }
}

LogicalResult
BufferLivenessBuilder::addCollectiveBuffers(CollectiveOpInterface collective,
                                            unsigned step) {
  Value future = collective.getFuture();
  FutureBuffers entry;
  for (Value operand : collective->getOperands())
    if (std::optional<unsigned> buffer = liveness.lookup(operand))
      entry.inputs.push_back(*buffer);
  if (collective.isBufferForm()) {
    // The future stands for the destinations; it allocates nothing.
    for (Value output : collective.getOutputs())
      entry.destinations.push_back(liveness.lookup(output));
    newBuffer(future, 0, step, false);
    futures[future] = std::move(entry);
    return success();
  }
  Attribute boundsAttr = collective->getAttr(kDimBoundsAttr);
  for (auto [index, type] : llvm::enumerate(collective.getResultValueTypes())) {
    FailureOr<int64_t> size =
        getSize(cast<ShapedType>(type),
                getDimBounds(boundsAttr, index,
                             collective.getResultValueTypes().size()),
                collective->getLoc());
    if (failed(size))
      return failure();
    entry.destinations.push_back(newBuffer(future, *size, step, false));
  }
  // `lookup` of the future answers its first buffer.
  recordFuture(future, std::move(entry));
  return success();
}

void BufferLivenessBuilder::bindWaitResults(WaitOp wait) {
  auto start = wait.getFuture().getDefiningOp<CollectiveOpInterface>();
  auto entry = futures.find(wait.getFuture());
  for (auto [index, result] : llvm::enumerate(wait.getResults())) {
    if (entry != futures.end()) {
      ArrayRef<std::optional<unsigned>> destinations =
          entry->second.destinations;
      if (index < destinations.size() && destinations[index])
        liveness.storage[result] = *destinations[index];
      continue;
    }
    Value source = wait.getFuture();
    if (start && start.isBufferForm())
      source = start.getOutputs()[index];
    if (std::optional<unsigned> buffer = liveness.lookup(source))
      liveness.storage[result] = *buffer;
  }
}

LogicalResult BufferLivenessBuilder::addResultBuffers(Operation *op,
                                                      unsigned step) {
  Attribute boundsAttr = op->getAttr(kDimBoundsAttr);
  for (OpResult result : op->getResults()) {
    if (isa<FutureType>(result.getType()) && op->getNumRegions() != 0) {
      if (failed(addFutureResult(result, step)))
        return failure();
      continue;
    }
    auto type = dyn_cast<ShapedType>(result.getType());
    if (!type)
      continue;
    if (Value source = getAliasSource(result))
      if (std::optional<unsigned> buffer = liveness.lookup(source)) {
        liveness.storage[result] = *buffer;
        continue;
      }
    // A view of a value from outside the block (a slice of a stack the loop
    // reads, of a function argument) is a subview of storage that the
    // enclosing block counts: it allocates nothing here. A write into such a
    // value (a destination, a compute's outs) still allocates, as one-shot
    // bufferization copies a value from above that a loop body overwrites.
    if (Value source = getViewSource(result);
        source && source.getParentBlock() != op->getBlock()) {
      newBuffer(result, 0, step, false);
      continue;
    }
    FailureOr<int64_t> size = getSize(
        type,
        getDimBounds(boundsAttr, result.getResultNumber(), op->getNumResults()),
        op->getLoc());
    if (failed(size))
      return failure();
    newBuffer(result, *size, step, false);
  }
  return success();
}

void BufferLivenessBuilder::addUse(Value value, unsigned step) {
  if (isa<FutureType>(value.getType())) {
    auto entry = futures.find(value);
    if (entry != futures.end()) {
      for (std::optional<unsigned> buffer : entry->second.destinations)
        if (buffer)
          problem.addUse(*buffer, step);
      for (unsigned buffer : entry->second.inputs)
        problem.addUse(buffer, step);
    }
  }
  if (std::optional<unsigned> buffer = liveness.lookup(value))
    problem.addUse(*buffer, step);
}

void BufferLivenessBuilder::addUses() {
  // Collectives in flight keep their inputs (and, in the buffer form, their
  // destinations) live wherever their future goes: `addUse` of a future uses
  // them.
  const std::vector<Operation *> &ops = liveness.ops;
  for (unsigned step = 0, e = ops.size(); step < e; ++step) {
    Operation *op = ops[step];
    if (llvm::all_of(op->getRegions(),
                     [](Region &region) { return region.empty(); })) {
      for (Value operand : op->getOperands())
        addUse(operand, step);
    } else {
      op->walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          addUse(operand, step);
      });
    }
  }
  // What the terminator uses lives to the end.
  if (!ops.empty() && ops.back()->hasTrait<OpTrait::IsTerminator>())
    for (Value operand : ops.back()->getOperands())
      if (std::optional<unsigned> buffer = liveness.lookup(operand))
        problem.buffers[*buffer].liveOut = true;
}

BufferLiveness BufferLiveness::permuted(ArrayRef<unsigned> order) const {
  unsigned numSteps = ops.size();
  assert(order.size() == numSteps && "not a permutation of the steps");
  std::vector<unsigned> position(numSteps);
  for (auto [pos, step] : llvm::enumerate(order))
    position[step] = pos;
  // `build` numbers the arguments' buffers first, then the others by their
  // defining step, those of one step in the order it made them.
  // A counting sort by the new defining step, the arguments' first (slot 0).
  unsigned numBuffers = problem.buffers.size();
  auto slotOf = [&](unsigned buffer) -> unsigned {
    const std::optional<unsigned> &def = problem.buffers[buffer].def;
    return def ? position[*def] + 1 : 0;
  };
  std::vector<unsigned> slotStart(numSteps + 2, 0);
  for (unsigned buffer = 0; buffer < numBuffers; ++buffer)
    ++slotStart[slotOf(buffer) + 1];
  for (unsigned slot = 0; slot <= numSteps; ++slot)
    slotStart[slot + 1] += slotStart[slot];
  std::vector<unsigned> byNewNumber(numBuffers);
  for (unsigned buffer = 0; buffer < numBuffers; ++buffer)
    byNewNumber[slotStart[slotOf(buffer)]++] = buffer;
  std::vector<unsigned> newNumber(numBuffers);
  for (auto [number, buffer] : llvm::enumerate(byNewNumber))
    newNumber[buffer] = number;

  BufferLiveness result;
  result.problem.numSteps = problem.numSteps;
  result.ops.reserve(numSteps);
  for (unsigned step : order)
    result.ops.push_back(ops[step]);
  result.problem.buffers.reserve(numBuffers);
  result.bufferValues.reserve(numBuffers);
  for (unsigned buffer : byNewNumber) {
    MemoryProblem::Buffer moved = problem.buffers[buffer];
    if (moved.def)
      moved.def = position[*moved.def];
    // `build` adds the uses step by step.
    for (unsigned &use : moved.uses)
      use = position[use];
    std::sort(moved.uses.begin(), moved.uses.end());
    result.problem.buffers.push_back(std::move(moved));
    result.bufferValues.push_back(bufferValues[buffer]);
  }
  // The same values; only looked up, so the map's order does not matter.
  result.storage = storage;
  for (auto &entry : result.storage)
    entry.second = newNumber[entry.second];
  return result;
}

FailureOr<BufferLiveness> BufferLiveness::build(Block &block, Options options) {
  BufferLiveness liveness;
  // Steps are positions in `liveness.ops`.
  unsigned numValues = block.getNumArguments();
  for (Operation &op : block) {
    liveness.problem.addStep();
    liveness.ops.push_back(&op);
    numValues += op.getNumResults();
  }
  liveness.storage.reserve(numValues);
  BufferLivenessBuilder builder(liveness);
  if (failed(builder.addArguments(block, options.argumentsLiveThroughout)))
    return failure();
  for (unsigned step = 0, e = liveness.ops.size(); step < e; ++step) {
    Operation *op = liveness.ops[step];
    if (auto collective = dyn_cast<CollectiveOpInterface>(op)) {
      if (failed(builder.addCollectiveBuffers(collective, step)))
        return failure();
    } else if (auto wait = dyn_cast<WaitOp>(op)) {
      builder.bindWaitResults(wait);
    } else if (failed(builder.addResultBuffers(op, step))) {
      return failure();
    }
  }
  builder.sizeCarriedInputs();
  builder.addUses();
  return liveness;
}

std::optional<unsigned> BufferLiveness::lookup(Value value) const {
  auto it = storage.find(value);
  if (it == storage.end())
    return std::nullopt;
  return it->second;
}

std::vector<unsigned> BufferLiveness::getProgramOrder() const {
  std::vector<unsigned> order(problem.numSteps);
  std::iota(order.begin(), order.end(), 0);
  return order;
}
