//===- VerifySchedule.cpp - sched-verify-schedule -------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "BlockAnalyses.h"
#include "sched/Analysis/InFlightCounter.h"
#include "sched/Analysis/MemoryEffects.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDVERIFYSCHEDULE
#define GEN_PASS_DEF_SCHEDVERIFYDEADLOCK
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

#define DEBUG_TYPE "sched-verify-schedule"

using namespace mlir;
using namespace mlir::sched;

namespace {
struct SchedVerifySchedule
    : public sched::impl::SchedVerifyScheduleBase<SchedVerifySchedule> {
  using Base::Base;
  void runOnOperation() override;
};

struct SchedVerifyDeadlock
    : public sched::impl::SchedVerifyDeadlockBase<SchedVerifyDeadlock> {
  using Base::Base;
  void runOnOperation() override;
};

/// Checks the `sched.collective_order` numbers of `func`'s collectives: the
/// numbers of each group are 0 to some n, each once, and, unless
/// `allowReorder`, issued in increasing order (a bucket issues its numbers
/// at once). Returns failure after reporting errors.
LogicalResult verifyCollectiveOrder(func::FuncOp func, bool allowReorder) {
  StringRef name = SchedDialect::getCollectiveOrderAttrName();
  SmallVector<CollectiveOpInterface> starts;
  func->walk<WalkOrder::PreOrder>(
      [&](CollectiveOpInterface start) { starts.push_back(start); });
  if (llvm::none_of(starts, [&](CollectiveOpInterface start) {
        return start->hasAttr(name);
      }))
    return success();

  /// A group's numbers with their starts, and the start issued with the
  /// highest number so far.
  struct Group {
    SmallVector<std::pair<int64_t, Operation *>> numbers;
    Operation *last = nullptr;
    int64_t lastNumber = -1;
  };
  llvm::MapVector<StringRef, Group> groups;
  bool failedAny = false;
  for (CollectiveOpInterface start : starts) {
    StringRef groupName = start.getGroupAttr().getValue();
    auto order = start->getAttrOfType<DenseI64ArrayAttr>(name);
    if (!order) {
      start->emitError() << "collective of group @" << groupName << " has no '"
                         << name << "' while others in the function have one";
      failedAny = true;
      continue;
    }
    Group &group = groups[groupName];
    ArrayRef<int64_t> numbers = order.asArrayRef();
    for (int64_t number : numbers)
      group.numbers.push_back({number, start});
    if (!allowReorder && numbers.front() < group.lastNumber) {
      InFlightDiagnostic diag =
          start->emitError()
          << "collective #" << numbers.front() << " of group @" << groupName
          << " is issued after #" << group.lastNumber
          << ": the group's collectives are out of their input order";
      diag.attachNote(group.last->getLoc())
          << "collective #" << group.lastNumber << " issued here";
      failedAny = true;
    }
    if (numbers.back() > group.lastNumber) {
      group.lastNumber = numbers.back();
      group.last = start;
    }
  }

  // Each number once, none left out.
  for (auto &[groupName, group] : groups) {
    llvm::stable_sort(group.numbers, llvm::less_first());
    int64_t next = 0;
    for (auto [i, entry] : llvm::enumerate(group.numbers)) {
      auto [number, start] = entry;
      if (i > 0 && number == group.numbers[i - 1].first) {
        InFlightDiagnostic diag = start->emitError()
                                  << "collective #" << number << " of group @"
                                  << groupName << " appears twice";
        diag.attachNote(group.numbers[i - 1].second->getLoc()) << "first here";
        failedAny = true;
        continue;
      }
      if (number > next) {
        InFlightDiagnostic diag = mlir::emitError(func.getLoc());
        if (number == next + 1)
          diag << "collective #" << next << " of group @" << groupName
               << " is missing";
        else
          diag << "collectives #" << next << " to #" << number - 1
               << " of group @" << groupName << " are missing";
        failedAny = true;
      }
      next = number + 1;
    }
  }
  return failure(failedAny);
}

//===----------------------------------------------------------------------===//
// Deadlock freedom
//===----------------------------------------------------------------------===//

/// Collective starts per process group, in program order.
using GroupSequences = llvm::MapVector<StringRef, SmallVector<Operation *>>;

/// Returns whether `op` is a branch: a non-loop op with several regions, of
/// which each run executes one (scf.if, scf.index_switch).
bool isBranchOp(Operation *op) {
  return op->getNumRegions() > 1 && isa<RegionBranchOpInterface>(op) &&
         !isa<LoopLikeOpInterface>(op);
}

/// Appends the collective starts of `region` to `sequences`, in program
/// order. Of a nested branch op only the first region counts (its branches
/// are checked to agree separately).
void appendSequences(Region &region, GroupSequences &sequences) {
  region.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto start = dyn_cast<CollectiveOpInterface>(op))
      sequences[start.getGroupAttr().getValue()].push_back(op);
    if (isBranchOp(op)) {
      appendSequences(op->getRegion(0), sequences);
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
}

/// Returns whether two collective starts of one group rendezvous: same op,
/// operand and result types and inherent attributes.
bool isSameCollective(Operation *a, Operation *b) {
  return a->getName() == b->getName() &&
         a->getOperandTypes() == b->getOperandTypes() &&
         a->getResultTypes() == b->getResultTypes() &&
         a->getPropertiesAsAttribute() == b->getPropertiesAsAttribute();
}

/// Describes collective `op` for a message: its name and future type.
std::string describeCollective(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << op->getName() << "'";
  if (op->getNumResults())
    os << " of " << op->getResult(0).getType();
  return text;
}

/// Appends to `here` and `there` the inherent attributes in which the
/// collectives `a` and `b` (same op and types) differ, e.g. " with
/// reduction = #sched<reduction max>".
void appendDifferentAttributes(Operation *a, Operation *b, std::string &here,
                               std::string &there) {
  auto aDict = dyn_cast_or_null<DictionaryAttr>(a->getPropertiesAsAttribute());
  auto bDict = dyn_cast_or_null<DictionaryAttr>(b->getPropertiesAsAttribute());
  if (!aDict || !bDict)
    return;
  llvm::raw_string_ostream hereOs(here), thereOs(there);
  StringRef sep = " with ";
  for (NamedAttribute entry : aDict) {
    Attribute other = bDict.get(entry.getName());
    if (other == entry.getValue())
      continue;
    hereOs << sep << entry.getName().getValue() << " = " << entry.getValue();
    thereOs << sep << entry.getName().getValue() << " = ";
    if (other)
      thereOs << other;
    else
      thereOs << "none";
    sep = ", ";
  }
}

/// Compares the sequences `other` (of region or function `otherName`) with
/// the reference `ref` (of `refName`), group by group; on the first
/// difference of a group emits an error at `at` (or at the differing op)
/// through `emit`. Returns failure if any group differs.
LogicalResult
compareSequences(const GroupSequences &ref, const GroupSequences &other,
                 function_ref<InFlightDiagnostic(Operation *, StringRef)> emit,
                 StringRef refName, StringRef otherName) {
  SmallVector<StringRef> groups;
  llvm::DenseSet<StringRef> seen;
  for (const GroupSequences *seq : {&ref, &other})
    for (auto &entry : *seq)
      if (seen.insert(entry.first).second)
        groups.push_back(entry.first);
  bool failedAny = false;
  for (StringRef group : groups) {
    auto get = [&](const GroupSequences &seq) -> ArrayRef<Operation *> {
      auto it = seq.find(group);
      return it == seq.end() ? ArrayRef<Operation *>() : it->second;
    };
    ArrayRef<Operation *> a = get(ref), b = get(other);
    size_t common = std::min(a.size(), b.size());
    size_t k = 0;
    while (k < common && isSameCollective(a[k], b[k]))
      ++k;
    if (k == a.size() && k == b.size())
      continue;
    failedAny = true;
    if (k < common) {
      InFlightDiagnostic diag = emit(b[k], group);
      std::string here = describeCollective(b[k]),
                  there = describeCollective(a[k]);
      if (here == there)
        appendDifferentAttributes(b[k], a[k], here, there);
      diag << "collective #" << k << " of group @" << group << " is " << here
           << " in " << otherName << " but " << there << " in " << refName;
      diag.attachNote(a[k]->getLoc()) << "the collective in " << refName;
      continue;
    }
    ArrayRef<Operation *> longer = a.size() > b.size() ? a : b;
    InFlightDiagnostic diag = emit(longer[k], group);
    diag << otherName << " issues " << b.size() << " collectives on group @"
         << group << " but " << refName << " issues " << a.size()
         << ": the peers of the extra ones wait forever";
    diag.attachNote(longer[k]->getLoc()) << "first collective without a peer";
  }
  return failure(failedAny);
}

/// Checks that every branch op in `func` issues the same collectives on
/// each group in each of its regions: in an SPMD program, ranks that take
/// different branches would wait on each other forever.
LogicalResult verifyUniformBranches(func::FuncOp func) {
  bool failedAny = false;
  func->walk([&](Operation *op) {
    if (!isBranchOp(op))
      return;
    GroupSequences first;
    appendSequences(op->getRegion(0), first);
    for (unsigned i = 1, e = op->getNumRegions(); i < e; ++i) {
      GroupSequences other;
      appendSequences(op->getRegion(i), other);
      auto emit = [&](Operation *, StringRef) {
        InFlightDiagnostic diag = op->emitError();
        diag << "'" << op->getName()
             << "' may deadlock: ranks that take different branches issue "
                "different collectives: ";
        return diag;
      };
      std::string refName = "region #0", otherName = "region #";
      otherName += std::to_string(i);
      if (failed(compareSequences(first, other, emit, refName, otherName)))
        failedAny = true;
    }
  });
  return failure(failedAny);
}

/// A stage-specific function and the global ranks that run it.
struct StageProgram {
  /// Mutable: op handles are read through const references.
  mutable func::FuncOp func;
  ArrayRef<int64_t> ranks;
  /// Its collective starts and waits in program order.
  SmallVector<Operation *> events;
  /// Per group, its starts in program order.
  GroupSequences sequences;
  /// The position of each start among its group's starts.
  DenseMap<Operation *, int64_t> positions;
};

/// A process group that links several stage programs.
struct LinkedGroup {
  mutable ProcessGroupOp group;
  /// Indices of the stage programs whose ranks meet the group.
  SmallVector<unsigned> members;
};

/// Appends the starts and waits of `region` to `events` in program order;
/// of a branch op, those of its first region.
void appendEvents(Region &region, SmallVectorImpl<Operation *> &events) {
  region.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<CollectiveOpInterface, WaitOp>(op))
      events.push_back(op);
    if (!isBranchOp(op))
      return WalkResult::advance();
    appendEvents(op->getRegion(0), events);
    return WalkResult::skip();
  });
}

