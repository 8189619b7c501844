//===- MeasuredProfile.cpp - measured collective and op times -------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/MeasuredProfile.h"
#include "sched/Analysis/HumanUnits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::sched;

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

llvm::Error MeasuredProfile::addContention(ContentionBucket bucket) {
  auto isFactor = [](double f) { return std::isfinite(f) && f >= 1.0; };
  if (!isFactor(bucket.commFactor) || !isFactor(bucket.computeFactor))
    return llvm::createStringError("factors must be finite and >= 1");
  if (bucket.maxBytes && *bucket.maxBytes < 1)
    return llvm::createStringError("'max_bytes' must be >= 1");
  if (!contention.empty()) {
    const ContentionBucket &previous = contention.back();
    if (!previous.maxBytes)
      return llvm::createStringError(
          "follows a bucket without 'max_bytes' (only the last bucket may "
          "omit it)");
    if (bucket.maxBytes && *bucket.maxBytes <= *previous.maxBytes)
      return llvm::createStringError(
          llvm::formatv("'max_bytes' must be above the previous bucket's ({0})",
                        *previous.maxBytes));
  }
  contention.push_back(bucket);
  return llvm::Error::success();
}

const MeasuredProfile::ContentionBucket *
MeasuredProfile::lookupContention(int64_t bytes) const {
  if (contention.empty())
    return nullptr;
  for (const ContentionBucket &bucket : contention)
    if (!bucket.maxBytes || bytes <= *bucket.maxBytes)
      return &bucket;
  return &contention.back();
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
    llvm::Expected<const llvm::json::Object *> parsed =
        getObject(root, "", {"version", "collectives", "ops", "contention"});
    if (!parsed)
      return parsed.takeError();
    const llvm::json::Object *object = *parsed;
    if (const llvm::json::Value *version = object->get("version")) {
      std::optional<int64_t> number = version->getAsInteger();
      if (!number || *number != 1)
        return error("version", "expected 1");
    }
    MeasuredProfile profile;
    if (llvm::Error err = parseArray(*object, "collectives",
                                     &ProfileParser::parseCollective, profile))
      return std::move(err);
    if (llvm::Error err =
            parseArray(*object, "ops", &ProfileParser::parseOp, profile))
      return std::move(err);
    if (llvm::Error err = parseArray(*object, "contention",
                                     &ProfileParser::parseContention, profile))
      return std::move(err);
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

  /// Returns `value` as an object whose keys are all in `known`.
  llvm::Expected<const llvm::json::Object *>
  getObject(const llvm::json::Value &value, StringRef path,
            ArrayRef<StringRef> known) const {
    const llvm::json::Object *object = value.getAsObject();
    if (!object)
      return error(path, "expected an object");
    if (llvm::Error err = checkKeys(*object, path, known))
      return std::move(err);
    return object;
  }

  /// Parses one entry of an array of the document, at `path`, into
  /// `profile`.
  using EntryParser = llvm::Error (ProfileParser::*)(
      const llvm::json::Value &value, StringRef path,
      MeasuredProfile &profile) const;

  /// Parses each entry of the array `key` of `root`, if there is one, with
  /// `parseEntry` (at path `key[index]`).
  llvm::Error parseArray(const llvm::json::Object &root, StringRef key,
                         EntryParser parseEntry,
                         MeasuredProfile &profile) const {
    const llvm::json::Value *value = root.get(key);
    if (!value)
      return llvm::Error::success();
    const llvm::json::Array *array = value->getAsArray();
    if (!array)
      return error(key, "expected an array");
    for (auto [index, entry] : llvm::enumerate(*array))
      if (llvm::Error err = (this->*parseEntry)(
              entry, llvm::formatv("{0}[{1}]", key, index).str(), profile))
        return err;
    return llvm::Error::success();
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
    llvm::Expected<const llvm::json::Object *> parsed =
        getObject(value, path, {"kind", "group_size", "num_nodes", "points"});
    if (!parsed)
      return parsed.takeError();
    const llvm::json::Object *object = *parsed;

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
    llvm::Expected<const llvm::json::Object *> parsed =
        getObject(value, path, {"kind", "time_us"});
    if (!parsed)
      return parsed.takeError();
    const llvm::json::Object *object = *parsed;
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

  /// Returns the field `key` of `object` as a finite number >= 1.
  llvm::Expected<double> getFactor(const llvm::json::Object &object,
                                   StringRef path, StringRef key) const {
    const llvm::json::Value *value = object.get(key);
    if (!value)
      return error(path, llvm::formatv("missing '{0}'", key));
    std::optional<double> number = value->getAsNumber();
    if (!number || !std::isfinite(*number) || *number < 1.0)
      return error((path + "." + key).str(), "expected a number >= 1");
    return *number;
  }

  llvm::Error parseContention(const llvm::json::Value &value, StringRef path,
                              MeasuredProfile &profile) const {
    llvm::Expected<const llvm::json::Object *> parsed =
        getObject(value, path, {"max_bytes", "comm_factor", "compute_factor"});
    if (!parsed)
      return parsed.takeError();
    const llvm::json::Object *object = *parsed;
    MeasuredProfile::ContentionBucket bucket;
    if (object->get("max_bytes")) {
      llvm::Expected<int64_t> maxBytes =
          getInteger(*object, path, "max_bytes", 1);
      if (!maxBytes)
        return maxBytes.takeError();
      bucket.maxBytes = *maxBytes;
    }
    llvm::Expected<double> comm = getFactor(*object, path, "comm_factor");
    if (!comm)
      return comm.takeError();
    llvm::Expected<double> compute = getFactor(*object, path, "compute_factor");
    if (!compute)
      return compute.takeError();
    bucket.commFactor = *comm;
    bucket.computeFactor = *compute;
    if (llvm::Error err = profile.addContention(bucket))
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
