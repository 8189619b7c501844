//===- ShardToSched.cpp - shard collectives to sched start/wait -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Rewrites every shard collective into a sched `*_start` followed directly by
// its `sched.wait`, on a `sched.process_group` that stands for the groups the
// collective's grid axes induce. One function, `getFailureReason`, decides
// what can be converted: the pass reports every op it rejects before anything
// changes, and the patterns refuse the same ops.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/ShardToSched/ShardToSched.h"
#include "sched/Conversion/Passes.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_CONVERTSHARDTOSCHED
#include "sched/Conversion/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;
using shard::GridAxis;

//===----------------------------------------------------------------------===//
// Reductions and process groups
//===----------------------------------------------------------------------===//

std::optional<ReductionKind>
sched::convertReductionKind(shard::ReductionKind kind) {
  switch (kind) {
  case shard::ReductionKind::Sum:
    return ReductionKind::Sum;
  case shard::ReductionKind::Max:
    return ReductionKind::Max;
  case shard::ReductionKind::Min:
    return ReductionKind::Min;
  case shard::ReductionKind::Product:
    return ReductionKind::Prod;
  case shard::ReductionKind::Average:
    return ReductionKind::Avg;
  case shard::ReductionKind::BitwiseAnd:
  case shard::ReductionKind::BitwiseOr:
  case shard::ReductionKind::BitwiseXor:
  case shard::ReductionKind::Generic:
    return std::nullopt;
  }
  return std::nullopt;
}

std::string ShardProcessGroups::getGroupName(StringRef grid,
                                             ArrayRef<GridAxis> axes) {
  std::string name = (grid + "_axes").str();
  if (axes.empty())
    return name + "_none";
  for (GridAxis axis : axes)
    name += "_" + std::to_string(axis);
  return name;
}

bool ShardProcessGroups::describes(ProcessGroupOp group, shard::GridOp grid,
                                   ArrayRef<GridAxis> axes) {
  auto gridRef = group->getAttrOfType<FlatSymbolRefAttr>(getGridAttrName());
  auto axesAttr =
      group->getAttrOfType<DenseI16ArrayAttr>(getGridAxesAttrName());
  return gridRef && gridRef.getValue() == grid.getSymName() && axesAttr &&
         axesAttr.asArrayRef() == axes && !group.getRanks() &&
         group.getSizeAttr().getInt() ==
             shard::collectiveProcessGroupSize(axes, grid);
}

ProcessGroupOp ShardProcessGroups::getOrCreate(OpBuilder &builder,
                                               shard::GridOp grid,
                                               ArrayRef<GridAxis> axes) {
  auto key = std::make_pair(grid.getOperation(), SmallVector<GridAxis>(axes));
  if (auto it = groups.find(key); it != groups.end())
    return it->second;

  int64_t size = shard::collectiveProcessGroupSize(axes, grid);
  assert(!ShapedType::isDynamic(size) && "group over a dynamic grid axis");
  SymbolTable &table = symbolTables.getSymbolTable(grid->getParentOp());
  std::string base = getGroupName(grid.getSymName(), axes);
  std::string name = base;
  for (unsigned suffix = 1; Operation *existing = table.lookup(name);
       ++suffix) {
    auto group = dyn_cast<ProcessGroupOp>(existing);
    if (group && describes(group, grid, axes)) {
      groups[key] = group;
      return group;
    }
    name = base + "_" + std::to_string(suffix);
  }

  OpBuilder::InsertionGuard guard(builder);
  auto last = lastCreated.find(grid.getOperation());
  builder.setInsertionPointAfter(
      last != lastCreated.end() ? last->second : grid.getOperation());
  auto group = ProcessGroupOp::create(builder, grid.getLoc(), name, size,
                                      /*ranks=*/nullptr,
                                      /*ranks_per_node=*/nullptr);
  group->setAttr(getGridAttrName(),
                 FlatSymbolRefAttr::get(grid.getSymNameAttr()));
  group->setAttr(getGridAxesAttrName(), builder.getDenseI16ArrayAttr(axes));
  table.insert(group);
  lastCreated[grid.getOperation()] = group;
  groups[key] = group;
  return group;
}

