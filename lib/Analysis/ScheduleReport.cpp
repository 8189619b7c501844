//===- ScheduleReport.cpp - readable reports of a schedule ----------------===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "sched/Analysis/ScheduleReport.h"
#include "sched/Analysis/BufferLiveness.h"
#include "sched/Analysis/CostModel.h"
#include "sched/Analysis/HumanUnits.h"
#include "sched/Analysis/LowerBounds.h"
#include "sched/Analysis/ProgramSimulation.h"
#include "sched/Dialect/Sched/IR/SchedOps.h"

#include "mlir/IR/Location.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::sched;

/// Returns `file:line:col` for file locations (looking through fused and
/// named locations), else an empty string.
static std::string formatLocation(Location loc) {
  std::string result;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      result = llvm::formatv("{0}:{1}:{2}", file.getFilename().getValue(),
                             file.getLine(), file.getColumn())
                   .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result;
}

bool mlir::sched::hasApplicableMemoryBound(const FunctionReport &report) {
  return report.memoryBound &&
         report.peakMemoryBytes <= report.memoryBound->budgetBytes &&
         std::isfinite(report.memoryBound->boundUs);
}

double mlir::sched::getLowerBoundUs(const FunctionReport &report) {
  double bound =
      std::max({report.headTailBoundUs, report.subsetBoundUs,
                report.sim.streamBoundUs, report.sim.criticalPathUs});
  if (hasApplicableMemoryBound(report))
    bound = std::max(bound, report.memoryBound->boundUs);
  return bound;
}

std::string mlir::sched::describeMemoryBound(const FunctionReport &report) {
  const FunctionReport::MemoryBound &memory = *report.memoryBound;
  std::string budget = formatBytes(memory.budgetBytes);
  if (!std::isfinite(memory.boundUs))
    return "no order fits within a budget of " + budget;
  std::string text = llvm::formatv("{0:F3} us within a budget of {1} ({2} "
                                   "forced orders",
                                   memory.boundUs, budget, memory.forcedPairs)
                         .str();
  if (report.peakMemoryBytes > memory.budgetBytes)
    text += "; this order's peak " + formatBytes(report.peakMemoryBytes) +
            " is over it";
  return text + ")";
}

/// Describes the budget of `exact` in `report`, if it has one: " within a
/// budget of B (peak P)", and where the reported order does not fit it,
/// "; this order's peak Q is over it" inside the parentheses.
static std::string describeBudget(const FunctionReport &report) {
  const FunctionReport::Exact &exact = *report.exact;
  if (!exact.memoryBudgetBytes)
    return "";
  std::string text =
      " within a budget of " + formatBytes(*exact.memoryBudgetBytes);
  std::string details;
  if (exact.feasible)
    details = "peak " + formatBytes(exact.peakBytes);
  if (report.peakMemoryBytes > *exact.memoryBudgetBytes)
    details += (details.empty() ? "" : "; ") +
               std::string("this order's peak ") +
               formatBytes(report.peakMemoryBytes) + " is over it";
  return details.empty() ? text : text + " (" + details + ")";
}

std::string mlir::sched::describeExact(const FunctionReport &report) {
  const FunctionReport::Exact &exact = *report.exact;
  std::string budget = describeBudget(report);
  const char *contention = report.uncontended ? " without contention" : "";
  if (!exact.feasible)
    return exact.proven
               ? llvm::formatv("exact solver: no order fits{0}, {1} nodes",
                               budget, exact.nodes)
                     .str()
               : llvm::formatv("exact solver stopped after {0} nodes: no "
                               "order found{1}, optimum at least {2:F3} us{3}",
                               exact.nodes, budget, exact.lowerBoundUs,
                               contention)
                     .str();
  // The solver plans without contention: compare it with this order's
  // uncontended step.
  double makespanUs = report.uncontended ? report.uncontended->makespanUs
                                         : report.sim.makespanUs;
  double gap = exact.makespanUs > 0
                   ? (makespanUs - exact.makespanUs) / exact.makespanUs * 100
                   : 0;
  if (exact.proven)
    return llvm::formatv(
               "exact optimum {1:F3} us{4}{0} ({2}, {3} nodes)", budget,
               exact.makespanUs,
               gap <= 1e-3 ? std::string("this order is optimal")
               : gap < 0
                   ? llvm::formatv("this order {0:F2} % below it", -gap).str()
                   : llvm::formatv("this order {0:F2} % "
                                   "above it",
                                   gap)
                         .str(),
               exact.nodes, contention)
        .str();
  return llvm::formatv("exact solver stopped after {0} nodes: best order "
                       "{2:F3} us{1}, optimum at least {3:F3} us{4}",
                       exact.nodes, budget, exact.makespanUs,
                       exact.lowerBoundUs,
                       report.uncontended ? " (without contention)" : "")
      .str();
}

