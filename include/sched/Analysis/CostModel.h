//===- CostModel.h - cost of collectives and compute ------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Estimates how long collectives and compute ops take on a `#sched.target`:
// an NCCL-like analytical model for collectives (ring and tree algorithms),
// a roofline for compute, and measured profiles that replace both where they
// have data. docs/CostModel.md gives the formulas, units and sources.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_COSTMODEL_H
#define SCHED_ANALYSIS_COSTMODEL_H

#include "sched/Analysis/MeasuredProfile.h"
#include "sched/Dialect/Sched/IR/ElementSize.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedInterfaces.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir {
namespace sched {

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

/// How much a collective and the compute beside it slow each other down
/// while they overlap (docs/CostModel.md, "Contention"): 1 and 1 when the
/// model charges no contention.
struct ContentionFactors {
  /// The collective advances at 1 / `comm` of its solo rate while compute
  /// runs.
  double comm = 1.0;
  /// Compute advances at 1 / `compute` of its solo rate while the
  /// collective is in flight.
  double compute = 1.0;
};

/// Returns the number of bytes a value of `type` occupies: the product of the
/// shape times the element width for a statically shaped tensor or memref,
/// the element width for a scalar. Returns nothing for dynamic shapes,
/// unranked types and element types without a width.
std::optional<int64_t> getTypeByteSize(Type type);

//===----------------------------------------------------------------------===//
// CostModel
//===----------------------------------------------------------------------===//

/// The collective algorithm the model assumes.
enum class CollectiveAlgorithm {
  /// The faster of ring and tree (tree applies to all_reduce only).
  Auto,
  /// Ring for every collective.
  Ring,
  /// Tree for all_reduce, ring for the other collectives.
  Tree,
};

/// Algorithm knobs of the cost model. Hardware facts come from the target
/// only; these are efficiencies and choices that a calibration may tune.
struct CostModelOptions {
  /// The collective algorithm.
  CollectiveAlgorithm algorithm = CollectiveAlgorithm::Auto;
  /// Fraction of the link bandwidth a ring collective reaches, in (0, 1].
  double ringEfficiency = 1.0;
  /// Fraction of the link bandwidth a tree all_reduce reaches, in (0, 1].
  /// The default is NCCL's factor for the tree algorithm with the SIMPLE
  /// protocol (`busBw * 0.92` in NCCL's tuning.cc).
  double treeEfficiency = 0.92;
  /// Fixed time added to every collective on more than one rank, in
  /// microseconds (NCCL's base latency of a call). Defaults to 0.
  double collectiveBaseLatencyUs = 0.0;
  /// Fraction of the target's peak compute rate that kernels reach, in
  /// (0, 1].
  double computeEfficiency = 1.0;
  /// Fraction of the target's HBM bandwidth that kernels reach, in (0, 1].
  double memoryEfficiency = 1.0;

  /// Returns an error that names the first option out of range, if any.
  llvm::Error verify() const;
};

/// An estimate of the time of one collective.
struct CollectiveEstimate {
  /// Where the time comes from.
  enum class Source {
    /// The group has one rank: nothing is communicated.
    Trivial,
    /// The analytical model with the ring algorithm.
    Ring,
    /// The analytical model with the tree algorithm.
    Tree,
    /// A measured profile.
    Profile,
    /// The `time_ns` of the op's `sched.cost` attribute (a measured time).
    Measured,
    /// The analytical model of a collective permute: its slowest pair.
    PointToPoint,
  };

  /// Total time, in microseconds: `latencyUs + transferUs`.
  double timeUs = 0.0;
  /// The size-independent part, in microseconds (0 for a profile).
  double latencyUs = 0.0;
  /// The size-dependent part, in microseconds (the whole time for a
  /// profile).
  double transferUs = 0.0;
  /// Where the time comes from.
  Source source = Source::Trivial;
  /// The size of the full buffer, in bytes.
  int64_t bytes = 0;
  /// The number of ranks.
  int64_t groupSize = 1;
  /// The number of nodes the ranks span.
  int64_t numNodes = 1;

  /// Returns `trivial`, `ring`, `tree`, `profile`, `time_ns` or
  /// `point_to_point`.
  StringRef getSourceName() const;
};

/// An estimate of the time of one compute op.
struct ComputeEstimate {
  /// Where the time comes from.
  enum class Source {
    /// The op has no cost and none can be derived: it costs 0.
    NoCost,
    /// The `time_ns` field of the op's cost.
    Measured,
    /// The measured profile, by compute kind.
    Profile,
    /// The roofline, limited by the compute rate.
    ComputeBound,
    /// The roofline, limited by the HBM bandwidth.
    MemoryBound,
  };

