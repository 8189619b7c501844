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
// mapping, including the cost formulas below.
//
//===----------------------------------------------------------------------===//

#include "sched/Target/FXJSON/FXImporter.h"

#include "sched/Analysis/CostModel.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedViewAttr.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numeric>

using namespace mlir;
using namespace mlir::sched;
namespace json = llvm::json;

/// The `format` of the documents this importer reads.
static constexpr StringLiteral kFormat = "sched-fx/1";
/// The discardable attribute that marks a `sched.compute "aten.view"` and
/// names the view's target.
static constexpr StringLiteral kViewAttr = "fx.view";

//===----------------------------------------------------------------------===//
// Element types and shapes
//===----------------------------------------------------------------------===//

/// Returns the MLIR element type of the ATen dtype `name` (as written by
/// `str(dtype)`, with or without the `torch.` prefix), or null if it has
/// none. The table is in docs/FXFormat.md.
static Type getElementType(MLIRContext *context, StringRef name) {
  name.consume_front("torch.");
  Builder b(context);
  if (name == "float32")
    return b.getF32Type();
  if (name == "float64")
    return b.getF64Type();
  if (name == "float16")
    return b.getF16Type();
  if (name == "bfloat16")
    return b.getBF16Type();
  if (name == "float8_e4m3fn")
    return b.getType<Float8E4M3FNType>();
  if (name == "float8_e5m2")
    return b.getType<Float8E5M2Type>();
  if (name == "float8_e4m3fnuz")
    return b.getType<Float8E4M3FNUZType>();
  if (name == "float8_e5m2fnuz")
    return b.getType<Float8E5M2FNUZType>();
  if (name == "float8_e8m0fnu")
    return b.getType<Float8E8M0FNUType>();
  if (name == "complex32")
    return ComplexType::get(b.getF16Type());
  if (name == "complex64")
    return ComplexType::get(b.getF32Type());
  if (name == "complex128")
    return ComplexType::get(b.getF64Type());
  if (name == "bool")
    return b.getI1Type();
  if (name == "int8")
    return b.getI8Type();
  if (name == "int16")
    return b.getI16Type();
  if (name == "int32")
    return b.getI32Type();
  if (name == "int64")
    return b.getI64Type();
  if (name == "uint8")
    return b.getIntegerType(8, /*isSigned=*/false);
  if (name == "uint16")
    return b.getIntegerType(16, /*isSigned=*/false);
  if (name == "uint32")
    return b.getIntegerType(32, /*isSigned=*/false);
  if (name == "uint64")
    return b.getIntegerType(64, /*isSigned=*/false);
  return {};
}

/// Returns the product of `factors`, or nothing if one is nothing or the
/// product overflows.
static std::optional<int64_t>
checkedProduct(std::initializer_list<std::optional<int64_t>> factors) {
  std::optional<int64_t> result = 1;
  for (std::optional<int64_t> factor : factors) {
    if (!factor)
      return std::nullopt;
    result = llvm::checkedMul(*result, *factor);
    if (!result)
      return std::nullopt;
  }
  return result;
}

/// Returns `a + b`, or nothing if one is nothing or the sum overflows.
static std::optional<int64_t> checkedSum(std::optional<int64_t> a,
                                         std::optional<int64_t> b) {
  if (!a || !b)
    return std::nullopt;
  return llvm::checkedAdd(*a, *b);
}

/// Returns the product of `dims`, or nothing on overflow.
static std::optional<int64_t> getProduct(ArrayRef<int64_t> dims) {
  std::optional<int64_t> result = 1;
  for (int64_t dim : dims)
    result = checkedProduct({result, dim});
  return result;
}