FailureOr<FunctionReport>
mlir::sched::buildFunctionReport(FunctionOpInterface function,
                                 const CostModel &costModel) {
  FunctionReport report;
  report.name = function.getName().str();
  report.target = costModel.getTarget().getName().str();
  if (function.isExternal())
    return report;
  Block &body = function.getFunctionBody().front();
  if (!function.getFunctionBody().hasOneBlock())
    mlir::emitWarning(function.getLoc())
        << "not simulated: the blocks after the entry block of @" << report.name
        << ", counted as zero time";
  FailureOr<ProgramSimulation> program =
      buildProgramSimulation(body, costModel);
  if (failed(program))
    return failure();
  BlockSimulation *sim = &program->sim;
  FailureOr<SimResult> result = simulate(sim->simOps);
  if (failed(result))
    return mlir::emitError(function.getLoc(),
                           "cannot simulate the order of this function");
  FailureOr<std::vector<int64_t>> memory = getNestedMemoryTimeline(body);
  if (failed(memory))
    return failure();

  report.sim = *result;
  if (hasContention(sim->simOps)) {
    FailureOr<SimResult> plain = simulate(withoutContention(sim->simOps));
    if (succeeded(plain))
      report.uncontended = {plain->makespanUs, plain->exposedCommUs};
  }
  FailureOr<double> bound = computeHeadTailBound(sim->simOps);
  report.headTailBoundUs = succeeded(bound) ? *bound : 0;
  FailureOr<double> subset = computeSubsetBound(sim->simOps);
  report.subsetBoundUs = succeeded(subset) ? *subset : 0;
  report.streamNames = sim->streamNames;
  // The first step at the peak.
  for (auto [step, bytes] : llvm::enumerate(*memory))
    if (bytes > report.peakMemoryBytes) {
      report.peakMemoryBytes = bytes;
      report.peakStep = step;
    }
  for (auto [pos, op] : llvm::enumerate(sim->ops)) {
    FunctionReport::Op row;
    row.name = op->getName().getStringRef().str();
    if (auto compute = dyn_cast<ComputeOpInterface>(op))
      row.kind = compute.getComputeKind().str();
    else if (auto collective = dyn_cast<CollectiveOpInterface>(op))
      row.kind = stringifyCollectiveKind(collective.getCollectiveKind()).str();
    else
      row.kind = row.name;
    row.location = formatLocation(op->getLoc());
    row.simKind = sim->simOps[pos].kind;
    row.beginUs = result->beginUs[pos];
    row.endUs = result->endUs[pos];
    row.memoryBytes = (*memory)[program->topLevel[pos]];
    report.ops.push_back(std::move(row));
  }
  for (const SimRegion &region : program->regions) {
    FunctionReport::Region row;
    row.kind = region.kind;
    row.location = formatLocation(region.op->getLoc());
    // sched-gen names its loops (`mb0.layers.forward`).
    if (auto name = dyn_cast<NameLoc>(region.op->getLoc());
        name && row.location.empty())
      row.location = name.getName().str();
    row.source = region.source;
    row.iterations = region.iterations;
    row.instances = region.instances.size();
    row.depth = region.depth;
    row.beginUs = result->beginUs[region.instances.front().first];
    row.endUs = result->endUs[region.instances.back().second];
    row.timeUs = 0;
    for (auto [begin, end] : region.instances)
      row.timeUs += result->endUs[end] - result->beginUs[begin];
    row.thenUs = region.thenUs;
    row.elseUs = region.elseUs;
    report.regions.push_back(std::move(row));
  }
  for (const SimResult::Collective &c : result->collectives) {
    auto op = cast<CollectiveOpInterface>(sim->ops[c.op]);
    FunctionReport::Collective row;
    row.op = c.op;
    row.wait = c.wait;
    row.kind = stringifyCollectiveKind(op.getCollectiveKind()).str();
    row.group = op.getGroupAttr().getValue().str();
    row.location = formatLocation(op->getLoc());
    FailureOr<int64_t> bytes = CostModel::getCollectiveBytes(op);
    row.bytes = succeeded(bytes) ? *bytes : 0;
    row.durationUs = c.endUs - c.beginUs;
    row.issueUs = c.issueUs;
    row.beginUs = c.beginUs;
    row.endUs = c.endUs;
    row.exposedUs = c.exposedUs;
    report.collectives.push_back(std::move(row));
  }
  return report;
}

