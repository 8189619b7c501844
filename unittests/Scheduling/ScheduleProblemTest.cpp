//===- ScheduleProblemTest.cpp - the Scheduling library's components ------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The problem model, the memory window, the stream clock, the list engine
// with a custom policy and the two schedulers on the worked example of
// docs/Scheduling.md, built without IR:
//
//   0 A  compute 10 us  reads the argument, defines a (100 B)
//   1 S  all-reduce start of a, 20 us on group 0, defines s (100 B)
//   2 W  wait of S
//   3 C  compute 5 us, reads s, defines c (10 B, live out)
//   4 B  compute 15 us, reads the argument, defines b (10 B, live out)
//   5    the terminator
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduling/ScheduleProblem.h"
#include "sched/Analysis/StreamClock.h"
#include "sched/Scheduling/CriticalPathScheduler.h"
#include "sched/Scheduling/ListEngine.h"
#include "sched/Scheduling/ListScheduler.h"
#include "sched/Scheduling/MemoryWindow.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// The analyses of the worked example, which the problem refers to.
struct Example {
  BlockSimulation sim;
  DependenceGraph graph;
  MemoryProblem memory;
  std::vector<int64_t> inputMemory;

  Example()
      : graph(DependenceGraph::fromEdges(
            6, {{0, 1}, {1, 2}, {2, 3}, {3, 5}, {4, 5}})) {
    auto op = [](SimOp::Kind kind, double us, unsigned start,
                 SmallVector<unsigned, 2> deps) {
      SimOp simOp;
      simOp.kind = kind;
      simOp.durationUs = us;
      simOp.start = start;
      simOp.deps = deps;
      return simOp;
    };
    using Kind = SimOp::Kind;
    sim.simOps = {
        op(Kind::Compute, 10, 0, {}), op(Kind::Start, 20, 0, {0}),
        op(Kind::Wait, 0, 1, {1}),    op(Kind::Compute, 5, 0, {2}),
        op(Kind::Compute, 15, 0, {}), op(Kind::Compute, 0, 0, {3, 4})};
    sim.streamNames = {"g"};
    for (unsigned step = 0; step < 6; ++step)
      memory.addStep();
    unsigned arg = memory.addBuffer(50, std::nullopt);
    unsigned a = memory.addBuffer(100, 0u);
    unsigned s = memory.addBuffer(100, 1u);
    memory.addBuffer(10, 3u, /*liveOut=*/true);
    memory.addBuffer(10, 4u, /*liveOut=*/true);
    memory.addUse(arg, 0);
    memory.addUse(arg, 4);
    memory.addUse(a, 1);
    memory.addUse(s, 2);
    memory.addUse(s, 3);
    std::vector<unsigned> order = {0, 1, 2, 3, 4, 5};
    inputMemory = MemoryProfile(memory, order).getTimeline();
  }
};
} // namespace

TEST(ScheduleProblemTest, IndexesBuffersAndStarts) {
  Example example;
  ScheduleProblem problem(example.sim, example.graph, example.memory,
                          example.inputMemory);
  EXPECT_EQ(problem.size(), 6u);
  EXPECT_EQ(problem.getTerminator(), 5u);
  EXPECT_EQ(problem.getNumGroups(), 1u);
  EXPECT_TRUE(problem.isStart(1));
  EXPECT_TRUE(problem.isWait(2));
  EXPECT_TRUE(problem.isCompute(4));
  EXPECT_EQ(problem.getWait(1), 2u);
  EXPECT_EQ(problem.getWait(0), 6u);
  EXPECT_EQ(problem.getStarts().size(), 1u);
  EXPECT_EQ(problem.getStarts()[0], 1u);
  EXPECT_EQ(problem.getDefines(1).size(), 1u);
  EXPECT_EQ(problem.getAllocatedBytes(1), 100);
  EXPECT_EQ(problem.getKeptBytes(3), 10);
  EXPECT_EQ(problem.getReadBytes(4), 50);
  EXPECT_EQ(problem.getUses(3).size(), 1u);
  EXPECT_TRUE(problem.hasOperands(0));
}

