//===- MoEGenerator.cpp - mixture-of-experts training steps ---------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Workloads/MoEGenerator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::sched;

//===----------------------------------------------------------------------===//
// Presets and checks
//===----------------------------------------------------------------------===//

std::optional<MoEConfig> MoEConfig::getPreset(StringRef name) {
  MoEConfig c;
  if (name == "tiny-moe") {
    c.sharedExperts = 1;
    return c;
  }
  TransformerConfig &b = c.base;
  if (name == "mixtral-8x7b") {
    b.layers = 32, b.hidden = 4096, b.heads = 32, b.kvHeads = 8;
    b.vocab = 32000, b.seq = 4096, b.microBatch = 1;
    c.experts = 8, c.topK = 2, c.expertFfn = 14336;
    return c;
  }
  if (name == "deepseek-v3") {
    // Multi-head latent attention is modelled as plain attention with 128
    // heads; every layer is an MoE layer.
    b.layers = 61, b.hidden = 7168, b.heads = 128, b.kvHeads = 128;
    b.vocab = 129280, b.seq = 4096, b.microBatch = 1;
    c.experts = 256, c.topK = 8, c.expertFfn = 2048, c.sharedExperts = 1;
    return c;
  }
  return std::nullopt;
}

ArrayRef<StringRef> MoEConfig::getPresetNames() {
  static const StringRef names[] = {"deepseek-v3", "mixtral-8x7b", "tiny-moe"};
  return names;
}

namespace {
/// The sizes of an MoE step.
struct MoESizes {
  int64_t tokens = 1, headDim = 1, qkvCols = 1, attnCols = 1, vocabLocal = 1;
  /// Expert capacity per expert (tokens of one rank), the dispatch buffer
  /// rows (experts x capacity) and the local experts.
  int64_t capacity = 1, dispatchRows = 1, localExperts = 1;
  /// Expert and shared-expert intermediate sizes per TP rank.
  int64_t expertFfnLocal = 1, sharedFfnLocal = 1;
  /// Elements of a layer's dense flat parameter (attention, norms, router,
  /// shared experts), of its experts' flat parameter and of the embedding.
  int64_t denseParams = 1, expertParams = 1, embedParams = 1;
  int64_t attnFlops = 1;
};
} // namespace

/// Computes the sizes of `c`; every product is checked for overflow, and
/// the bounds the generator derives its costs from (at most 64 times a
/// size) are checked too. Returns a message on overflow, or "".
static std::string computeMoESizes(const MoEConfig &c, MoESizes &z) {
  const TransformerConfig &b = c.base;
  bool overflow = false;
  auto mul = [&](std::initializer_list<int64_t> factors) {
    int64_t product = 1;
    for (int64_t factor : factors) {
      std::optional<int64_t> next = llvm::checkedMul(product, factor);
      if (!next) {
        overflow = true;
        return int64_t(1);
      }
      product = *next;
    }
    return product;
  };
  int64_t H = b.hidden;
  z.tokens = mul({b.microBatch, b.seq});
  z.headDim = H / b.heads;
  z.qkvCols = mul({b.heads + 2 * b.kvHeads, z.headDim}) / b.tp;
  z.attnCols = b.heads * z.headDim / b.tp;
  z.vocabLocal = llvm::divideCeil(b.vocab, b.tp);
  double capacity = std::ceil(c.capacityFactor * double(z.tokens) *
                              double(c.topK) / double(c.experts));
  if (!(capacity >= 1 && capacity < 9.0e15))
    return "the expert capacity (capacity-factor x micro-batch x seq x top-k "
           "/ experts) must be in [1, 2^53)";
  z.capacity = int64_t(capacity);
  z.dispatchRows = mul({c.experts, z.capacity});
  z.localExperts = c.experts / c.ep;
  z.expertFfnLocal = c.expertFfn / b.tp;
  z.sharedFfnLocal = mul({c.sharedExperts, c.expertFfn}) / b.tp;
  z.denseParams = mul({H, z.qkvCols}) + mul({z.attnCols, H}) + 2 * H +
                  mul({H, c.experts}) + mul({3, H, z.sharedFfnLocal});
  z.expertParams = mul({z.localExperts, 3, H, z.expertFfnLocal});
  z.embedParams = mul({2, z.vocabLocal, H}) + H;
  z.attnFlops = mul({2, b.microBatch, b.seq, b.seq, b.heads / b.tp, z.headDim});
  // The largest quantities the costs multiply further.
  mul({64, z.dispatchRows, H, std::max<int64_t>(2 * z.expertFfnLocal, 1)});
  mul({64, z.tokens,
       std::max({H, z.qkvCols, z.vocabLocal, c.experts,
                 2 * std::max<int64_t>(z.sharedFfnLocal, 1)}),
       H});
  mul({64, std::max({z.denseParams, z.expertParams, z.embedParams})});
  mul({8, z.attnFlops});
  if (overflow || z.denseParams < 0 || z.embedParams < 0)
    return "the sizes of the step (hidden, experts, expert-ffn, seq, "
           "micro-batch, vocab) overflow 64 bits";
  return "";
}

