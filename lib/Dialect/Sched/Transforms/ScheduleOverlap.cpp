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
#include "sched/Analysis/InFlightCounter.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/FutureFlow.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/Scheduling/CriticalPathScheduler.h"
#include "sched/Scheduling/ListScheduler.h"
#include "sched/Scheduling/MemoryTrade.h"
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
/// An in-flight count cap that never binds.
constexpr int64_t kNoCountCap = std::numeric_limits<int64_t>::max();

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
  /// Returns the memory budget: the `memory-budget`, or `basePeak` (the
  /// peak of the pipeline's input, or of this pass's) plus the largest of
  /// `memory-allowance`, `memory-slack` of it and `collective-allowance`
  /// times the function's largest collective, saturated; at most the HBM
  /// capacity of `target` if the pass's input, of peak `inputPeak`, fits it
  /// (with a diagnostic if `memory-budget` asked for more). Fails after an
  /// error.
  FailureOr<int64_t> computeBudget(Location loc, int64_t basePeak,
                                   int64_t inputPeak, TargetAttr target);
  /// The peak memory of the input and of the order the pass leaves.
  struct Peaks {
    int64_t input;
    int64_t result;
  };
  /// Schedules the body of `func`; returns its peaks, none if it was
  /// skipped. With `headroom` (a function with nested blocks), its budget
  /// is its input's peak plus `headroom`, and a body that a future crosses
  /// is scheduled too (the whole function is checked after). With `share`,
  /// leaves its analyses, reordered, to the next pass (SharedBlockAnalyses).
  /// Fails after an
  /// error.
  FailureOr<std::optional<Peaks>>
  schedule(func::FuncOp func, std::optional<int64_t> headroom = std::nullopt,
           bool share = false);
  /// Schedules the block of `analyses`, the body of `func` or the `nested`
  /// block, within its input's peak plus `headroom`, or, without one, the
  /// budget computeBudget gives. Sets `applied`, if given, to the order it
  /// gave the block (steps of `analyses`), or leaves it empty if it kept
  /// the input order. Fails after an error.
  FailureOr<std::optional<Peaks>>
  scheduleBlock(func::FuncOp func, Block *nested, const BlockAnalyses &analyses,
                std::optional<int64_t> headroom,
                std::vector<unsigned> *applied = nullptr);
  /// Schedules the nested blocks of `func`, innermost first, then its body,
  /// within the budget of the whole function's peak; puts every block's
  /// input order back if the function's simulated step grew. Returns the
  /// function's peaks, none if it has no nested block. Fails after an
  /// error.
  FailureOr<std::optional<Peaks>> scheduleWithNested(func::FuncOp func);
  /// Schedules the body of `func` after its nested blocks within its
  /// input's peak plus `headroom`, and undoes it, with a remark, if the whole
  /// function's peak would go over `budget` or its step (loops as their
  /// iterations) would grow. Returns the function's step and peak after.
  /// Fails after an error.
  FailureOr<std::pair<double, int64_t>> scheduleTopBlock(func::FuncOp func,
                                                         const CostModel &model,
                                                         int64_t headroom,
                                                         int64_t budget);

  /// The peak sched-pipeline recorded for the function being scheduled
  /// (sched.input_peak, its input's before loop pipelining, fusion and
  /// reordering): the budget is measured from it where set.
  std::optional<int64_t> recordedPeak;
  /// Whether this run left its analyses to sched-bucket-collectives
  /// (SharedBlockAnalyses).
  bool storedShared = false;

  /// The bytes of the largest collective of the function being scheduled
  /// (getLargestCollectiveBytes), which `collective-allowance` counts in.
  int64_t largestCollective = 0;
  /// How computeBudget's last budget came about, for the summary: empty, or
  /// where `collective-allowance` set it, the words that say so.
  std::string budgetSource;

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
  double bound = std::max(after.streamBoundUs, after.criticalPathUs);
  std::string boundWords = describeLowerBound(after.makespanUs, bound);
  // A larger positive bound only narrows the gap: where the simple bound
  // already makes the step optimal, the head-tail bound (a pass over the
  // whole graph: 0.3 G instructions at 100k ops) cannot change the words.
  if (boundWords != kOptimalBoundWords) {
    FailureOr<double> headTail = computeHeadTailBound(ops);
    if (succeeded(headTail))
      bound = std::max(bound, *headTail);
    boundWords = describeLowerBound(after.makespanUs, bound);
  }
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
  if (failed(validateOverlapOptions(loc, maxInFlight, memorySlack, memoryBudget,
                                    OverlapSearchOptions{maxInFlightBytes,
                                                         memoryAllowance,
                                                         collectiveAllowance})))
    return failure();
  // NaN fails every comparison: `trim-tolerance=nan` would accept any step.
  if (!(trimTolerance >= 0) || std::isinf(trimTolerance))
    return mlir::emitError(loc)
           << "trim-tolerance must be a finite non-negative fraction, got "
           << formatOption(trimTolerance);
  if (!(trimExchangeRate >= 0) || std::isinf(trimExchangeRate))
    return mlir::emitError(loc)
           << "trim-exchange-rate must be a finite non-negative number, got "
           << formatOption(trimExchangeRate);
  return success();
}

