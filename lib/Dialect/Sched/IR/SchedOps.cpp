//===- SchedOps.cpp - sched dialect operations ----------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Verifiers carry the constraint labels of the op descriptions in SchedOps.td
// (`<op>_cN`); test/Dialect/Sched/invalid.mlir has one case per label.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::sched;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool mlir::sched::isByteSizedElementType(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    type = complex.getElementType();
  if (!type.isIntOrFloat())
    return false;
  return type.getIntOrFloatBitWidth() % 8 == 0;
}

bool mlir::sched::isReducibleElementType(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    return width == 8 || width == 32 || width == 64;
  }
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
             Float8E4M3FNType, Float8E5M2Type>(type);
}

static bool dimsMatch(int64_t expected, int64_t actual) {
  return ShapedType::isDynamic(expected) || ShapedType::isDynamic(actual) ||
         expected == actual;
}

/// Returns the shaped type the future carries for input `index`.
static ShapedType getCarriedType(CollectiveOpInterface op, unsigned index) {
  return cast<ShapedType>(op.getResultValueTypes()[index]);
}

/// Checks that `dim` is a valid dimension of every input.
static LogicalResult verifyDimInRange(CollectiveOpInterface op, int64_t dim,
                                      StringRef name) {
  for (Value input : op.getInputs()) {
    auto type = cast<ShapedType>(input.getType());
    if (dim < 0 || dim >= type.getRank())
      return op->emitOpError()
             << name << " " << dim << " is out of range for an input of rank "
             << type.getRank();
  }
  return success();
}

/// Checks element types: equal between input and result, and byte-sized or,
/// if `reducible`, reducible.
static LogicalResult verifyElementTypes(CollectiveOpInterface op,
                                        bool reducible) {
  for (auto [index, input] : llvm::enumerate(op.getInputs())) {
    Type element = cast<ShapedType>(input.getType()).getElementType();
    if (reducible && !isReducibleElementType(element))
      return op->emitOpError("cannot reduce element type ")
             << element << "; expected i8, i32, i64, f8E4M3FN, f8E5M2, f16, "
             << "bf16, f32 or f64";
    if (!reducible && !isByteSizedElementType(element))
      return op->emitOpError("cannot communicate element type ")
             << element << "; expected a byte-sized integer, float or "
             << "complex type";
    Type resultElement = getCarriedType(op, index).getElementType();
    if (resultElement != element)
      return op->emitOpError("result element type ")
             << resultElement << " does not match input element type "
             << element;
  }
  return success();
}

/// Checks that the shape of result `index` equals `expected` (dynamic dims
/// match anything).
static LogicalResult verifyResultShape(CollectiveOpInterface op, unsigned index,
                                       ArrayRef<int64_t> expected) {
  ShapedType result = getCarriedType(op, index);
  bool ok = result.getRank() == static_cast<int64_t>(expected.size());
  for (unsigned d = 0; ok && d < expected.size(); ++d)
    ok = dimsMatch(expected[d], result.getShape()[d]);
  if (ok)
    return success();
  auto diag = op->emitOpError("result ")
              << index << " has type " << result << " but expected shape [";
  llvm::interleaveComma(expected, diag, [&](int64_t dim) {
    if (ShapedType::isDynamic(dim))
      diag << "?";
    else
      diag << dim;
  });
  return diag << "]";
}

/// Returns `dim` x `factor` (dynamic stays dynamic), or a diagnostic if the
/// product does not fit a dimension.
static FailureOr<int64_t> scaleDim(Operation *op, int64_t dim, int64_t factor) {
  if (ShapedType::isDynamic(dim))
    return dim;
  int64_t product;
  if (llvm::MulOverflow(dim, factor, product))
    return op->emitOpError("dimension of size ")
           << dim << " times the group size " << factor
           << " overflows a 64-bit size";
  return product;
}

static int64_t divideDim(int64_t dim, int64_t factor) {
  return ShapedType::isDynamic(dim) ? dim : dim / factor;
}

/// Adds the effects shared by all collectives: the op enqueues work on the
/// communication stream and, in the buffer form, reads its inputs and writes
/// its destination buffers.
static void getCollectiveEffects(
    CollectiveOpInterface op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), CommStreamResource::get());
  effects.emplace_back(MemoryEffects::Write::get(), CommStreamResource::get());
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue;
    // Operands are the inputs followed by the destination buffers.
    if (operand.getOperandNumber() >= op.getInputs().size())
      effects.emplace_back(MemoryEffects::Write::get(), &operand,
                           SideEffects::DefaultResource::get());
    else
      effects.emplace_back(MemoryEffects::Read::get(), &operand,
                           SideEffects::DefaultResource::get());
  }
}

