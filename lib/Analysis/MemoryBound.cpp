//===- MemoryBound.cpp - lower bounds of the orders within a budget -------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Why the forced orders hold (docs/Analyses.md, "The memory-aware bound",
// has the long form). Let P be pairs "x before y" that hold in every order
// of peak at most the budget, closed, with the dependences among them. For
// ops b and a with a not known before b, suppose b runs before a. While b
// runs, PeakMemory.h's model keeps live the buffers b defines or uses, and
// every buffer begun before b (live on entry, or defined by an op P puts
// before b) that is still needed after it (live out, or used by an op P
// puts after b, or by a or an op P puts after a). If their bytes
// exceed the budget, every order within it runs a before b. Each round
// tests all pairs given the pairs of the rounds before; by induction every
// pair found holds, and stopping after any round only finds fewer.
//
// The test is cheap for most b: the bytes with no a (the buffers needed
// whatever a is) plus every buffer that some a could make needed is at most
// the budget for ops far from it, which are skipped; for the others, a
// buffer k counts for exactly the ops a that are users of k or ancestors of
// one, a bit row per buffer.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/MemoryBound.h"
#include "sched/Analysis/LowerBounds.h"

#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <limits>
#include <optional>
#include <queue>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// One row of bits per op.
struct BitRows {
  unsigned n = 0, words = 0;
  std::vector<uint64_t> bits;

  void reset(unsigned count) {
    n = count;
    words = (n + 63) / 64;
    bits.assign(size_t(n) * words, 0);
  }
  uint64_t *row(unsigned i) { return &bits[size_t(i) * words]; }
  const uint64_t *row(unsigned i) const { return &bits[size_t(i) * words]; }
  bool test(unsigned i, unsigned j) const {
    return (row(i)[j / 64] >> (j % 64)) & 1;
  }
};

/// Sets bit `j` of `row`.
void setBit(uint64_t *row, unsigned j) {
  row[j / 64] |= uint64_t(1) << (j % 64);
}

/// Sets row `pos` of `rows` to the union of `neighbors` and their rows,
/// which must be closed already.
void closeRow(BitRows &rows, unsigned pos, ArrayRef<unsigned> neighbors) {
  uint64_t *row = rows.row(pos);
  for (unsigned neighbor : neighbors) {
    const uint64_t *from = rows.row(neighbor);
    for (unsigned w = 0; w < rows.words; ++w)
      row[w] |= from[w];
    setBit(row, neighbor);
  }
}

/// The direct edges of the relation and its closure in both directions.
struct Relation {
  std::vector<SmallVector<unsigned, 4>> preds, succs;
  /// Ancestors and descendants of every op (closed, after close()).
  BitRows anc, desc;

  void addEdge(unsigned before, unsigned after) {
    preds[after].push_back(before);
    succs[before].push_back(after);
  }
  /// Returns a topological order of the edges (the least position first
  /// among the ready ops), or an empty vector on a cycle.
  std::vector<unsigned> sort() const;
  /// Fills `anc` and `desc`; returns false on a cycle.
  bool close();
};

std::vector<unsigned> Relation::sort() const {
  unsigned n = preds.size();
  std::vector<unsigned> indegree(n), order;
  for (unsigned pos = 0; pos < n; ++pos)
    indegree[pos] = preds[pos].size();
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      ready;
  for (unsigned pos = 0; pos < n; ++pos)
    if (indegree[pos] == 0)
      ready.push(pos);
  while (!ready.empty()) {
    unsigned pos = ready.top();
    ready.pop();
    order.push_back(pos);
    for (unsigned next : succs[pos])
      if (--indegree[next] == 0)
        ready.push(next);
  }
  if (order.size() != n)
    order.clear();
  return order;
}

bool Relation::close() {
  unsigned n = preds.size();
  std::vector<unsigned> order = sort();
  if (order.size() != n)
    return false;
  anc.reset(n);
  desc.reset(n);
  for (unsigned pos : order)
    closeRow(anc, pos, preds[pos]);
  for (unsigned pos : llvm::reverse(order))
    closeRow(desc, pos, succs[pos]);
  return true;
}

