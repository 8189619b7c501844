//===- PipelineSearch.cpp - sched-pipeline's search over variants ---------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The function passes of sched-pipeline are greedy: each stage takes the best
// step it sees, and the stages are fixed in what they do (reorder for memory
// first, then overlap, then bucket in program order). The search runs the
// whole sequence once per variant of the options the user left at their
// defaults, on the function's input each time, simulates every result as
// sched-report does and keeps the best one.
//
//===----------------------------------------------------------------------===//

#include "PipelineSearch.h"
#include "BlockAnalyses.h"
#include "ExactOrder.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedInterfaces.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"
#include "sched/Scheduling/ExactSchedule.h"
#include "sched/Scheduling/MemoryTrade.h"
#include "sched/Scheduling/OrderVerifier.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

using namespace mlir;
using namespace mlir::sched;

std::optional<std::string>
mlir::sched::validateSearchOptions(const SchedPipelineOptions &options) {
  if (options.search < 1)
    return "search must be at least 1 (1: only the default pipeline), got " +
           std::to_string(options.search);
  if (options.searchMaxOps < 0)
    return "search-max-ops must be non-negative, got " +
           std::to_string(options.searchMaxOps);
  if (options.exactMaxOps < 0 || options.exactMaxOps > kMaxExactOps)
    return "exact-max-ops must be between 0 and " +
           std::to_string(kMaxExactOps) + ", got " +
           std::to_string(options.exactMaxOps);
  if (options.exactMaxNodes < 1)
    return "exact-max-nodes must be at least 1, got " +
           std::to_string(options.exactMaxNodes);
  return std::nullopt;
}

/// Steps are compared to the nanosecond.
static constexpr double kHalfNanosecondUs = 5e-4;

//===----------------------------------------------------------------------===//
// The variants
//===----------------------------------------------------------------------===//

namespace {
/// The options of sched-pipeline that the search varies.
struct Setting {
  bool reorder, bucket, keepOrder;
  BucketOrder order;
};

/// One candidate pipeline: its name (the options that differ from the
/// user's, as sched-pipeline spells them) and its function passes.
struct Variant {
  std::string name;
  OpPassManager passes{func::FuncOp::getOperationName()};
  /// The same with the overlap pass's `trim-budget`, run again for the
  /// winner only.
  OpPassManager trimmed{func::FuncOp::getOperationName()};
  /// The trimmed passes within the free level of the price of memory (the
  /// input's peak plus memory-slack, no absolute allowance), run for the
  /// winner where its memory goes over that level.
  OpPassManager priced{func::FuncOp::getOperationName()};
};

/// The values one option may take in the search: the user's first.
template <typename T> using Choices = SmallVector<std::pair<T, StringRef>, 3>;
} // namespace

/// Returns the settings to try, in the documented order: the user's first,
/// then those that change one option, then two, and so on; among those that
/// change as many, the earlier option (reorder, bucketing,
/// keep-collective-order) changed first, each option's alternatives in the
/// order listed. An option the user gave is never changed.
static SmallVector<std::pair<Setting, std::string>>
enumerateSettings(const SchedPipelineOptions &options) {
  bool reorderOn = options.reorder;
  Choices<bool> reorder = {{reorderOn, ""}};
  if (!options.reorder.hasValue())
    reorder.push_back({!reorderOn, reorderOn ? "reorder=0" : "reorder=1"});
  using Bucketing = std::pair<bool, BucketOrder>;
  bool bucketOn = options.bucket;
  BucketOrder order = options.bucketOrder;
  Choices<Bucketing> bucket = {{{bucketOn, order}, ""}};
  if (bucketOn && !options.bucketOrder.hasValue()) {
    BucketOrder other = order == BucketOrder::Program
                            ? BucketOrder::ExposedFirst
                            : BucketOrder::Program;
    bucket.push_back({{true, other},
                      other == BucketOrder::Program
                          ? "bucket-order=program"
                          : "bucket-order=exposed-first"});
  }
  if (bucketOn && !options.bucket.hasValue())
    bucket.push_back({{false, order}, "bucket=0"});
  bool keepOn = options.keepCollectiveOrder;
  Choices<bool> keep = {{keepOn, ""}};
  if (!keepOn && !options.keepCollectiveOrder.hasValue())
    keep.push_back({true, "keep-collective-order=1"});

  // Every combination, in lexicographic order of the choice indices.
  using Combination = std::pair<std::array<unsigned, 3>, unsigned>;
  SmallVector<Combination> combinations;
  for (unsigned r = 0; r < reorder.size(); ++r)
    for (unsigned b = 0; b < bucket.size(); ++b)
      for (unsigned k = 0; k < keep.size(); ++k)
        combinations.push_back(
            {{r, b, k},
             unsigned(r != 0) + unsigned(b != 0) + unsigned(k != 0)});
  // Fewer changes first; then the earlier option changed (a changed option
  // before an unchanged one), then its earlier alternative.
  auto key = [](const Combination &c) {
    std::array<unsigned, 3> unchanged;
    for (unsigned d = 0; d < 3; ++d)
      unchanged[d] = c.first[d] == 0;
    return std::make_tuple(c.second, unchanged, c.first);
  };
  std::stable_sort(
      combinations.begin(), combinations.end(),
      [&](const auto &a, const auto &b) { return key(a) < key(b); });

  SmallVector<std::pair<Setting, std::string>> settings;
  for (const auto &[c, changes] : combinations) {
    Setting setting{reorder[c[0]].first, bucket[c[1]].first.first,
                    keep[c[2]].first, bucket[c[1]].first.second};
    std::string name;
    for (StringRef part :
         {reorder[c[0]].second, bucket[c[1]].second, keep[c[2]].second})
      if (!part.empty())
        name += (name.empty() ? "" : " ") + part.str();
    settings.push_back({setting, name.empty() ? "default" : name});
  }
  return settings;
}

