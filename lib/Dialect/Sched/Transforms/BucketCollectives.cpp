//===- BucketCollectives.cpp - sched-bucket-collectives -------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The driver of sched-bucket-collectives: it builds the analyses of the
// function's block, runs the bucketer of the Scheduling library
// (sched/Scheduling/Bucketing.h), materializes its buckets and emits the
// summary remarks.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Analysis/InFlightCounter.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/Scheduling/Bucketing.h"

#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDBUCKETCOLLECTIVES
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {
/// A function before bucketing, for the check of the whole function: its
/// body's own simulation sees loops and branches as single ops, not the
/// collectives they issue while a bucket is in flight across them.
struct WholeFunctionInput {
  /// A copy of the function before bucketing (erased with this).
  OwningOpRef<func::FuncOp> saved;
  /// The cost model of the function.
  CostModel model;
  /// The whole function's simulated exposed communication, in us.
  double exposedCommUs;
};

struct SchedBucketCollectives
    : public sched::impl::SchedBucketCollectivesBase<SchedBucketCollectives> {
  using Base::Base;
  LogicalResult initialize(MLIRContext *) override {
    profile.load(profilePath);
    return success();
  }
  void runOnOperation() override;

private:
  /// Checks the options; emits an error at `func` if one is out of range.
  LogicalResult validateOptions(func::FuncOp func);
  /// Buckets each nested block of `func` that issues collectives, innermost
  /// first; a block whose bucketed order exceeds `max-in-flight` gets its
  /// input back. Returns whether there was one. Fails after an error.
  FailureOr<bool> bucketNestedBlocks(func::FuncOp func,
                                     ArrayRef<Block *> nested);
  /// Returns the analyses of the body of `func`: those the pass before left
  /// (SharedBlockAnalyses) if no nested block was bucketed, else new ones.
  /// Nothing after the remark of BlockAnalyses::build. Fails after an
  /// error.
  FailureOr<std::optional<BlockAnalyses>> getBodyAnalyses(func::FuncOp func,
                                                          bool nestedBucketed);
  /// Buckets the body of `func` with its analyses `block`, within the
  /// input's peak (or the budget sched-schedule-overlap recorded) and the
  /// in-flight cap it kept; emits the remarks. Fails after an error.
  LogicalResult bucketBody(func::FuncOp func, BlockAnalyses &block);
  /// Buckets the `nested` block with `analyses`. Fails after an error.
  LogicalResult bucketNestedBlock(func::FuncOp func, Block &nested,
                                  BlockAnalyses &analyses);

  /// Returns, for a function whose nested blocks (`nested`, as
  /// getNestedBlocks finds them) do work, its exposed communication before
  /// bucketing as a whole (loops as their iterations) with a copy of it;
  /// nullopt for any other function, or one whose loop has an unknown trip
  /// count. Fails after an error.
  FailureOr<std::optional<WholeFunctionInput>>
  saveWholeFunction(func::FuncOp func, ArrayRef<Block *> nested);
  /// Gives `func` the body of `input` back, with a remark, if bucketing
  /// made the whole function's exposed communication grow. Fails after an
  /// error.
  LogicalResult restoreIfWholeFunctionWorse(func::FuncOp func,
                                            WholeFunctionInput &input);

  /// The `profile` option's file, read once for all functions.
  LoadedProfile profile;
};
} // namespace

/// Returns the words of `why` for the aggregated remark.
static std::string describeRefusal(BucketRefusal why, int64_t capBytes,
                                   int64_t window) {
  switch (why) {
  case BucketRefusal::Cap:
    return "the bucket would go over the cap of " + formatBytes(capBytes);
  case BucketRefusal::Window:
    return llvm::formatv("it is more than the window of {0} ops away", window);
  case BucketRefusal::Order:
    return "another collective of the group starts between it and the bucket "
           "(keep-collective-order)";
  case BucketRefusal::Placement:
    return "no placement of the merged start and wait keeps the "
           "dependences, the memory accesses and the overlap";
  }
  llvm_unreachable("unknown refusal");
}