/// Collects `program`'s events and its starts per group.
void collectEvents(StageProgram &program) {
  appendEvents(program.func.getBody(), program.events);
  appendSequences(program.func.getBody(), program.sequences);
  for (auto &entry : program.sequences)
    for (auto [i, start] : llvm::enumerate(entry.second))
      program.positions[start] = i;
}

/// Returns the global ranks of `group`.
SmallVector<int64_t> getGroupRanks(ProcessGroupOp group) {
  if (std::optional<ArrayRef<int64_t>> ranks = group.getRanks())
    return SmallVector<int64_t>(*ranks);
  return llvm::to_vector(llvm::seq<int64_t>(0, group.getSize()));
}

/// Finds the groups that link several of `programs`, checking that every
/// rank runs at most one program and every member of a linked group one.
LogicalResult findLinkedGroups(ModuleOp module, ArrayRef<StageProgram> programs,
                               SmallVectorImpl<LinkedGroup> &linked) {
  DenseMap<int64_t, unsigned> owner;
  bool failedAny = false;
  for (auto [i, program] : llvm::enumerate(programs))
    for (int64_t rank : program.ranks) {
      auto [it, inserted] = owner.insert({rank, i});
      if (inserted)
        continue;
      InFlightDiagnostic diag = program.func.emitError()
                                << "rank " << rank << " runs both @"
                                << programs[it->second].func.getSymName()
                                << " and @" << program.func.getSymName();
      diag.attachNote(programs[it->second].func.getLoc())
          << "@" << programs[it->second].func.getSymName() << " here";
      failedAny = true;
    }
  if (failedAny)
    return failure();
  for (auto group : module.getOps<ProcessGroupOp>()) {
    SmallVector<int64_t> ranks = getGroupRanks(group);
    SmallVector<unsigned> members;
    std::optional<int64_t> uncovered;
    for (int64_t rank : ranks) {
      auto it = owner.find(rank);
      if (it == owner.end()) {
        uncovered = uncovered.value_or(rank);
        continue;
      }
      if (!llvm::is_contained(members, it->second))
        members.push_back(it->second);
    }
    if (members.size() < 2)
      continue;
    if (uncovered) {
      group.emitError() << "rank " << *uncovered << " of group @"
                        << group.getSymName()
                        << " runs none of the stage functions its peers run";
      failedAny = true;
      continue;
    }
    llvm::sort(members);
    linked.push_back({group, std::move(members)});
  }
  return failure(failedAny);
}

