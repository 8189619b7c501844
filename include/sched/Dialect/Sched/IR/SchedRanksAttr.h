//===- SchedRanksAttr.h - the sched.ranks attribute -------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The `sched.ranks` discardable attribute (an array<i64> of distinct
// non-negative global ranks) on a function marks it as a stage-specific
// program: the listed ranks run it, instead of every rank (SPMD).
// sched-verify-deadlock checks such functions against each other
// (docs/passes/VerifyDeadlock.md). The dialect verifies its form
// (SchedDialect.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDRANKSATTR_H
#define SCHED_DIALECT_SCHED_IR_SCHEDRANKSATTR_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace sched {

/// Returns the name of the discardable attribute that lists the global
/// ranks running a stage-specific function.
constexpr llvm::StringLiteral getRanksAttrName() {
  return llvm::StringLiteral("sched.ranks");
}

} // namespace sched
} // namespace mlir

#endif // SCHED_DIALECT_SCHED_IR_SCHEDRANKSATTR_H
