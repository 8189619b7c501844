//===- sched-translate.cpp - sched translation driver ---------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// An mlir-translate style driver for the formats sched imports:
//
//   sched-translate --import-fx-json graph.json
//
// reads a PyTorch FX graph in the sched-fx/1 JSON format (docs/FXFormat.md)
// and prints sched IR. It runs on a thread with a large stack and refuses
// JSON nested deeper than --max-nesting-depth before parsing it
// (docs/Tools.md).
//
//===----------------------------------------------------------------------===//

#include "sched/InitAll.h"
#include "sched/Target/FXJSON/FXImporter.h"
#include "sched/Tools/ToolSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

static llvm::cl::OptionCategory fxCategory("FX JSON import options");

static llvm::cl::opt<bool> fxViewsAsCompute(
    "fx-views-as-compute",
    llvm::cl::desc("Import every view as a zero-cost sched.compute "
                   "\"aten.view\" instead of tensor reshapes and slices"),
    llvm::cl::init(false), llvm::cl::cat(fxCategory));

static llvm::cl::opt<bool> fxIgnoreRuntimes(
    "fx-ignore-runtimes",
    llvm::cl::desc("Do not turn the nodes' runtime_us into time_ns"),
    llvm::cl::init(false), llvm::cl::cat(fxCategory));

static llvm::cl::opt<bool> fxKeepDeadNodes(
    "fx-keep-dead-nodes",
    llvm::cl::desc("Keep the nodes that no output depends on (by default "
                   "the pure ones are dropped, as Inductor does)"),
    llvm::cl::init(false), llvm::cl::cat(fxCategory));

/// Registers `--import-fx-json`.
static void registerImportFXJSON() {
  TranslateToMLIRRegistration registration(
      "import-fx-json",
      "import a PyTorch FX graph in the sched-fx/1 JSON format",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        if (failed(sched::checkNestingDepth(*sourceMgr, context,
                                            sched::getMaxNestingDepth())))
          return nullptr;
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        sched::FXImportOptions options;
        options.sourceName = buffer->getBufferIdentifier().str();
        options.viewsAsTensorOps = !fxViewsAsCompute;
        options.useRuntimes = !fxIgnoreRuntimes;
        options.eraseDeadNodes = !fxKeepDeadNodes;
        OwningOpRef<ModuleOp> module =
            sched::importFXGraph(buffer->getBuffer(), context, options);
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) { sched::registerAllDialects(registry); });
}

int main(int argc, char **argv) {
  sched::configureBatchAllocator();
  sched::registerSchedVersionPrinter();
  sched::registerMaxNestingDepthOption();
  registerImportFXJSON();
  return sched::runWithLargeStack([&] {
    return failed(mlirTranslateMain(argc, argv, "sched translation driver\n"))
               ? 1
               : 0;
  });
}
