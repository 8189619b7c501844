//===- BlockAnalyses.h - Analyses of a single-block function ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The analyses that sched-schedule-overlap and sched-bucket-collectives both
// build before they change a function: the cost model of its target, the
// stream-simulation input, the buffer liveness and the dependence graph of
// its one block or of a nested block; and the walk over the nested blocks
// (loop bodies, branches, execute_region) that the scheduling passes share,
// with the whole-function peak and step they check. Private to the
// Transforms library.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_DIALECT_SCHED_TRANSFORMS_BLOCKANALYSES_H
#define SCHED_LIB_DIALECT_SCHED_TRANSFORMS_BLOCKANALYSES_H

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/PipelineSimulation.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/Transforms/PassOptionEnums.h"
#include "sched/Scheduling/MemoryOrder.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/AnalysisManager.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace sched {

/// The analyses of the body of a single-block function.
struct BlockAnalyses {
  CostModel model;
  BlockSimulation sim;
  BufferLiveness liveness;
  DependenceGraph graph;

  /// Builds the analyses of `func`'s body with the `#sched.target` it
  /// inherits and, if the pass option named one, the measured `profile`.
  /// Emits an error and fails if the target, the profile or an analysis is
  /// missing or invalid. Returns std::nullopt, after the remark
  /// "<skipRemark>: the body has more than one block", for a body of several
  /// blocks, and after "<skipRemark>: this '<op>' has its future carried
  /// through an 'scf.for' or 'scf.if', ..." at the first op of the body
  /// whose future crosses the block (findBlockCrossingFuture), unless
  /// `crossingFutures` (the block is then simulated with such a start
  /// unwaited and such a wait waiting for nothing, buildBlockSimulation).
  /// `graphOptions` go to the dependence graph. `built`, if given, are the
  /// graph (built with the default options, which `graphOptions` must then
  /// be) and the liveness of the body as it is now, which are taken instead
  /// of building them again.
  static FailureOr<std::optional<BlockAnalyses>>
  build(func::FuncOp func, const LoadedProfile &profile, StringRef skipRemark,
        DependenceGraph::Options graphOptions = {},
        bool crossingFutures = false,
        std::optional<BlockMemoryAnalyses> built = std::nullopt);

  /// Builds the analyses of `block` (of any function, nested or not) with
  /// `model`; a loop, branch or region in it is one op whose time is its
  /// body's simulated alone (simulateOpAlone). Takes the graph and the
  /// liveness from `built` if given (as `build`). Fails after an error.
  static FailureOr<BlockAnalyses>
  buildBlock(Block &block, const CostModel &model,
             DependenceGraph::Options graphOptions,
             std::optional<BlockMemoryAnalyses> built = std::nullopt);

  /// Returns the analyses of the same block after its ops were moved to
  /// `order` (step `i` of the result is step `order[i]` of these), a
  /// topological order of `graph`, with nothing else changed: what
  /// `buildBlock` gives for the reordered block (the simulation's streams
  /// numbered by their first start, as it numbers them).
  BlockAnalyses permuted(ArrayRef<unsigned> order) const;
};

/// The analyses of a function's body that one pass leaves to the next in
/// MLIR's analysis manager, so that the passes of one pass manager (those of
/// sched-pipeline) build them once: sched-record-input-peak stores the
/// buffer liveness of the input, which sched-reorder-for-memory takes;
/// sched-reorder-for-memory stores the
/// graph and the liveness it built (BlockMemoryAnalyses) with the order it
/// gave the body, which sched-schedule-overlap takes; sched-schedule-overlap
/// stores all it built with the order it gave the body, and
/// sched-bucket-collectives takes them instead of building its own, if they
/// were built as it would build them. Each pass that stores marks them
/// preserved; any other pass that changes the function invalidates them
/// (they are preserved only where a pass says so). The reorder is applied
/// when they are taken (BlockAnalyses::permuted), so that a pass whose
/// analyses no one takes pays nothing for it.
class SharedBlockAnalyses {
public:
  /// How the analyses were built: a pass takes them only if it would have
  /// built them the same way.
  struct Key {
    /// The measured profile of the cost model (the pass option's path).
    std::string profilePath;
    /// DependenceGraph::Options::chainCollectiveIssuers.
    bool chainCollectiveIssuers = false;

