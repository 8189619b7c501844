//===- CostModelTest.cpp - cost model unit tests --------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The expected values are computed by hand from the formulas of
// docs/CostModel.md. Units: 1 GB/s moves 1000 bytes per microsecond, and
// 1 TFLOP/s does 10^6 operations per microsecond.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/CostModel.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::sched;

namespace {
constexpr CollectiveKind kAllKinds[] = {
    CollectiveKind::AllGather, CollectiveKind::ReduceScatter,
    CollectiveKind::AllReduce, CollectiveKind::AllToAll,
    CollectiveKind::Broadcast, CollectiveKind::CollectivePermute};

class CostModelTest : public ::testing::Test {
protected:
  CostModelTest() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerAllDialects(registry);
    return registry;
  }

  /// The H100 SXM preset: NVLink 450 GB/s and 1.9 us per step, network
  /// 50 GB/s and 4 us per step, 8 GPUs per node.
  TargetAttr h100() { return TargetAttr::getPreset(&context, "h100-sxm"); }

  /// A target with round numbers: NVLink 100 GB/s and 1 us, network 10 GB/s
  /// and 5 us, 4 GPUs per node, HBM 1000 GB/s, f32 1 and bf16 10 TFLOP/s
  /// (or bf16 only).
  TargetAttr toy(bool withF32 = true) {
    SmallVector<ComputeRate> rates;
    if (withF32)
      rates.push_back({Float32Type::get(&context), 1.0});
    rates.push_back({BFloat16Type::get(&context), 10.0});
    return TargetAttr::get(&context, withF32 ? "toy" : "bf16-only",
                           /*gpusPerNode=*/4, LinkAttr::get(&context, 100, 1),
                           LinkAttr::get(&context, 10, 5),
                           /*hbmBandwidth=*/1000.0,
                           /*hbmCapacity=*/1000000000, rates);
  }

  OwningOpRef<ModuleOp> parse(StringRef source) {
    return parseSourceString<ModuleOp>(source, &context);
  }

  MLIRContext context;
};

/// Returns the message of `error`, consuming it.
std::string message(llvm::Error error) {
  return llvm::toString(std::move(error));
}
} // namespace

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

TEST_F(CostModelTest, ElementByteWidths) {
  Builder b(&context);
  EXPECT_EQ(getElementByteSize(b.getF32Type()), 4);
  EXPECT_EQ(getElementByteSize(b.getF64Type()), 8);
  EXPECT_EQ(getElementByteSize(b.getBF16Type()), 2);
  EXPECT_EQ(getElementByteSize(b.getF16Type()), 2);
  EXPECT_EQ(getElementByteSize(b.getType<Float8E4M3FNType>()), 1);
  EXPECT_EQ(getElementByteSize(b.getType<Float8E5M2Type>()), 1);
  EXPECT_EQ(getElementByteSize(b.getType<Float4E2M1FNType>()), 1);
  EXPECT_EQ(getElementByteSize(b.getI1Type()), 1);
  EXPECT_EQ(getElementByteSize(b.getIntegerType(4)), 1);
  EXPECT_EQ(getElementByteSize(b.getI8Type()), 1);
  EXPECT_EQ(getElementByteSize(b.getIntegerType(24)), 3);
  EXPECT_EQ(getElementByteSize(b.getIndexType()), 8);
  EXPECT_EQ(getElementByteSize(ComplexType::get(b.getF32Type())), 8);
  EXPECT_EQ(getElementByteSize(ComplexType::get(b.getBF16Type())), 4);
  EXPECT_EQ(getElementByteSize(VectorType::get({4}, b.getF16Type())), 8);
  EXPECT_FALSE(getElementByteSize(b.getNoneType()));
}

TEST_F(CostModelTest, TypeByteSizes) {
  Builder b(&context);
  EXPECT_EQ(getTypeByteSize(RankedTensorType::get({2, 3}, b.getBF16Type())),
            12);
  EXPECT_EQ(getTypeByteSize(MemRefType::get({8}, b.getF64Type())), 64);
  EXPECT_EQ(getTypeByteSize(RankedTensorType::get({0, 3}, b.getF32Type())), 0);
  EXPECT_EQ(getTypeByteSize(b.getF32Type()), 4);
  EXPECT_FALSE(getTypeByteSize(
      RankedTensorType::get({ShapedType::kDynamic}, b.getF32Type())));
  EXPECT_FALSE(getTypeByteSize(UnrankedTensorType::get(b.getF32Type())));
  // Overflow is no size, not a wrapped one.
  EXPECT_FALSE(getTypeByteSize(RankedTensorType::get(
      {int64_t(1) << 40, int64_t(1) << 40}, b.getF32Type())));
}

