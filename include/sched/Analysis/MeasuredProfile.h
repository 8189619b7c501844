//===- MeasuredProfile.h - measured collective and op times ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A measured profile: collective times as curves over the buffer size,
// compute op times per kind and contention factors by message size, read from
// the JSON file that sched-calibrate writes. The cost model uses it in place of
// its analytical estimates where it has data; docs/CostModel.md documents the
// schema.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_MEASUREDPROFILE_H
#define SCHED_ANALYSIS_MEASUREDPROFILE_H

#include "sched/Dialect/Sched/IR/SchedAttrs.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace mlir {
namespace sched {

/// Measured run times that replace the analytical estimates: collective time
/// as a function of the buffer size, per collective kind and group size, and
/// a time per kind of compute op. docs/CostModel.md documents the JSON schema.
class MeasuredProfile {
public:
  /// One measurement of a collective: `bytes` is the size of the full buffer
  /// (as in CostModel::estimateCollective) and `timeUs` the time in
  /// microseconds.
  struct Point {
    /// Size of the full buffer, in bytes.
    double bytes = 0.0;
    /// Measured time, in microseconds.
    double timeUs = 0.0;
  };

  /// The measurements of one collective kind on one group size.
  struct CollectiveCurve {
    /// The collective measured.
    CollectiveKind kind = CollectiveKind::AllGather;
    /// The number of ranks of the group.
    int64_t groupSize = 1;
    /// The number of nodes the group spans, or nothing if the curve applies
    /// to any number of nodes.
    std::optional<int64_t> numNodes;
    /// At least two points, sorted by strictly increasing `bytes`.
    SmallVector<Point> points;

    /// Returns the time for `bytes` by linear interpolation between the two
    /// enclosing points. Below the first point, returns the time of the first
    /// point; beyond the last point, extrapolates the line through the last
    /// two points (with a slope of at least 0). Expects sorted points; a
    /// curve of one point is constant, a curve of none is 0.
    double interpolate(double bytes) const;
  };

  /// How much an overlapped collective and the compute beside it slow each
  /// other down, for collectives of up to `maxBytes` full-buffer bytes (the
  /// sizes above the previous bucket's). docs/CostModel.md, "Contention".
  struct ContentionBucket {
    /// The largest full buffer of the bucket, or nothing for every size
    /// above the previous bucket's (only the last bucket).
    std::optional<int64_t> maxBytes;
    /// While compute runs beside it, the collective advances at 1 /
    /// `commFactor` of its solo rate (>= 1).
    double commFactor = 1.0;
    /// While the collective is in flight, compute advances at 1 /
    /// `computeFactor` of its solo rate (>= 1).
    double computeFactor = 1.0;
  };

  /// Parses a profile from JSON text. `name` names the source in error
  /// messages (e.g. the file name).
  static llvm::Expected<MeasuredProfile> parse(StringRef jsonText,
                                               StringRef name = "profile");

  /// Reads and parses the JSON profile at `path`.
  static llvm::Expected<MeasuredProfile> loadJSON(StringRef path);

  /// Returns the curve for `kind` on `groupSize` ranks spanning `numNodes`
  /// nodes: a curve that names `numNodes` is preferred over one that names no
  /// node count. Returns null if there is none.
  const CollectiveCurve *lookupCollective(CollectiveKind kind,
                                          int64_t groupSize,
                                          int64_t numNodes) const;

  /// Returns the measured time, in microseconds, of a compute op of kind
  /// `kind` (see ComputeOpInterface::getComputeKind), if the profile has one.
  std::optional<double> lookupOp(StringRef kind) const;

  /// Returns the collective curves, in the order of the file.
  ArrayRef<CollectiveCurve> getCollectives() const { return collectives; }

  /// Returns the number of compute op kinds with a measured time.
  size_t getNumOps() const { return opTimesUs.size(); }

  /// Returns the contention buckets, by increasing size.
  ArrayRef<ContentionBucket> getContention() const { return contention; }

  /// Returns the bucket of a collective of `bytes` full-buffer bytes: the
  /// first whose `maxBytes` is at least `bytes`, else the last one; null if
  /// the profile has no contention buckets.
  const ContentionBucket *lookupContention(int64_t bytes) const;

  /// Adds a collective curve. Returns an error if the curve has fewer than
  /// two points, a negative or non-finite value, two points of equal size,
  /// or if a curve with the same kind, group size and node count exists.
  /// Points are sorted by size.
  llvm::Error addCollective(CollectiveCurve curve);

  /// Adds the time of a compute op kind. Returns an error if the time is
  /// negative or not finite, or if the kind already has a time.
  llvm::Error addOp(StringRef kind, double timeUs);

  /// Adds a contention bucket after the existing ones. Returns an error if a
  /// factor is below 1 or not finite, if `maxBytes` is below 1 or not above
  /// the previous bucket's, or if the previous bucket has no `maxBytes`.
  llvm::Error addContention(ContentionBucket bucket);

private:
  SmallVector<CollectiveCurve> collectives;
  llvm::StringMap<double> opTimesUs;
  SmallVector<ContentionBucket> contention;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_MEASUREDPROFILE_H
