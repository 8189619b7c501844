#!/usr/bin/env python3
# ===- bench/workloads/compare.py - unscheduled vs scheduled -------------=== #
#
# Usage: compare.py <generated-dir> "<name> <pass seconds>"...
# Reads <name>.report.json (input) and <name>.scheduled.report.json and prints
# a Markdown table.
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


def main(directory, rows):
    print("| workload | ops | step unscheduled (ms) | step scheduled (ms) "
          "| lower bound (ms) | gap to bound | exposed comm before / after "
          "(ms) | peak before / after (GiB) | pass time (s) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        name, seconds = row.split()
        before = load(os.path.join(directory, name + ".report.json"))
        after = load(os.path.join(directory, name + ".scheduled.report.json"))
        bound = max(before["lower_bounds_us"]["streams"],
                    before["lower_bounds_us"]["critical_path"])
        gap = after["makespan_us"] / bound - 1 if bound else 0.0
        print(f"| {name} | {before['num_ops']} "
              f"| {before['makespan_us'] / 1e3:.1f} "
              f"| {after['makespan_us'] / 1e3:.1f} | {bound / 1e3:.1f} "
              f"| {100 * gap:.1f} % "
              f"| {before['exposed_comm_us'] / 1e3:.1f} / "
              f"{after['exposed_comm_us'] / 1e3:.1f} "
              f"| {before['peak_memory_bytes'] / 2**30:.2f} / "
              f"{after['peak_memory_bytes'] / 2**30:.2f} "
              f"| {float(seconds):.2f} |")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
