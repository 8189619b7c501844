//===- InterfacesTest.cpp - sched op interface unit tests -----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::sched;

static const char *kProgram = R"mlir(
  sched.process_group @dp size = 4
  func.func @step(%x: tensor<4x8xf32>, %g: tensor<16xf32>, %m: memref<16xf32>,
                  %o: memref<4xf32>) -> tensor<16x8xf32> {
    %f = sched.all_gather_start %x on @dp gather_dim = 0
        : tensor<4x8xf32> -> !sched.future<tensor<16x8xf32>>
    %h = sched.reduce_scatter_start %m into %o on @dp reduction = avg
        scatter_dim = 0 : memref<16xf32> into memref<4xf32>
        -> !sched.future<memref<4xf32>>
    %y = sched.compute "matmul" ins(%x : tensor<4x8xf32>) cost <flops = 64>
        -> (tensor<4x8xf32>)
    %z = arith.addf %g, %g {sched.cost = #sched.cost<flops = 16>} : tensor<16xf32>
    %w = arith.mulf %g, %g : tensor<16xf32>
    %r = sched.wait %f : !sched.future<tensor<16x8xf32>>
    %q = sched.wait %h : !sched.future<memref<4xf32>>
    return %r : tensor<16x8xf32>
  }
)mlir";

namespace {
class InterfacesTest : public ::testing::Test {
protected:
  InterfacesTest() : context(makeRegistry()) {
    module = parseSourceString<ModuleOp>(kProgram, &context);
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerAllDialects(registry);
    return registry;
  }

  func::FuncOp getFunc() {
    return cast<func::FuncOp>(*std::next(module->getBody()->begin()));
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST_F(InterfacesTest, CollectivesWithoutSpecialCases) {
  ASSERT_TRUE(module);
  SmallVector<CollectiveOpInterface> collectives;
  getFunc().walk([&](CollectiveOpInterface op) { collectives.push_back(op); });
  ASSERT_EQ(collectives.size(), 2u);

  CollectiveOpInterface gather = collectives[0];
  EXPECT_EQ(gather.getCollectiveKind(), CollectiveKind::AllGather);
  EXPECT_EQ(gather.getGroupAttr().getValue(), "dp");
  EXPECT_FALSE(gather.isBufferForm());
  EXPECT_FALSE(gather.getReductionKind().has_value());
  EXPECT_EQ(gather.getInputs().size(), 1u);
  ASSERT_TRUE(gather.getWaitOp());
  EXPECT_TRUE(isa<WaitOp>(gather.getWaitOp()));
  EXPECT_EQ(gather.getResultValueTypes().size(), 1u);

  CollectiveOpInterface scatter = collectives[1];
  EXPECT_EQ(scatter.getCollectiveKind(), CollectiveKind::ReduceScatter);
  EXPECT_TRUE(scatter.isBufferForm());
  EXPECT_EQ(scatter.getReductionKind(), ReductionKind::Avg);
  EXPECT_EQ(scatter.getOutputs().size(), 1u);
  EXPECT_TRUE(succeeded(scatter.verifyWithGroupSize(4)));
}

TEST_F(InterfacesTest, GroupSizeRulesAreCheckedPerSize) {
  ASSERT_TRUE(module);
  auto gather = *getFunc().getOps<AllGatherStartOp>().begin();
  // 4 x 4 = 16 rows: only a group of 4 fits the declared result.
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str();
    return success();
  });
  EXPECT_TRUE(succeeded(gather.verifyWithGroupSize(4)));
  EXPECT_TRUE(failed(gather.verifyWithGroupSize(2)));
  EXPECT_NE(messages.find("expected shape [8, 8]"), std::string::npos);
}

TEST_F(InterfacesTest, ComputeModelsForOtherDialects) {
  ASSERT_TRUE(module);
  SmallVector<ComputeOpInterface> compute;
  getFunc().walk([&](ComputeOpInterface op) { compute.push_back(op); });
  // sched.compute, arith.addf and arith.mulf; not the collectives, waits or
  // func.return.
  ASSERT_EQ(compute.size(), 3u);
  EXPECT_EQ(compute[0].getComputeKind(), "matmul");
  EXPECT_EQ(compute[0].getComputeCost().getFlops(), 64);
  EXPECT_EQ(compute[1].getComputeKind(), "arith.addf");
  EXPECT_EQ(compute[1].getComputeCost().getFlops(), 16);
  // Without sched.cost the cost is derived from the shapes: one flop per
  // element, two 64-byte inputs read and one written.
  EXPECT_EQ(compute[2].getComputeKind(), "arith.mulf");
  CostAttr derived = compute[2].getComputeCost();
  ASSERT_TRUE(derived);
  EXPECT_EQ(derived.getFlops(), 16);
  EXPECT_EQ(derived.getBytesRead(), 128);
  EXPECT_EQ(derived.getBytesWritten(), 64);
}

TEST_F(InterfacesTest, CollectivesAreOrderedOnTheCommStream) {
  ASSERT_TRUE(module);
  for (Operation &op : getFunc().getBody().front()) {
    if (!isa<CollectiveOpInterface, WaitOp>(op))
      continue;
    // Never pure: CSE and DCE must leave collectives alone.
    EXPECT_FALSE(isPure(&op)) << op.getName().getStringRef().str();
    auto effects = cast<MemoryEffectOpInterface>(op);
    EXPECT_TRUE(effects.hasEffect<MemoryEffects::Write>());
    SmallVector<MemoryEffects::EffectInstance> onStream;
    effects.getEffectsOnResource(CommStreamResource::get(), onStream);
    EXPECT_EQ(onStream.size(), 2u);
  }
  // The opaque tensor compute op is free of effects.
  auto compute = *getFunc().getOps<ComputeOp>().begin();
  EXPECT_TRUE(isMemoryEffectFree(compute));
}

TEST_F(InterfacesTest, FutureTypeVerifier) {
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str() + "\n";
    return success();
  });
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&context)); };
  // The parser cannot produce an empty future; C++ can try.
  EXPECT_FALSE(FutureType::getChecked(emitError, &context, {}));
  EXPECT_NE(messages.find("future must carry at least one value"),
            std::string::npos);
  auto tensor = RankedTensorType::get({4}, Float32Type::get(&context));
  auto memref = MemRefType::get({4}, Float32Type::get(&context));
  EXPECT_FALSE(FutureType::get(&context, {tensor}).isBufferForm());
  EXPECT_TRUE(FutureType::get(&context, {memref}).isBufferForm());
}