/// Returns the function passes of `options` changed to `setting`, with the
/// overlap pass's `trim-budget` if `trimBudget`, and within the input's peak
/// plus memory-slack only (no absolute allowance) if `withinSlack`.
static void buildVariant(const SchedPipelineOptions &options,
                         const Setting &setting, OpPassManager &passes,
                         bool trimBudget, bool withinSlack = false) {
  SchedPipelineOptions changed;
  changed.copyOptionValuesFrom(options);
  if (withinSlack) {
    changed.memoryAllowance = 0;
    changed.collectiveAllowance = 0;
  }
  changed.reorder = setting.reorder;
  changed.bucket = setting.bucket;
  changed.bucketOrder = setting.order;
  changed.keepCollectiveOrder = setting.keepOrder;
  addSchedFunctionPasses(passes, changed, trimBudget);
}

//===----------------------------------------------------------------------===//
// Evaluating a result
//===----------------------------------------------------------------------===//

namespace {
/// The simulated step and peak memory of a function's body.
struct Evaluation {
  double stepUs = 0;
  int64_t peakBytes = 0;
};

/// Keeps the diagnostics that this thread emits while it lives, so that
/// only the kept variant's are reported. Diagnostics of other threads (the
/// functions the pass manager runs in parallel) go on to the next handler.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(MLIRContext *context)
      : engine(context->getDiagEngine()), thread(llvm::get_threadid()) {
    id = engine.registerHandler([this](Diagnostic &diag) -> LogicalResult {
      if (llvm::get_threadid() != thread)
        return failure();
      captured.push_back(std::move(diag));
      return success();
    });
  }
  ~DiagnosticCapture() { engine.eraseHandler(id); }

  /// Returns the diagnostics kept so far, and forgets them.
  std::vector<Diagnostic> take() { return std::exchange(captured, {}); }

private:
  DiagnosticEngine &engine;
  uint64_t thread;
  DiagnosticEngine::HandlerID id;
  std::vector<Diagnostic> captured;
};

/// What became of one variant.
struct Outcome {
  /// Failed: its passes failed; NotSimulated: its result cannot be
  /// simulated.
  enum Kind { Valid, OverBudget, Failed, NotSimulated } kind = Failed;
  Evaluation eval;
  /// Failed, NotSimulated: the first error.
  std::string error;
};
} // namespace

/// Returns the cost model of `func` with `profile`; fails after an error.
static FailureOr<CostModel> getModel(func::FuncOp func,
                                     const LoadedProfile &profile) {
  FailureOr<TargetAttr> target = lookupTargetOrEmitError(func);
  FailureOr<const MeasuredProfile *> measured = profile.getOrEmitError(func);
  if (failed(target) || failed(measured))
    return failure();
  CostModel model(*target);
  if (*measured)
    model.setProfile(**measured);
  return model;
}

/// Simulates the body of `func` as sched-report does: the step of its
/// program order and its peak memory. Emits an error and fails if it cannot.
static FailureOr<Evaluation> evaluate(func::FuncOp func,
                                      const LoadedProfile &profile) {
  FailureOr<CostModel> built = getModel(func, profile);
  if (failed(built))
    return failure();
  const CostModel &model = *built;
  Block &body = func.getBody().front();
  // A function pass: calls are costed, not read.
  FailureOr<ProgramSimulation> program =
      buildProgramSimulation(body, model, CallSimulation::Leaf);
  if (failed(program))
    return failure();
  FailureOr<SimResult> result = simulate(program->sim.simOps);
  if (failed(result))
    return mlir::emitError(func.getLoc(), "cannot simulate this function");
  FailureOr<int64_t> peak = getNestedPeak(body);
  if (failed(peak))
    return failure();
  Evaluation eval;
  eval.stepUs = result->makespanUs;
  eval.peakBytes = *peak;
  return eval;
}

