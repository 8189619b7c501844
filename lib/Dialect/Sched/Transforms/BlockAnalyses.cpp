//===- BlockAnalyses.cpp - Analyses of a single-block function ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Dialect/Sched/IR/FutureFlow.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <utility>

using namespace mlir;
using namespace mlir::sched;

/// Emits the remark of `build` at the first op of `block` whose future
/// crosses the block's edges, and returns true, if there is one.
static bool remarkCrossingFuture(Block &block, StringRef skipRemark) {
  Operation *crossing = findBlockCrossingFuture(block);
  if (!crossing)
    return false;
  mlir::emitRemark(crossing->getLoc())
      << skipRemark << ": this '" << crossing->getName()
      << "' has its future carried through an 'scf.for' or 'scf.if'; the "
         "simulation of a block needs each of its starts waited on in it";
  return true;
}

/// Returns true if `op` holds a collective or a compute op, the ops that
/// take time (a nest of empty regions costs nothing: it is not simulated).
static bool holdsCostedWork(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isa<CollectiveOpInterface, ComputeOpInterface>(nested)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

FailureOr<CostModel>
mlir::sched::buildCostModel(Operation *function,
                            const MeasuredProfile *profile) {
  FailureOr<TargetAttr> target = lookupTargetOrEmitError(function);
  if (failed(target))
    return failure();
  CostModel model(*target);
  if (profile)
    model.setProfile(*profile);
  return model;
}

FailureOr<CostModel> mlir::sched::buildCostModel(func::FuncOp func,
                                                 const LoadedProfile &profile) {
  if (failed(lookupTargetOrEmitError(func)))
    return failure();
  FailureOr<const MeasuredProfile *> measured = profile.getOrEmitError(func);
  if (failed(measured))
    return failure();
  return buildCostModel(func, *measured);
}

FailureOr<BlockAnalyses>
BlockAnalyses::buildBlock(Block &block, const CostModel &model,
                          DependenceGraph::Options graphOptions,
                          std::optional<BlockMemoryAnalyses> built) {
  DependenceGraph graph = built ? std::move(built->graph)
                                : DependenceGraph::build(block, graphOptions);
  FailureOr<BlockSimulation> sim =
      buildBlockSimulationWithGraph(block, model, graph);
  if (failed(sim))
    return failure();
  // A loop, branch or region is one op whose time is its simulated body's.
  for (auto [op, simOp] : llvm::zip(sim->ops, sim->simOps)) {
    if (!isSimulatedRegionOp(op) || !holdsCostedWork(op) ||
        findUnknownTripCount(op))
      continue;
    // The scheduling passes are function passes: calls are costed, not
    // read.
    FailureOr<double> time = simulateOpAlone(*op, model, CallSimulation::Leaf);
    if (failed(time))
      return failure();
    simOp.durationUs = *time;
  }
  FailureOr<BufferLiveness> liveness =
      built ? std::move(built->liveness) : BufferLiveness::build(block);
  if (failed(liveness))
    return failure();
  return BlockAnalyses{model, std::move(*sim), std::move(*liveness),
                       std::move(graph)};
}

BlockAnalyses BlockAnalyses::permuted(ArrayRef<unsigned> order) const {
  DependenceGraph movedGraph = graph.permuted(order);
  BlockSimulation movedSim = permuteBlockSimulation(sim, movedGraph, order);
  return BlockAnalyses{model, std::move(movedSim), liveness.permuted(order),
                       std::move(movedGraph)};
}

void SharedBlockAnalyses::store(BlockAnalyses built, Key builtWith,
                                std::vector<unsigned> applied) {
  analyses = std::move(built);
  key = std::move(builtWith);
  order = std::move(applied);
}

/// Returns true if `body` holds exactly `numOps` ops, the `opAt(i)`, in
/// order. Reads the ops from their list (independent loads, which the
/// processor overlaps) instead of walking the block's list to count it, one
/// dependent load per op: after a reorder the ops lie scattered in memory.
template <typename OpAt>
static bool holdsInOrder(Block &body, unsigned numOps, OpAt opAt) {
  if (numOps == 0 || body.empty() || &body.front() != opAt(0) ||
      &body.back() != opAt(numOps - 1))
    return false;
  for (unsigned i = 0; i + 1 < numOps; ++i)
    if (opAt(i)->getNextNode() != opAt(i + 1))
      return false;
  return true;
}

/// Returns true if `body` holds exactly `ops` moved to `order` (empty: in
/// place).
static bool holdsInOrder(Block &body, ArrayRef<Operation *> ops,
                         ArrayRef<unsigned> order) {
  if (order.empty())
    return holdsInOrder(body, ops.size(), [&](unsigned i) { return ops[i]; });
  if (order.size() != ops.size() ||
      llvm::any_of(order, [&](unsigned i) { return i >= ops.size(); }))
    return false;
  return holdsInOrder(body, ops.size(),
                      [&](unsigned i) { return ops[order[i]]; });
}

std::optional<BlockAnalyses> SharedBlockAnalyses::take(Block &body,
                                                       const Key &wanted) {
  std::optional<BlockAnalyses> taken = std::exchange(analyses, std::nullopt);
  if (!taken || !(key == wanted) || !holdsInOrder(body, taken->sim.ops, order))
    return std::nullopt;
  if (order.empty())
    return taken;
  return taken->permuted(std::exchange(order, {}));
}

void SharedBlockAnalyses::storeMemory(BlockMemoryAnalyses built,
                                      std::vector<unsigned> applied) {
  memoryAnalyses = std::move(built);
  memoryOrder = std::move(applied);
}

std::optional<BlockMemoryAnalyses>
SharedBlockAnalyses::takeMemory(Block &body, bool wanted) {
  std::optional<BlockMemoryAnalyses> taken =
      std::exchange(memoryAnalyses, std::nullopt);
  std::vector<unsigned> applied = std::exchange(memoryOrder, {});
  if (!wanted || !taken)
    return std::nullopt;
  SmallVector<Operation *> ops;
  ops.reserve(taken->graph.size());
  for (unsigned node = 0; node < taken->graph.size(); ++node)
    ops.push_back(taken->graph.getOp(node));
  if (!holdsInOrder(body, ops, applied))
    return std::nullopt;
  if (applied.empty())
    return taken;
  return taken->permuted(applied);
}

void SharedBlockAnalyses::storeLiveness(BufferLiveness built) {
  inputLiveness = std::move(built);
}

std::optional<BufferLiveness> SharedBlockAnalyses::takeLiveness(Block &body) {
  std::optional<BufferLiveness> taken =
      std::exchange(inputLiveness, std::nullopt);
  if (!taken || !holdsInOrder(body, taken->getNumSteps(),
                              [&](unsigned i) { return taken->getOp(i); }))
    return std::nullopt;
  return taken;
}

bool mlir::sched::deferVerification(
    AnalysisManager am, AnalysisManager::PreservedAnalyses preserved) {
  std::optional<std::reference_wrapper<DeferredVerification>> deferral =
      am.getCachedAnalysis<DeferredVerification>();
  if (!deferral || !deferral->get().deferred)
    return false;
  preserved.preserve<DeferredVerification>();
  am.invalidate(preserved);
  *deferral->get().deferred = true;
  return true;
}

FailureOr<std::optional<BlockAnalyses>> BlockAnalyses::build(
    func::FuncOp func, const LoadedProfile &profile, StringRef skipRemark,
    DependenceGraph::Options graphOptions, bool crossingFutures,
    std::optional<BlockMemoryAnalyses> built) {
  FailureOr<TargetAttr> target = lookupTargetOrEmitError(func);
  if (failed(target))
    return failure();
  if (!func.getBody().hasOneBlock()) {
    mlir::emitRemark(func.getLoc())
        << skipRemark << ": the body has more than one block";
    return std::optional<BlockAnalyses>();
  }
  // The block's simulation pairs each start with its wait in the block.
  if (!crossingFutures &&
      remarkCrossingFuture(func.getBody().front(), skipRemark))
    return std::optional<BlockAnalyses>();
  FailureOr<CostModel> model = buildCostModel(func, profile);
  if (failed(model))
    return failure();
  FailureOr<BlockAnalyses> analyses = buildBlock(
      func.getBody().front(), *model, graphOptions, std::move(built));
  if (failed(analyses))
    return failure();
  return std::optional<BlockAnalyses>(std::move(*analyses));
}

/// Appends the blocks of the simulated region ops in `region`'s blocks to
/// `blocks`, innermost first; walks into those ops only (the body of a
/// compute op, or a block without such ops, is not walked).
static void appendNestedBlocks(Region &region,
                               SmallVectorImpl<Block *> &blocks) {
  for (Block &block : region)
    for (Operation &op : block) {
      if (op.getNumRegions() == 0 || !isSimulatedRegionOp(&op))
        continue;
      for (Region &nested : op.getRegions())
        appendNestedBlocks(nested, blocks);
      for (Region &nested : op.getRegions())
        for (Block &nestedBlock : nested)
          blocks.push_back(&nestedBlock);
    }
}

SmallVector<Block *> mlir::sched::getNestedBlocks(func::FuncOp func) {
  SmallVector<Block *> blocks;
  appendNestedBlocks(func.getBody(), blocks);
  return blocks;
}

Operation *mlir::sched::findUnknownTripCount(Operation *op) {
  Operation *found = nullptr;
  op->walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
    if (loop.getStaticTripCount() ||
        loop->hasAttr(SchedDialect::getTripCountBoundAttrName()))
      return WalkResult::advance();
    found = loop;
    return WalkResult::interrupt();
  });
  return found;
}

