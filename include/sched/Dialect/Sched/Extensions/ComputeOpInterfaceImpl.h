//===- ComputeOpInterfaceImpl.h - compute models for other dialects -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_EXTENSIONS_COMPUTEOPINTERFACEIMPL_H
#define SCHED_DIALECT_SCHED_EXTENSIONS_COMPUTEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace sched {
/// Registers external models of ComputeOpInterface for the ops of the arith,
/// math, tensor and linalg dialects (terminators excepted) and for
/// `func.call`, so that the analyses see them as compute. The models read
/// the discardable `sched.cost` attribute and name the op as its kind.
void registerComputeOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace sched
} // namespace mlir

#endif // SCHED_DIALECT_SCHED_EXTENSIONS_COMPUTEOPINTERFACEIMPL_H