/// Runs `programs` side by side: a start never blocks; a wait passes once
/// every member of a linked group has started that collective. Reports the
/// stuck waits if some program never finishes.
LogicalResult simulateStages(ArrayRef<StageProgram> programs,
                             ArrayRef<LinkedGroup> linked) {
  llvm::StringMap<const LinkedGroup *> byName;
  for (const LinkedGroup &group : linked)
    byName[group.group.getSymName()] = &group;
  size_t n = programs.size();
  SmallVector<size_t> pc(n, 0);
  // started[i][group]: starts program i has issued on the group.
  SmallVector<llvm::StringMap<int64_t>> started(n);
  auto blocker = [&](unsigned i) -> std::optional<unsigned> {
    auto wait = cast<WaitOp>(programs[i].events[pc[i]]);
    auto start = dyn_cast_or_null<CollectiveOpInterface>(
        wait.getFuture().getDefiningOp());
    if (!start)
      return std::nullopt;
    StringRef group = start.getGroupAttr().getValue();
    const LinkedGroup *link = byName.lookup(group);
    if (!link || !llvm::is_contained(link->members, i))
      return std::nullopt;
    int64_t position = programs[i].positions.lookup(start);
    for (unsigned member : link->members)
      if (started[member].lookup(group) <= position)
        return member;
    return std::nullopt;
  };
  for (bool progress = true; progress;) {
    progress = false;
    for (unsigned i = 0; i < n; ++i) {
      const StageProgram &program = programs[i];
      while (pc[i] < program.events.size()) {
        Operation *event = program.events[pc[i]];
        if (auto start = dyn_cast<CollectiveOpInterface>(event))
          ++started[i][start.getGroupAttr().getValue()];
        else if (blocker(i))
          break;
        ++pc[i];
        progress = true;
      }
    }
  }
  std::optional<unsigned> first;
  for (unsigned i = 0; i < n && !first; ++i)
    if (pc[i] < programs[i].events.size())
      first = i;
  if (!first)
    return success();
  Operation *wait = programs[*first].events[pc[*first]];
  auto start = cast<WaitOp>(wait).getFuture().getDefiningOp();
  StringRef group =
      cast<CollectiveOpInterface>(start).getGroupAttr().getValue();
  unsigned peer = *blocker(*first);
  InFlightDiagnostic diag = wait->emitError()
                            << "deadlock: this wait on collective #"
                            << programs[*first].positions.lookup(start)
                            << " of group @" << group << " in @"
                            << programs[*first].func.getSymName()
                            << " never passes: @"
                            << programs[peer].func.getSymName()
                            << " never starts it";
  for (unsigned i = 0; i < n; ++i)
    if (i != *first && pc[i] < programs[i].events.size())
      diag.attachNote(programs[i].events[pc[i]]->getLoc())
          << "@" << programs[i].func.getSymName() << " is stuck at this wait";
  return failure();
}

