//===- StepBuffers.h - Per-step buffer index of a memory problem -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// What each step of a MemoryProblem defines, uses and allocates, and who
// uses each buffer: the index that the memory orders and the fusion planner
// derive from a problem, built in one place.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_STEPBUFFERS_H
#define SCHED_SCHEDULING_STEPBUFFERS_H

#include "sched/Analysis/PeakMemory.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace mlir {
namespace sched {

/// The per-step buffer index of a MemoryProblem, in O(steps + uses log uses).
struct StepBuffers {
  /// Indexes `problem`. With `skipEmpty`, buffers of no bytes are left out
  /// of `defined` and `used` (their users are still listed).
  explicit StepBuffers(const MemoryProblem &problem, bool skipEmpty = false);

  /// Bytes each step allocates (the buffers it defines).
  std::vector<int64_t> allocated;
  /// Buffers each step defines, and uses without defining them, in buffer
  /// order and deduplicated.
  std::vector<SmallVector<unsigned, 2>> defined, used;
  /// Distinct users of each buffer other than its definition, sorted.
  std::vector<SmallVector<unsigned, 2>> users;
  /// Bytes of the entry buffers nobody uses and that are not live out: live
  /// while the first step runs only.
  int64_t unusedEntry = 0;
  /// Bytes of all entry buffers.
  int64_t entry = 0;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_STEPBUFFERS_H
