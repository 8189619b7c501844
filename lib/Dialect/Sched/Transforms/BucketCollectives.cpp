//===- BucketCollectives.cpp - sched-bucket-collectives -------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Merges collective starts of one kind, group, reduction, element type and
// dims into variadic buckets, as Inductor's overlap-preserving bucketer does.
// Buckets grow greedily (in program order, or the most exposed collectives
// first) under a byte cap and a window. A collective joins a bucket at one of
// Inductor's four placements of the merged start and wait (the earlier or
// the later of the two starts, the earlier or the later of the two waits):
// the legal ones (dependences kept, the augmented dependence graph acyclic,
// no overlap of a hidden collective enclosed) are simulated, and the one
// that exposes the least communication, if not more than before, and keeps
// the peak memory is kept.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/AugmentedGraph.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Analysis/IncrementalSimulation.h"
#include "sched/Analysis/MemoryTimeline.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <limits>

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDBUCKETCOLLECTIVES
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {
/// The name of the operand segment sizes attribute, which differs between
/// buckets of different sizes and so is not part of the key.
constexpr StringLiteral kSegmentSizes = "operandSegmentSizes";

/// No position, no collective.
constexpr unsigned kNone = std::numeric_limits<unsigned>::max();

/// What collectives must share to be bucketed: the op (kind), its inherent
/// attributes but the segment sizes (group, reduction, dims), the element
/// type of its inputs and its form (tensor or buffer).
struct BucketKey {
  OperationName name;
  /// The attributes that count, in an order fixed by the op name (its
  /// inherent attributes in declaration order, then the discardable ones by
  /// name): equal lists for equal attribute dictionaries. A list, not a
  /// dictionary: building one per start (the op's own dictionary with its
  /// segment sizes, sorted and uniqued, then ours) cost more than the rest of
  /// the key.
  SmallVector<NamedAttribute, 4> attrs;
  Type elementType;
  bool isBuffer;

  bool operator==(const BucketKey &other) const {
    return name == other.name && attrs == other.attrs &&
           elementType == other.elementType && isBuffer == other.isBuffer;
  }
  /// Returns the attribute `attrName`, or null.
  Attribute get(StringRef attrName) const {
    for (NamedAttribute attr : attrs)
      if (attr.getName() == attrName)
        return attr.getValue();
    return {};
  }
};

/// One collective: its start and wait, by position in the block.
struct Member {
  unsigned start;
  unsigned wait;
  int64_t bytes;
};

/// Where the merged start and wait of a bucket may go, from the ops its
/// starts and waits depend on and the ops that depend on them (where those
/// ops are now): the start strictly between `startLo` and `startHi`, the
/// wait strictly between `waitLo` and `waitHi`.
struct Bounds {
  int64_t startLo = -1, startHi = std::numeric_limits<int64_t>::max();
  int64_t waitLo = -1, waitHi = std::numeric_limits<int64_t>::max();

  void merge(const Bounds &other) {
    startLo = std::max(startLo, other.startLo);
    startHi = std::min(startHi, other.startHi);
    waitLo = std::max(waitLo, other.waitLo);
    waitHi = std::min(waitHi, other.waitHi);
  }
};

/// A bucket of collectives of one key.
struct Bucket {
  /// The members, by position of their starts.
  SmallVector<Member, 4> members;
  int64_t bytes = 0;
  /// Positions of the merged start (one of the members' starts) and of the
  /// merged wait (one of the members' waits).
  unsigned startPos = 0, waitPos = 0;
  /// The seed's start and wait, which name the bucket's merge sets in the
  /// augmented graph and its interval in the enclosure test.
  unsigned seedStart = 0, seedWait = 0;
  /// The bounds of the members, ignoring edges among them.
  Bounds bounds;
};

/// One of Inductor's four placements of a bucket that a collective joins:
/// the merged start at the earlier or the later of the two starts (the
/// bucket's and the collective's), the merged wait at the earlier or the
/// later of the two waits.
struct Placement {
  bool lateStart;
  bool lateWait;
};

/// The order in which placements are tried, Inductor's: the early start and
/// the late wait (the longest interval, the most likely to keep the
/// overlap) first. Ties in exposed communication go to the first.
constexpr Placement kPlacements[] = {
    {false, true}, {false, false}, {true, true}, {true, false}};

/// Returns the name of a placement in remarks.
std::string describe(Placement placement) {
  return std::string(placement.lateStart ? "late start" : "early start") +
         ", " + (placement.lateWait ? "late wait" : "early wait");
}

/// What the interval-enclosure test knows of a collective, or of a bucket
/// (under its seed's start): where its start and its wait are now, its
/// communication stream, and the first and last compute ops that ran while
/// it was in flight in the input's simulation, if it was fully hidden.
struct Interval {
  unsigned start, wait, stream;
  unsigned firstHide = kNone, lastHide = 0;
  bool isHidden() const { return firstHide != kNone; }
};

std::string us(double value) { return llvm::formatv("{0:F3}", value).str(); }

/// Returns "first", "last" or "2nd", "3rd", ... for the `index`-th of
/// `count`.
std::string ordinal(unsigned index, unsigned count) {
  if (index == 0)
    return "first";
  if (index + 1 == count)
    return "last";
  unsigned number = index + 1;
  StringRef suffix = "th";
  if (number % 100 < 11 || number % 100 > 13) {
    if (number % 10 == 1)
      suffix = "st";
    else if (number % 10 == 2)
      suffix = "nd";
    else if (number % 10 == 3)
      suffix = "rd";
  }
  return (Twine(number) + suffix).str();
}

struct SchedBucketCollectives
    : public sched::impl::SchedBucketCollectivesBase<SchedBucketCollectives> {
  using Base::Base;
  LogicalResult initialize(MLIRContext *) override {
    profile.load(profilePath);
    return success();
  }
  void runOnOperation() override;

private:
  /// The `profile` option's file, read once for all functions.
  LoadedProfile profile;
};
} // namespace
/// Returns the key of `op`, or nothing if its inputs mix element types.
static std::optional<BucketKey> getKey(CollectiveOpInterface op) {
  Type elementType;
  for (Value input : op.getInputs()) {
    auto shaped = dyn_cast<ShapedType>(input.getType());
    if (!shaped)
      return std::nullopt;
    if (elementType && elementType != shaped.getElementType())
      return std::nullopt;
    elementType = shaped.getElementType();
  }
  if (!elementType)
    return std::nullopt;
  // Discardable attributes (`dialect.name`, e.g. the recorded collective
  // order) say nothing of what the collective computes.
  auto counts = [](NamedAttribute attr) {
    return attr.getName() != kSegmentSizes &&
           !attr.getName().strref().contains('.');
  };
  BucketKey key{op->getName(),
                {},
                elementType,
                isa<MemRefType>(op.getInputs().front().getType())};
  if (op->getPropertiesStorageSize() == 0) {
    // No properties: the dictionary holds every attribute.
    llvm::append_range(key.attrs,
                       llvm::make_filter_range(op->getAttrs(), counts));
    return key;
  }
  for (StringAttr attrName : op->getName().getAttributeNames())
    if (std::optional<Attribute> value = op->getInherentAttr(attrName);
        value && *value && counts(NamedAttribute(attrName, *value)))
      key.attrs.emplace_back(attrName, *value);
  llvm::append_range(
      key.attrs, llvm::make_filter_range(op->getDiscardableAttrs(), counts));
  return key;
}

