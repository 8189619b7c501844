//===- ProgramSimulation.cpp - simulate loops, branches and calls ---------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The builder walks the function body in program order and appends one
// simulated op per op, going into loops, branches, regions and calls. The
// dependences of a copy of a block come from the block's dependence graph
// (built once per block), plus, across iterations, the uses of an
// iteration argument on whatever produced the yielded value in the previous
// iteration. A loop, branch, region or call gets two zero-time markers: the
// first depends on the op's own predecessors and every op of its body that
// has no predecessor in the body depends on it; the second depends on the
// body's sinks, and the op's successors depend on it.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

using namespace mlir;
using namespace mlir::sched;

/// The most ops the flat list holds (about 2 GB), so that a loop of a
/// billion iterations is an error, not an exhausted memory.
static constexpr uint64_t kMaxSimulatedOps = 1 << 24;

namespace {
/// Positions, in the flat list, that stand for the completion of a value or
/// an op.
using Exits = SmallVector<unsigned, 2>;

/// What a copy of a block hands back: the exits and the futures' starts of
/// its terminator's operands, and the exits of its sinks.
struct BlockCopy {
  SmallVector<Exits> operandExits;
  SmallVector<std::optional<unsigned>> operandStarts;
  Exits sinks;
};

class ProgramBuilder {
public:
  ProgramBuilder(const CostModel &costModel, Block &body,
                 ProgramSimulation &out, CallSimulation calls)
      : costModel(costModel), body(body), out(out), calls(calls) {}

  /// Appends `block` (whose arguments are bound already); its ops without a
  /// predecessor in the block depend on `entry`.
  FailureOr<BlockCopy> copyBlock(Block &block, ArrayRef<unsigned> entry);
  /// Appends the function body; a call back to the function is recursive.
  LogicalResult copyFunctionBody() {
    callStack.push_back(body.getParentOp());
    return success(succeeded(copyBlock(body, {})));
  }
  /// Appends `op` of `body` alone, as if it were the only op of the block
  /// (its operands ready at time 0, a future among them ended).
  LogicalResult copyAlone(Operation &op) {
    alone = true;
    callStack.push_back(body.getParentOp());
    return success(succeeded(copyOp(op, {})));
  }

private:
  /// Appends one op, its nested ops where it has any that are understood.
  FailureOr<Exits> copyOp(Operation &op, const Exits &deps);
  /// Appends a leaf op: a collective start, a wait or a compute op.
  FailureOr<unsigned> copyLeaf(Operation &op, const Exits &deps);
  FailureOr<Exits> copyFor(scf::ForOp loop, const Exits &deps);
  FailureOr<Exits> copyIf(scf::IfOp branch, const Exits &deps);
  FailureOr<Exits> copyExecuteRegion(scf::ExecuteRegionOp region,
                                     const Exits &deps);
  FailureOr<Exits> copyCall(func::CallOp call, func::FuncOp callee,
                            const Exits &deps);

  /// Returns the iterations of `loop`, or emits an error.
  FailureOr<std::pair<int64_t, StringRef>> getTripCount(scf::ForOp loop);
  /// Emits an error at the first collective in `loop` whose size may differ
  /// per iteration (a dynamic shape without `sched.dim_bounds`).
  LogicalResult checkCollectiveSizes(scf::ForOp loop);
  /// Returns the simulated time of the branch `region` on its own; restores
  /// the flat list as it was.
  FailureOr<double> measureBranch(Region &region, const Exits &deps);
  /// Returns the callee of `call` if it issues collectives (directly or
  /// through calls), else null.
  func::FuncOp getCollectiveCallee(func::CallOp call);
  bool issuesCollectives(func::FuncOp function,
                         llvm::SmallPtrSetImpl<Operation *> &visiting);