bool mlir::sched::issuesCollectives(Block *block) {
  return llvm::any_of(
      *block, [](Operation &op) { return isa<CollectiveOpInterface>(op); });
}

FailureOr<int64_t> mlir::sched::getFunctionPeak(func::FuncOp func) {
  return getNestedPeak(func.getBody().front());
}

/// Simulates the whole of `func`'s body (loops as their iterations). Fails
/// after an error.
static FailureOr<SimResult> simulateFunction(func::FuncOp func,
                                             const CostModel &model) {
  FailureOr<ProgramSimulation> program = buildProgramSimulation(
      func.getBody().front(), model, CallSimulation::Leaf);
  if (failed(program))
    return failure();
  FailureOr<SimResult> result = simulate(program->sim.simOps);
  if (failed(result)) {
    mlir::emitError(func.getLoc(), "cannot simulate the function's body");
    return failure();
  }
  return result;
}

FailureOr<double> mlir::sched::simulateFunctionStep(func::FuncOp func,
                                                    const CostModel &model) {
  FailureOr<SimResult> result = simulateFunction(func, model);
  if (failed(result))
    return failure();
  return result->makespanUs;
}

FailureOr<double>
mlir::sched::simulateFunctionExposedComm(func::FuncOp func,
                                         const CostModel &model) {
  FailureOr<SimResult> result = simulateFunction(func, model);
  if (failed(result))
    return failure();
  return result->exposedCommUs;
}