FailureOr<int64_t> SchedScheduleOverlap::computeBudget(Location loc,
                                                       int64_t basePeak,
                                                       int64_t inputPeak,
                                                       TargetAttr target) {
  // The base peak plus the largest allowance, saturated: a slack past 64
  // bits (found by sched-pipeline-fuzzer: memory-slack=1e30 overflowed) is
  // no limit.
  double slackBytes =
      getMemoryAllowance(basePeak * memorySlack, memoryAllowance,
                         collectiveAllowance, largestCollective);
  int64_t budget = std::numeric_limits<int64_t>::max();
  // The summary says so where the largest collective set the allowance.
  budgetSource.clear();
  double otherBytes =
      getMemoryAllowance(basePeak * memorySlack, memoryAllowance, 0, 0);
  if (memoryBudget == 0 && slackBytes > otherBytes)
    budgetSource = llvm::formatv(": {0} x the largest collective, {1}, over "
                                 "the input's peak",
                                 collectiveAllowance.getValue(),
                                 formatBytes(largestCollective))
                       .str();
  if (memoryBudget > 0)
    budget = static_cast<int64_t>(memoryBudget);
  else if (slackBytes < 0x1p63 &&
           basePeak <= budget - static_cast<int64_t>(slackBytes))
    budget = basePeak + static_cast<int64_t>(slackBytes);
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
  budgetSource.clear();
  return capacity;
}

void SchedScheduleOverlap::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  // Read once and removed: the recorded peak is sched-pipeline's input's.
  recordedPeak.reset();
  storedShared = false;
  if (auto attr = func->getAttrOfType<IntegerAttr>(
          SchedDialect::getInputPeakAttrName()))
    recordedPeak = attr.getInt();
  func->removeDiscardableAttr(SchedDialect::getInputPeakAttrName());
  if (failed(validateOptions(func.getLoc())))
    return signalPassFailure();
  // One pass over the body; the walks into nested blocks only where an op
  // holds a region.
  BodyScan scan = scanBody(func, /*sizeCollectives=*/collectiveAllowance > 0);
  largestCollective = 0;
  if (collectiveAllowance > 0)
    largestCollective = scan.holdsRegions ? getLargestCollectiveBytes(func)
                                          : scan.largestCollective;
  // A region op the simulation does not enter (scf.while, scf.forall) is
  // one op of zero time to every order: say so, as sched-report does.
  if (scan.holdsRegions)
    warnOnUnsimulatedRegions(func);
  FailureOr<std::optional<Peaks>> peaks =
      scan.holdsRegions ? scheduleWithNested(func) : std::optional<Peaks>();
  if (succeeded(peaks) && !*peaks)
    peaks = schedule(func, std::nullopt, /*share=*/true);
  if (failed(peaks))
    return signalPassFailure();
  if (*peaks && failed(checkCapacity(func, (*peaks)->result, (*peaks)->input,
                                     capacityCheck)))
    return signalPassFailure();
  // Only moved ops, to orders of the blocks' dependence graphs, and set or
  // removed discardable attributes: in sched-pipeline the verifier runs
  // after the search (DeferredVerification).
  AnalysisManager::PreservedAnalyses kept;
  if (storedShared)
    kept.preserve<SharedBlockAnalyses>();
  if (deferVerification(getAnalysisManager(), kept))
    markAllAnalysesPreserved();
}

namespace {
/// One in-flight cap the pass tries: collectives per group, and bytes of
/// collectives in flight per group.
struct CapCandidate {
  /// Collectives per group (kNoCountCap: no count cap).
  int64_t count = kNoCountCap;
  /// Bytes per group (empty: no byte cap).
  std::vector<int64_t> bytes;
  /// The byte cap as given (max-in-flight-bytes), or 0.
  int64_t bytesGiven = 0;
  /// The byte cap as a multiple of each group's largest collective, or 0.
  int64_t bytesMultiple = 0;

  /// The cap in words, for remarks: "in-flight cap 2", "no in-flight cap",
  /// "no count cap, 2x each group's largest collective in flight".
  std::string describe() const {
    std::string words =
        count == kNoCountCap
            ? std::string(bytes.empty() ? "no in-flight cap" : "no count cap")
            : "in-flight cap " + std::to_string(count);
    if (bytesGiven > 0)
      words += ", " + formatBytes(bytesGiven) + " in flight";
    else if (bytesMultiple > 0)
      words += ", " + std::to_string(bytesMultiple) +
               "x each group's largest collective in flight";
    return words;
  }
};

/// The schedule the pass keeps and how it was found.
struct Choice {
  std::optional<Schedule> chosen;
  /// The simulation and the peak of the kept order (the input's if none).
  SimResult after;
  int64_t peakAfter;
  /// The in-flight cap of the kept schedule (an index into the candidates;
  /// the fallback's when `fallback`).
  unsigned capIndex = 0;
  /// Whether no candidate was valid and the fallback (one collective in
  /// flight, no prefetch beyond the input's peak) was kept.
  bool fallback = false;
  /// Why the last list schedule tried was rejected.
  std::string rejection;
  /// One line per candidate list schedule: its step and peak, or why it
  /// was rejected; and how many were rejected.
  std::vector<std::string> outcomes;
  unsigned numRejected = 0;
  /// How many candidates (the fallback aside) the list scheduler tried.
  unsigned numCapsTried = 0;
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
  int64_t inputPeak, budget;
  /// The in-flight caps to try, tightest first; the fallback's last.
  ArrayRef<CapCandidate> caps;
  bool keepOrder;
  int64_t gatherCap;
  /// The ops the candidate orders are simulated with; empty: those of
  /// `problem` (planned and judged with the same times).
  ArrayRef<SimOp> judged = {};
  /// The in-flight count cap given (max-in-flight), or 0: every schedule
  /// kept must hold it.
  int64_t givenCap = 0;
  /// Whether the input order breaks `givenCap`: it is then no incumbent, and
  /// a schedule within the cap is kept even where it is slower.
  bool inputOverCap = false;

