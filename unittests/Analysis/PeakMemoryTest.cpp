//===- PeakMemoryTest.cpp - MemoryProfile unit tests ----------------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/PeakMemory.h"
#include "sched/Analysis/MemoryTimeline.h"
#include "sched/Analysis/RangeMaxTree.h"

#include "gtest/gtest.h"

#include <numeric>
#include <random>

using namespace mlir;
using namespace mlir::sched;

namespace {
/// The naive reference: for every position, add up the buffers live there.
std::vector<int64_t> naiveTimeline(const MemoryProblem &problem,
                                   ArrayRef<unsigned> order) {
  unsigned n = order.size();
  std::vector<unsigned> position(problem.numSteps);
  for (unsigned k = 0; k < n; ++k)
    position[order[k]] = k;
  std::vector<int64_t> timeline(n, 0);
  for (const MemoryProblem::Buffer &buffer : problem.buffers) {
    unsigned first = buffer.def ? position[*buffer.def] : 0;
    unsigned last = first;
    for (unsigned use : buffer.uses)
      last = std::max(last, position[use]);
    if (buffer.liveOut)
      last = n - 1;
    for (unsigned t = first; t <= last; ++t)
      timeline[t] += buffer.size;
  }
  return timeline;
}

/// Returns true if every buffer is defined before it is used in `order`.
bool isValid(const MemoryProblem &problem, ArrayRef<unsigned> order) {
  std::vector<unsigned> position(problem.numSteps);
  for (unsigned k = 0; k < order.size(); ++k)
    position[order[k]] = k;
  for (const MemoryProblem::Buffer &buffer : problem.buffers)
    if (buffer.def)
      for (unsigned use : buffer.uses)
        if (use != *buffer.def && position[use] <= position[*buffer.def])
          return false;
  return true;
}

/// A random problem whose identity order is valid.
MemoryProblem randomProblem(std::mt19937 &rng, unsigned numSteps) {
  MemoryProblem problem;
  for (unsigned s = 0; s < numSteps; ++s)
    problem.addStep();
  // Entry buffers (arguments), some kept to the end.
  for (unsigned k = 0, e = rng() % 3; k < e; ++k) {
    unsigned b = problem.addBuffer(1 + rng() % 50, std::nullopt, rng() % 2);
    for (unsigned u = 0, f = rng() % 3; u < f; ++u)
      problem.addUse(b, rng() % numSteps);
  }
  for (unsigned s = 0; s < numSteps; ++s)
    for (unsigned k = 0, e = rng() % 3; k < e; ++k) {
      unsigned b =
          problem.addBuffer(rng() % 100, s, /*liveOut=*/rng() % 10 == 0);
      if (s + 1 < numSteps)
        for (unsigned u = 0, f = rng() % 4; u < f; ++u)
          problem.addUse(b, s + 1 + rng() % (numSteps - s - 1));
    }
  return problem;
}

int64_t maxOf(ArrayRef<int64_t> values) {
  return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}
} // namespace

TEST(PeakMemoryTest, AllocRunFree) {
  // a = op0(); b = op1(a); c = op2(b); the peak holds a and b together.
  MemoryProblem problem;
  for (int s = 0; s < 3; ++s)
    problem.addStep();
  unsigned a = problem.addBuffer(100, 0);
  unsigned b = problem.addBuffer(10, 1);
  unsigned c = problem.addBuffer(1, 2, /*liveOut=*/true);
  problem.addUse(a, 1);
  problem.addUse(b, 2);
  MemoryProfile profile(problem, {0, 1, 2});
  EXPECT_EQ(profile.getTimeline().vec(), (std::vector<int64_t>{100, 110, 11}));
  EXPECT_EQ(profile.getPeak(), 110);
  EXPECT_EQ(profile.getPeakPosition(), 1u);
  EXPECT_EQ(profile.getBuffersLiveAtPeak(), (SmallVector<unsigned>{a, b}));
  EXPECT_EQ(profile.getLiveRange(c), (std::pair<unsigned, unsigned>{2, 2}));
}