//===----------------------------------------------------------------------===//
// Analytical collective model
//===----------------------------------------------------------------------===//

TEST_F(CostModelTest, AllGatherOneGiBOnOneH100Node) {
  // all_gather of 1 GiB (gathered) on the 8 GPUs of one node: 7 steps of
  // 1.9 us = 13.3 us, plus 2^30 * 7/8 bytes at 450 GB/s = 2087.831324 us.
  CostModel model(h100());
  CollectiveEstimate estimate = model.estimateCollective(
      CollectiveKind::AllGather, int64_t(1) << 30, 8, 1);
  EXPECT_EQ(estimate.source, CollectiveEstimate::Source::Ring);
  EXPECT_NEAR(estimate.latencyUs, 13.3, 1e-9);
  EXPECT_NEAR(estimate.transferUs, 2087.8313244, 1e-6);
  EXPECT_NEAR(estimate.timeUs, 2101.1313244, 1e-6);
  EXPECT_EQ(estimate.bytes, int64_t(1) << 30);
  EXPECT_EQ(estimate.groupSize, 8);
  EXPECT_EQ(estimate.numNodes, 1);
}

TEST_F(CostModelTest, RingStepsAndBusBandwidthFactors) {
  // 4 ranks on one node, 400000 bytes: steps of 1 us, 100000 bytes per us.
  CostModel model(toy());
  auto time = [&](CollectiveKind kind) {
    return model.getCollectiveTimeUs(kind, 400000, 4, 1);
  };
  // n-1 = 3 steps, factor 3/4: 3 + 3.
  EXPECT_DOUBLE_EQ(time(CollectiveKind::AllGather), 6.0);
  EXPECT_DOUBLE_EQ(time(CollectiveKind::ReduceScatter), 6.0);
  EXPECT_DOUBLE_EQ(time(CollectiveKind::AllToAll), 6.0);
  // 2(n-1) = 6 steps, factor 6/4: 6 + 6 (the ring beats the tree).
  EXPECT_DOUBLE_EQ(time(CollectiveKind::AllReduce), 12.0);
  // n-1 = 3 steps, factor 1: 3 + 4.
  EXPECT_DOUBLE_EQ(time(CollectiveKind::Broadcast), 7.0);
  // Without its pairs, a permute is one hop of the whole buffer: 1 + 4.
  EXPECT_DOUBLE_EQ(time(CollectiveKind::CollectivePermute), 5.0);
}

TEST_F(CostModelTest, GroupOfOneCostsNothing) {
  CostModel model(h100());
  for (CollectiveKind kind : kAllKinds) {
    CollectiveEstimate estimate =
        model.estimateCollective(kind, int64_t(1) << 30, 1, 1);
    EXPECT_EQ(estimate.timeUs, 0.0) << stringifyCollectiveKind(kind).str();
    EXPECT_EQ(estimate.source, CollectiveEstimate::Source::Trivial);
  }
}

TEST_F(CostModelTest, MonotonicInBytes) {
  CostModel model(h100());
  for (CollectiveKind kind : kAllKinds)
    for (auto [ranks, nodes] :
         {std::pair<int64_t, int64_t>{2, 1}, {8, 1}, {16, 2}, {64, 8}}) {
      double previous = model.getCollectiveTimeUs(kind, 0, ranks, nodes);
      EXPECT_GT(previous, 0.0);
      for (int shift = 0; shift <= 36; ++shift) {
        double current =
            model.getCollectiveTimeUs(kind, int64_t(1) << shift, ranks, nodes);
        EXPECT_GE(current, previous)
            << stringifyCollectiveKind(kind).str() << " " << ranks
            << " ranks, 2^" << shift << " bytes";
        previous = current;
      }
    }
}

TEST_F(CostModelTest, InterNodeIsSlowerThanIntraNode) {
  CostModel model(h100());
  for (CollectiveKind kind : kAllKinds)
    for (int64_t bytes : {int64_t(0), int64_t(1) << 20, int64_t(1) << 30}) {
      double intra = model.getCollectiveTimeUs(kind, bytes, 8, 1);
      double inter = model.getCollectiveTimeUs(kind, bytes, 8, 2);
      EXPECT_GT(inter, intra) << stringifyCollectiveKind(kind).str();
    }
  // 8 ranks over 2 nodes: 7 steps of 4 us, and 2^30 * 7/8 bytes at 50 GB/s.
  EXPECT_NEAR(model.getCollectiveTimeUs(CollectiveKind::AllGather,
                                        int64_t(1) << 30, 8, 2),
              28.0 + 18790.48192, 1e-6);
}

