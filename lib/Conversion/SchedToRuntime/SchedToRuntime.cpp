//===- SchedToRuntime.cpp - buffer-form sched ops to runtime calls --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/Passes.h"
#include "sched/Conversion/SchedToRuntime/RuntimeCalls.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_CONVERTSCHEDTORUNTIME
#include "sched/Conversion/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {

/// Where the members of a process group sit among the world's ranks.
struct GroupLayout {
  int32_t id;
  int64_t size;
  int64_t stride;
};

/// Returns the layout of `group` or emits an error.
FailureOr<GroupLayout> computeLayout(ProcessGroupOp group, int32_t id,
                                     ModuleOp module) {
  int64_t size = group.getSize();
  if (std::optional<ArrayRef<int64_t>> ranks = group.getRanks()) {
    int64_t stride = size > 1 ? (*ranks)[1] - (*ranks)[0] : 1;
    bool progression = stride >= 1;
    for (int64_t i = 1; progression && i < size; ++i)
      progression = (*ranks)[i] - (*ranks)[i - 1] == stride;
    if (!progression || (*ranks)[0] % (stride * size) >= stride)
      return group.emitError()
             << "cannot lower process group @" << group.getSymName()
             << ": its ranks must be an arithmetic progression that starts "
                "a block of "
             << "size x stride ranks";
    return GroupLayout{id, size, stride};
  }
  auto gridRef = group->getAttrOfType<FlatSymbolRefAttr>("sched.grid");
  auto axes = group->getAttrOfType<DenseI16ArrayAttr>("sched.grid_axes");
  if (!gridRef || !axes || axes.empty())
    return GroupLayout{id, size, 1};
  auto grid = module.lookupSymbol<shard::GridOp>(gridRef.getAttr());
  if (!grid)
    return group.emitError()
           << "cannot lower process group @" << group.getSymName() << ": grid "
           << gridRef << " not found";
  ArrayRef<int64_t> shape = grid.getShape();
  ArrayRef<int16_t> list = axes.asArrayRef();
  for (size_t i = 1; i < list.size(); ++i)
    if (list[i] != list[i - 1] + 1)
      return group.emitError()
             << "cannot lower process group @" << group.getSymName()
             << ": its grid axes must be consecutive and ascending";
  int64_t stride = 1;
  for (size_t axis = list.back() + 1; axis < shape.size(); ++axis) {
    if (ShapedType::isDynamic(shape[axis]))
      return group.emitError()
             << "cannot lower process group @" << group.getSymName()
             << ": the grid has a dynamic axis";
    stride *= shape[axis];
  }
  return GroupLayout{id, size, stride};
}

/// Returns the product of the first `dim` dims of `type`.
int64_t getOuterSize(Type type, int64_t dim) {
  ArrayRef<int64_t> shape = cast<ShapedType>(type).getShape();
  int64_t outer = 1;
  for (int64_t i = 0; i < dim; ++i)
    outer *= shape[i];
  return outer;
}

/// Returns a 32-bit FNV-1a hash of `text` (a stable salt for kinds).
int64_t hashKind(StringRef text) {
  uint32_t hash = 2166136261u;
  for (char c : text) {
    hash ^= static_cast<uint8_t>(c);
    hash *= 16777619u;
  }
  return hash;
}

struct ConvertSchedToRuntimePass
    : public sched::impl::ConvertSchedToRuntimeBase<ConvertSchedToRuntimePass> {
  using ConvertSchedToRuntimeBase::ConvertSchedToRuntimeBase;
  void runOnOperation() override;

private:
  LogicalResult lowerStart(CollectiveOpInterface start, OpBuilder &builder);
  LogicalResult lowerCompute(ComputeOp compute, OpBuilder &builder);
  Value constI32(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, v, 32);
  }
  Value constI64(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, v, 64);
  }

  LogicalResult checkDeviceMemory();

  llvm::StringMap<GroupLayout> layouts;
};

