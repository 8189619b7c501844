//===- AugmentedGraph.cpp - dependences plus extra edges and merges -------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/AugmentedGraph.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <numeric>
#include <queue>

using namespace mlir;
using namespace mlir::sched;

AugmentedGraph::AugmentedGraph(const DependenceGraph &base)
    : base(base), setOf(base.size()), members(base.size()), ord(base.size()),
      extraDeps(base.size()), extraUses(base.size()), erased(base.size()),
      visitStamp(base.size()) {
  unsigned numNodes = base.size();
  bool forward = true;
  for (unsigned n = 0; n < numNodes; ++n) {
    setOf[n] = n;
    members[n].push_back(n);
    forward &=
        llvm::all_of(base.getSuccs(n), [&](unsigned succ) { return succ > n; });
  }
  // A graph whose edges all go forward (a block's, in program order) is in
  // topological order by node number, which is what Kahn's algorithm would
  // find (a ready node of the lowest number first): skip its heap.
  if (forward) {
    std::iota(ord.begin(), ord.end(), 0u);
    nextOrd = numNodes;
  } else {
    recomputeOrder();
  }
  undoLog.clear();
}

//===----------------------------------------------------------------------===//
// Traversal helpers
//===----------------------------------------------------------------------===//

template <typename Fn>
void AugmentedGraph::forEachSuccSet(unsigned set, Fn fn) const {
  for (unsigned member : members[set]) {
    if (member < base.size())
      for (unsigned succ : base.getSuccs(member))
        if (!erased[succ] && setOf[succ] != set)
          fn(setOf[succ]);
    for (unsigned use : extraUses[member])
      if (setOf[use] != set)
        fn(setOf[use]);
  }
}

template <typename Fn>
void AugmentedGraph::forEachPredSet(unsigned set, Fn fn) const {
  for (unsigned member : members[set]) {
    if (member < base.size())
      for (unsigned pred : base.getPreds(member))
        if (!erased[pred] && setOf[pred] != set)
          fn(setOf[pred]);
    for (unsigned dep : extraDeps[member])
      if (setOf[dep] != set)
        fn(setOf[dep]);
  }
}

bool AugmentedGraph::hasDirectDep(unsigned node, unsigned dep) const {
  if (node < base.size() && dep < base.size() && !erased[dep] &&
      base.hasEdge(dep, node))
    return true;
  return llvm::is_contained(extraDeps[node], dep);
}

//===----------------------------------------------------------------------===//
// Topological order of the sets
//===----------------------------------------------------------------------===//

void AugmentedGraph::setOrd(unsigned set, unsigned value) {
  undoLog.push_back({UndoEntry::SetOrd, set, ord[set]});
  ord[set] = value;
}

void AugmentedGraph::setCyclic(bool value) {
  if (cyclic == value)
    return;
  undoLog.push_back({UndoEntry::SetCyclic, cyclic});
  cyclic = value;
}

void AugmentedGraph::recomputeOrder() {
  undoLog.push_back({UndoEntry::OrderSnapshot, nextOrd, 0, 0, 0, ord});
  // Kahn's algorithm over the live sets; ready sets are taken by their old
  // order, then by number, so the result is deterministic and stays close to
  // the previous order.
  unsigned numNodes = size();
  std::vector<unsigned> indegree(numNodes, 0);
  std::vector<unsigned> liveSets;
  for (unsigned n = 0; n < numNodes; ++n)
    if (!erased[n] && setOf[n] == n && !members[n].empty())
      liveSets.push_back(n);
  for (unsigned set : liveSets)
    forEachPredSet(set, [&](unsigned) { ++indegree[set]; });
  using Item = std::pair<unsigned, unsigned>; // (old order, set)
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> ready;
  for (unsigned set : liveSets)
    if (!indegree[set])
      ready.push({ord[set], set});
  unsigned next = 0;
  std::vector<unsigned> newOrd(ord);
  while (!ready.empty()) {
    unsigned set = ready.top().second;
    ready.pop();
    newOrd[set] = next++;
    forEachSuccSet(set, [&](unsigned succ) {
      if (--indegree[succ] == 0)
        ready.push({ord[succ], succ});
    });
  }
  // With a cycle the order is not used: keep the old one.
  bool acyclic = next == liveSets.size();
  if (acyclic) {
    ord = std::move(newOrd);
    nextOrd = next;
  }
  setCyclic(!acyclic);
}

