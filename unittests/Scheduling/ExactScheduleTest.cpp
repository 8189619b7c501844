//===- ExactScheduleTest.cpp - exact solver and subset bound tests --------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Property tests on thousands of random programs (fixed seeds): the subset
// bound is never above the best order, the exact solver equals brute-force
// enumeration on the smallest programs, and on larger ones every proven
// bound <= the exact optimum <= every heuristic order's makespan.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/ExactSchedule.h"
#include "sched/Analysis/LowerBounds.h"
#include "sched/Analysis/MemoryBound.h"

#include "Analysis/SimOpBuilders.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::sched::unittest;

namespace {

/// A random program of `numOps` ops: compute, starts on two streams and
/// their waits, each with up to two dependences on earlier ops; most starts
/// are waited.
std::vector<SimOp> randomProgram(std::mt19937 &rng, unsigned numOps) {
  std::vector<SimOp> ops;
  std::vector<unsigned> unwaited;
  while (ops.size() < numOps) {
    unsigned pos = ops.size();
    SmallVector<unsigned, 2> deps;
    for (unsigned i = 0; i < 2 && pos > 0; ++i)
      if (rng() % 2) {
        unsigned dep = rng() % pos;
        if (!llvm::is_contained(deps, dep))
          deps.push_back(dep);
      }
    unsigned roll = rng() % 10;
    bool mustWait = !unwaited.empty() && ops.size() + unwaited.size() >= numOps;
    if ((roll < 3 || mustWait) && !unwaited.empty()) {
      unsigned index = rng() % unwaited.size();
      SimOp wait = waitOn(unwaited[index]);
      for (unsigned dep : deps)
        if (dep != wait.start)
          wait.deps.push_back(dep);
      unwaited.erase(unwaited.begin() + index);
      ops.push_back(std::move(wait));
    } else if (roll < 6) {
      unwaited.push_back(pos);
      ops.push_back(startOn(1 + rng() % 9, rng() % 2, deps));
    } else {
      ops.push_back(run(rng() % 10, deps));
    }
  }
  return ops;
}

/// A random FSDP-like step: layers whose forward gathers its weights
/// (start, wait) then computes, a backward per layer in reverse that
/// gathers again and reduce-scatters its gradient; `numLayers` layers.
std::vector<SimOp> randomLayers(std::mt19937 &rng, unsigned numLayers) {
  std::vector<SimOp> ops;
  int last = -1;
  auto gatherThenCompute = [&](double computeUs) {
    unsigned start = ops.size();
    ops.push_back(startOn(1 + rng() % 8));
    ops.push_back(waitOn(start));
    SmallVector<unsigned, 2> deps = {start + 1};
    if (last >= 0)
      deps.push_back(last);
    last = ops.size();
    ops.push_back(run(computeUs, deps));
  };
  for (unsigned layer = 0; layer < numLayers; ++layer)
    gatherThenCompute(1 + rng() % 4);
  for (unsigned layer = 0; layer < numLayers; ++layer) {
    gatherThenCompute(2 + rng() % 6);
    unsigned start = ops.size();
    ops.push_back(
        startOn(1 + rng() % 8, rng() % 2, {static_cast<unsigned>(last)}));
    ops.push_back(waitOn(start));
  }
  return ops;
}

/// A random order that keeps the dependences: a random ready op each time.
std::vector<unsigned> randomOrder(std::mt19937 &rng, ArrayRef<SimOp> ops) {
  unsigned n = ops.size();
  std::vector<SmallVector<unsigned, 4>> preds = predecessors(ops);
  std::vector<bool> placed(n, false);
  std::vector<unsigned> order;
  while (order.size() < n) {
    std::vector<unsigned> ready;
    for (unsigned pos = 0; pos < n; ++pos)
      if (!placed[pos] &&
          llvm::all_of(preds[pos], [&](unsigned p) { return placed[p]; }))
        ready.push_back(pos);
    unsigned pick = ready[rng() % ready.size()];
    placed[pick] = true;
    order.push_back(pick);
  }
  return order;
}

/// A list schedule: every start as soon as it is ready, every wait only
/// when nothing else is ready, compute in program order.
std::vector<unsigned> startsFirstOrder(ArrayRef<SimOp> ops) {
  unsigned n = ops.size();
  std::vector<SmallVector<unsigned, 4>> preds = predecessors(ops);
  std::vector<bool> placed(n, false);
  std::vector<unsigned> order;
  auto rank = [&](unsigned pos) {
    return ops[pos].kind == SimOp::Kind::Start  ? 0
           : ops[pos].kind == SimOp::Kind::Wait ? 2
                                                : 1;
  };
  while (order.size() < n) {
    unsigned pick = n;
    for (unsigned pos = 0; pos < n; ++pos)
      if (!placed[pos] &&
          llvm::all_of(preds[pos], [&](unsigned p) { return placed[p]; }) &&
          (pick == n || rank(pos) < rank(pick)))
        pick = pos;
    placed[pick] = true;
    order.push_back(pick);
  }
  return order;
}

/// A buffer of makeMemory: its size, defining step, users, and whether it
/// is live out.
struct BufferSpec {
  int64_t size;
  unsigned def;
  std::vector<unsigned> uses;
  bool liveOut;
};

/// A memory problem of `steps` steps (step i is the op at position i) with
/// `buffers`.
MemoryProblem makeMemory(size_t steps, ArrayRef<BufferSpec> buffers) {
  MemoryProblem memory;
  for (size_t pos = 0; pos < steps; ++pos)
    memory.addStep();
  for (const BufferSpec &spec : buffers) {
    unsigned k = memory.addBuffer(spec.size, spec.def, spec.liveOut);
    for (unsigned use : spec.uses)
      memory.addUse(k, use);
  }
  return memory;
}

double subsetBound(ArrayRef<SimOp> ops) {
  FailureOr<double> bound = computeSubsetBound(ops);
  EXPECT_TRUE(succeeded(bound));
  return succeeded(bound) ? *bound : 0;
}
} // namespace

