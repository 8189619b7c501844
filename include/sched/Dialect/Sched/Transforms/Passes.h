//===- Passes.h - sched dialect passes --------------------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_H
#define SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_H

#include "sched/Dialect/Sched/Transforms/PassOptionEnums.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
namespace sched {

#define GEN_PASS_DECL
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"

/// Options of the default scheduling pipeline (`sched-pipeline`).
struct SchedPipelineOptions : public PassPipelineOptions<SchedPipelineOptions> {
  Option<bool> fuse{*this, "fuse",
                    llvm::cl::desc("run sched-fuse-compute first (off by "
                                   "default: fusing the compute a "
                                   "collective could hide behind removes "
                                   "overlap)"),
                    llvm::cl::init(false)};
  Option<bool> bucket{*this, "bucket",
                      llvm::cl::desc("run sched-bucket-collectives after "
                                     "overlap scheduling (default: true)"),
                      llvm::cl::init(true)};
  Option<BucketOrder> bucketOrder{
      *this, "bucket-order",
      llvm::cl::desc("sched-bucket-collectives' candidate order: program or "
                     "exposed-first (default: program)"),
      llvm::cl::init(BucketOrder::Program),
      llvm::cl::values(
          clEnumValN(BucketOrder::Program, "program", "program order"),
          clEnumValN(BucketOrder::ExposedFirst, "exposed-first",
                     "the least hidden collectives first"))};
  Option<bool> pipelineLoops{
      *this, "pipeline-loops",
      llvm::cl::desc("run sched-pipeline-loop-collectives first, on the "
                     "functions with loops that communicate (default: true)"),
      llvm::cl::init(true)};
  Option<bool> reorder{
      *this, "reorder",
      llvm::cl::desc("run sched-reorder-for-memory (default: true)"),
      llvm::cl::init(true)};
  Option<bool> reorderRuns{
      *this, "reorder-runs",
      llvm::cl::desc("last, run sched-reorder-for-memory keep-step: lower "
                     "the peak by reordering only the ops between "
                     "collective starts and waits, keeping the step "
                     "(default: false)"),
      llvm::cl::init(false)};
  Option<int64_t> maxInFlight{
      *this, "max-in-flight",
      llvm::cl::desc("collectives in flight at once per process group, at "
                     "most (0: sched-schedule-overlap tries 1, 2, 4, 8 and "
                     "no cap and keeps the fastest; bucketing and the "
                     "verifier keep the cap it chose) (default: 0)"),
      llvm::cl::init(0)};
  Option<int64_t> maxInFlightBytes{
      *this, "max-in-flight-bytes",
      llvm::cl::desc("bytes of collectives in flight at once per process "
                     "group in the overlap schedule, at most (0: no byte cap "
                     "given) (default: 0)"),
      llvm::cl::init(0)};
  Option<double> memorySlack{
      *this, "memory-slack",
      llvm::cl::desc("allowed peak memory growth of the overlap schedule, "
                     "as a fraction of the pipeline input's peak; the larger "
                     "of it and memory-allowance is allowed (default: 0.05)"),
      llvm::cl::init(0.05)};
  Option<int64_t> memoryAllowance{
      *this, "memory-allowance",
      llvm::cl::desc("allowed peak memory growth of the overlap schedule "
                     "over the pipeline input's peak, in bytes; the larger "
                     "of it and memory-slack is allowed (default: "
                     "1073741824)"),
      llvm::cl::init(int64_t(1) << 30)};
  Option<int64_t> collectiveAllowance{
      *this, "collective-allowance",
      llvm::cl::desc("allowed peak memory growth of the overlap schedule "
                     "over the pipeline input's peak, in multiples of the "
                     "function's largest collective (the larger of its input "
                     "and output); the largest of it, memory-allowance and "
                     "memory-slack is allowed (0: none) (default: 2)"),
      llvm::cl::init(2)};
  Option<int64_t> memoryBudget{
      *this, "memory-budget",
      llvm::cl::desc("peak memory limit of the overlap schedule in bytes, "
                     "instead of memory-allowance, memory-slack and "
                     "collective-allowance (0: the pipeline input's peak plus "
                     "the largest of the three) (default: 0)"),
      llvm::cl::init(0)};
  Option<CapacityCheck> capacityCheck{
      *this, "capacity-check",
      llvm::cl::desc("when the peak memory exceeds the target's HBM "
                     "capacity: warn, error or off (default: warn)"),
      llvm::cl::init(CapacityCheck::Warn),
      llvm::cl::values(
          clEnumValN(CapacityCheck::Warn, "warn", "emit a warning"),
          clEnumValN(CapacityCheck::Error, "error", "emit an error and fail"),
          clEnumValN(CapacityCheck::Off, "off", "do not check"))};
  Option<int64_t> gatherCap{
      *this, "gather-cap",
      llvm::cl::desc(
          "weight gathers issued ahead of their users, at most, in "
          "the interleaved micro-batch schedule (0: try 2, 4, 8, "
          "... and keep the fastest; negative: no cap) (default: 0)"),
      llvm::cl::init(0)};
  Option<bool> explain{
      *this, "explain",
      llvm::cl::desc("remark on every pair not fused, every collective "
                     "left exposed, every bucket made and every start "
                     "refused from one (otherwise a summary per function "
                     "and pass) (default: false)"),
      llvm::cl::init(false)};
  Option<std::string> profile{
      *this, "profile",
      llvm::cl::desc(
          "measured cost profile (JSON) for the cost model (default: none)"),
      llvm::cl::init("")};
  Option<bool> keepCollectiveOrder{
      *this, "keep-collective-order",
      llvm::cl::desc(
          "issue the collectives of each process group in their "
          "input order (sched-verify-schedule checks it); "
          "otherwise it checks only that none is lost (default: false)"),
      llvm::cl::init(false)};
  Option<double> trimTolerance{
      *this, "trim-tolerance",
      llvm::cl::desc("in the functions the search runs in, how much slower "
                     "than the fastest schedule a schedule of less memory "
                     "may be, as a fraction of its step, to be kept in its "
                     "place (as a better trade at trim-exchange-rate) "
                     "(default: 0.05)"),
      llvm::cl::init(0.05)};
  Option<double> trimExchangeRate{
      *this, "trim-exchange-rate",
      llvm::cl::desc("in the functions the search runs in, the price of "
                     "memory over the input's peak plus memory-slack: the "
                     "fraction of that level over it that is worth one "
                     "fraction of the step (10: 1 % of the step for 10 % "
                     "more memory); schedules are compared by step times 1 + "
                     "that fraction / the rate, the faster's extra memory "
                     "kept only where it pays; 0: the least memory within "
                     "trim-tolerance (default: 10)"),
      llvm::cl::init(10.0)};
  Option<int64_t> search{
      *this, "search",
      llvm::cl::desc("pipeline variants tried per function, the default "
                     "pipeline first (there are at most 12); the fastest "
                     "valid result is kept (1: only the default pipeline) "
                     "(default: 12)"),
      llvm::cl::init(12)};
  Option<int64_t> searchMaxOps{
      *this, "search-max-ops",
      llvm::cl::desc("search only in modules of at most this many ops, all "
                     "functions together (default: 10000)"),
      llvm::cl::init(10000)};
  Option<int64_t> exactMaxOps{
      *this, "exact-max-ops",
      llvm::cl::desc("after the search, order a body of at most this many "
                     "ops (at most 64) with the exact solver, and keep its "
                     "order where it is strictly faster (0: never) "
                     "(default: 0)"),
      llvm::cl::init(0)};
  Option<int64_t> exactMaxNodes{
      *this, "exact-max-nodes",
      llvm::cl::desc("search nodes of that exact solver, at most; its best "
                     "order found within them counts (default: 100000)"),
      llvm::cl::init(100000)};
};

/// Adds the default scheduling pipeline to `pm` (nested on functions):
/// sched-pipeline-loop-collectives (unless `pipeline-loops=0`),
/// sched-record-collective-order, sched-fuse-compute (with `fuse`),
/// sched-reorder-for-memory, sched-schedule-overlap,
/// sched-bucket-collectives (unless `bucket=0`), sched-verify-schedule and
/// sched-strip-collective-order. The module must carry a `#sched.target`.
/// Invalid options give instead a pipeline of one pass that reports the
/// first of them at every function and fails, before any work.
void buildSchedPipeline(OpPassManager &pm, const SchedPipelineOptions &options);

/// Registers `sched-pipeline`.
void registerSchedPipelines();

/// The module pass sched-pipeline runs before its function passes: it sets
/// `sched.input_peak` (an i64, bytes) on every function whose single-block
/// body the buffer model can size, the peak live memory of its program
/// order with nested blocks included, which sched-schedule-overlap
/// measures its budget from (and removes). Other functions are left without
/// it, and without a diagnostic (sched-schedule-overlap reports them).
/// Public for tools that replay the pipeline's stages one by one.
std::unique_ptr<Pass> createRecordInputPeakPass();

} // namespace sched
} // namespace mlir

#endif // SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_H
