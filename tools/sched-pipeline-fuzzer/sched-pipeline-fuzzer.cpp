//===- sched-pipeline-fuzzer.cpp - structure-aware fuzzer of the passes ---===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A libFuzzer target that turns its input bytes (through FuzzedDataProvider)
// into a random but valid sched program and random pass options, runs every
// scheduling pass on its own and the pipeline, and checks what the passes
// promise (docs/passes/*.md). A broken promise aborts with a message, the
// program and the output (fuzz::reportBug).
//
// Programs: a #sched.target (a preset, maybe with overrides through
// sched-attach-target), one to three process groups of random sizes (with
// or without ranks and ranks_per_node), and one or two functions. Each
// function is a random DAG, either in the value-semantic form (tensors) or
// in the buffer form (memrefs from memref.alloc): sched.compute ops with
// random costs, kinds, results (some with dynamic dimensions bounded by
// sched.dim_bounds), tensor destinations or memref outs, bodies; arith ops
// with sched.cost and tensor.empty; scf.for loops whose body computes (and
// all-reduces) a value or writes a buffer, and loops that
// sched-pipeline-loop-collectives pipelines (a loop-invariant gather, an
// all-reduce into an accumulator, a future carried through the loop); calls of
// external functions; collectives of every kind, on random groups, with one to
// three entries, half of them like the previous one (what bucketing merges),
// whose waits come some ops later in random order; a sixth of them collective
// permutes with random partial permutations as their pairs (buildPermute). In
// the buffer form no op writes a buffer while a collective reads it (the input
// is a valid schedule). An eighth of the programs have huge shapes and costs,
// and an eighth of most option values are extreme (up to 2^63 - 1, a slack of
// 1e30). Every op has a unique location (fuzz:<id>), which is how the checks
// find it after a pass (an op made of several has their fused location).
//
// Every pass runs on every input; the pipeline on a third of them (with its
// default exact reordering on a quarter of those: it can take seconds).
// SCHED_PIPELINE_FUZZER_STATS=1 prints at exit how often each pass ran,
// failed and changed the program; SCHED_PIPELINE_FUZZER_BREAK breaks the
// output of sched-schedule-overlap on purpose (see breakOnPurpose), which
// test/Fuzz/pipeline-fuzzer-selftest.test uses to show the checks work.
//
// Checks after every pass that succeeds, on every function:
//  * the IR verifies (also after each pass of a pipeline), every future is
//    waited once by a later sched.wait of its block;
//  * the analyses still run, and every memory dependence of the input is
//    respected: for each buffer, the accesses of which one writes keep
//    their order (collectives access at their start and their wait);
//  * sched-verify-schedule passes if it passed on the input (no write to a
//    buffer in flight; with the cap, no more collectives in flight);
//  * sched-reorder-for-memory: only reorders (every op keeps its operands and
//    attributes), the peak never grows;
//  * sched-schedule-overlap: only reorders, the simulated step is never
//    slower (unless a block of the function has more collectives of a group
//    in flight than the given max-in-flight: then the pass keeps a schedule
//    within the cap, whatever its step), the peak is within the budget (the
//    input peak, or the peak sched-pipeline recorded, plus the largest of the
//    slack, the allowance and collective-allowance times the largest
//    collective, or memory-budget) or, when the input is already over it, the
//    order is kept; with keep-collective-order the starts keep their order;
//  * sched-fuse-compute: ops that are not fusible (collectives, waits, other
//    dialects, memref outs, excluded kinds) are kept; with the exact guard
//    the peak never grows by more than the tolerance;
//  * sched-bucket-collectives: compute is kept, the collectives' entries
//    are kept (kind, group, attributes, types), every bucket it creates is
//    within bucket-cap-bytes, exposed communication never grows;
//  * sched-pipeline: each stage as above (run one by one), the pipeline
//    gives the same IR as its stages (determinism), its final
//    sched-verify-schedule fails only if the input already did.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/InFlightCounter.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>

using namespace mlir;
using namespace mlir::sched;

namespace {

//===----------------------------------------------------------------------===//
// Op identities
//===----------------------------------------------------------------------===//

constexpr StringLiteral kIdFile = "fuzz";

Location idLoc(MLIRContext *context, unsigned id) {
  return FileLineColLoc::get(context, kIdFile, id, 0);
}

/// Returns the id of an op the generator created, or -1.
int64_t getId(Operation *op) {
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    if (loc.getFilename() == kIdFile)
      return loc.getLine();
  return -1;
}

/// Returns what identifies `op` across passes: its location, unique to each
/// op the generator made and to each op a pass made of several (a fused
/// location of theirs).
const void *getKey(Operation *op) { return op->getLoc().getAsOpaquePointer(); }

/// Returns the functions with a body (declarations are left out).
SmallVector<func::FuncOp> getDefinedFunctions(ModuleOp module) {
  SmallVector<func::FuncOp> result;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      result.push_back(func);
  return result;
}

//===----------------------------------------------------------------------===//
// Program generator
//===----------------------------------------------------------------------===//

/// Builds a random valid program from the bytes of `data`.
class Generator {
public:
  Generator(MLIRContext *context, FuzzedDataProvider &data)
      : context(context), data(data), b(context) {}

  OwningOpRef<ModuleOp> build();

private:
  struct Group {
    std::string name;
    int64_t size;
  };
  /// What a collective start is made of, but its inputs.
  struct CollectiveConfig {
    size_t group = 0;
    CollectiveKind kind = CollectiveKind::AllGather;
    int64_t dim = 0, concatDim = 0, root = 0;
    ReductionKind reduction = ReductionKind::Sum;
    /// The element type of the entries, once the first one is made.
    Type element;
  };
  struct Pending {
    Operation *start;
    /// Buffer form: the storage of the inputs (no writes while in flight).
    SmallVector<Value> inputs;
  };

  Location next() { return idLoc(context, nextId++); }
  template <typename T> T pick(ArrayRef<T> values) {
    return values[data.ConsumeIntegralInRange<size_t>(0, values.size() - 1)];
  }
  Type pickElementType(bool reducible, bool collective);
  SmallVector<int64_t> pickShape(unsigned minRank);
  ShapedType makeType(ArrayRef<int64_t> shape, Type element);
  static bool isReducible(Type type);
  static bool isByteSized(Type type);
  static int64_t numElements(ArrayRef<int64_t> shape);
  /// The most elements of a value: 2^32, 2^52 in extreme programs (buffers
  /// of up to 2^55 bytes: far from overflowing, alone or summed).
  int64_t maxElements() const { return int64_t(1) << (extreme ? 52 : 32); }
  Value pickValue();
  CostAttr pickCost();
  Value allocOrEmpty(ShapedType type);
  void buildFunction(StringRef name);
  void buildCompute();
  void buildElementwise();
  void buildCollective();
  void buildPermute();
  void buildWait(size_t index);
  void buildLoop();
  void buildPipelinableLoop();
  void buildCall();
  /// Returns a value of the shape `shape` and element type `element` made
  /// from `source` by a new compute op.
  Value convert(Value source, ArrayRef<int64_t> shape, Type element);
  bool writable(Value buffer);

  MLIRContext *context;
  FuzzedDataProvider &data;
  OpBuilder b;
  ModuleOp module;
  unsigned nextId = 1;
  unsigned numCallees = 0;
  /// Huge shapes and costs (an eighth of the programs).
  bool extreme = false;
  SmallVector<Group> groups;
  bool bufferForm = false;
  SmallVector<Value> values;
  SmallVector<Pending> pending;
  /// The previous collective of the function.
  std::optional<CollectiveConfig> last;
};

bool Generator::isReducible(Type type) {
  return type.isInteger(8) || type.isInteger(32) || type.isInteger(64) ||
         isa<Float8E4M3FNType, Float8E5M2Type, Float16Type, BFloat16Type,
             Float32Type, Float64Type>(type);
}

bool Generator::isByteSized(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return isByteSized(complex.getElementType());
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() % 8 == 0;
  if (auto fp = dyn_cast<FloatType>(type))
    return fp.getWidth() % 8 == 0;
  return false;
}

int64_t Generator::numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (llvm::MulOverflow(n, d, n))
      return std::numeric_limits<int64_t>::max();
  return n;
}

Type Generator::pickElementType(bool reducible, bool collective) {
  Type reducibleTypes[] = {b.getIntegerType(8),
                           b.getIntegerType(32),
                           b.getIntegerType(64),
                           b.getType<Float8E4M3FNType>(),
                           b.getType<Float8E5M2Type>(),
                           b.getF16Type(),
                           b.getBF16Type(),
                           b.getF32Type(),
                           b.getF32Type(),
                           b.getF64Type()};
  if (reducible)
    return pick<Type>(reducibleTypes);
  Type others[] = {b.getIntegerType(16), ComplexType::get(b.getF32Type()),
                   b.getI1Type(), b.getIndexType()};
  unsigned numOthers = collective ? 2 : 4;
  size_t i = data.ConsumeIntegralInRange<size_t>(0, std::size(reducibleTypes) +
                                                        numOthers - 1);
  return i < std::size(reducibleTypes) ? reducibleTypes[i]
                                       : others[i - std::size(reducibleTypes)];
}

SmallVector<int64_t> Generator::pickShape(unsigned minRank) {
  static const int64_t dims[] = {1,  2,   3,   4,    6,    8,    16,
                                 32, 128, 256, 1024, 4096, 16384};
  static const int64_t hugeDims[] = {int64_t(1) << 20, int64_t(1) << 24,
                                     int64_t(1) << 28};
  unsigned rank = data.ConsumeIntegralInRange<unsigned>(minRank, 3);
  SmallVector<int64_t> shape;
  for (unsigned i = 0; i < rank; ++i)
    shape.push_back(extreme && data.ConsumeBool() ? pick<int64_t>(hugeDims)
                                                  : pick<int64_t>(dims));
  for (int64_t &d : shape)
    if (numElements(shape) > maxElements())
      d = 1;
  return shape;
}

