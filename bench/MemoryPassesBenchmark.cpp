//===- MemoryPassesBenchmark.cpp - the memory-aware passes, measured ------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Measures sched-reorder-for-memory and sched-fuse-compute
// (bench/memory-passes.md has the results and how to rerun them):
//
// 1. `random`: random DAGs with random buffers; the peak of each ordering
//    heuristic over the exact optimum (mean and worst ratio), per size.
// 2. `corpus`: each workload file given on the command line: the peak of
//    every order strategy against the original, and the traffic saved and
//    the peak of the fuser with each memory guard (exact, heuristic, none).
// 3. `scaling`: both passes on generated transformer steps of about 10k,
//    100k and 1M ops (the toy model with FSDP 8, TP 2 and sequence
//    parallelism, 46 ops per layer), with the scaling exponent.
// 4. `bound`: each workload file of at most --bound-max-ops ops: the largest
//    traffic saving of any fusion without raising the peak, under any legal
//    order (dynamic programming over the sets of ops closed under
//    predecessors), against the fuser's.
//
// Usage: sched-bench-memory-passes [--sections=random,corpus,scaling,bound]
//          [--dags=N] [--dag-sizes=8,12,16,20] [--max-ops=N]
//          [--bound-max-ops=N] [files...]
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Dialect/Sched/IR/SchedDialect.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"
#include "sched/InitAll.h"
#include "sched/Scheduling/Fusion.h"
#include "sched/Scheduling/MemoryOrder.h"
#include "sched/Workloads/TransformerGenerator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <ctime>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <unordered_map>

using namespace mlir;
using namespace mlir::sched;

static llvm::cl::list<std::string>
    sections("sections", llvm::cl::desc("random, corpus, scaling, bound"),
             llvm::cl::CommaSeparated);
static llvm::cl::opt<unsigned> numDags("dags",
                                       llvm::cl::desc("random DAGs per size"),
                                       llvm::cl::init(200));
static llvm::cl::list<unsigned>
    dagSizes("dag-sizes", llvm::cl::desc("sizes of the random DAGs"),
             llvm::cl::CommaSeparated);
static llvm::cl::opt<unsigned>
    maxOps("max-ops", llvm::cl::desc("largest generated step (scaling)"),
           llvm::cl::init(1000000));
static llvm::cl::opt<unsigned>
    boundMaxOps("bound-max-ops",
                llvm::cl::desc("largest block the bound section solves"),
                llvm::cl::init(200));
static llvm::cl::opt<unsigned> boundMaxSets(
    "bound-max-sets",
    llvm::cl::desc("bound section: give up after this many sets of ops"),
    llvm::cl::init(200000));
static llvm::cl::list<std::string> files(llvm::cl::Positional,
                                         llvm::cl::desc("[workload files]"));

