//===- sched-opt.cpp - sched optimizer driver -----------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// An mlir-opt style driver with the sched dialect and passes and the upstream
// dialects sched programs mix in.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"
#include "sched/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::sched::registerAllPasses();
  mlir::sched::test::registerTestPasses();
  mlir::DialectRegistry registry;
  mlir::sched::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "sched optimizer driver\n", registry));
}