/// Checks `ops` and `memory` and builds the relation of the dependences,
/// the waits after their starts and the definitions before their users;
/// the last ones (not dependences) go to `edges` as well.
LogicalResult buildRelation(ArrayRef<SimOp> ops, const MemoryProblem &memory,
                            Relation &relation,
                            std::vector<std::pair<unsigned, unsigned>> &edges) {
  unsigned n = ops.size();
  if (memory.numSteps != n)
    return failure();
  relation.preds.assign(n, {});
  relation.succs.assign(n, {});
  std::vector<std::pair<unsigned, unsigned>> known;
  for (auto [pos, op] : llvm::enumerate(ops)) {
    for (unsigned dep : op.deps) {
      if (dep >= pos)
        return failure();
      known.push_back({dep, pos});
    }
    if (op.kind == SimOp::Kind::Wait) {
      if (op.start >= pos || ops[op.start].kind != SimOp::Kind::Start)
        return failure();
      known.push_back({op.start, unsigned(pos)});
    }
  }
  for (const MemoryProblem::Buffer &buffer : memory.buffers) {
    if (buffer.def && *buffer.def >= n)
      return failure();
    for (unsigned use : buffer.uses) {
      if (use >= n)
        return failure();
      if (buffer.def && *buffer.def != use)
        edges.push_back({*buffer.def, use});
    }
  }
  llvm::sort(known);
  known.erase(std::unique(known.begin(), known.end()), known.end());
  llvm::sort(edges);
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  llvm::erase_if(edges, [&](const std::pair<unsigned, unsigned> &edge) {
    return std::binary_search(known.begin(), known.end(), edge);
  });
  for (auto [before, after] : known)
    relation.addEdge(before, after);
  for (auto [before, after] : edges)
    relation.addEdge(before, after);
  return success();
}

/// One round's tests of the pairs (a, b), "b before a".
class PairTester {
public:
  PairTester(const MemoryProblem &memory, const Relation &relation,
             const std::vector<SmallVector<unsigned, 4>> &touches,
             int64_t budget)
      : memory(memory), relation(relation), touches(touches), budget(budget),
        upRows(memory.buffers.size()), extra(relation.preds.size()) {}

  /// Appends to `found` every (a, b) such that running b before a keeps
  /// more than the budget live while b runs; returns false if b alone does.
  bool test(unsigned b, std::vector<std::pair<unsigned, unsigned>> &found);

private:
  /// The ops that are users of buffer `k` or ancestors of one.
  const std::vector<uint64_t> &getUpRow(unsigned k);

  const MemoryProblem &memory;
  const Relation &relation;
  const std::vector<SmallVector<unsigned, 4>> &touches;
  int64_t budget;
  std::vector<std::vector<uint64_t>> upRows;
  std::vector<int64_t> extra;
};

const std::vector<uint64_t> &PairTester::getUpRow(unsigned k) {
  std::vector<uint64_t> &row = upRows[k];
  if (!row.empty())
    return row;
  row.assign(relation.anc.words, 0);
  for (unsigned use : memory.buffers[k].uses) {
    const uint64_t *from = relation.anc.row(use);
    for (unsigned w = 0; w < relation.anc.words; ++w)
      row[w] |= from[w];
    setBit(row.data(), use);
  }
  return row;
}

bool PairTester::test(unsigned b,
                      std::vector<std::pair<unsigned, unsigned>> &found) {
  const BitRows &anc = relation.anc, &desc = relation.desc;
  int64_t base = 0, open = 0;
  SmallVector<unsigned, 16> candidates;
  const SmallVector<unsigned, 4> &own = touches[b];
  for (auto [k, buffer] : llvm::enumerate(memory.buffers)) {
    if (llvm::is_contained(own, k)) {
      base += buffer.size;
      continue;
    }
    bool begun = !buffer.def || anc.test(b, *buffer.def);
    if (!begun || buffer.size <= 0)
      continue;
    if (buffer.liveOut || llvm::any_of(buffer.uses, [&](unsigned use) {
          return desc.test(b, use);
        })) {
      base += buffer.size;
      continue;
    }
    // Only a user that may still come after b can make it needed.
    if (llvm::all_of(buffer.uses, [&](unsigned use) {
          return use == b || anc.test(b, use);
        }))
      continue;
    candidates.push_back(k);
    open += buffer.size;
  }
  if (base > budget)
    return false;
  if (base + open <= budget)
    return true;
  unsigned n = extra.size();
  std::fill(extra.begin(), extra.end(), 0);
  for (unsigned k : candidates) {
    const std::vector<uint64_t> &row = getUpRow(k);
    for (unsigned w = 0; w < row.size(); ++w)
      for (uint64_t word = row[w]; word; word &= word - 1)
        extra[w * 64 + llvm::countr_zero(word)] += memory.buffers[k].size;
  }
  for (unsigned a = 0; a < n; ++a)
    if (a != b && !anc.test(b, a) && base + extra[a] > budget)
      found.push_back({a, b});
  return true;
}
} // namespace