bool AugmentedGraph::addOrderEdge(unsigned from, unsigned to) {
  if (from == to || cyclic)
    return !cyclic;
  unsigned lower = ord[to], upper = ord[from];
  if (upper < lower)
    return true;

  // Pearce-Kelly: the sets reachable from `to` with an order below `upper`
  // must move after the sets that reach `from` with an order above `lower`.
  uint32_t fwdMark = ++stamp;
  forward.clear();
  stack.assign(1, to);
  visitStamp[to] = fwdMark;
  bool cycle = false;
  while (!stack.empty() && !cycle) {
    unsigned set = stack.back();
    stack.pop_back();
    forward.push_back(set);
    forEachSuccSet(set, [&](unsigned succ) {
      if (succ == from)
        cycle = true;
      else if (ord[succ] < upper && visitStamp[succ] != fwdMark) {
        visitStamp[succ] = fwdMark;
        stack.push_back(succ);
      }
    });
  }
  if (cycle) {
    setCyclic(true);
    return false;
  }
  uint32_t bwdMark = ++stamp;
  backward.clear();
  stack.assign(1, from);
  visitStamp[from] = bwdMark;
  while (!stack.empty()) {
    unsigned set = stack.back();
    stack.pop_back();
    backward.push_back(set);
    forEachPredSet(set, [&](unsigned pred) {
      if (ord[pred] > lower && visitStamp[pred] != bwdMark) {
        visitStamp[pred] = bwdMark;
        stack.push_back(pred);
      }
    });
  }
  auto byOrd = [&](unsigned a, unsigned b) { return ord[a] < ord[b]; };
  llvm::sort(forward, byOrd);
  llvm::sort(backward, byOrd);
  std::vector<unsigned> slots;
  slots.reserve(forward.size() + backward.size());
  for (unsigned set : backward)
    slots.push_back(ord[set]);
  for (unsigned set : forward)
    slots.push_back(ord[set]);
  llvm::sort(slots);
  unsigned i = 0;
  for (unsigned set : backward)
    setOrd(set, slots[i++]);
  for (unsigned set : forward)
    setOrd(set, slots[i++]);
  return true;
}

//===----------------------------------------------------------------------===//
// Nodes
//===----------------------------------------------------------------------===//

unsigned AugmentedGraph::addNode(ArrayRef<unsigned> deps) {
  unsigned node = size();
  setOf.push_back(node);
  members.emplace_back();
  members.back().push_back(node);
  ord.push_back(nextOrd++);
  extraDeps.emplace_back();
  extraUses.emplace_back();
  erased.push_back(false);
  visitStamp.push_back(0);
  undoLog.push_back({UndoEntry::AddNode});
  for (unsigned dep : deps)
    addExtraDep(node, dep);
  return node;
}

void AugmentedGraph::eraseNode(unsigned node) {
  if (erased[node])
    return;
  unmerge(node);
  while (!extraDeps[node].empty())
    removeExtraDep(node, extraDeps[node].back());
  while (!extraUses[node].empty())
    removeExtraDep(extraUses[node].back(), node);
  undoLog.push_back({UndoEntry::Erase, node});
  erased[node] = true;
  // Removing edges cannot create a cycle, but may break one.
  if (cyclic)
    recomputeOrder();
}

//===----------------------------------------------------------------------===//
// Extra edges
//===----------------------------------------------------------------------===//

bool AugmentedGraph::addExtraDep(unsigned node, unsigned dep) {
  if (node == dep || erased[node] || erased[dep] ||
      llvm::is_contained(extraDeps[node], dep))
    return false;
  extraDeps[node].push_back(dep);
  extraUses[dep].push_back(node);
  undoLog.push_back({UndoEntry::AddExtra, node, dep});
  addOrderEdge(setOf[dep], setOf[node]);
  return true;
}

void AugmentedGraph::removeFromVector(SmallVector<unsigned, 0> &vec,
                                      unsigned value, unsigned &position) {
  auto *it = llvm::find(vec, value);
  position = it - vec.begin();
  vec.erase(it);
}

bool AugmentedGraph::removeExtraDep(unsigned node, unsigned dep) {
  if (!llvm::is_contained(extraDeps[node], dep))
    return false;
  UndoEntry entry{UndoEntry::RemoveExtra, node, dep};
  removeFromVector(extraDeps[node], dep, entry.c);
  removeFromVector(extraUses[dep], node, entry.d);
  undoLog.push_back(std::move(entry));
  if (cyclic)
    recomputeOrder();
  return true;
}