/// Gives `func` the body and attributes of `copy` (a detached clone).
static void restoreFunction(func::FuncOp func, func::FuncOp copy) {
  IRMapping mapping;
  Region body;
  copy.getBody().cloneInto(&body, mapping);
  func.getBody().takeBody(body);
  func->setAttrs(copy->getAttrDictionary());
}

/// Returns the first error among `diagnostics`, or a placeholder.
static std::string getFirstError(ArrayRef<Diagnostic> diagnostics) {
  for (const Diagnostic &diag : diagnostics)
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      return diag.str();
  return "the pipeline failed";
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
/// The module's op count, shared by the two passes of the search.
struct ModuleSize {
  int64_t numOps = 0;
};

/// Counts the ops of the module, before any function pass changes them.
struct CountModuleOps
    : public PassWrapper<CountModuleOps, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountModuleOps)

  explicit CountModuleOps(std::shared_ptr<ModuleSize> size)
      : size(std::move(size)) {}
  StringRef getArgument() const final { return "sched-count-module-ops"; }
  StringRef getDescription() const final {
    return "count the ops of the module for sched-pipeline's search";
  }
  void runOnOperation() override {
    markAllAnalysesPreserved();
    size->numOps = 0;
    getOperation()->walk([&](Operation *) { ++size->numOps; });
  }

  std::shared_ptr<ModuleSize> size;
};

struct PipelineSearch
    : public PassWrapper<PipelineSearch, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PipelineSearch)

  PipelineSearch(const SchedPipelineOptions &options,
                 std::shared_ptr<ModuleSize> moduleSize);
  PipelineSearch(const PipelineSearch &other) = default;

  StringRef getArgument() const final { return "sched-pipeline-search"; }
  StringRef getDescription() const final {
    return "run sched-pipeline's function passes once per variant and keep "
           "the best result";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    for (const Variant &variant : variants)
      variant.passes.getDependentDialects(registry);
  }
  LogicalResult initialize(MLIRContext *) override {
    profile.load(profilePath);
    return success();
  }
  void runOnOperation() override;

