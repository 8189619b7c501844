//===- StageGuard.cpp - keep scheduled pipeline stages that help ----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "StageGuard.h"
#include "BlockAnalyses.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::sched;

namespace mlir {
namespace sched {
struct StageSnapshot {
  /// The pipelined step of the recorded stages.
  double makespanUs = 0;
  /// Each stage function's name and a detached copy of it, in module order.
  std::vector<std::pair<std::string, func::FuncOp>> originals;

  /// Erases the copies.
  void clear() {
    for (auto &[name, copy] : originals)
      copy.erase();
    originals.clear();
  }
  ~StageSnapshot() { clear(); }
};
} // namespace sched
} // namespace mlir

std::shared_ptr<StageSnapshot> mlir::sched::createStageSnapshot() {
  return std::make_shared<StageSnapshot>();
}

/// Simulates the stages of `module` with the profile at `profilePath`.
static FailureOr<std::optional<PipelineSimulation>>
simulate(ModuleOp module, StringRef profilePath) {
  FailureOr<std::optional<MeasuredProfile>> profile =
      loadProfileOrEmitError(module, profilePath);
  if (failed(profile))
    return failure();
  return simulatePipelineStages(module, *profile);
}

namespace {
struct SnapshotStages
    : public PassWrapper<SnapshotStages, OperationPass<ModuleOp>> {
  SnapshotStages(std::shared_ptr<StageSnapshot> snapshot,
                 std::string profilePath)
      : snapshot(std::move(snapshot)), profilePath(std::move(profilePath)) {}
  StringRef getArgument() const final { return "sched-snapshot-stages"; }
  StringRef getDescription() const final {
    return "record the pipeline stages before sched-pipeline schedules them";
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Only reads the module (the copies are detached): the verifier need not
    // run after it.
    markAllAnalysesPreserved();
    snapshot->clear();
    FailureOr<std::optional<PipelineSimulation>> pipeline =
        simulate(module, profilePath);
    if (failed(pipeline))
      return signalPassFailure();
    if (!*pipeline)
      return;
    snapshot->makespanUs = (*pipeline)->makespanUs;
    for (auto function : module.getOps<func::FuncOp>())
      if (function->hasAttr(getRanksAttrName()) && !function.isExternal())
        snapshot->originals.emplace_back(function.getSymName().str(),
                                         function.clone());
  }

  std::shared_ptr<StageSnapshot> snapshot;
  std::string profilePath;
};

struct GuardStages : public PassWrapper<GuardStages, OperationPass<ModuleOp>> {
  GuardStages(std::shared_ptr<StageSnapshot> snapshot, std::string profilePath)
      : snapshot(std::move(snapshot)), profilePath(std::move(profilePath)) {}
  StringRef getArgument() const final { return "sched-guard-stages"; }
  StringRef getDescription() const final {
    return "keep the scheduled pipeline stages only if the pipelined step "
           "does not grow";
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (snapshot->originals.empty())
      return markAllAnalysesPreserved();
    FailureOr<std::optional<PipelineSimulation>> pipeline =
        simulate(module, profilePath);
    if (failed(pipeline))
      return signalPassFailure();
    double before = snapshot->makespanUs;
    double after = *pipeline ? (*pipeline)->makespanUs : before;
    unsigned numStages = snapshot->originals.size();
    if (after <= before) {
      mlir::emitRemark(module.getLoc())
          << "pipeline of " << numStages << " stages: step "
          << llvm::formatv("{0:F3}", before) << " -> "
          << llvm::formatv("{0:F3}", after) << " us";
      snapshot->clear();
      return markAllAnalysesPreserved();
    }
    SymbolTable symbols(module);
    for (auto &[name, copy] : snapshot->originals)
      if (auto function = symbols.lookup<func::FuncOp>(name))
        function.getBody().takeBody(copy.getBody());
    mlir::emitRemark(module.getLoc())
        << "pipeline of " << numStages << " stages: the stages as scheduled "
        << "take " << llvm::formatv("{0:F3}", after)
        << " us together, the input " << llvm::formatv("{0:F3}", before)
        << " us; the input order of every stage is kept (each stage is "
           "scheduled on its own)";
    snapshot->clear();
  }

  std::shared_ptr<StageSnapshot> snapshot;
  std::string profilePath;
};
} // namespace

std::unique_ptr<Pass>
mlir::sched::createSnapshotStagesPass(std::shared_ptr<StageSnapshot> snapshot,
                                      std::string profilePath) {
  return std::make_unique<SnapshotStages>(std::move(snapshot),
                                          std::move(profilePath));
}

std::unique_ptr<Pass>
mlir::sched::createGuardStagesPass(std::shared_ptr<StageSnapshot> snapshot,
                                   std::string profilePath) {
  return std::make_unique<GuardStages>(std::move(snapshot),
                                       std::move(profilePath));
}