/// Appends to `bounds` the `sched.dim_bounds` bounds of each value that
/// tensor-form `start` carries (a static value's shape where it has none);
/// returns true if `start` had bounds.
static bool appendValueBounds(CollectiveOpInterface start, OpBuilder &builder,
                              SmallVectorImpl<Attribute> &bounds) {
  Attribute attr = start->getAttr(SchedDialect::getDimBoundsAttrName());
  ArrayRef<Type> types = start.getResultValueTypes();
  for (auto [index, type] : llvm::enumerate(types)) {
    DenseI64ArrayAttr valueBounds = getDimBounds(attr, index, types.size());
    auto shaped = dyn_cast<ShapedType>(type);
    if (!valueBounds && shaped && shaped.hasStaticShape())
      valueBounds = builder.getDenseI64ArrayAttr(shaped.getShape());
    bounds.push_back(valueBounds ? Attribute(valueBounds)
                                 : builder.getDenseI64ArrayAttr({}));
  }
  return attr != nullptr;
}

/// Returns the buffer `value` is a view of, following view-like ops.
static Value getViewRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Returns true if `value` is the result of an op that allocates it (e.g.
/// `memref.alloc`).
static bool isFreshAllocation(Value value) {
  auto iface = value.getDefiningOp<MemoryEffectOpInterface>();
  if (!iface || iface->getNumResults() != 1)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffectsOnValue(value, effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect());
  });
}

namespace {
/// Why a start was not bucketed with the bucket before it: what the
/// aggregated remarks (without `explain`) count.
enum class Refusal : unsigned { Cap, Window, Order, Placement };
constexpr unsigned kNumRefusals = 4;

/// How many starts each reason refused, and where the first of them was.
/// A location, not the op: a refused start can still join a later bucket,
/// which erases it before the remarks are emitted.
struct RefusalCounts {
  unsigned count[kNumRefusals] = {};
  std::optional<Location> first[kNumRefusals];

  /// Counts a refusal of the start at `loc`.
  void add(Refusal why, Location loc) {
    unsigned index = static_cast<unsigned>(why);
    if (count[index]++ == 0)
      first[index] = loc;
  }
};
} // namespace

/// Returns the words of `why` for the aggregated remark.
static std::string describeRefusal(Refusal why, int64_t capBytes,
                                   int64_t window) {
  switch (why) {
  case Refusal::Cap:
    return "the bucket would go over the cap of " + formatBytes(capBytes);
  case Refusal::Window:
    return llvm::formatv("it is more than the window of {0} ops away", window);
  case Refusal::Order:
    return "another collective of the group starts between it and the bucket "
           "(keep-collective-order)";
  case Refusal::Placement:
    return "no placement of the merged start and wait keeps the "
           "dependences, the memory accesses and the overlap";
  }
  llvm_unreachable("unknown refusal");
}

/// Emits the short remarks of a function without `explain`: one summary at
/// the function's location (named by its symbol) and one remark per reason
/// that refused starts, at the first of them, with the count; none where no
/// two collectives could share a bucket.
static void emitShortRemarks(func::FuncOp func, unsigned bucketed,
                             unsigned numBuckets, int64_t bucketedBytes,
                             double exposedBeforeUs, double exposedAfterUs,
                             const RefusalCounts &refusals, int64_t capBytes,
                             int64_t window) {
  unsigned refused = 0;
  for (unsigned count : refusals.count)
    refused += count;
  // Nothing to bucket (at most one candidate per key): nothing to say.
  if (numBuckets == 0 && refused == 0)
    return;
  {
    InFlightDiagnostic summary = mlir::emitRemark(func.getLoc());
    summary << "@" << func.getSymName() << ": ";
    if (numBuckets == 0)
      summary << "no bucket made";
    else
      summary << "bucketed " << bucketed << " collectives into " << numBuckets
              << (numBuckets == 1 ? " bucket (" : " buckets (")
              << formatBytes(bucketedBytes) << ")";
    summary << ", exposed comm " << llvm::formatv("{0:F3}", exposedBeforeUs)
            << " -> " << llvm::formatv("{0:F3}", exposedAfterUs) << " us";
    if (refused > 0)
      summary << "; explain=1 gives each decision";
  }
  for (unsigned index = 0; index < kNumRefusals; ++index) {
    unsigned count = refusals.count[index];
    if (count == 0)
      continue;
    mlir::emitRemark(*refusals.first[index])
        << count << (count == 1 ? " start" : " starts")
        << " not bucketed with the bucket before "
        << (count == 1 ? "it (this one): " : "them (this one first): ")
        << describeRefusal(static_cast<Refusal>(index), capBytes, window);
  }
}