/// Emits the short remarks of a function (or of its `nested` block) without
/// `explain`: one summary at the function's location (named by its symbol,
/// or at the nested block's op) and one remark per reason
/// that refused starts, at the first of them, with the count; none where no
/// two collectives could share a bucket.
static void emitShortRemarks(func::FuncOp func, Block *nested,
                             const BucketingSummary &made,
                             const Bucketer &bucketer,
                             const BucketingOptions &options) {
  const BucketRefusalCounts &refusals = bucketer.getRefusals();
  unsigned refused = refusals.getTotal();
  // Nothing to bucket (at most one candidate per key): nothing to say.
  if (made.numBuckets == 0 && refused == 0)
    return;
  {
    InFlightDiagnostic summary = nested ? emitNestedBlockRemark(*nested)
                                        : mlir::emitRemark(func.getLoc());
    if (!nested)
      summary << "@" << func.getSymName() << ": ";
    if (made.numBuckets == 0)
      summary << "no bucket made";
    else
      summary << "bucketed " << made.numBucketed << " collectives into "
              << made.numBuckets
              << (made.numBuckets == 1 ? " bucket (" : " buckets (")
              << formatBytes(made.bucketedBytes) << ")";
    summary << ", exposed comm "
            << llvm::formatv("{0:F3}", bucketer.getInputExposedCommUs())
            << " -> " << llvm::formatv("{0:F3}", bucketer.getExposedCommUs())
            << " us";
    if (refused > 0)
      summary << "; explain=1 gives each decision";
  }
  for (unsigned index = 0; index < kNumBucketRefusals; ++index) {
    unsigned count = refusals.count[index];
    if (count == 0)
      continue;
    mlir::emitRemark(*refusals.first[index])
        << count << (count == 1 ? " start" : " starts")
        << " not bucketed with the bucket before "
        << (count == 1 ? "it (this one): " : "them (this one first): ")
        << describeRefusal(static_cast<BucketRefusal>(index), options.capBytes,
                           options.window);
  }
}

/// Returns the first start of `block` that puts more than `cap` collectives
/// of its group in flight, and that number.
static std::optional<std::pair<CollectiveOpInterface, int64_t>>
findInFlightExcess(Block &block, int64_t cap) {
  // Every start counts, until the wait of its future.
  CollectiveInFlightCounter inFlight;
  for (Operation &op : block)
    if (int64_t count = inFlight.count(&op); count > cap)
      return std::make_pair(cast<CollectiveOpInterface>(op), count);
  return std::nullopt;
}

/// If the bucketed body of `func` puts more than `cap` collectives of a
/// group in flight, gives `func` the body of `saved` (the function before
/// bucketing) back with a remark, and returns true. Erases `saved`.
static bool restoreIfOverInFlight(func::FuncOp func, func::FuncOp saved,
                                  int64_t cap) {
  std::optional<std::pair<CollectiveOpInterface, int64_t>> excess =
      findInFlightExcess(func.getBody().front(), cap);
  if (excess) {
    mlir::emitRemark(func.getLoc())
        << "not bucketed: the bucketed order of @" << func.getSymName()
        << " has " << excess->second << " collectives of group @"
        << excess->first.getGroupAttr().getValue()
        << " in flight, more than max-in-flight (" << cap
        << "); the function is left as it was";
    func.getBody().takeBody(saved.getBody());
  }
  saved.erase();
  return excess.has_value();
}

LogicalResult SchedBucketCollectives::validateOptions(func::FuncOp func) {
  if (bucketCapBytes < 1)
    return mlir::emitError(func.getLoc())
           << "bucket-cap-bytes must be at least 1, got "
           << bucketCapBytes.getValue();
  if (window < 0)
    return mlir::emitError(func.getLoc())
           << "window must be non-negative, got " << window.getValue();
  if (maxInFlight < 0)
    return mlir::emitError(func.getLoc())
           << "max-in-flight must be non-negative (0: no limit), got "
           << maxInFlight.getValue();
  return success();
}

