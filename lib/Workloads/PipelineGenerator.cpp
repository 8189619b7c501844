//===- PipelineGenerator.cpp - pipeline-parallel training steps -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Workloads/PipelineGenerator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::sched;

std::string mlir::sched::verifyPipelineConfig(const PipelineConfig &c) {
  const TransformerConfig &b = c.base;
  if (c.pp < 2 || c.pp > 1024)
    return llvm::formatv("pp must be in [1, 1024] (1: no pipeline), got {0}",
                         c.pp);
  if (c.virtualStages < 1 || c.virtualStages > 1024)
    return llvm::formatv("virtual-stages must be in [1, 1024], got {0}",
                         c.virtualStages);
  bool interleaved = c.schedule == PipelineConfig::Schedule::Interleaved;
  if (!interleaved && c.virtualStages != 1)
    return llvm::formatv("virtual-stages {0} needs the interleaved schedule "
                         "(1f1b has one model chunk per stage)",
                         c.virtualStages);
  if (interleaved && c.virtualStages < 2)
    return "the interleaved schedule needs virtual-stages of at least 2";
  if (b.layers % (c.pp * c.virtualStages))
    return c.virtualStages == 1
               ? std::string(llvm::formatv("pp {0} must divide the {1} layers",
                                           c.pp, b.layers))
               : std::string(llvm::formatv(
                     "pp {0} x virtual-stages {1} must divide the {2} layers",
                     c.pp, c.virtualStages, b.layers));
  if (interleaved && b.microBatches % c.pp)
    return llvm::formatv("the interleaved schedule needs micro-batches that "
                         "are a multiple of pp {0}, got {1}",
                         c.pp, b.microBatches);
  if (b.sequenceParallel)
    return "sequence parallelism is not supported with pipeline stages";
  if (b.activationCheckpointing)
    return "activation checkpointing is not supported with pipeline stages";
  if (!b.backward)
    return "a pipeline step needs the backward pass";
  std::string problem = verifyConfig(b);
  if (!problem.empty())
    return problem;
  if (b.tp * b.fsdp * b.dp * c.pp > (int64_t(1) << 20))
    return "the world tp x fsdp x dp x pp is over the 1048576 ranks sched-gen "
           "generates";
  return "";
}

namespace {
/// Builds the function of one stage in the 1F1B order.
class StageBuilder {
public:
  StageBuilder(MLIRContext *context, const PipelineConfig &c, int64_t stage)
      : context(context), c(c), b(c.base), stage(stage), builder(context),
        loc(UnknownLoc::get(context)) {
    Builder types(context);
    act = b.dtype == "f32"   ? types.getF32Type()
          : b.dtype == "f16" ? Type(types.getF16Type())
                             : Type(types.getBF16Type());
    grad = b.gradDtype == "f32"   ? types.getF32Type()
           : b.gradDtype == "f16" ? Type(types.getF16Type())
                                  : Type(types.getBF16Type());
    int64_t H = b.hidden, headDim = H / b.heads;
    tokens = b.microBatch * b.seq;
    qkvCols = (b.heads + 2 * b.kvHeads) * headDim / b.tp;
    attnCols = b.heads * headDim / b.tp;
    ffnLocal = b.ffn / b.tp;
    vocabLocal = llvm::divideCeil(b.vocab, b.tp);
    layerParams = H * qkvCols + attnCols * H + 3 * H * ffnLocal + 2 * H;
    attnFlops = 2 * b.microBatch * b.seq * b.seq * (b.heads / b.tp) * headDim;
    layers = b.layers / c.pp;
    chunkLayers = layers / c.virtualStages;
  }

