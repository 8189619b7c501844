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
#include "sched/Analysis/StreamSimulator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <optional>

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
  /// blocks. `graphOptions` go to the dependence graph.
  static FailureOr<std::optional<BlockAnalyses>>
  build(func::FuncOp func, const LoadedProfile &profile, StringRef skipRemark,
        DependenceGraph::Options graphOptions = {});
};

} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_DIALECT_SCHED_TRANSFORMS_BLOCKANALYSES_H