/// Checks the stage-specific functions of `module` (those with
/// `sched.ranks`) against each other.
LogicalResult verifyStagePrograms(ModuleOp module) {
  SmallVector<StageProgram> programs;
  bool failedAny = false;
  for (auto func : module.getOps<func::FuncOp>()) {
    // The dialect verified its form.
    auto ranks = func->getAttrOfType<DenseI64ArrayAttr>(getRanksAttrName());
    if (!ranks || func.isExternal())
      continue;
    StageProgram program;
    program.func = func;
    program.ranks = ranks.asArrayRef();
    collectEvents(program);
    programs.push_back(std::move(program));
  }
  SmallVector<LinkedGroup> linked;
  if (programs.size() < 2 || failed(findLinkedGroups(module, programs, linked)))
    return failure(programs.size() >= 2);
  // The same collectives on each linked group, in the same order.
  for (const LinkedGroup &link : linked) {
    StringRef group = link.group.getSymName();
    const StageProgram &ref = programs[link.members.front()];
    GroupSequences refSeq;
    if (auto it = ref.sequences.find(group); it != ref.sequences.end())
      refSeq[group] = it->second;
    for (unsigned member : llvm::drop_begin(link.members)) {
      const StageProgram &other = programs[member];
      GroupSequences otherSeq;
      if (auto it = other.sequences.find(group); it != other.sequences.end())
        otherSeq[group] = it->second;
      auto emit = [&](Operation *op, StringRef) {
        return op->emitError() << "stage programs do not match: ";
      };
      std::string refName = ("@" + ref.func.getSymName()).str();
      std::string otherName = ("@" + other.func.getSymName()).str();
      if (failed(compareSequences(refSeq, otherSeq, emit, refName, otherName)))
        failedAny = true;
    }
  }
  if (failedAny)
    return failure();
  return simulateStages(programs, linked);
}

