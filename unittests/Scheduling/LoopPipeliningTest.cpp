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
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/Transforms/Passes.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <map>
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

    // The function's peak is within the budget it was given.
    bool pipelined = false;
    output->walk([&](scf::ForOp loop) {
      if (!loop->hasAttr(SchedDialect::getPipelineDepthAttrName()))
        return;
      pipelined = true;
      FailureOr<int64_t> peak = computeFunctionPeak(loop);
      ASSERT_TRUE(succeeded(peak));
      scf::ForOp original;
      input->walk([&](scf::ForOp l) { original = l; });
      FailureOr<int64_t> inputPeak = computeFunctionPeak(original);
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

/// A random loop program with loop-carried work to pipeline: `trips`
/// iterations of a body that gathers weight shards (sliced from a stack by
/// the induction variable, or loop-invariant), all-reduces the iteration's
/// value, and reduces gradients that only an accumulator argument reads
/// (sinkable), with compute of random cost between the starts and waits;
/// a quarter of the programs also carry a future through the loop (started
/// before it, waited and restarted in each iteration, waited after it).
std::string randomCarriedLoopProgram(std::mt19937 &rng) {
  unsigned trips = 2 + rng() % 7;
  std::string t = std::to_string(trips);
  std::string x = "tensor<64x1024xf32>", shard = "tensor<128x1024xf32>",
              full = "tensor<1024x1024xf32>";
  bool carried = rng() % 4 == 0;
  std::string fx = "!sched.future<" + x + ">";
  std::string text = "sched.process_group @dp size = 8\n"
                     "sched.process_group @tp size = 4\n"
                     "func.func @step(%x0: " +
                     x + ", %w: tensor<" + t + "x128x1024xf32>, %v: " + shard +
                     ", %a0: " + x + ") -> (" + x + ", " + x +
                     ") {\n"
                     "  %c0 = arith.constant 0 : index\n"
                     "  %c1 = arith.constant 1 : index\n"
                     "  %cn = arith.constant " +
                     t + " : index\n";
  if (carried)
    text += "  %pf = sched.all_reduce_start %a0 on @tp reduction = sum : " + x +
            " -> " + fx + "\n";
  text += "  %r:" + std::string(carried ? "3" : "2") +
          " = scf.for %i = %c0 to %cn step %c1 iter_args(%x = %x0, %acc = "
          "%a0" +
          (carried ? ", %cf = %pf" : "") + ") -> (" + x + ", " + x +
          (carried ? ", " + fx : "") + ") {\n";
  std::string cur = "%x", acc = "%acc";
  unsigned next = 0;
  auto fresh = [&] { return "%t" + std::to_string(next++); };
  auto cost = [&] { return std::to_string(5000 + rng() % 200000); };
  auto compute = [&](const std::string &extra, const std::string &type) {
    std::string out = fresh();
    std::string ins = cur + (extra.empty() ? "" : ", " + extra);
    std::string types = x + (extra.empty() ? "" : ", " + type);
    text += "    " + out + " = sched.compute \"c\" ins(" + ins + " : " + types +
            ") cost <time_ns = " + cost() + "> -> (" + x + ")\n";
    cur = out;
  };
  if (carried) {
    std::string value = fresh();
    text += "    " + value + " = sched.wait %cf : " + fx + "\n";
    compute(value, x);
  }
  unsigned collectives = 1 + rng() % 3;
  for (unsigned k = 0; k < collectives; ++k) {
    std::string future = fresh(), value = fresh();
    unsigned kind = rng() % 4;
    // Gathers on @dp (their shapes are for 8 ranks), reductions on either.
    std::string group = kind >= 2 && rng() % 3 == 0 ? "@tp" : "@dp";
    std::string resultType = kind >= 2 ? x : full;
    if (kind == 0) {
      std::string slice = fresh();
      text += "    " + slice +
              " = tensor.extract_slice %w[%i, 0, 0] [1, 128, 1024] [1, 1, 1] "
              ": tensor<" +
              t + "x128x1024xf32> to " + shard + "\n";
      text += "    " + future + " = sched.all_gather_start " + slice + " on " +
              group + " gather_dim = 0 : " + shard + " -> !sched.future<" +
              full + ">\n";
    } else if (kind == 1) {
      text += "    " + future + " = sched.all_gather_start %v on " + group +
              " gather_dim = 0 : " + shard + " -> !sched.future<" + full +
              ">\n";
    } else {
      text += "    " + future + " = sched.all_reduce_start " + cur + " on " +
              group + " reduction = sum : " + x + " -> !sched.future<" + x +
              ">\n";
    }
    for (unsigned c = rng() % 3; c > 0; --c)
      compute("", "");
    text += "    " + value + " = sched.wait " + future + " : !sched.future<" +
            resultType + ">\n";
    if (kind == 3) {
      // A gradient: only the accumulator reads it.
      std::string sum = fresh();
      text += "    " + sum + " = sched.compute \"acc\" ins(" + acc + ", " +
              value + " : " + x + ", " + x +
              ") cost <time_ns = " + std::to_string(1000 + rng() % 5000) +
              "> -> (" + x + ")\n";
      acc = sum;
    } else {
      compute(value, resultType);
    }
  }
  std::string yieldCarried, yieldTypes;
  if (carried) {
    std::string restart = fresh();
    text += "    " + restart + " = sched.all_reduce_start " + cur +
            " on @tp reduction = sum : " + x + " -> " + fx + "\n";
    yieldCarried = ", " + restart;
    yieldTypes = ", " + fx;
  }
  text += "    scf.yield " + cur + ", " + acc + yieldCarried + " : " + x +
          ", " + x + yieldTypes + "\n  }\n";
  std::string first = "%r#0";
  if (carried) {
    text += "  %last = sched.wait %r#2 : " + fx + "\n";
    text += "  %out = sched.compute \"c\" ins(%r#0, %last : " + x + ", " + x +
            ") cost <time_ns = 1000> -> (" + x + ")\n";
    first = "%out";
  }
  text += "  return " + first + ", %r#1 : " + x + ", " + x + "\n}\n";
  return text;
}

/// Returns the value of `index` if it is computed from constants by
/// arith.constant, addi, subi and muli (what the rotation and the unrolling
/// make of the induction variable).
std::optional<int64_t> evaluateIndex(Value index) {
  if (std::optional<int64_t> constant = getConstantIntValue(index))
    return constant;
  Operation *def = index.getDefiningOp();
  if (!def || def->getNumOperands() != 2)
    return std::nullopt;
  std::optional<int64_t> a = evaluateIndex(def->getOperand(0));
  std::optional<int64_t> b = evaluateIndex(def->getOperand(1));
  if (!a || !b)
    return std::nullopt;
  if (isa<arith::AddIOp>(def))
    return *a + *b;
  if (isa<arith::SubIOp>(def))
    return *a - *b;
  if (isa<arith::MulIOp>(def))
    return *a * *b;
  return std::nullopt;
}

/// Hashes of what each compute op, collective start and wait of a loop-free
/// function computes: its name, attributes (but its location) and the
/// hashes of its operands (function arguments by position, indices by
/// value). Two programs whose multisets agree run the same ops on the same
/// inputs: every dependence is kept.
class DataflowHasher {
public:
  llvm::hash_code hash(Value value) {
    auto it = memo.find(value);
    if (it != memo.end())
      return it->second;
    llvm::hash_code code;
    std::optional<llvm::hash_code> stack = hashStack(value);
    if (stack)
      code = *stack;
    else if (std::optional<int64_t> index = evaluateIndex(value);
             index && value.getType().isIndex())
      code = llvm::hash_combine("index", *index);
    else if (auto arg = dyn_cast<BlockArgument>(value))
      code = llvm::hash_combine("arg", arg.getArgNumber());
    else
      code = llvm::hash_combine(hashOp(value.getDefiningOp()),
                                cast<OpResult>(value).getResultNumber());
    memo[value] = code;
    return code;
  }
  llvm::hash_code hashOp(Operation *op) {
    llvm::hash_code code = llvm::hash_value(op->getName().getStringRef());
    for (NamedAttribute attr : op->getAttrs())
      code = llvm::hash_combine(code, attr.getName().getValue(),
                                attr.getValue().getAsOpaquePointer());
    for (Value operand : op->getOperands())
      code = llvm::hash_combine(code, hash(operand));
    return code;
  }

private:
  /// Returns the constant row of a slice of one row at a constant first
  /// offset (after unrolling), or std::nullopt.
  static std::optional<int64_t> getRow(OffsetSizeAndStrideOpInterface slice) {
    SmallVector<OpFoldResult> offsets = slice.getMixedOffsets();
    if (offsets.empty() || slice.getStaticSizes().empty() ||
        slice.getStaticSizes().front() != 1)
      return std::nullopt;
    if (auto value = dyn_cast<Value>(offsets.front()))
      return evaluateIndex(value);
    return getConstantIntValue(offsets.front());
  }
  /// Hashes a stack by what its rows hold, not by the order in which they
  /// were inserted (a fused loop writes them in its own order), and a row
  /// read from one as the value inserted there (a fused loop reads the
  /// value itself). std::nullopt for other values.
  std::optional<llvm::hash_code> hashStack(Value value) {
    if (auto extract = value.getDefiningOp<tensor::ExtractSliceOp>()) {
      std::optional<int64_t> row = getRow(extract);
      for (auto insert =
               extract.getSource().getDefiningOp<tensor::InsertSliceOp>();
           row && insert;
           insert = insert.getDest().getDefiningOp<tensor::InsertSliceOp>())
        if (getRow(insert) == row &&
            insert.getStaticSizes() == extract.getStaticSizes() &&
            insert.getSourceType() == extract.getResultType())
          return hash(insert.getSource());
      return std::nullopt;
    }
    auto insert = value.getDefiningOp<tensor::InsertSliceOp>();
    if (!insert)
      return std::nullopt;
    std::map<int64_t, llvm::hash_code> rows;
    Value base = value;
    for (; insert;
         insert = insert.getDest().getDefiningOp<tensor::InsertSliceOp>()) {
      std::optional<int64_t> row = getRow(insert);
      if (!row)
        return std::nullopt;
      rows.try_emplace(*row, hash(insert.getSource()));
      base = insert.getDest();
    }
    llvm::hash_code code = llvm::hash_combine("stack", hash(base));
    for (auto [row, rowCode] : rows)
      code = llvm::hash_combine(code, row, rowCode);
    return code;
  }

  llvm::DenseMap<Value, llvm::hash_code> memo;
};

/// The sorted dataflow hashes of @step's compute ops, starts, waits and
/// return (loop-free).
std::vector<size_t> getDataflow(ModuleOp module) {
  auto func = module.lookupSymbol<func::FuncOp>("step");
  DataflowHasher hasher;
  std::vector<size_t> hashes;
  func.walk([&](Operation *op) {
    if (isa<ComputeOp, CollectiveOpInterface, WaitOp, func::ReturnOp>(op))
      hashes.push_back(hasher.hashOp(op));
  });
  llvm::sort(hashes);
  return hashes;
}

/// Simulates @step of `module` with its loops (ProgramSimulation).
double simulateProgramUs(ModuleOp module) {
  auto func = module.lookupSymbol<func::FuncOp>("step");
  CostModel model(TargetAttr::lookup(func));
  FailureOr<ProgramSimulation> sim =
      buildProgramSimulation(func.getBody().front(), model);
  EXPECT_TRUE(succeeded(sim));
  if (failed(sim))
    return 0;
  FailureOr<SimResult> result = simulate(sim->sim.simOps);
  EXPECT_TRUE(succeeded(result));
  return succeeded(result) ? result->makespanUs : 0;
}

/// Expects `output`, the loop pass's result on `input`, never slower as the
/// whole program with its loops (both steps added to `inputUs` and
/// `outputUs`) and, both unrolled (which this does to them), to run the same
/// ops on the same values.
void expectNoSlowerSameDataflow(ModuleOp input, ModuleOp output,
                                double &inputUs, double &outputUs) {
  double before = simulateProgramUs(input), after = simulateProgramUs(output);
  EXPECT_LE(after, before * (1 + 1e-9));
  inputUs += before;
  outputUs += after;
  ASSERT_TRUE(succeeded(unrollAll(input)));
  ASSERT_TRUE(succeeded(unrollAll(output)));
  ASSERT_TRUE(succeeded(verify(output)));
  EXPECT_EQ(getDataflow(input), getDataflow(output));
}

TEST_F(LoopPipeliningTest, RandomCarriedLoopsKeepTheirDataflow) {
  std::mt19937 rng(2020);
  unsigned rotated = 0, deep = 0, sunk = 0;
  // The pass's remarks say which loops got sunk waits.
  ScopedDiagnosticHandler counter(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Remark)
      return failure();
    sunk += StringRef(diag.str()).contains("(sunk)");
    return success();
  });
  double inputUs = 0, outputUs = 0;
  for (unsigned round = 0; round < 300; ++round) {
    std::string text = randomCarriedLoopProgram(rng);
    SCOPED_TRACE(text);
    OwningOpRef<ModuleOp> input = parse(context, text);
    ASSERT_TRUE(input);
    SchedPipelineLoopCollectivesOptions options;
    options.memorySlack = (rng() % 4) * 0.5;
    options.maxDepth = rng() % 4;
    options.maxInFlight = 2 + rng() % 3;
    options.sinkWaits = rng() % 4 != 0;
    // Runs the verifier: every future waited once on every path, through
    // the prologue, the loop's iteration arguments and the epilogue.
    OwningOpRef<ModuleOp> output = pipelineCopy(*input, options);

    scf::ForOp original;
    input->walk([&](scf::ForOp l) { original = l; });
    FailureOr<int64_t> inputPeak = computeFunctionPeak(original);
    ASSERT_TRUE(succeeded(inputPeak));
    output->walk([&](scf::ForOp loop) {
      auto depth = loop->getAttrOfType<IntegerAttr>(
          SchedDialect::getPipelineDepthAttrName());
      if (!depth)
        return;
      ++rotated;
      deep += depth.getInt() > 1;
      // The budget held, and so did max-in-flight.
      FailureOr<int64_t> peak = computeFunctionPeak(loop);
      ASSERT_TRUE(succeeded(peak));
      EXPECT_LE(*peak, static_cast<int64_t>(static_cast<double>(*inputPeak) *
                                            (1 + options.memorySlack)));
      EXPECT_LE(getMaxInFlight(*loop.getBody()), options.maxInFlight);
    });

    // Never slower; unrolled, both run the same ops on the same values.
    ASSERT_NO_FATAL_FAILURE(
        expectNoSlowerSameDataflow(*input, *output, inputUs, outputUs));
  }
  llvm::outs() << "random carried loops: " << rotated << " of 300 pipelined ("
               << deep << " deeper than 1, " << sunk
               << " with sunk waits); simulated " << inputUs << " -> "
               << outputUs << " us in all\n";
  EXPECT_GT(rotated, 30u);
  EXPECT_GT(deep, 0u);
  EXPECT_GT(sunk, 0u);
  EXPECT_LT(rotated, 300u);
}

