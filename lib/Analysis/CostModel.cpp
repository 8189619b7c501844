//===- CostModel.cpp - cost of collectives and compute --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::sched;

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

/// Returns the size in bytes of a shaped type `type` (a ShapedType or one of
/// its concrete types, which skip the interface lookup), or nothing if its
/// shape is dynamic or its element type has no width.
template <typename ShapedT>
static std::optional<int64_t> getStaticByteSize(ShapedT type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> width = getElementByteSize(type.getElementType());
  if (!width)
    return std::nullopt;
  // MulOverflow, not checkedMul: the same check without APInt, on a path
  // that runs for every collective each time a pass sizes it.
  int64_t size = *width;
  for (int64_t dim : type.getShape())
    if (llvm::MulOverflow(size, dim, size))
      return std::nullopt;
  return size;
}

std::optional<int64_t> mlir::sched::getTypeByteSize(Type type) {
  // Ranked tensors and memrefs, the common cases, without the interface
  // lookup of ShapedType.
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return getStaticByteSize(tensor);
  if (auto memref = dyn_cast<MemRefType>(type))
    return getStaticByteSize(memref);
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || isa<VectorType>(type))
    return getElementByteSize(type);
  return getStaticByteSize(shaped);
}

//===----------------------------------------------------------------------===//
// CostModelOptions and estimates
//===----------------------------------------------------------------------===//

llvm::Error CostModelOptions::verify() const {
  auto check = [](double value, StringRef optionName) -> llvm::Error {
    if (std::isfinite(value) && value > 0 && value <= 1)
      return llvm::Error::success();
    return llvm::createStringError(llvm::formatv(
        "{0} must be in (0, 1], got {1}", optionName, formatNumber(value)));
  };
  if (llvm::Error err = check(ringEfficiency, "ring efficiency"))
    return err;
  if (llvm::Error err = check(treeEfficiency, "tree efficiency"))
    return err;
  if (llvm::Error err = check(computeEfficiency, "compute efficiency"))
    return err;
  if (llvm::Error err = check(memoryEfficiency, "memory efficiency"))
    return err;
  if (!std::isfinite(collectiveBaseLatencyUs) || collectiveBaseLatencyUs < 0)
    return llvm::createStringError(
        llvm::formatv("collective base latency must be >= 0, got {0}",
                      formatNumber(collectiveBaseLatencyUs)));
  return llvm::Error::success();
}

StringRef CollectiveEstimate::getSourceName() const {
  switch (source) {
  case Source::Trivial:
    return "trivial";
  case Source::Ring:
    return "ring";
  case Source::Tree:
    return "tree";
  case Source::Profile:
    return "profile";
  case Source::Measured:
    return "time_ns";
  case Source::PointToPoint:
    return "point_to_point";
  }
  llvm_unreachable("unknown collective estimate source");
}

StringRef ComputeEstimate::getSourceName() const {
  switch (source) {
  case Source::NoCost:
    return "no cost";
  case Source::Measured:
    return "time_ns";
  case Source::Profile:
    return "profile";
  case Source::ComputeBound:
    return "compute bound";
  case Source::MemoryBound:
    return "memory bound";
  }
  llvm_unreachable("unknown compute estimate source");
}

//===----------------------------------------------------------------------===//
// CostModel: collectives
//===----------------------------------------------------------------------===//

CostModel::CostModel(TargetAttr target, CostModelOptions options)
    : target(target), options(options) {
  assert(target && "expected a target");
  assert(!llvm::errorToBool(options.verify()) && "invalid cost model options");
}

/// Returns the time, in microseconds, to move `bytes` at `gbPerSecond`
/// (10^9 bytes per second).
static double transferTimeUs(double bytes, double gbPerSecond) {
  return bytes / (gbPerSecond * 1e3);
}

CollectiveEstimate CostModel::estimateRing(CollectiveKind kind, double bytes,
                                           int64_t groupSize,
                                           LinkAttr link) const {
  double n = static_cast<double>(groupSize);
  // Steps of the ring, and the bus-bandwidth factor of nccl-tests: the
  // fraction of the full buffer that crosses each rank's link.
  double steps = n - 1;
  double factor = (n - 1) / n;
  switch (kind) {
  case CollectiveKind::AllGather:
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllToAll:
    break;
  case CollectiveKind::AllReduce:
    steps = 2 * (n - 1);
    factor = 2 * (n - 1) / n;
    break;
  case CollectiveKind::Broadcast:
    factor = 1;
    break;
  case CollectiveKind::CollectivePermute:
    // One point-to-point transfer per rank: the whole buffer crosses the
    // link once, after one hop of latency.
    steps = 1;
    factor = 1;
    break;
  }
  double bandwidth =
      link.getBandwidth().convertToDouble() * options.ringEfficiency;
  CollectiveEstimate estimate;
  estimate.source = CollectiveEstimate::Source::Ring;
  estimate.latencyUs = options.collectiveBaseLatencyUs +
                       steps * link.getLatency().convertToDouble();
  estimate.transferUs = transferTimeUs(bytes * factor, bandwidth);
  estimate.timeUs = estimate.latencyUs + estimate.transferUs;
  return estimate;
}

