//===- DependenceGraph.cpp - dependences between the ops of a block -------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/MemoryEffects.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/Dialect/Sched/IR/SchedRanksAttr.h"

#include "sched/Dialect/Sched/IR/SchedViewAttr.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>
#include <tuple>

using namespace mlir;
using namespace mlir::sched;

using Edge = std::tuple<unsigned, unsigned, uint8_t>;

namespace {
/// Tracks the memory effects seen so far in program order and produces the
/// memory edges of each new op. Per resource it keeps the last writer and the
/// readers since; ops that may access any buffer (mayAccessAnyBuffer: unknown
/// effects) are barriers ordered with every effecting op and with every op on
/// the communication stream (starts, waits, ops that hold them), so that such
/// an op never moves into the window of a collective, which
/// sched-verify-schedule would reject. This yields O(1) amortized edges per
/// op while keeping every conflicting pair ordered (directly or transitively).
class MemoryTracker {
public:
  MemoryTracker(std::vector<Edge> &edges) : edges(edges) {}

  /// Records the effects of `node`; `effects` is null for a barrier.
  void record(unsigned node,
              const SmallVectorImpl<MemoryEffects::EffectInstance> *effects,
              bool orderCommStream) {
    if (!effects) {
      // A barrier: after every effecting op since the last barrier.
      for (unsigned prev : sinceBarrier)
        add(prev, node);
      if (barrier)
        add(*barrier, node);
      sinceBarrier.clear();
      resources.clear();
      barrier = node;
      return;
    }
    bool effecting = false;
    for (const MemoryEffects::EffectInstance &effect : *effects) {
      SideEffects::Resource *resource = effect.getResource();
      if (isa<CommStreamResource>(resource)) {
        // Ordered with barriers in any case.
        effecting = true;
        if (!orderCommStream)
          continue;
      }
      // A fresh allocation conflicts with nothing that came before.
      if (isa<MemoryEffects::Allocate>(effect.getEffect()))
        continue;
      effecting = true;
      State &state = resources[resource];
      bool writes =
          isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect());
      if (state.lastWriter)
        add(*state.lastWriter, node);
      if (writes) {
        for (unsigned reader : state.readers)
          add(reader, node);
        state.readers.clear();
        state.lastWriter = node;
      } else {
        state.readers.push_back(node);
      }
    }
    if (!effecting)
      return;
    if (barrier)
      add(*barrier, node);
    sinceBarrier.push_back(node);
  }

private:
  struct State {
    std::optional<unsigned> lastWriter;
    SmallVector<unsigned, 4> readers;
  };

  void add(unsigned from, unsigned to) {
    if (from != to)
      edges.emplace_back(from, to, uint8_t(DependenceKind::Memory));
  }

  std::vector<Edge> &edges;
  // Only looked up, never iterated: its order does not reach the output.
  llvm::DenseMap<SideEffects::Resource *, State> resources;
  std::optional<unsigned> barrier;
  std::vector<unsigned> sinceBarrier;
};
} // namespace

bool mlir::sched::issuesCollectives(Operation *op) {
  if (isa<CollectiveOpInterface>(op))
    return true;
  if (op->getNumRegions() == 0)
    return false;
  return op->walk([](CollectiveOpInterface) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Calls `addEdges` with every value that an op nested in `op` uses and
/// that is defined outside `op` by an op. Values defined inside `op` are
/// skipped by a lookup in `nestedOps` (scratch space) rather than by walking
/// up from their definition to the block (Block::findAncestorOpInBlock),
/// which made a nest of depth d cost d^2.
static void addNestedDataEdges(Operation *op, DenseSet<Operation *> &nestedOps,
                               function_ref<void(Value)> addEdges) {
  nestedOps.clear();
  op->walk([&](Operation *nested) { nestedOps.insert(nested); });
  op->walk([&](Operation *nested) {
    if (nested == op)
      return;
    for (Value operand : nested->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && !nestedOps.contains(def))
        addEdges(operand);
    }
  });
}

/// Returns the operand whose storage the single result of `op` views
/// without writing it (a tensor slice, reshape or cast, a memref view, a
/// compute marked `sched.view`), or null: the views BufferLiveness counts as
/// the storage of their source.
static Value getViewedOperand(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumOperands() == 0)
    return {};
  if (auto compute = dyn_cast<ComputeOp>(op))
    return compute.getOuts().empty() && !compute.getIns().empty() &&
                   compute->hasAttr(getViewAttrName())
               ? compute.getIns().front()
               : Value();
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource();
  if (isa<tensor::ExtractSliceOp, tensor::CollapseShapeOp,
          tensor::ExpandShapeOp, tensor::ReshapeOp, tensor::BitcastOp>(op))
    return op->getOperand(0);
  if (isa<CastOpInterface>(op) && op->getNumOperands() == 1 &&
      isa<ShapedType>(op->getOperand(0).getType()))
    return op->getOperand(0);
  return {};
}

