//===- PipelineSearch.h - sched-pipeline's search over variants -*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// sched-pipeline runs its function passes once per variant of its options
// (memory reordering on or off, the bucket order, bucketing on or off, the
// kept collective order, fusion), the default pipeline first, simulates each
// result as sched-report does and keeps the fastest valid one
// (docs/passes/Pipeline.md, "The search"). Internal to sched-pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_DIALECT_SCHED_TRANSFORMS_PIPELINESEARCH_H
#define SCHED_LIB_DIALECT_SCHED_TRANSFORMS_PIPELINESEARCH_H

#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
namespace sched {

/// Returns the options of sched-schedule-overlap that follow `options`
/// wherever sched-pipeline runs the pass (its overlap stage and the
/// search's rescheduling after bucketing): the in-flight caps, the gather
/// cap, the profile and the kept collective order. Each adds its own memory
/// limit and capacity check.
SchedScheduleOverlapOptions
getPipelineOverlapOptions(const SchedPipelineOptions &options);

/// Adds sched-pipeline's function passes with `options` to `funcPm` (nested
/// on func.func): loop pipelining, record the collective order, fuse,
/// reorder, overlap, bucket, verify, strip (Pipelines.cpp). With
/// `trimBudget` (the search's variants), the overlap pass keeps the schedule
/// of the least budget that keeps its step (its `trim-budget`).
void addSchedFunctionPasses(OpPassManager &funcPm,
                            const SchedPipelineOptions &options,
                            bool trimBudget = false);

/// Returns the message for an invalid `search` or `search-max-ops`, if any.
std::optional<std::string>
validateSearchOptions(const SchedPipelineOptions &options);

/// Adds to `pm` (on the module) sched-pipeline's function passes under the
/// search: a module pass that counts the module's ops, then, nested on
/// every function, a pass that runs the function passes once per variant
/// of `options` (at most `search` of them; only in modules of at most
/// `search-max-ops` ops) and keeps the best result: the fastest simulated
/// step, then the lowest peak, then the earlier variant, among the results
/// that pass verification and the memory budget. The first variant is
/// `options` itself, so the result is never slower than it.
void addPipelineSearch(OpPassManager &pm, const SchedPipelineOptions &options);

} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_DIALECT_SCHED_TRANSFORMS_PIPELINESEARCH_H
