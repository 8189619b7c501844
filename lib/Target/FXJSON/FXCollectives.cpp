//===- FXCollectives.cpp - FX collectives and buckets ---------------------===//
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
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::sched::fx;

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

ValueRange FXImporter::waitFor(unsigned index, Location loc) {
  PendingCollective &collective = collectives[index];
  if (!collective.wait)
    collective.wait =
        WaitOp::create(builder, loc, collective.start->getResult(0));
  return collective.wait.getResults();
}

StringRef fx::describeKind(const NodeValue &value) {
  switch (value.kind) {
  case NodeValue::Kind::NonTensor:
    return "not a tensor";
  case NodeValue::Kind::Tensor:
    return "a tensor";
  case NodeValue::Kind::Tuple:
  case NodeValue::Kind::Split:
    return "a multi-output node";
  case NodeValue::Kind::Collective:
  case NodeValue::Kind::CollectiveElement:
    return "a collective";
  case NodeValue::Kind::GatherBucket:
    return "an all-gather bucket";
  }
  return "";
}

LogicalResult FXImporter::importWait(const FXNode &node) {
  const json::Value *arg = getArg(node, 0, "tensor");
  std::optional<StringRef> name =
      arg ? getReference(*arg) : std::optional<StringRef>();
  if (!name)
    return emitNodeError(node) << "expected a node as argument 0";
  FailureOr<NodeValue *> source = lookupNode(node, *name);
  if (failed(source))
    return failure();
  NodeValue result;
  result.kind = NodeValue::Kind::Tensor;
  switch ((*source)->kind) {
  case NodeValue::Kind::Collective:
  case NodeValue::Kind::CollectiveElement:
  case NodeValue::Kind::Tensor: {
    // Waiting on a tensor that is not in flight does nothing.
    FailureOr<Value> tensor = getTensor(node, *name, **source);
    if (failed(tensor))
      return failure();
    result.value = *tensor;
    break;
  }
  default:
    return emitNodeError(node) << "expects a tensor, but node '" << *name
                               << "' is " << describeKind(**source);
  }
  if (const json::Value *meta = node.object->get("meta");
      meta && meta->kind() != json::Value::Null) {
    FailureOr<RankedTensorType> type = getTensorMeta(node);
    if (failed(type))
      return failure();
    if (*type != result.value.getType())
      return emitNodeError(node)
             << "\"meta\" says " << *type << ", but the waited tensor is "
             << result.value.getType();
  }
  values[node.name] = result;
  return success();
}

/// Reads the name of a functional collective, `op` (without namespace and
/// overload): which collective it is and where its arguments are. Returns
/// nothing for a name the importer does not support.
static std::optional<FXCollective> parseCollectiveName(StringRef op) {
  FXCollective collective;
  collective.coalesced = op.consume_back("_coalesced");
  // all_gather_into_tensor_out gathers into its "out" buffer, which is then
  // its result: value-semantically an all_gather_into_tensor.
  collective.intoOut =
      !collective.coalesced && op == "all_gather_into_tensor_out";
  if (collective.intoOut)
    op = "all_gather_into_tensor";
  if (op == "all_gather_into_tensor") {
    collective.kind = CollectiveKind::AllGather;
    collective.groupSizeIndex = 1;
    collective.groupNameIndex = 2;
  } else if (op == "reduce_scatter_tensor") {
    collective.kind = CollectiveKind::ReduceScatter;
    collective.reduceOpIndex = 1;
    collective.groupSizeIndex = 2;
    collective.groupNameIndex = 3;
  } else if (op == "all_reduce") {
    collective.kind = CollectiveKind::AllReduce;
    collective.reduceOpIndex = 1;
    collective.groupNameIndex = 2;
  } else if (op == "all_to_all_single" && !collective.coalesced) {
    collective.kind = CollectiveKind::AllToAll;
    collective.groupNameIndex = 3;
  } else if (op == "broadcast" && !collective.coalesced) {
    collective.kind = CollectiveKind::Broadcast;
    collective.groupNameIndex = 2;
  } else {
    return std::nullopt;
  }
  return collective;
}