namespace {
/// Process CPU time: the machine the numbers come from is shared, and CPU
/// time does not count the time other processes take.
struct Clock {
  using time_point = std::clock_t;
  static time_point now() { return std::clock(); }
};

double secondsSince(Clock::time_point start) {
  return double(std::clock() - start) / CLOCKS_PER_SEC;
}

bool runs(StringRef section) {
  return sections.empty() || llvm::is_contained(sections, section);
}

//===----------------------------------------------------------------------===//
// Random DAGs
//===----------------------------------------------------------------------===//

/// A random DAG over `n` nodes numbered in a topological order, with
/// buffers: every node defines one or two buffers (mostly small, sometimes
/// large) read by up to three later nodes; a few entry buffers.
std::pair<MemoryProblem, DependenceGraph> randomDag(std::mt19937 &rng,
                                                    unsigned n) {
  MemoryProblem problem;
  std::vector<std::pair<unsigned, unsigned>> edges;
  for (unsigned s = 0; s < n; ++s)
    problem.addStep();
  for (unsigned k = 0, e = rng() % 3; k < e; ++k) {
    unsigned b = problem.addBuffer(1 + rng() % 50, std::nullopt, rng() % 2);
    for (unsigned u = 0, f = 1 + rng() % 2; u < f; ++u)
      problem.addUse(b, rng() % n);
  }
  for (unsigned s = 0; s < n; ++s)
    for (unsigned k = 0, e = 1 + rng() % 2; k < e; ++k) {
      int64_t size = rng() % 5 == 0 ? 100 + rng() % 400 : 1 + rng() % 100;
      unsigned users = s + 1 < n ? rng() % 4 : 0;
      unsigned b = problem.addBuffer(size, s, users == 0 && rng() % 2);
      for (unsigned u = 0; u < users; ++u) {
        unsigned user = s + 1 + rng() % (n - s - 1);
        problem.addUse(b, user);
        edges.emplace_back(s, user);
      }
    }
  // A few ordering edges without data (side effects).
  for (unsigned k = 0; k < n / 4; ++k) {
    unsigned a = rng() % n, b = rng() % n;
    if (a != b)
      edges.emplace_back(std::min(a, b), std::max(a, b));
  }
  return {std::move(problem), DependenceGraph::fromEdges(n, edges)};
}

void runRandom() {
  if (dagSizes.empty())
    for (unsigned size : {8u, 12u, 16u, 20u})
      dagSizes.push_back(size);
  llvm::outs() << "== random DAGs: peak / exact optimum (mean, worst), "
               << numDags << " DAGs per size\n";
  llvm::outs()
      << "  (windows: the best heuristic refined by exact windows of "
         "8 nodes around the peak, as the pass does on large blocks)\n";
  llvm::outs() << llvm::format(
      "%5s %16s %16s %16s %16s %16s %16s %7s %9s\n", "nodes", "original",
      "greedy", "bfs", "dfs", "best heuristic", "windows", "solved", "exact_s");
  const char *names[] = {"original", "greedy", "bfs", "dfs", "best", "windows"};
  constexpr unsigned kColumns = 6;
  for (unsigned n : dagSizes) {
    std::mt19937 rng(n);
    double sum[kColumns] = {0}, worst[kColumns] = {0};
    unsigned optimal[kColumns] = {0}, solved = 0;
    double exactSeconds = 0;
    for (unsigned k = 0; k < numDags; ++k) {
      auto [problem, graph] = randomDag(rng, n);
      std::vector<unsigned> identity(n);
      std::iota(identity.begin(), identity.end(), 0);
      std::vector<unsigned> orders[4] = {
          identity, orderLeastPeakFirst(graph, problem),
          orderBreadthFirst(graph), orderDepthFirst(graph, problem)};
      int64_t peaks[kColumns];
      for (unsigned i = 0; i < 4; ++i)
        peaks[i] = MemoryProfile(problem, orders[i]).getPeak();
      unsigned best = std::min_element(peaks, peaks + 4) - peaks;
      peaks[4] = peaks[best];
      ExactOrderOptions windowOptions;
      windowOptions.maxNodes = 8;
      std::vector<unsigned> refined = orders[best];
      refinePeakWindows(graph, problem, refined, windowOptions, 8);
      peaks[5] = std::min(peaks[4], MemoryProfile(problem, refined).getPeak());
      ExactOrderOptions options;
      options.maxNodes = 64;
      options.maxStates = 50000000;
      options.bound = peaks[4];
      auto start = Clock::now();
      std::optional<std::vector<unsigned>> exact =
          orderExact(graph, problem, options);
      exactSeconds += secondsSince(start);
      if (!exact)
        continue;
      ++solved;
      int64_t optimum = MemoryProfile(problem, *exact).getPeak();
      for (unsigned i = 0; i < kColumns; ++i) {
        double ratio = optimum ? double(peaks[i]) / optimum : 1.0;
        sum[i] += ratio;
        worst[i] = std::max(worst[i], ratio);
        optimal[i] += peaks[i] == optimum;
      }
    }
    llvm::outs() << llvm::format("%5u", n);
    for (unsigned i = 0; i < kColumns; ++i)
      llvm::outs() << llvm::format("   %6.3f %6.3f ", sum[i] / solved,
                                   worst[i]);
    llvm::outs() << llvm::format(" %6u %9.4f\n", solved,
                                 exactSeconds / numDags);
    llvm::outs() << "      optimal in:";
    for (unsigned i = 0; i < kColumns; ++i)
      llvm::outs() << " " << names[i] << " " << optimal[i] << "/" << solved;
    llvm::outs() << "\n";
  }
}

//===----------------------------------------------------------------------===//
// Corpus and scaling
//===----------------------------------------------------------------------===//

/// Returns the body of the first function with one.
Block *getBody(ModuleOp module) {
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      return &func.getBody().front();
  return nullptr;
}

struct FusionRun {
  FusionStats stats;
  double seconds = 0;
};

std::optional<FusionRun> runFusion(ModuleOp module, FusionMemoryGuard guard) {
  OwningOpRef<ModuleOp> copy = module.clone();
  FusionOptions options;
  options.guard = guard;
  options.remarks = false;
  auto start = Clock::now();
  FailureOr<FusionStats> stats = fuseComputeOps(*getBody(*copy), options);
  if (failed(stats))
    return std::nullopt;
  return FusionRun{*stats, secondsSince(start)};
}

double gib(int64_t bytes) { return double(bytes) / (1ull << 30); }

int runCorpus(MLIRContext &context) {
  if (files.empty())
    return 0;
  llvm::outs() << "== corpus: order strategies (peak GiB; * = chosen)\n";
  llvm::outs() << llvm::format("%-30s %7s %9s %9s %9s %9s %9s %7s %7s %8s\n",
                               "workload", "ops", "original", "greedy", "bfs",
                               "dfs", "final", "windows", "gain %", "time_s");
  std::vector<OwningOpRef<ModuleOp>> modules;
  for (const std::string &file : files) {
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(file, ParserConfig(&context));
    if (!module || !getBody(*module))
      return 1;
    modules.push_back(std::move(module));
  }
  for (auto [file, module] : llvm::zip(files, modules)) {
    OwningOpRef<ModuleOp> copy = module->clone();
    Block *body = getBody(*copy);
    unsigned ops = body->getOperations().size();
    auto start = Clock::now();
    LowPeakOrderOptions options;
    FailureOr<LowPeakOrder> order = reorderBlockForMemory(*body, options);
    double seconds = secondsSince(start);
    if (failed(order))
      return 1;
    llvm::outs() << llvm::format(
        "%-30s %7u", llvm::sys::path::stem(file).str().c_str(), ops);
    for (const OrderCandidate &candidate : order->candidates)
      llvm::outs() << llvm::format(" %8.3f%s", gib(candidate.peak),
                                   candidate.strategy == order->strategy ? "*"
                                                                         : " ");
    llvm::outs() << llvm::format(
        " %9.3f %7u %7.2f %8.3f\n", gib(order->peak), order->windowsImproved,
        100.0 * (order->originalPeak - order->peak) / order->originalPeak,
        seconds);
  }

  llvm::outs() << "\n== corpus: fusion (traffic saved GiB, peak GiB)\n";
  llvm::outs() << llvm::format(
      "%-30s %9s | %8s %8s %6s | %8s %8s %6s | %8s %8s %6s | %7s %7s\n",
      "workload", "peak", "none", "peak", "s", "heur", "peak", "s", "exact",
      "peak", "s", "kept %", "fusions");
  for (auto [file, module] : llvm::zip(files, modules)) {
    std::optional<FusionRun> none = runFusion(*module, FusionMemoryGuard::None);
    std::optional<FusionRun> heuristic =
        runFusion(*module, FusionMemoryGuard::Heuristic);
    std::optional<FusionRun> exact =
        runFusion(*module, FusionMemoryGuard::Exact);
    if (!none || !heuristic || !exact)
      return 1;
    auto saved = [](const FusionStats &stats) {
      return stats.trafficBefore - stats.trafficAfter;
    };
    llvm::outs() << llvm::format("%-30s %9.3f",
                                 llvm::sys::path::stem(file).str().c_str(),
                                 gib(exact->stats.peakBefore));
    for (const FusionRun *run : {&*none, &*heuristic, &*exact})
      llvm::outs() << llvm::format(" | %8.2f %8.3f %6.2f",
                                   gib(saved(run->stats)),
                                   gib(run->stats.peakAfter), run->seconds);
    llvm::outs() << llvm::format(
        " | %7.2f %7u\n",
        saved(none->stats) ? 100.0 * saved(exact->stats) / saved(none->stats)
                           : 100.0,
        exact->stats.fusions);
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Bound: the best fusion that does not raise the peak
//===----------------------------------------------------------------------===//

/// A set of ops of a block, as bits.
using OpSet = std::vector<uint64_t>;

bool contains(const OpSet &set, unsigned op) {
  return set[op / 64] >> (op % 64) & 1;
}
void insert(OpSet &set, unsigned op) { set[op / 64] |= uint64_t(1) << op % 64; }
bool intersects(const OpSet &a, const OpSet &b) {
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] & b[i])
      return true;
  return false;
}
/// Returns true if `a` is a subset of `b`.
bool isSubset(const OpSet &a, const OpSet &b) {
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] & ~b[i])
      return false;
  return true;
}
std::string keyOf(const OpSet &set) {
  return std::string(reinterpret_cast<const char *>(set.data()),
                     set.size() * sizeof(uint64_t));
}