/// Appends to `dests` the tensors that `op` writes in place (values whose
/// storage its results take): the tensor `outs` of a compute, the tensor
/// inits of a destination-style op, and the inits of a loop whose body
/// writes the matching iteration argument in place.
static void getInPlaceDestinations(Operation *op,
                                   SmallVectorImpl<Value> &dests);

/// Returns true if `value` is the destination of an in-place write.
static bool isWrittenInPlace(Value value) {
  SmallVector<Value, 2> dests;
  for (Operation *user : value.getUsers()) {
    dests.clear();
    getInPlaceDestinations(user, dests);
    if (llvm::is_contained(dests, value))
      return true;
  }
  return false;
}

static void getInPlaceDestinations(Operation *op,
                                   SmallVectorImpl<Value> &dests) {
  auto isTensor = [](Value value) {
    return isa<RankedTensorType>(value.getType());
  };
  if (auto compute = dyn_cast<ComputeOp>(op)) {
    // By segment, as ComputeOp::getEffects reads them: most computes have
    // no `outs`, and the dependence graph asks every one.
    auto [outsStart, outsSize] = compute.getODSOperandIndexAndLength(1);
    for (Value out : op->getOperands().slice(outsStart, outsSize))
      if (isTensor(out))
        dests.push_back(out);
    return;
  }
  // Only an op with a tensor result, not a wait, writes a tensor in place
  // (most other ops, collective starts, waits and index arithmetic, are
  // skipped without asking for an interface).
  if (isa<WaitOp>(op) ||
      llvm::none_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>))
    return;
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
    for (OpOperand &init : dps.getDpsInitsMutable())
      if (isTensor(init.get()))
        dests.push_back(init.get());
    return;
  }
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    for (auto [init, arg] :
         llvm::zip(loop.getInits(), loop.getRegionIterArgs()))
      if (isTensor(init) && isWrittenInPlace(arg))
        dests.push_back(init);
  }
}

/// Adds to `edges` an edge to the op at `writer` from each op of `graph`'s
/// block before it that reads the storage of `dest`, which `writer` writes
/// in place: the users of the value that owns that storage (`dest` seen
/// through its views in the block) and of its views, and ops that hold such
/// a use in their regions. Value semantics lets an op read a tensor that a
/// later op updates in place only if it runs before the update; after it,
/// bufferization would copy the tensor, which the buffer model does not
/// count. A collective that reads it is ordered by its start, not its wait
/// (docs/Analyses.md says why).
static void addInPlaceEdges(Block &block,
                            const llvm::DenseMap<Operation *, unsigned> &nodes,
                            unsigned writer, Value dest,
                            std::vector<Edge> &edges) {
  Value root = dest;
  while (Operation *def = root.getDefiningOp()) {
    Value source = def->getBlock() == &block ? getViewedOperand(def) : Value();
    if (!source)
      break;
    root = source;
  }
  SmallVector<Value> worklist = {root};
  llvm::SmallPtrSet<Operation *, 8> visited;
  // The op of the block that holds `user`, if it is before the writer.
  auto addReader = [&](Operation *user) {
    Operation *op = block.findAncestorOpInBlock(*user);
    if (!op)
      return;
    auto it = nodes.find(op);
    if (it != nodes.end() && it->second < writer)
      edges.emplace_back(it->second, writer, uint8_t(DependenceKind::Memory));
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (!visited.insert(user).second)
        continue;
      addReader(user);
      if (getViewedOperand(user) == value)
        worklist.push_back(user->getResult(0));
    }
  }
}

