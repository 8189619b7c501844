#!/usr/bin/env python3
#===- pareto.py - sched's step and peak across budgets against Inductor's -===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Prints, per step of the real-graph corpus, sched-pipeline's step and
peak under budgets of the input's peak times 1 + F (`memory-budget`, the
default trim and search) and with its default budget, beside Inductor's
best order (the faster of its unbucketed and bucketed orders), and which
budgets give a schedule at or below Inductor on both step and peak: whether
sched's trade-off curve dominates Inductor's point, and where.

Graphs and orders are imported as corpus-table.py imports them (the dead
nodes dropped, Inductor's estimates with --costs inductor). --json FILE
keeps the points.

usage: pareto.py [--build build] [--costs sched|inductor] [--only NAME]
                 [--fractions 0,0.01,0.02,0.05,0.1,0.2,0.3,0.5] [--json FILE]
                 [--options 'sched-pipeline options']
"""
import argparse
import importlib.util
import json
import os
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("corpus_table",
                                              os.path.join(HERE, "corpus-table.py"))
ct = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ct)


def inductor_best(tools, tmp, name, orders, times):
    """The summary of Inductor's faster order of NAME, or None."""
    best = None
    for kind in ("inductor", "inductor-bucket"):
        order = os.path.join(orders, "%s.%s.json" % (name, kind))
        if not os.path.exists(order):
            continue
        if times is not None:
            order = ct.with_runtimes(order, ct.order_times(orders, name, kind, times),
                                     os.path.join(tmp, "%s.%s.json" % (name, kind)))
        out = os.path.join(tmp, "%s.%s.mlir" % (name, kind))
        if tools.import_graph(order, out):
            continue
        s = ct.summary(tools.report(out))
        if best is None or s["step"] < best["step"]:
            best = s
    return best


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    p.add_argument("--costs", choices=["sched", "inductor"], default="sched")
    p.add_argument("--only")
    p.add_argument("--fractions", default="0,0.01,0.02,0.05,0.1,0.2,0.3,0.5")
    p.add_argument("--json")
    p.add_argument("--options", default="",
                   help="sched-pipeline options added to every run (the default run too)")
    a = p.parse_args()
    fractions = [float(f) for f in a.fractions.split(",")]
    tools = ct.Tools(a.build)
    rows = {}
    dominated = 0
    print("| Step | Inductor best: step ms / peak GiB | sched default | %s | budgets at or below Inductor on both |"
          % " | ".join("budget x%.2f" % (1 + f) for f in fractions))
    print("|---|---|---|%s---|" % ("---|" * len(fractions)))
    with tempfile.TemporaryDirectory() as tmp:
        for name in ct.configs():
            if a.only and name != a.only:
                continue
            graph = os.path.join(ct.CORPUS, "graphs", name + ".json")
            orders = os.path.join(ct.CORPUS, "inductor" if a.costs == "sched" else "inductor-costs")
            times = None
            if a.costs == "inductor":
                times = json.load(open(os.path.join(orders, name + ".inductor-costs.json")))
                graph = ct.with_runtimes(graph, times, os.path.join(tmp, name + ".json"))
            mlir = os.path.join(tmp, name + ".mlir")
            error = tools.import_graph(graph, mlir)
            if error:
                raise SystemExit("%s: %s" % (name, error))
            inp = ct.summary(tools.report(mlir))
            ind = inductor_best(tools, tmp, name, orders, times)
            default = ct.summary(tools.report(mlir, a.options))
            points = []
            for f in fractions:
                s = ct.summary(tools.report(
                    mlir, " ".join(o for o in (a.options, "memory-budget=%d" % int(inp["peak_bytes"] * (1 + f))) if o)))
                points.append((f, s["step"], s["peak"]))
            wins = [f for f, step, peak in points
                    if ind and step <= ind["step"] * (1 + 1e-9) and peak <= ind["peak"] * (1 + 1e-9)]
            dominated += bool(wins)
            rows[name] = {"input": (inp["step"], inp["peak"]),
                          "inductor": (ind["step"], ind["peak"]) if ind else None,
                          "default": (default["step"], default["peak"]), "points": points}
            print("| %s | %s | %.3f / %.2f | %s | %s |" % (
                name, "%.3f / %.2f" % (ind["step"], ind["peak"]) if ind else "-",
                default["step"], default["peak"],
                " | ".join("%.3f / %.2f" % (step, peak) for _, step, peak in points),
                ", ".join("x%.2f" % (1 + f) for f in wins) or "none"), flush=True)
    print("\nsched's curve reaches Inductor's point (step and peak at or below) on %d of %d steps"
          % (dominated, len(rows)))
    if a.json:
        json.dump(rows, open(a.json, "w"), indent=1)


if __name__ == "__main__":
    main()
