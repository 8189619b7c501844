//===- Bucketing.cpp - Overlap-preserving collective bucketing ------------===//
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
// the peak memory (the input's, or the overlap schedule's budget) is kept.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/Bucketing.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Analysis/InFlightCounter.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// The name of the operand segment sizes attribute, which differs between
/// buckets of different sizes and so is not part of the key.
constexpr StringLiteral kSegmentSizes = "operandSegmentSizes";

/// No position, no collective.
constexpr unsigned kNone = BucketInterval::kNone;

/// The order in which placements are tried, Inductor's: the early start and
/// the late wait (the longest interval, the most likely to keep the
/// overlap) first. Ties in exposed communication go to the first.
constexpr BucketPlacement kPlacements[] = {
    {false, true}, {false, false}, {true, true}, {true, false}};

/// Returns the name of a placement in remarks.
std::string describe(BucketPlacement placement) {
  return std::string(placement.lateStart ? "late start" : "early start") +
         ", " + (placement.lateWait ? "late wait" : "early wait");
}

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

/// One placement of a join, as tried.
struct Trial {
  unsigned start = 0, wait = 0;
  std::string refusal;
  bool placeable = false, legal = false;
  IncrementalSimulation::Totals totals;
  SmallVector<IncrementalSimulation::Change, 4> changes;
};
} // namespace

//===----------------------------------------------------------------------===//
// Keys, bounds, refusals
//===----------------------------------------------------------------------===//

Attribute BucketKey::get(StringRef attrName) const {
  for (NamedAttribute attr : attrs)
    if (attr.getName() == attrName)
      return attr.getValue();
  return {};
}

