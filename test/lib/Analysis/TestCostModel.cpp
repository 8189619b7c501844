//===- TestCostModel.cpp - test-sched-print-cost --------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Prints, as a remark on every collective and compute op of every function,
// the time the cost model estimates and where it comes from:
//
//   remark: collective time: 2101.131 us (ring, 1073741824 bytes on 8 ranks,
//           1 node)
//   remark: compute time: 1.111 us (compute bound at bf16,
//           #sched.cost<flops = 1099511627776>)
//
// The regions of compute ops (linalg bodies, sched.compute bodies) are not
// visited: they belong to their op.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "sched/Analysis/CostModel.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedInterfaces.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
struct TestCostModelPass
    : public PassWrapper<TestCostModelPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestCostModelPass)

  TestCostModelPass() = default;
  TestCostModelPass(const TestCostModelPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-sched-print-cost"; }
  StringRef getDescription() const final {
    return "print the estimated time of each collective and compute op as "
           "remarks";
  }

  Option<std::string> profilePath{
      *this, "profile",
      llvm::cl::desc("JSON file of measured times (docs/CostModel.md)"),
      llvm::cl::init("")};
  Option<std::string> algorithm{
      *this, "algorithm",
      llvm::cl::desc("collective algorithm: auto, ring or tree"),
      llvm::cl::init("auto")};
  Option<double> ringEfficiency{
      *this, "ring-efficiency",
      llvm::cl::desc("fraction of the link bandwidth reached by rings"),
      llvm::cl::init(CostModelOptions().ringEfficiency)};
  Option<double> treeEfficiency{
      *this, "tree-efficiency",
      llvm::cl::desc("fraction of the link bandwidth reached by trees"),
      llvm::cl::init(CostModelOptions().treeEfficiency)};
  Option<double> baseLatency{
      *this, "base-latency",
      llvm::cl::desc("fixed time of every collective, in microseconds"),
      llvm::cl::init(CostModelOptions().collectiveBaseLatencyUs)};
  Option<double> computeEfficiency{
      *this, "compute-efficiency",
      llvm::cl::desc("fraction of the peak compute rate reached"),
      llvm::cl::init(CostModelOptions().computeEfficiency)};
  Option<double> memoryEfficiency{
      *this, "memory-efficiency",
      llvm::cl::desc("fraction of the HBM bandwidth reached"),
      llvm::cl::init(CostModelOptions().memoryEfficiency)};

  void runOnOperation() override;
};
} // namespace

/// Prints `value` with three decimals.
static std::string formatUs(double value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.3f", value);
  return text;
}

void TestCostModelPass::runOnOperation() {
  ModuleOp module = getOperation();

  CostModelOptions options;
  if (algorithm == "auto")
    options.algorithm = CollectiveAlgorithm::Auto;
  else if (algorithm == "ring")
    options.algorithm = CollectiveAlgorithm::Ring;
  else if (algorithm == "tree")
    options.algorithm = CollectiveAlgorithm::Tree;
  else {
    module.emitError() << "unknown collective algorithm '" << algorithm
                       << "'; expected auto, ring or tree";
    return signalPassFailure();
  }
  options.ringEfficiency = ringEfficiency;
  options.treeEfficiency = treeEfficiency;
  options.collectiveBaseLatencyUs = baseLatency;
  options.computeEfficiency = computeEfficiency;
  options.memoryEfficiency = memoryEfficiency;
  if (llvm::Error err = options.verify()) {
    module.emitError() << "invalid cost model option: "
                       << llvm::toString(std::move(err));
    return signalPassFailure();
  }

  std::optional<MeasuredProfile> profile;
  if (!profilePath.empty()) {
    llvm::Expected<MeasuredProfile> loaded =
        MeasuredProfile::loadJSON(profilePath);
    if (!loaded) {
      module.emitError() << "cannot load cost profile: "
                         << llvm::toString(loaded.takeError());
      return signalPassFailure();
    }
    profile = std::move(*loaded);
  }

  SymbolTableCollection symbols;
  bool failedAny = false;
  module.walk([&](func::FuncOp func) {
    if (func.isExternal())
      return;
    TargetAttr target = TargetAttr::lookup(func);
    if (!target) {
      func.emitError() << "no #sched.target on this function or its parents; "
                          "attach one with --sched-attach-target";
      failedAny = true;
      return;
    }
    CostModel model(target, options);
    if (profile)
      model.setProfile(*profile);

    func.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto collective = dyn_cast<CollectiveOpInterface>(op)) {
        FailureOr<CollectiveEstimate> estimate =
            model.estimateCollective(collective, symbols);
        if (failed(estimate)) {
          failedAny = true;
          return WalkResult::skip();
        }
        op->emitRemark() << "collective time: " << formatUs(estimate->timeUs)
                         << " us (" << estimate->getSourceName() << ", "
                         << estimate->bytes << " bytes on "
                         << estimate->groupSize
                         << (estimate->groupSize == 1 ? " rank, " : " ranks, ")
                         << estimate->numNodes
                         << (estimate->numNodes == 1 ? " node)" : " nodes)");
        return WalkResult::skip();
      }
      if (auto compute = dyn_cast<ComputeOpInterface>(op)) {
        FailureOr<ComputeEstimate> estimate = model.estimateCompute(op);
        if (failed(estimate)) {
          failedAny = true;
          return WalkResult::skip();
        }
        InFlightDiagnostic diag =
            op->emitRemark() << "compute time: " << formatUs(estimate->timeUs)
                             << " us (" << estimate->getSourceName();
        if (estimate->source == ComputeEstimate::Source::ComputeBound)
          diag << " at " << estimate->rateType;
        if (CostAttr cost = compute.getComputeCost())
          diag << ", " << cost;
        diag << ")";
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
  });
  if (failedAny)
    signalPassFailure();
}

void mlir::sched::test::registerTestCostModelPass() {
  PassRegistration<TestCostModelPass>();
}
