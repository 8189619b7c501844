//===- TransformerGenerator.cpp - training steps of transformers ----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Workloads/TransformerGenerator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::sched;

//===----------------------------------------------------------------------===//
// Presets
//===----------------------------------------------------------------------===//

std::optional<TransformerConfig> TransformerConfig::getPreset(StringRef name) {
  TransformerConfig c;
  if (name == "tiny")
    return c;
  if (name == "llama3-8b") {
    c.layers = 32, c.hidden = 4096, c.heads = 32, c.kvHeads = 8;
    c.ffn = 14336, c.vocab = 128256, c.seq = 8192, c.microBatch = 1;
    return c;
  }
  if (name == "llama3-70b") {
    c.layers = 80, c.hidden = 8192, c.heads = 64, c.kvHeads = 8;
    c.ffn = 28672, c.vocab = 128256, c.seq = 8192, c.microBatch = 1;
    return c;
  }
  if (name == "gpt3-175b") {
    c.layers = 96, c.hidden = 12288, c.heads = 96, c.kvHeads = 96;
    c.ffn = 49152, c.vocab = 50257, c.seq = 2048, c.microBatch = 1;
    return c;
  }
  return std::nullopt;
}

ArrayRef<StringRef> TransformerConfig::getPresetNames() {
  static const StringRef names[] = {"gpt3-175b", "llama3-70b", "llama3-8b",
                                    "tiny"};
  return names;
}

/// Returns the element type named `name`, or null.
static Type parseElementType(MLIRContext *context, StringRef name) {
  Builder b(context);
  return llvm::StringSwitch<Type>(name)
      .Case("bf16", b.getBF16Type())
      .Case("f16", b.getF16Type())
      .Case("f32", b.getF32Type())
      .Default(Type());
}

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

namespace {
/// 64-bit arithmetic that remembers the first overflow, described by the
/// options the overflowing quantity is computed from. After an overflow
/// every result is 1, so that later divisions stay defined.
class CheckedArithmetic {
public:
  /// Returns `a * b`; `what` names the quantity and its options.
  int64_t mul(int64_t a, int64_t b, StringRef what) {
    return record(llvm::checkedMul(a, b), what);
  }
  /// Returns the product of `factors`.
  int64_t mul(std::initializer_list<int64_t> factors, StringRef what) {
    int64_t product = 1;
    for (int64_t factor : factors)
      product = mul(product, factor, what);
    return product;
  }
  /// Returns `a + b`.
  int64_t add(int64_t a, int64_t b, StringRef what) {
    return record(llvm::checkedAdd(a, b), what);
  }
  /// Returns `value` rounded up to a multiple of `align`.
  int64_t alignTo(int64_t value, int64_t align, StringRef what) {
    int64_t padded = add(value, align - 1, what);
    return padded / align * align;
  }
  /// The first overflow, or empty.
  const std::string &getError() const { return error; }

private:
  int64_t record(std::optional<int64_t> result, StringRef what) {
    if (result && error.empty())
      return *result;
    if (error.empty())
      error = (what + " overflow 64 bits").str();
    return 1;
  }
  std::string error;
};

/// The sizes every op of the step is built from, each computed once with
/// overflow checks. Every shape, byte count and flop count the generator
/// computes is at most one of the bounds checked in `computeSizes` (all
/// factors are positive, so no partial product exceeds its final one).
struct StepSizes {
  int64_t tokens = 1, tokensSp = 1, headDim = 1, qkvCols = 1, attnCols = 1,
          ffnLocal = 1, vocabLocal = 1;
  /// Elements of a layer's and of the embedding's flat parameter (per TP
  /// rank), and of their FSDP-padded flat buffers.
  int64_t layerParams = 1, embedParams = 1, layerFlat = 1, embedFlat = 1;
  /// Flops of one causal attention.
  int64_t attnFlops = 1;
};
} // namespace

/// The most ranks and layer passes (layers x micro-batches) sched-gen
/// generates: the process groups list their ranks, and each layer pass is
/// about 60 ops.
static constexpr int64_t kMaxWorldSize = 1 << 20;
static constexpr int64_t kMaxLayerPasses = 100000;

