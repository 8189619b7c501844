//===- ScheduleReport.h - readable reports of a schedule --------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Evaluates the program order of a function body (stream simulation and
// memory timeline) and writes it for people and tools: a JSON report with a
// stable schema (docs/Reports.md), a summary table, a Chrome trace / Perfetto
// timeline, and an SVG picture of the same timeline.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_SCHEDULEREPORT_H
#define SCHED_ANALYSIS_SCHEDULEREPORT_H

#include "sched/Analysis/StreamSimulator.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace sched {

class CostModel;

/// The evaluation of one function body in program order.
struct FunctionReport {
  /// One op of the body.
  struct Op {
    std::string name, kind, location;
    SimOp::Kind simKind;
    double beginUs, endUs;
    /// Bytes live while the op runs.
    int64_t memoryBytes;
  };
  /// One collective.
  struct Collective {
    unsigned op, wait;
    std::string kind, group, location;
    int64_t bytes;
    double durationUs, issueUs, beginUs, endUs, exposedUs;
  };

  /// One loop, branch, region or call the simulation went into (see
  /// sched/Analysis/ProgramSimulation.h).
  struct Region {
    std::string kind, location, source;
    int64_t iterations;
    /// Times it ran (1, or the iterations of the loops around it).
    unsigned instances, depth;
    /// Begin of its first instance, end of its last, and the time of all
    /// instances together.
    double beginUs, endUs, timeUs;
    /// An `scf.if` with a condition that is not a constant: the time of each
    /// branch on its own (the slower one is simulated).
    double thenUs, elseUs;
  };

  std::string name, target;
  std::vector<Op> ops;
  std::vector<Region> regions;
  std::vector<Collective> collectives;
  std::vector<std::string> streamNames;
  SimResult sim;
  /// computeHeadTailBound of the body: no order of it can be faster.
  double headTailBoundUs = 0;
  /// computeSubsetBound of the body (LowerBounds.h).
  double subsetBoundUs = 0;
  int64_t peakMemoryBytes = 0;
  unsigned peakStep = 0;
  /// What the exact solver found (sched-report exact-max-ops), if it ran.
  struct Exact {
    /// The best makespan found, and a proven lower bound of every order.
    double makespanUs, lowerBoundUs;
    uint64_t nodes;
    /// Whether makespanUs is the optimum.
    bool proven;
    /// With a memory budget (sched-report memory-budget or memory-slack):
    /// the budget, whether an order within it was found (none fits when not
    /// and proven), the peak of the best order and the memory-aware bound.
    std::optional<int64_t> memoryBudgetBytes = std::nullopt;
    bool feasible = true;
    int64_t peakBytes = 0;
    double memoryBoundUs = 0;
  };
  std::optional<Exact> exact;
  /// With a memory budget (sched-report memory-budget or memory-slack): the
  /// memory-aware bound of the body (MemoryBound.h), a lower bound of every
  /// order of peak at most the budget (infinity: no order fits), and the
  /// orders the budget forces beyond the dependences.
  struct MemoryBound {
    int64_t budgetBytes;
    /// The largest of the three families (MemoryAwareBound).
    double boundUs, orderUs, tailUs, headUs;
    unsigned forcedPairs;
  };
  std::optional<MemoryBound> memoryBound;
  /// With contention (a profile's contention buckets): the same order
  /// simulated without it. `sim.computeContentionUs` and
  /// `sim.commContentionUs` hold what contention charged.
  struct Uncontended {
    double makespanUs, exposedCommUs;
  };
  std::optional<Uncontended> uncontended;
};

/// Describes `report.exact` (set) for people: the optimum and the gap of
/// the program order to it, or the best order found and the bound.
std::string describeExact(const FunctionReport &report);

/// Returns the tightest lower bound of `report`'s step: the largest of the
/// head-and-tail, subset, busiest-stream and critical-path bounds, and of
/// the memory-aware bound where the reported order fits its budget (it
/// bounds only the orders within it).
double getLowerBoundUs(const FunctionReport &report);

/// Describes `report.memoryBound` (set) for people: "B us within a budget
/// of M (N forced orders)", and whether this order is over the budget.
std::string describeMemoryBound(const FunctionReport &report);

/// Whether the memory-aware bound of `report` applies to its order (there
/// is one, and the order's peak is within its budget).
bool hasApplicableMemoryBound(const FunctionReport &report);

/// Evaluates `function` (its first block) with `costModel`; emits an error
/// and fails if an op cannot be costed or a value cannot be sized.
FailureOr<FunctionReport> buildFunctionReport(FunctionOpInterface function,
                                              const CostModel &costModel);

/// Writes the JSON report of `reports` (schema `sched-report/1`).
void writeJSONReport(ArrayRef<FunctionReport> reports, raw_ostream &os);
/// Writes a fixed-width summary table of `reports`.
void writeSummaryTable(ArrayRef<FunctionReport> reports, raw_ostream &os);
/// Writes a Chrome trace (chrome://tracing, ui.perfetto.dev): one process
/// per function, the compute stream and one comm stream per process group as
/// threads, memory as a counter.
void writeChromeTrace(ArrayRef<FunctionReport> reports, raw_ostream &os);
/// The plot width of the SVG timeline, in pixels, that `scaleUs` stands for.
constexpr double kTimelinePlotWidth = 1000;

/// Writes an SVG picture of the timeline of `report`. With `scaleUs > 0`,
/// kTimelinePlotWidth pixels stand for `scaleUs` microseconds (a longer
/// makespan widens the picture), so pictures written with the same value
/// share one scale; otherwise the plot spans the makespan.
void writeTimelineSVG(const FunctionReport &report, raw_ostream &os,
                      double scaleUs = 0);

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_SCHEDULEREPORT_H
