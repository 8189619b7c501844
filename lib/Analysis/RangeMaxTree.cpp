//===- RangeMaxTree.cpp - range add and range max over an array -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/RangeMaxTree.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;

void RangeMaxTree::build(llvm::ArrayRef<int64_t> values) {
  numValues = values.size();
  maxima.assign(4 * std::max<unsigned>(numValues, 1), kEmpty);
  pending.assign(maxima.size(), 0);
  if (numValues)
    build(1, 0, numValues - 1, values);
}

void RangeMaxTree::build(unsigned node, unsigned lo, unsigned hi,
                         llvm::ArrayRef<int64_t> values) {
  if (lo == hi) {
    maxima[node] = values[lo];
    return;
  }
  unsigned mid = (lo + hi) / 2;
  build(2 * node, lo, mid, values);
  build(2 * node + 1, mid + 1, hi, values);
  maxima[node] = std::max(maxima[2 * node], maxima[2 * node + 1]);
}

void RangeMaxTree::add(unsigned first, unsigned last, int64_t delta) {
  if (first <= last && last < numValues && delta)
    add(1, 0, numValues - 1, first, last, delta);
}

void RangeMaxTree::add(unsigned node, unsigned lo, unsigned hi, unsigned first,
                       unsigned last, int64_t delta) {
  if (last < lo || hi < first)
    return;
  if (first <= lo && hi <= last) {
    maxima[node] += delta;
    pending[node] += delta;
    return;
  }
  unsigned mid = (lo + hi) / 2;
  add(2 * node, lo, mid, first, last, delta);
  add(2 * node + 1, mid + 1, hi, first, last, delta);
  maxima[node] =
      std::max(maxima[2 * node], maxima[2 * node + 1]) + pending[node];
}

void RangeMaxTree::addEach(unsigned first, llvm::ArrayRef<int64_t> deltas) {
  if (first < numValues && !deltas.empty())
    addEach(1, 0, numValues - 1, first, deltas.take_front(numValues - first));
}

void RangeMaxTree::addEach(unsigned node, unsigned lo, unsigned hi,
                           unsigned first, llvm::ArrayRef<int64_t> deltas) {
  unsigned last = first + deltas.size() - 1;
  if (last < lo || hi < first)
    return;
  if (lo == hi) {
    maxima[node] += deltas[lo - first];
    pending[node] += deltas[lo - first];
    return;
  }
  unsigned mid = (lo + hi) / 2;
  addEach(2 * node, lo, mid, first, deltas);
  addEach(2 * node + 1, mid + 1, hi, first, deltas);
  maxima[node] =
      std::max(maxima[2 * node], maxima[2 * node + 1]) + pending[node];
}

int64_t RangeMaxTree::max(unsigned first, unsigned last) const {
  if (first > last || last >= numValues)
    return kEmpty;
  return max(1, 0, numValues - 1, first, last);
}

int64_t RangeMaxTree::max(unsigned node, unsigned lo, unsigned hi,
                          unsigned first, unsigned last) const {
  if (last < lo || hi < first)
    return kEmpty;
  if (first <= lo && hi <= last)
    return maxima[node];
  unsigned mid = (lo + hi) / 2;
  int64_t best = std::max(max(2 * node, lo, mid, first, last),
                          max(2 * node + 1, mid + 1, hi, first, last));
  return best == kEmpty ? kEmpty : best + pending[node];
}