bool mlir::sched::isInStageFunction(Block &block) {
  Operation *parent = block.getParentOp();
  if (!parent)
    return false;
  auto function = isa<FunctionOpInterface>(parent)
                      ? cast<FunctionOpInterface>(parent)
                      : parent->getParentOfType<FunctionOpInterface>();
  return function && function->hasAttr(getRanksAttrName());
}

DependenceGraph DependenceGraph::build(Block &block, Options options) {
  DependenceGraph graph;
  // A stage-specific function (`sched.ranks`) exchanges point-to-point
  // transfers with peers that run other functions, scheduled apart: its
  // starts and waits keep their input order (which sched-verify-deadlock
  // checks), so no order of the graph can deadlock against the peers'.
  bool stage = isInStageFunction(block);
  // The last op that issues collectives, for chainCollectiveIssuers.
  std::optional<size_t> lastIssuer;
  for (Operation &op : block)
    graph.ops.push_back(&op);
  graph.opToNode.reserve(graph.ops.size());
  for (auto [node, op] : llvm::enumerate(graph.ops))
    graph.opToNode[op] = node;

  std::vector<Edge> edges;
  edges.reserve(2 * graph.ops.size());
  MemoryTracker memory(edges);
  MemoryEffectsQuery effectsQuery;
  SmallVector<MemoryEffects::EffectInstance> effects;
  DenseSet<Operation *> nestedOps;
  auto addDataEdges = [&](unsigned node, Value value) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return; // Block arguments are available from the start.
    if (def->getBlock() != &block) {
      def = block.findAncestorOpInBlock(*def);
      if (!def)
        return; // Defined outside the block.
    }
    unsigned from = graph.opToNode.lookup(def);
    if (from != node)
      edges.emplace_back(from, node, uint8_t(DependenceKind::Data));
  };

  for (auto indexed : llvm::enumerate(graph.ops)) {
    // Named, not bound: the lambda below captures them (C++17).
    size_t node = indexed.index();
    Operation *op = indexed.value();
    for (Value operand : op->getOperands())
      addDataEdges(node, operand);
    // Values used inside nested regions but defined in the block.
    if (op->getNumRegions())
      addNestedDataEdges(op, nestedOps,
                         [&](Value value) { addDataEdges(node, value); });

    // Starts and waits are what the others must keep off, not ops that run
    // while a collective is in flight (a buffer-form wait writes memory
    // without naming it: the destinations it publishes).
    bool known = effectsQuery.getEffects(op, effects);
    bool barrier = !known || (!isa<CollectiveOpInterface, WaitOp>(op) &&
                              mayAccessAnyBuffer(&effects));
    memory.record(node, barrier ? nullptr : &effects, options.orderCommStream);

    // In-place writes after the reads of what they overwrite.
    SmallVector<Value, 2> dests;
    getInPlaceDestinations(op, dests);
    for (Value dest : dests)
      addInPlaceEdges(block, graph.opToNode, node, dest, edges);

    if ((options.chainCollectiveIssuers && issuesCollectives(op)) ||
        (stage && (isa<WaitOp>(op) || issuesCollectives(op)))) {
      if (lastIssuer)
        edges.emplace_back(*lastIssuer, node, uint8_t(DependenceKind::Order));
      lastIssuer = node;
    }
  }
  graph.finalize(graph.ops.size(), edges);
  return graph;
}