LogicalResult ConvertSchedToRuntimePass::checkDeviceMemory() {
  // Copies become linalg.copy, so that they run as GPU kernels too.
  SmallVector<memref::CopyOp> copies;
  getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
  IRRewriter rewriter(&getContext());
  for (memref::CopyOp copy : copies) {
    rewriter.setInsertionPoint(copy);
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                copy.getTarget());
  }

  // Matmuls of float matrices become cuBLAS GEMMs (schedrt_gemm).
  SmallVector<linalg::MatmulOp> matmuls;
  getOperation().walk([&](linalg::MatmulOp op) {
    if (op.hasPureBufferSemantics() && !op.hasUserDefinedMaps())
      matmuls.push_back(op);
  });
  for (linalg::MatmulOp op : matmuls) {
    Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1],
          c = op.getDpsInits()[0];
    auto typeA = cast<MemRefType>(a.getType());
    auto typeB = cast<MemRefType>(b.getType());
    auto typeC = cast<MemRefType>(c.getType());
    Type element = typeC.getElementType();
    bool gemm = (element.isF32() || element.isF16() || element.isBF16()) &&
                typeA.getElementType() == element &&
                typeB.getElementType() == element;
    for (MemRefType type : {typeA, typeB, typeC})
      gemm &= memref::isStaticShapeAndContiguousRowMajor(type);
    if (!gemm)
      continue; // A GPU kernel of loops, like any other linalg op.
    OpBuilder builder(op);
    Location loc = op.getLoc();
    auto i64 = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(builder, loc, v, 64);
    };
    buildRuntimeCall(
        builder, loc, getOperation(), "schedrt_gemm",
        {buildBufferAddress(builder, loc, a),
         buildBufferAddress(builder, loc, b),
         buildBufferAddress(builder, loc, c), i64(typeC.getDimSize(0)),
         i64(typeC.getDimSize(1)), i64(typeA.getDimSize(1)),
         arith::ConstantIntOp::create(builder, loc, *getRuntimeDType(element),
                                      32)});
    op.erase();
  }

  bool failedAny = false;
  getOperation().walk([&](Operation *op) {
    if (isa<CollectiveOpInterface, WaitOp, ComputeOp, memref::AllocOp,
            memref::DeallocOp>(op) ||
        op->getParentOfType<ComputeOp>() ||
        op->getParentOfType<linalg::LinalgOp>())
      return WalkResult::advance();
    // A linalg op with a parallel loop becomes a GPU kernel
    // (convert-parallel-loops-to-gpu maps its parallel loops to threads).
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      if (linalgOp.getNumParallelLoops() > 0)
        return WalkResult::skip();
      op->emitError() << "'" << op->getName()
                      << "' has no parallel loop to map to GPU threads: a "
                         "full reduction cannot run on the GPU runtime yet";
      failedAny = true;
      return WalkResult::skip();
    }
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return WalkResult::advance();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &effect : instances) {
      Value value = effect.getValue();
      if (!value || !isa<BaseMemRefType>(value.getType()) ||
          !isa<MemoryEffects::Read, MemoryEffects::Write>(effect.getEffect()))
        continue;
      op->emitError() << "'" << op->getName()
                      << "' would access GPU memory from the host: only "
                         "linalg ops (which become GPU kernels), copies and "
                         "opaque 'sched.compute' ops can touch buffers in GPU "
                         "programs";
      failedAny = true;
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
  return failure(failedAny);
}