/// The buffers every op defines or uses.
static std::vector<SmallVector<unsigned, 4>>
getTouchedBuffers(const MemoryProblem &memory) {
  std::vector<SmallVector<unsigned, 4>> touches(memory.numSteps);
  for (auto [k, buffer] : llvm::enumerate(memory.buffers)) {
    if (buffer.def)
      touches[*buffer.def].push_back(k);
    for (unsigned use : buffer.uses)
      if (!llvm::is_contained(touches[use], k))
        touches[use].push_back(k);
  }
  return touches;
}

/// computeForcedOrder, keeping the relation (closed where feasible).
static FailureOr<ForcedOrder>
findForcedOrder(ArrayRef<SimOp> ops, const MemoryProblem &memory,
                int64_t budget, unsigned maxRounds, Relation &relation) {
  unsigned n = ops.size();
  if (n > kMaxMemoryBoundOps)
    return failure();
  ForcedOrder result;
  if (failed(buildRelation(ops, memory, relation, result.edges)))
    return failure();
  std::vector<SmallVector<unsigned, 4>> touches = getTouchedBuffers(memory);
  bool changed = true;
  while (changed && result.rounds < maxRounds) {
    ++result.rounds;
    if (!relation.close()) {
      result.infeasible = true;
      return result;
    }
    PairTester tester(memory, relation, touches, budget);
    std::vector<std::pair<unsigned, unsigned>> found;
    for (unsigned b = 0; b < n; ++b) {
      if (!tester.test(b, found)) {
        result.infeasible = true;
        return result;
      }
    }
    changed = !found.empty();
    result.budgetPairs += found.size();

    for (auto [before, after] : found)
      relation.addEdge(before, after);
    result.edges.insert(result.edges.end(), found.begin(), found.end());
  }
  llvm::sort(result.edges);
  result.edges.erase(std::unique(result.edges.begin(), result.edges.end()),
                     result.edges.end());
  // The last round's pairs may close a cycle.
  result.infeasible = !relation.close();
  return result;
}

FailureOr<ForcedOrder>
mlir::sched::computeForcedOrder(ArrayRef<SimOp> ops,
                                const MemoryProblem &memory, int64_t budget,
                                unsigned maxRounds) {
  Relation relation;
  return findForcedOrder(ops, memory, budget, maxRounds, relation);
}

std::vector<SimOp> mlir::sched::withForcedOrder(ArrayRef<SimOp> ops,
                                                const ForcedOrder &forced,
                                                std::vector<unsigned> *newPos) {
  unsigned n = ops.size();
  Relation relation;
  relation.preds.assign(n, {});
  relation.succs.assign(n, {});
  for (auto [pos, op] : llvm::enumerate(ops)) {
    for (unsigned dep : op.deps)
      relation.addEdge(dep, pos);
    if (op.kind == SimOp::Kind::Wait)
      relation.addEdge(op.start, pos);
  }
  for (auto [before, after] : forced.edges)
    relation.addEdge(before, after);
  std::vector<unsigned> order = relation.sort();
  assert(order.size() == n && "withForcedOrder needs a feasible order");
  std::vector<unsigned> position(n);
  for (auto [index, pos] : llvm::enumerate(order))
    position[pos] = index;
  std::vector<SimOp> result;
  result.reserve(n);
  for (unsigned pos : order) {
    SimOp op = ops[pos];
    op.deps.clear();
    for (unsigned pred : relation.preds[pos])
      if (op.kind != SimOp::Kind::Wait || pred != ops[pos].start)
        op.deps.push_back(position[pred]);
    llvm::sort(op.deps);
    op.deps.erase(std::unique(op.deps.begin(), op.deps.end()), op.deps.end());
    if (op.kind == SimOp::Kind::Wait)
      op.start = position[op.start];
    result.push_back(std::move(op));
  }
  if (newPos)
    *newPos = std::move(position);
  return result;
}

