//===- FutureFlow.h - how a future flows from its start to its wait -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The rule that every collective start is waited on exactly once on every
// path (`collective_c5`, `wait_c1`), for futures that stay in one block and
// for futures that flow through `scf.for` iteration arguments and the
// results of `scf.if` and `scf.execute_region` (docs/Rationale.md, "Futures
// across blocks"), and the queries the analyses use to follow a future.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_FUTUREFLOW_H
#define SCHED_DIALECT_SCHED_IR_FUTUREFLOW_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace mlir {
namespace sched {

class CollectiveOpInterface;
class WaitOp;

/// Verifies `collective_c5` for `future`, the result of a start op:
/// the future and every value it flows into (an `scf.for` iteration argument
/// or result, an `scf.if` or `scf.execute_region` result) has exactly one
/// use, in the block that defines it, by a `sched.wait`, an `scf.yield` of
/// one of those ops or an `scf.for` initial value. Emits the diagnostic at
/// the op that owns the faulty value.
LogicalResult verifyFutureFlow(Value future);

/// Returns true if every value `future` may hold at run time was returned
/// by a collective start op (`wait_c1`): `future` is a start's result, or an
/// `scf.for` iteration argument or result, or an `scf.if` or
/// `scf.execute_region` result, all of whose incoming values are.
bool isStartedFuture(Value future);

/// Appends to `starts` every start op whose future `future` may hold at run
/// time (through the values it flows from); returns false if one of them is
/// not a start's (isStartedFuture).
bool collectIncomingStarts(Value future,
                           SmallVectorImpl<CollectiveOpInterface> &starts);

/// Returns the start op whose future `wait` consumes when the two are in
/// one block (the future did not flow through a loop or a branch), else a
/// null interface.
CollectiveOpInterface getLocalStart(WaitOp wait);

/// Returns the wait that consumes the future of `start` when the two are in
/// one block, else a null op.
WaitOp getLocalWait(CollectiveOpInterface start);

/// Returns the first op of `block` (not of its nested regions) whose future
/// crosses the block: a start whose future is not waited on in `block`, or
/// a wait on a future that no start of `block` returned (an `scf.for` or
/// `scf.if` result). Returns null when every start of `block` is waited on
/// in it.
Operation *findBlockCrossingFuture(Block &block);

} // namespace sched
} // namespace mlir

#endif // SCHED_DIALECT_SCHED_IR_FUTUREFLOW_H
