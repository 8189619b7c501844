//===- FXImporter.cpp - import PyTorch FX graphs from JSON ----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The importer reads the whole JSON document, checks the top-level fields,
// declares the process groups and then walks the nodes in graph order,
// appending IR to one function. Each node maps to a NodeValue: a tensor, a
// tuple of results, a split view whose getitems become slices, or a
// collective in flight whose `sched.wait` is emitted at its `wait_tensor` (or
// at the first other use). docs/FXFormat.md documents the format and the
// mapping, including the cost formulas (FXCompute.cpp). This file holds the
// top level; FXImporterImpl.h says where the rest is.
//
//===----------------------------------------------------------------------===//

#include "FXImporterImpl.h"

#include "sched/Analysis/CostModel.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedViewAttr.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include <functional>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::sched::fx;

/// The `format` of the documents this importer reads.
static constexpr StringLiteral kFormat = "sched-fx/1";

//===----------------------------------------------------------------------===//
// FXImporter
//===----------------------------------------------------------------------===//

Location FXImporter::getLocation(StringRef key, size_t index) {
  auto [line, column] = positions.lookup(key, index);
  return FileLineColLoc::get(context, options.sourceName, line, column);
}

Location FXImporter::getFileLocation() {
  return FileLineColLoc::get(context, options.sourceName, 1, 1);
}

InFlightDiagnostic FXImporter::emitNodeError(const FXNode &node) {
  InFlightDiagnostic diag = emitError(node.loc) << "node '" << node.name << "'";
  if (!node.target.empty())
    diag << " (" << node.target << ")";
  diag << ": ";
  return diag;
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp> FXImporter::run() {
  context
      ->loadDialect<SchedDialect, func::FuncDialect, tensor::TensorDialect>();

  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed) {
    // llvm::json reports "[line:column, byte=offset]: message".
    std::string message = llvm::toString(parsed.takeError());
    StringRef rest = message;
    unsigned line = 1, column = 1;
    if (rest.consume_front("[")) {
      StringRef position = rest.take_until([](char c) { return c == ','; });
      auto [lineText, columnText] = position.split(':');
      if (!lineText.getAsInteger(10, line) &&
          !columnText.getAsInteger(10, column)) {
        auto [_, tail] = rest.split("]: ");
        rest = tail;
      } else {
        rest = message;
        line = column = 1;
      }
    }
    emitError(FileLineColLoc::get(context, options.sourceName, line, column))
        << "malformed JSON: " << rest;
    return nullptr;
  }
  const json::Object *root = parsed->getAsObject();
  if (!root) {
    emitError(getFileLocation()) << "expected a JSON object at the top level";
    return nullptr;
  }

  module = ModuleOp::create(getFileLocation());
  builder.setInsertionPointToEnd(module->getBody());
  if (failed(importHeader(*root)))
    return nullptr;

  const json::Array *inputs = root->getArray("inputs");
  const json::Array *nodes = root->getArray("nodes");
  if (!inputs || !nodes) {
    emitError(getFileLocation()) << "expected arrays \"inputs\" and \"nodes\"";
    return nullptr;
  }
  std::optional<StringRef> name = root->getString("name");
  if (root->get("name") && (!name || name->empty())) {
    emitError(getFileLocation()) << "\"name\" must be a non-empty string";
    return nullptr;
  }
  StringRef functionName = name.value_or("main");
  if (groupSizes.count(functionName)) {
    emitError(getFileLocation())
        << "the graph name '" << functionName << "' is also a group name";
    return nullptr;
  }
  if (failed(collectNodes(*inputs, *nodes)) ||
      failed(importInputs(functionName)))
    return nullptr;
  for (const FXNode &node : graphNodes)
    if (failed(importNode(node)))
      return nullptr;
  if (failed(importOutputs(root->get("outputs"))))
    return nullptr;
  if (options.eraseDeadNodes)
    eraseDeadNodes();

  // The IR should verify by construction; if it does not, say which node
  // produced the op that fails.
  {
    ScopedDiagnosticHandler handler(context, [](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        if (auto name = diag.getLocation()->findInstanceOf<NameLoc>())
          diag.attachNote()
              << "imported from node '" << name.getName().getValue() << "'";
      return failure();
    });
    if (failed(verify(*module)))
      return nullptr;
  }
  warnUnknownOps();
  return std::move(module);
}