/// Heads of the ops along the dependences (a lower bound of when each
/// begins: the longest path to it, a collective counted from its start to
/// its wait), and their tails (the longest path after each ends, compute
/// and collectives counted).
static void getPathBounds(ArrayRef<SimOp> ops, std::vector<double> &head,
                          std::vector<double> &tail) {
  unsigned n = ops.size();
  head.assign(n, 0);
  tail.assign(n, 0);
  std::vector<double> end(n, 0);
  std::vector<SmallVector<unsigned, 4>> succs(n);
  for (auto [pos, op] : llvm::enumerate(ops)) {
    for (unsigned dep : op.deps) {
      head[pos] = std::max(head[pos], end[dep]);
      succs[dep].push_back(pos);
    }
    end[pos] = head[pos];
    if (op.kind == SimOp::Kind::Compute)
      end[pos] += op.durationUs;
    else if (op.kind == SimOp::Kind::Wait)
      end[pos] = std::max(end[pos], head[op.start] + ops[op.start].durationUs);
  }
  // A start's tail counts its collective and its wait's tail; a
  // successor's own time counts for compute.
  for (auto [pos, op] : llvm::enumerate(ops))
    if (op.kind == SimOp::Kind::Wait)
      succs[op.start].push_back(pos);
  for (unsigned pos = n; pos-- > 0;) {
    for (unsigned succ : succs[pos]) {
      const SimOp &next = ops[succ];
      double through = tail[succ];
      if (next.kind == SimOp::Kind::Compute)
        through += next.durationUs;
      if (ops[pos].kind == SimOp::Kind::Start &&
          next.kind == SimOp::Kind::Wait && next.start == pos)
        through += ops[pos].durationUs;
      tail[pos] = std::max(tail[pos], through);
    }
  }
}

/// The optimum of the fractional knapsack of the items of positive value
/// (`value[i]`, `weight[i]` > 0 bytes) in `room` bytes: the best value per
/// byte first (ties: the lower item), the last one in part.
static double packFractionally(ArrayRef<double> value, ArrayRef<int64_t> weight,
                               int64_t room) {
  std::vector<unsigned> items;
  for (unsigned i = 0; i < value.size(); ++i)
    if (value[i] > 0)
      items.push_back(i);
  llvm::sort(items, [&](unsigned a, unsigned b) {
    double ra = value[a] / weight[a], rb = value[b] / weight[b];
    return ra != rb ? ra > rb : a < b;
  });
  double left = static_cast<double>(room), packed = 0;
  for (unsigned i : items) {
    if (left <= 0)
      break;
    double size = weight[i];
    packed += value[i] * std::min(1.0, left / size);
    left -= size;
  }
  return packed;
}

/// The most compute that can run after the op `s` in an order within the
/// budget: the compute of the non-ancestors of `s` that need no buffer
/// beyond those live while `s` runs anyway, plus the fractional knapsack of
/// the other buffers begun before `s` (weight: bytes; value: the compute of
/// the ops whose largest needed buffer it is) in the bytes left. Returns
/// nothing where every such buffer fits (the bound would not beat the
/// others).
static std::optional<double> getComputeAfter(
    ArrayRef<SimOp> ops, const MemoryProblem &memory, const Relation &relation,
    ArrayRef<SmallVector<unsigned, 4>> touches, int64_t budget, unsigned s) {
  const BitRows &anc = relation.anc, &desc = relation.desc;
  unsigned n = ops.size();
  int64_t base = 0, open = 0;
  SmallVector<unsigned, 16> candidates;
  for (auto [k, buffer] : llvm::enumerate(memory.buffers)) {
    bool begun = !buffer.def || anc.test(s, *buffer.def);
    if (llvm::is_contained(touches[s], k) ||
        (begun &&
         (buffer.liveOut || llvm::any_of(buffer.uses, [&](unsigned use) {
            return desc.test(s, use);
          })))) {
      base += buffer.size;
      continue;
    }
    if (!begun || buffer.size <= 0 ||
        llvm::all_of(buffer.uses, [&](unsigned use) {
          return use == s || anc.test(s, use);
        }))
      continue;
    candidates.push_back(k);
    open += buffer.size;
  }
  if (base + open <= budget)
    return std::nullopt;
  // Per op: the largest candidate buffer it (or a descendant) needs: the
  // users of a buffer after s and their ancestors.
  std::vector<unsigned> largest(n, ~0u);
  for (unsigned k : candidates) {
    int64_t size = memory.buffers[k].size;
    for (unsigned use : memory.buffers[k].uses) {
      if (use == s || anc.test(s, use))
        continue;
      auto visit = [&](unsigned x) {
        if (largest[x] == ~0u || memory.buffers[largest[x]].size < size)
          largest[x] = k;
      };
      visit(use);
      const uint64_t *row = anc.row(use);
      for (unsigned w = 0; w < anc.words; ++w)
        for (uint64_t word = row[w]; word; word &= word - 1)
          visit(w * 64 + llvm::countr_zero(word));
    }
  }
  double free = 0;
  std::vector<double> value(memory.buffers.size(), 0);
  for (unsigned x = 0; x < n; ++x) {
    if (ops[x].kind != SimOp::Kind::Compute || x == s || anc.test(s, x))
      continue;
    if (largest[x] == ~0u)
      free += ops[x].durationUs;
    else
      value[largest[x]] += ops[x].durationUs;
  }
  std::vector<int64_t> weight(memory.buffers.size());
  for (auto [k, buffer] : llvm::enumerate(memory.buffers))
    weight[k] = buffer.size;
  return free + packFractionally(value, weight, budget - base);
}