/// Returns true if every input and every carried value is a ranked shaped
/// type and there is one carried value per input.
static bool hasCheckableShapes(CollectiveOpInterface op) {
  ArrayRef<Type> carried = op.getResultValueTypes();
  if (op.getInputs().empty() || carried.size() != op.getInputs().size())
    return false;
  auto isRanked = [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && shaped.hasRank();
  };
  return llvm::all_of(op.getInputs().getTypes(), isRanked) &&
         llvm::all_of(carried, isRanked);
}

/// Returns true if `dim` is a dimension of every input.
static bool isDimOfAllInputs(CollectiveOpInterface op, int64_t dim) {
  return llvm::all_of(op.getInputs().getTypes(), [&](Type type) {
    return dim >= 0 && dim < cast<ShapedType>(type).getRank();
  });
}

/// Resolves the process group of a collective and checks the group-dependent
/// shape rules.
static LogicalResult verifyGroupUse(CollectiveOpInterface op,
                                    SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr groupRef = op.getGroupAttr();
  // collective_c6
  auto group =
      symbolTable.lookupNearestSymbolFrom<ProcessGroupOp>(op, groupRef);
  if (!group)
    return op->emitOpError("'")
           << groupRef.getValue()
           << "' does not reference a valid sched.process_group";
  return op.verifyWithGroupSize(group.getSizeAttr().getInt());
}

//===----------------------------------------------------------------------===//
// ProcessGroupOp
//===----------------------------------------------------------------------===//

LogicalResult ProcessGroupOp::verify() {
  // process_group_c1
  int64_t size = getSizeAttr().getInt();
  if (size < 1 || size > std::numeric_limits<int32_t>::max())
    return emitOpError("size must be in [1, 2^31 - 1], got ") << size;
  // process_group_c2
  if (std::optional<ArrayRef<int64_t>> ranks = getRanks()) {
    if (static_cast<int64_t>(ranks->size()) != getSizeAttr().getInt())
      return emitOpError("lists ") << ranks->size() << " ranks but its size is "
                                   << getSizeAttr().getInt();
    llvm::DenseSet<int64_t> seen;
    for (int64_t rank : *ranks) {
      if (rank < 0 || rank > std::numeric_limits<int32_t>::max())
        return emitOpError("rank ") << rank << " is not in [0, 2^31 - 1]";
      if (!seen.insert(rank).second)
        return emitOpError("rank ") << rank << " is listed twice";
    }
  }
  // process_group_c3
  if (IntegerAttr perNode = getRanksPerNodeAttr();
      perNode && perNode.getInt() < 1)
    return emitOpError("ranks_per_node must be >= 1, got ") << perNode.getInt();
  return success();
}

int64_t ProcessGroupOp::getNumNodes(int64_t defaultRanksPerNode) {
  int64_t perNode = getRanksPerNodeAttr() ? getRanksPerNodeAttr().getInt()
                                          : defaultRanksPerNode;
  if (perNode < 1)
    perNode = 1;
  std::optional<ArrayRef<int64_t>> ranks = getRanks();
  if (!ranks)
    return (getSizeAttr().getInt() + perNode - 1) / perNode;
  SmallVector<int64_t> nodes;
  for (int64_t rank : *ranks)
    nodes.push_back(rank / perNode);
  llvm::sort(nodes);
  return std::unique(nodes.begin(), nodes.end()) - nodes.begin();
}

//===----------------------------------------------------------------------===//
// Collective start ops: shared methods
//===----------------------------------------------------------------------===//

// The assembly of a collective start:
//   $inputs (`into` $outputs^)? `on` $group <fields> attr-dict
//   `:` type($inputs) (`into` type($outputs)^)? `->` qualified(type($future))
// where <fields> are the op's own attributes, each `name = value`.