TEST(SubsetBoundTest, CountsEveryAncestorOfACollective) {
  // Two chains of 4 + 1 both feed a reduce_scatter of 10: it cannot begin
  // before all 10 us of compute, so no order ends before 20.
  std::vector<SimOp> ops = {
      run(4),   run(4), run(1, {0}), run(1, {1}), startOn(10, 0, {2, 3}),
      waitOn(4)};
  EXPECT_DOUBLE_EQ(subsetBound(ops), 20);
  EXPECT_DOUBLE_EQ(bestMakespanOverOrders(ops), 20);
}

TEST(SubsetBoundTest, ComputeAfterTheLastCollective) {
  // A gather of 6, then 3 + 3 of compute on two branches that both need it,
  // and 5 of compute that needs nothing: 6 + 6 at least.
  std::vector<SimOp> ops = {startOn(6), waitOn(0), run(3, {1}), run(3, {1}),
                            run(5)};
  EXPECT_DOUBLE_EQ(subsetBound(ops), 12);
  EXPECT_DOUBLE_EQ(bestMakespanOverOrders(ops), 12);
}

TEST(SubsetBoundTest, RejectsMalformedOrders) {
  EXPECT_TRUE(failed(computeSubsetBound({run(1), waitOn(0)})));
  EXPECT_TRUE(failed(computeSubsetBound({waitOn(1), startOn(1)})));
  EXPECT_TRUE(failed(computeSubsetBound({run(1, {1}), run(1)})));
  FailureOr<double> empty = computeSubsetBound({});
  ASSERT_TRUE(succeeded(empty));
  EXPECT_DOUBLE_EQ(*empty, 0);
}

TEST(SubsetBoundTest, GivesNothingAboveItsSizeLimit) {
  // A chain of kMaxSubsetBoundOps ops of 1 us is bounded by its length; one
  // op more and the subset bound steps aside (0), as documented.
  std::vector<SimOp> ops;
  for (unsigned pos = 0; pos < kMaxSubsetBoundOps; ++pos)
    ops.push_back(pos ? run(1, {pos - 1}) : run(1));
  EXPECT_DOUBLE_EQ(subsetBound(ops), kMaxSubsetBoundOps);
  ops.push_back(run(1, {kMaxSubsetBoundOps - 1}));
  EXPECT_DOUBLE_EQ(subsetBound(ops), 0);
}

