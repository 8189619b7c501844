//===- SchedTypes.h - sched dialect types -----------------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDTYPES_H
#define SCHED_DIALECT_SCHED_IR_SCHEDTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "sched/Dialect/Sched/IR/SchedTypes.h.inc"

#endif // SCHED_DIALECT_SCHED_IR_SCHEDTYPES_H