  /// Appends the stage's function to `module`.
  void build(ModuleOp module);

private:
  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }
  static int64_t bytesOf(Type type) {
    auto shaped = cast<RankedTensorType>(type);
    return shaped.getNumElements() *
           llvm::divideCeil(shaped.getElementTypeBitWidth(), 8);
  }
  /// An opaque compute op reading `ins` (and `weightBytes` of weights).
  Value compute(StringRef kind, ValueRange ins, Type result, int64_t flops,
                int64_t weightBytes = 0);
  /// Starts collective `Op` on `group`; returns its start.
  template <typename Op, typename... Args>
  Operation *start(StringRef group, Value input, Args... args) {
    return startAs<Op>(group, input, input.getType(), args...);
  }
  /// Starts collective `Op` on `group` with result type `result`.
  template <typename Op, typename... Args>
  Operation *startAs(StringRef group, Value input, Type result, Args... args) {
    auto future = FutureType::get(context, {result});
    auto op = Op::create(builder, loc, future, ValueRange{input}, ValueRange{},
                         FlatSymbolRefAttr::get(context, group), args...);
    op->setLoc(NameLoc::get(
        builder.getStringAttr(prefix + op->getName().stripDialect().str())));
    return op;
  }
  Value wait(Operation *start) {
    auto op = WaitOp::create(builder, loc,
                             cast<CollectiveOpInterface>(start).getFuture());
    op->setLoc(NameLoc::get(builder.getStringAttr(prefix + "wait")));
    return op.getResult(0);
  }
  Value allReduce(StringRef group, Value input) {
    return wait(start<AllReduceStartOp>(
        group, input, ReductionKindAttr::get(context, ReductionKind::Sum)));
  }
  Value reduceTP(Value partial) {
    return b.tp > 1 ? allReduce("tp", partial) : partial;
  }
  Value fullParams(Value shard);
  /// Starts the transfer of micro-batch activations (`forward`) or
  /// gradients on the link between stages `link` and `link + 1`. This
  /// stage sends `value`, or receives into a placeholder if null.
  Operation *transfer(bool forward, int64_t link, Value value);

  /// The layers of model chunk `v` of the stage (all its layers with 1F1B)
  /// forward and backward for micro-batch `mb`.
  Value forward(int64_t mb, int64_t v = 0);
  Value backward(int64_t mb, Value dy, int64_t v = 0);
  /// Returns the global index of layer `i` of chunk `v` of the stage.
  int64_t globalLayer(int64_t v, int64_t i) const {
    return (v * c.pp + stage) * chunkLayers + i;
  }
  /// The interleaved schedule's `k`-th forward and backward of the stage:
  /// which chunk and micro-batch (Megatron's order: p micro-batches through
  /// one chunk, then the next chunk).
  std::pair<int64_t, int64_t> interleavedStep(int64_t k, bool forward) const;
  /// The interleaved forward and backward steps; the sends are waited at
  /// the end of the micro-batches (`pendingSends`).
  void interleavedForwardStep(int64_t k);
  void interleavedBackwardStep(int64_t k);
  /// Starts a transfer of the interleaved schedule on `group` from group
  /// position `source` to the other, sending `value` or receiving.
  Operation *chunkTransfer(StringRef group, int64_t source, Value value);
  /// Emits the micro-batches in the 1F1B or the interleaved order.
  void buildOneFOneB();
  void buildInterleaved();
  /// The forward of micro-batch `mb`; with `backwardNext` >= 0, receives
  /// that micro-batch's output gradient together with the send.
  void forwardStep(int64_t mb, int64_t backwardNext);
  /// The backward of micro-batch `mb`; with `forwardNext` >= 0, receives
  /// that micro-batch's input together with the send.
  void backwardStep(int64_t mb, int64_t forwardNext);
  /// Stage 0's embedding of a micro-batch, and its weight gradient.
  Value embed();
  void embeddingGrad(Value dx);
  struct MicroBatch;
  /// The last chunk: head, loss and the loss gradient of `mb` from the
  /// chunk's output `x`.
  void headAndLoss(MicroBatch &mb, Value x);

  MLIRContext *context;
  const PipelineConfig &c;
  const TransformerConfig &b;
  int64_t stage;
  OpBuilder builder;
  Location loc;
  std::string prefix;
  Type act, grad;
  int64_t tokens, qkvCols, attnCols, ffnLocal, vocabLocal, layerParams,
      attnFlops, layers, chunkLayers;
  /// Interleaved: the sends not waited on yet, in their order, and which of
  /// them are on each group.
  SmallVector<Operation *> pendingSends;
  std::map<std::string, SmallVector<Operation *>> pendingByGroup;
  llvm::SmallPtrSet<Operation *, 8> waitedSends;

