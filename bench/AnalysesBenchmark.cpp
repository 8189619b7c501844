//===- AnalysesBenchmark.cpp - speed of the scheduling analyses -----------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Generates training-step-like blocks of 1k to 1M ops in memory and times the
// analyses on them: dependence graph construction, path queries on the
// augmented graph, buffer liveness and peak memory, move queries, and the
// stream simulation. Prints one table row per size and the scaling exponent
// of each analysis (slope of log time over log size, 1 = linear).
//
// The generated block: a chain of `sched.compute` ops, each reading the
// previous result and one earlier result at most 64 ops back; every 16 ops
// an all_gather starts on the latest result and is waited on 8 ops later.
//
// Usage: sched-bench-analyses [--max-ops=N] [--queries=N]
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/AugmentedGraph.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/DependenceGraph.h"
#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/StreamSimulator.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <random>

using namespace mlir;
using namespace mlir::sched;

static llvm::cl::opt<unsigned>
    maxOps("max-ops", llvm::cl::desc("largest block to generate"),
           llvm::cl::init(1000000));
static llvm::cl::opt<unsigned>
    numQueries("queries", llvm::cl::desc("path and move queries per size"),
               llvm::cl::init(1000000));

namespace {
using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Builds the generated block of about `numOps` ops in `func`.
void buildBlock(func::FuncOp func, unsigned numOps, std::mt19937 &rng) {
  MLIRContext *context = func.getContext();
  Block *block = func.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockBegin(block);
  Location loc = UnknownLoc::get(context);
  auto small = RankedTensorType::get({1024}, b.getF32Type());
  auto gathered = RankedTensorType::get({2048}, b.getF32Type());
  auto futureType = FutureType::get(context, {gathered});
  SmallVector<Value> values = {block->getArgument(0)};
  SmallVector<std::pair<Value, unsigned>> pending; // (future, wait at)
  StringAttr kind = b.getStringAttr("op");
  for (unsigned i = 0; i < numOps; ++i) {
    for (auto *it = pending.begin(); it != pending.end();) {
      if (it->second == i) {
        auto wait = WaitOp::create(b, loc, it->first);
        values.push_back(wait.getResult(0));
        it = pending.erase(it);
      } else {
        ++it;
      }
    }
    if (i % 16 == 8) {
      auto start = AllGatherStartOp::create(
          b, loc, futureType, ValueRange{values.back()}, ValueRange{},
          FlatSymbolRefAttr::get(context, "g"), b.getI64IntegerAttr(0));
      pending.push_back({start.getFuture(), i + 8});
      continue;
    }
    unsigned back = 1 + rng() % std::min<unsigned>(64, values.size());
    Value other = values[values.size() - back];
    auto compute = ComputeOp::create(
        b, loc, TypeRange{small}, kind, ValueRange{values.back(), other},
        ValueRange{}, CostAttr::get(context, 1 << 20, 8192, 4096, 5000));
    values.push_back(compute.getResult(0));
  }
  for (auto &[future, at] : pending)
    values.push_back(WaitOp::create(b, loc, future).getResult(0));
  func::ReturnOp::create(b, loc, ValueRange{});
}

struct Row {
  unsigned ops;
  double build, paths, globalPaths, memory, moves, simulate;
};
} // namespace