void SchedBucketCollectives::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  if (failed(validateOptions(func)))
    return signalPassFailure();
  // Each stage is bucketed apart from its peers, which would then issue
  // different transfers on the groups they share.
  if (isInStageFunction(func.getBody().front())) {
    mlir::emitRemark(func.getLoc())
        << "not bucketed: @" << func.getSymName()
        << " is one stage of a pipeline ('sched.ranks'), whose transfers "
           "must match its peer stages'";
    return;
  }
  // One walk of the function for both: after the passes before, its ops lie
  // scattered in memory and a walk costs a cache miss per op.
  SmallVector<Block *> nested = getNestedBlocks(func);
  FailureOr<std::optional<WholeFunctionInput>> whole =
      saveWholeFunction(func, nested);
  if (failed(whole))
    return signalPassFailure();
  FailureOr<bool> nestedBucketed = bucketNestedBlocks(func, nested);
  if (failed(nestedBucketed))
    return signalPassFailure();
  FailureOr<std::optional<BlockAnalyses>> analyses =
      getBodyAnalyses(func, *nestedBucketed);
  if (failed(analyses) || (*analyses && failed(bucketBody(func, **analyses))))
    return signalPassFailure();
  if (*whole && failed(restoreIfWholeFunctionWorse(func, **whole)))
    return signalPassFailure();
  // Only merged collectives into the ops materializeBuckets builds, or put
  // an input back: in sched-pipeline the verifier runs after the search
  // (DeferredVerification).
  if (deferVerification(getAnalysisManager(), {}))
    markAllAnalysesPreserved();
}

FailureOr<std::optional<WholeFunctionInput>>
SchedBucketCollectives::saveWholeFunction(func::FuncOp func,
                                          ArrayRef<Block *> nested) {
  // The blocks hasNestedWork looks into are those getNestedBlocks finds.
  auto doesWork = [](Block *block) {
    return llvm::any_of(*block, [](Operation &op) {
      return isa<CollectiveOpInterface, ComputeOpInterface>(op);
    });
  };
  if (!func.getBody().hasOneBlock() || llvm::none_of(nested, doesWork) ||
      findUnknownTripCount(func))
    return std::optional<WholeFunctionInput>();
  FailureOr<CostModel> model = buildCostModel(func, profile);
  if (failed(model))
    return failure();
  FailureOr<double> exposed = simulateFunctionExposedComm(func, *model);
  if (failed(exposed))
    return failure();
  return std::optional<WholeFunctionInput>(WholeFunctionInput{
      OwningOpRef<func::FuncOp>(func.clone()), *model, *exposed});
}

LogicalResult
SchedBucketCollectives::restoreIfWholeFunctionWorse(func::FuncOp func,
                                                    WholeFunctionInput &input) {
  FailureOr<double> exposed = simulateFunctionExposedComm(func, input.model);
  if (succeeded(exposed) &&
      *exposed > input.exposedCommUs * (1 + 1e-12) + 1e-9) {
    mlir::emitRemark(func.getLoc())
        << "not bucketed: the exposed comm of the whole of @"
        << func.getSymName() << " would be "
        << llvm::formatv("{0:F3}", *exposed) << " us against "
        << llvm::formatv("{0:F3}", input.exposedCommUs)
        << " us unbucketed (a bucket in flight across a loop or branch "
           "delays the collectives it issues); the function is left as it "
           "was";
    func.getBody().takeBody(input.saved->getBody());
  }
  return success(succeeded(exposed));
}

LogicalResult SchedBucketCollectives::bucketBody(func::FuncOp func,
                                                 BlockAnalyses &block) {
  BucketingOptions options{
      bucketCapBytes,      window,          order == BucketOrder::ExposedFirst,
      keepCollectiveOrder, mixElementTypes, explain};
  // The budget sched-schedule-overlap scheduled the input within, where it
  // recorded one (sched-pipeline).
  if (auto budget = func->getAttrOfType<IntegerAttr>(
          SchedDialect::getMemoryBudgetAttrName()))
    options.memoryBudget = budget.getInt();
  Bucketer bucketer(block.model, block.sim, block.liveness, block.graph,
                    options);
  // Bucketing never raises the peak over the input's (or that budget).
  if (failed(bucketer.analyzeInput(func.getLoc())) ||
      failed(bucketer.collectCandidates()) ||
      failed(bucketer.prepare(func.getLoc())) ||
      failed(checkCapacity(func, bucketer.getPeakLimit(), std::nullopt,
                           capacityCheck)) ||
      failed(bucketer.formBuckets()))
    return failure();
  // With an in-flight cap, the buckets are kept only if the bucketed order
  // keeps it (a bucket spans from its first start to its last wait, which
  // may enclose more collectives of the group than the input had in flight).
  // The cap the overlap pass kept, if it recorded one.
  int64_t cap = getEntryInFlightCap(func, maxInFlight);
  func::FuncOp saved = cap > 0 && bucketedExceedsInFlight(
                                      block.sim.ops, bucketer.getBuckets(), cap)
                           ? func.clone()
                           : func::FuncOp();
  FailureOr<BucketingSummary> made = materializeBuckets(
      func.getContext(), block.sim.ops, bucketer.getBuckets(), explain);
  if (failed(made)) {
    if (saved)
      saved.erase();
    return failure();
  }
  if (saved && restoreIfOverInFlight(func, saved, cap))
    return success();
  if (!explain)
    emitShortRemarks(func, nullptr, *made, bucketer, options);
  return success();
}

