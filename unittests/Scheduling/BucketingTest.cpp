//===- BucketingTest.cpp - the collective bucketer ------------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Checks the bucketer of the Scheduling library (Bucketing.h) through its own
// API: the candidates it finds, the buckets and placements it picks, the
// refusals it counts, and, on random programs, what must always hold: the
// buckets never expose more communication nor raise the peak memory, every
// bucket holds collectives of one key, and the materialized IR verifies.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/Bucketing.h"
#include "Scheduling/RandomProgram.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"
#include "gtest/gtest.h"

#include <memory>
#include <random>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// The analyses of the body of a module's last function, as the pass builds
/// them.
struct Analyses {
  explicit Analyses(func::FuncOp func)
      : func(func), model(TargetAttr::lookup(func)),
        graph(DependenceGraph::build(func.getBody().front())) {
    Block &body = func.getBody().front();
    FailureOr<BlockSimulation> built =
        buildBlockSimulationWithGraph(body, model, graph);
    EXPECT_TRUE(succeeded(built));
    sim = std::move(*built);
    FailureOr<BufferLiveness> sized = BufferLiveness::build(body);
    EXPECT_TRUE(succeeded(sized));
    liveness.emplace(std::move(*sized));
  }

  /// Returns a bucketer over these analyses.
  std::unique_ptr<Bucketer>
  makeBucketer(const BucketingOptions &options) const {
    return std::make_unique<Bucketer>(model, sim, *liveness, graph, options);
  }

  /// Runs every step of `bucketer`; returns true if all succeeded.
  static bool runAll(Bucketer &bucketer, Location loc) {
    return succeeded(bucketer.analyzeInput(loc)) &&
           succeeded(bucketer.collectCandidates()) &&
           succeeded(bucketer.prepare(loc)) &&
           succeeded(bucketer.formBuckets());
  }

  func::FuncOp func;
  CostModel model;
  DependenceGraph graph;
  BlockSimulation sim;
  std::optional<BufferLiveness> liveness;
};

struct BucketingTest : public ::testing::Test {
  BucketingTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `body` into a module with a target and two process groups.
  OwningOpRef<ModuleOp> parse(StringRef body) {
    std::string text =
        "module attributes {sched.target = #sched.target<name = \"t\", "
        "gpus_per_node = 8, intra_node = <bandwidth = 100.0, latency = 1.0>, "
        "inter_node = <bandwidth = 10.0, latency = 5.0>, hbm_bandwidth = "
        "1000.0, hbm_capacity = 1000000000, compute = [f32 = 10.0]>} {\n"
        "sched.process_group @g size = 2\n"
        "sched.process_group @h size = 2\n" +
        body.str() + "\n}\n";
    return parseSourceString<ModuleOp>(text, &context);
  }

  static func::FuncOp getFunc(ModuleOp module) {
    return cast<func::FuncOp>(module.getBody()->back());
  }

  MLIRContext context;
};

/// Returns options whose cap and window take every candidate of the tests.
BucketingOptions getWideOptions() {
  BucketingOptions options;
  options.capBytes = 1 << 20;
  options.window = 100;
  return options;
}

/// Two all_gathers, each hidden by one mm, and an all_reduce on another
/// group.
constexpr StringLiteral kTwoGathers = R"mlir(
func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
  %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
  %r = sched.all_reduce_start %a on @h reduction = sum : tensor<4x4xf32> -> !sched.future<tensor<4x4xf32>>
  %m1 = sched.compute "mm" ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
  %m2 = sched.compute "mm" ins(%b, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
  %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
  %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
  %wr = sched.wait %r : !sched.future<tensor<4x4xf32>>
  return %w1, %w2, %m1, %m2, %wr : tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}
)mlir";
} // namespace

TEST_F(BucketingTest, KeysSeparateKindsAndGroups) {
  OwningOpRef<ModuleOp> module = parse(kTwoGathers);
  ASSERT_TRUE(module);
  Analyses analyses(getFunc(*module));
  std::unique_ptr<Bucketer> owner = analyses.makeBucketer(getWideOptions());
  Bucketer &bucketer = *owner;
  ASSERT_TRUE(succeeded(bucketer.analyzeInput(analyses.func.getLoc())));
  ASSERT_TRUE(succeeded(bucketer.collectCandidates()));
  // The two all_gathers share a key (by start position); the all_reduce is
  // alone under its own.
  ArrayRef<SmallVector<BucketMember>> candidates = bucketer.getCandidates();
  ASSERT_EQ(candidates.size(), 2u);
  ASSERT_EQ(candidates[0].size(), 2u);
  EXPECT_EQ(candidates[0][0].start, 0u);
  EXPECT_EQ(candidates[0][1].start, 1u);
  EXPECT_EQ(candidates[0][0].wait, 5u);
  EXPECT_EQ(candidates[0][1].wait, 6u);
  EXPECT_EQ(candidates[0][0].bytes, 128);
  ASSERT_EQ(candidates[1].size(), 1u);
  EXPECT_EQ(candidates[1][0].start, 2u);
}