TEST(ScheduleProblemTest, StreamClockFollowsTheSimulatorRules) {
  StreamClock clock(6, 1);
  clock.compute(10);
  clock.issue(1, 0, 20);
  EXPECT_EQ(clock.getEnd(1), 30);
  EXPECT_EQ(clock.getInFlight(0).size(), 1u);
  // A second collective on the group queues behind the first.
  clock.issue(3, 0, 5);
  EXPECT_EQ(clock.getEnd(3), 35);
  clock.compute(15);
  EXPECT_EQ(clock.now(), 25);
  clock.wait(1, 0);
  EXPECT_EQ(clock.now(), 30);
  EXPECT_EQ(clock.getInFlight(0).front(), 3u);
}

TEST(ScheduleProblemTest, StreamClockCapsCountAndBytes) {
  StreamClock clock(6, 2);
  // Two per group, and 100 bytes on group 0 (none on group 1).
  clock.setCaps(2, {100});
  EXPECT_FALSE(clock.isFull(0, 500));
  // A collective alone on its group goes, however large.
  clock.issue(1, 0, 10, 500);
  EXPECT_EQ(clock.getInFlightBytes(0), 500);
  EXPECT_TRUE(clock.isFull(0, 1));
  clock.wait(1, 0);
  EXPECT_EQ(clock.getInFlightBytes(0), 0);
  clock.issue(2, 0, 10, 60);
  EXPECT_FALSE(clock.isFull(0, 40));
  EXPECT_TRUE(clock.isFull(0, 41));
  // Group 1 has only the count cap.
  clock.issue(3, 1, 10, 1000);
  EXPECT_FALSE(clock.isFull(1, 1000));
  clock.issue(4, 1, 10, 1000);
  EXPECT_TRUE(clock.isFull(1, 0));
}

TEST(ScheduleProblemTest, MemoryWindowChargesWhatRunsAhead) {
  Example example;
  ScheduleProblem problem(example.sim, example.graph, example.memory,
                          example.inputMemory);
  MemoryWindow memory(problem);
  EXPECT_EQ(memory.getLive(), 50);
  EXPECT_EQ(memory.getFrontier(), 0u);
  // B ahead of A, S, W and C keeps its 10 bytes over them; the argument
  // still has A's use, so nothing is credited.
  EXPECT_EQ(memory.getAheadBytes(4), 10);
  int64_t peak = memory.getWindowMax(4);
  EXPECT_EQ(peak, 250); // A, S live with the argument at S.
  EXPECT_TRUE(memory.fits(4, 260));
  EXPECT_FALSE(memory.fits(4, 259));
  memory.charge(4, memory.getAheadBytes(4));
  memory.place(4);
  EXPECT_EQ(memory.getLive(), 60);
  EXPECT_EQ(memory.getWindowMax(4), 260);
  EXPECT_EQ(memory.getFrontier(), 0u);
  // A is now the argument's last user: placed at the frontier, it frees it.
  EXPECT_EQ(memory.getAheadBytes(0), 50);
  memory.place(0);
  EXPECT_EQ(memory.getLive(), 110);
  // The frontier skips the start and stops at the wait.
  EXPECT_EQ(memory.getFrontier(), 2u);
}

namespace {
/// A custom priority: the longest compute op first; starts in input order.
class LongestFirst : public PriorityPolicy {
public:
  explicit LongestFirst(const ScheduleProblem &problem) : p(problem) {}
  PriorityKey getComputeKey(unsigned step) const override {
    return {1000 - static_cast<unsigned>(p.getOp(step).durationUs), step};
  }
  PriorityKey getStartKey(unsigned start) const override {
    return {start, start};
  }

private:
  const ScheduleProblem &p;
};

/// A custom deferral: runs the ready compute op of best priority, and
/// records what the engine tells it.
class RunFirst : public DeferralPolicy {
public:
  void onReady(unsigned step) override { events.push_back(step); }
  void onPlaced(unsigned step) override { events.push_back(100 + step); }
  void runCompute(ListEngine &engine) override {
    engine.place(engine.getReadyCompute().begin()->second);
  }
  std::vector<unsigned> events;
};
} // namespace

TEST(ScheduleProblemTest, ListEngineRunsCustomPolicies) {
  Example example;
  ScheduleProblem problem(example.sim, example.graph, example.memory,
                          example.inputMemory);
  EngineOptions options;
  options.maxInFlight = 2;
  options.budget = 1000;
  LongestFirst priority(problem);
  RunFirst deferral;
  ListEngine engine(problem, options, priority, deferral);
  // B (15 us) before A (10 us): S can only start after both, and nothing is
  // left to hide it, so W waits for it.
  EXPECT_EQ(engine.run(), (std::vector<unsigned>{4, 0, 1, 2, 3, 5}));
  EXPECT_DOUBLE_EQ(engine.getClock().now(), 50);
  // A and B ready at once; B placed, A placed, C ready once W is, C placed.
  EXPECT_EQ(deferral.events, (std::vector<unsigned>{0, 4, 104, 100, 3, 103}));
  FailureOr<SimResult> after = simulate(example.sim.simOps, engine.getOrder());
  ASSERT_TRUE(succeeded(after));
  EXPECT_DOUBLE_EQ(after->makespanUs, 50);
  EXPECT_EQ(engine.getDelays()[1], ScheduleDelay::None);
}

