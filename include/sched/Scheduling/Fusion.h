//===- Fusion.h - Memory-aware fusion of compute ops ------------*- C++ -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The algorithm behind `sched-fuse-compute`, usable without the pass manager
// (benchmarks, unit tests): greedy fusion of `sched.compute` ops by memory
// traffic saved, with a memory guard that keeps the peak from rising.
// docs/passes/FuseCompute.md describes it.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_SCHEDULING_FUSION_H
#define SCHED_SCHEDULING_FUSION_H

#include "sched/Dialect/Sched/Transforms/PassOptionEnums.h"

#include "mlir/IR/Block.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace sched {

class CostModel;

/// Options of fuseComputeOps; the pass options of `sched-fuse-compute`.
struct FusionOptions {
  FusionMemoryGuard guard = FusionMemoryGuard::Exact;
  /// Exact guard: allowed growth of the peak over the unfused one, in bytes.
  int64_t tolerance = 0;
  /// Heuristic guard: the factor of Inductor's rule.
  double heuristicFactor = 32.0;
  /// Largest number of original ops in one fused op.
  unsigned maxFusedOps = 64;
  /// Each reader of a buffer is paired with at most this many following
  /// readers as sibling candidates.
  unsigned siblingCandidates = 16;
  /// Kinds never fused (e.g. library matmuls, as Inductor's extern kernels).
  SmallVector<std::string> excludeKinds;
  /// A pair that no move of one of the two places (ops between them use the
  /// first and feed the second), or whose placements raise the peak too
  /// much (exact guard), may reorder the ops between the two, if there are
  /// at most this many (0: never).
  unsigned reorderMaxOps = 64;
  /// Largest number of bytes one fused op may read from memory (the buffers
  /// its members read that no member writes); 0: no limit.
  int64_t maxFusedReadBytes = 0;
  /// Rounds of candidate search (each round rebuilds the memory profile).
  unsigned maxRounds = 64;
  /// Emit a remark for every rejected candidate.
  bool remarks = true;
};

/// What fuseComputeOps did.
struct FusionStats {
  /// Ops of the block before, fused ops created, pairs fused.
  unsigned numOps = 0, fusedOps = 0, fusions = 0;
  /// Rounds of candidate search run.
  unsigned rounds = 0;
  /// Pairs fused with the ops between them reordered (among `fusions`).
  unsigned reordered = 0;
  /// Candidates rejected, by reason.
  unsigned rejectedCycle = 0, rejectedOrder = 0, rejectedSize = 0,
           rejectedBody = 0, rejectedMemory = 0, rejectedExposure = 0,
           rejectedReads = 0;
  /// Memory traffic of the block's fusible ops (bytes read plus written, from
  /// the types), before and after, and the saving (their difference).
  int64_t trafficBefore = 0, trafficAfter = 0;
  /// Peak memory of the block before and after.
  int64_t peakBefore = 0, peakAfter = 0;
};

/// Returns true if fuseComputeOps may fuse `op`: a `sched.compute` in the
/// value-semantic form (no destinations, no memrefs) whose kinds are not
/// excluded.
bool isFusibleOp(Operation *op, const FusionOptions &options);

/// Fuses the `sched.compute` ops of `block` (see docs/passes/FuseCompute.md)
/// and returns what it did. A fusion that would leave a collective less
/// hidden is refused: with `costModel`, one whose compute in flight would
/// fall short of its time; without, any that takes compute out of a
/// collective's flight. Fails, with an error, if the block's buffers cannot
/// be sized, or (with `costModel`, in a block that starts collectives) its
/// ops cannot be costed.
FailureOr<FusionStats> fuseComputeOps(Block &block,
                                      const FusionOptions &options,
                                      const CostModel *costModel = nullptr);

} // namespace sched
} // namespace mlir

#endif // SCHED_SCHEDULING_FUSION_H
