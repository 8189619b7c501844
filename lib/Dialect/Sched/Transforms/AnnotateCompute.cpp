//===- AnnotateCompute.cpp - sched-annotate-compute -----------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Writes on each call the cost and the memory effects derived from its
// callee, which the function passes cannot read, and warns about compute
// that has no cost.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/MemoryEffects.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDANNOTATECOMPUTE
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {
struct SchedAnnotateCompute
    : public sched::impl::SchedAnnotateComputeBase<SchedAnnotateCompute> {
  using Base::Base;
  void runOnOperation() override;
};

/// Derives the costs of calls from their callees' bodies, callees first.
class CallCoster {
public:
  /// Gives `call` a `sched.cost` derived from its callee if it has none and
  /// one can be derived.
  void annotate(CallOpInterface call) {
    StringRef name = SchedDialect::getCostAttrName();
    if (call->hasAttr(name))
      return;
    if (CostAttr cost = getCalleeCost(call.resolveCallableInTable(&symbols))) {
      call->setAttr(name, cost);
      changed = true;
    }
  }
  /// Whether some call got a cost.
  bool hasChanged() const { return changed; }

private:
  /// Returns the summed cost of the body of `callee` (after annotating the
  /// calls in it), or null if it has no body or no cost.
  CostAttr getCalleeCost(Operation *callee) {
    auto callable = dyn_cast_or_null<CallableOpInterface>(callee);
    Region *body = callable ? callable.getCallableRegion() : nullptr;
    if (!body || body->empty())
      return {};
    auto it = costs.find(callee);
    if (it != costs.end())
      return it->second;
    costs[callee] = CostAttr(); // A recursive call gets no cost.
    body->walk([&](CallOpInterface nested) { annotate(nested); });
    CostAttr cost = sumComputeCosts(*body);
    costs[callee] = cost;
    return cost;
  }

  SymbolTableCollection symbols;
  /// Only looked up, never iterated.
  llvm::DenseMap<Operation *, CostAttr> costs;
  bool changed = false;
};

/// Returns the callee symbol of `call`, or null for an indirect call.
SymbolRefAttr getCalleeSymbol(CallOpInterface call) {
  return dyn_cast<SymbolRefAttr>(call.getCallableForCallee());
}

/// Warns, on the first op of each kind of `sched.compute` and of each
/// callee, about compute left without a cost.
void warnUncosted(ModuleOp module) {
  llvm::StringSet<> kinds, callees;
  module->walk([&](Operation *op) {
    if (auto compute = dyn_cast<ComputeOp>(op)) {
      if (!compute.getComputeCost() && kinds.insert(compute.getKind()).second)
        emitWarning(op->getLoc())
            << "compute '" << compute.getKind()
            << "' has no cost and none can be derived from a body: it counts "
               "as 0 us";
      return;
    }
    auto call = dyn_cast<CallOpInterface>(op);
    if (!call || !isa<ComputeOpInterface>(op) ||
        op->hasAttr(SchedDialect::getCostAttrName()))
      return;
    SymbolRefAttr callee = getCalleeSymbol(call);
    if (callee && callees.insert(callee.getLeafReference().getValue()).second)
      emitWarning(op->getLoc())
          << "call of " << callee << " has no '"
          << SchedDialect::getCostAttrName()
          << "' and none can be derived from the callee: it counts as 0 us";
  });
}
} // namespace

void SchedAnnotateCompute::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<CallOpInterface> calls;
  module->walk([&](CallOpInterface call) {
    if (!isa<MemoryEffectOpInterface>(call.getOperation()))
      calls.push_back(call);
  });
  CallCoster coster;
  for (CallOpInterface call : calls)
    coster.annotate(call);
  MemoryEffectsQuery query(/*deriveFromCallees=*/true);
  StringRef effectsName = SchedDialect::getEffectsAttrName();
  // Derived for all calls before any is written: the derivation reads only
  // the callees' bodies, not what this pass writes.
  SmallVector<std::pair<CallOpInterface, StringRef>> derived;
  for (CallOpInterface call : calls)
    if (!call->hasAttr(effectsName))
      if (std::optional<StringRef> effects = query.getCallDeclaration(call))
        derived.push_back({call, *effects});
  for (auto [call, effects] : derived)
    call->setAttr(effectsName, StringAttr::get(&getContext(), effects));
  if (warn)
    warnUncosted(module);
  // Nothing written: the verifier need not run after the pass.
  if (!coster.hasChanged() && derived.empty())
    markAllAnalysesPreserved();
}
