//===- MemoryTrade.cpp - when a slower schedule is worth its memory -------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/MemoryTrade.h"

using namespace mlir;
using namespace mlir::sched;

bool sched::savesEnoughMemory(StepAndPeak fastest, StepAndPeak trimmed,
                              double exchangeRate) {
  if (trimmed.peakBytes >= fastest.peakBytes)
    return false;
  if (trimmed.stepUs <= fastest.stepUs || exchangeRate <= 0)
    return true;
  if (fastest.stepUs <= 0 || fastest.peakBytes <= 0)
    return false;
  double loss = (trimmed.stepUs - fastest.stepUs) / fastest.stepUs;
  double saving = static_cast<double>(fastest.peakBytes - trimmed.peakBytes) /
                  static_cast<double>(fastest.peakBytes);
  return saving >= exchangeRate * loss;
}
