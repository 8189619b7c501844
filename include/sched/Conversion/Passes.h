//===- Passes.h - conversions into and out of sched ------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_CONVERSION_PASSES_H
#define SCHED_CONVERSION_PASSES_H

#include "sched/Conversion/ShardToSched/ShardToSched.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace sched {

#define GEN_PASS_DECL
#include "sched/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sched/Conversion/Passes.h.inc"

} // namespace sched
} // namespace mlir

#endif // SCHED_CONVERSION_PASSES_H
