//===- FXImporterImpl.h - the FX importer, across its files -----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The pieces of the FX importer (FXImporter.cpp and the files next to it)
// that more than one of its files uses: the size helpers, the op table, the
// positions of the nodes in the JSON text and the FXImporter class, whose
// members are defined by topic: the top level in FXImporter.cpp, arguments
// and meta in FXArguments.cpp, collectives and Inductor's bucketing in
// FXCollectives.cpp, getitem, compute and views in FXCompute.cpp. Private to
// lib/Target/FXJSON.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_TARGET_FXJSON_FXIMPORTERIMPL_H
#define SCHED_LIB_TARGET_FXJSON_FXIMPORTERIMPL_H

#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Target/FXJSON/FXImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace sched {
namespace fx {
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// Element types and shapes (FXSupport.cpp)
//===----------------------------------------------------------------------===//

/// Returns the MLIR element type of the ATen dtype `name` (as written by
/// `str(dtype)`, with or without the `torch.` prefix), or null if it has
/// none. The table is in docs/FXFormat.md.
Type getElementType(MLIRContext *context, StringRef name);

/// Returns the product of `factors`, or nothing if one is nothing or the
/// product overflows.
std::optional<int64_t>
checkedProduct(std::initializer_list<std::optional<int64_t>> factors);

/// Returns `a + b`, or nothing if one is nothing or the sum overflows.
std::optional<int64_t> checkedSum(std::optional<int64_t> a,
                                  std::optional<int64_t> b);

/// Returns the product of `dims`, or nothing on overflow.
std::optional<int64_t> getProduct(ArrayRef<int64_t> dims);

/// Returns true if a tensor of `shape` with `strides` can be viewed as
/// `newShape` of the same number of elements without a copy, as
/// `torch.Tensor.view` decides (ATen's computeStride): each run of
/// dimensions that is contiguous in memory must be re-split into whole new
/// dimensions. A stride product that overflows counts as not viewable.
bool isViewable(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides,
                ArrayRef<int64_t> newShape);

/// Returns the number of elements of a statically shaped tensor type, or
/// nothing on overflow.
std::optional<int64_t> getNumElements(Type type);

/// Returns the summed byte size of `values`, each distinct value counted
/// once, or nothing on overflow.
std::optional<int64_t> getUniqueByteSize(ValueRange values);

/// Returns the summed byte size of `types`, or nothing on overflow.
std::optional<int64_t> getByteSize(TypeRange types);

/// Returns `value` as compact JSON text for a diagnostic, shortened if long.
std::string describe(const json::Value &value);

/// Returns the overload packet of an op target, e.g. `aten.mm` for
/// `aten.mm.default`. A target that is not `namespace.op.overload` is
/// returned unchanged.
StringRef getPacketName(StringRef target);

//===----------------------------------------------------------------------===//
// Op table (FXSupport.cpp)
//===----------------------------------------------------------------------===//

/// How the importer maps an ATen op.
enum class OpClass {
  /// A matrix product: 2 x (result elements) x K flops, K being the last
  /// dimension of the tensor argument `operand`.
  Matmul,
  /// aten.convolution: 2 x N x (weight elements) x (output spatial size).
  Convolution,
  /// aten.convolution_backward: the forward flops once per gradient that
  /// `output_mask` asks for.
  ConvolutionBackward,
  /// `flopsPerElement` flops per element of the first result.
  Pointwise,
  /// `flopsPerElement` flops per element of the first tensor operand
  /// (reductions, softmax and normalizations).
  PerInputElement,
  /// Moves data: no flops.
  Copy,
  /// Writes its result without reading tensors.
  Fill,
  /// Allocates its result without touching it.
  Empty,
  /// aten.embedding: reads the indices and the gathered rows only.
  Embedding,
  /// aten.embedding_dense_backward: one flop per gradient element.
  EmbeddingBackward,
  /// A view with reshape semantics (view, reshape, squeeze, ...).
  Reshape,
  /// permute, transpose, t: a reshape when no non-unit dimension moves.
  Permute,
  /// expand: a reshape when the number of elements does not change.
  Expand,
  /// aten.slice: an extract_slice.
  Slice,
  /// aten.narrow: an extract_slice.
  Narrow,
  /// aten.select: a rank-reducing extract_slice.
  Select,
  /// split, split_with_sizes, chunk, tensor_split: getitem slices.
  Split,
  /// unbind: getitem selects.
  Unbind,
  /// Any other view: a `sched.compute "aten.view"` with zero cost.
  OtherView,
};

/// The importer's knowledge of one ATen op (overload packet).
struct OpInfo {
  OpClass kind;
  /// Flops per element, for Pointwise and PerInputElement.
  int64_t flopsPerElement = 0;
  /// For Matmul, the argument whose last dimension is contracted.
  unsigned operand = 0;
};

/// One attention op: where its arguments are and how to count it.
struct AttentionInfo {
  /// The overload packet.
  StringLiteral name;
  /// Position of the query; key and value follow it.
  unsigned query;
  /// Position of `is_causal` (or of `custom_mask_type` when `maskType`).
  unsigned causal;
  /// Backward ops count twice the forward flops.
  bool backward;
  /// The tensors are [batch, seq, heads, dim] rather than [..., seq, dim].
  bool seqBeforeHeads;
  /// Causality is `custom_mask_type != 0` rather than a bool `is_causal`.
  bool maskType;
};

/// Returns the attention op `packet`, or null.
const AttentionInfo *lookupAttention(StringRef packet);

/// Returns what the importer knows of `target`, or null for an unknown op.
const OpInfo *lookupOp(StringRef target);

/// Returns true for ops that return None (assertions), which the importer
/// drops.
bool isIgnoredOp(StringRef packet);

/// Returns true for Python's `getitem` (as FX spells it).
bool isGetItem(StringRef target);

/// Returns true if a node of `target` has no effect but its results: an op
/// the importer knows, not in place (`copy_`), not an `out=` overload and not
/// random (it draws from the generator's state). Such a node no output
/// depends on is dead, as Inductor's scheduler treats it.
bool isPureTarget(StringRef target);

/// Returns the reduction of a PyTorch `reduce_op` string, or nothing.
std::optional<ReductionKind> getReductionKind(StringRef name);

//===----------------------------------------------------------------------===//
// Positions in the JSON text (FXSupport.cpp)
//===----------------------------------------------------------------------===//

/// Finds where the elements of the top-level arrays of a valid JSON document
/// start, so that diagnostics can point at a node (llvm::json keeps no
/// positions).
class JSONPositions {
public:
  explicit JSONPositions(StringRef text);

