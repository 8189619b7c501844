//===- ScheduleOverlap.cpp - sched-schedule-overlap -----------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A list scheduler that starts collectives early and waits late. It walks
// the dependence graph in simulated time (the cost model) while tracking live
// memory (the buffer model), and keeps its order only if the stream simulator
// and the memory profile say it is no slower and within the memory budget.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/FutureFlow.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/Scheduling/CriticalPathScheduler.h"
#include "sched/Scheduling/ListScheduler.h"
#include "sched/Scheduling/ScheduleProblem.h"

#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDSCHEDULEOVERLAP
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

#define DEBUG_TYPE "sched-schedule-overlap"

using namespace mlir;
using namespace mlir::sched;

namespace {
using Delay = ScheduleDelay;
/// The result of one scheduling run: the list scheduler's (the
/// critical-path scheduler's fills the order and the delays only).
using Schedule = ListSchedule;

/// Time differences below this are ties.
constexpr double kEpsilonUs = 1e-6;
/// A schedule this close to the simple lower bound (relative) is not worth
/// trying another strategy for.
constexpr double kBoundSlack = 1e-5;

std::string us(double value) { return llvm::formatv("{0:F3}", value).str(); }

/// Returns true for a `sched.compute` or a call that has no cost (not even
/// one derived from a body): the simulation counts it as 0 us although it
/// does work.
bool isUncosted(Operation *op) {
  auto compute = dyn_cast<ComputeOpInterface>(op);
  return compute && isa<ComputeOp, CallOpInterface>(op) &&
         !compute.getComputeCost();
}

struct SchedScheduleOverlap
    : public sched::impl::SchedScheduleOverlapBase<SchedScheduleOverlap> {
  using Base::Base;
  LogicalResult initialize(MLIRContext *) override {
    profile.load(profilePath);
    return success();
  }
  void runOnOperation() override;

private:
  /// Emits an error at `loc` for the first invalid option; fails if any.
  LogicalResult validateOptions(Location loc);
  /// Returns the memory budget for an input of peak `inputPeak`: the
  /// `memory-budget`, or the input's peak plus `memory-slack`, saturated; at
  /// most the HBM capacity of `target` if the input fits it (with a
  /// diagnostic if `memory-budget` asked for more). Fails after an error.
  FailureOr<int64_t> computeBudget(Location loc, int64_t inputPeak,
                                   TargetAttr target);
  /// The peak memory of the input and of the order the pass leaves.
  struct Peaks {
    int64_t input;
    int64_t result;
  };
  /// Schedules the body of `func`; returns its peaks, none if it was
  /// skipped. With `headroom` (a function with nested blocks), its budget
  /// is its input's peak plus `headroom`. Fails after an error.
  FailureOr<std::optional<Peaks>>
  schedule(func::FuncOp func, std::optional<int64_t> headroom = std::nullopt);
  /// Schedules the block of `analyses`, the body of `func` or the `nested`
  /// block, within its input's peak plus `headroom`, or, without one, the
  /// budget computeBudget gives. Fails after an error.
  FailureOr<std::optional<Peaks>>
  scheduleBlock(func::FuncOp func, Block *nested, const BlockAnalyses &analyses,
                std::optional<int64_t> headroom);
  /// Schedules the nested blocks of `func`, innermost first, then its body,
  /// within the budget of the whole function's peak; puts every block's
  /// input order back if the function's simulated step grew. Returns the
  /// function's peaks, none if it has no nested block. Fails after an
  /// error.
  FailureOr<std::optional<Peaks>> scheduleWithNested(func::FuncOp func);

  /// The `profile` option's file, read once for all functions.
  LoadedProfile profile;
};
} // namespace

// Remarks go to the locations of the function and of the starts:
// Operation::emitRemark would attach the whole function, printed, to each.

/// Emits a remark about the body of `func` at its location, starting with
/// "@name: ", or about the `nested` block at its op (emitNestedBlockRemark).
static InFlightDiagnostic emitBlockRemark(func::FuncOp func, Block *nested) {
  if (nested)
    return emitNestedBlockRemark(*nested);
  InFlightDiagnostic remark = mlir::emitRemark(func.getLoc());
  remark << "@" << func.getSymName() << ": ";
  return remark;
}