  /// Appends a zero-time marker for `op` depending on `deps`.
  unsigned addMarker(Operation *op, const Exits &deps);
  /// Opens the row of `op` (one per op) and returns its index.
  unsigned openRegion(Operation *op, StringRef kind);
  /// Ends the instance of row `row` that `op` (an scf.if, an
  /// scf.execute_region or a call) began with the marker `begin` and whose
  /// body `copy` copied: a marker after `begin` and the copy's sinks, to
  /// which each result of `op` is bound with the future's start of its
  /// terminator operand (none past the copy's operands: an scf.if without
  /// the taken region). Returns the end marker.
  Exits closeInstance(Operation *op, unsigned row, unsigned begin,
                      const BlockCopy &copy);
  /// Binds `arg` to `value`: its exits (or `fallback` if it has none) and
  /// its future's start.
  void bind(Value arg, Value value, const Exits &fallback);
  void bind(Value arg, const Exits &exits, std::optional<unsigned> start);
  const DependenceGraph &getGraph(Block &block);
  /// The arguments of `op`'s block that `op` uses, directly or from its
  /// regions (kept per op: every iteration asks again).
  ArrayRef<BlockArgument> getUsedArguments(Operation &op);
  /// Warns, once per op, that `op`'s regions are not simulated if they hold
  /// collectives, waits or costed compute.
  void warnIfNotUnderstood(Operation &op);

  const CostModel &costModel;
  Block &body;
  ProgramSimulation &out;
  /// How a call whose callee issues collectives is costed.
  CallSimulation calls;
  SymbolTableCollection symbols;
  llvm::StringMap<unsigned> streamOf;
  /// The simulated op of each leaf, costed once (loops copy it many times).
  llvm::DenseMap<Operation *, SimOp> leafCache;
  llvm::DenseMap<Block *, std::unique_ptr<DependenceGraph>> graphs;
  llvm::DenseMap<Operation *, SmallVector<BlockArgument, 1>> usedArguments;
  llvm::DenseMap<Value, Exits> valueExits;
  llvm::DenseMap<Value, unsigned> futureStart;
  /// Set by copyAlone: a wait for a future started before the op waits for
  /// nothing.
  bool alone = false;
  llvm::DenseMap<Operation *, unsigned> regionOf;
  llvm::DenseMap<Operation *, bool> calleeIssues;
  /// Functions whose bodies are being copied, innermost last.
  SmallVector<Operation *> callStack;
  llvm::DenseSet<Operation *> warned;
  unsigned depth = 0;
  /// The op of `body` being copied.
  unsigned currentTop = 0;
};
} // namespace

const DependenceGraph &ProgramBuilder::getGraph(Block &block) {
  std::unique_ptr<DependenceGraph> &graph = graphs[&block];
  if (!graph)
    graph = std::make_unique<DependenceGraph>(DependenceGraph::build(block));
  return *graph;
}

ArrayRef<BlockArgument> ProgramBuilder::getUsedArguments(Operation &op) {
  auto [it, inserted] = usedArguments.try_emplace(&op);
  if (inserted) {
    // In operand order of a pre-order walk, each argument once.
    Block *block = op.getBlock();
    op.walk<WalkOrder::PreOrder>([&](Operation *user) {
      for (Value operand : user->getOperands())
        if (auto arg = dyn_cast<BlockArgument>(operand);
            arg && arg.getOwner() == block &&
            !llvm::is_contained(it->second, arg))
          it->second.push_back(arg);
    });
  }
  return it->second;
}

unsigned ProgramBuilder::addMarker(Operation *op, const Exits &deps) {
  unsigned pos = out.sim.ops.size();
  SimOp marker;
  marker.deps.assign(deps.begin(), deps.end());
  out.sim.ops.push_back(op);
  out.sim.simOps.push_back(std::move(marker));
  out.topLevel.push_back(currentTop);
  return pos;
}

unsigned ProgramBuilder::openRegion(Operation *op, StringRef kind) {
  auto [it, inserted] = regionOf.try_emplace(op, out.regions.size());
  if (inserted) {
    SimRegion row;
    row.op = op;
    row.kind = kind.str();
    row.depth = depth;
    out.regions.push_back(std::move(row));
  }
  return it->second;
}