/// A random loop program whose first collective reads the value the
/// previous iteration yields (TP's backward: the gather of the activation
/// gradient), for the early starts: 2 to 8 iterations; the gather reads the
/// iteration argument directly or through a slice (a cheap chain), some
/// compute that does not need it may come first, then the next gradient
/// (dgrad, yielded) and a weight gradient into an accumulator (wgrad, before
/// or after dgrad), with random costs; half of the bodies also all-reduce
/// the next gradient on another group, a third gather a loop-invariant
/// weight (a prefetch) and a third all-reduce the weight gradient into the
/// accumulator (a sinkable wait).
std::string randomEarlyLoopProgram(std::mt19937 &rng) {
  unsigned trips = 2 + rng() % 7;
  std::string x = "tensor<128x1024xf32>", shard = "tensor<32x1024xf32>",
              full = "tensor<128x1024xf32>";
  std::string text = "sched.process_group @tp size = 4\n"
                     "sched.process_group @dp size = 8\n"
                     "func.func @step(%dy0: " +
                     shard + ", %a0: " + x + ", %w: " + shard + ") -> (" +
                     shard + ", " + x +
                     ") {\n"
                     "  %c0 = arith.constant 0 : index\n"
                     "  %c1 = arith.constant 1 : index\n"
                     "  %cn = arith.constant " +
                     std::to_string(trips) +
                     " : index\n"
                     "  %r:2 = scf.for %i = %c0 to %cn step %c1 iter_args(%dy "
                     "= %dy0, %acc = %a0) -> (" +
                     shard + ", " + x + ") {\n";
  auto cost = [&] { return std::to_string(1000 + rng() % 100000); };
  std::string input = "%dy";
  if (rng() % 2) {
    text +=
        "    %s = tensor.extract_slice %dy[0, 0] [32, 1024] [1, 1] : " + shard +
        " to " + shard + "\n";
    input = "%s";
  }
  text += "    %f = sched.all_gather_start " + input +
          " on @tp gather_dim = 0 : " + shard + " -> !sched.future<" + full +
          ">\n";
  bool prefetch = rng() % 3 == 0;
  if (prefetch)
    text +=
        "    %fw = sched.all_gather_start %w on @tp gather_dim = 0 : " + shard +
        " -> !sched.future<" + full + ">\n";
  std::string acc = "%acc";
  if (rng() % 2) {
    text += "    %pre = sched.compute \"pre\" ins(%acc : " + x +
            ") cost <time_ns = " + cost() + "> -> (" + x + ")\n";
    acc = "%pre";
  }
  text += "    %full = sched.wait %f : !sched.future<" + full + ">\n";
  std::string weight = "%full";
  if (prefetch) {
    text += "    %wf = sched.wait %fw : !sched.future<" + full +
            ">\n"
            "    %fw2 = sched.compute \"mix\" ins(%full, %wf : " +
            full + ", " + full + ") cost <time_ns = " + cost() + "> -> (" +
            full + ")\n";
    weight = "%fw2";
  }
  std::string dgrad = "    %dx = sched.compute \"dgrad\" ins(" + weight +
                      " : " + full + ") cost <time_ns = " + cost() + "> -> (" +
                      shard + ")\n";
  std::string wgrad = "    %gw = sched.compute \"wgrad\" ins(" + weight +
                      " : " + full + ") cost <time_ns = " + cost() + "> -> (" +
                      x + ")\n";
  text += rng() % 2 ? dgrad + wgrad : wgrad + dgrad;
  std::string next = "%dx";
  if (rng() % 2) {
    text += "    %fr = sched.all_reduce_start %dx on @dp reduction = sum : " +
            shard + " -> !sched.future<" + shard +
            ">\n"
            "    %dr = sched.wait %fr : !sched.future<" +
            shard + ">\n";
    next = "%dr";
  }
  std::string grad = "%gw";
  if (rng() % 3 == 0) {
    // The weight gradient all-reduced into the accumulator: its wait sinks.
    text +=
        "    %fg = sched.all_reduce_start %gw on @dp reduction = sum : " + x +
        " -> !sched.future<" + x +
        ">\n"
        "    %gr = sched.wait %fg : !sched.future<" +
        x + ">\n";
    grad = "%gr";
  }
  text += "    %na = sched.compute \"acc\" ins(" + acc + ", " + grad + " : " +
          x + ", " + x + ") cost <time_ns = " + cost() + "> -> (" + x + ")\n";
  text += "    scf.yield " + next + ", %na : " + shard + ", " + x + "\n  }\n";
  text += "  return %r#0, %r#1 : " + shard + ", " + x + "\n}\n";
  return text;
}