TEST(PeakMemoryTest, MovesThatBreakDependencesAreRejected) {
  MemoryProblem problem;
  for (int s = 0; s < 3; ++s)
    problem.addStep();
  unsigned a = problem.addBuffer(5, 0);
  problem.addUse(a, 2);
  MemoryProfile profile(problem, {0, 1, 2});
  EXPECT_FALSE(profile.getPeakIfMoved(0, 2).has_value());
  EXPECT_FALSE(profile.getPeakIfMoved(2, 0).has_value());
  EXPECT_FALSE(profile.getPeakIfMoved(1, 3).has_value());
  // Moving the independent op 1 first frees nothing: the peak is unchanged.
  EXPECT_EQ(profile.getPeakIfMoved(1, 0), 5);
  // Moving the producer next to its user shortens nothing either.
  EXPECT_EQ(profile.getPeakIfMoved(0, 1), 5);
}

TEST(PeakMemoryTest, MatchesBruteForceOnRandomProblems) {
  std::mt19937 rng(42);
  unsigned queries = 0, valid = 0;
  for (unsigned trial = 0; trial < 20000; ++trial) {
    unsigned n = 1 + rng() % 16;
    MemoryProblem problem = randomProblem(rng, n);
    std::vector<unsigned> order(n);
    std::iota(order.begin(), order.end(), 0);
    MemoryProfile profile(problem, order);
    std::vector<int64_t> expected = naiveTimeline(problem, order);
    ASSERT_EQ(profile.getTimeline().vec(), expected) << "trial " << trial;
    ASSERT_EQ(profile.getPeak(), maxOf(expected));
    ASSERT_EQ(computePeak(problem, order), maxOf(expected));
    // Another valid order: the profile and the one-pass peak agree on it.
    std::vector<unsigned> shuffled = order;
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    ASSERT_EQ(computePeak(problem, shuffled),
              maxOf(naiveTimeline(problem, shuffled)))
        << "trial " << trial;
    for (unsigned q = 0; q < 12; ++q) {
      unsigned step = rng() % n, target = rng() % n;
      std::vector<unsigned> movedOrder = order;
      movedOrder.erase(movedOrder.begin() + profile.getPosition(step));
      movedOrder.insert(movedOrder.begin() + target, step);
      std::optional<int64_t> got = profile.getPeakIfMoved(step, target);
      ++queries;
      if (!isValid(problem, movedOrder)) {
        ASSERT_FALSE(got.has_value())
            << "trial " << trial << " move " << step << " to " << target;
        continue;
      }
      ++valid;
      ASSERT_TRUE(got.has_value())
          << "trial " << trial << " move " << step << " to " << target;
      ASSERT_EQ(*got, maxOf(naiveTimeline(problem, movedOrder)))
          << "trial " << trial << " move " << step << " to " << target;
    }
    // Queries leave the profile unchanged.
    ASSERT_EQ(profile.getTimeline().vec(), expected);
  }
  EXPECT_EQ(queries, 20000u * 12u);
  EXPECT_GT(valid, queries / 4);
}

namespace {
/// The naive reference of a fusion: a new problem where `first` and
/// `second` are one step, without the buffers that only pass between them.
std::optional<int64_t> naivePeakIfFused(const MemoryProblem &problem,
                                        ArrayRef<unsigned> order,
                                        unsigned first, unsigned second) {
  std::vector<unsigned> position(problem.numSteps);
  for (unsigned k = 0; k < order.size(); ++k)
    position[order[k]] = k;
  if (position[first] >= position[second])
    return std::nullopt;
  // Every other user of `first`'s results must come after `second`.
  for (const MemoryProblem::Buffer &buffer : problem.buffers)
    if (buffer.def == first)
      for (unsigned use : buffer.uses)
        if (use != first && use != second && position[use] < position[second])
          return std::nullopt;
  MemoryProblem fused;
  fused.numSteps = problem.numSteps;
  for (const MemoryProblem::Buffer &buffer : problem.buffers) {
    if (buffer.def == first && !buffer.liveOut &&
        llvm::all_of(buffer.uses, [&](unsigned use) {
          return use == first || use == second;
        }))
      continue; // Never materialized.
    MemoryProblem::Buffer copy = buffer;
    if (copy.def == first)
      copy.def = second;
    for (unsigned &use : copy.uses)
      if (use == first)
        use = second;
    fused.buffers.push_back(copy);
  }
  std::vector<unsigned> fusedOrder;
  for (unsigned step : order)
    if (step != first)
      fusedOrder.push_back(step);
  return maxOf(naiveTimeline(fused, fusedOrder));
}
} // namespace

