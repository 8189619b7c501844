//===- ReorderForMemory.cpp - sched-reorder-for-memory --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The driver of sched-reorder-for-memory: it reorders each block with the
// memory orders of the Scheduling library (sched/Scheduling/MemoryOrder.h)
// and emits one remark per block.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/Scheduling/MemoryOrder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/Support/Threading.h"

#include <cmath>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDREORDERFORMEMORY
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct SchedReorderForMemory
    : public sched::impl::SchedReorderForMemoryBase<SchedReorderForMemory> {
  using Base::Base;
  LogicalResult initialize(MLIRContext *) override {
    profile.load(profilePath);
    return success();
  }
  void runOnOperation() override;

private:
  /// The keep-step mode: reorders the runs between collectives of every
  /// block of `func`, with one remark for the function; fails after an
  /// error.
  LogicalResult reorderRuns(func::FuncOp func,
                            const LowPeakOrderOptions &options);
  /// Emits an error at `loc` for the first invalid option; fails if any.
  LogicalResult validateOptions(Location loc);
  /// Reorders the nested blocks of `func` (loop bodies, branches), innermost
  /// first, with a remark for each whose peak changed; returns whether any
  /// did. Fails after an error.
  FailureOr<bool> reorderNestedBlocks(func::FuncOp func,
                                      ArrayRef<Block *> nested,
                                      const LowPeakOrderOptions &options);
  /// The peaks of a function's blocks before and after reordering.
  struct BodyPeaks {
    int64_t before = 0;
    int64_t after = 0;
    /// Whether any block's peak changed.
    bool changed = false;
  };
  /// Reorders each block of the body of `func`, with its remark; fails
  /// after an error. `nestedChanged`: whether reorderNestedBlocks changed a
  /// nested block.
  FailureOr<BodyPeaks> reorderBody(func::FuncOp func,
                                   const LowPeakOrderOptions &options,
                                   bool nestedChanged);
  /// Returns the graph and liveness of `block`, with the liveness that
  /// sched-record-input-peak left (SharedBlockAnalyses) if `shared`.
  FailureOr<BlockMemoryAnalyses> buildAnalyses(Block &block, bool shared);

  LoadedProfile profile;
};
} // namespace

/// The most ops the exact solver takes (its sets are 64-bit masks).
static constexpr unsigned kMaxExactOps = 64;
/// The most states the exact solver may visit: about 10 s and 1 GB
/// (docs/passes/ReorderForMemory.md).
static constexpr uint64_t kMaxExactStates = 10000000;

LogicalResult SchedReorderForMemory::validateOptions(Location loc) {
  if (exactMaxOps > kMaxExactOps)
    return mlir::emitError(loc)
           << "exact-max-ops must be at most " << kMaxExactOps << ", got "
           << exactMaxOps.getValue();
  if (exactMaxStates > kMaxExactStates)
    return mlir::emitError(loc)
           << "exact-max-states must be at most " << kMaxExactStates << ", got "
           << static_cast<uint64_t>(exactMaxStates);
  return success();
}

/// Emits the remark of block `index` of the `numBlocks` of `func`: the order
/// kept and the peak of every strategy tried.
static void emitBlockRemark(func::FuncOp func, unsigned index,
                            unsigned numBlocks, const LowPeakOrder &result,
                            int64_t exactMaxStates) {
  InFlightDiagnostic remark = emitFunctionRemark(func, index, numBlocks);
  if (result.peak == result.originalPeak) {
    remark << "kept the original order: peak " << formatBytes(result.peak);
  } else {
    remark << "order '" << stringifyOrderStrategy(result.strategy) << "'";
    if (result.windowsImproved)
      remark << " + " << result.windowsImproved << " exact windows";
    remark << ": peak " << formatBytesChange(result.originalPeak, result.peak);
  }
  remark << " (";
  llvm::interleaveComma(result.candidates, remark,
                        [&](const OrderCandidate &candidate) {
                          remark << stringifyOrderStrategy(candidate.strategy)
                                 << " " << formatBytes(candidate.peak);
                        });
  if (result.exactStatus == ExactOrderStatus::TooManyStates)
    remark << ", exact over " << exactMaxStates << " states";
  remark << ")";
}

/// Returns true if `block` has more than one order: more than one op
/// besides its terminator.
static bool isReorderable(Block *block) {
  return !block->empty() && &block->front() != &block->back() &&
         block->front().getNextNode() != &block->back();
}

