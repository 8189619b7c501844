//===- RandomProgram.cpp - random programs for property tests -------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "Scheduling/RandomProgram.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::sched;

OwningOpRef<ModuleOp> mlir::sched::unittest::randomProgram(MLIRContext *context,
                                                           std::mt19937 &rng) {
  OpBuilder b(context);
  Location loc = UnknownLoc::get(context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  (*module)->setAttr(SchedDialect::getTargetAttrName(),
                     TargetAttr::getPreset(context, "h100-sxm"));
  b.setInsertionPointToEnd(module->getBody());
  ProcessGroupOp::create(b, loc, b.getStringAttr("a"), b.getI64IntegerAttr(2),
                         DenseI64ArrayAttr(), IntegerAttr());
  ProcessGroupOp::create(b, loc, b.getStringAttr("b"), b.getI64IntegerAttr(8),
                         DenseI64ArrayAttr(), IntegerAttr());
  auto small = RankedTensorType::get({256, 1024}, b.getF32Type());
  auto func = func::FuncOp::create(b, loc, "step",
                                   b.getFunctionType({small, small}, {}));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);
  SmallVector<Value> values(body->getArguments());
  SmallVector<std::pair<Value, unsigned>> pending; // future, wait step
  unsigned numOps = 10 + rng() % 50;
  for (unsigned step = 0; step < numOps; ++step) {
    for (auto *it = pending.begin(); it != pending.end();) {
      if (it->second <= step) {
        values.push_back(WaitOp::create(b, loc, it->first).getResult(0));
        it = pending.erase(it);
      } else {
        ++it;
      }
    }
    Value input = values[rng() % values.size()];
    if (rng() % 4 == 0) {
      StringRef group = rng() % 2 ? "a" : "b";
      auto start = AllReduceStartOp::create(
          b, loc, FutureType::get(context, {small}), ValueRange{input},
          ValueRange{}, FlatSymbolRefAttr::get(context, group),
          ReductionKindAttr::get(context, ReductionKind::Sum));
      pending.push_back({start.getFuture(), step + 1 + rng() % 4});
      continue;
    }
    Value other = values[rng() % values.size()];
    auto compute = ComputeOp::create(
        b, loc, TypeRange{small}, b.getStringAttr("op"),
        ValueRange{input, other}, ValueRange{},
        CostAttr::get(context, std::nullopt, std::nullopt, std::nullopt,
                      static_cast<int64_t>(rng() % 400000)));
    values.push_back(compute.getResult(0));
  }
  for (auto &[future, step] : pending)
    values.push_back(WaitOp::create(b, loc, future).getResult(0));
  // Return a few values so that some buffers live to the end.
  SmallVector<Value> results = {values.back(), values[values.size() / 2]};
  func::ReturnOp::create(b, loc, results);
  func.setFunctionType(b.getFunctionType(
      {small, small}, TypeRange(ValueRange(results).getTypes())));
  return module;
}