TEST(SubsetBoundTest, NoOrderIsFasterOnRandomPrograms) {
  // Thousands of random programs: the subset bound is at most the best
  // order, at least the busiest stream and the critical path, and above the
  // head-and-tail bound on some of them.
  std::mt19937 rng(20261201);
  unsigned above = 0, trials = 3000;
  for (unsigned trial = 0; trial < trials; ++trial) {
    std::vector<SimOp> ops = trial % 4 == 3 ? randomLayers(rng, 1)
                                            : randomProgram(rng, 3 + rng() % 6);
    FailureOr<SimResult> sim = simulate(ops);
    ASSERT_TRUE(succeeded(sim));
    double lower = subsetBound(ops);
    ASSERT_LE(lower, bestMakespanOverOrders(ops) + 1e-9) << "trial " << trial;
    EXPECT_GE(lower, sim->streamBoundUs - 1e-9) << "trial " << trial;
    EXPECT_GE(lower, sim->criticalPathUs - 1e-9) << "trial " << trial;
    FailureOr<double> headTail = computeHeadTailBound(ops);
    ASSERT_TRUE(succeeded(headTail));
    above += lower > *headTail + 1e-9;
  }
  EXPECT_GT(above, 0u);
}

TEST(ExactScheduleTest, FindsTheOptimumOfASmallStep) {
  // A gather of 6 that 3 us of compute needs, and 6 us that need nothing:
  // in program order the wait comes first and exposes the gather (15); the
  // best order hides it behind the independent compute (9).
  std::vector<SimOp> ops = {startOn(6), waitOn(0), run(3, {1}), run(6)};
  FailureOr<ExactSchedule> exact = findExactSchedule(ops);
  ASSERT_TRUE(succeeded(exact));
  EXPECT_TRUE(exact->proven);
  EXPECT_DOUBLE_EQ(makespanOf(ops, {0, 1, 2, 3}), 15);
  EXPECT_DOUBLE_EQ(exact->makespanUs, 9);
  EXPECT_DOUBLE_EQ(makespanOf(ops, exact->order), 9);
}

TEST(ExactScheduleTest, RejectsBadInput) {
  std::vector<SimOp> ops = {startOn(6), waitOn(0), run(3, {1})};
  EXPECT_TRUE(failed(findExactSchedule(ops, {1, 0, 2})));
  EXPECT_TRUE(failed(findExactSchedule(ops, {0, 1})));
  EXPECT_TRUE(failed(findExactSchedule({waitOn(1), startOn(1)})));
  std::vector<SimOp> large(kMaxExactOps + 1, run(1));
  EXPECT_TRUE(failed(findExactSchedule(large)));
}

TEST(ExactScheduleTest, EqualsBruteForceOnSmallPrograms) {
  std::mt19937 rng(20261202);
  for (unsigned trial = 0; trial < 2000; ++trial) {
    std::vector<SimOp> ops = randomProgram(rng, 3 + rng() % 6);
    FailureOr<ExactSchedule> exact = findExactSchedule(ops);
    ASSERT_TRUE(succeeded(exact));
    ASSERT_TRUE(exact->proven) << "trial " << trial;
    double best = bestMakespanOverOrders(ops);
    ASSERT_NEAR(exact->makespanUs, best, 1e-9) << "trial " << trial;
    ASSERT_NEAR(makespanOf(ops, exact->order), best, 1e-9) << "trial " << trial;
  }
}