//===----------------------------------------------------------------------===//
// Merge sets
//===----------------------------------------------------------------------===//

LogicalResult AugmentedGraph::mergeToSet(unsigned existing, unsigned node) {
  if (erased[existing] || erased[node] || members[setOf[node]].size() != 1 ||
      setOf[node] == setOf[existing])
    return failure();
  unsigned set = setOf[existing];
  undoLog.push_back({UndoEntry::Merge, node, set});
  members[node].clear();
  members[set].push_back(node);
  setOf[node] = set;
  // Collapsing nodes into one set can also break a cycle: with a cycle, the
  // order is recomputed from scratch.
  if (cyclic) {
    recomputeOrder();
    return success();
  }
  // The merged set must follow the old neighbours of `node` as well.
  SmallVector<unsigned> preds, succs;
  if (node < base.size()) {
    for (unsigned pred : base.getPreds(node))
      if (!erased[pred])
        preds.push_back(pred);
    for (unsigned succ : base.getSuccs(node))
      if (!erased[succ])
        succs.push_back(succ);
  }
  llvm::append_range(preds, extraDeps[node]);
  llvm::append_range(succs, extraUses[node]);
  for (unsigned pred : preds)
    if (!addOrderEdge(setOf[pred], set))
      break;
  for (unsigned succ : succs)
    if (!addOrderEdge(set, setOf[succ]))
      break;
  return success();
}

void AugmentedGraph::unmerge(unsigned node) {
  unsigned set = setOf[node];
  if (members[set].size() == 1)
    return;
  undoLog.push_back(
      {UndoEntry::Unmerge, node, set, 0, 0,
       std::vector<unsigned>(members[set].begin(), members[set].end())});
  SmallVector<unsigned, 1> rest;
  for (unsigned member : members[set])
    if (member != node)
      rest.push_back(member);
  members[set].clear();
  // The rest keeps the set's number unless `node` gave it its number.
  unsigned restSet = set == node ? rest.front() : set;
  for (unsigned member : rest)
    setOf[member] = restSet;
  members[restSet] = rest;
  setOrd(restSet, ord[set]);
  setOf[node] = node;
  members[node] = {node};
  recomputeOrder();
}

