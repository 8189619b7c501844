//===- SchedToRuntime.cpp - buffer-form sched ops to runtime calls --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "CarriedHandles.h"

#include "sched/Conversion/Passes.h"
#include "sched/Conversion/SchedToRuntime/RuntimeCalls.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_CONVERTSCHEDTORUNTIME
#define GEN_PASS_DEF_SCHEDCHECKSHARDOPS
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

/// The elements of a buffer a destination covers, when they are known at
/// compile time: a whole statically shaped buffer, or a static unit-stride
/// `memref.subview` of one (a box in the source's index space).
struct StaticBox {
  Value source;
  SmallVector<int64_t> offsets, sizes;
};

std::optional<StaticBox> getStaticBox(Value buffer) {
  if (auto subview = buffer.getDefiningOp<memref::SubViewOp>()) {
    auto isStatic = [](ArrayRef<int64_t> values) {
      return llvm::none_of(values, ShapedType::isDynamic);
    };
    if (!isStatic(subview.getStaticOffsets()) ||
        !isStatic(subview.getStaticSizes()) ||
        llvm::any_of(subview.getStaticStrides(),
                     [](int64_t stride) { return stride != 1; }))
      return std::nullopt;
    return StaticBox{subview.getSource(),
                     llvm::to_vector(subview.getStaticOffsets()),
                     llvm::to_vector(subview.getStaticSizes())};
  }
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  return StaticBox{buffer, SmallVector<int64_t>(type.getRank(), 0),
                   llvm::to_vector(type.getShape())};
}

/// Returns true if `a` and `b` share an element.
bool overlap(const StaticBox &a, const StaticBox &b) {
  if (a.source != b.source || a.offsets.size() != b.offsets.size())
    return false;
  for (size_t d = 0; d < a.offsets.size(); ++d)
    if (a.sizes[d] == 0 || b.sizes[d] == 0 ||
        a.offsets[d] >= b.offsets[d] + b.sizes[d] ||
        b.offsets[d] >= a.offsets[d] + a.sizes[d])
      return false;
  return true;
}

/// Rejects a bucket two of whose destinations are views of one buffer that
/// share elements (the verifier rejects the same value twice; the runtime
/// checks the views it cannot see here).
LogicalResult verifyDisjointDestinations(CollectiveOpInterface start) {
  SmallVector<std::pair<unsigned, StaticBox>> boxes;
  for (auto [index, output] : llvm::enumerate(start.getOutputs()))
    if (std::optional<StaticBox> box = getStaticBox(output))
      boxes.push_back({static_cast<unsigned>(index), std::move(*box)});
  for (size_t j = 1; j < boxes.size(); ++j)
    for (size_t i = 0; i < j; ++i)
      if (overlap(boxes[i].second, boxes[j].second))
        return start->emitError("cannot lower the collective: 'into' buffers ")
               << boxes[i].first << " and " << boxes[j].first
               << " are overlapping views of one buffer; every member of a "
                  "bucket needs its own destination";
  return success();
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

/// Returns why `op`, an op of the shard dialect, cannot be lowered to the
/// runtime, or "" for the ops this pass lowers: the grid and the queries of
/// the process index and the grid shape.
std::string getUnloweredShardReason(Operation *op) {
  if (isa<shard::GridOp, shard::GridShapeOp, shard::ProcessLinearIndexOp,
          shard::ProcessMultiIndexOp>(op))
    return "";
  if (isa<shard::AllGatherOp, shard::AllReduceOp, shard::AllSliceOp,
          shard::AllToAllOp, shard::BroadcastOp, shard::GatherOp,
          shard::ReduceOp, shard::ReduceScatterOp, shard::ScatterOp,
          shard::ShiftOp>(op))
    return "run convert-shard-to-sched first";
  if (isa<shard::ShardOp, shard::ShardingOp>(op))
    return "sharding annotations are consumed by shard-partition; partition "
           "the program first (mlir-opt --shard-partition)";
  return "the sched runtime has no lowering for it";
}

/// Emits an error on every op of the shard dialect in `module` that the
/// runtime lowering does not take; fails if there is one.
LogicalResult checkShardOps(ModuleOp module) {
  bool failedAny = false;
  module.walk([&](Operation *op) {
    if (!isa_and_nonnull<shard::ShardDialect>(op->getDialect()))
      return;
    std::string reason = getUnloweredShardReason(op);
    if (reason.empty())
      return;
    op->emitError() << "cannot lower '" << op->getName()
                    << "' to the sched runtime: " << reason;
    failedAny = true;
  });
  return failure(failedAny);
}

struct CheckShardOpsPass
    : public sched::impl::SchedCheckShardOpsBase<CheckShardOpsPass> {
  void runOnOperation() override {
    if (failed(checkShardOps(getOperation())))
      signalPassFailure();
  }
};

/// Returns the grid `ref` names in `module` if all its axes have a static
/// size; emits an error on `op` otherwise.
FailureOr<shard::GridOp> getStaticGrid(Operation *op, FlatSymbolRefAttr ref,
                                       ModuleOp module) {
  auto grid = module.lookupSymbol<shard::GridOp>(ref.getAttr());
  if (!grid)
    return op->emitError() << "cannot lower '" << op->getName() << "': grid "
                           << ref << " not found";
  if (llvm::any_of(grid.getShape(), ShapedType::isDynamic))
    return op->emitError() << "cannot lower '" << op->getName() << "': grid "
                           << ref << " has an axis of dynamic size";
  int64_t size = 1;
  for (int64_t axisSize : grid.getShape())
    if (llvm::MulOverflow(size, axisSize, size))
      return op->emitError() << "cannot lower '" << op->getName() << "': grid "
                             << ref << " has more than 2^63 - 1 processes";
  return grid;
}

/// Returns the number of processes of the axes after `axis` of `shape`, of
/// the whole grid for `axis` = -1 (checked not to overflow by
/// getStaticGrid).
int64_t getInnerSize(ArrayRef<int64_t> shape, int64_t axis) {
  int64_t inner = 1;
  for (int64_t axisSize : shape.drop_front(axis + 1))
    inner *= axisSize;
  return inner;
}

/// Returns the calling rank as an index (schedrt_rank).
Value buildRank(OpBuilder &builder, Location loc, ModuleOp module) {
  Value rank = buildRuntimeCall(builder, loc, module, "schedrt_rank", {},
                                builder.getI64Type())
                   .getResult(0);
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(), rank);
}