  ArrayRef<SimOp> getJudged() const {
    return judged.empty() ? ArrayRef<SimOp>(problem.getSimulation().simOps)
                          : judged;
  }
};
} // namespace

/// Returns the in-flight caps to try, tightest first (ties between equally
/// fast schedules of equal peak go to the earlier): `maxInFlight` alone if
/// given (> 0), else counts 1, 2, 4, 8 and no count cap, each with the byte
/// cap `maxInFlightBytes` (none if 0); with neither option given, also no
/// count cap with 2 and 4 times each group's largest collective in flight,
/// where some group's collectives differ in size. The last entry is the
/// fallback: one collective in flight.
static std::vector<CapCandidate>
buildCapCandidates(const ScheduleProblem &problem, int64_t maxInFlight,
                   int64_t maxInFlightBytes) {
  std::vector<int64_t> userBytes;
  if (maxInFlightBytes > 0)
    userBytes.assign(problem.getNumGroups(), maxInFlightBytes);
  std::vector<CapCandidate> caps;
  if (maxInFlight == 0)
    for (int64_t count : {1, 2, 4, 8})
      caps.push_back({count, userBytes, maxInFlightBytes, 0});
  // Each group's smallest and largest collective.
  std::vector<int64_t> largest(problem.getNumGroups(), 0),
      smallest(problem.getNumGroups(), kNoCountCap);
  for (unsigned start : problem.getStarts()) {
    unsigned group = problem.getOp(start).stream;
    int64_t bytes = problem.getCollectiveBytes(start);
    largest[group] = std::max(largest[group], bytes);
    smallest[group] = std::min(smallest[group], bytes);
  }
  bool mixedSizes = false;
  for (unsigned group = 0; group < largest.size(); ++group)
    mixedSizes |= smallest[group] < largest[group];
  if (maxInFlight == 0 && maxInFlightBytes == 0 && mixedSizes)
    for (int64_t multiple : {2, 4}) {
      std::vector<int64_t> bytes;
      for (int64_t most : largest)
        bytes.push_back(most > kNoCountCap / multiple ? 0 : most * multiple);
      caps.push_back({kNoCountCap, std::move(bytes), 0, multiple});
    }
  caps.push_back({maxInFlight == 0 ? kNoCountCap : maxInFlight, userBytes,
                  maxInFlightBytes, 0});
  caps.push_back({1, userBytes, maxInFlightBytes, 0});
  return caps;
}

namespace {
/// Where an order first puts more collectives of one group in flight than a
/// count cap allows.
struct CapExcess {
  /// The start that does, a step of the problem.
  unsigned start;
  /// The collectives of its group in flight with it.
  int64_t count;
};
} // namespace

/// Returns where `order` (steps of `problem`) first puts more than `cap`
/// collectives of one group in flight, or nullopt if it never does.
static std::optional<CapExcess> findCapExcess(const ScheduleProblem &problem,
                                              ArrayRef<unsigned> order,
                                              int64_t cap) {
  InFlightCounter<unsigned> inFlight;
  for (unsigned step : order) {
    if (problem.isStart(step)) {
      // A start whose future leaves the block is never in flight for the
      // caps (StreamClock::issueUnwaited).
      if (problem.getWait(step) >= problem.size())
        continue;
      int64_t count = inFlight.start(problem.getOp(step).stream);
      if (count > cap)
        return CapExcess{step, count};
    } else if (problem.isWait(step)) {
      unsigned start = problem.getOp(step).start;
      if (start < problem.size() && problem.isStart(start))
        inFlight.end(problem.getOp(start).stream);
    }
  }
  return std::nullopt;
}

/// Says, at the start of `sim` where the input order first breaks the
/// in-flight count cap `cap` (`excess`), that the pass kept `choice`, a
/// schedule within the cap, and its step against the input's (`before`).
static void remarkInputOverCap(const BlockSimulation &sim,
                               const CapExcess &excess, int64_t cap,
                               const SimResult &before, const Choice &choice) {
  mlir::emitRemark(sim.ops[excess.start]->getLoc())
      << "the input has " << excess.count << " collectives of @"
      << sim.streamNames[sim.simOps[excess.start].stream]
      << " in flight, more than max-in-flight (" << cap
      << "): scheduled within the cap, step " << us(choice.after.makespanUs)
      << " us against the input's " << us(before.makespanUs) << " us";
}

/// Whether a schedule of `makespanUs` and `peak` beats the incumbent of
/// `choice`: faster, or as fast with a lower peak.
static bool beats(const Choice &choice, double makespanUs, int64_t peak) {
  if (!choice.chosen)
    return true;
  if (makespanUs + kEpsilonUs < choice.after.makespanUs)
    return true;
  return makespanUs <= choice.after.makespanUs + kEpsilonUs &&
         peak < choice.peakAfter;
}

