//===- LoopPipeliningTest.cpp - sched-pipeline-loop-collectives tests -----===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Runs sched-pipeline-loop-collectives on random loop programs and checks
// what must always hold: the output verifies (every use after its
// definition, every future waited once in its block), fully unrolled it runs
// the same compute and collectives as the input unrolled, its simulated step
// is never slower, and the loop's peak estimate stays within the budget.
// Then measures the FSDP forward loop against sched-pipeline on the same
// program unrolled.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/LoopPipelining.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <random>
#include <string>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// A random loop program: `trips` iterations of a body that gathers weight
/// shards (sliced from a stack by the induction variable, or loop-invariant)
/// and all-reduces the iteration's value, with compute of random cost
/// between the starts and the waits.
std::string randomLoopProgram(std::mt19937 &rng) {
  unsigned trips = 2 + rng() % 6;
  std::string t = std::to_string(trips);
  std::string x = "tensor<64x1024xf32>", shard = "tensor<128x1024xf32>",
              full = "tensor<1024x1024xf32>";
  std::string text =
      "sched.process_group @dp size = 8\n"
      "func.func @step(%x0: " +
      x + ", %w: tensor<" + t + "x128x1024xf32>, %v: " + shard + ") -> " + x +
      " {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %c1 = arith.constant 1 : index\n"
      "  %cn = arith.constant " +
      t +
      " : index\n"
      "  %r = scf.for %i = %c0 to %cn step %c1 iter_args(%x = %x0) -> (" +
      x + ") {\n";
  std::string cur = "%x";
  unsigned next = 0;
  auto fresh = [&] { return "%t" + std::to_string(next++); };
  auto compute = [&](const std::string &extra, const std::string &type) {
    std::string out = fresh();
    std::string ins = cur + (extra.empty() ? "" : ", " + extra);
    std::string types = x + (extra.empty() ? "" : ", " + type);
    text += "    " + out + " = sched.compute \"c\" ins(" + ins + " : " + types +
            ") cost <time_ns = " + std::to_string(5000 + rng() % 200000) +
            "> -> (" + x + ")\n";
    cur = out;
  };
  unsigned collectives = 1 + rng() % 3;
  for (unsigned k = 0; k < collectives; ++k) {
    std::string future = fresh(), value = fresh();
    unsigned kind = rng() % 3;
    std::string resultType = kind == 2 ? x : full;
    if (kind == 0) {
      std::string slice = fresh();
      text += "    " + slice +
              " = tensor.extract_slice %w[%i, 0, 0] [1, 128, "
              "1024] [1, 1, 1] : tensor<" +
              t + "x128x1024xf32> to " + shard + "\n";
      text += "    " + future + " = sched.all_gather_start " + slice +
              " on @dp gather_dim = 0 : " + shard + " -> !sched.future<" +
              full + ">\n";
    } else if (kind == 1) {
      text += "    " + future +
              " = sched.all_gather_start %v on @dp "
              "gather_dim = 0 : " +
              shard + " -> !sched.future<" + full + ">\n";
    } else {
      text += "    " + future + " = sched.all_reduce_start " + cur +
              " on @dp reduction = sum : " + x + " -> !sched.future<" + x +
              ">\n";
    }
    for (unsigned c = rng() % 3; c > 0; --c)
      compute("", "");
    text += "    " + value + " = sched.wait " + future + " : !sched.future<" +
            resultType + ">\n";
    compute(value, resultType);
  }
  text += "    scf.yield " + cur + " : " + x + "\n  }\n  return %r : " + x +
          "\n}\n";
  return text;
}

/// Parses `text` with a target attached.
OwningOpRef<ModuleOp> parse(MLIRContext &context, const std::string &text) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&context));
  if (!module)
    return module;
  PassManager pm(&context);
  pm.addPass(createSchedAttachTarget());
  if (failed(pm.run(*module)))
    return nullptr;
  return module;
}

/// Fully unrolls every loop of `module`'s function @step.
LogicalResult unrollAll(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops)
    if (failed(loopUnrollFull(loop)))
      return failure();
  return success();
}