/// Emits the summary remark of `func` (or of its `nested` block) at its
/// location, named by its symbol:
/// the step `before` and `after`, how far it is from the lower bound of
/// `ops`, exposed communication, the peak memory change and the budget;
/// without `explain`, how many collectives stay exposed (the per-collective
/// remarks are behind `explain`).
static void emitSummary(func::FuncOp func, Block *nested,
                        const SimResult &before, const SimResult &after,
                        ArrayRef<SimOp> ops, StringRef peakChange,
                        StringRef budget, bool explain) {
  FailureOr<double> headTail = computeHeadTailBound(ops);
  double bound = std::max(after.streamBoundUs, after.criticalPathUs);
  if (succeeded(headTail))
    bound = std::max(bound, *headTail);
  std::string boundWords = describeLowerBound(after.makespanUs, bound);
  InFlightDiagnostic remark = emitBlockRemark(func, nested);
  remark << "step " << us(before.makespanUs) << " -> " << us(after.makespanUs)
         << " us, exposed comm " << us(before.exposedCommUs) << " -> "
         << us(after.exposedCommUs) << " us, peak memory " << peakChange
         << " (budget " << budget << ")";
  if (!boundWords.empty())
    remark << "; " << boundWords;
  if (explain)
    return;
  unsigned exposed =
      llvm::count_if(after.collectives, [](const SimResult::Collective &row) {
        return row.exposedUs > 0;
      });
  if (exposed > 0)
    remark << "; " << exposed
           << (exposed == 1 ? " collective stays" : " collectives stay")
           << " exposed (explain=1 says why)";
}

LogicalResult SchedScheduleOverlap::validateOptions(Location loc) {
  return validateOverlapOptions(loc, maxInFlight, memorySlack, memoryBudget);
}

FailureOr<int64_t> SchedScheduleOverlap::computeBudget(Location loc,
                                                       int64_t inputPeak,
                                                       TargetAttr target) {
  // The input's peak plus the slack, saturated: a slack past 64 bits (found
  // by sched-pipeline-fuzzer: memory-slack=1e30 overflowed) is no limit.
  double slackBytes = inputPeak * memorySlack;
  int64_t budget = std::numeric_limits<int64_t>::max();
  if (memoryBudget > 0)
    budget = static_cast<int64_t>(memoryBudget);
  else if (slackBytes < 0x1p63 &&
           inputPeak <= budget - static_cast<int64_t>(slackBytes))
    budget = inputPeak + static_cast<int64_t>(slackBytes);
  // A schedule that fits the device never grows past it; an input that does
  // not fit is reported by checkCapacity, its budget kept.
  int64_t capacity = target.getHbmCapacity();
  if (capacityCheck == CapacityCheck::Off || inputPeak > capacity ||
      budget <= capacity)
    return budget;
  if (memoryBudget > 0) {
    InFlightDiagnostic diag = capacityCheck == CapacityCheck::Error
                                  ? mlir::emitError(loc)
                                  : mlir::emitWarning(loc);
    diag << "memory-budget of " << formatBytes(memoryBudget.getValue())
         << " exceeds the HBM capacity of " << formatBytes(capacity)
         << " of target '" << target.getName()
         << "'; the budget is the capacity";
    if (capacityCheck == CapacityCheck::Error)
      return failure();
  }
  return capacity;
}

void SchedScheduleOverlap::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  if (failed(validateOptions(func.getLoc())))
    return signalPassFailure();
  FailureOr<std::optional<Peaks>> peaks = scheduleWithNested(func);
  if (succeeded(peaks) && !*peaks)
    peaks = schedule(func);
  if (failed(peaks))
    return signalPassFailure();
  if (*peaks && failed(checkCapacity(func, (*peaks)->result, (*peaks)->input,
                                     capacityCheck)))
    return signalPassFailure();
}

