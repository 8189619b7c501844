//===- StreamClock.cpp - simulated time of the streams --------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/StreamClock.h"

using namespace mlir::sched;

void StreamClock::issue(unsigned step, unsigned group, double durationUs,
                        int64_t bytes) {
  collectiveEnd[step] = times.issue(group, durationUs).second;
  inFlight[group].push_back(step);
  issuedBytes[step] = bytes;
  inFlightBytes[group] += bytes;
}

void StreamClock::issueUnwaited(unsigned step, unsigned group,
                                double durationUs) {
  collectiveEnd[step] = times.issue(group, durationUs).second;
}

void StreamClock::wait(unsigned start, unsigned group) {
  times.waitUntil(collectiveEnd[start]);
  inFlight[group].pop_front();
  inFlightBytes[group] -= issuedBytes[start];
}