std::string mlir::sched::verifyMoEConfig(const MoEConfig &c) {
  const TransformerConfig &b = c.base;
  for (auto [name, value] :
       {std::pair<const char *, int64_t>{"experts", c.experts},
        {"top-k", c.topK},
        {"expert-ffn", c.expertFfn},
        {"ep", c.ep}})
    if (value <= 0)
      return llvm::formatv("{0} must be positive, got {1}", name, value);
  if (c.sharedExperts < 0)
    return llvm::formatv("shared-experts must be non-negative, got {0}",
                         c.sharedExperts);
  if (c.topK > c.experts)
    return llvm::formatv("top-k {0} is more than the {1} experts", c.topK,
                         c.experts);
  if (c.experts % c.ep)
    return llvm::formatv("ep {0} must divide the {1} experts", c.ep, c.experts);
  if (!(c.capacityFactor > 0) || c.capacityFactor > 1e6)
    return llvm::formatv("capacity-factor must be in (0, 1e6], got {0}",
                         c.capacityFactor);
  if (c.expertFfn % b.tp)
    return llvm::formatv("tp {0} must divide expert-ffn {1}", b.tp,
                         c.expertFfn);
  if (b.sequenceParallel)
    return "sequence parallelism is not supported with experts";
  if (b.activationCheckpointing)
    return "activation checkpointing is not supported with experts";
  // The dense checks (positive sizes, divisibility, types); the dense ffn
  // is not used, so it is checked as 1 x tp.
  TransformerConfig dense = b;
  dense.ffn = b.tp;
  std::string problem = verifyConfig(dense);
  if (!problem.empty())
    return problem;
  std::optional<int64_t> world = llvm::checkedMul(b.tp * b.fsdp * b.dp, c.ep);
  if (!world || *world > (int64_t(1) << 20))
    return "the world tp x ep x fsdp x dp is over the 1048576 ranks sched-gen "
           "generates";
  MoESizes z;
  return computeMoESizes(c, z);
}

//===----------------------------------------------------------------------===//
// Generator
//===----------------------------------------------------------------------===//

namespace {
/// Builds the MoE step op by op; every collective is waited on at once.
class MoEBuilder {
public:
  MoEBuilder(MLIRContext *context, const MoEConfig &c, const MoESizes &z)
      : context(context), c(c), b(c.base), z(z), builder(context),
        loc(UnknownLoc::get(context)) {
    Builder types(context);
    act = c.base.dtype == "f32"   ? types.getF32Type()
          : c.base.dtype == "f16" ? Type(types.getF16Type())
                                  : Type(types.getBF16Type());
    grad = c.base.gradDtype == "f32"   ? types.getF32Type()
           : c.base.gradDtype == "f16" ? Type(types.getF16Type())
                                       : Type(types.getBF16Type());
  }