private:
  /// Returns why `func` is not searched, or nothing if it is.
  std::optional<std::string> whyNotSearched(func::FuncOp func) const;
  /// Runs `passes` on `func` (runPipeline) with the verification of the
  /// passes that defer it left to this pass (DeferredVerification, which
  /// sets `verificationDeferred`); returns whether they succeeded. This
  /// pass must then check the order (verifyOpOrder) or leave the function
  /// to the pass manager's verifier, by not marking the analyses
  /// preserved.
  LogicalResult runPasses(OpPassManager &passes, func::FuncOp func);
  /// Runs every variant on `func` (whose input `input` evaluates to
  /// `inputEval`) and leaves the best result in it.
  void search(func::FuncOp func, func::FuncOp input, Evaluation inputEval);
  /// Runs variant `index` on `func`, leaves the diagnostics of its passes in
  /// `diagnostics` (those of the simulation are dropped) and judges its
  /// result against the budget and the default's peak (for the default
  /// itself: none yet).
  Outcome runVariant(func::FuncOp func, OpPassManager &passes,
                     DiagnosticCapture &cap,
                     std::vector<Diagnostic> &diagnostics,
                     std::optional<int64_t> defaultPeak, int64_t budget);
  /// Runs `passes` (the trimmed or priced passes of the winner, whose
  /// fastest result is `fastest`) on `func`, restored to `input`; returns
  /// their result if it is valid, no slower than getTrimLimit of `fastest`,
  /// of a lower peak than `kept` where `lowerPeak`, and a better trade than
  /// `kept` under `price` (isBetterTrade), with its diagnostics in
  /// `diagnostics`.
  std::optional<Evaluation>
  rerunForTrade(func::FuncOp func, func::FuncOp input, OpPassManager &passes,
                Evaluation fastest, Evaluation kept, bool lowerPeak,
                DiagnosticCapture &capture,
                std::vector<Diagnostic> &diagnostics, int64_t defaultPeak,
                int64_t budget, MemoryPrice price);
  /// Whether the winner is rerun within the free level of `price`: with a
  /// price, no `memory-budget` given, the kept result `kept` over the free
  /// level and the budget above it.
  bool isWorthPricing(const Evaluation &kept, int64_t budget,
                      MemoryPrice price) const {
    return price.exchangeRate > 0 && memoryBudget == 0 &&
           kept.peakBytes > price.freeBytes && budget > price.freeBytes;
  }
  /// Returns the memory budget for an input of peak `inputPeak`: the
  /// `memory-budget`, or the input's peak plus the largest of
  /// `memory-allowance`, `memory-slack` and `collective-allowance` times the
  /// largest collective (sched-schedule-overlap's budget from
  /// sched.input_peak), saturated, and at most the target's HBM
  /// capacity.
  int64_t computeBudget(func::FuncOp func, int64_t inputPeak) const;
  /// Offers the exact solver's order of `func`'s body (the kept result,
  /// `kept`) within `memoryLimit`; keeps it where it is strictly faster,
  /// with a remark, and returns its evaluation then.
  std::optional<Evaluation>
  tryExactOrder(func::FuncOp func, const Evaluation &kept, int64_t memoryLimit);
  /// Runs sched-schedule-overlap once more on `func`'s body (the kept
  /// result, `kept`), within `memoryLimit`: bucketing merged collectives
  /// after the overlap pass had ordered the body for the unmerged ones, so
  /// the merged body may have a faster order. Keeps it where it is strictly
  /// faster, with a remark, and returns its evaluation then.
  std::optional<Evaluation> tryReschedule(func::FuncOp func,
                                          const Evaluation &kept,
                                          int64_t memoryLimit,
                                          MemoryPrice price);
  /// Whether the rescheduled result `rescheduled` replaces `kept`: strictly
  /// faster to the nanosecond, within `memoryLimit`, and, where it needs
  /// more memory than `kept`, a better trade under `price`.
  bool isWorthRescheduling(const Evaluation &kept,
                           const Evaluation &rescheduled, int64_t memoryLimit,
                           MemoryPrice price) const;
  /// Emits the remarks on the outcome of the search, whose results were
  /// judged against `budget` (from an input of peak `inputPeak`): variant
  /// `best` won, and, if its trimmed run was kept, gave `trimmed`.
  void remarkOnSearch(func::FuncOp func, ArrayRef<Outcome> outcomes,
                      unsigned best, std::optional<Evaluation> trimmed,
                      int64_t inputPeak, int64_t budget) const;

  std::vector<Variant> variants;
  /// Read only: the functions run in parallel.
  std::shared_ptr<ModuleSize> moduleSize;
  int64_t searchMaxOps;
  ExactOrderLimits exactLimits;
  /// The options of the last overlap run (tryReschedule), but its budget:
  /// those that follow the pipeline's (getPipelineOverlapOptions).
  SchedScheduleOverlapOptions rescheduleOptions;
  int64_t memoryBudget, memoryAllowance, collectiveAllowance;
  double memorySlack, trimTolerance, trimExchangeRate;
  /// The simulated step of the function being searched, before the passes.
  double inputStepUs = 0;
  /// Returns the slowest step (ns) a trimmed result of a winner of step
  /// `fastestUs` may have: `trim-tolerance` over it, and never slower than
  /// the input.
  int64_t getTrimLimit(double fastestUs) const {
    return std::min(std::llround(fastestUs * (1 + trimTolerance) * 1000),
                    std::llround(inputStepUs * 1000));
  }
  bool explain;
  std::string profilePath;
  LoadedProfile profile;
  /// Whether a pass run on the function deferred MLIR's verifier to the
  /// pass manager's run after this pass (runPasses).
  bool verificationDeferred = false;
};
} // namespace

PipelineSearch::PipelineSearch(const SchedPipelineOptions &options,
                               std::shared_ptr<ModuleSize> moduleSize)
    : moduleSize(std::move(moduleSize)), searchMaxOps(options.searchMaxOps),
      rescheduleOptions(getPipelineOverlapOptions(options)),
      memoryBudget(options.memoryBudget),
      memoryAllowance(options.memoryAllowance),
      collectiveAllowance(options.collectiveAllowance),
      memorySlack(options.memorySlack), trimTolerance(options.trimTolerance),
      trimExchangeRate(options.trimExchangeRate), explain(options.explain),
      profilePath(options.profile) {
  exactLimits.maxOps = options.exactMaxOps;
  exactLimits.maxNodes = options.exactMaxNodes;
  exactLimits.maxInFlight = options.maxInFlight;
  exactLimits.keepCollectiveOrder = options.keepCollectiveOrder;
  // The capacity was checked by the overlap stage.
  rescheduleOptions.capacityCheck = CapacityCheck::Off;
  SmallVector<std::pair<Setting, std::string>> settings =
      enumerateSettings(options);
  size_t count = std::min<size_t>(settings.size(), options.search);
  variants.resize(count);
  for (size_t i = 0; i < count; ++i) {
    variants[i].name = settings[i].second;
    buildVariant(options, settings[i].first, variants[i].passes,
                 /*trimBudget=*/false);
    buildVariant(options, settings[i].first, variants[i].trimmed,
                 /*trimBudget=*/true);
    buildVariant(options, settings[i].first, variants[i].priced,
                 /*trimBudget=*/true, /*withinSlack=*/true);
  }
}

