//===- FuzzerSupport.h - helpers shared by the sched fuzzers ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// What both libFuzzer targets (tools/sched-parse-fuzzer,
// tools/sched-pipeline-fuzzer) need: the dialects sched-opt registers, a
// pass instrumentation that verifies the IR after every pass, the future
// rules checked independently of the verifier, and one way to report a
// broken invariant (print what is known, then abort, which libFuzzer and
// the sanitizers record as a crash).
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_TEST_LIB_FUZZER_FUZZERSUPPORT_H
#define SCHED_TEST_LIB_FUZZER_FUZZERSUPPORT_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Operation.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "llvm/ADT/Twine.h"

namespace mlir {
namespace sched {
namespace fuzz {

/// Returns the registry of every dialect and extension sched-opt loads.
const DialectRegistry &getRegistry();

/// Prints `message`, the verifier's diagnostics on `op` (if it does not
/// verify), and the module around `op` in generic form to stderr, then
/// aborts. `input`, if not empty, is printed first: the program before the
/// step that broke the invariant.
[[noreturn]] void reportBug(const llvm::Twine &message, Operation *op,
                            llvm::StringRef input = {});

/// Verifies the IR after every pass that succeeds, and reports a bug when it
/// does not verify: a pass must leave valid IR or fail. (The pass manager's
/// own verifier turns invalid IR into a pass failure, which a fuzzer could
/// not tell from a diagnosed error; turn it off with enableVerifier(false).)
class VerifyAfterEachPass : public PassInstrumentation {
public:
  void runAfterPass(Pass *pass, Operation *op) override;
};

/// Checks the future rules without the verifier: every collective start's
/// future has exactly one use, later in the same block: a sched.wait, or an
/// scf.yield or scf.for that passes it on (the verifier checks the rest of
/// its way). Reports a bug naming `step` otherwise.
void checkFutures(Operation *root, llvm::StringRef step);

/// Prints `op` in the generic form with locations, for reports.
std::string printForReport(Operation *op);

} // namespace fuzz
} // namespace sched
} // namespace mlir

#endif // SCHED_TEST_LIB_FUZZER_FUZZERSUPPORT_H