TEST(ScheduleProblemTest, ListEngineInFlightCapAndFallback) {
  Example example;
  ScheduleProblem problem(example.sim, example.graph, example.memory,
                          example.inputMemory);
  // No collective may be in flight: S is held back while B runs, then
  // issued by the fallback, recorded as held by the in-flight cap.
  EngineOptions options;
  options.maxInFlight = 0;
  options.budget = 1000;
  StartEarlyPriority priority(problem);
  RunFirst deferral;
  ListEngine engine(problem, options, priority, deferral);
  EXPECT_FALSE(engine.hasFreeSlot(0, 1));
  EXPECT_EQ(engine.run(), (std::vector<unsigned>{0, 4, 1, 2, 3, 5}));
  EXPECT_EQ(engine.getDelays()[1], ScheduleDelay::InFlightCap);
  // With one slot S goes out as soon as A is done, and B hides it.
  options.maxInFlight = 1;
  RunFirst again;
  ListEngine capped(problem, options, priority, again);
  EXPECT_TRUE(capped.hasFreeSlot(0, 1));
  EXPECT_EQ(capped.run(), (std::vector<unsigned>{0, 1, 4, 2, 3, 5}));
  EXPECT_EQ(capped.getDelays()[1], ScheduleDelay::None);
}

TEST(ScheduleProblemTest, ListSchedulerHidesTheCollective) {
  Example example;
  ScheduleProblem problem(example.sim, example.graph, example.memory,
                          example.inputMemory);
  ListSchedule schedule = scheduleList(problem, /*maxInFlight=*/2,
                                       /*budget=*/1000, /*keepOrder=*/false);
  // A feeds the collective and runs first; B, which does not need it,
  // hides it; the wait goes last before its use.
  EXPECT_EQ(schedule.order, (std::vector<unsigned>{0, 1, 4, 2, 3, 5}));
  FailureOr<SimResult> before = simulate(example.sim.simOps);
  FailureOr<SimResult> after = simulate(example.sim.simOps, schedule.order);
  ASSERT_TRUE(succeeded(before) && succeeded(after));
  EXPECT_DOUBLE_EQ(before->makespanUs, 50);
  EXPECT_DOUBLE_EQ(after->makespanUs, 35);
  // Within the input's peak (250 bytes, at S) the order is the same: B,
  // run ahead of W and C, frees the argument it reads last.
  ListSchedule tight = scheduleList(problem, 2, 250, false);
  EXPECT_EQ(tight.order, schedule.order);
  EXPECT_LE(MemoryProfile(example.memory, tight.order).getPeak(), 250);
}

TEST(ScheduleProblemTest, CriticalPathSchedulerByPriority) {
  Example example;
  ScheduleProblem problem(example.sim, example.graph, example.memory,
                          example.inputMemory);
  // Bottom levels: A 35 us (A, S, then C), S 25, B 15, W and C 5. A runs
  // first, S is issued at once, B runs while S is in flight, then W, C.
  std::vector<unsigned> hidden = {0, 1, 4, 2, 3, 5};
  for (CriticalPathPriority priority :
       {CriticalPathPriority::BottomLevel, CriticalPathPriority::InputOrder}) {
    CriticalPathSchedule schedule =
        scheduleCriticalPath(problem, priority, /*maxInFlight=*/2,
                             /*budget=*/1000, /*keepOrder=*/false);
    EXPECT_EQ(schedule.order, hidden);
    EXPECT_EQ(schedule.delays[1], ScheduleDelay::None);
  }
  // B's steps hold no value that lives across one of them: one
  // micro-batch only, so the interleaved priority has nothing to try.
  EXPECT_TRUE(interleavedRanks(example.sim, example.graph).empty());
  EXPECT_TRUE(scheduleCriticalPath(problem, CriticalPathPriority::Interleaved,
                                   2, 1000, false)
                  .order.empty());
  // A budget of 200 bytes holds S back (the argument, a and s: 250 bytes)
  // until nothing else is left.
  CriticalPathSchedule tight = scheduleCriticalPath(
      problem, CriticalPathPriority::BottomLevel, 2, 200, false);
  EXPECT_EQ(tight.order.size(), 6u);
  EXPECT_EQ(tight.delays[1], ScheduleDelay::Memory);
}

