//===- CollectiveOrder.cpp - record and strip the collective order --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// sched-record-collective-order numbers the collective starts of each process
// group in program order (`sched.collective_order`), so that
// sched-verify-schedule can check the order after scheduling;
// sched-strip-collective-order removes the numbers.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace sched {
#define GEN_PASS_DEF_SCHEDRECORDCOLLECTIVEORDER
#define GEN_PASS_DEF_SCHEDSTRIPCOLLECTIVEORDER
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace sched
} // namespace mlir

using namespace mlir;
using namespace mlir::sched;

namespace {
struct SchedRecordCollectiveOrder
    : public sched::impl::SchedRecordCollectiveOrderBase<
          SchedRecordCollectiveOrder> {
  void runOnOperation() override {
    // The next number of each group; only looked up, never iterated.
    llvm::StringMap<int64_t> next;
    Builder builder(&getContext());
    // The name, uniqued once, and the numbers, uniqued once each: groups
    // share them. The attribute is discardable (never inherent), so it goes
    // straight to the discardable dictionary.
    StringAttr name =
        builder.getStringAttr(SchedDialect::getCollectiveOrderAttrName());
    SmallVector<Attribute> numbers;
    getOperation()->walk<WalkOrder::PreOrder>([&](CollectiveOpInterface start) {
      int64_t number = next[start.getGroupAttr().getValue()]++;
      while (static_cast<int64_t>(numbers.size()) <= number)
        numbers.push_back(
            builder.getDenseI64ArrayAttr(static_cast<int64_t>(numbers.size())));
      start->setDiscardableAttr(name, numbers[number]);
    });
    // It only writes a discardable attribute, well formed by construction
    // (one non-negative number on a collective start), that no analysis
    // reads: the analyses stay valid, and the pass manager need not verify
    // the whole function again.
    markAllAnalysesPreserved();
  }
};

struct SchedStripCollectiveOrder
    : public sched::impl::SchedStripCollectiveOrderBase<
          SchedStripCollectiveOrder> {
  void runOnOperation() override {
    // Discardable, never inherent: removed from the discardable dictionary
    // by its name, uniqued once.
    StringAttr name = StringAttr::get(
        &getContext(), SchedDialect::getCollectiveOrderAttrName());
    getOperation().walk([&](CollectiveOpInterface start) {
      start->removeDiscardableAttr(name);
    });
    // And the in-flight cap and the memory budget sched-schedule-overlap
    // recorded for the later passes of sched-pipeline.
    getOperation()->removeDiscardableAttr(
        SchedDialect::getMaxInFlightAttrName());
    getOperation()->removeDiscardableAttr(
        SchedDialect::getMemoryBudgetAttrName());
    // Removing a discardable attribute cannot make the IR invalid, and no
    // analysis reads it: nothing to verify again.
    markAllAnalysesPreserved();
  }
};
} // namespace
