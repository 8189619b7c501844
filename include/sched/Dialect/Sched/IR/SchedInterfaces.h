//===- SchedInterfaces.h - sched op interfaces ------------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDINTERFACES_H
#define SCHED_DIALECT_SCHED_IR_SCHEDINTERFACES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedTypes.h"

namespace mlir {
namespace sched {
namespace detail {
/// Verifies the rules shared by all collectives (`collective_c1` to
/// `collective_c5`); the group-dependent rules are checked by the symbol
/// verifier.
LogicalResult verifyCollectiveOp(Operation *op);
} // namespace detail
} // namespace sched
} // namespace mlir

#include "sched/Dialect/Sched/IR/SchedInterfaces.h.inc"

namespace mlir {
namespace sched {
/// Returns the cost of the work in `region`: the sums of the fields of the
/// costs of its ComputeOpInterface ops (those directly in its blocks, each
/// with the cost it reports, a field it lacks counting 0, sums saturating at
/// 2^63 - 1); `time_ns` only if every op with a cost has one. Returns null if
/// no op in it has a cost. This is the cost of a `sched.compute` with a body
/// and no `cost`, and the cost sched-annotate-compute gives a call without
/// `sched.cost` from its callee's body.
CostAttr sumComputeCosts(Region &region);
} // namespace sched
} // namespace mlir

#endif // SCHED_DIALECT_SCHED_IR_SCHEDINTERFACES_H
