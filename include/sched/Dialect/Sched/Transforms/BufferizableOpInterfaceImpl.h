//===- BufferizableOpInterfaceImpl.h - sched bufferization ------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// External models of the upstream BufferizableOpInterface for the sched
// collectives, `sched.wait` and opaque `sched.compute` ops, so that
// `one-shot-bufferize` turns the tensor form into the buffer form.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define SCHED_DIALECT_SCHED_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace sched {

/// Registers the BufferizableOpInterface models of the sched ops.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

} // namespace sched
} // namespace mlir

#endif // SCHED_DIALECT_SCHED_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
