//===- Bucketing.h - Overlap-preserving collective bucketing ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The algorithm behind `sched-bucket-collectives`, usable without the pass
// manager: Inductor's overlap-preserving bucketer over the analyses of one
// block. A `Bucketer` finds the candidates (collectives of one key), grows
// buckets greedily under a byte cap and a window, and lets a collective join
// a bucket at the best of four placements of the merged start and wait that
// keep the dependences, the enclosure of hidden collectives and the peak
// memory. `materializeBuckets` then rewrites the IR. The steps run in the
// order the pass runs them, so that its diagnostics keep their order.
// docs/passes/BucketCollectives.md describes the algorithm.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_BUCKETING_H
#define SCHED_SCHEDULING_BUCKETING_H

#include "sched/Analysis/AugmentedGraph.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/IncrementalSimulation.h"
#include "sched/Analysis/MemoryTimeline.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace sched {

/// The options of a bucketer: those of `sched-bucket-collectives`.
struct BucketingOptions {
  /// The most bytes one bucket holds (at least 1).
  int64_t capBytes = 1;
  /// The most ops between the first and the last start of a bucket.
  int64_t window = 0;
  /// Seed buckets with the least hidden collectives first (Inductor's
  /// bucket_exposed_first), else in program order.
  bool exposedFirst = false;
  /// No other collective of the group may start between members.
  bool keepCollectiveOrder = false;
  /// Collectives of different element types may share a bucket (a grouped
  /// call per member, as NCCL groups them); otherwise one type per bucket.
  bool mixElementTypes = true;
  /// A remark for every decision.
  bool explain = false;
  /// The most bytes live at once that the buckets may leave, where it is
  /// more than the input's peak (the memory budget of the overlap schedule
  /// the buckets are made from); 0: the input's peak.
  int64_t memoryBudget = 0;
};

/// What collectives must share to be bucketed: the op (kind), its inherent
/// attributes but the segment sizes (group, reduction, dims), its form
/// (tensor or buffer) and, unless element types may mix, the element type
/// of its inputs.
struct BucketKey {
  OperationName name;
  /// The attributes that count, in an order fixed by the op name (its
  /// inherent attributes in declaration order, then the discardable ones by
  /// name): equal lists for equal attribute dictionaries.
  SmallVector<NamedAttribute, 4> attrs;
  /// Null where element types may mix.
  Type elementType;
  bool isBuffer;

  bool operator==(const BucketKey &other) const {
    return name == other.name && attrs == other.attrs &&
           elementType == other.elementType && isBuffer == other.isBuffer;
  }
  /// Returns the attribute `attrName`, or null.
  Attribute get(StringRef attrName) const;

  /// Returns the key of `op`, or nothing if it has no input, an input that
  /// is not shaped, or (unless `mixElementTypes`) inputs of several element
  /// types.
  static std::optional<BucketKey> fromOp(CollectiveOpInterface op,
                                         bool mixElementTypes = false);
};

/// One collective: its start and wait, by position in the block.
struct BucketMember {
  unsigned start;
  unsigned wait;
  int64_t bytes;
};

/// Where the merged start and wait of a bucket may go, from the ops its
/// starts and waits depend on and the ops that depend on them (where those
/// ops are now): the start strictly between `startLo` and `startHi`, the
/// wait strictly between `waitLo` and `waitHi`.
struct BucketBounds {
  int64_t startLo = -1, startHi = std::numeric_limits<int64_t>::max();
  int64_t waitLo = -1, waitHi = std::numeric_limits<int64_t>::max();

  /// Intersects these bounds with `other`.
  void merge(const BucketBounds &other);
};

/// A bucket of collectives of one key.
struct Bucket {
  /// The members, by position of their starts.
  SmallVector<BucketMember, 4> members;
  int64_t bytes = 0;
  /// Positions of the merged start (one of the members' starts) and of the
  /// merged wait (one of the members' waits).
  unsigned startPos = 0, waitPos = 0;
  /// The seed's start and wait, which name the bucket's merge sets in the
  /// augmented graph and its interval in the enclosure test.
  unsigned seedStart = 0, seedWait = 0;
  /// The bounds of the members, ignoring edges among them.
  BucketBounds bounds;
  /// Whether a member has a measured time (`sched.cost`).
  bool anyMeasured = false;
  /// Then: the merged collective's time (Bucketer::getMergedTime), which
  /// its start carries.
  std::optional<double> measuredTimeUs;
};

