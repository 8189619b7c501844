//===- ContentionTest.cpp - contended stream simulation unit tests --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The contention model of docs/CostModel.md: hand-computed timelines, the
// profile's contention buckets, and properties over random orders (factors
// of 1 give the plain simulation, the incremental simulation agrees with
// the full one).
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/ContendedStreams.h"
#include "sched/Analysis/IncrementalSimulation.h"
#include "sched/Analysis/MeasuredProfile.h"
#include "sched/Analysis/StreamSimulator.h"

#include "Analysis/SimOpBuilders.h"
#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::sched::unittest;

namespace {
/// A start of `us` solo microseconds on `stream` that runs at 1 / `comm`
/// beside compute and slows compute to 1 / `compute`.
SimOp startOn(double us, unsigned stream, double comm, double compute) {
  SimOp op = unittest::startOn(us, stream);
  op.commFactor = comm;
  op.computeFactor = compute;
  return op;
}
} // namespace

TEST(ContentionTest, CompetingComputeAndCollective) {
  // 0-9: the 6 us op runs at 1/1.5 (9 us) while the collective does 9 / 2 =
  // 4.5 of its 10 us; 9-14.5: the rest alone, exposed.
  std::vector<SimOp> ops = {startOn(10, 0, 2, 1.5), run(6), waitOn(0)};
  ASSERT_TRUE(hasContention(ops));
  FailureOr<SimResult> r = simulate(ops);
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->endUs[1], 9);
  EXPECT_DOUBLE_EQ(r->makespanUs, 14.5);
  EXPECT_DOUBLE_EQ(r->exposedCommUs, 5.5);
  EXPECT_DOUBLE_EQ(r->collectives[0].endUs, 14.5);
  EXPECT_DOUBLE_EQ(r->computeContentionUs, 3);
  EXPECT_DOUBLE_EQ(r->commContentionUs, 4.5);
  EXPECT_DOUBLE_EQ(r->computeBusyUs, 9);
  EXPECT_DOUBLE_EQ(r->commBusyUs, 14.5);
  // The bounds use the solo durations.
  EXPECT_DOUBLE_EQ(r->streamBoundUs, 10);
  // Without contention: 10 us, 4 exposed.
  FailureOr<SimResult> plain = simulate(withoutContention(ops));
  ASSERT_TRUE(succeeded(plain));
  EXPECT_DOUBLE_EQ(plain->makespanUs, 10);
  EXPECT_DOUBLE_EQ(plain->exposedCommUs, 4);
  EXPECT_DOUBLE_EQ(plain->computeContentionUs, 0);
}

TEST(ContentionTest, CollectiveEndsDuringCompute) {
  // 0-8: the 4 us collective at 1/2 ends; the op does 8 / 1.25 = 6.4 of its
  // 10 us; 8-11.6: the rest of the op alone.
  FailureOr<SimResult> r =
      simulate({startOn(4, 0, 2, 1.25), run(10), waitOn(0)});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->collectives[0].endUs, 8);
  EXPECT_DOUBLE_EQ(r->endUs[1], 11.6);
  EXPECT_DOUBLE_EQ(r->makespanUs, 11.6);
  EXPECT_DOUBLE_EQ(r->exposedCommUs, 0);
  EXPECT_NEAR(r->computeContentionUs, 1.6, 1e-12);
  EXPECT_DOUBLE_EQ(r->commContentionUs, 4);
}

TEST(ContentionTest, TheLargestComputeFactorApplies) {
  // Two groups in flight: compute runs at 1/2 (the larger factor), 4 us of
  // work in 8 us; stream 0 does 8 / 2 = 4 of 10, stream 1 8 / 1.5 of 10.
  // Then alone: stream 1 ends at 8 + 10 - 16/3, stream 0 at 8 + 6 = 14.
  FailureOr<SimResult> r =
      simulate({startOn(10, 0, 2, 1.5), startOn(10, 1, 1.5, 2), run(4),
                waitOn(0), waitOn(1)});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->endUs[2], 8);
  EXPECT_NEAR(r->collectives[1].endUs, 8 + 10 - 16.0 / 3, 1e-12);
  EXPECT_DOUBLE_EQ(r->collectives[0].endUs, 14);
  EXPECT_DOUBLE_EQ(r->exposedCommUs, 6);
  EXPECT_DOUBLE_EQ(r->makespanUs, 14);
}