Exits ProgramBuilder::closeInstance(Operation *op, unsigned row, unsigned begin,
                                    const BlockCopy &copy) {
  Exits sinks{begin};
  llvm::append_range(sinks, copy.sinks);
  unsigned end = addMarker(op, sinks);
  out.regions[row].instances.push_back({begin, end});
  for (auto [j, result] : llvm::enumerate(op->getResults()))
    bind(result, Exits{end},
         j < copy.operandStarts.size() ? copy.operandStarts[j] : std::nullopt);
  return Exits{end};
}

void ProgramBuilder::bind(Value arg, const Exits &exits,
                          std::optional<unsigned> start) {
  // `exits` may be another value's entry of `valueExits`, which inserting
  // `arg` can move: copy it first.
  Exits copy = exits;
  valueExits[arg] = std::move(copy);
  if (start)
    futureStart[arg] = *start;
  else
    futureStart.erase(arg);
}

void ProgramBuilder::bind(Value arg, Value value, const Exits &fallback) {
  auto exits = valueExits.find(value);
  auto start = futureStart.find(value);
  bind(arg,
       exits != valueExits.end() && !exits->second.empty() ? exits->second
                                                           : fallback,
       start != futureStart.end() ? std::optional<unsigned>(start->second)
                                  : std::nullopt);
}

FailureOr<unsigned> ProgramBuilder::copyLeaf(Operation &op, const Exits &deps) {
  auto cached = leafCache.find(&op);
  if (cached == leafCache.end()) {
    SimOp simOp;
    if (auto collective = dyn_cast<CollectiveOpInterface>(&op)) {
      FailureOr<double> time =
          costModel.getCollectiveTimeUs(collective, symbols);
      if (failed(time))
        return failure();
      StringRef group = collective.getGroupAttr().getValue();
      auto [it, inserted] =
          streamOf.try_emplace(group, out.sim.streamNames.size());
      if (inserted)
        out.sim.streamNames.push_back(group.str());
      simOp.kind = SimOp::Kind::Start;
      simOp.durationUs = *time;
      simOp.stream = it->second;
      if (costModel.getProfile() &&
          !costModel.getProfile()->getContention().empty()) {
        FailureOr<int64_t> bytes = CostModel::getCollectiveBytes(collective);
        if (failed(bytes))
          return failure();
        ContentionFactors contention = costModel.getContention(*bytes);
        simOp.commFactor = contention.comm;
        simOp.computeFactor = contention.compute;
      }
    } else if (isa<WaitOp>(&op)) {
      simOp.kind = SimOp::Kind::Wait;
    } else if (isa<ComputeOpInterface>(&op)) {
      FailureOr<double> time = costModel.getComputeTimeUs(&op);
      if (failed(time))
        return failure();
      simOp.durationUs = *time;
    }
    cached = leafCache.try_emplace(&op, std::move(simOp)).first;
  }
  unsigned pos = out.sim.ops.size();
  SimOp simOp = cached->second;
  simOp.deps.assign(deps.begin(), deps.end());
  if (auto wait = dyn_cast<WaitOp>(&op)) {
    auto start = futureStart.find(wait.getFuture());
    if (start != futureStart.end()) {
      simOp.start = start->second;
      simOp.deps.push_back(start->second);
    } else if (alone) {
      simOp.kind = SimOp::Kind::Compute;
      simOp.durationUs = 0;
    } else {
      return op.emitError("cannot simulate a wait whose start is not in "
                          "the same block");
    }
  }
  out.sim.ops.push_back(&op);
  out.sim.simOps.push_back(std::move(simOp));
  out.topLevel.push_back(currentTop);
  if (isa<CollectiveOpInterface>(&op))
    for (Value result : op.getResults())
      if (isa<FutureType>(result.getType()))
        futureStart[result] = pos;
  return pos;
}