namespace {
/// The schedule the pass keeps and how it was found.
struct Choice {
  std::optional<Schedule> chosen;
  /// The simulation and the peak of the kept order (the input's if none).
  SimResult after;
  int64_t peakAfter;
  /// The in-flight cap of the kept schedule.
  int64_t capUsed;
  /// Why the last list schedule tried was rejected.
  std::string rejection;
  /// Whether the list scheduler found the incumbent.
  bool listChosen = false;
  /// Whether the kept schedule was planned with contended collective times
  /// (planWithContention).
  bool contendedPlan = false;
  /// Set where a critical-path schedule replaced the incumbent: the
  /// incumbent's step, the priority's name and the gather cap.
  std::optional<double> replacedUs;
  const char *strategy = nullptr;
  unsigned gathersUsed = kNoGatherCap;
};

/// What the strategies are run with.
struct Request {
  const ScheduleProblem &problem;
  const SimResult &before;
  int64_t inputPeak, maxInFlight, budget;
  bool keepOrder;
  int64_t gatherCap;
  /// The ops the candidate orders are simulated with; empty: those of
  /// `problem` (planned and judged with the same times).
  ArrayRef<SimOp> judged = {};

  ArrayRef<SimOp> getJudged() const {
    return judged.empty() ? ArrayRef<SimOp>(problem.getSimulation().simOps)
                          : judged;
  }
};
} // namespace

/// Tries the requested in-flight cap, then one collective in flight per
/// group, then no prefetch beyond the input's peak; keeps the first list
/// schedule that is valid, within budget and no slower than the input.
static Choice chooseListSchedule(const Request &r) {
  const ScheduleProblem &problem = r.problem;
  ArrayRef<SimOp> simOps = r.getJudged();
  unsigned n = problem.size();
  Choice choice{std::nullopt, r.before, r.inputPeak, r.maxInFlight};
  std::pair<int64_t, int64_t> attempts[] = {
      {r.maxInFlight, r.budget}, {1, r.budget}, {1, r.inputPeak}};
  for (auto [cap, issueBudget] : attempts) {
    Schedule candidate = scheduleList(problem, cap, issueBudget, r.keepOrder);
    if (candidate.order.size() != n) {
      choice.rejection = "the list scheduler did not place every op";
      continue;
    }
    FailureOr<SimResult> result = simulate(simOps, candidate.order);
    MemoryProfile memory(problem.getMemory(), candidate.order);
    if (failed(result)) {
      choice.rejection = "the schedule breaks a dependence";
      continue;
    }
    if (memory.getPeak() > r.budget) {
      choice.rejection =
          llvm::formatv("its peak {0} is over the budget of {1}",
                        formatBytes(memory.getPeak()), formatBytes(r.budget));
      continue;
    }
    if (result->makespanUs > r.before.makespanUs) {
      choice.rejection =
          llvm::formatv("it is slower ({0} us against {1} us)",
                        us(result->makespanUs), us(r.before.makespanUs));
      continue;
    }
    choice.chosen = std::move(candidate);
    choice.after = *result;
    choice.peakAfter = memory.getPeak();
    choice.capUsed = cap;
    break;
  }
  choice.listChosen = choice.chosen.has_value();
  return choice;
}

/// Runs the critical-path scheduler with `priority` and `gathers` (the
/// gather cap); keeps its schedule in `choice` if it beats the incumbent.
/// Returns the most weight gathers it had ahead, or 0 if it placed nothing
/// (no micro-batches).
static unsigned tryCriticalPath(const Request &r, Choice &choice,
                                CriticalPathPriority priority, const char *name,
                                unsigned gathers) {
  const ScheduleProblem &problem = r.problem;
  unsigned n = problem.size();
  CriticalPathSchedule cp = scheduleCriticalPath(
      problem, priority, r.maxInFlight, r.budget, r.keepOrder, gathers);
  double incumbentUs =
      choice.chosen ? choice.after.makespanUs : r.before.makespanUs;
  if (cp.order.size() != n)
    return 0;
  unsigned ahead = cp.maxGathersAhead;
  FailureOr<SimResult> result = simulate(r.getJudged(), cp.order);
  if (failed(result) || result->makespanUs + kEpsilonUs >= incumbentUs)
    return ahead;
  MemoryProfile memory(problem.getMemory(), cp.order);
  if (memory.getPeak() > r.budget)
    return ahead;
  Schedule schedule;
  schedule.order = std::move(cp.order);
  schedule.delays = std::move(cp.delays);
  schedule.memoryLimited.assign(n, false);
  schedule.aheadRefused.assign(n, false);
  if (!choice.replacedUs)
    choice.replacedUs = incumbentUs;
  choice.strategy = name;
  choice.contendedPlan = !r.judged.empty();
  choice.gathersUsed = gathers;
  choice.chosen = std::move(schedule);
  choice.after = *result;
  choice.peakAfter = memory.getPeak();
  choice.capUsed = r.maxInFlight;
  return ahead;
}