/// Runs the list scheduler with cap `index` and live memory `issueBudget`;
/// keeps its schedule in `choice` if it is valid, within budget, no slower
/// than the input and beats the incumbent. Returns why it was rejected, or
/// an empty string.
static std::string tryListSchedule(const Request &r, Choice &choice,
                                   unsigned index, int64_t issueBudget) {
  const ScheduleProblem &problem = r.problem;
  const CapCandidate &cap = r.caps[index];
  Schedule candidate =
      scheduleList(problem, cap.count, issueBudget, r.keepOrder, cap.bytes);
  if (candidate.order.size() != problem.size())
    return "the list scheduler did not place every op";
  FailureOr<SimResult> result = simulate(r.getJudged(), candidate.order);
  if (failed(result))
    return "the schedule breaks a dependence";
  MemoryProfile memory(problem.getMemory(), candidate.order);
  if (memory.getPeak() > r.budget)
    return llvm::formatv("its peak {0} is over the budget of {1} (step {2} us)",
                         formatBytes(memory.getPeak()), formatBytes(r.budget),
                         us(result->makespanUs));
  if (!r.inputOverCap && result->makespanUs > r.before.makespanUs)
    return llvm::formatv("it is slower ({0} us against {1} us)",
                         us(result->makespanUs), us(r.before.makespanUs));
  if (r.givenCap > 0)
    if (std::optional<CapExcess> excess =
            findCapExcess(problem, candidate.order, r.givenCap))
      return llvm::formatv("it has {0} collectives of a group in flight, more "
                           "than max-in-flight ({1})",
                           excess->count, r.givenCap);
  choice.outcomes.push_back(
      llvm::formatv("{0}: step {1} us, peak {2}", cap.describe(),
                    us(result->makespanUs), formatBytes(memory.getPeak())));
  if (beats(choice, result->makespanUs, memory.getPeak())) {
    choice.chosen = std::move(candidate);
    choice.after = *result;
    choice.peakAfter = memory.getPeak();
    choice.capIndex = index;
  }
  return "";
}

/// Whether the incumbent is within 0.001 % of the busiest stream's or the
/// longest dependence chain's time, which no order beats.
static bool nearBound(const Choice &choice) {
  const SimResult &after = choice.after;
  return choice.chosen && after.makespanUs <= std::max(after.streamBoundUs,
                                                       after.criticalPathUs) *
                                                  (1 + kBoundSlack);
}

/// Tries every in-flight cap of `r` but the fallback and keeps the fastest
/// valid list schedule within the budget (ties: the lower peak, then the
/// tighter cap); stops early at the simple lower bound. If none is valid,
/// tries the fallback: one collective in flight without prefetch beyond the
/// input's peak.
static Choice chooseListSchedule(const Request &r) {
  Choice choice{std::nullopt, r.before, r.inputPeak};
  unsigned fallback = r.caps.size() - 1;
  // Without collectives every cap gives the same schedule.
  unsigned numTried = r.problem.getStarts().empty() ? 1 : fallback;
  for (unsigned index = 0; index < numTried && !nearBound(choice); ++index) {
    ++choice.numCapsTried;
    std::string rejection = tryListSchedule(r, choice, index, r.budget);
    if (rejection.empty())
      continue;
    choice.outcomes.push_back(r.caps[index].describe() +
                              ": rejected: " + rejection);
    ++choice.numRejected;
    choice.rejection = std::move(rejection);
  }
  if (!choice.chosen) {
    std::string rejection = tryListSchedule(r, choice, fallback, r.inputPeak);
    choice.fallback = choice.chosen.has_value();
    if (!rejection.empty())
      choice.rejection = std::move(rejection);
  }
  choice.listChosen = choice.chosen.has_value();
  return choice;
}

/// Runs the critical-path scheduler with `priority`, `gathers` (the gather
/// cap) and the in-flight cap `capIndex`; keeps its schedule in `choice` if
/// it beats the incumbent. Returns the most weight gathers it had ahead, or
/// 0 if it placed nothing (no micro-batches).
static unsigned tryCriticalPath(const Request &r, Choice &choice,
                                CriticalPathPriority priority, const char *name,
                                unsigned gathers, unsigned capIndex,
                                bool holdForUrgentStart = false,
                                bool waitForUnblockedStart = false) {
  const ScheduleProblem &problem = r.problem;
  unsigned n = problem.size();
  const CapCandidate &cap = r.caps[capIndex];
  CriticalPathSchedule cp = scheduleCriticalPath(
      problem, priority, cap.count, r.budget, r.keepOrder, gathers, cap.bytes,
      holdForUrgentStart, waitForUnblockedStart);
  double incumbentUs = choice.chosen ? choice.after.makespanUs
                       : r.inputOverCap
                           ? std::numeric_limits<double>::infinity()
                           : r.before.makespanUs;
  if (cp.order.size() != n)
    return 0;
  unsigned ahead = cp.maxGathersAhead;
  FailureOr<SimResult> result = simulate(r.getJudged(), cp.order);
  if (failed(result) || result->makespanUs + kEpsilonUs >= incumbentUs)
    return ahead;
  if (r.givenCap > 0 && findCapExcess(problem, cp.order, r.givenCap))
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
    choice.replacedUs =
        std::isinf(incumbentUs) ? r.before.makespanUs : incumbentUs;
  choice.strategy = name;
  choice.contendedPlan = !r.judged.empty();
  choice.gathersUsed = gathers;
  choice.chosen = std::move(schedule);
  choice.after = *result;
  choice.peakAfter = memory.getPeak();
  choice.capIndex = capIndex;
  choice.fallback = false;
  return ahead;
}

