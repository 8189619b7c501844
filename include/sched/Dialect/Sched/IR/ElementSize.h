//===- ElementSize.h - bytes of one element of a type -----------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The one rule every part of sched sizes elements by: the cost model, the
// buffer analyses and the ComputeOpInterface models of other dialects' ops.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_ELEMENTSIZE_H
#define SCHED_DIALECT_SCHED_IR_ELEMENTSIZE_H

#include "mlir/IR/Types.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace sched {

/// Returns the bytes of one element of type `type`: integers and floats
/// their bit width rounded up to whole bytes (`i1`, `i4` and the `f8` types
/// one byte), `index` 8 bytes, `complex<T>` twice `T`, a fixed-size vector
/// its elements times its element's size; nothing for scalable vectors, a
/// size past 64 bits and any other type.
std::optional<int64_t> getElementByteSize(Type type);

} // namespace sched
} // namespace mlir

#endif // SCHED_DIALECT_SCHED_IR_ELEMENTSIZE_H