TEST(ExactScheduleTest, BoundsBelowOptimumBelowHeuristics) {
  // Programs of 10-30 ops: every proven bound <= the exact optimum <= the
  // program order, a starts-first list schedule and random orders.
  std::mt19937 rng(20261203);
  unsigned proven = 0, trials = 1000;
  for (unsigned trial = 0; trial < trials; ++trial) {
    std::vector<SimOp> ops = trial % 2 ? randomLayers(rng, 2 + rng() % 3)
                                       : randomProgram(rng, 10 + rng() % 21);
    FailureOr<LowerBounds> bounds = computeLowerBounds(ops);
    ASSERT_TRUE(succeeded(bounds));
    ExactScheduleOptions options;
    options.maxNodes = 20000;
    FailureOr<ExactSchedule> exact = findExactSchedule(ops, {}, options);
    ASSERT_TRUE(succeeded(exact));
    ASSERT_NEAR(makespanOf(ops, exact->order), exact->makespanUs, 1e-9);
    std::vector<unsigned> programOrder(ops.size());
    std::iota(programOrder.begin(), programOrder.end(), 0);
    ASSERT_LE(exact->makespanUs, makespanOf(ops, programOrder) + 1e-9);
    ASSERT_LE(exact->lowerBoundUs, exact->makespanUs + 1e-9);
    if (!exact->proven)
      continue;
    ++proven;
    double optimum = exact->makespanUs;
    ASSERT_LE(bounds->getBestUs(), optimum + 1e-9) << "trial " << trial;
    ASSERT_LE(bounds->subsetUs, optimum + 1e-9) << "trial " << trial;
    ASSERT_LE(optimum, makespanOf(ops, startsFirstOrder(ops)) + 1e-9)
        << "trial " << trial;
    for (unsigned i = 0; i < 20; ++i)
      ASSERT_LE(optimum, makespanOf(ops, randomOrder(rng, ops)) + 1e-9)
          << "trial " << trial;
  }
  // Nearly all of them are solved within the node limit.
  EXPECT_GE(proven, trials * 9 / 10);
}

namespace {
/// A memory problem of `ops` (step i is op i): each op defines a buffer of
/// 0-3 units of 8 bytes that the ops depending on it use (a start's, its
/// wait), two entry buffers used by random ops, and a random live-out
/// buffer, so that the buffers agree with the dependences.
MemoryProblem randomMemory(std::mt19937 &rng, ArrayRef<SimOp> ops) {
  MemoryProblem memory;
  unsigned n = ops.size();
  for (unsigned pos = 0; pos < n; ++pos)
    memory.addStep();
  for (unsigned i = 0; i < 2; ++i) {
    unsigned buffer = memory.addBuffer(8 * (1 + rng() % 4), std::nullopt);
    for (unsigned pos = 0; pos < n; ++pos)
      if (rng() % 3 == 0)
        memory.addUse(buffer, pos);
  }
  for (unsigned pos = 0; pos < n; ++pos) {
    unsigned buffer =
        memory.addBuffer(8 * (rng() % 4), pos, /*liveOut=*/rng() % 8 == 0);
    for (auto [user, op] : llvm::enumerate(ops))
      if (llvm::is_contained(op.deps, pos) ||
          (op.kind == SimOp::Kind::Wait && op.start == pos))
        memory.addUse(buffer, user);
  }
  return memory;
}

/// The smallest makespan over every order that keeps the dependences and
/// whose peak is at most `budget`; infinity if none.
double bruteForceWithin(ArrayRef<SimOp> ops, const MemoryProblem &memory,
                        int64_t budget) {
  return bestMakespanOverOrders(ops, [&](ArrayRef<unsigned> order) {
    return computePeak(memory, order) <= budget;
  });
}

/// The step of the unit tests below: a gather of 6 (0) whose result (100
/// bytes) its wait (1) and 3 us of compute (2) use, and 6 us of compute (3)
/// that read an input of 100 bytes.
std::vector<SimOp> gatherBesideInput() {
  return {startOn(6), waitOn(0), run(3, {1}), run(6)};
}
MemoryProblem gatherBesideInputMemory() {
  MemoryProblem memory;
  for (unsigned pos = 0; pos < 4; ++pos)
    memory.addStep();
  unsigned gathered = memory.addBuffer(100, 0u);
  memory.addUse(gathered, 1);
  memory.addUse(gathered, 2);
  unsigned input = memory.addBuffer(100, std::nullopt);
  memory.addUse(input, 3);
  return memory;
}
} // namespace

