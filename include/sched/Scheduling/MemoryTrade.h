//===- MemoryTrade.h - when a slower schedule is worth its memory -*- C++
//-*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The exchange rate between memory and time that trimming a budget applies:
// after the fastest schedule within a budget, a schedule found with a lower
// budget replaces it if it is within the tolerance and, where it is slower,
// saves enough memory for the time it costs. Both sched-schedule-overlap's
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

/// Returns whether `trimmed`, a schedule of lower peak than `fastest`, saves
/// enough memory for its step: no slower than `fastest`, or a relative peak
/// saving, (fastest peak - trimmed peak) / fastest peak, of at least
/// `exchangeRate` times its relative step loss, (trimmed step - fastest
/// step) / fastest step. An `exchangeRate` of 0 takes any saving. The
/// tolerance on the step (how much slower a trimmed schedule may be at all)
/// is the caller's.
bool savesEnoughMemory(StepAndPeak fastest, StepAndPeak trimmed,
                       double exchangeRate);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_MEMORYTRADE_H