TEST_F(BucketingTest, HiddenGathersTakeTheEarlyStartAndTheLateWait) {
  OwningOpRef<ModuleOp> module = parse(kTwoGathers);
  ASSERT_TRUE(module);
  Analyses analyses(getFunc(*module));
  std::unique_ptr<Bucketer> owner = analyses.makeBucketer(getWideOptions());
  Bucketer &bucketer = *owner;
  ASSERT_TRUE(Analyses::runAll(bucketer, analyses.func.getLoc()));
  ArrayRef<Bucket> buckets = bucketer.getBuckets();
  // One bucket of the two all_gathers, one of the all_reduce alone.
  ASSERT_EQ(buckets.size(), 2u);
  EXPECT_EQ(buckets[0].members.size(), 2u);
  EXPECT_EQ(buckets[0].bytes, 256);
  EXPECT_EQ(buckets[0].startPos, 0u);
  EXPECT_EQ(buckets[0].waitPos, 6u);
  EXPECT_EQ(buckets[1].members.size(), 1u);
  EXPECT_EQ(bucketer.getRefusals().getTotal(), 0u);
  EXPECT_LE(bucketer.getExposedCommUs(),
            bucketer.getInputExposedCommUs() + 1e-9);

  FailureOr<BucketingSummary> made = materializeBuckets(
      &context, analyses.sim.ops, buckets, /*explain=*/false);
  ASSERT_TRUE(succeeded(made));
  EXPECT_EQ(made->numBuckets, 1u);
  EXPECT_EQ(made->numBucketed, 2u);
  EXPECT_EQ(made->bucketedBytes, 256);
  ASSERT_TRUE(succeeded(verify(*module)));
  unsigned gathers = 0;
  module->walk([&](AllGatherStartOp op) {
    ++gathers;
    EXPECT_EQ(op.getInputs().size(), 2u);
  });
  EXPECT_EQ(gathers, 1u);
}

TEST_F(BucketingTest, CapAndWindowRefuse) {
  // Each all_gather sends 128 bytes; their starts are adjacent (0 ops
  // apart), so a window of 0 takes them and a cap of 200 B does not.
  for (bool byCap : {true, false}) {
    OwningOpRef<ModuleOp> module = parse(kTwoGathers);
    ASSERT_TRUE(module);
    Analyses analyses(getFunc(*module));
    BucketingOptions options = getWideOptions();
    if (byCap)
      options.capBytes = 200;
    else
      options.window = 0;
    std::unique_ptr<Bucketer> bucketer = analyses.makeBucketer(options);
    ASSERT_TRUE(Analyses::runAll(*bucketer, analyses.func.getLoc()));
    const BucketRefusalCounts &refusals = bucketer->getRefusals();
    EXPECT_EQ(refusals.count[static_cast<unsigned>(BucketRefusal::Cap)],
              byCap ? 1u : 0u);
    EXPECT_EQ(refusals.getTotal(), byCap ? 1u : 0u);
    EXPECT_EQ(bucketer->getBuckets()[0].members.size(), byCap ? 1u : 2u);
  }
}

TEST_F(BucketingTest, ResultUsedBeforeTheLateWaitTakesTheEarlyWait) {
  // The first all_gather's result is used before the second's wait: the
  // late wait would come after a use.
  OwningOpRef<ModuleOp> module = parse(R"mlir(
func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %s1 = sched.all_gather_start %a on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
  %s2 = sched.all_gather_start %b on @g gather_dim = 0 : tensor<4x4xf32> -> !sched.future<tensor<8x4xf32>>
  %m = sched.compute "mm" ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) cost <time_ns = 1000000> -> (tensor<4x4xf32>)
  %w1 = sched.wait %s1 : !sched.future<tensor<8x4xf32>>
  %u = sched.compute "use" ins(%w1 : tensor<8x4xf32>) cost <time_ns = 0> -> (tensor<8x4xf32>)
  %w2 = sched.wait %s2 : !sched.future<tensor<8x4xf32>>
  return %u, %w2 : tensor<8x4xf32>, tensor<8x4xf32>
}
)mlir");
  ASSERT_TRUE(module);
  Analyses analyses(getFunc(*module));
  std::unique_ptr<Bucketer> owner = analyses.makeBucketer(getWideOptions());
  Bucketer &bucketer = *owner;
  ASSERT_TRUE(Analyses::runAll(bucketer, analyses.func.getLoc()));
  ASSERT_EQ(bucketer.getBuckets().size(), 1u);
  const Bucket &bucket = bucketer.getBuckets()[0];
  EXPECT_EQ(bucket.members.size(), 2u);
  EXPECT_EQ(bucket.startPos, 0u);
  EXPECT_EQ(bucket.waitPos, 3u);
  EXPECT_TRUE(succeeded(materializeBuckets(
      &context, analyses.sim.ops, bucketer.getBuckets(), /*explain=*/false)));
  EXPECT_TRUE(succeeded(verify(*module)));
}

