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
// its one block. Private to the Transforms library.
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

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>
#include <string>

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
  /// whose future crosses the block (findBlockCrossingFuture).
  /// `graphOptions` go to the dependence graph.
  static FailureOr<std::optional<BlockAnalyses>>
  build(func::FuncOp func, const LoadedProfile &profile, StringRef skipRemark,
        DependenceGraph::Options graphOptions = {});
};

/// Emits a remark at the location of `func` (Operation::emitRemark would
/// attach the whole function, printed) that starts with "@name: " and, for
/// block `index` of `numBlocks` > 1, "block <index>: "; the caller words the
/// rest.
InFlightDiagnostic emitFunctionRemark(func::FuncOp func, unsigned index,
                                      unsigned numBlocks);

/// Returns `value` as an option error prints it: `nan`, `inf`, `-inf` or
/// the shortest of %g.
std::string formatOption(double value);

/// Checks the options that sched-schedule-overlap and
/// sched-pipeline-loop-collectives share: emits an error at `loc` and fails
/// for an in-flight cap below 1, a memory slack that is negative, infinite
/// or NaN, or a negative memory budget.
LogicalResult validateOverlapOptions(Location loc, int64_t maxInFlight,
                                     double memorySlack, int64_t memoryBudget);

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
