//===- sched-opt.cpp - sched optimizer driver -----------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// An mlir-opt style driver with the sched dialect and passes and the upstream
// dialects sched programs mix in. It runs on a thread with a large stack and
// refuses input nested deeper than --max-nesting-depth before parsing it,
// so that deeply nested programs get an error instead of a stack overflow
// in MLIR's recursive parser, and dense arrays of `index`, on which MLIR's
// attribute parser crashes (docs/Tools.md).
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"
#include "sched/InitAll.h"
#include "sched/Tools/ToolSupport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <cstdio>

using namespace mlir;

/// Checks the input against --max-nesting-depth and for dense arrays of
/// `index` (sched::checkInputText). Returns nothing when it
/// may be parsed; otherwise emits the error (checked against the file's
/// expected-* comments under --verify-diagnostics) and returns the result
/// to exit with: success only when the error was the one expected.
static std::optional<LogicalResult>
refuseUnparsableInput(const llvm::MemoryBuffer &buffer,
                      const MlirOptMainConfig &config) {
  if (!sched::refusesInputText(buffer.getBuffer(), sched::getMaxNestingDepth()))
    return std::nullopt;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  MLIRContext context(MLIRContext::Threading::DISABLED);
  if (config.shouldVerifyDiagnostics()) {
    SourceMgrDiagnosticVerifierHandler handler(sourceMgr, &context,
                                               config.verifyDiagnosticsLevel());
    (void)sched::checkInputText(sourceMgr, &context,
                                sched::getMaxNestingDepth());
    return handler.verify();
  }
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  (void)sched::checkInputText(sourceMgr, &context, sched::getMaxNestingDepth());
  return failure();
}

/// MlirOptMain with the nesting check between reading the input and
/// parsing it. Returns the exit code.
static int runSchedOpt(int argc, char **argv, DialectRegistry &registry) {
  llvm::InitLLVM init(argc, argv);
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "sched optimizer driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "stop)\n";
  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &message);
  if (!input) {
    llvm::errs() << message << "\n";
    return EXIT_FAILURE;
  }
  if (std::optional<LogicalResult> refused =
          refuseUnparsableInput(*input, config))
    return asMainReturnCode(*refused);
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &message);
  if (!output) {
    llvm::errs() << message << "\n";
    return EXIT_FAILURE;
  }
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}

int main(int argc, char **argv) {
  sched::configureBatchAllocator();
  sched::registerSchedVersionPrinter();
  sched::registerMaxNestingDepthOption();
  sched::registerAllPasses();
  sched::test::registerTestPasses();
  DialectRegistry registry;
  sched::registerAllDialects(registry);
  return sched::runWithLargeStack(
      [&] { return runSchedOpt(argc, argv, registry); });
}
