//===- EmitMain.cpp - generate the driver of an executable ----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/Passes.h"
#include "sched/Conversion/SchedToRuntime/RuntimeCalls.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <map>

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

/// A stage function and the global ranks that run it.
struct Stage {
  func::FuncOp func;
  ArrayRef<int64_t> ranks;
};

struct SchedEmitMainPass
    : public sched::impl::SchedEmitMainBase<SchedEmitMainPass> {
  using SchedEmitMainBase::SchedEmitMainBase;
  void runOnOperation() override;

private:
  FailureOr<func::FuncOp> findEntry();
  LogicalResult collectStages(SmallVectorImpl<Stage> &stages,
                              int64_t &numRanks);
  void emitStageDispatch(OpBuilder &builder, ArrayRef<Stage> stages,
                         int64_t numRanks);
};

/// Returns true if `func` is a function a driver may call: public, with a
/// body, and not the driver itself.
bool isRunnable(func::FuncOp func) {
  return !func.isPrivate() && !func.isExternal() && func.getName() != kMainName;
}

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
    if (!isRunnable(func))
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

/// Collects the stage functions of the module (the public functions with
/// `sched.ranks`) in module order, and checks that they cover the ranks 0 to
/// `numRanks` - 1, each exactly once. Leaves `stages` empty when there is
/// none.
LogicalResult SchedEmitMainPass::collectStages(SmallVectorImpl<Stage> &stages,
                                               int64_t &numRanks) {
  ModuleOp module = getOperation();
  func::FuncOp plain;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!isRunnable(func))
      continue;
    // The dialect verified the attribute's form.
    if (auto ranks = func->getAttrOfType<DenseI64ArrayAttr>(getRanksAttrName()))
      stages.push_back({func, ranks.asArrayRef()});
    else if (!plain)
      plain = func;
  }
  if (stages.empty())
    return success();
  if (plain) {
    InFlightDiagnostic diag = plain.emitError()
                              << "public function '" << plain.getName()
                              << "' has no 'sched.ranks' in a module of "
                                 "stage functions; make it private or name "
                                 "the function to run with entry=";
    diag.attachNote(stages.front().func.getLoc())
        << "stage function '" << stages.front().func.getName() << "'";
    return diag;
  }
  // Owner of every rank, by rank (deterministic: ranks are small integers
  // checked below, and the stages are in module order).
  std::map<int64_t, size_t> owner;
  for (auto [index, stage] : llvm::enumerate(stages))
    for (int64_t rank : stage.ranks) {
      auto [it, inserted] = owner.try_emplace(rank, index);
      if (inserted)
        continue;
      InFlightDiagnostic diag = stage.func.emitError()
                                << "rank " << rank << " runs two stage "
                                << "functions, '"
                                << stages[it->second].func.getName()
                                << "' and '" << stage.func.getName() << "'";
      diag.attachNote(stages[it->second].func.getLoc())
          << "'" << stages[it->second].func.getName() << "' runs rank " << rank;
      return diag;
    }
  numRanks = owner.rbegin()->first + 1;
  int64_t expected = 0;
  for (const auto &[rank, index] : owner) {
    if (rank != expected)
      return mlir::emitError(module.getLoc())
             << "rank " << expected << " runs no stage function (the stage "
             << "functions' 'sched.ranks' cover ranks up to " << numRanks - 1
             << ")";
    ++expected;
  }
  return success();
}

/// Returns true if `type` is a statically shaped identity-layout memref of
/// an element type the runtime knows.
bool isDriverType(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.hasStaticShape() && memref.getLayout().isIdentity() &&
         getRuntimeDType(memref.getElementType());
}

/// Emits an error for every argument or result of `callee` that the driver
/// cannot allocate or check; returns failure if there was one.
LogicalResult checkDriverTypes(func::FuncOp callee) {
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
  return failure(bad);
}

Value buildI32(OpBuilder &builder, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(builder, loc, v, 32);
}

Value buildI64(OpBuilder &builder, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(builder, loc, v, 64);
}