namespace {
/// The exposed communication and the peak memory of @step in program order.
std::pair<double, int64_t> evaluate(func::FuncOp func) {
  Block &body = func.getBody().front();
  CostModel model(TargetAttr::lookup(func));
  FailureOr<BlockSimulation> sim = buildBlockSimulation(body, model);
  EXPECT_TRUE(succeeded(sim));
  FailureOr<SimResult> result = simulate(sim->simOps);
  EXPECT_TRUE(succeeded(result));
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(body);
  EXPECT_TRUE(succeeded(liveness));
  MemoryProfile memory(liveness->getProblem(), liveness->getProgramOrder());
  return {succeeded(result) ? result->exposedCommUs : 0, memory.getPeak()};
}
} // namespace

TEST_F(BucketingTest, RandomProgramsNeverExposeMoreNorRaiseThePeak) {
  std::mt19937 rng(19);
  unsigned bucketed = 0;
  for (unsigned trial = 0; trial < 300; ++trial) {
    OwningOpRef<ModuleOp> module = unittest::randomProgram(&context, rng);
    func::FuncOp func = getFunc(*module);
    auto [exposedBefore, peakBefore] = evaluate(func);
    Analyses analyses(func);
    BucketingOptions options;
    options.capBytes = int64_t(1) << (20 + rng() % 4);
    options.window = rng() % 20;
    options.exposedFirst = rng() % 2;
    options.keepCollectiveOrder = rng() % 2;
    std::unique_ptr<Bucketer> owner = analyses.makeBucketer(options);
    Bucketer &bucketer = *owner;
    ASSERT_TRUE(Analyses::runAll(bucketer, func.getLoc()));
    EXPECT_LE(bucketer.getExposedCommUs(), exposedBefore + 1e-6);
    for (const Bucket &bucket : bucketer.getBuckets()) {
      EXPECT_LE(bucket.bytes, options.capBytes);
      auto first = cast<CollectiveOpInterface>(
          analyses.sim.ops[bucket.members.front().start]);
      for (const BucketMember &member : bucket.members)
        EXPECT_EQ(BucketKey::fromOp(cast<CollectiveOpInterface>(
                      analyses.sim.ops[member.start])),
                  BucketKey::fromOp(first));
    }
    FailureOr<BucketingSummary> made = materializeBuckets(
        &context, analyses.sim.ops, bucketer.getBuckets(), /*explain=*/false);
    ASSERT_TRUE(succeeded(made)) << "trial " << trial;
    bucketed += made->numBuckets;
    ASSERT_TRUE(succeeded(verify(*module)));
    auto [exposedAfter, peakAfter] = evaluate(func);
    EXPECT_LE(peakAfter, peakBefore) << "trial " << trial;
    EXPECT_NEAR(exposedAfter, bucketer.getExposedCommUs(), 1e-6)
        << "trial " << trial;
  }
  // The paths that bucket run.
  EXPECT_GT(bucketed, 0u);
}

/// Returns the most collectives of one group in flight at once in `block`
/// (a start counts until the wait of its future).
static int64_t getMostInFlight(Block &block) {
  llvm::StringMap<int64_t> perGroup;
  int64_t most = 0;
  for (Operation &op : block) {
    if (auto start = dyn_cast<CollectiveOpInterface>(&op)) {
      most = std::max(most, ++perGroup[start.getGroupAttr().getValue()]);
    } else if (auto wait = dyn_cast<WaitOp>(&op)) {
      if (auto start = wait.getFuture().getDefiningOp<CollectiveOpInterface>())
        --perGroup[start.getGroupAttr().getValue()];
    }
  }
  return most;
}

// bucketedExceedsInFlight, asked before materializeBuckets, says whether the
// block it then makes goes over the cap.
TEST_F(BucketingTest, InFlightExcessIsKnownBeforeMaterializing) {
  std::mt19937 rng(23);
  unsigned over = 0, within = 0;
  for (unsigned trial = 0; trial < 300; ++trial) {
    OwningOpRef<ModuleOp> module = unittest::randomProgram(&context, rng);
    func::FuncOp func = getFunc(*module);
    Analyses analyses(func);
    BucketingOptions options;
    options.capBytes = int64_t(1) << (20 + rng() % 4);
    options.window = rng() % 20;
    std::unique_ptr<Bucketer> bucketer = analyses.makeBucketer(options);
    ASSERT_TRUE(Analyses::runAll(*bucketer, func.getLoc()));
    int64_t cap = 1 + rng() % 3;
    bool exceeds =
        bucketedExceedsInFlight(analyses.sim.ops, bucketer->getBuckets(), cap);
    ASSERT_TRUE(succeeded(materializeBuckets(&context, analyses.sim.ops,
                                             bucketer->getBuckets(),
                                             /*explain=*/false)));
    EXPECT_EQ(exceeds, getMostInFlight(func.getBody().front()) > cap)
        << "trial " << trial;
    ++(exceeds ? over : within);
  }
  // Both answers come up.
  EXPECT_GT(over, 0u);
  EXPECT_GT(within, 0u);
}