LogicalResult FXImporter::importCollectiveGroup(const FXNode &node,
                                                FXCollective &collective) {
  // The group: "group", else the group_name argument.
  if (const json::Value *value = node.object->get("group")) {
    std::optional<StringRef> name = value->getAsString();
    if (!name)
      return emitNodeError(node) << "\"group\" must be a string";
    collective.group = *name;
  } else if (const json::Value *arg =
                 getArg(node, collective.groupNameIndex, "group_name");
             arg && arg->getAsString()) {
    collective.group = *arg->getAsString();
  } else {
    return emitNodeError(node) << "collective without a group; expected "
                                  "\"group\" or a group_name argument";
  }
  StringRef group = collective.group;
  auto groupIt = groupSizes.find(group);
  if (groupIt == groupSizes.end())
    return emitNodeError(node) << "collective group '" << group
                               << "' is not declared in \"groups\"";
  int64_t groupSize = groupIt->second;
  collective.groupSize = groupSize;
  if (collective.groupSizeIndex) {
    FailureOr<int64_t> size =
        getIntArg(node, *collective.groupSizeIndex, "group_size", groupSize);
    if (failed(size))
      return failure();
    if (*size != groupSize)
      return emitNodeError(node)
             << "group_size " << *size << " does not match the size "
             << groupSize << " of group '" << group << "'";
  }
  if (collective.reduceOpIndex) {
    const json::Value *value =
        getArg(node, *collective.reduceOpIndex, "reduce_op");
    std::optional<StringRef> name =
        value ? value->getAsString() : std::optional<StringRef>();
    if (!name)
      return emitNodeError(node) << "expected a reduce_op string";
    std::optional<ReductionKind> parsed = getReductionKind(*name);
    if (!parsed)
      return emitNodeError(node) << "unsupported reduce op '" << *name
                                 << "'; expected sum, avg, product, min or max";
    collective.reduction = *parsed;
  }
  return success();
}

LogicalResult
FXImporter::collectCollectiveInputs(const FXNode &node, bool coalesced,
                                    SmallVectorImpl<Value> &inputs) {
  if (!coalesced) {
    FailureOr<Value> tensor = getTensorArg(node, 0, "input");
    if (failed(tensor))
      return failure();
    inputs.push_back(*tensor);
    return success();
  }
  const json::Value *value = getArg(node, 0, "inputs");
  const json::Array *list = value ? value->getAsArray() : nullptr;
  if (!list || list->empty())
    return emitNodeError(node)
           << "expected a non-empty list of tensors as argument 0";
  for (const json::Value &element : *list) {
    std::optional<StringRef> name = getReference(element);
    if (!name)
      return emitNodeError(node)
             << "expected a list of tensors as argument 0, got "
             << describe(element);
    FailureOr<NodeValue *> source = lookupNode(node, *name);
    if (failed(source))
      return failure();
    FailureOr<Value> tensor = getTensor(node, *name, **source);
    if (failed(tensor))
      return failure();
    inputs.push_back(*tensor);
  }
  return success();
}

LogicalResult FXImporter::checkCollectiveResults(const FXNode &node,
                                                 const FXCollective &collective,
                                                 ValueRange inputs,
                                                 const Meta &meta) {
  CollectiveKind kind = collective.kind;
  StringRef group = collective.group;
  int64_t groupSize = collective.groupSize;
  bool coalesced = collective.coalesced;
  if (coalesced ? meta.kind != Meta::Kind::List ||
                      meta.types.size() != inputs.size() ||
                      llvm::any_of(meta.types, [](Type type) { return !type; })
                : meta.kind != Meta::Kind::Tensor)
    return emitNodeError(node)
           << "expected " << inputs.size() << " tensor"
           << (coalesced ? "s in a list" : "") << " in \"meta\"";
  for (auto [input, resultType] : llvm::zip_equal(inputs, meta.types)) {
    auto inputType = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> shape(inputType.getShape());
    if (kind == CollectiveKind::AllGather ||
        kind == CollectiveKind::ReduceScatter ||
        kind == CollectiveKind::AllToAll) {
      if (shape.empty())
        return emitNodeError(node)
               << "cannot split or gather the 0-d tensor " << inputType;
      if (kind == CollectiveKind::AllGather) {
        std::optional<int64_t> rows = checkedProduct({shape[0], groupSize});
        if (!rows)
          return emitNodeError(node) << "gathered size overflows 64 bits";
        shape[0] = *rows;
      } else if (shape[0] % groupSize != 0) {
        return emitNodeError(node)
               << "dimension 0 of " << inputType
               << " is not divisible by the size " << groupSize << " of group '"
               << group << "'";
      } else if (kind == CollectiveKind::ReduceScatter) {
        shape[0] /= groupSize;
      }
    }
    auto expected = RankedTensorType::get(shape, inputType.getElementType());
    if (collective.intoOut && failed(checkGatherOut(node, expected)))
      return failure();
    if (expected != resultType)
      return emitNodeError(node)
             << "on " << inputType << " and group '" << group << "' of size "
             << groupSize << " the result is " << expected
             << ", but \"meta\" says " << resultType;
  }
  return success();
}