/// Parses the optional attribute dictionary of an `OpT` (after the keyword
/// `attributes` if `withKeyword`) and checks the inherent attributes in it,
/// as ODS-generated parsers do.
template <typename OpT>
static ParseResult parseDiscardableAttrs(OpAsmParser &parser,
                                         OperationState &result,
                                         bool withKeyword) {
  SMLoc loc = parser.getCurrentLocation();
  if (withKeyword ? parser.parseOptionalAttrDictWithKeyword(result.attributes)
                  : parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return OpT::verifyInherentAttrs(result.name, result.attributes, [&]() {
    return parser.emitError(loc)
           << "'" << result.name.getStringRef() << "' op ";
  });
}

/// Parses the form above into an `OpT`; `parseFields` parses <fields> into
/// the op's properties.
template <typename OpT>
static ParseResult parseCollectiveStart(
    OpAsmParser &parser, OperationState &result,
    function_ref<ParseResult(typename OpT::Properties &)> parseFields) {
  auto &props = result.getOrAddProperties<typename OpT::Properties>();
  SmallVector<OpAsmParser::UnresolvedOperand, 4> inputs, outputs;
  SMLoc inputsLoc = parser.getCurrentLocation(), outputsLoc;
  if (parser.parseOperandList(inputs))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("into"))) {
    outputsLoc = parser.getCurrentLocation();
    if (parser.parseOperandList(outputs))
      return failure();
  }
  FlatSymbolRefAttr group;
  if (parser.parseKeyword("on") ||
      parser.parseCustomAttributeWithFallback(
          group, parser.getBuilder().getType<NoneType>()))
    return failure();
  props.group = group;
  if (parseFields(props))
    return failure();

  if (parseDiscardableAttrs<OpT>(parser, result, /*withKeyword=*/false))
    return failure();

  SmallVector<Type, 4> inputTypes, outputTypes;
  Type future;
  if (parser.parseColon() || parser.parseTypeList(inputTypes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("into")) &&
      parser.parseTypeList(outputTypes))
    return failure();
  if (parser.parseArrow() || parser.parseType(future))
    return failure();

  props.operandSegmentSizes = {static_cast<int32_t>(inputs.size()),
                               static_cast<int32_t>(outputs.size())};
  result.addTypes(future);
  return failure(
      parser.resolveOperands(inputs, inputTypes, inputsLoc, result.operands) ||
      parser.resolveOperands(outputs, outputTypes, outputsLoc,
                             result.operands));
}

/// Prints the form above; `printFields` prints <fields>, each with a leading
/// space.
template <typename OpT>
static void printCollectiveStart(OpT op, OpAsmPrinter &p,
                                 function_ref<void()> printFields) {
  p << ' ' << op.getInputs();
  if (!op.getOutputs().empty())
    p << " into " << op.getOutputs();
  p << " on ";
  p.printAttributeWithoutType(op.getGroupAttr());
  printFields();
  // Inherent attributes live in the properties, so the raw dictionary holds
  // only the discardable ones.
  p.printOptionalAttrDict(op->getDiscardableAttrDictionary().getValue());
  p << " : " << op.getInputs().getTypes();
  if (!op.getOutputs().empty())
    p << " into " << op.getOutputs().getTypes();
  p << " -> " << op.getFuture().getType();
}

/// Parses `name = value` of a 64-bit integer attribute.
static ParseResult parseIntegerField(OpAsmParser &parser, StringRef name,
                                     IntegerAttr &attr) {
  return failure(parser.parseKeyword(name) || parser.parseEqual() ||
                 parser.parseCustomAttributeWithFallback(
                     attr, parser.getBuilder().getIntegerType(64)));
}

static void printIntegerField(OpAsmPrinter &p, StringRef name,
                              IntegerAttr attr) {
  p << ' ' << name << " = ";
  p.printAttributeWithoutType(attr);
}

/// Parses `reduction = kind`.
static ParseResult parseReductionField(OpAsmParser &parser,
                                       ReductionKindAttr &attr) {
  return failure(parser.parseKeyword("reduction") || parser.parseEqual() ||
                 parser.parseCustomAttributeWithFallback(attr, Type()));
}

static void printReductionField(OpAsmPrinter &p, ReductionKindAttr attr) {
  // The enum attribute prints its own leading space.
  p << " reduction =";
  p.printStrippedAttrOrType(attr);
}

ParseResult AllGatherStartOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseCollectiveStart<AllGatherStartOp>(
      parser, result, [&](Properties &props) {
        return parseIntegerField(parser, "gather_dim", props.gather_dim);
      });
}

