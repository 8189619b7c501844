//===- sched-lsp-server.cpp - MLIR language server for sched --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The MLIR language server with the sched dialect and the dialects sched-opt
// knows, so that editors understand .mlir files with sched ops.
//
//===----------------------------------------------------------------------===//

#include "sched/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::sched::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