/// Computes the sizes of `c` (which has positive sizes and the
/// divisibilities verifyConfig checks) and checks every bound the generator
/// relies on. Returns the sizes, or a message naming the options of the
/// first quantity that overflows.
static FailureOr<StepSizes> computeSizes(const TransformerConfig &c,
                                         std::string &error) {
  CheckedArithmetic ck;
  StepSizes z;
  int64_t H = c.hidden;
  z.tokens = ck.mul(c.microBatch, c.seq,
                    "the tokens of a micro-batch (micro-batch x seq)");
  z.tokensSp = c.sequenceParallel ? z.tokens / c.tp : z.tokens;
  z.headDim = H / c.heads;
  const char *layer =
      "the parameters of a layer (hidden, heads, kv-heads, ffn, tp)";
  int64_t qkvHeads = ck.add(c.heads, ck.mul(2, c.kvHeads, layer), layer);
  z.qkvCols = ck.mul(qkvHeads, z.headDim, layer) / c.tp;
  z.attnCols = c.heads * z.headDim / c.tp;
  z.ffnLocal = c.ffn / c.tp;
  z.vocabLocal = llvm::divideCeil(c.vocab, c.tp);
  // H * qkvCols + attnCols * H + H * 2 * ffnLocal + ffnLocal * H + 2 * H.
  z.layerParams = ck.mul(H, z.qkvCols, layer);
  z.layerParams = ck.add(z.layerParams, ck.mul(z.attnCols, H, layer), layer);
  z.layerParams =
      ck.add(z.layerParams, ck.mul({3, H, z.ffnLocal}, layer), layer);
  z.layerParams = ck.add(z.layerParams, ck.mul(2, H, layer), layer);
  z.layerFlat = ck.alignTo(z.layerParams, c.fsdp, layer);
  const char *embed = "the embedding parameters (vocab x hidden / tp)";
  z.embedParams = ck.add(ck.mul({2, z.vocabLocal, H}, embed), H, embed);
  z.embedFlat = ck.alignTo(z.embedParams, c.fsdp, embed);
  const char *attn =
      "the attention flops (micro-batch x seq x seq x hidden / tp)";
  z.attnFlops =
      ck.mul({2, c.microBatch, c.seq, c.seq, c.heads / c.tp, z.headDim}, attn);

  // Bounds: the largest tensor, in elements of activations and of
  // parameters; an op reads at most five tensors of at most 8 bytes an
  // element ...
  const char *act = "the bytes of an activation (micro-batch x seq x "
                    "hidden, ffn or vocab / tp)";
  int64_t widest =
      std::max({H, z.qkvCols, ck.mul(2, z.ffnLocal, act), z.vocabLocal});
  int64_t largestAct = ck.mul(z.tokens, widest, act);
  const char *weights = "the bytes of the parameters (hidden, ffn, vocab)";
  int64_t largestWeights =
      std::max({z.layerFlat, z.embedFlat, ck.mul(z.vocabLocal, H, weights)});
  ck.mul(80, std::max(largestAct, largestWeights), act);
  // ... and the most flops: the matmuls and norms, attention backward (5/2
  // of the forward) and Adam (16 per element).
  const char *matmul =
      "the matmul flops (micro-batch x seq x hidden x ffn or vocab / tp)";
  ck.mul({8, z.tokens, H, widest}, matmul);
  ck.mul(5, z.attnFlops, attn);
  ck.mul(16, largestWeights, weights);
  if (!ck.getError().empty()) {
    error = ck.getError();
    return failure();
  }
  return z;
}

/// Checks that the step `c` describes is one sched-gen can write: its
/// world and its number of layer passes within the limits, and no size
/// overflowing 64 bits. Returns a message naming the options, or "".
static std::string verifyScale(const TransformerConfig &c) {
  std::optional<int64_t> world = llvm::checkedMul(c.tp, c.fsdp);
  if (world)
    world = llvm::checkedMul(*world, c.dp);
  if (!world || *world > kMaxWorldSize)
    return llvm::formatv("the world tp x fsdp x dp = {0} x {1} x {2} is over "
                         "the {3} ranks sched-gen generates",
                         c.tp, c.fsdp, c.dp, kMaxWorldSize);
  std::optional<int64_t> passes = llvm::checkedMul(c.layers, c.microBatches);
  if (!passes || *passes > kMaxLayerPasses)
    return llvm::formatv("layers x micro-batches = {0} x {1} is over the {2} "
                         "layer passes sched-gen generates",
                         c.layers, c.microBatches, kMaxLayerPasses);
  std::string error;
  if (failed(computeSizes(c, error)))
    return error;
  return "";
}

std::string mlir::sched::verifyConfig(const TransformerConfig &c) {
  auto positive = [](int64_t v) { return v > 0; };
  for (auto [name, value] :
       {std::pair<const char *, int64_t>{"layers", c.layers},
        {"hidden", c.hidden},
        {"heads", c.heads},
        {"kv-heads", c.kvHeads},
        {"ffn", c.ffn},
        {"vocab", c.vocab},
        {"seq", c.seq},
        {"micro-batch", c.microBatch},
        {"micro-batches", c.microBatches},
        {"dp", c.dp},
        {"fsdp", c.fsdp},
        {"tp", c.tp},
        {"gpus-per-node", c.gpusPerNode}})
    if (!positive(value))
      return llvm::formatv("{0} must be positive, got {1}", name, value);
  if (c.hidden % c.heads)
    return llvm::formatv("hidden {0} is not divisible by heads {1}", c.hidden,
                         c.heads);
  if (c.heads % c.kvHeads)
    return llvm::formatv("heads {0} is not divisible by kv-heads {1}", c.heads,
                         c.kvHeads);
  if (c.heads % c.tp || c.kvHeads % c.tp || c.ffn % c.tp)
    return llvm::formatv("tp {0} must divide heads {1}, kv-heads {2} and ffn "
                         "{3}",
                         c.tp, c.heads, c.kvHeads, c.ffn);
  if (c.sequenceParallel && c.tp == 1)
    return "sequence parallelism needs tp > 1";
  std::optional<int64_t> tokens = llvm::checkedMul(c.seq, c.microBatch);
  if (!tokens)
    return "the tokens of a micro-batch (micro-batch x seq) overflow 64 bits";
  if (c.sequenceParallel && *tokens % c.tp)
    return llvm::formatv("tp {0} must divide the {1} tokens of a micro-batch "
                         "for sequence parallelism",
                         c.tp, *tokens);
  for (StringRef type : {StringRef(c.dtype), StringRef(c.gradDtype)})
    if (type != "bf16" && type != "f16" && type != "f32")
      return llvm::formatv("unknown element type '{0}'; expected bf16, f16 "
                           "or f32",
                           type);
  return verifyScale(c);
}

