//===- FuzzerSupport.cpp - helpers shared by the sched fuzzers ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::sched;

const DialectRegistry &fuzz::getRegistry() {
  static const DialectRegistry *registry = [] {
    auto *result = new DialectRegistry();
    registerAllDialects(*result);
    return result;
  }();
  return *registry;
}

std::string fuzz::printForReport(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().printGenericOpForm().enableDebugInfo());
  return text;
}

void fuzz::reportBug(const Twine &message, Operation *op, StringRef input) {
  llvm::errs() << "==== sched fuzzer: invariant broken: " << message << "\n";
  if (!input.empty())
    llvm::errs() << "==== input:\n" << input << "\n";
  if (op) {
    Operation *top = op;
    while (Operation *parent = top->getParentOp())
      top = parent;
    {
      // The verifier's diagnostics, printed rather than swallowed.
      ScopedDiagnosticHandler print(op->getContext(), [](Diagnostic &diag) {
        llvm::errs() << "==== " << diag.getLocation() << ": " << diag << "\n";
        for (Diagnostic &note : diag.getNotes())
          llvm::errs() << "====   note: " << note << "\n";
        return success();
      });
      (void)verify(top);
    }
    llvm::errs() << "==== IR:\n" << printForReport(top) << "\n";
  }
  llvm::errs().flush();
  std::abort();
}

void fuzz::VerifyAfterEachPass::runAfterPass(Pass *pass, Operation *op) {
  if (succeeded(verify(op)))
    return;
  reportBug(Twine("'") + pass->getArgument() +
                "' succeeded but left IR that does not verify",
            op);
}

void fuzz::checkFutures(Operation *root, StringRef step) {
  root->walk([&](CollectiveOpInterface start) {
    Operation *op = start.getOperation();
    Value future = op->getResult(0);
    if (!future.hasOneUse())
      reportBug(Twine(step) + ": a future has " +
                    Twine(std::distance(future.use_begin(), future.use_end())) +
                    " uses, not one wait",
                op);
    Operation *user = *future.user_begin();
    // A future that flows through a loop or a branch is checked by the
    // verifier (VerifyAfterEachPass); only where it goes first is checked here.
    bool passedOn = isa<scf::YieldOp, scf::ForOp>(user);
    if ((!isa<WaitOp>(user) && !passedOn) ||
        user->getBlock() != op->getBlock() || !op->isBeforeInBlock(user))
      reportBug(Twine(step) +
                    ": a future is not waited by a later sched.wait in its "
                    "block",
                op);
  });
}