    bool operator==(const Key &other) const {
      return profilePath == other.profilePath &&
             chainCollectiveIssuers == other.chainCollectiveIssuers;
    }
  };

  /// Starts empty (MLIR's analysis manager constructs it).
  explicit SharedBlockAnalyses(Operation *) {}

  /// Keeps `analyses` of the function's body, built with `key`, whose ops
  /// were then moved to `order` (empty: left in place).
  void store(BlockAnalyses analyses, Key key, std::vector<unsigned> order);

  /// Returns the analyses stored for `body` with `key`, in its current
  /// order, and forgets them; nothing if none were stored, or with another
  /// key, or for another block.
  std::optional<BlockAnalyses> take(Block &body, const Key &key);

  /// Keeps `analyses` of the function's body, whose ops were then moved to
  /// `order` (empty: left in place).
  void storeMemory(BlockMemoryAnalyses analyses, std::vector<unsigned> order);

  /// Returns the graph and liveness stored by storeMemory for `body`, in its
  /// current order, and forgets them; nothing if none were stored, or for
  /// another block, or if not `wanted` (they are only forgotten then).
  std::optional<BlockMemoryAnalyses> takeMemory(Block &body, bool wanted);

  /// Keeps the buffer liveness of the function's body as it is now, which
  /// sched-record-input-peak built for sched-pipeline's input and
  /// sched-reorder-for-memory takes.
  void storeLiveness(BufferLiveness built);

  /// Returns the liveness stored by storeLiveness for `body` and forgets
  /// it; nothing if none was stored, or for another block.
  std::optional<BufferLiveness> takeLiveness(Block &body);

  /// Invalidated by every pass that does not preserve it by name.
  bool isInvalidated(const AnalysisManager::PreservedAnalyses &preserved) {
    return !preserved.isPreserved<SharedBlockAnalyses>();
  }

private:
  std::optional<BlockAnalyses> analyses;
  Key key;
  std::vector<unsigned> order;
  std::optional<BlockMemoryAnalyses> memoryAnalyses;
  std::vector<unsigned> memoryOrder;
  std::optional<BufferLiveness> inputLiveness;
};

/// Held in a function's analysis manager while sched-pipeline's search
/// (PipelineSearch) runs the pipeline's function passes on it. The passes
/// that change the body only in ways their own code keeps valid (moving ops
/// within a block to an order of its dependence graph, which holds every
/// def-use chain: sched-reorder-for-memory, sched-schedule-overlap; merging
/// collectives into the start and wait that materializeBuckets builds from
/// the members' operands and types: sched-bucket-collectives) then leave
/// MLIR's verifier to the pass manager that runs the search, which verifies
/// the function once after it (deferVerification). Invalidated by every
/// pass that does not preserve it by name: MLIR verifies after such a pass,
/// which covers what the passes before it deferred.
class DeferredVerification {
public:
  /// Starts with nothing deferred (MLIR's analysis manager constructs it).
  explicit DeferredVerification(Operation *) {}

  /// Invalidated by every pass that does not preserve it by name.
  bool isInvalidated(const AnalysisManager::PreservedAnalyses &preserved) {
    return !preserved.isPreserved<DeferredVerification>();
  }

  /// Set by the search to its flag, which deferVerification sets: whether a
  /// pass left its verification to the search's pass manager. (MLIR clears
  /// the analyses after a dynamic pipeline, this one included.)
  bool *deferred = nullptr;
};

/// Called by one of the passes DeferredVerification names after it changed
/// the function whose analyses `am` holds, with the analyses it keeps valid.
/// Outside sched-pipeline's search returns false: the pass marks
/// `preserved` preserved and MLIR verifies after it. Inside the search,
/// invalidates every analysis but `preserved` (and the DeferredVerification,
/// whose flag it sets) and returns true: the pass then marks all
/// analyses preserved, after which MLIR does not verify.
bool deferVerification(AnalysisManager am,
                       AnalysisManager::PreservedAnalyses preserved);

