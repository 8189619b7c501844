//===- CostModel.cpp - cost of collectives and compute --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

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
// MeasuredProfile
//===----------------------------------------------------------------------===//

/// Prints `value` in its shortest form (`1`, `1.5`, `1e+09`) for messages.
static std::string formatNumber(double value) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%g", value);
  return text;
}

double MeasuredProfile::CollectiveCurve::interpolate(double bytes) const {
  // addCollective guarantees two points; stay defined for hand-built curves.
  if (points.empty())
    return 0.0;
  if (points.size() == 1 || bytes <= points.front().bytes)
    return points.front().timeUs;
  // The first point whose size is >= bytes.
  const Point *upper = llvm::partition_point(
      points, [&](const Point &p) { return p.bytes < bytes; });
  const Point *lower;
  double slope;
  if (upper == points.end()) {
    // Beyond the last point: the line through the last two points, never
    // decreasing.
    upper = points.end() - 1;
    lower = upper - 1;
    slope = std::max(0.0, (upper->timeUs - lower->timeUs) /
                              (upper->bytes - lower->bytes));
    return upper->timeUs + slope * (bytes - upper->bytes);
  }
  lower = upper - 1;
  slope = (upper->timeUs - lower->timeUs) / (upper->bytes - lower->bytes);
  return lower->timeUs + slope * (bytes - lower->bytes);
}

llvm::Error MeasuredProfile::addCollective(CollectiveCurve curve) {
  StringRef kindName = stringifyCollectiveKind(curve.kind);
  auto error = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   llvm::formatv("{0} curve on {1} ranks: {2}",
                                                 kindName, curve.groupSize,
                                                 message.str()));
  };
  if (curve.groupSize < 1)
    return error("group size must be >= 1");
  if (curve.numNodes &&
      (*curve.numNodes < 1 || *curve.numNodes > curve.groupSize))
    return error("node count must be in [1, group size]");
  if (curve.points.size() < 2)
    return error("expected at least 2 points");
  for (const Point &point : curve.points)
    if (!std::isfinite(point.bytes) || !std::isfinite(point.timeUs) ||
        point.bytes < 0 || point.timeUs < 0)
      return error("sizes and times must be finite and non-negative");
  llvm::stable_sort(curve.points, [](const Point &a, const Point &b) {
    return a.bytes < b.bytes;
  });
  for (auto [a, b] : llvm::zip(ArrayRef(curve.points).drop_back(),
                               ArrayRef(curve.points).drop_front()))
    if (a.bytes == b.bytes)
      return error(
          llvm::formatv("two points of size {0}", formatNumber(a.bytes)));
  for (const CollectiveCurve &other : collectives)
    if (other.kind == curve.kind && other.groupSize == curve.groupSize &&
        other.numNodes == curve.numNodes)
      return error("duplicate curve");
  collectives.push_back(std::move(curve));
  return llvm::Error::success();
}

llvm::Error MeasuredProfile::addOp(StringRef kind, double timeUs) {
  if (!std::isfinite(timeUs) || timeUs < 0)
    return llvm::createStringError(
        llvm::formatv("op '{0}': time must be finite and non-negative", kind));
  if (!opTimesUs.try_emplace(kind, timeUs).second)
    return llvm::createStringError(
        llvm::formatv("op '{0}': duplicate time", kind));
  return llvm::Error::success();
}

const MeasuredProfile::CollectiveCurve *
MeasuredProfile::lookupCollective(CollectiveKind kind, int64_t groupSize,
                                  int64_t numNodes) const {
  const CollectiveCurve *anyNodes = nullptr;
  for (const CollectiveCurve &curve : collectives) {
    if (curve.kind != kind || curve.groupSize != groupSize)
      continue;
    if (!curve.numNodes)
      anyNodes = &curve;
    else if (*curve.numNodes == numNodes)
      return &curve;
  }
  return anyNodes;
}

std::optional<double> MeasuredProfile::lookupOp(StringRef kind) const {
  auto it = opTimesUs.find(kind);
  if (it == opTimesUs.end())
    return std::nullopt;
  return it->second;
}

namespace {
/// Builds a MeasuredProfile from a parsed JSON value, with error messages
/// that name the position in the document (e.g. `collectives[0].points`).
class ProfileParser {
public:
  explicit ProfileParser(StringRef name) : name(name) {}

  llvm::Expected<MeasuredProfile> parse(const llvm::json::Value &root) {
    const llvm::json::Object *object = root.getAsObject();
    if (!object)
      return error("", "expected an object");
    if (llvm::Error err =
            checkKeys(*object, "", {"version", "collectives", "ops"}))
      return std::move(err);
    if (const llvm::json::Value *version = object->get("version")) {
      std::optional<int64_t> number = version->getAsInteger();
      if (!number || *number != 1)
        return error("version", "expected 1");
    }
    MeasuredProfile profile;
    if (const llvm::json::Value *value = object->get("collectives")) {
      const llvm::json::Array *array = value->getAsArray();
      if (!array)
        return error("collectives", "expected an array");
      for (auto [index, entry] : llvm::enumerate(*array))
        if (llvm::Error err = parseCollective(
                entry, llvm::formatv("collectives[{0}]", index).str(), profile))
          return std::move(err);
    }
    if (const llvm::json::Value *value = object->get("ops")) {
      const llvm::json::Array *array = value->getAsArray();
      if (!array)
        return error("ops", "expected an array");
      for (auto [index, entry] : llvm::enumerate(*array))
        if (llvm::Error err =
                parseOp(entry, llvm::formatv("ops[{0}]", index).str(), profile))
          return std::move(err);
    }
    return profile;
  }

private:
  llvm::Error error(StringRef path, const llvm::Twine &message) const {
    if (path.empty())
      return llvm::createStringError(
          llvm::formatv("{0}: {1}", name, message.str()));
    return llvm::createStringError(
        llvm::formatv("{0}: {1}: {2}", name, path, message.str()));
  }