std::optional<std::string>
PipelineSearch::whyNotSearched(func::FuncOp func) const {
  if (func.isExternal() || variants.size() < 2)
    return std::string();
  // A stage of a pipeline-parallel module is judged by the stages together
  // (StageGuard.cpp), not by its own step.
  if (func->hasAttr(getRanksAttrName()))
    return std::string("a pipeline stage is scheduled with the default "
                       "pipeline only");
  if (!func.getBody().hasOneBlock())
    return std::string("the body has more than one block");
  if (moduleSize->numOps > searchMaxOps)
    return llvm::formatv("the module has {0} ops, more than "
                         "search-max-ops={1}",
                         moduleSize->numOps, searchMaxOps)
        .str();
  // Without a collective every variant gives the same order.
  WalkResult found = func.getBody().walk([](Operation *op) {
    return isa<CollectiveOpInterface>(op) ? WalkResult::interrupt()
                                          : WalkResult::advance();
  });
  if (!found.wasInterrupted())
    return std::string("no collectives");
  return std::nullopt;
}

int64_t PipelineSearch::computeBudget(func::FuncOp func,
                                      int64_t inputPeak) const {
  int64_t budget = std::numeric_limits<int64_t>::max();
  double slackBytes = getMemoryAllowance(
      std::ceil(static_cast<double>(inputPeak) * memorySlack), memoryAllowance,
      collectiveAllowance,
      collectiveAllowance > 0 ? getLargestCollectiveBytes(func) : 0);
  if (memoryBudget > 0)
    budget = memoryBudget;
  else if (slackBytes < static_cast<double>(budget - inputPeak))
    budget = inputPeak + static_cast<int64_t>(slackBytes);
  if (TargetAttr target = TargetAttr::lookup(func))
    budget = std::min(budget, target.getHbmCapacity());
  return budget;
}

void PipelineSearch::runOnOperation() {
  func::FuncOp func = getOperation();
  verificationDeferred = false;
  std::optional<std::string> notSearched = whyNotSearched(func);
  std::optional<Evaluation> inputEval;
  if (!notSearched) {
    // The input's peak sets the budget; an input the simulator cannot take
    // gets the default pipeline, which reports why.
    DiagnosticCapture capture(&getContext());
    FailureOr<Evaluation> eval = evaluate(func, profile);
    if (succeeded(eval))
      inputEval = *eval;
    else
      notSearched = "the input cannot be simulated";
  }
  if (!inputEval) {
    if (explain && notSearched && !notSearched->empty())
      emitFunctionRemark(func, 0, 1)
          << "search: not searched: " << *notSearched;
    if (failed(runPasses(variants.front().passes, func)))
      return signalPassFailure();
    // The passes of the pipeline shared this pass's analyses and
    // invalidated those they changed. Those that deferred MLIR's verifier
    // only moved ops within their blocks and built the ops they verified
    // themselves (DeferredVerification): what is left to check is the
    // order, not the whole function again.
    if (verificationDeferred &&
        failed(verifyOpOrder(func, "sched-pipeline's passes")))
      return signalPassFailure();
    getAnalysisManager().invalidate({});
    markAllAnalysesPreserved();
    return;
  }
  func::FuncOp input = func.clone();
  search(func, input, *inputEval);
  input.erase();
}

LogicalResult PipelineSearch::runPasses(OpPassManager &passes,
                                        func::FuncOp func) {
  // Held while the passes run: MLIR clears the analyses after them, and
  // this pass invalidates them before it marks them preserved.
  getAnalysis<DeferredVerification>().deferred = &verificationDeferred;
  return runPipeline(passes, func);
}