  /// Time, in microseconds.
  double timeUs = 0.0;
  /// Where the time comes from.
  Source source = Source::NoCost;
  /// For a roofline estimate with flops, the element type whose peak rate
  /// was used (the op's element type, or f32 when the target has no rate for
  /// it); null otherwise.
  Type rateType;

  /// Returns `no cost`, `time_ns`, `profile`, `compute bound` or
  /// `memory bound`.
  StringRef getSourceName() const;
};

/// Estimates the time of collectives and compute ops on one target.
///
/// Collectives follow an NCCL-like alpha-beta model. For a buffer of `S`
/// bytes on `n` ranks over a link of bandwidth `B` and per-step latency `L`,
/// a ring collective takes `steps * L + S * factor / B`, where the steps and
/// the factor (the nccl-tests bus-bandwidth factor) depend on the kind; a
/// tree all_reduce takes `2 * depth * L + 2 * S / B`. Compute follows a
/// roofline. docs/CostModel.md has the details.
class CostModel {
public:
  /// Creates a model of `target`, which must be non-null, with `options`,
  /// which must verify.
  explicit CostModel(TargetAttr target, CostModelOptions options = {});

  /// Returns the target.
  TargetAttr getTarget() const { return target; }

  /// Returns the options.
  const CostModelOptions &getOptions() const { return options; }

  /// Uses `profile` from now on, where it has data.
  void setProfile(MeasuredProfile newProfile) {
    profile = std::move(newProfile);
  }

  /// Returns the profile, or null if there is none.
  const MeasuredProfile *getProfile() const {
    return profile ? &*profile : nullptr;
  }

  /// Returns the contention factors of a collective of `bytes` full-buffer
  /// bytes: the profile's bucket for that size, or no contention (1 and 1)
  /// without a profile or without contention buckets in it.
  ContentionFactors getContention(int64_t bytes) const;

  /// Estimates a collective of `kind` on `groupSize` ranks that span
  /// `numNodes` nodes. `bytes` is the size of the full buffer of one rank,
  /// the "size" of nccl-tests: the gathered output of an all_gather, the
  /// input of a reduce_scatter (before scattering), and the input (= output)
  /// of an all_reduce, all_to_all or broadcast. One node uses the target's
  /// `intra_node` link, several nodes its `inter_node` link. A group of one
  /// rank costs 0. A measured profile is used where it has a curve.
  CollectiveEstimate estimateCollective(CollectiveKind kind, int64_t bytes,
                                        int64_t groupSize,
                                        int64_t numNodes) const;

  /// Returns `estimateCollective(...).timeUs`, in microseconds.
  double getCollectiveTimeUs(CollectiveKind kind, int64_t bytes,
                             int64_t groupSize, int64_t numNodes) const {
    return estimateCollective(kind, bytes, groupSize, numNodes).timeUs;
  }

  /// Returns the size of the full buffer of `op` (see estimateCollective),
  /// summed over its bucket entries, in bytes. Emits an error on `op` and
  /// fails if a type has a dynamic shape or an element type without a width.
  static FailureOr<int64_t> getCollectiveBytes(CollectiveOpInterface op);

  /// Returns the size and the node count of the `sched.process_group` of
  /// `op` (the node size defaults to the target's `gpus_per_node`); emits an
  /// error on `op` and fails if the group cannot be found. The same for every
  /// collective of a group in one symbol scope, so callers may keep it.
  FailureOr<std::pair<int64_t, int64_t>>
  getGroupShape(CollectiveOpInterface op, SymbolTableCollection &symbols) const;

  /// Estimates `op`. The group size and node count come from its
  /// `sched.process_group` (the node size defaults to the target's
  /// `gpus_per_node`). Emits an error on `op` and fails if the op cannot be
  /// sized or its group cannot be found.
  FailureOr<CollectiveEstimate>
  estimateCollective(CollectiveOpInterface op,
                     SymbolTableCollection &symbols) const;

  /// Returns the time of `op` in microseconds; see estimateCollective.
  FailureOr<double> getCollectiveTimeUs(CollectiveOpInterface op,
                                        SymbolTableCollection &symbols) const;

  /// Estimates `op` moving `bytes` (which may differ from the op's own size,
  /// for a bucket of several ops like it) on a group of shape `groupShape`
  /// (see getGroupShape). A collective permute is estimated from its pairs
  /// (estimatePermute, which looks the group up in `symbols`), every other
  /// kind by estimateCollective(kind, ...). Does not read the op's measured
  /// time. Emits an error on `op` and fails if its group cannot be found.
  FailureOr<CollectiveEstimate>
  estimateCollectiveOfSize(CollectiveOpInterface op, int64_t bytes,
                           std::pair<int64_t, int64_t> groupShape,
                           SymbolTableCollection &symbols) const;

