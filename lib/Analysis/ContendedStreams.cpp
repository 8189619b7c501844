//===- ContendedStreams.cpp - streams of a contended simulation -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/ContendedStreams.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;

unsigned ContendedStreams::issue(unsigned pos) {
  const SimOp &op = ops[pos];
  SimResult::Collective row;
  row.op = pos;
  row.wait = pos;
  row.stream = op.stream;
  row.issueUs = row.beginUs = row.endUs = nowUs;
  row.exposedUs = 0;
  unsigned index = result.collectives.size();
  result.collectives.push_back(row);
  ended.push_back(false);
  queues[op.stream].push_back({index, op.durationUs});
  endFinished();
  return index;
}

void ContendedStreams::endFinished() {
  for (std::deque<Pending> &queue : queues)
    while (!queue.empty() && queue.front().workUs <= 0) {
      SimResult::Collective &row = result.collectives[queue.front().row];
      row.endUs = nowUs;
      ended[queue.front().row] = true;
      result.commBusyUs += row.endUs - row.beginUs;
      queue.pop_front();
      if (!queue.empty())
        result.collectives[queue.front().row].beginUs = nowUs;
    }
}

void ContendedStreams::runCompute(double workUs) {
  while (workUs > 0) {
    double slowdown = 1.0;
    for (const std::deque<Pending> &queue : queues)
      if (!queue.empty())
        slowdown = std::max(
            slowdown,
            ops[result.collectives[queue.front().row].op].computeFactor);
    double computeDt = workUs * slowdown, dt = computeDt;
    for (const std::deque<Pending> &queue : queues)
      if (!queue.empty())
        dt = std::min(
            dt, queue.front().workUs *
                    ops[result.collectives[queue.front().row].op].commFactor);
    for (std::deque<Pending> &queue : queues) {
      if (queue.empty())
        continue;
      Pending &head = queue.front();
      double factor = ops[result.collectives[head.row].op].commFactor;
      double done = head.workUs * factor <= dt ? head.workUs : dt / factor;
      result.commContentionUs += dt - done;
      head.workUs = done == head.workUs ? 0.0 : head.workUs - done;
    }
    double done = computeDt <= dt ? workUs : dt / slowdown;
    result.computeContentionUs += dt - done;
    workUs = done == workUs ? 0.0 : workUs - done;
    result.computeBusyUs += dt;
    nowUs += dt;
    endFinished();
  }
}

void ContendedStreams::runAlone(double limitUs) {
  double dt = limitUs - nowUs;
  for (const std::deque<Pending> &queue : queues)
    if (!queue.empty())
      dt = std::min(dt, queue.front().workUs);
  if (dt == limitUs - nowUs) {
    // The limit comes first (or together with an end).
    for (std::deque<Pending> &queue : queues)
      if (!queue.empty())
        queue.front().workUs =
            queue.front().workUs <= dt ? 0.0 : queue.front().workUs - dt;
    nowUs = limitUs;
    endFinished();
    return;
  }
  for (std::deque<Pending> &queue : queues)
    if (!queue.empty())
      queue.front().workUs =
          queue.front().workUs <= dt ? 0.0 : queue.front().workUs - dt;
  nowUs += dt;
  endFinished();
}

void ContendedStreams::runUntilEnded(unsigned row) {
  while (!ended[row])
    runAlone();
}

bool ContendedStreams::isBusy() const {
  return llvm::any_of(
      queues, [](const std::deque<Pending> &queue) { return !queue.empty(); });
}

void ContendedStreams::drain() {
  while (isBusy())
    runAlone();
}

void ContendedStreams::runAloneUntil(double untilUs) {
  while (nowUs < untilUs) {
    if (!isBusy()) {
      nowUs = untilUs;
      return;
    }
    runAlone(untilUs);
  }
}