/// The memory-limited tail bound: for every op s, the compute stream runs
/// every compute op that is not after s before s begins, each no earlier
/// than its head, and at most getComputeAfter of it is after s; s then
/// runs, and leaves its tail.
static double getMemoryTailBound(ArrayRef<SimOp> ops,
                                 const MemoryProblem &memory,
                                 const Relation &relation, int64_t budget) {
  std::vector<double> head, tail;
  getPathBounds(ops, head, tail);
  // The compute ops by head, latest first: suffix sums of their durations.
  std::vector<unsigned> byHead;
  for (auto [pos, op] : llvm::enumerate(ops))
    if (op.kind == SimOp::Kind::Compute && op.durationUs > 0)
      byHead.push_back(pos);
  llvm::sort(byHead, [&](unsigned a, unsigned b) {
    return head[a] != head[b] ? head[a] > head[b] : a < b;
  });
  double issueBase = 0, sum = 0;
  for (unsigned pos : byHead) {
    sum += ops[pos].durationUs;
    issueBase = std::max(issueBase, head[pos] + sum);
  }
  std::vector<SmallVector<unsigned, 4>> touches = getTouchedBuffers(memory);
  double bound = 0;
  for (auto [pos, op] : llvm::enumerate(ops)) {
    if (op.kind == SimOp::Kind::Wait || tail[pos] <= 0)
      continue;
    std::optional<double> after =
        getComputeAfter(ops, memory, relation, touches, budget, pos);
    if (after)
      bound = std::max(bound, issueBase - *after + tail[pos]);
  }
  return bound;
}

/// The compute ops that may run before the op `s` in an order within the
/// budget, and what the budget lets them do. An op not known to precede or
/// follow `s` is undetermined. A candidate is a buffer of an undetermined
/// definer, not touched by `s`, that is live out or used by a known
/// successor of `s`: if its definer runs before `s`, it is live while `s`
/// runs. A chain is an undetermined op defining a candidate and undetermined
/// producers before it, each of a buffer its successor in the chain uses
/// (its link, not touched by `s`): if some member runs before `s`, take the
/// last one that does; the next member runs after `s` and reads its link,
/// or it is the last and its candidate is needed after `s`, so a buffer of
/// the chain at least as large as the chain's weight (the least of its
/// links and candidate) is live while `s` runs. Distinct chains have
/// distinct members, so distinct such buffers. Each undetermined op belongs
/// to the heaviest chain among those with a member among it and its
/// ancestors: if it runs before `s`, so does that member.
struct BeforeCandidates {
  /// Per op, the chain it belongs to, or ~0u (none, or not undetermined).
  std::vector<unsigned> chain;
  /// Per chain, its weight in bytes.
  std::vector<int64_t> weight;
  /// Per op, whether it is undetermined.
  std::vector<bool> undetermined;
  /// The bytes the chains' buffers live while `s` runs may take: the budget
  /// less the buffers live then whatever the order.
  int64_t room = 0;
};