TEST(PeakMemoryTest, FusionDropsTheIntermediate) {
  // a = op0(); t = op1(a); u = op2(t); a and t are large, u small.
  MemoryProblem problem;
  for (int s = 0; s < 3; ++s)
    problem.addStep();
  unsigned a = problem.addBuffer(100, 0);
  unsigned t = problem.addBuffer(100, 1);
  problem.addBuffer(1, 2, /*liveOut=*/true);
  problem.addUse(a, 1);
  problem.addUse(t, 2);
  MemoryProfile profile(problem, {0, 1, 2});
  EXPECT_EQ(profile.getPeak(), 200);
  // Fusing op1 and op2: t is never materialized.
  EXPECT_EQ(profile.getPeakIfFused(1, 2), 101);
  EXPECT_FALSE(profile.getPeakIfFused(2, 1).has_value());
}

TEST(PeakMemoryTest, FusionMatchesBruteForceOnRandomProblems) {
  std::mt19937 rng(7);
  unsigned legal = 0;
  for (unsigned trial = 0; trial < 20000; ++trial) {
    unsigned n = 2 + rng() % 14;
    MemoryProblem problem = randomProblem(rng, n);
    std::vector<unsigned> order(n);
    std::iota(order.begin(), order.end(), 0);
    MemoryProfile profile(problem, order);
    for (unsigned q = 0; q < 8; ++q) {
      unsigned first = rng() % n, second = rng() % n;
      std::optional<int64_t> expected =
          naivePeakIfFused(problem, order, first, second);
      std::optional<int64_t> got = profile.getPeakIfFused(first, second);
      ASSERT_EQ(got.has_value(), expected.has_value())
          << "trial " << trial << " fuse " << first << " " << second;
      if (!expected)
        continue;
      ++legal;
      ASSERT_EQ(*got, *expected)
          << "trial " << trial << " fuse " << first << " " << second;
    }
  }
  EXPECT_GT(legal, 10000u);
}

TEST(PeakMemoryTest, TimelineWindowsMatchBruteForce) {
  // Random window reorders, some illegal, applied one after another: every
  // query and every applied order against the naive timeline.
  std::mt19937 rng(7);
  unsigned queries = 0, applied = 0;
  for (unsigned trial = 0; trial < 3000; ++trial) {
    unsigned n = 1 + rng() % 24;
    MemoryProblem problem = randomProblem(rng, n);
    std::vector<unsigned> order(n);
    std::iota(order.begin(), order.end(), 0);
    MemoryTimeline timeline(problem, order);
    ASSERT_EQ(timeline.getTimeline().vec(), naiveTimeline(problem, order));
    for (unsigned q = 0; q < 10; ++q) {
      unsigned first = rng() % n;
      unsigned size = 1 + rng() % (n - first);
      std::vector<unsigned> window(order.begin() + first,
                                   order.begin() + first + size);
      // Move one step of the window to another place in it, or shuffle it.
      if (rng() % 2) {
        unsigned from = rng() % size, to = rng() % size;
        unsigned step = window[from];
        window.erase(window.begin() + from);
        window.insert(window.begin() + to, step);
      } else {
        std::shuffle(window.begin(), window.end(), rng);
      }
      std::vector<unsigned> newOrder = order;
      std::copy(window.begin(), window.end(), newOrder.begin() + first);
      std::optional<int64_t> got = timeline.getPeakIfReordered(first, window);
      ++queries;
      if (!isValid(problem, newOrder)) {
        ASSERT_FALSE(got.has_value()) << "trial " << trial;
        ASSERT_TRUE(failed(timeline.reorder(first, window)));
        continue;
      }
      std::vector<int64_t> expected = naiveTimeline(problem, newOrder);
      ASSERT_TRUE(got.has_value()) << "trial " << trial;
      ASSERT_EQ(*got, maxOf(expected)) << "trial " << trial;
      if (rng() % 2) {
        ASSERT_TRUE(succeeded(timeline.reorder(first, window)));
        order = newOrder;
        ++applied;
        ASSERT_EQ(timeline.getTimeline().vec(), expected) << "trial " << trial;
        ASSERT_EQ(timeline.getPeak(), maxOf(expected));
        ASSERT_EQ(timeline.getOrder().vec(), order);
      }
    }
  }
  EXPECT_GT(applied, queries / 8);
}

