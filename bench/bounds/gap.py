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
runs with its defaults, with `memory-allowance=0 collective-allowance=0`
(the budget 5 % over the input's peak: with the 1 GiB allowance memory
never binds on programs this small) and with memory and the in-flight cap out of the way
(`max-in-flight=64 memory-slack=10`). The limit the search judged the kept
variant by is read from its explain=1 remark (`search: memory budget B
bytes ... within the default's peak D bytes`: the larger of the two), and
sched-report memory-budget=B solves the scheduled block within it.
`--options` adds sched-pipeline options to every run (e.g. exact-max-ops=32,
the exact order after the search).

usage: gap.py [--build build] [--count 200] [--seed 21] [--min-ops 10]
              [--max-ops 30] [--options 'sched-pipeline options']
"""
import argparse
import json
import os
import random
import re
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
# The budget 5 % over the input's peak, without the 1 GiB allowance that
# makes memory free on programs this small, nor the allowance of twice the
# largest collective (where the build has it: main() adds it).
TIGHT = "memory-allowance=0"


# sched-pipeline options added to every run (--options).
EXTRA = ""


def with_extra(pipeline):
    """PIPELINE's options with EXTRA."""
    return " ".join(filter(None, [pipeline.strip(), EXTRA]))


def run_opt(opt, path, passes):
    """Runs sched-opt on PATH with PASSES; returns its stderr."""
    r = subprocess.run([opt, path] + passes + ["-o", os.devnull],
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit("sched-opt failed on %s:\n%s" % (path, r.stderr[-2000:]))
    return r.stderr


def report(opt, path, pipeline, extra="", nodes=2000000):
    """The sched-report JSON (with the exact solver, sched-report options
    EXTRA) of the function of PATH, after sched-pipeline=PIPELINE unless it
    is None."""
    with tempfile.NamedTemporaryFile(suffix=".json") as js:
        passes = ["--sched-attach-target=preset=h200-sxm"]
        if pipeline is not None:
            passes.append("--sched-pipeline=" + with_extra(pipeline))
        passes.append("--sched-report=json=%s exact-max-ops=64 "
                      "exact-max-nodes=%d %s" % (js.name, nodes, extra))
        run_opt(opt, path, passes)
        return json.load(open(js.name))["functions"][0]


BUDGET_REMARK = re.compile(
    r"search: memory budget (\d+) bytes .* within the default's peak (\d+) "
    r"bytes")


def search_budget(opt, path, pipeline):
    """The memory limit the search of sched-pipeline=PIPELINE judged the
    kept variant by, from its explain=1 remark: the budget, or the default
    variant's peak where that is higher (docs/passes/Pipeline.md)."""
    err = run_opt(opt, path, ["--sched-attach-target=preset=h200-sxm",
                              "--sched-pipeline=" + with_extra(
                                  pipeline + " explain=1")])
    m = BUDGET_REMARK.search(err)
    if not m:
        sys.exit("no search budget remark on %s:\n%s" % (path, err[-2000:]))
    return max(int(m.group(1)), int(m.group(2)))


def percentile(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def gap(a, b):
    return 100 * (a / b - 1) if b > 0 else 0.0


class Rows:
    """The gap distributions, by row name, in the order printed."""

    def __init__(self):
        self.rows = {}

    def add(self, name, value, program):
        self.rows.setdefault(name, []).append((value, program))

    def print(self):
        for name, pairs in self.rows.items():
            v = sorted(x for x, _ in pairs)
            worst = max(pairs, key=lambda p: (p[0], -p[1]))
            print("%-34s mean %6.2f %%  median %6.2f %%  p90 %6.2f %%  "
                  "max %6.2f %% (program %d)  zero gap %d of %d"
                  % (name, sum(v) / len(v), percentile(v, 0.5),
                     percentile(v, 0.9), v[-1], worst[1],
                     sum(1 for x in v if x < 1e-6), len(v)))


def measure(opt, path, i, rows, per_program):
    """Adds program I's gaps to ROWS; returns False if one solve was not
    proven within the node limit."""
    before = report(opt, path, None)
    after = report(opt, path, "")
    free = report(opt, path, UNLIMITED)
    tight = report(opt, path, TIGHT)
    budget = search_budget(opt, path, "")
    tight_budget = search_budget(opt, path, TIGHT)
    within = report(opt, path, "", "memory-budget=%d" % budget)
    tight_within = report(opt, path, TIGHT, "memory-budget=%d" % tight_budget)
    solved = (before, after, free, tight, within, tight_within)
    if not all(r["exact"]["proven"] for r in solved):
        return False
    for r, b in ((within, budget), (tight_within, tight_budget)):
        if not r["exact"]["feasible"]:
            sys.exit("program %d: no order fits the budget of %d bytes"
                     % (i, b))
    best = after["exact"]["makespan_us"]
    best_within = within["exact"]["makespan_us"]
    tight_best = tight_within["exact"]["makespan_us"]
    rows.add("defaults over opt. within budget",
             gap(after["makespan_us"], best_within), i)
    rows.add("defaults over unconstrained opt.", gap(after["makespan_us"], best), i)
    rows.add("defaults over the input's optimum",
             gap(after["makespan_us"], before["exact"]["makespan_us"]), i)
    rows.add("allowance=0 over opt. within budget",
             gap(tight["makespan_us"], tight_best), i)
    rows.add("allowance=0 budget's price",
             gap(tight_best, tight["exact"]["makespan_us"]), i)
    rows.add("unlimited memory over opt.",
             gap(free["makespan_us"], free["exact"]["makespan_us"]), i)
    rows.add("input order over optimum",
             gap(before["makespan_us"], before["exact"]["makespan_us"]), i)
    rows.add("optimum over best bound",
             gap(best, max(after["lower_bounds_us"].values())), i)
    memory_bound = tight_within["exact"]["memory_bound_us"]
    rows.add("allowance=0 opt. over mem. bound",
             gap(tight_best, memory_bound) if memory_bound > 0 else 0, i)
    per_program.append((i, gap(after["makespan_us"], best_within),
                        after["makespan_us"], best_within, budget,
                        gap(tight["makespan_us"], tight_best),
                        tight["makespan_us"], tight_best, tight_budget,
                        after["peak_memory_bytes"] > budget or
                        tight["peak_memory_bytes"] > tight_budget,
                        after["num_ops"]))
    return True


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--seed", type=int, default=21)
    p.add_argument("--min-ops", type=int, default=10)
    p.add_argument("--max-ops", type=int, default=30)
    p.add_argument("--options", default="",
                   help="sched-pipeline options added to every run, e.g. "
                   "exact-max-ops=32")
    a = p.parse_args()
    global EXTRA
    EXTRA = a.options
    opt = os.path.join(a.build, "bin", "sched-opt")
    global TIGHT
    if "collective-allowance" in subprocess.run([opt, "--help"], capture_output=True,
                                                text=True).stdout:
        TIGHT += " collective-allowance=0"
    rng = random.Random(a.seed)
    rows, per_program, unproven = Rows(), [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(a.count):
            path = os.path.join(tmp, "p%d.mlir" % i)
            with open(path, "w") as f:
                f.write(program(rng, rng.randint(a.min_ops, a.max_ops)))
            unproven += not measure(opt, path, i, rows, per_program)
    rows.print()
    print("pipeline orders over their budget: %d"
          % sum(1 for r in per_program if r[9]))
    for title, col in (("defaults", 1), ("memory-allowance=0", 5)):
        print("largest gaps, %s (program, gap %%, pipeline us, optimum "
              "within the budget us, budget bytes):" % title)
        for r in sorted(per_program, key=lambda r: (-r[col], r[0]))[:8]:
            print("  %3d  %6.2f %%  %8.3f  %8.3f  %d"
                  % (r[0], r[col], r[col + 1], r[col + 2], r[col + 3]))
    sizes = [r[10] for r in per_program]
    print("programs: %d solved (%d-%d ops), %d not proven within the node limit"
          % (len(per_program), min(sizes), max(sizes), unproven))


if __name__ == "__main__":
    main()
