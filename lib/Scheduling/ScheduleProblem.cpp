//===- ScheduleProblem.cpp - the scheduling problem of a block ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/ScheduleProblem.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::sched;

ScheduleProblem::ScheduleProblem(const BlockSimulation &sim,
                                 const DependenceGraph &graph,
                                 const MemoryProblem &memory,
                                 ArrayRef<int64_t> inputMemory)
    : sim(sim), graph(graph), memory(memory), inputMemory(inputMemory),
      simOps(sim.simOps), numGroups(sim.streamNames.size()) {
  unsigned n = simOps.size();
  defines.assign(n, {});
  uses.assign(n, {});
  allocated.assign(n, 0);
  kept.assign(n, 0);
  read.assign(n, 0);
  for (auto [b, buffer] : llvm::enumerate(memory.buffers)) {
    if (buffer.def && *buffer.def < n) {
      defines[*buffer.def].push_back(b);
      allocated[*buffer.def] += buffer.size;
      if (!buffer.uses.empty() || buffer.liveOut)
        kept[*buffer.def] += buffer.size;
    }
    for (unsigned use : buffer.uses)
      if (use < n) {
        uses[use].push_back(b);
        read[use] += buffer.size;
      }
  }
  withOperands.assign(n, true);
  if (sim.ops.size() == n)
    for (unsigned step = 0; step < n; ++step)
      withOperands[step] = sim.ops[step]->getNumOperands() != 0;
  waitOf.assign(n, n);
  startIndex.assign(n, 0);
  for (unsigned step = 0; step < n; ++step) {
    if (isWait(step) && simOps[step].start < n)
      waitOf[simOps[step].start] = step;
    if (isStart(step)) {
      startIndex[step] = starts.size();
      starts.push_back(step);
    }
  }
}

std::vector<double> mlir::sched::computeBottomLevels(const ScheduleProblem &p) {
  unsigned n = p.size();
  std::vector<double> level(n, 0);
  for (unsigned step = n; step-- > 0;) {
    double tail = 0;
    for (unsigned succ : p.getGraph().getSuccs(step))
      tail = std::max(tail, level[succ]);
    if (p.isStart(step) && p.getWait(step) < n)
      tail = std::max(tail, level[p.getWait(step)]);
    level[step] = (p.isWait(step) ? 0.0 : p.getOp(step).durationUs) + tail;
  }
  return level;
}
