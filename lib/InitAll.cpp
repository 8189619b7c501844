//===- InitAll.cpp - register sched and the dialects it mixes with --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/InitAll.h"

#include "sched/Conversion/Passes.h"
#include "sched/Dialect/Sched/Extensions/ComputeOpInterfaceImpl.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/Extensions/AllExtensions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void mlir::sched::registerAllDialects(DialectRegistry &registry) {
  registry.insert<sched::SchedDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, DLTIDialect,
                  func::FuncDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                  linalg::LinalgDialect, math::MathDialect,
                  memref::MemRefDialect, mpi::MPIDialect, scf::SCFDialect,
                  shard::ShardDialect, tensor::TensorDialect>();
  func::registerAllExtensions(registry);
  registerComputeOpInterfaceExternalModels(registry);
}

void mlir::sched::registerAllPasses() {
  mlir::registerTransformsPasses();
  registerSchedPasses();
  registerSchedPipelines();
  registerSchedConversionPasses();
}
