//===- sched-consumer.cpp - embed the sched dialect in a tool -------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Parses a file with sched IR, verifies it, and lists its collectives through
// CollectiveOpInterface: what a compiler that embeds sched does first. With
// --schedule it also runs the default scheduling pipeline from C++
// (buildSchedPipeline) and collects the passes' remarks with a
// ScopedDiagnosticHandler instead of printing them with a SourceMgr handler.
// docs/Embedding.md shows the same code.
//
// Usage: sched-consumer <file.mlir> [--schedule]
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace mlir;

/// Lists the target and the collectives of `module`.
static void listCollectives(ModuleOp module) {
  sched::TargetAttr target = sched::TargetAttr::lookup(module);
  llvm::outs() << "target: " << (target ? target.getName() : "none") << "\n";
  module->walk([&](sched::CollectiveOpInterface op) {
    llvm::outs() << sched::stringifyCollectiveKind(op.getCollectiveKind())
                 << " on @" << op.getGroupAttr().getValue() << ": "
                 << op.getInputs().size() << " tensor(s)\n";
  });
}

/// Returns `file:line:col` (the file without its directory) for a file
/// location, else the location as MLIR prints it.
static std::string formatLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (llvm::sys::path::filename(file.getFilename().getValue()) + ":" +
            llvm::Twine(file.getLine()) + ":" + llvm::Twine(file.getColumn()))
        .str();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << loc;
  return text;
}

/// Returns the word for `severity`.
static StringRef getSeverityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Remark:
    return "remark";
  case DiagnosticSeverity::Note:
    return "note";
  }
  return "note";
}

/// Runs the default scheduling pipeline on `module`, attaching the H100
/// preset where it has no target, and prints the diagnostics the passes
/// emitted. Returns 0 on success.
static int schedule(ModuleOp module) {
  MLIRContext *context = module.getContext();
  if (!sched::TargetAttr::lookup(module))
    module->setAttr(sched::SchedDialect::getTargetAttrName(),
                    sched::TargetAttr::getPreset(context, "h100-sxm"));

  // Every diagnostic of the run lands here, with its severity, location and
  // message; returning success() marks it handled, so nothing is printed.
  std::vector<std::string> messages;
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    messages.push_back(std::string(getSeverityName(diag.getSeverity())) +
                       " at " + formatLocation(diag.getLocation()) + ": " +
                       diag.str());
    return success();
  });

  PassManager pm(context);
  // The options of --sched-pipeline, set as on its command line.
  sched::SchedPipelineOptions options;
  options.memorySlack = 0.05;
  sched::buildSchedPipeline(pm, options);
  LogicalResult result = pm.run(module);

  llvm::outs() << "scheduled: " << messages.size() << " message(s)\n";
  for (const std::string &message : messages)
    llvm::outs() << message << "\n";
  return failed(result) ? 1 : 0;
}

int main(int argc, char **argv) {
  bool scheduleIt = argc == 3 && llvm::StringRef(argv[2]) == "--schedule";
  if (argc != 2 && !scheduleIt) {
    llvm::errs() << "usage: sched-consumer <file.mlir> [--schedule]\n";
    return 2;
  }
  DialectRegistry registry;
  sched::registerAllDialects(registry); // sched, func, arith, tensor, ...
  MLIRContext context(registry);
  // One thread: the remarks of several functions then come in program order.
  context.disableMultithreading();
  context.loadDialect<sched::SchedDialect>();
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(argv[1], &context);
  if (!module)
    return 1;
  listCollectives(*module);
  return scheduleIt ? schedule(*module) : 0;
}
