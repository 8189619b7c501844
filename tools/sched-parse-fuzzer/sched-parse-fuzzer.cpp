//===- sched-parse-fuzzer.cpp - fuzz the parser and sched-pipeline --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A libFuzzer target: parses the input bytes as MLIR with every dialect
// sched-opt registers and, when they parse and verify, runs sched-pipeline
// (after sched-attach-target when the module has no #sched.target, so that
// the pipeline gets past its target lookup). Diagnosed errors are fine;
// crashes, assertion failures, sanitizer reports, and passes that succeed
// but leave IR that does not verify or breaks the future rules are the bugs.
//
// Inputs that use an op whose upstream parser is known to crash are skipped
// (kUpstreamParserCrashes), and so are dense arrays of `index`
// (findIndexDenseArray, the scan sched-opt refuses them with).
//
// The pipeline options come from a hash of the input (so a crash reproduces
// from the input alone): the defaults, bucket=1, fuse=1 with max-in-flight=1,
// or fuse=1 bucket=1 reorder=0 memory-slack=0.
//
// Run it on the corpus that the `sched-fuzz-corpus` target builds from the
// lit tests (build-sanitize/test/Fuzz/corpus/parse), see docs/Diagnostics.md.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/Tools/ToolSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/xxhash.h"

#include <cstdint>
#include <string>

using namespace mlir;
using namespace mlir::sched;

/// Ops whose upstream parsers crash on some malformed input in the MLIR
/// sched builds against (Debian's 22.1.8), which sched cannot fix: inputs
/// that name them are skipped, so that the fuzzer keeps looking for sched's
/// bugs. docs/Diagnostics.md lists them with a reproducer.
static constexpr StringLiteral kUpstreamParserCrashes[] = {
    // `dimensions = 2[0]` (a malformed dense array): the custom parser reports
    // "expected '['" and then uses the null attribute it got.
    "linalg.reduce",
};

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // MLIR's lexer reads up to a terminating NUL, which libFuzzer's buffer does
  // not have: parse a copy.
  std::string text(reinterpret_cast<const char *>(data), size);
  for (StringRef name : kUpstreamParserCrashes)
    if (StringRef(text).contains(name))
      return 0;
  // MLIR 22.1.8's attribute parser crashes on a dense array of `index`
  // (sched-opt refuses it before parsing; docs/Tools.md).
  if (findIndexDenseArray(text))
    return 0;

  MLIRContext context(fuzz::getRegistry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module || failed(verify(*module)))
    return 0;

  PassManager pm(&context, ModuleOp::getOperationName());
  pm.enableVerifier(false);
  pm.addInstrumentation(std::make_unique<fuzz::VerifyAfterEachPass>());
  if (!(*module)->hasAttr(SchedDialect::getTargetAttrName()))
    pm.addPass(createSchedAttachTarget());
  SchedPipelineOptions options;
  switch (llvm::xxh3_64bits(text) % 4) {
  case 0:
    break;
  case 1:
    options.bucket = true;
    break;
  case 2:
    options.fuse = true;
    options.maxInFlight = 1;
    break;
  case 3:
    options.fuse = true;
    options.bucket = true;
    options.reorder = false;
    options.memorySlack = 0.0;
    break;
  }
  buildSchedPipeline(pm, options);
  if (failed(pm.run(*module)))
    return 0;
  fuzz::checkFutures(*module, "sched-pipeline");
  return 0;
}