LogicalResult FXImporter::checkAllToAllSplits(const FXNode &node, Value input,
                                              int64_t groupSize) {
  int64_t part =
      cast<RankedTensorType>(input.getType()).getDimSize(0) / groupSize;
  for (auto [index, keyword] :
       {std::pair<unsigned, StringRef>{1, "output_split_sizes"},
        std::pair<unsigned, StringRef>{2, "input_split_sizes"}}) {
    const json::Value *value = getArg(node, index, keyword);
    if (!value || value->kind() == json::Value::Null)
      continue;
    const json::Array *list = value->getAsArray();
    if (!list)
      return emitNodeError(node) << "argument '" << keyword
                                 << "' must be a list of integers or None";
    if (list->empty())
      continue;
    SmallVector<int64_t> sizes;
    for (const json::Value &element : *list) {
      std::optional<int64_t> size = element.getAsInteger();
      if (!size)
        return emitNodeError(node)
               << "argument '" << keyword
               << "' must hold constant integers, got " << describe(element)
               << " (only equal splits are supported)";
      sizes.push_back(*size);
    }
    if (static_cast<int64_t>(sizes.size()) != groupSize ||
        llvm::any_of(sizes, [&](int64_t size) { return size != part; })) {
      InFlightDiagnostic diag = emitNodeError(node);
      diag << "all_to_all_single with unequal splits " << keyword << " = [";
      llvm::interleaveComma(sizes, diag);
      diag << "] is not supported; expected " << groupSize << " splits of "
           << part;
      return diag;
    }
  }
  return success();
}

Operation *FXImporter::createCollectiveStart(const FXNode &node,
                                             const FXCollective &collective,
                                             ValueRange inputs, Type future,
                                             int64_t root) {
  auto groupRef = FlatSymbolRefAttr::get(context, collective.group);
  auto reductionAttr = ReductionKindAttr::get(context, collective.reduction);
  switch (collective.kind) {
  case CollectiveKind::AllGather:
    return AllGatherStartOp::create(builder, node.loc, future, inputs,
                                    ValueRange(), groupRef,
                                    builder.getI64IntegerAttr(0));
  case CollectiveKind::ReduceScatter:
    return ReduceScatterStartOp::create(builder, node.loc, future, inputs,
                                        ValueRange(), groupRef, reductionAttr,
                                        builder.getI64IntegerAttr(0));
  case CollectiveKind::AllReduce:
    return AllReduceStartOp::create(builder, node.loc, future, inputs,
                                    ValueRange(), groupRef, reductionAttr);
  case CollectiveKind::AllToAll:
    return AllToAllStartOp::create(
        builder, node.loc, future, inputs, ValueRange(), groupRef,
        builder.getI64IntegerAttr(0), builder.getI64IntegerAttr(0));
  case CollectiveKind::Broadcast:
    return BroadcastStartOp::create(builder, node.loc, future, inputs,
                                    ValueRange(), groupRef,
                                    builder.getI64IntegerAttr(root));
  case CollectiveKind::CollectivePermute:
    // Point-to-point ops are not imported (docs/FXFormat.md, "Limits").
    break;
  }
  llvm_unreachable("no FX collective is a collective permute");
}