TEST_F(CostModelTest, TreeOrRingForAllReduce) {
  // 16 ranks over 4 nodes of the toy target: the network link (10 GB/s,
  // 5 us). Ring: 30 steps; tree: depth (4 - 1) + log2(4) = 5, 10 steps,
  // at 0.92 of the bandwidth for twice the buffer.
  CostModelOptions ringOnly, treeOnly;
  ringOnly.algorithm = CollectiveAlgorithm::Ring;
  treeOnly.algorithm = CollectiveAlgorithm::Tree;
  CostModel autoModel(toy()), ringModel(toy(), ringOnly),
      treeModel(toy(), treeOnly);

  // Small: ring 150 + 4000 * 30/16 / 1e4 = 150.75; tree 50 + 8000 / 9200.
  CollectiveEstimate small =
      autoModel.estimateCollective(CollectiveKind::AllReduce, 4000, 16, 4);
  EXPECT_EQ(small.source, CollectiveEstimate::Source::Tree);
  EXPECT_DOUBLE_EQ(small.latencyUs, 50.0);
  EXPECT_NEAR(small.timeUs, 50.0 + 8000.0 / 9200.0, 1e-9);
  EXPECT_DOUBLE_EQ(
      ringModel.getCollectiveTimeUs(CollectiveKind::AllReduce, 4000, 16, 4),
      150.75);

  // Large: ring 150 + 4e7 * 30/16 / 1e4 = 7650; tree 50 + 8e7 / 9200.
  CollectiveEstimate large =
      autoModel.estimateCollective(CollectiveKind::AllReduce, 40000000, 16, 4);
  EXPECT_EQ(large.source, CollectiveEstimate::Source::Ring);
  EXPECT_DOUBLE_EQ(large.timeUs, 7650.0);
  CollectiveEstimate forcedTree =
      treeModel.estimateCollective(CollectiveKind::AllReduce, 40000000, 16, 4);
  EXPECT_EQ(forcedTree.source, CollectiveEstimate::Source::Tree);
  EXPECT_NEAR(forcedTree.timeUs, 50.0 + 8e7 / 9200.0, 1e-6);

  // Auto is never slower than either algorithm.
  for (int shift = 0; shift <= 34; shift += 2) {
    int64_t bytes = int64_t(1) << shift;
    double best =
        autoModel.getCollectiveTimeUs(CollectiveKind::AllReduce, bytes, 16, 4);
    EXPECT_LE(best, ringModel.getCollectiveTimeUs(CollectiveKind::AllReduce,
                                                  bytes, 16, 4));
    EXPECT_LE(best, treeModel.getCollectiveTimeUs(CollectiveKind::AllReduce,
                                                  bytes, 16, 4));
  }

  // On one node the tree is a chain as long as the ring, with less
  // bandwidth: the ring always wins.
  for (int shift = 0; shift <= 34; shift += 2)
    EXPECT_EQ(autoModel
                  .estimateCollective(CollectiveKind::AllReduce,
                                      int64_t(1) << shift, 4, 1)
                  .source,
              CollectiveEstimate::Source::Ring);

  // The tree applies to all_reduce only.
  EXPECT_EQ(treeModel.estimateCollective(CollectiveKind::AllGather, 4000, 16, 4)
                .source,
            CollectiveEstimate::Source::Ring);
}

TEST_F(CostModelTest, EfficiencyAndBaseLatencyOptions) {
  CostModelOptions options;
  options.ringEfficiency = 0.5;
  options.collectiveBaseLatencyUs = 10.0;
  CostModel model(toy(), options);
  // 10 + 3 + 400000 * 3/4 / (0.5 * 1e5) = 13 + 6.
  EXPECT_DOUBLE_EQ(
      model.getCollectiveTimeUs(CollectiveKind::AllGather, 400000, 4, 1), 19.0);
  // The base latency is not charged to a group of one.
  EXPECT_EQ(model.getCollectiveTimeUs(CollectiveKind::AllGather, 400000, 1, 1),
            0.0);
}

TEST_F(CostModelTest, InvalidOptions) {
  CostModelOptions options;
  EXPECT_FALSE(llvm::errorToBool(options.verify()));
  options.ringEfficiency = 0;
  EXPECT_EQ(message(options.verify()), "ring efficiency must be in (0, 1], "
                                       "got 0");
  options = CostModelOptions();
  options.memoryEfficiency = 1.5;
  EXPECT_EQ(message(options.verify()),
            "memory efficiency must be in (0, 1], got 1.5");
  options = CostModelOptions();
  options.collectiveBaseLatencyUs = -1;
  EXPECT_EQ(message(options.verify()),
            "collective base latency must be >= 0, got -1");
}

