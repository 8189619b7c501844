//===- FXCompute.cpp - FX getitem, compute and views ----------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "FXImporterImpl.h"

#include "sched/Analysis/CostModel.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedViewAttr.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::sched::fx;

/// The discardable attribute that marks a `sched.compute "aten.view"` and
/// names the view's target.
static constexpr StringLiteral kViewAttr = "fx.view";

//===----------------------------------------------------------------------===//
// getitem
//===----------------------------------------------------------------------===//

LogicalResult FXImporter::importGetItem(const FXNode &node) {
  const json::Value *arg = getArg(node, 0, "");
  std::optional<StringRef> name =
      arg ? getReference(*arg) : std::optional<StringRef>();
  if (!name)
    return emitNodeError(node) << "expected a node as argument 0";
  FailureOr<int64_t> rawIndex = getIntArg(node, 1, "index", std::nullopt);
  if (failed(rawIndex))
    return failure();
  FailureOr<NodeValue *> sourceOr = lookupNode(node, *name);
  if (failed(sourceOr))
    return failure();
  NodeValue &source = **sourceOr;
  auto checkIndex = [&](size_t size) -> FailureOr<unsigned> {
    int64_t index =
        *rawIndex < 0 ? *rawIndex + static_cast<int64_t>(size) : *rawIndex;
    if (index < 0 || index >= static_cast<int64_t>(size))
      return emitNodeError(node)
             << "index " << *rawIndex << " is out of range for the " << size
             << " outputs of '" << *name << "'";
    return static_cast<unsigned>(index);
  };

  NodeValue result;
  Type resultType;
  switch (source.kind) {
  case NodeValue::Kind::Tuple: {
    FailureOr<unsigned> index = checkIndex(source.elements.size());
    if (failed(index))
      return failure();
    if (Value element = source.elements[*index]) {
      result.kind = NodeValue::Kind::Tensor;
      result.value = element;
      resultType = element.getType();
    }
    break;
  }
  case NodeValue::Kind::Split: {
    const SplitView &split = splits[source.split];
    FailureOr<unsigned> index = checkIndex(split.types.size());
    if (failed(index))
      return failure();
    auto sourceType = cast<RankedTensorType>(split.source.getType());
    RankedTensorType type = split.types[*index];
    SmallVector<int64_t> offsets(sourceType.getRank(), 0);
    SmallVector<int64_t> sizes(sourceType.getShape());
    SmallVector<int64_t> strides(sourceType.getRank(), 1);
    offsets[split.dim] = split.offsets[*index];
    sizes[split.dim] = split.drop ? 1 : type.getDimSize(split.dim);
    result.kind = NodeValue::Kind::Tensor;
    if (type == sourceType) {
      result.value = split.source;
    } else if (sizes[split.dim] > 0) {
      result.value =
          emitSlice(node.loc, split.source, type, offsets, sizes, strides);
    } else {
      // An empty piece: tensor.extract_slice wants in-bounds offsets.
      auto compute = ComputeOp::create(
          builder, node.loc, TypeRange(type), "aten.view", split.source,
          ValueRange(), CostAttr::get(context, 0, 0, 0, std::nullopt));
      markView(compute, node);
      result.value = compute->getResult(0);
    }
    resultType = type;
    break;
  }
  case NodeValue::Kind::Collective: {
    if (!collectives[source.collective].coalesced)
      return emitNodeError(node) << "getitem on the collective '" << *name
                                 << "', which has one output";
    auto future = cast<FutureType>(
        collectives[source.collective].start->getResult(0).getType());
    FailureOr<unsigned> index = checkIndex(future.getValueTypes().size());
    if (failed(index))
      return failure();
    result.kind = NodeValue::Kind::CollectiveElement;
    result.collective = source.collective;
    result.element = *index;
    resultType = future.getValueTypes()[*index];
    break;
  }
  default:
    return emitNodeError(node) << "getitem expects a multi-output node, but '"
                               << *name << "' is " << describeKind(source);
  }

  // The getitem's own meta, if it has one, must agree.
  if (const json::Value *meta = node.object->get("meta");
      meta && meta->kind() != json::Value::Null) {
    FailureOr<RankedTensorType> type = getTensorMeta(node);
    if (failed(type))
      return failure();
    if (*type != resultType) {
      InFlightDiagnostic diag = emitNodeError(node)
                                << "\"meta\" says " << *type << ", but output "
                                << *rawIndex << " of '" << *name << "' is ";
      if (resultType)
        diag << resultType;
      else
        diag << "not a tensor";
      return diag;
    }
  }
  values[node.name] = result;
  return success();
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

LogicalResult FXImporter::importCompute(const FXNode &node, const OpInfo *info,
                                        const AttentionInfo *attention) {
  StringRef packet = getPacketName(node.target);
  FailureOr<SmallVector<Value>> operands = collectOperands(node);
  if (failed(operands))
    return failure();
  FailureOr<Meta> meta = parseMeta(node);
  if (failed(meta))
    return failure();
  SmallVector<Type> resultTypes;
  for (Type type : meta->types)
    if (type)
      resultTypes.push_back(type);
  if (resultTypes.empty())
    return emitNodeError(node)
           << "\"meta\" has no tensor; non-tensor outputs of compute ops are "
              "not supported";
  FailureOr<std::optional<int64_t>> timeNs = getTimeNs(node);
  if (failed(timeNs))
    return failure();

  std::optional<int64_t> flops = 0;
  std::optional<int64_t> bytesRead = getUniqueByteSize(*operands);
  std::optional<int64_t> bytesWritten = getByteSize(resultTypes);
  if (info || attention) {
    FailureOr<std::optional<int64_t>> derived =
        deriveFlops(node, info, attention, *operands, resultTypes);
    if (failed(derived))
      return failure();
    flops = *derived;
  }
  if (info) {
    switch (info->kind) {
    case OpClass::Fill:
      bytesRead = 0;
      break;
    case OpClass::Empty:
      bytesRead = 0;
      bytesWritten = 0;
      break;
    case OpClass::Embedding: {
      // Only the gathered rows of the table are read.
      FailureOr<Value> indices = getTensorArg(node, 1, "indices");
      if (failed(indices))
        return failure();
      bytesRead = checkedSum(getTypeByteSize(indices->getType()), bytesWritten);
      break;
    }
    default:
      break;
    }
  }
  if (!flops || !bytesRead || !bytesWritten)
    return emitNodeError(node) << "the cost overflows 64 bits";

  auto cost =
      CostAttr::get(context, *flops, *bytesRead, *bytesWritten, *timeNs);
  auto compute = ComputeOp::create(builder, node.loc, resultTypes, packet,
                                   *operands, ValueRange(), cost);
  bindResults(node, compute, *meta);
  return success();
}

void FXImporter::bindResults(const FXNode &node, Operation *op,
                             const Meta &meta) {
  NodeValue value;
  if (meta.kind == Meta::Kind::Tensor) {
    value.kind = NodeValue::Kind::Tensor;
    value.value = op->getResult(0);
  } else {
    value.kind = NodeValue::Kind::Tuple;
    unsigned next = 0;
    for (Type type : meta.types)
      value.elements.push_back(type ? op->getResult(next++) : Value());
  }
  values[node.name] = std::move(value);
}

FailureOr<std::optional<int64_t>>
FXImporter::deriveFlops(const FXNode &node, const OpInfo *info,
                        const AttentionInfo *attention, ValueRange operands,
                        TypeRange results) {
  if (attention)
    return deriveAttentionFlops(node, *attention);
  switch (info->kind) {
  case OpClass::Matmul: {
    FailureOr<Value> lhs = getTensorArg(node, info->operand, "");
    if (failed(lhs))
      return failure();
    auto type = cast<RankedTensorType>(lhs->getType());
    if (type.getRank() < 1)
      return emitNodeError(node) << "expected argument " << info->operand
                                 << " to have at least one dimension";
    return checkedProduct(
        {2, getNumElements(results.front()), type.getShape().back()});
  }
  case OpClass::Convolution: {
    FailureOr<Value> input = getTensorArg(node, 0, "input");
    if (failed(input))
      return failure();
    FailureOr<Value> weight = getTensorArg(node, 1, "weight");
    if (failed(weight))
      return failure();
    FailureOr<bool> transposed = getBoolArg(node, 6, "transposed", false);
    if (failed(transposed))
      return failure();
    return deriveConvolutionFlops(node, input->getType(), weight->getType(),
                                  results.front(), *transposed);
  }
  case OpClass::ConvolutionBackward: {
    FailureOr<Value> gradOutput = getTensorArg(node, 0, "grad_output");
    if (failed(gradOutput))
      return failure();
    FailureOr<Value> input = getTensorArg(node, 1, "input");
    if (failed(input))
      return failure();
    FailureOr<Value> weight = getTensorArg(node, 2, "weight");
    if (failed(weight))
      return failure();
    FailureOr<bool> transposed = getBoolArg(node, 7, "transposed", false);
    if (failed(transposed))
      return failure();
    // One forward's worth of flops for each of grad_input and grad_weight.
    int64_t gradients = 2;
    if (const json::Value *mask = getArg(node, 10, "output_mask"))
      if (const json::Array *list = mask->getAsArray()) {
        gradients = 0;
        for (size_t i = 0; i < std::min<size_t>(2, list->size()); ++i)
          gradients += (*list)[i].getAsBoolean().value_or(true) ? 1 : 0;
      }
    FailureOr<std::optional<int64_t>> forward =
        deriveConvolutionFlops(node, input->getType(), weight->getType(),
                               gradOutput->getType(), *transposed);
    if (failed(forward))
      return failure();
    return checkedProduct({*forward, gradients});
  }
  case OpClass::Pointwise:
    return checkedProduct(
        {getNumElements(results.front()), info->flopsPerElement});
  case OpClass::PerInputElement:
    if (operands.empty())
      return std::optional<int64_t>(0);
    return checkedProduct(
        {getNumElements(operands.front().getType()), info->flopsPerElement});
  case OpClass::EmbeddingBackward: {
    FailureOr<Value> gradOutput = getTensorArg(node, 0, "grad_output");
    if (failed(gradOutput))
      return failure();
    return getNumElements(gradOutput->getType());
  }
  default:
    return std::optional<int64_t>(0);
  }
}

FailureOr<std::optional<int64_t>>
FXImporter::deriveConvolutionFlops(const FXNode &node, Type input, Type weight,
                                   Type output, bool transposed) {
  auto inputType = cast<RankedTensorType>(input);
  auto weightType = cast<RankedTensorType>(weight);
  auto outputType = cast<RankedTensorType>(output);
  RankedTensorType spatial = transposed ? inputType : outputType;
  if (inputType.getRank() < 3 || weightType.getRank() < 3 ||
      spatial.getRank() < 3)
    return emitNodeError(node) << "expected batched convolution tensors of "
                                  "rank 3 or more, got input "
                               << inputType << " and weight " << weightType;
  return checkedProduct({2, inputType.getDimSize(0), getNumElements(weightType),
                         getProduct(spatial.getShape().drop_front(2))});
}

FailureOr<std::optional<int64_t>>
FXImporter::deriveAttentionFlops(const FXNode &node,
                                 const AttentionInfo &attention) {
  SmallVector<RankedTensorType> types;
  static constexpr StringLiteral kKeywords[] = {"query", "key", "value"};
  for (auto [offset, keyword] : llvm::enumerate(kKeywords)) {
    FailureOr<Value> tensor =
        getTensorArg(node, attention.query + offset, keyword);
    if (failed(tensor))
      return failure();
    auto type = cast<RankedTensorType>(tensor->getType());
    if (attention.seqBeforeHeads ? type.getRank() != 4 : type.getRank() < 2)
      return emitNodeError(node) << "unexpected " << keyword << " type " << type
                                 << (attention.seqBeforeHeads
                                         ? "; expected [batch, seq, heads, dim]"
                                         : "; expected [..., seq, dim]");
    types.push_back(type);
  }
  RankedTensorType query = types[0], key = types[1], value = types[2];
  std::optional<int64_t> batch, querySeq, keySeq, dim, valueDim;
  if (attention.seqBeforeHeads) {
    batch = checkedProduct({query.getDimSize(0), query.getDimSize(2)});
    querySeq = query.getDimSize(1);
    keySeq = key.getDimSize(1);
    dim = query.getDimSize(3);
    valueDim = value.getDimSize(3);
  } else {
    batch = getProduct(query.getShape().drop_back(2));
    querySeq = query.getShape().drop_back().back();
    keySeq = key.getShape().drop_back().back();
    dim = query.getShape().back();
    valueDim = value.getShape().back();
  }
  // Two matmuls: scores = q k^T and out = p v.
  std::optional<int64_t> flops =
      checkedProduct({2, batch, querySeq, keySeq, checkedSum(dim, valueDim)});
  bool causal = false;
  if (attention.maskType) {
    FailureOr<int64_t> maskType =
        getIntArg(node, attention.causal, "custom_mask_type", 0);
    if (failed(maskType))
      return failure();
    causal = *maskType != 0;
  } else {
    FailureOr<bool> isCausal =
        getBoolArg(node, attention.causal, "is_causal", false);
    if (failed(isCausal))
      return failure();
    causal = *isCausal;
  }
  // A causal kernel skips the masked half of the scores.
  if (causal && flops)
    flops = *flops / 2;
  if (attention.backward)
    flops = checkedProduct({flops, 2});
  return flops;
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

Value FXImporter::emitSlice(Location loc, Value source, RankedTensorType type,
                            ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                            ArrayRef<int64_t> strides) {
  auto toFoldResults = [&](ArrayRef<int64_t> values) {
    return llvm::map_to_vector(values, [&](int64_t value) -> OpFoldResult {
      return builder.getIndexAttr(value);
    });
  };
  return tensor::ExtractSliceOp::create(
      builder, loc, type, source, toFoldResults(offsets), toFoldResults(sizes),
      toFoldResults(strides));
}

Value FXImporter::emitReshape(Location loc, Value source,
                              RankedTensorType type) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  if (sourceType == type)
    return source;
  Type elementType = type.getElementType();
  if (sourceType.getElementType() != elementType) {
    // A dtype view of the same width and shape is a bitcast.
    Type sourceElement = sourceType.getElementType();
    if (sourceType.getShape() == type.getShape() &&
        sourceElement.isIntOrFloat() && elementType.isIntOrFloat() &&
        sourceElement.getIntOrFloatBitWidth() ==
            elementType.getIntOrFloatBitWidth())
      return tensor::BitcastOp::create(builder, loc, type, source);
    return {};
  }
  ArrayRef<int64_t> from = sourceType.getShape(), to = type.getShape();
  if (from.size() > to.size()) {
    std::optional<SmallVector<ReassociationIndices>> reassociation =
        to.empty() ? SmallVector<ReassociationIndices>()
                   : getReassociationIndicesForCollapse(from, to);
    if (reassociation)
      return tensor::CollapseShapeOp::create(builder, loc, type, source,
                                             *reassociation);
  } else if (from.size() < to.size()) {
    std::optional<SmallVector<ReassociationIndices>> reassociation =
        from.empty() ? SmallVector<ReassociationIndices>()
                     : getReassociationIndicesForCollapse(to, from);
    if (reassociation)
      return tensor::ExpandShapeOp::create(builder, loc, type, source,
                                           *reassociation);
  }
  // Neither a collapse nor an expansion: go through one dimension.
  auto flatType =
      RankedTensorType::get({*getNumElements(sourceType)}, elementType);
  auto allDims = [](size_t rank) {
    ReassociationIndices dims(rank);
    std::iota(dims.begin(), dims.end(), 0);
    return SmallVector<ReassociationIndices>{dims};
  };
  Value flat = source;
  if (sourceType != flatType)
    flat = from.empty()
               ? tensor::ExpandShapeOp::create(builder, loc, flatType, source,
                                               ArrayRef<ReassociationIndices>())
                     .getResult()
               : tensor::CollapseShapeOp::create(builder, loc, flatType, source,
                                                 allDims(from.size()))
                     .getResult();
  if (type == flatType)
    return flat;
  if (to.empty())
    return tensor::CollapseShapeOp::create(builder, loc, type, flat,
                                           ArrayRef<ReassociationIndices>());
  return tensor::ExpandShapeOp::create(builder, loc, type, flat,
                                       allDims(to.size()));
}

void FXImporter::markView(Operation *compute, const FXNode &node) {
  compute->setAttr(kViewAttr, builder.getStringAttr(node.target));
  compute->setAttr(getViewAttrName(), builder.getUnitAttr());
}

LogicalResult FXImporter::emitViewCompute(const FXNode &node,
                                          ValueRange operands,
                                          const Meta &meta) {
  SmallVector<Type> resultTypes;
  for (Type type : meta.types)
    if (type)
      resultTypes.push_back(type);
  if (resultTypes.empty())
    return emitNodeError(node) << "\"meta\" has no tensor";
  FailureOr<std::optional<int64_t>> timeNs = getTimeNs(node);
  if (failed(timeNs))
    return failure();
  auto cost = CostAttr::get(context, 0, 0, 0, *timeNs);
  auto compute = ComputeOp::create(builder, node.loc, resultTypes, "aten.view",
                                   operands, ValueRange(), cost);
  markView(compute, node);
  bindResults(node, compute, meta);
  return success();
}

FailureOr<FXImporter::SliceBounds>
FXImporter::parseSliceBounds(const FXNode &node, const OpInfo &info,
                             RankedTensorType sourceType) {
  FailureOr<int64_t> rawDim = getIntArg(
      node, 1, "dim",
      info.kind == OpClass::Slice ? std::optional<int64_t>(0) : std::nullopt);
  if (failed(rawDim))
    return failure();
  FailureOr<int64_t> dim = normalizeDim(node, *rawDim, sourceType.getRank());
  if (failed(dim))
    return failure();
  int64_t size = sourceType.getDimSize(*dim);
  int64_t start = 0, length = 1, step = 1;
  if (info.kind == OpClass::Slice) {
    FailureOr<int64_t> rawStart = getIntArg(node, 2, "start", 0);
    if (failed(rawStart))
      return failure();
    FailureOr<int64_t> rawEnd =
        getIntArg(node, 3, "end", std::numeric_limits<int64_t>::max());
    if (failed(rawEnd))
      return failure();
    FailureOr<int64_t> rawStep = getIntArg(node, 4, "step", 1);
    if (failed(rawStep))
      return failure();
    if (*rawStep < 1)
      return emitNodeError(node) << "slice step must be positive";
    step = *rawStep;
    start = *rawStart < 0 ? std::max<int64_t>(*rawStart + size, 0)
                          : std::min(*rawStart, size);
    int64_t end = *rawEnd < 0 ? std::max<int64_t>(*rawEnd + size, 0)
                              : std::min(*rawEnd, size);
    end = std::max(end, start);
    // (end - start + step - 1) / step without overflow.
    length = end == start ? 0 : (end - start - 1) / step + 1;
  } else if (info.kind == OpClass::Narrow) {
    FailureOr<int64_t> rawStart = getIntArg(node, 2, "start", std::nullopt);
    if (failed(rawStart))
      return failure();
    FailureOr<int64_t> rawLength = getIntArg(node, 3, "length", std::nullopt);
    if (failed(rawLength))
      return failure();
    start = *rawStart < 0 ? *rawStart + size : *rawStart;
    length = *rawLength;
    if (start < 0 || length < 0 || start > size || length > size - start)
      return emitNodeError(node)
             << "narrow [" << *rawStart << ", +" << *rawLength
             << ") is out of range for dimension " << *dim << " of "
             << sourceType;
  } else {
    FailureOr<int64_t> rawIndex = getIntArg(node, 2, "index", std::nullopt);
    if (failed(rawIndex))
      return failure();
    start = *rawIndex < 0 ? *rawIndex + size : *rawIndex;
    if (start < 0 || start >= size)
      return emitNodeError(node)
             << "index " << *rawIndex << " is out of range for dimension "
             << *dim << " of " << sourceType;
  }
  return SliceBounds{*dim, start, length, step};
}

LogicalResult FXImporter::importView(const FXNode &node, const OpInfo &info) {
  if (const GatherBucket *bucket = lookupGatherBucket(node))
    if (info.kind == OpClass::Slice || info.kind == OpClass::Narrow)
      return importBucketSlice(node, info, *bucket);
  FailureOr<Value> sourceOr = getTensorArg(node, 0, "self");
  if (failed(sourceOr))
    return failure();
  Value source = *sourceOr;
  FailureOr<Meta> meta = parseMeta(node);
  if (failed(meta))
    return failure();
  if (meta->kind != Meta::Kind::Tensor)
    return emitNodeError(node) << "expected one tensor in \"meta\"";
  auto type = cast<RankedTensorType>(meta->types.front());
  if (!options.viewsAsTensorOps)
    return emitViewCompute(node, source, *meta);

  auto sourceType = cast<RankedTensorType>(source.getType());
  int64_t rank = sourceType.getRank();
  StringRef packet = getPacketName(node.target);
  bool sameElements = getNumElements(sourceType) == getNumElements(type) &&
                      sourceType.getElementType() == type.getElementType();
  auto mismatch = [&]() -> InFlightDiagnostic {
    return emitNodeError(node)
           << "\"meta\" says " << type << ", which this view of " << sourceType
           << " cannot produce";
  };

  Value result;
  switch (info.kind) {
  case OpClass::Reshape:
    // A dtype view (aten.view.dtype) may change the element type; any other
    // reshape keeps the elements.
    if (sourceType.getElementType() == type.getElementType() && !sameElements)
      return mismatch();
    // reshape and flatten copy a tensor that no view can reshape.
    if (packet == "aten.reshape" || packet == "aten.flatten")
      if (std::optional<SmallVector<int64_t>> strides = getStrides(node, 0))
        if (static_cast<int64_t>(strides->size()) == rank &&
            !isViewable(sourceType.getShape(), *strides, type.getShape())) {
          static const OpInfo copy{OpClass::Copy};
          return importCompute(node, &copy, nullptr);
        }
    result = emitReshape(node.loc, source, type);
    break;
  case OpClass::Permute: {
    SmallVector<int64_t> permutation =
        llvm::to_vector(llvm::seq<int64_t>(rank));
    if (packet == "aten.permute") {
      const json::Value *dims = getArg(node, 1, "dims");
      const json::Array *list = dims ? dims->getAsArray() : nullptr;
      if (!list || static_cast<int64_t>(list->size()) != rank)
        return emitNodeError(node) << "expected " << rank << " dims";
      for (auto [index, dim] : llvm::enumerate(*list)) {
        std::optional<int64_t> value = dim.getAsInteger();
        if (!value)
          return emitNodeError(node) << "dims must be constant integers";
        FailureOr<int64_t> normalized = normalizeDim(node, *value, rank);
        if (failed(normalized))
          return failure();
        permutation[index] = *normalized;
      }
    } else if (packet == "aten.t") {
      if (rank == 2)
        std::swap(permutation[0], permutation[1]);
    } else {
      FailureOr<int64_t> dim0 = getIntArg(node, 1, "dim0", std::nullopt);
      if (failed(dim0))
        return failure();
      FailureOr<int64_t> dim1 = getIntArg(node, 2, "dim1", std::nullopt);
      if (failed(dim1))
        return failure();
      FailureOr<int64_t> first = normalizeDim(node, *dim0, rank);
      if (failed(first))
        return failure();
      FailureOr<int64_t> second = normalizeDim(node, *dim1, rank);
      if (failed(second))
        return failure();
      std::swap(permutation[*first], permutation[*second]);
    }
    if (!isPermutationVector(permutation))
      return emitNodeError(node) << "dims are not a permutation";
    SmallVector<int64_t> shape;
    for (int64_t dim : permutation)
      shape.push_back(sourceType.getDimSize(dim));
    if (RankedTensorType::get(shape, sourceType.getElementType()) != type)
      return mismatch();
    // Moving only unit dimensions keeps the order of the elements.
    SmallVector<int64_t> moved;
    for (int64_t dim : permutation)
      if (sourceType.getDimSize(dim) != 1)
        moved.push_back(dim);
    if (llvm::is_sorted(moved))
      result = emitReshape(node.loc, source, type);
    break;
  }
  case OpClass::Expand:
    if (sameElements)
      result = emitReshape(node.loc, source, type);
    break;
  case OpClass::Slice:
  case OpClass::Narrow:
  case OpClass::Select: {
    bool select = info.kind == OpClass::Select;
    FailureOr<SliceBounds> bounds = parseSliceBounds(node, info, sourceType);
    if (failed(bounds))
      return failure();
    int64_t dim = bounds->dim, start = bounds->start, length = bounds->length,
            step = bounds->step;
    SmallVector<int64_t> shape(sourceType.getShape());
    SmallVector<int64_t> offsets(rank, 0), strides(rank, 1);
    offsets[dim] = start;
    strides[dim] = step;
    shape[dim] = length;
    SmallVector<int64_t> sizes = shape;
    if (select)
      shape.erase(shape.begin() + dim);
    if (RankedTensorType::get(shape, sourceType.getElementType()) != type)
      return mismatch();
    // tensor.extract_slice wants in-bounds offsets even for empty slices,
    // which stay "aten.view" computes.
    if (type == sourceType)
      result = source;
    else if (length > 0)
      result = emitSlice(node.loc, source, type, offsets, sizes, strides);
    break;
  }
  default:
    break;
  }
  if (!result)
    return emitViewCompute(node, source, *meta);
  NodeValue value;
  value.kind = NodeValue::Kind::Tensor;
  value.value = result;
  values[node.name] = value;
  return success();
}

LogicalResult FXImporter::importSplit(const FXNode &node, const OpInfo &info) {
  FailureOr<Value> source = getTensorArg(node, 0, "self");
  if (failed(source))
    return failure();
  FailureOr<Meta> meta = parseMeta(node);
  if (failed(meta))
    return failure();
  if (meta->kind != Meta::Kind::List || meta->types.empty() ||
      llvm::any_of(meta->types, [](Type type) { return !type; }))
    return emitNodeError(node) << "expected a list of tensors in \"meta\"";
  if (!options.viewsAsTensorOps)
    return emitViewCompute(node, *source, *meta);

  bool unbind = info.kind == OpClass::Unbind;
  auto sourceType = cast<RankedTensorType>(source->getType());
  FailureOr<int64_t> rawDim = getIntArg(node, unbind ? 1 : 2, "dim", 0);
  if (failed(rawDim))
    return failure();
  FailureOr<int64_t> dim = normalizeDim(node, *rawDim, sourceType.getRank());
  if (failed(dim))
    return failure();

  SplitView split;
  split.source = *source;
  split.dim = *dim;
  split.drop = unbind;
  int64_t offset = 0;
  for (auto [index, type] : llvm::enumerate(meta->types)) {
    auto pieceType = cast<RankedTensorType>(type);
    SmallVector<int64_t> shape(sourceType.getShape());
    if (unbind) {
      shape.erase(shape.begin() + *dim);
    } else if (pieceType.getRank() == sourceType.getRank()) {
      shape[*dim] = pieceType.getDimSize(*dim);
    }
    if (RankedTensorType::get(shape, sourceType.getElementType()) != pieceType)
      return emitNodeError(node)
             << "piece " << index << " in \"meta\" is " << pieceType
             << ", which this view of " << sourceType << " cannot produce";
    split.offsets.push_back(offset);
    split.types.push_back(pieceType);
    offset += unbind ? 1 : pieceType.getDimSize(*dim);
  }
  if (offset != sourceType.getDimSize(*dim))
    return emitNodeError(node)
           << "the pieces in \"meta\" do not cover dimension " << *dim << " of "
           << sourceType;
  splits.push_back(std::move(split));
  NodeValue value;
  value.kind = NodeValue::Kind::Split;
  value.split = splits.size() - 1;
  values[node.name] = value;
  return success();
}
