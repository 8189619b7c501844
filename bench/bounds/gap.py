#!/usr/bin/env python3
#===- gap.py - sched-pipeline's orders against the exact optimum ---------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Prints the distribution of the gap between sched-pipeline's order and the
exact optimum (sched-report exact-max-ops) on random programs of 10-30 ops.

Each program (fixed seed) has compute ops of random time, all-reduces on a
data-parallel (8 ranks) and a tensor-parallel (2 ranks) group with random
times, their waits, and random dependences; it is written as sched IR with
`time_ns` costs, run through `sched-pipeline` (h200-sxm target), and the
result reported with `exact-max-ops=64`: the exact solver's optimum of the
scheduled block and the gap of the pipeline's order to it. The pipeline
runs twice: with its defaults (a memory budget 5 % over the peak of the
order sched-schedule-overlap is given, 2 collectives in flight) and with
memory out of the way (`max-in-flight=64 memory-slack=10`). The default
run is compared with the unconstrained optimum and with the optimum under
the same budget: the IR that sched-schedule-overlap was given (dumped with
--mlir-print-ir-before) gives the budget (sched-report memory-slack=0.05
computes it as the pass does), and sched-report memory-budget=B solves the
scheduled block within it.

usage: gap.py [--build build] [--count 200] [--seed 21]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def program(rng, num_ops):
    """Random sched IR of about `num_ops` ops in its body."""
    body, values, pending, ops = [], ["%arg0", "%arg1", "%arg2"], [], 0
    ty = "tensor<4096xbf16>"
    fut = "!sched.future<%s>" % ty
    counter = [0]

    def fresh():
        counter[0] += 1
        return "%%v%d" % counter[0]

    while ops < num_ops:
        roll = rng.random()
        left = num_ops - ops
        if pending and (roll < 0.3 or left <= len(pending)):
            f = pending.pop(rng.randrange(len(pending)))
            v = fresh()
            body.append("    %s = sched.wait %s : %s" % (v, f, fut))
            values.append(v)
        elif roll < 0.55 and left > len(pending) + 1:
            src = rng.choice(values[-4:])
            group = "@dp" if rng.random() < 0.6 else "@tp"
            f = fresh()
            body.append(
                "    %s = sched.all_reduce_start %s on %s reduction = sum "
                "{sched.cost = #sched.cost<time_ns = %d>} : %s -> %s"
                % (f, src, group, rng.randint(1, 9) * 1000, ty, fut))
            pending.append(f)
        else:
            k = 1 if rng.random() < 0.5 or len(values) < 2 else 2
            ins = rng.sample(values[-5:], min(k, len(values[-5:])))
            v = fresh()
            body.append(
                '    %s = sched.compute "k" ins(%s : %s) cost <flops = 0, '
                "bytes_read = 0, bytes_written = 0, time_ns = %d> -> (%s)"
                % (v, ", ".join(ins), ", ".join([ty] * len(ins)),
                   rng.randint(0, 9) * 1000, ty))
            values.append(v)
        ops += 1
    body.append("    return %s : %s" % (values[-1], ty))
    head = [
        "module {",
        "  sched.process_group @dp size = 8 ranks = [0, 1, 2, 3, 4, 5, 6, 7]",
        "  sched.process_group @tp size = 2 ranks = [0, 1]",
        "  func.func @step(%%arg0: %s, %%arg1: %s, %%arg2: %s) -> %s {" % (ty, ty, ty, ty),
    ]
    return "\n".join(head + body + ["  }", "}"]) + "\n"


UNLIMITED = "max-in-flight=64 memory-slack=10"


def report(opt, path, pipeline, extra="", nodes=2000000, target=True):
    """The sched-report JSON (with the exact solver, sched-report options
    EXTRA) of the function of PATH, after sched-pipeline=PIPELINE unless it
    is None."""
    with tempfile.NamedTemporaryFile(suffix=".json") as js:
        passes = ["--sched-attach-target=preset=h200-sxm"] if target else []
        if pipeline is not None:
            passes.append("--sched-pipeline=" + pipeline)
        passes.append("--sched-report=json=%s exact-max-ops=64 "
                      "exact-max-nodes=%d %s" % (js.name, nodes, extra))
        r = subprocess.run([opt, path] + passes + ["-o", os.devnull],
                           capture_output=True, text=True)
        if r.returncode:
            sys.exit("sched-opt failed on %s:\n%s" % (path, r.stderr[-2000:]))
        return json.load(open(js.name))["functions"][0]


