//===- ProgramSimulationTest.cpp - simulation of loops, branches, calls ---===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
/// A 4-iteration loop whose all_reduce (20 us) is started at the end of an
/// iteration and waited in the next one, after 30 us of compute: a future
/// carried by an iteration argument. The sched verifier of this version
/// refuses futures used by scf.for, so the module is parsed unverified.
constexpr const char *kCarried = R"mlir(
module attributes {sched.target = #sched.target<name = "t", gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {
  sched.process_group @dp size = 4
  func.func @carried(%x: tensor<16xf32>) -> tensor<16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %f0 = sched.all_reduce_start %x on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 20000>} : tensor<16xf32> -> !sched.future<tensor<16xf32>>
    %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x, %f = %f0) -> (tensor<16xf32>, !sched.future<tensor<16xf32>>) {
      %c = sched.compute "matmul" ins(%a : tensor<16xf32>) cost <time_ns = 30000> -> (tensor<16xf32>)
      %w = sched.wait %f : !sched.future<tensor<16xf32>>
      %g = sched.all_reduce_start %w on @dp reduction = sum {sched.cost = #sched.cost<time_ns = 20000>} : tensor<16xf32> -> !sched.future<tensor<16xf32>>
      scf.yield %c, %g : tensor<16xf32>, !sched.future<tensor<16xf32>>
    }
    %w = sched.wait %r#1 : !sched.future<tensor<16xf32>>
    return %w : tensor<16xf32>
  }
}
)mlir";
} // namespace

TEST(ProgramSimulationTest, LoopCarriedFutureOverlapsTheNextIteration) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kCarried, config);
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  CostModel model(TargetAttr::lookup(func));
  FailureOr<ProgramSimulation> program =
      buildProgramSimulation(func.getBody().front(), model);
  ASSERT_TRUE(succeeded(program));
  FailureOr<SimResult> result = simulate(program->sim.simOps);
  ASSERT_TRUE(succeeded(result));
  // Each wait finds its collective done (issued 30 us earlier, 20 us long):
  // 4 x 30 us of compute, then the last all_reduce's 20 us exposed.
  EXPECT_EQ(result->collectives.size(), 5u);
  EXPECT_DOUBLE_EQ(result->makespanUs, 140);
  EXPECT_DOUBLE_EQ(result->exposedCommUs, 20);
  // Every wait waits for the start of the previous iteration.
  for (const SimResult::Collective &row : result->collectives)
    EXPECT_GT(row.wait, row.op);
  ASSERT_EQ(program->regions.size(), 1u);
  EXPECT_EQ(program->regions[0].iterations, 4);
  EXPECT_EQ(program->regions[0].source, "static");
}

namespace {
/// A loop body that views a value from above (a row and a reshape of %w), a
/// slice of its iteration argument, and writes a row of %w (a value from
/// above, which one-shot bufferization copies).
constexpr const char *kViews = R"mlir(
func.func @views(%x: tensor<256xf32>, %w: tensor<4x256xf32>) -> tensor<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (tensor<256xf32>) {
    %row = tensor.extract_slice %w[%i, 0] [1, 256] [1, 1] : tensor<4x256xf32> to tensor<256xf32>
    %flat = tensor.collapse_shape %w [[0, 1]] : tensor<4x256xf32> into tensor<1024xf32>
    %half = tensor.extract_slice %a[0] [128] [1] : tensor<256xf32> to tensor<128xf32>
    %new = tensor.insert_slice %a into %w[%i, 0] [1, 256] [1, 1] : tensor<256xf32> into tensor<4x256xf32>
    %y = sched.compute "layer" ins(%row, %flat, %half, %new : tensor<256xf32>, tensor<1024xf32>, tensor<128xf32>, tensor<4x256xf32>) -> (tensor<256xf32>)
    scf.yield %y : tensor<256xf32>
  }
  return %r : tensor<256xf32>
}
)mlir";
} // namespace

TEST(ProgramSimulationTest, ViewsOfValuesFromAboveAllocateNothingInABody) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kViews, &context);
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  auto loop = cast<scf::ForOp>(*std::next(func.getBody().front().begin(), 3));
  Block &body = *loop.getBody();
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  ASSERT_TRUE(succeeded(liveness));
  auto sizeOf = [&](Operation &op) {
    std::optional<unsigned> buffer = liveness->lookup(op.getResult(0));
    EXPECT_TRUE(buffer.has_value());
    return buffer ? liveness->getProblem().buffers[*buffer].size : -1;
  };
  auto ops = body.without_terminator();
  auto it = ops.begin();
  EXPECT_EQ(sizeOf(*it++), 0); // the row of %w
  EXPECT_EQ(sizeOf(*it++), 0); // the reshape of %w
  Operation &half = *it++;     // the slice of the iteration argument
  EXPECT_EQ(liveness->lookup(half.getResult(0)),
            liveness->lookup(body.getArgument(1)));
  EXPECT_EQ(sizeOf(*it++), 4096); // the write into %w: a copy
  EXPECT_EQ(sizeOf(*it++), 1024); // the layer's result
  // The loop adds its body's peak beyond its arguments: the copy and the
  // result while "layer" runs, on the function's arguments (1 + 4 KiB) and
  // the loop's result, which shares %x.
  FailureOr<int64_t> peak = getNestedPeak(func.getBody().front());
  ASSERT_TRUE(succeeded(peak));
  EXPECT_EQ(*peak, 1024 + 4096 + 4096 + 1024);
}