CollectiveEstimate CostModel::estimateTreeAllReduce(double bytes,
                                                    int64_t groupSize,
                                                    int64_t numNodes,
                                                    LinkAttr link) const {
  // NCCL's tree: a chain through the ranks of each node, and a binary tree
  // across nodes. The data goes up (reduce) and down (broadcast): twice the
  // depth in latency, twice the buffer through each rank's link.
  int64_t ranksPerNode = (groupSize + numNodes - 1) / numNodes;
  int64_t depth = (ranksPerNode - 1) + llvm::Log2_64(numNodes);
  double bandwidth =
      link.getBandwidth().convertToDouble() * options.treeEfficiency;
  CollectiveEstimate estimate;
  estimate.source = CollectiveEstimate::Source::Tree;
  estimate.latencyUs = options.collectiveBaseLatencyUs +
                       2.0 * depth * link.getLatency().convertToDouble();
  estimate.transferUs = transferTimeUs(2 * bytes, bandwidth);
  estimate.timeUs = estimate.latencyUs + estimate.transferUs;
  return estimate;
}

CollectiveEstimate CostModel::estimateCollective(CollectiveKind kind,
                                                 int64_t bytes,
                                                 int64_t groupSize,
                                                 int64_t numNodes) const {
  bytes = std::max<int64_t>(bytes, 0);
  groupSize = std::max<int64_t>(groupSize, 1);
  numNodes = std::clamp<int64_t>(numNodes, 1, groupSize);
  CollectiveEstimate estimate = estimateCollectiveImpl(
      kind, static_cast<double>(bytes), groupSize, numNodes);
  estimate.bytes = bytes;
  estimate.groupSize = groupSize;
  estimate.numNodes = numNodes;
  return estimate;
}

CollectiveEstimate CostModel::estimateCollectiveImpl(CollectiveKind kind,
                                                     double size,
                                                     int64_t groupSize,
                                                     int64_t numNodes) const {
  if (groupSize == 1)
    return CollectiveEstimate();

  if (profile) {
    if (const MeasuredProfile::CollectiveCurve *curve =
            profile->lookupCollective(kind, groupSize, numNodes)) {
      CollectiveEstimate estimate;
      estimate.source = CollectiveEstimate::Source::Profile;
      estimate.timeUs = estimate.transferUs = curve->interpolate(size);
      return estimate;
    }
  }

  LinkAttr link = numNodes == 1 ? target.getIntraNode() : target.getInterNode();
  CollectiveEstimate ring = estimateRing(kind, size, groupSize, link);
  if (kind != CollectiveKind::AllReduce ||
      options.algorithm == CollectiveAlgorithm::Ring)
    return ring;
  CollectiveEstimate tree =
      estimateTreeAllReduce(size, groupSize, numNodes, link);
  if (options.algorithm == CollectiveAlgorithm::Tree)
    return tree;
  // Auto: the faster one; ring on a tie.
  return tree.timeUs < ring.timeUs ? tree : ring;
}

/// Returns the bytes of `type`, one of the values collective `op` sends or
/// receives, with the `sched.dim_bounds` bounds `bounds` of its dynamic
/// dimensions (costed at the bound); emits an error on `op` and fails if it
/// cannot be sized.
static FailureOr<int64_t> getCollectiveValueBytes(CollectiveOpInterface op,
                                                  Type type,
                                                  DenseI64ArrayAttr bounds) {
  // A ranked tensor or memref is a ShapedType with a rank; only its shape
  // needs reading (without the interface lookup).
  bool dynamic;
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    dynamic = !tensor.hasStaticShape();
  else if (auto memref = dyn_cast<MemRefType>(type))
    dynamic = !memref.hasStaticShape();
  else if (auto shaped = dyn_cast<ShapedType>(type))
    dynamic = shaped.hasRank() && !shaped.hasStaticShape();
  else
    dynamic = false;
  if (dynamic && !bounds) {
    auto shaped = cast<ShapedType>(type);
    unsigned dim = llvm::find_if(shaped.getShape(), ShapedType::isDynamic) -
                   shaped.getShape().begin();
    return op->emitError() << "cannot size collective: " << type
                           << " has a dynamic shape; give an upper bound of "
                              "dimension "
                           << dim << " with '"
                           << SchedDialect::getDimBoundsAttrName()
                           << "' where the value is defined";
  }
  if (bounds)
    if (auto shaped = dyn_cast<ShapedType>(type))
      return getBoundedByteSize(shaped, bounds, op->getLoc());
  std::optional<int64_t> size = getTypeByteSize(type);
  if (!size)
    return op->emitError() << "cannot size collective: " << type
                           << " has no known size in bytes";
  return *size;
}