TEST_F(LoopPipeliningTest, RandomEarlyLoopsKeepTheirDataflow) {
  std::mt19937 rng(2022);
  unsigned rotated = 0, early = 0, combined = 0;
  ScopedDiagnosticHandler counter(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Remark)
      return failure();
    std::string message = diag.str();
    StringRef text = message;
    bool isEarly = text.contains("at the end of the previous");
    early += isEarly;
    combined += isEarly && (text.contains("ahead") || text.contains("sunk"));
    return success();
  });
  double inputUs = 0, outputUs = 0;
  for (unsigned round = 0; round < 300; ++round) {
    std::string text = randomEarlyLoopProgram(rng);
    SCOPED_TRACE(text);
    OwningOpRef<ModuleOp> input = parse(context, text);
    ASSERT_TRUE(input);
    SchedPipelineLoopCollectivesOptions options;
    options.memorySlack = (rng() % 4) * 0.25;
    options.maxDepth = rng() % 3;
    options.maxInFlight = 1 + rng() % 3;
    options.keepCollectiveOrder = rng() % 4 == 0;
    // Runs the verifier: every future waited once on every path.
    OwningOpRef<ModuleOp> output = pipelineCopy(*input, options);

    scf::ForOp original;
    input->walk([&](scf::ForOp l) { original = l; });
    FailureOr<int64_t> inputPeak = computeFunctionPeak(original);
    ASSERT_TRUE(succeeded(inputPeak));
    output->walk([&](scf::ForOp loop) {
      if (!loop->hasAttr(SchedDialect::getPipelineDepthAttrName()))
        return;
      ++rotated;
      // The budget held, and so did max-in-flight.
      FailureOr<int64_t> peak = computeFunctionPeak(loop);
      ASSERT_TRUE(succeeded(peak));
      EXPECT_LE(*peak, static_cast<int64_t>(static_cast<double>(*inputPeak) *
                                            (1 + options.memorySlack)));
      EXPECT_LE(getMaxInFlight(*loop.getBody()), options.maxInFlight);
    });

    // Never slower; unrolled, both run the same ops on the same values (no
    // extra collective in the last iteration, every dependence kept).
    ASSERT_NO_FATAL_FAILURE(
        expectNoSlowerSameDataflow(*input, *output, inputUs, outputUs));
  }
  llvm::outs() << "random early loops: " << rotated << " of 300 pipelined ("
               << early << " with early starts, " << combined
               << " of them with prefetches or sunk waits too); simulated "
               << inputUs << " -> " << outputUs << " us in all\n";
  EXPECT_GT(early, 30u);
  EXPECT_GT(combined, 0u);
  EXPECT_LT(rotated, 300u);
}