//===----------------------------------------------------------------------===//
// JSON report
//===----------------------------------------------------------------------===//

/// Writes the `regions` array of a function's report.
static void writeJSONRegions(llvm::json::OStream &json,
                             ArrayRef<FunctionReport::Region> regions) {
  json.attributeArray("regions", [&] {
    for (const FunctionReport::Region &region : regions)
      json.object([&] {
        json.attribute("kind", region.kind);
        json.attribute("source", region.source);
        json.attribute("iterations", region.iterations);
        json.attribute("instances", static_cast<int64_t>(region.instances));
        json.attribute("depth", static_cast<int64_t>(region.depth));
        json.attribute("begin_us", region.beginUs);
        json.attribute("end_us", region.endUs);
        json.attribute("time_us", region.timeUs);
        if (region.kind == "scf.if") {
          json.attribute("then_us", region.thenUs);
          json.attribute("else_us", region.elseUs);
        }
        json.attribute("location", region.location);
      });
  });
}

/// Writes the members of the `exact` object of the JSON report; the budget's
/// only with one, and the times as null where no order fits.
static void writeJSONExact(llvm::json::OStream &json,
                           const FunctionReport::Exact &exact) {
  auto time = [&](StringRef key, double us) {
    if (std::isfinite(us))
      json.attribute(key, us);
    else
      json.attribute(key, nullptr);
  };
  if (exact.feasible)
    json.attribute("makespan_us", exact.makespanUs);
  else
    json.attribute("makespan_us", nullptr);
  time("lower_bound_us", exact.lowerBoundUs);
  json.attribute("proven", exact.proven);
  json.attribute("nodes", static_cast<int64_t>(exact.nodes));
  if (!exact.memoryBudgetBytes)
    return;
  json.attribute("memory_budget_bytes", *exact.memoryBudgetBytes);
  json.attribute("feasible", exact.feasible);
  if (exact.feasible)
    json.attribute("peak_memory_bytes", exact.peakBytes);
  time("memory_bound_us", exact.memoryBoundUs);
}