//===----------------------------------------------------------------------===//
// Collective ops
//===----------------------------------------------------------------------===//

TEST_F(CostModelTest, CollectiveOps) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    sched.process_group @g4 size = 4
    sched.process_group @g8 size = 8
    func.func @f(%shard: tensor<25000xf32>, %full: tensor<100000xf32>,
                 %m: memref<100000xf32>, %o: memref<25000xf32>,
                 %b: tensor<1000xbf16>, %dyn: tensor<?xf32>) {
      %0 = sched.all_gather_start %shard on @g4 gather_dim = 0
          : tensor<25000xf32> -> !sched.future<tensor<100000xf32>>
      %1 = sched.reduce_scatter_start %m into %o on @g4 reduction = sum
          scatter_dim = 0 : memref<100000xf32> into memref<25000xf32>
          -> !sched.future<memref<25000xf32>>
      %2 = sched.all_reduce_start %full, %b on @g8 reduction = sum
          : tensor<100000xf32>, tensor<1000xbf16>
          -> !sched.future<tensor<100000xf32>, tensor<1000xbf16>>
      %3 = sched.all_reduce_start %dyn on @g4 reduction = sum
          : tensor<?xf32> -> !sched.future<tensor<?xf32>>
      %w0 = sched.wait %0 : !sched.future<tensor<100000xf32>>
      %w1 = sched.wait %1 : !sched.future<memref<25000xf32>>
      %w2:2 = sched.wait %2 : !sched.future<tensor<100000xf32>, tensor<1000xbf16>>
      %w3 = sched.wait %3 : !sched.future<tensor<?xf32>>
      return
    }
  )mlir");
  ASSERT_TRUE(module);
  SmallVector<CollectiveOpInterface> ops;
  module->walk([&](CollectiveOpInterface op) { ops.push_back(op); });
  ASSERT_EQ(ops.size(), 4u);

  CostModel model(toy());
  SymbolTableCollection symbols;
  // The gathered output and the unscattered (memref) input are the full
  // buffers; a bucket sums its entries.
  EXPECT_EQ(CostModel::getCollectiveBytes(ops[0]), 400000);
  EXPECT_EQ(CostModel::getCollectiveBytes(ops[1]), 400000);
  EXPECT_EQ(CostModel::getCollectiveBytes(ops[2]), 402000);
  EXPECT_EQ(model.getCollectiveTimeUs(ops[0], symbols), 6.0);
  EXPECT_EQ(model.getCollectiveTimeUs(ops[1], symbols), 6.0);
  // @g8 spans 2 nodes of 4 GPUs, on the network link. Ring: 14 steps of
  // 5 us and 402000 * 14/8 bytes at 10 GB/s = 140.35 us; tree: depth
  // (4 - 1) + log2(2) = 4, 8 steps, and 2 * 402000 bytes at 9.2 GB/s =
  // 127.391 us. The tree wins.
  FailureOr<CollectiveEstimate> reduce =
      model.estimateCollective(ops[2], symbols);
  ASSERT_TRUE(succeeded(reduce));
  EXPECT_EQ(reduce->numNodes, 2);
  EXPECT_EQ(reduce->source, CollectiveEstimate::Source::Tree);
  EXPECT_DOUBLE_EQ(reduce->timeUs, 40.0 + 804000.0 / 9200.0);

  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str();
    return success();
  });
  EXPECT_TRUE(failed(model.getCollectiveTimeUs(ops[3], symbols)));
  EXPECT_EQ(messages,
            "cannot size collective: 'tensor<?xf32>' has a dynamic shape; "
            "give an upper bound of dimension 0 with 'sched.dim_bounds' "
            "where the value is defined");
}