  /// Per micro-batch (and model chunk, interleaved: mb x virtualStages +
  /// v): the chunk's input (received or embedded), the saved activations of
  /// each layer, and the output gradient (received, or the loss gradient on
  /// the last chunk).
  struct MicroBatch {
    Value input;
    /// Per layer: its input, the attention block's output, the attention
    /// and the MLP activations.
    SmallVector<std::array<Value, 4>> saved;
    Value dy;
  };
  SmallVector<MicroBatch> mbs;
  Value tokenIds, embedShard, loss, embedGrad;
  SmallVector<Value> layerShards, layerGrads;
};
} // namespace

Value StageBuilder::compute(StringRef kind, ValueRange ins, Type result,
                            int64_t flops, int64_t weightBytes) {
  int64_t read = weightBytes;
  for (Value in : ins)
    if (cast<RankedTensorType>(in.getType()).getRank() > 1 || !weightBytes)
      read += bytesOf(in.getType());
  auto op = ComputeOp::create(
      builder, loc, TypeRange{result}, builder.getStringAttr(kind), ins,
      ValueRange{},
      CostAttr::get(context, flops, read, bytesOf(result), std::nullopt));
  op->setLoc(NameLoc::get(builder.getStringAttr(prefix + kind.str())));
  return op.getResult(0);
}

Value StageBuilder::fullParams(Value shard) {
  if (b.fsdp == 1)
    return shard;
  auto type = cast<RankedTensorType>(shard.getType());
  auto full = tensor({type.getDimSize(0) * b.fsdp}, type.getElementType());
  auto future = FutureType::get(context, {full});
  auto op = AllGatherStartOp::create(
      builder, loc, future, ValueRange{shard}, ValueRange{},
      FlatSymbolRefAttr::get(context, "fsdp"), builder.getI64IntegerAttr(0));
  op->setLoc(NameLoc::get(builder.getStringAttr(prefix + "all_gather_start")));
  return wait(op);
}

Operation *StageBuilder::transfer(bool forward, int64_t link, Value value) {
  std::string group = llvm::formatv("{0}{1}", forward ? "ppf" : "ppb", link);
  if (!value) {
    auto op = ComputeOp::create(
        builder, loc, TypeRange{tensor({tokens, b.hidden}, act)},
        builder.getStringAttr("recv_buffer"), ValueRange{}, ValueRange{},
        CostAttr::get(context, 0, 0, 0, std::nullopt));
    op->setLoc(NameLoc::get(builder.getStringAttr(prefix + "recv_buffer")));
    value = op.getResult(0);
  }
  // Positions in the two-rank group: 0 is stage `link`, 1 the next.
  SmallVector<int64_t> pairs =
      forward ? SmallVector<int64_t>{0, 1} : SmallVector<int64_t>{1, 0};
  return start<CollectivePermuteStartOp>(group, value,
                                         builder.getDenseI64ArrayAttr(pairs));
}

Value StageBuilder::forward(int64_t m, int64_t v) {
  int64_t H = b.hidden, T = tokens, F = ffnLocal;
  int64_t wBytes = llvm::divideCeil(cast<FloatType>(act).getWidth(), 8);
  MicroBatch &mb = mbs[m * c.virtualStages + v];
  Value x = mb.input;
  for (int64_t i = 0; i < chunkLayers; ++i) {
    int64_t l = v * chunkLayers + i;
    prefix = llvm::formatv("mb{0}.layers.{1}.", m, globalLayer(v, i)).str();
    Value w = fullParams(layerShards[l]);
    Value a =
        compute("attention", {x, w}, tensor({T, qkvCols + attnCols}, act),
                2 * T * H * qkvCols + attnFlops, wBytes * (H * qkvCols + H));
    Value x1 = reduceTP(compute("out_proj", {a, x, w}, tensor({T, H}, act),
                                2 * T * attnCols * H, wBytes * attnCols * H));
    Value up = compute("mlp_up", {x1, w}, tensor({T, 3 * F}, act),
                       4 * T * H * F + 3 * T * F, wBytes * (2 * H * F + H));
    mb.saved.push_back({x, x1, a, up});
    x = reduceTP(compute("mlp_down", {up, x1, w}, tensor({T, H}, act),
                         2 * T * F * H, wBytes * F * H));
  }
  return x;
}

