//===- SanitizeKernelNames.cpp - kernel names PTX accepts -----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDSANITIZEKERNELNAMES
#include "sched/Conversion/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;

namespace {

/// Returns `name` with every character PTX does not allow in a symbol
/// replaced by '_'.
std::string sanitize(StringRef name) {
  std::string result = name.str();
  for (char &c : result)
    if (!llvm::isAlnum(c) && c != '_' && c != '$')
      c = '_';
  if (!result.empty() && llvm::isDigit(result.front()))
    result.insert(result.begin(), '_');
  return result;
}

/// Renames `op` to a sanitized name not in `taken` (the names of its symbol
/// table, kept up to date) and updates the uses below `scope`.
LogicalResult rename(Operation *op, llvm::StringSet<> &taken,
                     Operation *scope) {
  StringRef name = SymbolTable::getSymbolName(op).getValue();
  std::string wanted = sanitize(name);
  if (wanted == name)
    return success();
  std::string candidate = wanted;
  for (unsigned i = 1; taken.contains(candidate); ++i)
    candidate = wanted + "_" + std::to_string(i);
  auto newName = StringAttr::get(op->getContext(), candidate);
  if (failed(SymbolTable::replaceAllSymbolUses(op, newName, scope)))
    return op->emitError("cannot rename '")
           << name << "' to '" << candidate << "'";
  SymbolTable::setSymbolName(op, newName);
  taken.erase(name);
  taken.insert(candidate);
  return success();
}

struct SanitizeKernelNamesPass
    : public sched::impl::SchedSanitizeKernelNamesBase<
          SanitizeKernelNamesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto namesIn = [](Operation *scope) {
      llvm::StringSet<> names;
      for (Operation &op : scope->getRegion(0).front())
        if (auto name =
                op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
          names.insert(name.getValue());
      return names;
    };
    llvm::StringSet<> moduleNames = namesIn(module);
    for (auto gpuModule :
         llvm::make_early_inc_range(module.getOps<gpu::GPUModuleOp>())) {
      llvm::StringSet<> kernelNames = namesIn(gpuModule);
      for (auto func :
           llvm::make_early_inc_range(gpuModule.getOps<gpu::GPUFuncOp>()))
        if (failed(rename(func, kernelNames, module)))
          return signalPassFailure();
      if (failed(rename(gpuModule, moduleNames, module)))
        return signalPassFailure();
    }
  }
};

} // namespace