//===----------------------------------------------------------------------===//
// What can be converted
//===----------------------------------------------------------------------===//

/// Returns the element type of a shaped value.
static Type getElementType(Value value) {
  return cast<ShapedType>(value.getType()).getElementType();
}

/// Checks the group of a collective on `gridRef` over `axes`: the grid
/// exists, the axes are axes of it with a static size, and the group fits
/// 32-bit ranks. Returns the reason it cannot be converted, or "".
static std::string checkGroup(Operation *op, FlatSymbolRefAttr gridRef,
                              ArrayRef<GridAxis> axes,
                              SymbolTableCollection &symbolTables) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  shard::GridOp grid = shard::getGridOrNull(op, gridRef, symbolTables);
  if (!grid) {
    os << "grid " << gridRef << " is not a shard.grid";
    return reason;
  }
  int64_t size = 1;
  for (GridAxis axis : axes) {
    if (axis < 0 || axis >= grid.getRank()) {
      os << "grid axis " << axis << " is not an axis of " << gridRef;
      return reason;
    }
    int64_t axisSize = grid.getShape()[axis];
    if (ShapedType::isDynamic(axisSize)) {
      os << "grid axis " << axis << " of " << gridRef
         << " has a dynamic size; sched process groups have a static size";
      return reason;
    }
    if (axisSize < 1) {
      os << "grid axis " << axis << " of " << gridRef << " has size "
         << axisSize << "; a process group has at least one process";
      return reason;
    }
    if (llvm::MulOverflow(size, axisSize, size) ||
        size > std::numeric_limits<int32_t>::max()) {
      os << "the group over grid axes [";
      llvm::interleaveComma(axes, os);
      os << "] of " << gridRef << " has more than 2^31 - 1 processes";
      return reason;
    }
  }
  return reason;
}

/// Checks that sched can move elements of `type`. Returns the reason it
/// cannot, or "".
static std::string checkMovable(Type type) {
  std::string reason;
  if (!isByteSizedElementType(type))
    llvm::raw_string_ostream(reason)
        << "element type '" << type
        << "' is not a byte-sized integer, float or complex type";
  return reason;
}

/// Checks a reduction `kind` that accumulates elements of `input` type in
/// `result` type. Returns the reason sched cannot do it, or "".
static std::string checkReduction(shard::ReductionKind kind, Type input,
                                  Type result) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  if (!convertReductionKind(kind))
    os << "reduction '" << shard::stringifyReductionKind(kind)
       << "' has no sched equivalent (expected sum, max, min, product or "
          "average)";
  else if (!isReducibleElementType(result))
    os << "cannot reduce element type '" << result
       << "' (expected i8, i32, i64, f8E4M3FN, f8E5M2, f16, bf16, f32 or f64)";
  else if (input != result &&
           (!isa<FloatType>(input) || !isa<FloatType>(result) ||
            input.getIntOrFloatBitWidth() == result.getIntOrFloatBitWidth()))
    os << "accumulating '" << input << "' elements as '" << result
       << "' is not supported (only float to a wider or narrower float)";
  return reason;
}

/// Checks that a root is given by constants.
static std::string checkStaticRoot(ValueRange dynamicRoot) {
  if (dynamicRoot.empty())
    return "";
  return "the root is given by SSA values; sched needs a static root";
}

/// Checks that dimension `axis` of the tensor `value`, if static, splits
/// into as many equal parts as the group over `axes` of `gridRef` has
/// processes. Returns the reason it does not, or "".
static std::string checkDivisible(Operation *op, Value value, int64_t axis,
                                  StringRef axisName, FlatSymbolRefAttr gridRef,
                                  ArrayRef<GridAxis> axes,
                                  SymbolTableCollection &symbolTables) {
  shard::GridOp grid = shard::getGridOrNull(op, gridRef, symbolTables);
  auto type = cast<RankedTensorType>(value.getType());
  if (!grid || axis < 0 || axis >= type.getRank() || type.isDynamicDim(axis))
    return "";
  int64_t groupSize = shard::collectiveProcessGroupSize(axes, grid);
  if (ShapedType::isDynamic(groupSize) ||
      type.getDimSize(axis) % groupSize == 0)
    return "";
  std::string reason;
  llvm::raw_string_ostream(reason)
      << axisName << " " << axis << " has size " << type.getDimSize(axis)
      << ", which is not divisible by the group size " << groupSize;
  return reason;
}