DependenceGraph
DependenceGraph::fromEdges(unsigned numNodes,
                           ArrayRef<std::pair<unsigned, unsigned>> edgeList) {
  DependenceGraph graph;
  std::vector<Edge> edges;
  edges.reserve(edgeList.size());
  for (auto [from, to] : edgeList)
    if (from != to)
      edges.emplace_back(from, to, uint8_t(DependenceKind::Data));
  graph.finalize(numNodes, edges);
  return graph;
}

DependenceGraph DependenceGraph::permuted(ArrayRef<unsigned> order) const {
  unsigned n = size();
  assert(order.size() == n && "not a permutation of the nodes");
  std::vector<unsigned> position(n);
  for (auto [pos, node] : llvm::enumerate(order))
    position[node] = pos;
  DependenceGraph graph;
  if (!ops.empty()) {
    graph.ops.reserve(n);
    for (unsigned node : order)
      graph.ops.push_back(ops[node]);
    graph.opToNode.reserve(n);
    for (auto [node, op] : llvm::enumerate(graph.ops))
      graph.opToNode[op] = node;
  }
  std::vector<Edge> edges;
  edges.reserve(preds.size());
  for (unsigned to = 0; to < n; ++to)
    for (unsigned i = predOffsets[to]; i < predOffsets[to + 1]; ++i)
      edges.emplace_back(position[preds[i]], position[to], predKinds[i]);
  graph.finalize(n, edges);
  return graph;
}

void DependenceGraph::finalize(unsigned numNodes, std::vector<Edge> &edges) {
  // Predecessor rows: a counting sort of the edges by target, then each row
  // (a few edges) sorted by source, merging the kinds of repeated edges.
  std::vector<unsigned> rowStart(numNodes + 1, 0);
  for (const Edge &edge : edges)
    ++rowStart[std::get<1>(edge) + 1];
  for (unsigned n = 0; n < numNodes; ++n)
    rowStart[n + 1] += rowStart[n];
  std::vector<std::pair<unsigned, uint8_t>> bySource(edges.size());
  {
    std::vector<unsigned> cursor(rowStart.begin(), rowStart.end() - 1);
    for (auto [from, to, kinds] : edges)
      bySource[cursor[to]++] = {from, kinds};
  }
  predOffsets.assign(numNodes + 1, 0);
  preds.clear();
  predKinds.clear();
  preds.reserve(edges.size());
  predKinds.reserve(edges.size());
  for (unsigned to = 0; to < numNodes; ++to) {
    auto first = bySource.begin() + rowStart[to];
    auto last = bySource.begin() + rowStart[to + 1];
    std::sort(first, last,
              [](const auto &a, const auto &b) { return a.first < b.first; });
    while (first != last) {
      unsigned from = first->first;
      uint8_t merged = 0;
      for (; first != last && first->first == from; ++first)
        merged |= first->second;
      preds.push_back(from);
      predKinds.push_back(merged);
    }
    predOffsets[to + 1] = preds.size();
  }

  // Successor rows: a counting sort of the distinct edges by source.
  succOffsets.assign(numNodes + 1, 0);
  for (unsigned from : preds)
    ++succOffsets[from + 1];
  for (unsigned n = 0; n < numNodes; ++n)
    succOffsets[n + 1] += succOffsets[n];
  succs.assign(preds.size(), 0);
  std::vector<unsigned> cursor(succOffsets.begin(), succOffsets.end() - 1);
  for (unsigned to = 0; to < numNodes; ++to)
    for (unsigned from : getPreds(to))
      succs[cursor[from]++] = to;
}

std::optional<unsigned> DependenceGraph::lookup(Operation *op) const {
  auto it = opToNode.find(op);
  if (it == opToNode.end())
    return std::nullopt;
  return it->second;
}

uint8_t DependenceGraph::getEdgeKinds(unsigned pred, unsigned node) const {
  ArrayRef<unsigned> row = getPreds(node);
  const unsigned *it = std::lower_bound(row.begin(), row.end(), pred);
  if (it == row.end() || *it != pred)
    return 0;
  return predKinds[predOffsets[node] + (it - row.begin())];
}