TEST(ContentionTest, QueuedCollectiveBeginsWhenTheFirstEnds) {
  // One group: the second collective waits for the first. 0-10: compute (no
  // compute factor above 1) and the first at 1/2 (5 of 6); 10-11 the first
  // alone; 11-17 the second alone.
  FailureOr<SimResult> r =
      simulate({startOn(6, 0, 2, 1), startOn(6, 0, 2, 1), run(10), waitOn(1)});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->endUs[2], 10);
  EXPECT_DOUBLE_EQ(r->collectives[0].endUs, 11);
  EXPECT_DOUBLE_EQ(r->collectives[1].beginUs, 11);
  EXPECT_DOUBLE_EQ(r->collectives[1].endUs, 17);
  EXPECT_DOUBLE_EQ(r->exposedCommUs, 7);
  EXPECT_DOUBLE_EQ(r->makespanUs, 17);
  EXPECT_DOUBLE_EQ(r->computeContentionUs, 0);
  EXPECT_DOUBLE_EQ(r->commContentionUs, 5);
}

TEST(ContentionTest, NoOverlapNoCharge) {
  // The wait comes first: the collective runs alone, then the compute.
  FailureOr<SimResult> r = simulate(
      {startOn(10, 0, 3, 3), waitOn(0), run(5), startOn(0, 0, 3, 3), run(2)});
  ASSERT_TRUE(succeeded(r));
  EXPECT_DOUBLE_EQ(r->makespanUs, 17);
  EXPECT_DOUBLE_EQ(r->computeContentionUs, 0);
  EXPECT_DOUBLE_EQ(r->commContentionUs, 0);
}

TEST(ContentionTest, StreamsRunAloneUntilAnInstant) {
  // What the pipeline simulation does while a stage waits for a transfer:
  // 0-4 compute beside the collective (2 of its 10 us of work), 4-6 the
  // collective alone (to 6 left), then alone to its end at 12.
  std::vector<SimOp> ops = {startOn(10, 0, 2, 1)};
  SimResult result;
  ContendedStreams streams(ops, result, 1);
  unsigned row = streams.issue(0);
  streams.runCompute(4);
  EXPECT_DOUBLE_EQ(streams.nowUs, 4);
  streams.runAloneUntil(6);
  EXPECT_DOUBLE_EQ(streams.nowUs, 6);
  EXPECT_FALSE(streams.hasEnded(row));
  EXPECT_TRUE(streams.isBusy());
  streams.runUntilEnded(row);
  EXPECT_DOUBLE_EQ(streams.nowUs, 12);
  EXPECT_DOUBLE_EQ(result.collectives[row].endUs, 12);
  EXPECT_DOUBLE_EQ(result.commContentionUs, 2);
  // Idle streams: the clock jumps.
  streams.runAloneUntil(20);
  EXPECT_DOUBLE_EQ(streams.nowUs, 20);
  EXPECT_FALSE(streams.isBusy());
}

TEST(ContentionTest, RejectsMalformedOrders) {
  EXPECT_TRUE(failed(simulateWithContention({waitOn(0)})));
  EXPECT_TRUE(failed(simulateWithContention({run(1), waitOn(0)})));
}

namespace {
/// A random order on up to three streams; collectives get random factors in
/// [1, 3) when `contend`, else 1.
std::vector<SimOp> randomOrder(std::mt19937 &rng, unsigned numOps,
                               bool contend) {
  std::vector<SimOp> ops;
  std::vector<unsigned> pending;
  auto factor = [&] { return contend ? 1.0 + (rng() % 200) / 100.0 : 1.0; };
  while (ops.size() < numOps) {
    unsigned roll = rng() % 10;
    if (roll < 3) {
      pending.push_back(ops.size());
      double comm = factor(), compute = factor();
      ops.push_back(startOn(1 + rng() % 40, rng() % 3, comm, compute));
    } else if (roll < 6 && !pending.empty()) {
      unsigned pick = rng() % pending.size();
      ops.push_back(waitOn(pending[pick]));
      pending.erase(pending.begin() + pick);
    } else {
      ops.push_back(run(rng() % 30));
    }
  }
  return ops;
}
} // namespace