/// A random TP-like backward loop followed by a map loop (the optimizer),
/// for the fusion: 2 to 8 iterations of a gather of the carried gradient,
/// dgrad and a weight gradient inserted into a stack at the row of the
/// index or in reverse, half with an all-reduce of the next gradient; some
/// compute between the loops; then a loop that reads the stack row by row
/// and writes its own stack (an eighth of them one iteration short, which
/// is not fused), a third also returning the gradient stack (kept built).
std::string randomFusedLoopProgram(std::mt19937 &rng) {
  unsigned trips = 2 + rng() % 7;
  unsigned consumerTrips = rng() % 8 == 0 ? trips - 1 : trips;
  bool reverse = rng() % 2, keepStack = rng() % 3 == 0;
  std::string n = std::to_string(trips);
  std::string shard = "tensor<256x1024xf32>", full = "tensor<1024x1024xf32>",
              row = "tensor<1024xf32>", stack = "tensor<" + n + "x1024xf32>";
  auto cost = [&] { return std::to_string(1000 + rng() % 30000); };
  std::string text =
      "sched.process_group @tp size = 4\n"
      "sched.process_group @dp size = 8\n"
      "func.func @step(%dy0: " +
      shard + ", %w: " + stack + ") -> (" + shard + ", " + stack +
      (keepStack ? ", " + stack : "") +
      ") {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %c1 = arith.constant 1 : index\n"
      "  %cn = arith.constant " +
      n +
      " : index\n"
      "  %g0 = tensor.empty() : " +
      stack +
      "\n"
      "  %r:2 = scf.for %i = %c0 to %cn step %c1 iter_args(%dy = %dy0, %g = "
      "%g0) -> (" +
      shard + ", " + stack + ") {\n";
  std::string rowIndex = "%i";
  if (reverse) {
    text += "    %last = arith.constant " + std::to_string(trips - 1) +
            " : index\n    %row = arith.subi %last, %i : index\n";
    rowIndex = "%row";
  }
  text +=
      "    %f = sched.all_gather_start %dy on @tp gather_dim = 0 : " + shard +
      " -> !sched.future<" + full +
      ">\n"
      "    %full = sched.wait %f : !sched.future<" +
      full +
      ">\n"
      "    %dx = sched.compute \"dgrad\" ins(%full : " +
      full + ") cost <time_ns = " + cost() + "> -> (" + shard +
      ")\n"
      "    %gw = sched.compute \"wgrad\" ins(%full : " +
      full + ") cost <time_ns = " + cost() + "> -> (" + row + ")\n";
  std::string next = "%dx";
  if (rng() % 2) {
    text += "    %fr = sched.all_reduce_start %dx on @dp reduction = sum : " +
            shard + " -> !sched.future<" + shard +
            ">\n"
            "    %dr = sched.wait %fr : !sched.future<" +
            shard + ">\n";
    next = "%dr";
  }
  text += "    %ng = tensor.insert_slice %gw into %g[" + rowIndex +
          ", 0] [1, 1024] [1, 1] : " + row + " into " + stack +
          "\n"
          "    scf.yield " +
          next + ", %ng : " + shard + ", " + stack + "\n  }\n";
  std::string out = "%r#0";
  if (rng() % 2) {
    text += "  %e = sched.compute \"between\" ins(%r#0 : " + shard +
            ") cost <time_ns = " + cost() + "> -> (" + shard + ")\n";
    out = "%e";
  }
  text +=
      "  %o0 = tensor.empty() : " + stack +
      "\n"
      "  %cm = arith.constant " +
      std::to_string(consumerTrips) +
      " : index\n"
      "  %o = scf.for %j = %c0 to %cm step %c1 iter_args(%acc = %o0) -> (" +
      stack +
      ") {\n"
      "    %gj = tensor.extract_slice %r#1[%j, 0] [1, 1024] [1, 1] : " +
      stack + " to " + row +
      "\n"
      "    %wj = tensor.extract_slice %w[%j, 0] [1, 1024] [1, 1] : " +
      stack + " to " + row +
      "\n"
      "    %u = sched.compute \"adam\" ins(%wj, %gj : " +
      row + ", " + row + ") cost <time_ns = " + cost() + "> -> (" + row +
      ")\n"
      "    %na = tensor.insert_slice %u into %acc[%j, 0] [1, 1024] [1, 1] : " +
      row + " into " + stack +
      "\n"
      "    scf.yield %na : " +
      stack + "\n  }\n";
  text += "  return " + out + ", %o" + (keepStack ? ", %r#1" : "") + " : " +
          shard + ", " + stack + (keepStack ? ", " + stack : "") + "\n}\n";
  return text;
}

