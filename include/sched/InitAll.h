//===- InitAll.h - register sched and the dialects it mixes with -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// One entry point for tools (sched-opt, sched-lsp-server) and for compilers
// that embed sched: the declarations are cheap to include, the heavy dialect
// headers stay in lib/InitAll.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_INITALL_H
#define SCHED_INITALL_H

namespace mlir {
class DialectRegistry;

namespace sched {
/// Registers the sched dialect, the upstream dialects sched programs mix in
/// (func, arith, math, tensor, linalg, memref, scf, bufferization, gpu, llvm,
/// shard, mpi, dlti) and their extensions, including the ComputeOpInterface
/// external models.
void registerAllDialects(DialectRegistry &registry);

/// Registers the sched passes and the upstream passes sched pipelines use.
void registerAllPasses();
} // namespace sched
} // namespace mlir

#endif // SCHED_INITALL_H