/// Returns the cost model of the `#sched.target` that `func` inherits, with
/// the measured `profile` if the pass option named one. Fails after an
/// error.
FailureOr<CostModel> buildCostModel(func::FuncOp func,
                                    const LoadedProfile &profile);

/// Returns the cost model of the `#sched.target` that `function` inherits,
/// with `profile` if given. Fails after the error of a missing target.
FailureOr<CostModel> buildCostModel(Operation *function,
                                    const MeasuredProfile *profile);

/// Returns the blocks nested in `func`'s body that the scheduling passes
/// order: those of `scf.for`, `scf.if` and `scf.execute_region` ops whose
/// ancestors up to the function are such ops too (not the bodies of compute
/// ops). Innermost first: a block comes after every block nested in it;
/// siblings in program order.
SmallVector<Block *> getNestedBlocks(func::FuncOp func);

/// Returns the first `scf.for` in `op` (itself included) whose trip count is
/// neither a constant nor given by `sched.trip_count_bound`, or null. Such
/// a loop cannot be simulated: it counts as 0 us in its block.
Operation *findUnknownTripCount(Operation *op);

/// Returns true if `block` holds a collective start (not counting nested
/// blocks).
bool issuesCollectives(Block *block);

/// Returns the peak bytes of the whole of `func`'s body: the largest entry
/// of getNestedMemoryTimeline of its entry block (a nested block's peak on
/// top of what is live around its op). Fails after an error.
FailureOr<int64_t> getFunctionPeak(func::FuncOp func);

/// Returns the simulated step of the whole of `func`'s body
/// (buildProgramSimulation: loops as their iterations). Fails after an
/// error.
FailureOr<double> simulateFunctionStep(func::FuncOp func,
                                       const CostModel &model);

/// Returns the simulated exposed communication (us) of the whole of
/// `func`'s body, as simulateFunctionStep simulates it. Fails after an
/// error.
FailureOr<double> simulateFunctionExposedComm(func::FuncOp func,
                                              const CostModel &model);

/// How forEachNestedBlock walks.
struct NestedBlockWalk {
  /// The start of the remark of a block left alone.
  StringRef skipRemark;
  /// Whether to call back only for blocks that issue collectives.
  bool onlyWithCollectives = true;
  /// If set, the whole function's peak (getFunctionPeak) must stay within
  /// it: a block whose new order goes over gets its input order back, with
  /// a remark.
  std::optional<int64_t> functionBudget;
  /// If set, the whole function's step (simulateFunctionStep with this
  /// model) must not grow: a block whose new order makes it slower gets its
  /// input order back, with a remark. A block's own simulation sees neither
  /// the iterations around it nor the collectives a future carries across
  /// its edges.
  const CostModel *functionStepModel = nullptr;
  /// Whether to call back for a block that a future crosses (a start whose
  /// future is yielded or passed to a loop, a wait for an iteration
  /// argument or a loop's result) instead of leaving it alone with the
  /// remark of BlockAnalyses::build.
  bool crossingFutures = false;
};

/// Calls `orderBlock` on every nested block of `func` (getNestedBlocks),
/// innermost first, so that a block is ordered after the blocks nested in
/// it, whose ops then have their new costs. Unless `walk.crossingFutures`,
/// leaves alone, with the remark of BlockAnalyses::build, a block that a
/// future crosses (a loop-carried or yielded future). Fails if
/// `orderBlock` or the peak fails.
LogicalResult
forEachNestedBlock(func::FuncOp func, const NestedBlockWalk &walk,
                   llvm::function_ref<LogicalResult(Block &)> orderBlock);

/// forEachNestedBlock over `nested`, the getNestedBlocks of `func` as it is
/// now, which the caller already has.
LogicalResult
forEachNestedBlock(func::FuncOp func, ArrayRef<Block *> nested,
                   const NestedBlockWalk &walk,
                   llvm::function_ref<LogicalResult(Block &)> orderBlock);

/// The op order of one block, to put back.
class BlockOrder {
public:
  explicit BlockOrder(Block &block);
  /// Moves the ops of the block back to the saved order (the same ops).
  void restore();

private:
  Block *block;
  SmallVector<Operation *> ops;
};

