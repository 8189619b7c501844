//===- StreamSimulator.h - simulate compute and comm streams ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Simulates one op order on one compute stream and one in-order
// communication stream per process group (NCCL runs the collectives of one
// communicator in issue order):
//
// * A compute op runs on the compute stream when the stream is free.
// * A start is issued from the compute stream (taking no time there); its
//   collective begins when the group's stream is free and ends after its
//   estimated time.
// * A wait holds the compute stream until its collective has ended; the time
//   it holds it is the collective's exposed time.
//
// Communication and compute do not slow each other down unless a start
// carries contention factors above 1 (from a profile's contention buckets):
// then, while a compute op runs beside collectives in flight, each of those
// advances at 1 / its comm factor and the compute op at 1 / the largest of
// their compute factors (docs/CostModel.md, "Contention").
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_STREAMSIMULATOR_H
#define SCHED_ANALYSIS_STREAMSIMULATOR_H

#include "mlir/IR/Block.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace sched {

class CostModel;
class DependenceGraph;

/// One op of a simulated order.
struct SimOp {
  enum class Kind { Compute, Start, Wait };
  Kind kind = Kind::Compute;
  /// Compute: run time. Start: time of the collective. Wait: unused.
  double durationUs = 0;
  /// Start: the communication stream (process group).
  unsigned stream = 0;
  /// Start: contention (docs/CostModel.md). While a compute op runs, this
  /// collective advances at 1 / `commFactor` of its solo rate; while it is
  /// in flight, compute advances at 1 / `computeFactor` (the largest among
  /// the collectives in flight). 1 and 1: no contention.
  double commFactor = 1.0, computeFactor = 1.0;
  /// Wait: the position, in the simulated order, of its start.
  unsigned start = 0;
  /// Positions, in the simulated order, of the ops this op depends on; used
  /// for the critical path only (the order already respects them).
  SmallVector<unsigned, 2> deps;
};

/// The outcome of a simulation. Times are in microseconds from 0.
struct SimResult {
  /// Per op: when it begins and ends on the compute stream (a start's
  /// compute-stream time is its issue instant).
  std::vector<double> beginUs, endUs;

  /// One row per collective, in issue order.
  struct Collective {
    unsigned op;     ///< Position of the start.
    unsigned wait;   ///< Position of its wait (== op if never waited).
    unsigned stream; ///< Communication stream.
    double issueUs, beginUs, endUs, exposedUs;
  };
  std::vector<Collective> collectives;

  double makespanUs = 0;
  /// Busy time of the compute stream and of all comm streams together.
  double computeBusyUs = 0, commBusyUs = 0;
  /// Time the compute stream waited for collectives.
  double exposedCommUs = 0;
  /// 1 - exposed / total communication time (1 if there is none).
  double overlapFraction = 1;
  /// Time the compute stream was idle (waiting) before the makespan.
  double computeIdleUs = 0;
  /// The time contention added (0 without it): what compute ops and
  /// collectives took beyond their solo durations, each summed.
  double computeContentionUs = 0, commContentionUs = 0;
  /// Lower bounds of any order: the busiest stream, and the critical path.
  double streamBoundUs = 0, criticalPathUs = 0;
};

/// Simulates `ops`, given in execution order. Fails if a wait names a
/// position that is not an earlier start, or a dependence points forward.
/// With contention (hasContention), calls simulateWithContention.
FailureOr<SimResult> simulate(ArrayRef<SimOp> ops);

/// Returns true if a start of `ops` has a contention factor other than 1.
bool hasContention(ArrayRef<SimOp> ops);

/// Simulates `ops` event by event with the contention model of
/// docs/CostModel.md: between two events (an op or a collective ending),
/// the running compute op and the collectives in flight advance at constant
/// rates. With every factor 1 its times are `simulate`'s up to rounding. The
/// busy times are the contended ones; the lower bounds (streamBoundUs,
/// criticalPathUs) use the solo durations, so they hold for every order.
/// Fails as `simulate` does.
FailureOr<SimResult> simulateWithContention(ArrayRef<SimOp> ops);

/// Returns `ops` with every contention factor set to 1 (to compare a
/// contended simulation with the uncontended one).
std::vector<SimOp> withoutContention(ArrayRef<SimOp> ops);

/// Simulates `ops` (numbered in their original order, as their `deps` and
/// `start` are) run in the order `order`, a permutation of their positions:
/// renumbers them and calls `simulate`. Fails if `order` is not a
/// permutation, or as `simulate` does.
FailureOr<SimResult> simulate(ArrayRef<SimOp> ops, ArrayRef<unsigned> order);

/// Returns a lower bound on the makespan of every order of `ops` that keeps
/// their dependences (`deps`, and every wait after its start), with any issue
/// order of the collectives: the head-and-tail bound. It treats each stream
/// (the compute stream, and each communication stream) as one machine whose
/// jobs (compute ops; collectives) cannot begin before their head (the time
/// their ancestors need, collectives counted with their durations) and leave
/// at least their tail (the time their descendants need) after they end, and
/// returns the largest optimum of the preemptive relaxations of these
/// one-machine problems (Jackson's preemptive schedule), the critical path,
/// or the gated prefix of a communication stream if larger: for a prefix
/// length t, the compute that can begin before t is at most what the
/// collectives that fit in t on that stream unlock (a fractional knapsack),
/// so the rest runs after t. It is never below `SimResult::streamBoundUs` or
/// `SimResult::criticalPathUs`, and is tighter where dependences keep a
/// stream idle (the first all_gather, the last reduce_scatter, forwards that
/// each gather their own weights). See docs/Analyses.md for the proof. `ops`
/// must be a valid order (as for `simulate`, which fails otherwise);
/// O((n + e) log n) time, plus O(n log n + e + 256 m) per communication
/// stream of m collectives whose sums it keeps.
FailureOr<double> computeHeadTailBound(ArrayRef<SimOp> ops);

/// The simulation input of one block, built from IR with a cost model.
struct BlockSimulation {
  std::vector<Operation *> ops;
  std::vector<SimOp> simOps;
  /// Names of the communication streams (process group symbols), by index.
  std::vector<std::string> streamNames;
};

/// Builds the simulation input of `block` in program order, with op times
/// from `costModel`. A start whose future leaves the block (yielded, or an
/// initial value of a loop) has no wait; a wait for a future started outside
/// the block (an iteration argument, a loop's result) is a compute op of no
/// time. Emits an error and fails if an op cannot be costed.
FailureOr<BlockSimulation> buildBlockSimulation(Block &block,
                                                const CostModel &costModel);

/// The same, with the dependences from `graph`, the dependence graph of
/// `block` (for callers that need it too, so that it is built once).
FailureOr<BlockSimulation>
buildBlockSimulationWithGraph(Block &block, const CostModel &costModel,
                              const DependenceGraph &graph);

/// Returns the simulation input of the same block as `sim` after its ops
/// were moved to `order` (op `i` of the result is op `order[i]` of `sim`),
/// with the dependences of `graph`, the block's graph in that order
/// (DependenceGraph::permuted): what buildBlockSimulationWithGraph gives for
/// the reordered block, the times unchanged and the streams numbered by
/// their first start, as it numbers them. O(ops + dependences).
BlockSimulation permuteBlockSimulation(const BlockSimulation &sim,
                                       const DependenceGraph &graph,
                                       ArrayRef<unsigned> order);

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_STREAMSIMULATOR_H