ShapedType Generator::makeType(ArrayRef<int64_t> shape, Type element) {
  if (bufferForm)
    return MemRefType::get(shape, element);
  return RankedTensorType::get(shape, element);
}

Value Generator::pickValue() {
  return values[data.ConsumeIntegralInRange<size_t>(0, values.size() - 1)];
}

CostAttr Generator::pickCost() {
  auto field = [&](int64_t max) -> std::optional<int64_t> {
    if (data.ConsumeBool())
      return std::nullopt;
    if (extreme && data.ConsumeBool())
      max = std::numeric_limits<int64_t>::max();
    return data.ConsumeIntegralInRange<int64_t>(0, max);
  };
  switch (data.ConsumeIntegralInRange<int>(0, 3)) {
  case 0:
    return nullptr;
  case 1:
    return CostAttr::get(context, std::nullopt, std::nullopt, std::nullopt,
                         data.ConsumeIntegralInRange<int64_t>(0, 10000000));
  default:
    return CostAttr::get(context, field(int64_t(1) << 44),
                         field(int64_t(1) << 36), field(int64_t(1) << 36),
                         field(100000000));
  }
}

/// A fresh value of `type`: memref.alloc in the buffer form, tensor.empty
/// in the tensor form.
Value Generator::allocOrEmpty(ShapedType type) {
  if (auto memref = dyn_cast<MemRefType>(type))
    return memref::AllocOp::create(b, next(), memref);
  return tensor::EmptyOp::create(b, next(), type.getShape(),
                                 type.getElementType());
}

bool Generator::writable(Value buffer) {
  for (const Pending &p : pending)
    if (llvm::is_contained(p.inputs, buffer))
      return false;
  return true;
}

Value Generator::convert(Value source, ArrayRef<int64_t> shape, Type element) {
  ShapedType type = makeType(shape, element);
  StringRef kind = "convert";
  if (bufferForm) {
    Value out = allocOrEmpty(type);
    ComputeOp::create(b, next(), TypeRange(), kind, ValueRange{source},
                      ValueRange{out}, pickCost());
    return out;
  }
  return ComputeOp::create(b, next(), TypeRange{type}, kind, ValueRange{source},
                           ValueRange(), pickCost())
      .getResult(0);
}

void Generator::buildCompute() {
  static const StringLiteral kinds[] = {"matmul", "add",  "exp",
                                        "norm",   "attn", "gelu"};
  StringRef kind = pick<StringLiteral>(kinds);
  SmallVector<Value> ins;
  unsigned numIns = data.ConsumeIntegralInRange<unsigned>(0, 3);
  for (unsigned i = 0; i < numIns; ++i)
    ins.push_back(pickValue());
  // Tensor form: fresh results, or destinations (all results then have
  // one). Buffer form: memref outs and no results.
  bool destinations = bufferForm || data.ConsumeIntegralInRange<int>(0, 4) == 0;
  SmallVector<Value> outs;
  unsigned numResults = data.ConsumeIntegralInRange<unsigned>(1, 2);
  for (unsigned i = 0; i < numResults; ++i) {
    if (destinations && data.ConsumeIntegralInRange<int>(0, 2) == 0) {
      // An existing value, updated in place: never one a collective in
      // flight reads, nor one this op reads or writes already.
      Value dest = pickValue();
      bool usable =
          !bufferForm || (writable(dest) && !llvm::is_contained(ins, dest) &&
                          !llvm::is_contained(outs, dest));
      if (usable && cast<ShapedType>(dest.getType()).hasStaticShape()) {
        outs.push_back(dest);
        continue;
      }
    }
    ShapedType type = makeType(pickShape(0), pickElementType(false, false));
    outs.push_back(allocOrEmpty(type));
  }
  SmallVector<Type> resultTypes;
  if (!bufferForm)
    for (Value out : outs)
      resultTypes.push_back(out.getType());
  if (!destinations)
    outs.clear();
  // Fresh tensor results: sometimes with dynamic dimensions, bounded by
  // `sched.dim_bounds` (one list per result).
  SmallVector<Attribute> bounds;
  bool dynamic = false;
  if (!destinations && data.ConsumeIntegralInRange<int>(0, 5) == 0) {
    for (Type &type : resultTypes) {
      auto tensor = cast<RankedTensorType>(type);
      SmallVector<int64_t> shape(tensor.getShape());
      for (int64_t &d : shape)
        if (data.ConsumeBool()) {
          d = ShapedType::kDynamic;
          dynamic = true;
        }
      bounds.push_back(b.getDenseI64ArrayAttr(tensor.getShape()));
      type = RankedTensorType::get(shape, tensor.getElementType());
    }
  }
  auto op =
      ComputeOp::create(b, next(), resultTypes, kind, ins, outs, pickCost());
  if (dynamic)
    op->setAttr(SchedDialect::getDimBoundsAttrName(),
                bounds.size() == 1 ? bounds.front() : b.getArrayAttr(bounds));
  if (!dynamic && data.ConsumeIntegralInRange<int>(0, 4) == 0) {
    // A body: arguments for ins and outs; each result is its destination's
    // argument or a tensor.empty. An op has a region only if it is created
    // with one, and the fuzzer's bytes are read in the same order as before
    // bodies became a variadic region, so that the regression inputs still
    // make the same programs: create the op again, with its region.
    auto withBody =
        ComputeOp::create(b, op.getLoc(), resultTypes, op.getKindAttr(), ins,
                          outs, op.getCostAttr(), /*bodyCount=*/1);
    op.erase();
    op = withBody;
    Block *body = new Block();
    op.getBody().front().push_back(body);
    for (Value v : llvm::concat<Value>(ins, outs))
      body->addArgument(v.getType(), op.getLoc());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(body);
    SmallVector<Value> yielded;
    for (auto [i, type] : llvm::enumerate(resultTypes)) {
      if (!outs.empty()) {
        yielded.push_back(body->getArgument(ins.size() + i));
        continue;
      }
      auto shaped = cast<RankedTensorType>(type);
      yielded.push_back(tensor::EmptyOp::create(
          b, op.getLoc(), shaped.getShape(), shaped.getElementType()));
    }
    YieldOp::create(b, op.getLoc(), yielded);
  }
  if (bufferForm) {
    for (Value out : outs)
      if (!llvm::is_contained(values, out))
        values.push_back(out);
  } else {
    llvm::append_range(values, op.getResults());
  }
}

void Generator::buildElementwise() {
  Value v = pickValue();
  auto type = cast<RankedTensorType>(v.getType());
  Type element = type.getElementType();
  if (!type.hasStaticShape()) {
    // arith ops have no bounds to size a dynamic result with.
    values.push_back(allocOrEmpty(makeType(pickShape(0), element)));
  } else if (isa<FloatType>(element) || element.isIntOrIndex()) {
    Operation *op = isa<FloatType>(element)
                        ? arith::AddFOp::create(b, next(), v, v).getOperation()
                        : arith::AddIOp::create(b, next(), v, v).getOperation();
    // Ops of other dialects carry their cost as `sched.cost`.
    if (CostAttr cost = pickCost())
      op->setAttr(SchedDialect::getCostAttrName(), cost);
    values.push_back(op->getResult(0));
  } else {
    values.push_back(
        allocOrEmpty(makeType(pickShape(0), pickElementType(false, false))));
  }
}

void Generator::buildCollective() {
  // Half of the time the previous collective's kind, group, attributes and
  // element type again: what sched-bucket-collectives merges.
  if (!last || data.ConsumeBool()) {
    last = CollectiveConfig();
    last->group = data.ConsumeIntegralInRange<size_t>(0, groups.size() - 1);
    last->kind = static_cast<CollectiveKind>(data.ConsumeIntegralInRange<int>(
        0, static_cast<int>(CollectiveKind::Broadcast)));
    last->dim = data.ConsumeIntegralInRange<int64_t>(0, 2);
    last->concatDim = data.ConsumeIntegralInRange<int64_t>(0, 2);
    last->root =
        data.ConsumeIntegralInRange<int64_t>(0, groups[last->group].size - 1);
    last->reduction =
        static_cast<ReductionKind>(data.ConsumeIntegralInRange<int>(
            0, static_cast<int>(ReductionKind::Avg)));
  }
  const Group &group = groups[last->group];
  int64_t g = group.size;
  CollectiveKind kind = last->kind;
  int64_t dim = last->dim, concatDim = last->concatDim;
  bool reduces = kind == CollectiveKind::AllReduce ||
                 kind == CollectiveKind::ReduceScatter;
  unsigned numEntries = data.ConsumeIntegralInRange<int>(0, 3) == 0
                            ? data.ConsumeIntegralInRange<unsigned>(2, 3)
                            : 1;
  unsigned minRank = 0;
  if (kind == CollectiveKind::AllGather ||
      kind == CollectiveKind::ReduceScatter)
    minRank = dim + 1;
  if (kind == CollectiveKind::AllToAll)
    minRank = std::max(dim, concatDim) + 1;
  // The elements of an input: an all_gather's result is g times larger.
  int64_t limit = maxElements() / (kind == CollectiveKind::AllGather ? g : 1);
  auto fits = [&](ShapedType type) {
    if (!type.hasStaticShape() || type.getRank() < minRank)
      return false;
    Type element = type.getElementType();
    if (last->element ? element != last->element
        : reduces     ? !isReducible(element)
                      : !isByteSized(element))
      return false;
    ArrayRef<int64_t> shape = type.getShape();
    switch (kind) {
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::AllToAll:
      return shape[dim] % g == 0 && numElements(shape) <= limit;
    default:
      return numElements(shape) <= limit;
    }
  };
  SmallVector<Value> inputs, outputs;
  SmallVector<Type> resultTypes;
  for (unsigned i = 0; i < numEntries; ++i) {
    Value input = pickValue();
    auto type = cast<ShapedType>(input.getType());
    if (!fits(type)) {
      SmallVector<int64_t> shape = pickShape(minRank);
      bool divides = kind == CollectiveKind::ReduceScatter ||
                     kind == CollectiveKind::AllToAll;
      if (divides)
        shape[dim] = g * data.ConsumeIntegralInRange<int64_t>(1, 4);
      for (auto [d, extent] : llvm::enumerate(shape))
        if (numElements(shape) > limit && !(divides && int64_t(d) == dim))
          extent = 1;
      Type element =
          last->element ? last->element : pickElementType(reduces, true);
      input = convert(input, shape, element);
      type = cast<ShapedType>(input.getType());
    }
    last->element = type.getElementType();
    SmallVector<int64_t> shape(type.getShape());
    switch (kind) {
    case CollectiveKind::AllGather:
      shape[dim] *= g;
      break;
    case CollectiveKind::ReduceScatter:
      shape[dim] /= g;
      break;
    case CollectiveKind::AllToAll:
      shape[dim] /= g;
      shape[concatDim] *= g;
      break;
    default:
      break;
    }
    ShapedType resultType = makeType(shape, type.getElementType());
    inputs.push_back(input);
    resultTypes.push_back(resultType);
    if (bufferForm)
      outputs.push_back(allocOrEmpty(resultType));
  }
  auto future = FutureType::get(context, resultTypes);
  auto groupRef = FlatSymbolRefAttr::get(context, group.name);
  auto reduction = ReductionKindAttr::get(context, last->reduction);
  Location loc = next();
  Operation *start = nullptr;
  switch (kind) {
  case CollectiveKind::AllGather:
    start = AllGatherStartOp::create(b, loc, future, inputs, outputs, groupRef,
                                     b.getI64IntegerAttr(dim));
    break;
  case CollectiveKind::ReduceScatter:
    start =
        ReduceScatterStartOp::create(b, loc, future, inputs, outputs, groupRef,
                                     reduction, b.getI64IntegerAttr(dim));
    break;
  case CollectiveKind::AllReduce:
    start = AllReduceStartOp::create(b, loc, future, inputs, outputs, groupRef,
                                     reduction);
    break;
  case CollectiveKind::AllToAll:
    start = AllToAllStartOp::create(b, loc, future, inputs, outputs, groupRef,
                                    b.getI64IntegerAttr(dim),
                                    b.getI64IntegerAttr(concatDim));
    break;
  case CollectiveKind::Broadcast:
    start = BroadcastStartOp::create(b, loc, future, inputs, outputs, groupRef,
                                     b.getI64IntegerAttr(last->root));
    break;
  case CollectiveKind::CollectivePermute:
    // Built by buildPermute (pairs, not a reduction or a dimension).
    llvm_unreachable("collective permutes are built by buildPermute");
  }
  pending.push_back({start, bufferForm ? inputs : SmallVector<Value>()});
}