LogicalResult FXImporter::importCollective(const FXNode &node, StringRef op) {
  if (op == "wait_tensor")
    return importWait(node);

  std::optional<FXCollective> parsed = parseCollectiveName(op);
  if (!parsed)
    return emitNodeError(node)
           << "unsupported collective; expected all_gather_into_tensor, "
              "reduce_scatter_tensor, all_reduce (or their _coalesced forms), "
              "all_gather_into_tensor_out, all_to_all_single, broadcast or "
              "wait_tensor";
  FXCollective &collective = *parsed;
  if (failed(importCollectiveGroup(node, collective)))
    return failure();

  // The inputs, then the results, checked against the shape rules.
  SmallVector<Value> inputs;
  if (failed(collectCollectiveInputs(node, collective.coalesced, inputs)))
    return failure();
  FailureOr<Meta> meta = parseMeta(node);
  if (failed(meta))
    return failure();
  if (failed(checkCollectiveResults(node, collective, inputs, *meta)))
    return failure();
  if (collective.kind == CollectiveKind::AllToAll &&
      failed(checkAllToAllSplits(node, inputs[0], collective.groupSize)))
    return failure();

  int64_t root = 0;
  if (collective.kind == CollectiveKind::Broadcast) {
    FailureOr<int64_t> src = getIntArg(node, 1, "src", std::nullopt);
    if (failed(src))
      return failure();
    if (*src < 0 || *src >= collective.groupSize)
      return emitNodeError(node)
             << "src " << *src << " is not a rank of group '"
             << collective.group << "' of size " << collective.groupSize
             << " (src is the rank in the group)";
    root = *src;
  }

  FailureOr<std::optional<int64_t>> timeNs = getTimeNs(node);
  if (failed(timeNs))
    return failure();
  Type future = FutureType::get(context, meta->types);
  Operation *start =
      createCollectiveStart(node, collective, inputs, future, root);
  // A measured time replaces the cost model's estimate (docs/CostModel.md).
  if (*timeNs)
    start->setAttr(SchedDialect::getCostAttrName(),
                   CostAttr::get(context, std::nullopt, std::nullopt,
                                 std::nullopt, *timeNs));
  collectives.push_back({start, collective.coalesced, WaitOp()});
  NodeValue value;
  value.kind = NodeValue::Kind::Collective;
  value.collective = collectives.size() - 1;
  values[node.name] = value;
  return success();
}

//===----------------------------------------------------------------------===//
// Inductor's collective bucketing
//===----------------------------------------------------------------------===//

LogicalResult FXImporter::checkGatherOut(const FXNode &node,
                                         RankedTensorType expected) {
  const json::Value *value = getArg(node, 3, "out");
  std::optional<StringRef> name =
      value ? getReference(*value) : std::optional<StringRef>();
  if (!name)
    return emitNodeError(node) << "expected a tensor as \"out\"";
  FailureOr<NodeValue *> out = lookupNode(node, *name);
  if (failed(out))
    return failure();
  Type outType;
  if ((*out)->kind == NodeValue::Kind::GatherBucket) {
    outType = gatherBuckets[(*out)->bucket].type;
  } else {
    FailureOr<Value> tensor = getTensor(node, *name, **out);
    if (failed(tensor))
      return failure();
    outType = tensor->getType();
  }
  if (outType != expected)
    return emitNodeError(node)
           << "the \"out\" buffer '" << *name << "' is " << outType
           << ", but the gathered result is " << expected;
  return success();
}

/// Collects the names of the nodes that the list argument `value` refers to
/// into `names`; the list must hold at least one reference and nothing else.
static LogicalResult
collectTensorList(const json::Value *value, SmallVectorImpl<StringRef> &names,
                  function_ref<InFlightDiagnostic()> emitNodeError) {
  const json::Array *list = value ? value->getAsArray() : nullptr;
  if (!list || list->empty())
    return emitNodeError()
           << "expected a non-empty list of tensors as argument 0";
  for (const json::Value &element : *list) {
    const json::Object *object = element.getAsObject();
    std::optional<StringRef> name =
        object ? object->getString("node") : std::optional<StringRef>();
    if (!name)
      return emitNodeError() << "expected a list of tensors as argument 0, got "
                             << describe(element);
    names.push_back(*name);
  }
  return success();
}

