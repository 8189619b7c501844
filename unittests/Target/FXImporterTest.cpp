//===- FXImporterTest.cpp - tests of the FX graph importer ----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Target/FXJSON/FXImporter.h"

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// Imports graphs and records the diagnostics instead of printing them.
class FXImporterTest : public ::testing::Test {
protected:
  FXImporterTest()
      : handler(&context, [this](Diagnostic &diag) {
          (diag.getSeverity() == DiagnosticSeverity::Error ? errors : warnings)
              .push_back(diag.str());
          return success();
        }) {}

  OwningOpRef<ModuleOp> import(StringRef json,
                               const FXImportOptions &options = {}) {
    return importFXGraph(json, &context, options);
  }

  /// Returns the function of an imported module.
  static func::FuncOp getFunction(ModuleOp module) {
    auto functions = module.getOps<func::FuncOp>();
    return functions.empty() ? func::FuncOp() : *functions.begin();
  }

  MLIRContext context;
  ScopedDiagnosticHandler handler;
  std::vector<std::string> errors, warnings;
};

/// A graph with one input `x` of `shape` and `dtype` and the given nodes and
/// outputs (JSON text).
std::string makeGraph(StringRef shape, StringRef dtype, StringRef nodes,
                      StringRef outputs, StringRef groups = "{}") {
  return llvm::formatv(R"({{"format": "sched-fx/1", "name": "g",
    "groups": {0},
    "inputs": [{{"name": "x", "op": "placeholder",
                "meta": {{"shape": {1}, "dtype": "{2}"}}],
    "nodes": [{3}],
    "outputs": [{4}]})",
                       groups, shape, dtype, nodes, outputs)
      .str();
}
} // namespace

TEST_F(FXImporterTest, MatmulCost) {
  std::string graph = makeGraph("[8, 16]", "float32",
                                R"({"name": "t", "op": "call_function",
                    "target": "aten.t.default", "args": [{"node": "x"}],
                    "meta": {"shape": [16, 8], "dtype": "float32"}},
                   {"name": "mm", "op": "call_function",
                    "target": "aten.mm.default",
                    "args": [{"node": "x"}, {"node": "t"}],
                    "meta": {"shape": [8, 8], "dtype": "float32"},
                    "runtime_us": 2.0})",
                                R"({"node": "mm"})");
  OwningOpRef<ModuleOp> module = import(graph);
  ASSERT_TRUE(module);
  EXPECT_TRUE(errors.empty());
  EXPECT_TRUE(warnings.empty());
  func::FuncOp function = getFunction(*module);
  ASSERT_TRUE(function);
  EXPECT_EQ(function.getName(), "g");

  auto computes = llvm::to_vector(function.getOps<ComputeOp>());
  ASSERT_EQ(computes.size(), 2u);
  EXPECT_EQ(computes[0].getKind(), "aten.view");
  EXPECT_EQ(computes[1].getKind(), "aten.mm");
  CostAttr cost = *computes[1].getCost();
  // 2 x 8 x 8 x 16 flops; two 8x16 f32 operands read, one 8x8 written.
  EXPECT_EQ(cost.getFlops(), 2048);
  EXPECT_EQ(cost.getBytesRead(), 1024);
  EXPECT_EQ(cost.getBytesWritten(), 256);
  EXPECT_EQ(cost.getTimeNs(), 2000);
}

TEST_F(FXImporterTest, DtypeMapping) {
  struct Case {
    const char *dtype;
    std::function<Type(Builder &)> type;
  };
  std::vector<Case> cases = {
      {"float32", [](Builder &b) -> Type { return b.getF32Type(); }},
      {"torch.bfloat16", [](Builder &b) -> Type { return b.getBF16Type(); }},
      {"float16", [](Builder &b) -> Type { return b.getF16Type(); }},
      {"float64", [](Builder &b) -> Type { return b.getF64Type(); }},
      {"float8_e4m3fn",
       [](Builder &b) -> Type { return b.getType<Float8E4M3FNType>(); }},
      {"float8_e5m2",
       [](Builder &b) -> Type { return b.getType<Float8E5M2Type>(); }},
      {"int64", [](Builder &b) -> Type { return b.getI64Type(); }},
      {"int8", [](Builder &b) -> Type { return b.getI8Type(); }},
      {"uint8", [](Builder &b) -> Type { return b.getIntegerType(8, false); }},
      {"bool", [](Builder &b) -> Type { return b.getI1Type(); }},
      {"complex64",
       [](Builder &b) -> Type { return ComplexType::get(b.getF32Type()); }},
  };
  Builder builder(&context);
  for (const Case &c : cases) {
    OwningOpRef<ModuleOp> module =
        import(makeGraph("[2, 3]", c.dtype, "", R"({"node": "x"})"));
    ASSERT_TRUE(module) << c.dtype;
    func::FuncOp function = getFunction(*module);
    EXPECT_EQ(function.getArgumentTypes().front(),
              RankedTensorType::get({2, 3}, c.type(builder)))
        << c.dtype;
  }
  EXPECT_TRUE(errors.empty());
}

