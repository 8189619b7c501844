//===- MemoryTradeTest.cpp - tests of the memory/step exchange rate -------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/MemoryTrade.h"

#include "gtest/gtest.h"

using namespace mlir::sched;

namespace {

constexpr int64_t kGiB = int64_t(1) << 30;

TEST(MemoryTradeTest, NeverMorePeak) {
  EXPECT_FALSE(savesEnoughMemory({100, kGiB}, {90, kGiB}, 0));
  EXPECT_FALSE(savesEnoughMemory({100, kGiB}, {90, 2 * kGiB}, 0));
}

TEST(MemoryTradeTest, NoSlowerAlwaysWorthIt) {
  EXPECT_TRUE(savesEnoughMemory({100, kGiB}, {100, kGiB - 1}, 1e9));
  EXPECT_TRUE(savesEnoughMemory({100, kGiB}, {99, kGiB - 1}, 1e9));
}

TEST(MemoryTradeTest, RateZeroTakesAnySaving) {
  EXPECT_TRUE(savesEnoughMemory({100, kGiB}, {150, kGiB - 1}, 0));
}

TEST(MemoryTradeTest, SavingPerLossAgainstTheRate) {
  // 1 % slower: needs 10 % of the peak at a rate of 10.
  StepAndPeak fastest{100, 100 * kGiB};
  EXPECT_TRUE(savesEnoughMemory(fastest, {101, 90 * kGiB}, 10));
  EXPECT_TRUE(savesEnoughMemory(fastest, {101, 89 * kGiB}, 10));
  EXPECT_FALSE(savesEnoughMemory(fastest, {101, 91 * kGiB}, 10));
  // 0.41 % slower for 3.7 % of the peak: a rate of 9, refused at 10.
  EXPECT_FALSE(savesEnoughMemory({10253.330, 1825 * (kGiB / 1000)},
                                 {10295.273, 1757 * (kGiB / 1000)}, 10));
  EXPECT_TRUE(savesEnoughMemory({10253.330, 1825 * (kGiB / 1000)},
                                {10295.273, 1757 * (kGiB / 1000)}, 5));
}

TEST(MemoryTradeTest, DegenerateFastest) {
  // A zero step or peak gives no fraction to compare: refused.
  EXPECT_FALSE(savesEnoughMemory({0, kGiB}, {1, 1}, 10));
  EXPECT_TRUE(savesEnoughMemory({0, kGiB}, {0, 1}, 10));
}

} // namespace