TEST(ExactScheduleTest, TheBudgetChangesTheOptimum) {
  // Unconstrained, the gather hides behind the 6 us of compute (9 us), with
  // the input and the gathered result live together (200 bytes). Within 150
  // bytes the compute that frees the input must run first, and the gather
  // is exposed: 6 + 6 + 3.
  std::vector<SimOp> ops = gatherBesideInput();
  MemoryProblem memory = gatherBesideInputMemory();
  ExactScheduleOptions options;
  options.memory = &memory;
  options.memoryBudget = 200;
  FailureOr<ExactSchedule> loose = findExactSchedule(ops, {}, options);
  ASSERT_TRUE(succeeded(loose));
  EXPECT_TRUE(loose->proven && loose->feasible);
  EXPECT_DOUBLE_EQ(loose->makespanUs, 9);
  EXPECT_EQ(loose->peakBytes, 200);

  options.memoryBudget = 150;
  FailureOr<ExactSchedule> tight = findExactSchedule(ops, {}, options);
  ASSERT_TRUE(succeeded(tight));
  EXPECT_TRUE(tight->proven && tight->feasible);
  EXPECT_DOUBLE_EQ(tight->makespanUs, 15);
  EXPECT_EQ(tight->order, (std::vector<unsigned>{3, 0, 1, 2}));
  EXPECT_EQ(tight->peakBytes, 100);
  // The memory-aware bound sees that the gather must follow the compute
  // that frees the input: it proves the optimum, which the unconstrained
  // bounds (9 us) do not.
  EXPECT_DOUBLE_EQ(tight->memoryBoundUs, 15);
  FailureOr<double> bound = computeMemoryAwareBound(ops, memory, 150);
  ASSERT_TRUE(succeeded(bound));
  EXPECT_DOUBLE_EQ(*bound, 15);
  EXPECT_DOUBLE_EQ(bruteForceWithin(ops, memory, 150), 15);
}

TEST(ExactScheduleTest, SaysWhenNoOrderFits) {
  // The compute reads 100 bytes: no order fits in 99.
  std::vector<SimOp> ops = gatherBesideInput();
  MemoryProblem memory = gatherBesideInputMemory();
  ExactScheduleOptions options;
  options.memory = &memory;
  options.memoryBudget = 99;
  FailureOr<ExactSchedule> exact = findExactSchedule(ops, {}, options);
  ASSERT_TRUE(succeeded(exact));
  EXPECT_TRUE(exact->proven);
  EXPECT_FALSE(exact->feasible);
  EXPECT_TRUE(exact->order.empty());
  EXPECT_TRUE(std::isinf(exact->lowerBoundUs));
  FailureOr<double> bound = computeMemoryAwareBound(ops, memory, 99);
  ASSERT_TRUE(succeeded(bound));
  EXPECT_TRUE(std::isinf(*bound));
  // A memory problem of other steps is refused.
  memory.addStep();
  EXPECT_TRUE(failed(findExactSchedule(ops, {}, options)));
  EXPECT_TRUE(failed(computeMemoryAwareBound(ops, memory, 99)));
}

TEST(ExactScheduleTest, TheTailBoundSeesDeadOpsThatDoNotFitTogether) {
  // A one-layer FSDP step's end: "grad" (5) makes the buffer a 60 us
  // reduce-scatter (6, 7) sends; two dead ops (3, 4) read one 1000-byte
  // buffer each, made at 0 and 1 and read by "scale" (2). Unconstrained both
  // dead ops run behind the reduce-scatter (73 us). Within 2010 bytes each
  // of them alone fits after the start, so no pair is forced (the
  // forced-order bound stays at 73 us), but not both: the memory-limited
  // tail bound lets 20 us run after it, 53 - 20 + 60 = 93 us, the optimum.
  std::vector<SimOp> ops = {
      run(1),       run(1),       run(1, {0, 1}),      run(20, {0}),
      run(20, {1}), run(10, {2}), startOn(60, 0, {5}), waitOn(6)};
  MemoryProblem memory = makeMemory(ops.size(), {{1000, 0, {2, 3}, false},
                                                 {1000, 1, {2, 4}, false},
                                                 {10, 2, {5}, false},
                                                 {1000, 5, {6}, false},
                                                 {10, 6, {7}, true}});
  FailureOr<MemoryAwareBound> bound =
      computeMemoryAwareBounds(ops, memory, 2010);
  ASSERT_TRUE(succeeded(bound));
  EXPECT_EQ(bound->budgetPairs, 0u);
  EXPECT_DOUBLE_EQ(bound->orderUs, 73);
  EXPECT_DOUBLE_EQ(bound->tailUs, 93);
  EXPECT_DOUBLE_EQ(bruteForceWithin(ops, memory, 2010), 93);
  // With room for both, the tail bound adds nothing.
  FailureOr<MemoryAwareBound> loose =
      computeMemoryAwareBounds(ops, memory, 3010);
  ASSERT_TRUE(succeeded(loose));
  EXPECT_LE(loose->getBestUs(), 73);
  EXPECT_DOUBLE_EQ(bruteForceWithin(ops, memory, 3010), 73);
}