/// The second strategy (scheduleCriticalPath), with each priority and the
/// in-flight cap `capIndex`, replaces the list schedule, or the input order,
/// only where it is strictly faster, valid and within the budget. Not tried
/// where the incumbent is within 0.001 % of the busiest stream's or the
/// longest dependence chain's time, which no order beats, so it could gain
/// at most that (on synthetic-100k, 0.27 us of 362 ms: this saves the two
/// runs).
static void tryCriticalPaths(const Request &r, Choice &choice,
                             unsigned capIndex) {
  // `after` is the incumbent: the list schedule, or the input order.
  const SimResult &after = choice.after;
  if (after.makespanUs <=
      std::max(after.streamBoundUs, after.criticalPathUs) * (1 + kBoundSlack))
    return;
  tryCriticalPath(r, choice, CriticalPathPriority::BottomLevel, "bottom level",
                  kNoGatherCap, capIndex);
  // The same with the starts a ready compute op is about to let overtake
  // them on their stream held back.
  if (!r.keepOrder)
    tryCriticalPath(r, choice, CriticalPathPriority::BottomLevel,
                    "urgent-start bottom level", kNoGatherCap, capIndex,
                    /*holdForUrgentStart=*/true);
  // The look-ahead on deferral (EngineRules::waitForUnblockedStart, with
  // urgent starts held): before a long compute op, the wait of a collective
  // about to end that unblocks a start; with the bottom level, and with the
  // sinks (compute whose results nothing uses) last, where they hide the
  // last collectives instead of running early.
  tryCriticalPath(r, choice, CriticalPathPriority::BottomLevel,
                  "look-ahead bottom level", kNoGatherCap, capIndex,
                  /*holdForUrgentStart=*/true, /*waitForUnblockedStart=*/true);
  tryCriticalPath(r, choice, CriticalPathPriority::BottomLevelSinksLast,
                  "look-ahead sinks-last bottom level", kNoGatherCap, capIndex,
                  /*holdForUrgentStart=*/true, /*waitForUnblockedStart=*/true);
  tryCriticalPath(r, choice, CriticalPathPriority::InputOrder, "input order",
                  kNoGatherCap, capIndex);
  // The interleaved micro-batches: without a gather cap, then (by default)
  // with caps 2, 4, 8, ... below the most gathers the uncapped run had
  // ahead, each kept if strictly faster; or with the one cap asked for.
  const char *interleaved = "interleaved micro-batch";
  if (r.gatherCap > 0) {
    tryCriticalPath(r, choice, CriticalPathPriority::Interleaved, interleaved,
                    static_cast<unsigned>(std::min<int64_t>(
                        r.gatherCap, std::numeric_limits<unsigned>::max() - 1)),
                    capIndex);
    return;
  }
  unsigned ahead = tryCriticalPath(r, choice, CriticalPathPriority::Interleaved,
                                   interleaved, kNoGatherCap, capIndex);
  if (r.gatherCap == 0)
    for (unsigned cap = 2; cap < ahead; cap *= 2)
      tryCriticalPath(r, choice, CriticalPathPriority::Interleaved, interleaved,
                      cap, capIndex);
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
  Request request{problem,    r.before,      r.inputPeak, r.budget,
                  r.caps,     r.keepOrder,   r.gatherCap, sim.simOps,
                  r.givenCap, r.inputOverCap};
  Choice list = chooseListSchedule(request);
  unsigned numCapsTried = list.numCapsTried;
  if (list.chosen && (!choice.chosen || list.after.makespanUs + kEpsilonUs <
                                            choice.after.makespanUs)) {
    list.contendedPlan = true;
    choice = std::move(list);
  }
  for (unsigned index = 0; index < numCapsTried; ++index)
    tryCriticalPaths(request, choice, index);
}

namespace {
/// The inputs of planWithContention besides the request.
struct BlockInputs {
  const BlockSimulation &sim;
  const DependenceGraph &graph;
  const MemoryProblem &memory;
  ArrayRef<int64_t> inputMemory;
};
} // namespace

/// Runs every strategy with `r` (the list scheduler with each in-flight cap,
/// the critical-path priorities, the contended plan) and returns the
/// schedule kept.
static Choice chooseSchedule(const Request &r, const BlockInputs &in) {
  Choice choice = chooseListSchedule(r);
  // The second strategy with the caps the list scheduler tried.
  for (unsigned index = 0; index < choice.numCapsTried; ++index)
    tryCriticalPaths(r, choice, index);
  if (hasContention(in.sim.simOps))
    planWithContention(r, in.sim, in.graph, in.memory, in.inputMemory, choice);
  return choice;
}

/// Budgets tried when trimming: the input's peak, the free level and one
/// between it and the fastest schedule's peak (with a price on memory),
/// then bisection steps.
constexpr unsigned kMaxTrimRuns = 8;
/// Trimming stops once the budgets tried are this close (bytes), or 1/32 of
/// the range searched.
constexpr int64_t kTrimResolution = int64_t(1) << 20;

namespace {
/// What trimming the budget did.
struct Trim {
  /// The budget the kept schedule was found with.
  int64_t used;
  /// How many budgets were tried.
  unsigned runs = 0;
};
} // namespace

