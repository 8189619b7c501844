//===- IncrementalSimulation.h - re-simulate a changed order ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The stream simulation of an op order (StreamSimulator.h) that answers "what
// if the ops at these few positions were replaced" without simulating the
// whole order again, as the bucketer asks once per candidate.
//
// The simulation keeps the state of the streams every `interval` positions
// (a checkpoint). A change is simulated from the checkpoint before its first
// position; after its last position, at each checkpoint, the state is
// compared with the stored one up to a time shift: when the compute stream's
// backlog on every communication stream and the remaining time of every
// collective in flight are the same, everything after runs identically,
// shifted by the same amount. The outcome is then exact without simulating
// the rest. Applying a change stores the new checkpoints it simulated and
// adds the shift to the later ones (a Fenwick tree, O(log n)).
//
// With contention (a start with a contention factor other than 1, in the
// order or in a change), the end of a collective depends on the compute
// after its start, so checkpoints do not apply: every evaluation simulates
// the whole changed order (simulateWithContention). Exact, but O(n) per
// evaluation.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_INCREMENTALSIMULATION_H
#define SCHED_ANALYSIS_INCREMENTALSIMULATION_H

#include "sched/Analysis/StreamClock.h"
#include "sched/Analysis/StreamSimulator.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir {
namespace sched {

/// A simulated order whose ops can be replaced a few at a time.
class IncrementalSimulation {
public:
  /// The replacement of the op at position `pos`. A position that no longer
  /// holds an op (a collective merged into another) holds a compute op of
  /// duration 0.
  struct Change {
    unsigned pos;
    SimOp op;
  };

  /// What the bucketer compares: the compute stream's total wait for
  /// collectives, and the step time.
  struct Totals {
    double exposedCommUs = 0;
    double makespanUs = 0;
  };

  /// Simulates `ops` (dependences are ignored: only `simulate`'s critical
  /// path reads them) with a checkpoint every `interval` positions. Fails
  /// as `simulate` does on a wait that names no earlier start.
  static FailureOr<IncrementalSimulation> create(ArrayRef<SimOp> ops,
                                                 unsigned interval = 64);

  /// Returns the totals of the current order.
  Totals getTotals() const { return totals; }
  /// Returns the ops of the current order.
  ArrayRef<SimOp> getOps() const { return ops; }

  /// Returns the totals if `changes` (at most one per position) were made,
  /// or fails if they leave a wait that names no earlier start. The last few
  /// evaluated changes are kept until the next `apply`, which reuses their
  /// simulation (a change is often evaluated, then applied).
  FailureOr<Totals> evaluate(ArrayRef<Change> changes) const;
  /// Makes `changes`; fails, changing nothing, where `evaluate` would.
  LogicalResult apply(ArrayRef<Change> changes);

  /// Returns the number of op steps simulated so far by `create`,
  /// `evaluate` and `apply` (for benchmarks and tests).
  uint64_t getNumSimulatedSteps() const { return numSteps; }

private:
  /// The state of the streams just before a position: the shared stream
  /// times (StreamClock.h; at a checkpoint no stream is free before `nowUs`)
  /// and what only this simulation keeps.
  struct State : StreamTimes {
    /// Exposed communication so far.
    double exposedUs = 0;
    /// End time of each collective still in flight, by position of its
    /// start (sorted by it); only those that end after `nowUs`. A few at a
    /// time: a sorted vector copies without allocating, as checkpoints do.
    SmallVector<std::pair<unsigned, double>, 8> inFlight;
  };

  /// The outcome of simulating a change: the totals, the checkpoints it
  /// passed (index and state) and, if it met the stored states again, the
  /// checkpoint where it did and the shifts after it.
  struct Run {
    Totals totals;
    std::vector<std::pair<unsigned, State>> checkpoints;
    std::optional<unsigned> convergedAt;
    double timeShiftUs = 0, exposedShiftUs = 0;
  };

  /// A change `evaluate` simulated, with its outcome.
  struct Evaluated {
    SmallVector<Change, 4> changes;
    Run run;
  };
  /// How many evaluated changes are kept for `apply`.
  static constexpr unsigned kNumEvaluated = 4;

  IncrementalSimulation() = default;
  /// Returns whether `changes` must be simulated over the whole order (with
  /// contention), and the totals of that simulation then, or failure.
  std::optional<FailureOr<Totals>> runContended(ArrayRef<Change> changes) const;
  FailureOr<Run> run(ArrayRef<Change> changes, bool keepCheckpoints) const;
  /// Returns the kept outcome of `changes`, or null.
  const Run *findEvaluated(ArrayRef<Change> changes) const;
  /// Returns checkpoint `index` with the pending shifts added.
  State getCheckpoint(unsigned index) const;
  void setCheckpoint(unsigned index, State state);
  /// Adds a time and an exposure shift to checkpoints `index` and after.
  void addShift(unsigned index, double timeUs, double exposedUs);

  std::vector<SimOp> ops;
  /// What a simulation step reads of each op, packed: a run walks the ops
  /// in order, and a whole SimOp (with its dependences) takes a cache line.
  struct HotOp {
    double durationUs;
    unsigned stream, start;
    SimOp::Kind kind;
    static HotOp of(const SimOp &op) {
      return {op.durationUs, op.stream, op.start, op.kind};
    }
  };
  std::vector<HotOp> hot;
  /// Positions of the waits of each start, for checking changes.
  std::vector<SmallVector<unsigned, 1>> waitsOf;
  unsigned interval = 64;
  unsigned numStreams = 0;
  /// Whether the order has contention factors (then no checkpoints).
  bool contended = false;
  /// Checkpoint i is the state before position i * interval, stored less
  /// the shifts of the Fenwick trees below at the time it was written.
  std::vector<State> checkpoints;
  /// Fenwick trees over checkpoint indices of pending time and exposure
  /// shifts (a prefix sum is the shift of a checkpoint).
  std::vector<double> timeShifts, exposedShifts;
  Totals totals;
  mutable uint64_t numSteps = 0;
  /// The last changes `evaluate` simulated since the last `apply`, oldest
  /// first, at most kNumEvaluated.
  mutable std::vector<Evaluated> evaluated;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_INCREMENTALSIMULATION_H
