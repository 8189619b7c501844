//===- RangeMaxTree.h - range add and range max over an array ---*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A segment tree over an array of int64_t that adds a value to a range and
// returns the maximum of a range, each in O(log n). The memory analyses use
// it to answer "what would the peak be" questions without re-evaluating the
// whole timeline.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_RANGEMAXTREE_H
#define SCHED_ANALYSIS_RANGEMAXTREE_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace mlir {
namespace sched {

/// Range add and range max over an array of int64_t.
class RangeMaxTree {
public:
  /// The value `max` returns for an empty range.
  static constexpr int64_t kEmpty = std::numeric_limits<int64_t>::min();

  RangeMaxTree() = default;
  explicit RangeMaxTree(llvm::ArrayRef<int64_t> values) { build(values); }

  /// Replaces the array with `values`.
  void build(llvm::ArrayRef<int64_t> values);
  /// Adds `delta` to the elements [first, last]; empty ranges are ignored.
  void add(unsigned first, unsigned last, int64_t delta);
  /// Adds `deltas[i]` to element `first + i` for each i, in
  /// O(deltas.size() + log n); elements past the end are ignored.
  void addEach(unsigned first, llvm::ArrayRef<int64_t> deltas);
  /// Returns the maximum of the elements [first, last], or kEmpty.
  int64_t max(unsigned first, unsigned last) const;
  /// Returns the number of elements.
  unsigned size() const { return numValues; }

private:
  void add(unsigned node, unsigned lo, unsigned hi, unsigned first,
           unsigned last, int64_t delta);
  int64_t max(unsigned node, unsigned lo, unsigned hi, unsigned first,
              unsigned last) const;

  /// A heap of nodes over numLeaves leaves, a power of two (leaf i is node
  /// numLeaves + i): each node's maximum is that of its children plus its
  /// pending add, which applies to its whole range.
  std::vector<int64_t> maxima, pending;
  unsigned numValues = 0, numLeaves = 1;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_RANGEMAXTREE_H