  /// Returns the 1-based line and column of element `index` of the
  /// top-level array `key`, or of the start of the document if unknown.
  std::pair<unsigned, unsigned> lookup(StringRef key, size_t index) const;

  /// Returns the 1-based line and column of byte `offset`.
  std::pair<unsigned, unsigned> getLineAndColumn(size_t offset) const;

private:
  /// Returns the offset of the first non-space character at or after `i`.
  size_t skipSpace(size_t i) const;
  /// Returns the offset just past the value that starts at `i`.
  size_t skipValue(size_t i) const;

  StringRef text;
  llvm::StringMap<std::vector<size_t>> elements;
  std::vector<size_t> lineStarts;
};

//===----------------------------------------------------------------------===//
// FXImporter
//===----------------------------------------------------------------------===//

/// One node of the graph, as read from the JSON.
struct FXNode {
  FXNode(StringRef name, StringRef target, const json::Object &object,
         Location loc)
      : name(name), target(target), object(&object), loc(loc) {}

  /// The node's name, unique in the graph.
  StringRef name;
  /// The op target (e.g. `aten.mm.default`); empty for placeholders.
  StringRef target;
  /// The node's JSON object.
  const json::Object *object;
  /// The node's name and position in the file.
  Location loc;
};

/// What a node stands for in the IR.
struct NodeValue {
  enum class Kind {
    /// A Python scalar, None or another non-tensor value: no IR value.
    NonTensor,
    /// One tensor, `value`.
    Tensor,
    /// Several results (`elements`, null for non-tensor ones), picked by
    /// getitem.
    Tuple,
    /// A split or unbind view (`split`); each getitem creates its slice.
    Split,
    /// A collective (`collective`); its tensor is the wait's result.
    Collective,
    /// Element `element` of a coalesced collective (`collective`).
    CollectiveElement,
    /// The flat buffer of an Inductor all-gather bucket (`bucket`), of which
    /// only this rank's shard is imported.
    GatherBucket,
  };
  Kind kind = Kind::NonTensor;
  Value value;
  SmallVector<Value> elements;
  unsigned split = 0;
  unsigned collective = 0;
  unsigned element = 0;
  unsigned bucket = 0;
};

/// The buffer that Inductor's `bucketing._pre_bucket_all_gather` allocates:
/// `type` (the gathered bucket, group size x shard elements), of which it
/// writes only this rank's shard, `shard`, at element `offset`. The shard is
/// what the importer emits; the gather's result stands for the rest.
struct GatherBucket {
  Value shard;
  RankedTensorType type;
  int64_t offset = 0;
};

/// A split or unbind: getitem `i` is the slice of `source` at `offsets[i]`
/// along `dim`, of type `types[i]`.
struct SplitView {
  Value source;
  int64_t dim = 0;
  /// Unbind: the slices drop `dim` (a select).
  bool drop = false;
  SmallVector<int64_t> offsets;
  SmallVector<RankedTensorType> types;
};

/// A collective start and its wait, once emitted.
struct PendingCollective {
  Operation *start = nullptr;
  /// Several inputs in one start (a `*_coalesced` collective).
  bool coalesced = false;
  WaitOp wait;
};

/// The meta of a node: nothing (null), one tensor type, or a list of tensor
/// types and nulls.
struct Meta {
  enum class Kind { None, Tensor, List };
  Kind kind = Kind::None;
  /// Tensor: the type; List: one per element, null for non-tensors.
  SmallVector<Type> types;
};

/// A functional collective as the importer reads it: which collective,
/// where its arguments are, and (once read) its group and reduction.
struct FXCollective {
  CollectiveKind kind = CollectiveKind::AllGather;
  /// Several inputs in one collective (a `*_coalesced` name).
  bool coalesced = false;
  /// An `all_gather_into_tensor_out`, whose `out` buffer is its result.
  bool intoOut = false;
  /// The positions of the group_name, group_size and reduce_op arguments
  /// (the last two only where the collective has them).
  unsigned groupNameIndex = 0;
  std::optional<unsigned> groupSizeIndex, reduceOpIndex;
  /// The group and its declared size.
  StringRef group;
  int64_t groupSize = 1;
  /// The reduction (sum unless `reduce_op` says otherwise).
  ReductionKind reduction = ReductionKind::Sum;
};

/// Imports one document.
class FXImporter {
public:
  FXImporter(StringRef text, MLIRContext *context,
             const FXImportOptions &options)
      : text(text), context(context), options(options), positions(text),
        builder(context) {}

