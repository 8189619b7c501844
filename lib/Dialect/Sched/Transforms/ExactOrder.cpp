//===- ExactOrder.cpp - the exact solver's order in sched-pipeline --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The greedy stages of sched-pipeline miss orders on small bodies that the
// exact solver finds (bench/bounds/gap.py). Where a body is small enough to
// solve, the search offers the solver's order as one more candidate.
//
//===----------------------------------------------------------------------===//

#include "ExactOrder.h"
#include "BlockAnalyses.h"
#include "sched/Analysis/InFlightCounter.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Scheduling/ExactSchedule.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <vector>

using namespace mlir;
using namespace mlir::sched;

/// Time differences below this are ties (us).
static constexpr double kEpsilonUs = 1e-6;

/// Returns the most collectives of one stream in flight at once when `ops`
/// run in `order`.
static int64_t getMaxInFlight(ArrayRef<SimOp> ops, ArrayRef<unsigned> order) {
  InFlightCounter<unsigned> inFlight;
  int64_t most = 0;
  for (unsigned pos : order) {
    const SimOp &op = ops[pos];
    if (op.kind == SimOp::Kind::Start)
      most = std::max(most, inFlight.start(op.stream));
    else if (op.kind == SimOp::Kind::Wait)
      inFlight.end(ops[op.start].stream);
  }
  return most;
}

/// Returns true if the starts of every stream come in `order` as they do in
/// the positions' order.
static bool keepsStartOrder(ArrayRef<SimOp> ops, ArrayRef<unsigned> order) {
  std::vector<int64_t> last;
  for (unsigned pos : order) {
    if (ops[pos].kind != SimOp::Kind::Start)
      continue;
    unsigned stream = ops[pos].stream;
    if (stream >= last.size())
      last.resize(stream + 1, -1);
    if (static_cast<int64_t>(pos) < last[stream])
      return false;
    last[stream] = pos;
  }
  return true;
}

/// Returns `order` with the position `terminator` moved to its end.
static std::vector<unsigned> withTerminatorLast(ArrayRef<unsigned> order,
                                                unsigned terminator) {
  std::vector<unsigned> result;
  result.reserve(order.size());
  for (unsigned pos : order)
    if (pos != terminator)
      result.push_back(pos);
  result.push_back(terminator);
  return result;
}

/// Returns why the body of `func` is not solved under `limits`, or nothing.
static std::optional<std::string> whyNotSolved(func::FuncOp func,
                                               const ExactOrderLimits &limits) {
  Block &body = func.getBody().front();
  if (!getNestedBlocks(func).empty())
    return std::string("not tried: the body has loops or branches");
  int64_t numOps = body.getOperations().size();
  if (numOps > limits.maxOps)
    return llvm::formatv("not tried: the body has {0} ops, more than "
                         "exact-max-ops={1}",
                         numOps, limits.maxOps)
        .str();
  return std::nullopt;
}

/// Fills `proposal` with the order `exact` found for `sim` if it is
/// strictly faster than the current order and keeps `limits`.
static void proposeIfFaster(const BlockSimulation &sim, ArrayRef<SimOp> ops,
                            const ExactSchedule &exact,
                            const ExactOrderLimits &limits,
                            ExactOrderProposal &proposal) {
  std::string how = exact.proven ? "proven optimal" : "the best found";
  if (!exact.feasible || exact.order.empty()) {
    proposal.whyNot = "not faster: no order within the memory limit found";
    return;
  }
  std::vector<unsigned> order =
      withTerminatorLast(exact.order, sim.ops.size() - 1);
  FailureOr<SimResult> result = simulate(ops, order);
  if (failed(result) || result->makespanUs >= proposal.currentUs - kEpsilonUs) {
    proposal.whyNot = llvm::formatv("not faster: the body's order is {0}",
                                    exact.proven ? "optimal" : "the best found")
                          .str();
    return;
  }
  proposal.exactUs = result->makespanUs;
  if (limits.maxInFlight > 0 &&
      getMaxInFlight(ops, order) > limits.maxInFlight) {
    proposal.whyNot =
        llvm::formatv("not taken: the {0} order has {1} "
                      "collectives of a group in flight, more "
                      "than max-in-flight ({2})",
                      how, getMaxInFlight(ops, order), limits.maxInFlight)
            .str();
    return;
  }
  if (limits.keepCollectiveOrder && !keepsStartOrder(ops, order)) {
    proposal.whyNot = "not taken: it reorders the collectives of a group "
                      "(keep-collective-order)";
    return;
  }
  for (unsigned pos : order)
    proposal.order.push_back(sim.ops[pos]);
}

FailureOr<ExactOrderProposal>
mlir::sched::proposeExactOrder(func::FuncOp func, const CostModel &model,
                               const ExactOrderLimits &limits) {
  ExactOrderProposal proposal;
  if (std::optional<std::string> why = whyNotSolved(func, limits)) {
    proposal.whyNot = std::move(*why);
    return proposal;
  }
  FailureOr<BlockAnalyses> analyses =
      BlockAnalyses::buildBlock(func.getBody().front(), model, {});
  if (failed(analyses))
    return failure();
  const BlockSimulation &sim = analyses->sim;
  std::vector<SimOp> ops = withoutContention(sim.simOps);
  FailureOr<SimResult> current = simulate(ops);
  if (failed(current))
    return mlir::emitError(func.getLoc(), "cannot simulate the body");
  proposal.currentUs = current->makespanUs;
  ExactScheduleOptions options;
  options.maxNodes = limits.maxNodes;
  options.memory = &analyses->liveness.getProblem();
  options.memoryBudget = limits.memoryLimit;
  FailureOr<ExactSchedule> exact = findExactSchedule(ops, {}, options);
  if (failed(exact)) {
    proposal.whyNot = "not tried: the solver cannot take this body";
    return proposal;
  }
  proposal.nodes = exact->nodes;
  proposal.proven = exact->proven;
  proposeIfFaster(sim, ops, *exact, limits, proposal);
  return proposal;
}

void mlir::sched::applyOpOrder(Block &block, ArrayRef<Operation *> order) {
  Operation *terminator = &block.back();
  for (Operation *op : order)
    if (op != terminator)
      op->moveBefore(terminator);
}