/// Returns true if a tensor of `shape` with `strides` can be viewed as
/// `newShape` of the same number of elements without a copy, as
/// `torch.Tensor.view` decides (ATen's computeStride): each run of
/// dimensions that is contiguous in memory must be re-split into whole new
/// dimensions. A stride product that overflows counts as not viewable.
static bool isViewable(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides,
                       ArrayRef<int64_t> newShape) {
  if (shape.empty() || llvm::is_contained(shape, 0))
    return true;
  int64_t viewDim = static_cast<int64_t>(newShape.size()) - 1;
  std::optional<int64_t> chunkStride = strides.back();
  std::optional<int64_t> tensorElements = 1, viewElements = 1;
  for (int64_t dim = shape.size() - 1; dim >= 0; --dim) {
    tensorElements = checkedProduct({tensorElements, shape[dim]});
    std::optional<int64_t> contiguous =
        checkedProduct({tensorElements, chunkStride});
    if (!tensorElements || !contiguous)
      return false;
    // A chunk of contiguous dimensions ends at `dim`.
    if (dim == 0 || (shape[dim - 1] != 1 && strides[dim - 1] != *contiguous)) {
      while (viewDim >= 0 &&
             (*viewElements < *tensorElements || newShape[viewDim] == 1)) {
        viewElements = checkedProduct({viewElements, newShape[viewDim]});
        if (!viewElements)
          return false;
        --viewDim;
      }
      if (viewElements != tensorElements)
        return false;
      if (dim > 0) {
        chunkStride = strides[dim - 1];
        tensorElements = viewElements = 1;
      }
    }
  }
  return viewDim == -1;
}

/// Returns the number of elements of a statically shaped tensor type, or
/// nothing on overflow.
static std::optional<int64_t> getNumElements(Type type) {
  return getProduct(cast<RankedTensorType>(type).getShape());
}

/// Returns the summed byte size of `values`, each distinct value counted
/// once, or nothing on overflow.
static std::optional<int64_t> getUniqueByteSize(ValueRange values) {
  std::optional<int64_t> total = 0;
  llvm::SmallPtrSet<void *, 8> seen;
  for (Value value : values)
    if (seen.insert(value.getAsOpaquePointer()).second)
      total = checkedSum(total, getTypeByteSize(value.getType()));
  return total;
}

/// Returns the summed byte size of `types`, or nothing on overflow.
static std::optional<int64_t> getByteSize(TypeRange types) {
  std::optional<int64_t> total = 0;
  for (Type type : types)
    total = checkedSum(total, getTypeByteSize(type));
  return total;
}

/// Returns `value` as compact JSON text for a diagnostic, shortened if long.
static std::string describe(const json::Value &value) {
  std::string text = llvm::formatv("{0}", value).str();
  if (text.size() > 60)
    text = text.substr(0, 57) + "...";
  return text;
}

/// Returns the overload packet of an op target, e.g. `aten.mm` for
/// `aten.mm.default`. A target that is not `namespace.op.overload` is
/// returned unchanged.
static StringRef getPacketName(StringRef target) {
  SmallVector<StringRef, 4> parts;
  target.split(parts, '.');
  if (parts.size() != 3)
    return target;
  return target.drop_back(parts[2].size() + 1);
}

//===----------------------------------------------------------------------===//
// Op table
//===----------------------------------------------------------------------===//

namespace {
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
} // namespace

/// The attention ops the importer knows, with their argument positions in
/// the ATen schemas.
static const AttentionInfo kAttentionOps[] = {
    {"aten.scaled_dot_product_attention", 0, 5, false, false, false},
    {"aten._scaled_dot_product_attention_math", 0, 5, false, false, false},
    {"aten._scaled_dot_product_flash_attention", 0, 4, false, false, false},
    {"aten._scaled_dot_product_flash_attention_for_cpu", 0, 4, false, false,
     false},
    {"aten._scaled_dot_product_efficient_attention", 0, 6, false, false, false},
    {"aten._scaled_dot_product_cudnn_attention", 0, 6, false, false, false},
    {"aten._scaled_dot_product_fused_attention_overrideable", 0, 5, false,
     false, false},
    {"aten._flash_attention_forward", 0, 8, false, true, false},
    {"aten._efficient_attention_forward", 0, 9, false, true, true},
    {"aten._scaled_dot_product_flash_attention_backward", 1, 11, true, false,
     false},
    {"aten._scaled_dot_product_flash_attention_for_cpu_backward", 1, 7, true,
     false, false},
    {"aten._scaled_dot_product_efficient_attention_backward", 1, 11, true,
     false, false},
    {"aten._scaled_dot_product_cudnn_attention_backward", 1, 14, true, false,
     false},
    {"aten._scaled_dot_product_fused_attention_overrideable_backward", 1, 13,
     true, false, false},
    {"aten._flash_attention_backward", 1, 11, true, true, false},
    {"aten._efficient_attention_backward", 1, 14, true, true, true},
};

/// Returns the attention op `packet`, or null.
static const AttentionInfo *lookupAttention(StringRef packet) {
  for (const AttentionInfo &info : kAttentionOps)
    if (info.name == packet)
      return &info;
  return nullptr;
}