LogicalResult FXImporter::importHeader(const json::Object &root) {
  const json::Value *format = root.get("format");
  if (!format) {
    return emitError(getFileLocation())
           << "missing \"format\"; expected \"" << kFormat << "\"";
  }
  std::optional<StringRef> formatName = format->getAsString();
  if (!formatName || *formatName != kFormat) {
    return emitError(getFileLocation())
           << "unsupported format " << describe(*format) << "; expected \""
           << kFormat << "\"";
  }
  const json::Value *groups = root.get("groups");
  if (!groups)
    return success();
  const json::Object *groupObject = groups->getAsObject();
  if (!groupObject)
    return emitError(getFileLocation()) << "\"groups\" must be an object";
  return importGroups(*groupObject);
}

LogicalResult FXImporter::importGroups(const json::Object &groups) {
  SmallVector<StringRef> names;
  for (const auto &entry : groups)
    names.push_back(entry.first);
  llvm::sort(names);
  constexpr int64_t kMaxRank = (int64_t(1) << 31) - 1;
  for (StringRef name : names) {
    Location loc = NameLoc::get(builder.getStringAttr(name), getFileLocation());
    auto groupError = [&]() -> InFlightDiagnostic {
      return emitError(loc) << "group '" << name << "': ";
    };
    if (name.empty())
      return emitError(loc) << "group names must not be empty";
    const json::Object *group = groups.getObject(name);
    if (!group)
      return groupError() << "expected an object";
    std::optional<int64_t> size;
    if (const json::Value *value = group->get("size"))
      size = value->getAsInteger();
    if (!size || *size < 1 || *size > kMaxRank)
      return groupError() << "\"size\" must be an integer in [1, 2^31 - 1]";
    DenseI64ArrayAttr ranks;
    if (const json::Value *value = group->get("ranks")) {
      const json::Array *array = value->getAsArray();
      if (!array || static_cast<int64_t>(array->size()) != *size)
        return groupError()
               << "\"ranks\" must be a list of " << *size << " ranks";
      SmallVector<int64_t> list;
      llvm::SmallDenseSet<int64_t> seen;
      for (const json::Value &rank : *array) {
        std::optional<int64_t> r = rank.getAsInteger();
        if (!r || *r < 0 || *r > kMaxRank || !seen.insert(*r).second)
          return groupError()
                 << "\"ranks\" must hold distinct integers in [0, 2^31 - 1]";
        list.push_back(*r);
      }
      ranks = builder.getDenseI64ArrayAttr(list);
    }
    IntegerAttr ranksPerNode;
    if (const json::Value *value = group->get("ranks_per_node")) {
      std::optional<int64_t> count = value->getAsInteger();
      if (!count || *count < 1)
        return groupError() << "\"ranks_per_node\" must be a positive integer";
      ranksPerNode = builder.getI64IntegerAttr(*count);
    }
    ProcessGroupOp::create(builder, loc, builder.getStringAttr(name),
                           builder.getI64IntegerAttr(*size), ranks,
                           ranksPerNode);
    groupSizes[name] = *size;
  }
  return success();
}

LogicalResult FXImporter::collectNodes(const json::Array &inputs,
                                       const json::Array &nodes) {
  auto collect = [&](const json::Array &array, StringRef key,
                     StringRef expectedOp,
                     std::vector<FXNode> &into) -> LogicalResult {
    for (auto [index, value] : llvm::enumerate(array)) {
      Location fileLoc = getLocation(key, index);
      const json::Object *object = value.getAsObject();
      if (!object)
        return emitError(fileLoc) << key << "[" << index << "]"
                                  << ": expected a node object";
      std::optional<StringRef> name = object->getString("name");
      if (!name || name->empty())
        return emitError(fileLoc) << key << "[" << index << "]"
                                  << ": expected a non-empty string \"name\"";
      Location loc = NameLoc::get(builder.getStringAttr(*name), fileLoc);
      std::optional<StringRef> op = object->getString("op");
      if (!op)
        return emitError(loc) << "node '" << *name << "': missing \"op\"";
      if (*op != expectedOp) {
        InFlightDiagnostic diag =
            emitError(loc) << "node '" << *name << "': op '" << *op << "' in \""
                           << key << "\"; expected '" << expectedOp << "'";
        if (*op == "get_attr" || *op == "call_module" || *op == "call_method")
          diag << " (lift parameters and constants to placeholders and "
                  "trace to ATen ops)";
        return diag;
      }
      StringRef target;
      if (*op == "call_function") {
        std::optional<StringRef> targetName = object->getString("target");
        if (!targetName || targetName->empty())
          return emitError(loc) << "node '" << *name
                                << "': expected a non-empty string \"target\"";
        target = *targetName;
      }
      if (!nodeIndex.try_emplace(*name, nodeIndex.size()).second)
        return emitError(loc) << "node '" << *name << "': duplicate name";
      into.emplace_back(*name, target, *object, loc);
    }
    return success();
  };
  if (failed(collect(inputs, "inputs", "placeholder", inputNodes)) ||
      failed(collect(nodes, "nodes", "call_function", graphNodes)))
    return failure();
  return success();
}