/// The second strategy (scheduleCriticalPath), with each priority, replaces
/// the list schedule, or the input order, only where it is strictly faster,
/// valid and within the budget. Not tried where the incumbent is within
/// 0.001 % of the busiest stream's or the longest dependence chain's time,
/// which no order beats, so it could gain at most that (on synthetic-100k,
/// 0.27 us of 362 ms: this saves the two runs).
static void tryCriticalPaths(const Request &r, Choice &choice) {
  // `after` is the incumbent: the list schedule, or the input order.
  const SimResult &after = choice.after;
  if (after.makespanUs <=
      std::max(after.streamBoundUs, after.criticalPathUs) * (1 + kBoundSlack))
    return;
  tryCriticalPath(r, choice, CriticalPathPriority::BottomLevel, "bottom level",
                  kNoGatherCap);
  tryCriticalPath(r, choice, CriticalPathPriority::InputOrder, "input order",
                  kNoGatherCap);
  // The interleaved micro-batches: without a gather cap, then (by default)
  // with caps 2, 4, 8, ... below the most gathers the uncapped run had
  // ahead, each kept if strictly faster; or with the one cap asked for.
  const char *interleaved = "interleaved micro-batch";
  if (r.gatherCap > 0) {
    tryCriticalPath(
        r, choice, CriticalPathPriority::Interleaved, interleaved,
        static_cast<unsigned>(std::min<int64_t>(
            r.gatherCap, std::numeric_limits<unsigned>::max() - 1)));
    return;
  }
  unsigned ahead = tryCriticalPath(r, choice, CriticalPathPriority::Interleaved,
                                   interleaved, kNoGatherCap);
  if (r.gatherCap == 0)
    for (unsigned cap = 2; cap < ahead; cap *= 2)
      tryCriticalPath(r, choice, CriticalPathPriority::Interleaved, interleaved,
                      cap);
}

/// With contention, the schedulers plan with solo times, which hide a
/// collective behind exactly as much compute as it takes alone; beside
/// compute it takes longer. So they also plan with every collective as long
/// as it takes beside compute (its duration times its comm factor), and an
/// order planned so replaces `choice` where the contended simulation of the
/// real times (`r.problem`'s) finds it strictly faster, valid and within the
/// budget, like any other candidate.
static void planWithContention(const Request &r, const BlockSimulation &sim,
                               const DependenceGraph &graph,
                               const MemoryProblem &memory,
                               ArrayRef<int64_t> inputMemory, Choice &choice) {
  BlockSimulation planned = sim;
  for (SimOp &op : planned.simOps)
    if (op.kind == SimOp::Kind::Start)
      op.durationUs *= op.commFactor;
  ScheduleProblem problem(planned, graph, memory, inputMemory);
  Request request{problem,  r.before,    r.inputPeak, r.maxInFlight,
                  r.budget, r.keepOrder, r.gatherCap, sim.simOps};
  Choice list = chooseListSchedule(request);
  if (list.chosen && (!choice.chosen || list.after.makespanUs + kEpsilonUs <
                                            choice.after.makespanUs)) {
    list.contendedPlan = true;
    choice = std::move(list);
  }
  tryCriticalPaths(request, choice);
}

