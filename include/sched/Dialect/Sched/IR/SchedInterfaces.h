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

#endif // SCHED_DIALECT_SCHED_IR_SCHEDINTERFACES_H