FailureOr<BlockCopy> ProgramBuilder::copyBlock(Block &block,
                                               ArrayRef<unsigned> entry) {
  const DependenceGraph &graph = getGraph(block);
  std::vector<Exits> exitsOf(graph.size());
  std::vector<bool> hasSucc(graph.size(), false);
  BlockCopy copy;
  for (auto [index, op] : llvm::enumerate(block)) {
    bool isTop = &block == &body;
    if (isTop)
      currentTop = index;
    Exits deps;
    for (unsigned pred : graph.getPreds(index)) {
      llvm::append_range(deps, exitsOf[pred]);
      hasSucc[pred] = true;
    }
    // Iteration arguments: what produced them in the previous iteration.
    for (BlockArgument arg : getUsedArguments(op))
      if (auto exits = valueExits.find(arg); exits != valueExits.end())
        llvm::append_range(deps, exits->second);
    if (deps.empty())
      deps.assign(entry.begin(), entry.end());
    llvm::sort(deps);
    deps.erase(llvm::unique(deps), deps.end());
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      for (Value operand : op.getOperands()) {
        auto exits = valueExits.find(operand);
        copy.operandExits.push_back(exits != valueExits.end() ? exits->second
                                                              : Exits());
        auto start = futureStart.find(operand);
        copy.operandStarts.push_back(start != futureStart.end()
                                         ? std::optional(start->second)
                                         : std::nullopt);
      }
      hasSucc[index] = true;
      // The function's own terminator stays an op of the list, as in
      // buildBlockSimulation; a nested one is not simulated, and what it
      // depends on ends the block.
      if (!isTop) {
        llvm::append_range(copy.sinks, deps);
        continue;
      }
    }
    FailureOr<Exits> exits = copyOp(op, deps);
    if (failed(exits))
      return failure();
    exitsOf[index] = *exits;
    for (Value result : op.getResults())
      valueExits[result] = *exits;
  }
  for (unsigned index = 0; index < exitsOf.size(); ++index)
    if (!hasSucc[index])
      llvm::append_range(copy.sinks, exitsOf[index]);
  return copy;
}

FailureOr<Exits> ProgramBuilder::copyOp(Operation &op, const Exits &deps) {
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return copyFor(loop, deps);
  if (auto branch = dyn_cast<scf::IfOp>(op))
    return copyIf(branch, deps);
  if (auto region = dyn_cast<scf::ExecuteRegionOp>(op);
      region && region.getRegion().hasOneBlock())
    return copyExecuteRegion(region, deps);
  if (auto call = dyn_cast<func::CallOp>(op);
      call && calls == CallSimulation::Callee)
    if (func::FuncOp callee = getCollectiveCallee(call))
      return copyCall(call, callee, deps);
  if (op.getNumRegions() > 0 && !isa<CollectiveOpInterface, WaitOp>(op))
    warnIfNotUnderstood(op);
  FailureOr<unsigned> pos = copyLeaf(op, deps);
  if (failed(pos))
    return failure();
  return Exits{*pos};
}

void ProgramBuilder::warnIfNotUnderstood(Operation &op) {
  if (!warned.contains(&op) && warnIfNotSimulated(op))
    warned.insert(&op);
}

bool mlir::sched::warnIfNotSimulated(Operation &op) {
  unsigned collectives = 0, costed = 0;
  op.walk([&](Operation *nested) {
    if (nested == &op)
      return;
    if (isa<CollectiveOpInterface, WaitOp>(nested))
      ++collectives;
    else if (auto compute = dyn_cast<ComputeOpInterface>(nested);
             compute && compute.getComputeCost())
      ++costed;
  });
  // A compute op with a body is costed as a whole; its nested ops' costs
  // are part of it.
  if (isa<ComputeOpInterface>(op))
    costed = 0;
  if (!collectives && !costed)
    return false;
  mlir::emitWarning(op.getLoc())
      << "not simulated: the regions of this '" << op.getName() << "' hold "
      << collectives << " collective ops and " << costed
      << " costed compute ops, counted as zero time";
  return true;
}

