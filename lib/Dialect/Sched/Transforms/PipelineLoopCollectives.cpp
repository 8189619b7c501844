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
#include "FuseMapLoops.h"
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
#include "llvm/Support/SaveAndRestore.h"

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

/// The least relative gain of an iteration's time for which a candidate
/// counts as faster: below it, the simulation's rounding and the
/// steady-state estimate's transients decide, and the simpler candidate (the
/// input, fewer stages, the top of the body) is kept.
static constexpr double kMinGain = 1e-3;

/// Returns true if `us` is faster than `than` by at least kMinGain.
static bool isFaster(double us, double than) {
  return us < than * (1 - kMinGain);
}

/// The largest `max-depth`: each iteration of depth peels one more
/// iteration into the prologue and the epilogue.
static constexpr int64_t kMostDepth = 8;

namespace {
/// A rotation of a loop, measured.
struct Rotation {
  PipelinedLoop pipelined;
  PipelinePlan plan;
  int64_t peak = 0;
  int64_t inFlight = 0;
  double us = 0;
};
} // namespace

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
  /// Fuses into `loop` the first loop after it in its block when
  /// matchMapLoopFusion allows it, the function's simulated step is not
  /// slower and its peak fits the budget; sets `loop` to the fused loop.
  /// Fails after an error.
  LogicalResult fuseMapLoop(scf::ForOp &loop, const CostModel &model);
  /// Returns the collectives of `loop` that may move (capped in flight,
  /// the sinkable ones pinned with sink-waits=0).
  LoopCollectives analyze(scf::ForOp loop) const;
  /// Returns the steady-state iteration of `loop` after the fastest
  /// rotation within `budget` (its input's if none is faster), without
  /// rotating it or reporting the candidates. Fails after an error.
  FailureOr<double> estimateIteration(scf::ForOp loop, const CostModel &model,
                                      int64_t budget);
  /// While set, explainRotation reports nothing (estimateIteration).
  bool estimating = false;
  /// Returns the budget of a function or loop whose input peak is `peak`.
  int64_t getBudget(int64_t peak) const;
  /// Emits the remarks of the collectives left in their iteration.
  void explainPinned(ArrayRef<std::pair<Location, std::string>> pinned);
  /// Measures every candidate plan of `collectives` (depths up to
  /// `max-depth`, with and without sunk waits, both placements) and keeps
  /// the fastest within `budget` and `max-in-flight`, erasing the others;
  /// sets `leastPeak` to the least peak of all. Fails after an error.
  FailureOr<std::optional<Rotation>> search(scf::ForOp loop,
                                            const LoopCollectives &collectives,
                                            const CostModel &model,
                                            int64_t budget, int64_t &leastPeak);
  /// With `explain`, reports a measured candidate.
  void explainRotation(scf::ForOp loop, const Rotation &rotation,
                       int64_t budget);
  /// Reports the rotation chosen for `loop`.
  void emitPipelinedRemark(scf::ForOp loop, const Rotation &chosen,
                           unsigned total, double inputUs, int64_t inputPeak,
                           int64_t budget);
};
} // namespace