/// Returns `us` with three decimals, as the scheduling remarks print steps.
static std::string formatMicroseconds(double us) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.3f", us);
  return text;
}

LogicalResult mlir::sched::forEachNestedBlock(
    func::FuncOp func, const NestedBlockWalk &walk,
    llvm::function_ref<LogicalResult(Block &)> orderBlock) {
  return forEachNestedBlock(func, getNestedBlocks(func), walk, orderBlock);
}

LogicalResult mlir::sched::forEachNestedBlock(
    func::FuncOp func, ArrayRef<Block *> nested, const NestedBlockWalk &walk,
    llvm::function_ref<LogicalResult(Block &)> orderBlock) {
  for (Block *block : nested) {
    if (walk.onlyWithCollectives && !issuesCollectives(block))
      continue;
    if (!walk.crossingFutures && remarkCrossingFuture(*block, walk.skipRemark))
      continue;
    BlockOrder input(*block);
    std::optional<double> stepBefore;
    if (walk.functionStepModel) {
      FailureOr<double> step =
          simulateFunctionStep(func, *walk.functionStepModel);
      if (failed(step))
        return failure();
      stepBefore = *step;
    }
    if (failed(orderBlock(*block)))
      return failure();
    if (stepBefore) {
      FailureOr<double> step =
          simulateFunctionStep(func, *walk.functionStepModel);
      if (failed(step))
        return failure();
      if (*step > *stepBefore * (1 + 1e-12)) {
        input.restore();
        emitNestedBlockRemark(*block)
            << "order undone: the whole function's step would be "
            << formatMicroseconds(*step) << " us against "
            << formatMicroseconds(*stepBefore) << " us";
        continue;
      }
    }
    if (!walk.functionBudget)
      continue;
    FailureOr<int64_t> peak = getFunctionPeak(func);
    if (failed(peak))
      return failure();
    if (*peak <= *walk.functionBudget)
      continue;
    input.restore();
    emitNestedBlockRemark(*block)
        << "order undone: the function's peak would be " << formatBytes(*peak)
        << ", over the memory budget of " << formatBytes(*walk.functionBudget);
  }
  return success();
}

