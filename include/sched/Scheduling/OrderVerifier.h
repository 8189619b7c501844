//===- OrderVerifier.h - what moving ops within blocks breaks ---*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The scheduling passes change a block by moving its ops to another order.
// Moving ops within their blocks leaves every op's own invariants (its
// operands, results, attributes, regions and parent) as they were; what it
// can break is the order itself: an op placed before the definition of a
// value it uses, or a terminator that is no longer last. sched-pipeline
// checks exactly that after passes that only reorder (and verifies the ops
// they build in full), instead of running MLIR's whole verifier again over a
// function it verified when it was parsed.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_ORDERVERIFIER_H
#define SCHED_SCHEDULING_ORDERVERIFIER_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace sched {

/// Checks the op order of every block nested in `root`: each operand of an
/// op is defined by an op before the op's ancestor in the block of that
/// definition (or is a block argument, which moving ops within blocks
/// cannot take out of scope), and each terminator is the last op of its
/// block. Emits an error at the first op that breaks it ("... in the order
/// <stage> gave the block"), and fails. Walks the ops once; the blocks' cached
/// op order is recomputed where a move invalidated it.
LogicalResult verifyOpOrder(Operation *root, StringRef stage);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_ORDERVERIFIER_H