void AllGatherStartOp::print(OpAsmPrinter &p) {
  printCollectiveStart(*this, p, [&] {
    printIntegerField(p, "gather_dim", getGatherDimAttr());
  });
}

ParseResult ReduceScatterStartOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  return parseCollectiveStart<ReduceScatterStartOp>(
      parser, result, [&](Properties &props) {
        return failure(
            parseReductionField(parser, props.reduction) ||
            parseIntegerField(parser, "scatter_dim", props.scatter_dim));
      });
}

void ReduceScatterStartOp::print(OpAsmPrinter &p) {
  printCollectiveStart(*this, p, [&] {
    printReductionField(p, getReductionAttr());
    printIntegerField(p, "scatter_dim", getScatterDimAttr());
  });
}

ParseResult AllReduceStartOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseCollectiveStart<AllReduceStartOp>(
      parser, result, [&](Properties &props) {
        return parseReductionField(parser, props.reduction);
      });
}

void AllReduceStartOp::print(OpAsmPrinter &p) {
  printCollectiveStart(*this, p,
                       [&] { printReductionField(p, getReductionAttr()); });
}

ParseResult AllToAllStartOp::parse(OpAsmParser &parser,
                                   OperationState &result) {
  return parseCollectiveStart<AllToAllStartOp>(
      parser, result, [&](Properties &props) {
        return failure(
            parseIntegerField(parser, "split_dim", props.split_dim) ||
            parseIntegerField(parser, "concat_dim", props.concat_dim));
      });
}

void AllToAllStartOp::print(OpAsmPrinter &p) {
  printCollectiveStart(*this, p, [&] {
    printIntegerField(p, "split_dim", getSplitDimAttr());
    printIntegerField(p, "concat_dim", getConcatDimAttr());
  });
}

ParseResult BroadcastStartOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseCollectiveStart<BroadcastStartOp>(
      parser, result, [&](Properties &props) {
        return parseIntegerField(parser, "root", props.root);
      });
}

void BroadcastStartOp::print(OpAsmPrinter &p) {
  printCollectiveStart(*this, p,
                       [&] { printIntegerField(p, "root", getRootAttr()); });
}

/// Parses `source_target_pairs = [[s, t], ...]` into a flattened array.
static ParseResult parsePairsField(OpAsmParser &parser,
                                   DenseI64ArrayAttr &attr) {
  SmallVector<int64_t> flat;
  auto parsePair = [&]() -> ParseResult {
    int64_t source, target;
    if (parser.parseLSquare() || parser.parseInteger(source) ||
        parser.parseComma() || parser.parseInteger(target) ||
        parser.parseRSquare())
      return failure();
    flat.append({source, target});
    return success();
  };
  if (parser.parseKeyword("source_target_pairs") || parser.parseEqual() ||
      parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, parsePair))
    return failure();
  attr = parser.getBuilder().getDenseI64ArrayAttr(flat);
  return success();
}

/// Prints `source_target_pairs = [[s, t], ...]`; an odd trailing entry (which
/// the verifier rejects) is printed as a pair with itself so that the output
/// still parses.
static void printPairsField(OpAsmPrinter &p, ArrayRef<int64_t> flat) {
  p << " source_target_pairs = [";
  for (size_t i = 0; i < flat.size(); i += 2) {
    if (i)
      p << ", ";
    p << '[' << flat[i] << ", " << flat[i + 1 < flat.size() ? i + 1 : i] << ']';
  }
  p << ']';
}

ParseResult CollectivePermuteStartOp::parse(OpAsmParser &parser,
                                            OperationState &result) {
  return parseCollectiveStart<CollectivePermuteStartOp>(
      parser, result, [&](Properties &props) {
        return parsePairsField(parser, props.source_target_pairs);
      });
}

void CollectivePermuteStartOp::print(OpAsmPrinter &p) {
  printCollectiveStart(*this, p,
                       [&] { printPairsField(p, getSourceTargetPairs()); });
}

#define SCHED_COLLECTIVE_COMMON(OP, KIND)                                      \
  CollectiveKind OP::getCollectiveKind() { return CollectiveKind::KIND; }      \
  LogicalResult OP::verifySymbolUses(SymbolTableCollection &symbolTable) {     \
    return verifyGroupUse(*this, symbolTable);                                 \
  }                                                                            \
  void OP::getEffects(                                                         \
      SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>      \
          &effects) {                                                          \
    getCollectiveEffects(*this, effects);                                      \
  }