std::optional<BucketKey> BucketKey::fromOp(CollectiveOpInterface op,
                                           bool mixElementTypes) {
  Type elementType;
  for (Value input : op.getInputs()) {
    auto shaped = dyn_cast<ShapedType>(input.getType());
    if (!shaped)
      return std::nullopt;
    if (elementType && elementType != shaped.getElementType() &&
        !mixElementTypes)
      return std::nullopt;
    elementType = shaped.getElementType();
  }
  if (!elementType)
    return std::nullopt;
  // A bucket is lowered to one grouped call per member (docs/Runtime.md):
  // members need not share a type.
  if (mixElementTypes)
    elementType = Type();
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

void BucketBounds::merge(const BucketBounds &other) {
  startLo = std::max(startLo, other.startLo);
  startHi = std::min(startHi, other.startHi);
  waitLo = std::max(waitLo, other.waitLo);
  waitHi = std::min(waitHi, other.waitHi);
}

void BucketRefusalCounts::add(BucketRefusal why, Location loc) {
  unsigned index = static_cast<unsigned>(why);
  if (count[index]++ == 0)
    first[index] = loc;
}

unsigned BucketRefusalCounts::getTotal() const {
  unsigned total = 0;
  for (unsigned c : count)
    total += c;
  return total;
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

//===----------------------------------------------------------------------===//
// Bucketer: the input and the candidates
//===----------------------------------------------------------------------===//

Bucketer::Bucketer(const CostModel &model, const BlockSimulation &sim,
                   const BufferLiveness &liveness, const DependenceGraph &graph,
                   const BucketingOptions &options)
    : model(model), sim(sim), liveness(liveness), graph(graph),
      options(options), augmented(graph), n(sim.ops.size()) {}

Bucketer::~Bucketer() = default;

int64_t Bucketer::getPeakLimit() const { return peakLimit; }

double Bucketer::getExposedCommUs() const {
  return simulation->getTotals().exposedCommUs;
}

LogicalResult Bucketer::analyzeInput(Location loc) {
  // The input's simulation: how exposed each collective is (the
  // exposed-first order) and which compute ops hid it (the enclosure test).
  FailureOr<SimResult> input = simulate(sim.simOps);
  if (failed(input))
    return mlir::emitError(loc, "cannot simulate the input order");
  inputExposedUs = input->exposedCommUs;
  computeIntervals(*input);
  // Per communication stream, the positions of its intervals' starts and
  // waits, in order: the only positions where the enclosure test finds a
  // collective of the stream (a bucket stands at its members' positions).
  for (const BucketInterval &interval : intervals) {
    if (interval.stream >= eventsOf.size())
      eventsOf.resize(interval.stream + 1);
    eventsOf[interval.stream].push_back(interval.start);
    eventsOf[interval.stream].push_back(interval.wait);
  }
  for (std::vector<unsigned> &events : eventsOf)
    llvm::sort(events);
  if (options.keepCollectiveOrder)
    collectGroupStarts();
  return success();
}

void Bucketer::computeIntervals(const SimResult &input) {
  // Compute ops that take time, by position: their times on the compute
  // stream grow with their positions.
  std::vector<unsigned> busy;
  for (unsigned pos = 0; pos < n; ++pos)
    if (sim.simOps[pos].kind == SimOp::Kind::Compute &&
        sim.simOps[pos].durationUs > 0)
      busy.push_back(pos);
  intervalOf.assign(n, kNone);
  startAt.assign(n, kNone);
  waitAt.assign(n, kNone);
  overlapRatio.assign(n, 1.0);
  for (const SimResult::Collective &row : input.collectives) {
    if (row.wait == row.op)
      continue;
    BucketInterval interval{row.op, row.wait, row.stream};
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
        return input.endUs[pos] <= row.beginUs;
      });
      if (first != hi && input.beginUs[*first] < row.endUs) {
        auto last = std::partition_point(first, hi, [&](unsigned pos) {
          return input.beginUs[pos] < row.endUs;
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
}

void Bucketer::collectGroupStarts() {
  // The positions of the ops that issue each group's collectives (starts,
  // and ops whose regions hold one, such as a loop that communicates), in
  // program order.
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

LogicalResult Bucketer::collectCandidates() {
  // Per op name, the key of the last start seen, for the remarks.
  llvm::MapVector<OperationName, unsigned> lastKeyOf;
  // The simulation marks every collective a start and the wait of each
  // (by its start's position): the ops that are neither are not read, and
  // a wait's position is looked up in the graph only where it is not so.
  std::vector<unsigned> simulatedWait(n, kNone);
  for (unsigned pos = 0; pos < n; ++pos)
    if (sim.simOps[pos].kind == SimOp::Kind::Wait && sim.simOps[pos].start < n)
      simulatedWait[sim.simOps[pos].start] = pos;
  for (unsigned pos = 0; pos < n; ++pos) {
    if (sim.simOps[pos].kind != SimOp::Kind::Start)
      continue;
    auto start = dyn_cast<CollectiveOpInterface>(sim.ops[pos]);
    if (!start)
      continue;
    Value future = start.getFuture();
    if (!future.hasOneUse())
      continue;
    auto wait = dyn_cast<WaitOp>(*future.getUsers().begin());
    unsigned simulated = simulatedWait[pos];
    std::optional<unsigned> waitPos =
        !wait ? std::optional<unsigned>()
        : simulated != kNone && sim.ops[simulated] == wait.getOperation()
            ? std::optional<unsigned>(simulated)
            : graph.lookup(wait);
    std::optional<BucketKey> key =
        BucketKey::fromOp(start, options.mixElementTypes);
    if (!waitPos || !key || intervalOf[pos] == kNone)
      continue;
    FailureOr<int64_t> bytes = CostModel::getCollectiveBytes(start);
    if (failed(bytes))
      return failure();
    const auto *it = llvm::find(keys, *key);
    unsigned index = it - keys.begin();
    if (it == keys.end()) {
      auto last = lastKeyOf.find(start->getName());
      if (options.explain && last != lastKeyOf.end())
        remarkNewKey(start, *key, keys[last->second]);
      keys.push_back(*key);
      candidates.emplace_back();
    }
    lastKeyOf[start->getName()] = index;
    candidates[index].push_back({pos, *waitPos, *bytes});
  }
  // Inductor's bucket_exposed_first: the least hidden collectives of a key
  // seed buckets first (ties in program order).
  if (options.exposedFirst)
    for (SmallVector<BucketMember> &list : candidates)
      llvm::stable_sort(list,
                        [&](const BucketMember &a, const BucketMember &b) {
                          return overlapRatio[a.start] < overlapRatio[b.start];
                        });
  return success();
}

/// Says why `start`, whose key is new, is not bucketed with the previous
/// start of its op name, whose key is `other`.
void Bucketer::remarkNewKey(CollectiveOpInterface start, const BucketKey &key,
                            const BucketKey &other) {
  InFlightDiagnostic diag = mlir::emitRemark(start->getLoc())
                            << "not bucketed with the previous "
                            << start->getName().stripDialect() << ": ";
  if (other.get("group") != key.get("group"))
    diag << "different process group";
  else if (other.elementType != key.elementType)
    diag << "different element type";
  else if (other.isBuffer != key.isBuffer)
    diag << "different form (tensor or buffer)";
  else if (other.get("source_target_pairs") != key.get("source_target_pairs"))
    diag << "different source_target_pairs";
  else
    diag << "different reduction or dims";
}

LogicalResult Bucketer::prepare(Location loc) {
  // The simulation and the memory timeline of the bucketed order, updated
  // bucket by bucket: a candidate costs time in the ops it moves, not in
  // the block (docs/Analyses.md).
  FailureOr<IncrementalSimulation> created =
      IncrementalSimulation::create(sim.simOps);
  if (failed(created))
    return mlir::emitError(loc, "cannot simulate the input order");
  simulation.emplace(std::move(*created));
  memory.emplace(liveness.getProblem(), liveness.getProgramOrder());
  // Bucketing never raises the peak over the input's, or over the budget
  // its input was scheduled within where that is higher.
  peakLimit = std::max(memory->getPeak(), options.memoryBudget);
  inBucket.assign(n, false);
  bucketOf.assign(n, kNone);
  currentPos.resize(n);
  for (unsigned pos = 0; pos < n; ++pos)
    currentPos[pos] = pos;
  remarked.assign(n, false);
  return success();
}

//===----------------------------------------------------------------------===//
// Bucketer: growing buckets
//===----------------------------------------------------------------------===//

std::optional<InFlightDiagnostic> Bucketer::remarkRefusal(unsigned pos,
                                                          BucketRefusal why) {
  if (remarked[pos])
    return std::nullopt;
  remarked[pos] = true;
  refusals.add(why, sim.ops[pos]->getLoc());
  if (!options.explain)
    return std::nullopt;
  Operation *op = sim.ops[pos];
  InFlightDiagnostic diag = mlir::emitRemark(op->getLoc());
  diag << "not bucketed with the previous " << op->getName().stripDialect()
       << ": ";
  return diag;
}

/// The candidates of one key in program order, as a tree over the list: per
/// entry, the last position of a fixed input of its start (lowest if not
/// refused yet, highest if in a bucket) and its bytes (lowest if in a
/// bucket); per node, the least input and the most bytes below it.
class Bucketer::ScreeningIndex {
public:
  static constexpr int64_t kLow = std::numeric_limits<int64_t>::min();
  static constexpr int64_t kHigh = std::numeric_limits<int64_t>::max();

  /// An index of `list` where every entry is not refused yet.
  ScreeningIndex(ArrayRef<BucketMember> list, std::vector<int64_t> fixedInput)
      : list(list), fixedInput(std::move(fixedInput)) {
    while (width < list.size())
      width *= 2;
    minInput.assign(2 * width, kHigh);
    maxBytes.assign(2 * width, kLow);
    for (auto [i, member] : llvm::enumerate(list))
      set(i, kLow, member.bytes);
  }
  ArrayRef<BucketMember> getList() const { return list; }
  /// The last position of an input of entry `i`'s start made by an op that
  /// never moves, or -1.
  int64_t getFixedInput(unsigned i) const { return fixedInput[i]; }
  /// Sets entry `i`.
  void set(unsigned i, int64_t input, int64_t bytes);
  /// Returns the first entry from `from` whose input is before `inputLimit`
  /// or whose bytes are over `room`, or the list's size.
  unsigned findFirst(unsigned from, int64_t inputLimit, int64_t room) const;

private:
  ArrayRef<BucketMember> list;
  std::vector<int64_t> fixedInput;
  unsigned width = 1;
  std::vector<int64_t> minInput, maxBytes;
};

LogicalResult Bucketer::formBuckets() {
  // Ops that are not the start or the wait of a candidate keep their
  // positions and stay out of buckets: the screening index's fixed inputs.
  std::vector<bool> isCandidateOp(n, false);
  for (ArrayRef<BucketMember> list : candidates)
    for (const BucketMember &member : list)
      isCandidateOp[member.start] = isCandidateOp[member.wait] = true;
  for (SmallVector<BucketMember> &list : candidates) {
    std::optional<ScreeningIndex> index;
    if (!options.exposedFirst && !options.keepCollectiveOrder)
      index.emplace(buildScreeningIndex(list, isCandidateOp));
    for (unsigned seed = 0; seed < list.size(); ++seed) {
      if (inBucket[list[seed].start])
        continue;
      growBucket(list, seed);
      if (index)
        updateIndex(*index, seed);
      for (unsigned next = seed + 1; next < list.size(); ++next) {
        if (index && (next = skipRefused(*index, next)) == list.size())
          break;
        BucketMember member = list[next];
        if (inBucket[member.start])
          continue;
        FailureOr<Screen> verdict = screenAndJoin(member);
        if (failed(verdict))
          return failure();
        if (index)
          updateIndex(*index, next);
        if (*verdict == Screen::Stop)
          break;
      }
    }
  }
  return success();
}

/// Screens `member` and, if that says so, tries to join it to the last
/// bucket; returns the screen's verdict.
FailureOr<Bucketer::Screen> Bucketer::screenAndJoin(BucketMember member) {
  Screen verdict = screen(member);
  if (verdict != Screen::Try)
    return verdict;
  std::string refusal;
  FailureOr<bool> joined = tryJoin(member, refusal);
  if (failed(joined))
    return failure();
  if (!*joined) {
    if (auto diag = remarkRefusal(member.start, BucketRefusal::Placement))
      *diag << refusal;
    return Screen::Skip;
  }
  inBucket[member.start] = true;
  return Screen::Try;
}

//===----------------------------------------------------------------------===//
// Bucketer: the screening index
//===----------------------------------------------------------------------===//

// Most candidates that the bucket before them screens are refused without a
// trial: on synthetic-100k, 1.7M screens of 25k candidates, all but 4.5k
// refused, and a start already refused once gives no second remark. A
// candidate in program order far after the bucket (after its members'
// starts, its wait and the first op that needs the wait) has no placement if
// an input of its start is computed at or after the bucket's start by an op
// that never moves (no candidate's start or wait); the screening index finds
// the next candidate, from a position of the list, that is not known
// refused so: not yet refused once, with no such input, or over the cap.
// The window, which the list's order makes a bound on its positions, ends
// the candidates skipped. Those the index skips get exactly the verdict the
// screen gives them (a refusal already counted, and no remark), so the
// buckets and the remarks are those of screening every candidate.

void Bucketer::ScreeningIndex::set(unsigned i, int64_t input, int64_t bytes) {
  unsigned node = i + width;
  minInput[node] = input;
  maxBytes[node] = bytes;
  for (node /= 2; node; node /= 2) {
    minInput[node] = std::min(minInput[2 * node], minInput[2 * node + 1]);
    maxBytes[node] = std::max(maxBytes[2 * node], maxBytes[2 * node + 1]);
  }
}

unsigned Bucketer::ScreeningIndex::findFirst(unsigned from, int64_t inputLimit,
                                             int64_t room) const {
  if (from >= list.size())
    return list.size();
  auto hit = [&](unsigned node) {
    return minInput[node] < inputLimit || maxBytes[node] > room;
  };
  unsigned node = from + width;
  if (hit(node))
    return from;
  // Up while a right child (or the root), then to the right sibling, until a
  // subtree has an entry; then down to its first one. Padding never hits.
  while (true) {
    while (node > 1 && (node & 1))
      node /= 2;
    if (node == 1)
      return list.size();
    ++node;
    if (hit(node))
      break;
  }
  while (node < width) {
    node *= 2;
    if (!hit(node))
      ++node;
  }
  return node - width;
}

Bucketer::ScreeningIndex
Bucketer::buildScreeningIndex(ArrayRef<BucketMember> list,
                              const std::vector<bool> &isCandidateOp) const {
  std::vector<int64_t> fixedInput(list.size(), -1);
  for (auto [i, member] : llvm::enumerate(list))
    for (unsigned pred : graph.getPreds(member.start))
      if (!isCandidateOp[pred])
        fixedInput[i] = std::max<int64_t>(fixedInput[i], pred);
  return ScreeningIndex(list, std::move(fixedInput));
}

void Bucketer::updateIndex(ScreeningIndex &index, unsigned i) const {
  const BucketMember &member = index.getList()[i];
  if (inBucket[member.start])
    index.set(i, ScreeningIndex::kHigh, ScreeningIndex::kLow);
  else
    index.set(i,
              remarked[member.start] ? index.getFixedInput(i)
                                     : ScreeningIndex::kLow,
              member.bytes);
}

unsigned Bucketer::skipRefused(const ScreeningIndex &index,
                               unsigned from) const {
  const Bucket &bucket = buckets.back();
  ArrayRef<BucketMember> list = index.getList();
  int64_t waitHi = bucket.bounds.waitHi;
  if (waitHi == std::numeric_limits<int64_t>::max())
    return from;
  // Far after the bucket: both late placements fail (the late start after
  // the early wait, the late wait after an op that needs a wait of the
  // bucket) and the early start is the bucket's.
  int64_t after =
      std::max<int64_t>({bucket.waitPos, waitHi, bucket.members.back().start});
  if (list[from].start <= after)
    return from;
  unsigned firstStart = bucket.members.front().start;
  const BucketMember *windowEnd = std::partition_point(
      list.begin() + from, list.end(), [&](const BucketMember &member) {
        return member.start - firstStart - 1 <=
               static_cast<uint64_t>(options.window);
      });
  unsigned end = windowEnd - list.begin();
  return std::min(end, index.findFirst(from, bucket.startPos,
                                       options.capBytes - bucket.bytes));
}

/// Opens a bucket of `list[seed]` alone.
void Bucketer::growBucket(ArrayRef<BucketMember> list, unsigned seed) {
  Bucket bucket;
  bucket.members.push_back(list[seed]);
  bucket.bytes = list[seed].bytes;
  bucket.anyMeasured = isMeasured(list[seed].start);
  bucket.startPos = bucket.seedStart = list[seed].start;
  bucket.waitPos = bucket.seedWait = list[seed].wait;
  bucketOf[list[seed].start] = bucketOf[list[seed].wait] = buckets.size();
  buckets.push_back(std::move(bucket));
  updateBounds(buckets.size() - 1);
  inBucket[list[seed].start] = true;
}

/// Tests the cap, the window, the group order and the quick placement test
/// on `member` before its placements are tried.
Bucketer::Screen Bucketer::screen(const BucketMember &member) {
  Bucket &current = buckets.back();
  if (current.bytes + member.bytes > options.capBytes) {
    if (auto diag = remarkRefusal(member.start, BucketRefusal::Cap))
      *diag << "the bucket would hold "
            << formatBytes(current.bytes + member.bytes) << ", over the cap of "
            << formatBytes(options.capBytes);
    return Screen::Stop;
  }
  // The window bounds the span of the bucket's starts. In program order,
  // later candidates are farther still.
  unsigned firstStart = current.members.front().start;
  unsigned lastStart = current.members.back().start;
  unsigned between = member.start > lastStart
                         ? member.start - firstStart - 1
                         : std::max(member.start, lastStart) -
                               std::min(member.start, firstStart) - 1;
  if (between > static_cast<uint64_t>(options.window)) {
    if (auto diag = remarkRefusal(member.start, BucketRefusal::Window)) {
      if (member.start > firstStart)
        *diag << between << " ops after the bucket's start, over the "
              << "window of " << options.window;
      else
        *diag << between << " ops before the bucket's last start, "
              << "over the window of " << options.window;
    }
    return options.exposedFirst ? Screen::Skip : Screen::Stop;
  }
  if (options.keepCollectiveOrder && violatesGroupOrder(member))
    return Screen::Skip;
  if ((!options.explain || remarked[member.start]) && hasNoPlacement(member)) {
    remarkRefusal(member.start, BucketRefusal::Placement);
    return Screen::Skip;
  }
  return Screen::Try;
}

/// With keep-collective-order, no other collective of the group may start
/// between the members: issuing them at once would move it before some and
/// after others. Buckets of one group then span disjoint ranges, so the
/// positions of the input order suffice. Returns true, after the refusal,
/// if one does.
bool Bucketer::violatesGroupOrder(const BucketMember &member) {
  const Bucket &current = buckets.back();
  unsigned lo = member.start, hi = member.start;
  for (const BucketMember &other : current.members) {
    lo = std::min(lo, other.start);
    hi = std::max(hi, other.start);
  }
  auto start = cast<CollectiveOpInterface>(sim.ops[member.start]);
  ArrayRef<unsigned> positions =
      groupStarts.find(start.getGroupAttr().getAttr())->second;
  const unsigned *first = llvm::lower_bound(positions, lo);
  const unsigned *last = llvm::upper_bound(positions, hi);
  if (static_cast<size_t>(last - first) <= current.members.size() + 1)
    return false;
  unsigned between =
      *llvm::find_if(llvm::make_range(first, last), [&](unsigned pos) {
        return pos != member.start &&
               llvm::none_of(current.members, [&](const BucketMember &m) {
                 return m.start == pos;
               });
      });
  if (auto diag = remarkRefusal(member.start, BucketRefusal::Order)) {
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
  return true;
}

/// Returns the time of a merged collective of `bytes` like `start`.
FailureOr<double> Bucketer::bucketTime(unsigned start, int64_t bytes) {
  auto op = cast<CollectiveOpInterface>(sim.ops[start]);
  // Only the group's shape: the op's own bytes do not count (they were
  // sized when it became a candidate).
  FailureOr<std::pair<int64_t, int64_t>> shape =
      model.getGroupShape(op, symbols);
  if (failed(shape))
    return failure();
  // Permutes are bucketed only with permutes of the same pairs (the pairs
  // are part of the bucket key), which cost as one permute.
  FailureOr<CollectiveEstimate> estimate =
      model.estimateCollectiveOfSize(op, bytes, *shape, symbols);
  if (failed(estimate))
    return failure();
  return estimate->timeUs;
}

/// Returns the time of a merged collective of `members` (of `bytes` in
/// all): the cost model's estimate of a collective of that size; where a
/// member has a measured time (`sched.cost`, e.g. an FX graph's runtime_us),
/// that estimate times the members' times (measured, or estimated at their
/// own sizes) over their estimates, and `measured` is set: the merge keeps
/// the model's gain from bucketing, and the measured times' scale. (Before,
/// the merged collective fell back to the model alone, which priced a
/// bucket of measured collectives at the model's time.)
bool Bucketer::isMeasured(unsigned start) const {
  return CostModel::getMeasuredCollectiveTimeUs(
             cast<CollectiveOpInterface>(sim.ops[start]))
      .has_value();
}

FailureOr<double> Bucketer::getMergedTime(ArrayRef<BucketMember> members,
                                          int64_t bytes, bool &measured) {
  FailureOr<double> time = bucketTime(members.front().start, bytes);
  measured = false;
  if (failed(time))
    return failure();
  double given = 0, estimated = 0;
  for (const BucketMember &member : members) {
    FailureOr<double> alone = bucketTime(member.start, member.bytes);
    if (failed(alone))
      return failure();
    std::optional<double> measure = CostModel::getMeasuredCollectiveTimeUs(
        cast<CollectiveOpInterface>(sim.ops[member.start]));
    measured |= measure.has_value();
    given += measure.value_or(*alone);
    estimated += *alone;
  }
  if (!measured || estimated <= 0)
    return time;
  return *time * given / estimated;
}

/// Returns true if the `into` buffers of `bucket` and `member` are distinct
/// fresh allocations that none of their inputs is a view of.
bool Bucketer::haveDisjointBuffers(const Bucket &bucket,
                                   BucketMember member) const {
  llvm::SmallPtrSet<Operation *, 8> allocations;
  SmallVector<unsigned, 8> starts = {member.start};
  for (const BucketMember &other : bucket.members)
    starts.push_back(other.start);
  for (unsigned start : starts)
    for (Value output :
         cast<CollectiveOpInterface>(sim.ops[start]).getOutputs())
      if (!isFreshAllocation(output) ||
          !allocations.insert(output.getDefiningOp()).second)
        return false;
  for (unsigned start : starts)
    for (Value input : cast<CollectiveOpInterface>(sim.ops[start]).getInputs())
      if (Operation *def = getViewRoot(input).getDefiningOp();
          def && allocations.contains(def))
        return false;
  return true;
}

/// Adds to `bounds` the limits that the ops `member`'s start and wait depend
/// on, and those that depend on them, put on the merged start and wait, but
/// for the ops `inGroup` holds for.
template <typename InGroup>
void Bucketer::addBounds(const BucketMember &member, InGroup inGroup,
                         BucketBounds &bounds) const {
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
}

/// Computes the bounds of bucket `index` from scratch.
void Bucketer::updateBounds(unsigned index) {
  Bucket &bucket = buckets[index];
  bucket.bounds = BucketBounds();
  for (const BucketMember &member : bucket.members)
    addBounds(
        member, [&](unsigned pos) { return bucketOf[pos] == index; },
        bucket.bounds);
}

// Most candidates have no placement at all (on synthetic-100k, all but a few
// thousand of 1.7M): the late start comes after the early wait, the late wait
// after an op that needs a wait of the bucket, and the early start before an
// input of the candidate. A quick test of the three, from the bucket's bounds
// (the last of `buckets`) and the candidate start's inputs, refuses them
// before `tryJoin` reads the edges of the candidate's wait; a refusal that a
// remark words takes the full path. The bucket's bounds count the edges to
// the candidate, which the full path leaves out where the two are linked; the
// test holds unless those edges set the bound.
bool Bucketer::hasNoPlacement(BucketMember member) const {
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
}

//===----------------------------------------------------------------------===//
// Bucketer: joining a bucket
//===----------------------------------------------------------------------===//

/// The state of one candidate's attempt to join the last bucket.
struct Bucketer::JoinAttempt {
  JoinAttempt(BucketMember member, unsigned index, std::string &reason)
      : member(member), index(index), reason(reason) {}

  BucketMember member;
  /// The bucket's index.
  unsigned index;
  /// Where a refusal's words go.
  std::string &reason;
  std::optional<bool> disjointBuffers;
  /// Edges between the candidate and the bucket: they change the bounds of
  /// the bucket, which ignore the bucket's own ops.
  bool linked = false, memoryEdge = false, waitConflict = false;
  /// The candidate's own bounds and the merged ones.
  BucketBounds own, bounds;
  /// The intervals of the bucket and the candidate, and the hiding ops of
  /// both.
  unsigned bucketId = 0, memberId = 0;
  unsigned firstHide = kNone, lastHide = 0;
  bool hidden = false;
  /// The earlier and the later start, and wait.
  unsigned starts[2] = {0, 0}, waits[2] = {0, 0};
  /// For each start choice: the earliest hiding op of a crossed hidden
  /// collective that starts after it, and the latest wait of a crossed
  /// collective that starts before it.
  unsigned hideAfter[2] = {kNone, kNone}, waitBefore[2] = {0, 0};
  /// Refusals of each start and wait choice (static text; empty: none).
  StringRef startRefusal[2], waitRefusal[2];
  Trial trials[4];
  /// The placements simulated legal, best first, and the one kept.
  SmallVector<unsigned, 4> ranked;
  std::optional<unsigned> chosen;
  /// The augmented graph before the merge.
  size_t point = 0;
  /// Members with the candidate, by start position; their starts and their
  /// waits; the span of their steps in the memory order; the memory order
  /// of the window of a placement.
  SmallVector<BucketMember, 8> members;
  SmallVector<unsigned, 8> startGroup, waitGroup;
  unsigned first = 0, last = 0;
  SmallVector<unsigned> window;
};

/// Tries to add `member` to the last bucket at the best of the four
/// placements; returns whether it joined. The reason of a refusal goes to
/// `reason`, worded only for a remark (with `explain`, once per start): most
/// candidates are refused, and words cost allocations.
FailureOr<bool> Bucketer::tryJoin(BucketMember member, std::string &reason) {
  JoinAttempt attempt(member, buckets.size() - 1, reason);
  scanEdges(attempt);
  // Starts of the buffer form touch memory: an edge between them only orders
  // accesses to distinct fresh buffers, which one collective may do at once.
  // Likewise for their waits.
  auto disjoint = [&] {
    if (!attempt.disjointBuffers)
      attempt.disjointBuffers =
          haveDisjointBuffers(buckets[attempt.index], member);
    return *attempt.disjointBuffers;
  };
  if (attempt.memoryEdge && !disjoint())
    return refuse(attempt, [] {
      return "it may access the memory of a collective of the bucket";
    });
  if (attempt.waitConflict && !disjoint())
    return refuse(attempt, [] {
      return "its wait may access the memory of a collective of the bucket";
    });
  computeBounds(attempt);
  refuseChoices(attempt);
  testEnclosure(attempt);
  auto explainAll = [&] { return explainTrials(attempt, {0, 1, 2, 3}); };
  if (llvm::none_of(attempt.trials, [](const Trial &t) { return t.placeable; }))
    return refuse(attempt, explainAll);
  if (std::optional<const char *> why = mergeInGraph(attempt))
    return refuse(attempt, [&] { return std::string(*why); });
  if (failed(simulateTrials(attempt)))
    return failure();
  chooseByMemory(attempt);
  if (!attempt.chosen) {
    augmented.rollback(attempt.point);
    return refuse(attempt, explainAll);
  }
  if (failed(commitJoin(attempt)))
    return failure();
  return true;
}

/// Refuses the attempt: words the reason if a remark will say it.
bool Bucketer::refuse(JoinAttempt &attempt,
                      llvm::function_ref<std::string()> words) {
  if (options.explain && !remarked[attempt.member.start])
    attempt.reason = words();
  return false;
}

/// The candidate's own bounds (`addBounds` without the candidate and the
/// bucket) and its edges to the bucket, in one pass over its edges.
void Bucketer::scanEdges(JoinAttempt &attempt) {
  const BucketMember &member = attempt.member;
  auto isWait = [&](unsigned pos) {
    return sim.simOps[pos].kind == SimOp::Kind::Wait;
  };
  auto noteEdge = [&](unsigned pos, unsigned other, uint8_t kinds) {
    attempt.linked = true;
    if (kinds != static_cast<uint8_t>(DependenceKind::Memory))
      return;
    if (pos == member.start && !isWait(other))
      attempt.memoryEdge = true;
    if (pos == member.wait && isWait(other))
      attempt.waitConflict = true;
  };
  auto isOwn = [&](unsigned pos) {
    return pos == member.start || pos == member.wait;
  };
  BucketBounds &own = attempt.own;
  for (unsigned pos : {member.start, member.wait}) {
    int64_t &lo = pos == member.start ? own.startLo : own.waitLo;
    int64_t &hi = pos == member.start ? own.startHi : own.waitHi;
    for (unsigned pred : graph.getPreds(pos)) {
      if (bucketOf[pred] == attempt.index)
        noteEdge(pos, pred, graph.getEdgeKinds(pred, pos));
      else if (!isOwn(pred))
        lo = std::max<int64_t>(lo, currentPos[pred]);
    }
    for (unsigned succ : graph.getSuccs(pos)) {
      if (bucketOf[succ] == attempt.index)
        noteEdge(pos, succ, graph.getEdgeKinds(pos, succ));
      else if (!isOwn(succ))
        hi = std::min<int64_t>(hi, currentPos[succ]);
    }
  }
}

/// Where the merged start and wait may go: after every op a start or a wait
/// of the bucket depends on and before every op that depends on one, where
/// those ops are now. Edges among the bucket's own starts (distinct fresh
/// buffers) and from its starts to its waits vanish or hold by
/// construction; an edge from a wait to a start makes a cycle.
void Bucketer::computeBounds(JoinAttempt &attempt) {
  const Bucket &bucket = buckets[attempt.index];
  attempt.bounds = bucket.bounds;
  if (attempt.linked) {
    const BucketMember &member = attempt.member;
    auto inGroup = [&](unsigned pos) {
      return pos == member.start || pos == member.wait ||
             bucketOf[pos] == attempt.index;
    };
    attempt.bounds = BucketBounds();
    for (const BucketMember &other : bucket.members)
      addBounds(other, inGroup, attempt.bounds);
  }
  attempt.bounds.merge(attempt.own);
}

/// Words why each start choice and each wait choice is refused, from the
/// bounds and the hiding ops: the hiding ops of the bucket's collectives
/// must stay between the merged start and wait (Inductor's interval test).
void Bucketer::refuseChoices(JoinAttempt &attempt) {
  const Bucket &bucket = buckets[attempt.index];
  const BucketMember &member = attempt.member;
  attempt.bucketId = intervalOf[bucket.seedStart];
  attempt.memberId = intervalOf[member.start];
  const BucketInterval &bucketInterval = intervals[attempt.bucketId];
  const BucketInterval &memberInterval = intervals[attempt.memberId];
  attempt.firstHide =
      std::min(bucketInterval.firstHide, memberInterval.firstHide);
  attempt.lastHide = std::max(bucketInterval.lastHide, memberInterval.lastHide);
  attempt.hidden = attempt.firstHide != kNone;
  attempt.starts[0] = std::min(bucket.startPos, member.start);
  attempt.starts[1] = std::max(bucket.startPos, member.start);
  attempt.waits[0] = std::min(bucket.waitPos, member.wait);
  attempt.waits[1] = std::max(bucket.waitPos, member.wait);
  const BucketBounds &bounds = attempt.bounds;
  bool hidden = attempt.hidden;
  for (unsigned late = 0; late < 2; ++late) {
    int64_t pos = attempt.starts[late];
    if (pos <= bounds.startLo)
      attempt.startRefusal[late] = attempt.own.startLo >= pos
                                       ? "its inputs are not ready"
                                       : "an input of the bucket is not ready";
    else if (pos >= bounds.startHi)
      attempt.startRefusal[late] =
          "a start would move past an op that needs it";
    else if (hidden && static_cast<unsigned>(pos) >= attempt.firstHide)
      attempt.startRefusal[late] = "a start would move past an op that hides "
                                   "a collective of the bucket";
    pos = attempt.waits[late];
    if (pos <= bounds.waitLo)
      attempt.waitRefusal[late] = "a wait would move before an op it needs";
    else if (pos >= bounds.waitHi)
      attempt.waitRefusal[late] = "a result would be used before the wait";
    else if (hidden && static_cast<unsigned>(pos) <= attempt.lastHide)
      attempt.waitRefusal[late] = "a wait would move before an op that hides "
                                  "a collective of the bucket";
  }
}

/// Notes the collectives of the bucket's stream whose start or wait lies
/// strictly between `lo` and `hi` (the events that move past them).
void Bucketer::collectCrossed(JoinAttempt &attempt, unsigned lo, unsigned hi) {
  unsigned stream = intervals[attempt.bucketId].stream;
  ArrayRef<unsigned> events = eventsOf[stream];
  for (const unsigned *it = llvm::upper_bound(events, lo);
       it != events.end() && *it < hi; ++it)
    for (unsigned id : {startAt[*it], waitAt[*it]}) {
      if (id == kNone || id == attempt.bucketId || id == attempt.memberId ||
          intervals[id].stream != stream)
        continue;
      const BucketInterval &other = intervals[id];
      for (unsigned late = 0; late < 2; ++late) {
        if (other.isHidden() && attempt.starts[late] < other.start)
          attempt.hideAfter[late] =
              std::min(attempt.hideAfter[late], other.firstHide);
        if (other.start < attempt.starts[late])
          attempt.waitBefore[late] =
              std::max(attempt.waitBefore[late], other.wait);
      }
    }
}

/// The enclosure test: marks the placements that keep the dependences and
/// neither newly enclose the overlap of another collective of the bucket's
/// stream nor have the bucket's own enclosed. The crossed collectives are
/// scanned only if a placement gets that far.
void Bucketer::testEnclosure(JoinAttempt &attempt) {
  bool scanned = false;
  for (auto [i, placement] : llvm::enumerate(kPlacements)) {
    Trial &trial = attempt.trials[i];
    trial.start = attempt.starts[placement.lateStart];
    trial.wait = attempt.waits[placement.lateWait];
    if (!attempt.startRefusal[placement.lateStart].empty() ||
        !attempt.waitRefusal[placement.lateWait].empty())
      continue;
    if (trial.start >= trial.wait) {
      if (options.explain)
        trial.refusal = "the start would come after the wait";
      continue;
    }
    if (!scanned) {
      collectCrossed(attempt, attempt.starts[0], attempt.starts[1]);
      collectCrossed(attempt, attempt.waits[0], attempt.waits[1]);
      scanned = true;
    }
    const char *refusal = nullptr;
    if (attempt.hideAfter[placement.lateStart] < trial.wait)
      refusal = "the bucket would enclose the overlap of another "
                "collective of its group";
    else if (attempt.hidden &&
             attempt.firstHide < attempt.waitBefore[placement.lateStart])
      refusal = "another collective of its group would enclose the "
                "overlap of the bucket";
    if (refusal && options.explain)
      trial.refusal = refusal;
    trial.placeable = !refusal;
  }
}

/// Merges the candidate's start and wait into the bucket's sets of the
/// augmented graph; returns the refusal, with the graph as it was, if a path
/// between the starts, through data edges and the merged ops of earlier
/// buckets, would become a cycle.
std::optional<const char *> Bucketer::mergeInGraph(JoinAttempt &attempt) {
  const Bucket &bucket = buckets[attempt.index];
  const BucketMember &member = attempt.member;
  if (!attempt.memoryEdge && augmented.hasPath(bucket.seedStart, member.start))
    return "it depends on a collective of the bucket";
  if (!attempt.memoryEdge && augmented.hasPath(member.start, bucket.seedStart))
    return "a collective of the bucket depends on it";
  attempt.point = augmented.checkpoint();
  if (failed(augmented.mergeToSet(bucket.seedStart, member.start)) ||
      failed(augmented.mergeToSet(bucket.seedWait, member.wait)) ||
      augmented.hasCycle()) {
    augmented.rollback(attempt.point);
    return "merging it would create a cycle";
  }
  return std::nullopt;
}

/// Simulates the placeable placements (the merged start at one start and
/// the merged wait at one wait, nothing at the others) and ranks those that
/// expose no more communication than before: the least exposed first, then
/// the shortest step, then the order of the placements.
LogicalResult Bucketer::simulateTrials(JoinAttempt &attempt) {
  const Bucket &bucket = buckets[attempt.index];
  const BucketMember &member = attempt.member;
  // Measured members scale the merged time (getMergedTime); the members are
  // only walked then.
  FailureOr<double> time = failure();
  if (bucket.anyMeasured || isMeasured(member.start)) {
    SmallVector<BucketMember, 8> members(bucket.members.begin(),
                                         bucket.members.end());
    members.push_back(member);
    bool measured = false;
    time = getMergedTime(members, bucket.bytes + member.bytes, measured);
  } else {
    time = bucketTime(member.start, bucket.bytes + member.bytes);
  }
  if (failed(time))
    return failure();
  double exposed = simulation->getTotals().exposedCommUs;
  for (auto [i, trial] : llvm::enumerate(attempt.trials)) {
    if (!trial.placeable)
      continue;
    SimOp nothing;
    SimOp mergedStart = simulation->getOps()[trial.start];
    mergedStart.durationUs = *time;
    ContentionFactors contention =
        model.getContention(bucket.bytes + member.bytes);
    mergedStart.commFactor = contention.comm;
    mergedStart.computeFactor = contention.compute;
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
      if (options.explain)
        trial.refusal = "the bucket cannot be simulated";
      continue;
    }
    if (totals->exposedCommUs > exposed + 1e-9) {
      if (options.explain)
        trial.refusal =
            llvm::formatv("it would expose more communication ({0} -> {1} us)",
                          us(exposed), us(totals->exposedCommUs))
                .str();
      continue;
    }
    trial.legal = true;
    trial.totals = *totals;
    attempt.ranked.push_back(i);
  }
  llvm::stable_sort(attempt.ranked, [&](unsigned a, unsigned b) {
    const IncrementalSimulation::Totals &x = attempt.trials[a].totals,
                                        &y = attempt.trials[b].totals;
    if (x.exposedCommUs != y.exposedCommUs)
      return x.exposedCommUs < y.exposedCommUs;
    return x.makespanUs < y.makespanUs;
  });
  return success();
}

/// The members with the candidate, their starts and waits, and the span of
/// their steps in the memory order.
void Bucketer::buildMemoryGroups(JoinAttempt &attempt) {
  const Bucket &bucket = buckets[attempt.index];
  attempt.members.assign(bucket.members.begin(), bucket.members.end());
  attempt.members.insert(
      llvm::upper_bound(attempt.members, attempt.member,
                        [](const BucketMember &a, const BucketMember &b) {
                          return a.start < b.start;
                        }),
      attempt.member);
  attempt.first = n;
  attempt.last = 0;
  for (const BucketMember &other : attempt.members) {
    attempt.startGroup.push_back(other.start);
    attempt.waitGroup.push_back(other.wait);
    for (unsigned step : {other.start, other.wait}) {
      attempt.first = std::min(attempt.first, memory->getPosition(step));
      attempt.last = std::max(attempt.last, memory->getPosition(step));
    }
  }
}

/// The memory order of a placement: the bucket's starts together, in member
/// order, where the merged start goes, and its waits likewise. Every step
/// that moves lies in the window from the first of the members' starts and
/// waits to the last; groups of the bucket stand whole in it.
void Bucketer::buildWindow(JoinAttempt &attempt, unsigned trialIndex) {
  const Trial &trial = attempt.trials[trialIndex];
  const BucketMember &member = attempt.member;
  unsigned first = attempt.first, last = attempt.last;
  // As many steps as the window holds: each group goes in once, where its
  // anchor was.
  attempt.window.resize_for_overwrite(last - first + 1);
  unsigned *out = attempt.window.data();
  bool startDone = false, waitDone = false;
  for (unsigned step : memory->getOrder().slice(first, last - first + 1)) {
    bool isStart =
        step == member.start || (bucketOf[step] == attempt.index &&
                                 sim.simOps[step].kind == SimOp::Kind::Start);
    bool isWait =
        step == member.wait || (bucketOf[step] == attempt.index &&
                                sim.simOps[step].kind == SimOp::Kind::Wait);
    if (isStart) {
      bool anchor = (trial.start == member.start) == (step == member.start);
      if (anchor && !startDone)
        out = llvm::copy(attempt.startGroup, out);
      startDone |= anchor;
    } else if (isWait) {
      bool anchor = (trial.wait == member.wait) == (step == member.wait);
      if (anchor && !waitDone)
        out = llvm::copy(attempt.waitGroup, out);
      waitDone |= anchor;
    } else {
      *out++ = step;
    }
  }
  assert(out == attempt.window.data() + attempt.window.size() &&
         "a group went missing");
}

/// Keeps the best ranked placement within the peak limit: the
/// merged start and the merged wait each run as one step, so every buffer of
/// a member is live while the bucket starts and while it is waited. Leaves
/// its order in the attempt's window.
void Bucketer::chooseByMemory(JoinAttempt &attempt) {
  buildMemoryGroups(attempt);
  SmallVector<ArrayRef<unsigned>, 2> fuse = {attempt.startGroup,
                                             attempt.waitGroup};
  for (unsigned i : attempt.ranked) {
    Trial &trial = attempt.trials[i];
    buildWindow(attempt, i);
    std::optional<int64_t> peak =
        memory->getPeakIfReordered(attempt.first, attempt.window, fuse);
    if (!peak || *peak > peakLimit) {
      trial.legal = false;
      if (options.explain)
        trial.refusal =
            !peak ? std::string("its buffers would be used before they are "
                                "written")
                  : "it would raise the peak memory (" +
                        formatBytesChange(peakLimit, *peak) + ")";
      continue;
    }
    attempt.chosen = i;
    break;
  }
}

/// Explains why the placements `which` were not taken: a start or a wait
/// that cannot move once, then each placement's own reason.
std::string Bucketer::explainTrials(const JoinAttempt &attempt,
                                    ArrayRef<unsigned> which) const {
  SmallVector<std::string, 8> items;
  for (unsigned late = 0; late < 2; ++late)
    if (!attempt.startRefusal[late].empty() &&
        llvm::any_of(which, [&](unsigned i) {
          return kPlacements[i].lateStart == static_cast<bool>(late);
        }))
      items.push_back((late ? "late start: " : "early start: ") +
                      attempt.startRefusal[late].str());
  for (unsigned late = 0; late < 2; ++late)
    if (!attempt.waitRefusal[late].empty() &&
        llvm::any_of(which, [&](unsigned i) {
          return kPlacements[i].lateWait == static_cast<bool>(late) &&
                 attempt.startRefusal[kPlacements[i].lateStart].empty();
        }))
      items.push_back((late ? "late wait: " : "early wait: ") +
                      attempt.waitRefusal[late].str());
  for (unsigned i : which) {
    const Trial &trial = attempt.trials[i];
    if (!attempt.startRefusal[kPlacements[i].lateStart].empty() ||
        !attempt.waitRefusal[kPlacements[i].lateWait].empty())
      continue;
    std::string reason = trial.refusal;
    if (trial.legal && attempt.chosen) {
      const IncrementalSimulation::Totals &best =
          attempt.trials[*attempt.chosen].totals;
      reason =
          trial.totals.exposedCommUs != best.exposedCommUs
              ? llvm::formatv("more exposed communication ({0} us "
                              "against {1})",
                              us(trial.totals.exposedCommUs),
                              us(best.exposedCommUs))
                    .str()
              : llvm::formatv("a longer step ({0} us against {1})",
                              us(trial.totals.makespanUs), us(best.makespanUs))
                    .str();
    }
    items.push_back(describe(kPlacements[i]) + ": " + reason);
  }
  return llvm::join(items, "; ");
}

/// Applies the chosen placement: the simulation, the memory order, the
/// bucket, its interval and where its ops are now.
LogicalResult Bucketer::commitJoin(JoinAttempt &attempt) {
  Trial &trial = attempt.trials[*attempt.chosen];
  const BucketMember &member = attempt.member;
  SmallVector<ArrayRef<unsigned>, 2> fuse = {attempt.startGroup,
                                             attempt.waitGroup};
  if (failed(simulation->apply(trial.changes)) ||
      failed(memory->reorder(attempt.first, attempt.window, fuse)))
    return failure();
  if (options.explain && *attempt.chosen != 0) {
    SmallVector<unsigned, 4> before;
    for (unsigned i = 0; i < *attempt.chosen; ++i)
      before.push_back(i);
    Operation *op = sim.ops[member.start];
    mlir::emitRemark(op->getLoc())
        << "bucketed with the previous " << op->getName().stripDialect()
        << " at the " << describe(kPlacements[*attempt.chosen]) << " ("
        << explainTrials(attempt, before) << ")";
  }
  BucketInterval &merged = intervals[attempt.bucketId];
  startAt[merged.start] = waitAt[merged.wait] = kNone;
  startAt[member.start] = waitAt[member.wait] = kNone;
  merged.start = trial.start;
  merged.wait = trial.wait;
  merged.firstHide = attempt.firstHide;
  merged.lastHide = attempt.lastHide;
  startAt[trial.start] = waitAt[trial.wait] = attempt.bucketId;
  intervalOf[member.start] = attempt.bucketId;
  Bucket &bucket = buckets[attempt.index];
  bucket.members.assign(attempt.members.begin(), attempt.members.end());
  bucket.bytes += member.bytes;
  bucket.anyMeasured |= isMeasured(member.start);
  bucket.measuredTimeUs.reset();
  if (bucket.anyMeasured) {
    bool measured = false;
    FailureOr<double> time =
        getMergedTime(bucket.members, bucket.bytes, measured);
    if (succeeded(time) && measured)
      bucket.measuredTimeUs = *time;
  }
  bucket.startPos = trial.start;
  bucket.waitPos = trial.wait;
  bucketOf[member.start] = bucketOf[member.wait] = attempt.index;
  for (const BucketMember &other : bucket.members) {
    currentPos[other.start] = trial.start;
    currentPos[other.wait] = trial.wait;
  }
  updateBounds(attempt.index);
  return success();
}

//===----------------------------------------------------------------------===//
// Materialization
//===----------------------------------------------------------------------===//

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

/// Builds the merged start of `bucket`, before its start.
static Operation *createMergedStart(OpBuilder &builder,
                                    ArrayRef<Operation *> ops,
                                    const Bucket &bucket) {
  MLIRContext *context = builder.getContext();
  Operation *first = ops[bucket.startPos];
  SmallVector<Value> inputs, outputs;
  SmallVector<Type> valueTypes;
  SmallVector<Location> startLocs;
  // The members' recorded input order (sched-record-collective-order),
  // sorted: a bucket issues its members at once.
  SmallVector<int64_t> order;
  // The bounds of each value of the bucket, for `sched.dim_bounds` on the
  // merged start (kept only if a member had bounds).
  SmallVector<Attribute> bounds;
  bool anyBounds = false;
  for (const BucketMember &member : bucket.members) {
    auto start = cast<CollectiveOpInterface>(ops[member.start]);
    anyBounds |= appendValueBounds(start, builder, bounds);
    if (auto numbers = start->getAttrOfType<DenseI64ArrayAttr>(
            SchedDialect::getCollectiveOrderAttrName()))
      llvm::append_range(order, numbers.asArrayRef());
    llvm::append_range(inputs, start.getInputs());
    llvm::append_range(outputs, start.getOutputs());
    llvm::append_range(valueTypes, start.getFuture().getType().getValueTypes());
    startLocs.push_back(start.getLoc());
  }
  OperationState state(FusedLoc::get(context, startLocs), first->getName());
  state.addOperands(inputs);
  state.addOperands(outputs);
  // A measured time (`sched.cost`) was the first member's alone: the merged
  // collective carries the bucket's (Bucketer::getMergedTime), or none.
  for (NamedAttribute attr : first->getAttrDictionary())
    if (attr.getName() != kSegmentSizes &&
        attr.getName() != SchedDialect::getCostAttrName())
      state.addAttribute(attr.getName(), attr.getValue());
  if (bucket.measuredTimeUs)
    state.addAttribute(
        SchedDialect::getCostAttrName(),
        CostAttr::get(
            context, std::nullopt, std::nullopt, std::nullopt,
            static_cast<int64_t>(std::llround(*bucket.measuredTimeUs * 1e3))));
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
  state.addTypes(FutureType::get(context, valueTypes));
  builder.setInsertionPoint(first);
  return builder.create(state);
}

/// Says which start and which wait of the members `bucket` took.
static void remarkBucket(Operation *merged, ArrayRef<Operation *> ops,
                         const Bucket &bucket) {
  unsigned count = bucket.members.size();
  unsigned startIndex = llvm::find_if(bucket.members,
                                      [&](const BucketMember &m) {
                                        return m.start == bucket.startPos;
                                      }) -
                        bucket.members.begin();
  SmallVector<unsigned, 8> waitPositions;
  for (const BucketMember &member : bucket.members)
    waitPositions.push_back(member.wait);
  llvm::sort(waitPositions);
  unsigned waitIndex =
      llvm::find(waitPositions, bucket.waitPos) - waitPositions.begin();
  mlir::emitRemark(merged->getLoc())
      << "bucketed " << count << " "
      << ops[bucket.startPos]->getName().stripDialect() << " ops, "
      << formatBytes(bucket.bytes) << ", started at the "
      << ordinal(startIndex, count) << " start and waited at the "
      << ordinal(waitIndex, count) << " wait";
}

FailureOr<BucketingSummary> sched::materializeBuckets(MLIRContext *context,
                                                      ArrayRef<Operation *> ops,
                                                      ArrayRef<Bucket> buckets,
                                                      bool explain) {
  OpBuilder builder(context);
  BucketingSummary summary;
  for (const Bucket &bucket : buckets) {
    if (bucket.members.size() < 2)
      continue;
    summary.numBucketed += bucket.members.size();
    ++summary.numBuckets;
    summary.bucketedBytes += bucket.bytes;
    Operation *merged = createMergedStart(builder, ops, bucket);
    SmallVector<Location> waitLocs;
    for (const BucketMember &member : bucket.members)
      waitLocs.push_back(ops[member.wait]->getLoc());
    builder.setInsertionPoint(ops[bucket.waitPos]);
    auto wait = WaitOp::create(builder, FusedLoc::get(context, waitLocs),
                               merged->getResult(0));
    unsigned offset = 0;
    for (const BucketMember &member : bucket.members) {
      Operation *oldWait = ops[member.wait];
      unsigned count = oldWait->getNumResults();
      oldWait->replaceAllUsesWith(wait->getResults().slice(offset, count));
      offset += count;
    }
    if (explain)
      remarkBucket(merged, ops, bucket);
    for (const BucketMember &member : bucket.members)
      ops[member.wait]->erase();
    for (const BucketMember &member : bucket.members)
      ops[member.start]->erase();
    // The two ops are new: MLIR's verifier has not seen them (in
    // sched-pipeline it does not run after this pass, DeferredVerification).
    if (failed(mlir::verify(merged)) || failed(mlir::verify(wait)))
      return failure();
  }
  return summary;
}

bool sched::bucketedExceedsInFlight(ArrayRef<Operation *> ops,
                                    ArrayRef<Bucket> buckets, int64_t cap) {
  // A bucket's members' starts and waits are gone but for the one at the
  // merged start's position and the one at the merged wait's, which stand
  // for the merged ops (of the same group).
  std::vector<bool> gone(ops.size(), false);
  for (const Bucket &bucket : buckets) {
    if (bucket.members.size() < 2)
      continue;
    for (const BucketMember &member : bucket.members)
      gone[member.start] = gone[member.wait] = true;
    gone[bucket.startPos] = gone[bucket.waitPos] = false;
  }
  CollectiveInFlightCounter inFlight;
  for (auto [pos, op] : llvm::enumerate(ops))
    if (!gone[pos] && inFlight.count(op) > cap)
      return true;
  return false;
}