/// Returns the chains of `s` (BeforeCandidates); nothing where all the
/// candidates fit beside the buffers live while `s` runs anyway.
static std::optional<BeforeCandidates> getCandidatesBefore(
    ArrayRef<SimOp> ops, const MemoryProblem &memory, const Relation &relation,
    ArrayRef<SmallVector<unsigned, 4>> touches, int64_t budget, unsigned s) {
  const BitRows &anc = relation.anc, &desc = relation.desc;
  unsigned n = ops.size();
  BeforeCandidates result;
  result.undetermined.assign(n, false);
  for (unsigned x = 0; x < n; ++x)
    result.undetermined[x] = x != s && !anc.test(s, x) && !desc.test(s, x);
  int64_t base = 0, open = 0;
  SmallVector<unsigned, 16> candidates;
  for (auto [k, buffer] : llvm::enumerate(memory.buffers)) {
    bool neededAfter =
        buffer.liveOut || llvm::any_of(buffer.uses, [&](unsigned use) {
          return desc.test(s, use);
        });
    bool begun = !buffer.def || anc.test(s, *buffer.def);
    if (llvm::is_contained(touches[s], k) || (begun && neededAfter)) {
      base += buffer.size;
      continue;
    }
    if (buffer.size <= 0 || !neededAfter || !buffer.def ||
        !result.undetermined[*buffer.def])
      continue;
    candidates.push_back(k);
    open += buffer.size;
  }
  if (base + open <= budget)
    return std::nullopt;
  result.room = budget - base;
  // Chains, from the largest candidates back through their producers: a
  // link at least half the chain's weight, its producer undetermined
  // compute in no chain yet (the largest such link first).
  llvm::stable_sort(candidates, [&](unsigned a, unsigned b) {
    return memory.buffers[a].size > memory.buffers[b].size;
  });
  std::vector<unsigned> member(n, ~0u);
  for (unsigned k : candidates) {
    unsigned def = *memory.buffers[k].def;
    if (member[def] != ~0u || ops[def].kind != SimOp::Kind::Compute)
      continue;
    unsigned c = result.weight.size();
    result.weight.push_back(memory.buffers[k].size);
    member[def] = c;
    for (unsigned cur = def;;) {
      unsigned link = ~0u;
      for (unsigned b : touches[cur]) {
        const MemoryProblem::Buffer &buffer = memory.buffers[b];
        if (!buffer.def || *buffer.def == cur ||
            2 * buffer.size < result.weight[c] ||
            llvm::is_contained(touches[s], b))
          continue;
        unsigned p = *buffer.def;
        if (!result.undetermined[p] || member[p] != ~0u ||
            ops[p].kind != SimOp::Kind::Compute)
          continue;
        if (link == ~0u || buffer.size > memory.buffers[link].size)
          link = b;
      }
      if (link == ~0u)
        break;
      cur = *memory.buffers[link].def;
      member[cur] = c;
      result.weight[c] = std::min(result.weight[c], memory.buffers[link].size);
    }
  }
  // Each undetermined op: the heaviest chain with a member among it and its
  // ancestors (undetermined ancestors only: an ancestor of an undetermined
  // op that follows a member is undetermined too).
  result.chain.assign(n, ~0u);
  auto heavier = [&](unsigned a, unsigned b) {
    if (b == ~0u)
      return false;
    return a == ~0u || result.weight[b] > result.weight[a];
  };
  for (unsigned x = 0; x < n; ++x) {
    if (!result.undetermined[x])
      continue;
    unsigned best = member[x];
    for (unsigned dep : ops[x].deps)
      if (result.undetermined[dep] && heavier(best, result.chain[dep]))
        best = result.chain[dep];
    if (ops[x].kind == SimOp::Kind::Wait && result.undetermined[ops[x].start] &&
        heavier(best, result.chain[ops[x].start]))
      best = result.chain[ops[x].start];
    result.chain[x] = best;
  }
  return result;
}

/// The most compute, among the ops whose tail is at least `minTail`, that
/// the undetermined ops of `before` can run before `s`: those in no chain,
/// plus the fractional knapsack of the chains (weight: bytes; value: the
/// compute of their ops) in `before.room`.
static double getComputeBefore(ArrayRef<SimOp> ops,
                               const BeforeCandidates &before,
                               ArrayRef<double> tail, double minTail) {
  double free = 0;
  std::vector<double> value(before.weight.size(), 0);
  for (unsigned x = 0; x < ops.size(); ++x) {
    if (ops[x].kind != SimOp::Kind::Compute || !before.undetermined[x] ||
        tail[x] < minTail)
      continue;
    if (before.chain[x] == ~0u)
      free += ops[x].durationUs;
    else
      value[before.chain[x]] += ops[x].durationUs;
  }
  return free + packFractionally(value, before.weight, before.room);
}

