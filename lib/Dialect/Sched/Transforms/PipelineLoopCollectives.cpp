//===- PipelineLoopCollectives.cpp - sched-pipeline-loop-collectives ------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The pass driver over sched/Scheduling/LoopPipelining.h: finds the loops,
// checks the options and the nests, chooses the depth of each loop with the
// cost model under the memory budget and reports it.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedInterfaces.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/Scheduling/LoopPipelining.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <limits>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDPIPELINELOOPCOLLECTIVES
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

/// The discardable attribute a rotated loop carries: its depth.
static constexpr llvm::StringLiteral kPipelineDepthAttr =
    SchedDialect::getPipelineDepthAttrName();

/// Iterations of the body simulated for the steady state.
static constexpr unsigned kSteadyStateCopies = 8;

namespace {
struct SchedPipelineLoopCollectives
    : public sched::impl::SchedPipelineLoopCollectivesBase<
          SchedPipelineLoopCollectives> {
  using Base::Base;
  void runOnOperation() override;

private:
  /// Emits an error at `loc` for the first invalid option; fails if any.
  LogicalResult validateOptions(Location loc);
  /// Chooses the depth of `loop` and rotates it if depth 1 wins; fails after
  /// an error.
  LogicalResult pipeline(scf::ForOp loop, const CostModel &model);
  /// Rotates `loop` with the longest prefix of `movable` whose peak (the
  /// body's plus that of the blocks around it) fits `budget`, if it makes an
  /// iteration faster than `inputUs`; emits the loop's remark. Fails after an
  /// error.
  LogicalResult rotate(scf::ForOp loop, LoopCollectives &collectives,
                       const CostModel &model, double inputUs,
                       int64_t inputPeak, int64_t budget);
  /// Emits the remarks of the collectives left in their iteration.
  void explainPinned(ArrayRef<std::pair<Location, std::string>> pinned);
};
} // namespace

LogicalResult SchedPipelineLoopCollectives::validateOptions(Location loc) {
  if (maxDepth < 0 || maxDepth > 1)
    return mlir::emitError(loc)
           << "max-depth must be 0 or 1 (a deeper pipeline needs futures "
              "that cross iterations), got "
           << maxDepth.getValue();
  return validateOverlapOptions(loc, maxInFlight, memorySlack, memoryBudget);
}

/// Returns true if `op` is a loop with a collective start directly in its
/// body.
static bool hasDirectCollectives(scf::ForOp loop) {
  return llvm::any_of(*loop.getBody(), [](Operation &op) {
    return isa<CollectiveOpInterface>(op);
  });
}

/// Returns the nearest enclosing `scf.for` of `op` carrying the depth
/// attribute, or null.
static scf::ForOp getPipelinedAncestor(Operation *op) {
  for (auto loop = op->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>())
    if (loop->hasAttr(kPipelineDepthAttr))
      return loop;
  return nullptr;
}

/// Reports every pipelined loop nested in another pipelined loop of `func`;
/// fails if there is one.
static LogicalResult checkNests(func::FuncOp func) {
  bool bad = false;
  func.walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
    if (!loop->hasAttr(kPipelineDepthAttr))
      return;
    scf::ForOp outer = getPipelinedAncestor(loop);
    if (!outer)
      return;
    InFlightDiagnostic diag = loop.emitError()
                              << "loop nest is pipelined at two levels: this "
                                 "loop and an enclosing one carry '"
                              << kPipelineDepthAttr << "'";
    diag.attachNote(outer.getLoc()) << "enclosing pipelined loop here";
    bad = true;
  });
  return failure(bad);
}

/// Returns why `loop` is not rotated before its collectives are analyzed, or
/// std::nullopt.
static std::optional<std::string> getSkipReason(scf::ForOp loop) {
  if (loop->hasAttr(kPipelineDepthAttr))
    return std::string("already pipelined");
  if (getPipelinedAncestor(loop))
    return std::string("an enclosing loop is pipelined (one level per nest)");
  bool nestedPipelined = false;
  loop.getBody()->walk([&](scf::ForOp inner) {
    nestedPipelined |= inner->hasAttr(kPipelineDepthAttr);
  });
  if (nestedPipelined)
    return std::string("a loop nested in it is pipelined (one level per "
                       "nest)");
  std::optional<int64_t> trips = getStaticTripCount(loop);
  if (!trips)
    return std::string("its trip count is not static");
  if (*trips < 2)
    return "it runs " + std::to_string(*trips) +
           (*trips == 1 ? " iteration" : " iterations") + ", fewer than 2";
  StringRef order = SchedDialect::getCollectiveOrderAttrName();
  if (llvm::any_of(*loop.getBody(),
                   [&](Operation &op) { return op.hasAttr(order); }))
    return "its collectives carry '" + order.str() +
           "' (run the pass before sched-record-collective-order)";
  return std::nullopt;
}