FailureOr<int64_t> CostModel::getCollectiveBytes(CollectiveOpInterface op) {
  ArrayRef<Type> resultTypes = op.getResultValueTypes();
  Attribute resultBounds =
      op.isBufferForm() ? Attribute()
                        : op->getAttr(SchedDialect::getDimBoundsAttrName());
  int64_t total = 0;
  for (auto [index, input] : llvm::enumerate(op.getInputs())) {
    // The full buffer is the larger of the sent and the received value: the
    // gathered output of an all_gather, the unscattered input of a
    // reduce_scatter.
    FailureOr<int64_t> entry =
        getCollectiveValueBytes(op, input.getType(), getDimBounds(input));
    if (failed(entry))
      return failure();
    if (index < resultTypes.size()) {
      // The received value is bounded by the start (tensor form) or by the
      // destination's definition (buffer form).
      DenseI64ArrayAttr bounds =
          op.isBufferForm()
              ? (index < op.getOutputs().size()
                     ? getDimBounds(op.getOutputs()[index])
                     : DenseI64ArrayAttr())
              : getDimBounds(resultBounds, index, resultTypes.size());
      FailureOr<int64_t> received =
          getCollectiveValueBytes(op, resultTypes[index], bounds);
      if (failed(received))
        return failure();
      entry = std::max(*entry, *received);
    }
    total += *entry;
  }
  return total;
}

FailureOr<CollectiveEstimate>
CostModel::estimateCollective(CollectiveOpInterface op,
                              SymbolTableCollection &symbols) const {
  FailureOr<std::pair<int64_t, int64_t>> shape = getGroupShape(op, symbols);
  if (failed(shape))
    return failure();
  FailureOr<int64_t> bytes = getCollectiveBytes(op);
  if (failed(bytes))
    return failure();
  FailureOr<CollectiveEstimate> sized =
      estimateCollectiveOfSize(op, *bytes, *shape, symbols);
  if (failed(sized))
    return failure();
  CollectiveEstimate estimate = *sized;
  if (std::optional<double> measured = getMeasuredCollectiveTimeUs(op)) {
    estimate.source = CollectiveEstimate::Source::Measured;
    estimate.timeUs = estimate.transferUs = *measured;
    estimate.latencyUs = 0;
  }
  return estimate;
}

FailureOr<CollectiveEstimate>
CostModel::estimateCollectiveOfSize(CollectiveOpInterface op, int64_t bytes,
                                    std::pair<int64_t, int64_t> groupShape,
                                    SymbolTableCollection &symbols) const {
  auto permute = dyn_cast<CollectivePermuteStartOp>(op.getOperation());
  if (!permute)
    return estimateCollective(op.getCollectiveKind(), bytes, groupShape.first,
                              groupShape.second);
  auto group =
      symbols.lookupNearestSymbolFrom<ProcessGroupOp>(op, op.getGroupAttr());
  if (!group)
    return op->emitError() << "cannot find process group " << op.getGroupAttr();
  return estimatePermute(permute.getPairs(), bytes, group);
}

/// Returns the global rank of position `position` of `group`.
static int64_t getGlobalRank(ProcessGroupOp group, int64_t position) {
  std::optional<ArrayRef<int64_t>> ranks = group.getRanks();
  if (ranks && position >= 0 && position < static_cast<int64_t>(ranks->size()))
    return (*ranks)[position];
  return position;
}