/// Emits, at its start, why the collective of `row` stays exposed in the
/// kept schedule.
static void explainExposed(const BlockSimulation &sim, const Choice &choice,
                           const SimResult::Collective &row) {
  const Schedule &chosen = *choice.chosen;
  unsigned start = chosen.order[row.op];
  Operation *startOp = sim.ops[start];
  double computeBetween = 0;
  unsigned uncosted = 0;
  for (unsigned pos = row.op + 1; pos < row.wait; ++pos) {
    const SimOp &between = sim.simOps[chosen.order[pos]];
    if (between.kind != SimOp::Kind::Compute)
      continue;
    computeBetween += between.durationUs;
    if (between.durationUs == 0 && isUncosted(sim.ops[chosen.order[pos]]))
      ++uncosted;
  }
  InFlightDiagnostic diag = mlir::emitRemark(startOp->getLoc())
                            << "exposed " << us(row.exposedUs) << " of "
                            << us(row.endUs - row.beginUs) << " us: ";
  unsigned gathersUsed = choice.gathersUsed;
  int64_t capUsed = choice.capUsed;
  if (chosen.delays[start] == Delay::Memory)
    diag << "started late to stay within the memory budget";
  else if (chosen.delays[start] == Delay::GatherCap)
    diag << "started late: " << gathersUsed
         << (gathersUsed == 1 ? " weight gather" : " weight gathers")
         << " whose users had not all run were already issued";
  else if (chosen.delays[start] == Delay::InFlightCap)
    diag << "started late: the group already had " << capUsed
         << (capUsed == 1 ? " collective" : " collectives") << " in flight";
  else if (row.beginUs > row.issueUs)
    diag << "queued behind earlier collectives of its group";
  else if (computeBetween == 0 && uncosted == 0)
    diag << "no independent compute between its inputs and its first use";
  else if (computeBetween == 0)
    diag << "the compute that runs during it has no cost (" << uncosted
         << (uncosted == 1 ? " op" : " ops") << " counted as 0 us)";
  else
    diag << "only " << us(computeBetween)
         << " us of independent compute before its first use";
  if (computeBetween > 0 && uncosted > 0)
    diag << " (and " << uncosted << (uncosted == 1 ? " op" : " ops")
         << " without a cost, counted as 0 us)";
  if (chosen.memoryLimited[start])
    diag << "; the memory budget kept the compute it needs from running "
            "first";
  if (chosen.aheadRefused[start])
    diag << "; the memory budget kept later compute from running during "
            "it";
}

/// Emits the explain=1 remarks of the kept schedule: the strategy that won,
/// deferral, held-back waits and every collective left exposed.
static void explainChoice(Location loc, const BlockSimulation &sim,
                          const Choice &choice) {
  const Schedule &chosen = *choice.chosen;
  if (choice.replacedUs)
    mlir::emitRemark(loc)
        << "chose the critical-path schedule with " << choice.strategy
        << " priority"
        << (choice.gathersUsed != kNoGatherCap
                ? llvm::formatv(" and at most {0} weight gathers ahead",
                                choice.gathersUsed)
                      .str()
                : std::string())
        << " (" << us(choice.after.makespanUs) << " us) over "
        << (choice.listChosen ? "the list schedule (" : "the input order (")
        << us(*choice.replacedUs) << " us)";
  if (choice.contendedPlan)
    mlir::emitRemark(loc)
        << "planned with contended collective times (each collective's "
           "duration times its comm factor), judged with contention";
  if (chosen.numDeferred > 0)
    mlir::emitRemark(loc)
        << "deferred " << chosen.numDeferred
        << (chosen.numDeferred == 1 ? " compute op (" : " compute ops (")
        << us(chosen.deferredUs) << " us) until " << chosen.numDeferredFor
        << (chosen.numDeferredFor == 1 ? " collective that does"
                                       : " collectives that do")
        << (chosen.numDeferred == 1 ? " not need it" : " not need them")
        << " could start";
  if (chosen.numHeldBack > 0)
    mlir::emitRemark(loc) << "waited " << chosen.numHeldBack
                          << (chosen.numHeldBack == 1 ? " time (" : " times (")
                          << us(chosen.heldBackUs)
                          << " us) for a collective to end rather than start "
                             "compute that hides the next one";
  for (const SimResult::Collective &row : choice.after.collectives)
    if (row.exposedUs > 0)
      explainExposed(sim, choice, row);
}

/// Moves every op of `body` before its terminator in `order` (steps of
/// `sim`).
static void applyOrder(Block &body, const BlockSimulation &sim,
                       ArrayRef<unsigned> order) {
  Operation *terminator = &body.back();
  for (unsigned step : order)
    if (sim.ops[step] != terminator)
      sim.ops[step]->moveBefore(terminator);
}

