//===- ElementSize.cpp - bytes of one element of a type -------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/ElementSize.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

std::optional<int64_t> mlir::sched::getElementByteSize(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  if (auto complex = dyn_cast<ComplexType>(type)) {
    std::optional<int64_t> element =
        getElementByteSize(complex.getElementType());
    return element ? std::optional<int64_t>(2 * *element) : std::nullopt;
  }
  if (auto vector = dyn_cast<VectorType>(type)) {
    std::optional<int64_t> element =
        getElementByteSize(vector.getElementType());
    if (!element || vector.isScalable())
      return std::nullopt;
    int64_t bytes = *element;
    for (int64_t dim : vector.getShape())
      if (llvm::MulOverflow(bytes, dim, bytes))
        return std::nullopt;
    return bytes;
  }
  return std::nullopt;
}