/// Returns the start of the error for an op that does `access` to an
/// in-flight collective.
StringRef getAccessDescription(InFlightAccess access) {
  switch (access) {
  case InFlightAccess::None:
    break;
  case InFlightAccess::WritesInput:
    return "writes the input buffer";
  case InFlightAccess::ReadsDestination:
    return "reads the destination buffer";
  case InFlightAccess::WritesDestination:
    return "writes the destination buffer";
  case InFlightAccess::Unknown:
    return "op with unknown memory effects may access a buffer";
  }
  llvm_unreachable("no access to describe");
}

/// One in-flight buffer-form collective.
struct InFlight {
  CollectiveOpInterface start;
  /// Base buffers it reads and those it writes.
  SmallVector<Value> reads, writes;
};
} // namespace

namespace {
/// Checks the in-flight rules of sched-verify-schedule block by block: the
/// cap per group and the buffers of buffer-form collectives.
class InFlightChecker {
public:
  explicit InFlightChecker(int64_t maxInFlight) : maxInFlight(maxInFlight) {}

  /// Checks `block`, with none in flight at its start and at most `cap` in
  /// flight per group (0: no limit), and, at each op with regions, its
  /// nested blocks, each on its own (a new count) under the pass's
  /// max-in-flight. Returns false after reporting errors.
  bool checkBlock(Block &block, int64_t cap);

private:
  /// Checks `op`, any op other than a start or a wait, against the
  /// in-flight buffer-form collectives.
  void checkAccess(Operation &op,
                   llvm::MapVector<Operation *, InFlight> &inFlight);
  /// Counts the start `start` in `perGroup` and reports an excess over
  /// `cap` (0: no limit, nothing counted); every excess, not the first only.
  void countStart(CollectiveOpInterface start,
                  CollectiveInFlightCounter &perGroup, int64_t cap);

  int64_t maxInFlight;
  bool failedAny = false;
  MemoryEffectsQuery query;
  SmallVector<MemoryEffects::EffectInstance> effects;
  SmallVector<Value> bases;
};
} // namespace

void InFlightChecker::countStart(CollectiveOpInterface start,
                                 CollectiveInFlightCounter &perGroup,
                                 int64_t cap) {
  if (cap <= 0)
    return;
  if (int64_t count = perGroup.start(start); count > cap) {
    start->emitError() << "group @" << start.getGroupAttr().getValue()
                       << " has " << count
                       << " collectives in flight, more than "
                          "max-in-flight ("
                       << cap << ")";
    failedAny = true;
  }
}