TEST(ExactScheduleTest, EqualsBruteForceWithinABudget) {
  // Thousands of small random programs and memory problems, each under a
  // budget below, at and above its program order's peak: the exact solver
  // equals enumeration of the orders within the budget (or says that none
  // fits), its order fits, and the memory-aware bound is below it.
  std::mt19937 rng(20261204);
  unsigned infeasible = 0, tighter = 0, trials = 3000;
  for (unsigned trial = 0; trial < trials; ++trial) {
    std::vector<SimOp> ops = trial % 4 == 3 ? randomLayers(rng, 1)
                                            : randomProgram(rng, 3 + rng() % 6);
    MemoryProblem memory = randomMemory(rng, ops);
    std::vector<unsigned> programOrder(ops.size());
    std::iota(programOrder.begin(), programOrder.end(), 0);
    int64_t peak = computePeak(memory, programOrder);
    int64_t budget = peak * (6 + rng() % 6) / 10;
    ExactScheduleOptions options;
    options.memory = &memory;
    options.memoryBudget = budget;
    FailureOr<ExactSchedule> exact = findExactSchedule(ops, {}, options);
    ASSERT_TRUE(succeeded(exact));
    ASSERT_TRUE(exact->proven) << "trial " << trial;
    double best = bruteForceWithin(ops, memory, budget);
    FailureOr<double> bound = computeMemoryAwareBound(ops, memory, budget);
    ASSERT_TRUE(succeeded(bound));
    if (std::isinf(best)) {
      ASSERT_FALSE(exact->feasible) << "trial " << trial;
      ++infeasible;
      continue;
    }
    ASSERT_TRUE(exact->feasible) << "trial " << trial;
    ASSERT_NEAR(exact->makespanUs, best, 1e-9) << "trial " << trial;
    ASSERT_NEAR(makespanOf(ops, exact->order), best, 1e-9) << "trial " << trial;
    ASSERT_LE(computePeak(memory, exact->order), budget) << "trial " << trial;
    ASSERT_LE(*bound, best + 1e-9) << "trial " << trial;
    ASSERT_LE(exact->memoryBoundUs, best + 1e-9) << "trial " << trial;
    // The memory-limited tail bound on its own.
    FailureOr<MemoryAwareBound> parts =
        computeMemoryAwareBounds(ops, memory, budget, ops.size() + 1);
    ASSERT_TRUE(succeeded(parts));
    ASSERT_LE(parts->tailUs, best + 1e-9) << "trial " << trial;
    FailureOr<LowerBounds> plain = computeLowerBounds(ops);
    ASSERT_TRUE(succeeded(plain));
    tighter += *bound > plain->getBestUs() + 1e-9;
  }
  // The budgets bind: some programs fit no order, and on some the
  // memory-aware bound is above the unconstrained one.
  EXPECT_GT(infeasible, 0u);
  EXPECT_GT(tighter, 0u);
}

