//===- PipelineSimulation.cpp - simulate pipeline stages together ---------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/PipelineSimulation.h"
#include "sched/Analysis/ContendedStreams.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <memory>
#include <optional>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// One linked group: its member stages (indices) and, per collective
/// number, each member's issue time and duration, and the end once known.
struct Link {
  SmallVector<unsigned> members;
  std::vector<SmallVector<std::optional<std::pair<double, double>>>> issued;
  std::vector<double> ends;
};

/// The state of one stage during the simulation.
struct StageState {
  size_t pc = 0;
  double timeUs = 0, busyUs = 0, lastEndUs = 0;
  /// Per local stream: when it is free; per group name: starts issued.
  std::vector<double> streamFree;
  llvm::StringMap<int64_t> issued;
  /// Per op position: the end of its collective, for local ones, or the
  /// (link, number) of a linked one.
  DenseMap<unsigned, double> ends;
  DenseMap<unsigned, std::pair<Link *, int64_t>> linked;
  /// With contention (docs/CostModel.md): the rows and streams of the
  /// stage's local collectives, and each local start's row.
  std::unique_ptr<SimResult> contendedRows;
  std::unique_ptr<ContendedStreams> contended;
  DenseMap<unsigned, unsigned> rowOf;
};
} // namespace

/// Finds the groups of `module` whose ranks meet several of `stages`.
static llvm::StringMap<Link> findLinks(ModuleOp module,
                                       ArrayRef<PipelineStageInput> stages) {
  llvm::StringMap<Link> links;
  for (auto group : module.getOps<ProcessGroupOp>()) {
    SmallVector<int64_t> ranks;
    if (std::optional<ArrayRef<int64_t>> listed = group.getRanks())
      ranks.assign(listed->begin(), listed->end());
    else
      for (int64_t r = 0, e = static_cast<int64_t>(group.getSize()); r < e; ++r)
        ranks.push_back(r);
    SmallVector<unsigned> members;
    for (auto [i, stage] : llvm::enumerate(stages))
      if (llvm::any_of(stage.ranks,
                       [&](int64_t r) { return llvm::is_contained(ranks, r); }))
        members.push_back(i);
    if (members.size() >= 2)
      links[group.getSymName()].members = std::move(members);
  }
  return links;
}

/// Resolves the collectives of `link` in order up to number `k`: each
/// begins once all members issued it and the previous one ended. Returns
/// false if some member has not issued one of them yet.
static bool resolve(Link &link, int64_t k) {
  while (static_cast<int64_t>(link.ends.size()) <= k) {
    size_t n = link.ends.size();
    if (n >= link.issued.size())
      return false;
    double begin = link.ends.empty() ? 0 : link.ends.back(), duration = 0;
    for (const auto &entry : link.issued[n]) {
      if (!entry)
        return false;
      begin = std::max(begin, entry->first);
      duration = std::max(duration, entry->second);
    }
    link.ends.push_back(begin + duration);
  }
  return true;
}

/// Records that stage `i` issued the collective of the start at `pos` on
/// `link` as its collective number `k`, at `timeUs`.
static void issueLinked(unsigned i, unsigned pos, const SimOp &op,
                        StageState &state, Link &link, int64_t k) {
  auto member = llvm::find(link.members, i) - link.members.begin();
  if (static_cast<int64_t>(link.issued.size()) <= k)
    link.issued.resize(k + 1,
                       SmallVector<std::optional<std::pair<double, double>>>(
                           link.members.size()));
  link.issued[k][member] = {state.timeUs, op.durationUs};
  state.linked[pos] = {&link, k};
}

/// Runs stage `i` until it finishes or waits on an unresolved collective.
/// Returns whether it advanced.
static bool advance(unsigned i, const PipelineStageInput &input,
                    StageState &state, llvm::StringMap<Link> &links) {
  const std::vector<SimOp> &ops = input.sim.simOps;
  bool progress = false;
  while (state.pc < ops.size()) {
    unsigned pos = state.pc;
    const SimOp &op = ops[pos];
    if (op.kind == SimOp::Kind::Compute) {
      state.timeUs += op.durationUs;
      state.busyUs += op.durationUs;
    } else if (op.kind == SimOp::Kind::Start) {
      StringRef group = input.sim.streamNames[op.stream];
      int64_t k = state.issued[group]++;
      auto it = links.find(group);
      if (it != links.end()) {
        issueLinked(i, pos, op, state, it->second, k);
      } else {
        double begin = std::max(state.timeUs, state.streamFree[op.stream]);
        state.streamFree[op.stream] = begin + op.durationUs;
        state.ends[pos] = begin + op.durationUs;
      }
    } else {
      double end;
      auto linked = state.linked.find(op.start);
      if (linked != state.linked.end()) {
        auto [link, k] = linked->second;
        if (!resolve(*link, k))
          break;
        end = link->ends[k];
      } else {
        end = state.ends.lookup(op.start);
      }
      state.timeUs = std::max(state.timeUs, end);
    }
    state.lastEndUs = std::max(state.lastEndUs, state.timeUs);
    ++state.pc;
    progress = true;
  }
  return progress;
}