TEST_F(CostModelTest, CollectivePermuteOps) {
  // 400000 bytes per rank. Toy target: 4 GPUs per node; NVLink 1 us + 4 us,
  // network 5 us + 40 us; HBM 1000 GB/s.
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    sched.process_group @g4 size = 4
    sched.process_group @g8 size = 8
    sched.process_group @pairs size = 4 ranks_per_node = 2
    sched.process_group @spread size = 4 ranks = [0, 8, 16, 24] ranks_per_node = 8
    func.func @f(%x: tensor<100000xf32>, %m: memref<100000xf32>,
                 %o: memref<100000xf32>) {
      %0 = sched.collective_permute_start %x on @g4
          source_target_pairs = [[0, 1], [1, 2], [2, 3], [3, 0]]
          : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
      %1 = sched.collective_permute_start %x on @g8
          source_target_pairs = [[2, 3], [3, 4]]
          : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
      %2 = sched.collective_permute_start %m into %o on @g4
          source_target_pairs = [[0, 0], [1, 1], [2, 2], [3, 3]]
          : memref<100000xf32> into memref<100000xf32>
          -> !sched.future<memref<100000xf32>>
      %3 = sched.collective_permute_start %x on @pairs
          source_target_pairs = [[0, 1], [2, 3]]
          : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
      %4 = sched.collective_permute_start %x on @pairs
          source_target_pairs = [[1, 2]]
          : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
      %5 = sched.collective_permute_start %x on @spread
          source_target_pairs = [[0, 1]]
          : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
      %6 = sched.collective_permute_start %x on @g4 source_target_pairs = []
          : tensor<100000xf32> -> !sched.future<tensor<100000xf32>>
      %w0 = sched.wait %0 : !sched.future<tensor<100000xf32>>
      %w1 = sched.wait %1 : !sched.future<tensor<100000xf32>>
      %w2 = sched.wait %2 : !sched.future<memref<100000xf32>>
      %w3 = sched.wait %3 : !sched.future<tensor<100000xf32>>
      %w4 = sched.wait %4 : !sched.future<tensor<100000xf32>>
      %w5 = sched.wait %5 : !sched.future<tensor<100000xf32>>
      %w6 = sched.wait %6 : !sched.future<tensor<100000xf32>>
      return
    }
  )mlir");
  ASSERT_TRUE(module);
  SmallVector<CollectiveOpInterface> ops;
  module->walk([&](CollectiveOpInterface op) { ops.push_back(op); });
  ASSERT_EQ(ops.size(), 7u);

  CostModel model(toy());
  SymbolTableCollection symbols;
  auto estimate = [&](unsigned index) {
    FailureOr<CollectiveEstimate> result =
        model.estimateCollective(ops[index], symbols);
    EXPECT_TRUE(succeeded(result));
    return succeeded(result) ? *result : CollectiveEstimate();
  };
  EXPECT_EQ(CostModel::getCollectiveBytes(ops[0]), 400000);
  // A ring inside one node: every pair on NVLink.
  CollectiveEstimate ring = estimate(0);
  EXPECT_EQ(ring.source, CollectiveEstimate::Source::PointToPoint);
  EXPECT_DOUBLE_EQ(ring.timeUs, 5.0);
  EXPECT_DOUBLE_EQ(ring.latencyUs, 1.0);
  EXPECT_EQ(ring.groupSize, 4);
  // [3, 4] crosses from node 0 to node 1: the slowest pair, on the network.
  CollectiveEstimate crossing = estimate(1);
  EXPECT_DOUBLE_EQ(crossing.timeUs, 45.0);
  EXPECT_EQ(crossing.numNodes, 2);
  // A pair of a rank with itself is a copy: read and write 400000 bytes.
  EXPECT_DOUBLE_EQ(estimate(2).timeUs, 0.8);
  // The group's own node size: [0, 1] and [2, 3] stay inside a node, [1, 2]
  // crosses.
  EXPECT_DOUBLE_EQ(estimate(3).timeUs, 5.0);
  EXPECT_DOUBLE_EQ(estimate(4).timeUs, 45.0);
  // Global ranks 0 and 8 on nodes of 8.
  EXPECT_DOUBLE_EQ(estimate(5).timeUs, 45.0);
  // No pairs: every rank zero-fills its destination (an HBM write).
  EXPECT_DOUBLE_EQ(estimate(6).timeUs, 0.4);
  // A bucket of the ring of twice the size: the pairs decide, not the kind.
  FailureOr<CollectiveEstimate> bucket =
      model.estimateCollectiveOfSize(ops[1], 800000, {8, 2}, symbols);
  ASSERT_TRUE(succeeded(bucket));
  EXPECT_DOUBLE_EQ(bucket->timeUs, 85.0);
}

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

