#!/usr/bin/env python3
# ===- bench/workloads/make_table.py - tabulate sched-report files -------=== #
#
# Reads sched-report JSON files (schema sched-report/1) and prints a Markdown
# table: ops, collectives by kind, compute and communication time by the cost
# model, the simulated step time of the unscheduled order, the lower bound on
# the step time, and the peak memory.
#
# ===---------------------------------------------------------------------=== #

import json
import os
import sys

KINDS = ["all_gather", "reduce_scatter", "all_reduce", "all_to_all", "broadcast"]
SHORT = {"all_gather": "AG", "reduce_scatter": "RS", "all_reduce": "AR",
         "all_to_all": "A2A", "broadcast": "BC"}


def main(paths):
    print("| workload | ops | collectives (AG/RS/AR/A2A/BC) | compute (ms) "
          "| comm (ms) | unscheduled step (ms) | lower bound (ms) "
          "| exposed comm (ms) | peak memory (GiB) |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for path in paths:
        with open(path) as f:
            report = json.load(f)
        if report.get("schema") != "sched-report/1":
            sys.exit(f"{path}: not a sched-report/1 file")
        name = os.path.basename(path).replace(".report.json", "")
        for fn in report["functions"]:
            counts = {k: 0 for k in KINDS}
            for c in fn["collectives"]:
                counts[c["kind"]] += 1
            bound = max(fn["lower_bounds_us"]["streams"],
                        fn["lower_bounds_us"]["critical_path"])
            kinds = "/".join(str(counts[k]) for k in KINDS)
            print(f"| {name} | {fn['num_ops']} | {kinds} "
                  f"| {fn['compute_busy_us'] / 1e3:.1f} "
                  f"| {fn['comm_busy_us'] / 1e3:.1f} "
                  f"| {fn['makespan_us'] / 1e3:.1f} | {bound / 1e3:.1f} "
                  f"| {fn['exposed_comm_us'] / 1e3:.1f} "
                  f"| {fn['peak_memory_bytes'] / 2**30:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