void mlir::sched::writeJSONReport(ArrayRef<FunctionReport> reports,
                                  raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/2);
  json.object([&] {
    json.attribute("schema", "sched-report/1");
    json.attributeArray("functions", [&] {
      for (const FunctionReport &r : reports) {
        json.object([&] {
          json.attribute("name", r.name);
          json.attribute("target", r.target);
          json.attribute("num_ops", static_cast<int64_t>(r.ops.size()));
          json.attribute("makespan_us", r.sim.makespanUs);
          json.attribute("compute_busy_us", r.sim.computeBusyUs);
          json.attribute("compute_idle_us", r.sim.computeIdleUs);
          json.attribute("comm_busy_us", r.sim.commBusyUs);
          json.attribute("exposed_comm_us", r.sim.exposedCommUs);
          json.attribute("overlap_fraction", r.sim.overlapFraction);
          if (r.uncontended)
            json.attributeObject("contention", [&] {
              json.attribute("compute_us", r.sim.computeContentionUs);
              json.attribute("comm_us", r.sim.commContentionUs);
              json.attribute("uncontended_makespan_us",
                             r.uncontended->makespanUs);
              json.attribute("uncontended_exposed_comm_us",
                             r.uncontended->exposedCommUs);
            });
          json.attributeObject("lower_bounds_us", [&] {
            json.attribute("streams", r.sim.streamBoundUs);
            json.attribute("critical_path", r.sim.criticalPathUs);
            json.attribute("head_tail", r.headTailBoundUs);
            json.attribute("subset", r.subsetBoundUs);
            if (r.memoryBound) {
              if (std::isfinite(r.memoryBound->boundUs))
                json.attribute("memory", r.memoryBound->boundUs);
              else
                json.attribute("memory", nullptr);
            }
          });
          if (r.memoryBound)
            json.attributeObject("memory_bound", [&] {
              json.attribute("budget_bytes", r.memoryBound->budgetBytes);
              auto time = [&](StringRef key, double us) {
                if (std::isfinite(us))
                  json.attribute(key, us);
                else
                  json.attribute(key, nullptr);
              };
              time("forced_order_us", r.memoryBound->orderUs);
              time("tail_us", r.memoryBound->tailUs);
              time("head_us", r.memoryBound->headUs);
              json.attribute("forced_pairs",
                             static_cast<int64_t>(r.memoryBound->forcedPairs));
              json.attribute("applies", hasApplicableMemoryBound(r));
            });
          if (r.exact)
            json.attributeObject("exact",
                                 [&] { writeJSONExact(json, *r.exact); });
          json.attribute("peak_memory_bytes", r.peakMemoryBytes);
          json.attribute("peak_memory_step", static_cast<int64_t>(r.peakStep));
          if (!r.regions.empty())
            writeJSONRegions(json, r.regions);
          json.attributeArray("collectives", [&] {
            for (const FunctionReport::Collective &c : r.collectives)
              json.object([&] {
                json.attribute("step", static_cast<int64_t>(c.op));
                json.attribute("wait_step", static_cast<int64_t>(c.wait));
                json.attribute("kind", c.kind);
                json.attribute("group", c.group);
                json.attribute("bytes", c.bytes);
                json.attribute("duration_us", c.durationUs);
                json.attribute("issue_us", c.issueUs);
                json.attribute("begin_us", c.beginUs);
                json.attribute("end_us", c.endUs);
                json.attribute("exposed_us", c.exposedUs);
                json.attribute("location", c.location);
              });
          });
        });
      }
    });
  });
  os << "\n";
}

//===----------------------------------------------------------------------===//
// Summary table
//===----------------------------------------------------------------------===//

/// Writes one row per loop, branch, region and call of a summary table.
static void writeRegionRows(ArrayRef<FunctionReport::Region> regions,
                            raw_ostream &os) {
  if (regions.empty())
    return;
  os << llvm::format("  %-20s %-24s %6s %9s %12s %12s %12s\n", "region", "runs",
                     "iters", "instances", "time_us", "per_iter_us",
                     "begin_us");
  for (const FunctionReport::Region &region : regions) {
    std::string kind = std::string(2 * region.depth, ' ') + region.kind;
    int64_t runsTotal = region.iterations * region.instances;
    double perIteration = runsTotal > 0 ? region.timeUs / runsTotal : 0;
    os << llvm::format(
        "  %-20s %-24s %6lld %9u %12.3f %12.3f %12.3f", kind.c_str(),
        region.source.c_str(), static_cast<long long>(region.iterations),
        region.instances, region.timeUs, perIteration, region.beginUs);
    if (!region.location.empty())
      os << "  " << region.location;
    // A branch chosen by the simulation, not by a constant condition.
    if (region.kind == "scf.if" && (region.thenUs > 0 || region.elseUs > 0))
      os << llvm::format("  (bound: the slower branch; then %.3f us, else "
                         "%.3f us)",
                         region.thenUs, region.elseUs);
    os << "\n";
  }
}