/// Checks the memref form of an all_reduce. Returns the reason it cannot be
/// converted, or "".
static std::string checkMemRefAllReduce(shard::AllReduceOp op) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  auto input = dyn_cast<MemRefType>(op.getInput().getType());
  auto result = dyn_cast<MemRefType>(op.getResult().getType());
  if (!input || !result)
    os << "the input and the result must both be tensors or both be ranked "
          "memrefs";
  else if (input.getElementType() != result.getElementType())
    os << "the memref form accumulates in its input element type only";
  else if (!input.areTrailingDimsContiguous(input.getRank()))
    os << "the input memref '" << input << "' is not contiguous";
  else if (!result.getLayout().isIdentity())
    os << "the result memref '" << result << "' has a non-identity layout";
  return reason;
}

/// Returns why `op`, an op of the shard dialect, cannot be converted, or ""
/// if it can, or if it is not a collective (the grid, sharding annotations
/// and index queries are kept as they are).
static std::string getFailureReason(Operation *op,
                                    SymbolTableCollection &symbolTables) {
  auto group = [&](auto collective) {
    return checkGroup(collective, collective.getGridAttr(),
                      collective.getGridAxes(), symbolTables);
  };
  auto reduction = [](auto collective) {
    return checkReduction(collective.getReduction(),
                          getElementType(collective.getInput()),
                          getElementType(collective.getResult()));
  };
  auto movable = [](auto collective) {
    return checkMovable(getElementType(collective.getInput()));
  };
  // Every check is safe to run when an earlier one failed; the first failure
  // is reported.
  auto first = [](std::initializer_list<std::string> reasons) {
    for (const std::string &reason : reasons)
      if (!reason.empty())
        return reason;
    return std::string();
  };
  return llvm::TypeSwitch<Operation *, std::string>(op)
      .Case([&](shard::AllReduceOp op) {
        std::string form;
        if (!isa<RankedTensorType>(op.getInput().getType()) ||
            !isa<RankedTensorType>(op.getResult().getType()))
          form = checkMemRefAllReduce(op);
        return first({group(op), form, reduction(op)});
      })
      .Case(
          [&](shard::ReduceOp op) { return first({group(op), reduction(op)}); })
      .Case([&](shard::ReduceScatterOp op) {
        return first({group(op), reduction(op)});
      })
      .Case<shard::AllGatherOp, shard::GatherOp>(
          [&](auto op) { return first({group(op), movable(op)}); })
      .Case([&](shard::AllToAllOp op) {
        // The shard verifier checks that the scattered or sliced dimension
        // of reduce_scatter, scatter and all_slice divides, not this one.
        return first(
            {group(op), movable(op),
             checkDivisible(op, op.getInput(), op.getSplitAxisAttr().getInt(),
                            "split_axis", op.getGridAttr(), op.getGridAxes(),
                            symbolTables)});
      })
      .Case([&](shard::BroadcastOp op) {
        return first(
            {group(op), checkStaticRoot(op.getRootDynamic()), movable(op)});
      })
      .Case([&](shard::ScatterOp op) {
        return first(
            {group(op), checkStaticRoot(op.getRootDynamic()), movable(op)});
      })
      .Case([&](shard::AllSliceOp op) { return group(op); })
      .Case<shard::SendOp, shard::RecvOp>([](auto) {
        return std::string(
            "a send or receive with a static peer makes every process of its "
            "group talk to that one process, which is not a permutation; "
            "sched models point-to-point communication only as a permutation "
            "of the group (sched.collective_permute_start), so write the "
            "exchange as shard.shift");
      })
      // The shard verifier checks that shift_axis is one of grid_axes.
      .Case([&](shard::ShiftOp op) { return first({group(op), movable(op)}); })
      .Case([](shard::UpdateHaloOp) {
        return std::string("a halo update is point-to-point communication, "
                           "which sched does not model");
      })
      .Default([](Operation *) { return std::string(); });
}

