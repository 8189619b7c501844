//===- BucketCollectives.cpp - sched-bucket-collectives -------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Merges collective starts of one kind, group, reduction, element type and
// dims into variadic buckets, as Inductor's overlap-preserving bucketer does.
// Buckets grow greedily in program order under a byte cap and a window; a
// start joins a bucket only if the augmented dependence graph stays acyclic
// and the stream simulator says exposed communication does not grow.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/AugmentedGraph.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
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

/// What collectives must share to be bucketed: the op (kind), its
/// attributes but the segment sizes (group, reduction, dims), the element
/// type of its inputs and its form (tensor or buffer).
struct BucketKey {
  OperationName name;
  DictionaryAttr attrs;
  Type elementType;
  bool isBuffer;

  bool operator==(const BucketKey &other) const {
    return name == other.name && attrs == other.attrs &&
           elementType == other.elementType && isBuffer == other.isBuffer;
  }
};

/// One collective: its start and wait, by position in the block.
struct Member {
  unsigned start;
  unsigned wait;
  int64_t bytes;
};

/// A bucket of collectives of one key.
struct Bucket {
  SmallVector<Member, 4> members;
  int64_t bytes = 0;
  /// Positions of the merged start (the first start) and of the merged wait
  /// (the earliest wait).
  unsigned startPos = 0, waitPos = 0;
  /// Time of the merged collective.
  double durationUs = 0;
};

std::string us(double value) { return llvm::formatv("{0:F3}", value).str(); }

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
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : op->getAttrDictionary())
    if (attr.getName() != kSegmentSizes)
      attrs.push_back(attr);
  MLIRContext *ctx = op->getContext();
  return BucketKey{op->getName(), DictionaryAttr::get(ctx, attrs), elementType,
                   isa<MemRefType>(op.getInputs().front().getType())};
}