SmallVector<unsigned> AugmentedGraph::getMergedDeps(unsigned node) const {
  SmallVector<unsigned> deps;
  for (unsigned member : members[setOf[node]]) {
    if (member < base.size())
      for (unsigned pred : base.getPreds(member))
        if (!erased[pred])
          deps.push_back(pred);
    llvm::append_range(deps, extraDeps[member]);
  }
  llvm::sort(deps);
  deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
  return deps;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

bool AugmentedGraph::hasPath(unsigned src, unsigned tgt) const {
  if (erased[src] || erased[tgt])
    return false;
  unsigned from = setOf[src], to = setOf[tgt];
  if (from == to)
    return false;
  // In a topological order a path only climbs: prune everything ordered
  // after the target. With a cycle the order means nothing: search all.
  bool prune = !cyclic;
  if (prune && ord[from] > ord[to])
    return false;
  // A path enters the target through one of its predecessors, each ordered
  // after the source: if none is, there is none (the common answer, found
  // without a search).
  if (prune) {
    bool reachable = false;
    forEachPredSet(to, [&](unsigned pred) {
      reachable |= pred == from || ord[pred] > ord[from];
    });
    if (!reachable)
      return false;
  }
  uint32_t mark = ++stamp;
  stack.assign(1, from);
  visitStamp[from] = mark;
  bool found = false;
  while (!stack.empty() && !found) {
    unsigned set = stack.back();
    stack.pop_back();
    forEachSuccSet(set, [&](unsigned succ) {
      if (succ == to)
        found = true;
      else if ((!prune || ord[succ] < ord[to]) && visitStamp[succ] != mark) {
        visitStamp[succ] = mark;
        stack.push_back(succ);
      }
    });
  }
  stack.clear();
  return found;
}

std::optional<std::vector<unsigned>>
AugmentedGraph::getTopologicalOrder() const {
  if (cyclic)
    return std::nullopt;
  std::vector<unsigned> sets;
  for (unsigned n = 0, e = size(); n < e; ++n)
    if (!erased[n] && setOf[n] == n && !members[n].empty())
      sets.push_back(n);
  llvm::sort(sets, [&](unsigned a, unsigned b) { return ord[a] < ord[b]; });
  std::vector<unsigned> order;
  for (unsigned set : sets)
    llvm::append_range(order, members[set]);
  return order;
}

bool AugmentedGraph::verifyInvariants() const {
  for (unsigned n = 0, e = size(); n < e; ++n) {
    if (erased[n])
      continue;
    if (!llvm::is_contained(members[setOf[n]], n))
      return false;
  }
  if (cyclic)
    return true;
  for (unsigned n = 0, e = size(); n < e; ++n) {
    if (erased[n] || setOf[n] != n || members[n].empty())
      continue;
    bool ok = true;
    forEachSuccSet(n, [&](unsigned succ) { ok &= ord[n] < ord[succ]; });
    if (!ok)
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Replacement
//===----------------------------------------------------------------------===//

void AugmentedGraph::transferErasedNodeDeps(
    ArrayRef<std::pair<unsigned, std::optional<unsigned>>> erasedToNew) {
  // Every member of an erased node's set is replaced the same way.
  llvm::MapVector<unsigned, std::optional<unsigned>> replacement;
  for (auto [old, repl] : erasedToNew)
    for (unsigned member : getMergeSet(old))
      replacement.insert({member, repl});
  auto mapped = [&](unsigned node) -> std::optional<unsigned> {
    auto it = replacement.find(node);
    return it == replacement.end() ? std::optional<unsigned>(node) : it->second;
  };

  for (auto &[old, repl] : replacement) {
    if (repl) {
      unsigned to = *repl;
      for (unsigned dep : SmallVector<unsigned>(extraDeps[old].begin(),
                                                extraDeps[old].end())) {
        std::optional<unsigned> from = mapped(dep);
        // No self edge, and no edge that closes a two-cycle.
        if (from && *from != to && !hasDirectDep(*from, to))
          addExtraDep(to, *from);
      }
      for (unsigned use : SmallVector<unsigned>(extraUses[old].begin(),
                                                extraUses[old].end())) {
        std::optional<unsigned> user = mapped(use);
        if (user && *user != to && !hasDirectDep(to, *user))
          addExtraDep(*user, to);
      }
    }
  }
  for (auto &[old, repl] : replacement)
    eraseNode(old);
}

//===----------------------------------------------------------------------===//
// Undo
//===----------------------------------------------------------------------===//

void AugmentedGraph::rollback(size_t point) {
  while (undoLog.size() > point) {
    UndoEntry entry = std::move(undoLog.back());
    undoLog.pop_back();
    switch (entry.kind) {
    case UndoEntry::AddExtra:
      extraDeps[entry.a].pop_back();
      extraUses[entry.b].erase(llvm::find(extraUses[entry.b], entry.a));
      break;
    case UndoEntry::RemoveExtra:
      extraDeps[entry.a].insert(extraDeps[entry.a].begin() + entry.c, entry.b);
      extraUses[entry.b].insert(extraUses[entry.b].begin() + entry.d, entry.a);
      break;
    case UndoEntry::SetOrd:
      ord[entry.a] = entry.b;
      break;
    case UndoEntry::SetCyclic:
      cyclic = entry.a;
      break;
    case UndoEntry::Merge:
      members[entry.b].pop_back();
      setOf[entry.a] = entry.a;
      members[entry.a] = {entry.a};
      break;
    case UndoEntry::Unmerge: {
      unsigned node = entry.a, set = entry.b;
      unsigned restSet =
          set == node ? entry.saved[entry.saved[0] == node] : set;
      members[restSet].clear();
      members[node].clear();
      members[set].assign(entry.saved.begin(), entry.saved.end());
      for (unsigned member : entry.saved)
        setOf[member] = set;
      break;
    }
    case UndoEntry::OrderSnapshot:
      ord = std::move(entry.saved);
      nextOrd = entry.a;
      break;
    case UndoEntry::Erase:
      erased[entry.a] = false;
      break;
    case UndoEntry::AddNode:
      setOf.pop_back();
      members.pop_back();
      ord.pop_back();
      extraDeps.pop_back();
      extraUses.pop_back();
      erased.pop_back();
      visitStamp.pop_back();
      --nextOrd;
      break;
    }
  }
}