/// One of Inductor's four placements of a bucket that a collective joins:
/// the merged start at the earlier or the later of the two starts (the
/// bucket's and the collective's), the merged wait at the earlier or the
/// later of the two waits.
struct BucketPlacement {
  bool lateStart;
  bool lateWait;
};

/// Why a start was not bucketed with the bucket before it: what the
/// aggregated remarks (without `explain`) count.
enum class BucketRefusal : unsigned { Cap, Window, Order, Placement };
/// The number of BucketRefusal values.
constexpr unsigned kNumBucketRefusals = 4;

/// How many starts each reason refused, and where the first of them was.
/// A location, not the op: a refused start can still join a later bucket,
/// which erases it before the remarks are emitted.
struct BucketRefusalCounts {
  unsigned count[kNumBucketRefusals] = {};
  std::optional<Location> first[kNumBucketRefusals];

  /// Counts a refusal of the start at `loc`.
  void add(BucketRefusal why, Location loc);
  /// Returns the number of refusals of every reason.
  unsigned getTotal() const;
};

/// The interval-enclosure test's view of a collective, or of a bucket
/// (under its seed's start): where its start and its wait are now, its
/// communication stream, and the first and last compute ops that ran while
/// it was in flight in the input's simulation, if it was fully hidden.
struct BucketInterval {
  static constexpr unsigned kNone = std::numeric_limits<unsigned>::max();
  unsigned start, wait, stream;
  unsigned firstHide = kNone, lastHide = 0;
  bool isHidden() const { return firstHide != kNone; }
};

/// Inductor's overlap-preserving bucketer over the analyses of one block
/// (which must outlive it). Run its steps in order: analyzeInput,
/// collectCandidates, prepare, then (after the caller's capacity check on
/// getPeakLimit) formBuckets. Each emits its errors, and with `explain` its
/// remarks, at the ops concerned.
class Bucketer {
public:
  Bucketer(const CostModel &model, const BlockSimulation &sim,
           const BufferLiveness &liveness, const DependenceGraph &graph,
           const BucketingOptions &options);
  ~Bucketer();

  /// Simulates the input order: how exposed each collective is and which
  /// compute ops hid it. Fails, with an error at `loc`, if it cannot.
  LogicalResult analyzeInput(Location loc);
  /// Finds the candidates (collectives with one wait, by key, keys in the
  /// order of their first start) and sizes them.
  LogicalResult collectCandidates();
  /// Builds the incremental simulation and the memory timeline of the input
  /// order. Fails, with an error at `loc`, if it cannot simulate.
  LogicalResult prepare(Location loc);
  /// Grows the buckets of every key.
  LogicalResult formBuckets();

  /// The most peak memory the buckets may leave: the input's peak, or the
  /// `memoryBudget` option where that is higher.
  int64_t getPeakLimit() const;
  /// The buckets formed (those of one member are not bucketed).
  ArrayRef<Bucket> getBuckets() const { return buckets; }
  /// The refusals of starts, by reason.
  const BucketRefusalCounts &getRefusals() const { return refusals; }
  /// The exposed communication of the input order and of the buckets.
  double getInputExposedCommUs() const { return inputExposedUs; }
  double getExposedCommUs() const;
  /// The candidates by key, in the order tried.
  ArrayRef<SmallVector<BucketMember>> getCandidates() const {
    return candidates;
  }

private:
  struct JoinAttempt;
  /// What the screening of a candidate before its placements says.
  enum class Screen { Try, Skip, Stop };

  void computeIntervals(const SimResult &input);
  void collectGroupStarts();
  void remarkNewKey(CollectiveOpInterface start, const BucketKey &key,
                    const BucketKey &other);
  /// Which candidates of a list the screen refuses without a trial.
  class ScreeningIndex;
  /// Returns the index of `list` (in program order), none refused yet.
  ScreeningIndex
  buildScreeningIndex(ArrayRef<BucketMember> list,
                      const std::vector<bool> &isCandidateOp) const;
  /// Updates entry `i` of `index` after its screen.
  void updateIndex(ScreeningIndex &index, unsigned i) const;
  /// Returns the first entry of the index's list from `from` that the last
  /// bucket must screen: the entries before it are refused without a remark.
  unsigned skipRefused(const ScreeningIndex &index, unsigned from) const;
  void growBucket(ArrayRef<BucketMember> list, unsigned seed);
  /// Screens `member`, then tries to join it if the screen says so.
  FailureOr<Screen> screenAndJoin(BucketMember member);
  Screen screen(const BucketMember &member);
  bool violatesGroupOrder(const BucketMember &member);
  std::optional<InFlightDiagnostic> remarkRefusal(unsigned pos,
                                                  BucketRefusal why);
  FailureOr<double> bucketTime(unsigned start, int64_t bytes);
  bool isMeasured(unsigned start) const;
  FailureOr<double> getMergedTime(ArrayRef<BucketMember> members, int64_t bytes,
                                  bool &measured);
  bool haveDisjointBuffers(const Bucket &bucket, BucketMember member) const;
  template <typename InGroup>
  void addBounds(const BucketMember &member, InGroup inGroup,
                 BucketBounds &bounds) const;
  void updateBounds(unsigned index);
  bool hasNoPlacement(BucketMember member) const;

