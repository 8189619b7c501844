//===- TestStreamSimulator.cpp - test-sched-print-simulation --------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Simulates each function body in program order with the cost model of the
// module's #sched.target (and an optional measured profile), and prints:
//
//   remark: [0.000, 5.000] us                      (on every op)
//   remark: on @dp [5.000, 25.000] us, exposed 10.000 us   (on starts)
//   remark: makespan ... us, exposed comm ... us, ...      (on the function)
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
std::string us(double value) { return llvm::formatv("{0:F3}", value).str(); }

struct TestStreamSimulatorPass
    : public PassWrapper<TestStreamSimulatorPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestStreamSimulatorPass)

  TestStreamSimulatorPass() = default;
  TestStreamSimulatorPass(const TestStreamSimulatorPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-sched-print-simulation"; }
  StringRef getDescription() const final {
    return "simulate each function body on compute and comm streams";
  }

  Option<std::string> profilePath{
      *this, "profile", llvm::cl::desc("measured profile (JSON) to use"),
      llvm::cl::init("")};

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<std::optional<MeasuredProfile>> profile =
        loadProfileOrEmitError(module, profilePath);
    if (failed(profile))
      return signalPassFailure();
    WalkResult walk = module.walk([&](func::FuncOp func) {
      if (func.isExternal())
        return WalkResult::advance();
      FailureOr<TargetAttr> target = lookupTargetOrEmitError(func);
      if (failed(target))
        return WalkResult::interrupt();
      CostModel model(*target);
      if (*profile)
        model.setProfile(**profile);
      FailureOr<ProgramSimulation> program =
          buildProgramSimulation(func.getBody().front(), model);
      if (failed(program))
        return WalkResult::interrupt();
      BlockSimulation *sim = &program->sim;
      FailureOr<SimResult> result = simulate(sim->simOps);
      FailureOr<double> bound = computeHeadTailBound(sim->simOps);
      if (failed(result) || failed(bound)) {
        func.emitError() << "cannot simulate this order";
        return WalkResult::interrupt();
      }
      for (auto [pos, op] : llvm::enumerate(sim->ops))
        op->emitRemark() << "[" << us(result->beginUs[pos]) << ", "
                         << us(result->endUs[pos]) << "] us";
      for (const SimResult::Collective &row : result->collectives)
        sim->ops[row.op]->emitRemark()
            << "on @" << sim->streamNames[row.stream] << " [" << us(row.beginUs)
            << ", " << us(row.endUs) << "] us, exposed " << us(row.exposedUs)
            << " us";
      func.emitRemark() << "makespan " << us(result->makespanUs)
                        << " us, exposed comm " << us(result->exposedCommUs)
                        << " us, overlap "
                        << llvm::formatv("{0:F2}", result->overlapFraction)
                        << ", compute busy " << us(result->computeBusyUs)
                        << " us, comm busy " << us(result->commBusyUs)
                        << " us, bounds: streams " << us(result->streamBoundUs)
                        << " us, critical path " << us(result->criticalPathUs)
                        << " us, head and tail " << us(*bound) << " us";
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

void mlir::sched::test::registerTestStreamSimulatorPass() {
  PassRegistration<TestStreamSimulatorPass>();
}
