//===- sched-consumer.cpp - embed the sched dialect in a tool -------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Parses a file with sched IR, verifies it, and lists its collectives through
// CollectiveOpInterface: what a compiler that embeds sched does first.
//
// Usage: sched-consumer <file.mlir>
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: sched-consumer <file.mlir>\n";
    return 2;
  }
  MLIRContext context;
  // Only the sched dialect: the file may use nothing else but builtin ops.
  context.loadDialect<sched::SchedDialect>();
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  sched::TargetAttr target = sched::TargetAttr::lookup(*module);
  llvm::outs() << "target: " << (target ? target.getName() : "none") << "\n";
  module->walk([&](sched::CollectiveOpInterface op) {
    llvm::outs() << sched::stringifyCollectiveKind(op.getCollectiveKind())
                 << " on @" << op.getGroupAttr().getValue() << ": "
                 << op.getInputs().size() << " tensor(s)\n";
  });
  return 0;
}