TEST_F(LoopPipeliningTest, RandomFusedLoopsKeepTheirDataflow) {
  std::mt19937 rng(2023);
  unsigned fused = 0;
  ScopedDiagnosticHandler counter(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Remark)
      return failure();
    fused += StringRef(diag.str()).contains("fused the next loop");
    return success();
  });
  double inputUs = 0, outputUs = 0;
  for (unsigned round = 0; round < 300; ++round) {
    std::string text = randomFusedLoopProgram(rng);
    SCOPED_TRACE(text);
    OwningOpRef<ModuleOp> input = parse(context, text);
    ASSERT_TRUE(input);
    SchedPipelineLoopCollectivesOptions options;
    options.memorySlack = (rng() % 4) * 0.25;
    options.maxInFlight = 1 + rng() % 3;
    // Runs the verifier: every future waited once on every path.
    OwningOpRef<ModuleOp> output = pipelineCopy(*input, options);

    // The budget held, for the whole function.
    scf::ForOp original;
    input->walk([&](scf::ForOp l) { original = l; });
    FailureOr<int64_t> inputPeak = computeFunctionPeak(original);
    ASSERT_TRUE(succeeded(inputPeak));
    scf::ForOp loop;
    output->walk([&](scf::ForOp l) { loop = l; });
    FailureOr<int64_t> peak = computeFunctionPeak(loop);
    ASSERT_TRUE(succeeded(peak));
    EXPECT_LE(*peak, static_cast<int64_t>(static_cast<double>(*inputPeak) *
                                          (1 + options.memorySlack)));

    // Never slower; unrolled, both run the same ops on the same values (each
    // row of each stack holds the same value).
    ASSERT_NO_FATAL_FAILURE(
        expectNoSlowerSameDataflow(*input, *output, inputUs, outputUs));
  }
  llvm::outs() << "random fused loops: " << fused << " of 300 fused; simulated "
               << inputUs << " -> " << outputUs << " us in all\n";
  EXPECT_GT(fused, 30u);
  EXPECT_LT(fused, 300u);
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
      // The same budget and cap as the loop pass: no absolute or collective
      // allowance, no step traded for memory (the loop pass trims nothing),
      // and the loop pass's two in flight rather than the searched caps.
      pipelineOptions.memoryAllowance = 0;
      pipelineOptions.collectiveAllowance = 0;
      pipelineOptions.trimTolerance = 0;
      pipelineOptions.maxInFlight = 2;
      buildSchedPipeline(pm, pipelineOptions);
      ASSERT_TRUE(succeeded(pm.run(*unrolled)));
      Measured scheduled = measure(*unrolled);
      ASSERT_TRUE(succeeded(unrollAll(*loop)));
      Measured pipelined = measure(*loop);
      // Up to four iterations ahead: what the cost model makes of depth.
      loopOptions.maxDepth = 4;
      loopOptions.maxInFlight = 5;
      OwningOpRef<ModuleOp> deep = pipelineCopy(*input, loopOptions);
      int64_t depth = 0;
      deep->walk([&](scf::ForOp l) {
        if (auto attr = l->getAttrOfType<IntegerAttr>(
                SchedDialect::getPipelineDepthAttrName()))
          depth = attr.getInt();
      });
      ASSERT_TRUE(succeeded(unrollAll(*deep)));
      Measured deeper = measure(*deep);
      EXPECT_LE(deeper.makespanUs, pipelined.makespanUs * (1 + 1e-9));
      llvm::outs() << "fsdp loop, " << layers << " layers, layer "
                   << computeNs / 1000 << " us: input " << plain.makespanUs
                   << " us; scheduled unrolled " << scheduled.makespanUs
                   << " us, peak " << scheduled.peak << " B; pipelined loop "
                   << pipelined.makespanUs << " us, peak " << pipelined.peak
                   << " B, " << loopOps << " ops; max-depth=4: depth " << depth
                   << ", " << deeper.makespanUs << " us, peak " << deeper.peak
                   << " B\n";
      EXPECT_LE(pipelined.makespanUs, scheduled.makespanUs * 1.03);
      EXPECT_LE(pipelined.peak, scheduled.peak);
      // O(body), not O(trips).
      EXPECT_LT(loopOps, 40u);
    }
  }
}
} // namespace
