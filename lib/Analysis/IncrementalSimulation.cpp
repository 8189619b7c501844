//===- IncrementalSimulation.cpp - re-simulate a changed order ------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/IncrementalSimulation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::sched;

/// Times closer than this (1 ps) are equal when states are compared.
static constexpr double kEpsilonUs = 1e-6;

/// Orders in-flight entries by the position of their start.
static bool byStart(const std::pair<unsigned, double> &entry, unsigned pos) {
  return entry.first < pos;
}

/// Runs `op` (a SimOp or its hot part), at position `pos`, on `state` (the
/// rules of `simulate`, with the shared StreamTimes).
template <typename State, typename Op>
static void step(State &state, const Op &op, unsigned pos) {
  switch (op.kind) {
  case SimOp::Kind::Compute:
    state.compute(op.durationUs);
    break;
  case SimOp::Kind::Start: {
    double end = state.issue(op.stream, op.durationUs).second;
    auto it = llvm::lower_bound(state.inFlight, pos, byStart);
    if (it != state.inFlight.end() && it->first == pos)
      it->second = end;
    else
      state.inFlight.insert(it, {pos, end});
    break;
  }
  case SimOp::Kind::Wait: {
    // A collective not in flight has ended (or was waited before).
    auto it = llvm::lower_bound(state.inFlight, op.start, byStart);
    if (it == state.inFlight.end() || it->first != op.start)
      break;
    state.exposedUs += state.waitUntil(it->second);
    state.inFlight.erase(it);
    break;
  }
  }
}

/// Drops what no longer matters for the future of `state`: collectives that
/// have ended, and stream free times in the past (raised to now).
template <typename State> static void normalize(State &state) {
  for (double &free : state.streamFreeUs)
    free = std::max(free, state.nowUs);
  llvm::erase_if(state.inFlight, [&](const std::pair<unsigned, double> &e) {
    return e.second <= state.nowUs;
  });
}

/// Returns true if normalized states `a` and `b` differ only by a shift of
/// all times.
template <typename State>
static bool sameUpToShift(const State &a, const State &b) {
  size_t streams = std::max(a.streamFreeUs.size(), b.streamFreeUs.size());
  for (size_t s = 0; s < streams; ++s) {
    double backlogA =
        s < a.streamFreeUs.size() ? a.streamFreeUs[s] - a.nowUs : 0;
    double backlogB =
        s < b.streamFreeUs.size() ? b.streamFreeUs[s] - b.nowUs : 0;
    if (std::fabs(backlogA - backlogB) > kEpsilonUs)
      return false;
  }
  if (a.inFlight.size() != b.inFlight.size())
    return false;
  for (auto [x, y] : llvm::zip_equal(a.inFlight, b.inFlight))
    if (x.first != y.first ||
        std::fabs((x.second - a.nowUs) - (y.second - b.nowUs)) > kEpsilonUs)
      return false;
  return true;
}

FailureOr<IncrementalSimulation>
IncrementalSimulation::create(ArrayRef<SimOp> ops, unsigned interval) {
  // `simulate` checks the waits.
  FailureOr<SimResult> full = simulate(ops);
  if (failed(full))
    return failure();
  IncrementalSimulation sim;
  if (hasContention(ops)) {
    sim.contended = true;
    sim.ops.assign(ops.begin(), ops.end());
    sim.numSteps = ops.size();
    sim.totals.exposedCommUs = full->exposedCommUs;
    sim.totals.makespanUs = full->makespanUs;
    return sim;
  }
  sim.ops.assign(ops.begin(), ops.end());
  sim.hot.reserve(ops.size());
  for (const SimOp &op : ops)
    sim.hot.push_back(HotOp::of(op));
  sim.interval = std::max(interval, 1u);
  unsigned n = ops.size();
  sim.waitsOf.assign(n, {});
  for (auto [pos, op] : llvm::enumerate(ops)) {
    if (op.kind == SimOp::Kind::Wait)
      sim.waitsOf[op.start].push_back(pos);
    if (op.kind == SimOp::Kind::Start)
      sim.numStreams = std::max(sim.numStreams, op.stream + 1);
  }
  unsigned numCheckpoints = (n + sim.interval - 1) / sim.interval;
  sim.checkpoints.assign(numCheckpoints, State());
  sim.timeShifts.assign(numCheckpoints, 0);
  sim.exposedShifts.assign(numCheckpoints, 0);
  State state;
  state.streamFreeUs.assign(sim.numStreams, 0);
  for (unsigned pos = 0; pos < n; ++pos) {
    if (pos % sim.interval == 0) {
      normalize(state);
      sim.checkpoints[pos / sim.interval] = state;
    }
    step(state, ops[pos], pos);
  }
  sim.numSteps = n;
  sim.totals.exposedCommUs = state.exposedUs;
  sim.totals.makespanUs = state.getMakespan();
  return sim;
}

