//===- TargetAttrTest.cpp - #sched.target unit tests ----------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Dialect/Sched/IR/SchedAttrs.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
class TargetAttrTest : public ::testing::Test {
protected:
  TargetAttrTest() { context.loadDialect<SchedDialect>(); }
  MLIRContext context;
};
} // namespace

TEST_F(TargetAttrTest, PresetsAreSortedAndValid) {
  ArrayRef<StringRef> names = TargetAttr::getPresetNames();
  ASSERT_EQ(names.size(), 3u);
  EXPECT_TRUE(llvm::is_sorted(names));
  for (StringRef name : names) {
    TargetAttr target = TargetAttr::getPreset(&context, name);
    ASSERT_TRUE(target) << name.str();
    EXPECT_EQ(target.getName(), name);
    EXPECT_EQ(target.getGpusPerNode(), 8);
    // The intra-node fabric is faster than the network on every preset.
    EXPECT_GT(target.getIntraNode().getBandwidth().convertToDouble(),
              target.getInterNode().getBandwidth().convertToDouble());
  }
  EXPECT_FALSE(TargetAttr::getPreset(&context, "h100"));
}

TEST_F(TargetAttrTest, PeakThroughputByElementType) {
  TargetAttr h100 = TargetAttr::getPreset(&context, "h100-sxm");
  Builder b(&context);
  EXPECT_EQ(h100.getPeakTflops(b.getBF16Type()), 989.5);
  EXPECT_EQ(h100.getPeakTflops(b.getF32Type()), 67.0);
  EXPECT_EQ(h100.getPeakTflops(b.getType<Float8E4M3FNType>()), 1979.0);
  EXPECT_EQ(h100.getPeakTflops(b.getI1Type()), std::nullopt);
  // The A100 has no FP8 tensor cores.
  TargetAttr a100 = TargetAttr::getPreset(&context, "a100-80gb");
  EXPECT_EQ(a100.getPeakTflops(b.getType<Float8E4M3FNType>()), std::nullopt);
  EXPECT_EQ(a100.getHbmCapacity(), int64_t(80) << 30);
}

TEST_F(TargetAttrTest, LookupWalksEnclosingOps) {
  const char *ir = R"mlir(
    module attributes {sched.target = #sched.target<name = "x",
        gpus_per_node = 2, intra_node = <bandwidth = 10.0, latency = 1.0>,
        inter_node = <bandwidth = 1.0, latency = 5.0>, hbm_bandwidth = 100.0,
        hbm_capacity = 1000, compute = [f32 = 1.5]>} {
      module {
        module attributes {sched.target = #sched.target<name = "inner",
            gpus_per_node = 1, intra_node = <bandwidth = 1.0, latency = 1.0>,
            inter_node = <bandwidth = 1.0, latency = 1.0>, hbm_bandwidth = 1.0,
            hbm_capacity = 1, compute = []>} {}
      }
    })mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(ir, &context);
  ASSERT_TRUE(module);
  auto middle = cast<ModuleOp>(module->getBody()->front());
  auto inner = cast<ModuleOp>(middle.getBody()->front());
  EXPECT_EQ(TargetAttr::lookup(middle).getName(), "x");
  EXPECT_EQ(TargetAttr::lookup(inner).getName(), "inner");
  EXPECT_EQ(TargetAttr::lookup(middle).getGpusPerNode(), 2);
  EXPECT_EQ(
      TargetAttr::lookup(middle).getPeakTflops(Float32Type::get(&context)),
      1.5);

  OwningOpRef<ModuleOp> bare =
      parseSourceString<ModuleOp>("module {}", &context);
  EXPECT_FALSE(TargetAttr::lookup(*bare));
}

TEST_F(TargetAttrTest, GetCheckedRejectsInvalidFacts) {
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str() + "\n";
    return success();
  });
  auto emitError = [&] { return mlir::emitError(UnknownLoc::get(&context)); };
  LinkAttr link = LinkAttr::get(&context, 1.0, 1.0);
  EXPECT_FALSE(LinkAttr::getChecked(emitError, &context, -2.0, 1.0));
  EXPECT_FALSE(TargetAttr::getChecked(emitError, &context, "x", 1, link,
                                      LinkAttr(), 1.0, 1, {}));
  EXPECT_NE(messages.find("link bandwidth must be a positive number"),
            std::string::npos);
  EXPECT_NE(messages.find("target needs intra_node and inter_node links"),
            std::string::npos);
}

TEST_F(TargetAttrTest, CostFieldsAreOptional) {
  CostAttr empty = CostAttr::get(&context, std::nullopt, std::nullopt,
                                 std::nullopt, std::nullopt);
  EXPECT_FALSE(empty.getFlops().has_value());
  CostAttr cost = CostAttr::get(&context, 10, 20, 30, std::nullopt);
  EXPECT_EQ(cost.getFlops(), 10);
  EXPECT_EQ(cost.getBytesWritten(), 30);
  EXPECT_FALSE(cost.getTimeNs().has_value());
  EXPECT_NE(empty, cost);
}