/// A sched.collective_permute_start on a random group: a random partial
/// permutation of the group's positions as its (source, target) pairs (each
/// position the source and the target of at most one pair, none at all
/// sometimes), one to three entries of any byte-sized type (each result the
/// type of its input). The pipeline-parallel steps' transfers are these.
void Generator::buildPermute() {
  const Group &group =
      groups[data.ConsumeIntegralInRange<size_t>(0, groups.size() - 1)];
  // Positions are those of group-relative ranks; large groups get pairs
  // among their first 16 positions (the verifier walks every pair).
  int64_t n = std::min<int64_t>(group.size, 16);
  SmallVector<int64_t> targets;
  for (int64_t i = 0; i < n; ++i)
    targets.push_back(i);
  for (int64_t i = n - 1; i > 0; --i)
    std::swap(targets[i], targets[data.ConsumeIntegralInRange<int64_t>(0, i)]);
  SmallVector<int64_t> pairs;
  for (int64_t source = 0; source < n; ++source)
    if (data.ConsumeBool()) {
      pairs.push_back(source);
      pairs.push_back(targets[source]);
    }
  unsigned numEntries = data.ConsumeIntegralInRange<unsigned>(1, 3);
  SmallVector<Value> inputs, outputs;
  SmallVector<Type> resultTypes;
  for (unsigned i = 0; i < numEntries; ++i) {
    Value input = pickValue();
    auto type = cast<ShapedType>(input.getType());
    if (!type.hasStaticShape() || !isByteSized(type.getElementType()) ||
        numElements(type.getShape()) > maxElements()) {
      input = convert(input, pickShape(0), pickElementType(false, true));
      type = cast<ShapedType>(input.getType());
    }
    ShapedType resultType = makeType(type.getShape(), type.getElementType());
    inputs.push_back(input);
    resultTypes.push_back(resultType);
    if (bufferForm)
      outputs.push_back(allocOrEmpty(resultType));
  }
  auto start = CollectivePermuteStartOp::create(
      b, next(), FutureType::get(context, resultTypes), inputs, outputs,
      FlatSymbolRefAttr::get(context, group.name),
      b.getDenseI64ArrayAttr(pairs));
  pending.push_back({start, bufferForm ? inputs : SmallVector<Value>()});
}

void Generator::buildWait(size_t index) {
  Pending p = pending[index];
  pending.erase(pending.begin() + index);
  auto wait = WaitOp::create(b, next(), p.start->getResult(0));
  llvm::append_range(values, wait.getResults());
}

/// An scf.for whose body computes (and maybe all-reduces) an iter_arg in
/// the tensor form, or writes a buffer in the buffer form.
void Generator::buildLoop() {
  auto constant = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, next(), v).getResult();
  };
  Value lb = constant(0);
  Value ub = constant(data.ConsumeIntegralInRange<int64_t>(1, 4));
  Value step = constant(1);
  Value captured = pickValue();
  if (bufferForm) {
    Value dest = pickValue();
    if (!writable(dest) || dest == captured)
      return;
    scf::ForOp::create(b, next(), lb, ub, step, ValueRange(),
                       [&](OpBuilder &nested, Location loc, Value, ValueRange) {
                         ComputeOp::create(nested, loc, TypeRange(),
                                           "loop_body", ValueRange{captured},
                                           ValueRange{dest}, pickCost());
                         scf::YieldOp::create(nested, loc);
                       });
    return;
  }
  Value init = pickValue();
  auto type = cast<ShapedType>(init.getType());
  if (!type.hasStaticShape())
    return;
  const Group &group =
      groups[data.ConsumeIntegralInRange<size_t>(0, groups.size() - 1)];
  bool reduce = isReducible(type.getElementType()) && data.ConsumeBool();
  auto loop = scf::ForOp::create(
      b, next(), lb, ub, step, ValueRange{init},
      [&](OpBuilder &nested, Location loc, Value, ValueRange args) {
        Value x = ComputeOp::create(nested, loc, TypeRange{type}, "loop_body",
                                    ValueRange{args[0], captured}, ValueRange(),
                                    pickCost())
                      .getResult(0);
        if (reduce) {
          auto start = AllReduceStartOp::create(
              nested, loc, FutureType::get(context, {type}), ValueRange{x},
              ValueRange(), FlatSymbolRefAttr::get(context, group.name),
              ReductionKindAttr::get(context, ReductionKind::Sum));
          x = WaitOp::create(nested, loc, start.getFuture()).getResult(0);
        }
        scf::YieldOp::create(nested, loc, x);
      });
  values.push_back(loop.getResult(0));
}

/// An scf.for that sched-pipeline-loop-collectives can pipeline (tensor
/// form): 2 to 6 iterations whose body gathers a loop-invariant value (what
/// starts iterations ahead), computes the iteration's value with it and
/// all-reduces that value into an accumulator only the sum reads (a wait
/// that sinks into the next iteration); half of the loops also carry an
/// all-reduce's future from one iteration to the next (started before the
/// loop, waited in the body and after the loop). Every op has its own
/// location.
void Generator::buildPipelinableLoop() {
  Value init = pickValue();
  auto type = dyn_cast<RankedTensorType>(init.getType());
  if (!type || !type.hasStaticShape() || type.getRank() < 1 ||
      !isReducible(type.getElementType()))
    return;
  const Group &group =
      groups[data.ConsumeIntegralInRange<size_t>(0, groups.size() - 1)];
  SmallVector<int64_t> gathered(type.getShape());
  gathered[0] *= group.size;
  if (numElements(gathered) > maxElements())
    return;
  auto gatheredType = RankedTensorType::get(gathered, type.getElementType());
  auto groupRef = FlatSymbolRefAttr::get(context, group.name);
  auto sum = ReductionKindAttr::get(context, ReductionKind::Sum);
  auto futureOf = [&](Type t) { return FutureType::get(context, {t}); };
  auto constant = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, next(), v).getResult();
  };
  Value lb = constant(0);
  Value ub = constant(data.ConsumeIntegralInRange<int64_t>(2, 6));
  Value step = constant(1);
  Value shard = convert(pickValue(), type.getShape(), type.getElementType());
  bool carry = data.ConsumeBool();
  SmallVector<Value> inits{init, init};
  if (carry)
    inits.push_back(AllReduceStartOp::create(b, next(), futureOf(type),
                                             ValueRange{init}, ValueRange(),
                                             groupRef, sum)
                        .getFuture());
  auto loop = scf::ForOp::create(
      b, next(), lb, ub, step, inits,
      [&](OpBuilder &nested, Location, Value, ValueRange args) {
        auto gather = AllGatherStartOp::create(
            nested, next(), futureOf(gatheredType), ValueRange{shard},
            ValueRange(), groupRef, nested.getI64IntegerAttr(0));
        SmallVector<Value> ins{
            args[0],
            WaitOp::create(nested, next(), gather.getFuture()).getResult(0)};
        if (carry)
          ins.push_back(WaitOp::create(nested, next(), args[2]).getResult(0));
        Value y = ComputeOp::create(nested, next(), TypeRange{type},
                                    "loop_layer", ins, ValueRange(), pickCost())
                      .getResult(0);
        auto reduce = AllReduceStartOp::create(nested, next(), futureOf(type),
                                               ValueRange{y}, ValueRange(),
                                               groupRef, sum);
        Value reduced =
            WaitOp::create(nested, next(), reduce.getFuture()).getResult(0);
        SmallVector<Value> yielded{
            y, ComputeOp::create(nested, next(), TypeRange{type}, "loop_acc",
                                 ValueRange{args[1], reduced}, ValueRange(),
                                 pickCost())
                   .getResult(0)};
        if (carry)
          yielded.push_back(AllReduceStartOp::create(
                                nested, next(), futureOf(type), ValueRange{y},
                                ValueRange(), groupRef, sum)
                                .getFuture());
        scf::YieldOp::create(nested, next(), yielded);
      });
  values.push_back(loop.getResult(0));
  values.push_back(loop.getResult(1));
  if (carry)
    values.push_back(WaitOp::create(b, next(), loop.getResult(2)).getResult(0));
}