TEST(PeakMemoryTest, TimelineRejectsWhatIsNotAPermutationOfTheWindow) {
  MemoryProblem problem;
  for (int s = 0; s < 3; ++s)
    problem.addStep();
  MemoryTimeline timeline(problem, {0, 1, 2});
  EXPECT_FALSE(timeline.getPeakIfReordered(0, {0, 0}).has_value());
  EXPECT_FALSE(timeline.getPeakIfReordered(1, {0, 1}).has_value());
  EXPECT_FALSE(timeline.getPeakIfReordered(2, {2, 1}).has_value());
  EXPECT_EQ(timeline.getPeakIfReordered(1, {2, 1}), 0);
}

namespace {
/// The naive peak of `order` where each of `groups` (steps consecutive in
/// `order`) runs as one step: the problem with each group's steps mapped to
/// its first step. Nothing if a buffer is used before its definition.
std::optional<int64_t>
naiveGroupedPeak(const MemoryProblem &problem, ArrayRef<unsigned> order,
                 ArrayRef<std::vector<unsigned>> groups) {
  std::vector<unsigned> nameOf(problem.numSteps);
  std::iota(nameOf.begin(), nameOf.end(), 0u);
  for (const std::vector<unsigned> &group : groups)
    for (unsigned step : group)
      nameOf[step] = group.front();
  MemoryProblem merged;
  merged.numSteps = problem.numSteps;
  for (MemoryProblem::Buffer buffer : problem.buffers) {
    if (buffer.def)
      buffer.def = nameOf[*buffer.def];
    for (unsigned &use : buffer.uses)
      use = nameOf[use];
    merged.buffers.push_back(buffer);
  }
  std::vector<unsigned> mergedOrder;
  for (unsigned step : order)
    if (nameOf[step] == step)
      mergedOrder.push_back(step);
  // Steps that vanished into a group still need a place: at the end (they
  // have no buffers left, so they change nothing but the last position).
  std::vector<bool> placed(problem.numSteps, false);
  for (unsigned step : mergedOrder)
    placed[step] = true;
  for (unsigned step = 0; step < problem.numSteps; ++step)
    if (!placed[step])
      mergedOrder.push_back(step);
  if (!isValid(merged, mergedOrder))
    return std::nullopt;
  return maxOf(naiveTimeline(merged, mergedOrder));
}
} // namespace