TEST_F(CostModelTest, ComputeOps) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    func.func @f(%x: tensor<1000xbf16>, %i: tensor<1000xi32>,
                 %a: tensor<128x256xf32>, %b: tensor<256x64xf32>,
                 %c: tensor<128x64xf32>, %s: f32) {
      %0 = sched.compute "measured" ins(%x : tensor<1000xbf16>)
          cost <flops = 1000000000, time_ns = 2500> -> (tensor<1000xbf16>)
      %1 = sched.compute "matmul" ins(%x : tensor<1000xbf16>)
          cost <flops = 1000000000> -> (tensor<1000xbf16>)
      %2 = sched.compute "copy" ins(%x : tensor<1000xbf16>)
          cost <bytes_read = 1000000, bytes_written = 1000000>
          -> (tensor<1000xbf16>)
      %3 = sched.compute "int_ops" ins(%i : tensor<1000xi32>)
          cost <flops = 1000000> -> (tensor<1000xi32>)
      %4 = sched.compute "opaque" ins(%x : tensor<1000xbf16>)
          -> (tensor<1000xbf16>)
      %5 = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x64xf32>)
          outs(%c : tensor<128x64xf32>) -> tensor<128x64xf32>
      %6 = arith.addf %s, %s : f32
      return
    }
  )mlir");
  ASSERT_TRUE(module);
  SmallVector<Operation *> ops;
  for (Operation &op : cast<func::FuncOp>(*module->getBody()->begin())
                           .getBody()
                           .front()
                           .without_terminator())
    ops.push_back(&op);
  ASSERT_EQ(ops.size(), 7u);

  CostModel model(toy());
  auto estimate = [&](Operation *op) {
    FailureOr<ComputeEstimate> result = model.estimateCompute(op);
    EXPECT_TRUE(succeeded(result));
    return succeeded(result) ? *result : ComputeEstimate();
  };
  // time_ns wins: 2.5 us.
  EXPECT_EQ(estimate(ops[0]).source, ComputeEstimate::Source::Measured);
  EXPECT_DOUBLE_EQ(estimate(ops[0]).timeUs, 2.5);
  // 1e9 flops at 10 TFLOP/s (bf16).
  ComputeEstimate flopsOnly = estimate(ops[1]);
  EXPECT_EQ(flopsOnly.source, ComputeEstimate::Source::ComputeBound);
  EXPECT_EQ(flopsOnly.rateType, BFloat16Type::get(&context));
  EXPECT_DOUBLE_EQ(flopsOnly.timeUs, 100.0);
  // 2e6 bytes at 1000 GB/s.
  EXPECT_EQ(estimate(ops[2]).source, ComputeEstimate::Source::MemoryBound);
  EXPECT_DOUBLE_EQ(estimate(ops[2]).timeUs, 2.0);
  // No i32 rate: the f32 rate (1 TFLOP/s).
  ComputeEstimate fallback = estimate(ops[3]);
  EXPECT_EQ(fallback.rateType, Float32Type::get(&context));
  EXPECT_DOUBLE_EQ(fallback.timeUs, 1.0);
  // No cost.
  EXPECT_EQ(estimate(ops[4]).source, ComputeEstimate::Source::NoCost);
  EXPECT_EQ(estimate(ops[4]).timeUs, 0.0);
  // Derived: 2 * 128 * 64 * 256 flops at 1 TFLOP/s.
  CostAttr derived = cast<ComputeOpInterface>(ops[5]).getComputeCost();
  ASSERT_TRUE(derived);
  EXPECT_EQ(derived.getFlops(), 4194304);
  EXPECT_EQ(derived.getBytesRead(), (128 * 256 + 256 * 64) * 4);
  EXPECT_EQ(derived.getBytesWritten(), 128 * 64 * 4);
  EXPECT_DOUBLE_EQ(estimate(ops[5]).timeUs, 4.194304);
  // Scalar arith: no derived cost.
  EXPECT_EQ(estimate(ops[6]).source, ComputeEstimate::Source::NoCost);

  // Efficiencies scale the roofline.
  CostModelOptions options;
  options.computeEfficiency = 0.5;
  options.memoryEfficiency = 0.25;
  CostModel slower(toy(), options);
  EXPECT_DOUBLE_EQ(*slower.getComputeTimeUs(ops[1]), 200.0);
  EXPECT_DOUBLE_EQ(*slower.getComputeTimeUs(ops[2]), 8.0);

  // Without an f32 rate, an i32 op with flops cannot be estimated.
  CostModel noF32(toy(/*withF32=*/false));
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str();
    return success();
  });
  EXPECT_TRUE(failed(noF32.getComputeTimeUs(ops[3])));
  EXPECT_EQ(messages, "target 'bf16-only' has no compute rate for 'i32' and "
                      "no f32 rate to fall back to");
}

//===----------------------------------------------------------------------===//
// Measured profiles
//===----------------------------------------------------------------------===//