void mlir::sched::warnOnUnsimulatedRegions(Operation *function) {
  function->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == function)
      return WalkResult::advance();
    if (isSimulatedRegionOp(op))
      return WalkResult::advance();
    // Compute bodies are costed as a whole, collectives have none.
    if (op->getNumRegions() == 0 ||
        isa<ComputeOpInterface, CollectiveOpInterface, WaitOp>(op))
      return WalkResult::skip();
    warnIfNotSimulated(*op);
    return WalkResult::skip();
  });
}

FailureOr<std::pair<int64_t, StringRef>>
ProgramBuilder::getTripCount(scf::ForOp loop) {
  if (std::optional<APInt> trips = loop.getStaticTripCount())
    return std::make_pair(
        static_cast<int64_t>(trips->getLimitedValue(kMaxSimulatedOps + 1)),
        StringRef("static"));
  if (auto bound = loop->getAttrOfType<IntegerAttr>(
          SchedDialect::getTripCountBoundAttrName());
      bound && !bound.getValue().isNegative())
    return std::make_pair(bound.getInt(), StringRef("sched.trip_count_bound"));
  return mlir::emitError(loop.getLoc())
         << "cannot simulate a loop whose trip count is not a constant; give "
            "it a '"
         << SchedDialect::getTripCountBoundAttrName()
         << "' (an upper bound on its iterations)";
}