//===----------------------------------------------------------------------===//
// Generator
//===----------------------------------------------------------------------===//

namespace {
/// Builds the step op by op; every collective is waited on at once.
class Generator {
public:
  /// Activations a layer's backward pass needs.
  struct Saved {
    Value x, h1, qkv, attn, x1, h2, up, act;
  };

  /// A generator of `c`, whose sizes `z` computeSizes checked.
  Generator(MLIRContext *context, const TransformerConfig &c,
            const StepSizes &z)
      : context(context), c(c), b(context), loc(UnknownLoc::get(context)) {
    act = parseElementType(context, c.dtype);
    grad = parseElementType(context, c.gradDtype);
    tokens = z.tokens;
    tokensSp = z.tokensSp;
    headDim = z.headDim;
    qkvCols = z.qkvCols;
    attnCols = z.attnCols;
    ffnLocal = z.ffnLocal;
    vocabLocal = z.vocabLocal;
    layerParams = z.layerParams;
    embedParams = z.embedParams;
    attnFlops = z.attnFlops;
  }

  OwningOpRef<ModuleOp> run(StringRef targetPreset);

private:
  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }
  static int64_t bytesOf(Type type) {
    auto shaped = cast<RankedTensorType>(type);
    return shaped.getNumElements() *
           llvm::divideCeil(shaped.getElementTypeBitWidth(), 8);
  }
  void setName(Operation *op, const std::string &name) {
    op->setLoc(NameLoc::get(b.getStringAttr(name)));
  }

  /// An opaque compute op with a cost from its shapes.
  Value compute(StringRef kind, ValueRange ins, Type result, int64_t flops) {
    int64_t read = 0;
    for (Value in : ins)
      read += bytesOf(in.getType());
    auto op = ComputeOp::create(
        b, loc, TypeRange{result}, b.getStringAttr(kind), ins, ValueRange{},
        CostAttr::get(context, flops, read, bytesOf(result), std::nullopt));
    setName(op, prefix + kind.str());
    return op.getResult(0);
  }

  /// A compute op that reads `weightElems` elements of the flat parameter
  /// `w` (it depends on all of `w`, but only reads its own weights).
  Value computeW(StringRef kind, ValueRange ins, Value w, int64_t weightElems,
                 Type result, int64_t flops) {
    SmallVector<Value> operands(ins.begin(), ins.end());
    operands.push_back(w);
    int64_t read = 0;
    for (Value in : ins)
      read += bytesOf(in.getType());
    auto wType = cast<RankedTensorType>(w.getType());
    read += weightElems * llvm::divideCeil(wType.getElementTypeBitWidth(), 8);
    auto op = ComputeOp::create(
        b, loc, TypeRange{result}, b.getStringAttr(kind), operands,
        ValueRange{},
        CostAttr::get(context, flops, read, bytesOf(result), std::nullopt));
    setName(op, prefix + kind.str());
    return op.getResult(0);
  }

  /// Start + wait of a collective of kind `Op` producing `result`.
  template <typename Op, typename... Args>
  Value collective(StringRef group, Value input, Type result, Args... args) {
    auto future = FutureType::get(context, {result});
    auto start = Op::create(b, loc, future, ValueRange{input}, ValueRange{},
                            FlatSymbolRefAttr::get(context, group), args...);
    setName(start, prefix + start->getName().stripDialect().str());
    auto wait = WaitOp::create(b, loc, start.getFuture());
    setName(wait, prefix + "wait");
    return wait.getResult(0);
  }

  Value gather(StringRef group, Value input, int64_t factor) {
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape[0] *= factor;
    return collective<AllGatherStartOp>(group, input,
                                        tensor(shape, type.getElementType()),
                                        b.getI64IntegerAttr(0));
  }
  Value reduceScatter(StringRef group, Value input, int64_t factor,
                      ReductionKind kind) {
    auto type = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape[0] /= factor;
    return collective<ReduceScatterStartOp>(
        group, input, tensor(shape, type.getElementType()),
        ReductionKindAttr::get(context, kind), b.getI64IntegerAttr(0));
  }
  Value allReduce(StringRef group, Value input, ReductionKind kind) {
    return collective<AllReduceStartOp>(group, input, input.getType(),
                                        ReductionKindAttr::get(context, kind));
  }

  /// The tensor-parallel reduction of a partial sum `[tokens, hidden]`:
  /// all_reduce, or reduce_scatter over the tokens with sequence parallelism.
  Value reduceTP(Value partial) {
    if (c.tp == 1)
      return partial;
    if (c.sequenceParallel)
      return reduceScatter("tp", partial, c.tp, ReductionKind::Sum);
    return allReduce("tp", partial, ReductionKind::Sum);
  }
  /// Gathers sequence-parallel activations before a column-parallel matmul.
  Value gatherTP(Value input) {
    return c.sequenceParallel ? gather("tp", input, c.tp) : input;
  }

  /// The parameters of a layer as its compute ops see them: gathered from
  /// the shard under FSDP.
  Value fullParams(Value shard) {
    return c.fsdp > 1 ? gather("fsdp", shard, c.fsdp) : shard;
  }

