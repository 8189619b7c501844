//===- Passes.h - sched dialect passes --------------------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_H
#define SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace sched {

#define GEN_PASS_DECL
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sched/Dialect/Sched/Transforms/Passes.h.inc"

} // namespace sched
} // namespace mlir

#endif // SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_H
