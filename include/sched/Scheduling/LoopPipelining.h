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
// At depth 1 the prefetched collective is waited at the end of iteration i
// and its values are carried to iteration i + 1 as `iter_args`; at depth
// d > 1 it is started in iteration i for iteration i + d, its future carried
// as an `iter_arg` through d - 1 iterations and waited at the end of
// iteration i + d - 1. A collective whose results only later iterations or
// the loop's results need (a gradient's reduce-scatter inserted into a
// stack) keeps its start and has its wait, and the ops that read its results,
// sunk into the next iteration, its future carried. The rotation is a
// software pipeline of up to three stages (prefetch, body, sunk waits) with
// the first and last iterations peeled. A collective whose input the
// previous iteration computes (it reads iteration arguments, directly or
// through a short chain of cheap ops) is started at the end of the previous
// iteration on the values that iteration yields, its future carried and
// waited where its wait was; the prologue starts it for the first iteration
// on the loop's initial values, and the last iteration, peeled, starts none.
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

/// A collective of a loop body whose input is computed from the iteration
/// arguments: it can be started at the end of the previous iteration, on the
/// values that iteration yields, its future carried to its wait.
struct EarlyCollective {
  /// The start and its wait, both ops of the body block.
  Operation *start = nullptr;
  Operation *wait = nullptr;
  /// The ops of the body the start depends on, in program order: cheap ops
  /// (no sched.compute, collective or wait) free of memory effects and without
  /// regions, fed only by the induction variable, iteration arguments,
  /// loop-invariant values and each other; recomputed in the previous
  /// iteration.
  SmallVector<Operation *> chain;
  /// Positions of the iteration arguments the start and its chain read,
  /// increasing (at least one).
  SmallVector<unsigned> args;
};

/// The most ops an EarlyCollective's chain may have.
constexpr unsigned kMaxEarlyChain = 16;

/// A collective of a loop body that stays in its iteration, and why.
struct PinnedCollective {
  Operation *start = nullptr;
  std::string reason;
};

/// A collective of a loop body whose wait may sink into the next iteration:
/// its results feed only ops free of memory effects (its *tail*) whose
/// results, in turn, feed only the yield, at iteration arguments that only
/// tails read (accumulators: a stack of reduced gradients).
struct SinkableCollective {
  /// The start (which stays) and its wait (which sinks), ops of the body.
  Operation *start = nullptr;
  Operation *wait = nullptr;
  /// Bytes of the values the wait returns.
  int64_t resultBytes = 0;
};

/// Which collectives of a loop's body may be started ahead, which may have
/// their waits sunk into the next iteration, and which stay.
struct LoopCollectives {
  SmallVector<MovableCollective> movable;
  /// In program order; every prefix sinks together (its tails are checked
  /// together).
  SmallVector<SinkableCollective> sinkable;
  /// In program order: collectives that are neither movable nor sinkable
  /// but can start at the end of the previous iteration.
  SmallVector<EarlyCollective> early;
  SmallVector<PinnedCollective> pinned;
};

/// Returns the static trip count of `loop`: constant bounds and a positive
/// constant step; std::nullopt otherwise.
std::optional<int64_t> getStaticTripCount(scf::ForOp loop);

/// Sorts the collectives started directly in `loop`'s body into movable,
/// sinkable, early and pinned ones, in program order.
LoopCollectives analyzeLoopCollectives(scf::ForOp loop);

/// The ops of `loop`'s body that the waits of `sinks` and the ops reading
/// their results make up (the sunk stage), and the iteration arguments only
/// they read and update.
struct SinkStage {
  /// The waits and tails, in program order.
  SmallVector<Operation *> ops;
  /// Positions of the accumulator iteration arguments, increasing.
  SmallVector<unsigned> accumulators;
};

/// Returns why the waits of `sinks` cannot sink together into the next
/// iteration of `loop`, or fills `stage`.
std::optional<std::string> getSinkStage(scf::ForOp loop,
                                        ArrayRef<SinkableCollective> sinks,
                                        SinkStage &stage);

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