/// What one flat simulation of @step says.
struct Measured {
  double makespanUs = 0;
  int64_t peak = 0;
  unsigned computes = 0, starts = 0;
};

/// Simulates @step of `module` (loop-free) in program order.
Measured measure(ModuleOp module) {
  auto func = module.lookupSymbol<func::FuncOp>("step");
  Block &body = func.getBody().front();
  CostModel model(TargetAttr::lookup(func));
  FailureOr<BlockSimulation> sim = buildBlockSimulation(body, model);
  EXPECT_TRUE(succeeded(sim));
  FailureOr<SimResult> result = simulate(sim->simOps);
  EXPECT_TRUE(succeeded(result));
  FailureOr<int64_t> peak = computeBodyPeak(body);
  EXPECT_TRUE(succeeded(peak));
  Measured m{result->makespanUs, *peak, 0, 0};
  for (Operation &op : body) {
    m.computes += isa<ComputeOp>(op);
    m.starts += isa<CollectiveOpInterface>(op);
  }
  return m;
}

/// Runs sched-pipeline-loop-collectives with `options` on a copy of `input`;
/// fails the test if it fails.
OwningOpRef<ModuleOp>
pipelineCopy(ModuleOp input, SchedPipelineLoopCollectivesOptions options) {
  OwningOpRef<ModuleOp> copy = input.clone();
  PassManager pm(input.getContext());
  pm.nest<func::FuncOp>().addPass(createSchedPipelineLoopCollectives(options));
  EXPECT_TRUE(succeeded(pm.run(*copy)));
  EXPECT_TRUE(succeeded(verify(*copy)));
  return copy;
}

class LoopPipeliningTest : public ::testing::Test {
protected:
  LoopPipeliningTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    // Remarks are the pass's report, not failures.
    handler.emplace(&context, [](Diagnostic &diag) {
      return success(diag.getSeverity() == DiagnosticSeverity::Remark);
    });
  }
  MLIRContext context;
  std::optional<ScopedDiagnosticHandler> handler;
};

TEST_F(LoopPipeliningTest, RandomLoopsKeepTheirWorkAndGetNoSlower) {
  std::mt19937 rng(20);
  unsigned rotated = 0;
  for (unsigned round = 0; round < 300; ++round) {
    std::string text = randomLoopProgram(rng);
    SCOPED_TRACE(text);
    OwningOpRef<ModuleOp> input = parse(context, text);
    ASSERT_TRUE(input);
    SchedPipelineLoopCollectivesOptions options;
    options.memorySlack = (rng() % 3) * 0.5;
    OwningOpRef<ModuleOp> output = pipelineCopy(*input, options);

    // The loop's peak estimate is within the budget it was given.
    bool pipelined = false;
    output->walk([&](scf::ForOp loop) {
      if (!loop->hasAttr(SchedDialect::getPipelineDepthAttrName()))
        return;
      pipelined = true;
      FailureOr<int64_t> peak = estimateLoopPeak(loop);
      ASSERT_TRUE(succeeded(peak));
      scf::ForOp original;
      input->walk([&](scf::ForOp l) { original = l; });
      FailureOr<int64_t> inputPeak = estimateLoopPeak(original);
      ASSERT_TRUE(succeeded(inputPeak));
      EXPECT_LE(*peak, static_cast<int64_t>(static_cast<double>(*inputPeak) *
                                            (1 + options.memorySlack)));
    });
    rotated += pipelined;

    ASSERT_TRUE(succeeded(unrollAll(*input)));
    ASSERT_TRUE(succeeded(unrollAll(*output)));
    ASSERT_TRUE(succeeded(verify(*output)));
    Measured before = measure(*input), after = measure(*output);
    EXPECT_EQ(before.computes, after.computes);
    EXPECT_EQ(before.starts, after.starts);
    EXPECT_LE(after.makespanUs, before.makespanUs * (1 + 1e-9));
  }
  // The generator makes both kinds of loop.
  EXPECT_GT(rotated, 20u);
  EXPECT_LT(rotated, 300u);
}