Outcome PipelineSearch::runVariant(func::FuncOp func, OpPassManager &passes,
                                   DiagnosticCapture &capture,
                                   std::vector<Diagnostic> &diagnostics,
                                   std::optional<int64_t> defaultPeak,
                                   int64_t budget) {
  Outcome outcome;
  LogicalResult ran = runPasses(passes, func);
  diagnostics = capture.take();
  if (failed(ran)) {
    outcome.error = getFirstError(diagnostics);
    return outcome;
  }
  FailureOr<Evaluation> eval = evaluate(func, profile);
  std::vector<Diagnostic> evaluation = capture.take();
  if (failed(eval)) {
    outcome.kind = Outcome::NotSimulated;
    outcome.error = getFirstError(evaluation);
    return outcome;
  }
  outcome.eval = *eval;
  // The default's own peak is always allowed: it is today's pipeline.
  bool fits = !defaultPeak || eval->peakBytes <= *defaultPeak ||
              eval->peakBytes <= budget;
  outcome.kind = fits ? Outcome::Valid : Outcome::OverBudget;
  return outcome;
}

/// Returns whether `a` is a better result than `b`: a shorter step (to the
/// nanosecond), then a lower peak.
static bool isBetter(const Evaluation &a, const Evaluation &b) {
  int64_t stepA = std::llround(a.stepUs * 1000);
  int64_t stepB = std::llround(b.stepUs * 1000);
  if (stepA != stepB)
    return stepA < stepB;
  return a.peakBytes < b.peakBytes;
}

void PipelineSearch::search(func::FuncOp func, func::FuncOp input,
                            Evaluation inputEval) {
  int64_t budget = computeBudget(func, inputEval.peakBytes);
  inputStepUs = inputEval.stepUs;
  MemoryPrice price =
      getMemoryPrice(inputEval.peakBytes, memorySlack, trimExchangeRate);
  std::vector<Outcome> outcomes;
  std::vector<Diagnostic> kept;
  func::FuncOp best;
  unsigned bestIndex = 0;
  std::optional<Evaluation> trimmed;
  // The result the priced rerun replaced, if it won.
  std::optional<Evaluation> outpriced;
  {
    DiagnosticCapture capture(&getContext());
    outcomes.push_back(runVariant(func, variants[0].passes, capture, kept,
                                  std::nullopt, budget));
    if (outcomes.front().kind == Outcome::Valid)
      best = func.clone();
    for (unsigned index = 1; best && index < variants.size(); ++index) {
      restoreFunction(func, input);
      getAnalysisManager().invalidate({});
      std::vector<Diagnostic> diagnostics;
      outcomes.push_back(runVariant(func, variants[index].passes, capture,
                                    diagnostics,
                                    outcomes.front().eval.peakBytes, budget));
      const Outcome &outcome = outcomes.back();
      if (outcome.kind != Outcome::Valid ||
          !isBetter(outcome.eval, outcomes[bestIndex].eval))
        continue;
      best.erase();
      best = func.clone();
      bestIndex = index;
      kept = std::move(diagnostics);
    }
    if (best) {
      std::vector<Diagnostic> diagnostics;
      const Evaluation &fastest = outcomes[bestIndex].eval;
      trimmed = rerunForTrade(func, input, variants[bestIndex].trimmed, fastest,
                              fastest, /*lowerPeak=*/true, capture, diagnostics,
                              outcomes.front().eval.peakBytes, budget, price);
      if (trimmed) {
        best.erase();
        best = func.clone();
        kept = std::move(diagnostics);
      }
      Evaluation keptSoFar = trimmed ? *trimmed : fastest;
      std::vector<Diagnostic> pricedDiagnostics;
      std::optional<Evaluation> within;
      if (isWorthPricing(keptSoFar, budget, price))
        within = rerunForTrade(func, input, variants[bestIndex].priced, fastest,
                               keptSoFar, /*lowerPeak=*/false, capture,
                               pricedDiagnostics,
                               outcomes.front().eval.peakBytes, budget, price);
      if (within) {
        outpriced = keptSoFar;
        trimmed = within;
        best.erase();
        best = func.clone();
        kept = std::move(pricedDiagnostics);
      }
    }
  }
  // The kept variant's diagnostics; the default pipeline's if it failed,
  // as without the search.
  for (Diagnostic &diag : kept)
    getContext().getDiagEngine().emit(std::move(diag));
  const Outcome &first = outcomes.front();
  if (first.kind == Outcome::Failed)
    return signalPassFailure();
  if (first.kind == Outcome::NotSimulated) {
    if (explain)
      emitFunctionRemark(func, 0, 1)
          << "search: not searched: the default pipeline's result cannot be "
             "simulated: "
          << first.error;
    return;
  }
  restoreFunction(func, best);
  best.erase();
  remarkOnSearch(func, outcomes, bestIndex, trimmed, inputEval.peakBytes,
                 budget);
  if (outpriced)
    emitFunctionRemark(func, 0, 1)
        << "search: kept the schedule within the input's peak plus "
           "memory-slack, "
        << formatBytes(price.freeBytes) << ": step "
        << formatMicros(trimmed->stepUs) << " us at "
        << formatBytes(trimmed->peakBytes) << ", against "
        << formatMicros(outpriced->stepUs) << " us at "
        << formatBytes(outpriced->peakBytes)
        << ", whose memory over that level does not pay for its step at "
           "trim-exchange-rate="
        << formatNumber(trimExchangeRate);
  // The limit the kept variant was judged by.
  int64_t memoryLimit = std::max(budget, outcomes.front().eval.peakBytes);
  Evaluation keptEval = trimmed ? *trimmed : outcomes[bestIndex].eval;
  if (std::optional<Evaluation> rescheduled =
          tryReschedule(func, keptEval, memoryLimit, price))
    keptEval = *rescheduled;
  if (exactLimits.maxOps > 0)
    tryExactOrder(func, keptEval, memoryLimit);
}

