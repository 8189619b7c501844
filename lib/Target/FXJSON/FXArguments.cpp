//===- FXArguments.cpp - FX node arguments and meta -----------------------===//
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

#include <cmath>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::sched::fx;

//===----------------------------------------------------------------------===//
// Arguments and meta
//===----------------------------------------------------------------------===//

const json::Value *FXImporter::getArg(const FXNode &node, unsigned index,
                                      StringRef keyword) {
  if (!keyword.empty())
    if (const json::Object *kwargs = node.object->getObject("kwargs"))
      if (const json::Value *value = kwargs->get(keyword))
        return value;
  if (const json::Array *args = node.object->getArray("args"))
    if (index < args->size())
      return &(*args)[index];
  return nullptr;
}

FailureOr<int64_t> FXImporter::getIntArg(const FXNode &node, unsigned index,
                                         StringRef keyword,
                                         std::optional<int64_t> defaultValue) {
  const json::Value *value = getArg(node, index, keyword);
  if (!value || value->kind() == json::Value::Null) {
    if (defaultValue)
      return *defaultValue;
    return emitNodeError(node) << "missing argument '" << keyword << "'";
  }
  if (std::optional<int64_t> result = value->getAsInteger())
    return *result;
  if (getReference(*value))
    return emitNodeError(node) << "argument '" << keyword
                               << "' must be a constant integer, not a node "
                                  "(symbolic values are not supported)";
  return emitNodeError(node)
         << "argument '" << keyword << "' must be an integer, got "
         << describe(*value);
}

FailureOr<bool> FXImporter::getBoolArg(const FXNode &node, unsigned index,
                                       StringRef keyword, bool defaultValue) {
  const json::Value *value = getArg(node, index, keyword);
  if (!value || value->kind() == json::Value::Null)
    return defaultValue;
  if (std::optional<bool> result = value->getAsBoolean())
    return *result;
  if (std::optional<int64_t> result = value->getAsInteger())
    return *result != 0;
  return emitNodeError(node) << "argument '" << keyword
                             << "' must be a bool, got " << describe(*value);
}

std::optional<StringRef> FXImporter::getReference(const json::Value &value) {
  if (const json::Object *object = value.getAsObject())
    return object->getString("node");
  return std::nullopt;
}

FailureOr<NodeValue *> FXImporter::lookupNode(const FXNode &user,
                                              StringRef name) {
  auto it = values.find(name);
  if (it != values.end())
    return &it->second;
  if (nodeIndex.count(name))
    return emitNodeError(user)
           << "refers to node '" << name << "' before its definition";
  return emitNodeError(user) << "refers to unknown node '" << name << "'";
}

FailureOr<Value> FXImporter::getTensor(const FXNode &user, StringRef name,
                                       NodeValue &nodeValue) {
  switch (nodeValue.kind) {
  case NodeValue::Kind::Tensor:
    return nodeValue.value;
  case NodeValue::Kind::Collective:
    if (collectives[nodeValue.collective].coalesced)
      return emitNodeError(user) << "uses the coalesced collective '" << name
                                 << "' without getitem";
    return waitFor(nodeValue.collective, user.loc).front();
  case NodeValue::Kind::CollectiveElement:
    return waitFor(nodeValue.collective, user.loc)[nodeValue.element];
  case NodeValue::Kind::NonTensor:
    return emitNodeError(user)
           << "expects a tensor, but node '" << name << "' is not a tensor";
  case NodeValue::Kind::GatherBucket: {
    const GatherBucket &bucket = gatherBuckets[nodeValue.bucket];
    int64_t size = cast<RankedTensorType>(bucket.shard.getType()).getDimSize(0);
    return emitNodeError(user)
           << "uses the all-gather bucket '" << name
           << "' other than as the \"out\" of all_gather_into_tensor_out or "
              "through a slice of its shard, elements ["
           << bucket.offset << ", " << bucket.offset + size << ")";
  }
  case NodeValue::Kind::Tuple:
  case NodeValue::Kind::Split:
    break;
  }
  return emitNodeError(user)
         << "uses the multi-output node '" << name << "' without getitem";
}