CollectiveEstimate
CostModel::estimatePermute(ArrayRef<std::pair<int64_t, int64_t>> pairs,
                           int64_t bytes, ProcessGroupOp group) const {
  bytes = std::max<int64_t>(bytes, 0);
  int64_t groupSize = std::max<int64_t>(group.getSize(), 1);
  int64_t perNode = group.getRanksPerNodeAttr()
                        ? group.getRanksPerNodeAttr().getInt()
                        : target.getGpusPerNode();
  perNode = std::max<int64_t>(perNode, 1);
  int64_t numNodes = group.getNumNodes(target.getGpusPerNode());
  auto finish = [&](CollectiveEstimate estimate) {
    estimate.bytes = bytes;
    estimate.groupSize = groupSize;
    estimate.numNodes = numNodes;
    return estimate;
  };
  if (profile)
    if (const MeasuredProfile::CollectiveCurve *curve =
            profile->lookupCollective(CollectiveKind::CollectivePermute,
                                      groupSize, numNodes)) {
      CollectiveEstimate estimate;
      estimate.source = CollectiveEstimate::Source::Profile;
      estimate.timeUs = estimate.transferUs =
          curve->interpolate(static_cast<double>(bytes));
      return finish(estimate);
    }

  double size = static_cast<double>(bytes);
  CollectiveEstimate slowest;
  slowest.source = CollectiveEstimate::Source::PointToPoint;
  auto consider = [&](double latencyUs, double transferUs) {
    if (latencyUs + transferUs <= slowest.timeUs)
      return;
    slowest.latencyUs = latencyUs;
    slowest.transferUs = transferUs;
    slowest.timeUs = latencyUs + transferUs;
  };
  // A rank that receives nothing zero-fills its destination.
  if (static_cast<int64_t>(pairs.size()) < groupSize)
    consider(0, getMemoryTimeUs(size));
  for (auto [source, targetPos] : pairs) {
    if (source == targetPos) {
      consider(0, getMemoryTimeUs(2 * size));
      continue;
    }
    bool sameNode = getGlobalRank(group, source) / perNode ==
                    getGlobalRank(group, targetPos) / perNode;
    LinkAttr link = sameNode ? target.getIntraNode() : target.getInterNode();
    double bandwidth =
        link.getBandwidth().convertToDouble() * options.ringEfficiency;
    consider(options.collectiveBaseLatencyUs +
                 link.getLatency().convertToDouble(),
             transferTimeUs(size, bandwidth));
  }
  return finish(slowest);
}

std::optional<double>
CostModel::getMeasuredCollectiveTimeUs(CollectiveOpInterface op) {
  auto cost = op->getAttrOfType<CostAttr>(SchedDialect::getCostAttrName());
  if (!cost || !cost.getTimeNs())
    return std::nullopt;
  return static_cast<double>(*cost.getTimeNs()) / 1e3;
}

FailureOr<std::pair<int64_t, int64_t>>
CostModel::getGroupShape(CollectiveOpInterface op,
                         SymbolTableCollection &symbols) const {
  auto group =
      symbols.lookupNearestSymbolFrom<ProcessGroupOp>(op, op.getGroupAttr());
  if (!group)
    return op->emitError() << "cannot find process group " << op.getGroupAttr();
  return std::make_pair(static_cast<int64_t>(group.getSize()),
                        group.getNumNodes(target.getGpusPerNode()));
}

FailureOr<double>
CostModel::getCollectiveTimeUs(CollectiveOpInterface op,
                               SymbolTableCollection &symbols) const {
  FailureOr<CollectiveEstimate> estimate = estimateCollective(op, symbols);
  if (failed(estimate))
    return failure();
  return estimate->timeUs;
}

//===----------------------------------------------------------------------===//
// CostModel: compute
//===----------------------------------------------------------------------===//

double CostModel::getFlopTimeUs(double flops, double peakTflops) const {
  if (flops <= 0)
    return 0;
  return flops / (peakTflops * options.computeEfficiency * 1e6);
}

ContentionFactors CostModel::getContention(int64_t bytes) const {
  ContentionFactors factors;
  if (!profile)
    return factors;
  if (const MeasuredProfile::ContentionBucket *bucket =
          profile->lookupContention(bytes)) {
    factors.comm = bucket->commFactor;
    factors.compute = bucket->computeFactor;
  }
  return factors;
}

double CostModel::getMemoryTimeUs(double bytes) const {
  return transferTimeUs(bytes, target.getHbmBandwidth().convertToDouble() *
                                   options.memoryEfficiency);
}

/// Returns the element type that selects the compute rate of `op`: that of
/// its first shaped operand (the inputs decide the arithmetic, e.g. bf16
/// inputs of a matmul that accumulates in f32), else of its first shaped
/// result, else the type of its first operand or result. Returns null if the
/// op has no operand and no result.
static Type getComputeElementType(Operation *op) {
  for (Value value : op->getOperands())
    if (auto shaped = dyn_cast<ShapedType>(value.getType()))
      return shaped.getElementType();
  for (Value value : op->getResults())
    if (auto shaped = dyn_cast<ShapedType>(value.getType()))
      return shaped.getElementType();
  if (op->getNumOperands() > 0)
    return op->getOperand(0).getType();
  if (op->getNumResults() > 0)
    return op->getResult(0).getType();
  return {};
}

