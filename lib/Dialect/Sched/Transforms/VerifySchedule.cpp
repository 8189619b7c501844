//===- VerifySchedule.cpp - sched-verify-schedule -------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
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

/// Returns the buffer `value` is a view of (following view ops), or `value`.
Value getBaseBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

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
        InFlightDiagnostic diag = func.emitError();
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
        for (Value input : start.getInputs())
          entry.reads.push_back(getBaseBuffer(input));
        for (Value output : start.getOutputs())
          entry.writes.push_back(getBaseBuffer(output));
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
      if (inFlight.empty())
        continue;
      // Any other op must keep off the in-flight buffers.
      std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
          getEffectsRecursively(&op);
      for (auto &item : inFlight) {
        // Named, not bound: the lambda below captures it (C++17).
        Operation *startOp = item.first;
        InFlight &entry = item.second;
        auto conflict = [&](StringRef what) {
          InFlightDiagnostic diag = op.emitError()
                                    << what << " while '"
                                    << startOp->getName().getStringRef()
                                    << "' is in flight on it";
          diag.attachNote(startOp->getLoc()) << "collective started here";
          failedAny = true;
        };
        if (!effects) {
          conflict("op with unknown memory effects may access a buffer");
          continue;
        }
        bool writesDest = false, readsDest = false, writesInput = false;
        for (const MemoryEffects::EffectInstance &effect : *effects) {
          Value value = effect.getValue();
          if (!value)
            continue;
          Value base = getBaseBuffer(value);
          bool writes = isa<MemoryEffects::Write, MemoryEffects::Free>(
              effect.getEffect());
          bool reads = isa<MemoryEffects::Read>(effect.getEffect());
          if (llvm::is_contained(entry.writes, base)) {
            writesDest |= writes;
            readsDest |= reads;
          } else if (writes && llvm::is_contained(entry.reads, base)) {
            writesInput = true;
          }
        }
        if (writesDest)
          conflict("writes the destination buffer");
        else if (readsDest)
          conflict("reads the destination buffer");
        else if (writesInput)
          conflict("writes the input buffer");
      }
    }
  }
  if (failed(verifyCollectiveOrder(func, allowReorder)))
    failedAny = true;
  if (failedAny)
    signalPassFailure();
  markAllAnalysesPreserved();
}