/// The least traffic of the fusible ops of a block over every fusion (a
/// partition of the fusible ops into groups) and every legal order, with
/// the peak at most `limit`. A fusion and an order are a topological order
/// of the ops cut into steps, each step one op or several fusible ops run
/// as one; so a path through the sets of ops closed under predecessors,
/// each step adding the ops of one fused op, and the least traffic to reach
/// each set is a shortest path. The memory and traffic of a step follow the
/// fuser's model: a fused op holds the buffers live across it, its inputs
/// and its outputs used outside it (the others are never materialized); its
/// traffic is the buffers it reads from outside plus the outputs it writes.
/// Returns nothing if there are more than --bound-max-sets sets.
struct BoundResult {
  unsigned sets = 0;
  uint64_t steps = 0;
  int64_t trafficBefore = 0, peakBefore = 0;
  std::optional<int64_t> limited, unlimited;
};

std::optional<BoundResult> solveBound(Block &block,
                                      const FusionOptions &options) {
  FailureOr<BufferLiveness> liveness = BufferLiveness::build(block);
  if (failed(liveness))
    return std::nullopt;
  const MemoryProblem &problem = liveness->getProblem();
  DependenceGraph graph = buildReorderGraph(block, *liveness);
  unsigned n = graph.size(), words = (n + 63) / 64;
  std::vector<OpSet> preds(n, OpSet(words, 0));
  OpSet fusible(words, 0);
  std::vector<unsigned> numOps(n, 1);
  std::vector<bool> hasBody(n, false);
  for (unsigned op = 0; op < n; ++op) {
    for (unsigned pred : graph.getPreds(op))
      insert(preds[op], pred);
    if (!isFusibleOp(liveness->getOp(op), options))
      continue;
    insert(fusible, op);
    auto compute = cast<ComputeOp>(liveness->getOp(op));
    numOps[op] = compute.getKind().count('+') + 1;
    hasBody[op] = !compute.isOpaque();
  }
  struct Buffer {
    int64_t size;
    std::optional<unsigned> def;
    OpSet users;
    bool liveOut;
  };
  std::vector<Buffer> buffers;
  int64_t unusedEntry = 0;
  for (const MemoryProblem::Buffer &buffer : problem.buffers) {
    if (!buffer.size)
      continue;
    Buffer copy{buffer.size, buffer.def, OpSet(words, 0), buffer.liveOut};
    for (unsigned use : buffer.uses)
      if (use != buffer.def)
        insert(copy.users, use);
    if (!buffer.def && !intersects(copy.users, copy.users) && !buffer.liveOut)
      unusedEntry += buffer.size;
    buffers.push_back(std::move(copy));
  }
  auto isEmpty = [&](const OpSet &set) { return !intersects(set, set); };
  // Live after the ops of `done`: defined by them (or on entry), and live out
  // or used by an op outside.
  auto liveAfter = [&](const OpSet &done) {
    int64_t live = isEmpty(done) ? unusedEntry : 0;
    for (const Buffer &buffer : buffers)
      if ((!buffer.def || contains(done, *buffer.def)) &&
          (buffer.liveOut || !isSubset(buffer.users, done)))
        live += buffer.size;
    return live;
  };
  // The memory and traffic of the ops `step` run as one after `done`.
  auto evaluate = [&](const OpSet &done, const OpSet &step, unsigned size,
                      int64_t &memory, int64_t &traffic) {
    memory = liveAfter(done);
    traffic = 0;
    bool counted = isSubset(step, fusible);
    for (const Buffer &buffer : buffers) {
      if (buffer.def && contains(step, *buffer.def)) {
        bool internal =
            size >= 2 && !buffer.liveOut && isSubset(buffer.users, step);
        if (!internal) {
          memory += buffer.size;
          traffic += counted ? buffer.size : 0;
        }
      } else if (counted && intersects(buffer.users, step)) {
        traffic += buffer.size;
      }
    }
  };

  BoundResult result;
  OpSet empty(words, 0);
  for (unsigned op = 0; op < n; ++op) {
    if (!contains(fusible, op))
      continue;
    OpSet single(words, 0);
    insert(single, op);
    int64_t memory, traffic;
    evaluate(empty, single, 1, memory, traffic);
    result.trafficBefore += traffic;
  }
  std::vector<unsigned> identity(n);
  std::iota(identity.begin(), identity.end(), 0);
  result.peakBefore = MemoryProfile(problem, identity).getPeak();

  // The sets closed under predecessors, by size.
  std::vector<OpSet> sets = {empty};
  std::unordered_map<std::string, unsigned> index = {{keyOf(empty), 0}};
  for (size_t i = 0; i < sets.size(); ++i)
    for (unsigned op = 0; op < n; ++op) {
      if (contains(sets[i], op) || !isSubset(preds[op], sets[i]))
        continue;
      OpSet next = sets[i];
      insert(next, op);
      if (index.emplace(keyOf(next), sets.size()).second)
        sets.push_back(std::move(next));
      if (sets.size() > boundMaxSets)
        return std::nullopt;
    }
  result.sets = sets.size();
  auto ready = [&](const OpSet &done, unsigned op) {
    return !contains(done, op) && isSubset(preds[op], done);
  };
  for (bool limited : {true, false}) {
    int64_t limit =
        limited ? result.peakBefore : std::numeric_limits<int64_t>::max();
    constexpr int64_t kInfinity = std::numeric_limits<int64_t>::max();
    std::vector<int64_t> best(sets.size(), kInfinity);
    best[0] = 0;
    // Breadth-first, sets are in order of size: every step adds ops.
    for (unsigned from = 0; from < sets.size(); ++from) {
      if (best[from] == kInfinity)
        continue;
      const OpSet &done = sets[from];
      auto relax = [&](const OpSet &step, const OpSet &to, unsigned size) {
        int64_t memory, traffic;
        evaluate(done, step, size, memory, traffic);
        ++result.steps;
        if (memory > limit)
          return;
        int64_t &target = best[index.at(keyOf(to))];
        target = std::min(target, best[from] + traffic);
      };
      for (unsigned op = 0; op < n; ++op)
        if (!contains(fusible, op) && ready(done, op)) {
          OpSet step(words, 0), to = done;
          insert(step, op);
          insert(to, op);
          relax(step, to, 1);
        }
      // Fused ops: every set of fusible ops that, added, keeps the set
      // closed (depth first over them, each once).
      std::vector<std::pair<OpSet, unsigned>> stack = {{done, 0}};
      std::unordered_map<std::string, bool> seen;
      while (!stack.empty()) {
        auto [current, size] = stack.back();
        stack.pop_back();
        for (unsigned op = 0; op < n; ++op) {
          if (!contains(fusible, op) || !ready(current, op))
            continue;
          OpSet to = current;
          insert(to, op);
          if (!seen.emplace(keyOf(to), true).second)
            continue;
          OpSet step(words, 0);
          unsigned ops = 0, members = 0;
          bool bodies = false, opaque = false;
          for (unsigned other = 0; other < n; ++other)
            if (contains(to, other) && !contains(done, other)) {
              insert(step, other);
              ops += numOps[other];
              ++members;
              (hasBody[other] ? bodies : opaque) = true;
            }
          if (ops > options.maxFusedOps || (bodies && opaque))
            continue;
          stack.push_back({to, members});
          relax(step, to, members);
        }
      }
    }
    int64_t traffic = best.back();
    (limited ? result.limited : result.unlimited) =
        traffic == kInfinity ? std::nullopt : std::optional<int64_t>(traffic);
  }
  return result;
}

