#!/usr/bin/env python3
# ===- bench/workloads/bucket_table.py - BUCKET.md from the reports --------===#
#
# Reads the sched-report/1 JSON files bucket.sh wrote (input, pipeline
# without buckets, pipeline with buckets) and prints the Markdown table.
#
# Usage: bucket_table.py DIR "NAME SECONDS_BUCKET0 SECONDS_BUCKET1" ...
#
# ===----------------------------------------------------------------------===#
import json
import os
import sys


def load(path):
    with open(path) as f:
        functions = json.load(f)["functions"]
    # The workloads hold one function (the training step).
    return functions[0]


def ms(us):
    return f"{us / 1000:.2f}"


def main():
    out = sys.argv[1]
    print("| workload | collectives: input / pipeline / +buckets | step ms: "
          "input / pipeline / +buckets | exposed comm ms: pipeline / "
          "+buckets | lower bound ms | peak GiB: pipeline / +buckets | "
          "CPU s: pipeline / +buckets |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for row in sys.argv[2:]:
        name, t0, t1 = row.split()
        r_in = load(os.path.join(out, f"{name}.input.json"))
        r0 = load(os.path.join(out, f"{name}.bucket0.json"))
        r1 = load(os.path.join(out, f"{name}.bucket1.json"))
        bound = max(r_in["lower_bounds_us"].values())
        gib = 1 << 30
        print(f"| {name} | {len(r_in['collectives'])} / "
              f"{len(r0['collectives'])} / {len(r1['collectives'])} | "
              f"{ms(r_in['makespan_us'])} / {ms(r0['makespan_us'])} / "
              f"{ms(r1['makespan_us'])} | {ms(r0['exposed_comm_us'])} / "
              f"{ms(r1['exposed_comm_us'])} | {ms(bound)} | "
              f"{r0['peak_memory_bytes'] / gib:.2f} / "
              f"{r1['peak_memory_bytes'] / gib:.2f} | {float(t0):.2f} / "
              f"{float(t1):.2f} |")


if __name__ == "__main__":
    main()