int main(int argc, char **argv) {
  llvm::cl::ParseCommandLineOptions(argc, argv, "sched analyses benchmark\n");
  MLIRContext context;
  context.loadDialect<SchedDialect, func::FuncDialect>();
  std::vector<Row> rows;
  llvm::outs() << llvm::format("%9s %9s %9s %12s %13s %9s %12s %11s\n", "ops",
                               "edges", "graph_s", "local_path_s",
                               "global_path_s", "memory_s", "move_query_s",
                               "simulate_s");
  llvm::outs() << "  (path and move columns: seconds per 1M queries)\n";
  for (unsigned size = 1000; size <= maxOps; size *= 10) {
    std::mt19937 rng(size);
    OpBuilder b(&context);
    auto module = ModuleOp::create(UnknownLoc::get(&context));
    b.setInsertionPointToEnd(module.getBody());
    ProcessGroupOp::create(b, UnknownLoc::get(&context), b.getStringAttr("g"),
                           b.getI64IntegerAttr(2), DenseI64ArrayAttr(),
                           IntegerAttr());
    auto func = func::FuncOp::create(
        b, UnknownLoc::get(&context), "step",
        b.getFunctionType({RankedTensorType::get({1024}, b.getF32Type())}, {}));
    buildBlock(func, size, rng);
    Block &block = func.getBody().front();
    Row row;
    row.ops = block.getOperations().size();

    auto t0 = Clock::now();
    DependenceGraph graph = DependenceGraph::build(block);
    row.build = secondsSince(t0);

    // Path queries between nearby ops (within 256 positions, what
    // schedulers ask) and between ops anywhere in the block.
    AugmentedGraph augmented(graph);
    unsigned n = graph.size();
    auto timeQueries = [&](bool local, unsigned &found) {
      std::vector<std::pair<unsigned, unsigned>> queries(numQueries);
      for (unsigned q = 0; q < numQueries; ++q) {
        unsigned a = rng() % n;
        unsigned c =
            local ? std::min<unsigned>(n - 1, a + rng() % 256) : rng() % n;
        queries[q] = {a, c};
      }
      auto start = Clock::now();
      for (auto [a, c] : queries)
        found += augmented.hasPath(a, c);
      return secondsSince(start) * (1e6 / numQueries);
    };
    unsigned found = 0, foundGlobal = 0;
    row.paths = timeQueries(/*local=*/true, found);
    row.globalPaths = timeQueries(/*local=*/false, foundGlobal);

    t0 = Clock::now();
    FailureOr<BufferLiveness> liveness = BufferLiveness::build(block);
    if (failed(liveness))
      return 1;
    MemoryProfile profile(liveness->getProblem(), liveness->getProgramOrder());
    row.memory = secondsSince(t0);

    unsigned movable = 0;
    t0 = Clock::now();
    for (unsigned q = 0; q < numQueries; ++q) {
      unsigned step = rng() % n;
      unsigned target = std::min<unsigned>(n - 1, step + rng() % 32);
      movable += profile.getPeakIfMoved(step, target).has_value();
    }
    row.moves = secondsSince(t0) * (1e6 / numQueries);

    // Simulation with the op costs of the block (5 us per compute, 20 us
    // per all_gather), through the public simulate() entry point.
    std::vector<SimOp> simOps(n);
    for (unsigned pos = 0; pos < n; ++pos) {
      Operation *op = graph.getOp(pos);
      SimOp &sim = simOps[pos];
      llvm::append_range(sim.deps, graph.getPreds(pos));
      if (isa<AllGatherStartOp>(op)) {
        sim.kind = SimOp::Kind::Start;
        sim.durationUs = 20;
      } else if (auto wait = dyn_cast<WaitOp>(op)) {
        sim.kind = SimOp::Kind::Wait;
        sim.start = *graph.lookup(wait.getFuture().getDefiningOp());
      } else if (isa<ComputeOp>(op)) {
        sim.durationUs = 5;
      }
    }
    t0 = Clock::now();
    FailureOr<SimResult> result = simulate(simOps);
    row.simulate = secondsSince(t0);
    if (failed(result))
      return 1;

    llvm::outs() << llvm::format(
        "%9u %9u %9.4f %12.4f %13.4f %9.4f %12.4f %11.4f", row.ops,
        graph.getNumEdges(), row.build, row.paths, row.globalPaths, row.memory,
        row.moves, row.simulate);
    llvm::outs() << "   (paths " << found << "+" << foundGlobal
                 << ", legal moves " << movable << ", peak "
                 << profile.getPeak() << " B, makespan "
                 << llvm::format("%.0f", result->makespanUs) << " us)\n";
    rows.push_back(row);
    module->erase();
  }
  if (rows.size() >= 2) {
    const Row &first = rows.front(), &last = rows.back();
    double span = std::log(double(last.ops) / first.ops);
    auto slope = [&](double a, double c) {
      return a > 0 && c > 0 ? std::log(c / a) / span : 0.0;
    };
    llvm::outs() << llvm::format(
        "scaling exponent (%u -> %u ops): graph %.2f, local paths %.2f, "
        "global paths %.2f, memory %.2f, moves %.2f, simulate %.2f\n",
        first.ops, last.ops, slope(first.build, last.build),
        slope(first.paths, last.paths),
        slope(first.globalPaths, last.globalPaths),
        slope(first.memory, last.memory), slope(first.moves, last.moves),
        slope(first.simulate, last.simulate));
  }
  return 0;
}