/// Returns the axes `axes` names: all axes of `grid` if it is empty.
SmallVector<int64_t> getQueriedAxes(shard::GridOp grid,
                                    ArrayRef<int16_t> axes) {
  if (axes.empty())
    return llvm::to_vector(llvm::seq<int64_t>(0, grid.getRank()));
  return llvm::to_vector_of<int64_t>(axes);
}

/// Replaces a query of the process index or of the grid shape by index
/// arithmetic. The process's linear index in `grid` is the world rank modulo
/// the grid size, its coordinates are row-major (as for the process groups
/// of convert-shard-to-sched). Fails (with an error) on a dynamic grid.
LogicalResult lowerGridQuery(Operation *op, ModuleOp module,
                             OpBuilder &builder) {
  auto ref = op->getAttrOfType<FlatSymbolRefAttr>("grid");
  FailureOr<shard::GridOp> grid = getStaticGrid(op, ref, module);
  if (failed(grid))
    return failure();
  Location loc = op->getLoc();
  builder.setInsertionPoint(op);
  ArrayRef<int64_t> shape = grid->getShape();
  auto index = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, value);
  };
  SmallVector<Value> results;
  if (auto query = dyn_cast<shard::GridShapeOp>(op)) {
    for (int64_t axis : getQueriedAxes(*grid, query.getAxes()))
      results.push_back(index(shape[axis]));
  } else if (isa<shard::ProcessLinearIndexOp>(op)) {
    // One statement per op: the order of arguments' evaluation is not fixed.
    Value rank = buildRank(builder, loc, module);
    Value size = index(getInnerSize(shape, -1));
    results.push_back(arith::RemUIOp::create(builder, loc, rank, size));
  } else {
    auto query = cast<shard::ProcessMultiIndexOp>(op);
    Value rank = buildRank(builder, loc, module);
    for (int64_t axis : getQueriedAxes(*grid, query.getAxes())) {
      Value inner = index(getInnerSize(shape, axis));
      Value outer = arith::DivUIOp::create(builder, loc, rank, inner);
      Value axisSize = index(shape[axis]);
      results.push_back(arith::RemUIOp::create(builder, loc, outer, axisSize));
    }
  }
  op->replaceAllUsesWith(results);
  op->erase();
  return success();
}