FailureOr<std::optional<SchedScheduleOverlap::Peaks>>
SchedScheduleOverlap::schedule(func::FuncOp func,
                               std::optional<int64_t> headroom) {
  // With keep-collective-order, a loop whose body communicates keeps its
  // place among the starts too.
  DependenceGraph::Options graphOptions;
  graphOptions.chainCollectiveIssuers = keepCollectiveOrder;
  FailureOr<std::optional<BlockAnalyses>> analyses =
      BlockAnalyses::build(func, profile, "not scheduled", graphOptions);
  if (failed(analyses))
    return failure();
  if (!*analyses)
    return std::optional<Peaks>();
  return scheduleBlock(func, nullptr, **analyses, headroom);
}

/// Returns `peak` + `headroom`, saturated.
static int64_t addHeadroom(int64_t peak, int64_t headroom) {
  int64_t max = std::numeric_limits<int64_t>::max();
  return headroom > max - peak ? max : peak + headroom;
}

FailureOr<std::optional<SchedScheduleOverlap::Peaks>>
SchedScheduleOverlap::scheduleBlock(func::FuncOp func, Block *nested,
                                    const BlockAnalyses &analyses,
                                    std::optional<int64_t> headroom) {
  const BlockSimulation &sim = analyses.sim;
  const BufferLiveness &liveness = analyses.liveness;
  std::vector<unsigned> original = liveness.getProgramOrder();
  MemoryProfile originalMemory(liveness.getProblem(), original);
  FailureOr<SimResult> before = simulate(sim.simOps, original);
  if (failed(before)) {
    mlir::emitError(func.getLoc(), "cannot simulate the input order");
    return failure();
  }
  int64_t inputPeak = originalMemory.getPeak();
  FailureOr<int64_t> budget =
      headroom
          ? FailureOr<int64_t>(addHeadroom(inputPeak, *headroom))
          : computeBudget(func.getLoc(), inputPeak, analyses.model.getTarget());
  if (failed(budget))
    return failure();
  if (inputPeak > *budget) {
    mlir::emitRemark(func.getLoc())
        << "not scheduled: the input already needs " << formatBytes(inputPeak)
        << ", over the memory budget of " << formatBytes(*budget);
    return std::optional<Peaks>(Peaks{inputPeak, inputPeak});
  }
  ScheduleProblem problem(sim, analyses.graph, liveness.getProblem(),
                          originalMemory.getTimeline());
  Request request{problem,     *before, inputPeak,
                  maxInFlight, *budget, keepCollectiveOrder,
                  gatherCap};
  Choice choice = chooseListSchedule(request);
  tryCriticalPaths(request, choice);
  if (hasContention(sim.simOps))
    planWithContention(request, sim, analyses.graph, liveness.getProblem(),
                       originalMemory.getTimeline(), choice);
  if (!choice.chosen) {
    if (nested)
      emitNestedBlockRemark(*nested)
          << "kept the input order: " << choice.rejection;
    else
      mlir::emitRemark(func.getLoc())
          << "kept the input order: " << choice.rejection;
    return std::optional<Peaks>(Peaks{inputPeak, inputPeak});
  }
  Block &block = nested ? *nested : func.getBody().front();
  applyOrder(block, sim, choice.chosen->order);
  emitSummary(func, nested, *before, choice.after, sim.simOps,
              formatBytesChange(inputPeak, choice.peakAfter),
              *budget == std::numeric_limits<int64_t>::max()
                  ? std::string("unlimited")
                  : formatBytes(*budget),
              explain);
  if (explain)
    explainChoice(nested ? nested->getParentOp()->getLoc() : func.getLoc(), sim,
                  choice);
  return std::optional<Peaks>(Peaks{inputPeak, choice.peakAfter});
}