// A wait placed ahead of the input order is credited the buffers it is the
// last user of (both schedulers place every step with chargeAndPlace):
//
//   0 X  compute, defines x (10 B, live out)
//   1 A  compute, defines a (100 B)
//   2 S  start, reads a
//   3 W  wait of S, reads a (the collective's input lives until its wait)
//   4    the terminator
TEST(ScheduleProblemTest, MemoryWindowCreditsWaits) {
  BlockSimulation sim;
  auto op = [](SimOp::Kind kind, unsigned start) {
    SimOp simOp;
    simOp.kind = kind;
    simOp.durationUs = 1;
    simOp.start = start;
    return simOp;
  };
  using Kind = SimOp::Kind;
  sim.simOps = {op(Kind::Compute, 0), op(Kind::Compute, 0), op(Kind::Start, 0),
                op(Kind::Wait, 2), op(Kind::Compute, 0)};
  sim.streamNames = {"g"};
  DependenceGraph graph =
      DependenceGraph::fromEdges(5, {{1, 2}, {2, 3}, {0, 4}, {3, 4}});
  MemoryProblem memory;
  for (unsigned step = 0; step < 5; ++step)
    memory.addStep();
  memory.addBuffer(10, 0u, /*liveOut=*/true);
  unsigned a = memory.addBuffer(100, 1u);
  memory.addUse(a, 2);
  memory.addUse(a, 3);
  std::vector<unsigned> order = {0, 1, 2, 3, 4};
  std::vector<int64_t> input = MemoryProfile(memory, order).getTimeline();
  ScheduleProblem problem(sim, graph, memory, input);
  MemoryWindow window(problem);
  // A, S and W ahead of X: A keeps a over X's position, W frees it there.
  window.chargeAndPlace(1);
  window.chargeAndPlace(2);
  EXPECT_EQ(window.getFrontier(), 0u);
  EXPECT_EQ(window.getWindowMax(1), input[0] + 100);
  EXPECT_EQ(window.getAheadBytes(3), -100);
  window.chargeAndPlace(3);
  EXPECT_EQ(window.getWindowMax(1), input[0]);
  EXPECT_EQ(window.getLive(), 0);
}