/// A call of an external function (effects unknown to the analyses).
void Generator::buildCall() {
  SmallVector<Value> args;
  unsigned numArgs = data.ConsumeIntegralInRange<unsigned>(0, 2);
  for (unsigned i = 0; i < numArgs; ++i)
    args.push_back(pickValue());
  SmallVector<Type> resultTypes;
  if (!bufferForm && data.ConsumeBool())
    resultTypes.push_back(
        makeType(pickShape(0), pickElementType(false, false)));
  std::string name = "ext" + std::to_string(numCallees++);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto callee = func::FuncOp::create(
        b, next(), name,
        b.getFunctionType(ValueRange(args).getTypes(), resultTypes));
    callee.setPrivate();
  }
  auto call = func::CallOp::create(b, next(), name, resultTypes, args);
  if (CostAttr cost = pickCost())
    call->setAttr(SchedDialect::getCostAttrName(), cost);
  llvm::append_range(values, call.getResults());
}

void Generator::buildFunction(StringRef name) {
  bufferForm = data.ConsumeIntegralInRange<int>(0, 2) == 0;
  values.clear();
  pending.clear();
  last.reset();
  SmallVector<Type> argTypes;
  unsigned numArgs = data.ConsumeIntegralInRange<unsigned>(1, 4);
  for (unsigned i = 0; i < numArgs; ++i)
    argTypes.push_back(makeType(pickShape(0), pickElementType(false, false)));
  auto func =
      func::FuncOp::create(b, next(), name, b.getFunctionType(argTypes, {}));
  Block *body = func.addEntryBlock();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(body);
  llvm::append_range(values, body->getArguments());

  unsigned numSteps = data.ConsumeIntegralInRange<unsigned>(1, 32);
  for (unsigned step = 0; step < numSteps && data.remaining_bytes(); ++step) {
    int choice = data.ConsumeIntegralInRange<int>(0, 9);
    if (!pending.empty() && choice < 3) {
      buildWait(data.ConsumeIntegralInRange<size_t>(0, pending.size() - 1));
    } else if (choice < 6) {
      // A sixth of the collectives are permutes (buildPermute).
      if (data.ConsumeIntegralInRange<int>(0, 5) == 0)
        buildPermute();
      else
        buildCollective();
    } else if (choice == 6 && !bufferForm) {
      buildElementwise();
    } else if (choice == 7 && data.ConsumeBool()) {
      if (data.ConsumeBool())
        buildLoop();
      else
        buildCall();
    } else if (choice == 8 && !bufferForm &&
               data.ConsumeIntegralInRange<int>(0, 3) == 0) {
      buildPipelinableLoop();
    } else {
      buildCompute();
    }
  }
  while (!pending.empty())
    buildWait(data.ConsumeIntegralInRange<size_t>(0, pending.size() - 1));
  SmallVector<Value> results;
  unsigned numResults = data.ConsumeIntegralInRange<unsigned>(0, 3);
  for (unsigned i = 0; i < numResults; ++i)
    results.push_back(pickValue());
  func::ReturnOp::create(b, next(), results);
  func.setFunctionType(
      b.getFunctionType(argTypes, ValueRange(results).getTypes()));
}

OwningOpRef<ModuleOp> Generator::build() {
  OwningOpRef<ModuleOp> result = ModuleOp::create(next());
  module = *result;
  extreme = data.ConsumeIntegralInRange<int>(0, 7) == 0;
  ArrayRef<StringRef> presets = TargetAttr::getPresetNames();
  module->setAttr(SchedDialect::getTargetAttrName(),
                  TargetAttr::getPreset(context, pick<StringRef>(presets)));
  b.setInsertionPointToEnd(module.getBody());
  static const int64_t sizes[] = {1, 2, 3, 4, 8, 16, 64, 256, 4096};
  unsigned numGroups = data.ConsumeIntegralInRange<unsigned>(1, 3);
  for (unsigned i = 0; i < numGroups; ++i) {
    Group group{"g" + std::to_string(i), pick<int64_t>(sizes)};
    DenseI64ArrayAttr ranks;
    if (data.ConsumeIntegralInRange<int>(0, 3) == 0) {
      int64_t offset = data.ConsumeIntegralInRange<int64_t>(0, 64);
      int64_t stride = data.ConsumeIntegralInRange<int64_t>(1, 8);
      SmallVector<int64_t> list;
      for (int64_t r = 0; r < group.size; ++r)
        list.push_back(offset + r * stride);
      ranks = b.getDenseI64ArrayAttr(list);
    }
    IntegerAttr ranksPerNode;
    if (data.ConsumeBool())
      ranksPerNode =
          b.getI64IntegerAttr(data.ConsumeIntegralInRange<int64_t>(1, 16));
    ProcessGroupOp::create(b, next(), b.getStringAttr(group.name),
                           b.getI64IntegerAttr(group.size), ranks,
                           ranksPerNode);
    groups.push_back(group);
  }
  buildFunction("step");
  if (data.ConsumeIntegralInRange<int>(0, 4) == 0)
    buildFunction("other");
  return result;
}

//===----------------------------------------------------------------------===//
// Measurements
//===----------------------------------------------------------------------===//

constexpr int64_t kMaxBytes = std::numeric_limits<int64_t>::max();

/// Returns `a + b` for non-negative numbers, saturated.
int64_t addSaturated(int64_t a, int64_t b) {
  return a > kMaxBytes - b ? kMaxBytes : a + b;
}

/// Prints a time exactly.
std::string us(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.17g", value);
  return text;
}

struct Metrics {
  double makespanUs = 0, exposedUs = 0;
  int64_t peak = 0;
};

/// Simulates and sizes a function body in program order.
std::optional<Metrics> evaluate(func::FuncOp func) {
  if (!func.getBody().hasOneBlock())
    return std::nullopt;
  TargetAttr target = TargetAttr::lookup(func);
  if (!target)
    return std::nullopt;
  Block &body = func.getBody().front();
  CostModel model(target);
  // A function whose loops, branches or regions do work is judged as the
  // scheduling passes judge it (docs/passes/ScheduleOverlap.md): with its
  // control flow simulated, loops as their iterations.
  bool nestedWork = hasNestedWork(body);
  FailureOr<SimResult> result = failure();
  if (nestedWork) {
    FailureOr<ProgramSimulation> program = buildProgramSimulation(body, model);
    if (failed(program))
      return std::nullopt;
    result = simulate(program->sim.simOps);
  } else {
    FailureOr<BlockSimulation> sim = buildBlockSimulation(body, model);
    if (failed(sim))
      return std::nullopt;
    result = simulate(sim->simOps);
  }
  if (failed(result))
    return std::nullopt;
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  if (failed(liveness))
    return std::nullopt;
  MemoryProfile memory(liveness->getProblem(), liveness->getProgramOrder());
  return Metrics{result->makespanUs, result->exposedCommUs, memory.getPeak()};
}

/// What a reordering pass must keep of an op: its name, attributes, result
/// types and operands (by defining op id and result number, or argument).
struct Signature {
  OperationName name;
  DictionaryAttr attrs;
  SmallVector<Type> resultTypes;
  SmallVector<std::pair<const void *, unsigned>> operands;
  bool operator==(const Signature &other) const {
    return name == other.name && attrs == other.attrs &&
           resultTypes == other.resultTypes && operands == other.operands;
  }
};

Signature getSignature(Operation *op) {
  Signature s{op->getName(),
              op->getAttrDictionary(),
              SmallVector<Type>(op->getResultTypes()),
              {}};
  for (Value v : op->getOperands()) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      s.operands.push_back({nullptr, arg.getArgNumber()});
    else
      s.operands.push_back(
          {getKey(v.getDefiningOp()), cast<OpResult>(v).getResultNumber()});
  }
  return s;
}

/// One access to a buffer: which op (a key stable across passes), whether
/// it writes, and where it is in the block.
struct Access {
  std::string key;
  bool write;
  unsigned position;
};

/// Returns the storage a memref value lives in: a wait's result is the
/// destination of its collective.
Value getStorage(Value v) {
  while (auto result = dyn_cast<OpResult>(v)) {
    auto wait = dyn_cast<WaitOp>(result.getOwner());
    if (!wait)
      break;
    auto start = wait.getFuture().getDefiningOp<CollectiveOpInterface>();
    if (!start || start.getOutputs().empty())
      break;
    v = start.getOutputs()[result.getResultNumber()];
  }
  return v;
}

std::string storageKey(Value v) {
  v = getStorage(v);
  if (auto arg = dyn_cast<BlockArgument>(v))
    return "arg" + std::to_string(arg.getArgNumber());
  return "op" + std::to_string(getId(v.getDefiningOp())) + "." +
         std::to_string(cast<OpResult>(v).getResultNumber());
}

/// One memref access of an op: the storage, a key naming the op (stable
/// across passes), and whether it writes.
struct OpAccess {
  std::string storage, key;
  bool write;
};

