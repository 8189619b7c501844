//===- SchedAttrs.h - sched dialect attributes ------------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_IR_SCHEDATTRS_H
#define SCHED_DIALECT_SCHED_IR_SCHEDATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/bit.h"

#include "sched/Dialect/Sched/IR/SchedEnums.h.inc"

namespace mlir {
namespace sched {

/// Dense peak throughput of a target for one element type, in TFLOP/s.
struct ComputeRate {
  /// The element type the rate applies to (e.g. bf16).
  Type elementType;
  /// Peak dense throughput, in 10^12 operations per second.
  double tflops;

  bool operator==(const ComputeRate &other) const {
    return elementType == other.elementType && tflops == other.tflops;
  }
};

/// Hashes a ComputeRate, for attribute storage uniquing.
inline llvm::hash_code hash_value(const ComputeRate &rate) {
  return llvm::hash_combine(rate.elementType,
                            llvm::bit_cast<uint64_t>(rate.tflops));
}

namespace detail {
/// Parses a real number written as an integer or float literal.
FailureOr<llvm::APFloat> parseDouble(AsmParser &parser);
/// Prints a double in its shortest form that parses back to the same value.
void printDouble(AsmPrinter &printer, double value);
/// Prints an APFloat-stored real number like printDouble.
inline void printDouble(AsmPrinter &printer, const llvm::APFloat &value) {
  printDouble(printer, value.convertToDouble());
}
/// Parses `[type = tflops, ...]`.
FailureOr<SmallVector<ComputeRate>> parseComputeRates(AsmParser &parser);
/// Prints `[type = tflops, ...]`.
void printComputeRates(AsmPrinter &printer, ArrayRef<ComputeRate> rates);
} // namespace detail

} // namespace sched
} // namespace mlir

#define GET_ATTRDEF_CLASSES
#include "sched/Dialect/Sched/IR/SchedAttrs.h.inc"

#endif // SCHED_DIALECT_SCHED_IR_SCHEDATTRS_H
