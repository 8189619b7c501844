//===- RuntimeCalls.h - building calls into the sched runtime ---*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Helpers shared by `convert-sched-to-runtime` and `sched-emit-main`: the
// runtime's element type codes, buffer addresses and function declarations.
// The codes match include/sched/Runtime/SchedRuntime.h.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_CONVERSION_SCHEDTORUNTIME_RUNTIMECALLS_H
#define SCHED_CONVERSION_SCHEDTORUNTIME_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace mlir {
namespace sched {

/// Returns the runtime's code (SchedRtDType) for `type`, or std::nullopt if
/// the runtime cannot move it.
std::optional<int32_t> getRuntimeDType(Type type);

/// Returns the address of the first element of `buffer` (a memref with a
/// strided layout) as an i64: its aligned pointer plus its offset in bytes.
Value buildBufferAddress(OpBuilder &builder, Location loc, Value buffer);

/// Returns the number of elements of the statically shaped memref `buffer`.
int64_t getNumElements(Value buffer);

/// Returns the private declaration of runtime function `name` in `module`,
/// inserting it if needed.
func::FuncOp getOrInsertRuntimeFunc(ModuleOp module, StringRef name,
                                    TypeRange inputs, TypeRange results = {});

/// Builds a call of runtime function `name` with `args`.
func::CallOp buildRuntimeCall(OpBuilder &builder, Location loc, ModuleOp module,
                              StringRef name, ValueRange args,
                              TypeRange results = {});

} // namespace sched
} // namespace mlir

#endif // SCHED_CONVERSION_SCHEDTORUNTIME_RUNTIMECALLS_H
