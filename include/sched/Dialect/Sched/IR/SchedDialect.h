//===- SchedDialect.h - sched dialect ---------------------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDDIALECT_H
#define SCHED_DIALECT_SCHED_IR_SCHEDDIALECT_H

#include "mlir/IR/Dialect.h"

#include "sched/Dialect/Sched/IR/SchedDialect.h.inc"

#endif // SCHED_DIALECT_SCHED_IR_SCHEDDIALECT_H