  /// Runs the import; returns null after reporting an error.
  OwningOpRef<ModuleOp> run();

private:
  //===--------------------------------------------------------------------===//
  // Diagnostics and locations
  //===--------------------------------------------------------------------===//

  /// Returns the location of element `index` of the top-level array `key`.
  Location getLocation(StringRef key, size_t index);
  /// Returns the location of the start of the document.
  Location getFileLocation();
  /// Reports an error about `node`, naming it and its target.
  InFlightDiagnostic emitNodeError(const FXNode &node);

  //===--------------------------------------------------------------------===//
  // Top level
  //===--------------------------------------------------------------------===//

  /// Checks the header fields and declares the process groups.
  LogicalResult importHeader(const json::Object &root);
  /// Declares the process groups of `groups`, sorted by name.
  LogicalResult importGroups(const json::Object &groups);
  /// Reads the names, ops and targets of all nodes and checks that the names
  /// are unique.
  LogicalResult collectNodes(const json::Array &inputs,
                             const json::Array &nodes);
  /// Creates the function and its arguments.
  LogicalResult importInputs(StringRef functionName);
  /// Imports one call_function node.
  LogicalResult importNode(const FXNode &node);
  /// Returns the outputs, emits the pending waits and the return.
  LogicalResult importOutputs(const json::Value *outputs);
  /// Emits the warning on unknown ops, if any.
  void warnUnknownOps();
  /// Erases the ops of the pure nodes no output depends on (isPureTarget),
  /// last first, and says which with one remark.
  void eraseDeadNodes();

  //===--------------------------------------------------------------------===//
  // Arguments and meta
  //===--------------------------------------------------------------------===//