TEST(PeakMemoryTest, TimelineGroupsRunAsOneStep) {
  // Windows of whole units (groups or single steps) reordered as units, some
  // fusing a run of units into a new group; windows that split a group must
  // be refused.
  std::mt19937 rng(99);
  unsigned checked = 0, fused = 0, split = 0;
  for (unsigned trial = 0; trial < 2000; ++trial) {
    unsigned n = 2 + rng() % 20;
    MemoryProblem problem = randomProblem(rng, n);
    std::vector<unsigned> order(n);
    std::iota(order.begin(), order.end(), 0);
    MemoryTimeline timeline(problem, order);
    // The units of the current order: the groups, each step in one.
    std::vector<std::vector<unsigned>> units;
    for (unsigned step : order)
      units.push_back({step});
    for (unsigned q = 0; q < 8; ++q) {
      std::vector<unsigned> flat;
      for (const std::vector<unsigned> &unit : units)
        llvm::append_range(flat, unit);
      ASSERT_EQ(flat, timeline.getOrder().vec());
      std::vector<std::vector<unsigned>> groups;
      for (const std::vector<unsigned> &unit : units)
        if (unit.size() > 1)
          groups.push_back(unit);
      unsigned firstUnit = rng() % units.size();
      unsigned numUnits = 1 + rng() % (units.size() - firstUnit);
      unsigned first = 0;
      for (unsigned u = 0; u < firstUnit; ++u)
        first += units[u].size();
      if (rng() % 5 == 0) {
        // A window one step short of its last unit splits it if it is a
        // group.
        const std::vector<unsigned> &lastUnit = units[firstUnit + numUnits - 1];
        if (lastUnit.size() > 1) {
          std::vector<unsigned> window;
          for (unsigned u = firstUnit; u < firstUnit + numUnits; ++u)
            llvm::append_range(window, units[u]);
          window.pop_back();
          EXPECT_FALSE(timeline.getPeakIfReordered(first, window).has_value());
          ++split;
          continue;
        }
      }
      std::vector<std::vector<unsigned>> windowUnits(
          units.begin() + firstUnit, units.begin() + firstUnit + numUnits);
      std::shuffle(windowUnits.begin(), windowUnits.end(), rng);
      // Maybe fuse a run of the shuffled units.
      std::vector<unsigned> fuse;
      unsigned fuseFirst = rng() % windowUnits.size();
      unsigned fuseCount = 1 + rng() % (windowUnits.size() - fuseFirst);
      bool doFuse =
          rng() % 2 && (fuseCount > 1 || windowUnits[fuseFirst].size() > 1);
      if (doFuse)
        for (unsigned u = fuseFirst; u < fuseFirst + fuseCount; ++u)
          llvm::append_range(fuse, windowUnits[u]);
      std::vector<unsigned> window;
      for (const std::vector<unsigned> &unit : windowUnits)
        llvm::append_range(window, unit);
      std::vector<std::vector<unsigned>> newUnits(units.begin(),
                                                  units.begin() + firstUnit);
      for (unsigned u = 0; u < windowUnits.size(); ++u) {
        if (doFuse && u == fuseFirst)
          newUnits.push_back(fuse);
        else if (!doFuse || u < fuseFirst || u >= fuseFirst + fuseCount)
          newUnits.push_back(windowUnits[u]);
      }
      newUnits.insert(newUnits.end(), units.begin() + firstUnit + numUnits,
                      units.end());
      std::vector<unsigned> newOrder;
      std::vector<std::vector<unsigned>> newGroups;
      for (const std::vector<unsigned> &unit : newUnits) {
        llvm::append_range(newOrder, unit);
        if (unit.size() > 1)
          newGroups.push_back(unit);
      }
      SmallVector<ArrayRef<unsigned>> fuseLists;
      if (doFuse)
        fuseLists.push_back(fuse);
      std::optional<int64_t> expected =
          naiveGroupedPeak(problem, newOrder, newGroups);
      std::optional<int64_t> got =
          timeline.getPeakIfReordered(first, window, fuseLists);
      ASSERT_EQ(got.has_value(), expected.has_value()) << "trial " << trial;
      if (!got)
        continue;
      ++checked;
      ASSERT_EQ(*got, *expected) << "trial " << trial;
      if (rng() % 2) {
        ASSERT_TRUE(succeeded(timeline.reorder(first, window, fuseLists)));
        ASSERT_EQ(timeline.getPeak(), *expected) << "trial " << trial;
        units = newUnits;
        fused += doFuse;
      }
    }
  }
  EXPECT_GT(checked, 4000u);
  EXPECT_GT(fused, 500u);
  EXPECT_GT(split, 50u);
}