LogicalResult ConvertSchedToRuntimePass::lowerStart(CollectiveOpInterface start,
                                                    OpBuilder &builder) {
  Operation *op = start;
  if (!start.isBufferForm())
    return op->emitError("cannot lower a collective in tensor form; run "
                         "one-shot-bufferize first");
  auto it = layouts.find(start.getGroupAttr().getValue());
  if (it == layouts.end())
    return op->emitError("process group not found");
  const GroupLayout &layout = it->second;
  Location loc = op->getLoc();
  ModuleOp module = getOperation();
  builder.setInsertionPoint(op);

  int32_t kind = 0, reduction = 0;
  int64_t root = 0;
  switch (start.getCollectiveKind()) {
  case CollectiveKind::AllGather:
    kind = 1;
    break;
  case CollectiveKind::ReduceScatter:
    kind = 2;
    break;
  case CollectiveKind::AllReduce:
    kind = 3;
    break;
  case CollectiveKind::AllToAll:
    kind = 4;
    break;
  case CollectiveKind::Broadcast:
    kind = 5;
    root = cast<BroadcastStartOp>(op).getRoot();
    break;
  }
  if (std::optional<ReductionKind> red = start.getReductionKind()) {
    switch (*red) {
    case ReductionKind::Sum:
      reduction = 1;
      break;
    case ReductionKind::Prod:
      reduction = 2;
      break;
    case ReductionKind::Min:
      reduction = 3;
      break;
    case ReductionKind::Max:
      reduction = 4;
      break;
    case ReductionKind::Avg:
      reduction = 5;
      break;
    }
  }
  Value handle =
      buildRuntimeCall(
          builder, loc, module, "schedrt_collective_begin",
          {constI32(builder, loc, kind), constI32(builder, loc, layout.id),
           constI64(builder, loc, layout.size),
           constI64(builder, loc, layout.stride),
           constI32(builder, loc, reduction), constI64(builder, loc, root)},
          builder.getI64Type())
          .getResult(0);
  for (auto [input, output] :
       llvm::zip_equal(start.getInputs(), start.getOutputs())) {
    Type element = cast<MemRefType>(input.getType()).getElementType();
    std::optional<int32_t> dtype = getRuntimeDType(element);
    if (!dtype)
      return op->emitError() << "cannot lower a collective on element type "
                             << element << ": the runtime does not move it";
    if (!cast<MemRefType>(input.getType()).hasStaticShape() ||
        !cast<MemRefType>(output.getType()).hasStaticShape())
      return op->emitError("cannot lower a collective on dynamically shaped "
                           "buffers: the runtime needs their sizes");
    int64_t sendOuter = 1, recvOuter = 1;
    if (auto gather = dyn_cast<AllGatherStartOp>(op)) {
      recvOuter = getOuterSize(input.getType(), gather.getGatherDim());
    } else if (auto scatter = dyn_cast<ReduceScatterStartOp>(op)) {
      sendOuter = getOuterSize(input.getType(), scatter.getScatterDim());
    } else if (auto a2a = dyn_cast<AllToAllStartOp>(op)) {
      sendOuter = getOuterSize(input.getType(), a2a.getSplitDim());
      recvOuter = getOuterSize(output.getType(), a2a.getConcatDim());
    }
    buildRuntimeCall(builder, loc, module, "schedrt_collective_add",
                     {handle, buildBufferAddress(builder, loc, input),
                      buildBufferAddress(builder, loc, output),
                      constI64(builder, loc, getNumElements(input)),
                      constI32(builder, loc, *dtype),
                      constI64(builder, loc, sendOuter),
                      constI64(builder, loc, recvOuter)});
  }
  buildRuntimeCall(builder, loc, module, "schedrt_collective_launch", handle);

  auto wait = cast<WaitOp>(start.getWaitOp());
  builder.setInsertionPoint(wait);
  buildRuntimeCall(builder, wait.getLoc(), module, "schedrt_collective_wait",
                   handle);
  wait.replaceAllUsesWith(start.getOutputs());
  wait.erase();
  op->erase();
  return success();
}