  /// Builds the module; null after an error.
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
  void setName(Operation *op, StringRef name) {
    op->setLoc(NameLoc::get(builder.getStringAttr(prefix + name.str())));
  }
  /// An opaque compute op. With `weightBytes` >= 0, the flat parameters
  /// among `ins` (the rank-1 inputs) count as `weightBytes` read, the
  /// weights the op reads out of them.
  Value compute(StringRef kind, ValueRange ins, Type result, int64_t flops,
                int64_t weightBytes = -1);
  /// Start + wait of collective `Op` on `group`.
  template <typename Op, typename... Args>
  Value collective(StringRef group, Value input, Type result, Args... args) {
    auto future = FutureType::get(context, {result});
    auto start =
        Op::create(builder, loc, future, ValueRange{input}, ValueRange{},
                   FlatSymbolRefAttr::get(context, group), args...);
    setName(start, start->getName().stripDialect());
    auto wait = WaitOp::create(builder, loc, start.getFuture());
    setName(wait, "wait");
    return wait.getResult(0);
  }
  Value gather(StringRef group, Value shard, int64_t factor);
  Value reduceScatter(StringRef group, Value input, int64_t factor);
  Value allReduce(StringRef group, Value input, ReductionKind kind);
  Value allToAll(Value input);
  Value reduceTP(Value partial) {
    return b.tp > 1 ? allReduce("tp", partial, ReductionKind::Sum) : partial;
  }
  Value fullParams(Value shard) {
    return b.fsdp > 1 ? gather("fsdp", shard, b.fsdp) : shard;
  }
  /// Reduces a flat gradient: over @ep first when `replicatedOverEp`
  /// (dense parameters; experts are split over @ep), then @fsdp, then @dp.
  Value reduceGradients(Value gradFlat, bool replicatedOverEp);

  /// Activations the backward pass of a layer needs.
  struct Saved {
    Value x, h1, qkv, attn, x1, h2, logits, recv, up, swiglu, expertOut,
        sharedUp, sharedAct;
  };
  Value forwardLayer(Value x, Value dense, Value experts, Saved &s);
  Value backwardLayer(Value dx, Value dense, Value experts, const Saved &s,
                      Value &denseGrad, Value &expertGrad);
  void createGroups();

  MLIRContext *context;
  const MoEConfig &c;
  const TransformerConfig &b;
  const MoESizes &z;
  OpBuilder builder;
  Location loc;
  std::string prefix;
  Type act, grad;
};
} // namespace

Value MoEBuilder::compute(StringRef kind, ValueRange ins, Type result,
                          int64_t flops, int64_t weightBytes) {
  int64_t read = std::max<int64_t>(weightBytes, 0);
  for (Value in : ins)
    if (weightBytes < 0 || cast<RankedTensorType>(in.getType()).getRank() > 1)
      read += bytesOf(in.getType());
  auto op = ComputeOp::create(
      builder, loc, TypeRange{result}, builder.getStringAttr(kind), ins,
      ValueRange{},
      CostAttr::get(context, flops, read, bytesOf(result), std::nullopt));
  setName(op, kind);
  return op.getResult(0);
}

Value MoEBuilder::gather(StringRef group, Value shard, int64_t factor) {
  auto type = cast<RankedTensorType>(shard.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[0] *= factor;
  return collective<AllGatherStartOp>(group, shard,
                                      tensor(shape, type.getElementType()),
                                      builder.getI64IntegerAttr(0));
}

Value MoEBuilder::reduceScatter(StringRef group, Value input, int64_t factor) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[0] /= factor;
  return collective<ReduceScatterStartOp>(
      group, input, tensor(shape, type.getElementType()),
      ReductionKindAttr::get(context, ReductionKind::Avg),
      builder.getI64IntegerAttr(0));
}

Value MoEBuilder::allReduce(StringRef group, Value input, ReductionKind kind) {
  return collective<AllReduceStartOp>(group, input, input.getType(),
                                      ReductionKindAttr::get(context, kind));
}

Value MoEBuilder::allToAll(Value input) {
  if (c.ep == 1)
    return input;
  return collective<AllToAllStartOp>("ep", input, input.getType(),
                                     builder.getI64IntegerAttr(0),
                                     builder.getI64IntegerAttr(0));
}