// EngineRules::holdForUrgentStart: the stream of group 0 is busy with S0
// (8 us); S3 (1 us) and S4 (7 us) are ready, S7 (2 us) needs the 1 us
// compute op C1 and feeds S9 (9 us on group 1), the longest chain. Issued
// at once, S3 and S4 queue ahead of S7 (8 + 1 + 7 + 2 + 9 = 27 us); held
// while C1 runs, S7 queues right behind S0 and ends at 10 us. (The
// deferral then runs C10, 6 us from 8 us, before waiting for S7, so S9
// starts at 14: 23 us; the optimum, 19 us, waits first.)
//
//   0 S0  start, group 0, 8 us         7 S7  start, group 0, 2 us, after C1
//   1 C1  compute 1 us                 8 W7  wait of S7
//   2 W0  wait of S0                   9 S9  start, group 1, 9 us, after W7
//   3 S3  start, group 0, 1 us        10 C10 compute 6 us, after W0
//   4 S4  start, group 0, 7 us        11 W9  wait of S9
//   5 W3, 6 W4  their waits           12     the terminator
TEST(ScheduleProblemTest, CriticalPathHoldsStartsForAnUrgentOne) {
  using Kind = SimOp::Kind;
  auto op = [](Kind kind, double us, unsigned stream, unsigned start,
               SmallVector<unsigned, 2> deps) {
    SimOp simOp;
    simOp.kind = kind;
    simOp.durationUs = us;
    simOp.stream = stream;
    simOp.start = start;
    simOp.deps = deps;
    return simOp;
  };
  BlockSimulation sim;
  sim.simOps = {op(Kind::Start, 8, 0, 0, {}),
                op(Kind::Compute, 1, 0, 0, {}),
                op(Kind::Wait, 0, 0, 0, {0}),
                op(Kind::Start, 1, 0, 0, {}),
                op(Kind::Start, 7, 0, 0, {}),
                op(Kind::Wait, 0, 0, 3, {3}),
                op(Kind::Wait, 0, 0, 4, {4}),
                op(Kind::Start, 2, 0, 0, {1}),
                op(Kind::Wait, 0, 0, 7, {7}),
                op(Kind::Start, 9, 1, 0, {8}),
                op(Kind::Compute, 6, 0, 0, {2}),
                op(Kind::Wait, 0, 1, 9, {9}),
                op(Kind::Compute, 0, 0, 0, {5, 6, 10, 11})};
  sim.streamNames = {"dp", "tp"};
  std::vector<std::pair<unsigned, unsigned>> edges;
  for (unsigned step = 0; step < sim.simOps.size(); ++step)
    for (unsigned dep : sim.simOps[step].deps)
      edges.push_back({dep, step});
  DependenceGraph graph = DependenceGraph::fromEdges(13, edges);
  MemoryProblem memory;
  for (unsigned step = 0; step < 13; ++step)
    memory.addStep();
  std::vector<unsigned> input(13);
  for (unsigned step = 0; step < 13; ++step)
    input[step] = step;
  std::vector<int64_t> inputMemory = MemoryProfile(memory, input).getTimeline();
  ScheduleProblem problem(sim, graph, memory, inputMemory);
  auto makespan = [&](bool hold) {
    CriticalPathSchedule schedule = scheduleCriticalPath(
        problem, CriticalPathPriority::BottomLevel, /*maxInFlight=*/8,
        /*budget=*/1000, /*keepOrder=*/false, kNoGatherCap, {}, hold);
    EXPECT_EQ(schedule.order.size(), 13u);
    return simulate(sim.simOps, schedule.order)->makespanUs;
  };
  EXPECT_DOUBLE_EQ(makespan(/*hold=*/false), 27);
  EXPECT_DOUBLE_EQ(makespan(/*hold=*/true), 23);
  // With keepOrder the starts go in their input order: nothing is held.
  CriticalPathSchedule ordered =
      scheduleCriticalPath(problem, CriticalPathPriority::BottomLevel, 8, 1000,
                           /*keepOrder=*/true, kNoGatherCap, {}, /*hold=*/true);
  EXPECT_EQ(ordered.order.size(), 13u);
}

// EngineRules::waitForUnblockedStart on the problem above: at 8 us the
// compute stream is free, C10 (6 us) is ready and S7 ends at 10 us; its
// wait W7 is the last missing predecessor of S9 (9 us on group 1). Run
// first, C10 delays S9 to 14 us (23 us); waiting 2 us for W7 lets S9 run
// from 10 us beside C10: 19 us, the optimum. Without held starts S3 and
// S4 queue ahead of S7, which then ends after C10 would: nothing to wait
// for.
TEST(ScheduleProblemTest, LookaheadWaitsForAnUnblockedStart) {
  using Kind = SimOp::Kind;
  auto op = [](Kind kind, double us, unsigned stream, unsigned start,
               SmallVector<unsigned, 2> deps) {
    SimOp simOp;
    simOp.kind = kind;
    simOp.durationUs = us;
    simOp.stream = stream;
    simOp.start = start;
    simOp.deps = deps;
    return simOp;
  };
  BlockSimulation sim;
  sim.simOps = {op(Kind::Start, 8, 0, 0, {}),
                op(Kind::Compute, 1, 0, 0, {}),
                op(Kind::Wait, 0, 0, 0, {0}),
                op(Kind::Start, 1, 0, 0, {}),
                op(Kind::Start, 7, 0, 0, {}),
                op(Kind::Wait, 0, 0, 3, {3}),
                op(Kind::Wait, 0, 0, 4, {4}),
                op(Kind::Start, 2, 0, 0, {1}),
                op(Kind::Wait, 0, 0, 7, {7}),
                op(Kind::Start, 9, 1, 0, {8}),
                op(Kind::Compute, 6, 0, 0, {2}),
                op(Kind::Wait, 0, 1, 9, {9}),
                op(Kind::Compute, 0, 0, 0, {5, 6, 10, 11})};
  sim.streamNames = {"dp", "tp"};
  std::vector<std::pair<unsigned, unsigned>> edges;
  for (unsigned step = 0; step < sim.simOps.size(); ++step)
    for (unsigned dep : sim.simOps[step].deps)
      edges.push_back({dep, step});
  DependenceGraph graph = DependenceGraph::fromEdges(13, edges);
  MemoryProblem memory;
  for (unsigned step = 0; step < 13; ++step)
    memory.addStep();
  std::vector<unsigned> input(13);
  for (unsigned step = 0; step < 13; ++step)
    input[step] = step;
  std::vector<int64_t> inputMemory = MemoryProfile(memory, input).getTimeline();
  ScheduleProblem problem(sim, graph, memory, inputMemory);
  auto run = [&](bool hold, bool wait) {
    CriticalPathSchedule schedule = scheduleCriticalPath(
        problem, CriticalPathPriority::BottomLevel, /*maxInFlight=*/8,
        /*budget=*/1000, /*keepOrder=*/false, kNoGatherCap, {}, hold, wait);
    EXPECT_EQ(schedule.order.size(), 13u);
    return schedule.order;
  };
  auto makespan = [&](const std::vector<unsigned> &order) {
    return simulate(sim.simOps, order)->makespanUs;
  };
  EXPECT_DOUBLE_EQ(makespan(run(/*hold=*/true, /*wait=*/false)), 23);
  std::vector<unsigned> lookahead = run(/*hold=*/true, /*wait=*/true);
  EXPECT_DOUBLE_EQ(makespan(lookahead), 19);
  // W7 goes before C10.
  auto position = [&](unsigned step) {
    return std::find(lookahead.begin(), lookahead.end(), step) -
           lookahead.begin();
  };
  EXPECT_LT(position(8), position(10));
  EXPECT_DOUBLE_EQ(makespan(run(/*hold=*/false, /*wait=*/true)), 27);
}