/// Builds, at the insertion point of `builder`, the driver of `callee`: it
/// allocates the arguments, runs `schedrt_num_iters()` steps (fill the
/// arguments, call, hand the results over) and frees the arguments.
void buildDriver(OpBuilder &builder, ModuleOp module, func::FuncOp callee) {
  Location loc = callee.getLoc();
  FunctionType calleeType = callee.getFunctionType();
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
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(loop.getBody());
  Value iter = arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                          loop.getInductionVar());
  // Every step starts from the same inputs: the entry may update its
  // arguments in place.
  for (auto [index, arg] : llvm::enumerate(args)) {
    auto type = cast<MemRefType>(arg.getType());
    buildRuntimeCall(
        builder, loc, module, "schedrt_fill",
        {buildBufferAddress(builder, loc, arg),
         buildI64(builder, loc, type.getNumElements()),
         buildI32(builder, loc, *getRuntimeDType(type.getElementType())),
         buildI32(builder, loc, index)});
  }
  buildRuntimeCall(builder, loc, module, "schedrt_step_begin", iter);
  auto call = func::CallOp::create(builder, loc, callee, args);
  buildRuntimeCall(builder, loc, module, "schedrt_step_end", iter);
  for (auto [index, result] : llvm::enumerate(call.getResults())) {
    auto type = cast<MemRefType>(result.getType());
    buildRuntimeCall(
        builder, loc, module, "schedrt_result",
        {iter, buildBufferAddress(builder, loc, result),
         buildI64(builder, loc, type.getNumElements()),
         buildI32(builder, loc, *getRuntimeDType(type.getElementType())),
         buildI32(builder, loc, index)});
  }
  builder.setInsertionPointAfter(loop);
  for (Value arg : args)
    memref::DeallocOp::create(builder, loc, arg);
}

/// Returns `lo <= rank && rank <= hi` for the i64 `rank`.
Value buildInRange(OpBuilder &builder, Location loc, Value rank, int64_t lo,
                   int64_t hi) {
  Value above = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                      rank, buildI64(builder, loc, lo));
  Value below = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sle,
                                      rank, buildI64(builder, loc, hi));
  return arith::AndIOp::create(builder, loc, above, below);
}

/// Emits, at the insertion point of `builder` in `sched_main`, the check of
/// the world's size and one `scf.if` per run of consecutive ranks of a stage
/// that runs the stage's driver.
void SchedEmitMainPass::emitStageDispatch(OpBuilder &builder,
                                          ArrayRef<Stage> stages,
                                          int64_t numRanks) {
  ModuleOp module = getOperation();
  Location loc = module.getLoc();
  buildRuntimeCall(builder, loc, module, "schedrt_check_stage_world",
                   buildI64(builder, loc, numRanks));
  Value rank = buildRuntimeCall(builder, loc, module, "schedrt_rank", {},
                                builder.getI64Type())
                   .getResult(0);
  for (Stage stage : stages) {
    SmallVector<int64_t> ranks(stage.ranks);
    llvm::sort(ranks);
    // One condition per run of consecutive ranks: sched-gen's stages are
    // one run each.
    Value cond;
    for (size_t begin = 0; begin < ranks.size();) {
      size_t end = begin + 1;
      while (end < ranks.size() && ranks[end] == ranks[end - 1] + 1)
        ++end;
      Value in = buildInRange(builder, loc, rank, ranks[begin], ranks[end - 1]);
      cond = cond ? arith::OrIOp::create(builder, loc, cond, in) : in;
      begin = end;
    }
    auto branch = scf::IfOp::create(builder, stage.func.getLoc(), cond,
                                    /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(branch.thenBlock());
    buildDriver(builder, module, stage.func);
  }
}

void SchedEmitMainPass::runOnOperation() {
  ModuleOp module = getOperation();
  if (module.lookupSymbol(kMainName)) {
    mlir::emitError(module.getLoc())
        << "the module already has a '" << kMainName << "'";
    return signalPassFailure();
  }
  SmallVector<Stage> stages;
  int64_t numRanks = 0;
  if (entry.empty() && failed(collectStages(stages, numRanks)))
    return signalPassFailure();
  func::FuncOp callee;
  if (stages.empty()) {
    FailureOr<func::FuncOp> found = findEntry();
    if (failed(found))
      return signalPassFailure();
    callee = *found;
  }
  bool bad = false;
  for (Stage stage : stages)
    bad |= failed(checkDriverTypes(stage.func));
  if (callee)
    bad |= failed(checkDriverTypes(callee));
  if (bad)
    return signalPassFailure();

  Location loc = callee ? callee.getLoc() : module.getLoc();
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto main = func::FuncOp::create(builder, loc, kMainName,
                                   builder.getFunctionType({}, {}));
  builder.setInsertionPointToStart(main.addEntryBlock());
  if (callee)
    buildDriver(builder, module, callee);
  else
    emitStageDispatch(builder, stages, numRanks);
  func::ReturnOp::create(builder, loc);
}

} // namespace