TEST_F(CostModelTest, ProfileInterpolation) {
  MeasuredProfile::CollectiveCurve curve;
  curve.kind = CollectiveKind::AllGather;
  curve.groupSize = 8;
  curve.points = {{1000, 10.0}, {100000, 20.0}, {1000000, 110.0}};
  // Exactly on points.
  EXPECT_DOUBLE_EQ(curve.interpolate(1000), 10.0);
  EXPECT_DOUBLE_EQ(curve.interpolate(100000), 20.0);
  EXPECT_DOUBLE_EQ(curve.interpolate(1000000), 110.0);
  // Between points: linear in bytes.
  EXPECT_DOUBLE_EQ(curve.interpolate(50500), 15.0);
  EXPECT_DOUBLE_EQ(curve.interpolate(400000), 50.0);
  // Below the first point: held.
  EXPECT_DOUBLE_EQ(curve.interpolate(0), 10.0);
  // Beyond the last point: the line through the last two points.
  EXPECT_DOUBLE_EQ(curve.interpolate(2000000), 210.0);
  // A decreasing tail (noise) is held flat rather than extrapolated down.
  curve.points = {{1000, 10.0}, {2000, 8.0}};
  EXPECT_DOUBLE_EQ(curve.interpolate(1500), 9.0);
  EXPECT_DOUBLE_EQ(curve.interpolate(1000000), 8.0);
  // Hand-built degenerate curves stay defined.
  curve.points = {{1000, 10.0}};
  EXPECT_DOUBLE_EQ(curve.interpolate(5000), 10.0);
  curve.points.clear();
  EXPECT_DOUBLE_EQ(curve.interpolate(5000), 0.0);
}

TEST_F(CostModelTest, ProfileParsingAndLookup) {
  llvm::Expected<MeasuredProfile> profile = MeasuredProfile::parse(R"json({
    "version": 1,
    "collectives": [
      {"kind": "all_gather", "group_size": 4,
       "points": [[1000000, 110], [1000, 10], [100000, 20]]},
      {"kind": "all_reduce", "group_size": 4, "points": [[0, 1], [1e6, 1001]]},
      {"kind": "all_reduce", "group_size": 4, "num_nodes": 1,
       "points": [[0, 5], [1e6, 105]]}
    ],
    "ops": [{"kind": "matmul", "time_us": 12.5}]
  })json");
  ASSERT_TRUE(static_cast<bool>(profile)) << message(profile.takeError());
  ASSERT_EQ(profile->getCollectives().size(), 3u);
  // Points are sorted by size.
  EXPECT_EQ(profile->getCollectives()[0].points.front().bytes, 1000.0);
  EXPECT_EQ(profile->getNumOps(), 1u);
  EXPECT_EQ(profile->lookupOp("matmul"), 12.5);
  EXPECT_FALSE(profile->lookupOp("softmax"));
  EXPECT_FALSE(profile->lookupCollective(CollectiveKind::AllGather, 8, 1));
  // A curve for the exact node count wins over one for any node count.
  const MeasuredProfile::CollectiveCurve *oneNode =
      profile->lookupCollective(CollectiveKind::AllReduce, 4, 1);
  ASSERT_TRUE(oneNode);
  EXPECT_EQ(oneNode->numNodes, 1);
  const MeasuredProfile::CollectiveCurve *anyNodes =
      profile->lookupCollective(CollectiveKind::AllReduce, 4, 2);
  ASSERT_TRUE(anyNodes);
  EXPECT_FALSE(anyNodes->numNodes);

  // The model uses the profile where it has data, the formulas elsewhere.
  CostModel model(toy());
  model.setProfile(std::move(*profile));
  ASSERT_TRUE(model.getProfile());
  CollectiveEstimate measured =
      model.estimateCollective(CollectiveKind::AllGather, 400000, 4, 1);
  EXPECT_EQ(measured.source, CollectiveEstimate::Source::Profile);
  EXPECT_DOUBLE_EQ(measured.timeUs, 50.0);
  EXPECT_DOUBLE_EQ(
      model.getCollectiveTimeUs(CollectiveKind::AllReduce, 400000, 4, 1), 45.0);
  EXPECT_DOUBLE_EQ(
      model.getCollectiveTimeUs(CollectiveKind::AllReduce, 400000, 4, 2),
      401.0);
  EXPECT_EQ(
      model.estimateCollective(CollectiveKind::ReduceScatter, 400000, 4, 1)
          .source,
      CollectiveEstimate::Source::Ring);
  // A group of one stays free even with a profile.
  EXPECT_EQ(model.getCollectiveTimeUs(CollectiveKind::AllGather, 400000, 1, 1),
            0.0);
}

