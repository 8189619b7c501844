//===- ScheduleProblem.h - the scheduling problem of a block ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The input of every scheduling algorithm of the Scheduling library, apart
// from the algorithms (as in CIRCT's Scheduling library): the steps of one
// block (the stream simulation's ops, the terminator last), their
// dependences, their costs and groups, the buffers each step defines and
// uses, and the live bytes of the input order. Built once from the analyses
// of the block; the per-step buffer index is derived here and nowhere else.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_SCHEDULEPROBLEM_H
#define SCHED_SCHEDULING_SCHEDULEPROBLEM_H

#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/StreamSimulator.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace mlir {
namespace sched {

/// Why a scheduler issued a start later than it was ready.
enum class ScheduleDelay : uint8_t { None, InFlightCap, Memory, GatherCap };

/// The scheduling problem of one block. Holds references to the analyses
/// it is built from, which must outlive it.
class ScheduleProblem {
public:
  /// Builds the problem of the steps of `sim` with the dependences of
  /// `graph`, the buffers of `memory` and the live bytes `inputMemory` of
  /// the input order (one entry per step). Buffer steps past the last step
  /// are ignored. `sim` may hold no ops (only simulated ops, as tests build
  /// it). O(steps + buffer uses).
  ScheduleProblem(const BlockSimulation &sim, const DependenceGraph &graph,
                  const MemoryProblem &memory, ArrayRef<int64_t> inputMemory);

  /// The number of steps; the last one is the terminator.
  unsigned size() const { return simOps.size(); }
  /// The terminator's step (size() - 1; only meaningful if size() > 0).
  unsigned getTerminator() const { return size() - 1; }
  /// The number of groups (communication streams).
  unsigned getNumGroups() const { return numGroups; }

  const BlockSimulation &getSimulation() const { return sim; }
  const DependenceGraph &getGraph() const { return graph; }
  const MemoryProblem &getMemory() const { return memory; }
  /// Live bytes at each step of the input order.
  ArrayRef<int64_t> getInputMemory() const { return inputMemory; }

  /// The simulated op of `step`: its kind, duration, group and start.
  const SimOp &getOp(unsigned step) const { return simOps[step]; }
  bool isStart(unsigned step) const {
    return simOps[step].kind == SimOp::Kind::Start;
  }
  bool isWait(unsigned step) const {
    return simOps[step].kind == SimOp::Kind::Wait;
  }
  bool isCompute(unsigned step) const {
    return simOps[step].kind == SimOp::Kind::Compute;
  }

  /// Whether the op of `step` has operands (true for every step of a
  /// simulation built without ops).
  bool hasOperands(unsigned step) const { return withOperands[step]; }

  /// The buffers `step` defines, in buffer order.
  ArrayRef<unsigned> getDefines(unsigned step) const { return defines[step]; }
  /// The buffers `step` uses, in buffer order, once per use (a buffer that
  /// the step uses twice appears twice).
  ArrayRef<unsigned> getUses(unsigned step) const { return uses[step]; }
  /// The bytes `step` allocates: the sizes of the buffers it defines.
  int64_t getAllocatedBytes(unsigned step) const { return allocated[step]; }
  /// The bytes `step` allocates and keeps past itself: the buffers it
  /// defines that have a use or are live out.
  int64_t getKeptBytes(unsigned step) const { return kept[step]; }
  /// The bytes `step` reads: the sizes of its uses, once per use.
  int64_t getReadBytes(unsigned step) const { return read[step]; }
  /// The bytes a collective's start counts against a byte in-flight cap:
  /// the larger of what it reads and what it allocates (an all_gather's
  /// output, a reduce_scatter's input).
  int64_t getCollectiveBytes(unsigned step) const {
    return std::max(allocated[step], read[step]);
  }

  /// The wait of the start at `step`, or size() if it has none (or `step`
  /// is not a start).
  unsigned getWait(unsigned step) const { return waitOf[step]; }
  /// The steps of the starts, in input order.
  ArrayRef<unsigned> getStarts() const { return starts; }
  /// The index of the start at `step` in getStarts() (0 for other steps).
  unsigned getStartIndex(unsigned step) const { return startIndex[step]; }
  /// Whether the step at `step` is a sink: a compute op that no step
  /// depends on (no successor in the graph, so neither a user of its
  /// results nor the terminator) and that keeps no buffer (its results are
  /// unused and not returned). Placed anywhere, a sink delays nothing but
  /// the compute stream: it only hides what is in flight when it runs.
  bool isSink(unsigned step) const {
    return isCompute(step) && step != getTerminator() &&
           graph.getSuccs(step).empty() && kept[step] == 0;
  }

private:
  const BlockSimulation &sim;
  const DependenceGraph &graph;
  const MemoryProblem &memory;
  ArrayRef<int64_t> inputMemory;
  ArrayRef<SimOp> simOps;
  unsigned numGroups;
  std::vector<SmallVector<unsigned, 2>> defines;
  std::vector<SmallVector<unsigned, 4>> uses;
  std::vector<int64_t> allocated, kept, read;
  std::vector<unsigned> waitOf, starts, startIndex;
  std::vector<bool> withOperands;
};

/// The bottom level of every step of `problem`: the longest path from the
/// step to the end in cost-model time (compute times and collective
/// durations; a start's paths go through its wait, a wait takes no time).
/// O(steps + edges).
std::vector<double> computeBottomLevels(const ScheduleProblem &problem);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_SCHEDULEPROBLEM_H