Value StageBuilder::backward(int64_t m, Value dy, int64_t v) {
  int64_t H = b.hidden, T = tokens, F = ffnLocal;
  int64_t wBytes = llvm::divideCeil(cast<FloatType>(act).getWidth(), 8);
  MicroBatch &mb = mbs[m * c.virtualStages + v];
  Value dx = dy;
  for (int64_t i = chunkLayers - 1; i >= 0; --i) {
    int64_t l = v * chunkLayers + i;
    prefix = llvm::formatv("mb{0}.layers.{1}.", m, globalLayer(v, i)).str();
    auto [layerIn, x1, a, up] = mb.saved[i];
    Value w = fullParams(layerShards[l]);
    Value dX1 = reduceTP(
        compute("mlp_bwd", {dx, up, x1, w}, tensor({T, H}, act),
                2 * (4 * T * H * F + 2 * T * F * H), wBytes * 3 * H * F));
    Value dX = reduceTP(
        compute("attention_bwd", {dX1, a, layerIn, w}, tensor({T, H}, act),
                5 * attnFlops / 2 + 4 * T * H * (qkvCols + attnCols),
                wBytes * H * (qkvCols + attnCols)));
    int64_t flat = llvm::alignTo(layerParams, b.fsdp);
    Value g =
        compute("layer_wgrad", {dx, dX1, up, a, x1, layerIn},
                tensor({flat}, grad), 2 * T * H * (qkvCols + attnCols + 3 * F));
    layerGrads[l] = layerGrads[l]
                        ? compute("accumulate_grads", {layerGrads[l], g},
                                  tensor({flat}, grad), flat)
                        : g;
    dx = dX;
  }
  return dx;
}

Value StageBuilder::embed() {
  prefix += "embed.";
  Value we = fullParams(embedShard);
  return reduceTP(compute("embedding", {tokenIds, we},
                          tensor({tokens, b.hidden}, act), 0,
                          2 * tokens * b.hidden));
}

void StageBuilder::embeddingGrad(Value dx) {
  prefix += "embed.";
  int64_t flat = llvm::alignTo(vocabLocal * b.hidden, b.fsdp);
  Value g = compute("embedding_wgrad", {dx, tokenIds}, tensor({flat}, grad),
                    tokens * b.hidden);
  embedGrad = embedGrad ? compute("accumulate_grads", {embedGrad, g},
                                  tensor({flat}, grad), flat)
                        : g;
}

void StageBuilder::forwardStep(int64_t m, int64_t backwardNext) {
  MicroBatch &mb = mbs[m];
  prefix = llvm::formatv("mb{0}.", m).str();
  if (stage == 0) {
    mb.input = embed();
  } else if (!mb.input) {
    mb.input = wait(transfer(/*forward=*/true, stage - 1, Value()));
  }
  Value x = forward(m);
  prefix = llvm::formatv("mb{0}.", m).str();
  if (stage + 1 < c.pp) {
    // Megatron's send_forward_recv_backward: both started before either
    // is waited on, or the two stages would wait on each other.
    Operation *send = transfer(/*forward=*/true, stage, x);
    Operation *recv = backwardNext >= 0
                          ? transfer(/*forward=*/false, stage, Value())
                          : nullptr;
    wait(send);
    if (recv)
      mbs[backwardNext].dy = wait(recv);
    return;
  }
  // The last stage: head, loss and the loss gradient.
  headAndLoss(mb, x);
}

void StageBuilder::headAndLoss(MicroBatch &mb, Value x) {
  int64_t H = b.hidden, T = tokens;
  prefix += "head.";
  Type f32 = builder.getF32Type();
  Value wh = fullParams(embedShard);
  Value logits = compute("lm_head", {x, wh}, tensor({T, vocabLocal}, act),
                         2 * T * H * vocabLocal, 2 * vocabLocal * H);
  Value stats = compute("cross_entropy_stats", {logits, tokenIds},
                        tensor({T, 2}, f32), 4 * T * vocabLocal);
  if (b.tp > 1)
    stats = allReduce("tp", stats);
  Value mbLoss = compute("cross_entropy", {stats}, tensor({1}, f32), 2 * T);
  loss =
      loss ? compute("add_loss", {loss, mbLoss}, tensor({1}, f32), 1) : mbLoss;
  Value dLogits = compute("cross_entropy_bwd", {logits, stats, tokenIds},
                          tensor({T, vocabLocal}, act), 4 * T * vocabLocal);
  mb.dy = reduceTP(compute("lm_head_dgrad", {dLogits, wh}, tensor({T, H}, act),
                           2 * T * H * vocabLocal, 2 * vocabLocal * H));
  int64_t flat = llvm::alignTo(vocabLocal * H, b.fsdp);
  Value g = compute("lm_head_wgrad", {dLogits, x}, tensor({flat}, grad),
                    2 * T * H * vocabLocal);
  embedGrad = embedGrad ? compute("accumulate_grads", {embedGrad, g},
                                  tensor({flat}, grad), flat)
                        : g;
}

