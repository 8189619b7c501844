//===- MemoryWindow.cpp - live memory of a partial schedule ---------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/MemoryWindow.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::sched;

MemoryWindow::MemoryWindow(const ScheduleProblem &problem)
    : problem(problem), window(problem.getInputMemory()) {
  const MemoryProblem &memory = problem.getMemory();
  remaining.resize(memory.buffers.size());
  for (auto [b, buffer] : llvm::enumerate(memory.buffers)) {
    remaining[b] = buffer.uses.size();
    if (!buffer.def)
      live += buffer.size;
  }
  unsigned n = problem.size();
  placed.assign(n, false);
  while (frontier < n && problem.isStart(frontier))
    ++frontier;
}

int64_t MemoryWindow::getAheadBytes(unsigned step) const {
  if (problem.isStart(step))
    return problem.getAllocatedBytes(step);
  int64_t bytes = problem.isWait(step) ? 0 : problem.getKeptBytes(step);
  const MemoryProblem &memory = problem.getMemory();
  ArrayRef<unsigned> uses = problem.getUses(step);
  for (auto [i, b] : llvm::enumerate(uses))
    if (!memory.buffers[b].liveOut && llvm::find(uses, b) == uses.begin() + i &&
        remaining[b] == static_cast<unsigned>(llvm::count(uses, b)))
      bytes -= memory.buffers[b].size;
  return bytes;
}

int64_t MemoryWindow::getWindowMax(unsigned step) const {
  return frontier < step ? window.max(frontier, step - 1)
                         : RangeMaxTree::kEmpty;
}

bool MemoryWindow::fitsAhead(unsigned step, int64_t ahead,
                             int64_t budget) const {
  return ahead <= 0 || frontier >= step ||
         window.max(frontier, step - 1) + ahead <= budget;
}

bool MemoryWindow::fits(unsigned step, int64_t budget) const {
  if (live + problem.getAllocatedBytes(step) > budget)
    return false;
  if (frontier >= step)
    return true;
  return fitsAhead(step, getAheadBytes(step), budget);
}

void MemoryWindow::charge(unsigned step, int64_t bytes) {
  if (bytes != 0 && frontier < step)
    window.add(frontier, step - 1, bytes);
}

void MemoryWindow::place(unsigned step) {
  const MemoryProblem &memory = problem.getMemory();
  placed[step] = true;
  for (unsigned b : problem.getDefines(step))
    live += memory.buffers[b].size;
  for (unsigned b : problem.getUses(step))
    if (--remaining[b] == 0 && !memory.buffers[b].liveOut)
      live -= memory.buffers[b].size;
  for (unsigned b : problem.getDefines(step))
    if (memory.buffers[b].uses.empty() && !memory.buffers[b].liveOut)
      live -= memory.buffers[b].size;
  unsigned n = problem.size();
  while (frontier < n && (placed[frontier] || problem.isStart(frontier)))
    ++frontier;
}