int runBound(MLIRContext &context) {
  if (files.empty())
    return 0;
  llvm::outs() << "\n== bound: the largest saving without raising the peak "
                  "(any fusion, any legal order; bytes)\n";
  llvm::outs() << llvm::format(
      "%-30s %5s %7s %12s %12s %12s %12s %12s %7s %7s %7s %7s\n", "workload",
      "ops", "sets", "traffic", "none", "exact", "bound", "unlimited", "kept %",
      "bound %", "of bnd %", "time_s");
  for (const std::string &file : files) {
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(file, ParserConfig(&context));
    if (!module || !getBody(*module))
      return 1;
    std::string name = llvm::sys::path::stem(file).str();
    if (getBody(*module)->getOperations().size() > boundMaxOps)
      continue;
    std::optional<FusionRun> none = runFusion(*module, FusionMemoryGuard::None);
    std::optional<FusionRun> exact =
        runFusion(*module, FusionMemoryGuard::Exact);
    if (!none || !exact)
      return 1;
    auto start = Clock::now();
    std::optional<BoundResult> bound =
        solveBound(*getBody(*module), FusionOptions());
    double seconds = secondsSince(start);
    if (!bound) {
      llvm::outs() << llvm::format("%-30s more than %u sets\n", name.c_str(),
                                   unsigned(boundMaxSets));
      continue;
    }
    // The model of the bound is the fuser's: same traffic and peak unfused.
    if (bound->trafficBefore != exact->stats.trafficBefore ||
        bound->peakBefore != exact->stats.peakBefore) {
      llvm::errs() << name << ": the bound's model disagrees with the fuser\n";
      return 1;
    }
    auto saved = [](const FusionStats &stats) {
      return stats.trafficBefore - stats.trafficAfter;
    };
    int64_t blind = saved(none->stats), guarded = saved(exact->stats);
    int64_t best = bound->trafficBefore - bound->limited.value_or(0);
    int64_t unlimited = bound->trafficBefore - bound->unlimited.value_or(0);
    llvm::outs() << llvm::format(
        "%-30s %5u %7u %12lld %12lld %12lld %12lld %12lld %7.2f %7.2f %7.2f "
        "%7.2f\n",
        name.c_str(), unsigned(getBody(*module)->getOperations().size()),
        bound->sets, (long long)bound->trafficBefore, (long long)blind,
        (long long)guarded, (long long)best, (long long)unlimited,
        100.0 * guarded / blind, 100.0 * best / blind, 100.0 * guarded / best,
        seconds);
  }
  return 0;
}