Value MoEBuilder::reduceGradients(Value gradFlat, bool replicatedOverEp) {
  Value reduced = gradFlat;
  if (replicatedOverEp && c.ep > 1)
    reduced = allReduce("ep", reduced, ReductionKind::Avg);
  if (b.fsdp > 1)
    reduced = reduceScatter("fsdp", reduced, b.fsdp);
  if (b.dp > 1)
    reduced = allReduce("dp", reduced, ReductionKind::Avg);
  return reduced;
}

Value MoEBuilder::forwardLayer(Value x, Value dense, Value experts, Saved &s) {
  int64_t H = b.hidden, T = z.tokens, R = z.dispatchRows;
  int64_t actBytes = llvm::divideCeil(cast<FloatType>(act).getWidth(), 8);
  auto w = [&](int64_t elems) { return elems * actBytes; };
  s.x = x;
  s.h1 = compute("rms_norm", {x, dense}, tensor({T, H}, act), 4 * T * H, w(H));
  s.qkv = compute("qkv_proj", {s.h1, dense}, tensor({T, z.qkvCols}, act),
                  2 * T * H * z.qkvCols, w(H * z.qkvCols));
  s.attn =
      compute("attention", {s.qkv}, tensor({T, z.attnCols}, act), z.attnFlops);
  Value o = compute("out_proj", {s.attn, dense}, tensor({T, H}, act),
                    2 * T * z.attnCols * H, w(z.attnCols * H));
  s.x1 = compute("residual_add", {x, reduceTP(o)}, tensor({T, H}, act), T * H);
  s.h2 =
      compute("rms_norm", {s.x1, dense}, tensor({T, H}, act), 4 * T * H, w(H));
  // Router: scores, top-k, and the tokens laid out per expert (capacity
  // rows each, grouped by the rank that holds the expert).
  s.logits = compute("router", {s.h2, dense},
                     tensor({T, c.experts}, builder.getF32Type()),
                     2 * T * H * c.experts, w(H * c.experts));
  Value dispatch = compute("dispatch_permute", {s.h2, s.logits},
                           tensor({R, H}, act), T * c.experts);
  s.recv = allToAll(dispatch);
  int64_t F = z.expertFfnLocal;
  s.up = compute("experts_up", {s.recv, experts}, tensor({R, 2 * F}, act),
                 2 * R * H * 2 * F, w(z.localExperts * H * 2 * F));
  s.swiglu = compute("experts_swiglu", {s.up}, tensor({R, F}, act), 3 * R * F);
  s.expertOut =
      compute("experts_down", {s.swiglu, experts}, tensor({R, H}, act),
              2 * R * F * H, w(z.localExperts * F * H));
  Value back = allToAll(s.expertOut);
  Value moe = compute("combine_unpermute", {back, s.logits},
                      tensor({T, H}, act), 2 * T * c.topK * H);
  if (c.sharedExperts > 0) {
    int64_t Fs = z.sharedFfnLocal;
    s.sharedUp = compute("shared_up", {s.h2, dense}, tensor({T, 2 * Fs}, act),
                         2 * T * H * 2 * Fs, w(H * 2 * Fs));
    s.sharedAct = compute("shared_swiglu", {s.sharedUp}, tensor({T, Fs}, act),
                          3 * T * Fs);
    Value shared = compute("shared_down", {s.sharedAct, dense},
                           tensor({T, H}, act), 2 * T * Fs * H, w(Fs * H));
    moe = compute("add_shared", {moe, shared}, tensor({T, H}, act), T * H);
  }
  return compute("residual_add", {s.x1, reduceTP(moe)}, tensor({T, H}, act),
                 T * H);
}

