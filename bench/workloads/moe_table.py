#!/usr/bin/env python3
# ===- bench/workloads/moe_table.py - the MoE table ----------------------===#
#
# Reads the sched-report JSON of each MoE step before (NAME.report.json) and
# after scheduling (NAME.scheduled.report.json) and prints MOE.md.
#
# Usage: moe_table.py DIR NAME|OPTIONS...
#
# ===---------------------------------------------------------------------===#

import json
import sys


def load(path):
    with open(path) as f:
        return json.load(f)["functions"][0]


def exposed(function, kind=None):
    return sum(c["exposed_us"] for c in function["collectives"]
               if kind is None or c["kind"] == kind) / 1000.0


def main():
    out = sys.argv[1]
    print("# MoE steps: unscheduled and scheduled\n")
    print("Written by `moe.sh` (sched-schedule-overlap with its defaults, "
          "H100 preset, analytical costs). Times in ms, memory in GiB; "
          "a2a = all_to_all (token dispatch and combine, forward and "
          "backward). Done when the exposed a2a time falls by at least 50 % "
          "at no more than 5 % extra peak memory.\n")
    print("| workload | a2a ops | step before | step after | exposed a2a "
          "before | exposed a2a after | reduction | exposed comm before | "
          "exposed comm after | peak before | peak after | peak change |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in sys.argv[2:]:
        name = row.split("|")[0]
        before = load(f"{out}/{name}.report.json")
        after = load(f"{out}/{name}.scheduled.report.json")
        a2a = sum(1 for c in before["collectives"] if c["kind"] == "all_to_all")
        eb, ea = exposed(before, "all_to_all"), exposed(after, "all_to_all")
        pb = before["peak_memory_bytes"] / 2**30
        pa = after["peak_memory_bytes"] / 2**30
        red = 100 * (1 - ea / eb) if eb > 0 else 0.0
        print(f"| {name} | {a2a} | {before['makespan_us'] / 1000:.2f} | "
              f"{after['makespan_us'] / 1000:.2f} | {eb:.2f} | {ea:.2f} | "
              f"{red:.0f} % | {exposed(before):.2f} | {exposed(after):.2f} | "
              f"{pb:.2f} | {pa:.2f} | {100 * (pa / pb - 1):+.1f} % |")
    print("\nOptions:\n")
    for row in sys.argv[2:]:
        name, options = row.split("|", 1)
        print(f"* {name}: `sched-gen {options} --target=h100-sxm`")


if __name__ == "__main__":
    main()