  /// Returns argument `index` of `node`, or its keyword argument `keyword`,
  /// or null if it has neither.
  const json::Value *getArg(const FXNode &node, unsigned index,
                            StringRef keyword);
  /// Returns the integer argument at `index` or `keyword`; `defaultValue`
  /// if it is absent or None (an error if there is no default).
  FailureOr<int64_t> getIntArg(const FXNode &node, unsigned index,
                               StringRef keyword,
                               std::optional<int64_t> defaultValue);
  /// Returns the bool argument at `index` or `keyword` (integers count as
  /// bools), or `defaultValue` if it is absent or None.
  FailureOr<bool> getBoolArg(const FXNode &node, unsigned index,
                             StringRef keyword, bool defaultValue);
  /// Returns the name of the node that `value` refers to, if it is a node
  /// reference.
  static std::optional<StringRef> getReference(const json::Value &value);
  /// Returns the value of node `name`, referenced by `user`.
  FailureOr<NodeValue *> lookupNode(const FXNode &user, StringRef name);
  /// Returns the tensor of `nodeValue`, the value of node `name`, used by
  /// `user` (emitting the wait of a collective if needed).
  FailureOr<Value> getTensor(const FXNode &user, StringRef name,
                             NodeValue &nodeValue);
  /// Returns the tensor argument at `index` or `keyword` of `node`.
  FailureOr<Value> getTensorArg(const FXNode &node, unsigned index,
                                StringRef keyword);
  /// Appends the tensors that `value` (an argument) refers to.
  LogicalResult collectTensors(const FXNode &node, const json::Value &value,
                               SmallVectorImpl<Value> &tensors);
  /// Returns all tensor operands of `node`: its arguments in order, then its
  /// keyword arguments sorted by name.
  FailureOr<SmallVector<Value>> collectOperands(const FXNode &node);
  /// Parses the `meta` of `node`; a missing `meta` is an error.
  FailureOr<Meta> parseMeta(const FXNode &node);
  /// Parses one tensor meta object of `node`.
  FailureOr<RankedTensorType> parseTensorMeta(const FXNode &node,
                                              const json::Value &value);
  /// Returns the strides in the `meta` of the node that argument `index` of
  /// `node` refers to, if that node has one tensor meta with strides.
  std::optional<SmallVector<int64_t>> getStrides(const FXNode &node,
                                                 unsigned index);
  /// Returns the one tensor type of the meta of `node`.
  FailureOr<RankedTensorType> getTensorMeta(const FXNode &node);
  /// Returns the `runtime_us` of `node` in nanoseconds, if it has one and
  /// runtimes are used.
  FailureOr<std::optional<int64_t>> getTimeNs(const FXNode &node);

  //===--------------------------------------------------------------------===//
  // Ops
  //===--------------------------------------------------------------------===//