FailureOr<ComputeEstimate> CostModel::estimateCompute(Operation *op) const {
  ComputeEstimate estimate;
  auto compute = dyn_cast<ComputeOpInterface>(op);
  if (!compute)
    return estimate;
  CostAttr cost = compute.getComputeCost();
  if (cost && cost.getTimeNs()) {
    estimate.source = ComputeEstimate::Source::Measured;
    estimate.timeUs = static_cast<double>(*cost.getTimeNs()) / 1e3;
    return estimate;
  }
  if (profile) {
    if (std::optional<double> timeUs =
            profile->lookupOp(compute.getComputeKind())) {
      estimate.source = ComputeEstimate::Source::Profile;
      estimate.timeUs = *timeUs;
      return estimate;
    }
  }
  if (!cost ||
      (!cost.getFlops() && !cost.getBytesRead() && !cost.getBytesWritten()))
    return estimate;

  double flops = static_cast<double>(cost.getFlops().value_or(0));
  double bytes = static_cast<double>(cost.getBytesRead().value_or(0)) +
                 static_cast<double>(cost.getBytesWritten().value_or(0));
  double peakTflops = 0;
  if (flops > 0) {
    Type elementType = getComputeElementType(op);
    std::optional<double> peak;
    if (elementType)
      peak = target.getPeakTflops(elementType);
    estimate.rateType = elementType;
    if (!peak) {
      estimate.rateType = Float32Type::get(op->getContext());
      peak = target.getPeakTflops(estimate.rateType);
    }
    if (!peak) {
      InFlightDiagnostic diag = mlir::emitError(op->getLoc())
                                << "target '" << target.getName()
                                << "' has no compute rate for ";
      if (elementType)
        diag << elementType;
      else
        diag << "an op without operands or results";
      diag << " and no f32 rate to fall back to";
      return failure();
    }
    peakTflops = *peak;
  }
  double computeUs = getFlopTimeUs(flops, peakTflops);
  double memoryUs = getMemoryTimeUs(bytes);
  if (flops > 0 && computeUs >= memoryUs) {
    estimate.source = ComputeEstimate::Source::ComputeBound;
    estimate.timeUs = computeUs;
  } else {
    estimate.source = ComputeEstimate::Source::MemoryBound;
    estimate.timeUs = memoryUs;
  }
  return estimate;
}

FailureOr<double> CostModel::getComputeTimeUs(Operation *op) const {
  FailureOr<ComputeEstimate> estimate = estimateCompute(op);
  if (failed(estimate))
    return failure();
  return estimate->timeUs;
}

//===----------------------------------------------------------------------===//
// Helpers for passes
//===----------------------------------------------------------------------===//

FailureOr<TargetAttr> mlir::sched::lookupTargetOrEmitError(Operation *op) {
  if (TargetAttr target = TargetAttr::lookup(op))
    return target;
  // At the location only: Operation::emitError would print the whole function
  // (or module) after the message.
  return mlir::emitError(op->getLoc(),
                         "no #sched.target on this function or its parents; "
                         "attach one with --sched-attach-target");
}

/// Emits the error of a profile that cannot be loaded on `op`.
static InFlightDiagnostic emitProfileError(Operation *op, StringRef reason) {
  return mlir::emitError(op->getLoc())
         << "cannot load cost profile: " << reason;
}

FailureOr<std::optional<MeasuredProfile>>
mlir::sched::loadProfileOrEmitError(Operation *op, StringRef path) {
  if (path.empty())
    return std::optional<MeasuredProfile>();
  llvm::Expected<MeasuredProfile> profile = MeasuredProfile::loadJSON(path);
  if (!profile)
    return emitProfileError(op, llvm::toString(profile.takeError()));
  return std::optional<MeasuredProfile>(std::move(*profile));
}

void LoadedProfile::load(StringRef path) {
  profile.reset();
  error.reset();
  if (path.empty())
    return;
  llvm::Expected<MeasuredProfile> loaded = MeasuredProfile::loadJSON(path);
  if (loaded)
    profile = std::move(*loaded);
  else
    error = llvm::toString(loaded.takeError());
}

FailureOr<const MeasuredProfile *>
LoadedProfile::getOrEmitError(Operation *op) const {
  if (error)
    return emitProfileError(op, *error);
  return profile ? &*profile : nullptr;
}