/// Returns `us` microseconds as remarks print them.
static std::string formatUs(double us) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.1f", us);
  return text;
}

/// The location and reason of each collective of `collectives` that stays in
/// its iteration, read before a rotation erases the loop they are in.
static SmallVector<std::pair<Location, std::string>>
describePinned(const LoopCollectives &collectives) {
  SmallVector<std::pair<Location, std::string>> pinned;
  for (const PinnedCollective &collective : collectives.pinned)
    pinned.emplace_back(collective.start->getLoc(), collective.reason);
  return pinned;
}

void SchedPipelineLoopCollectives::explainPinned(
    ArrayRef<std::pair<Location, std::string>> pinned) {
  if (!explain)
    return;
  for (const auto &[loc, reason] : pinned)
    mlir::emitRemark(loc) << "stays in its iteration: " << reason;
}

namespace {
/// A rotation of a loop, measured.
struct Rotation {
  PipelinedLoop pipelined;
  int64_t peak = 0;
  double us = 0;
  /// Whether the prefetched starts follow the body's starts of their group.
  bool afterGroup = false;
};
} // namespace

/// Rotates `loop` with `movable`, placing the prefetched starts after the
/// body's starts of their group or not, and measures it. Fails after an
/// error.
static FailureOr<Rotation> measureRotation(scf::ForOp loop,
                                           ArrayRef<MovableCollective> movable,
                                           bool afterGroup,
                                           const CostModel &model) {
  Rotation rotation;
  rotation.afterGroup = afterGroup;
  rotation.pipelined = pipelineLoop(loop, movable, afterGroup);
  // The blocks around the loop again: they now hold the prologue's values.
  FailureOr<int64_t> peak = estimateLoopPeak(rotation.pipelined.loop);
  FailureOr<double> us =
      failed(peak) ? FailureOr<double>(failure())
                   : simulateSteadyStateUs(*rotation.pipelined.loop.getBody(),
                                           model, kSteadyStateCopies);
  if (failed(us)) {
    erasePipelinedLoop(rotation.pipelined);
    return failure();
  }
  rotation.peak = *peak;
  rotation.us = *us;
  return rotation;
}

/// Returns the better of the rotations in `rotations` within `budget`
/// (faster; on a tie, the first), erasing the others; std::nullopt if
/// none fits.
static std::optional<Rotation>
chooseRotation(MutableArrayRef<Rotation> rotations, int64_t budget) {
  std::optional<unsigned> best;
  for (auto [i, rotation] : llvm::enumerate(rotations))
    if (rotation.peak <= budget && (!best || rotation.us < rotations[*best].us))
      best = i;
  for (auto [i, rotation] : llvm::enumerate(rotations))
    if (!best || i != *best)
      erasePipelinedLoop(rotation.pipelined);
  if (!best)
    return std::nullopt;
  return rotations[*best];
}