/// Returns the position in `block` of the ancestor of `op` in that block,
/// looked up in `graph`.
static std::optional<unsigned> positionInBlock(const DependenceGraph &graph,
                                               Block &block, Operation *op) {
  Operation *ancestor = block.findAncestorOpInBlock(*op);
  if (!ancestor)
    return std::nullopt;
  return graph.lookup(ancestor);
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

void SchedBucketCollectives::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  if (bucketCapBytes < 1) {
    func.emitError("bucket-cap-bytes must be at least 1");
    return signalPassFailure();
  }
  if (window < 0) {
    func.emitError("window must be non-negative");
    return signalPassFailure();
  }
  FailureOr<std::optional<BlockAnalyses>> analyses =
      BlockAnalyses::build(func, profile, "not bucketed");
  if (failed(analyses))
    return signalPassFailure();
  if (!*analyses)
    return;
  Block &body = func.getBody().front();
  const CostModel &model = (*analyses)->model;
  const BlockSimulation &sim = (*analyses)->sim;
  const BufferLiveness &liveness = (*analyses)->liveness;
  const DependenceGraph &graph = (*analyses)->graph;
  AugmentedGraph augmented(graph);
  SymbolTableCollection symbols;
  unsigned n = sim.ops.size();

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
    if (!waitPos || !key)
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
        InFlightDiagnostic diag = start->emitRemark()
                                  << "not bucketed with the previous "
                                  << start->getName().stripDialect() << ": ";
        if (other.attrs.get("group") != key->attrs.get("group"))
          diag << "different process group";
        else if (other.elementType != key->elementType)
          diag << "different element type";
        else if (other.isBuffer != key->isBuffer)
          diag << "different form (tensor or buffer)";
        else
          diag << "different reduction or dims";
      }
      keys.push_back(*key);
      candidates.emplace_back();
    }
    lastKeyOf[start->getName()] = index;
    candidates[index].push_back({pos, *waitPos, *bytes});
  }

  // The simulation and the memory timeline of the bucketed order, updated
  // bucket by bucket: a candidate costs time in the ops it moves, not in
  // the block (docs/Analyses.md).
  FailureOr<IncrementalSimulation> simulation =
      IncrementalSimulation::create(sim.simOps);
  if (failed(simulation)) {
    func.emitError("cannot simulate the input order");
    return signalPassFailure();
  }
  MemoryTimeline memory(liveness.getProblem(), liveness.getProgramOrder());
  int64_t peakLimit = memory.getPeak();
  std::vector<Bucket> buckets;
  std::vector<bool> inBucket(n, false);
  // Starts already given a refusal remark: one remark per start.
  std::vector<bool> remarked(n, false);
  auto remarkRefusal = [&](unsigned pos) -> std::optional<InFlightDiagnostic> {
    if (!explain || remarked[pos])
      return std::nullopt;
    remarked[pos] = true;
    Operation *op = sim.ops[pos];
    InFlightDiagnostic diag = op->emitRemark();
    diag << "not bucketed with the previous " << op->getName().stripDialect()
         << ": ";
    return diag;
  };

  // Returns the time of a merged collective of `bytes` like `start`.
  auto bucketTime = [&](unsigned start, int64_t bytes) -> FailureOr<double> {
    auto op = cast<CollectiveOpInterface>(sim.ops[start]);
    FailureOr<CollectiveEstimate> estimate =
        model.estimateCollective(op, symbols);
    if (failed(estimate))
      return failure();
    return model.getCollectiveTimeUs(op.getCollectiveKind(), bytes,
                                     estimate->groupSize, estimate->numNodes);
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

  // Tries to add `member` to `bucket` (the last of `buckets`); returns the
  // reason of a refusal, or an empty string.
  auto tryJoin = [&](Member member) -> FailureOr<std::string> {
    Bucket &bucket = buckets.back();
    unsigned seedStart = bucket.members.front().start;
    unsigned seedWait = bucket.members.front().wait;
    // Starts of the buffer form touch memory: an edge between them only
    // orders accesses to distinct fresh buffers, which one collective may
    // do at once.
    bool memoryEdge = false;
    for (const Member &other : bucket.members)
      if (graph.getEdgeKinds(other.start, member.start) ==
          static_cast<uint8_t>(DependenceKind::Memory))
        memoryEdge = true;
    bool disjoint = haveDisjointBuffers(bucket, member);
    if (memoryEdge && !disjoint)
      return std::string("it may access the memory of a collective of the "
                         "bucket");
    // With disjoint buffers, edges among the bucket's own ops go away.
    llvm::SmallDenseSet<unsigned, 8> own;
    if (disjoint) {
      own.insert(member.start);
      own.insert(member.wait);
      for (const Member &other : bucket.members) {
        own.insert(other.start);
        own.insert(other.wait);
      }
    }
    // Direct inputs first (cheap, and what refuses nearly every dependent
    // start); the path search is the safety net for paths through the merged
    // starts and waits of buckets made before.
    for (unsigned pred : graph.getPreds(member.start))
      if (pred >= bucket.startPos && !own.contains(pred))
        return std::string("its inputs are not ready at the bucket's start");
    if (!memoryEdge && augmented.hasPath(seedStart, member.start))
      return std::string("it depends on an op after the bucket's start");
    unsigned waitPos = std::min(bucket.waitPos, member.wait);
    for (const Member &other : bucket.members)
      for (unsigned pred : graph.getPreds(other.wait))
        if (pred >= waitPos && pred != other.start && !own.contains(pred))
          return std::string("a wait cannot move to the bucket's wait");
    for (unsigned pred : graph.getPreds(member.wait))
      if (pred >= waitPos && pred != member.start && !own.contains(pred))
        return std::string("its wait cannot move to the bucket's wait");
    for (Value result : sim.ops[member.wait]->getResults())
      for (Operation *user : result.getUsers()) {
        std::optional<unsigned> pos = positionInBlock(graph, body, user);
        if (!pos || *pos <= waitPos)
          return std::string("its results are used before the bucket's wait");
      }

    size_t point = augmented.checkpoint();
    if (failed(augmented.mergeToSet(seedStart, member.start)) ||
        failed(augmented.mergeToSet(seedWait, member.wait)) ||
        augmented.hasCycle()) {
      augmented.rollback(point);
      return std::string("merging it would create a cycle");
    }
    FailureOr<double> time = bucketTime(seedStart, bucket.bytes + member.bytes);
    if (failed(time))
      return failure();

    // The simulated order: the merged start at the bucket's first start,
    // the merged wait at its earliest wait, nothing where the others were.
    SimOp nothing;
    SimOp mergedStart = simulation->getOps()[bucket.startPos];
    mergedStart.durationUs = *time;
    SimOp mergedWait;
    mergedWait.kind = SimOp::Kind::Wait;
    mergedWait.start = bucket.startPos;
    SmallVector<IncrementalSimulation::Change, 4> changes = {
        {bucket.startPos, mergedStart},
        {member.start, nothing},
        {waitPos, mergedWait}};
    if (bucket.waitPos != waitPos)
      changes.push_back({bucket.waitPos, nothing});
    if (member.wait != waitPos)
      changes.push_back({member.wait, nothing});
    FailureOr<IncrementalSimulation::Totals> totals =
        simulation->evaluate(changes);
    double exposed = simulation->getTotals().exposedCommUs;
    if (failed(totals) || totals->exposedCommUs > exposed + 1e-9) {
      augmented.rollback(point);
      if (failed(totals))
        return std::string("the bucket cannot be simulated");
      return llvm::formatv("it would expose more communication ({0} -> {1} us)",
                           us(exposed), us(totals->exposedCommUs))
          .str();
    }

    // The memory order: the bucket's starts together at its first start and
    // its waits together at its earliest wait, in member order. Every step
    // that moves lies between the first start and the last of the waits, and
    // no other bucket's starts or waits stand at either end of that window.
    llvm::SmallDenseSet<unsigned, 8> starts = {member.start},
                                     waits = {member.wait};
    unsigned first = memory.getPosition(bucket.startPos);
    unsigned last = std::max(memory.getPosition(member.start),
                             memory.getPosition(member.wait));
    for (const Member &other : bucket.members) {
      starts.insert(other.start);
      waits.insert(other.wait);
      last = std::max(last, memory.getPosition(other.wait));
    }
    SmallVector<unsigned> window, startGroup, waitGroup;
    window.reserve(last - first + 1);
    for (const Member &other : bucket.members) {
      startGroup.push_back(other.start);
      waitGroup.push_back(other.wait);
    }
    startGroup.push_back(member.start);
    waitGroup.push_back(member.wait);
    for (unsigned step : memory.getOrder().slice(first, last - first + 1)) {
      if (step == bucket.startPos)
        llvm::append_range(window, startGroup);
      else if (step == waitPos)
        llvm::append_range(window, waitGroup);
      else if (!starts.contains(step) && !waits.contains(step))
        window.push_back(step);
    }
    // The merged start and the merged wait each run as one step: every
    // buffer of a member is live while the bucket starts and while it is
    // waited.
    SmallVector<ArrayRef<unsigned>, 2> fuse = {startGroup, waitGroup};
    std::optional<int64_t> peak =
        memory.getPeakIfReordered(first, window, fuse);
    if (!peak || *peak > peakLimit) {
      augmented.rollback(point);
      if (!peak)
        return std::string("its buffers would be used before they are "
                           "written");
      return llvm::formatv("it would raise the peak memory ({0} -> {1} bytes)",
                           peakLimit, *peak)
          .str();
    }

    if (failed(simulation->apply(changes)) ||
        failed(memory.reorder(first, window, fuse)))
      return failure();
    bucket.members.push_back(member);
    bucket.bytes += member.bytes;
    bucket.waitPos = waitPos;
    bucket.durationUs = *time;
    return std::string();
  };

  for (SmallVector<Member> &list : candidates) {
    for (unsigned seed = 0; seed < list.size(); ++seed) {
      if (inBucket[list[seed].start])
        continue;
      Bucket bucket;
      bucket.members.push_back(list[seed]);
      bucket.bytes = list[seed].bytes;
      bucket.startPos = list[seed].start;
      bucket.waitPos = list[seed].wait;
      bucket.durationUs = sim.simOps[list[seed].start].durationUs;
      buckets.push_back(std::move(bucket));
      inBucket[list[seed].start] = true;
      for (unsigned next = seed + 1; next < list.size(); ++next) {
        Member member = list[next];
        if (inBucket[member.start])
          continue;
        Bucket &current = buckets.back();
        if (current.bytes + member.bytes > bucketCapBytes) {
          if (auto diag = remarkRefusal(member.start))
            *diag << "the bucket would hold " << current.bytes + member.bytes
                  << " bytes, over the cap of "
                  << static_cast<int64_t>(bucketCapBytes);
          break;
        }
        unsigned between = member.start - current.startPos - 1;
        if (between > static_cast<uint64_t>(window)) {
          if (auto diag = remarkRefusal(member.start))
            *diag << between << " ops after the bucket's start, over the "
                  << "window of " << static_cast<int64_t>(window);
          break;
        }
        FailureOr<std::string> refusal = tryJoin(member);
        if (failed(refusal))
          return signalPassFailure();
        if (!refusal->empty()) {
          if (auto diag = remarkRefusal(member.start))
            *diag << *refusal;
          continue;
        }
        inBucket[member.start] = true;
      }
    }
  }

  // Materialize the buckets of two or more collectives.
  OpBuilder builder(func.getContext());
  for (const Bucket &bucket : buckets) {
    if (bucket.members.size() < 2)
      continue;
    Operation *first = sim.ops[bucket.startPos];
    Operation *firstWait = sim.ops[bucket.waitPos];
    SmallVector<Value> inputs, outputs;
    SmallVector<Type> valueTypes;
    SmallVector<Location> startLocs, waitLocs;
    // The members' recorded input order (sched-record-collective-order),
    // sorted: a bucket issues its members at once.
    SmallVector<int64_t> order;
    for (const Member &member : bucket.members) {
      auto start = cast<CollectiveOpInterface>(sim.ops[member.start]);
      if (auto numbers = start->getAttrOfType<DenseI64ArrayAttr>(
              SchedDialect::getCollectiveOrderAttrName()))
        llvm::append_range(order, numbers.asArrayRef());
      llvm::append_range(inputs, start.getInputs());
      llvm::append_range(outputs, start.getOutputs());
      llvm::append_range(valueTypes,
                         start.getFuture().getType().getValueTypes());
      startLocs.push_back(start.getLoc());
      waitLocs.push_back(sim.ops[member.wait]->getLoc());
    }
    OperationState state(FusedLoc::get(func.getContext(), startLocs),
                         first->getName());
    state.addOperands(inputs);
    state.addOperands(outputs);
    for (NamedAttribute attr : first->getAttrDictionary())
      if (attr.getName() != kSegmentSizes)
        state.addAttribute(attr.getName(), attr.getValue());
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
    builder.setInsertionPoint(firstWait);
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
    if (explain)
      merged->emitRemark() << "bucketed " << bucket.members.size() << " "
                           << first->getName().stripDialect() << " ops, "
                           << bucket.bytes << " bytes";
    for (const Member &member : bucket.members)
      sim.ops[member.wait]->erase();
    for (const Member &member : bucket.members)
      sim.ops[member.start]->erase();
  }
}