/// Emits a remark at the location of the op that holds `block` (a nested
/// block) that starts with "'<op name>' <region>: " ("body" for a loop or
/// an execute_region, "then" or "else" for a branch); the caller words the
/// rest.
InFlightDiagnostic emitNestedBlockRemark(Block &block);

/// Emits a remark at the location of `func` (Operation::emitRemark would
/// attach the whole function, printed) that starts with "@name: " and, for
/// block `index` of `numBlocks` > 1, "block <index>: "; the caller words the
/// rest.
InFlightDiagnostic emitFunctionRemark(func::FuncOp func, unsigned index,
                                      unsigned numBlocks);

/// Returns the in-flight count cap (0: none) that holds in the entry block
/// of `func`: the one sched-schedule-overlap kept there if it recorded it
/// (`sched.max_in_flight`, in sched-pipeline), else `option`.
int64_t getEntryInFlightCap(func::FuncOp func, int64_t option);

/// Returns `value` as an option error prints it: `nan`, `inf`, `-inf` or
/// the shortest of %g.
std::string formatOption(double value);

/// The options of sched-schedule-overlap's cap search, which
/// sched-pipeline-loop-collectives does not have.
struct OverlapSearchOptions {
  int64_t maxInFlightBytes = 0;
  int64_t memoryAllowance = 0;
  int64_t collectiveAllowance = 0;
};

/// Returns the bytes of the largest collective of `func`, nested blocks
/// included (CostModel::getCollectiveBytes: the larger of its input and
/// output); 0 without a collective, or for one that cannot be sized.
int64_t getLargestCollectiveBytes(func::FuncOp func);

/// What one pass over the ops directly in a function's body finds.
struct BodyScan {
  /// Whether one of them holds a region: the walks into nested blocks
  /// (getNestedBlocks, hasNestedWork, warnOnUnsimulatedRegions) find
  /// nothing otherwise.
  bool holdsRegions = false;
  /// The bytes of the largest collective of the function, as
  /// getLargestCollectiveBytes counts them, if asked for and nothing holds
  /// a region (0 otherwise).
  int64_t largestCollective = 0;
};

/// Scans the ops of `func`'s body once (a walk of the function visits the
/// same ops when none holds a region), with their largest collective if
/// `sizeCollectives`.
BodyScan scanBody(func::FuncOp func, bool sizeCollectives);

/// Returns the growth of the peak that the overlap budget allows: the
/// largest of `slackBytes` (the slack's share of the base peak), `allowance`
/// bytes and `collectives` times `largestCollective`, as a double (it may
/// not fit 64 bits: the caller saturates).
double getMemoryAllowance(double slackBytes, int64_t allowance,
                          int64_t collectives, int64_t largestCollective);

/// Checks the options that sched-schedule-overlap and
/// sched-pipeline-loop-collectives share: emits an error at `loc` and fails
/// for an in-flight cap below 1 (with `search`, sched-schedule-overlap's:
/// a negative one, 0 being the search, or a negative byte cap, memory
/// allowance or collective allowance), a memory slack that is negative,
/// infinite or NaN, or a negative memory budget.
LogicalResult
validateOverlapOptions(Location loc, int64_t maxInFlight, double memorySlack,
                       int64_t memoryBudget,
                       std::optional<OverlapSearchOptions> search = {});

/// Checks that `peak` bytes of `func` fit the HBM capacity of the
/// `#sched.target` it inherits (without a target there is nothing to
/// check). Over it, emits at the function's location "peak memory of P
/// bytes exceeds the HBM capacity of C bytes of target 'T'", followed by
/// the input's peak when `inputPeak` is given and differs: a warning, or
/// with CapacityCheck::Error an error, and then fails.
LogicalResult checkCapacity(FunctionOpInterface func, int64_t peak,
                            std::optional<int64_t> inputPeak,
                            CapacityCheck check);

/// Simulates the stage-specific functions of `module` (with `sched.ranks`)
/// together, if there are two or more. Returns nothing without stages, and
/// failure after an error.
FailureOr<std::optional<PipelineSimulation>>
simulatePipelineStages(ModuleOp module,
                       const std::optional<MeasuredProfile> &profile);

} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_DIALECT_SCHED_TRANSFORMS_BLOCKANALYSES_H