void StageBuilder::backwardStep(int64_t m, int64_t forwardNext) {
  MicroBatch &mb = mbs[m];
  prefix = llvm::formatv("mb{0}.", m).str();
  if (!mb.dy)
    mb.dy = wait(transfer(/*forward=*/false, stage, Value()));
  Value dx = backward(m, mb.dy);
  prefix = llvm::formatv("mb{0}.", m).str();
  if (stage == 0)
    return embeddingGrad(dx);
  // Megatron's send_backward_recv_forward.
  Operation *send = transfer(/*forward=*/false, stage - 1, dx);
  Operation *recv = forwardNext >= 0
                        ? transfer(/*forward=*/true, stage - 1, Value())
                        : nullptr;
  wait(send);
  if (recv)
    mbs[forwardNext].input = wait(recv);
}

void StageBuilder::buildOneFOneB() {
  // 1F1B: warm-up forwards, then one forward and one backward at a time,
  // then the remaining backwards.
  int64_t m = b.microBatches, warmup = std::min(c.pp - stage - 1, m);
  for (int64_t i = 0; i < warmup; ++i)
    forwardStep(i, /*backwardNext=*/-1);
  for (int64_t j = 0; j < m - warmup; ++j) {
    forwardStep(warmup + j, /*backwardNext=*/j);
    backwardStep(j, /*forwardNext=*/j + 1 < m - warmup ? warmup + j + 1 : -1);
  }
  for (int64_t j = m - warmup; j < m; ++j)
    backwardStep(j, /*forwardNext=*/-1);
}

std::pair<int64_t, int64_t> StageBuilder::interleavedStep(int64_t k,
                                                          bool forward) const {
  int64_t p = c.pp, V = c.virtualStages;
  int64_t v = (k / p) % V;
  return {forward ? v : V - 1 - v, (k / (p * V)) * p + k % p};
}

Operation *StageBuilder::chunkTransfer(StringRef group, int64_t source,
                                       Value value) {
  // At most two transfers in flight per link (sched-pipeline's default
  // max-in-flight): the oldest send on the group is waited on first.
  SmallVector<Operation *> &onGroup = pendingByGroup[group.str()];
  if (!onGroup.empty()) {
    wait(onGroup.front());
    waitedSends.insert(onGroup.front());
    onGroup.erase(onGroup.begin());
  }
  bool send = static_cast<bool>(value);
  if (!value) {
    auto op = ComputeOp::create(
        builder, loc, TypeRange{tensor({tokens, b.hidden}, act)},
        builder.getStringAttr("recv_buffer"), ValueRange{}, ValueRange{},
        CostAttr::get(context, 0, 0, 0, std::nullopt));
    op->setLoc(NameLoc::get(builder.getStringAttr(prefix + "recv_buffer")));
    value = op.getResult(0);
  }
  Operation *op = start<CollectivePermuteStartOp>(
      group, value, builder.getDenseI64ArrayAttr({source, 1 - source}));
  if (send) {
    pendingSends.push_back(op);
    onGroup.push_back(op);
  }
  return op;
}