FailureOr<bool>
SchedReorderForMemory::reorderNestedBlocks(func::FuncOp func,
                                           ArrayRef<Block *> nested,
                                           const LowPeakOrderOptions &options) {
  // Innermost first: a lower peak in a body never raises the function's, so
  // no budget applies.
  bool changed = false;
  NestedBlockWalk walk{"not reordered", /*onlyWithCollectives=*/false,
                       std::nullopt};
  if (failed(forEachNestedBlock(func, nested, walk, [&](Block &block) {
        if (!isReorderable(&block))
          return success();
        FailureOr<LowPeakOrder> result = reorderBlockForMemory(block, options);
        if (failed(result))
          return failure();
        if (result->peak != result->originalPeak) {
          changed = true;
          emitNestedBlockRemark(block)
              << "order '" << stringifyOrderStrategy(result->strategy)
              << "': peak "
              << formatBytesChange(result->originalPeak, result->peak);
        }
        return success();
      })))
    return failure();
  return changed;
}

FailureOr<BlockMemoryAnalyses>
SchedReorderForMemory::buildAnalyses(Block &block, bool shared) {
  std::optional<BufferLiveness> liveness;
  if (auto cached = getCachedAnalysis<SharedBlockAnalyses>(); cached && shared)
    liveness = cached->get().takeLiveness(block);
  if (!liveness)
    return BlockMemoryAnalyses::build(block);
  return BlockMemoryAnalyses{std::move(*liveness),
                             DependenceGraph::build(block)};
}

FailureOr<SchedReorderForMemory::BodyPeaks> SchedReorderForMemory::reorderBody(
    func::FuncOp func, const LowPeakOrderOptions &options, bool nestedChanged) {
  BodyPeaks peaks;
  unsigned numBlocks = func.getBody().getBlocks().size();
  for (auto [index, block] : llvm::enumerate(func.getBody())) {
    // The input's liveness holds for the body as sched-pipeline got it
    // unless a nested block was reordered since.
    FailureOr<BlockMemoryAnalyses> analyses =
        buildAnalyses(block, numBlocks == 1 && !nestedChanged);
    if (failed(analyses))
      return failure();
    LowPeakOrder result = reorderBlockForMemory(block, *analyses, options);
    bool changed = result.peak != result.originalPeak;
    peaks.changed |= changed;
    peaks.before = std::max(peaks.before, result.originalPeak);
    peaks.after = std::max(peaks.after, result.peak);
    emitBlockRemark(func, index, numBlocks, result,
                    static_cast<int64_t>(exactMaxStates));
    // Left to sched-schedule-overlap (SharedBlockAnalyses).
    if (numBlocks == 1)
      getAnalysis<SharedBlockAnalyses>().storeMemory(
          std::move(*analyses),
          changed ? std::move(result.order) : std::vector<unsigned>());
  }
  return peaks;
}

//===----------------------------------------------------------------------===//
// keep-step: the runs between collectives
//===----------------------------------------------------------------------===//

/// Runs reordered at most per block (each one lowers the peak).
static constexpr unsigned kMaxRunsPerBlock = 16;

/// The order of every block of `func` whose ops the reordering may move
/// (nested blocks and the body's), to put back.
using SavedOrders = SmallVector<std::pair<Block *, SmallVector<Operation *>>>;

/// Puts back the orders in `saved`.
static void restoreOrders(SavedOrders &saved) {
  for (auto &[block, ops] : saved)
    for (Operation *op : ops)
      op->moveBefore(block, block->end());
}

/// The simulated step of a function, where it has one.
struct StepCheck {
  /// Whether the function has a target, so that its step must be kept.
  bool targeted = false;
  /// Its simulated step, if it could be simulated.
  std::optional<double> stepUs;
};

/// Returns the simulated step of `func` if it has a target. The
/// simulation's own diagnostics (a loop of unknown trip count, a region it
/// does not enter) are dropped: the scheduling passes report them, and a
/// function that cannot be simulated is left as it is. Fails after an error
/// of the profile.
static FailureOr<StepCheck> simulateStep(func::FuncOp func,
                                         const LoadedProfile &profile) {
  StepCheck check;
  check.targeted = static_cast<bool>(TargetAttr::lookup(func));
  if (!check.targeted)
    return check;
  FailureOr<CostModel> model = buildCostModel(func, profile);
  if (failed(model))
    return failure();
  // Only this thread's: the function passes run in parallel on one
  // context.
  uint64_t thread = llvm::get_threadid();
  ScopedDiagnosticHandler silence(func.getContext(), [thread](Diagnostic &) {
    return success(llvm::get_threadid() == thread);
  });
  FailureOr<double> step = simulateFunctionStep(func, *model);
  if (succeeded(step))
    check.stepUs = *step;
  return check;
}