/// Returns the memref accesses of `op`: compute reads its ins and writes its
/// outs; a collective entry reads its input and writes its destination at
/// its start and at its wait; the terminator reads what it returns.
SmallVector<OpAccess> getOpAccesses(Operation *op) {
  SmallVector<OpAccess> accesses;
  auto add = [&](Value v, const std::string &key, bool write) {
    if (isa<MemRefType>(v.getType()))
      accesses.push_back({storageKey(v), key, write});
  };
  auto addEntries = [&](CollectiveOpInterface start, StringRef phase) {
    for (auto [in, out] : llvm::zip(start.getInputs(), start.getOutputs())) {
      std::string key = phase.str() + ":" + storageKey(out);
      add(in, key, false);
      add(out, key, true);
    }
  };
  if (auto compute = dyn_cast<ComputeOp>(op)) {
    std::string key = "compute" + std::to_string(getId(op));
    for (Value v : compute.getIns())
      add(v, key, false);
    for (Value v : compute.getOuts())
      add(v, key, true);
  } else if (auto start = dyn_cast<CollectiveOpInterface>(op)) {
    addEntries(start, "start");
  } else if (auto wait = dyn_cast<WaitOp>(op)) {
    // A future carried through a loop (an iter_arg) has its start outside
    // this block; its entries are accessed there.
    if (auto start = wait.getFuture().getDefiningOp<CollectiveOpInterface>())
      addEntries(start, "wait");
  } else if (isa<func::ReturnOp>(op)) {
    for (Value v : op->getOperands())
      add(v, "return", false);
  } else if (isa<func::CallOp>(op)) {
    // Unknown effects: it may write what it is given.
    for (Value v : op->getOperands())
      add(v, "call" + std::to_string(getId(op)), true);
  } else if (op->getNumRegions()) {
    // A loop: the accesses of the ops in its body, as its own.
    std::string key = "region" + std::to_string(getId(op));
    op->walk([&](Operation *nested) {
      if (nested == op)
        return;
      for (OpAccess &a : getOpAccesses(nested)) {
        a.key = key;
        accesses.push_back(a);
      }
    });
  }
  return accesses;
}

/// The memref accesses of a block, by storage.
std::map<std::string, std::vector<Access>> getAccesses(Block &block) {
  std::map<std::string, std::vector<Access>> accesses;
  for (auto [position, op] : llvm::enumerate(block))
    for (OpAccess &a : getOpAccesses(&op))
      accesses[a.storage].push_back(
          {a.key, a.write, static_cast<unsigned>(position)});
  return accesses;
}

//===----------------------------------------------------------------------===//
// Self-test
//===----------------------------------------------------------------------===//

/// With SCHED_PIPELINE_FUZZER_BREAK set, the output of
/// sched-schedule-overlap is broken on purpose before it is checked, so
/// that test/Fuzz/pipeline-fuzzer-selftest.test can show that the checks
/// catch what they should: `memory` swaps two adjacent ops that SSA lets
/// swap but that access one buffer, one of them writing; `slower` moves
/// every wait right after its start; `peak` moves every start of a tensor
/// function right after the ops that define its inputs (and the previous
/// start).
enum class Break { None, Memory, Slower, Peak };

Break getBreakMode() {
  static const Break mode = [] {
    const char *env = std::getenv("SCHED_PIPELINE_FUZZER_BREAK");
    StringRef name = env ? env : "";
    if (name == "memory")
      return Break::Memory;
    if (name == "slower")
      return Break::Slower;
    if (name == "peak")
      return Break::Peak;
    return Break::None;
  }();
  return mode;
}

/// Returns true if `user` or an op nested in it uses a result of `def`.
bool usesResultOf(Operation *user, Operation *def) {
  bool uses = false;
  user->walk([&](Operation *nested) {
    for (Value v : nested->getOperands())
      if (v.getDefiningOp() == def)
        uses = true;
  });
  return uses;
}

void breakOnPurpose(ModuleOp module) {
  for (func::FuncOp func : getDefinedFunctions(module)) {
    Block &body = func.getBody().front();
    switch (getBreakMode()) {
    case Break::None:
      return;
    case Break::Memory:
      for (Operation &op : body) {
        Operation *next = op.getNextNode();
        if (!next || next->hasTrait<OpTrait::IsTerminator>())
          break;
        if (usesResultOf(next, &op))
          continue;
        for (const OpAccess &a : getOpAccesses(&op))
          for (const OpAccess &b : getOpAccesses(next))
            if (a.storage == b.storage && (a.write || b.write)) {
              next->moveBefore(&op);
              return;
            }
      }
      break;
    case Break::Slower:
      for (auto wait : llvm::make_early_inc_range(body.getOps<WaitOp>()))
        wait->moveAfter(wait.getFuture().getDefiningOp());
      break;
    case Break::Peak:
      if (llvm::any_of(func.getArgumentTypes(), llvm::IsaPred<MemRefType>))
        break;
      // The starts keep their order (keep-collective-order is checked too).
      Operation *previous = nullptr;
      for (auto start :
           llvm::make_early_inc_range(body.getOps<CollectiveOpInterface>())) {
        Operation *op = start.getOperation();
        Operation *last = previous;
        for (Value v : op->getOperands())
          if (Operation *def = v.getDefiningOp())
            if (!last || last->isBeforeInBlock(def))
              last = def;
        if (last)
          op->moveAfter(last);
        else
          op->moveBefore(&body.front());
        previous = op;
      }
      break;
    }
  }
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

/// The state of one function before a pass.
struct FunctionState {
  std::string name;
  Metrics metrics;
  std::vector<const void *> order; // op keys in program order
  std::map<const void *, Signature> signatures;
  std::map<std::string, std::vector<Access>> accesses;
  /// Collective entries: kind, group and attributes, input and result type.
  std::multiset<std::string> entries;
};

std::string describeEntry(Operation *start, unsigned i) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << start->getName() << " ";
  for (NamedAttribute attr : start->getAttrDictionary())
    if (attr.getName() != "operandSegmentSizes")
      os << attr.getName() << "=" << attr.getValue() << " ";
  auto op = cast<CollectiveOpInterface>(start);
  os << op.getInputs()[i].getType() << " -> "
     << op.getFuture().getType().getValueTypes()[i];
  return text;
}

class Checker {
public:
  Checker(MLIRContext *context, std::string input)
      : context(context), input(std::move(input)) {}

  /// Records the input: fails if the analyses reject it (then the passes
  /// are not run).
  LogicalResult record(ModuleOp module);

  /// Runs `sched-verify-schedule` with `maxInFlight` on a copy of `module`.
  bool verifySchedule(ModuleOp module, int64_t maxInFlight);

  /// Checks what holds after any pass that succeeded.
  void checkCommon(ModuleOp after, StringRef step);

  void checkReorderOnly(ModuleOp after, StringRef step);
  void checkPeak(ModuleOp after, StringRef step,
                 std::function<int64_t(const FunctionState &)> limit);
  void checkKeptOps(ModuleOp after, StringRef step,
                    std::function<bool(Operation *)> mustKeep, ModuleOp before);
  void checkEntries(ModuleOp after, StringRef step);

  const FunctionState &getState(StringRef name) const {
    return *llvm::find_if(
        functions, [&](const FunctionState &f) { return f.name == name; });
  }
  ArrayRef<FunctionState> getFunctions() const { return functions; }

  [[noreturn]] void fail(const Twine &message, Operation *op) {
    fuzz::reportBug(message, op, input);
  }
  /// Sets the text printed as the input of the step under test.
  void setInput(std::string text) { input = std::move(text); }

private:
  MLIRContext *context;
  std::string input;
  std::vector<FunctionState> functions;
  /// Whether sched-verify-schedule (without a cap) passes on the input.
  bool hazardFree = false;
};

LogicalResult Checker::record(ModuleOp module) {
  functions.clear();
  for (func::FuncOp func : getDefinedFunctions(module)) {
    std::optional<Metrics> metrics = evaluate(func);
    if (!metrics)
      return failure();
    FunctionState state;
    state.name = func.getName().str();
    state.metrics = *metrics;
    Block &body = func.getBody().front();
    for (Operation &op : body) {
      state.order.push_back(getKey(&op));
      state.signatures.emplace(getKey(&op), getSignature(&op));
      if (auto start = dyn_cast<CollectiveOpInterface>(op))
        for (unsigned i = 0, e = start.getInputs().size(); i < e; ++i)
          state.entries.insert(describeEntry(&op, i));
    }
    state.accesses = getAccesses(body);
    functions.push_back(std::move(state));
  }
  hazardFree = verifySchedule(module, 0);
  return success();
}

bool Checker::verifySchedule(ModuleOp module, int64_t maxInFlight) {
  OwningOpRef<ModuleOp> copy = module.clone();
  // Checked with `maxInFlight` alone: not with the cap sched-schedule-overlap
  // recorded for the later stages (sched.max_in_flight, which the verifier
  // reads where set).
  copy->walk([](func::FuncOp func) {
    func->removeDiscardableAttr(SchedDialect::getMaxInFlightAttrName());
  });
  PassManager pm(context, ModuleOp::getOperationName());
  SchedVerifyScheduleOptions options;
  options.maxInFlight = maxInFlight;
  pm.addNestedPass<func::FuncOp>(createSchedVerifySchedule(options));
  return succeeded(pm.run(*copy));
}

void Checker::checkCommon(ModuleOp after, StringRef step) {
  if (failed(verify(after)))
    fail(Twine(step) + ": the output does not verify", after);
  fuzz::checkFutures(after, step);
  for (func::FuncOp func : getDefinedFunctions(after)) {
    const FunctionState &before = getState(func.getName());
    if (!evaluate(func))
      fail(Twine(step) + ": the analyses reject the output of @" +
               func.getName(),
           func);
    // Memory dependences: accesses of which one writes keep their order.
    std::map<std::string, std::vector<Access>> now =
        getAccesses(func.getBody().front());
    for (const auto &[storage, list] : before.accesses) {
      llvm::StringMap<unsigned> position;
      for (const Access &a : now[storage])
        position[a.key] = a.position;
      for (const Access &a : list)
        if (!position.count(a.key))
          fail(Twine(step) + ": in @" + func.getName() + ", the access '" +
                   a.key + "' to " + storage + " is gone",
               func);
      for (size_t i = 0; i < list.size(); ++i)
        for (size_t j = i + 1; j < list.size(); ++j) {
          const Access &x = list[i], &y = list[j];
          if (x.key == y.key || (!x.write && !y.write) ||
              x.position == y.position)
            continue;
          if (position[x.key] >= position[y.key])
            fail(Twine(step) + ": in @" + func.getName() + ", '" + x.key +
                     "' and '" + y.key + "' access " + storage +
                     " (one writes) and changed order",
                 func);
        }
    }
  }
  if (hazardFree && !verifySchedule(after, 0))
    fail(Twine(step) + ": sched-verify-schedule fails on the output, not on "
                       "the input",
         after);
}