TEST(ContentionTest, FactorsOfOneGiveThePlainSimulation) {
  std::mt19937 rng(5);
  for (unsigned trial = 0; trial < 500; ++trial) {
    std::vector<SimOp> ops = randomOrder(rng, 5 + rng() % 200, false);
    FailureOr<SimResult> plain = simulate(ops);
    FailureOr<SimResult> contended = simulateWithContention(ops);
    ASSERT_TRUE(succeeded(plain) && succeeded(contended));
    ASSERT_NEAR(plain->makespanUs, contended->makespanUs, 1e-9);
    ASSERT_NEAR(plain->exposedCommUs, contended->exposedCommUs, 1e-9);
    ASSERT_NEAR(plain->commBusyUs, contended->commBusyUs, 1e-9);
    ASSERT_DOUBLE_EQ(plain->criticalPathUs, contended->criticalPathUs);
    for (unsigned pos = 0; pos < ops.size(); ++pos)
      ASSERT_NEAR(plain->endUs[pos], contended->endUs[pos], 1e-9);
    ASSERT_EQ(contended->computeContentionUs, 0);
  }
}

TEST(ContentionTest, ContentionNeverShortensAStep) {
  // Every rate is at most the solo one, so each op ends no earlier; the
  // charged time accounts for the busy time above the solo durations.
  std::mt19937 rng(7);
  for (unsigned trial = 0; trial < 500; ++trial) {
    std::vector<SimOp> ops = randomOrder(rng, 5 + rng() % 200, true);
    FailureOr<SimResult> contended = simulate(ops);
    FailureOr<SimResult> plain = simulate(withoutContention(ops));
    ASSERT_TRUE(succeeded(plain) && succeeded(contended));
    ASSERT_GE(contended->makespanUs + 1e-9, plain->makespanUs);
    for (unsigned pos = 0; pos < ops.size(); ++pos)
      ASSERT_GE(contended->endUs[pos] + 1e-9, plain->endUs[pos]);
    ASSERT_NEAR(contended->computeBusyUs - contended->computeContentionUs,
                plain->computeBusyUs, 1e-6);
    ASSERT_NEAR(contended->commBusyUs - contended->commContentionUs,
                plain->commBusyUs, 1e-6);
  }
}

TEST(ContentionTest, IncrementalMatchesFullSimulation) {
  std::mt19937 rng(13);
  for (unsigned trial = 0; trial < 100; ++trial) {
    unsigned n = 20 + rng() % 100;
    std::vector<SimOp> ops = randomOrder(rng, n, true);
    FailureOr<IncrementalSimulation> sim = IncrementalSimulation::create(ops);
    ASSERT_TRUE(succeeded(sim));
    for (unsigned q = 0; q < 10; ++q) {
      // Slow one collective down (a bucket's larger size).
      unsigned pos = rng() % n;
      if (ops[pos].kind != SimOp::Kind::Start)
        continue;
      SimOp changed = ops[pos];
      changed.durationUs *= 1.5;
      changed.commFactor = 1.0 + (rng() % 100) / 100.0;
      std::vector<SimOp> all = ops;
      all[pos] = changed;
      FailureOr<SimResult> full = simulate(all);
      FailureOr<IncrementalSimulation::Totals> got =
          sim->evaluate({{pos, changed}});
      ASSERT_TRUE(succeeded(full) && succeeded(got));
      ASSERT_NEAR(got->makespanUs, full->makespanUs, 1e-9);
      ASSERT_NEAR(got->exposedCommUs, full->exposedCommUs, 1e-9);
      if (rng() % 2) {
        ASSERT_TRUE(succeeded(sim->apply({{pos, changed}})));
        ops = all;
        ASSERT_NEAR(sim->getTotals().makespanUs, full->makespanUs, 1e-9);
      }
    }
    // A change that leaves a wait without its start fails.
    for (unsigned pos = 0; pos < n; ++pos)
      if (ops[pos].kind == SimOp::Kind::Wait) {
        EXPECT_TRUE(failed(sim->evaluate({{ops[pos].start, run(0)}})));
        break;
      }
  }
}