void SchedBucketCollectives::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  if (bucketCapBytes < 1) {
    mlir::emitError(func.getLoc())
        << "bucket-cap-bytes must be at least 1, got "
        << bucketCapBytes.getValue();
    return signalPassFailure();
  }
  if (window < 0) {
    mlir::emitError(func.getLoc())
        << "window must be non-negative, got " << window.getValue();
    return signalPassFailure();
  }
  bool exposedFirst = order == BucketOrder::ExposedFirst;
  FailureOr<std::optional<BlockAnalyses>> analyses =
      BlockAnalyses::build(func, profile, "not bucketed");
  if (failed(analyses))
    return signalPassFailure();
  if (!*analyses)
    return;
  const CostModel &model = (*analyses)->model;
  const BlockSimulation &sim = (*analyses)->sim;
  const BufferLiveness &liveness = (*analyses)->liveness;
  const DependenceGraph &graph = (*analyses)->graph;
  AugmentedGraph augmented(graph);
  SymbolTableCollection symbols;
  unsigned n = sim.ops.size();

  // The input's simulation: how exposed each collective is (the
  // exposed-first order) and which compute ops hid it (the enclosure test).
  FailureOr<SimResult> input = simulate(sim.simOps);
  if (failed(input)) {
    mlir::emitError(func.getLoc(), "cannot simulate the input order");
    return signalPassFailure();
  }
  // Compute ops that take time, by position: their times on the compute
  // stream grow with their positions.
  std::vector<unsigned> busy;
  for (unsigned pos = 0; pos < n; ++pos)
    if (sim.simOps[pos].kind == SimOp::Kind::Compute &&
        sim.simOps[pos].durationUs > 0)
      busy.push_back(pos);
  // The intervals of the collectives that are waited, by position of the
  // start; which interval's start and wait stand at each position.
  std::vector<Interval> intervals;
  std::vector<unsigned> intervalOf(n, kNone), startAt(n, kNone),
      waitAt(n, kNone);
  std::vector<double> overlapRatio(n, 1.0);
  for (const SimResult::Collective &row : input->collectives) {
    if (row.wait == row.op)
      continue;
    Interval interval{row.op, row.wait, row.stream};
    double duration = row.endUs - row.beginUs;
    if (duration > 0)
      overlapRatio[row.op] = 1 - row.exposedUs / duration;
    if (duration > 0 && row.exposedUs <= 1e-9) {
      // The compute ops between the start and the wait that ran while the
      // collective was in flight: from the first that ends after it began
      // to the last that begins before it ended.
      auto lo = llvm::upper_bound(busy, row.op);
      auto hi = llvm::lower_bound(busy, row.wait);
      auto first = std::partition_point(lo, hi, [&](unsigned pos) {
        return input->endUs[pos] <= row.beginUs;
      });
      if (first != hi && input->beginUs[*first] < row.endUs) {
        auto last = std::partition_point(first, hi, [&](unsigned pos) {
          return input->beginUs[pos] < row.endUs;
        });
        interval.firstHide = *first;
        interval.lastHide = *std::prev(last);
      }
    }
    intervalOf[row.op] = intervals.size();
    startAt[row.op] = intervals.size();
    waitAt[row.wait] = intervals.size();
    intervals.push_back(interval);
  }
  // Per communication stream, the positions of its intervals' starts and
  // waits, in order: the only positions where the enclosure test finds a
  // collective of the stream (a bucket stands at its members' positions).
  std::vector<std::vector<unsigned>> eventsOf;
  for (const Interval &interval : intervals) {
    if (interval.stream >= eventsOf.size())
      eventsOf.resize(interval.stream + 1);
    eventsOf[interval.stream].push_back(interval.start);
    eventsOf[interval.stream].push_back(interval.wait);
  }
  for (std::vector<unsigned> &events : eventsOf)
    llvm::sort(events);

  // The positions of the ops that issue each group's collectives (starts,
  // and ops whose regions hold one, such as a loop that communicates), in
  // program order, for keep-collective-order (only looked up, never
  // iterated).
  llvm::DenseMap<StringAttr, SmallVector<unsigned>> groupStarts;
  if (keepCollectiveOrder) {
    for (unsigned pos = 0; pos < n; ++pos) {
      Operation *op = sim.ops[pos];
      if (auto start = dyn_cast<CollectiveOpInterface>(op)) {
        groupStarts[start.getGroupAttr().getAttr()].push_back(pos);
        continue;
      }
      if (op->getNumRegions() == 0)
        continue;
      SmallVector<StringAttr> groups;
      op->walk([&](CollectiveOpInterface nested) {
        StringAttr group = nested.getGroupAttr().getAttr();
        if (!llvm::is_contained(groups, group))
          groups.push_back(group);
      });
      for (StringAttr group : groups)
        groupStarts[group].push_back(pos);
    }
  }

  // Candidates by key, keys in the order of their first start.
  SmallVector<BucketKey> keys;
  SmallVector<SmallVector<Member>> candidates;
  // Per op name, the key of the last start seen, for the remarks.
  llvm::MapVector<OperationName, unsigned> lastKeyOf;
  for (unsigned pos = 0; pos < n; ++pos) {
    auto start = dyn_cast<CollectiveOpInterface>(sim.ops[pos]);
    if (!start)
      continue;
    Value future = start.getFuture();
    if (!future.hasOneUse())
      continue;
    auto wait = dyn_cast<WaitOp>(*future.getUsers().begin());
    std::optional<unsigned> waitPos =
        wait ? graph.lookup(wait) : std::optional<unsigned>();
    std::optional<BucketKey> key = getKey(start);
    if (!waitPos || !key || intervalOf[pos] == kNone)
      continue;
    FailureOr<int64_t> bytes = CostModel::getCollectiveBytes(start);
    if (failed(bytes))
      return signalPassFailure();
    const auto *it = llvm::find(keys, *key);
    unsigned index = it - keys.begin();
    if (it == keys.end()) {
      auto last = lastKeyOf.find(start->getName());
      if (explain && last != lastKeyOf.end()) {
        const BucketKey &other = keys[last->second];
        InFlightDiagnostic diag = mlir::emitRemark(start->getLoc())
                                  << "not bucketed with the previous "
                                  << start->getName().stripDialect() << ": ";
        if (other.get("group") != key->get("group"))
          diag << "different process group";
        else if (other.elementType != key->elementType)
          diag << "different element type";
        else if (other.isBuffer != key->isBuffer)
          diag << "different form (tensor or buffer)";
        else if (other.get("source_target_pairs") !=
                 key->get("source_target_pairs"))
          diag << "different source_target_pairs";
        else
          diag << "different reduction or dims";
      }
      keys.push_back(*key);
      candidates.emplace_back();
    }
    lastKeyOf[start->getName()] = index;
    candidates[index].push_back({pos, *waitPos, *bytes});
  }
  // Inductor's bucket_exposed_first: the least hidden collectives of a key
  // seed buckets first (ties in program order).
  if (exposedFirst)
    for (SmallVector<Member> &list : candidates)
      llvm::stable_sort(list, [&](const Member &a, const Member &b) {
        return overlapRatio[a.start] < overlapRatio[b.start];
      });

  // The simulation and the memory timeline of the bucketed order, updated
  // bucket by bucket: a candidate costs time in the ops it moves, not in
  // the block (docs/Analyses.md).
  FailureOr<IncrementalSimulation> simulation =
      IncrementalSimulation::create(sim.simOps);
  if (failed(simulation)) {
    mlir::emitError(func.getLoc(), "cannot simulate the input order");
    return signalPassFailure();
  }
  MemoryTimeline memory(liveness.getProblem(), liveness.getProgramOrder());
  int64_t peakLimit = memory.getPeak();
  // Bucketing never raises the peak: the input's is the most it leaves.
  if (failed(checkCapacity(func, peakLimit, std::nullopt, capacityCheck)))
    return signalPassFailure();
  std::vector<Bucket> buckets;
  std::vector<bool> inBucket(n, false);
  // The bucket of each start and wait that is in one.
  std::vector<unsigned> bucketOf(n, kNone);
  // Where each op is now: its own position, or for the starts and waits of
  // a bucket the position of the merged start or wait.
  std::vector<unsigned> currentPos(n);
  for (unsigned pos = 0; pos < n; ++pos)
    currentPos[pos] = pos;
  // Starts already given a refusal remark: one remark per start.
  std::vector<bool> remarked(n, false);
  // The first refusal of each start, by reason, for the short remarks.
  RefusalCounts refusals;
  auto remarkRefusal = [&](unsigned pos,
                           Refusal why) -> std::optional<InFlightDiagnostic> {
    if (remarked[pos])
      return std::nullopt;
    remarked[pos] = true;
    refusals.add(why, sim.ops[pos]->getLoc());
    if (!explain)
      return std::nullopt;
    Operation *op = sim.ops[pos];
    InFlightDiagnostic diag = mlir::emitRemark(op->getLoc());
    diag << "not bucketed with the previous " << op->getName().stripDialect()
         << ": ";
    return diag;
  };

  // Returns the time of a merged collective of `bytes` like `start`.
  auto bucketTime = [&](unsigned start, int64_t bytes) -> FailureOr<double> {
    auto op = cast<CollectiveOpInterface>(sim.ops[start]);
    // Only the group's shape: the op's own bytes do not count (they were
    // sized when it became a candidate).
    FailureOr<std::pair<int64_t, int64_t>> shape =
        model.getGroupShape(op, symbols);
    if (failed(shape))
      return failure();
    // Permutes are bucketed only with permutes of the same pairs (the
    // pairs are part of the bucket key), which cost as one permute.
    FailureOr<CollectiveEstimate> estimate =
        model.estimateCollectiveOfSize(op, bytes, *shape, symbols);
    if (failed(estimate))
      return failure();
    return estimate->timeUs;
  };

  // Returns true if the `into` buffers of `bucket` and `member` are
  // distinct fresh allocations that none of their inputs is a view of.
  auto haveDisjointBuffers = [&](const Bucket &bucket, Member member) {
    llvm::SmallPtrSet<Operation *, 8> allocations;
    SmallVector<unsigned, 8> starts = {member.start};
    for (const Member &other : bucket.members)
      starts.push_back(other.start);
    for (unsigned start : starts)
      for (Value output :
           cast<CollectiveOpInterface>(sim.ops[start]).getOutputs())
        if (!isFreshAllocation(output) ||
            !allocations.insert(output.getDefiningOp()).second)
          return false;
    for (unsigned start : starts)
      for (Value input :
           cast<CollectiveOpInterface>(sim.ops[start]).getInputs())
        if (Operation *def = getViewRoot(input).getDefiningOp();
            def && allocations.contains(def))
          return false;
    return true;
  };

  // Adds to `bounds` the limits that the ops `member`'s start and wait
  // depend on, and those that depend on them, put on the merged start and
  // wait, but for the ops `inGroup` holds for.
  auto addBounds = [&](const Member &member, auto inGroup, Bounds &bounds) {
    for (unsigned pred : graph.getPreds(member.start))
      if (!inGroup(pred))
        bounds.startLo = std::max<int64_t>(bounds.startLo, currentPos[pred]);
    for (unsigned succ : graph.getSuccs(member.start))
      if (!inGroup(succ))
        bounds.startHi = std::min<int64_t>(bounds.startHi, currentPos[succ]);
    for (unsigned pred : graph.getPreds(member.wait))
      if (!inGroup(pred))
        bounds.waitLo = std::max<int64_t>(bounds.waitLo, currentPos[pred]);
    for (unsigned succ : graph.getSuccs(member.wait))
      if (!inGroup(succ))
        bounds.waitHi = std::min<int64_t>(bounds.waitHi, currentPos[succ]);
  };
  // Computes the bounds of bucket `index` from scratch.
  auto updateBounds = [&](unsigned index) {
    Bucket &bucket = buckets[index];
    bucket.bounds = Bounds();
    for (const Member &member : bucket.members)
      addBounds(
          member, [&](unsigned pos) { return bucketOf[pos] == index; },
          bucket.bounds);
  };

  // Most candidates have no placement at all (on synthetic-100k, all but
  // a few thousand of 1.7M): the late start comes after the early wait,
  // the late wait after an op that needs a wait of the bucket, and the
  // early start before an input of the candidate. A quick test of the
  // three, from the bucket's bounds (the last of `buckets`) and the
  // candidate start's inputs, refuses them before `tryJoin` reads the
  // edges of the candidate's wait; a refusal that a remark words takes the
  // full path. The bucket's bounds count the edges to the candidate, which
  // the full path leaves out where the two are linked; the test holds
  // unless those edges set the bound. Kept out of `tryJoin`, whose frame
  // costs more than the test.
  auto hasNoPlacement = [&](Member member) {
    unsigned index = buckets.size() - 1;
    const Bucket &bucket = buckets.back();
    unsigned earlyStart = std::min(bucket.startPos, member.start);
    unsigned lateStart = std::max(bucket.startPos, member.start);
    unsigned earlyWait = std::min(bucket.waitPos, member.wait);
    unsigned lateWait = std::max(bucket.waitPos, member.wait);
    int64_t waitHi = bucket.bounds.waitHi;
    if (lateStart < earlyWait || lateWait < waitHi ||
        waitHi == static_cast<int64_t>(member.start) ||
        waitHi == static_cast<int64_t>(member.wait))
      return false;
    int64_t ownStartLo = -1;
    for (unsigned pred : graph.getPreds(member.start))
      if (bucketOf[pred] != index && pred != member.wait)
        ownStartLo = std::max<int64_t>(ownStartLo, currentPos[pred]);
    return earlyStart <= ownStartLo;
  };

  // Tries to add `member` to `bucket` (the last of `buckets`) at the best of
  // the four placements; returns whether it joined. The reason of a refusal
  // goes to `reason`, worded only for a remark (with `explain`, once per
  // start): most candidates are refused, and words cost allocations.
  auto tryJoin = [&](Member member, std::string &reason) -> FailureOr<bool> {
    unsigned index = buckets.size() - 1;
    auto refuse = [&](auto &&words) {
      if (explain && !remarked[member.start])
        reason = words();
      return false;
    };
    Bucket &bucket = buckets.back();
    // Starts of the buffer form touch memory: an edge between them only
    // orders accesses to distinct fresh buffers, which one collective may
    // do at once. Likewise for their waits.
    std::optional<bool> disjointBuffers;
    auto disjoint = [&] {
      if (!disjointBuffers)
        disjointBuffers = haveDisjointBuffers(bucket, member);
      return *disjointBuffers;
    };
    auto isWait = [&](unsigned pos) {
      return sim.simOps[pos].kind == SimOp::Kind::Wait;
    };
    // Edges between the candidate and the bucket: they change the bounds of
    // the bucket, which ignore the bucket's own ops.
    bool linked = false, memoryEdge = false, waitConflict = false;
    auto noteEdge = [&](unsigned pos, unsigned other, uint8_t kinds) {
      linked = true;
      if (kinds != static_cast<uint8_t>(DependenceKind::Memory))
        return;
      if (pos == member.start && !isWait(other))
        memoryEdge = true;
      if (pos == member.wait && isWait(other))
        waitConflict = true;
    };
    // Where the merged start and wait may go: after every op a start or a
    // wait of the bucket depends on and before every op that depends on
    // one, where those ops are now. Edges among the bucket's own starts
    // (distinct fresh buffers) and from its starts to its waits vanish or
    // hold by construction; an edge from a wait to a start makes a cycle.
    auto inGroup = [&](unsigned pos) {
      return pos == member.start || pos == member.wait ||
             bucketOf[pos] == index;
    };
    // The candidate's own bounds (`addBounds` with `inGroup`) and its edges
    // to the bucket, in one pass over its edges.
    Bounds own;
    auto isOwn = [&](unsigned pos) {
      return pos == member.start || pos == member.wait;
    };
    for (unsigned pos : {member.start, member.wait}) {
      int64_t &lo = pos == member.start ? own.startLo : own.waitLo;
      int64_t &hi = pos == member.start ? own.startHi : own.waitHi;
      for (unsigned pred : graph.getPreds(pos)) {
        if (bucketOf[pred] == index)
          noteEdge(pos, pred, graph.getEdgeKinds(pred, pos));
        else if (!isOwn(pred))
          lo = std::max<int64_t>(lo, currentPos[pred]);
      }
      for (unsigned succ : graph.getSuccs(pos)) {
        if (bucketOf[succ] == index)
          noteEdge(pos, succ, graph.getEdgeKinds(pos, succ));
        else if (!isOwn(succ))
          hi = std::min<int64_t>(hi, currentPos[succ]);
      }
    }
    if (memoryEdge && !disjoint())
      return refuse([] {
        return "it may access the memory of a collective of the bucket";
      });
    if (waitConflict && !disjoint())
      return refuse([] {
        return "its wait may access the memory of a collective of the bucket";
      });
    Bounds bounds = bucket.bounds;
    if (linked) {
      bounds = Bounds();
      for (const Member &other : bucket.members)
        addBounds(other, inGroup, bounds);
    }
    bounds.merge(own);
    int64_t startLo = bounds.startLo, startHi = bounds.startHi;
    int64_t waitLo = bounds.waitLo, waitHi = bounds.waitHi;
    int64_t ownStartLo = own.startLo;

    // The hiding ops of the bucket's collectives must stay between the
    // merged start and wait (Inductor's interval test), and the bucket
    // must not newly enclose the overlap of another collective of its
    // stream, nor have its own enclosed: those whose start or wait lies
    // between the two starts or the two waits, the events that move past
    // them.
    unsigned bucketId = intervalOf[bucket.seedStart];
    unsigned memberId = intervalOf[member.start];
    const Interval &bucketInterval = intervals[bucketId];
    const Interval &memberInterval = intervals[memberId];
    unsigned firstHide =
        std::min(bucketInterval.firstHide, memberInterval.firstHide);
    unsigned lastHide =
        std::max(bucketInterval.lastHide, memberInterval.lastHide);
    bool hidden = firstHide != kNone;
    unsigned starts[2] = {std::min(bucket.startPos, member.start),
                          std::max(bucket.startPos, member.start)};
    unsigned waits[2] = {std::min(bucket.waitPos, member.wait),
                         std::max(bucket.waitPos, member.wait)};
    // For each start choice: the earliest hiding op of a crossed hidden
    // collective that starts after it, and the latest wait of a crossed
    // collective that starts before it. Scanned only if a placement gets
    // that far.
    unsigned hideAfter[2] = {kNone, kNone}, waitBefore[2] = {0, 0};
    auto collect = [&](unsigned lo, unsigned hi) {
      ArrayRef<unsigned> events = eventsOf[bucketInterval.stream];
      for (const unsigned *it = llvm::upper_bound(events, lo);
           it != events.end() && *it < hi; ++it)
        for (unsigned id : {startAt[*it], waitAt[*it]}) {
          if (id == kNone || id == bucketId || id == memberId ||
              intervals[id].stream != bucketInterval.stream)
            continue;
          const Interval &other = intervals[id];
          for (unsigned late = 0; late < 2; ++late) {
            if (other.isHidden() && starts[late] < other.start)
              hideAfter[late] = std::min(hideAfter[late], other.firstHide);
            if (other.start < starts[late])
              waitBefore[late] = std::max(waitBefore[late], other.wait);
          }
        }
    };

    // Refusals of each start and wait choice (static text; empty: none).
    StringRef startRefusal[2], waitRefusal[2];
    for (unsigned late = 0; late < 2; ++late) {
      int64_t pos = starts[late];
      if (pos <= startLo)
        startRefusal[late] = ownStartLo >= pos
                                 ? "its inputs are not ready"
                                 : "an input of the bucket is not ready";
      else if (pos >= startHi)
        startRefusal[late] = "a start would move past an op that needs it";
      else if (hidden && static_cast<unsigned>(pos) >= firstHide)
        startRefusal[late] = "a start would move past an op that hides a "
                             "collective of the bucket";
      pos = waits[late];
      if (pos <= waitLo)
        waitRefusal[late] = "a wait would move before an op it needs";
      else if (pos >= waitHi)
        waitRefusal[late] = "a result would be used before the wait";
      else if (hidden && static_cast<unsigned>(pos) <= lastHide)
        waitRefusal[late] = "a wait would move before an op that hides a "
                            "collective of the bucket";
    }

    // The placements that keep the dependences and the overlap.
    struct Trial {
      unsigned start = 0, wait = 0;
      std::string refusal;
      bool placeable = false, legal = false;
      IncrementalSimulation::Totals totals;
      SmallVector<IncrementalSimulation::Change, 4> changes;
    };
    Trial trials[4];
    std::optional<unsigned> chosen;
    // Explains why the placements `which` were not taken: a start or a wait
    // that cannot move once, then each placement's own reason.
    auto explainTrials = [&](ArrayRef<unsigned> which) -> std::string {
      SmallVector<std::string, 8> items;
      for (unsigned late = 0; late < 2; ++late)
        if (!startRefusal[late].empty() && llvm::any_of(which, [&](unsigned i) {
              return kPlacements[i].lateStart == static_cast<bool>(late);
            }))
          items.push_back((late ? "late start: " : "early start: ") +
                          startRefusal[late].str());
      for (unsigned late = 0; late < 2; ++late)
        if (!waitRefusal[late].empty() && llvm::any_of(which, [&](unsigned i) {
              return kPlacements[i].lateWait == static_cast<bool>(late) &&
                     startRefusal[kPlacements[i].lateStart].empty();
            }))
          items.push_back((late ? "late wait: " : "early wait: ") +
                          waitRefusal[late].str());
      for (unsigned i : which) {
        const Trial &trial = trials[i];
        if (!startRefusal[kPlacements[i].lateStart].empty() ||
            !waitRefusal[kPlacements[i].lateWait].empty())
          continue;
        std::string reason = trial.refusal;
        if (trial.legal && chosen) {
          const IncrementalSimulation::Totals &best = trials[*chosen].totals;
          reason = trial.totals.exposedCommUs != best.exposedCommUs
                       ? llvm::formatv("more exposed communication ({0} us "
                                       "against {1})",
                                       us(trial.totals.exposedCommUs),
                                       us(best.exposedCommUs))
                             .str()
                       : llvm::formatv("a longer step ({0} us against {1})",
                                       us(trial.totals.makespanUs),
                                       us(best.makespanUs))
                             .str();
        }
        items.push_back(describe(kPlacements[i]) + ": " + reason);
      }
      return llvm::join(items, "; ");
    };

    bool scanned = false;
    for (auto [i, placement] : llvm::enumerate(kPlacements)) {
      Trial &trial = trials[i];
      trial.start = starts[placement.lateStart];
      trial.wait = waits[placement.lateWait];
      if (!startRefusal[placement.lateStart].empty() ||
          !waitRefusal[placement.lateWait].empty())
        continue;
      if (trial.start >= trial.wait) {
        if (explain)
          trial.refusal = "the start would come after the wait";
        continue;
      }
      if (!scanned) {
        collect(starts[0], starts[1]);
        collect(waits[0], waits[1]);
        scanned = true;
      }
      const char *refusal = nullptr;
      if (hideAfter[placement.lateStart] < trial.wait)
        refusal = "the bucket would enclose the overlap of another "
                  "collective of its group";
      else if (hidden && firstHide < waitBefore[placement.lateStart])
        refusal = "another collective of its group would enclose the "
                  "overlap of the bucket";
      if (refusal && explain)
        trial.refusal = refusal;
      trial.placeable = !refusal;
    }
    if (llvm::none_of(trials, [](const Trial &t) { return t.placeable; }))
      return refuse([&] { return explainTrials({0, 1, 2, 3}); });

    // A path between the starts, through data edges and the merged ops of
    // earlier buckets, would become a cycle.
    if (!memoryEdge && augmented.hasPath(bucket.seedStart, member.start))
      return refuse([] { return "it depends on a collective of the bucket"; });
    if (!memoryEdge && augmented.hasPath(member.start, bucket.seedStart))
      return refuse([] { return "a collective of the bucket depends on it"; });
    size_t point = augmented.checkpoint();
    if (failed(augmented.mergeToSet(bucket.seedStart, member.start)) ||
        failed(augmented.mergeToSet(bucket.seedWait, member.wait)) ||
        augmented.hasCycle()) {
      augmented.rollback(point);
      return refuse([] { return "merging it would create a cycle"; });
    }

    // The placeable placements, simulated: the merged start at one start
    // and the merged wait at one wait, nothing at the others.
    FailureOr<double> time =
        bucketTime(member.start, bucket.bytes + member.bytes);
    if (failed(time))
      return failure();
    double exposed = simulation->getTotals().exposedCommUs;
    SmallVector<unsigned, 4> ranked;
    for (auto [i, trial] : llvm::enumerate(trials)) {
      if (!trial.placeable)
        continue;
      SimOp nothing;
      SimOp mergedStart = simulation->getOps()[trial.start];
      mergedStart.durationUs = *time;
      SimOp mergedWait;
      mergedWait.kind = SimOp::Kind::Wait;
      mergedWait.start = trial.start;
      unsigned otherStart =
          trial.start == member.start ? bucket.startPos : member.start;
      unsigned otherWait =
          trial.wait == member.wait ? bucket.waitPos : member.wait;
      trial.changes = {{trial.start, mergedStart},
                       {otherStart, nothing},
                       {trial.wait, mergedWait},
                       {otherWait, nothing}};
      FailureOr<IncrementalSimulation::Totals> totals =
          simulation->evaluate(trial.changes);
      if (failed(totals)) {
        if (explain)
          trial.refusal = "the bucket cannot be simulated";
        continue;
      }
      if (totals->exposedCommUs > exposed + 1e-9) {
        if (explain)
          trial.refusal =
              llvm::formatv(
                  "it would expose more communication ({0} -> {1} us)",
                  us(exposed), us(totals->exposedCommUs))
                  .str();
        continue;
      }
      trial.legal = true;
      trial.totals = *totals;
      ranked.push_back(i);
    }
    // The least exposed communication first, then the shortest step, then
    // the order of the placements.
    llvm::stable_sort(ranked, [&](unsigned a, unsigned b) {
      const IncrementalSimulation::Totals &x = trials[a].totals,
                                          &y = trials[b].totals;
      if (x.exposedCommUs != y.exposedCommUs)
        return x.exposedCommUs < y.exposedCommUs;
      return x.makespanUs < y.makespanUs;
    });

    // Members with the candidate, by start position.
    SmallVector<Member, 8> members(bucket.members.begin(),
                                   bucket.members.end());
    members.insert(llvm::upper_bound(members, member,
                                     [](const Member &a, const Member &b) {
                                       return a.start < b.start;
                                     }),
                   member);
    SmallVector<unsigned, 8> startGroup, waitGroup;
    unsigned first = n, last = 0;
    for (const Member &other : members) {
      startGroup.push_back(other.start);
      waitGroup.push_back(other.wait);
      for (unsigned step : {other.start, other.wait}) {
        first = std::min(first, memory.getPosition(step));
        last = std::max(last, memory.getPosition(step));
      }
    }
    SmallVector<ArrayRef<unsigned>, 2> fuse = {startGroup, waitGroup};
    SmallVector<unsigned> window;
    // The memory order of a placement: the bucket's starts together, in
    // member order, where the merged start goes, and its waits likewise.
    // Every step that moves lies in the window from the first of the
    // members' starts and waits to the last; groups of the bucket stand
    // whole in it.
    auto buildWindow = [&](const Trial &trial) {
      // As many steps as the window holds: each group goes in once, where
      // its anchor was.
      window.resize_for_overwrite(last - first + 1);
      unsigned *out = window.data();
      bool startDone = false, waitDone = false;
      for (unsigned step : memory.getOrder().slice(first, last - first + 1)) {
        bool isStart = step == member.start ||
                       (bucketOf[step] == index &&
                        sim.simOps[step].kind == SimOp::Kind::Start);
        bool isWait =
            step == member.wait || (bucketOf[step] == index &&
                                    sim.simOps[step].kind == SimOp::Kind::Wait);
        if (isStart) {
          bool anchor = (trial.start == member.start) == (step == member.start);
          if (anchor && !startDone)
            out = llvm::copy(startGroup, out);
          startDone |= anchor;
        } else if (isWait) {
          bool anchor = (trial.wait == member.wait) == (step == member.wait);
          if (anchor && !waitDone)
            out = llvm::copy(waitGroup, out);
          waitDone |= anchor;
        } else {
          *out++ = step;
        }
      }
      assert(out == window.data() + window.size() && "a group went missing");
    };
    for (unsigned i : ranked) {
      Trial &trial = trials[i];
      buildWindow(trial);
      // The merged start and the merged wait each run as one step: every
      // buffer of a member is live while the bucket starts and while it is
      // waited.
      std::optional<int64_t> peak =
          memory.getPeakIfReordered(first, window, fuse);
      if (!peak || *peak > peakLimit) {
        trial.legal = false;
        if (explain)
          trial.refusal =
              !peak ? std::string("its buffers would be used before they are "
                                  "written")
                    : "it would raise the peak memory (" +
                          formatBytesChange(peakLimit, *peak) + ")";
        continue;
      }
      chosen = i;
      break;
    }

    if (!chosen) {
      augmented.rollback(point);
      return refuse([&] { return explainTrials({0, 1, 2, 3}); });
    }
    // `window` holds the chosen placement's order.
    Trial &trial = trials[*chosen];
    if (failed(simulation->apply(trial.changes)) ||
        failed(memory.reorder(first, window, fuse)))
      return failure();
    if (explain && *chosen != 0) {
      SmallVector<unsigned, 4> before;
      for (unsigned i = 0; i < *chosen; ++i)
        before.push_back(i);
      Operation *op = sim.ops[member.start];
      mlir::emitRemark(op->getLoc())
          << "bucketed with the previous " << op->getName().stripDialect()
          << " at the " << describe(kPlacements[*chosen]) << " ("
          << explainTrials(before) << ")";
    }

    // The bucket, its interval and where its ops are now.
    Interval &merged = intervals[bucketId];
    startAt[merged.start] = waitAt[merged.wait] = kNone;
    startAt[member.start] = waitAt[member.wait] = kNone;
    merged.start = trial.start;
    merged.wait = trial.wait;
    merged.firstHide = firstHide;
    merged.lastHide = lastHide;
    startAt[trial.start] = waitAt[trial.wait] = bucketId;
    intervalOf[member.start] = bucketId;
    bucket.members.assign(members.begin(), members.end());
    bucket.bytes += member.bytes;
    bucket.startPos = trial.start;
    bucket.waitPos = trial.wait;
    bucketOf[member.start] = bucketOf[member.wait] = index;
    for (const Member &other : bucket.members) {
      currentPos[other.start] = trial.start;
      currentPos[other.wait] = trial.wait;
    }
    updateBounds(index);
    return true;
  };

  for (SmallVector<Member> &list : candidates) {
    for (unsigned seed = 0; seed < list.size(); ++seed) {
      if (inBucket[list[seed].start])
        continue;
      Bucket bucket;
      bucket.members.push_back(list[seed]);
      bucket.bytes = list[seed].bytes;
      bucket.startPos = bucket.seedStart = list[seed].start;
      bucket.waitPos = bucket.seedWait = list[seed].wait;
      bucketOf[list[seed].start] = bucketOf[list[seed].wait] = buckets.size();
      buckets.push_back(std::move(bucket));
      updateBounds(buckets.size() - 1);
      inBucket[list[seed].start] = true;
      for (unsigned next = seed + 1; next < list.size(); ++next) {
        Member member = list[next];
        if (inBucket[member.start])
          continue;
        Bucket &current = buckets.back();
        if (current.bytes + member.bytes > bucketCapBytes) {
          if (auto diag = remarkRefusal(member.start, Refusal::Cap))
            *diag << "the bucket would hold "
                  << formatBytes(current.bytes + member.bytes)
                  << ", over the cap of "
                  << formatBytes(static_cast<int64_t>(bucketCapBytes));
          break;
        }
        // The window bounds the span of the bucket's starts. In program
        // order, later candidates are farther still.
        unsigned firstStart = current.members.front().start;
        unsigned lastStart = current.members.back().start;
        unsigned between = member.start > lastStart
                               ? member.start - firstStart - 1
                               : std::max(member.start, lastStart) -
                                     std::min(member.start, firstStart) - 1;
        if (between > static_cast<uint64_t>(window)) {
          if (auto diag = remarkRefusal(member.start, Refusal::Window)) {
            if (member.start > firstStart)
              *diag << between << " ops after the bucket's start, over the "
                    << "window of " << static_cast<int64_t>(window);
            else
              *diag << between << " ops before the bucket's last start, "
                    << "over the window of " << static_cast<int64_t>(window);
          }
          if (exposedFirst)
            continue;
          break;
        }
        // With keep-collective-order, no other collective of the group may
        // start between the members: issuing them at once would move it
        // before some and after others. Buckets of one group then span
        // disjoint ranges, so the positions of the input order suffice.
        if (keepCollectiveOrder) {
          unsigned lo = member.start, hi = member.start;
          for (const Member &other : current.members) {
            lo = std::min(lo, other.start);
            hi = std::max(hi, other.start);
          }
          auto start = cast<CollectiveOpInterface>(sim.ops[member.start]);
          ArrayRef<unsigned> positions =
              groupStarts.find(start.getGroupAttr().getAttr())->second;
          auto *first = llvm::lower_bound(positions, lo);
          auto *last = llvm::upper_bound(positions, hi);
          if (static_cast<size_t>(last - first) > current.members.size() + 1) {
            unsigned between = *llvm::find_if(
                llvm::make_range(first, last), [&](unsigned pos) {
                  return pos != member.start &&
                         llvm::none_of(current.members, [&](const Member &m) {
                           return m.start == pos;
                         });
                });
            if (auto diag = remarkRefusal(member.start, Refusal::Order)) {
              Operation *other = sim.ops[between];
              if (isa<CollectiveOpInterface>(other))
                *diag << "another collective of the group, '"
                      << other->getName().getStringRef()
                      << "', starts between it and the bucket "
                         "(keep-collective-order)";
              else
                *diag << "'" << other->getName().getStringRef()
                      << "', which starts a collective of the group, lies "
                         "between it and the bucket (keep-collective-order)";
            }
            continue;
          }
        }
        if ((!explain || remarked[member.start]) && hasNoPlacement(member)) {
          remarkRefusal(member.start, Refusal::Placement);
          continue;
        }
        std::string refusal;
        FailureOr<bool> joined = tryJoin(member, refusal);
        if (failed(joined))
          return signalPassFailure();
        if (!*joined) {
          if (auto diag = remarkRefusal(member.start, Refusal::Placement))
            *diag << refusal;
          continue;
        }
        inBucket[member.start] = true;
      }
    }
  }

  // Materialize the buckets of two or more collectives.
  OpBuilder builder(func.getContext());
  unsigned numBucketed = 0, numBuckets = 0;
  int64_t bucketedBytes = 0;
  for (const Bucket &bucket : buckets) {
    if (bucket.members.size() < 2)
      continue;
    numBucketed += bucket.members.size();
    ++numBuckets;
    bucketedBytes += bucket.bytes;
    Operation *first = sim.ops[bucket.startPos];
    Operation *mergedWaitOp = sim.ops[bucket.waitPos];
    SmallVector<Value> inputs, outputs;
    SmallVector<Type> valueTypes;
    SmallVector<Location> startLocs, waitLocs;
    SmallVector<unsigned, 8> waitPositions;
    // The members' recorded input order (sched-record-collective-order),
    // sorted: a bucket issues its members at once.
    SmallVector<int64_t> order;
    // The bounds of each value of the bucket, for `sched.dim_bounds` on the
    // merged start (kept only if a member had bounds).
    SmallVector<Attribute> bounds;
    bool anyBounds = false;
    for (const Member &member : bucket.members) {
      auto start = cast<CollectiveOpInterface>(sim.ops[member.start]);
      anyBounds |= appendValueBounds(start, builder, bounds);
      if (auto numbers = start->getAttrOfType<DenseI64ArrayAttr>(
              SchedDialect::getCollectiveOrderAttrName()))
        llvm::append_range(order, numbers.asArrayRef());
      llvm::append_range(inputs, start.getInputs());
      llvm::append_range(outputs, start.getOutputs());
      llvm::append_range(valueTypes,
                         start.getFuture().getType().getValueTypes());
      startLocs.push_back(start.getLoc());
      waitLocs.push_back(sim.ops[member.wait]->getLoc());
      waitPositions.push_back(member.wait);
    }
    OperationState state(FusedLoc::get(func.getContext(), startLocs),
                         first->getName());
    state.addOperands(inputs);
    state.addOperands(outputs);
    // A measured time (`sched.cost`) was the first member's alone: the
    // merged collective is estimated from its size.
    for (NamedAttribute attr : first->getAttrDictionary())
      if (attr.getName() != kSegmentSizes &&
          attr.getName() != SchedDialect::getCostAttrName())
        state.addAttribute(attr.getName(), attr.getValue());
    state.attributes.erase(SchedDialect::getDimBoundsAttrName());
    if (anyBounds)
      state.attributes.set(SchedDialect::getDimBoundsAttrName(),
                           builder.getArrayAttr(bounds));
    if (!order.empty()) {
      llvm::sort(order);
      state.attributes.set(SchedDialect::getCollectiveOrderAttrName(),
                           builder.getDenseI64ArrayAttr(order));
    }
    state.addAttribute(
        kSegmentSizes,
        builder.getDenseI32ArrayAttr({static_cast<int32_t>(inputs.size()),
                                      static_cast<int32_t>(outputs.size())}));
    state.addTypes(FutureType::get(func.getContext(), valueTypes));
    builder.setInsertionPoint(first);
    Operation *merged = builder.create(state);
    builder.setInsertionPoint(mergedWaitOp);
    auto wait =
        WaitOp::create(builder, FusedLoc::get(func.getContext(), waitLocs),
                       merged->getResult(0));
    unsigned offset = 0;
    for (const Member &member : bucket.members) {
      Operation *oldWait = sim.ops[member.wait];
      unsigned count = oldWait->getNumResults();
      oldWait->replaceAllUsesWith(wait->getResults().slice(offset, count));
      offset += count;
    }
    if (explain) {
      // Which start and which wait of the members the bucket took.
      unsigned count = bucket.members.size();
      unsigned startIndex = llvm::find_if(bucket.members,
                                          [&](const Member &m) {
                                            return m.start == bucket.startPos;
                                          }) -
                            bucket.members.begin();
      llvm::sort(waitPositions);
      unsigned waitIndex =
          llvm::find(waitPositions, bucket.waitPos) - waitPositions.begin();
      mlir::emitRemark(merged->getLoc())
          << "bucketed " << count << " " << first->getName().stripDialect()
          << " ops, " << formatBytes(bucket.bytes) << ", started at the "
          << ordinal(startIndex, count) << " start and waited at the "
          << ordinal(waitIndex, count) << " wait";
    }
    for (const Member &member : bucket.members)
      sim.ops[member.wait]->erase();
    for (const Member &member : bucket.members)
      sim.ops[member.start]->erase();
  }
  if (!explain)
    emitShortRemarks(
        func, numBucketed, numBuckets, bucketedBytes, input->exposedCommUs,
        simulation->getTotals().exposedCommUs, refusals,
        static_cast<int64_t>(bucketCapBytes), static_cast<int64_t>(window));
}
