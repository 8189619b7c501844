//===- RandomProgram.h - random programs for property tests -----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The random programs that the property tests of the schedulers (through
// their own API and through sched-schedule-overlap) run on.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_UNITTESTS_SCHEDULING_RANDOMPROGRAM_H
#define SCHED_UNITTESTS_SCHEDULING_RANDOMPROGRAM_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <random>

namespace mlir {
namespace sched {
namespace unittest {

/// Builds a module with a target, groups "a" (2 ranks) and "b" (8 ranks)
/// and a function @step (last in the module) of one block: 10 to 59 compute
/// ops of random cost reading earlier values, and all-reduces on the two
/// groups whose waits come some ops later.
OwningOpRef<ModuleOp> randomProgram(MLIRContext *context, std::mt19937 &rng);

} // namespace unittest
} // namespace sched
} // namespace mlir

#endif // SCHED_UNITTESTS_SCHEDULING_RANDOMPROGRAM_H