TEST_F(CostModelTest, ProfileErrors) {
  auto error = [](StringRef json) {
    llvm::Expected<MeasuredProfile> profile =
        MeasuredProfile::parse(json, "p.json");
    if (profile)
      return std::string("no error");
    return message(profile.takeError());
  };
  EXPECT_EQ(error("{"),
            "p.json: invalid JSON: [1:1, byte=1]: Expected object key");
  EXPECT_EQ(error("[]"), "p.json: expected an object");
  EXPECT_EQ(error(R"({"version": 2})"), "p.json: version: expected 1");
  EXPECT_EQ(error(R"({"colectives": []})"), "p.json: unknown key 'colectives'");
  EXPECT_EQ(error(R"({"collectives": {}})"),
            "p.json: collectives: expected an array");
  EXPECT_EQ(error(R"({"collectives": [{"group_size": 4, "points": []}]})"),
            "p.json: collectives[0]: missing 'kind'");
  EXPECT_EQ(error(R"({"collectives": [{"kind": "all_gather", "points": []}]})"),
            "p.json: collectives[0]: missing 'group_size'");
  EXPECT_EQ(error(R"({"collectives": [{"kind": "all_gather", "group_size": 0,
                                 "points": []}]})"),
            "p.json: collectives[0].group_size: expected an integer >= 1");
  EXPECT_EQ(error(R"({"collectives": [{"kind": "all_gather",
                                       "group_size": 4}]})"),
            "p.json: collectives[0]: missing 'points'");
  EXPECT_EQ(error(R"({"collectives": [{"kind": "all_gather", "group_size": 4,
                                       "points": [[1, 2], [3]]}]})"),
            "p.json: collectives[0].points[1]: expected a [bytes, time_us] "
            "pair of numbers");
  EXPECT_EQ(error(R"({"collectives": [{"kind": "all_gather", "group_size": 4,
                                       "points": [[1, 2], [1, 3]]}]})"),
            "p.json: collectives[0]: all_gather curve on 4 ranks: two points "
            "of size 1");
  EXPECT_EQ(error(R"({"collectives": [{"kind": "all_gather", "group_size": 4,
                                       "points": [[1, 2], [2, -3]]}]})"),
            "p.json: collectives[0]: all_gather curve on 4 ranks: sizes and "
            "times must be finite and non-negative");
  EXPECT_EQ(error(R"({"collectives": [{"kind": "all_gather", "group_size": 4,
                                       "num_nodes": 8,
                                       "points": [[1, 2], [2, 3]]}]})"),
            "p.json: collectives[0]: all_gather curve on 4 ranks: node count "
            "must be in [1, group size]");
  EXPECT_EQ(error(R"({"collectives": [
                 {"kind": "broadcast", "group_size": 4, "points": [[1, 2], [2, 3]]},
                 {"kind": "broadcast", "group_size": 4, "points": [[1, 2], [2, 3]]}]})"),
            "p.json: collectives[1]: broadcast curve on 4 ranks: duplicate "
            "curve");
  EXPECT_EQ(error(R"({"ops": [{"kind": "matmul"}]})"),
            "p.json: ops[0]: expected a number 'time_us'");
  EXPECT_EQ(error(R"({"ops": [{"time_us": 1}]})"),
            "p.json: ops[0]: expected a string 'kind'");
  EXPECT_EQ(error(R"({"ops": [{"kind": "mm", "time_us": 1},
                              {"kind": "mm", "time_us": 2}]})"),
            "p.json: ops[1]: op 'mm': duplicate time");
  EXPECT_EQ(error(R"({"ops": [{"kind": "mm", "time_us": -1}]})"),
            "p.json: ops[0]: op 'mm': time must be finite and non-negative");
  EXPECT_EQ(error("{}"), "no error");
}

TEST_F(CostModelTest, ProfileFiles) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("sched-profile", "json", path));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    os << R"({"ops": [{"kind": "matmul", "time_us": 3.25}]})";
  }
  llvm::Expected<MeasuredProfile> profile = MeasuredProfile::loadJSON(path);
  ASSERT_TRUE(static_cast<bool>(profile)) << message(profile.takeError());
  EXPECT_EQ(profile->lookupOp("matmul"), 3.25);
  llvm::sys::fs::remove(path);

  llvm::Expected<MeasuredProfile> missing = MeasuredProfile::loadJSON(path);
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_EQ(message(missing.takeError()),
            ("cannot read '" + path + "': No such file or directory").str());
}