namespace {
/// Ops that the importer maps the same way, as a space-separated list of
/// overload packets.
struct OpGroup {
  OpInfo info;
  StringLiteral names;
};
} // namespace

/// The ATen ops the importer knows. docs/FXFormat.md has the same table.
static const OpGroup kOpGroups[] = {
    {{OpClass::Matmul, 0, 0},
     "aten.mm aten.bmm aten.matmul aten.linear aten.mv aten.dot "
     "aten.vdot aten._scaled_mm aten._int_mm"},
    {{OpClass::Matmul, 0, 1}, "aten.addmm aten.baddbmm aten.addmv"},
    {{OpClass::Convolution}, "aten.convolution aten._convolution"},
    {{OpClass::ConvolutionBackward}, "aten.convolution_backward"},
    {{OpClass::Pointwise, 1},
     "aten.abs aten.acos aten.acosh aten.add aten.addcdiv "
     "aten.addcmul aten.asin aten.asinh aten.atan aten.atan2 "
     "aten.atanh aten.bernoulli aten.bitwise_and aten.bitwise_not "
     "aten.bitwise_or aten.bitwise_xor aten.ceil aten.clamp "
     "aten.clamp_max aten.clamp_min aten.cos aten.cosh aten.div "
     "aten.elu aten.elu_backward aten.eq aten.erf aten.erfc "
     "aten.erfinv aten.exp aten.exp2 aten.expm1 aten.floor "
     "aten.floor_divide aten.fmod aten.ge aten.gelu "
     "aten.gelu_backward aten.gt aten.hardsigmoid aten.hardswish "
     "aten.hardtanh aten.hardtanh_backward aten.isinf aten.isnan "
     "aten.le aten.leaky_relu aten.leaky_relu_backward aten.lerp "
     "aten.log aten.log10 aten.log1p aten.log2 aten.logical_and "
     "aten.logical_not aten.logical_or aten.logical_xor aten.logit "
     "aten.lt aten.masked_fill aten.maximum aten.minimum aten.mish "
     "aten.mul aten.nan_to_num aten.native_dropout "
     "aten.native_dropout_backward aten.ne aten.neg aten.pow "
     "aten.reciprocal aten.relu aten.remainder aten.round aten.rsqrt "
     "aten.rsub aten.sigmoid aten.sigmoid_backward aten.sign "
     "aten.silu aten.silu_backward aten.sin aten.sinh aten.softplus "
     "aten.softplus_backward aten.sqrt aten.square aten.sub aten.tan "
     "aten.tanh aten.tanh_backward aten.threshold "
     "aten.threshold_backward aten.tril aten.triu aten.trunc "
     "aten.where aten.xlogy"},
    {{OpClass::PerInputElement, 1},
     "aten.all aten.amax aten.amin aten.any aten.argmax aten.argmin "
     "aten.count_nonzero aten.cumprod aten.cumsum aten.max aten.mean "
     "aten.min aten.nansum aten.prod aten.sum aten.nll_loss_forward "
     "aten.nll_loss_backward aten.nll_loss2d_forward "
     "aten.nll_loss2d_backward"},
    {{OpClass::PerInputElement, 2},
     "aten.var aten.std aten.var_mean aten.std_mean "
     "aten.linalg_vector_norm aten.norm"},
    {{OpClass::PerInputElement, 3}, "aten.logsumexp aten.logcumsumexp"},
    {{OpClass::PerInputElement, 4}, "aten._fused_rms_norm aten.rms_norm"},
    {{OpClass::PerInputElement, 4},
     "aten._softmax_backward_data aten._log_softmax_backward_data"},
    {{OpClass::PerInputElement, 5},
     "aten._softmax aten._log_softmax aten.softmax aten.log_softmax "
     "aten._safe_softmax"},
    {{OpClass::PerInputElement, 8},
     "aten.native_layer_norm aten.layer_norm aten.native_group_norm "
     "aten.group_norm aten.native_batch_norm "
     "aten._native_batch_norm_legit "
     "aten._native_batch_norm_legit_no_training "
     "aten._native_batch_norm_legit_functional "
     "aten._fused_rms_norm_backward"},
    {{OpClass::PerInputElement, 10},
     "aten.native_layer_norm_backward "
     "aten.native_group_norm_backward "
     "aten.native_batch_norm_backward"},
    {{OpClass::Copy},
     "aten._to_copy aten.alias_copy aten.as_strided_copy "
     "aten.as_strided_scatter aten.cat aten.clone "
     "aten.constant_pad_nd aten.contiguous aten.copy aten.copy_ "
     "aten.diagonal_scatter aten.expand_copy aten.flip aten.gather "
     "aten.index aten.index_add aten.index_copy aten.index_put "
     "aten.index_select aten.lift_fresh_copy aten.masked_scatter "
     "aten.pad aten.permute_copy aten.repeat aten.roll aten.scatter "
     "aten.scatter_add aten.select_copy aten.select_scatter "
     "aten.slice_copy aten.slice_scatter aten.split_copy "
     "aten.split_with_sizes_copy aten.squeeze_copy aten.stack "
     "aten.t_copy aten.transpose_copy aten.unbind_copy "
     "aten.unsqueeze_copy aten.view_copy aten._unsafe_index "
     "aten._unsafe_index_put prims.convert_element_type"},
    {{OpClass::Fill},
     "aten.arange aten.eye aten.fill aten.full aten.full_like "
     "aten.linspace aten.new_full aten.new_ones aten.new_zeros "
     "aten.ones aten.ones_like aten.rand aten.rand_like aten.randint "
     "aten.randint_like aten.randn aten.randn_like aten.randperm "
     "aten.scalar_tensor aten.zeros aten.zeros_like prims.iota"},
    {{OpClass::Empty},
     "aten.empty aten.empty_like aten.empty_permuted "
     "aten.empty_strided aten.new_empty aten.new_empty_strided"},
    {{OpClass::Embedding}, "aten.embedding"},
    {{OpClass::EmbeddingBackward}, "aten.embedding_dense_backward"},
    {{OpClass::Reshape},
     "aten.view aten.reshape aten._unsafe_view aten._reshape_alias "
     "aten.squeeze aten.unsqueeze aten.flatten aten.unflatten "
     "aten.view_as aten.alias aten.detach aten.lift_fresh"},
    {{OpClass::Permute},
     "aten.permute aten.transpose aten.t aten.swapaxes aten.swapdims"},
    {{OpClass::Expand}, "aten.expand aten.expand_as aten.broadcast_to"},
    {{OpClass::Slice}, "aten.slice"},
    {{OpClass::Narrow}, "aten.narrow"},
    {{OpClass::Select}, "aten.select"},
    {{OpClass::Split},
     "aten.split aten.split_with_sizes aten.unsafe_split "
     "aten.unsafe_split_with_sizes aten.chunk aten.tensor_split"},
    {{OpClass::Unbind}, "aten.unbind"},
    {{OpClass::OtherView},
     "aten.as_strided aten.diagonal aten.unfold aten.view_as_real "
     "aten.view_as_complex aten.real aten.imag aten.numpy_T aten.mT "
     "aten.mH aten.adjoint aten.movedim aten.moveaxis aten._conj "
     "aten._neg_view"},
};