// The links of the interleaved schedule: chunk c sends forward to chunk
// c + 1 on stage (c + 1) mod p. Between stages k and k + 1 that is @ppf{k}
// (positions: 0 stage k, 1 stage k + 1) and @ppb{k} backward; from the last
// stage to stage 0 the wrap-around links @ppfw and @ppbw (positions: 0
// stage 0, 1 stage p - 1).
void StageBuilder::interleavedForwardStep(int64_t k) {
  auto [v, m] = interleavedStep(k, /*forward=*/true);
  MicroBatch &mb = mbs[m * c.virtualStages + v];
  int64_t last = c.pp - 1;
  prefix = llvm::formatv("mb{0}.chunk{1}.", m, v).str();
  if (stage == 0 && v == 0)
    mb.input = embed();
  else if (stage > 0)
    mb.input = wait(
        chunkTransfer(llvm::formatv("ppf{0}", stage - 1).str(), 0, Value()));
  else
    mb.input = wait(chunkTransfer("ppfw", 1, Value()));
  Value x = forward(m, v);
  prefix = llvm::formatv("mb{0}.chunk{1}.", m, v).str();
  if (stage == last && v + 1 == c.virtualStages)
    return headAndLoss(mb, x);
  if (stage < last)
    chunkTransfer(llvm::formatv("ppf{0}", stage).str(), 0, x);
  else
    chunkTransfer("ppfw", 1, x);
}

void StageBuilder::interleavedBackwardStep(int64_t k) {
  auto [v, m] = interleavedStep(k, /*forward=*/false);
  MicroBatch &mb = mbs[m * c.virtualStages + v];
  int64_t last = c.pp - 1;
  prefix = llvm::formatv("mb{0}.chunk{1}.", m, v).str();
  if (stage < last)
    mb.dy =
        wait(chunkTransfer(llvm::formatv("ppb{0}", stage).str(), 1, Value()));
  else if (v + 1 < c.virtualStages)
    mb.dy = wait(chunkTransfer("ppbw", 0, Value()));
  Value dx = backward(m, mb.dy, v);
  prefix = llvm::formatv("mb{0}.chunk{1}.", m, v).str();
  if (stage == 0 && v == 0)
    return embeddingGrad(dx);
  if (stage > 0)
    chunkTransfer(llvm::formatv("ppb{0}", stage - 1).str(), 1, dx);
  else
    chunkTransfer("ppbw", 0, dx);
}

void StageBuilder::buildInterleaved() {
  // Megatron's interleaved 1F1B: (p - stage - 1) x 2 + (V - 1) x p warm-up
  // forwards, then one forward and one backward at a time, then the
  // remaining backwards. A receive is started and waited on where its step
  // needs it; a send is waited on at the next transfer on its link (at most
  // two in flight per link) or after the last micro-batch, so that no stage
  // waits on a peer that waits on it (sched-verify-deadlock).
  int64_t total = b.microBatches * c.virtualStages;
  int64_t warmup =
      std::min((c.pp - stage - 1) * 2 + (c.virtualStages - 1) * c.pp, total);
  for (int64_t k = 0; k < warmup; ++k)
    interleavedForwardStep(k);
  for (int64_t k = 0; k < total - warmup; ++k) {
    interleavedForwardStep(warmup + k);
    interleavedBackwardStep(k);
  }
  for (int64_t k = total - warmup; k < total; ++k)
    interleavedBackwardStep(k);
  prefix = "";
  for (Operation *send : pendingSends)
    if (!waitedSends.contains(send))
      wait(send);
}