int runScaling(MLIRContext &context) {
  llvm::outs() << "\n== scaling: pass time on generated steps (seconds)\n";
  llvm::outs() << llvm::format("%8s %9s %11s %11s %9s %8s\n", "layers", "ops",
                               "reorder_s", "fuse_s", "fusions", "rounds");
  struct Row {
    unsigned ops;
    double reorder, fuse;
  };
  std::vector<Row> rows;
  for (int64_t layers : {230, 2300, 23000}) {
    if (layers * 46 > int64_t(maxOps) * 11 / 10)
      break;
    TransformerConfig config;
    config.layers = layers;
    config.fsdp = 8;
    config.tp = 2;
    config.sequenceParallel = true;
    OwningOpRef<ModuleOp> module =
        generateTransformerStep(&context, config, "h100-sxm");
    if (!module)
      return 1;
    Row row;
    row.ops = getBody(*module)->getOperations().size();
    std::optional<FusionRun> fuse =
        runFusion(*module, FusionMemoryGuard::Exact);
    if (!fuse)
      return 1;
    row.fuse = fuse->seconds;
    auto start = Clock::now();
    FailureOr<LowPeakOrder> order =
        reorderBlockForMemory(*getBody(*module), LowPeakOrderOptions());
    row.reorder = secondsSince(start);
    if (failed(order))
      return 1;
    llvm::outs() << llvm::format("%8ld %9u %11.3f %11.3f %9u %8u\n", layers,
                                 row.ops, row.reorder, row.fuse,
                                 fuse->stats.fusions, fuse->stats.rounds);
    rows.push_back(row);
  }
  if (rows.size() >= 2) {
    const Row &first = rows.front(), &last = rows.back();
    double span = std::log(double(last.ops) / first.ops);
    llvm::outs() << llvm::format(
        "scaling exponent (%u -> %u ops): reorder %.2f, fuse %.2f\n", first.ops,
        last.ops, std::log(last.reorder / first.reorder) / span,
        std::log(last.fuse / first.fuse) / span);
  }
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "sched memory passes benchmark\n");
  // Workload files mix sched with upstream ops (the imported FX graphs use
  // tensor.extract_slice): register what sched-opt registers.
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadDialect<SchedDialect, func::FuncDialect>();
  if (runs("random"))
    runRandom();
  if (runs("corpus") && runCorpus(context))
    return 1;
  if (runs("scaling") && runScaling(context))
    return 1;
  if (runs("bound") && runBound(context))
    return 1;
  return 0;
}