/// `advance` with contention: the stage's compute and local collectives run
/// on its ContendedStreams; collectives between stages are not slowed down
/// (the compute stream waits for them without running anything).
static bool advanceContended(unsigned i, const PipelineStageInput &input,
                             StageState &state, llvm::StringMap<Link> &links) {
  const std::vector<SimOp> &ops = input.sim.simOps;
  ContendedStreams &streams = *state.contended;
  bool progress = false;
  while (state.pc < ops.size()) {
    unsigned pos = state.pc;
    const SimOp &op = ops[pos];
    if (op.kind == SimOp::Kind::Compute) {
      double from = streams.nowUs;
      streams.runCompute(op.durationUs);
      state.busyUs += streams.nowUs - from;
    } else if (op.kind == SimOp::Kind::Start) {
      StringRef group = input.sim.streamNames[op.stream];
      int64_t k = state.issued[group]++;
      auto it = links.find(group);
      if (it != links.end())
        issueLinked(i, pos, op, state, it->second, k);
      else
        state.rowOf[pos] = streams.issue(pos);
    } else {
      auto linked = state.linked.find(op.start);
      if (linked != state.linked.end()) {
        auto [link, k] = linked->second;
        if (!resolve(*link, k))
          break;
        streams.runAloneUntil(std::max(streams.nowUs, link->ends[k]));
      } else if (auto row = state.rowOf.find(op.start);
                 row != state.rowOf.end() && !streams.hasEnded(row->second)) {
        streams.runUntilEnded(row->second);
      }
    }
    state.timeUs = streams.nowUs;
    state.lastEndUs = std::max(state.lastEndUs, state.timeUs);
    ++state.pc;
    progress = true;
  }
  return progress;
}

FailureOr<PipelineSimulation>
mlir::sched::simulatePipeline(ModuleOp module,
                              ArrayRef<PipelineStageInput> stages) {
  llvm::StringMap<Link> links = findLinks(module, stages);
  std::vector<StageState> states(stages.size());
  for (auto [state, stage] : llvm::zip(states, stages)) {
    state.streamFree.assign(stage.sim.streamNames.size(), 0);
    if (hasContention(stage.sim.simOps)) {
      state.contendedRows = std::make_unique<SimResult>();
      state.contended = std::make_unique<ContendedStreams>(
          stage.sim.simOps, *state.contendedRows, stage.sim.streamNames.size());
    }
  }
  for (bool progress = true; progress;) {
    progress = false;
    for (unsigned i = 0; i < stages.size(); ++i)
      progress |= states[i].contended
                      ? advanceContended(i, stages[i], states[i], links)
                      : advance(i, stages[i], states[i], links);
  }
  PipelineSimulation result;
  for (auto [state, stage] : llvm::zip(states, stages)) {
    if (state.pc < stage.sim.simOps.size()) {
      mlir::emitError(module.getLoc())
          << "the pipeline stages deadlock: @" << stage.name
          << " waits on a collective a peer stage never starts (see "
             "sched-verify-deadlock)";
      return failure();
    }
    // Local collectives still in flight at the end count too.
    double end = state.lastEndUs;
    for (double free : state.streamFree)
      end = std::max(end, free);
    if (state.contended) {
      state.contended->drain();
      end = std::max(end, state.contended->nowUs);
    }
    result.stages.push_back({stage.name, end, state.busyUs, 0});
    result.makespanUs = std::max(result.makespanUs, end);
  }
  for (PipelineSimulation::Stage &stage : result.stages)
    stage.bubbleUs = result.makespanUs - stage.computeBusyUs;
  return result;
}

void mlir::sched::writePipelineSummary(const PipelineSimulation &pipeline,
                                       raw_ostream &os) {
  os << llvm::formatv("pipeline: {0} stages, step {1:F3} us (stages "
                      "simulated together)\n",
                      pipeline.stages.size(), pipeline.makespanUs);
  os << llvm::format("  %-16s %14s %14s %8s\n", "stage", "compute_us",
                     "bubble_us", "bubble");
  for (const PipelineSimulation::Stage &stage : pipeline.stages)
    os << llvm::format("  %-16s %14.3f %14.3f %7.1f%%\n", stage.name.c_str(),
                       stage.computeBusyUs, stage.bubbleUs,
                       pipeline.makespanUs > 0
                           ? 100 * stage.bubbleUs / pipeline.makespanUs
                           : 0.0);
}