LogicalResult SchedPipelineLoopCollectives::validateOptions(Location loc) {
  if (maxDepth < 0 || maxDepth > kMostDepth)
    return mlir::emitError(loc)
           << "max-depth must be between 0 and " << kMostDepth << ", got "
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

/// Rotates `loop` by `plan` and measures it. Fails after an error.
static FailureOr<Rotation> measureRotation(scf::ForOp loop,
                                           const PipelinePlan &plan,
                                           const CostModel &model) {
  Rotation rotation;
  rotation.plan = plan;
  rotation.pipelined = pipelineLoop(loop, plan);
  // The whole function with the rotation (prologue, loop, epilogue) in
  // place of the loop.
  FailureOr<int64_t> peak = computeFunctionPeakWith(loop, rotation.pipelined);
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
  rotation.inFlight = getMaxInFlight(*rotation.pipelined.loop.getBody());
  return rotation;
}

/// Returns `count` followed by `one` or `many`.
static std::string plural(int64_t count, StringRef one, StringRef many) {
  return std::to_string(count) + " " + (count == 1 ? one : many).str();
}

/// Returns how a rotation is described in remarks: its depth, placement and
/// sunk waits.
static std::string describePlan(const PipelinePlan &plan) {
  std::string text;
  if (!plan.prefetch.empty())
    text += "depth " + std::to_string(plan.depth) +
            (plan.afterGroup ? " after the group's starts" : " at the top");
  if (!plan.sinks.empty())
    text += (text.empty() ? "" : ", ") +
            plural(plan.sinks.size(), "sunk wait", "sunk waits");
  if (!plan.early.empty())
    text +=
        (text.empty() ? "" : ", ") +
        plural(plan.early.size(), "early start", "early starts") +
        (plan.afterGroup && plan.prefetch.empty() ? " after the group's starts"
                                                  : "");
  return text;
}

/// Returns the number of iterations `depth` says, as remarks print it.
static std::string describeAhead(unsigned depth) {
  return depth == 1 ? "one iteration" : std::to_string(depth) + " iterations";
}

/// Returns the candidate plans for `collectives` under `maxDepth`, in the
/// order that breaks ties (fewer stages first, the top of the body first),
/// each with a static trip count above its stages.
static SmallVector<PipelinePlan>
getCandidatePlans(const LoopCollectives &collectives, int64_t maxDepth,
                  bool sinkWaits, bool keepOrder, int64_t trips) {
  SmallVector<PipelinePlan> plans;
  ArrayRef<SinkableCollective> sinks;
  if (sinkWaits)
    sinks = collectives.sinkable;
  for (int64_t depth = 0; depth <= maxDepth; ++depth) {
    if (depth > 0 && collectives.movable.empty())
      break;
    for (bool sink : {false, true}) {
      if (sink && sinks.empty())
        continue;
      for (bool early : {false, true}) {
        if (early && collectives.early.empty())
          continue;
        for (bool afterGroup : {false, true}) {
          // The placement only matters for prefetched and early starts.
          if ((keepOrder && !afterGroup) ||
              (depth == 0 && !early && afterGroup))
            continue;
          PipelinePlan plan;
          plan.depth = depth;
          if (depth > 0)
            plan.prefetch = collectives.movable;
          if (sink)
            plan.sinks = sinks;
          if (early)
            plan.early = collectives.early;
          plan.afterGroup = afterGroup;
          if ((!plan.prefetch.empty() || !plan.sinks.empty() ||
               !plan.early.empty()) &&
              plan.getStages() < trips)
            plans.push_back(plan);
        }
      }
    }
  }
  return plans;
}

void SchedPipelineLoopCollectives::explainRotation(scf::ForOp loop,
                                                   const Rotation &rotation,
                                                   int64_t budget) {
  if (!explain || estimating)
    return;
  InFlightDiagnostic diag = mlir::emitRemark(loop.getLoc())
                            << "candidate " << describePlan(rotation.plan)
                            << ": iteration " << formatUs(rotation.us)
                            << " us, peak memory " << formatBytes(rotation.peak)
                            << ", " << rotation.inFlight << " in flight";
  if (rotation.peak > budget)
    diag << " (over the memory budget of " << formatBytes(budget) << ")";
  if (rotation.inFlight > maxInFlight)
    diag << " (over max-in-flight)";
}

void SchedPipelineLoopCollectives::emitPipelinedRemark(
    scf::ForOp loop, const Rotation &chosen, unsigned total, double inputUs,
    int64_t inputPeak, int64_t budget) {
  const PipelinePlan &plan = chosen.plan;
  unsigned stages = plan.getStages();
  InFlightDiagnostic diag = mlir::emitRemark(loop.getLoc())
                            << "loop pipelined at depth " << stages << ": ";
  if (!plan.prefetch.empty())
    diag << plan.prefetch.size() << " of " << total
         << (total == 1 ? " collective starts " : " collectives start ")
         << describeAhead(plan.depth) << " ahead ("
         << (plan.afterGroup ? "after the iteration's own starts of its group"
                             : "at the top of the body")
         << ")";
  if (!plan.sinks.empty())
    diag << (plan.prefetch.empty() ? "" : "; ") << plan.sinks.size() << " of "
         << total << (total == 1 ? " collective waits" : " collectives wait")
         << " in the next iteration (sunk)";
  if (!plan.early.empty())
    diag << (plan.prefetch.empty() && plan.sinks.empty() ? "" : "; ")
         << plan.early.size() << " of " << total
         << (total == 1 ? " collective starts" : " collectives start")
         << " at the end of the previous iteration (on the values it yields"
         << (plan.afterGroup ? ", after its starts of the group)" : ")");
  diag << "; iteration " << formatUs(inputUs) << " -> " << formatUs(chosen.us)
       << " us (steady state), peak memory " << formatBytes(inputPeak) << " -> "
       << formatBytes(chosen.peak) << " (budget " << formatBytes(budget)
       << "), " << *getStaticTripCount(loop) << " iterations (";
  if (stages == 1 && plan.sinks.empty())
    diag << "prologue and last iteration peeled)";
  else
    diag << "prologue and epilogue of "
         << plural(stages, "iteration", "iterations") << " peeled)";
}

FailureOr<std::optional<Rotation>> SchedPipelineLoopCollectives::search(
    scf::ForOp loop, const LoopCollectives &collectives, const CostModel &model,
    int64_t budget, int64_t &leastPeak) {
  SmallVector<PipelinePlan> plans =
      getCandidatePlans(collectives, maxDepth, sinkWaits, keepCollectiveOrder,
                        *getStaticTripCount(loop));
  std::optional<Rotation> best;
  leastPeak = std::numeric_limits<int64_t>::max();
  for (const PipelinePlan &plan : plans) {
    FailureOr<Rotation> rotation = measureRotation(loop, plan, model);
    if (failed(rotation)) {
      if (best)
        erasePipelinedLoop(best->pipelined);
      return failure();
    }
    explainRotation(loop, *rotation, budget);
    leastPeak = std::min(leastPeak, rotation->peak);
    bool fits = rotation->peak <= budget && rotation->inFlight <= maxInFlight;
    if (fits && (!best || isFaster(rotation->us, best->us))) {
      if (best)
        erasePipelinedLoop(best->pipelined);
      best = std::move(*rotation);
      continue;
    }
    erasePipelinedLoop(rotation->pipelined);
  }
  return best;
}

LogicalResult SchedPipelineLoopCollectives::rotate(
    scf::ForOp loop, LoopCollectives &collectives, const CostModel &model,
    double inputUs, int64_t inputPeak, int64_t budget) {
  unsigned total = collectives.movable.size() + collectives.sinkable.size() +
                   collectives.early.size() + collectives.pinned.size();
  while (!collectives.movable.empty() || !collectives.early.empty() ||
         (sinkWaits && !collectives.sinkable.empty())) {
    int64_t leastPeak = 0;
    FailureOr<std::optional<Rotation>> chosen =
        search(loop, collectives, model, budget, leastPeak);
    if (failed(chosen))
      return failure();
    if (!*chosen) {
      // Leave the last collective in its iteration and retry.
      std::string reason = "pipelining it would need " +
                           formatBytes(leastPeak) +
                           ", over the memory budget of " +
                           formatBytes(budget) + " (or max-in-flight)";
      if (!collectives.movable.empty()) {
        MovableCollective last = collectives.movable.pop_back_val();
        collectives.pinned.push_back(
            {last.start, "depth 1 would need " + formatBytes(leastPeak) +
                             ", over the memory budget of " +
                             formatBytes(budget)});
      } else if (sinkWaits && !collectives.sinkable.empty()) {
        SinkableCollective last = collectives.sinkable.pop_back_val();
        collectives.pinned.push_back({last.start, reason});
      } else {
        EarlyCollective last = collectives.early.pop_back_val();
        collectives.pinned.push_back(
            {last.start, "starting it in the previous iteration would need " +
                             formatBytes(leastPeak) +
                             ", over the memory budget of " +
                             formatBytes(budget) + " (or max-in-flight)"});
      }
      // Explained now: the remarks of the pinned collectives were read
      // before the search.
      explainPinned({{collectives.pinned.back().start->getLoc(),
                      collectives.pinned.back().reason}});
      continue;
    }
    Rotation &rotation = **chosen;
    if (!isFaster(rotation.us, inputUs)) {
      erasePipelinedLoop(rotation.pipelined);
      mlir::emitRemark(loop.getLoc())
          << "loop kept at depth 0: "
          << (maxDepth <= 1 && collectives.sinkable.empty() &&
                      collectives.early.empty()
                  ? "depth 1 is not faster"
                  : "no candidate is faster")
          << " (iteration " << formatUs(inputUs) << " -> "
          << formatUs(rotation.us) << " us)";
      return success();
    }
    emitPipelinedRemark(loop, rotation, total, inputUs, inputPeak, budget);
    for (auto [from, to] :
         llvm::zip_equal(loop.getResults(), rotation.pipelined.replacements))
      from.replaceAllUsesWith(to);
    rotation.pipelined.loop->setAttr(
        kPipelineDepthAttr,
        IntegerAttr::get(IntegerType::get(&getContext(), 64),
                         rotation.plan.getStages()));
    loop.erase();
    return success();
  }
  mlir::emitRemark(loop.getLoc())
      << "loop kept at depth 0: no collective fits the memory budget of "
      << formatBytes(budget) << " one iteration ahead";
  return success();
}

LoopCollectives SchedPipelineLoopCollectives::analyze(scf::ForOp loop) const {
  LoopCollectives collectives = analyzeLoopCollectives(loop);
  capInFlight(loop, collectives, maxInFlight);
  if (!sinkWaits) {
    for (const SinkableCollective &sink : collectives.sinkable)
      collectives.pinned.push_back(
          {sink.start, "its wait could sink into the next iteration, but "
                       "sink-waits=0"});
    collectives.sinkable.clear();
    llvm::stable_sort(collectives.pinned,
                      [](const PinnedCollective &a, const PinnedCollective &b) {
                        return a.start->isBeforeInBlock(b.start);
                      });
  }
  return collectives;
}

FailureOr<double> SchedPipelineLoopCollectives::estimateIteration(
    scf::ForOp loop, const CostModel &model, int64_t budget) {
  FailureOr<double> inputUs =
      simulateSteadyStateUs(*loop.getBody(), model, kSteadyStateCopies);
  if (failed(inputUs) || getSkipReason(loop))
    return inputUs;
  LoopCollectives collectives = analyze(loop);
  if (collectives.movable.empty() && collectives.sinkable.empty() &&
      collectives.early.empty())
    return inputUs;
  llvm::SaveAndRestore quiet(estimating, true);
  int64_t leastPeak = 0;
  FailureOr<std::optional<Rotation>> best =
      search(loop, collectives, model, budget, leastPeak);
  if (failed(best))
    return failure();
  if (!*best)
    return inputUs;
  double us = std::min(*inputUs, (*best)->us);
  erasePipelinedLoop((*best)->pipelined);
  return us;
}

LogicalResult SchedPipelineLoopCollectives::pipeline(scf::ForOp loop,
                                                     const CostModel &model) {
  if (std::optional<std::string> reason = getSkipReason(loop)) {
    mlir::emitRemark(loop.getLoc()) << "loop not pipelined: " << *reason;
    return success();
  }
  LoopCollectives collectives = analyze(loop);
  if (collectives.movable.empty() && collectives.sinkable.empty() &&
      collectives.early.empty()) {
    mlir::emitRemark(loop.getLoc())
        << "loop not pipelined: none of its " << collectives.pinned.size()
        << (collectives.pinned.size() == 1 ? " collective" : " collectives")
        << " can start an iteration ahead or wait in the next"
        << (explain ? "" : " (explain=1 says why)");
    explainPinned(describePinned(collectives));
    return success();
  }
  FailureOr<int64_t> inputPeakOr = computeFunctionPeak(loop);
  if (failed(inputPeakOr))
    return failure();
  int64_t inputPeak = *inputPeakOr;
  FailureOr<double> inputUs =
      simulateSteadyStateUs(*loop.getBody(), model, kSteadyStateCopies);
  if (failed(inputUs))
    return failure();
  if (maxDepth == 0 && collectives.sinkable.empty() &&
      collectives.early.empty()) {
    mlir::emitRemark(loop.getLoc())
        << "loop kept at depth 0 (max-depth=0): " << collectives.movable.size()
        << (collectives.movable.size() == 1 ? " collective could"
                                            : " collectives could")
        << " start an iteration ahead; iteration " << formatUs(*inputUs)
        << " us";
    explainPinned(describePinned(collectives));
    return success();
  }
  int64_t budget = getBudget(inputPeak);
  // The rotation erases the loop and the collectives in it.
  SmallVector<std::pair<Location, std::string>> pinned =
      describePinned(collectives);
  if (failed(rotate(loop, collectives, model, *inputUs, inputPeak, budget)))
    return failure();
  explainPinned(pinned);
  return success();
}

int64_t SchedPipelineLoopCollectives::getBudget(int64_t peak) const {
  if (memoryBudget != 0)
    return memoryBudget;
  double slack = static_cast<double>(peak) * (1 + memorySlack);
  return slack >= static_cast<double>(std::numeric_limits<int64_t>::max())
             ? std::numeric_limits<int64_t>::max()
             : static_cast<int64_t>(slack);
}

/// Returns the first `scf.for` after `loop` in its block, or null.
static scf::ForOp getNextLoop(scf::ForOp loop) {
  for (Operation *op = loop->getNextNode(); op; op = op->getNextNode())
    if (auto next = dyn_cast<scf::ForOp>(op))
      return next;
  return nullptr;
}

LogicalResult
SchedPipelineLoopCollectives::fuseMapLoop(scf::ForOp &loop,
                                          const CostModel &model) {
  scf::ForOp consumer = getNextLoop(loop);
  if (!consumer || getSkipReason(loop) || consumer->hasAttr(kPipelineDepthAttr))
    return success();
  std::variant<MapLoopFusion, std::string> match =
      matchMapLoopFusion(loop, consumer);
  if (auto *reason = std::get_if<std::string>(&match)) {
    if (explain) {
      InFlightDiagnostic diag = mlir::emitRemark(consumer.getLoc());
      diag << "loop not fused into the loop before it: " << *reason;
      diag.attachNote(loop.getLoc()) << "the loop before it";
    }
    return success();
  }
  MapLoopFusion &fusion = std::get<MapLoopFusion>(match);
  auto func = loop->getParentOfType<func::FuncOp>();
  FailureOr<double> inputUs = simulateFunctionStep(func, model);
  FailureOr<int64_t> inputPeak = getFunctionPeak(func);
  if (failed(inputUs) || failed(inputPeak))
    return failure();
  int64_t budget = getBudget(*inputPeak);
  // The two loops apart: the producer's iteration pipelined, then the
  // consumer's.
  FailureOr<double> producerUs = estimateIteration(loop, model, budget);
  FailureOr<double> consumerUs =
      simulateSteadyStateUs(*consumer.getBody(), model, kSteadyStateCopies);
  if (failed(producerUs) || failed(consumerUs))
    return failure();
  scf::ForOp fused = buildFusedLoop(fusion);
  replaceWithFusedLoop(fusion, fused);
  FailureOr<double> us = simulateFunctionStep(func, model);
  FailureOr<int64_t> peak = getFunctionPeak(func);
  FailureOr<double> fusedUs = failed(us) || failed(peak)
                                  ? FailureOr<double>(failure())
                                  : estimateIteration(fused, model, budget);
  if (failed(fusedUs)) {
    restoreFusedLoops(fusion, fused);
    return failure();
  }
  // Not slower: the simulation's rounding aside, the same work in the same
  // order on every stream.
  bool slower = *us > *inputUs * (1 + 1e-9);
  bool faster = isFaster(*fusedUs, *producerUs + *consumerUs);
  std::string numbers =
      ("pipelined iteration " + formatUs(*producerUs) + " + " +
       formatUs(*consumerUs) + " -> " + formatUs(*fusedUs) + " us, step " +
       formatUs(*inputUs) + " -> " + formatUs(*us) + " us, peak memory " +
       formatBytes(*inputPeak) + " -> " + formatBytes(*peak) + " (budget " +
       formatBytes(budget) + ")");
  if (slower || !faster || *peak > budget) {
    Location consumerLoc = consumer.getLoc();
    restoreFusedLoops(fusion, fused);
    InFlightDiagnostic diag = mlir::emitRemark(consumerLoc);
    diag << "loop not fused into the loop before it: "
         << (slower    ? "the step would be slower"
             : !faster ? "the pipelined iteration is not faster"
                       : "over the memory budget")
         << " (" << numbers << ")";
    diag.attachNote(loop.getLoc()) << "the loop before it";
    return success();
  }
  int64_t trips = *getStaticTripCount(consumer);
  Location consumerLoc = consumer.getLoc();
  SmallVector<Value> deadInits;
  for (unsigned index : fusion.deadStacks)
    deadInits.push_back(loop.getInitArgs()[index]);
  eraseFusedLoops(fusion);
  for (Value init : deadInits)
    if (Operation *def = init.getDefiningOp();
        def && def->use_empty() && isMemoryEffectFree(def))
      def->erase();
  loop = fused;
  InFlightDiagnostic diag = mlir::emitRemark(fused.getLoc());
  diag << "fused the next loop into this loop: each of its " << trips
       << " iterations runs in the iteration that writes the row it reads ("
       << fusion.reads.size()
       << (fusion.reads.size() == 1 ? " stack" : " stacks") << ", "
       << fusion.deadStacks.size() << " no longer built); " << numbers;
  diag.attachNote(consumerLoc) << "the loop fused";
  return success();
}

void SchedPipelineLoopCollectives::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return markAllAnalysesPreserved();
  if (failed(validateOptions(func.getLoc())))
    return signalPassFailure();
  // Innermost loops first (a post-order walk), so that each nest is
  // pipelined at its innermost loop with a movable collective. The nests
  // are checked only if a loop was pipelined already.
  SmallVector<scf::ForOp> loops;
  bool anyPipelined = false;
  func.walk([&](scf::ForOp loop) {
    anyPipelined |= loop->hasAttr(kPipelineDepthAttr);
    if (hasDirectCollectives(loop))
      loops.push_back(loop);
  });
  if (anyPipelined && failed(checkNests(func)))
    return signalPassFailure();
  if (loops.empty())
    return markAllAnalysesPreserved();
  FailureOr<TargetAttr> target = lookupTargetOrEmitError(func);
  if (failed(target))
    return signalPassFailure();
  CostModel model(*target);
  for (scf::ForOp &loop : loops)
    if (fuseMapLoops && failed(fuseMapLoop(loop, model)))
      return signalPassFailure();
  for (scf::ForOp loop : loops)
    if (failed(pipeline(loop, model)))
      return signalPassFailure();
}