def overlap_budget(opt, path, tmp):
    """The memory budget that sched-pipeline's sched-schedule-overlap uses
    on PATH with the defaults: the peak of the IR it is given plus 5 %."""
    r = subprocess.run(
        [opt, path, "--sched-attach-target=preset=h200-sxm", "--sched-pipeline",
         "--mlir-print-ir-before=sched-schedule-overlap",
         "--mlir-print-ir-module-scope", "--mlir-disable-threading",
         "-o", os.devnull], capture_output=True, text=True)
    if r.returncode:
        sys.exit("sched-opt failed on %s:\n%s" % (path, r.stderr[-2000:]))
    lines = r.stderr.splitlines()
    head = next(i for i, l in enumerate(lines)
                if l.startswith("// -----// IR Dump Before SchedScheduleOverlap"))
    end = next(i for i in range(head + 1, len(lines)) if lines[i] == "}")
    dumped = os.path.join(tmp, "before-overlap.mlir")
    with open(dumped, "w") as f:
        f.write("\n".join(lines[head + 1:end + 1]) + "\n")
    budget = report(opt, dumped, None, "memory-slack=0.05", nodes=1,
                    target=False)
    return budget["exact"]["memory_budget_bytes"]


def percentile(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--seed", type=int, default=21)
    a = p.parse_args()
    opt = os.path.join(a.build, "bin", "sched-opt")
    rng = random.Random(a.seed)
    gaps, free_gaps, input_gaps, bound_gaps, unproven, sizes = [], [], [], [], 0, []
    budget_gaps, price, memory_bound_gaps, per_program = [], [], [], []
    over_budget, memory_bound_above = 0, 0
    worst = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(a.count):
            path = os.path.join(tmp, "p%d.mlir" % i)
            with open(path, "w") as f:
                f.write(program(rng, rng.randint(10, 30)))
            before = report(opt, path, None)
            after = report(opt, path, "")
            free = report(opt, path, UNLIMITED)
            budget = overlap_budget(opt, path, tmp)
            within = report(opt, path, "", "memory-budget=%d" % budget)
            if not all(r["exact"]["proven"]
                       for r in (before, after, free, within)):
                unproven += 1
                continue
            if not within["exact"]["feasible"]:
                sys.exit("program %d: no order fits the budget of %d bytes"
                         % (i, budget))
            over_budget += after["peak_memory_bytes"] > budget
            best_within = within["exact"]["makespan_us"]
            budget_gaps.append(100 * (after["makespan_us"] / best_within - 1))
            price.append(100 * (best_within / after["exact"]["makespan_us"] - 1))
            memory_bound = within["exact"]["memory_bound_us"]
            plain_bound = max(after["lower_bounds_us"].values())
            memory_bound_gaps.append(
                100 * (best_within / memory_bound - 1) if memory_bound > 0 else 0)
            memory_bound_above += memory_bound > plain_bound * (1 + 1e-9)
            if budget_gaps[-1] > worst.get("budget", (-1, 0))[0]:
                worst["budget"] = (budget_gaps[-1], i)
            per_program.append((i, budget_gaps[-1], after["makespan_us"],
                                best_within, after["exact"]["makespan_us"],
                                budget))
            best = after["exact"]["makespan_us"]
            sizes.append(after["num_ops"])
            gaps.append(100 * (after["makespan_us"] / best - 1))
            free_gaps.append(100 * (free["makespan_us"] / free["exact"]["makespan_us"] - 1))
            input_gaps.append(100 * (before["makespan_us"] / before["exact"]["makespan_us"] - 1))
            for key, value in [("default", gaps[-1]), ("unlimited", free_gaps[-1])]:
                if value > worst.get(key, (-1, 0))[0]:
                    worst[key] = (value, i)
            bound = max(after["lower_bounds_us"].values())
            bound_gaps.append(100 * (best / bound - 1) if bound > 0 else 0)
    for name, values in [("sched-pipeline over optimum", gaps),
                         ("same, optimum within budget", budget_gaps),
                         ("budget's price (opt. over opt.)", price),
                         ("unlimited memory over opt.", free_gaps),
                         ("input order over optimum", input_gaps),
                         ("optimum over best bound", bound_gaps),
                         ("opt. in budget over mem. bound", memory_bound_gaps)]:
        v = sorted(values)
        print("%-31s mean %6.2f %%  median %6.2f %%  p90 %6.2f %%  max %6.2f %%  "
              "zero gap %d of %d" % (name, sum(v) / len(v), percentile(v, 0.5),
                                     percentile(v, 0.9), v[-1],
                                     sum(1 for x in v if x < 1e-6), len(v)))
    print("worst gaps: program %d with the defaults, %d within the budget, %d "
          "with unlimited memory (0-based, in generation order)"
          % (worst["default"][1], worst["budget"][1], worst["unlimited"][1]))
    print("pipeline orders over their budget: %d; memory-aware bound above "
          "the unconstrained bounds: %d" % (over_budget, memory_bound_above))
    print("largest gaps within the budget (program, gap %, pipeline us, "
          "optimum within budget us, unconstrained optimum us, budget bytes):")
    for row in sorted(per_program, key=lambda r: (-r[1], r[0]))[:8]:
        print("  %3d  %6.2f %%  %8.3f  %8.3f  %8.3f  %d" % row)
    print("programs: %d solved (%d-%d ops), %d not proven within the node limit"
          % (len(gaps), min(sizes), max(sizes), unproven))


if __name__ == "__main__":
    main()
