//===- RangeMaxTree.cpp - range add and range max over an array -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/RangeMaxTree.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;

void RangeMaxTree::build(llvm::ArrayRef<int64_t> values) {
  numValues = values.size();
  numLeaves = 1;
  while (numLeaves < numValues)
    numLeaves *= 2;
  // Leaves past the values hold kEmpty; no range ever covers them whole.
  maxima.assign(2 * numLeaves, kEmpty);
  pending.assign(maxima.size(), 0);
  llvm::copy(values, maxima.begin() + numLeaves);
  for (unsigned node = numLeaves - 1; node > 0; --node)
    maxima[node] = std::max(maxima[2 * node], maxima[2 * node + 1]);
}

void RangeMaxTree::add(unsigned first, unsigned last, int64_t delta) {
  if (first <= last && last < numValues && delta)
    add(1, 0, numLeaves - 1, first, last, delta);
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
  if (first >= numValues || deltas.empty())
    return;
  deltas = deltas.take_front(numValues - first);
  // The leaves, then their ancestors level by level, bottom up: O(size +
  // log n) nodes, without recursion. (A leaf's pending add is never read.)
  unsigned lo = numLeaves + first, hi = lo + deltas.size() - 1;
  for (auto [index, delta] : llvm::enumerate(deltas))
    maxima[lo + index] += delta;
  while (lo > 1) {
    lo /= 2;
    hi /= 2;
    for (unsigned node = lo; node <= hi; ++node)
      maxima[node] =
          std::max(maxima[2 * node], maxima[2 * node + 1]) + pending[node];
  }
}

int64_t RangeMaxTree::max(unsigned first, unsigned last) const {
  if (first > last || last >= numValues)
    return kEmpty;
  return max(1, 0, numLeaves - 1, first, last);
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