//===----------------------------------------------------------------------===//
// IR building helpers
//===----------------------------------------------------------------------===//

/// Converts the elements of the tensor `value` to the float type `element`
/// (arith.extf or arith.truncf); returns `value` if they already have it.
static Value convertElements(OpBuilder &builder, Location loc, Value value,
                             Type element) {
  auto type = cast<RankedTensorType>(value.getType());
  Type from = type.getElementType();
  if (from == element)
    return value;
  RankedTensorType converted = type.clone(element);
  if (element.getIntOrFloatBitWidth() > from.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(builder, loc, converted, value);
  return arith::TruncFOp::create(builder, loc, converted, value);
}

/// Creates `StartOp` on `group` with `input` (and destination `into`, if
/// any) and a future that carries `resultType`, followed by its wait; returns
/// the value of the wait.
template <typename StartOp, typename... Args>
static Value createStartAndWait(OpBuilder &builder, Location loc,
                                ProcessGroupOp group, Type resultType,
                                Value input, Value into, Args &&...args) {
  auto future = FutureType::get(builder.getContext(), {resultType});
  SmallVector<Value> outputs;
  if (into)
    outputs.push_back(into);
  auto start = StartOp::create(builder, loc, future, ValueRange{input}, outputs,
                               FlatSymbolRefAttr::get(group),
                               std::forward<Args>(args)...);
  return WaitOp::create(builder, loc, start.getFuture()).getValues().front();
}

/// Returns the (source, target) pairs of `shard.shift` `op`, flattened, in
/// positions of its group over `axes` of `grid` (row-major in the order of
/// `axes`): the process at coordinate c of the shift axis sends to c +
/// offset, modulo the axis size with `rotate`, and to no one when c + offset
/// is off the axis without it (its target then receives zeros).
static SmallVector<int64_t>
getShiftPairs(shard::ShiftOp op, ArrayRef<GridAxis> axes, shard::GridOp grid) {
  SmallVector<int64_t> sizes;
  int64_t groupSize = 1, shiftPos = 0;
  for (auto [index, axis] : llvm::enumerate(axes)) {
    sizes.push_back(grid.getShape()[axis]);
    groupSize *= sizes.back();
    if (static_cast<int64_t>(axis) == op.getShiftAxis().getSExtValue())
      shiftPos = index;
  }
  int64_t size = sizes[shiftPos];
  // |offset| may be anything: reduce it first so nothing overflows.
  int64_t offset = op.getOffset();
  bool rotate = op.getRotate();
  if (!rotate && (offset >= size || offset <= -size))
    return {};
  offset %= size;
  int64_t stride = 1;
  for (int64_t later : ArrayRef<int64_t>(sizes).drop_front(shiftPos + 1))
    stride *= later;
  SmallVector<int64_t> flat;
  for (int64_t source = 0; source < groupSize; ++source) {
    int64_t coordinate = source / stride % size;
    int64_t shifted = coordinate + offset;
    if (rotate)
      shifted = (shifted % size + size) % size;
    else if (shifted < 0 || shifted >= size)
      continue;
    flat.append({source, source + (shifted - coordinate) * stride});
  }
  return flat;
}

/// Returns the linear index of the root multi-index `root` (one coordinate
/// per axis of `axes`) in its group: row-major, in the order of `axes`.
static int64_t linearizeRoot(ArrayRef<int64_t> root, ArrayRef<GridAxis> axes,
                             shard::GridOp grid) {
  int64_t linear = 0;
  for (auto [coordinate, axis] : llvm::zip_equal(root, axes))
    linear = linear * grid.getShape()[axis] + coordinate;
  return linear;
}

/// Returns the position of the calling process in its group over `axes` of
/// `grid`: its coordinates on `axes` (shard.process_multi_index), linearized
/// row-major in the order of `axes`.
static Value createPositionInGroup(OpBuilder &builder, Location loc,
                                   shard::GridOp grid,
                                   ArrayRef<GridAxis> axes) {
  if (axes.empty())
    return arith::ConstantIndexOp::create(builder, loc, 0);
  auto multiIndex =
      shard::ProcessMultiIndexOp::create(builder, loc, grid.getSymName(), axes);
  Value linear = multiIndex.getResult().front();
  for (auto [axis, coordinate] : llvm::zip_equal(
           axes.drop_front(), multiIndex.getResult().drop_front())) {
    Value axisSize =
        arith::ConstantIndexOp::create(builder, loc, grid.getShape()[axis]);
    linear = arith::MulIOp::create(builder, loc, linear, axisSize);
    linear = arith::AddIOp::create(builder, loc, linear, coordinate);
  }
  return linear;
}

/// Returns the part of the tensor `value` that the calling process keeps
/// when `value` is split along `axis` into as many equal parts as its group
/// over `axes` of `grid` has processes, part i going to position i; casts it
/// to `resultType`.
static Value createLocalSlice(OpBuilder &builder, Location loc, Value value,
                              int64_t axis, shard::GridOp grid,
                              ArrayRef<GridAxis> axes, Type resultType) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t groupSize = shard::collectiveProcessGroupSize(axes, grid);
  Value position = createPositionInGroup(builder, loc, grid, axes);
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(builder, loc, value);
  SmallVector<OpFoldResult> offsets(type.getRank(), builder.getIndexAttr(0));
  if (type.isDynamicDim(axis)) {
    Value count = arith::ConstantIndexOp::create(builder, loc, groupSize);
    // getMixedSizes gives a tensor.dim for a dynamic dimension.
    Value partSize =
        arith::DivUIOp::create(builder, loc, cast<Value>(sizes[axis]), count);
    sizes[axis] = partSize;
    offsets[axis] =
        arith::MulIOp::create(builder, loc, position, partSize).getResult();
  } else {
    int64_t partSize = type.getDimSize(axis) / groupSize;
    sizes[axis] = builder.getIndexAttr(partSize);
    offsets[axis] = position;
    if (partSize != 1)
      offsets[axis] = arith::MulIOp::create(builder, loc, position,
                                            arith::ConstantIndexOp::create(
                                                builder, loc, partSize))
                          .getResult();
  }
  SmallVector<OpFoldResult> strides(type.getRank(), builder.getIndexAttr(1));
  Value slice = tensor::ExtractSliceOp::create(builder, loc, value, offsets,
                                               sizes, strides);
  if (slice.getType() != resultType)
    slice = tensor::CastOp::create(builder, loc, resultType, slice);
  return slice;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {
/// Base of the patterns: checks that the op can be converted and finds its
/// grid and group.
template <typename OpTy>
struct ShardCollectivePattern : public OpConversionPattern<OpTy> {
  ShardCollectivePattern(MLIRContext *context, ShardProcessGroups &groups)
      : OpConversionPattern<OpTy>(context), groups(groups) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    SymbolTableCollection &symbolTables = groups.getSymbolTables();
    if (std::string reason = getFailureReason(op, symbolTables);
        !reason.empty())
      return rewriter.notifyMatchFailure(op, reason);
    shard::GridOp grid =
        shard::getGridOrNull(op, op.getGridAttr(), symbolTables);
    // Everything is checked: from here on the pattern succeeds.
    ProcessGroupOp group = groups.getOrCreate(rewriter, grid, op.getGridAxes());
    rewriter.replaceOp(op, rewrite(op, adaptor, grid, group, rewriter));
    return success();
  }

  /// Builds the replacement of `op` on `group`; returns its result.
  virtual Value rewrite(OpTy op, typename OpTy::Adaptor adaptor,
                        shard::GridOp grid, ProcessGroupOp group,
                        ConversionPatternRewriter &rewriter) const = 0;

private:
  ShardProcessGroups &groups;
};

/// Returns the sched attribute of a shard reduction checked convertible.
ReductionKindAttr getReductionAttr(MLIRContext *context,
                                   shard::ReductionKind kind) {
  return ReductionKindAttr::get(context, *convertReductionKind(kind));
}

/// shard.all_reduce -> sched.all_reduce_start + sched.wait. The memref form
/// reduces into a new buffer of the result type.
struct AllReduceLowering : public ShardCollectivePattern<shard::AllReduceOp> {
  using ShardCollectivePattern::ShardCollectivePattern;
  Value rewrite(shard::AllReduceOp op, OpAdaptor adaptor, shard::GridOp,
                ProcessGroupOp group,
                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ReductionKindAttr reduction =
        getReductionAttr(op.getContext(), op.getReduction());
    Value input = adaptor.getInput();
    auto memref = dyn_cast<MemRefType>(op.getResult().getType());
    if (!memref) {
      input =
          convertElements(rewriter, loc, input, getElementType(op.getResult()));
      return createStartAndWait<AllReduceStartOp>(
          rewriter, loc, group, op.getResult().getType(), input,
          /*into=*/Value(), reduction);
    }
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < memref.getRank(); ++dim)
      if (memref.isDynamicDim(dim))
        dynamicSizes.push_back(
            memref::DimOp::create(rewriter, loc, input, dim));
    Value into = memref::AllocOp::create(rewriter, loc, memref, dynamicSizes);
    return createStartAndWait<AllReduceStartOp>(rewriter, loc, group, memref,
                                                input, into, reduction);
  }
};

