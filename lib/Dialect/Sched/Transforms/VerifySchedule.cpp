//===- VerifySchedule.cpp - sched-verify-schedule -------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/MemoryEffects.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDVERIFYSCHEDULE
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
  bool failedAny = false;
  MemoryEffectsQuery query;
  SmallVector<MemoryEffects::EffectInstance> effects;
  SmallVector<Value> bases;
  for (Block &block : func.getBody()) {
    // In issue order; waits remove their collective.
    llvm::MapVector<Operation *, InFlight> inFlight;
    llvm::MapVector<StringRef, int64_t> perGroup;
    for (Operation &op : block) {
      if (auto start = dyn_cast<CollectiveOpInterface>(&op)) {
        StringRef group = start.getGroupAttr().getValue();
        if (maxInFlight > 0 && ++perGroup[group] > maxInFlight) {
          start->emitError() << "group @" << group << " has " << perGroup[group]
                             << " collectives in flight, more than "
                                "max-in-flight ("
                             << maxInFlight.getValue() << ")";
          failedAny = true;
        }
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
          --perGroup[collective.getGroupAttr().getValue()];
        inFlight.erase(start);
        continue;
      }
      // An op that takes a future on (an scf.for initial value) ends its
      // window in this block: the wait is in the loop's body, and nested
      // blocks are not checked (docs/Rationale.md, "Futures across blocks").
      for (Value operand : op.getOperands())
        if (auto start = operand.getDefiningOp<CollectiveOpInterface>())
          inFlight.erase(start);
      if (inFlight.empty())
        continue;
      // Any other op must keep off the in-flight buffers: the rule of
      // getInFlightAccess, which the dependence graph follows too.
      bool known = query.getEffects(&op, effects);
      for (auto &item : inFlight) {
        Operation *startOp = item.first;
        InFlight &entry = item.second;
        InFlightAccess access = getInFlightAccess(
            known ? &effects : nullptr, entry.reads, entry.writes, query);
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
  }
  if (failed(verifyCollectiveOrder(func, allowReorder)))
    failedAny = true;
  if (failedAny)
    signalPassFailure();
  markAllAnalysesPreserved();
}
