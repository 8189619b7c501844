//===- FXSupport.cpp - sizes, op table, JSON positions --------------------===//
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
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::sched::fx;

//===----------------------------------------------------------------------===//
// Element types and shapes
//===----------------------------------------------------------------------===//

Type fx::getElementType(MLIRContext *context, StringRef name) {
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

std::optional<int64_t>
fx::checkedProduct(std::initializer_list<std::optional<int64_t>> factors) {
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

std::optional<int64_t> fx::checkedSum(std::optional<int64_t> a,
                                      std::optional<int64_t> b) {
  if (!a || !b)
    return std::nullopt;
  return llvm::checkedAdd(*a, *b);
}

std::optional<int64_t> fx::getProduct(ArrayRef<int64_t> dims) {
  std::optional<int64_t> result = 1;
  for (int64_t dim : dims)
    result = checkedProduct({result, dim});
  return result;
}

bool fx::isViewable(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides,
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

std::optional<int64_t> fx::getNumElements(Type type) {
  return getProduct(cast<RankedTensorType>(type).getShape());
}

std::optional<int64_t> fx::getUniqueByteSize(ValueRange values) {
  std::optional<int64_t> total = 0;
  llvm::SmallPtrSet<void *, 8> seen;
  for (Value value : values)
    if (seen.insert(value.getAsOpaquePointer()).second)
      total = checkedSum(total, getTypeByteSize(value.getType()));
  return total;
}

std::optional<int64_t> fx::getByteSize(TypeRange types) {
  std::optional<int64_t> total = 0;
  for (Type type : types)
    total = checkedSum(total, getTypeByteSize(type));
  return total;
}

std::string fx::describe(const json::Value &value) {
  std::string text = llvm::formatv("{0}", value).str();
  if (text.size() > 60)
    text = text.substr(0, 57) + "...";
  return text;
}

StringRef fx::getPacketName(StringRef target) {
  SmallVector<StringRef, 4> parts;
  target.split(parts, '.');
  if (parts.size() != 3)
    return target;
  return target.drop_back(parts[2].size() + 1);
}

//===----------------------------------------------------------------------===//
// Op table
//===----------------------------------------------------------------------===//

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

const AttentionInfo *fx::lookupAttention(StringRef packet) {
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

const OpInfo *fx::lookupOp(StringRef target) {
  // Binary overloads of reductions are elementwise.
  static const OpInfo binary{OpClass::Pointwise, 1};
  if (target == "aten.max.other" || target == "aten.min.other")
    return &binary;
  const llvm::StringMap<OpInfo> &table = getOpTable();
  auto it = table.find(getPacketName(target));
  return it == table.end() ? nullptr : &it->second;
}

bool fx::isIgnoredOp(StringRef packet) {
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

bool fx::isGetItem(StringRef target) {
  return target == "getitem" || target == "operator.getitem" ||
         target == "_operator.getitem";
}

bool fx::isPureTarget(StringRef target) {
  if (isGetItem(target))
    return true;
  // An unknown op may have effects.
  if (!lookupOp(target))
    return false;
  SmallVector<StringRef, 4> parts;
  target.split(parts, '.');
  bool inPlace = parts.size() >= 2 && parts[1].ends_with("_");
  bool intoOut = parts.size() == 3 && parts[2].starts_with("out");
  bool random = getPacketName(target).contains("rand");
  return !inPlace && !intoOut && !random;
}

std::optional<ReductionKind> fx::getReductionKind(StringRef name) {
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
