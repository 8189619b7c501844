//===- CarriedHandles.h - runtime handles carried by loops ------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The lowering of futures that flow through `scf.for` iteration arguments
// and `scf.if` results: the future becomes the runtime handle of its
// collective and the collective's destination buffers, which the loop
// carries in its place.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_CONVERSION_SCHEDTORUNTIME_CARRIEDHANDLES_H
#define SCHED_LIB_CONVERSION_SCHEDTORUNTIME_CARRIEDHANDLES_H

#include "sched/Dialect/Sched/IR/SchedInterfaces.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace sched {

/// Replaces the future of the launched buffer-form collective `start`,
/// which is not waited on in its block, by a cast of `handle` and the
/// collective's destinations, which lowerCarriedFutures resolves.
void replaceCarriedFuture(CollectiveOpInterface start, Value handle,
                          OpBuilder &builder);

/// Lowers the waits left in `module` (those on futures that crossed a
/// block) to `schedrt_collective_wait` of the carried handle, and rewrites
/// the `scf` ops the futures flow through to carry the handle and the
/// destination buffers instead. Emits an error at the op that still has a
/// future when that is impossible.
LogicalResult lowerCarriedFutures(ModuleOp module);

} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_CONVERSION_SCHEDTORUNTIME_CARRIEDHANDLES_H