  Value forwardLayer(Value x, Value w, Saved &saved);
  Value backwardLayer(Value dx, Value w, const Saved &saved, Value &gradFlat);
  Value reduceGradients(Value gradFlat);

  /// What the micro-batches carry: the loss and the gradients accumulated
  /// so far (unrolled: one flat gradient per layer; rolled: all layers'
  /// stacked, reduced after the last micro-batch).
  struct StepState {
    Value loss, embedGrad;
    SmallVector<Value> layerGrads;
    Value gradStack;
  };
  /// The activations the backward pass reads: per layer (unrolled), or one
  /// stacked tensor per saved field (rolled).
  struct SavedLayers {
    SmallVector<Saved> layers;
    SmallVector<Value> stacks;
  };
  /// One micro-batch's forward and backward passes; `first` has no
  /// gradients to accumulate into, `last` reduces them.
  void microBatch(const std::string &mb, bool first, bool last, StepState &st);
  Value unrolledForward(const std::string &mb, Value x, SavedLayers &saved);
  Value unrolledBackward(const std::string &mb, Value dx,
                         const SavedLayers &saved, bool last, StepState &st);
  /// Adam on one shard and its gradient: in place (the shard is the op's
  /// destination) with `optimizerInPlace`, else a new tensor.
  Value adam(Value shard, Value gradShard);

  /// Layers as loops: the forward, backward and optimizer loops over the
  /// stacked layer parameters, and the micro-batches between the first and
  /// the last as a loop.
  Value rolledForward(const std::string &mb, Value x, SavedLayers &saved);
  Value rolledBackward(const std::string &mb, Value dx,
                       const SavedLayers &saved, bool first, bool last,
                       StepState &st);
  void rolledMicroBatches(StepState &st);
  Value rolledAdam(Value gradStack);
  /// An `scf.for` from `lower` to `upper` named `name`; `bodyFn` builds an
  /// iteration from the induction variable and the iteration arguments and
  /// returns what it yields.
  scf::ForOp loop(const std::string &name, int64_t lower, int64_t upper,
                  ValueRange inits,
                  function_ref<SmallVector<Value>(Value, ValueRange)> bodyFn);
  Value indexConstant(int64_t value);
  /// Entry `index` of the stacked tensor `stack`, and `stack` with it
  /// replaced by `value`.
  Value sliceAt(Value stack, Value index);
  Value insertAt(Value value, Value stack, Value index);
  /// An empty stack of `layers` tensors of type `entry`.
  Value emptyStack(Type entry);

  Value tokenIds, embedShardArg;
  /// The layer shards (rolled: one stacked tensor).
  ValueRange layerShardArgs;

  MLIRContext *context;
  const TransformerConfig &c;
  OpBuilder b;
  Location loc;
  std::string prefix;
  Type act, grad;
  int64_t tokens, tokensSp, headDim, qkvCols, attnCols, ffnLocal, vocabLocal;
  int64_t layerParams, embedParams, attnFlops;
};
} // namespace

Value Generator::forwardLayer(Value x, Value w, Saved &s) {
  int64_t H = c.hidden;
  s.x = x;
  Value n1 = computeW("rms_norm", {x}, w, H, tensor({tokensSp, H}, act),
                      4 * tokensSp * H);
  s.h1 = gatherTP(n1);
  s.qkv = computeW("qkv_proj", {s.h1}, w, H * qkvCols,
                   tensor({tokens, qkvCols}, act), 2 * tokens * H * qkvCols);
  // Causal attention: half of the 4 * s^2 * d flops per head and sequence
  // (attnFlops).
  s.attn =
      compute("attention", {s.qkv}, tensor({tokens, attnCols}, act), attnFlops);
  Value o = computeW("out_proj", {s.attn}, w, attnCols * H,
                     tensor({tokens, H}, act), 2 * tokens * attnCols * H);
  o = reduceTP(o);
  s.x1 =
      compute("residual_add", {x, o}, tensor({tokensSp, H}, act), tokensSp * H);
  Value n2 = computeW("rms_norm", {s.x1}, w, H, tensor({tokensSp, H}, act),
                      4 * tokensSp * H);
  s.h2 = gatherTP(n2);
  s.up = computeW("mlp_up", {s.h2}, w, H * 2 * ffnLocal,
                  tensor({tokens, 2 * ffnLocal}, act),
                  2 * tokens * H * 2 * ffnLocal);
  s.act = compute("swiglu", {s.up}, tensor({tokens, ffnLocal}, act),
                  3 * tokens * ffnLocal);
  Value d = computeW("mlp_down", {s.act}, w, ffnLocal * H,
                     tensor({tokens, H}, act), 2 * tokens * ffnLocal * H);
  d = reduceTP(d);
  return compute("residual_add", {s.x1, d}, tensor({tokensSp, H}, act),
                 tokensSp * H);
}