/// Reads the two arguments Inductor's bucketing ops share: argument 0, the
/// list of tensors to bucket (`argName`), into `inputs`, and argument 1, the
/// group size, which it returns; emits an error at `node` otherwise.
FailureOr<int64_t> FXImporter::getBucketInputs(const FXNode &node,
                                               StringRef argName,
                                               SmallVectorImpl<Value> &inputs) {
  SmallVector<StringRef> names;
  if (failed(collectTensorList(getArg(node, 0, argName), names,
                               [&] { return emitNodeError(node); })))
    return failure();
  for (StringRef name : names) {
    FailureOr<NodeValue *> source = lookupNode(node, name);
    if (failed(source))
      return failure();
    FailureOr<Value> tensor = getTensor(node, name, **source);
    if (failed(tensor))
      return failure();
    inputs.push_back(*tensor);
  }
  FailureOr<int64_t> groupSize = getIntArg(node, 1, "group_size", std::nullopt);
  if (failed(groupSize))
    return failure();
  if (*groupSize < 1)
    return emitNodeError(node)
           << "group_size must be positive, got " << *groupSize;
  return *groupSize;
}

LogicalResult FXImporter::importPreBucketAllGather(const FXNode &node) {
  // (ag_ins, group_size, group_name, dtype, out_dtype_ints, rank) in
  // PyTorch 2.11; earlier versions have no out_dtype_ints, later ones no
  // group_name: find `dtype` as the first string that names a dtype.
  SmallVector<Value> inputs;
  FailureOr<int64_t> groupSize = getBucketInputs(node, "ag_ins", inputs);
  if (failed(groupSize))
    return failure();
  unsigned dtypeIndex = 3;
  if (const json::Value *arg = getArg(node, 2, ""))
    if (std::optional<StringRef> text = arg->getAsString();
        text && getElementType(context, *text))
      dtypeIndex = 2;
  const json::Value *dtypeArg = getArg(node, dtypeIndex, "dtype");
  std::optional<StringRef> dtypeName =
      dtypeArg ? dtypeArg->getAsString() : std::optional<StringRef>();
  Type elementType = dtypeName ? getElementType(context, *dtypeName) : Type();
  if (!elementType)
    return emitNodeError(node)
           << "expected a supported dtype as argument " << dtypeIndex
           << ", got " << (dtypeArg ? describe(*dtypeArg) : "nothing");
  unsigned rankIndex = dtypeIndex + 1;
  if (const json::Value *arg = getArg(node, rankIndex, "");
      arg && arg->getAsArray())
    ++rankIndex;
  FailureOr<int64_t> rank = getIntArg(node, rankIndex, "rank", std::nullopt);
  if (failed(rank))
    return failure();
  if (*rank < 0 || *rank >= *groupSize)
    return emitNodeError(node)
           << "rank " << *rank << " is not a rank of a group of size "
           << *groupSize;

  FailureOr<RankedTensorType> type = getTensorMeta(node);
  if (failed(type))
    return failure();
  if (type->getRank() != 1 || type->getElementType() != elementType ||
      type->getDimSize(0) % *groupSize != 0)
    return emitNodeError(node)
           << "\"meta\" says " << *type << "; expected a 1-d bucket of "
           << elementType << " whose size is a multiple of the group size "
           << *groupSize;
  int64_t shardSize = type->getDimSize(0) / *groupSize;
  // Inputs of the bucket's dtype fill their elements of the shard; inputs
  // that are converted on the way (out_dtype_ints) are not checked.
  if (llvm::all_of(inputs, [&](Value input) {
        return getElementTypeOrSelf(input.getType()) == elementType;
      })) {
    std::optional<int64_t> total = 0;
    for (Value input : inputs)
      total = checkedSum(total, getNumElements(input.getType()));
    if (!total)
      return emitNodeError(node) << "the bucket's size overflows 64 bits";
    if (*total != shardSize)
      return emitNodeError(node)
             << "the inputs hold " << *total << " elements, but the bucket of "
             << *type << " has shards of " << shardSize;
  }

  FailureOr<std::optional<int64_t>> timeNs = getTimeNs(node);
  if (failed(timeNs))
    return failure();
  auto shardType = RankedTensorType::get({shardSize}, elementType);
  std::optional<int64_t> bytesRead = getUniqueByteSize(inputs);
  std::optional<int64_t> bytesWritten = getTypeByteSize(shardType);
  if (!bytesRead || !bytesWritten)
    return emitNodeError(node) << "the cost overflows 64 bits";
  auto cost = CostAttr::get(context, 0, *bytesRead, *bytesWritten, *timeNs);
  auto compute =
      ComputeOp::create(builder, node.loc, TypeRange(shardType),
                        getPacketName(node.target), inputs, ValueRange(), cost);
  gatherBuckets.push_back({compute->getResult(0), *type, *rank * shardSize});
  NodeValue value;
  value.kind = NodeValue::Kind::GatherBucket;
  value.bucket = gatherBuckets.size() - 1;
  values[node.name] = value;
  return success();
}

