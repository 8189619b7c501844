//===- InFlightCounter.cpp - collectives of a group in flight -------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/InFlightCounter.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

using namespace mlir;
using namespace mlir::sched;

int64_t CollectiveInFlightCounter::count(Operation *op) {
  if (auto collective = dyn_cast<CollectiveOpInterface>(op))
    return start(collective);
  if (auto wait = dyn_cast<WaitOp>(op))
    if (auto collective =
            wait.getFuture().getDefiningOp<CollectiveOpInterface>())
      end(collective);
  return 0;
}
