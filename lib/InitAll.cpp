//===- InitAll.cpp - register sched and the dialects it mixes with --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/InitAll.h"

#include "sched/Conversion/Passes.h"
#include "sched/Conversion/SchedToRuntime/LoweringPipeline.h"
#include "sched/Dialect/Sched/Extensions/ComputeOpInterfaceImpl.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/Transforms/BufferizableOpInterfaceImpl.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/Extensions/AllExtensions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

void mlir::sched::registerAllDialects(DialectRegistry &registry) {
  registry.insert<sched::SchedDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  DLTIDialect, index::IndexDialect, ub::UBDialect,
                  func::FuncDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                  NVVM::NVVMDialect, linalg::LinalgDialect, math::MathDialect,
                  memref::MemRefDialect, mpi::MPIDialect, scf::SCFDialect,
                  shard::ShardDialect, tensor::TensorDialect>();
  func::registerAllExtensions(registry);
  registerComputeOpInterfaceExternalModels(registry);
  registerBufferizableOpInterfaceExternalModels(registry);
  // What sched-lower-to-llvm needs from upstream: bufferization of the ops
  // that compute bodies hold, and the conversions of convert-to-llvm.
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  // gpu-module-to-binary translates the kernels to LLVM IR and PTX.
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

void mlir::sched::registerAllPasses() {
  mlir::registerTransformsPasses();
  registerSchedPasses();
  registerSchedPipelines();
  registerSchedConversionPasses();
  registerSchedLoweringPipelines();
  registerUpstreamLoweringPasses();
}
