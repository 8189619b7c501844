//===- TestPeakMemory.cpp - test-sched-print-memory -----------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Prints the memory timeline of each function body in program order:
//
//   remark: step 2: 1536 bytes          (on every op)
//   remark: peak 1536 bytes at step 2; live: arg0 (512), step 1 (1024)
//                                       (on the function)
//
// Ops with `test.move_to = N` also report the peak if they moved to N, and
// ops with `test.fuse_with = N` the peak if they were fused with step N.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "sched/Analysis/BufferLiveness.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
struct TestPeakMemoryPass
    : public PassWrapper<TestPeakMemoryPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPeakMemoryPass)

  TestPeakMemoryPass() = default;
  TestPeakMemoryPass(const TestPeakMemoryPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-sched-print-memory"; }
  StringRef getDescription() const final {
    return "print the memory timeline and peak of each function body";
  }

  Option<bool> argumentsLive{
      *this, "arguments-live",
      llvm::cl::desc("keep function arguments live to the end"),
      llvm::cl::init(true)};

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    BufferLiveness::Options options;
    options.argumentsLiveThroughout = argumentsLive;
    FailureOr<BufferLiveness> liveness =
        BufferLiveness::build(func.getBody().front(), options);
    if (failed(liveness))
      return signalPassFailure();
    const MemoryProblem &problem = liveness->getProblem();
    std::vector<unsigned> order = liveness->getProgramOrder();
    MemoryProfile profile(problem, order);
    for (unsigned step = 0; step < problem.numSteps; ++step) {
      Operation *op = liveness->getOp(step);
      op->emitRemark() << "step " << step << ": " << profile.getTimeline()[step]
                       << " bytes";
      if (auto other = op->getAttrOfType<IntegerAttr>("test.fuse_with")) {
        std::optional<int64_t> fused =
            other.getInt() < 0 || other.getInt() >= problem.numSteps
                ? std::nullopt
                : profile.getPeakIfFused(step, other.getInt());
        if (fused)
          op->emitRemark() << "peak if fused with step " << other.getInt()
                           << ": " << *fused << " bytes";
        else
          op->emitRemark() << "cannot fuse with step " << other.getInt();
      }
      auto target = op->getAttrOfType<IntegerAttr>("test.move_to");
      if (!target)
        continue;
      std::optional<int64_t> moved =
          target.getInt() < 0 ? std::nullopt
                              : profile.getPeakIfMoved(step, target.getInt());
      if (moved)
        op->emitRemark() << "peak if moved to " << target.getInt() << ": "
                         << *moved << " bytes";
      else
        op->emitRemark() << "cannot move to " << target.getInt();
    }
    InFlightDiagnostic diag = func.emitRemark()
                              << "peak " << profile.getPeak() << " bytes";
    if (problem.numSteps == 0)
      return;
    diag << " at step " << profile.getPeakPosition() << "; live: ";
    llvm::interleaveComma(profile.getBuffersLiveAtPeak(), diag,
                          [&](unsigned buffer) {
                            Value value = liveness->getValue(buffer);
                            if (auto arg = dyn_cast<BlockArgument>(value))
                              diag << "arg" << arg.getArgNumber();
                            else
                              diag << "step " << *problem.buffers[buffer].def;
                            diag << " (" << problem.buffers[buffer].size << ")";
                          });
  }
};
} // namespace

void mlir::sched::test::registerTestPeakMemoryPass() {
  PassRegistration<TestPeakMemoryPass>();
}