Value Generator::backwardLayer(Value dx, Value w, const Saved &s,
                               Value &gradFlat) {
  int64_t H = c.hidden;
  // MLP.
  Value g = gatherTP(dx);
  Value dAct =
      computeW("mlp_down_dgrad", {g}, w, ffnLocal * H,
               tensor({tokens, ffnLocal}, act), 2 * tokens * H * ffnLocal);
  Value gwDown =
      compute("mlp_down_wgrad", {g, s.act}, tensor({ffnLocal, H}, grad),
              2 * tokens * H * ffnLocal);
  Value dUp =
      compute("swiglu_bwd", {dAct, s.up}, tensor({tokens, 2 * ffnLocal}, act),
              6 * tokens * ffnLocal);
  Value dH2 = computeW("mlp_up_dgrad", {dUp}, w, H * 2 * ffnLocal,
                       tensor({tokens, H}, act), 2 * tokens * 2 * ffnLocal * H);
  Value gwUp =
      compute("mlp_up_wgrad", {dUp, s.h2}, tensor({H, 2 * ffnLocal}, grad),
              2 * tokens * 2 * ffnLocal * H);
  dH2 = reduceTP(dH2);
  Value dX1 = compute("rms_norm_bwd", {dH2, s.x1, dx},
                      tensor({tokensSp, H}, act), 8 * tokensSp * H);
  // Attention.
  Value g1 = gatherTP(dX1);
  Value dAttn =
      computeW("out_proj_dgrad", {g1}, w, attnCols * H,
               tensor({tokens, attnCols}, act), 2 * tokens * H * attnCols);
  Value gwOut = compute("out_proj_wgrad", {g1, s.attn},
                        tensor({attnCols, H}, grad), 2 * tokens * H * attnCols);
  Value dQkv = compute("attention_bwd", {dAttn, s.qkv},
                       tensor({tokens, qkvCols}, act), 5 * attnFlops / 2);
  Value dH1 = computeW("qkv_dgrad", {dQkv}, w, H * qkvCols,
                       tensor({tokens, H}, act), 2 * tokens * qkvCols * H);
  Value gwQkv = compute("qkv_wgrad", {dQkv, s.h1}, tensor({H, qkvCols}, grad),
                        2 * tokens * qkvCols * H);
  dH1 = reduceTP(dH1);
  Value dX = compute("rms_norm_bwd", {dH1, s.x, dX1},
                     tensor({tokensSp, H}, act), 8 * tokensSp * H);
  // The weight gradients as one flat buffer, like FSDP's flat parameter.
  int64_t flat = llvm::alignTo(layerParams, c.fsdp);
  Value layerGrad = compute("flatten_grads", {gwQkv, gwOut, gwUp, gwDown},
                            tensor({flat}, grad), 0);
  gradFlat = gradFlat ? compute("accumulate_grads", {gradFlat, layerGrad},
                                tensor({flat}, grad), flat)
                      : layerGrad;
  return dX;
}

Value Generator::reduceGradients(Value gradFlat) {
  Value reduced = gradFlat;
  if (c.fsdp > 1)
    reduced = reduceScatter("fsdp", reduced, c.fsdp, ReductionKind::Avg);
  if (c.dp > 1)
    reduced = allReduce("dp", reduced, ReductionKind::Avg);
  return reduced;
}

