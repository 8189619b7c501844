//===- MemoryTradeTest.cpp - tests of the price of memory -----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/MemoryTrade.h"

#include "gtest/gtest.h"

#include <limits>

using namespace mlir::sched;

namespace {

constexpr int64_t kGiB = int64_t(1) << 30;
constexpr double kEps = 1e-6;

TEST(MemoryTradeTest, FreeLevelIsInputPeakPlusSlack) {
  MemoryPrice price = getMemoryPrice(100 * kGiB, 0.05, 10);
  EXPECT_EQ(price.freeBytes, 105 * kGiB);
  EXPECT_EQ(price.exchangeRate, 10);
  // Rounded up.
  EXPECT_EQ(getMemoryPrice(101, 0.05, 10).freeBytes, 107);
  // Saturated: no peak is over a level beyond int64_t.
  MemoryPrice huge = getMemoryPrice(int64_t(1) << 62, 10, 10);
  EXPECT_EQ(huge.freeBytes, std::numeric_limits<int64_t>::max());
  EXPECT_DOUBLE_EQ(getTradeCost({100, int64_t(1) << 62}, huge), 100);
}

TEST(MemoryTradeTest, MemoryUnderTheFreeLevelCostsNothing) {
  MemoryPrice price{100 * kGiB, 10};
  EXPECT_DOUBLE_EQ(getTradeCost({100, 50 * kGiB}, price), 100);
  EXPECT_DOUBLE_EQ(getTradeCost({100, 100 * kGiB}, price), 100);
  // 10 % over the free level at a rate of 10: 1 % of the step.
  EXPECT_DOUBLE_EQ(getTradeCost({100, 110 * kGiB}, price), 101);
  // Without a rate the cost is the step.
  EXPECT_DOUBLE_EQ(getTradeCost({100, 110 * kGiB}, {100 * kGiB, 0}), 100);
}

TEST(MemoryTradeTest, SlowerUnderTheFreeLevelLosesToFasterUnderIt) {
  MemoryPrice price{100 * kGiB, 10};
  EXPECT_FALSE(isBetterTrade({101, 90 * kGiB}, {100, 99 * kGiB}, price, kEps));
  EXPECT_TRUE(isBetterTrade({100, 90 * kGiB}, {100, 99 * kGiB}, price, kEps));
}

TEST(MemoryTradeTest, ExtraMemoryMustPayAtTheRate) {
  MemoryPrice price{100 * kGiB, 10};
  // The fastest takes 20 % over the free level (2 % of the step) for 1 %.
  StepAndPeak fastest{100, 120 * kGiB};
  EXPECT_TRUE(isBetterTrade({101, 100 * kGiB}, fastest, price, kEps));
  // For 3 % it pays.
  StepAndPeak faster{97, 120 * kGiB};
  EXPECT_FALSE(isBetterTrade({100, 100 * kGiB}, faster, price, kEps));
  // The llama8b-l1-fsdp8 points (sched's costs): 10.169 ms at 2.08 GiB,
  // 10.253 ms at 1.70 GiB, free level 1.75 GiB.
  MemoryPrice l1{1750 * (kGiB / 1000), 10};
  EXPECT_TRUE(isBetterTrade({10253, 1700 * (kGiB / 1000)},
                            {10169, 2080 * (kGiB / 1000)}, l1, kEps));
}

TEST(MemoryTradeTest, EqualCostPrefersLessMemory) {
  MemoryPrice price{100 * kGiB, 10};
  EXPECT_TRUE(isBetterTrade({100, 80 * kGiB}, {100, 90 * kGiB}, price, kEps));
  EXPECT_FALSE(isBetterTrade({100, 90 * kGiB}, {100, 80 * kGiB}, price, kEps));
}

TEST(MemoryTradeTest, RateZeroPutsMemoryFirst) {
  MemoryPrice price{100 * kGiB, 0};
  EXPECT_TRUE(isBetterTrade({150, 90 * kGiB}, {100, 91 * kGiB}, price, kEps));
  EXPECT_FALSE(isBetterTrade({100, 91 * kGiB}, {150, 90 * kGiB}, price, kEps));
  EXPECT_TRUE(isBetterTrade({99, 90 * kGiB}, {100, 90 * kGiB}, price, kEps));
  EXPECT_FALSE(isBetterTrade({100, 90 * kGiB}, {100, 90 * kGiB}, price, kEps));
}

} // namespace