bool PipelineSearch::isWorthRescheduling(const Evaluation &kept,
                                         const Evaluation &rescheduled,
                                         int64_t memoryLimit,
                                         MemoryPrice price) const {
  // Compared to the nanosecond, as isBetter does.
  int64_t step = std::llround(rescheduled.stepUs * 1000);
  if (step >= std::llround(kept.stepUs * 1000) ||
      rescheduled.peakBytes > memoryLimit)
    return false;
  // More memory must be a better trade: else it would undo the trim for a
  // step the trim deemed not worth the memory.
  return rescheduled.peakBytes <= kept.peakBytes ||
         isBetterTrade({rescheduled.stepUs, rescheduled.peakBytes},
                       {kept.stepUs, kept.peakBytes}, price, kHalfNanosecondUs);
}

std::optional<Evaluation> PipelineSearch::tryReschedule(func::FuncOp func,
                                                        const Evaluation &kept,
                                                        int64_t memoryLimit,
                                                        MemoryPrice price) {
  func::FuncOp saved = func.clone();
  std::optional<Evaluation> after;
  {
    // The overlap pass's own remarks are dropped: the kept result's stand,
    // and the one below says what changed.
    DiagnosticCapture capture(&getContext());
    SchedScheduleOverlapOptions options = rescheduleOptions;
    options.memoryBudget = memoryLimit;
    OpPassManager passes(func::FuncOp::getOperationName());
    passes.addPass(createSchedScheduleOverlap(options));
    getAnalysisManager().invalidate({});
    if (succeeded(runPasses(passes, func))) {
      FailureOr<Evaluation> eval = evaluate(func, profile);
      if (succeeded(eval) &&
          isWorthRescheduling(kept, *eval, memoryLimit, price))
        after = *eval;
    }
    capture.take();
  }
  if (after)
    emitFunctionRemark(func, 0, 1)
        << "search: the kept result rescheduled after bucketing wins: step "
        << formatMicros(kept.stepUs) << " -> " << formatMicros(after->stepUs)
        << " us, peak " << formatBytesChange(kept.peakBytes, after->peakBytes);
  else
    restoreFunction(func, saved);
  saved.erase();
  getAnalysisManager().invalidate({});
  return after;
}

std::optional<Evaluation> PipelineSearch::rerunForTrade(
    func::FuncOp func, func::FuncOp input, OpPassManager &passes,
    Evaluation fastest, Evaluation kept, bool lowerPeak,
    DiagnosticCapture &capture, std::vector<Diagnostic> &diagnostics,
    int64_t defaultPeak, int64_t budget, MemoryPrice price) {
  restoreFunction(func, input);
  getAnalysisManager().invalidate({});
  Outcome outcome =
      runVariant(func, passes, capture, diagnostics, defaultPeak, budget);
  // Compared to the nanosecond, as isBetter does.
  if (outcome.kind != Outcome::Valid ||
      std::llround(outcome.eval.stepUs * 1000) > getTrimLimit(fastest.stepUs) ||
      (lowerPeak && outcome.eval.peakBytes >= kept.peakBytes) ||
      !isBetterTrade({outcome.eval.stepUs, outcome.eval.peakBytes},
                     {kept.stepUs, kept.peakBytes}, price, kHalfNanosecondUs))
    return std::nullopt;
  return outcome.eval;
}