/// The FSDP forward of `layers` layers in loop form: each iteration gathers
/// its layer's shards and computes the layer.
std::string fsdpLoop(unsigned layers, unsigned computeNs) {
  std::string l = std::to_string(layers);
  return "sched.process_group @dp size = 8\n"
         "func.func @step(%x0: tensor<64x1024xbf16>, %w: tensor<" +
         l +
         "x512x4096xbf16>) -> tensor<64x1024xbf16> {\n"
         "  %c0 = arith.constant 0 : index\n"
         "  %c1 = arith.constant 1 : index\n"
         "  %cn = arith.constant " +
         l +
         " : index\n"
         "  %r = scf.for %i = %c0 to %cn step %c1 iter_args(%x = %x0) -> "
         "(tensor<64x1024xbf16>) {\n"
         "    %s = tensor.extract_slice %w[%i, 0, 0] [1, 512, 4096] [1, 1, 1] "
         ": tensor<" +
         l +
         "x512x4096xbf16> to tensor<512x4096xbf16>\n"
         "    %f = sched.all_gather_start %s on @dp gather_dim = 0 : "
         "tensor<512x4096xbf16> -> !sched.future<tensor<4096x4096xbf16>>\n"
         "    %g = sched.wait %f : !sched.future<tensor<4096x4096xbf16>>\n"
         "    %y = sched.compute \"layer\" ins(%x, %g : tensor<64x1024xbf16>, "
         "tensor<4096x4096xbf16>) cost <time_ns = " +
         std::to_string(computeNs) +
         "> -> (tensor<64x1024xbf16>)\n"
         "    scf.yield %y : tensor<64x1024xbf16>\n"
         "  }\n"
         "  return %r : tensor<64x1024xbf16>\n"
         "}\n";
}

TEST_F(LoopPipeliningTest, FsdpLoopMatchesTheScheduledUnrolledProgram) {
  for (unsigned computeNs : {100000u, 400000u, 1000000u}) {
    for (unsigned layers : {4u, 16u, 64u}) {
      SCOPED_TRACE("layers " + std::to_string(layers) + ", compute " +
                   std::to_string(computeNs) + " ns");
      OwningOpRef<ModuleOp> input = parse(context, fsdpLoop(layers, computeNs));
      ASSERT_TRUE(input);
      // Both with room for one more gathered layer: the stack of shards is
      // all the memory of this program.
      SchedPipelineLoopCollectivesOptions loopOptions;
      loopOptions.memorySlack = 0.5;
      OwningOpRef<ModuleOp> loop = pipelineCopy(*input, loopOptions);
      unsigned loopOps = 0;
      loop->walk([&](Operation *) { ++loopOps; });
      // The scheduled unrolled program.
      OwningOpRef<ModuleOp> unrolled = input->clone();
      ASSERT_TRUE(succeeded(unrollAll(*unrolled)));
      Measured plain = measure(*unrolled);
      PassManager pm(&context);
      SchedPipelineOptions pipelineOptions;
      pipelineOptions.memorySlack = 0.5;
      // The same budget and cap as the loop pass: no absolute allowance, and
      // the loop pass's two in flight rather than the searched caps.
      pipelineOptions.memoryAllowance = 0;
      pipelineOptions.maxInFlight = 2;
      buildSchedPipeline(pm, pipelineOptions);
      ASSERT_TRUE(succeeded(pm.run(*unrolled)));
      Measured scheduled = measure(*unrolled);
      ASSERT_TRUE(succeeded(unrollAll(*loop)));
      Measured pipelined = measure(*loop);
      llvm::outs() << "fsdp loop, " << layers << " layers, layer "
                   << computeNs / 1000 << " us: input " << plain.makespanUs
                   << " us; scheduled unrolled " << scheduled.makespanUs
                   << " us, peak " << scheduled.peak << " B; pipelined loop "
                   << pipelined.makespanUs << " us, peak " << pipelined.peak
                   << " B, " << loopOps << " ops\n";
      EXPECT_LE(pipelined.makespanUs, scheduled.makespanUs * 1.03);
      EXPECT_LE(pipelined.peak, scheduled.peak);
      // O(body), not O(trips).
      EXPECT_LT(loopOps, 40u);
    }
  }
}
} // namespace
