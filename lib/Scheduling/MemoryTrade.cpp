//===- MemoryTrade.cpp - when a slower schedule is worth its memory -------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/MemoryTrade.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::sched;

MemoryPrice sched::getMemoryPrice(int64_t inputPeak, double slack,
                                  double exchangeRate) {
  double free = std::ceil(static_cast<double>(inputPeak) * (1 + slack));
  MemoryPrice price;
  // Saturated: a level beyond any peak prices nothing.
  price.freeBytes = free < 9.0e18 ? static_cast<int64_t>(free)
                                  : std::numeric_limits<int64_t>::max();
  price.exchangeRate = exchangeRate;
  return price;
}

double sched::getTradeCost(StepAndPeak schedule, MemoryPrice price) {
  if (price.exchangeRate <= 0 || price.freeBytes <= 0)
    return schedule.stepUs;
  double over = static_cast<double>(std::max<int64_t>(
                    schedule.peakBytes - price.freeBytes, 0)) /
                static_cast<double>(price.freeBytes);
  return schedule.stepUs * (1 + over / price.exchangeRate);
}

bool sched::isBetterTrade(StepAndPeak candidate, StepAndPeak current,
                          MemoryPrice price, double epsilonUs) {
  if (price.exchangeRate <= 0) {
    if (candidate.peakBytes != current.peakBytes)
      return candidate.peakBytes < current.peakBytes;
    return candidate.stepUs < current.stepUs - epsilonUs;
  }
  double a = getTradeCost(candidate, price);
  double b = getTradeCost(current, price);
  if (a < b - epsilonUs)
    return true;
  return a <= b + epsilonUs && candidate.peakBytes < current.peakBytes;
}