void mlir::sched::writeSummaryTable(ArrayRef<FunctionReport> reports,
                                    raw_ostream &os) {
  for (const FunctionReport &r : reports) {
    os << "function @" << r.name << " on " << r.target << ": " << r.ops.size()
       << " ops, " << r.collectives.size() << " collectives\n";
    os << llvm::format("  makespan        %12.3f us\n", r.sim.makespanUs);
    os << llvm::format("  compute busy    %12.3f us\n", r.sim.computeBusyUs);
    os << llvm::format("  comm busy       %12.3f us\n", r.sim.commBusyUs);
    os << llvm::format("  exposed comm    %12.3f us  (overlap %.1f%%)\n",
                       r.sim.exposedCommUs, 100 * r.sim.overlapFraction);
    if (r.uncontended)
      os << llvm::format("  contention      %12.3f us compute, %.3f us comm "
                         "(without: makespan %.3f us, exposed comm %.3f us)\n",
                         r.sim.computeContentionUs, r.sim.commContentionUs,
                         r.uncontended->makespanUs,
                         r.uncontended->exposedCommUs);
    os << llvm::format("  lower bounds    %12.3f us streams, %.3f us "
                       "critical path, %.3f us head and tail, %.3f us "
                       "subset\n",
                       r.sim.streamBoundUs, r.sim.criticalPathUs,
                       r.headTailBoundUs, r.subsetBoundUs);
    std::string bound =
        describeLowerBound(r.sim.makespanUs, getLowerBoundUs(r));
    if (!bound.empty())
      os << "  versus bound    " << bound << "\n";
    if (r.memoryBound)
      os << "  memory bound    " << describeMemoryBound(r) << "\n";
    if (r.exact)
      os << "  " << describeExact(r) << "\n";
    os << llvm::format("  peak memory     %12s at step %u\n",
                       formatBytes(r.peakMemoryBytes).c_str(), r.peakStep);
    writeRegionRows(r.regions, os);
    if (r.collectives.empty())
      continue;
    os << llvm::format("  %5s %-18s %-10s %14s %11s %11s %11s\n", "step",
                       "kind", "group", "bytes", "time_us", "begin_us",
                       "exposed_us");
    for (const FunctionReport::Collective &c : r.collectives)
      os << llvm::format("  %5u %-18s %-10s %14lld %11.3f %11.3f %11.3f\n",
                         c.op, c.kind.c_str(), c.group.c_str(),
                         static_cast<long long>(c.bytes), c.durationUs,
                         c.beginUs, c.exposedUs);
  }
}

//===----------------------------------------------------------------------===//
// Chrome trace
//===----------------------------------------------------------------------===//

void mlir::sched::writeChromeTrace(ArrayRef<FunctionReport> reports,
                                   raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/0);
  auto metadata = [&](StringRef name, int64_t pid, int64_t tid,
                      StringRef value) {
    json.object([&] {
      json.attribute("name", name);
      json.attribute("ph", "M");
      json.attribute("pid", pid);
      json.attribute("tid", tid);
      json.attributeObject("args", [&] { json.attribute("name", value); });
    });
  };
  json.object([&] {
    json.attribute("displayTimeUnit", "ns");
    json.attributeArray("traceEvents", [&] {
      for (auto [index, r] : llvm::enumerate(reports)) {
        int64_t pid = index + 1;
        metadata("process_name", pid, 0, "@" + r.name);
        metadata("thread_name", pid, 0, "compute");
        for (auto [s, stream] : llvm::enumerate(r.streamNames))
          metadata("thread_name", pid, s + 1, "comm @" + stream);
        for (auto indexed : llvm::enumerate(r.ops)) {
          // Named, not bound: the lambdas below capture them (C++17).
          size_t pos = indexed.index();
          const auto &op = indexed.value();
          bool stall = op.simKind == SimOp::Kind::Wait && op.endUs > op.beginUs;
          if (op.simKind != SimOp::Kind::Compute && !stall)
            continue;
          if (op.simKind == SimOp::Kind::Compute && op.endUs <= op.beginUs)
            continue;
          json.object([&] {
            json.attribute("name", stall ? "wait (exposed)" : op.kind);
            json.attribute("cat", stall ? "exposed" : "compute");
            json.attribute("ph", "X");
            json.attribute("pid", pid);
            json.attribute("tid", 0);
            json.attribute("ts", op.beginUs);
            json.attribute("dur", op.endUs - op.beginUs);
            json.attributeObject("args", [&] {
              json.attribute("step", static_cast<int64_t>(pos));
              json.attribute("op", op.name);
              json.attribute("location", op.location);
            });
          });
        }
        for (const FunctionReport::Collective &c : r.collectives) {
          unsigned stream = 0;
          for (auto [s, name] : llvm::enumerate(r.streamNames))
            if (name == c.group)
              stream = s;
          json.object([&] {
            json.attribute("name", c.kind);
            json.attribute("cat", "comm");
            json.attribute("ph", "X");
            json.attribute("pid", pid);
            json.attribute("tid", static_cast<int64_t>(stream + 1));
            json.attribute("ts", c.beginUs);
            json.attribute("dur", c.durationUs);
            json.attributeObject("args", [&] {
              json.attribute("step", static_cast<int64_t>(c.op));
              json.attribute("bytes", c.bytes);
              json.attribute("exposed_us", c.exposedUs);
              json.attribute("location", c.location);
            });
          });
        }
        for (const FunctionReport::Op &op : r.ops)
          json.object([&] {
            json.attribute("name", "memory");
            json.attribute("ph", "C");
            json.attribute("pid", pid);
            json.attribute("ts", op.beginUs);
            json.attributeObject("args", [&] {
              json.attribute("MiB", op.memoryBytes / 1048576.0);
            });
          });
      }
    });
  });
  os << "\n";
}