OwningOpRef<ModuleOp> Generator::run(StringRef targetPreset) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  if (failed(attachTargetPreset(*module, targetPreset, c.gpusPerNode, loc)))
    return nullptr;
  // Process groups of rank 0; ranks are laid out tp-fastest, then fsdp,
  // then dp.
  auto group = [&](StringRef name, int64_t size, int64_t stride) {
    if (size == 1)
      return;
    SmallVector<int64_t> ranks;
    for (int64_t i = 0; i < size; ++i)
      ranks.push_back(i * stride);
    ProcessGroupOp::create(
        b, loc, b.getStringAttr(name), b.getI64IntegerAttr(size),
        b.getDenseI64ArrayAttr(ranks), b.getI64IntegerAttr(c.gpusPerNode));
  };
  group("tp", c.tp, 1);
  group("fsdp", c.fsdp, c.tp);
  group("dp", c.dp, c.tp * c.fsdp);

  // Arguments: the tokens, then the parameter shards of the embedding and
  // head and of every layer (rolled: all layers' in one stacked tensor).
  int64_t layerShard = llvm::alignTo(layerParams, c.fsdp) / c.fsdp;
  int64_t embedShard = llvm::alignTo(embedParams, c.fsdp) / c.fsdp;
  SmallVector<Type> argTypes = {tensor({c.microBatch, c.seq}, b.getI64Type())};
  argTypes.push_back(tensor({embedShard}, act));
  if (c.layersAsLoops)
    argTypes.push_back(tensor({c.layers, layerShard}, act));
  else
    for (int64_t l = 0; l < c.layers; ++l)
      argTypes.push_back(tensor({layerShard}, act));
  auto func = func::FuncOp::create(b, loc, "train_step",
                                   b.getFunctionType(argTypes, {}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  tokenIds = body->getArgument(0);
  embedShardArg = body->getArgument(1);
  layerShardArgs = body->getArguments().drop_front(2);

  StepState st;
  st.layerGrads.resize(c.layers);
  if (!c.layersAsLoops) {
    for (int64_t m = 0; m < c.microBatches; ++m)
      microBatch(c.microBatches > 1 ? llvm::formatv("mb{0}.", m).str() : "",
                 m == 0, m + 1 == c.microBatches, st);
  } else {
    rolledMicroBatches(st);
  }

  // Optimizer: Adam on each shard (the moments are not modelled as values;
  // their traffic is in the cost).
  SmallVector<Value> results = {st.loss};
  if (c.backward) {
    prefix = "embed.";
    results.push_back(adam(embedShardArg, st.embedGrad));
    if (c.layersAsLoops) {
      results.push_back(rolledAdam(st.gradStack));
    } else {
      for (int64_t l = 0; l < c.layers; ++l) {
        prefix = llvm::formatv("layers.{0}.", l).str();
        results.push_back(adam(layerShardArgs[l], st.layerGrads[l]));
      }
    }
  }
  func::ReturnOp::create(b, loc, results);
  func.setFunctionType(
      b.getFunctionType(argTypes, ValueRange(results).getTypes()));
  return module;
}

Value Generator::adam(Value shard, Value gradShard) {
  int64_t n = cast<RankedTensorType>(shard.getType()).getNumElements();
  // In place, the kernel reads the shard it writes (its destination): the
  // shard is not an `ins` operand as well, which bufferization would take
  // for a read that conflicts with the write.
  bool inPlace = c.optimizerInPlace;
  auto op = ComputeOp::create(
      b, loc, TypeRange{shard.getType()}, b.getStringAttr("adam"),
      inPlace ? ValueRange{gradShard} : ValueRange{shard, gradShard},
      inPlace ? ValueRange{shard} : ValueRange{},
      CostAttr::get(context, 12 * n, 16 * n, 12 * n, std::nullopt));
  setName(op, prefix + "adam");
  return op.getResult(0);
}

void Generator::microBatch(const std::string &mb, bool first, bool last,
                           StepState &st) {
  int64_t H = c.hidden;
  // Embedding (vocabulary-parallel under tp).
  prefix = mb + "embed.";
  Value we = fullParams(embedShardArg);
  Value x = computeW("embedding", {tokenIds}, we, tokens * H,
                     tensor({tokens, H}, act), 0);
  x = c.tp > 1 ? reduceTP(x) : x;
  SavedLayers saved;
  x = c.layersAsLoops ? rolledForward(mb, x, saved)
                      : unrolledForward(mb, x, saved);
  // Head and loss.
  prefix = mb + "head.";
  Value wh = fullParams(embedShardArg);
  Value n = computeW("rms_norm", {x}, wh, H, tensor({tokensSp, H}, act),
                     4 * tokensSp * H);
  Value h = gatherTP(n);
  Value logits =
      computeW("lm_head", {h}, wh, vocabLocal * H,
               tensor({tokens, vocabLocal}, act), 2 * tokens * H * vocabLocal);
  Value stats =
      compute("cross_entropy_stats", {logits, tokenIds},
              tensor({tokens, 2}, b.getF32Type()), 4 * tokens * vocabLocal);
  if (c.tp > 1)
    stats = allReduce("tp", stats, ReductionKind::Sum);
  Value mbLoss = compute("cross_entropy", {stats}, tensor({1}, b.getF32Type()),
                         2 * tokens);
  st.loss = !first ? compute("add_loss", {st.loss, mbLoss},
                             tensor({1}, b.getF32Type()), 1)
                   : mbLoss;
  if (!c.backward)
    return;

  // Backward of the head.
  Value dLogits =
      compute("cross_entropy_bwd", {logits, stats, tokenIds},
              tensor({tokens, vocabLocal}, act), 4 * tokens * vocabLocal);
  Value dH = computeW("lm_head_dgrad", {dLogits}, wh, vocabLocal * H,
                      tensor({tokens, H}, act), 2 * tokens * H * vocabLocal);
  Value gwHead =
      compute("lm_head_wgrad", {dLogits, h}, tensor({vocabLocal, H}, grad),
              2 * tokens * H * vocabLocal);
  dH = reduceTP(dH);
  Value dx = compute("rms_norm_bwd", {dH, x}, tensor({tokensSp, H}, act),
                     8 * tokensSp * H);
  dx = c.layersAsLoops ? rolledBackward(mb, dx, saved, first, last, st)
                       : unrolledBackward(mb, dx, saved, last, st);
  // Embedding gradients (head and embedding share the flat parameter).
  prefix = mb + "embed.";
  Value gwEmbed = compute("embedding_wgrad", {dx, tokenIds},
                          tensor({vocabLocal, H}, grad), tokens * H);
  int64_t flat = llvm::alignTo(embedParams, c.fsdp);
  Value grads =
      compute("flatten_grads", {gwEmbed, gwHead}, tensor({flat}, grad), 0);
  st.embedGrad = !first ? compute("accumulate_grads", {st.embedGrad, grads},
                                  tensor({flat}, grad), flat)
                        : grads;
  if (last)
    st.embedGrad = reduceGradients(st.embedGrad);
}

Value Generator::unrolledForward(const std::string &mb, Value x,
                                 SavedLayers &saved) {
  saved.layers.resize(c.layers);
  for (int64_t l = 0; l < c.layers; ++l) {
    prefix = mb + llvm::formatv("layers.{0}.", l).str();
    Value w = fullParams(layerShardArgs[l]);
    x = forwardLayer(x, w, saved.layers[l]);
    if (c.activationCheckpointing)
      saved.layers[l] = Saved{saved.layers[l].x, {}, {}, {}, {}, {}, {}, {}};
  }
  return x;
}

Value Generator::unrolledBackward(const std::string &mb, Value dx,
                                  const SavedLayers &saved, bool last,
                                  StepState &st) {
  // Layers in reverse; ZeRO-3 gathers the parameters again.
  for (int64_t l = c.layers - 1; l >= 0; --l) {
    prefix = mb + llvm::formatv("layers.{0}.", l).str();
    Value w = fullParams(layerShardArgs[l]);
    Saved s = saved.layers[l];
    if (c.activationCheckpointing) {
      std::string outer = prefix;
      prefix = outer + "recompute.";
      forwardLayer(s.x, w, s);
      prefix = outer;
    }
    dx = backwardLayer(dx, w, s, st.layerGrads[l]);
    if (last)
      st.layerGrads[l] = reduceGradients(st.layerGrads[l]);
  }
  return dx;
}

//===----------------------------------------------------------------------===//
// Layers as loops
//===----------------------------------------------------------------------===//

Value Generator::indexConstant(int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

scf::ForOp
Generator::loop(const std::string &name, int64_t lower, int64_t upper,
                ValueRange inits,
                function_ref<SmallVector<Value>(Value, ValueRange)> bodyFn) {
  Value lo = indexConstant(lower), hi = indexConstant(upper),
        one = indexConstant(1);
  auto forOp = scf::ForOp::create(
      b, loc, lo, hi, one, inits,
      [&](OpBuilder &nested, Location, Value iv, ValueRange args) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nested.getInsertionBlock(),
                            nested.getInsertionPoint());
        SmallVector<Value> yielded = bodyFn(iv, args);
        scf::YieldOp::create(b, loc, yielded);
      });
  setName(forOp, name);
  return forOp;
}