/// shard.reduce -> sched.all_reduce_start + sched.wait: every process gets
/// the result that shard defines on the root only.
struct ReduceLowering : public ShardCollectivePattern<shard::ReduceOp> {
  using ShardCollectivePattern::ShardCollectivePattern;
  Value rewrite(shard::ReduceOp op, OpAdaptor adaptor, shard::GridOp,
                ProcessGroupOp group,
                ConversionPatternRewriter &rewriter) const override {
    Value input = convertElements(rewriter, op.getLoc(), adaptor.getInput(),
                                  getElementType(op.getResult()));
    return createStartAndWait<AllReduceStartOp>(
        rewriter, op.getLoc(), group, op.getResult().getType(), input,
        /*into=*/Value(), getReductionAttr(op.getContext(), op.getReduction()));
  }
};

/// shard.all_gather and shard.gather -> sched.all_gather_start +
/// sched.wait. For shard.gather every process gets the result that shard
/// defines on the root only.
template <typename GatherOpT>
struct GatherLowering : public ShardCollectivePattern<GatherOpT> {
  using ShardCollectivePattern<GatherOpT>::ShardCollectivePattern;
  Value rewrite(GatherOpT op, typename GatherOpT::Adaptor adaptor,
                shard::GridOp, ProcessGroupOp group,
                ConversionPatternRewriter &rewriter) const override {
    return createStartAndWait<AllGatherStartOp>(
        rewriter, op.getLoc(), group, op.getResult().getType(),
        adaptor.getInput(), /*into=*/Value(),
        rewriter.getI64IntegerAttr(op.getGatherAxisAttr().getInt()));
  }
};