  /// Emits the wait of collective `index` if it has none yet; returns its
  /// results.
  ValueRange waitFor(unsigned index, Location loc);
  /// Imports a `getitem`.
  LogicalResult importGetItem(const FXNode &node);
  /// Imports a functional collective or `wait_tensor`; `op` is the name
  /// without namespace and overload.
  LogicalResult importCollective(const FXNode &node, StringRef op);
  /// Reads the group of `collective`, checks its `group_size` argument and
  /// reads its `reduce_op`, where it has them.
  LogicalResult importCollectiveGroup(const FXNode &node,
                                      FXCollective &collective);
  /// Appends the input tensors of a collective: argument 0, a list of
  /// tensors when `coalesced`.
  LogicalResult collectCollectiveInputs(const FXNode &node, bool coalesced,
                                        SmallVectorImpl<Value> &inputs);
  /// Checks the result types in `meta` against the shape rules of
  /// `collective` on `inputs`.
  LogicalResult checkCollectiveResults(const FXNode &node,
                                       const FXCollective &collective,
                                       ValueRange inputs, const Meta &meta);
  /// Checks that the split sizes of an all_to_all_single on `input` are
  /// absent or equal splits over `groupSize` ranks.
  LogicalResult checkAllToAllSplits(const FXNode &node, Value input,
                                    int64_t groupSize);
  /// Creates the start op of `collective` (`root` for a broadcast).
  Operation *createCollectiveStart(const FXNode &node,
                                   const FXCollective &collective,
                                   ValueRange inputs, Type future,
                                   int64_t root);
  /// Imports a `wait_tensor`.
  LogicalResult importWait(const FXNode &node);
  /// Checks the `out` buffer of an `all_gather_into_tensor_out` against the
  /// gathered type `expected`.
  LogicalResult checkGatherOut(const FXNode &node, RankedTensorType expected);
  /// Imports Inductor's `bucketing._pre_bucket_all_gather`.
  FailureOr<int64_t> getBucketInputs(const FXNode &node, StringRef argName,
                                     SmallVectorImpl<Value> &inputs);
  LogicalResult importPreBucketAllGather(const FXNode &node);
  /// Imports Inductor's `bucketing._pre_bucket_reduce_scatter`.
  LogicalResult importPreBucketReduceScatter(const FXNode &node);
  /// Imports a slice or narrow of the all-gather bucket `bucket`: only its
  /// shard can be sliced.
  LogicalResult importBucketSlice(const FXNode &node, const OpInfo &info,
                                  const GatherBucket &bucket);
  /// Returns the all-gather bucket that argument 0 of `node` refers to, or
  /// null.
  const GatherBucket *lookupGatherBucket(const FXNode &node);
  /// Imports a compute op, known (`info`, `attention`) or not (both null).
  LogicalResult importCompute(const FXNode &node, const OpInfo *info,
                              const AttentionInfo *attention);
  /// Imports a view.
  LogicalResult importView(const FXNode &node, const OpInfo &info);
  /// What a slice, narrow or select takes along `dim`: `length` elements
  /// from `start`, `step` apart (a select takes one).
  struct SliceBounds {
    int64_t dim, start, length, step;
  };
  /// Parses and checks the bounds of a slice, narrow or select of a tensor of
  /// type `sourceType`; a slice's bounds are clamped as Python clamps them.
  FailureOr<SliceBounds> parseSliceBounds(const FXNode &node,
                                          const OpInfo &info,
                                          RankedTensorType sourceType);
  /// Imports a split or unbind view.
  LogicalResult importSplit(const FXNode &node, const OpInfo &info);
  /// Binds the results of `op`, the import of `node`, to the node: one
  /// tensor, or a tuple laid out as `meta` (non-tensor elements get none).
  void bindResults(const FXNode &node, Operation *op, const Meta &meta);
  /// Marks `compute`, the import of the view `node`, as a view of its first
  /// operand: `fx.view` names the target, `sched.view` makes the buffer
  /// analysis treat its results as aliases.
  void markView(Operation *compute, const FXNode &node);
  /// Emits `node` as a `sched.compute "aten.view"` with zero cost, marked as
  /// a view.
  LogicalResult emitViewCompute(const FXNode &node, ValueRange operands,
                                const Meta &meta);
  /// Returns the value of a reshape of `source` to `type`, or null if it
  /// needs an op the buffer analysis does not see as an alias.
  Value emitReshape(Location loc, Value source, RankedTensorType type);
  /// Emits the slice of `source` of type `type` at `offsets` with
  /// `strides`; `sizes` are the sizes before dropping dimensions.
  Value emitSlice(Location loc, Value source, RankedTensorType type,
                  ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                  ArrayRef<int64_t> strides);
  /// Derives the flops of a known compute op.
  FailureOr<std::optional<int64_t>> deriveFlops(const FXNode &node,
                                                const OpInfo *info,
                                                const AttentionInfo *attention,
                                                ValueRange operands,
                                                TypeRange results);
  /// Returns the flops of an attention op.
  FailureOr<std::optional<int64_t>>
  deriveAttentionFlops(const FXNode &node, const AttentionInfo &attention);
  /// Returns the forward flops of a convolution with `input`, `weight` and
  /// `output` (the output's spatial size is used unless `transposed`).
  FailureOr<std::optional<int64_t>>
  deriveConvolutionFlops(const FXNode &node, Type input, Type weight,
                         Type output, bool transposed);

  /// Normalizes a possibly negative dimension `dim` of a tensor of rank
  /// `rank`.
  FailureOr<int64_t> normalizeDim(const FXNode &node, int64_t dim,
                                  int64_t rank);

  StringRef text;
  MLIRContext *context;
  const FXImportOptions &options;
  JSONPositions positions;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
  func::FuncOp function;

  /// The declared groups and their sizes.
  llvm::StringMap<int64_t> groupSizes;
  /// The input nodes, then the call_function nodes.
  std::vector<FXNode> inputNodes, graphNodes;
  /// Node name -> position in graph order (inputs first).
  llvm::StringMap<unsigned> nodeIndex;
  /// The values of the nodes imported so far, by name.
  llvm::StringMap<NodeValue> values;
  std::vector<SplitView> splits;
  std::vector<PendingCollective> collectives;
  std::vector<GatherBucket> gatherBuckets;
  /// Unknown targets and how many nodes use each, sorted for the warning.
  std::map<std::string, unsigned> unknownTargets;
  /// The JSON object of the pseudo-node `output`.
  json::Object emptyObject;
};

/// Returns a description of a node value's kind for diagnostics.
StringRef describeKind(const NodeValue &value);

} // namespace fx
} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_TARGET_FXJSON_FXIMPORTERIMPL_H