//===----------------------------------------------------------------------===//
// SVG timeline
//===----------------------------------------------------------------------===//

/// A stable color per kind of op (FNV-1a, not the process-seeded LLVM hash).
static StringRef colorFor(StringRef kind) {
  static const char *palette[] = {"#4e79a7", "#59a14f", "#edc948", "#b07aa1",
                                  "#76b7b2", "#ff9da7", "#9c755f", "#bab0ac"};
  uint32_t hash = 2166136261u;
  for (char c : kind)
    hash = (hash ^ static_cast<uint8_t>(c)) * 16777619u;
  return palette[hash % std::size(palette)];
}

static std::string escapeXML(StringRef text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '&':
      out += "&amp;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

void mlir::sched::writeTimelineSVG(const FunctionReport &r, raw_ostream &os,
                                   double scaleUs) {
  // Integer geometry prints as integers; computed positions go through num().
  const int left = 130, right = 20, rowHeight = 26, top = 48, memHeight = 110;
  unsigned rows = 1 + r.streamNames.size();
  double memTop = top + rows * (rowHeight + 8) + 24;
  double height = memTop + memHeight + 60;
  // `scale` microseconds take kTimelinePlotWidth pixels; the axis runs to
  // the makespan, or to `scale` if that is longer.
  double makespan = r.sim.makespanUs > 0 ? r.sim.makespanUs : 0;
  double scale = scaleUs > 0 ? scaleUs : (makespan > 0 ? makespan : 1);
  double span = std::max(scale, makespan);
  double plotWidth = kTimelinePlotWidth * span / scale;
  double width = left + plotWidth + right;
  auto x = [&](double us) { return left + us / scale * kTimelinePlotWidth; };
  auto num = [](double v) { return llvm::formatv("{0:F1}", v).str(); };

  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width)
     << "\" height=\"" << num(height) << "\" font-family=\"sans-serif\" "
     << "font-size=\"12\">\n";
  os << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  os << "<text x=\"" << left << "\" y=\"20\" font-size=\"14\">@"
     << escapeXML(r.name) << " on " << escapeXML(r.target) << ": makespan "
     << llvm::formatv("{0:F1}", r.sim.makespanUs) << " us, exposed comm "
     << llvm::formatv("{0:F1}", r.sim.exposedCommUs) << " us (overlap "
     << llvm::formatv("{0:F0}", 100 * r.sim.overlapFraction)
     << "%), peak memory " << formatBytes(r.peakMemoryBytes) << "</text>\n";

  // Row labels and backgrounds.
  for (unsigned row = 0; row < rows; ++row) {
    double y = top + row * (rowHeight + 8);
    std::string label =
        row == 0 ? "compute" : "comm @" + r.streamNames[row - 1];
    os << "<text x=\"8\" y=\"" << num(y + 17) << "\">" << escapeXML(label)
       << "</text>\n";
    os << "<rect x=\"" << left << "\" y=\"" << num(y) << "\" width=\""
       << num(plotWidth) << "\" height=\"" << rowHeight
       << "\" fill=\"#f4f4f4\"/>\n";
  }
  // Compute ops and exposed waits.
  for (const FunctionReport::Op &op : r.ops) {
    if (op.endUs <= op.beginUs)
      continue;
    bool stall = op.simKind == SimOp::Kind::Wait;
    os << "<rect x=\"" << num(x(op.beginUs)) << "\" y=\"" << top
       << "\" width=\"" << num(std::max(0.5, x(op.endUs) - x(op.beginUs)))
       << "\" height=\"" << rowHeight << "\" fill=\""
       << (stall ? StringRef("#e15759") : colorFor(op.kind))
       << "\" stroke=\"white\" stroke-width=\"0.5\"><title>"
       << escapeXML(stall ? "wait (exposed)" : op.kind) << " "
       << llvm::formatv("{0:F1}-{1:F1}", op.beginUs, op.endUs)
       << " us</title></rect>\n";
  }
  // Collectives on their streams.
  for (const FunctionReport::Collective &c : r.collectives) {
    unsigned stream = 0;
    for (auto [s, name] : llvm::enumerate(r.streamNames))
      if (name == c.group)
        stream = s;
    double y = top + (stream + 1) * (rowHeight + 8);
    os << "<rect x=\"" << num(x(c.beginUs)) << "\" y=\"" << num(y)
       << "\" width=\"" << num(std::max(0.5, x(c.endUs) - x(c.beginUs)))
       << "\" height=\"" << rowHeight << "\" fill=\""
       << (c.exposedUs > 0 ? "#f28e2b" : "#4e79a7")
       << "\" stroke=\"white\" stroke-width=\"0.5\"><title>" << c.kind << " "
       << formatBytes(c.bytes) << ", exposed "
       << llvm::formatv("{0:F1}", c.exposedUs) << " us</title></rect>\n";
  }
  // Memory as a step chart.
  int64_t peak = std::max<int64_t>(r.peakMemoryBytes, 1);
  auto my = [&](int64_t bytes) {
    return memTop + memHeight - double(bytes) / peak * memHeight;
  };
  os << "<text x=\"8\" y=\"" << num(memTop + 14) << "\">memory</text>\n";
  os << "<text x=\"8\" y=\"" << num(memTop + 30) << "\">"
     << formatBytes(r.peakMemoryBytes) << " peak</text>\n";
  os << "<path fill=\"#bcd4e6\" stroke=\"#4e79a7\" d=\"M" << num(x(0)) << " "
     << num(my(0));
  int64_t previous = 0;
  for (const FunctionReport::Op &op : r.ops) {
    os << " L" << num(x(op.beginUs)) << " " << num(my(previous)) << " L"
       << num(x(op.beginUs)) << " " << num(my(op.memoryBytes));
    previous = op.memoryBytes;
  }
  if (!r.ops.empty())
    os << " L" << num(x(makespan)) << " " << num(my(r.ops.back().memoryBytes));
  os << " L" << num(x(makespan)) << " " << num(my(0)) << " Z\"/>\n";
  // Time axis: a tick every quarter of the scale, to the end of the axis.
  double axisY = memTop + memHeight + 18;
  int lastTick = static_cast<int>(std::floor(span / scale * 4 + 1e-9));
  for (int tick = 0; tick <= lastTick; ++tick) {
    double t = scale * tick / 4;
    StringRef anchor = tick == 0          ? "start"
                       : tick == lastTick ? "end"
                                          : "middle";
    os << "<text x=\"" << num(x(t)) << "\" y=\"" << num(axisY)
       << "\" text-anchor=\"" << anchor << "\">" << llvm::formatv("{0:F0}", t)
       << " us</text>\n";
  }
  // Legend.
  struct Entry {
    const char *color, *label;
  } legend[] = {{"#e15759", "compute stream waiting (exposed comm)"},
                {"#f28e2b", "collective with exposed time"},
                {"#4e79a7", "collective hidden by compute"}};
  double lx = left;
  for (const Entry &entry : legend) {
    os << "<rect x=\"" << num(lx) << "\" y=\"" << num(axisY + 10)
       << "\" width=\"10\" height=\"10\" fill=\"" << entry.color << "\"/>";
    os << "<text x=\"" << num(lx + 14) << "\" y=\"" << num(axisY + 19) << "\">"
       << entry.label << "</text>\n";
    lx += 270;
  }
  os << "</svg>\n";
}
