#!/usr/bin/env python3
# ===- bench/workloads/pp_table.py - the 1F1B table ---------------------===#
#
# Reads the sched-report summaries of each pipeline step (NAME.summary.txt,
# NAME.scheduled.summary.txt): the per-stage compute and the transfers from
# the per-function tables, the pipelined step from the pipeline section.
#
# Usage: pp_table.py DIR NAME|P|M|OPTIONS...
#
# ===---------------------------------------------------------------------===#

import json
import os
import re
import sys


def read(path):
    """Returns (step_us, {stage: compute_us}, {stage: bubble_us})."""
    step, compute, bubble = None, {}, {}
    in_pipeline = False
    with open(path) as f:
        for line in f:
            m = re.match(r"pipeline: (\d+) stages, step ([0-9.]+) us", line)
            if m:
                step, in_pipeline = float(m.group(2)), True
                continue
            if in_pipeline:
                parts = line.split()
                if len(parts) == 4 and parts[0].startswith("stage") and \
                        parts[0] != "stage":
                    compute[parts[0]] = float(parts[1])
                    bubble[parts[0]] = float(parts[2])
    return step, compute, bubble


def stage_makespans(path):
    """Each stage's makespan simulated alone (its own compute and
    communication, a receive costing only its transfer)."""
    with open(path) as f:
        report = json.load(f)
    return {fn["name"]: fn["makespan_us"] for fn in report["functions"]}


def bound_1f1b(times, m, v=1):
    """The 1F1B bound for per-stage times over m micro-batches: the busiest
    stage runs all of its micro-batches, and the first micro-batch's forward
    and the last one's backward cross every other stage once:
    max + sum(others) / m, which is (m + p - 1) / m x the stage time for
    equal stages. Interleaved over v model chunks per stage, the fill and
    the drain cross one chunk (1 / v of a stage) of every other stage:
    max + sum(others) / (m v), which is (m + (p - 1) / v) / m x the stage
    time for equal stages."""
    top = max(times)
    return top + (sum(times) - top) / (m * v)


def virtual_stages(options):
    """The model chunks per stage that sched-gen's options ask for."""
    if "--pp-schedule=interleaved" not in options:
        return 1
    found = re.search(r"--virtual-stages=(\d+)", options)
    return int(found.group(1)) if found else 2


def main():
    out = sys.argv[1]
    print("# Pipeline-parallel steps (1F1B and interleaved 1F1B)\n")
    print("Written by `pp.sh`. The stages are simulated together "
          "(sched-report's pipeline section, H100 preset, analytical "
          "costs). 1F1B bound: max_k T_k + sum of the other T_k / m over "
          "the stages' compute times T_k for all m micro-batches, which is "
          "(m + p - 1) / m x the stage time for equal stages; interleaved "
          "over v model chunks per stage (v > 1, `--pp-schedule=interleaved "
          "--virtual-stages=v`), the other stages' share is divided by v "
          "too: (m + (p - 1) / v) / m x the stage time; the "
          "stage-plus-transfer bound is the same over each stage's makespan "
          "simulated alone (its compute, its own collectives and its "
          "transfers). Times in ms. Done when the step is within 5 % of the "
          "1F1B bound where communication is small, and of the "
          "stage-plus-transfer bound where it is not. The step is of the "
          "scheduled order where it verifies, else of the unscheduled one "
          "(marked).\n")
    print("| workload | p | m | v | busiest stage compute | 1F1B bound "
          "(interleaved where v > 1) | "
          "stage-plus-transfer bound | step unscheduled | step scheduled | "
          "vs 1F1B bound | vs stage-plus-transfer bound | largest bubble |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in sys.argv[2:]:
        name, p, m, options = row.split("|", 3)
        p, m, v = int(p), int(m), virtual_stages(options)
        step0, compute0, bubble0 = read(f"{out}/{name}.summary.txt")
        scheduled = f"{out}/{name}.scheduled.summary.txt"
        bound = bound_1f1b(list(compute0.values()), m, v)
        alone = stage_makespans(f"{out}/{name}.report.json")
        bound2 = bound_1f1b(list(alone.values()), m, v)
        if os.path.exists(scheduled):
            step, _, bubble = read(scheduled)
            after = f"{step / 1000:.2f}"
        else:
            step, bubble = step0, bubble0
            after = "deadlocks"
        worst = max(bubble.items(), key=lambda kv: kv[1])
        print(f"| {name} | {p} | {m} | {v} | "
              f"{max(compute0.values()) / 1000:.2f} "
              f"| {bound / 1000:.2f} | {bound2 / 1000:.2f} | "
              f"{step0 / 1000:.2f} | {after} | "
              f"{100 * (step / bound - 1):+.1f} % | "
              f"{100 * (step / bound2 - 1):+.1f} % | {worst[0]} "
              f"{worst[1] / 1000:.2f} ({100 * worst[1] / step:.0f} %) |")
    print("\nOptions:\n")
    for row in sys.argv[2:]:
        name, _, _, options = row.split("|", 3)
        print(f"* {name}: `sched-gen {options} --target=h100-sxm`")


if __name__ == "__main__":
    main()