Value MoEBuilder::backwardLayer(Value dx, Value dense, Value experts,
                                const Saved &s, Value &denseGrad,
                                Value &expertGrad) {
  int64_t H = b.hidden, T = z.tokens, R = z.dispatchRows, F = z.expertFfnLocal;
  int64_t actBytes = llvm::divideCeil(cast<FloatType>(act).getWidth(), 8);
  auto w = [&](int64_t elems) { return elems * actBytes; };
  // MoE: the combine's backward sends the gradients to the experts (the
  // dispatch direction), the dispatch's backward brings them back.
  Value dBack = compute("combine_unpermute_bwd", {dx, s.logits},
                        tensor({R, H}, act), 2 * T * c.topK * H);
  Value dOut = allToAll(dBack);
  Value dSwiglu =
      compute("experts_down_dgrad", {dOut, experts}, tensor({R, F}, act),
              2 * R * H * F, w(z.localExperts * F * H));
  Value gDown = compute("experts_down_wgrad", {dOut, s.swiglu},
                        tensor({z.localExperts * F, H}, grad), 2 * R * H * F);
  Value dUp = compute("experts_swiglu_bwd", {dSwiglu, s.up},
                      tensor({R, 2 * F}, act), 6 * R * F);
  Value dRecv = compute("experts_up_dgrad", {dUp, experts}, tensor({R, H}, act),
                        2 * R * 2 * F * H, w(z.localExperts * H * 2 * F));
  Value gUp =
      compute("experts_up_wgrad", {dUp, s.recv},
              tensor({H, z.localExperts * 2 * F}, grad), 2 * R * 2 * F * H);
  Value dDispatch = allToAll(dRecv);
  Value dH2 = compute("dispatch_permute_bwd", {dDispatch, s.logits},
                      tensor({T, H}, act), T * c.topK * H);
  Value dLogits = compute("router_bwd", {dDispatch, s.logits, s.h2},
                          tensor({T, c.experts}, builder.getF32Type()),
                          2 * T * c.experts * H);
  Value gRouter = compute("router_wgrad", {dLogits, s.h2},
                          tensor({H, c.experts}, grad), 2 * T * H * c.experts);
  SmallVector<Value> denseGrads = {gRouter};
  if (c.sharedExperts > 0) {
    int64_t Fs = z.sharedFfnLocal;
    Value dAct = compute("shared_down_dgrad", {dx, dense}, tensor({T, Fs}, act),
                         2 * T * H * Fs, w(Fs * H));
    denseGrads.push_back(compute("shared_down_wgrad", {dx, s.sharedAct},
                                 tensor({Fs, H}, grad), 2 * T * H * Fs));
    Value dSUp = compute("shared_swiglu_bwd", {dAct, s.sharedUp},
                         tensor({T, 2 * Fs}, act), 6 * T * Fs);
    Value dSH = compute("shared_up_dgrad", {dSUp, dense}, tensor({T, H}, act),
                        2 * T * 2 * Fs * H, w(H * 2 * Fs));
    denseGrads.push_back(compute("shared_up_wgrad", {dSUp, s.h2},
                                 tensor({H, 2 * Fs}, grad),
                                 2 * T * 2 * Fs * H));
    dH2 = compute("add_shared_bwd", {dH2, dSH}, tensor({T, H}, act), T * H);
  }
  dH2 = reduceTP(dH2);
  Value dX1 =
      compute("rms_norm_bwd", {dH2, s.x1, dx}, tensor({T, H}, act), 8 * T * H);
  // Attention.
  Value dAttn =
      compute("out_proj_dgrad", {dX1, dense}, tensor({T, z.attnCols}, act),
              2 * T * H * z.attnCols, w(z.attnCols * H));
  denseGrads.push_back(compute("out_proj_wgrad", {dX1, s.attn},
                               tensor({z.attnCols, H}, grad),
                               2 * T * H * z.attnCols));
  Value dQkv = compute("attention_bwd", {dAttn, s.qkv},
                       tensor({T, z.qkvCols}, act), 5 * z.attnFlops / 2);
  Value dH1 = compute("qkv_dgrad", {dQkv, dense}, tensor({T, H}, act),
                      2 * T * z.qkvCols * H, w(H * z.qkvCols));
  denseGrads.push_back(compute("qkv_wgrad", {dQkv, s.h1},
                               tensor({H, z.qkvCols}, grad),
                               2 * T * z.qkvCols * H));
  Value dX = compute("rms_norm_bwd", {reduceTP(dH1), s.x, dX1},
                     tensor({T, H}, act), 8 * T * H);
  // Flat gradients, accumulated over micro-batches.
  auto accumulate = [&](Value &acc, ValueRange parts, int64_t elems) {
    Value flat = compute("flatten_grads", parts, tensor({elems}, grad), 0);
    acc = acc ? compute("accumulate_grads", {acc, flat}, tensor({elems}, grad),
                        elems)
              : flat;
  };
  accumulate(denseGrad, denseGrads, llvm::alignTo(z.denseParams, b.fsdp));
  accumulate(expertGrad, {gUp, gDown}, llvm::alignTo(z.expertParams, b.fsdp));
  return dX;
}