void InFlightChecker::checkAccess(
    Operation &op, llvm::MapVector<Operation *, InFlight> &inFlight) {
  // Any other op must keep off the in-flight buffers: the rule of
  // getInFlightAccess, which the dependence graph follows too.
  bool known = query.getEffects(&op, effects);
  for (auto &item : inFlight) {
    Operation *startOp = item.first;
    InFlight &entry = item.second;
    InFlightAccess access = getInFlightAccess(known ? &effects : nullptr,
                                              entry.reads, entry.writes, query);
    if (access == InFlightAccess::None)
      continue;
    InFlightDiagnostic diag = mlir::emitError(op.getLoc())
                              << getAccessDescription(access) << " while '"
                              << startOp->getName().getStringRef()
                              << "' is in flight on it";
    diag.attachNote(startOp->getLoc()) << "collective started here";
    failedAny = true;
  }
}

bool InFlightChecker::checkBlock(Block &block, int64_t cap) {
  // In issue order; waits remove their collective.
  CollectiveInFlightCounter perGroup;
  llvm::MapVector<Operation *, InFlight> inFlight;
  for (Operation &op : block) {
    if (auto start = dyn_cast<CollectiveOpInterface>(&op)) {
      countStart(start, perGroup, cap);
      if (!start.isBufferForm())
        continue;
      InFlight entry{start, {}, {}};
      for (Value input : start.getInputs()) {
        query.getBaseBuffers(input, bases);
        llvm::append_range(entry.reads, bases);
      }
      for (Value output : start.getOutputs()) {
        query.getBaseBuffers(output, bases);
        llvm::append_range(entry.writes, bases);
      }
      inFlight.insert({start, std::move(entry)});
      continue;
    }
    if (auto wait = dyn_cast<WaitOp>(&op)) {
      Operation *start = wait.getFuture().getDefiningOp();
      if (auto collective = dyn_cast_or_null<CollectiveOpInterface>(start))
        perGroup.end(collective);
      inFlight.erase(start);
      continue;
    }
    // An op that takes a future on (an scf.for initial value) ends its
    // window in this block: the wait is in the loop's body, where a
    // carried future is not counted (docs/Rationale.md, "Futures across
    // blocks").
    for (Value operand : op.getOperands())
      if (auto start = operand.getDefiningOp<CollectiveOpInterface>()) {
        if (inFlight.erase(start) || !start.isBufferForm())
          perGroup.end(start);
      }
    if (!inFlight.empty())
      checkAccess(op, inFlight);
    // The blocks of a loop, branch or region are checked on their own: the
    // cap holds per block, as the schedulers keep it (a collective in
    // flight around the op is not counted in its blocks).
    if (!isa<ComputeOpInterface>(op))
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          checkBlock(nested, maxInFlight);
  }
  return !failedAny;
}

void SchedVerifySchedule::runOnOperation() {
  func::FuncOp func = getOperation();
  if (func.isExternal())
    return;
  if (maxInFlight < 0) {
    mlir::emitError(func.getLoc())
        << "max-in-flight must be non-negative (0: no limit), got "
        << maxInFlight.getValue();
    return signalPassFailure();
  }
  InFlightChecker checker(maxInFlight);
  bool failedAny = false;
  // The entry block keeps the cap the overlap pass chose, if recorded.
  int64_t entryCap = getEntryInFlightCap(func, maxInFlight);
  for (Block &block : func.getBody())
    if (!checker.checkBlock(block, &block == &func.getBody().front()
                                       ? entryCap
                                       : maxInFlight.getValue()))
      failedAny = true;
  if (failed(verifyCollectiveOrder(func, allowReorder)))
    failedAny = true;
  if (failedAny)
    signalPassFailure();
  markAllAnalysesPreserved();
}

void SchedVerifyDeadlock::runOnOperation() {
  ModuleOp module = getOperation();
  bool failedAny = false;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal() && failed(verifyUniformBranches(func)))
      failedAny = true;
  if (failedAny || failed(verifyStagePrograms(module)))
    signalPassFailure();
  markAllAnalysesPreserved();
}