/// The offsets, sizes and strides of entry `index` of the stacked `type`.
static void getStackSlice(Builder &b, RankedTensorType type, Value index,
                          SmallVectorImpl<OpFoldResult> &offsets,
                          SmallVectorImpl<OpFoldResult> &sizes,
                          SmallVectorImpl<OpFoldResult> &strides) {
  offsets.push_back(index);
  sizes.push_back(b.getIndexAttr(1));
  for (int64_t size : type.getShape().drop_front()) {
    offsets.push_back(b.getIndexAttr(0));
    sizes.push_back(b.getIndexAttr(size));
  }
  strides.assign(type.getRank(), b.getIndexAttr(1));
}

Value Generator::sliceAt(Value stack, Value index) {
  auto type = cast<RankedTensorType>(stack.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  getStackSlice(b, type, index, offsets, sizes, strides);
  auto entry = RankedTensorType::get(type.getShape().drop_front(),
                                     type.getElementType());
  return tensor::ExtractSliceOp::create(b, loc, entry, stack, offsets, sizes,
                                        strides);
}

Value Generator::insertAt(Value value, Value stack, Value index) {
  auto type = cast<RankedTensorType>(stack.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  getStackSlice(b, type, index, offsets, sizes, strides);
  return tensor::InsertSliceOp::create(b, loc, value, stack, offsets, sizes,
                                       strides);
}

Value Generator::emptyStack(Type entry) {
  auto type = cast<RankedTensorType>(entry);
  SmallVector<int64_t> shape = {c.layers};
  llvm::append_range(shape, type.getShape());
  return tensor::EmptyOp::create(b, loc, shape, type.getElementType());
}

/// The fields of `Saved` a rolled forward keeps for the backward loop.
static SmallVector<Value *> getSavedFields(Generator::Saved &s,
                                           bool checkpointing) {
  if (checkpointing)
    return {&s.x};
  return {&s.x, &s.h1, &s.qkv, &s.attn, &s.x1, &s.h2, &s.up, &s.act};
}

Value Generator::rolledForward(const std::string &mb, Value x,
                               SavedLayers &saved) {
  // The types of the saved activations: those of one layer's forward, built
  // in a scratch block that is then dropped.
  SmallVector<Type> savedTypes;
  {
    Block scratch;
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&scratch);
    Saved s;
    forwardLayer(x, fullParams(sliceAt(layerShardArgs[0], indexConstant(0))),
                 s);
    for (Value *field : getSavedFields(s, c.activationCheckpointing))
      savedTypes.push_back(field->getType());
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(scratch)))
      op.erase();
  }
  SmallVector<Value> inits = {x};
  for (Type type : savedTypes)
    inits.push_back(emptyStack(type));
  scf::ForOp forward = loop(
      mb + "layers.forward", 0, c.layers, inits, [&](Value l, ValueRange args) {
        prefix = mb + "layers.";
        Value w = fullParams(sliceAt(layerShardArgs[0], l));
        Saved s;
        SmallVector<Value> yielded = {forwardLayer(args[0], w, s)};
        for (auto [i, field] :
             llvm::enumerate(getSavedFields(s, c.activationCheckpointing)))
          yielded.push_back(insertAt(*field, args[1 + i], l));
        return yielded;
      });
  llvm::append_range(saved.stacks, forward.getResults().drop_front());
  return forward.getResult(0);
}