  // The steps of a join, in order.
  FailureOr<bool> tryJoin(BucketMember member, std::string &reason);
  bool refuse(JoinAttempt &attempt, llvm::function_ref<std::string()> words);
  void scanEdges(JoinAttempt &attempt);
  void computeBounds(JoinAttempt &attempt);
  void refuseChoices(JoinAttempt &attempt);
  void collectCrossed(JoinAttempt &attempt, unsigned lo, unsigned hi);
  void testEnclosure(JoinAttempt &attempt);
  std::optional<const char *> mergeInGraph(JoinAttempt &attempt);
  LogicalResult simulateTrials(JoinAttempt &attempt);
  void buildMemoryGroups(JoinAttempt &attempt);
  void buildWindow(JoinAttempt &attempt, unsigned trialIndex);
  void chooseByMemory(JoinAttempt &attempt);
  std::string explainTrials(const JoinAttempt &attempt,
                            ArrayRef<unsigned> which) const;
  LogicalResult commitJoin(JoinAttempt &attempt);

  const CostModel &model;
  const BlockSimulation &sim;
  const BufferLiveness &liveness;
  const DependenceGraph &graph;
  BucketingOptions options;
  AugmentedGraph augmented;
  SymbolTableCollection symbols;
  unsigned n;

  double inputExposedUs = 0;
  /// The intervals of the collectives that are waited, by position of the
  /// start; which interval's start and wait stand at each position.
  std::vector<BucketInterval> intervals;
  std::vector<unsigned> intervalOf, startAt, waitAt;
  std::vector<double> overlapRatio;
  /// Per communication stream, the positions of its intervals' starts and
  /// waits, in order.
  std::vector<std::vector<unsigned>> eventsOf;
  /// The positions of the ops that issue each group's collectives, for
  /// keep-collective-order (only looked up, never iterated).
  llvm::DenseMap<StringAttr, SmallVector<unsigned>> groupStarts;

  /// Candidates by key, keys in the order of their first start.
  SmallVector<BucketKey> keys;
  SmallVector<SmallVector<BucketMember>> candidates;

  /// The simulation and the memory timeline of the bucketed order.
  std::optional<IncrementalSimulation> simulation;
  std::optional<MemoryTimeline> memory;
  int64_t peakLimit = 0;

  std::vector<Bucket> buckets;
  std::vector<bool> inBucket;
  /// The bucket of each start and wait that is in one.
  std::vector<unsigned> bucketOf;
  /// Where each op is now: its own position, or for the starts and waits of
  /// a bucket the position of the merged start or wait.
  std::vector<unsigned> currentPos;
  /// Starts already given a refusal remark: one remark per start.
  std::vector<bool> remarked;
  BucketRefusalCounts refusals;
};

/// What materializeBuckets made.
struct BucketingSummary {
  unsigned numBucketed = 0, numBuckets = 0;
  int64_t bucketedBytes = 0;
};

/// Replaces the members of every bucket of two or more collectives (of the
/// block whose ops `ops` lists by position) by one variadic start at the
/// bucket's start and one wait at its wait; with `explain`, a remark for
/// each bucket. Verifies each start and wait it builds (mlir::verify);
/// fails after the verifier's error if one is invalid.
FailureOr<BucketingSummary> materializeBuckets(MLIRContext *context,
                                               ArrayRef<Operation *> ops,
                                               ArrayRef<Bucket> buckets,
                                               bool explain);

/// Returns true if the block that materializeBuckets would make of `ops`
/// and `buckets` puts more than `cap` collectives of a group in flight (a
/// start counts until the wait of its future in the block), without
/// making it: a pass that puts the input back over the cap needs a copy of
/// the input only then.
bool bucketedExceedsInFlight(ArrayRef<Operation *> ops,
                             ArrayRef<Bucket> buckets, int64_t cap);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_BUCKETING_H
