//===- VerifySchedule.cpp - sched-verify-schedule -------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

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

/// One in-flight buffer-form collective.
struct InFlight {
  CollectiveOpInterface start;
  /// Base buffers it reads and those it writes.
  SmallVector<Value> reads, writes;
};
} // namespace

void SchedVerifySchedule::runOnOperation() {
  func::FuncOp func = getOperation();
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
      for (auto &[startOp, entry] : inFlight) {
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
  if (failedAny)
    signalPassFailure();
  markAllAnalysesPreserved();
}