// CriticalPathPriority::BottomLevelSinksLast: A (20 us) is a sink (nothing
// uses its result); B (1 us) feeds S1 (4 us), whose wait feeds C (1 us),
// which feeds S2 (8 us). By bottom level A (20) goes before B (14): A, B,
// S1, C, S2 expose both collectives, 34 us. With the sink last, B and S1
// go first and A hides S1: 30 us. The sink is found by the problem.
//
//   0 A   compute 20 us, a sink       4 C   compute 1 us, after W1
//   1 B   compute 1 us                5 S2  start, 8 us, after C
//   2 S1  start, 4 us, after B        6 W2  wait of S2
//   3 W1  wait of S1                  7     the terminator, after W2
TEST(ScheduleProblemTest, SinksLastHideTheCollectives) {
  using Kind = SimOp::Kind;
  auto op = [](Kind kind, double us, unsigned start,
               SmallVector<unsigned, 2> deps) {
    SimOp simOp;
    simOp.kind = kind;
    simOp.durationUs = us;
    simOp.start = start;
    simOp.deps = deps;
    return simOp;
  };
  BlockSimulation sim;
  sim.simOps = {op(Kind::Compute, 20, 0, {}), op(Kind::Compute, 1, 0, {}),
                op(Kind::Start, 4, 0, {1}),   op(Kind::Wait, 0, 2, {2}),
                op(Kind::Compute, 1, 0, {3}), op(Kind::Start, 8, 0, {4}),
                op(Kind::Wait, 0, 5, {5}),    op(Kind::Compute, 0, 0, {6})};
  sim.streamNames = {"g"};
  DependenceGraph graph = DependenceGraph::fromEdges(
      8, {{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}});
  MemoryProblem memory;
  for (unsigned step = 0; step < 8; ++step)
    memory.addStep();
  std::vector<unsigned> input = {0, 1, 2, 3, 4, 5, 6, 7};
  std::vector<int64_t> inputMemory = MemoryProfile(memory, input).getTimeline();
  ScheduleProblem problem(sim, graph, memory, inputMemory);
  EXPECT_TRUE(problem.isSink(0));
  EXPECT_FALSE(problem.isSink(1));
  EXPECT_FALSE(problem.isSink(7));
  auto makespan = [&](CriticalPathPriority priority) {
    CriticalPathSchedule schedule =
        scheduleCriticalPath(problem, priority, 2, 1000, false);
    EXPECT_EQ(schedule.order.size(), 8u);
    return simulate(sim.simOps, schedule.order)->makespanUs;
  };
  EXPECT_DOUBLE_EQ(makespan(CriticalPathPriority::BottomLevel), 34);
  EXPECT_DOUBLE_EQ(makespan(CriticalPathPriority::BottomLevelSinksLast), 30);
}
