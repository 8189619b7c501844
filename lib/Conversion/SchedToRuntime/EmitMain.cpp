//===- EmitMain.cpp - generate the driver of an executable ----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/Passes.h"
#include "sched/Conversion/SchedToRuntime/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDEMITMAIN
#include "sched/Conversion/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {

constexpr StringLiteral kMainName = "sched_main";

struct SchedEmitMainPass
    : public sched::impl::SchedEmitMainBase<SchedEmitMainPass> {
  using SchedEmitMainBase::SchedEmitMainBase;
  void runOnOperation() override;

private:
  FailureOr<func::FuncOp> findEntry();
};

FailureOr<func::FuncOp> SchedEmitMainPass::findEntry() {
  ModuleOp module = getOperation();
  if (!entry.empty()) {
    auto func = module.lookupSymbol<func::FuncOp>(entry);
    if (!func || func.isExternal())
      return mlir::emitError(module.getLoc())
             << "entry function '" << entry << "' not found";
    return func;
  }
  func::FuncOp found;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isPrivate() || func.isExternal() || func.getName() == kMainName)
      continue;
    if (found) {
      InFlightDiagnostic diag = mlir::emitError(
          module.getLoc(), "several public functions; name the one to run "
                           "with entry=");
      diag.attachNote(found.getLoc()) << "'" << found.getName() << "'";
      diag.attachNote(func.getLoc()) << "'" << func.getName() << "'";
      return diag;
    }
    found = func;
  }
  if (!found)
    return mlir::emitError(module.getLoc(),
                           "no public function with a body to run");
  return found;
}

/// Returns true if `type` is a statically shaped identity-layout memref of
/// an element type the runtime knows.
bool isDriverType(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.hasStaticShape() && memref.getLayout().isIdentity() &&
         getRuntimeDType(memref.getElementType());
}

void SchedEmitMainPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (module.lookupSymbol(kMainName)) {
    mlir::emitError(module.getLoc())
        << "the module already has a '" << kMainName << "'";
    return signalPassFailure();
  }
  FailureOr<func::FuncOp> found = findEntry();
  if (failed(found))
    return signalPassFailure();
  func::FuncOp callee = *found;
  FunctionType calleeType = callee.getFunctionType();
  bool bad = false;
  for (auto [index, type] : llvm::enumerate(calleeType.getInputs()))
    if (!isDriverType(type)) {
      mlir::emitError(callee.getLoc())
          << "cannot drive argument " << index << " of type " << type
          << ": sched-emit-main supports statically shaped "
             "memrefs with the identity layout only";
      bad = true;
    }
  for (auto [index, type] : llvm::enumerate(calleeType.getResults()))
    if (!isDriverType(type)) {
      mlir::emitError(callee.getLoc())
          << "cannot check result " << index << " of type " << type
          << ": sched-emit-main supports statically shaped "
             "memrefs with the identity layout only";
      bad = true;
    }
  if (bad)
    return signalPassFailure();

  Location loc = callee.getLoc();
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto main = func::FuncOp::create(builder, loc, kMainName,
                                   builder.getFunctionType({}, {}));
  builder.setInsertionPointToStart(main.addEntryBlock());
  auto i32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(builder, loc, v, 32);
  };
  auto i64 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(builder, loc, v, 64);
  };

  SmallVector<Value> args;
  for (Type type : calleeType.getInputs())
    args.push_back(
        memref::AllocOp::create(builder, loc, cast<MemRefType>(type)));
  Value iters = buildRuntimeCall(builder, loc, module, "schedrt_num_iters", {},
                                 builder.getI64Type())
                    .getResult(0);
  Value upper =
      arith::IndexCastOp::create(builder, loc, builder.getIndexType(), iters);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  auto loop = scf::ForOp::create(builder, loc, zero, upper, one);
  builder.setInsertionPointToStart(loop.getBody());
  Value iter = arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                          loop.getInductionVar());
  // Every step starts from the same inputs: the entry may update its
  // arguments in place.
  for (auto [index, arg] : llvm::enumerate(args)) {
    auto type = cast<MemRefType>(arg.getType());
    buildRuntimeCall(
        builder, loc, module, "schedrt_fill",
        {buildBufferAddress(builder, loc, arg), i64(type.getNumElements()),
         i32(*getRuntimeDType(type.getElementType())), i32(index)});
  }
  buildRuntimeCall(builder, loc, module, "schedrt_step_begin", iter);
  auto call = func::CallOp::create(builder, loc, callee, args);
  buildRuntimeCall(builder, loc, module, "schedrt_step_end", iter);
  for (auto [index, result] : llvm::enumerate(call.getResults())) {
    auto type = cast<MemRefType>(result.getType());
    buildRuntimeCall(builder, loc, module, "schedrt_result",
                     {iter, buildBufferAddress(builder, loc, result),
                      i64(type.getNumElements()),
                      i32(*getRuntimeDType(type.getElementType())),
                      i32(index)});
  }
  builder.setInsertionPointAfter(loop);
  for (Value arg : args)
    memref::DeallocOp::create(builder, loc, arg);
  func::ReturnOp::create(builder, loc);
}

} // namespace