TEST(ContentionTest, ProfileBuckets) {
  llvm::Expected<MeasuredProfile> profile = MeasuredProfile::parse(R"({
    "contention": [
      {"max_bytes": 1048576, "comm_factor": 3.0, "compute_factor": 1.02},
      {"max_bytes": 67108864, "comm_factor": 1.8, "compute_factor": 1.05},
      {"comm_factor": 1.4, "compute_factor": 1.1}]})");
  ASSERT_TRUE(!!profile) << llvm::toString(profile.takeError());
  ASSERT_EQ(profile->getContention().size(), 3u);
  EXPECT_DOUBLE_EQ(profile->lookupContention(1)->commFactor, 3.0);
  EXPECT_DOUBLE_EQ(profile->lookupContention(1048576)->commFactor, 3.0);
  EXPECT_DOUBLE_EQ(profile->lookupContention(1048577)->commFactor, 1.8);
  EXPECT_DOUBLE_EQ(profile->lookupContention(int64_t(1) << 40)->computeFactor,
                   1.1);
  // Above the last bucket's size: the last bucket.
  llvm::Expected<MeasuredProfile> bounded = MeasuredProfile::parse(
      R"({"contention": [{"max_bytes": 10, "comm_factor": 2,
                          "compute_factor": 1}]})");
  ASSERT_TRUE(!!bounded) << llvm::toString(bounded.takeError());
  EXPECT_DOUBLE_EQ(bounded->lookupContention(11)->commFactor, 2.0);
  llvm::Expected<MeasuredProfile> none = MeasuredProfile::parse("{}");
  ASSERT_TRUE(!!none);
  EXPECT_EQ(none->lookupContention(1), nullptr);
}

TEST(ContentionTest, ProfileErrors) {
  auto errorOf = [](StringRef json) {
    llvm::Expected<MeasuredProfile> profile = MeasuredProfile::parse(json, "p");
    if (profile)
      return std::string("no error");
    return llvm::toString(profile.takeError());
  };
  EXPECT_EQ(errorOf(R"({"contention": {}})"),
            "p: contention: expected an array");
  EXPECT_EQ(errorOf(R"({"contention": [{"comm_factor": 0.5,
                                        "compute_factor": 1}]})"),
            "p: contention[0].comm_factor: expected a number >= 1");
  EXPECT_EQ(errorOf(R"({"contention": [{"comm_factor": 2}]})"),
            "p: contention[0]: missing 'compute_factor'");
  EXPECT_EQ(errorOf(R"({"contention": [{"comm_factor": 2, "compute_factor": 1},
                                       {"comm_factor": 2, "compute_factor": 1}]})"),
            "p: contention[1]: follows a bucket without 'max_bytes' (only the "
            "last bucket may omit it)");
  EXPECT_EQ(errorOf(R"({"contention": [
        {"max_bytes": 100, "comm_factor": 2, "compute_factor": 1},
        {"max_bytes": 100, "comm_factor": 2, "compute_factor": 1}]})"),
            "p: contention[1]: 'max_bytes' must be above the previous bucket's "
            "(100)");
  EXPECT_EQ(errorOf(R"({"contention": [{"max_bytes": 0, "comm_factor": 2,
                                        "compute_factor": 1}]})"),
            "p: contention[0].max_bytes: expected an integer >= 1");
  EXPECT_EQ(errorOf(R"({"contention": [{"comm_factor": 2, "compute_factor": 1,
                                        "kind": "all_gather"}]})"),
            "p: contention[0]: unknown key 'kind'");
}