void StageBuilder::build(ModuleOp module) {
  builder.setInsertionPointToEnd(module.getBody());
  int64_t inner = b.tp * b.fsdp * b.dp;
  bool ends = stage == 0 || stage + 1 == c.pp;
  auto shardOf = [&](int64_t elems) {
    return tensor({int64_t(llvm::alignTo(elems, b.fsdp)) / b.fsdp}, act);
  };
  SmallVector<Type> argTypes;
  if (ends) {
    argTypes.push_back(tensor({b.microBatch, b.seq}, builder.getI64Type()));
    argTypes.push_back(shardOf(vocabLocal * b.hidden));
  }
  for (int64_t l = 0; l < layers; ++l)
    argTypes.push_back(shardOf(layerParams));
  auto func =
      func::FuncOp::create(builder, loc, llvm::formatv("stage{0}", stage).str(),
                           builder.getFunctionType(argTypes, {}));
  SmallVector<int64_t> ranks;
  for (int64_t r = 0; r < inner; ++r)
    ranks.push_back(stage * inner + r);
  func->setAttr(getRanksAttrName(), builder.getDenseI64ArrayAttr(ranks));
  Block *body = func.addEntryBlock();
  builder.setInsertionPointToStart(body);
  unsigned next = 0;
  if (ends) {
    tokenIds = body->getArgument(next++);
    embedShard = body->getArgument(next++);
  }
  for (int64_t l = 0; l < layers; ++l)
    layerShards.push_back(body->getArgument(next++));
  layerGrads.assign(layers, Value());
  mbs.resize(b.microBatches * c.virtualStages);
  if (c.schedule == PipelineConfig::Schedule::Interleaved)
    buildInterleaved();
  else
    buildOneFOneB();

  // Gradients reduced, then Adam on each shard.
  SmallVector<Value> results;
  if (loss)
    results.push_back(loss);
  auto update = [&](Value shard, Value g, const std::string &name) {
    prefix = name;
    if (b.fsdp > 1) {
      auto type = cast<RankedTensorType>(g.getType());
      g = wait(startAs<ReduceScatterStartOp>(
          "fsdp", g, tensor({type.getDimSize(0) / b.fsdp}, grad),
          ReductionKindAttr::get(context, ReductionKind::Avg),
          builder.getI64IntegerAttr(0)));
    }
    if (b.dp > 1)
      g = wait(start<AllReduceStartOp>(
          "dp", g, ReductionKindAttr::get(context, ReductionKind::Avg)));
    int64_t n = cast<RankedTensorType>(shard.getType()).getNumElements();
    auto op = ComputeOp::create(
        builder, loc, TypeRange{shard.getType()}, builder.getStringAttr("adam"),
        ValueRange{shard, g}, ValueRange{},
        CostAttr::get(context, 12 * n, 16 * n, 12 * n, std::nullopt));
    op->setLoc(NameLoc::get(builder.getStringAttr(prefix + "adam")));
    results.push_back(op.getResult(0));
  };
  if (ends)
    update(embedShard, embedGrad, stage == 0 ? "embed." : "head.");
  for (int64_t l = 0; l < layers; ++l)
    update(layerShards[l], layerGrads[l],
           llvm::formatv("layers.{0}.",
                         globalLayer(l / chunkLayers, l % chunkLayers))
               .str());
  func::ReturnOp::create(builder, loc, results);
  func.setFunctionType(
      builder.getFunctionType(argTypes, ValueRange(results).getTypes()));
}

OwningOpRef<ModuleOp>
mlir::sched::generatePipelineStep(MLIRContext *context,
                                  const PipelineConfig &config,
                                  StringRef targetPreset) {
  context->loadDialect<SchedDialect, func::FuncDialect>();
  Location loc = UnknownLoc::get(context);
  std::string problem = verifyPipelineConfig(config);
  if (!problem.empty()) {
    emitError(loc) << "invalid configuration: " << problem;
    return nullptr;
  }
  const TransformerConfig &b = config.base;
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(module->getBody());
  if (failed(attachTargetPreset(*module, targetPreset, b.gpusPerNode, loc)))
    return nullptr;
  // Ranks: tp fastest, then fsdp, dp, and the stage slowest. The groups
  // inside a stage as stage 0 sees them; one group per direction between
  // neighbouring stages.
  int64_t inner = b.tp * b.fsdp * b.dp;
  auto group = [&](StringRef name, int64_t size, int64_t first,
                   int64_t stride) {
    SmallVector<int64_t> ranks;
    for (int64_t i = 0; i < size; ++i)
      ranks.push_back(first + i * stride);
    ProcessGroupOp::create(builder, loc, builder.getStringAttr(name),
                           builder.getI64IntegerAttr(size),
                           builder.getDenseI64ArrayAttr(ranks),
                           builder.getI64IntegerAttr(b.gpusPerNode));
  };
  if (b.tp > 1)
    group("tp", b.tp, 0, 1);
  if (b.fsdp > 1)
    group("fsdp", b.fsdp, 0, b.tp);
  if (b.dp > 1)
    group("dp", b.dp, 0, b.tp * b.fsdp);
  for (int64_t k = 0; k + 1 < config.pp; ++k) {
    group(llvm::formatv("ppf{0}", k).str(), 2, k * inner, inner);
    group(llvm::formatv("ppb{0}", k).str(), 2, k * inner, inner);
  }
  if (config.schedule == PipelineConfig::Schedule::Interleaved) {
    group("ppfw", 2, 0, (config.pp - 1) * inner);
    group("ppbw", 2, 0, (config.pp - 1) * inner);
  }
  for (int64_t k = 0; k < config.pp; ++k)
    StageBuilder(context, config, k).build(*module);
  return module;
}