TEST_F(FXImporterTest, ErrorNamesTheNode) {
  std::string graph = makeGraph("[8, 16]", "float32",
                                R"({"name": "bad_node", "op": "call_function",
                    "target": "aten.relu.default", "args": [{"node": "x"}],
                    "meta": {"shape": [8, 16], "dtype": "qint8"}})",
                                R"({"node": "bad_node"})");
  EXPECT_FALSE(import(graph));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "node 'bad_node' (aten.relu.default): unsupported "
                       "dtype 'qint8'");
}

TEST_F(FXImporterTest, MalformedInputNeverCrashes) {
  for (
      StringRef text :
      {"", "null", "[]", "{", R"({"format": "sched-fx/1"})",
       R"({"format": "sched-fx/1", "inputs": {}, "nodes": [], "outputs": []})",
       R"({"format": "sched-fx/1", "inputs": [1], "nodes": [], "outputs": []})",
       R"({"format": "sched-fx/1", "inputs": [], "nodes": [{"name": "n"}],
            "outputs": []})",
       R"({"format": "sched-fx/1", "inputs": [], "outputs": [],
            "nodes": [{"name": "n", "op": "call_function",
                       "target": "getitem", "args": []}]})"}) {
    errors.clear();
    EXPECT_FALSE(import(text)) << text.str();
    EXPECT_EQ(errors.size(), 1u) << text.str();
  }
}

TEST_F(FXImporterTest, OneWarningForUnknownOps) {
  std::string node = R"({"name": "%s", "op": "call_function",
                         "target": "%s", "args": [{"node": "x"}],
                         "meta": {"shape": [4], "dtype": "float32"}})";
  auto makeNode = [&](StringRef name, StringRef target) {
    std::string text = node;
    text.replace(text.find("%s"), 2, name.str());
    text.replace(text.find("%s"), 2, target.str());
    return text;
  };
  std::string graph = makeGraph("[4]", "float32",
                                makeNode("a", "aten.zeta.default") + "," +
                                    makeNode("b", "aten.alpha.default") + "," +
                                    makeNode("c", "aten.zeta.default"),
                                R"({"node": "c"})");
  OwningOpRef<ModuleOp> module = import(graph);
  ASSERT_TRUE(module);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0],
            "kept 3 ops with an unknown target as compute with a byte-based "
            "cost: aten.alpha.default (1), aten.zeta.default (2)");
  // Kept, with bytes but no flops.
  auto computes = llvm::to_vector(getFunction(*module).getOps<ComputeOp>());
  ASSERT_EQ(computes.size(), 3u);
  CostAttr cost = *computes[0].getCost();
  EXPECT_EQ(cost.getFlops(), 0);
  EXPECT_EQ(cost.getBytesRead(), 16);
  EXPECT_EQ(cost.getBytesWritten(), 16);

  FXImportOptions quiet;
  quiet.warnUnknownOps = false;
  warnings.clear();
  EXPECT_TRUE(import(graph, quiet));
  EXPECT_TRUE(warnings.empty());
}