TEST(PeakMemoryTest, TimelineGatheredWindowsMatchBruteForce) {
  // Windows that gather a few units (groups or single steps) into one or two
  // new groups at the place of one of their units and keep the other units
  // in order, as a bucket that grows does (the timeline's fast path), mixed
  // with shuffles of whole units (the general path).
  std::mt19937 rng(123);
  unsigned checked = 0, gathered = 0;
  for (unsigned trial = 0; trial < 3000; ++trial) {
    unsigned n = 3 + rng() % 30;
    MemoryProblem problem = randomProblem(rng, n);
    std::vector<unsigned> order(n);
    std::iota(order.begin(), order.end(), 0);
    MemoryTimeline timeline(problem, order);
    std::vector<std::vector<unsigned>> units;
    for (unsigned step : order)
      units.push_back({step});
    for (unsigned q = 0; q < 10; ++q) {
      unsigned numUnits = units.size();
      std::vector<std::vector<unsigned>> newUnits;
      std::vector<std::vector<unsigned>> fuse;
      unsigned lo = numUnits, hi = 0;
      bool shuffle = rng() % 4 == 0;
      if (shuffle) {
        lo = rng() % numUnits;
        hi = lo + rng() % (numUnits - lo);
        newUnits.assign(units.begin(), units.end());
        std::shuffle(newUnits.begin() + lo, newUnits.begin() + hi + 1, rng);
      } else {
        // Up to two lists of units, each gathered at one of its units.
        std::vector<int> listOf(numUnits, -1);
        unsigned numLists = 1 + rng() % 2;
        for (unsigned list = 0; list < numLists; ++list)
          for (unsigned count = 1 + rng() % 4; count > 0; --count)
            listOf[rng() % numUnits] = list;
        std::vector<std::vector<unsigned>> listUnits(numLists);
        for (unsigned u = 0; u < numUnits; ++u)
          if (listOf[u] >= 0) {
            listUnits[listOf[u]].push_back(u);
            lo = std::min(lo, u);
            hi = std::max(hi, u);
          }
        std::vector<unsigned> anchor(numLists, numUnits);
        for (unsigned list = 0; list < numLists; ++list) {
          if (listUnits[list].empty())
            continue;
          anchor[list] = listUnits[list][rng() % listUnits[list].size()];
          std::vector<unsigned> members;
          for (unsigned u : listUnits[list])
            llvm::append_range(members, units[u]);
          fuse.push_back(members);
        }
        for (unsigned u = 0; u < numUnits; ++u) {
          if (listOf[u] < 0)
            newUnits.push_back(units[u]);
          else if (anchor[listOf[u]] == u)
            newUnits.push_back(
                fuse[listOf[u] == 0 || listUnits[0].empty() ? 0 : 1]);
        }
      }
      // The window: the units from the first to the last that change.
      unsigned first = 0;
      for (unsigned u = 0; u < lo; ++u)
        first += units[u].size();
      unsigned windowSize = 0;
      for (unsigned u = lo; u <= hi; ++u)
        windowSize += units[u].size();
      std::vector<unsigned> newOrder;
      std::vector<std::vector<unsigned>> newGroups;
      for (const std::vector<unsigned> &unit : newUnits) {
        llvm::append_range(newOrder, unit);
        if (unit.size() > 1)
          newGroups.push_back(unit);
      }
      std::vector<unsigned> window(newOrder.begin() + first,
                                   newOrder.begin() + first + windowSize);
      SmallVector<ArrayRef<unsigned>> fuseLists(fuse.begin(), fuse.end());
      std::optional<int64_t> expected =
          naiveGroupedPeak(problem, newOrder, newGroups);
      std::optional<int64_t> got =
          timeline.getPeakIfReordered(first, window, fuseLists);
      ASSERT_EQ(got.has_value(), expected.has_value()) << "trial " << trial;
      if (!got)
        continue;
      ++checked;
      ASSERT_EQ(*got, *expected) << "trial " << trial;
      if (rng() % 2) {
        ASSERT_TRUE(succeeded(timeline.reorder(first, window, fuseLists)));
        ASSERT_EQ(timeline.getPeak(), *expected) << "trial " << trial;
        ASSERT_EQ(timeline.getOrder().vec(), newOrder) << "trial " << trial;
        units = newUnits;
        gathered += !shuffle;
      }
    }
  }
  EXPECT_GT(checked, 10000u);
  EXPECT_GT(gathered, 3000u);
}

TEST(PeakMemoryTest, RangeMaxTreeMatchesBruteForce) {
  // Range adds, adds of each element of a range and range maxima, against
  // a plain array, over sizes around powers of two.
  std::mt19937 rng(17);
  for (unsigned trial = 0; trial < 300; ++trial) {
    unsigned n = 1 + rng() % 70;
    std::vector<int64_t> values(n);
    for (int64_t &value : values)
      value = static_cast<int64_t>(rng() % 1000) - 500;
    RangeMaxTree tree(values);
    ASSERT_EQ(tree.size(), n);
    for (unsigned q = 0; q < 60; ++q) {
      unsigned first = rng() % n, last = first + rng() % (n - first);
      switch (rng() % 3) {
      case 0: {
        int64_t delta = static_cast<int64_t>(rng() % 200) - 100;
        tree.add(first, last, delta);
        for (unsigned i = first; i <= last; ++i)
          values[i] += delta;
        break;
      }
      case 1: {
        // Deltas may run past the end; those are ignored.
        std::vector<int64_t> deltas(last - first + 1 + rng() % 3);
        for (int64_t &delta : deltas)
          delta = static_cast<int64_t>(rng() % 200) - 100;
        tree.addEach(first, deltas);
        for (unsigned i = 0; i < deltas.size() && first + i < n; ++i)
          values[first + i] += deltas[i];
        break;
      }
      default:
        break;
      }
      unsigned lo = rng() % n, hi = lo + rng() % (n - lo);
      ASSERT_EQ(tree.max(lo, hi),
                *std::max_element(values.begin() + lo, values.begin() + hi + 1))
          << "trial " << trial;
    }
    EXPECT_EQ(tree.max(0, n), RangeMaxTree::kEmpty);
    EXPECT_EQ(tree.max(1, 0), RangeMaxTree::kEmpty);
  }
}
