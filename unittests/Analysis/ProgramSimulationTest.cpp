//===- ProgramSimulationTest.cpp - simulation of loops, branches, calls ---===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
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