void Checker::checkReorderOnly(ModuleOp after, StringRef step) {
  for (func::FuncOp func : getDefinedFunctions(after)) {
    const FunctionState &before = getState(func.getName());
    std::vector<const void *> keys;
    for (Operation &op : func.getBody().front()) {
      const void *key = getKey(&op);
      keys.push_back(key);
      auto it = before.signatures.find(key);
      if (it == before.signatures.end())
        fail(Twine(step) + ": @" + func.getName() +
                 " has an op that was not in the input",
             &op);
      if (!(it->second == getSignature(&op)))
        fail(Twine(step) + ": an op of @" + func.getName() +
                 " changed (operands, attributes or types)",
             &op);
    }
    std::vector<const void *> sortedBefore = before.order, sortedAfter = keys;
    llvm::sort(sortedBefore);
    llvm::sort(sortedAfter);
    if (sortedBefore != sortedAfter)
      fail(Twine(step) + ": @" + func.getName() + " lost or duplicated ops",
           func);
  }
}

void Checker::checkPeak(ModuleOp after, StringRef step,
                        std::function<int64_t(const FunctionState &)> limit) {
  for (func::FuncOp func : getDefinedFunctions(after)) {
    const FunctionState &before = getState(func.getName());
    int64_t peak = evaluate(func)->peak;
    int64_t max = limit(before);
    if (peak > max)
      fail(Twine(step) + ": the peak of @" + func.getName() + " is " +
               Twine(peak) + " bytes, over the limit of " + Twine(max) +
               " (input: " + Twine(before.metrics.peak) + ")",
           func);
  }
}

void Checker::checkKeptOps(ModuleOp after, StringRef step,
                           std::function<bool(Operation *)> mustKeep,
                           ModuleOp before) {
  for (func::FuncOp func : getDefinedFunctions(before)) {
    std::map<const void *, int> found;
    for (Operation &op : func.getBody().front())
      if (mustKeep(&op))
        found[getKey(&op)] = 0;
    auto out = after.lookupSymbol<func::FuncOp>(func.getName());
    for (Operation &op : out.getBody().front()) {
      auto it = found.find(getKey(&op));
      if (it != found.end())
        ++it->second;
    }
    for (Operation &op : func.getBody().front())
      if (mustKeep(&op) && found[getKey(&op)] != 1)
        fail(Twine(step) + ": an op of @" + func.getName() + " (" +
                 op.getName().getStringRef() + ") is in " +
                 Twine(found[getKey(&op)]) +
                 " ops of the output, not one, or changed",
             out);
  }
}

void Checker::checkEntries(ModuleOp after, StringRef step) {
  for (func::FuncOp func : getDefinedFunctions(after)) {
    std::multiset<std::string> entries;
    for (Operation &op : func.getBody().front())
      if (auto start = dyn_cast<CollectiveOpInterface>(op))
        for (unsigned i = 0, e = start.getInputs().size(); i < e; ++i)
          entries.insert(describeEntry(&op, i));
    if (entries != getState(func.getName()).entries)
      fail(Twine(step) + ": the collective entries of @" + func.getName() +
               " changed",
           func);
  }
}

//===----------------------------------------------------------------------===//
// The passes under test
//===----------------------------------------------------------------------===//

std::string print(ModuleOp module);

/// With SCHED_PIPELINE_FUZZER_STATS set, how often each pass ran, failed
/// (with a diagnostic) and changed the program is printed at exit: the
/// checks only mean something if the passes do work on these programs.
struct PassStats {
  unsigned runs = 0, failures = 0, changes = 0;
};

std::map<std::string, PassStats> *getStats() {
  static std::map<std::string, PassStats> *stats = [] {
    if (!std::getenv("SCHED_PIPELINE_FUZZER_STATS"))
      return static_cast<std::map<std::string, PassStats> *>(nullptr);
    auto *result = new std::map<std::string, PassStats>();
    std::atexit([] {
      for (const auto &[name, s] : *getStats())
        llvm::errs() << "sched-pipeline-fuzzer: " << name << ": " << s.runs
                     << " runs, " << s.failures << " failed, " << s.changes
                     << " changed the program\n";
    });
    return result;
  }();
  return stats;
}

/// Runs `build`'s passes (nested on functions) on `module`; `name` names
/// them in the statistics.
LogicalResult runPasses(ModuleOp module, StringRef name,
                        const std::function<void(OpPassManager &)> &build) {
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  pm.enableVerifier(false);
  pm.addInstrumentation(std::make_unique<fuzz::VerifyAfterEachPass>());
  build(pm.nest<func::FuncOp>());
  std::map<std::string, PassStats> *stats = getStats();
  if (!stats)
    return pm.run(module);
  std::string before = print(module);
  LogicalResult result = pm.run(module);
  PassStats &s = (*stats)[name.str()];
  ++s.runs;
  if (failed(result))
    ++s.failures;
  else if (print(module) != before)
    ++s.changes;
  return result;
}

std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os, OpPrintingFlags().enableDebugInfo());
  return text;
}

/// Random options of every pass, drawn before the program.
struct Options {
  SchedReorderForMemoryOptions reorder;
  SchedFuseComputeOptions fuse;
  SchedScheduleOverlapOptions overlap;
  /// Overlap: memory-budget as a fraction of the input's peak (0: none).
  double budgetFraction = 0;
  SchedBucketCollectivesOptions bucket;
  /// Run the pipeline (a third of the inputs), with reordering (a quarter of
  /// those): the pipeline's sched-reorder-for-memory has the default exact
  /// solver limits (a million states per window), which on 30 ops can take
  /// seconds under the sanitizers; the pass alone is run on every input with
  /// smaller limits.
  bool pipeline = false;
  bool pipelineFuse = false, pipelineBucket = false, pipelineReorder = true;
  int64_t pipelineMaxInFlight = 2;
  double pipelineSlack = 0.05;
  /// sched-pipeline's keep-collective-order: its verifier then checks the
  /// recorded order of every group.
  bool pipelineKeepOrder = false;
};

Options pickOptions(FuzzedDataProvider &data) {
  // An eighth of the values of most options are extreme: what a user may
  // type, which the passes must diagnose or handle.
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  auto extreme = [&] { return data.ConsumeIntegralInRange<int>(0, 7) == 0; };
  Options o;
  o.reorder.exactMaxOps = data.ConsumeIntegralInRange<unsigned>(0, 64);
  o.reorder.exactMaxStates = data.ConsumeIntegralInRange<uint64_t>(0, 20000);
  o.reorder.exactWindows = data.ConsumeIntegralInRange<unsigned>(0, 8);

  static const FusionMemoryGuard guards[] = {FusionMemoryGuard::Exact,
                                             FusionMemoryGuard::Heuristic,
                                             FusionMemoryGuard::None};
  o.fuse.memoryGuard = guards[data.ConsumeIntegralInRange<int>(0, 2)];
  o.fuse.tolerance =
      data.ConsumeBool()
          ? 0
          : data.ConsumeIntegralInRange<int64_t>(0, extreme() ? kMax : 1 << 20);
  o.fuse.heuristicFactor =
      data.ConsumeFloatingPointInRange<double>(0, extreme() ? 1e300 : 64);
  o.fuse.maxFusedOps = data.ConsumeIntegralInRange<unsigned>(1, 64);
  o.fuse.siblingCandidates = data.ConsumeIntegralInRange<unsigned>(0, 16);
  if (data.ConsumeBool())
    o.fuse.excludeKinds.push_back("matmul");
  if (data.ConsumeBool())
    o.fuse.excludeKinds.push_back("exp");

  o.overlap.maxInFlight =
      data.ConsumeIntegralInRange<int64_t>(1, extreme() ? kMax : 4);
  switch (data.ConsumeIntegralInRange<int>(0, 4)) {
  case 0:
    o.overlap.memorySlack = 0.05;
    break;
  case 1:
    o.overlap.memorySlack = 0;
    break;
  case 2:
    o.overlap.memorySlack = data.ConsumeFloatingPointInRange<double>(0, 2);
    break;
  case 3:
    o.budgetFraction = data.ConsumeFloatingPointInRange<double>(0.01, 2);
    break;
  case 4:
    o.overlap.memorySlack = data.ConsumeFloatingPointInRange<double>(0, 1e30);
    break;
  }
  o.overlap.keepCollectiveOrder = data.ConsumeIntegralInRange<int>(0, 3) == 0;
  o.overlap.explain = data.ConsumeBool();

  o.bucket.bucketCapBytes =
      data.ConsumeBool()
          ? 268435456
          : data.ConsumeIntegralInRange<int64_t>(1, extreme() ? kMax : 1 << 30);
  o.bucket.window =
      data.ConsumeBool()
          ? 1000
          : data.ConsumeIntegralInRange<int64_t>(1, extreme() ? kMax : 16);

  o.pipeline = data.ConsumeIntegralInRange<int>(0, 2) == 0;
  o.pipelineFuse = data.ConsumeIntegralInRange<int>(0, 3) == 0;
  o.pipelineBucket = data.ConsumeBool();
  o.pipelineReorder = data.ConsumeIntegralInRange<int>(0, 3) == 0;
  o.pipelineMaxInFlight =
      data.ConsumeIntegralInRange<int64_t>(1, extreme() ? kMax : 3);
  o.pipelineSlack =
      data.ConsumeBool()
          ? 0.05
          : data.ConsumeFloatingPointInRange<double>(0, extreme() ? 1e30 : 1);
  o.pipelineKeepOrder = data.ConsumeIntegralInRange<int>(0, 3) == 0;
  return o;
}