Value Generator::rolledBackward(const std::string &mb, Value dx,
                                const SavedLayers &saved, bool first, bool last,
                                StepState &st) {
  int64_t flat = llvm::alignTo(layerParams, c.fsdp);
  // The stacked gradients it reads (accumulated so far) and writes: in
  // place between the first and the last micro-batch; the first writes a
  // new stack, the last a new stack of the reduced gradients.
  Value read = st.gradStack;
  Value writeInit;
  if (!first && !last)
    writeInit = read;
  else if (last)
    writeInit = emptyStack(tensor({(c.fsdp > 1 ? flat / c.fsdp : flat)}, grad));
  else
    writeInit = emptyStack(tensor({flat}, grad));
  bool inPlace = !first && !last;
  scf::ForOp backward = loop(
      mb + "layers.backward", 0, c.layers, {dx, writeInit},
      [&](Value i, ValueRange args) {
        prefix = mb + "layers.";
        Value l = arith::SubIOp::create(b, loc, indexConstant(c.layers - 1), i);
        Value w = fullParams(sliceAt(layerShardArgs[0], l));
        Saved s;
        SmallVector<Value *> fields =
            getSavedFields(s, c.activationCheckpointing);
        for (auto [field, stack] : llvm::zip_equal(fields, saved.stacks))
          *field = sliceAt(stack, l);
        if (c.activationCheckpointing) {
          std::string outer = prefix;
          prefix = outer + "recompute.";
          forwardLayer(s.x, w, s);
          prefix = outer;
        }
        Value gradFlat = first ? Value() : sliceAt(inPlace ? args[1] : read, l);
        Value dX = backwardLayer(args[0], w, s, gradFlat);
        if (last)
          gradFlat = reduceGradients(gradFlat);
        return SmallVector<Value>{dX, insertAt(gradFlat, args[1], l)};
      });
  st.gradStack = backward.getResult(1);
  return backward.getResult(0);
}

void Generator::rolledMicroBatches(StepState &st) {
  int64_t m = c.microBatches;
  if (m == 1) {
    microBatch("", true, true, st);
    return;
  }
  // The first and the last micro-batch differ (no accumulation; the
  // gradient reduction), the ones between are one loop.
  microBatch("mb0.", true, false, st);
  if (m > 2) {
    SmallVector<Value> inits = {st.loss};
    if (c.backward)
      inits.append({st.embedGrad, st.gradStack});
    scf::ForOp middle =
        loop("micro_batches", 1, m - 1, inits, [&](Value, ValueRange args) {
          StepState inner;
          inner.loss = args[0];
          if (c.backward) {
            inner.embedGrad = args[1];
            inner.gradStack = args[2];
          }
          microBatch("mb.", false, false, inner);
          SmallVector<Value> yielded = {inner.loss};
          if (c.backward)
            yielded.append({inner.embedGrad, inner.gradStack});
          return yielded;
        });
    st.loss = middle.getResult(0);
    if (c.backward) {
      st.embedGrad = middle.getResult(1);
      st.gradStack = middle.getResult(2);
    }
  }
  microBatch(llvm::formatv("mb{0}.", m - 1).str(), false, true, st);
}

Value Generator::rolledAdam(Value gradStack) {
  Value shards = layerShardArgs[0];
  auto stacked = cast<RankedTensorType>(shards.getType());
  Type shard = RankedTensorType::get(stacked.getShape().drop_front(),
                                     stacked.getElementType());
  // In place, the loop carries the parameter stack itself: each iteration
  // reads its layer's row through the iteration argument and writes it back
  // (one-shot bufferization writes the argument's buffer, no new stack).
  bool inPlace = c.optimizerInPlace;
  scf::ForOp update = loop(
      "layers.optimizer", 0, c.layers, {inPlace ? shards : emptyStack(shard)},
      [&](Value l, ValueRange args) {
        prefix = "layers.";
        // One statement each: the order of the slices must not depend on
        // the compiler's order of evaluating arguments.
        Value grad = sliceAt(gradStack, l);
        Value row = sliceAt(inPlace ? args[0] : shards, l);
        Value updated = adam(row, grad);
        return SmallVector<Value>{insertAt(updated, args[0], l)};
      });
  return update.getResult(0);
}

LogicalResult mlir::sched::attachTargetPreset(ModuleOp module,
                                              StringRef targetPreset,
                                              int64_t gpusPerNode,
                                              Location loc) {
  if (targetPreset.empty())
    return success();
  MLIRContext *context = module.getContext();
  TargetAttr preset = TargetAttr::getPreset(context, targetPreset);
  if (!preset)
    return emitError(loc) << "unknown target preset '" << targetPreset << "'";
  module->setAttr(SchedDialect::getTargetAttrName(),
                  TargetAttr::get(context, preset.getName(), gpusPerNode,
                                  preset.getIntraNode(), preset.getInterNode(),
                                  preset.getHbmBandwidth().convertToDouble(),
                                  preset.getHbmCapacity(),
                                  preset.getCompute()));
  return success();
}

OwningOpRef<ModuleOp>
mlir::sched::generateTransformerStep(MLIRContext *context,
                                     const TransformerConfig &config,
                                     StringRef targetPreset) {
  context->loadDialect<SchedDialect, func::FuncDialect, arith::ArithDialect,
                       scf::SCFDialect, tensor::TensorDialect>();
  std::string problem = verifyConfig(config);
  FailureOr<StepSizes> sizes = failure();
  if (problem.empty())
    sizes = computeSizes(config, problem);
  if (failed(sizes)) {
    emitError(UnknownLoc::get(context)) << "invalid configuration: " << problem;
    return nullptr;
  }
  return Generator(context, config, *sizes).run(targetPreset);
}
