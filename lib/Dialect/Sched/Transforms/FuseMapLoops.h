//===- FuseMapLoops.h - run a map loop in a communicating loop --*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The fusion that sched-pipeline-loop-collectives tries before it rotates a
// loop: a later loop whose iterations are independent (a *map*: each
// iteration reads rows of stacks by its index and writes its own row of its
// outputs) and that reads, row by row, a stack the communicating loop
// writes row by row, runs inside the communicating loop's iterations, each
// of its iterations in the one that wrote the row it reads. The optimizer
// loop after a backward loop over layers is one: its work (the layer's
// update) then runs under the next layer's collectives, and the stack of
// gradients between the two loops is no longer built.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_LIB_DIALECT_SCHED_TRANSFORMS_FUSEMAPLOOPS_H
#define SCHED_LIB_DIALECT_SCHED_TRANSFORMS_FUSEMAPLOOPS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <string>
#include <variant>

namespace mlir {
namespace sched {

/// A map loop that can run inside an earlier loop's iterations.
struct MapLoopFusion {
  /// The earlier loop (it writes the stacks) and the map loop.
  scf::ForOp producer, consumer;
  /// The producer's row index (an `index` value of its body, the row its
  /// stacks' inserts write), which becomes the consumer's induction
  /// variable.
  Value row;
  /// The consumer's reads of the producer's stacks, each with the insert
  /// of the producer's body that wrote the row it reads.
  SmallVector<std::pair<tensor::ExtractSliceOp, tensor::InsertSliceOp>> reads;
  /// The producer's reads of the consumer's initial values (a stack the
  /// consumer updates in place, such as the parameters an optimizer
  /// writes), each with the consumer's iteration argument it initialises:
  /// the fused loop reads them through that argument.
  SmallVector<std::pair<tensor::ExtractSliceOp, unsigned>> initReads;
  /// The producer's results that only the consumer's reads use: their
  /// stacks are not built by the fused loop.
  SmallVector<unsigned> deadStacks;
  /// The ops between the two loops that the consumer needs (constants, its
  /// initial values), in program order: they move before the producer.
  SmallVector<Operation *> hoisted;
  /// Where replaceWithFusedLoop took things from, for restoreFusedLoops:
  /// the op after each hoisted op and after the consumer, and the uses it
  /// pointed at the fused loop with the values they read before.
  SmallVector<Operation *> hoistedNext;
  Operation *consumerNext = nullptr;
  SmallVector<std::pair<OpOperand *, Value>> redirected;
};

/// Returns the fusion of `consumer`, the first loop after `producer` in its
/// block, into `producer`, or why it is not one (a short lowercase
/// sentence). The rules (docs/passes/PipelineLoopCollectives.md, "Fusing a
/// map loop"): both loops have the same static trip count and step; every
/// op of the consumer's body is free of memory effects and neither a
/// collective nor a wait; each of its iteration arguments is only the
/// destination of one `tensor.insert_slice` of the row of its induction
/// variable, yielded, and the source of `tensor.extract_slice`s of that row
/// (the old row of an update in place); it reads the producer's results only by
/// `tensor.extract_slice` of that row, each from a stack the producer only
/// writes by one `tensor.insert_slice` of the same region at a row
/// `iv + c` or `c - iv` of its induction variable, every row of the
/// consumer's iterations written once; the producer reads the consumer's
/// initial values only by `tensor.extract_slice` in its body of the row it
/// writes; and the values it needs from between the loops come from ops
/// free of memory effects that do not read the producer's results.
std::variant<MapLoopFusion, std::string>
matchMapLoopFusion(scf::ForOp producer, scf::ForOp consumer);

/// Moves the hoisted ops of `fusion` before its producer and builds the
/// fused loop there, returning it: the producer's body, then the
/// consumer's body for the row the producer wrote, each read of a stack
/// replaced by the value inserted into it; its results are the producer's
/// (less the dead stacks), then the consumer's. The two loops stay in
/// place, unused by the new loop; replaceWithFusedLoop puts it in their
/// place.
scf::ForOp buildFusedLoop(MapLoopFusion &fusion);

/// Points the uses of `fusion`'s two loops' results at `fused`'s, and takes
/// both loops out of their block (kept, detached) for
/// restoreFusedLoops or eraseFusedLoops.
void replaceWithFusedLoop(MapLoopFusion &fusion, scf::ForOp fused);

/// Undoes replaceWithFusedLoop and buildFusedLoop: puts both loops back
/// where they were, their uses and the hoisted ops too, and erases `fused`.
void restoreFusedLoops(MapLoopFusion &fusion, scf::ForOp fused);

/// Erases the two loops that replaceWithFusedLoop took out.
void eraseFusedLoops(const MapLoopFusion &fusion);

} // namespace sched
} // namespace mlir

#endif // SCHED_LIB_DIALECT_SCHED_TRANSFORMS_FUSEMAPLOOPS_H