LogicalResult ProgramBuilder::checkCollectiveSizes(scf::ForOp loop) {
  auto isDynamic = [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && !shaped.hasStaticShape();
  };
  auto hasBounds = [](Operation *op) {
    return op && op->hasAttr(SchedDialect::getDimBoundsAttrName());
  };
  WalkResult walk = loop.getBody()->walk([&](CollectiveOpInterface op) {
    bool bounded = hasBounds(op);
    for (Value input : op.getInputs())
      if (isDynamic(input.getType()) && !hasBounds(input.getDefiningOp()))
        bounded = false;
    bool dynamic = llvm::any_of(op.getInputs(), [&](Value input) {
      return isDynamic(input.getType());
    });
    dynamic |= llvm::any_of(op.getResultValueTypes(), isDynamic);
    if (!dynamic || bounded)
      return WalkResult::advance();
    InFlightDiagnostic diag =
        mlir::emitError(op.getLoc())
        << "cannot simulate a collective whose size may differ per iteration "
           "of its loop; bound its dynamic dimensions with '"
        << SchedDialect::getDimBoundsAttrName() << "'";
    diag.attachNote(loop.getLoc()) << "in this loop";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

FailureOr<Exits> ProgramBuilder::copyFor(scf::ForOp loop, const Exits &deps) {
  FailureOr<std::pair<int64_t, StringRef>> trips = getTripCount(loop);
  if (failed(trips) || failed(checkCollectiveSizes(loop)))
    return failure();
  unsigned row = openRegion(loop, "scf.for");
  out.regions[row].iterations = trips->first;
  out.regions[row].source = trips->second.str();
  unsigned begin = addMarker(loop, deps);
  Exits entry{begin}, sinks{begin};
  Block &block = *loop.getBody();
  bind(loop.getInductionVar(), entry, std::nullopt);
  for (auto [arg, init] :
       llvm::zip_equal(loop.getRegionIterArgs(), loop.getInitArgs()))
    bind(arg, init, entry);
  ++depth;
  for (int64_t i = 0; i < trips->first; ++i) {
    if (trips->first > static_cast<int64_t>(kMaxSimulatedOps))
      return mlir::emitError(loop.getLoc())
             << "cannot simulate a loop of more than " << kMaxSimulatedOps
             << " iterations";
    if (out.sim.ops.size() > kMaxSimulatedOps)
      return mlir::emitError(loop.getLoc())
             << "cannot simulate this loop of " << trips->first
             << " iterations: the program would have more than the "
             << kMaxSimulatedOps << " ops the simulation takes";
    FailureOr<BlockCopy> copy = copyBlock(block, entry);
    if (failed(copy))
      return failure();
    llvm::append_range(sinks, copy->sinks);
    for (auto [j, arg] : llvm::enumerate(loop.getRegionIterArgs()))
      bind(arg, copy->operandExits[j].empty() ? entry : copy->operandExits[j],
           copy->operandStarts[j]);
  }
  --depth;
  llvm::sort(sinks);
  sinks.erase(llvm::unique(sinks), sinks.end());
  unsigned end = addMarker(loop, sinks);
  out.regions[row].instances.push_back({begin, end});
  for (auto [result, arg] :
       llvm::zip_equal(loop.getResults(), loop.getRegionIterArgs())) {
    auto start = futureStart.find(arg);
    bind(result, Exits{end},
         start != futureStart.end() ? std::optional(start->second)
                                    : std::nullopt);
  }
  return Exits{end};
}

FailureOr<double> ProgramBuilder::measureBranch(Region &region,
                                                const Exits &deps) {
  if (region.empty())
    return 0.0;
  size_t first = out.sim.ops.size(), numStreams = out.sim.streamNames.size(),
         numRegions = out.regions.size();
  unsigned marker = addMarker(region.getParentOp(), deps);
  ++depth;
  FailureOr<BlockCopy> copy = copyBlock(region.front(), {marker});
  --depth;
  if (failed(copy))
    return failure();
  // The branch on its own: dependences and waits on ops before it dropped.
  std::vector<SimOp> ops(out.sim.simOps.begin() + first, out.sim.simOps.end());
  for (SimOp &op : ops) {
    llvm::erase_if(op.deps, [&](unsigned dep) { return dep < first; });
    for (unsigned &dep : op.deps)
      dep -= first;
    if (op.kind == SimOp::Kind::Wait) {
      if (op.start < first)
        op.kind = SimOp::Kind::Compute;
      else
        op.start -= first;
    }
  }
  FailureOr<SimResult> result = simulate(ops);
  out.sim.ops.resize(first);
  out.sim.simOps.resize(first);
  out.topLevel.resize(first);
  for (size_t s = numStreams; s < out.sim.streamNames.size(); ++s)
    streamOf.erase(out.sim.streamNames[s]);
  out.sim.streamNames.resize(numStreams);
  for (size_t r = numRegions; r < out.regions.size(); ++r)
    regionOf.erase(out.regions[r].op);
  out.regions.resize(numRegions);
  // Leaves costed on streams that were just dropped must be costed again.
  SmallVector<Operation *> stale;
  for (auto &[op, simOp] : leafCache)
    if (simOp.kind == SimOp::Kind::Start && simOp.stream >= numStreams)
      stale.push_back(op);
  for (Operation *op : stale)
    leafCache.erase(op);
  if (failed(result))
    return mlir::emitError(region.getParentOp()->getLoc(),
                           "cannot simulate this branch on its own");
  return result->makespanUs;
}

FailureOr<Exits> ProgramBuilder::copyIf(scf::IfOp branch, const Exits &deps) {
  unsigned row = openRegion(branch, "scf.if");
  bool takeThen = true;
  double thenUs = 0, elseUs = 0;
  APInt cond;
  if (matchPattern(branch.getCondition(), m_ConstantInt(&cond))) {
    takeThen = !cond.isZero();
  } else {
    FailureOr<double> thenTime = measureBranch(branch.getThenRegion(), deps);
    if (failed(thenTime))
      return failure();
    FailureOr<double> elseTime = measureBranch(branch.getElseRegion(), deps);
    if (failed(elseTime))
      return failure();
    thenUs = *thenTime;
    elseUs = *elseTime;
    takeThen = thenUs >= elseUs;
  }
  SimRegion &region = out.regions[row];
  region.source = takeThen ? "then" : "else";
  region.thenUs = thenUs;
  region.elseUs = elseUs;
  unsigned begin = addMarker(branch, deps);
  Region &taken = takeThen ? branch.getThenRegion() : branch.getElseRegion();
  BlockCopy copy;
  if (!taken.empty()) {
    ++depth;
    FailureOr<BlockCopy> copied = copyBlock(taken.front(), {begin});
    --depth;
    if (failed(copied))
      return failure();
    copy = std::move(*copied);
  }
  return closeInstance(branch, row, begin, copy);
}

FailureOr<Exits> ProgramBuilder::copyExecuteRegion(scf::ExecuteRegionOp region,
                                                   const Exits &deps) {
  unsigned row = openRegion(region, "scf.execute_region");
  out.regions[row].source = "region";
  unsigned begin = addMarker(region, deps);
  ++depth;
  FailureOr<BlockCopy> copy = copyBlock(region.getRegion().front(), {begin});
  --depth;
  if (failed(copy))
    return failure();
  return closeInstance(region, row, begin, *copy);
}

bool ProgramBuilder::issuesCollectives(
    func::FuncOp function, llvm::SmallPtrSetImpl<Operation *> &visiting) {
  auto known = calleeIssues.find(function);
  if (known != calleeIssues.end())
    return known->second;
  if (function.isExternal() || !visiting.insert(function).second)
    return false;
  bool issues = false;
  function.walk([&](Operation *op) {
    if (isa<CollectiveOpInterface, WaitOp>(op)) {
      issues = true;
      return WalkResult::interrupt();
    }
    if (auto call = dyn_cast<func::CallOp>(op))
      if (auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
              call, call.getCalleeAttr());
          callee && issuesCollectives(callee, visiting)) {
        issues = true;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  visiting.erase(function);
  // Only a definite answer is kept: one found while a caller was being
  // visited may miss collectives reached through that caller.
  if (issues || visiting.empty())
    calleeIssues[function] = issues;
  return issues;
}

func::FuncOp ProgramBuilder::getCollectiveCallee(func::CallOp call) {
  auto callee =
      symbols.lookupNearestSymbolFrom<func::FuncOp>(call, call.getCalleeAttr());
  if (!callee)
    return nullptr;
  llvm::SmallPtrSet<Operation *, 4> visiting;
  return issuesCollectives(callee, visiting) ? callee : nullptr;
}

FailureOr<Exits> ProgramBuilder::copyCall(func::CallOp call,
                                          func::FuncOp callee,
                                          const Exits &deps) {
  if (llvm::is_contained(callStack, callee.getOperation())) {
    InFlightDiagnostic diag =
        call.emitError() << "cannot simulate a recursive call: @"
                         << callee.getSymName()
                         << " issues collectives and is already being called";
    diag.attachNote(callee.getLoc()) << "callee defined here";
    return failure();
  }
  unsigned row = openRegion(call, "func.call");
  out.regions[row].source = ("@" + callee.getSymName()).str();
  unsigned begin = addMarker(call, deps);
  Exits entry{begin};
  Block &calleeBody = callee.getBody().front();
  for (auto [arg, operand] :
       llvm::zip_equal(calleeBody.getArguments(), call.getOperands()))
    bind(arg, operand, entry);
  callStack.push_back(callee);
  ++depth;
  FailureOr<BlockCopy> copy = copyBlock(calleeBody, entry);
  --depth;
  callStack.pop_back();
  if (failed(copy))
    return failure();
  return closeInstance(call, row, begin, *copy);
}

FailureOr<ProgramSimulation>
mlir::sched::buildProgramSimulation(Block &body, const CostModel &costModel,
                                    CallSimulation calls) {
  ProgramSimulation out;
  ProgramBuilder builder(costModel, body, out, calls);
  if (failed(builder.copyFunctionBody()))
    return failure();
  return out;
}

FailureOr<double> mlir::sched::simulateOpAlone(Operation &op,
                                               const CostModel &costModel,
                                               CallSimulation calls) {
  ProgramSimulation out;
  ProgramBuilder builder(costModel, *op.getBlock(), out, calls);
  if (failed(builder.copyAlone(op)))
    return failure();
  FailureOr<SimResult> result = simulate(out.sim.simOps);
  if (failed(result))
    return op.emitError("cannot simulate this op on its own");
  return result->makespanUs;
}

bool mlir::sched::isSimulatedRegionOp(Operation *op) {
  if (auto region = dyn_cast<scf::ExecuteRegionOp>(op))
    return region.getRegion().hasOneBlock();
  return isa<scf::ForOp, scf::IfOp>(op);
}

bool mlir::sched::hasNestedWork(Block &body) {
  for (Operation &op : body) {
    if (!isSimulatedRegionOp(&op))
      continue;
    for (Region &nested : op.getRegions())
      for (Block &block : nested)
        if (llvm::any_of(
                block,
                [](Operation &inner) {
                  return isa<CollectiveOpInterface, ComputeOpInterface>(inner);
                }) ||
            hasNestedWork(block))
          return true;
  }
  return false;
}

/// Returns the bytes the body `block` of a loop, branch or region needs
/// beyond its arguments, at its peak.
static FailureOr<int64_t> getBodyExtraBytes(Block &block) {
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(block);
  if (failed(liveness))
    return failure();
  FailureOr<std::vector<int64_t>> timeline = getNestedMemoryTimeline(block);
  if (failed(timeline))
    return failure();
  int64_t arguments = 0;
  for (const MemoryProblem::Buffer &buffer : liveness->getProblem().buffers)
    if (!buffer.def)
      arguments += buffer.size;
  int64_t peak = 0;
  for (int64_t bytes : *timeline)
    peak = std::max(peak, bytes);
  return std::max<int64_t>(0, peak - arguments);
}

/// Returns what `op` needs while it runs beyond its operands and results.
static FailureOr<int64_t> getNestedExtraBytes(Operation &op) {
  SmallVector<Region *, 2> bodies;
  if (auto loop = dyn_cast<scf::ForOp>(op))
    bodies.push_back(&loop.getRegion());
  else if (auto branch = dyn_cast<scf::IfOp>(op))
    bodies = {&branch.getThenRegion(), &branch.getElseRegion()};
  else if (auto region = dyn_cast<scf::ExecuteRegionOp>(op);
           region && region.getRegion().hasOneBlock())
    bodies.push_back(&region.getRegion());
  int64_t extra = 0;
  for (Region *body : bodies) {
    if (body->empty())
      continue;
    FailureOr<int64_t> bytes = getBodyExtraBytes(body->front());
    if (failed(bytes))
      return failure();
    extra = std::max(extra, *bytes);
  }
  return extra;
}

FailureOr<std::vector<int64_t>>
mlir::sched::getNestedMemoryTimeline(Block &block) {
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(block);
  if (failed(liveness))
    return failure();
  return getNestedMemoryTimeline(block, *liveness);
}

FailureOr<std::vector<int64_t>>
mlir::sched::getNestedMemoryTimeline(Block &block,
                                     const BufferLiveness &liveness) {
  MemoryProfile memory(liveness.getProblem(), liveness.getProgramOrder());
  std::vector<int64_t> timeline(memory.getTimeline().begin(),
                                memory.getTimeline().end());
  // The ops by step (the block's, in order) rather than the block's list:
  // the loads of a vector overlap, a list's are one after another.
  for (unsigned step = 0, e = liveness.getNumSteps(); step < e; ++step) {
    Operation &op = *liveness.getOp(step);
    if (op.getNumRegions() == 0)
      continue;
    FailureOr<int64_t> extra = getNestedExtraBytes(op);
    if (failed(extra))
      return failure();
    timeline[step] += *extra;
  }
  return timeline;
}

FailureOr<int64_t> mlir::sched::getNestedPeak(Block &block) {
  FailureOr<std::vector<int64_t>> timeline = getNestedMemoryTimeline(block);
  if (failed(timeline))
    return failure();
  int64_t peak = 0;
  for (int64_t bytes : *timeline)
    peak = std::max(peak, bytes);
  return peak;
}