/// The tails the memory-limited head bound tries as thresholds: 0 and the
/// distinct positive tails of compute ops at ranks 0, 1, 3, 7, ... from the
/// smallest (the collectives at the end of a step leave their time after
/// all of their producers) and at kHeadThresholds ranks evenly spread.
static constexpr unsigned kHeadThresholds = 16;

static std::vector<double> getTailThresholds(ArrayRef<SimOp> ops,
                                             ArrayRef<double> tail) {
  std::vector<double> tails;
  for (auto [pos, op] : llvm::enumerate(ops))
    if (op.kind == SimOp::Kind::Compute && op.durationUs > 0 && tail[pos] > 0)
      tails.push_back(tail[pos]);
  llvm::sort(tails);
  tails.erase(std::unique(tails.begin(), tails.end()), tails.end());
  std::vector<double> thresholds = {0};
  size_t count = tails.size();
  for (size_t rank = 1; rank <= count; rank *= 2)
    thresholds.push_back(tails[rank - 1]);
  for (unsigned i = 1; count > 0 && i <= kHeadThresholds; ++i)
    thresholds.push_back(tails[(count - 1) * i / kHeadThresholds]);
  llvm::sort(thresholds);
  thresholds.erase(std::unique(thresholds.begin(), thresholds.end()),
                   thresholds.end());
  return thresholds;
}

/// The memory-limited head bound: for an op s and a threshold q, the
/// compute ops of tail at least q that do not run before s run one at a
/// time after s begins (no earlier than its head), and the last of them
/// leaves at least q; of those not known to precede s, at most
/// getComputeBefore run before it.
static double getMemoryHeadBound(ArrayRef<SimOp> ops,
                                 const MemoryProblem &memory,
                                 const Relation &relation, int64_t budget) {
  FailureOr<SubsetHeadsAndTails> bounds = computeSubsetHeadsAndTails(ops);
  if (failed(bounds) || bounds->head.empty())
    return 0;
  ArrayRef<double> head = bounds->head, tail = bounds->tail;
  std::vector<double> thresholds = getTailThresholds(ops, tail);
  std::vector<SmallVector<unsigned, 4>> touches = getTouchedBuffers(memory);
  double bound = 0;
  for (auto [s, op] : llvm::enumerate(ops)) {
    if (op.kind == SimOp::Kind::Wait || head[s] <= 0)
      continue;
    std::optional<BeforeCandidates> before =
        getCandidatesBefore(ops, memory, relation, touches, budget, s);
    if (!before)
      continue;
    for (double q : thresholds) {
      double after = 0;
      for (auto [x, other] : llvm::enumerate(ops))
        if (other.kind == SimOp::Kind::Compute && tail[x] >= q &&
            !relation.anc.test(s, x))
          after += other.durationUs;
      after -= getComputeBefore(ops, *before, tail, q);
      if (after > 0)
        bound = std::max(bound, head[s] + after + q);
    }
  }
  return bound;
}

FailureOr<double> mlir::sched::computeMemoryBound(ArrayRef<SimOp> ops,
                                                  const MemoryProblem &memory,
                                                  int64_t budget,
                                                  unsigned maxRounds) {
  if (ops.size() > kMaxMemoryBoundOps)
    return 0.0;
  FailureOr<MemoryAwareBound> bound =
      computeMemoryAwareBounds(ops, memory, budget, maxRounds);
  if (failed(bound))
    return failure();
  return bound->getBestUs();
}

FailureOr<MemoryAwareBound>
mlir::sched::computeMemoryAwareBounds(ArrayRef<SimOp> ops,
                                      const MemoryProblem &memory,
                                      int64_t budget, unsigned maxRounds) {
  Relation relation;
  FailureOr<ForcedOrder> forced =
      findForcedOrder(ops, memory, budget, maxRounds, relation);
  if (failed(forced))
    return failure();
  MemoryAwareBound result;
  result.budgetPairs = forced->budgetPairs;
  if (forced->infeasible) {
    result.orderUs = std::numeric_limits<double>::infinity();
    return result;
  }
  FailureOr<LowerBounds> bounds =
      computeLowerBounds(withForcedOrder(ops, *forced));
  if (failed(bounds))
    return failure();
  result.orderUs = bounds->getBestUs();
  result.tailUs = getMemoryTailBound(ops, memory, relation, budget);
  result.headUs = getMemoryHeadBound(ops, memory, relation, budget);
  return result;
}
