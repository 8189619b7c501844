#!/usr/bin/env python3
# ===- bench/workloads/compare.py - unscheduled vs scheduled -------------=== #
#
# Usage:
#   compare.py <generated-dir> "<slacks>" "<name> <pass seconds>"...
#     Reads <name>.report.json (input), <name>.scheduled.report.json and,
#     where they exist, <name>.scheduled-slack-<slack>.report.json, and
#     prints the Markdown tables of SCHEDULE.md.
#   compare.py --over <generated-dir> <name> <fraction>
#     Exits 0 if <name>.scheduled is more than <fraction> above the
#     head-and-tail bound, 1 otherwise.
#
# ===---------------------------------------------------------------------=== #

import json
import os
import sys


def load(path):
    with open(path) as f:
        report = json.load(f)
    assert report["schema"] == "sched-report/1", path
    return report["functions"][0]


def bounds(report):
    """The old bound (the larger of the busiest stream and the critical
    path) and the head-and-tail bound (never below it)."""
    b = report["lower_bounds_us"]
    old = max(b["streams"], b["critical_path"])
    return old, max(old, b.get("head_tail", 0.0))


def ms(us):
    """Milliseconds, with three decimals below 10 ms."""
    return f"{us / 1e3:.3f}" if us < 1e4 else f"{us / 1e3:.1f}"


def gap(makespan, bound):
    return makespan / bound - 1 if bound else 0.0


def over(directory, name, fraction):
    before = load(os.path.join(directory, name + ".report.json"))
    after = load(os.path.join(directory, name + ".scheduled.report.json"))
    return gap(after["makespan_us"], bounds(before)[1]) > float(fraction)


def main(directory, slacks, rows):
    print("Simulated on the H100 preset with the analytical cost model. "
          "Bounds: *streams, critical path* is the larger of the busiest "
          "stream and the longest dependence chain; *head and tail* is "
          "`computeHeadTailBound` (docs/Analyses.md), never below it. The "
          "gap is to the head-and-tail bound. Default memory budget: the "
          "input's peak plus the larger of 1 GiB and 5 %, with the "
          "in-flight caps searched. Pass time: CPU seconds of `sched-opt` "
          "(parsing and printing included), on a shared 2-core machine.")
    print()
    print("| workload | ops | step unscheduled (ms) | step scheduled (ms) "
          "| bound: streams, critical path (ms) "
          "| bound: head and tail (ms) | gap to bound "
          "| exposed comm before / after (ms) "
          "| peak before / after (GiB) | pass time (s) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    memory_rows = []
    for row in rows:
        name, seconds = row.split()
        before = load(os.path.join(directory, name + ".report.json"))
        after = load(os.path.join(directory, name + ".scheduled.report.json"))
        old, tight = bounds(before)
        print(f"| {name} | {before['num_ops']} "
              f"| {ms(before['makespan_us'])} "
              f"| {ms(after['makespan_us'])} | {ms(old)} "
              f"| {ms(tight)} "
              f"| {100 * gap(after['makespan_us'], tight):.1f} % "
              f"| {ms(before['exposed_comm_us'])} / "
              f"{ms(after['exposed_comm_us'])} "
              f"| {before['peak_memory_bytes'] / 2**30:.2f} / "
              f"{after['peak_memory_bytes'] / 2**30:.2f} "
              f"| {float(seconds):.2f} |")
        cells = []
        for slack in slacks.split():
            path = os.path.join(
                directory, f"{name}.scheduled-slack-{slack}.report.json")
            if not os.path.exists(path):
                continue
            run = load(path)
            growth = run["peak_memory_bytes"] / before["peak_memory_bytes"] - 1
            cells.append(f"{ms(run['makespan_us'])} "
                         f"({100 * gap(run['makespan_us'], tight):.1f} %, "
                         f"peak +{100 * growth:.0f} %)")
        if cells:
            memory_rows.append((name, after, tight, cells))
    if not memory_rows:
        return
    print()
    print("Workloads more than 5 % above the bound at the default budget, "
          "scheduled again with a larger `memory-slack`: step (ms), gap to "
          "the head-and-tail bound, and peak memory growth over the input.")
    print()
    header = " | ".join(f"slack {s}" for s in slacks.split())
    print(f"| workload | slack 0.05 | {header} |")
    print("|---|" + "---:|" * (1 + len(slacks.split())))
    for name, after, tight, cells in memory_rows:
        print(f"| {name} | {ms(after['makespan_us'])} "
              f"({100 * gap(after['makespan_us'], tight):.1f} %) | "
              + " | ".join(cells) + " |")


if __name__ == "__main__":
    if sys.argv[1] == "--over":
        sys.exit(0 if over(*sys.argv[2:5]) else 1)
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