bool isFusible(Operation *op, const SchedFuseComputeOptions &options) {
  auto compute = dyn_cast<ComputeOp>(op);
  return compute && compute.getOuts().empty() &&
         !llvm::is_contained(options.excludeKinds, compute.getKind().str());
}

void testReorder(Checker &checker, ModuleOp input, const Options &o) {
  OwningOpRef<ModuleOp> module = input.clone();
  if (failed(runPasses(*module, "sched-reorder-for-memory",
                       [&](OpPassManager &pm) {
                         pm.addPass(createSchedReorderForMemory(o.reorder));
                       })))
    return;
  StringRef step = "sched-reorder-for-memory";
  checker.checkCommon(*module, step);
  checker.checkReorderOnly(*module, step);
  checker.checkPeak(*module, step,
                    [](const FunctionState &f) { return f.metrics.peak; });
}

void testFuse(Checker &checker, ModuleOp input, const Options &o) {
  OwningOpRef<ModuleOp> module = input.clone();
  if (failed(runPasses(*module, "sched-fuse-compute", [&](OpPassManager &pm) {
        pm.addPass(createSchedFuseCompute(o.fuse));
      })))
    return;
  StringRef step = "sched-fuse-compute";
  checker.checkCommon(*module, step);
  checker.checkKeptOps(
      *module, step,
      [&](Operation *op) {
        return !isa<func::ReturnOp>(op) && !isFusible(op, o.fuse);
      },
      input);
  checker.checkEntries(*module, step);
  if (o.fuse.memoryGuard == FusionMemoryGuard::Exact)
    checker.checkPeak(*module, step, [&](const FunctionState &f) {
      return addSaturated(f.metrics.peak, o.fuse.tolerance);
    });
}

/// Returns whether a block of `func` puts more than `cap` collectives of a
/// group in flight (0: no cap), as sched-schedule-overlap counts them for its
/// cap: a start counts until its wait, and only if that wait is in its block
/// (a future that leaves the block is never in flight for the cap).
bool exceedsInFlight(func::FuncOp func, int64_t cap) {
  if (cap <= 0)
    return false;
  bool exceeds = false;
  func.walk([&](Block *block) {
    CollectiveInFlightCounter counter;
    for (Operation &op : *block) {
      if (auto start = dyn_cast<CollectiveOpInterface>(&op)) {
        bool waitedHere = llvm::any_of(start->getUsers(), [&](Operation *user) {
          return isa<WaitOp>(user) && user->getBlock() == block;
        });
        if (waitedHere && counter.start(start) > cap)
          exceeds = true;
      } else if (auto wait = dyn_cast<WaitOp>(&op)) {
        auto start = wait.getFuture().getDefiningOp<CollectiveOpInterface>();
        if (start && start->getBlock() == block)
          counter.end(start);
      }
    }
  });
  return exceeds;
}

/// Returns the overlap options with the budget resolved for `input`.
SchedScheduleOverlapOptions resolveBudget(const Options &o, int64_t peak) {
  SchedScheduleOverlapOptions options = o.overlap;
  if (o.budgetFraction > 0)
    options.memoryBudget =
        std::max<int64_t>(1, static_cast<int64_t>(peak * o.budgetFraction));
  return options;
}

void checkOverlap(Checker &checker, ModuleOp module, ModuleOp input,
                  const SchedScheduleOverlapOptions &options, StringRef step,
                  bool verifiedWithCap) {
  checker.checkCommon(module, step);
  checker.checkReorderOnly(module, step);
  for (func::FuncOp func : getDefinedFunctions(module)) {
    const FunctionState &before = checker.getState(func.getName());
    Metrics after = *evaluate(func);
    double limit = before.metrics.makespanUs * (1 + 1e-12) + 1e-9;
    // An input over a given max-in-flight is no incumbent: the pass keeps a
    // schedule within the cap even where it is slower. Judged per function,
    // as the pass does: another function's schedule (one that does not
    // verify, say) says nothing of this one's.
    bool inputOverCap =
        !verifiedWithCap &&
        exceedsInFlight(input.lookupSymbol<func::FuncOp>(func.getName()),
                        options.maxInFlight);
    if (!inputOverCap && after.makespanUs > limit)
      checker.fail(Twine(step) + ": @" + func.getName() +
                       " got slower: " + us(before.metrics.makespanUs) +
                       " -> " + us(after.makespanUs) + " us",
                   func);
    int64_t peak = before.metrics.peak;
    // Inside sched-pipeline the budget is measured from the peak the
    // pipeline got (sched.input_peak, set by its record-input-peak pass).
    int64_t basePeak = peak;
    if (auto recorded = input.lookupSymbol<func::FuncOp>(func.getName())
                            ->getAttrOfType<IntegerAttr>(
                                SchedDialect::getInputPeakAttrName()))
      basePeak = recorded.getInt();
    // The base peak plus the largest of the slack, the allowance and
    // collective-allowance times the largest collective (the larger of its
    // input and output), in whole bytes, saturated
    // (docs/passes/ScheduleOverlap.md). Summed as integers: past 2^53 bytes
    // a double would round the peak itself.
    int64_t largest = 0;
    func.walk([&](CollectiveOpInterface collective) {
      FailureOr<int64_t> bytes = CostModel::getCollectiveBytes(collective);
      if (succeeded(bytes))
        largest = std::max(largest, *bytes);
    });
    double slackBytes =
        std::max({basePeak * options.memorySlack,
                  static_cast<double>(options.memoryAllowance),
                  static_cast<double>(options.collectiveAllowance) * largest});
    int64_t budget =
        options.memoryBudget > 0 ? options.memoryBudget
        : slackBytes >= 0x1p63 ||
                basePeak > kMaxBytes - static_cast<int64_t>(slackBytes)
            ? kMaxBytes
            : basePeak + static_cast<int64_t>(slackBytes);
    std::vector<const void *> order;
    for (Operation &op : func.getBody().front())
      order.push_back(getKey(&op));
    if (peak > budget) {
      if (order != before.order)
        checker.fail(Twine(step) + ": @" + func.getName() +
                         " was reordered although its input is over the "
                         "budget of " +
                         Twine(budget),
                     func);
    } else if (after.peak > budget) {
      checker.fail(Twine(step) + ": the peak of @" + func.getName() + " is " +
                       Twine(after.peak) + " bytes, over the budget of " +
                       Twine(budget) + " (input: " + Twine(peak) + ")",
                   func);
    }
    if (options.keepCollectiveOrder) {
      std::vector<const void *> startsBefore, startsAfter;
      auto inputFunc = input.lookupSymbol<func::FuncOp>(func.getName());
      for (Operation &op : inputFunc.getBody().front())
        if (isa<CollectiveOpInterface>(op))
          startsBefore.push_back(getKey(&op));
      for (Operation &op : func.getBody().front())
        if (isa<CollectiveOpInterface>(op))
          startsAfter.push_back(getKey(&op));
      if (startsBefore != startsAfter)
        checker.fail(Twine(step) + ": @" + func.getName() +
                         " changed the collective order although "
                         "keep-collective-order is set",
                     func);
    }
  }
  if (verifiedWithCap && !checker.verifySchedule(module, options.maxInFlight))
    checker.fail(Twine(step) + ": sched-verify-schedule with max-in-flight=" +
                     Twine(options.maxInFlight) +
                     " fails on the output, not on the input",
                 module);
}

void testOverlap(Checker &checker, ModuleOp input, const Options &o) {
  OwningOpRef<ModuleOp> module = input.clone();
  // One budget for the module: the fraction of the first function's peak.
  SchedScheduleOverlapOptions options =
      resolveBudget(o, checker.getFunctions().front().metrics.peak);
  bool verifiedWithCap = checker.verifySchedule(input, options.maxInFlight);
  if (failed(
          runPasses(*module, "sched-schedule-overlap", [&](OpPassManager &pm) {
            pm.addPass(createSchedScheduleOverlap(options));
          })))
    return;
  breakOnPurpose(*module);
  checkOverlap(checker, *module, input, options, "sched-schedule-overlap",
               verifiedWithCap);
}

void checkBucket(Checker &checker, ModuleOp module, ModuleOp input,
                 const SchedBucketCollectivesOptions &options, StringRef step) {
  checker.checkCommon(module, step);
  checker.checkKeptOps(
      module, step,
      [](Operation *op) {
        return !isa<func::ReturnOp, WaitOp, CollectiveOpInterface>(op);
      },
      input);
  checker.checkEntries(module, step);
  for (func::FuncOp func : getDefinedFunctions(module)) {
    const FunctionState &before = checker.getState(func.getName());
    Metrics after = *evaluate(func);
    double limit = before.metrics.exposedUs * (1 + 1e-9) + 1e-6;
    if (after.exposedUs > limit)
      checker.fail(Twine(step) + ": exposed communication of @" +
                       func.getName() +
                       " grew: " + us(before.metrics.exposedUs) + " -> " +
                       us(after.exposedUs) + " us",
                   func);
    // Starts the pass made (more entries than any input op with their ids).
    auto inputFunc = input.lookupSymbol<func::FuncOp>(func.getName());
    llvm::DenseMap<const void *, unsigned> entriesOf;
    for (Operation &op : inputFunc.getBody().front())
      if (auto start = dyn_cast<CollectiveOpInterface>(op))
        entriesOf[getKey(&op)] = start.getInputs().size();
    for (Operation &op : func.getBody().front()) {
      auto start = dyn_cast<CollectiveOpInterface>(op);
      if (!start)
        continue;
      auto it = entriesOf.find(getKey(&op));
      if (it != entriesOf.end() && it->second == start.getInputs().size())
        continue;
      FailureOr<int64_t> bytes = CostModel::getCollectiveBytes(start);
      if (succeeded(bytes) && *bytes > options.bucketCapBytes)
        checker.fail(Twine(step) + ": a bucket of " + Twine(*bytes) +
                         " bytes is over the cap of " +
                         Twine(options.bucketCapBytes),
                     &op);
    }
  }
}

