//===- LoopPipelining.h - pipeline collectives across iterations -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Collective pipelining of `scf.for` loops (the FSDP prefetch in loop form):
// a collective whose inputs depend only on loop-invariant values and the
// induction variable (through ops free of memory effects) is started one
// iteration ahead, so that the gather of layer i+1 overlaps the compute of
// layer i. The first iteration's collective is peeled into a prologue before
// the loop; the last iteration, which has no next one to prefetch for, is
// peeled into an epilogue after it.
//
// Futures may not cross a block boundary (`collective_c5`), so the prefetched
// collective is waited at the end of iteration i and its values, not its
// future, are carried to iteration i + 1 as `iter_args`: depth 1, the
// collective overlapping all of iteration i. Deeper pipelining (waiting in a
// later iteration) needs futures that are loop `iter_args`.
//
// See docs/passes/PipelineLoopCollectives.md.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_LOOPPIPELINING_H
#define SCHED_SCHEDULING_LOOPPIPELINING_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir {
namespace sched {

class CostModel;
class WaitOp;

/// A collective of a loop body that can be started one iteration ahead.
struct MovableCollective {
  /// The start and its wait, both ops of the body block.
  Operation *start = nullptr;
  Operation *wait = nullptr;
  /// The ops of the body the start depends on, in program order: all free of
  /// memory effects and fed only by the induction variable, loop-invariant
  /// values and each other.
  SmallVector<Operation *> chain;
  /// Bytes of the values the wait returns (carried to the next iteration).
  int64_t resultBytes = 0;
};

/// A collective of a loop body that stays in its iteration, and why.
struct PinnedCollective {
  Operation *start = nullptr;
  std::string reason;
};

/// Which collectives of a loop's body may be started one iteration ahead.
struct LoopCollectives {
  SmallVector<MovableCollective> movable;
  SmallVector<PinnedCollective> pinned;
};

/// Returns the static trip count of `loop`: constant bounds and a positive
/// constant step; std::nullopt otherwise.
std::optional<int64_t> getStaticTripCount(scf::ForOp loop);

/// Sorts the collectives started directly in `loop`'s body into movable and
/// pinned ones, in program order.
LoopCollectives analyzeLoopCollectives(scf::ForOp loop);

/// Keeps, of `movable` (program order), the longest prefix per process group
/// such that the prefetched collectives of a group plus those the body has in
/// flight at once stay within `maxInFlight`; the others go to `pinned`.
void capInFlight(scf::ForOp loop, LoopCollectives &collectives,
                 int64_t maxInFlight);

/// The loop that `pipelineLoop` built and the values that replace the
/// results of the original loop.
struct PipelinedLoop {
  scf::ForOp loop;
  SmallVector<Value> replacements;
  /// Every op created before and after the loop (prologue and epilogue), in
  /// program order, the loop included.
  SmallVector<Operation *> created;
};

/// Builds, next to `loop` (which it leaves unchanged), the loop whose
/// iteration i starts the `movable` collectives of iteration i + 1 and waits
/// for them before its yield, carrying their values: a prologue that runs
/// the collectives of the first iteration, the loop over all but the last
/// iteration, and an epilogue that runs the last iteration. `loop` must have
/// a static trip count of at least 2. With `afterGroup`, each prefetched
/// start is placed after the body's last start of its group instead of at
/// the top of the body, so that every group issues its collectives in the
/// order of the input.
PipelinedLoop pipelineLoop(scf::ForOp loop, ArrayRef<MovableCollective> movable,
                           bool afterGroup);

/// Erases what `pipelineLoop` built (when its result is not kept).
void erasePipelinedLoop(PipelinedLoop &pipelined);

/// Returns the simulated time of one iteration of `body` (an `scf.for` body)
/// in the steady state: the flat stream simulator on `copies` consecutive
/// iterations (iteration arguments depend on the previous copy's yield),
/// the makespan growth from `copies / 2` to `copies` iterations divided by
/// the iterations added. Fails after an error if an op cannot be costed.
FailureOr<double> simulateSteadyStateUs(Block &body, const CostModel &model,
                                        unsigned copies);

/// Returns the peak memory of one iteration of `body`, with the iteration
/// arguments live on entry. Fails after an error.
FailureOr<int64_t> computeBodyPeak(Block &body);

/// Returns an upper bound of the memory live around `op` while it runs: the
/// sum of the peaks of the blocks that enclose it, up to the body of the
/// function (each block's own buffers; `op`'s regions are not counted).
/// Fails after an error.
FailureOr<int64_t> computeEnclosingPeak(Operation *op);

/// Returns the estimate of the peak memory while `loop` runs that the depth
/// choice keeps within the budget: the peak of one iteration of its body
/// plus `computeEnclosingPeak(loop)`, less the bytes of the iteration
/// arguments (counted in both: they are the loop's inits). Fails after an
/// error.
FailureOr<int64_t> estimateLoopPeak(scf::ForOp loop);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_LOOPPIPELINING_H
