//===- LoweringPipeline.cpp - from scheduled IR to LLVM -------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/SchedToRuntime/LoweringPipeline.h"

#include "sched/Conversion/Passes.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToGPU/SCFToGPUPass.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void sched::buildSchedLowerToLLVMPipeline(
    OpPassManager &pm, const SchedLowerToLLVMOptions &options) {
  pm.addPass(createSchedCheckShardOps());
  // The memory effects of calls, which sched-verify-schedule reads.
  SchedAnnotateComputeOptions annotate;
  annotate.warn = false;
  pm.addPass(createSchedAnnotateCompute(annotate));
  pm.addNestedPass<func::FuncOp>(createSchedInlineCompute());
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addNestedPass<func::FuncOp>(createSchedCopyInFlightInputs());
  pm.addNestedPass<func::FuncOp>(createSchedMaterializeLoopYields());
  pm.addNestedPass<func::FuncOp>(createSchedBufferizeCarriedFutures());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addNestedPass<func::FuncOp>(createSchedInsertDeallocs());
  pm.addNestedPass<func::FuncOp>(createSchedVerifySchedule());

  if (options.emitMain) {
    SchedEmitMainOptions emit;
    emit.entry = options.entry;
    pm.addPass(createSchedEmitMain(emit));
  }
  ConvertSchedToRuntimeOptions toRuntime;
  toRuntime.deviceMemory = options.deviceMemory;
  pm.addPass(createConvertSchedToRuntime(toRuntime));

  if (options.deviceMemory) {
    // Linalg ops (compute bodies, copies) become GPU kernels: their parallel
    // loops map to blocks and threads, the kernels are outlined, lowered to
    // NVVM and embedded as PTX that the CUDA runtime loads (it implements the
    // mgpu* calls of gpu-to-llvm on its compute stream).
    pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
    pm.addNestedPass<func::FuncOp>(createGpuMapParallelLoopsPass());
    pm.addNestedPass<func::FuncOp>(createConvertParallelLoopToGpuPass());
    pm.addPass(createGpuKernelOutliningPass());
    pm.addPass(createSchedSanitizeKernelNames());
    GpuNVVMAttachTargetOptions target;
    target.chip = options.gpuChip;
    target.features = "+ptx80";
    pm.addPass(createGpuNVVMAttachTarget(target));
    OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
    kernels.addPass(createLowerAffinePass());
    kernels.addPass(createSCFToControlFlowPass());
    kernels.addPass(memref::createExpandStridedMetadataPass());
    kernels.addPass(createLowerAffinePass());
    kernels.addPass(createConvertGpuOpsToNVVMOps());
    kernels.addPass(createReconcileUnrealizedCastsPass());
  }
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // x86 has no bf16 arithmetic and llc lowers truncations to bf16 to
  // __truncsfbf2, which libgcc before GCC 13 lacks: compute bf16 in f32 and
  // round with integer ops.
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"bf16"};
  emulate.targetTypeStr = "f32";
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  if (options.deviceMemory)
    pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  if (options.deviceMemory) {
    // PTX, compiled for the GPU by the driver when the runtime loads it.
    GpuModuleToBinaryPassOptions binary;
    binary.compilationTarget = "isa";
    pm.addPass(createGpuModuleToBinaryPass(binary));
    pm.addPass(createSchedStripBinaryTimings());
  }
  pm.addPass(createSchedCheckLLVMDialect());
}

void sched::registerSchedLoweringPipelines() {
  PassPipelineRegistration<SchedLowerToLLVMOptions>(
      "sched-lower-to-llvm",
      "lower a scheduled module to the LLVM dialect with calls into the "
      "sched runtime",
      buildSchedLowerToLLVMPipeline);
}

void sched::registerUpstreamLoweringPasses() {
  bufferization::registerBufferizationPasses();
  registerLinalgPasses();
  memref::registerMemRefPasses();
  registerConvertToLLVMPass();
  registerFinalizeMemRefToLLVMConversionPass();
  registerSCFToControlFlowPass();
  registerLowerAffinePass();
  registerReconcileUnrealizedCastsPass();
  registerConvertLinalgToParallelLoopsPass();
  registerConvertParallelLoopToGpuPass();
  registerConvertGpuOpsToNVVMOps();
  registerGpuToLLVMConversionPass();
  registerGPUPasses();
}