/// Erases every grid of `module`: the process groups are resolved and the
/// queries lowered. An op that still refers to a grid is an error.
LogicalResult eraseGrids(ModuleOp module) {
  bool failedAny = false;
  for (auto grid : llvm::make_early_inc_range(module.getOps<shard::GridOp>())) {
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(grid, module);
    if (uses && !uses->empty()) {
      Operation *user = uses->begin()->getUser();
      user->emitError() << "cannot lower '" << user->getName()
                        << "' to the sched runtime: it refers to grid @"
                        << grid.getSymName() << ", which the lowering erases";
      failedAny = true;
      continue;
    }
    grid.erase();
  }
  return failure(failedAny);
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

  /// Computes the runtime layout of every process group of `module` into
  /// `layouts`; returns the groups, or fails after an error for each group
  /// that has none.
  FailureOr<SmallVector<ProcessGroupOp>> computeLayouts(ModuleOp module);
  /// Lowers every compute op, collective start and grid query of `module`
  /// to runtime calls; fails after the errors of those it cannot lower.
  LogicalResult lowerOps(ModuleOp module);
  LogicalResult checkDeviceMemory();
  void registerGroups(ArrayRef<ProcessGroupOp> groups);

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

/// Returns a private constant global holding `text` and a NUL.
memref::GlobalOp buildStringGlobal(ModuleOp module, SymbolTable &symbols,
                                   Location loc, StringRef symbol,
                                   StringRef text) {
  MLIRContext *context = module.getContext();
  SmallVector<int8_t> bytes(text.begin(), text.end());
  bytes.push_back(0);
  auto i8 = IntegerType::get(context, 8);
  int64_t size = static_cast<int64_t>(bytes.size());
  auto initial = DenseElementsAttr::get(RankedTensorType::get({size}, i8),
                                        ArrayRef(bytes));
  OpBuilder builder(context);
  auto global = memref::GlobalOp::create(
      builder, loc, symbol, builder.getStringAttr("private"),
      MemRefType::get({size}, i8), initial, /*constant=*/true,
      /*alignment=*/nullptr);
  // Renamed if the symbol is taken.
  symbols.insert(global, module.getBody()->begin());
  return global;
}

void ConvertSchedToRuntimePass::registerGroups(
    ArrayRef<ProcessGroupOp> groups) {
  ModuleOp module = getOperation();
  auto main = module.lookupSymbol<func::FuncOp>("sched_main");
  if (!main || main.isExternal())
    return; // No driver: the runtime names the groups by number.
  SymbolTable symbols(module);
  OpBuilder builder = OpBuilder::atBlockBegin(&main.getBody().front());
  // A stage driver checks the world's size first (sched-emit-main), so that
  // a wrong size is reported as such, not as a group that does not tile.
  auto calls = main.getBody().front().getOps<func::CallOp>();
  if (!calls.empty() &&
      (*calls.begin()).getCallee() == "schedrt_check_stage_world")
    builder.setInsertionPointAfter(*calls.begin());
  for (ProcessGroupOp group : groups) {
    GroupLayout layout = layouts.lookup(group.getSymName());
    Location loc = group.getLoc();
    memref::GlobalOp name = buildStringGlobal(
        module, symbols, loc,
        ("__sched_group_name_" + group.getSymName()).str(), group.getSymName());
    Value text = memref::GetGlobalOp::create(builder, loc, name.getType(),
                                             name.getSymName());
    buildRuntimeCall(builder, loc, module, "schedrt_register_group",
                     {constI32(builder, loc, layout.id),
                      buildBufferAddress(builder, loc, text),
                      constI64(builder, loc, layout.size),
                      constI64(builder, loc, layout.stride)});
  }
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
  if (failed(verifyDisjointDestinations(start)))
    return failure();
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
  case CollectiveKind::CollectivePermute:
    kind = 6;
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
  if (auto permute = dyn_cast<CollectivePermuteStartOp>(op))
    for (auto [source, target] : permute.getPairs())
      buildRuntimeCall(builder, loc, module, "schedrt_collective_pair",
                       {handle, constI64(builder, loc, source),
                        constI64(builder, loc, target)});
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

  Operation *waitOp = start.getWaitOp();
  if (!waitOp) {
    // The future crosses the block: lowerCarriedFutures carries the handle.
    replaceCarriedFuture(start, handle, builder);
    op->erase();
    return success();
  }
  auto wait = cast<WaitOp>(waitOp);
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

FailureOr<SmallVector<ProcessGroupOp>>
ConvertSchedToRuntimePass::computeLayouts(ModuleOp module) {
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
  if (failedAny)
    return failure();
  return groups;
}

LogicalResult ConvertSchedToRuntimePass::lowerOps(ModuleOp module) {
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<CollectiveOpInterface, ComputeOp, shard::GridShapeOp,
            shard::ProcessLinearIndexOp, shard::ProcessMultiIndexOp>(op))
      ops.push_back(op);
  });
  OpBuilder builder(&getContext());
  bool failedAny = false;
  for (Operation *op : ops) {
    LogicalResult result = success();
    if (auto compute = dyn_cast<ComputeOp>(op))
      result = lowerCompute(compute, builder);
    else if (auto start = dyn_cast<CollectiveOpInterface>(op))
      result = lowerStart(start, builder);
    else
      result = lowerGridQuery(op, module, builder);
    failedAny |= failed(result);
  }
  return failure(failedAny);
}

/// Drops the discardable `sched.*` attributes of every op in `module` (e.g.
/// the #sched.target of the module), which mlir-translate cannot parse once
/// the sched dialect is gone.
static void dropSchedAttributes(ModuleOp module) {
  module.walk([](Operation *op) {
    for (NamedAttribute attr :
         llvm::to_vector(op->getDiscardableAttrDictionary()))
      if (attr.getName().strref().starts_with("sched."))
        op->removeDiscardableAttr(attr.getName());
  });
}

void ConvertSchedToRuntimePass::runOnOperation() {
  ModuleOp module = getOperation();
  layouts.clear();
  if (failed(checkShardOps(module)))
    return signalPassFailure();
  FailureOr<SmallVector<ProcessGroupOp>> groups = computeLayouts(module);
  if (failed(groups) || (deviceMemory && failed(checkDeviceMemory())))
    return signalPassFailure();
  if (failed(lowerOps(module)) || failed(lowerCarriedFutures(module)))
    return signalPassFailure();
  registerGroups(*groups);
  for (ProcessGroupOp group : *groups)
    group.erase();
  dropSchedAttributes(module);
  if (failed(eraseGrids(module)))
    signalPassFailure();
}

} // namespace