IncrementalSimulation::State
IncrementalSimulation::getCheckpoint(unsigned index) const {
  double timeUs = 0, exposedUs = 0;
  for (unsigned i = index + 1; i > 0; i -= i & -i) {
    timeUs += timeShifts[i - 1];
    exposedUs += exposedShifts[i - 1];
  }
  State state = checkpoints[index];
  if (timeUs == 0 && exposedUs == 0)
    return state;
  state.nowUs += timeUs;
  state.exposedUs += exposedUs;
  for (double &free : state.streamFreeUs)
    free += timeUs;
  for (auto &entry : state.inFlight)
    entry.second += timeUs;
  return state;
}

void IncrementalSimulation::setCheckpoint(unsigned index, State state) {
  // Store it less the shifts that reading it will add.
  double timeUs = 0, exposedUs = 0;
  for (unsigned i = index + 1; i > 0; i -= i & -i) {
    timeUs += timeShifts[i - 1];
    exposedUs += exposedShifts[i - 1];
  }
  state.nowUs -= timeUs;
  state.exposedUs -= exposedUs;
  for (double &free : state.streamFreeUs)
    free -= timeUs;
  for (auto &entry : state.inFlight)
    entry.second -= timeUs;
  checkpoints[index] = std::move(state);
}

void IncrementalSimulation::addShift(unsigned index, double timeUs,
                                     double exposedUs) {
  for (unsigned i = index + 1; i <= timeShifts.size(); i += i & -i) {
    timeShifts[i - 1] += timeUs;
    exposedShifts[i - 1] += exposedUs;
  }
}

FailureOr<IncrementalSimulation::Run>
IncrementalSimulation::run(ArrayRef<Change> changesIn,
                           bool keepCheckpoints) const {
  Run result;
  result.totals = totals;
  if (changesIn.empty())
    return result;
  unsigned n = ops.size();
  SmallVector<Change> changes(changesIn.begin(), changesIn.end());
  llvm::stable_sort(
      changes, [](const Change &a, const Change &b) { return a.pos < b.pos; });
  for (auto [index, change] : llvm::enumerate(changes))
    if (change.pos >= n || (index && changes[index - 1].pos == change.pos))
      return failure();

  // Every wait must name an earlier start of the changed order, and every
  // start replaced by something else must lose its waits.
  auto opAt = [&](unsigned pos) -> const SimOp & {
    const Change *it = llvm::lower_bound(
        changes, pos, [](const Change &c, unsigned p) { return c.pos < p; });
    return it != changes.end() && it->pos == pos ? it->op : ops[pos];
  };
  for (const Change &change : changes) {
    if (change.op.kind == SimOp::Kind::Wait &&
        (change.op.start >= change.pos ||
         opAt(change.op.start).kind != SimOp::Kind::Start))
      return failure();
    if (ops[change.pos].kind == SimOp::Kind::Start &&
        change.op.kind != SimOp::Kind::Start)
      for (unsigned wait : waitsOf[change.pos]) {
        const SimOp &op = opAt(wait);
        if (op.kind == SimOp::Kind::Wait && op.start == change.pos)
          return failure();
      }
  }

  unsigned first = changes.front().pos, last = changes.back().pos;
  unsigned firstCheckpoint = first / interval;
  State state = getCheckpoint(firstCheckpoint);
  const Change *next = changes.begin();
  // Positions up to the next change or checkpoint run in a tight loop;
  // compute ops only advance the clock.
  unsigned nextCheckpoint = (firstCheckpoint + 1) * interval;
  uint64_t steps = 0;
  for (unsigned pos = firstCheckpoint * interval; pos < n; ++pos) {
    if (pos == nextCheckpoint) {
      nextCheckpoint += interval;
      normalize(state);
      unsigned index = pos / interval;
      if (pos > last) {
        State stored = getCheckpoint(index);
        if (sameUpToShift(state, stored)) {
          result.convergedAt = index;
          result.timeShiftUs = state.nowUs - stored.nowUs;
          result.exposedShiftUs = state.exposedUs - stored.exposedUs;
          result.totals.exposedCommUs += result.exposedShiftUs;
          result.totals.makespanUs += result.timeShiftUs;
          numSteps += steps;
          return result;
        }
      }
      if (keepCheckpoints)
        result.checkpoints.emplace_back(index, state);
    }
    if (next != changes.end() && next->pos == pos) {
      step(state, (next++)->op, pos);
    } else {
      const HotOp &op = hot[pos];
      if (op.kind == SimOp::Kind::Compute)
        state.compute(op.durationUs);
      else
        step(state, op, pos);
    }
    ++steps;
  }
  numSteps += steps;
  result.totals.exposedCommUs = state.exposedUs;
  result.totals.makespanUs = state.getMakespan();
  return result;
}

