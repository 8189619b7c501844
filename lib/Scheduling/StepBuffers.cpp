//===- StepBuffers.cpp - Per-step buffer index of a memory problem --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/StepBuffers.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;

StepBuffers::StepBuffers(const MemoryProblem &problem, bool skipEmpty) {
  unsigned n = problem.numSteps;
  allocated.assign(n, 0);
  defined.resize(n);
  used.resize(n);
  users.resize(problem.buffers.size());
  for (auto [b, buffer] : llvm::enumerate(problem.buffers)) {
    SmallVector<unsigned, 2> &list = users[b];
    for (unsigned use : buffer.uses)
      if (use != buffer.def)
        list.push_back(use);
    llvm::sort(list);
    list.erase(std::unique(list.begin(), list.end()), list.end());
    if (buffer.def) {
      allocated[*buffer.def] += buffer.size;
    } else {
      entry += buffer.size;
      if (list.empty() && !buffer.liveOut)
        unusedEntry += buffer.size;
    }
    if (skipEmpty && !buffer.size)
      continue;
    for (unsigned use : list)
      used[use].push_back(b);
    if (buffer.def)
      defined[*buffer.def].push_back(b);
  }
}
