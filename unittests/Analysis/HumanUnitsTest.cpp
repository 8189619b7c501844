//===- HumanUnitsTest.cpp - the formatter of sizes and bounds -------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/HumanUnits.h"

#include "gtest/gtest.h"

#include <limits>

using namespace mlir::sched;

namespace {

TEST(HumanUnitsTest, FormatsBytesInBinaryUnits) {
  EXPECT_EQ(formatBytes(0), "0 B");
  EXPECT_EQ(formatBytes(640), "640 B");
  EXPECT_EQ(formatBytes(1023), "1023 B");
  EXPECT_EQ(formatBytes(1024), "1 KiB");
  EXPECT_EQ(formatBytes(1536), "1.5 KiB");
  EXPECT_EQ(formatBytes(268435456), "256 MiB");
  EXPECT_EQ(formatBytes(44953183232), "41.87 GiB");
  EXPECT_EQ(formatBytes(-262144), "-256 KiB");
}

TEST(HumanUnitsTest, SwitchesUnitWhereTheNumberWouldRoundTo1024) {
  // 1023.999 KiB would print as 1024 KiB: it is 1 MiB.
  EXPECT_EQ(formatBytes(1024 * 1024 - 1), "1 MiB");
  EXPECT_EQ(formatBytes(1024 * 1024 - 6 * 1024), "1018 KiB");
  // Past TiB the number grows: no larger unit.
  EXPECT_EQ(formatBytes(std::numeric_limits<int64_t>::max()), "8388608 TiB");
}

TEST(HumanUnitsTest, ChangeShowsTheExactDifferenceWhereBothPrintAlike) {
  EXPECT_EQ(formatBytesChange(640, 832), "640 B -> 832 B");
  EXPECT_EQ(formatBytesChange(44953183236, 44953183232),
            "41.87 GiB -> 41.87 GiB (-4 B)");
  EXPECT_EQ(formatBytesChange(1024, 1025), "1 KiB -> 1 KiB (+1 B)");
  EXPECT_EQ(formatBytesChange(4096, 4096), "4 KiB -> 4 KiB");
}

TEST(HumanUnitsTest, DescribesTheLowerBound) {
  EXPECT_EQ(describeLowerBound(30, 30), "optimal: equals the lower bound");
  EXPECT_EQ(describeLowerBound(30.0000001, 30),
            "optimal: equals the lower bound");
  EXPECT_EQ(describeLowerBound(38, 30),
            "within 26.7 % of the lower bound, 30.000 us");
  EXPECT_EQ(describeLowerBound(501230.393, 499653.627),
            "within 0.32 % of the lower bound, 499653.627 us");
  EXPECT_EQ(describeLowerBound(0, 0), "optimal: equals the lower bound");
  EXPECT_EQ(describeLowerBound(5, 0), "");
}

} // namespace