/// Trims the budget of the schedule in `choice`: reruns every strategy with
/// lower budgets and keeps in `choice` the best trade (isBetterTrade under
/// `price`) of those no slower than the fastest by more than `tolerance` of
/// its step and of a lower peak: first the input's peak (kept if as fast as
/// the fastest); with a price on memory (an exchange rate), then the free
/// level and the budget halfway between it and the fastest schedule's peak;
/// then budgets bisected between the input's peak and the kept schedule's
/// peak, for the least memory that keeps the trade. Returns what it did;
/// nothing where the schedule does not go over the input's peak (or is the
/// fallback's).
static std::optional<Trim> trimBudgetOf(const Request &r, const BlockInputs &in,
                                        double tolerance, MemoryPrice price,
                                        Choice &choice) {
  if (!choice.chosen || choice.fallback || choice.peakAfter <= r.inputPeak)
    return std::nullopt;
  // Never slower than the input either: a trade is made among schedules
  // that are worth scheduling.
  double stepLimit =
      std::min(choice.after.makespanUs * (1 + tolerance), r.before.makespanUs);
  int64_t fastestPeak = choice.peakAfter;
  Trim trim{r.budget};
  auto tryBudget = [&](int64_t budget) {
    Request at = r;
    at.budget = budget;
    ++trim.runs;
    Choice candidate = chooseSchedule(at, in);
    if (!candidate.chosen || candidate.fallback ||
        candidate.after.makespanUs > stepLimit + kEpsilonUs ||
        candidate.peakAfter >= fastestPeak ||
        !isBetterTrade({candidate.after.makespanUs, candidate.peakAfter},
                       {choice.after.makespanUs, choice.peakAfter}, price,
                       kEpsilonUs))
      return false;
    choice = std::move(candidate);
    trim.used = budget;
    return true;
  };
  int64_t low = r.inputPeak;
  double fastestStep = choice.after.makespanUs;
  bool lowKept = tryBudget(low);
  // As fast as the fastest within the least budget: nothing is better.
  if (lowKept && choice.after.makespanUs <= fastestStep + kEpsilonUs)
    return trim;
  bool pricedKept = false;
  if (price.exchangeRate > 0 && price.freeBytes > low &&
      price.freeBytes < fastestPeak) {
    pricedKept |= tryBudget(price.freeBytes);
    pricedKept |=
        tryBudget(price.freeBytes + (fastestPeak - price.freeBytes) / 2);
  }
  if (lowKept && !pricedKept)
    return trim;
  // The least budget known to give the kept trade is its peak.
  int64_t high = choice.peakAfter;
  int64_t resolution = std::max(kTrimResolution, (high - low) / 32);
  while (trim.runs < kMaxTrimRuns && high - low > resolution) {
    int64_t middle = low + (high - low) / 2;
    if (tryBudget(middle))
      high = choice.peakAfter;
    else
      low = middle;
  }
  return trim;
}