  /// Estimates a collective permute of `bytes` per rank over the (source,
  /// target) `pairs` of positions in `group`. Every pair runs at once (each
  /// rank sends and receives at most one buffer), so the time is that of the
  /// slowest pair: a pair of a rank with itself is a copy through HBM (read
  /// and write); a pair whose two ends are on one node (global rank /
  /// ranks per node, the group's `ranks_per_node` or the target's
  /// `gpus_per_node`) one transfer over the `intra_node` link, otherwise
  /// over the `inter_node` link, each after the base latency and one link
  /// latency. A rank that is the target of no pair zero-fills its buffer
  /// (an HBM write). A profile curve for `collective_permute` on the group's
  /// size and node count replaces the model where it has one.
  CollectiveEstimate
  estimatePermute(ArrayRef<std::pair<int64_t, int64_t>> pairs, int64_t bytes,
                  ProcessGroupOp group) const;

  /// Returns the measured time of the collective `op`, in microseconds: the
  /// `time_ns` of its `sched.cost` attribute (the FX importer sets it from a
  /// node's `runtime_us`), if it has one. estimateCollective(op) and the
  /// stream simulator prefer it to the profile and the analytical model.
  static std::optional<double>
  getMeasuredCollectiveTimeUs(CollectiveOpInterface op);

  /// Estimates the time of the compute op `op`, in this order:
  /// 1. the `time_ns` of its cost (ComputeOpInterface::getComputeCost);
  /// 2. the profile's time for its compute kind;
  /// 3. the roofline `max(flops / peak, (bytes_read + bytes_written) / hbm)`
  ///    of its cost, where the peak is the target's rate for the op's element
  ///    type (of its first shaped operand, else of its first shaped result),
  ///    or the f32 rate if the target has none for that type;
  /// 4. 0, if it has no cost (or is not a ComputeOpInterface).
  /// Emits an error on `op` and fails if the cost has flops and the target
  /// has a rate neither for the element type nor for f32.
  FailureOr<ComputeEstimate> estimateCompute(Operation *op) const;

  /// Returns the time of `op` in microseconds; see estimateCompute.
  FailureOr<double> getComputeTimeUs(Operation *op) const;

  /// Returns the time, in microseconds, of `flops` operations at a peak of
  /// `peakTflops` TFLOP/s scaled by the compute efficiency.
  double getFlopTimeUs(double flops, double peakTflops) const;

  /// Returns the time, in microseconds, to move `bytes` through the target's
  /// HBM, scaled by the memory efficiency.
  double getMemoryTimeUs(double bytes) const;

private:
  /// estimateCollective on normalized arguments (groupSize >= 1, numNodes in
  /// [1, groupSize]); leaves the input fields of the estimate unset.
  CollectiveEstimate estimateCollectiveImpl(CollectiveKind kind, double bytes,
                                            int64_t groupSize,
                                            int64_t numNodes) const;
  /// The analytical ring estimate.
  CollectiveEstimate estimateRing(CollectiveKind kind, double bytes,
                                  int64_t groupSize, LinkAttr link) const;
  /// The analytical tree all_reduce estimate.
  CollectiveEstimate estimateTreeAllReduce(double bytes, int64_t groupSize,
                                           int64_t numNodes,
                                           LinkAttr link) const;

  TargetAttr target;
  CostModelOptions options;
  std::optional<MeasuredProfile> profile;
};

//===----------------------------------------------------------------------===//
// Helpers for passes
//===----------------------------------------------------------------------===//

/// Returns the `#sched.target` of `op` or of its nearest parent that has
/// one; otherwise emits "no #sched.target on this function or its parents"
/// on `op` and fails.
FailureOr<TargetAttr> lookupTargetOrEmitError(Operation *op);

/// Loads the measured profile at `path` for a pass option: nothing if `path`
/// is empty; an error on `op` ("cannot load cost profile: ...") and failure
/// if it cannot be read or parsed.
FailureOr<std::optional<MeasuredProfile>>
loadProfileOrEmitError(Operation *op, StringRef path);

/// The measured profile that a pass option names, read once (e.g. in
/// Pass::initialize) and then handed to every op the pass runs on, so that
/// a function pass does not re-read the file for each function.
class LoadedProfile {
public:
  /// Reads the profile at `path` (none if `path` is empty) and keeps it, or
  /// the reason it could not be read or parsed.
  void load(StringRef path);

  /// Returns the profile, nullptr if none was named; or emits "cannot load
  /// cost profile: <reason>" on `op` and fails.
  FailureOr<const MeasuredProfile *> getOrEmitError(Operation *op) const;

private:
  std::optional<MeasuredProfile> profile;
  std::optional<std::string> error;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_COSTMODEL_H