LogicalResult FXImporter::importInputs(StringRef functionName) {
  SmallVector<Type> argumentTypes;
  SmallVector<Location> argumentLocs;
  SmallVector<const FXNode *> argumentNodes;
  for (const FXNode &node : inputNodes) {
    FailureOr<Meta> meta = parseMeta(node);
    if (failed(meta))
      return failure();
    if (meta->kind == Meta::Kind::List)
      return emitNodeError(node) << "a placeholder must be one tensor";
    if (meta->kind == Meta::Kind::None) {
      // A scalar input: no argument.
      values[node.name] = NodeValue();
      continue;
    }
    argumentTypes.push_back(meta->types.front());
    argumentLocs.push_back(node.loc);
    argumentNodes.push_back(&node);
  }
  function = func::FuncOp::create(
      builder, getFileLocation(), functionName,
      builder.getFunctionType(argumentTypes, /*results=*/{}));
  Block *entry =
      builder.createBlock(&function.getBody(), {}, argumentTypes, argumentLocs);
  for (auto [node, argument] :
       llvm::zip_equal(argumentNodes, entry->getArguments())) {
    NodeValue &value = values[node->name];
    value.kind = NodeValue::Kind::Tensor;
    value.value = argument;
  }
  builder.setInsertionPointToEnd(entry);
  return success();
}

LogicalResult FXImporter::importNode(const FXNode &node) {
  for (StringRef key : {"args", "kwargs"}) {
    const json::Value *value = node.object->get(key);
    if (!value || value->kind() == json::Value::Null)
      continue;
    if (key == "args" ? !value->getAsArray() : !value->getAsObject())
      return emitNodeError(node) << "\"" << key << "\" must be "
                                 << (key == "args" ? "an array" : "an object");
  }

  StringRef target = node.target;
  if (isGetItem(target))
    return importGetItem(node);

  SmallVector<StringRef, 4> parts;
  target.split(parts, '.');
  StringRef ns = parts.front();
  if (ns == "_c10d_functional" || ns == "_c10d_functional_autograd") {
    if (parts.size() < 2)
      return emitNodeError(node) << "malformed target";
    return importCollective(node, parts[1]);
  }
  StringRef packet = getPacketName(target);
  if (packet == "bucketing._pre_bucket_all_gather")
    return importPreBucketAllGather(node);
  if (packet == "bucketing._pre_bucket_reduce_scatter")
    return importPreBucketReduceScatter(node);
  if (ns == "c10d_functional" || ns == "c10d" || ns == "_dtensor")
    return emitNodeError(node)
           << "unsupported collective; expected the functional collectives "
              "of the '_c10d_functional' namespace";

  if (isIgnoredOp(getPacketName(target))) {
    values[node.name] = NodeValue();
    return success();
  }
  if (const AttentionInfo *attention = lookupAttention(getPacketName(target)))
    return importCompute(node, nullptr, attention);
  const OpInfo *info = lookupOp(target);
  if (!info) {
    ++unknownTargets[target.str()];
    return importCompute(node, nullptr, nullptr);
  }
  switch (info->kind) {
  case OpClass::Reshape:
  case OpClass::Permute:
  case OpClass::Expand:
  case OpClass::Slice:
  case OpClass::Narrow:
  case OpClass::Select:
  case OpClass::OtherView:
    return importView(node, *info);
  case OpClass::Split:
  case OpClass::Unbind:
    return importSplit(node, *info);
  default:
    return importCompute(node, info, nullptr);
  }
}