SCHED_COLLECTIVE_COMMON(AllGatherStartOp, AllGather)
SCHED_COLLECTIVE_COMMON(ReduceScatterStartOp, ReduceScatter)
SCHED_COLLECTIVE_COMMON(AllReduceStartOp, AllReduce)
SCHED_COLLECTIVE_COMMON(AllToAllStartOp, AllToAll)
SCHED_COLLECTIVE_COMMON(BroadcastStartOp, Broadcast)
SCHED_COLLECTIVE_COMMON(CollectivePermuteStartOp, CollectivePermute)
#undef SCHED_COLLECTIVE_COMMON

//===----------------------------------------------------------------------===//
// AllGatherStartOp
//===----------------------------------------------------------------------===//

std::optional<ReductionKind> AllGatherStartOp::getReductionKind() {
  return std::nullopt;
}

LogicalResult AllGatherStartOp::verify() {
  // all_gather_start_c1
  if (failed(
          verifyDimInRange(*this, getGatherDimAttr().getInt(), "gather_dim")))
    return failure();
  // all_gather_start_c2
  return verifyElementTypes(*this, /*reducible=*/false);
}

LogicalResult AllGatherStartOp::verifyWithGroupSize(int64_t groupSize) {
  // The symbol verifier may run even when the op's own verifier failed:
  // only check ops whose structure is sound, the others are reported already.
  if (!hasCheckableShapes(*this))
    return success();
  if (!isDimOfAllInputs(*this, getGatherDimAttr().getInt()))
    return success(); // all_gather_start_c1 reports it.
  // all_gather_start_c3
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    SmallVector<int64_t> expected(cast<ShapedType>(input.getType()).getShape());
    int64_t dim = getGatherDimAttr().getInt();
    FailureOr<int64_t> gathered = scaleDim(*this, expected[dim], groupSize);
    if (failed(gathered))
      return failure();
    expected[dim] = *gathered;
    if (failed(verifyResultShape(*this, index, expected)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceScatterStartOp
//===----------------------------------------------------------------------===//

std::optional<ReductionKind> ReduceScatterStartOp::getReductionKind() {
  return getReduction();
}

LogicalResult ReduceScatterStartOp::verify() {
  // reduce_scatter_start_c1
  if (failed(
          verifyDimInRange(*this, getScatterDimAttr().getInt(), "scatter_dim")))
    return failure();
  // reduce_scatter_start_c2
  return verifyElementTypes(*this, /*reducible=*/true);
}

LogicalResult ReduceScatterStartOp::verifyWithGroupSize(int64_t groupSize) {
  // The symbol verifier may run even when the op's own verifier failed:
  // only check ops whose structure is sound, the others are reported already.
  if (!hasCheckableShapes(*this))
    return success();
  int64_t dim = getScatterDimAttr().getInt();
  if (!isDimOfAllInputs(*this, dim))
    return success(); // reduce_scatter_start_c1 reports it.
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    SmallVector<int64_t> expected(cast<ShapedType>(input.getType()).getShape());
    // reduce_scatter_start_c3
    if (!ShapedType::isDynamic(expected[dim]) && expected[dim] % groupSize)
      return emitOpError("scatter_dim ")
             << dim << " of input " << index << " has size " << expected[dim]
             << ", which is not divisible by the group size " << groupSize;
    // reduce_scatter_start_c4
    expected[dim] = divideDim(expected[dim], groupSize);
    if (failed(verifyResultShape(*this, index, expected)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// AllReduceStartOp
//===----------------------------------------------------------------------===//

std::optional<ReductionKind> AllReduceStartOp::getReductionKind() {
  return getReduction();
}

LogicalResult AllReduceStartOp::verify() {
  // all_reduce_start_c1
  if (failed(verifyElementTypes(*this, /*reducible=*/true)))
    return failure();
  // all_reduce_start_c2
  for (auto [index, input] : llvm::enumerate(getInputs()))
    if (failed(verifyResultShape(*this, index,
                                 cast<ShapedType>(input.getType()).getShape())))
      return failure();
  return success();
}

LogicalResult AllReduceStartOp::verifyWithGroupSize(int64_t) {
  return success();
}

//===----------------------------------------------------------------------===//
// AllToAllStartOp
//===----------------------------------------------------------------------===//

std::optional<ReductionKind> AllToAllStartOp::getReductionKind() {
  return std::nullopt;
}

LogicalResult AllToAllStartOp::verify() {
  // all_to_all_start_c1
  if (failed(
          verifyDimInRange(*this, getSplitDimAttr().getInt(), "split_dim")) ||
      failed(
          verifyDimInRange(*this, getConcatDimAttr().getInt(), "concat_dim")))
    return failure();
  // all_to_all_start_c2
  return verifyElementTypes(*this, /*reducible=*/false);
}

LogicalResult AllToAllStartOp::verifyWithGroupSize(int64_t groupSize) {
  // The symbol verifier may run even when the op's own verifier failed:
  // only check ops whose structure is sound, the others are reported already.
  if (!hasCheckableShapes(*this))
    return success();
  int64_t split = getSplitDimAttr().getInt(),
          concat = getConcatDimAttr().getInt();
  if (!isDimOfAllInputs(*this, split) || !isDimOfAllInputs(*this, concat))
    return success(); // all_to_all_start_c1 reports it.
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    SmallVector<int64_t> expected(cast<ShapedType>(input.getType()).getShape());
    // all_to_all_start_c3
    if (!ShapedType::isDynamic(expected[split]) && expected[split] % groupSize)
      return emitOpError("split_dim ")
             << split << " of input " << index << " has size "
             << expected[split] << ", which is not divisible by the group size "
             << groupSize;
    // all_to_all_start_c4
    expected[split] = divideDim(expected[split], groupSize);
    FailureOr<int64_t> concatenated =
        scaleDim(*this, expected[concat], groupSize);
    if (failed(concatenated))
      return failure();
    expected[concat] = *concatenated;
    if (failed(verifyResultShape(*this, index, expected)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// BroadcastStartOp
//===----------------------------------------------------------------------===//

std::optional<ReductionKind> BroadcastStartOp::getReductionKind() {
  return std::nullopt;
}

LogicalResult BroadcastStartOp::verify() {
  // broadcast_start_c2
  if (failed(verifyElementTypes(*this, /*reducible=*/false)))
    return failure();
  for (auto [index, input] : llvm::enumerate(getInputs()))
    if (failed(verifyResultShape(*this, index,
                                 cast<ShapedType>(input.getType()).getShape())))
      return failure();
  return success();
}

LogicalResult BroadcastStartOp::verifyWithGroupSize(int64_t groupSize) {
  // broadcast_start_c1
  if (getRootAttr().getInt() < 0 || getRootAttr().getInt() >= groupSize)
    return emitOpError("root ")
           << getRootAttr().getInt() << " is not a position in a group of size "
           << groupSize;
  return success();
}

//===----------------------------------------------------------------------===//
// CollectivePermuteStartOp
//===----------------------------------------------------------------------===//

std::optional<ReductionKind> CollectivePermuteStartOp::getReductionKind() {
  return std::nullopt;
}

SmallVector<std::pair<int64_t, int64_t>> CollectivePermuteStartOp::getPairs() {
  ArrayRef<int64_t> flat = getSourceTargetPairs();
  SmallVector<std::pair<int64_t, int64_t>> pairs;
  for (size_t i = 0; i + 1 < flat.size(); i += 2)
    pairs.emplace_back(flat[i], flat[i + 1]);
  return pairs;
}

LogicalResult CollectivePermuteStartOp::verify() {
  // collective_permute_start_c1
  if (getSourceTargetPairs().size() % 2)
    return emitOpError("source_target_pairs must hold (source, target) "
                       "pairs, but has an odd number of entries (")
           << getSourceTargetPairs().size() << ")";
  // collective_permute_start_c3
  llvm::SmallDenseSet<int64_t> sources, targets;
  for (auto [source, target] : getPairs()) {
    if (!sources.insert(source).second)
      return emitOpError("rank ") << source << " is the source of two pairs";
    if (!targets.insert(target).second)
      return emitOpError("rank ") << target << " is the target of two pairs";
  }
  // collective_permute_start_c4
  if (failed(verifyElementTypes(*this, /*reducible=*/false)))
    return failure();
  for (auto [index, input] : llvm::enumerate(getInputs()))
    if (failed(verifyResultShape(*this, index,
                                 cast<ShapedType>(input.getType()).getShape())))
      return failure();
  return success();
}

LogicalResult CollectivePermuteStartOp::verifyWithGroupSize(int64_t groupSize) {
  // collective_permute_start_c2
  for (auto [source, target] : getPairs())
    for (int64_t rank : {source, target})
      if (rank < 0 || rank >= groupSize)
        return emitOpError("pair [")
               << source << ", " << target << "] names rank " << rank
               << ", which is not a position in a group of size " << groupSize;
  return success();
}

//===----------------------------------------------------------------------===//
// WaitOp
//===----------------------------------------------------------------------===//

LogicalResult
WaitOp::inferReturnTypes(MLIRContext *, std::optional<Location> location,
                         ValueRange operands, DictionaryAttr, OpaqueProperties,
                         RegionRange,
                         SmallVectorImpl<Type> &inferredReturnTypes) {
  // The custom syntax reaches here with whatever type the user wrote, before
  // any verifier runs: say what is wrong, or the parser fails silently.
  if (operands.empty())
    return emitOptionalError(location,
                             "'sched.wait' op expects one future operand");
  auto future = dyn_cast<FutureType>(operands.front().getType());
  if (!future)
    return emitOptionalError(
        location, "'sched.wait' op expects a '!sched.future' operand, got ",
        operands.front().getType());
  llvm::append_range(inferredReturnTypes, future.getValueTypes());
  return success();
}

LogicalResult WaitOp::verify() {
  // wait_c1
  if (!getFuture().getDefiningOp<CollectiveOpInterface>())
    return emitOpError("expects a future produced by a collective start op");
  return success();
}

void WaitOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), CommStreamResource::get());
  effects.emplace_back(MemoryEffects::Write::get(), CommStreamResource::get());
  // In the buffer form the wait publishes the destination buffers, which the
  // collective wrote behind the program's back: model it as writing memory.
  if (getFuture().getType().isBufferForm())
    effects.emplace_back(MemoryEffects::Write::get(),
                         SideEffects::DefaultResource::get());
}

//===----------------------------------------------------------------------===//
// ComputeOp
//===----------------------------------------------------------------------===//

/// Emits `'sched.compute' op <message>` at the op's location, as
/// emitOpError does but without attaching the op: a compute op with a body
/// (up to a whole training step) would print all of it after the message.
static InFlightDiagnostic emitComputeError(ComputeOp op, const Twine &message) {
  return mlir::emitError(op.getLoc())
         << "'" << op->getName() << "' op " << message;
}

LogicalResult ComputeOp::verify() {
  // compute_c1
  if (getBody().size() > 1)
    return emitComputeError(*this, "has at most one body, but has ")
           << getBody().size();
  bool memrefOuts =
      llvm::any_of(getOuts().getTypes(), llvm::IsaPred<MemRefType>);
  // compute_c4
  if (memrefOuts && getNumResults() != 0)
    return emitComputeError(
               *this, "writes memref outs and must not have results, but has ")
           << getNumResults();
  // compute_c3
  if (!getOuts().empty() && !memrefOuts &&
      TypeRange(getOuts().getTypes()) != getResultTypes())
    return emitComputeError(*this,
                            "tensor outs must have the types of the results");
  return success();
}

/// Parses `keyword ( operands : types )` if `keyword` comes next.
static ParseResult
parseOptionalOperandGroup(OpAsmParser &parser, StringRef keyword,
                          SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ops,
                          SmallVectorImpl<Type> &types, SMLoc &loc) {
  if (failed(parser.parseOptionalKeyword(keyword)))
    return success();
  if (parser.parseLParen())
    return failure();
  loc = parser.getCurrentLocation();
  return failure(parser.parseOperandList(ops) || parser.parseColon() ||
                 parser.parseTypeList(types) || parser.parseRParen());
}

ParseResult ComputeOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  StringAttr kind;
  if (parser.parseCustomAttributeWithFallback(
          kind, parser.getBuilder().getType<NoneType>()))
    return failure();
  props.kind = kind;

  SmallVector<OpAsmParser::UnresolvedOperand, 4> ins, outs;
  SmallVector<Type, 4> insTypes, outsTypes;
  SMLoc insLoc, outsLoc;
  if (parseOptionalOperandGroup(parser, "ins", ins, insTypes, insLoc) ||
      parseOptionalOperandGroup(parser, "outs", outs, outsTypes, outsLoc))
    return failure();

  if (succeeded(parser.parseOptionalKeyword("cost"))) {
    CostAttr cost;
    if (parser.parseCustomAttributeWithFallback(cost, Type()))
      return failure();
    props.cost = cost;
  }

  if (parseDiscardableAttrs<ComputeOp>(parser, result, /*withKeyword=*/true))
    return failure();

  SmallVector<Type, 1> resultTypes;
  if (succeeded(parser.parseOptionalArrow()) &&
      (parser.parseLParen() || parser.parseTypeList(resultTypes) ||
       parser.parseRParen()))
    return failure();

  SmallVector<std::unique_ptr<Region>, 1> bodies;
  auto body = std::make_unique<Region>();
  OptionalParseResult hasBody = parser.parseOptionalRegion(body);
  if (hasBody.has_value()) {
    if (failed(*hasBody))
      return failure();
    bodies.push_back(std::move(body));
    // More bodies parse so that the verifier, not the parser, rejects them.
    while (succeeded(parser.parseOptionalComma())) {
      bodies.push_back(std::make_unique<Region>());
      if (parser.parseRegion(*bodies.back()))
        return failure();
    }
  }
  result.addRegions(bodies);

  props.operandSegmentSizes = {static_cast<int32_t>(ins.size()),
                               static_cast<int32_t>(outs.size())};
  result.addTypes(resultTypes);
  return failure(
      parser.resolveOperands(ins, insTypes, insLoc, result.operands) ||
      parser.resolveOperands(outs, outsTypes, outsLoc, result.operands));
}

void ComputeOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printAttributeWithoutType(getKindAttr());
  if (!getIns().empty())
    p << " ins(" << getIns() << " : " << getIns().getTypes() << ')';
  if (!getOuts().empty())
    p << " outs(" << getOuts() << " : " << getOuts().getTypes() << ')';
  if (CostAttr cost = getCostAttr()) {
    p << " cost ";
    p.printStrippedAttrOrType(cost);
  }
  // Inherent attributes live in the properties, so the raw dictionary holds
  // only the discardable ones.
  p.printOptionalAttrDictWithKeyword(
      getOperation()->getDiscardableAttrDictionary().getValue());
  if (getNumResults() != 0)
    p << " -> (" << getResultTypes() << ')';
  if (!getBody().empty()) {
    p << ' ';
    llvm::interleaveComma(getBody(), p,
                          [&](Region &region) { p.printRegion(region); });
  }
}

LogicalResult ComputeOp::verifyRegions() {
  if (isOpaque())
    return success();
  Block &body = getBodyBlock();
  // compute_c1
  SmallVector<Type> expected(getIns().getTypes());
  llvm::append_range(expected, getOuts().getTypes());
  if (body.getArgumentTypes() != TypeRange(expected))
    return emitComputeError(
        *this, "body arguments must have the types of ins followed "
               "by outs");
  // compute_c2
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return emitComputeError(*this, "body must end with 'sched.yield'");
  if (yield.getValues().getTypes() != getResultTypes())
    return yield.emitOpError("yields ")
           << yield.getValues().size()
           << " values whose types do not match the results of the parent "
              "'sched.compute'";
  return success();
}

void ComputeOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // The operands by segment, not through getInsMutable/getOutsMutable: each
  // of those builds (uniques) a segment sizes attribute, and the dependence
  // graph asks every compute op for its effects.
  MutableArrayRef<OpOperand> operands = getOperation()->getOpOperands();
  auto [insStart, insSize] = getODSOperandIndexAndLength(0);
  auto [outsStart, outsSize] = getODSOperandIndexAndLength(1);
  for (OpOperand &operand : operands.slice(insStart, insSize))
    if (isa<MemRefType>(operand.get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), &operand,
                           SideEffects::DefaultResource::get());
  for (OpOperand &operand : operands.slice(outsStart, outsSize)) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue;
    effects.emplace_back(MemoryEffects::Read::get(), &operand,
                         SideEffects::DefaultResource::get());
    effects.emplace_back(MemoryEffects::Write::get(), &operand,
                         SideEffects::DefaultResource::get());
  }
}

CostAttr ComputeOp::getComputeCost() {
  if (CostAttr cost = getCostAttr())
    return cost;
  // With a body and no cost: the summed costs of the work in it.
  if (getBody().empty())
    return {};
  return sumComputeCosts(getBody().front());
}

StringRef ComputeOp::getComputeKind() { return getKind(); }

#define GET_OP_CLASSES
#include "sched/Dialect/Sched/IR/SchedOps.cpp.inc"