LogicalResult ConvertSchedToRuntimePass::lowerCompute(ComputeOp compute,
                                                      OpBuilder &builder) {
  if (!compute.isOpaque())
    return mlir::emitError(compute.getLoc(),
                           "cannot lower a 'sched.compute' with a body; "
                           "run sched-inline-compute first");
  if (compute->getNumResults() != 0 ||
      llvm::any_of(compute->getOperandTypes(), llvm::IsaPred<TensorType>))
    return mlir::emitError(compute.getLoc(),
                           "cannot lower a 'sched.compute' in tensor form; "
                           "run one-shot-bufferize first");
  Location loc = compute.getLoc();
  ModuleOp module = getOperation();
  builder.setInsertionPoint(compute);
  double flops = 0, bytes = 0;
  if (CostAttr cost = compute.getCostAttr()) {
    flops = static_cast<double>(cost.getFlops().value_or(0));
    bytes = static_cast<double>(cost.getBytesRead().value_or(0) +
                                cost.getBytesWritten().value_or(0));
  }
  Value handle = buildRuntimeCall(
                     builder, loc, module, "schedrt_compute_begin",
                     {constI64(builder, loc, hashKind(compute.getKind())),
                      arith::ConstantFloatOp::create(
                          builder, loc, builder.getF64Type(), APFloat(flops)),
                      arith::ConstantFloatOp::create(
                          builder, loc, builder.getF64Type(), APFloat(bytes))},
                     builder.getI64Type())
                     .getResult(0);
  auto addArgs = [&](ValueRange values, int32_t isOutput) -> LogicalResult {
    for (Value value : values) {
      auto type = dyn_cast<MemRefType>(value.getType());
      if (!type)
        continue; // Scalars do not take part in the opaque computation.
      std::optional<int32_t> dtype = getRuntimeDType(type.getElementType());
      if (!dtype || !memref::isStaticShapeAndContiguousRowMajor(type))
        return mlir::emitError(compute.getLoc())
               << "cannot lower an opaque 'sched.compute' on " << type
               << ": the runtime needs a static contiguous shape and a known "
                  "element type";
      buildRuntimeCall(builder, loc, module, "schedrt_compute_arg",
                       {handle, buildBufferAddress(builder, loc, value),
                        constI64(builder, loc, type.getNumElements()),
                        constI32(builder, loc, *dtype),
                        constI32(builder, loc, isOutput)});
    }
    return success();
  };
  if (failed(addArgs(compute.getIns(), 0)) ||
      failed(addArgs(compute.getOuts(), 1)))
    return failure();
  buildRuntimeCall(builder, loc, module, "schedrt_compute_run", handle);
  compute.erase();
  return success();
}

void ConvertSchedToRuntimePass::runOnOperation() {
  ModuleOp module = getOperation();
  layouts.clear();
  bool failedAny = false;
  int32_t nextId = 0;
  SmallVector<ProcessGroupOp> groups;
  for (auto group : module.getOps<ProcessGroupOp>()) {
    FailureOr<GroupLayout> layout = computeLayout(group, nextId++, module);
    if (failed(layout)) {
      failedAny = true;
      continue;
    }
    layouts[group.getSymName()] = *layout;
    groups.push_back(group);
  }
  if (failedAny || (deviceMemory && failed(checkDeviceMemory())))
    return signalPassFailure();

  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<CollectiveOpInterface, ComputeOp>(op))
      ops.push_back(op);
  });
  OpBuilder builder(&getContext());
  for (Operation *op : ops) {
    LogicalResult result =
        isa<ComputeOp>(op)
            ? lowerCompute(cast<ComputeOp>(op), builder)
            : lowerStart(cast<CollectiveOpInterface>(op), builder);
    failedAny |= failed(result);
  }
  if (failedAny)
    return signalPassFailure();
  for (ProcessGroupOp group : groups)
    group.erase();
  // The sched dialect is gone from here on: drop its discardable attributes
  // (e.g. the #sched.target of the module), which mlir-translate cannot
  // parse.
  module.walk([](Operation *op) {
    for (NamedAttribute attr :
         llvm::to_vector(op->getDiscardableAttrDictionary()))
      if (attr.getName().strref().starts_with("sched."))
        op->removeDiscardableAttr(attr.getName());
  });
}

} // namespace