void testBucket(Checker &checker, ModuleOp input, const Options &o) {
  OwningOpRef<ModuleOp> module = input.clone();
  if (failed(runPasses(*module, "sched-bucket-collectives",
                       [&](OpPassManager &pm) {
                         pm.addPass(createSchedBucketCollectives(o.bucket));
                       })))
    return;
  checkBucket(checker, *module, input, o.bucket, "sched-bucket-collectives");
}

/// Runs the pipeline, and its stages one by one with the checks of each
/// pass, and compares the two.
void testPipeline(MLIRContext *context, ModuleOp input, const Options &o) {
  SchedPipelineOptions pipeline;
  pipeline.fuse = o.pipelineFuse;
  pipeline.bucket = o.pipelineBucket;
  pipeline.reorder = o.pipelineReorder;
  pipeline.maxInFlight = o.pipelineMaxInFlight;
  pipeline.memorySlack = o.pipelineSlack;
  pipeline.keepCollectiveOrder = o.pipelineKeepOrder;
  // The stages below are those of the default pipeline: no search over
  // variants (test/Pipelines/sched-pipeline-search.mlir tests it).
  pipeline.search = 1;
  // Nor the loop pipelining that runs first: it rewrites loops (peels,
  // clones collectives), which the stage-by-stage replay below does not
  // redo; its promises are property-tested on random loops instead
  // (unittests/Scheduling/LoopPipeliningTest.cpp).
  pipeline.pipelineLoops = false;
  std::string step =
      "sched-pipeline{fuse=" + std::to_string(o.pipelineFuse) +
      " bucket=" + std::to_string(o.pipelineBucket) +
      " reorder=" + std::to_string(o.pipelineReorder) +
      " max-in-flight=" + std::to_string(o.pipelineMaxInFlight) +
      " memory-slack=" + std::to_string(o.pipelineSlack) +
      " keep-collective-order=" + std::to_string(o.pipelineKeepOrder) + "}";

  OwningOpRef<ModuleOp> whole = input.clone();
  PassManager pm(context, ModuleOp::getOperationName());
  pm.enableVerifier(false);
  pm.addInstrumentation(std::make_unique<fuzz::VerifyAfterEachPass>());
  buildSchedPipeline(pm, pipeline);
  bool wholeOk = succeeded(pm.run(*whole));

  // The stages, each checked against its own input.
  OwningOpRef<ModuleOp> staged = input.clone();
  Checker checker(context, print(input));
  bool inputVerifies = checker.verifySchedule(input, o.pipelineMaxInFlight);
  bool stagedOk = true;
  auto stage = [&](StringRef name,
                   const std::function<void(OpPassManager &)> &add,
                   const std::function<void(ModuleOp, ModuleOp)> &check) {
    if (!stagedOk)
      return;
    OwningOpRef<ModuleOp> before = staged->clone();
    checker.setInput(print(*before));
    if (failed(checker.record(*before)))
      checker.fail(Twine(step) +
                       ": the analyses reject the output of the "
                       "stage before " +
                       name,
                   *before);
    if (failed(runPasses(*staged, ("pipeline stage " + name).str(), add))) {
      stagedOk = false;
      return;
    }
    check(*staged, *before);
  };
  // The pipeline's first pass, a module pass: the costs and effects of calls
  // (attributes only, which the later stages read).
  {
    PassManager annotate(context, ModuleOp::getOperationName());
    annotate.enableVerifier(false);
    annotate.addPass(createSchedAnnotateCompute());
    // The peak the overlap stage's budget is measured from, as the
    // pipeline records it before its function passes.
    annotate.addPass(createRecordInputPeakPass());
    if (failed(annotate.run(*staged)))
      stagedOk = false;
  }
  if (o.pipelineFuse) {
    SchedFuseComputeOptions fuse;
    stage(
        "sched-fuse-compute",
        [&](OpPassManager &pm) { pm.addPass(createSchedFuseCompute(fuse)); },
        [&](ModuleOp after, ModuleOp before) {
          checker.checkCommon(after, step);
          checker.checkPeak(after, step, [](const FunctionState &f) {
            return f.metrics.peak;
          });
        });
  }
  if (o.pipelineReorder)
    stage(
        "sched-reorder-for-memory",
        [&](OpPassManager &pm) { pm.addPass(createSchedReorderForMemory()); },
        [&](ModuleOp after, ModuleOp before) {
          checker.checkCommon(after, step);
          checker.checkReorderOnly(after, step);
          checker.checkPeak(after, step, [](const FunctionState &f) {
            return f.metrics.peak;
          });
        });
  SchedScheduleOverlapOptions overlap;
  overlap.maxInFlight = o.pipelineMaxInFlight;
  overlap.memorySlack = o.pipelineSlack;
  overlap.keepCollectiveOrder = o.pipelineKeepOrder;
  // As buildSchedPipeline sets it: the cap and the budget it kept
  // (sched.max_in_flight, sched.memory_budget) are what bucketing keeps; the
  // strip stage below removes them.
  overlap.recordCap = true;
  stage(
      "sched-schedule-overlap",
      [&](OpPassManager &pm) {
        pm.addPass(createSchedScheduleOverlap(overlap));
      },
      [&](ModuleOp after, ModuleOp before) {
        checkOverlap(checker, after, before, overlap, step,
                     /*verifiedWithCap=*/false);
      });
  if (o.pipelineBucket) {
    // As buildSchedPipeline sets them.
    SchedBucketCollectivesOptions bucket;
    bucket.keepCollectiveOrder = o.pipelineKeepOrder;
    bucket.maxInFlight = o.pipelineMaxInFlight;
    bucket.capacityCheck = CapacityCheck::Off;
    stage(
        "sched-bucket-collectives",
        [&](OpPassManager &pm) {
          pm.addPass(createSchedBucketCollectives(bucket));
        },
        [&](ModuleOp after, ModuleOp before) {
          checkBucket(checker, after, before, bucket, step);
        });
  }
  bool verifyStageFailed = false;
  if (stagedOk) {
    SchedVerifyScheduleOptions verify;
    verify.maxInFlight = o.pipelineMaxInFlight;
    if (failed(runPasses(*staged, "pipeline stage sched-verify-schedule",
                         [&](OpPassManager &pm) {
                           pm.addPass(createSchedVerifySchedule(verify));
                         }))) {
      stagedOk = false;
      verifyStageFailed = true;
    }
  }
  // The pipeline's last stage: the attributes recorded for the later
  // stages go.
  if (stagedOk) {
    PassManager strip(context, ModuleOp::getOperationName());
    strip.enableVerifier(false);
    strip.addNestedPass<func::FuncOp>(createSchedStripCollectiveOrder());
    if (failed(strip.run(*staged)))
      stagedOk = false;
  }
  checker.setInput(print(input));
  if (verifyStageFailed && inputVerifies)
    checker.fail(Twine(step) + ": sched-verify-schedule fails on the "
                               "schedule, not on the input",
                 *staged);
  if (wholeOk != stagedOk)
    checker.fail(Twine(step) + (wholeOk ? " succeeded" : " failed") +
                     " but its stages one by one " +
                     (stagedOk ? "succeeded" : "failed"),
                 *whole);
  if (wholeOk && print(*whole) != print(*staged))
    checker.fail(Twine(step) +
                     ": the pipeline and its stages one by one give different "
                     "IR; the pipeline's:",
                 *whole);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  MLIRContext context(fuzz::getRegistry(), MLIRContext::Threading::DISABLED);
  context.loadDialect<SchedDialect, arith::ArithDialect, func::FuncDialect,
                      memref::MemRefDialect, scf::SCFDialect,
                      tensor::TensorDialect>();
  // The passes explain their decisions with remarks and diagnose what they
  // cannot do; neither is under test.
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  Options options = pickOptions(data);
  bool overrideTarget = data.ConsumeIntegralInRange<int>(0, 3) == 0;
  SchedAttachTargetOptions target;
  if (overrideTarget) {
    ArrayRef<StringRef> presets = TargetAttr::getPresetNames();
    target.preset =
        presets[data.ConsumeIntegralInRange<size_t>(0, presets.size() - 1)]
            .str();
    auto maybe = [&](double lo, double hi) {
      return data.ConsumeBool() ? -1.0
                                : data.ConsumeFloatingPointInRange(lo, hi);
    };
    target.gpusPerNode =
        data.ConsumeBool() ? -1 : data.ConsumeIntegralInRange<int64_t>(1, 16);
    bool extreme = data.ConsumeIntegralInRange<int>(0, 7) == 0;
    target.intraNodeBandwidth =
        maybe(extreme ? 1e-9 : 0.5, extreme ? 1e15 : 2000);
    target.intraNodeLatency = maybe(0, extreme ? 1e12 : 100);
    target.interNodeBandwidth =
        maybe(extreme ? 1e-9 : 0.5, extreme ? 1e15 : 2000);
    target.interNodeLatency = maybe(0, extreme ? 1e12 : 100);
    target.hbmBandwidth = maybe(extreme ? 1e-9 : 10, extreme ? 1e15 : 10000);
  }

  Generator generator(&context, data);
  OwningOpRef<ModuleOp> module = generator.build();
  if (failed(verify(*module)))
    fuzz::reportBug("the generator built an invalid program", *module);
  if (overrideTarget) {
    PassManager pm(&context, ModuleOp::getOperationName());
    pm.addPass(createSchedAttachTarget(target));
    if (failed(pm.run(*module)))
      fuzz::reportBug("sched-attach-target failed on valid overrides", *module);
  }
  Checker checker(&context, print(*module));
  if (failed(checker.record(*module))) {
    // Again, with the analyses' diagnostics printed.
    ScopedDiagnosticHandler show(&context, [](Diagnostic &diag) {
      llvm::errs() << "==== " << diag.getLocation() << ": " << diag << "\n";
      return success();
    });
    (void)checker.record(*module);
    fuzz::reportBug("the analyses reject a generated program", *module);
  }

  testReorder(checker, *module, options);
  testFuse(checker, *module, options);
  testOverlap(checker, *module, options);
  testBucket(checker, *module, options);
  if (options.pipeline)
    testPipeline(&context, *module, options);
  return 0;
}
