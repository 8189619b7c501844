//===- TestPasses.h - registration of the sched test passes -----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_TEST_LIB_TESTPASSES_H
#define SCHED_TEST_LIB_TESTPASSES_H

namespace mlir {
namespace sched {
namespace test {
void registerTestCostModelPass();
void registerTestDependenceGraphPass();
void registerTestPeakMemoryPass();
void registerTestStreamSimulatorPass();

/// Registers every test-sched-* pass.
inline void registerTestPasses() {
  registerTestCostModelPass();
  registerTestDependenceGraphPass();
  registerTestPeakMemoryPass();
  registerTestStreamSimulatorPass();
}
} // namespace test
} // namespace sched
} // namespace mlir

#endif // SCHED_TEST_LIB_TESTPASSES_H