FailureOr<std::optional<BlockAnalyses>>
SchedBucketCollectives::getBodyAnalyses(func::FuncOp func,
                                        bool nestedBucketed) {
  // The nested blocks' new orders would change their ops' simulated times.
  if (!nestedBucketed)
    if (auto shared = getCachedAnalysis<SharedBlockAnalyses>())
      if (std::optional<BlockAnalyses> taken =
              shared->get().take(func.getBody().front(),
                                 SharedBlockAnalyses::Key{profilePath, false}))
        return std::optional<BlockAnalyses>(std::move(*taken));
  return BlockAnalyses::build(func, profile, "not bucketed");
}

FailureOr<bool>
SchedBucketCollectives::bucketNestedBlocks(func::FuncOp func,
                                           ArrayRef<Block *> nested) {
  if (llvm::none_of(nested,
                    [](Block *block) { return issuesCollectives(block); }))
    return false;
  FailureOr<CostModel> model = buildCostModel(func, profile);
  if (failed(model))
    return failure();
  NestedBlockWalk walk{"not bucketed", true, std::nullopt};
  if (failed(forEachNestedBlock(func, walk, [&](Block &block) {
        FailureOr<BlockAnalyses> analyses =
            BlockAnalyses::buildBlock(block, *model, {});
        if (failed(analyses))
          return failure();
        return bucketNestedBlock(func, block, *analyses);
      })))
    return failure();
  return true;
}

LogicalResult
SchedBucketCollectives::bucketNestedBlock(func::FuncOp func, Block &nested,
                                          BlockAnalyses &analyses) {
  Operation *holder = nested.getParentOp();
  Location loc = holder->getLoc();
  BucketingOptions options{bucketCapBytes, window,
                           order == BucketOrder::ExposedFirst,
                           keepCollectiveOrder, explain};
  Bucketer bucketer(analyses.model, analyses.sim, analyses.liveness,
                    analyses.graph, options);
  if (failed(bucketer.analyzeInput(loc)) ||
      failed(bucketer.collectCandidates()) || failed(bucketer.prepare(loc)) ||
      failed(bucketer.formBuckets()))
    return failure();
  // The holder's copy keeps the block's input, to put back if the
  // bucketed order goes over the in-flight cap.
  Operation *saved = maxInFlight > 0 && bucketedExceedsInFlight(
                                            analyses.sim.ops,
                                            bucketer.getBuckets(), maxInFlight)
                         ? holder->clone()
                         : nullptr;
  unsigned regionIndex = nested.getParent()->getRegionNumber();
  FailureOr<BucketingSummary> made = materializeBuckets(
      func.getContext(), analyses.sim.ops, bucketer.getBuckets(), explain);
  if (failed(made)) {
    if (saved)
      saved->erase();
    return failure();
  }
  std::optional<std::pair<CollectiveOpInterface, int64_t>> excess =
      saved ? findInFlightExcess(nested, maxInFlight) : std::nullopt;
  if (excess) {
    emitNestedBlockRemark(nested)
        << "not bucketed: the bucketed order has " << excess->second
        << " collectives of group @" << excess->first.getGroupAttr().getValue()
        << " in flight, more than max-in-flight (" << maxInFlight.getValue()
        << "); the block is left as it was";
    holder->getRegion(regionIndex).takeBody(saved->getRegion(regionIndex));
  } else if (!explain) {
    emitShortRemarks(func, &nested, *made, bucketer, options);
  }
  if (saved)
    saved->erase();
  return success();
}
