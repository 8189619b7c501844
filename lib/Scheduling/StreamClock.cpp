//===- StreamClock.cpp - simulated time of a partial schedule -------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/StreamClock.h"

#include <algorithm>

using namespace mlir::sched;

void StreamClock::issue(unsigned step, unsigned group, double durationUs,
                        int64_t bytes) {
  double begin = std::max(nowUs, streamFree[group]);
  collectiveEnd[step] = begin + durationUs;
  streamFree[group] = collectiveEnd[step];
  inFlight[group].push_back(step);
  issuedBytes[step] = bytes;
  inFlightBytes[group] += bytes;
}

void StreamClock::wait(unsigned start, unsigned group) {
  nowUs = std::max(nowUs, collectiveEnd[start]);
  inFlight[group].pop_front();
  inFlightBytes[group] -= issuedBytes[start];
}