FailureOr<std::optional<SchedScheduleOverlap::Peaks>>
SchedScheduleOverlap::scheduleWithNested(func::FuncOp func) {
  // A nested block that does work makes the function's peak differ from
  // its body's: the whole function is then checked.
  SmallVector<Block *> nested = getNestedBlocks(func);
  auto doesWork = [](Block *block) {
    return llvm::any_of(*block, [](Operation &op) {
      return isa<CollectiveOpInterface, ComputeOpInterface>(op);
    });
  };
  if (!func.getBody().hasOneBlock() || llvm::none_of(nested, doesWork))
    return std::optional<Peaks>();
  if (Operation *loop = findUnknownTripCount(func)) {
    mlir::emitRemark(loop->getLoc())
        << "nested blocks not scheduled: this loop's trip count is not a "
           "constant and it has no '"
        << SchedDialect::getTripCountBoundAttrName()
        << "', so the function cannot be simulated as a whole";
    return std::optional<Peaks>();
  }
  FailureOr<CostModel> model = buildCostModel(func, profile);
  if (failed(model))
    return failure();
  FailureOr<double> stepBefore = simulateFunctionStep(func, *model);
  FailureOr<int64_t> peakBefore = getFunctionPeak(func);
  if (failed(stepBefore) || failed(peakBefore))
    return failure();
  FailureOr<int64_t> budget =
      computeBudget(func.getLoc(), *peakBefore, model->getTarget());
  if (failed(budget))
    return failure();
  if (*peakBefore > *budget) {
    mlir::emitRemark(func.getLoc())
        << "not scheduled: the input already needs " << formatBytes(*peakBefore)
        << ", over the memory budget of " << formatBytes(*budget);
    return std::optional<Peaks>(Peaks{*peakBefore, *peakBefore});
  }
  int64_t headroom = *budget - *peakBefore;
  SmallVector<BlockOrder> inputOrders;
  for (Block *block : nested)
    inputOrders.emplace_back(*block);
  inputOrders.emplace_back(func.getBody().front());
  DependenceGraph::Options graphOptions;
  graphOptions.chainCollectiveIssuers = keepCollectiveOrder;
  NestedBlockWalk walk{"not scheduled", true, *budget};
  if (failed(forEachNestedBlock(func, walk, [&](Block &block) {
        FailureOr<BlockAnalyses> analyses =
            BlockAnalyses::buildBlock(block, *model, graphOptions);
        if (failed(analyses))
          return failure();
        return success(
            succeeded(scheduleBlock(func, &block, *analyses, headroom)));
      })))
    return failure();
  // The body, with its nested ops costed after their new orders. Its
  // scheduler sees the buffers of the body, not those inside its loops: the
  // whole function's peak is checked after it.
  BlockOrder bodyOrder(func.getBody().front());
  FailureOr<std::optional<Peaks>> top = schedule(func, headroom);
  if (failed(top))
    return failure();
  FailureOr<int64_t> peakAfter = getFunctionPeak(func);
  if (failed(peakAfter))
    return failure();
  if (*peakAfter > *budget) {
    bodyOrder.restore();
    mlir::emitRemark(func.getLoc())
        << "@" << func.getSymName()
        << ": order of the body undone: the function's peak would be "
        << formatBytes(*peakAfter) << ", over the memory budget of "
        << formatBytes(*budget);
    peakAfter = getFunctionPeak(func);
    if (failed(peakAfter))
      return failure();
  }
  FailureOr<double> stepAfter = simulateFunctionStep(func, *model);
  if (failed(stepAfter))
    return failure();
  if (*stepAfter > *stepBefore + kEpsilonUs || *peakAfter > *budget) {
    for (BlockOrder &order : inputOrders)
      order.restore();
    mlir::emitRemark(func.getLoc())
        << "@" << func.getSymName()
        << ": kept the input order of every block: the whole function's "
           "step would be "
        << us(*stepAfter) << " us against " << us(*stepBefore)
        << " us, its peak " << formatBytes(*peakAfter) << " (budget "
        << formatBytes(*budget) << ")";
    return std::optional<Peaks>(Peaks{*peakBefore, *peakBefore});
  }
  mlir::emitRemark(func.getLoc())
      << "@" << func.getSymName() << ": whole function (loops as their "
      << "iterations): step " << us(*stepBefore) << " -> " << us(*stepAfter)
      << " us, peak memory " << formatBytesChange(*peakBefore, *peakAfter);
  return std::optional<Peaks>(Peaks{*peakBefore, *peakAfter});
}