/// How a loop is rotated.
struct PipelinePlan {
  /// Iterations ahead the `prefetch` collectives start (0: none do).
  unsigned depth = 1;
  ArrayRef<MovableCollective> prefetch;
  /// Collectives whose waits sink into the next iteration.
  ArrayRef<SinkableCollective> sinks;
  /// Collectives started at the end of the previous iteration.
  ArrayRef<EarlyCollective> early;
  /// Each prefetched start after the body's last start of its group instead
  /// of at the top of the body; each early start after the body's last start
  /// of its group instead of right after the values it reads.
  bool afterGroup = false;

  /// Iterations the body runs behind the first prefetch: the depth, or 1
  /// with early starts only (the last body is peeled), else 0.
  unsigned getLead() const {
    if (!prefetch.empty())
      return depth;
    return early.empty() ? 0 : 1;
  }
  /// Iterations peeled into the prologue (and into the epilogue): the lead,
  /// plus one with sunk waits.
  unsigned getStages() const { return getLead() + (sinks.empty() ? 0 : 1); }
};

/// Builds, next to `loop` (which it leaves unchanged), the software pipeline
/// of `plan`: iteration i runs the body of iteration i, starts the prefetched
/// collectives of iteration i + depth (their futures carried while in
/// flight), waits for those of iteration i + 1 before its yield (their values
/// carried), and waits for the sunk collectives of iteration i - 1 and runs
/// the ops that read their results. A prologue runs the first
/// `plan.getStages()` iterations' share, the loop the steady state and an
/// epilogue what is left. `loop` must have a static trip count above
/// `plan.getStages()`, and the sinks must pass getSinkStage. With
/// `afterGroup`, each prefetched start is placed after the body's last start
/// of its group, so that every group issues its collectives in the order of
/// the input. Iteration i also starts the early collectives of iteration
/// i + 1 on the values it yields (right after they are computed, or after the
/// group's last start with `afterGroup`), carrying their futures; the prologue
/// starts those of the first iteration on the initial values.
PipelinedLoop pipelineLoop(scf::ForOp loop, const PipelinePlan &plan);

/// The depth-1 rotation of `movable` without sunk waits.
PipelinedLoop pipelineLoop(scf::ForOp loop, ArrayRef<MovableCollective> movable,
                           bool afterGroup);

/// Returns the most collectives of one process group in flight at once in
/// `body` (an `scf.for` body), counting the futures it receives as iteration
/// arguments as in flight on entry.
int64_t getMaxInFlight(Block &body);

/// Erases what `pipelineLoop` built (when its result is not kept).
void erasePipelinedLoop(PipelinedLoop &pipelined);

/// Returns the simulated time of one iteration of `body` (an `scf.for` body)
/// in the steady state: the flat stream simulator on `copies` consecutive
/// iterations (iteration arguments depend on the previous copy's yield; a
/// wait on a future received as an iteration argument waits for the start of
/// the copy that yielded it, or for nothing in the first copies),
/// the makespan growth from `copies / 2` to `copies` iterations divided by
/// the iterations added. Fails after an error if an op cannot be costed.
FailureOr<double> simulateSteadyStateUs(Block &body, const CostModel &model,
                                        unsigned copies);

/// Returns the peak memory of one iteration of `body`, with the iteration
/// arguments live on entry. Fails after an error.
FailureOr<int64_t> computeBodyPeak(Block &body);

/// Returns the peak memory of the whole function that holds `op`: the
/// largest entry of getNestedMemoryTimeline of its body (a loop's body peak
/// on top of what is live around the loop, nested blocks included). Fails
/// after an error.
FailureOr<int64_t> computeFunctionPeak(Operation *op);

/// Returns computeFunctionPeak of the function of `loop` as it would be with
/// `pipelined` (built next to `loop` by pipelineLoop) in its place: the
/// loop is taken out and the uses of its results read the replacements
/// while the function is measured, then both are put back. The peak the
/// depth choice keeps within the budget. Fails after an error.
FailureOr<int64_t> computeFunctionPeakWith(scf::ForOp loop,
                                           const PipelinedLoop &pipelined);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_LOOPPIPELINING_H