std::optional<Evaluation> PipelineSearch::tryExactOrder(func::FuncOp func,
                                                        const Evaluation &kept,
                                                        int64_t memoryLimit) {
  ExactOrderLimits limits = exactLimits;
  limits.memoryLimit = memoryLimit;
  std::optional<Evaluation> after;
  std::string whyNot = "not tried: the body cannot be simulated";
  ExactOrderProposal proposal;
  {
    // The errors of a body the solver cannot take are dropped: the kept
    // result stands.
    DiagnosticCapture capture(&getContext());
    FailureOr<CostModel> model = getModel(func, profile);
    FailureOr<ExactOrderProposal> proposed =
        succeeded(model) ? proposeExactOrder(func, *model, limits)
                         : FailureOr<ExactOrderProposal>(failure());
    if (succeeded(proposed)) {
      proposal = std::move(*proposed);
      whyNot = proposal.whyNot;
    }
    if (!proposal.order.empty()) {
      Block &body = func.getBody().front();
      BlockOrder saved(body);
      applyOpOrder(body, proposal.order);
      FailureOr<Evaluation> eval = evaluate(func, profile);
      if (succeeded(eval) &&
          std::llround(eval->stepUs * 1000) <
              std::llround(kept.stepUs * 1000) &&
          eval->peakBytes <= memoryLimit) {
        after = *eval;
      } else {
        saved.restore();
        whyNot = "not taken: the function's simulated step is not shorter "
                 "or its peak is over the limit";
      }
    }
  }
  if (after)
    emitFunctionRemark(func, 0, 1)
        << "search: the exact order (" << proposal.nodes << " nodes, "
        << (proposal.proven ? "proven optimal" : "the best found")
        << ") wins: step " << formatMicros(kept.stepUs) << " -> "
        << formatMicros(after->stepUs) << " us, peak "
        << formatBytesChange(kept.peakBytes, after->peakBytes);
  else if (explain)
    emitFunctionRemark(func, 0, 1) << "search: the exact order: " << whyNot;
  return after;
}

void PipelineSearch::remarkOnSearch(func::FuncOp func,
                                    ArrayRef<Outcome> outcomes, unsigned best,
                                    std::optional<Evaluation> trimmed,
                                    int64_t inputPeak, int64_t budget) const {
  unsigned count = outcomes.size();
  if (explain) {
    // In bytes as well, for scripts that solve within the same limit
    // (bench/bounds/gap.py).
    emitFunctionRemark(func, 0, 1)
        << "search: memory budget " << budget << " bytes ("
        << formatBytes(budget) << ", the input's peak " << inputPeak
        << " bytes); a variant is kept within it or within the default's "
           "peak "
        << outcomes.front().eval.peakBytes << " bytes";
    for (auto [index, outcome] : llvm::enumerate(outcomes)) {
      InFlightDiagnostic remark = emitFunctionRemark(func, 0, 1);
      remark << "search: variant " << index << " (" << variants[index].name
             << "): ";
      if (outcome.kind == Outcome::Failed ||
          outcome.kind == Outcome::NotSimulated) {
        remark << (outcome.kind == Outcome::Failed ? "failed: "
                                                   : "cannot be simulated: ")
               << outcome.error;
        continue;
      }
      remark << "step " << formatMicros(outcome.eval.stepUs) << " us, peak "
             << formatBytes(outcome.eval.peakBytes);
      if (outcome.kind == Outcome::OverBudget)
        remark << ", over the memory budget";
    }
  }
  const Evaluation &before = outcomes.front().eval;
  Evaluation after = trimmed ? *trimmed : outcomes[best].eval;
  if (trimmed && explain)
    emitFunctionRemark(func, 0, 1)
        << "search: variant " << best << " rerun with a trimmed budget: step "
        << formatMicros(outcomes[best].eval.stepUs) << " -> "
        << formatMicros(trimmed->stepUs) << " us, peak "
        << formatBytesChange(outcomes[best].eval.peakBytes, trimmed->peakBytes);
  if (best == 0) {
    if (explain)
      emitFunctionRemark(func, 0, 1)
          << "search: the default pipeline is the best of " << count
          << " variants (step " << formatMicros(before.stepUs) << " us)";
    return;
  }
  double percent = before.stepUs > 0
                       ? 100.0 * (after.stepUs - before.stepUs) / before.stepUs
                       : 0.0;
  emitFunctionRemark(func, 0, 1)
      << "search: variant " << best << " of " << count << " ("
      << variants[best].name << ") wins: step " << formatMicros(before.stepUs)
      << " -> " << formatMicros(after.stepUs) << " us ("
      << llvm::formatv("{0:F1}", percent) << " %), peak "
      << formatBytesChange(before.peakBytes, after.peakBytes);
}

void mlir::sched::addPipelineSearch(OpPassManager &pm,
                                    const SchedPipelineOptions &options) {
  auto size = std::make_shared<ModuleSize>();
  pm.addPass(std::make_unique<CountModuleOps>(size));
  pm.nest<func::FuncOp>().addPass(
      std::make_unique<PipelineSearch>(options, std::move(size)));
}
