//===- RuntimeCalls.cpp - building calls into the sched runtime -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Conversion/SchedToRuntime/RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

std::optional<int32_t> sched::getRuntimeDType(Type type) {
  // Keep in sync with SchedRtDType in sched/Runtime/SchedRuntime.h.
  if (type.isF32())
    return 1;
  if (type.isF64())
    return 2;
  if (type.isF16())
    return 3;
  if (type.isBF16())
    return 4;
  if (isa<Float8E4M3FNType>(type))
    return 9;
  if (isa<Float8E5M2Type>(type))
    return 10;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    switch (integer.getWidth()) {
    case 8:
      return 5;
    case 16:
      return 6;
    case 32:
      return 7;
    case 64:
      return 8;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

Value sched::buildBufferAddress(OpBuilder &builder, Location loc,
                                Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, buffer);
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  SmallVector<int64_t> strides;
  int64_t offset = 0;
  if (failed(type.getStridesAndOffset(strides, offset)))
    offset = ShapedType::kDynamic;
  Value offsetBytes;
  if (ShapedType::isDynamic(offset)) {
    auto metadata =
        memref::ExtractStridedMetadataOp::create(builder, loc, buffer);
    Value scale = arith::ConstantIndexOp::create(builder, loc, elementBytes);
    offsetBytes =
        arith::MulIOp::create(builder, loc, metadata.getOffset(), scale);
  } else if (offset != 0) {
    offsetBytes =
        arith::ConstantIndexOp::create(builder, loc, offset * elementBytes);
  }
  if (offsetBytes)
    pointer = arith::AddIOp::create(builder, loc, pointer, offsetBytes);
  return arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                    pointer);
}

int64_t sched::getNumElements(Value buffer) {
  return cast<MemRefType>(buffer.getType()).getNumElements();
}

func::FuncOp sched::getOrInsertRuntimeFunc(ModuleOp module, StringRef name,
                                           TypeRange inputs,
                                           TypeRange results) {
  if (auto func = module.lookupSymbol<func::FuncOp>(name))
    return func;
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  auto func = func::FuncOp::create(builder, module.getLoc(), name,
                                   builder.getFunctionType(inputs, results));
  func.setPrivate();
  return func;
}

func::CallOp sched::buildRuntimeCall(OpBuilder &builder, Location loc,
                                     ModuleOp module, StringRef name,
                                     ValueRange args, TypeRange results) {
  func::FuncOp callee =
      getOrInsertRuntimeFunc(module, name, args.getTypes(), results);
  return func::CallOp::create(builder, loc, callee, args);
}
