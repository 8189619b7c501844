//===- SchedOps.h - sched dialect operations --------------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDOPS_H
#define SCHED_DIALECT_SCHED_IR_SCHEDOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedInterfaces.h"
#include "sched/Dialect/Sched/IR/SchedTypes.h"

namespace mlir {
namespace sched {
/// The resource that models the communication stream. Every collective start
/// and wait reads and writes it, so that generic passes (CSE, DCE, hoisting)
/// never drop, merge or reorder collectives: every rank must issue them in
/// the same order.
struct CommStreamResource
    : public SideEffects::Resource::Base<CommStreamResource> {
  StringRef getName() final { return "sched::CommStream"; }
};

/// Returns true for element types that collectives move as raw bytes:
/// integer and float types whose width is a whole number of bytes, and
/// complex numbers of those (the rule of `all_gather_start_c2`).
bool isByteSizedElementType(Type type);

/// Returns true for element types a reduction is defined on: those that both
/// NCCL and MPI reduce natively (the rule of `all_reduce_start_c1`).
bool isReducibleElementType(Type type);
} // namespace sched
} // namespace mlir

#define GET_OP_CLASSES
#include "sched/Dialect/Sched/IR/SchedOps.h.inc"

#endif // SCHED_DIALECT_SCHED_IR_SCHEDOPS_H