TEST_F(FXImporterTest, ViewOptions) {
  std::string graph = makeGraph("[2, 3, 4]", "float16",
                                R"({"name": "v", "op": "call_function",
                    "target": "aten.view.default",
                    "args": [{"node": "x"}, [6, 4]],
                    "meta": {"shape": [6, 4], "dtype": "float16"}})",
                                R"({"node": "v"})");
  OwningOpRef<ModuleOp> module = import(graph);
  ASSERT_TRUE(module);
  func::FuncOp function = getFunction(*module);
  EXPECT_EQ(llvm::range_size(function.getOps<tensor::CollapseShapeOp>()), 1u);
  EXPECT_TRUE(function.getOps<ComputeOp>().empty());

  FXImportOptions options;
  options.viewsAsTensorOps = false;
  module = import(graph, options);
  ASSERT_TRUE(module);
  function = getFunction(*module);
  EXPECT_TRUE(function.getOps<tensor::CollapseShapeOp>().empty());
  auto computes = llvm::to_vector(function.getOps<ComputeOp>());
  ASSERT_EQ(computes.size(), 1u);
  EXPECT_EQ(computes[0].getKind(), "aten.view");
  EXPECT_EQ(computes[0]->getAttrOfType<StringAttr>("fx.view").getValue(),
            "aten.view.default");
}

TEST_F(FXImporterTest, ViewComputesShareTheirSourceStorage) {
  // A real transpose and a broadcast: computes, in the buffer of `x`.
  std::string graph = makeGraph("[4, 8]", "float32",
                                R"({"name": "t", "op": "call_function",
                    "target": "aten.permute.default",
                    "args": [{"node": "x"}, [1, 0]],
                    "meta": {"shape": [8, 4], "dtype": "float32"}},
                   {"name": "e", "op": "call_function",
                    "target": "aten.expand.default",
                    "args": [{"node": "t"}, [2, 8, 4]],
                    "meta": {"shape": [2, 8, 4], "dtype": "float32"}})",
                                R"({"node": "e"})");
  for (bool tensorOps : {true, false}) {
    FXImportOptions options;
    options.viewsAsTensorOps = tensorOps;
    OwningOpRef<ModuleOp> module = import(graph, options);
    ASSERT_TRUE(module);
    func::FuncOp function = getFunction(*module);
    auto computes = llvm::to_vector(function.getOps<ComputeOp>());
    ASSERT_EQ(computes.size(), 2u);
    FailureOr<BufferLiveness> liveness =
        BufferLiveness::build(function.getBody().front());
    ASSERT_TRUE(succeeded(liveness));
    std::optional<unsigned> source = liveness->lookup(function.getArgument(0));
    ASSERT_TRUE(source);
    for (ComputeOp compute : computes) {
      EXPECT_TRUE(compute->hasAttr("sched.view"));
      EXPECT_EQ(liveness->lookup(compute->getResult(0)), source);
    }
    EXPECT_EQ(liveness->getProblem().buffers.size(), 1u);
  }
}

TEST_F(FXImporterTest, CollectiveWaitsWhereTheGraphWaits) {
  std::string graph =
      makeGraph("[2, 8]", "bfloat16",
                R"({"name": "ag", "op": "call_function",
          "target": "_c10d_functional.all_gather_into_tensor.default",
          "args": [{"node": "x"}, 4, "0"], "group": "dp",
          "meta": {"shape": [8, 8], "dtype": "bfloat16"}},
         {"name": "r", "op": "call_function", "target": "aten.relu.default",
          "args": [{"node": "x"}],
          "meta": {"shape": [2, 8], "dtype": "bfloat16"}},
         {"name": "w", "op": "call_function",
          "target": "_c10d_functional.wait_tensor.default",
          "args": [{"node": "ag"}],
          "meta": {"shape": [8, 8], "dtype": "bfloat16"}})",
                R"({"node": "w"}, {"node": "r"})", R"({"dp": {"size": 4}})");
  OwningOpRef<ModuleOp> module = import(graph);
  ASSERT_TRUE(module);
  Block &body = getFunction(*module).getBody().front();
  std::vector<StringRef> names;
  for (Operation &op : body)
    names.push_back(op.getName().getStringRef());
  EXPECT_EQ(names,
            (std::vector<StringRef>{"sched.all_gather_start", "sched.compute",
                                    "sched.wait", "func.return"}));
  auto group = *module->getOps<ProcessGroupOp>().begin();
  EXPECT_EQ(group.getSymName(), "dp");
  EXPECT_EQ(group.getSize(), 4u);
}