FailureOr<Value> FXImporter::getTensorArg(const FXNode &node, unsigned index,
                                          StringRef keyword) {
  const json::Value *value = getArg(node, index, keyword);
  if (!value)
    return emitNodeError(node) << "missing tensor argument " << index;
  std::optional<StringRef> name = getReference(*value);
  if (!name)
    return emitNodeError(node) << "argument " << index
                               << " must be a tensor, got " << describe(*value);
  FailureOr<NodeValue *> nodeValue = lookupNode(node, *name);
  if (failed(nodeValue))
    return failure();
  return getTensor(node, *name, **nodeValue);
}

LogicalResult FXImporter::collectTensors(const FXNode &node,
                                         const json::Value &value,
                                         SmallVectorImpl<Value> &tensors) {
  if (std::optional<StringRef> name = getReference(value)) {
    FailureOr<NodeValue *> nodeValue = lookupNode(node, *name);
    if (failed(nodeValue))
      return failure();
    // Scalars computed by other nodes are constants to the cost model.
    if ((*nodeValue)->kind == NodeValue::Kind::NonTensor)
      return success();
    FailureOr<Value> tensor = getTensor(node, *name, **nodeValue);
    if (failed(tensor))
      return failure();
    tensors.push_back(*tensor);
    return success();
  }
  if (const json::Array *list = value.getAsArray())
    for (const json::Value &element : *list)
      if (failed(collectTensors(node, element, tensors)))
        return failure();
  return success();
}

FailureOr<SmallVector<Value>> FXImporter::collectOperands(const FXNode &node) {
  SmallVector<Value> operands;
  if (const json::Array *args = node.object->getArray("args"))
    for (const json::Value &arg : *args)
      if (failed(collectTensors(node, arg, operands)))
        return failure();
  if (const json::Object *kwargs = node.object->getObject("kwargs")) {
    SmallVector<StringRef> keys;
    for (const auto &entry : *kwargs)
      keys.push_back(entry.first);
    llvm::sort(keys);
    for (StringRef key : keys)
      if (failed(collectTensors(node, *kwargs->get(key), operands)))
        return failure();
  }
  return operands;
}

FailureOr<RankedTensorType>
FXImporter::parseTensorMeta(const FXNode &node, const json::Value &value) {
  const json::Object *object = value.getAsObject();
  if (!object)
    return emitNodeError(node)
           << "\"meta\" must be a tensor meta object, a list of them (or "
              "nulls) or null, got "
           << describe(value);
  auto checkDims = [&](const json::Array &list, StringRef key,
                       SmallVectorImpl<int64_t> &dims) -> LogicalResult {
    for (auto [index, dim] : llvm::enumerate(list)) {
      std::optional<int64_t> extent = dim.getAsInteger();
      if (extent && (*extent >= 0 || key == "stride")) {
        dims.push_back(*extent);
        continue;
      }
      if (dim.kind() == json::Value::String || dim.kind() == json::Value::Null)
        return emitNodeError(node)
               << "dynamic or symbolic " << key << " (" << key << "[" << index
               << "] is " << describe(dim)
               << "); only static shapes are supported";
      return emitNodeError(node) << "malformed " << key << ": " << key << "["
                                 << index << "] is " << describe(dim);
    }
    return success();
  };
  const json::Array *shape = object->getArray("shape");
  if (!shape)
    return emitNodeError(node) << "tensor meta without a \"shape\" list";
  SmallVector<int64_t> dims;
  if (failed(checkDims(*shape, "shape", dims)))
    return failure();
  std::optional<StringRef> dtype = object->getString("dtype");
  if (!dtype)
    return emitNodeError(node) << "tensor meta without a \"dtype\" string";
  Type elementType = getElementType(context, *dtype);
  if (!elementType)
    return emitNodeError(node) << "unsupported dtype '" << *dtype << "'";
  if (const json::Value *strideValue = object->get("stride")) {
    const json::Array *stride = strideValue->getAsArray();
    if (!stride || stride->size() != dims.size())
      return emitNodeError(node)
             << "\"stride\" must be a list of " << dims.size() << " integers";
    SmallVector<int64_t> strides;
    if (failed(checkDims(*stride, "stride", strides)))
      return failure();
  }
  auto type = RankedTensorType::get(dims, elementType);
  if (!getTypeByteSize(type))
    return emitNodeError(node)
           << "the size of " << type << " overflows 64 bits";
  return type;
}