const GatherBucket *FXImporter::lookupGatherBucket(const FXNode &node) {
  const json::Value *arg = getArg(node, 0, "self");
  std::optional<StringRef> name =
      arg ? getReference(*arg) : std::optional<StringRef>();
  if (!name)
    return nullptr;
  auto it = values.find(*name);
  if (it == values.end() || it->second.kind != NodeValue::Kind::GatherBucket)
    return nullptr;
  return &gatherBuckets[it->second.bucket];
}

LogicalResult FXImporter::importBucketSlice(const FXNode &node,
                                            const OpInfo &info,
                                            const GatherBucket &bucket) {
  FailureOr<SliceBounds> bounds = parseSliceBounds(node, info, bucket.type);
  if (failed(bounds))
    return failure();
  auto shardType = cast<RankedTensorType>(bucket.shard.getType());
  int64_t shardSize = shardType.getDimSize(0);
  if (bounds->start != bucket.offset || bounds->length != shardSize ||
      (bounds->step != 1 && shardSize > 1))
    return emitNodeError(node)
           << "slices " << bounds->length << " elements from " << bounds->start
           << " (step " << bounds->step
           << ") of an all-gather bucket; only its shard, " << shardSize
           << " elements from " << bucket.offset
           << ", can be sliced before the gather";
  FailureOr<RankedTensorType> type = getTensorMeta(node);
  if (failed(type))
    return failure();
  if (*type != shardType)
    return emitNodeError(node) << "\"meta\" says " << *type
                               << ", but the bucket's shard is " << shardType;
  NodeValue value;
  value.kind = NodeValue::Kind::Tensor;
  value.value = bucket.shard;
  values[node.name] = value;
  return success();
}

LogicalResult FXImporter::importPreBucketReduceScatter(const FXNode &node) {
  // (rs_ins, group_size): each input viewed as [group_size, -1], the views
  // concatenated along dimension 1 and flattened, so that shard i of the
  // result holds shard i of every input.
  SmallVector<Value> inputs;
  FailureOr<int64_t> groupSize = getBucketInputs(node, "rs_ins", inputs);
  if (failed(groupSize))
    return failure();
  Type elementType = getElementTypeOrSelf(inputs.front().getType());
  std::optional<int64_t> total = 0;
  for (Value input : inputs) {
    auto inputType = cast<RankedTensorType>(input.getType());
    std::optional<int64_t> elements = getNumElements(inputType);
    if (inputType.getElementType() != elementType || !elements ||
        *elements % *groupSize != 0)
      return emitNodeError(node)
             << "input " << inputType << " cannot join a reduce-scatter bucket "
             << "of " << elementType << " over a group of size " << *groupSize
             << " (its elements must be of that type and divisible by the "
                "group size)";
    total = checkedSum(total, elements);
  }
  if (!total)
    return emitNodeError(node) << "the bucket's size overflows 64 bits";
  FailureOr<RankedTensorType> type = getTensorMeta(node);
  if (failed(type))
    return failure();
  auto expected = RankedTensorType::get({*total}, elementType);
  if (*type != expected)
    return emitNodeError(node)
           << "\"meta\" says " << *type << ", but the bucket of the inputs is "
           << expected;
  FailureOr<std::optional<int64_t>> timeNs = getTimeNs(node);
  if (failed(timeNs))
    return failure();
  std::optional<int64_t> bytesRead = getUniqueByteSize(inputs);
  std::optional<int64_t> bytesWritten = getTypeByteSize(expected);
  if (!bytesRead || !bytesWritten)
    return emitNodeError(node) << "the cost overflows 64 bits";
  auto cost = CostAttr::get(context, 0, *bytesRead, *bytesWritten, *timeNs);
  auto compute =
      ComputeOp::create(builder, node.loc, TypeRange(expected),
                        getPacketName(node.target), inputs, ValueRange(), cost);
  NodeValue value;
  value.kind = NodeValue::Kind::Tensor;
  value.value = compute->getResult(0);
  values[node.name] = value;
  return success();
}