/// Returns true if `a` and `b` replace the same positions by the same ops,
/// as far as a simulation can tell (dependences are not simulated); times
/// compare bit for bit.
static bool sameChanges(ArrayRef<IncrementalSimulation::Change> a,
                        ArrayRef<IncrementalSimulation::Change> b) {
  return llvm::equal(a, b,
                     [](const IncrementalSimulation::Change &x,
                        const IncrementalSimulation::Change &y) {
                       return x.pos == y.pos && x.op.kind == y.op.kind &&
                              x.op.stream == y.op.stream &&
                              x.op.start == y.op.start &&
                              llvm::bit_cast<uint64_t>(x.op.durationUs) ==
                                  llvm::bit_cast<uint64_t>(y.op.durationUs);
                     });
}

const IncrementalSimulation::Run *
IncrementalSimulation::findEvaluated(ArrayRef<Change> changes) const {
  for (const Evaluated &entry : evaluated)
    if (sameChanges(entry.changes, changes))
      return &entry.run;
  return nullptr;
}

std::optional<FailureOr<IncrementalSimulation::Totals>>
IncrementalSimulation::runContended(ArrayRef<Change> changes) const {
  bool changesContend = llvm::any_of(changes, [](const Change &change) {
    return hasContention(ArrayRef<SimOp>(change.op));
  });
  if (!contended && !changesContend)
    return std::nullopt;
  std::vector<SimOp> changed;
  changed.reserve(ops.size());
  for (const SimOp &op : ops) {
    // Dependences are not simulated here (see `create`).
    SimOp copy = op;
    copy.deps.clear();
    changed.push_back(std::move(copy));
  }
  std::vector<bool> seen(changed.size(), false);
  for (const Change &change : changes) {
    if (change.pos >= changed.size() || seen[change.pos])
      return FailureOr<Totals>(failure());
    seen[change.pos] = true;
    changed[change.pos] = change.op;
    changed[change.pos].deps.clear();
  }
  numSteps += changed.size();
  FailureOr<SimResult> result = simulateWithContention(changed);
  if (failed(result))
    return FailureOr<Totals>(failure());
  Totals out;
  out.exposedCommUs = result->exposedCommUs;
  out.makespanUs = result->makespanUs;
  return FailureOr<Totals>(out);
}

FailureOr<IncrementalSimulation::Totals>
IncrementalSimulation::evaluate(ArrayRef<Change> changes) const {
  if (std::optional<FailureOr<Totals>> full = runContended(changes))
    return *full;
  if (const Run *kept = findEvaluated(changes))
    return kept->totals;
  // With its checkpoints, so that `apply` can reuse it.
  FailureOr<Run> result = run(changes, /*keepCheckpoints=*/true);
  if (failed(result))
    return failure();
  if (evaluated.size() == kNumEvaluated)
    evaluated.erase(evaluated.begin());
  evaluated.push_back({SmallVector<Change, 4>(changes), std::move(*result)});
  return evaluated.back().run.totals;
}

LogicalResult IncrementalSimulation::apply(ArrayRef<Change> changes) {
  if (std::optional<FailureOr<Totals>> full = runContended(changes)) {
    if (failed(*full))
      return failure();
    for (const Change &change : changes)
      ops[change.pos] = change.op;
    contended = true;
    totals = **full;
    evaluated.clear();
    return success();
  }
  // The simulation of an evaluated change is that of this one: the state
  // has not changed since.
  FailureOr<Run> result = failure();
  if (Run *kept = const_cast<Run *>(findEvaluated(changes)))
    result = std::move(*kept);
  else
    result = run(changes, /*keepCheckpoints=*/true);
  evaluated.clear();
  if (failed(result))
    return failure();
  for (const Change &change : changes) {
    const SimOp &old = ops[change.pos];
    if (old.kind == SimOp::Kind::Wait)
      llvm::erase(waitsOf[old.start], change.pos);
    if (change.op.kind == SimOp::Kind::Wait)
      waitsOf[change.op.start].push_back(change.pos);
    if (change.op.kind == SimOp::Kind::Start)
      numStreams = std::max(numStreams, change.op.stream + 1);
  }
  for (const Change &change : changes) {
    ops[change.pos] = change.op;
    hot[change.pos] = HotOp::of(change.op);
  }
  for (auto &[index, state] : result->checkpoints)
    setCheckpoint(index, std::move(state));
  if (result->convergedAt)
    addShift(*result->convergedAt, result->timeShiftUs, result->exposedShiftUs);
  totals = result->totals;
  return success();
}