LogicalResult
SchedReorderForMemory::reorderRuns(func::FuncOp func,
                                   const LowPeakOrderOptions &options) {
  FailureOr<StepCheck> stepBefore = simulateStep(func, profile);
  if (failed(stepBefore))
    return failure();
  // A step that cannot be simulated cannot be shown to be kept.
  if (stepBefore->targeted && !stepBefore->stepUs) {
    markAllAnalysesPreserved();
    return success();
  }
  FailureOr<int64_t> peakBefore = getFunctionPeak(func);
  if (failed(peakBefore))
    return failure();
  // Innermost first, then the body's blocks; only blocks that change are
  // saved.
  SavedOrders saved;
  unsigned runs = 0, improved = 0;
  SmallVector<Block *> blocks = getNestedBlocks(func);
  for (Block &block : func.getBody())
    blocks.push_back(&block);
  for (Block *block : blocks) {
    if (!isReorderable(block))
      continue;
    FailureOr<BlockMemoryAnalyses> analyses =
        BlockMemoryAnalyses::build(*block);
    if (failed(analyses))
      return failure();
    SmallVector<Operation *> before =
        llvm::to_vector(llvm::make_pointer_range(*block));
    RunReorder result =
        reorderRunsForMemory(*block, *analyses, options, kMaxRunsPerBlock);
    runs += result.numRuns;
    if (!result.runsImproved)
      continue;
    improved += result.runsImproved;
    saved.push_back({block, std::move(before)});
  }
  // Silent where no run lowers the peak: the pipeline runs this last on
  // every function.
  if (saved.empty()) {
    markAllAnalysesPreserved();
    return success();
  }
  FailureOr<int64_t> peakAfter = getFunctionPeak(func);
  if (failed(peakAfter))
    return failure();
  FailureOr<StepCheck> stepAfter = simulateStep(func, profile);
  if (failed(stepAfter))
    return failure();
  InFlightDiagnostic remark = emitFunctionRemark(func, 0, 1);
  // Compared to the nanosecond, as the pipeline's search compares steps.
  std::optional<double> before = stepBefore->stepUs, after = stepAfter->stepUs;
  if (before &&
      (!after || std::llround(*after * 1000) > std::llround(*before * 1000))) {
    restoreOrders(saved);
    remark << "kept the order: reordering " << improved << " of " << runs
           << " runs between collectives would lower the peak "
           << formatBytesChange(*peakBefore, *peakAfter)
           << " but not keep the step, " << formatMicros(*before) << " -> "
           << (after ? formatMicros(*after) + " us" : "not simulated");
    markAllAnalysesPreserved();
    return success();
  }
  if (*peakAfter >= *peakBefore) {
    // A nested block's lower peak need not lower the function's.
    restoreOrders(saved);
    remark << "kept the order: no reordering of the " << runs
           << " runs between collectives lowers the peak, "
           << formatBytes(*peakBefore);
    markAllAnalysesPreserved();
    return success();
  }
  remark << "reordered " << improved << " of " << runs
         << " runs between collectives: peak "
         << formatBytesChange(*peakBefore, *peakAfter)
         << (before ? ", step kept" : "");
  return success();
}

void SchedReorderForMemory::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  if (failed(validateOptions(func.getLoc())))
    return signalPassFailure();
  LowPeakOrderOptions options;
  options.exact = exactMaxOps > 0;
  options.exactOptions.maxNodes = exactMaxOps;
  options.exactOptions.maxStates = exactMaxStates;
  options.exactWindows = exactWindows;
  if (keepStep) {
    if (failed(reorderRuns(func, options)))
      return signalPassFailure();
    return;
  }
  // With nested blocks, the capacity is checked against the whole body's
  // peak (a body's peak on top of what is live around its op).
  std::optional<int64_t> functionPeakBefore;
  SmallVector<Block *> nested = getNestedBlocks(func);
  if (func.getBody().hasOneBlock() && llvm::any_of(nested, isReorderable)) {
    FailureOr<int64_t> peak = getFunctionPeak(func);
    if (failed(peak))
      return signalPassFailure();
    functionPeakBefore = *peak;
  }
  FailureOr<bool> nestedChanged = reorderNestedBlocks(func, nested, options);
  if (failed(nestedChanged))
    return signalPassFailure();
  FailureOr<BodyPeaks> peaks = reorderBody(func, options, *nestedChanged);
  if (failed(peaks))
    return signalPassFailure();
  if (functionPeakBefore) {
    FailureOr<int64_t> functionPeak = getFunctionPeak(func);
    if (failed(functionPeak))
      return signalPassFailure();
    peaks->before = *functionPeakBefore;
    peaks->after = *functionPeak;
  }
  if (failed(checkCapacity(func, peaks->after, peaks->before, capacityCheck)))
    return signalPassFailure();
  if (!*nestedChanged && !peaks->changed)
    return markAllAnalysesPreserved();
  // Only moved ops, to orders of the blocks' dependence graphs: in
  // sched-pipeline the verifier runs after the search (DeferredVerification).
  AnalysisManager::PreservedAnalyses kept;
  kept.preserve<SharedBlockAnalyses>();
  if (deferVerification(getAnalysisManager(), kept))
    return markAllAnalysesPreserved();
  markAnalysesPreserved<SharedBlockAnalyses>();
}
