//===- TestCostModel.cpp - test-sched-print-cost --------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

void mlir::sched::test::registerTestCostModelPass() {}
