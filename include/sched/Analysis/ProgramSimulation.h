//===- ProgramSimulation.h - simulate loops, branches and calls -*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Builds the stream-simulator input of a whole function body, looking into
// its structured control flow: an `scf.for` runs its body once per
// iteration (a constant trip count, or the loop's `sched.trip_count_bound`),
// with the streams carried from one iteration to the next; an `scf.if` runs
// its slower branch; an `scf.execute_region` runs its region; a `func.call`
// of a function that issues collectives runs the callee's body. The result
// is one flat list of simulated ops in execution order, which `simulate` and
// `computeHeadTailBound` take as they are. See docs/Analyses.md.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_PROGRAMSIMULATION_H
#define SCHED_ANALYSIS_PROGRAMSIMULATION_H

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/StreamSimulator.h"

#include <string>
#include <vector>

namespace mlir {
namespace sched {

/// One loop, branch, region or call the simulation went into.
struct SimRegion {
  Operation *op = nullptr;
  /// "scf.for", "scf.if", "scf.execute_region" or "func.call".
  std::string kind;
  /// Iterations simulated (1 for a branch, region or call).
  int64_t iterations = 1;
  /// Where the iterations or the branch come from: "static" or
  /// "sched.trip_count_bound" (loops), "then", "else" (the branch run),
  /// "region", or the callee's symbol.
  std::string source;
  /// For an `scf.if` whose condition is not a constant: the simulated time
  /// of each branch on its own, in microseconds (the slower one is run).
  double thenUs = 0, elseUs = 0;
  /// Per instance (once, or once per iteration of enclosing loops): the
  /// positions, in the flat list, of the markers that open and close it
  /// (zero-time compute ops that stand for the op itself).
  std::vector<std::pair<unsigned, unsigned>> instances;
  /// Nesting depth: 0 for an op of the function body.
  unsigned depth = 0;
};

/// The simulation input of a function body with its control flow unrolled.
struct ProgramSimulation {
  /// The flat list; `sim.ops[i]` is the op that `sim.simOps[i]` simulates
  /// (the loop, branch or call itself for its markers).
  BlockSimulation sim;
  /// Per position of the flat list: the position, in the function body, of
  /// the op of the body that holds it (for the memory timeline).
  std::vector<unsigned> topLevel;
  /// The loops, branches, regions and calls, in the order they first open,
  /// one row per op.
  std::vector<SimRegion> regions;
};

/// How buildProgramSimulation and simulateOpAlone cost a `func.call` whose
/// callee issues collectives.
enum class CallSimulation {
  /// Simulates the callee's body in place of the call (sched-report, the
  /// tools: they read the whole module).
  Callee,
  /// Costs the call as an op of its own (its `sched.cost`, which
  /// sched-annotate-compute writes). For the function passes: they run in
  /// parallel and must not read other functions.
  Leaf,
};

/// Builds the simulation input of `body` (a function's entry block) with op
/// times from `costModel`. Emits an error at the op and fails if an op
/// cannot be costed, a loop has no constant trip count and no
/// `sched.trip_count_bound`, a collective in a loop has a dynamic size
/// without `sched.dim_bounds`, or calls recurse through functions that issue
/// collectives. Emits a warning at every op with regions that it does not
/// look into but that holds collectives or costed compute.
/// `calls` says how a call is costed.
FailureOr<ProgramSimulation>
buildProgramSimulation(Block &body, const CostModel &costModel,
                       CallSimulation calls = CallSimulation::Callee);

/// Returns the simulated time of `op`, an op of some block (a loop, branch,
/// region or call), run on its own: its operands ready at time 0 and every
/// stream free, with its loops, branches, regions and calls simulated as
/// buildProgramSimulation does. This is the cost the scheduling passes give
/// a nested op in the block that holds it. Fails, after an error, as
/// buildProgramSimulation does. A wait in `op` for a future started before
/// it (an initial value of a loop) waits for nothing. `calls` says how a
/// call is costed.
/// Warns at `op`, an op with regions that the simulation does not enter
/// (not a loop, branch or region it understands, a compute op or a
/// collective), if its regions hold collectives or costed compute: "not
/// simulated: the regions of this 'scf.while' hold 2 collective ops and 0
/// costed compute ops, counted as zero time". Returns whether it warned.
bool warnIfNotSimulated(Operation &op);

/// Warns, as warnIfNotSimulated, at every op of `function` whose regions
/// neither the simulation nor the scheduling passes enter (those of loops
/// with a static trip count or a bound, branches and one-block regions),
/// outermost first; ops inside a warned op are not looked at.
void warnOnUnsimulatedRegions(Operation *function);

FailureOr<double>
simulateOpAlone(Operation &op, const CostModel &costModel,
                CallSimulation calls = CallSimulation::Callee);

/// Returns true for the region ops the simulation enters and the scheduling
/// passes order inside: `scf.for`, `scf.if` and one-block
/// `scf.execute_region`.
bool isSimulatedRegionOp(Operation *op);

/// Returns true if a block nested in `body` through `scf.for`, `scf.if` and
/// one-block `scf.execute_region` ops (the blocks the scheduling passes
/// order) holds a collective start or a compute op: then the program
/// simulation of `body` (loops as their iterations) is not its block
/// simulation, and the scheduling passes judge the function by the former.
bool hasNestedWork(Block &body);

/// Returns the bytes live at each op of `block` (the MemoryProfile of
/// BufferLiveness in program order), plus, at each `scf.for`, `scf.if` and
/// `scf.execute_region`, what its body needs beyond the op's operands and
/// results: the peak of the body (nested ones included; of an `scf.if`, its
/// larger branch) less the body's arguments, the loop-carried buffers, which
/// the op's operands count already. Emits an error and fails if a value
/// cannot be sized.
FailureOr<std::vector<int64_t>> getNestedMemoryTimeline(Block &block);
/// The same with the buffer liveness of `block` as it is now, `liveness`,
/// instead of building it again.
FailureOr<std::vector<int64_t>>
getNestedMemoryTimeline(Block &block, const BufferLiveness &liveness);

/// Returns the largest entry of getNestedMemoryTimeline of `block` (0 for an
/// empty block): its peak live memory with its nested bodies' on top. Emits
/// an error and fails as that does.
FailureOr<int64_t> getNestedPeak(Block &block);

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_PROGRAMSIMULATION_H