LogicalResult FXImporter::importOutputs(const json::Value *outputs) {
  Location loc = getFileLocation();
  if (!outputs)
    return emitError(loc) << "missing \"outputs\"";
  const json::Array *array = outputs->getAsArray();
  if (!array)
    return emitError(loc) << "\"outputs\" must be an array";

  // FX's output node holds a (possibly nested) tuple: flatten it. Nulls and
  // constants (None gradients, Python scalars) are dropped.
  SmallVector<Value> results;
  std::function<LogicalResult(const FXNode &, const json::Value &)> collect =
      [&](const FXNode &user, const json::Value &value) -> LogicalResult {
    if (const json::Array *list = value.getAsArray()) {
      for (const json::Value &element : *list)
        if (failed(collect(user, element)))
          return failure();
      return success();
    }
    std::optional<StringRef> name = getReference(value);
    if (!name)
      return success();
    FailureOr<NodeValue *> nodeValue = lookupNode(user, *name);
    if (failed(nodeValue))
      return failure();
    if ((*nodeValue)->kind == NodeValue::Kind::NonTensor)
      return success();
    FailureOr<Value> tensor = getTensor(user, *name, **nodeValue);
    if (failed(tensor))
      return failure();
    results.push_back(*tensor);
    return success();
  };
  for (auto [index, value] : llvm::enumerate(*array)) {
    FXNode user("output", "", emptyObject,
                NameLoc::get(builder.getStringAttr("output"),
                             getLocation("outputs", index)));
    if (failed(collect(user, value)))
      return failure();
  }

  // Collectives never waited on are waited on at the end.
  for (auto [index, collective] : llvm::enumerate(collectives))
    if (!collective.wait)
      waitFor(index, collective.start->getLoc());
  func::ReturnOp::create(builder, loc, results);
  function.setFunctionType(builder.getFunctionType(
      function.getArgumentTypes(), ValueRange(results).getTypes()));
  return success();
}

void FXImporter::warnUnknownOps() {
  if (!options.warnUnknownOps || unknownTargets.empty())
    return;
  unsigned total = 0;
  for (const auto &entry : unknownTargets)
    total += entry.second;
  InFlightDiagnostic diag = emitWarning(getFileLocation());
  diag << "kept " << total << " op" << (total == 1 ? "" : "s")
       << " with an unknown target as compute with a byte-based cost: ";
  llvm::interleaveComma(unknownTargets, diag, [&](const auto &entry) {
    diag << entry.first << " (" << entry.second << ")";
  });
}

void FXImporter::eraseDeadNodes() {
  // Last first, so that a node's users are gone before it is looked at. Only
  // compute and tensor ops: collectives and their waits always stay.
  std::map<std::string, unsigned> erasedTargets;
  llvm::StringSet<> erasedNodes;
  Block &body = function.getBody().front();
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body))) {
    if (!op.use_empty() ||
        !(isa<ComputeOp>(op) || isa<tensor::TensorDialect>(op.getDialect())))
      continue;
    auto name = op.getLoc()->findInstanceOf<NameLoc>();
    auto index =
        name ? nodeIndex.find(name.getName().getValue()) : nodeIndex.end();
    if (index == nodeIndex.end() || index->second < inputNodes.size())
      continue;
    const FXNode &node = graphNodes[index->second - inputNodes.size()];
    if (!isPureTarget(node.target))
      continue;
    op.erase();
    if (erasedNodes.insert(node.name).second)
      ++erasedTargets[getPacketName(node.target).str()];
  }
  if (erasedNodes.empty())
    return;
  InFlightDiagnostic diag = emitRemark(getFileLocation());
  diag << "dropped " << erasedNodes.size() << " node"
       << (erasedNodes.size() == 1 ? "" : "s")
       << " that no output depends on: ";
  llvm::interleaveComma(erasedTargets, diag, [&](const auto &entry) {
    diag << entry.first << " (" << entry.second << ")";
  });
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp>
mlir::sched::importFXGraph(StringRef json, MLIRContext *context,
                           const FXImportOptions &options) {
  return FXImporter(json, context, options).run();
}
