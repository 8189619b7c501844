//===- BufferLiveness.h - buffers and live ranges of a block ----*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Turns the ops of one block into a MemoryProblem: one step per op (nested
// ops belong to their parent), one buffer per storage.
//
// * A buffer's size comes from its type: elements x bytes per element
//   (integers and floats take whole bytes, so i1 and i4 take one byte, f8
//   types one, bf16 two, index eight, complex twice its element). A dynamic
//   dimension needs a bound from the `sched.dim_bounds` attribute of the
//   defining op (or of the function argument), else it is an error.
// * Views and in-place results share the storage of their source: memref
//   views and casts, tensor slices, reshapes and casts, results of
//   destination-style ops (their inits), loop results (their inits),
//   sched.compute results (their tensor outs; for a compute marked
//   `sched.view`, its first `ins` operand), and waits in the buffer form
//   (their destination buffers). A view of a value from outside the block
//   (a loop body's slice of a stack) is a buffer of 0 bytes: the enclosing
//   block counts the storage, as one-shot bufferization makes a subview of
//   it. A write into such a value still allocates (one-shot bufferization
//   copies a value from above that a loop body overwrites).
// * An in-flight collective keeps its inputs and its output live from its
//   start to its wait: the start allocates the output (one buffer per result
//   of a bucket) and every use of its future (the wait, a loop that carries
//   it, a yield) counts as a use of its inputs and outputs.
// * A future that enters the block (an iteration argument; a loop's,
//   branch's or region's result) stands for the collective in flight: an
//   iteration argument has, live on entry, its destinations (sized from its
//   type) and, in the tensor form, the inputs of the start whose future the
//   body yields for it (less what the body also yields and what is not the
//   body's own storage); a loop's result shares what its initial future
//   stands for; another op's future result gets its destinations at that op.
//   The wait's results share the destinations.
// * Block arguments are live on entry; they are kept live to the end or
//   freed after their last use, as the options say. Values used by the
//   terminator are live to the end.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_ANALYSIS_BUFFERLIVENESS_H
#define SCHED_ANALYSIS_BUFFERLIVENESS_H

#include "sched/Analysis/PeakMemory.h"
#include "sched/Dialect/Sched/IR/ElementSize.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace sched {

/// Returns the bounds that a `sched.dim_bounds` value `attr` (an array, or a
/// list of them) gives for value `index` of the `count` values of an op, or
/// null.
DenseI64ArrayAttr getDimBounds(Attribute attr, unsigned index, unsigned count);

/// Returns the bounds of `value`: those of its defining op for it (those of
/// its start for the results of a tensor-form `sched.wait`), or of the
/// function argument it is; null if it has none.
DenseI64ArrayAttr getDimBounds(Value value);

/// Returns the size in bytes of a value of `type`, each dynamic dimension at
/// its bound in `bounds` (one per dimension; a static dimension's must equal
/// its size). Emits an error at `loc` and fails for an unranked type, an
/// element type without a size, bounds of the wrong rank, a bound that
/// contradicts a static size, a dynamic dimension without a bound, or a size
/// past 64 bits.
FailureOr<int64_t> getBoundedByteSize(ShapedType type, DenseI64ArrayAttr bounds,
                                      Location loc);

/// The buffers of one block.
class BufferLiveness {
public:
  /// Knobs of the buffer model.
  struct Options {
    /// Keep block arguments live to the end (parameters and inputs a caller
    /// owns); otherwise they are freed after their last use.
    bool argumentsLiveThroughout = true;
  };

  /// Builds the buffers of `block`; emits an error and fails if a value
  /// cannot be sized.
  static FailureOr<BufferLiveness> build(Block &block, Options options);
  static FailureOr<BufferLiveness> build(Block &block) {
    return build(block, {});
  }

  /// Returns the buffers of the same block after its ops were moved to
  /// `order` (step `i` of the result is step `order[i]` of these), an order
  /// that keeps every definition before its uses: equal to what `build`
  /// gives for the reordered block (buffers numbered as it numbers them,
  /// block arguments first, then by defining step). O(buffers log buffers +
  /// uses log uses).
  BufferLiveness permuted(ArrayRef<unsigned> order) const;

  /// Returns the memory problem: step `i` is the `i`-th op of the block.
  const MemoryProblem &getProblem() const { return problem; }
  /// Returns the op of a step.
  Operation *getOp(unsigned step) const { return ops[step]; }
  /// Returns the number of steps: the ops of the block.
  unsigned getNumSteps() const { return ops.size(); }
  /// Returns the value that allocates `buffer` (a block argument or result).
  Value getValue(unsigned buffer) const { return bufferValues[buffer]; }
  /// Returns the buffer that holds `value`, if it has one.
  std::optional<unsigned> lookup(Value value) const;
  /// Returns the program order (0, 1, ..., n - 1).
  std::vector<unsigned> getProgramOrder() const;

private:
  /// Fills the buffers and uses of `build` (BufferLiveness.cpp).
  friend class BufferLivenessBuilder;

  MemoryProblem problem;
  std::vector<Operation *> ops;
  std::vector<Value> bufferValues;
  llvm::DenseMap<Value, unsigned> storage;
};

} // namespace sched
} // namespace mlir

#endif // SCHED_ANALYSIS_BUFFERLIVENESS_H