/// shard.reduce_scatter -> sched.reduce_scatter_start + sched.wait.
struct ReduceScatterLowering
    : public ShardCollectivePattern<shard::ReduceScatterOp> {
  using ShardCollectivePattern::ShardCollectivePattern;
  Value rewrite(shard::ReduceScatterOp op, OpAdaptor adaptor, shard::GridOp,
                ProcessGroupOp group,
                ConversionPatternRewriter &rewriter) const override {
    Value input = convertElements(rewriter, op.getLoc(), adaptor.getInput(),
                                  getElementType(op.getResult()));
    return createStartAndWait<ReduceScatterStartOp>(
        rewriter, op.getLoc(), group, op.getResult().getType(), input,
        /*into=*/Value(), getReductionAttr(op.getContext(), op.getReduction()),
        rewriter.getI64IntegerAttr(op.getScatterAxisAttr().getInt()));
  }
};

/// shard.shift -> sched.collective_permute_start + sched.wait, with the
/// pairs of getShiftPairs.
struct ShiftLowering : public ShardCollectivePattern<shard::ShiftOp> {
  using ShardCollectivePattern::ShardCollectivePattern;
  Value rewrite(shard::ShiftOp op, OpAdaptor adaptor, shard::GridOp grid,
                ProcessGroupOp group,
                ConversionPatternRewriter &rewriter) const override {
    return createStartAndWait<CollectivePermuteStartOp>(
        rewriter, op.getLoc(), group, op.getResult().getType(),
        adaptor.getInput(), /*into=*/Value(),
        rewriter.getDenseI64ArrayAttr(
            getShiftPairs(op, op.getGridAxes(), grid)));
  }
};

