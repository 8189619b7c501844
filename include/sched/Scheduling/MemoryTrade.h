//===- MemoryTrade.h - when a slower schedule is worth its memory -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The price of memory that trimming a budget applies: after the fastest
// schedule within a budget, schedules found with lower budgets are compared
// with it by their step plus a price for the memory they take over a free
// level (the input's peak plus memory-slack), so that memory beyond it is
// spent only where it buys enough step. Both sched-schedule-overlap's
// `trim-budget` and sched-pipeline's trimmed rerun ask the same question.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_MEMORYTRADE_H
#define SCHED_SCHEDULING_MEMORYTRADE_H

#include <cstdint>

namespace mlir {
namespace sched {

/// A schedule's simulated step and peak memory.
struct StepAndPeak {
  double stepUs;
  int64_t peakBytes;
};

/// What memory costs when schedules of different steps and peaks are
/// compared.
struct MemoryPrice {
  /// Bytes that cost nothing (the input's peak plus memory-slack).
  int64_t freeBytes = 0;
  /// Fractions of `freeBytes` over it that are worth one fraction of the
  /// step: at 10, a schedule 1 % slower is as good as one taking 10 % of
  /// `freeBytes` more memory over it. 0: memory comes first (the lower peak
  /// wins, then the faster step).
  double exchangeRate = 0;
};

/// Returns the price of memory for a function whose input peaks at
/// `inputPeak`: free up to `inputPeak` plus `slack` of it (rounded up), then
/// at `exchangeRate`.
MemoryPrice getMemoryPrice(int64_t inputPeak, double slack,
                           double exchangeRate);

/// Returns the cost of `schedule` under `price` (exchangeRate > 0): its step
/// times 1 + (its peak over freeBytes, as a fraction of freeBytes) /
/// exchangeRate.
double getTradeCost(StepAndPeak schedule, MemoryPrice price);

/// Returns true if `candidate` is a better trade than `current` under
/// `price`: a lower cost (getTradeCost), or the same cost (within
/// `epsilonUs`) and a lower peak; with an exchange rate of 0, a lower peak,
/// or the same peak and a step lower by more than `epsilonUs`.
bool isBetterTrade(StepAndPeak candidate, StepAndPeak current,
                   MemoryPrice price, double epsilonUs);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_MEMORYTRADE_H
