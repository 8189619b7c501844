//===- MemoryEffects.cpp - memory effects as the scheduler sees them ------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/MemoryEffects.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::sched;

using EffectInstance = MemoryEffects::EffectInstance;

bool MemoryEffectsQuery::getEffects(Operation *op,
                                    SmallVectorImpl<EffectInstance> &effects) {
  effects.clear();
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  // Most ops of a scheduled block: no regions, effects declared.
  if (iface && op->getNumRegions() == 0) {
    iface.getEffects(effects);
    return true;
  }
  if (!iface) {
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      std::optional<StringRef> declared = getCallDeclaration(call);
      if (!declared)
        return false;
      if (*declared == "args")
        for (OpOperand &operand : call.getArgOperandsMutable()) {
          if (!isa<BaseMemRefType>(operand.get().getType()))
            continue;
          effects.emplace_back(MemoryEffects::Read::get(), &operand,
                               SideEffects::DefaultResource::get());
          effects.emplace_back(MemoryEffects::Write::get(), &operand,
                               SideEffects::DefaultResource::get());
        }
      return true;
    }
  }
  bool known = false;
  if (iface) {
    iface.getEffects(effects);
    known = true;
  }
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    SmallVector<EffectInstance> nested;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &child : block) {
          if (!getEffects(&child, nested))
            return false;
          llvm::append_range(effects, nested);
        }
    known = true;
  }
  return known;
}

/// Returns the `sched.effects` value of `op`, or null.
static StringAttr getDeclaredEffects(Operation *op) {
  auto declared =
      op->getAttrOfType<StringAttr>(SchedDialect::getEffectsAttrName());
  if (!declared ||
      (declared.getValue() != "none" && declared.getValue() != "args"))
    return {}; // The verifier rejects other values.
  return declared;
}

std::optional<StringRef>
MemoryEffectsQuery::getCallDeclaration(CallOpInterface call) {
  if (StringAttr declared = getDeclaredEffects(call))
    return declared.getValue();
  if (!deriveFromCallees)
    return std::nullopt;
  Operation *callee = call.resolveCallableInTable(&symbols);
  if (!callee)
    return std::nullopt;
  if (StringAttr declared = getDeclaredEffects(callee))
    return declared.getValue();
  if (isArgumentOnly(callee))
    return StringRef("args");
  return std::nullopt;
}

void MemoryEffectsQuery::getBaseBuffers(Value value,
                                        SmallVectorImpl<Value> &bases) {
  bases.clear();
  SmallVector<Value> worklist{value};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (auto view = current.getDefiningOp<ViewLikeOpInterface>()) {
      worklist.push_back(view.getViewSource());
      continue;
    }
    if (llvm::is_contained(bases, current))
      continue;
    bases.push_back(current);
    auto call = current.getDefiningOp<CallOpInterface>();
    if (!call || isa<MemoryEffectOpInterface>(call.getOperation()) ||
        getCallDeclaration(call) != StringRef("args"))
      continue;
    for (Value argument : call.getArgOperands())
      if (isa<BaseMemRefType>(argument.getType()))
        worklist.push_back(argument);
  }
}

/// Returns true if `base` is a buffer that an op inside `body` allocates.
static bool isAllocatedIn(Value base, Region &body) {
  Operation *def = base.getDefiningOp();
  return def && body.isAncestor(def->getParentRegion()) &&
         hasEffect<MemoryEffects::Allocate>(def, base);
}

bool MemoryEffectsQuery::isArgumentOnly(Operation *callee) {
  auto callable = dyn_cast<CallableOpInterface>(callee);
  Region *body = callable ? callable.getCallableRegion() : nullptr;
  if (!deriveFromCallees || !body || body->empty())
    return false;
  auto it = argumentOnly.find(callee);
  if (it != argumentOnly.end())
    return it->second;
  // False while in progress: a recursive call is not argument-only.
  argumentOnly[callee] = false;
  Block &entry = body->front();
  // Every buffer `value` may be is an argument or allocated in the body.
  SmallVector<Value> bases;
  auto isOwned = [&](Value value) {
    getBaseBuffers(value, bases);
    return llvm::all_of(bases, [&](Value base) {
      auto argument = dyn_cast<BlockArgument>(base);
      return (argument && argument.getOwner() == &entry) ||
             isAllocatedIn(base, *body);
    });
  };
  auto check = [&]() {
    SmallVector<EffectInstance> effects;
    for (Block &block : *body)
      for (Operation &op : block) {
        if (!getEffects(&op, effects))
          return false;
        for (const EffectInstance &effect : effects) {
          if (isa<MemoryEffects::Allocate>(effect.getEffect()))
            continue;
          // A callee that communicates is no plain compute.
          if (isa<CommStreamResource>(effect.getResource()))
            return false;
          if (!effect.getValue() || !isOwned(effect.getValue()))
            return false;
        }
        if (op.hasTrait<OpTrait::ReturnLike>())
          for (Value result : op.getOperands())
            if (isa<BaseMemRefType>(result.getType()) && !isOwned(result))
              return false;
      }
    return true;
  };
  bool result = check();
  argumentOnly[callee] = result;
  return result;
}

bool mlir::sched::mayAccessAnyBuffer(
    const SmallVectorImpl<EffectInstance> *effects) {
  if (!effects)
    return true;
  return llvm::any_of(*effects, [](const EffectInstance &effect) {
    return !isa<MemoryEffects::Allocate>(effect.getEffect()) &&
           isa<SideEffects::DefaultResource>(effect.getResource()) &&
           !effect.getValue();
  });
}

InFlightAccess
mlir::sched::getInFlightAccess(const SmallVectorImpl<EffectInstance> *effects,
                               ArrayRef<Value> inputs, ArrayRef<Value> outputs,
                               MemoryEffectsQuery &query) {
  if (mayAccessAnyBuffer(effects))
    return InFlightAccess::Unknown;
  bool writesDest = false, readsDest = false, writesInput = false;
  SmallVector<Value> bases;
  for (const EffectInstance &effect : *effects) {
    Value value = effect.getValue();
    if (!value || isa<MemoryEffects::Allocate>(effect.getEffect()))
      continue;
    query.getBaseBuffers(value, bases);
    bool writes =
        isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect());
    bool reads = isa<MemoryEffects::Read>(effect.getEffect());
    for (Value base : bases) {
      if (llvm::is_contained(outputs, base)) {
        writesDest |= writes;
        readsDest |= reads;
      } else if (writes && llvm::is_contained(inputs, base)) {
        writesInput = true;
      }
    }
  }
  if (writesDest)
    return InFlightAccess::WritesDestination;
  if (readsDest)
    return InFlightAccess::ReadsDestination;
  if (writesInput)
    return InFlightAccess::WritesInput;
  return InFlightAccess::None;
}
