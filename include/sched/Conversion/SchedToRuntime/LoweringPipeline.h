//===- LoweringPipeline.h - from scheduled IR to LLVM -----------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The `sched-lower-to-llvm` pipeline: bufferization, freeing, the driver,
// the runtime calls and the upstream lowering to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_CONVERSION_SCHEDTORUNTIME_LOWERINGPIPELINE_H
#define SCHED_CONVERSION_SCHEDTORUNTIME_LOWERINGPIPELINE_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
namespace sched {

/// Options of `sched-lower-to-llvm`.
struct SchedLowerToLLVMOptions
    : public PassPipelineOptions<SchedLowerToLLVMOptions> {
  Option<std::string> entry{
      *this, "entry",
      llvm::cl::desc("the function the executable runs (default: the only "
                     "public one)"),
      llvm::cl::init("")};
  Option<bool> emitMain{
      *this, "emit-main",
      llvm::cl::desc(
          "generate the sched_main driver (off for a library) (default: true)"),
      llvm::cl::init(true)};
  Option<bool> deviceMemory{
      *this, "device-memory",
      llvm::cl::desc("buffers are GPU memory: reject host access (see "
                     "convert-sched-to-runtime) (default: false)"),
      llvm::cl::init(false)};
  Option<std::string> gpuChip{
      *this, "gpu-chip",
      llvm::cl::desc("with device-memory: the GPU the kernels are compiled "
                     "for (PTX, so newer GPUs run it too) (default: sm_90)"),
      llvm::cl::init("sm_90")};
};

/// Adds the lowering of a scheduled module to the LLVM dialect to `pm`:
/// sched-inline-compute, convert-elementwise-to-linalg,
/// sched-copy-in-flight-inputs, sched-materialize-loop-yields,
/// one-shot-bufferize (function boundaries,
/// identity layouts), sched-insert-deallocs,
/// sched-verify-schedule, sched-emit-main, convert-sched-to-runtime,
/// convert-linalg-to-loops, arith-emulate-unsupported-floats and arith-expand
/// (bf16 arithmetic in f32), lower-affine, convert-scf-to-cf,
/// expand-strided-metadata, finalize-memref-to-llvm (with the runtime's
/// allocation functions), convert-to-llvm, reconcile-unrealized-casts.
void buildSchedLowerToLLVMPipeline(OpPassManager &pm,
                                   const SchedLowerToLLVMOptions &options);

/// Registers `sched-lower-to-llvm`.
void registerSchedLoweringPipelines();

/// Registers the upstream passes the lowering uses, so that sched-opt can run
/// each step on its own.
void registerUpstreamLoweringPasses();

} // namespace sched
} // namespace mlir

#endif // SCHED_CONVERSION_SCHEDTORUNTIME_LOWERINGPIPELINE_H