/// Emits, at its start, why the collective of `row` stays exposed in the
/// kept schedule.
static void explainExposed(const BlockSimulation &sim, const Request &r,
                           const Choice &choice,
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
  const CapCandidate &cap = r.caps[choice.capIndex];
  if (chosen.delays[start] == Delay::Memory)
    diag << "started late to stay within the memory budget";
  else if (chosen.delays[start] == Delay::GatherCap)
    diag << "started late: " << gathersUsed
         << (gathersUsed == 1 ? " weight gather" : " weight gathers")
         << " whose users had not all run were already issued";
  else if (chosen.delays[start] == Delay::InFlightCap && cap.bytes.empty())
    diag << "started late: the group already had " << cap.count
         << (cap.count == 1 ? " collective" : " collectives") << " in flight";
  else if (chosen.delays[start] == Delay::InFlightCap)
    diag << "started late: the group was at its in-flight cap ("
         << cap.describe() << ")";
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

/// Emits the remarks on the in-flight caps tried: with `explain`, one per
/// candidate and one on the cap kept; otherwise one if any was rejected or
/// the fallback was kept.
static void explainCaps(Location loc, const Request &r, const Choice &choice,
                        bool explain) {
  unsigned numTried = choice.numCapsTried;
  if (explain && choice.chosen) {
    InFlightDiagnostic remark = mlir::emitRemark(loc);
    remark << "kept " << r.caps[choice.capIndex].describe()
           << (choice.fallback ? ", the fallback" : "") << " (" << numTried
           << (numTried == 1 ? " in-flight cap tried" : " in-flight caps tried")
           << "): ";
    llvm::interleave(choice.outcomes, remark, "; ");
  }
  if (choice.fallback)
    mlir::emitRemark(loc)
        << "no in-flight cap gave a schedule within the budget ("
        << choice.numRejected << " rejected; the last: " << choice.rejection
        << "); fell back to one collective in flight without prefetch "
           "beyond the input's peak";
  else if (!explain && choice.numRejected > 0)
    mlir::emitRemark(loc) << "rejected " << choice.numRejected << " of "
                          << numTried
                          << " in-flight caps (the last: " << choice.rejection
                          << "); explain=1 lists each";
}

/// Emits the explain=1 remarks of the kept schedule: the strategy that won,
/// deferral, held-back waits and every collective left exposed.
static void explainChoice(Location loc, const BlockSimulation &sim,
                          const Request &r, const Choice &choice) {
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
      explainExposed(sim, r, choice, row);
}

/// Returns the budget for the summary remark: `budget` (or "unlimited")
/// followed by `source` (how it came about, if not the usual way), and,
/// after trimming, the budget used and how many were tried, or, where none
/// lower was a better trade (isBetterTrade), the schedule's `peak`.
static std::string describeBudget(int64_t budget, StringRef source,
                                  const std::optional<Trim> &trim,
                                  int64_t peak) {
  std::string words = budget == std::numeric_limits<int64_t>::max()
                          ? std::string("unlimited")
                          : formatBytes(budget) + source.str();
  if (!trim)
    return words;
  if (trim->used == budget)
    return words + llvm::formatv("; {0} kept: none of {1} lower "
                                 "budgets tried is a better trade",
                                 formatBytes(peak), trim->runs)
                       .str();
  return words + llvm::formatv(", trimmed to {0}: the best trade of {1} {2} "
                               "tried",
                               formatBytes(trim->used), trim->runs,
                               trim->runs == 1 ? "budget" : "budgets")
                     .str();
}

/// Returns true if `block` is the prologue and epilogue of a pipelined loop:
/// a future crosses its edges and an op of it with regions issues
/// collectives (the loop). The block's simulation has the loop as one
/// compute op, blind to the streams its collectives hold, so the block's
/// starts keep their order relative to it and to each other
/// (DependenceGraph::Options::chainCollectiveIssuers), the order the
/// rotation gave them: the prologue's prefetches before the loop's, the
/// epilogue's collectives after them.
static bool isPipelinedLoopPrologue(Block &block) {
  return llvm::any_of(block,
                      [](Operation &op) {
                        return op.getNumRegions() != 0 &&
                               !isa<CollectiveOpInterface>(op) &&
                               issuesCollectives(&op);
                      }) &&
         findBlockCrossingFuture(block);
}

/// Moves every op of `body` before its terminator in `order` (steps of
/// `sim`); returns the order the block then has (the terminator last).
static std::vector<unsigned> applyOrder(Block &body, const BlockSimulation &sim,
                                        ArrayRef<unsigned> order) {
  Operation *terminator = &body.back();
  std::vector<unsigned> applied;
  applied.reserve(order.size());
  std::optional<unsigned> terminatorStep;
  for (unsigned step : order) {
    if (sim.ops[step] == terminator) {
      terminatorStep = step;
      continue;
    }
    sim.ops[step]->moveBefore(terminator);
    applied.push_back(step);
  }
  if (terminatorStep)
    applied.push_back(*terminatorStep);
  return applied;
}

FailureOr<std::optional<SchedScheduleOverlap::Peaks>>
SchedScheduleOverlap::schedule(func::FuncOp func,
                               std::optional<int64_t> headroom, bool share) {
  // With keep-collective-order, a loop whose body communicates keeps its
  // place among the starts too.
  DependenceGraph::Options graphOptions;
  graphOptions.chainCollectiveIssuers =
      keepCollectiveOrder ||
      (headroom && isPipelinedLoopPrologue(func.getBody().front()));
  // The graph and liveness sched-reorder-for-memory built, if it ran just
  // before, reordered (forgotten where they do not serve).
  std::optional<BlockMemoryAnalyses> built;
  if (auto shared = getCachedAnalysis<SharedBlockAnalyses>())
    built = shared->get().takeMemory(func.getBody().front(),
                                     /*wanted=*/share &&
                                         !graphOptions.chainCollectiveIssuers);
  FailureOr<std::optional<BlockAnalyses>> analyses = BlockAnalyses::build(
      func, profile, "not scheduled", graphOptions,
      /*crossingFutures=*/headroom.has_value(), std::move(built));
  if (failed(analyses))
    return failure();
  if (!*analyses)
    return std::optional<Peaks>();
  std::vector<unsigned> applied;
  FailureOr<std::optional<Peaks>> peaks =
      scheduleBlock(func, nullptr, **analyses, headroom, &applied);
  if (failed(peaks) || !share)
    return peaks;
  getAnalysis<SharedBlockAnalyses>().store(
      std::move(**analyses),
      SharedBlockAnalyses::Key{profilePath, keepCollectiveOrder},
      std::move(applied));
  markAnalysesPreserved<SharedBlockAnalyses>();
  storedShared = true;
  return peaks;
}

/// Returns `peak` + `headroom`, saturated.
static int64_t addHeadroom(int64_t peak, int64_t headroom) {
  int64_t max = std::numeric_limits<int64_t>::max();
  return headroom > max - peak ? max : peak + headroom;
}

FailureOr<std::optional<SchedScheduleOverlap::Peaks>>
SchedScheduleOverlap::scheduleBlock(func::FuncOp func, Block *nested,
                                    const BlockAnalyses &analyses,
                                    std::optional<int64_t> headroom,
                                    std::vector<unsigned> *applied) {
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
      headroom ? FailureOr<int64_t>(addHeadroom(inputPeak, *headroom))
               : computeBudget(func.getLoc(), recordedPeak.value_or(inputPeak),
                               inputPeak, analyses.model.getTarget());
  if (failed(budget))
    return failure();
  // The budget of the entry block, which sched-pipeline's bucketing keeps.
  if (recordCap && !nested && !headroom)
    func->setDiscardableAttr(SchedDialect::getMemoryBudgetAttrName(),
                             Builder(&getContext()).getI64IntegerAttr(*budget));
  if (inputPeak > *budget) {
    mlir::emitRemark(func.getLoc())
        << "not scheduled: the input already needs " << formatBytes(inputPeak)
        << ", over the memory budget of " << formatBytes(*budget);
    return std::optional<Peaks>(Peaks{inputPeak, inputPeak});
  }
  ScheduleProblem problem(sim, analyses.graph, liveness.getProblem(),
                          originalMemory.getTimeline());
  std::vector<CapCandidate> caps =
      buildCapCandidates(problem, maxInFlight, maxInFlightBytes);
  Request request{problem,  *before, inputPeak,
                  *budget,  caps,    keepCollectiveOrder,
                  gatherCap};
  std::optional<CapExcess> inputExcess;
  if (maxInFlight > 0) {
    request.givenCap = maxInFlight;
    inputExcess = findCapExcess(problem, original, maxInFlight);
    request.inputOverCap = inputExcess.has_value();
  }
  BlockInputs inputs{sim, analyses.graph, liveness.getProblem(),
                     originalMemory.getTimeline()};
  Choice choice = chooseSchedule(request, inputs);
  if (inputExcess && choice.chosen)
    remarkInputOverCap(sim, *inputExcess, maxInFlight, *before, choice);
  // The least memory that keeps the step (a nested block's budget is the
  // function's headroom, not trimmed).
  std::optional<Trim> trim;
  if (trimBudget && !nested && !headroom)
    trim = trimBudgetOf(request, inputs, trimTolerance,
                        getMemoryPrice(recordedPeak.value_or(inputPeak),
                                       memorySlack, trimExchangeRate),
                        choice);
  Location loc = nested ? nested->getParentOp()->getLoc() : func.getLoc();
  explainCaps(loc, request, choice, explain);
  if (!choice.chosen) {
    if (nested)
      emitNestedBlockRemark(*nested)
          << "kept the input order: " << choice.rejection;
    else
      mlir::emitRemark(func.getLoc())
          << "kept the input order: " << choice.rejection;
    return std::optional<Peaks>(Peaks{inputPeak, inputPeak});
  }
  // The cap kept in the entry block, for the later passes of sched-pipeline
  // (a nested block's own cap is not recorded: they keep max-in-flight).
  if (recordCap && !nested) {
    int64_t count = caps[choice.capIndex].count;
    func->setDiscardableAttr(
        SchedDialect::getMaxInFlightAttrName(),
        Builder(&getContext())
            .getI64IntegerAttr(count == kNoCountCap ? 0 : count));
  }
  Block &block = nested ? *nested : func.getBody().front();
  std::vector<unsigned> order = applyOrder(block, sim, choice.chosen->order);
  if (applied)
    *applied = std::move(order);
  emitSummary(func, nested, *before, choice.after, sim.simOps,
              formatBytesChange(inputPeak, choice.peakAfter),
              describeBudget(*budget, headroom ? "" : budgetSource, trim,
                             choice.peakAfter),
              explain);
  if (explain)
    explainChoice(loc, sim, request, choice);
  return std::optional<Peaks>(Peaks{inputPeak, choice.peakAfter});
}

FailureOr<std::pair<double, int64_t>>
SchedScheduleOverlap::scheduleTopBlock(func::FuncOp func,
                                       const CostModel &model, int64_t headroom,
                                       int64_t budget) {
  // The body's scheduler sees the buffers of the body, not those inside its
  // loops, and its loops as single ops: the whole function's peak and step
  // are checked after it.
  FailureOr<double> stepNested = simulateFunctionStep(func, model);
  if (failed(stepNested))
    return failure();
  BlockOrder bodyOrder(func.getBody().front());
  if (failed(schedule(func, headroom)))
    return failure();
  FailureOr<int64_t> peak = getFunctionPeak(func);
  FailureOr<double> step = simulateFunctionStep(func, model);
  if (failed(peak) || failed(step))
    return failure();
  if (*peak <= budget && *step <= *stepNested + kEpsilonUs)
    return std::make_pair(*step, *peak);
  bodyOrder.restore();
  InFlightDiagnostic remark = mlir::emitRemark(func.getLoc());
  remark << "@" << func.getSymName() << ": order of the body undone: ";
  if (*peak > budget)
    remark << "the function's peak would be " << formatBytes(*peak)
           << ", over the memory budget of " << formatBytes(budget);
  else
    remark << "the whole function's step would be " << us(*step)
           << " us against " << us(*stepNested)
           << " us with the nested blocks alone scheduled";
  peak = getFunctionPeak(func);
  if (failed(peak))
    return failure();
  return std::make_pair(*stepNested, *peak);
}

FailureOr<std::optional<SchedScheduleOverlap::Peaks>>
SchedScheduleOverlap::scheduleWithNested(func::FuncOp func) {
  // A nested block that does work makes the function's peak differ from
  // its body's: the whole function is then checked.
  if (!func.getBody().hasOneBlock() || !hasNestedWork(func.getBody().front()))
    return std::optional<Peaks>();
  SmallVector<Block *> nested = getNestedBlocks(func);
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
      computeBudget(func.getLoc(), recordedPeak.value_or(*peakBefore),
                    *peakBefore, model->getTarget());
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
  NestedBlockWalk walk{"not scheduled", true, *budget, &*model,
                       /*crossingFutures=*/true};
  if (failed(forEachNestedBlock(func, walk, [&](Block &block) {
        DependenceGraph::Options graphOptions;
        graphOptions.chainCollectiveIssuers =
            keepCollectiveOrder || isPipelinedLoopPrologue(block);
        FailureOr<BlockAnalyses> analyses =
            BlockAnalyses::buildBlock(block, *model, graphOptions);
        if (failed(analyses))
          return failure();
        return success(
            succeeded(scheduleBlock(func, &block, *analyses, headroom)));
      })))
    return failure();
  FailureOr<std::pair<double, int64_t>> after =
      scheduleTopBlock(func, *model, headroom, *budget);
  if (failed(after))
    return failure();
  auto [stepAfter, peakAfter] = *after;
  if (stepAfter > *stepBefore + kEpsilonUs || peakAfter > *budget) {
    for (BlockOrder &order : inputOrders)
      order.restore();
    mlir::emitRemark(func.getLoc())
        << "@" << func.getSymName()
        << ": kept the input order of every block: the whole function's "
           "step would be "
        << us(stepAfter) << " us against " << us(*stepBefore)
        << " us, its peak " << formatBytes(peakAfter) << " (budget "
        << formatBytes(*budget) << ")";
    return std::optional<Peaks>(Peaks{*peakBefore, *peakBefore});
  }
  mlir::emitRemark(func.getLoc())
      << "@" << func.getSymName() << ": whole function (loops as their "
      << "iterations): step " << us(*stepBefore) << " -> " << us(stepAfter)
      << " us, peak memory " << formatBytesChange(*peakBefore, peakAfter);
  return std::optional<Peaks>(Peaks{*peakBefore, peakAfter});
}