/// Returns the table of the ATen ops the importer knows, by overload packet.
static const llvm::StringMap<OpInfo> &getOpTable() {
  static const llvm::StringMap<OpInfo> table = [] {
    llvm::StringMap<OpInfo> map;
    for (const OpGroup &group : kOpGroups) {
      SmallVector<StringRef> names;
      group.names.split(names, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
      for (StringRef name : names)
        map[name] = group.info;
    }
    return map;
  }();
  return table;
}

/// Returns what the importer knows of `target`, or null for an unknown op.
static const OpInfo *lookupOp(StringRef target) {
  // Binary overloads of reductions are elementwise.
  static const OpInfo binary{OpClass::Pointwise, 1};
  if (target == "aten.max.other" || target == "aten.min.other")
    return &binary;
  const llvm::StringMap<OpInfo> &table = getOpTable();
  auto it = table.find(getPacketName(target));
  return it == table.end() ? nullptr : &it->second;
}

/// Returns true for ops that return None (assertions), which the importer
/// drops.
static bool isIgnoredOp(StringRef packet) {
  return llvm::is_contained(
      {StringRef("aten._assert_async"), StringRef("aten._assert_scalar"),
       StringRef("aten._assert_tensor_metadata"),
       StringRef("aten._functional_assert_async"),
       StringRef("aten._functional_assert_scalar"),
       StringRef("aten._functional_sym_constrain_range"),
       StringRef("aten._functional_sym_constrain_range_for_size"),
       StringRef("aten.sym_constrain_range"),
       StringRef("aten.sym_constrain_range_for_size")},
      packet);
}

/// Returns the reduction of a PyTorch `reduce_op` string, or nothing.
static std::optional<ReductionKind> getReductionKind(StringRef name) {
  std::string lower = name.lower();
  if (lower == "sum")
    return ReductionKind::Sum;
  if (lower == "avg")
    return ReductionKind::Avg;
  if (lower == "product" || lower == "prod")
    return ReductionKind::Prod;
  if (lower == "min")
    return ReductionKind::Min;
  if (lower == "max")
    return ReductionKind::Max;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Positions in the JSON text
//===----------------------------------------------------------------------===//

namespace {
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
} // namespace

JSONPositions::JSONPositions(StringRef text) : text(text) {
  lineStarts.push_back(0);
  for (size_t i = 0, e = text.size(); i != e; ++i)
    if (text[i] == '\n')
      lineStarts.push_back(i + 1);

  size_t i = skipSpace(0);
  if (i >= text.size() || text[i] != '{')
    return;
  i = skipSpace(i + 1);
  while (i < text.size() && text[i] == '"') {
    size_t keyEnd = skipValue(i);
    StringRef key = text.slice(i + 1, keyEnd - 1);
    i = skipSpace(keyEnd);
    if (i >= text.size() || text[i] != ':')
      return;
    i = skipSpace(i + 1);
    if (i < text.size() && text[i] == '[') {
      std::vector<size_t> &offsets = elements[key];
      offsets.clear();
      i = skipSpace(i + 1);
      while (i < text.size() && text[i] != ']') {
        offsets.push_back(i);
        i = skipSpace(skipValue(i));
        if (i >= text.size() || text[i] != ',')
          break;
        i = skipSpace(i + 1);
      }
      i = skipSpace(i + 1);
    } else {
      i = skipSpace(skipValue(i));
    }
    if (i >= text.size() || text[i] != ',')
      return;
    i = skipSpace(i + 1);
  }
}

size_t JSONPositions::skipSpace(size_t i) const {
  while (i < text.size() && StringRef(" \t\r\n").contains(text[i]))
    ++i;
  return i;
}

size_t JSONPositions::skipValue(size_t i) const {
  if (i >= text.size())
    return i;
  char c = text[i];
  if (c == '"') {
    for (++i; i < text.size(); ++i) {
      if (text[i] == '\\')
        ++i;
      else if (text[i] == '"')
        return i + 1;
    }
    return text.size();
  }
  if (c == '{' || c == '[') {
    int depth = 0;
    while (i < text.size()) {
      char d = text[i];
      if (d == '"') {
        i = skipValue(i);
        continue;
      }
      if (d == '{' || d == '[')
        ++depth;
      else if ((d == '}' || d == ']') && --depth == 0)
        return i + 1;
      ++i;
    }
    return text.size();
  }
  while (i < text.size() && !StringRef(",]} \t\r\n").contains(text[i]))
    ++i;
  return i;
}

std::pair<unsigned, unsigned>
JSONPositions::getLineAndColumn(size_t offset) const {
  auto it = llvm::upper_bound(lineStarts, offset);
  size_t line = it - lineStarts.begin();
  return {static_cast<unsigned>(line),
          static_cast<unsigned>(offset - *(it - 1) + 1)};
}

std::pair<unsigned, unsigned> JSONPositions::lookup(StringRef key,
                                                    size_t index) const {
  auto it = elements.find(key);
  if (it == elements.end() || index >= it->second.size())
    return {1, 1};
  return getLineAndColumn(it->second[index]);
}

//===----------------------------------------------------------------------===//
// FXImporter
//===----------------------------------------------------------------------===//

namespace {
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
} // namespace

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
  if (target == "getitem" || target == "operator.getitem" ||
      target == "_operator.getitem")
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

/// Returns a description of a node value's kind for diagnostics.
static StringRef describeKind(const NodeValue &value) {
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
  }
  llvm_unreachable("unknown collective kind");
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

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

OwningOpRef<ModuleOp>
mlir::sched::importFXGraph(StringRef json, MLIRContext *context,
                           const FXImportOptions &options) {
  return FXImporter(json, context, options).run();
}
