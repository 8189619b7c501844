//===- SchedViewAttr.h - the sched.view marker ------------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The `sched.view` discardable unit attribute marks an opaque
// `sched.compute` as a view: its results share the storage of its first `ins`
// operand and allocate nothing, which the buffer analysis
// (sched/Analysis/BufferLiveness.h) treats like a tensor.extract_slice.
// Importers set it on views that no tensor op expresses, e.g. a transpose
// (docs/FXFormat.md). The dialect verifies it (SchedDialect.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDVIEWATTR_H
#define SCHED_DIALECT_SCHED_IR_SCHEDVIEWATTR_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace sched {

/// Returns the name of the discardable unit attribute that marks a
/// `sched.compute` whose results are views of its first `ins` operand.
constexpr llvm::StringLiteral getViewAttrName() {
  return llvm::StringLiteral("sched.view");
}

} // namespace sched
} // namespace mlir

#endif // SCHED_DIALECT_SCHED_IR_SCHEDVIEWATTR_H
