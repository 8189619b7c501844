//===- Passes.h - conversions into the sched dialect ------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_CONVERSION_PASSES_H
#define SCHED_CONVERSION_PASSES_H

#include "sched/Conversion/ShardToSched/ShardToSched.h"

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