TEST(ExactScheduleTest, MemoryBoundBelowOptimumWithinBudget) {
  // 300 programs of 10-30 ops under a budget of 80-100 % of the program
  // order's peak: the memory-aware bounds (the exact solver's, and
  // computeMemoryBound's) <= the optimum within the budget,
  // which is >= the unconstrained optimum and <= the program order when
  // that fits.
  std::mt19937 rng(20261205);
  unsigned proven = 0, trials = 300;
  for (unsigned trial = 0; trial < trials; ++trial) {
    std::vector<SimOp> ops = trial % 2 ? randomLayers(rng, 2 + rng() % 3)
                                       : randomProgram(rng, 10 + rng() % 21);
    MemoryProblem memory = randomMemory(rng, ops);
    std::vector<unsigned> programOrder(ops.size());
    std::iota(programOrder.begin(), programOrder.end(), 0);
    int64_t peak = computePeak(memory, programOrder);
    int64_t budget = peak * (8 + rng() % 3) / 10;
    ExactScheduleOptions options;
    options.maxNodes = 20000;
    options.memory = &memory;
    options.memoryBudget = budget;
    FailureOr<ExactSchedule> exact = findExactSchedule(ops, {}, options);
    ASSERT_TRUE(succeeded(exact));
    if (!exact->proven || !exact->feasible)
      continue;
    ++proven;
    ASSERT_LE(computePeak(memory, exact->order), budget) << "trial " << trial;
    ASSERT_NEAR(makespanOf(ops, exact->order), exact->makespanUs, 1e-9);
    ASSERT_LE(exact->memoryBoundUs, exact->makespanUs + 1e-9)
        << "trial " << trial;
    // What sched-report computes on any block: the default rounds, both
    // families.
    FailureOr<double> anySize = computeMemoryBound(ops, memory, budget);
    ASSERT_TRUE(succeeded(anySize));
    ASSERT_LE(*anySize, exact->makespanUs + 1e-9) << "trial " << trial;
    if (budget >= peak) {
      ASSERT_LE(exact->makespanUs, makespanOf(ops, programOrder) + 1e-9);
    }
    ExactScheduleOptions free;
    free.maxNodes = 20000;
    FailureOr<ExactSchedule> unconstrained = findExactSchedule(ops, {}, free);
    ASSERT_TRUE(succeeded(unconstrained));
    if (unconstrained->proven) {
      ASSERT_LE(unconstrained->makespanUs, exact->makespanUs + 1e-9)
          << "trial " << trial;
    }
  }
  EXPECT_GE(proven, trials / 2);
}

TEST(ExactScheduleTest, TheHeadBoundSeesEarlyWorkThatDoesNotFitTogether) {
  // The end of an FSDP forward: "y" (6) needs a 30 us gather (0, 1); two
  // chains of 5 + 5 us (2 -> 3, 4 -> 5), which need nothing, make 1000-byte
  // results that the backward (7, 8) reads after "y". Unconstrained both
  // chains hide the gather (37 us). Within 2010 bytes, while "y" runs (its
  // own 1000 bytes and the gather's 10 live) one chain's result fits beside
  // it, not both; no pair is forced (each alone fits), but the head bound
  // lets 10 us run before "y": 30 + 27 - 10 = 47 us, the optimum. Without
  // the chains (3 and 5 alone need the results) it would let 15 us.
  std::vector<SimOp> ops = {startOn(30), waitOn(0),      run(5),
                            run(5, {2}), run(5),         run(5, {4}),
                            run(5, {1}), run(1, {3, 6}), run(1, {5, 7})};
  MemoryProblem memory = makeMemory(ops.size(), {{10, 0, {1, 6}, false},
                                                 {1000, 2, {3}, false},
                                                 {1000, 3, {7}, false},
                                                 {1000, 4, {5}, false},
                                                 {1000, 5, {8}, false},
                                                 {1000, 6, {7}, false},
                                                 {10, 7, {8}, false},
                                                 {10, 8, {}, true}});
  FailureOr<MemoryAwareBound> bound =
      computeMemoryAwareBounds(ops, memory, 2010);
  ASSERT_TRUE(succeeded(bound));
  EXPECT_EQ(bound->budgetPairs, 0u);
  EXPECT_DOUBLE_EQ(bound->orderUs, 37);
  EXPECT_DOUBLE_EQ(bound->headUs, 47);
  EXPECT_DOUBLE_EQ(bruteForceWithin(ops, memory, 2010), 47);
  // With room for both, the head bound adds nothing.
  FailureOr<MemoryAwareBound> loose =
      computeMemoryAwareBounds(ops, memory, 3010);
  ASSERT_TRUE(succeeded(loose));
  EXPECT_LE(loose->getBestUs(), 37);
  EXPECT_DOUBLE_EQ(bruteForceWithin(ops, memory, 3010), 37);
}