/// shard.all_to_all -> sched.all_to_all_start + sched.wait.
struct AllToAllLowering : public ShardCollectivePattern<shard::AllToAllOp> {
  using ShardCollectivePattern::ShardCollectivePattern;
  Value rewrite(shard::AllToAllOp op, OpAdaptor adaptor, shard::GridOp,
                ProcessGroupOp group,
                ConversionPatternRewriter &rewriter) const override {
    return createStartAndWait<AllToAllStartOp>(
        rewriter, op.getLoc(), group, op.getResult().getType(),
        adaptor.getInput(), /*into=*/Value(),
        rewriter.getI64IntegerAttr(op.getSplitAxisAttr().getInt()),
        rewriter.getI64IntegerAttr(op.getConcatAxisAttr().getInt()));
  }
};

/// shard.broadcast -> sched.broadcast_start + sched.wait, with the root's
/// multi-index linearized into its position in the group.
struct BroadcastLowering : public ShardCollectivePattern<shard::BroadcastOp> {
  using ShardCollectivePattern::ShardCollectivePattern;
  Value rewrite(shard::BroadcastOp op, OpAdaptor adaptor, shard::GridOp grid,
                ProcessGroupOp group,
                ConversionPatternRewriter &rewriter) const override {
    int64_t root = linearizeRoot(op.getRoot(), op.getGridAxes(), grid);
    return createStartAndWait<BroadcastStartOp>(
        rewriter, op.getLoc(), group, op.getResult().getType(),
        adaptor.getInput(), /*into=*/Value(), rewriter.getI64IntegerAttr(root));
  }
};

/// shard.scatter -> sched.broadcast_start + sched.wait of the root's input,
/// then each process keeps its part (tensor.extract_slice).
struct ScatterLowering : public ShardCollectivePattern<shard::ScatterOp> {
  using ShardCollectivePattern::ShardCollectivePattern;
  Value rewrite(shard::ScatterOp op, OpAdaptor adaptor, shard::GridOp grid,
                ProcessGroupOp group,
                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t root = linearizeRoot(op.getRoot(), op.getGridAxes(), grid);
    Value input = adaptor.getInput();
    Value whole = createStartAndWait<BroadcastStartOp>(
        rewriter, loc, group, input.getType(), input, /*into=*/Value(),
        rewriter.getI64IntegerAttr(root));
    return createLocalSlice(rewriter, loc, whole,
                            op.getScatterAxisAttr().getInt(), grid,
                            op.getGridAxes(), op.getResult().getType());
  }
};

/// shard.all_slice -> tensor.extract_slice of the process's part. There is
/// no communication, so no process group is declared for it.
struct AllSliceLowering : public OpConversionPattern<shard::AllSliceOp> {
  AllSliceLowering(MLIRContext *context, ShardProcessGroups &groups)
      : OpConversionPattern(context), groups(groups) {}