BlockOrder::BlockOrder(Block &block) : block(&block) {
  for (Operation &op : block)
    ops.push_back(&op);
}

void BlockOrder::restore() {
  for (Operation *op : ops)
    op->moveBefore(block, block->end());
}

InFlightDiagnostic mlir::sched::emitNestedBlockRemark(Block &block) {
  Operation *parent = block.getParentOp();
  InFlightDiagnostic remark = mlir::emitRemark(parent->getLoc());
  remark << "'" << parent->getName() << "' ";
  if (auto branch = dyn_cast<scf::IfOp>(parent))
    remark << (block.getParent() == &branch.getThenRegion() ? "then" : "else");
  else
    remark << "body";
  remark << ": ";
  return remark;
}

LogicalResult mlir::sched::checkCapacity(FunctionOpInterface func, int64_t peak,
                                         std::optional<int64_t> inputPeak,
                                         CapacityCheck check) {
  if (check == CapacityCheck::Off)
    return success();
  TargetAttr target = TargetAttr::lookup(func);
  if (!target || peak <= target.getHbmCapacity())
    return success();
  InFlightDiagnostic diag = check == CapacityCheck::Error
                                ? mlir::emitError(func.getLoc())
                                : mlir::emitWarning(func.getLoc());
  diag << "peak memory of " << formatBytes(peak)
       << " exceeds the HBM capacity of "
       << formatBytes(target.getHbmCapacity()) << " of target '"
       << target.getName() << "'";
  if (inputPeak && *inputPeak != peak)
    diag << " (the input needed " << formatBytes(*inputPeak) << ")";
  return failure(check == CapacityCheck::Error);
}

InFlightDiagnostic mlir::sched::emitFunctionRemark(func::FuncOp func,
                                                   unsigned index,
                                                   unsigned numBlocks) {
  InFlightDiagnostic remark = mlir::emitRemark(func.getLoc());
  remark << "@" << func.getSymName() << ": ";
  if (numBlocks > 1)
    remark << "block " << index << ": ";
  return remark;
}

LogicalResult mlir::sched::validateOverlapOptions(
    Location loc, int64_t maxInFlight, double memorySlack, int64_t memoryBudget,
    std::optional<OverlapSearchOptions> search) {
  if (!search && maxInFlight < 1)
    return mlir::emitError(loc)
           << "max-in-flight must be at least 1, got " << maxInFlight;
  if (search) {
    if (maxInFlight < 0)
      return mlir::emitError(loc)
             << "max-in-flight must be non-negative (0: search the caps), got "
             << maxInFlight;
    if (search->maxInFlightBytes < 0)
      return mlir::emitError(loc)
             << "max-in-flight-bytes must be non-negative (0: no byte cap), "
                "got "
             << search->maxInFlightBytes;
    if (search->memoryAllowance < 0)
      return mlir::emitError(loc)
             << "memory-allowance must be non-negative, got "
             << search->memoryAllowance;
    if (search->collectiveAllowance < 0)
      return mlir::emitError(loc)
             << "collective-allowance must be non-negative (0: no "
                "allowance for the largest collective), got "
             << search->collectiveAllowance;
  }
  // NaN fails every comparison: `memory-slack=nan` would be no limit.
  if (!(memorySlack >= 0) || std::isinf(memorySlack))
    return mlir::emitError(loc)
           << "memory-slack must be a finite non-negative fraction, got "
           << formatOption(memorySlack);
  if (memoryBudget < 0)
    return mlir::emitError(loc)
           << "memory-budget must be non-negative (0: the input's peak plus "
           << (search ? "memory-allowance or memory-slack" : "memory-slack")
           << "), got " << memoryBudget;
  return success();
}