LogicalResult SchedPipelineLoopCollectives::rotate(
    scf::ForOp loop, LoopCollectives &collectives, const CostModel &model,
    double inputUs, int64_t inputPeak, int64_t budget) {
  unsigned total = collectives.movable.size() + collectives.pinned.size();
  while (!collectives.movable.empty()) {
    // Both placements of the prefetched starts compete, unless the input's
    // collective order must be kept.
    SmallVector<Rotation, 2> rotations;
    for (bool afterGroup : {false, true}) {
      if (keepCollectiveOrder && !afterGroup)
        continue;
      FailureOr<Rotation> rotation =
          measureRotation(loop, collectives.movable, afterGroup, model);
      if (failed(rotation)) {
        for (Rotation &other : rotations)
          erasePipelinedLoop(other.pipelined);
        return failure();
      }
      rotations.push_back(std::move(*rotation));
    }
    int64_t leastPeak =
        llvm::min_element(rotations, [](const Rotation &a, const Rotation &b) {
          return a.peak < b.peak;
        })->peak;
    std::optional<Rotation> chosen = chooseRotation(rotations, budget);
    if (!chosen) {
      // Leave the last movable collective in its iteration and retry.
      MovableCollective last = collectives.movable.pop_back_val();
      collectives.pinned.push_back(
          {last.start, "depth 1 would need " + formatBytes(leastPeak) +
                           ", over the memory budget of " +
                           formatBytes(budget)});
      continue;
    }
    if (!(chosen->us < inputUs)) {
      erasePipelinedLoop(chosen->pipelined);
      mlir::emitRemark(loop.getLoc())
          << "loop kept at depth 0: depth 1 is not faster (iteration "
          << formatUs(inputUs) << " -> " << formatUs(chosen->us) << " us)";
      return success();
    }
    unsigned moved = collectives.movable.size();
    mlir::emitRemark(loop.getLoc())
        << "loop pipelined at depth 1: " << moved << " of " << total
        << (total == 1 ? " collective starts" : " collectives start")
        << " one iteration ahead ("
        << (chosen->afterGroup ? "after the iteration's own starts of its group"
                               : "at the top of the body")
        << "); iteration " << formatUs(inputUs) << " -> "
        << formatUs(chosen->us) << " us (steady state), peak memory "
        << formatBytes(inputPeak) << " -> " << formatBytes(chosen->peak)
        << " (budget " << formatBytes(budget) << "), "
        << *getStaticTripCount(loop)
        << " iterations (prologue and last iteration peeled)";
    for (auto [from, to] :
         llvm::zip_equal(loop.getResults(), chosen->pipelined.replacements))
      from.replaceAllUsesWith(to);
    chosen->pipelined.loop->setAttr(
        kPipelineDepthAttr,
        IntegerAttr::get(IntegerType::get(&getContext(), 64), 1));
    loop.erase();
    return success();
  }
  mlir::emitRemark(loop.getLoc())
      << "loop kept at depth 0: no collective fits the memory budget of "
      << formatBytes(budget) << " one iteration ahead";
  return success();
}

LogicalResult SchedPipelineLoopCollectives::pipeline(scf::ForOp loop,
                                                     const CostModel &model) {
  if (std::optional<std::string> reason = getSkipReason(loop)) {
    mlir::emitRemark(loop.getLoc()) << "loop not pipelined: " << *reason;
    return success();
  }
  LoopCollectives collectives = analyzeLoopCollectives(loop);
  capInFlight(loop, collectives, maxInFlight);
  if (collectives.movable.empty()) {
    mlir::emitRemark(loop.getLoc())
        << "loop not pipelined: none of its " << collectives.pinned.size()
        << (collectives.pinned.size() == 1 ? " collective" : " collectives")
        << " can start an iteration ahead"
        << (explain ? "" : " (explain=1 says why)");
    explainPinned(describePinned(collectives));
    return success();
  }
  FailureOr<int64_t> inputPeakOr = estimateLoopPeak(loop);
  if (failed(inputPeakOr))
    return failure();
  int64_t inputPeak = *inputPeakOr;
  FailureOr<double> inputUs =
      simulateSteadyStateUs(*loop.getBody(), model, kSteadyStateCopies);
  if (failed(inputUs))
    return failure();
  if (maxDepth == 0) {
    mlir::emitRemark(loop.getLoc())
        << "loop kept at depth 0 (max-depth=0): " << collectives.movable.size()
        << (collectives.movable.size() == 1 ? " collective could"
                                            : " collectives could")
        << " start an iteration ahead; iteration " << formatUs(*inputUs)
        << " us";
    explainPinned(describePinned(collectives));
    return success();
  }
  int64_t budget = memoryBudget;
  if (budget == 0) {
    double slack = static_cast<double>(inputPeak) * (1 + memorySlack);
    budget = slack >= static_cast<double>(std::numeric_limits<int64_t>::max())
                 ? std::numeric_limits<int64_t>::max()
                 : static_cast<int64_t>(slack);
  }
  // The rotation erases the loop and the collectives in it.
  SmallVector<std::pair<Location, std::string>> pinned =
      describePinned(collectives);
  if (failed(rotate(loop, collectives, model, *inputUs, inputPeak, budget)))
    return failure();
  explainPinned(pinned);
  return success();
}

void SchedPipelineLoopCollectives::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return markAllAnalysesPreserved();
  if (failed(validateOptions(func.getLoc())) || failed(checkNests(func)))
    return signalPassFailure();
  // Innermost loops first (a post-order walk), so that each nest is
  // pipelined at its innermost loop with a movable collective.
  SmallVector<scf::ForOp> loops;
  func.walk([&](scf::ForOp loop) {
    if (hasDirectCollectives(loop))
      loops.push_back(loop);
  });
  if (loops.empty())
    return markAllAnalysesPreserved();
  FailureOr<TargetAttr> target = lookupTargetOrEmitError(func);
  if (failed(target))
    return signalPassFailure();
  CostModel model(*target);
  for (scf::ForOp loop : loops)
    if (failed(pipeline(loop, model)))
      return signalPassFailure();
}