  LogicalResult
  matchAndRewrite(shard::AllSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SymbolTableCollection &symbolTables = groups.getSymbolTables();
    if (std::string reason = getFailureReason(op, symbolTables);
        !reason.empty())
      return rewriter.notifyMatchFailure(op, reason);
    shard::GridOp grid =
        shard::getGridOrNull(op, op.getGridAttr(), symbolTables);
    rewriter.replaceOp(
        op, createLocalSlice(rewriter, op.getLoc(), adaptor.getInput(),
                             op.getSliceAxisAttr().getInt(), grid,
                             op.getGridAxes(), op.getResult().getType()));
    return success();
  }

private:
  ShardProcessGroups &groups;
};
} // namespace

void sched::populateShardToSchedConversionPatterns(RewritePatternSet &patterns,
                                                   ShardProcessGroups &groups) {
  patterns.add<GatherLowering<shard::AllGatherOp>, AllReduceLowering,
               AllSliceLowering, AllToAllLowering, BroadcastLowering,
               GatherLowering<shard::GatherOp>, ReduceLowering,
               ReduceScatterLowering, ScatterLowering, ShiftLowering>(
      patterns.getContext(), groups);
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// Returns whether `op` is a shard collective that communicates (every one
/// but shard.all_slice, which only keeps a part of a tensor).
static bool isCommunication(Operation *op) {
  return isa<shard::AllGatherOp, shard::AllReduceOp, shard::AllToAllOp,
             shard::BroadcastOp, shard::GatherOp, shard::ReduceOp,
             shard::ReduceScatterOp, shard::ScatterOp, shard::SendOp,
             shard::RecvOp, shard::ShiftOp, shard::UpdateHaloOp>(op);
}

/// Warns, at the first `shard.shard` of `module` in program order, that the
/// input looks unpartitioned. shard-partition replaces every sharding
/// annotation by the collectives it implies, so an annotation that is left
/// means that its communication has not been inserted yet; partitioned input
/// without communication has neither annotations nor collectives and gets no
/// warning.
static void warnIfUnpartitioned(ModuleOp module) {
  shard::ShardOp first;
  int64_t collectives = 0;
  module.walk([&](Operation *op) {
    if (auto annotation = dyn_cast<shard::ShardOp>(op); annotation && !first)
      first = annotation;
    collectives += isCommunication(op);
  });
  if (!first)
    return;
  first.emitWarning()
      << "the input looks unpartitioned: 'shard.shard' annotations are left, "
         "whose communication only shard-partition inserts ("
      << collectives << " shard "
      << (collectives == 1 ? "collective" : "collectives")
      << " found); run mlir-opt "
         "--pass-pipeline='builtin.module(func.func(sharding-propagation,"
         "shard-partition))' first";
}

namespace {
struct ConvertShardToSched
    : public sched::impl::ConvertShardToSchedBase<ConvertShardToSched> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

void ConvertShardToSched::runOnOperation() {
  ModuleOp module = getOperation();
  SymbolTableCollection symbolTables;

  // Report every op that cannot be converted, in program order, before
  // changing anything.
  bool rejected = false;
  module.walk([&](Operation *op) {
    if (!isa_and_nonnull<shard::ShardDialect>(op->getDialect()))
      return;
    std::string reason = getFailureReason(op, symbolTables);
    if (reason.empty())
      return;
    op->emitError() << "cannot convert '" << op->getName()
                    << "' to sched: " << reason;
    rejected = true;
  });
  if (rejected)
    return signalPassFailure();
  warnIfUnpartitioned(module);

  ShardProcessGroups groups(symbolTables);
  RewritePatternSet patterns(&getContext());
  populateShardToSchedConversionPatterns(patterns, groups);
  ConversionTarget target(getContext());
  target.addIllegalOp<shard::AllGatherOp, shard::AllReduceOp, shard::AllSliceOp,
                      shard::AllToAllOp, shard::BroadcastOp, shard::GatherOp,
                      shard::ReduceOp, shard::ReduceScatterOp, shard::ScatterOp,
                      shard::ShiftOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  if (failed(applyPartialConversion(module, target, std::move(patterns))))
    signalPassFailure();
}