  /// Rejects keys of `object` outside `known`, so that typos do not go
  /// unnoticed. Reports the alphabetically first unknown key.
  llvm::Error checkKeys(const llvm::json::Object &object, StringRef path,
                        ArrayRef<StringRef> known) const {
    SmallVector<StringRef> unknown;
    for (const auto &entry : object)
      if (!llvm::is_contained(known, StringRef(entry.first)))
        unknown.push_back(entry.first);
    if (unknown.empty())
      return llvm::Error::success();
    llvm::sort(unknown);
    return error(path, llvm::formatv("unknown key '{0}'", unknown.front()));
  }

  /// Returns the field `key` of `object` as an integer >= `min`.
  llvm::Expected<int64_t> getInteger(const llvm::json::Object &object,
                                     StringRef path, StringRef key,
                                     int64_t min) const {
    std::string fieldPath = (path + "." + key).str();
    const llvm::json::Value *value = object.get(key);
    if (!value)
      return error(path, llvm::formatv("missing '{0}'", key));
    std::optional<int64_t> number = value->getAsInteger();
    if (!number || *number < min)
      return error(fieldPath, llvm::formatv("expected an integer >= {0}", min));
    return *number;
  }

  llvm::Error parseCollective(const llvm::json::Value &value, StringRef path,
                              MeasuredProfile &profile) const {
    const llvm::json::Object *object = value.getAsObject();
    if (!object)
      return error(path, "expected an object");
    if (llvm::Error err = checkKeys(
            *object, path, {"kind", "group_size", "num_nodes", "points"}))
      return err;

    MeasuredProfile::CollectiveCurve curve;
    const llvm::json::Value *kindValue = object->get("kind");
    if (!kindValue)
      return error(path, "missing 'kind'");
    std::optional<StringRef> kindName = kindValue->getAsString();
    std::optional<CollectiveKind> kind =
        kindName ? symbolizeCollectiveKind(*kindName) : std::nullopt;
    if (!kind)
      return error((path + ".kind").str(),
                   "expected one of all_gather, reduce_scatter, all_reduce, "
                   "all_to_all, broadcast");
    curve.kind = *kind;

    llvm::Expected<int64_t> groupSize =
        getInteger(*object, path, "group_size", 1);
    if (!groupSize)
      return groupSize.takeError();
    curve.groupSize = *groupSize;
    if (object->get("num_nodes")) {
      llvm::Expected<int64_t> numNodes =
          getInteger(*object, path, "num_nodes", 1);
      if (!numNodes)
        return numNodes.takeError();
      curve.numNodes = *numNodes;
    }

    std::string pointsPath = (path + ".points").str();
    const llvm::json::Value *pointsValue = object->get("points");
    if (!pointsValue)
      return error(path, "missing 'points'");
    const llvm::json::Array *points = pointsValue->getAsArray();
    if (!points)
      return error(pointsPath, "expected an array of [bytes, time_us] pairs");
    for (auto [index, pointValue] : llvm::enumerate(*points)) {
      const llvm::json::Array *pair = pointValue.getAsArray();
      std::optional<double> bytes, timeUs;
      if (pair && pair->size() == 2) {
        bytes = (*pair)[0].getAsNumber();
        timeUs = (*pair)[1].getAsNumber();
      }
      if (!bytes || !timeUs)
        return error(llvm::formatv("{0}[{1}]", pointsPath, index).str(),
                     "expected a [bytes, time_us] pair of numbers");
      curve.points.push_back({*bytes, *timeUs});
    }
    if (llvm::Error err = profile.addCollective(std::move(curve)))
      return error(path, llvm::toString(std::move(err)));
    return llvm::Error::success();
  }

  llvm::Error parseOp(const llvm::json::Value &value, StringRef path,
                      MeasuredProfile &profile) const {
    const llvm::json::Object *object = value.getAsObject();
    if (!object)
      return error(path, "expected an object");
    if (llvm::Error err = checkKeys(*object, path, {"kind", "time_us"}))
      return err;
    std::optional<StringRef> kind = object->getString("kind");
    if (!kind)
      return error(path, "expected a string 'kind'");
    std::optional<double> timeUs = object->getNumber("time_us");
    if (!timeUs)
      return error(path, "expected a number 'time_us'");
    if (llvm::Error err = profile.addOp(*kind, *timeUs))
      return error(path, llvm::toString(std::move(err)));
    return llvm::Error::success();
  }

  std::string name;
};
} // namespace

llvm::Expected<MeasuredProfile> MeasuredProfile::parse(StringRef jsonText,
                                                       StringRef name) {
  llvm::Expected<llvm::json::Value> root = llvm::json::parse(jsonText);
  if (!root)
    return llvm::createStringError(llvm::formatv(
        "{0}: invalid JSON: {1}", name, llvm::toString(root.takeError())));
  return ProfileParser(name).parse(*root);
}

llvm::Expected<MeasuredProfile> MeasuredProfile::loadJSON(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   llvm::formatv("cannot read '{0}': {1}", path,
                                                 buffer.getError().message()));
  return parse((*buffer)->getBuffer(), path);
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