/// Raises `largest` to the bytes `collective` moves, where the cost model
/// sizes it.
static void raiseToCollectiveBytes(CollectiveOpInterface collective,
                                   int64_t &largest) {
  FailureOr<int64_t> bytes = CostModel::getCollectiveBytes(collective);
  if (succeeded(bytes))
    largest = std::max(largest, *bytes);
}

int64_t mlir::sched::getLargestCollectiveBytes(func::FuncOp func) {
  int64_t largest = 0;
  func.walk(
      [&](CollectiveOpInterface op) { raiseToCollectiveBytes(op, largest); });
  return largest;
}

BodyScan mlir::sched::scanBody(func::FuncOp func, bool sizeCollectives) {
  BodyScan scan;
  for (Block &block : func.getBody())
    for (Operation &op : block) {
      scan.holdsRegions |= op.getNumRegions() > 0;
      if (!sizeCollectives)
        continue;
      if (auto collective = dyn_cast<CollectiveOpInterface>(&op))
        raiseToCollectiveBytes(collective, scan.largestCollective);
    }
  if (scan.holdsRegions)
    scan.largestCollective = 0;
  return scan;
}

double mlir::sched::getMemoryAllowance(double slackBytes, int64_t allowance,
                                       int64_t collectives,
                                       int64_t largestCollective) {
  return std::max({slackBytes, static_cast<double>(allowance),
                   static_cast<double>(collectives) *
                       static_cast<double>(largestCollective)});
}

std::string mlir::sched::formatOption(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value > 0 ? "inf" : "-inf";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%g", value);
  return text;
}

FailureOr<std::optional<PipelineSimulation>>
mlir::sched::simulatePipelineStages(
    ModuleOp module, const std::optional<MeasuredProfile> &profile) {
  std::vector<PipelineStageInput> stages;
  for (auto function : module.getOps<FunctionOpInterface>()) {
    auto ranks = function->getAttrOfType<DenseI64ArrayAttr>(getRanksAttrName());
    if (!ranks || function.isExternal())
      continue;
    if (!llvm::hasSingleElement(function.getFunctionBody())) {
      mlir::emitError(function.getLoc())
          << "pipeline simulation needs stage functions of one block";
      return failure();
    }
    FailureOr<CostModel> model =
        buildCostModel(function, profile ? &*profile : nullptr);
    if (failed(model))
      return failure();
    FailureOr<BlockSimulation> sim =
        buildBlockSimulation(function.getFunctionBody().front(), *model);
    if (failed(sim))
      return failure();
    stages.push_back({function.getName().str(),
                      SmallVector<int64_t>(ranks.asArrayRef()),
                      std::move(*sim)});
  }
  if (stages.size() < 2)
    return std::optional<PipelineSimulation>();
  FailureOr<PipelineSimulation> pipeline = simulatePipeline(module, stages);
  if (failed(pipeline))
    return failure();
  return std::optional<PipelineSimulation>(std::move(*pipeline));
}

int64_t mlir::sched::getEntryInFlightCap(func::FuncOp func, int64_t option) {
  if (auto recorded = func->getAttrOfType<IntegerAttr>(
          SchedDialect::getMaxInFlightAttrName()))
    return recorded.getInt();
  return option;
}