void MoEBuilder::createGroups() {
  // Ranks are laid out tp fastest, then ep, fsdp, dp.
  auto group = [&](StringRef name, int64_t size, int64_t stride) {
    if (size == 1)
      return;
    SmallVector<int64_t> ranks;
    for (int64_t i = 0; i < size; ++i)
      ranks.push_back(i * stride);
    ProcessGroupOp::create(builder, loc, builder.getStringAttr(name),
                           builder.getI64IntegerAttr(size),
                           builder.getDenseI64ArrayAttr(ranks),
                           builder.getI64IntegerAttr(b.gpusPerNode));
  };
  group("tp", b.tp, 1);
  group("ep", c.ep, b.tp);
  group("fsdp", b.fsdp, b.tp * c.ep);
  group("dp", b.dp, b.tp * c.ep * b.fsdp);
}

OwningOpRef<ModuleOp> MoEBuilder::run(StringRef targetPreset) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  if (failed(attachTargetPreset(*module, targetPreset, b.gpusPerNode, loc)))
    return nullptr;
  createGroups();
  int64_t H = b.hidden, T = z.tokens;
  auto shardOf = [&](int64_t elems) {
    return tensor({int64_t(llvm::alignTo(elems, b.fsdp)) / b.fsdp}, act);
  };
  // Arguments: tokens, the embedding shard, then per layer its dense and
  // its expert shards.
  SmallVector<Type> argTypes = {
      tensor({b.microBatch, b.seq}, builder.getI64Type()),
      shardOf(z.embedParams)};
  for (int64_t l = 0; l < b.layers; ++l) {
    argTypes.push_back(shardOf(z.denseParams));
    argTypes.push_back(shardOf(z.expertParams));
  }
  auto func = func::FuncOp::create(builder, loc, "train_step",
                                   builder.getFunctionType(argTypes, {}));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToStart(body);
  Value tokenIds = body->getArgument(0), embedShard = body->getArgument(1);
  auto denseArg = [&](int64_t l) { return body->getArgument(2 + 2 * l); };
  auto expertArg = [&](int64_t l) { return body->getArgument(3 + 2 * l); };
  Type f32 = builder.getF32Type();
  Value loss, embedGrad;
  SmallVector<Value> denseGrads(b.layers), expertGrads(b.layers);
  for (int64_t m = 0; m < b.microBatches; ++m) {
    std::string mb =
        b.microBatches > 1 ? llvm::formatv("mb{0}.", m).str() : std::string();
    prefix = mb + "embed.";
    Value we = fullParams(embedShard);
    Value x = reduceTP(compute("embedding", {tokenIds, we}, tensor({T, H}, act),
                               0, T * H * 2));
    SmallVector<Saved> saved(b.layers);
    for (int64_t l = 0; l < b.layers; ++l) {
      prefix = mb + llvm::formatv("layers.{0}.", l).str();
      x = forwardLayer(x, fullParams(denseArg(l)), fullParams(expertArg(l)),
                       saved[l]);
    }
    prefix = mb + "head.";
    Value wh = fullParams(embedShard);
    Value h =
        compute("rms_norm", {x, wh}, tensor({T, H}, act), 4 * T * H, 2 * H);
    Value logits = compute("lm_head", {h, wh}, tensor({T, z.vocabLocal}, act),
                           2 * T * H * z.vocabLocal, 2 * z.vocabLocal * H);
    Value stats = compute("cross_entropy_stats", {logits, tokenIds},
                          tensor({T, 2}, f32), 4 * T * z.vocabLocal);
    if (b.tp > 1)
      stats = allReduce("tp", stats, ReductionKind::Sum);
    Value mbLoss = compute("cross_entropy", {stats}, tensor({1}, f32), 2 * T);
    loss = loss ? compute("add_loss", {loss, mbLoss}, tensor({1}, f32), 1)
                : mbLoss;
    if (!b.backward)
      continue;
    Value dLogits =
        compute("cross_entropy_bwd", {logits, stats, tokenIds},
                tensor({T, z.vocabLocal}, act), 4 * T * z.vocabLocal);
    Value dH = compute("lm_head_dgrad", {dLogits, wh}, tensor({T, H}, act),
                       2 * T * H * z.vocabLocal, 2 * z.vocabLocal * H);
    Value gHead =
        compute("lm_head_wgrad", {dLogits, h}, tensor({z.vocabLocal, H}, grad),
                2 * T * H * z.vocabLocal);
    Value dx = compute("rms_norm_bwd", {reduceTP(dH), x}, tensor({T, H}, act),
                       8 * T * H);
    bool last = m + 1 == b.microBatches;
    for (int64_t l = b.layers - 1; l >= 0; --l) {
      prefix = mb + llvm::formatv("layers.{0}.", l).str();
      dx = backwardLayer(dx, fullParams(denseArg(l)), fullParams(expertArg(l)),
                         saved[l], denseGrads[l], expertGrads[l]);
      if (last) {
        denseGrads[l] = reduceGradients(denseGrads[l], true);
        expertGrads[l] = reduceGradients(expertGrads[l], false);
      }
    }
    prefix = mb + "embed.";
    Value gEmbed = compute("embedding_wgrad", {dx, tokenIds},
                           tensor({z.vocabLocal, H}, grad), T * H);
    int64_t flat = llvm::alignTo(z.embedParams, b.fsdp);
    Value grads =
        compute("flatten_grads", {gEmbed, gHead}, tensor({flat}, grad), 0);
    embedGrad = embedGrad ? compute("accumulate_grads", {embedGrad, grads},
                                    tensor({flat}, grad), flat)
                          : grads;
    if (last)
      embedGrad = reduceGradients(embedGrad, true);
  }
  SmallVector<Value> results = {loss};
  if (b.backward) {
    auto adam = [&](Value shard, Value gradShard, StringRef name) {
      prefix = name.str();
      int64_t n = cast<RankedTensorType>(shard.getType()).getNumElements();
      auto op = ComputeOp::create(
          builder, loc, TypeRange{shard.getType()},
          builder.getStringAttr("adam"), ValueRange{shard, gradShard},
          ValueRange{},
          CostAttr::get(context, 12 * n, 16 * n, 12 * n, std::nullopt));
      setName(op, "adam");
      results.push_back(op.getResult(0));
    };
    adam(embedShard, embedGrad, "embed.");
    for (int64_t l = 0; l < b.layers; ++l) {
      std::string name = llvm::formatv("layers.{0}.", l).str();
      adam(denseArg(l), denseGrads[l], name + "dense.");
      adam(expertArg(l), expertGrads[l], name + "experts.");
    }
  }
  func::ReturnOp::create(builder, loc, results);
  func.setFunctionType(
      builder.getFunctionType(argTypes, ValueRange(results).getTypes()));
  return module;
}

OwningOpRef<ModuleOp> mlir::sched::generateMoEStep(MLIRContext *context,
                                                   const MoEConfig &config,
                                                   StringRef targetPreset) {
  context->loadDialect<SchedDialect, func::FuncDialect>();
  std::string problem = verifyMoEConfig(config);
  MoESizes sizes;
  if (problem.empty())
    problem = computeMoESizes(config, sizes);
  if (!problem.empty()) {
    emitError(UnknownLoc::get(context)) << "invalid configuration: " << problem;
    return nullptr;
  }
  return MoEBuilder(context, config, sizes).run(targetPreset);
}