FailureOr<Meta> FXImporter::parseMeta(const FXNode &node) {
  const json::Value *value = node.object->get("meta");
  if (!value)
    return emitNodeError(node) << "missing \"meta\"";
  Meta meta;
  if (value->kind() == json::Value::Null)
    return meta;
  if (const json::Array *list = value->getAsArray()) {
    meta.kind = Meta::Kind::List;
    for (const json::Value &element : *list) {
      if (element.kind() == json::Value::Null) {
        meta.types.push_back(Type());
        continue;
      }
      if (element.getAsArray())
        return emitNodeError(node)
               << "nested lists in \"meta\" are not supported";
      FailureOr<RankedTensorType> type = parseTensorMeta(node, element);
      if (failed(type))
        return failure();
      meta.types.push_back(*type);
    }
    return meta;
  }
  FailureOr<RankedTensorType> type = parseTensorMeta(node, *value);
  if (failed(type))
    return failure();
  meta.kind = Meta::Kind::Tensor;
  meta.types.push_back(*type);
  return meta;
}

std::optional<SmallVector<int64_t>> FXImporter::getStrides(const FXNode &node,
                                                           unsigned index) {
  const json::Value *arg = getArg(node, index, index == 0 ? "self" : "");
  std::optional<StringRef> name =
      arg ? getReference(*arg) : std::optional<StringRef>();
  auto it = name ? nodeIndex.find(*name) : nodeIndex.end();
  if (it == nodeIndex.end())
    return std::nullopt;
  unsigned position = it->second;
  const FXNode &source = position < inputNodes.size()
                             ? inputNodes[position]
                             : graphNodes[position - inputNodes.size()];
  const json::Object *meta = source.object->getObject("meta");
  const json::Array *list = meta ? meta->getArray("stride") : nullptr;
  if (!list)
    return std::nullopt;
  SmallVector<int64_t> strides;
  for (const json::Value &stride : *list) {
    std::optional<int64_t> value = stride.getAsInteger();
    if (!value)
      return std::nullopt;
    strides.push_back(*value);
  }
  return strides;
}

FailureOr<RankedTensorType> FXImporter::getTensorMeta(const FXNode &node) {
  FailureOr<Meta> meta = parseMeta(node);
  if (failed(meta))
    return failure();
  if (meta->kind != Meta::Kind::Tensor)
    return emitNodeError(node) << "expected one tensor in \"meta\"";
  return cast<RankedTensorType>(meta->types.front());
}

FailureOr<std::optional<int64_t>> FXImporter::getTimeNs(const FXNode &node) {
  const json::Value *value = node.object->get("runtime_us");
  if (!value || value->kind() == json::Value::Null)
    return std::optional<int64_t>();
  std::optional<double> us = value->getAsNumber();
  // 9.2e15 us is about 2^63 ns.
  if (!us || !std::isfinite(*us) || *us < 0.0 || *us > 9.2e15)
    return emitNodeError(node)
           << "\"runtime_us\" must be a non-negative number of microseconds, "
              "got "
           << describe(*value);
  if (!options.useRuntimes)
    return std::optional<int64_t>();
  return std::optional<int64_t>(std::llround(*us * 1000.0));
}

FailureOr<int64_t> FXImporter::normalizeDim(const FXNode &node, int64_t dim,
                                            int64_t rank) {
  int64_t normalized = dim < 0 ? dim + rank : dim;
  if (normalized < 0 || normalized >= rank)
    return emitNodeError(node)
           << "dimension " << dim << " is out of range for a tensor of rank "
           << rank;
  return normalized;
}
