//===- OrderVerifierTest.cpp - what moving ops within blocks can break ----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Checks verifyOpOrder (OrderVerifier.h), which sched-pipeline runs instead of
// MLIR's whole verifier after passes that only move ops within their
// blocks: each way a move can break the order is reported, with its message,
// and an order that keeps every definition before its uses passes.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/OrderVerifier.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <string>

using namespace mlir;
using namespace mlir::sched;

namespace {
class OrderVerifierTest : public ::testing::Test {
protected:
  OrderVerifierTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `source`, which must verify, and returns its function @f.
  func::FuncOp parse(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module && succeeded(verify(*module)));
    return module->lookupSymbol<func::FuncOp>("f");
  }

  /// Returns the op of `func`'s body at `index`.
  static Operation *opAt(func::FuncOp func, unsigned index) {
    auto it = func.getBody().front().begin();
    std::advance(it, index);
    return &*it;
  }

  /// Runs verifyOpOrder on `func`; returns the error it emitted ("" if it
  /// succeeded).
  std::string check(func::FuncOp func) {
    std::string message;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    LogicalResult result = verifyOpOrder(func, "the test");
    EXPECT_EQ(succeeded(result), message.empty());
    return message;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

constexpr StringLiteral kChain = R"mlir(
  func.func @f(%x: i32) -> i32 {
    %a = arith.addi %x, %x : i32
    %b = arith.muli %x, %x : i32
    %c = arith.addi %a, %b : i32
    return %c : i32
  }
)mlir";

constexpr StringLiteral kLoop = R"mlir(
  func.func @f(%x: index) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %y = arith.addi %x, %x : index
    %r = scf.for %i = %c0 to %x step %c1 iter_args(%acc = %c0) -> (index) {
      %s = arith.addi %acc, %y : index
      scf.yield %s : index
    }
    return %r : index
  }
)mlir";
} // namespace

// Two independent ops swapped: every definition still comes first.
TEST_F(OrderVerifierTest, AnOrderOfTheDependencesPasses) {
  func::FuncOp func = parse(kChain);
  opAt(func, 1)->moveBefore(opAt(func, 0));
  EXPECT_EQ(check(func), "");
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(OrderVerifierTest, AUseBeforeItsDefinitionIsReported) {
  func::FuncOp func = parse(kChain);
  // %c before %b, which it uses as its operand #1.
  opAt(func, 2)->moveBefore(opAt(func, 1));
  EXPECT_EQ(check(func),
            "operand #1 of this op is defined after it in the order the test "
            "gave the block");
  EXPECT_TRUE(failed(verify(*module)));
}

// A use nested in a loop counts at the loop: the loop must follow %y.
TEST_F(OrderVerifierTest, ANestedUseIsOrderedByItsAncestor) {
  func::FuncOp func = parse(kLoop);
  opAt(func, 2)->moveBefore(opAt(func, 4)); // %y after the loop
  EXPECT_EQ(check(func),
            "operand #1 of this op is defined after it in the order the test "
            "gave the block");
}

TEST_F(OrderVerifierTest, ATerminatorThatIsNotLastIsReported) {
  func::FuncOp func = parse(kChain);
  Operation *terminator = opAt(func, 3);
  // The return before the op that defines its operand, and no longer last.
  terminator->moveBefore(opAt(func, 2));
  EXPECT_EQ(check(func),
            "this terminator is not the last op of its block in the "
            "order the test gave it");
}
