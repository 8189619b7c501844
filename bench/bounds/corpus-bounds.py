#!/usr/bin/env python3
#===- corpus-bounds.py - the lower bounds on the real-graph corpus -------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Prints how tight the proven lower bounds are on the 11 corpus graphs
(bench/inductor/corpus): for each graph, under sched's costs and under
Inductor's own (as bench/inductor/corpus-table.py --costs inductor), the
step of `sched-pipeline`'s order, the best bound before the subset bound
(busiest stream, critical path, head-and-tail) and with it, and the step
over each; then the step when memory does not limit the schedule
(`sched-pipeline="max-in-flight=64 memory-slack=10"`: up to 64 collectives
in flight and 11 times the input's peak) over the new bound, with its peak.

usage: corpus-bounds.py [--build build]
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "corpus_table", os.path.join(HERE, "..", "inductor", "corpus-table.py"))
corpus_table = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus_table)


def over(step, bound):
    """STEP over BOUND in percent; a rounding hair below 0 prints as 0."""
    value = 100 * (step / bound - 1)
    return 0.0 if -1e-6 < value < 0 else value


def report(opt, mlir, options):
    """The sched-report JSON of the function after sched-pipeline=OPTIONS."""
    js = mlir + ".report.json"
    subprocess.run([opt, mlir, "--sched-attach-target=preset=h200-sxm",
                    "--sched-pipeline=" + options, "--sched-report=json=" + js,
                    "-o", os.devnull], check=True, capture_output=True)
    return json.load(open(js))["functions"][0]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    a = p.parse_args()
    translate = os.path.join(a.build, "bin", "sched-translate")
    opt = os.path.join(a.build, "bin", "sched-opt")
    print("| Step | Costs | sched step ms | Old best bound ms | sched over old | "
          "Subset bound ms | New best bound ms | sched over new | "
          "Unlimited-memory step ms | over new | Peak GiB: default / unlimited |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for costs in ["sched", "inductor"]:
            for name in corpus_table.configs():
                graph = os.path.join(corpus_table.CORPUS, "graphs", name + ".json")
                if costs == "inductor":
                    times = json.load(open(os.path.join(
                        corpus_table.CORPUS, "inductor-costs",
                        name + ".inductor-costs.json")))
                    graph = corpus_table.with_runtimes(
                        graph, times, os.path.join(tmp, name + ".json"))
                mlir = os.path.join(tmp, name + ".mlir")
                subprocess.run([translate, "--import-fx-json", graph, "-o", mlir],
                               check=True, capture_output=True)
                f = report(opt, mlir, "")
                free = report(opt, mlir, "max-in-flight=64 memory-slack=10")
                b = f["lower_bounds_us"]
                step = f["makespan_us"]
                old = max(b["streams"], b["critical_path"], b["head_tail"])
                new = max(old, b["subset"])
                freeStep = free["makespan_us"]
                print("| %s | %s | %.3f | %.3f | %.1f %% | %.3f | %.3f | %.1f %% | "
                      "%.3f | %.1f %% | %.2f / %.2f |"
                      % (name, costs, step / 1e3, old / 1e3, over(step, old),
                         b["subset"] / 1e3, new / 1e3, over(step, new),
                         freeStep / 1e3, over(freeStep, new),
                         f["peak_memory_bytes"] / 2**30,
                         free["peak_memory_bytes"] / 2**30))


if __name__ == "__main__":
    main()
