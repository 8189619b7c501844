#!/usr/bin/env python3
#===- corpus-table.py - sched against Inductor on the real-graph corpus --===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Prints the table of sched against Inductor on the real-graph corpus
(bench/inductor/corpus/, traced and scheduled by Inductor with
bench/inductor/corpus.sh; see corpus/README.md).

For every step of corpus/configs.txt, in this run: the traced graph
(corpus/graphs/NAME.json), imported with sched-translate, the h200-sxm
target attached, is reported as it is (the input order) and after
`sched-pipeline` with its default options (its time is the wall time of
the whole sched-opt process: parsing, the passes, verification, printing;
the minimum of --repeat runs); Inductor's orders (corpus/inductor/NAME.inductor
.json, and NAME.inductor-bucket.json with its collective bucketing) are
imported and reported as they are. Every order is judged by the same
simulator and cost model, which also gave Inductor its per-node times
(corpus/estimates/). Columns: simulated step and exposed communication in
ms, peak memory in GiB, sched's step over Inductor's best, and the best
lower bound sched-report proves for sched's graph: of every order, and of
every order within sched-pipeline's memory budget (the input's peak plus
the largest of 5 %, 1 GiB and twice its largest collective, or what
--options sets; sched-report memory-budget, the
memory-aware bound of docs/Analyses.md), with the family that is tight and
sched's step over the larger (the bound within the budget applies since
sched's order fits it), and sched's step over the bound of the orders
within sched's own peak (how far it is from the best schedule that takes
no more memory than it does).

With --costs inductor the same is done under Inductor's own costs: every
graph gets `runtime_us` on the nodes Inductor timed
(corpus/inductor-costs/NAME.inductor-costs.json: compute benchmarked on an
H200, collectives from its analytical NCCL model, the rest memory-bound), so
sched's passes and simulator use Inductor's times, and Inductor's orders
are those it made with them (corpus/inductor-costs/).

With --profile FILE (or SCHED_CORPUS_PROFILE=FILE) every report and the
pipeline use that measured profile (`profile=FILE`), e.g. one with only
contention buckets (bench/gpu/profile/h200x2-contention.json, see
bench/contention.md): steps and exposed communication are then charged
contention, and a last column gives what it added to sched's step.

With --dce every graph and every order of Inductor first loses the nodes
that no output of the step depends on (the traces hold them: e.g. 84 of
the 110 dtype casts of llama8b-l2-fsdp8 have no user; Inductor's compile
would eliminate them; collectives and waits are always kept), so both
schedulers are judged on the same graph without compute that only fills
idle time (RESULTS-corpus.md, "Why sched loses under Inductor's costs").
sched-translate drops the pure dead nodes itself since session 23
(docs/FXFormat.md, "Dead nodes"), so --dce now only adds the dead nodes it
keeps (views of placeholders, ops it does not know).

usage: corpus-table.py [--build build] [--repeat 3] [--only NAME]
         [--options 'sched-pipeline options'] [--costs sched|inductor]
         [--profile FILE] [--dce] [--json FILE]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")


def run(cmd, **kwargs):
    return subprocess.run(cmd, capture_output=True, text=True, **kwargs)


def configs():
    with open(os.path.join(CORPUS, "configs.txt")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                yield line.split()[0]


class Tools:
    def __init__(self, build, profile=None):
        self.translate = os.path.join(build, "bin", "sched-translate")
        self.opt = os.path.join(build, "bin", "sched-opt")
        self.profile = os.path.abspath(profile) if profile else None
        # The default of collective-allowance: 2 since it exists.
        help_text = run([self.opt, "--help"]).stdout
        self.collective_allowance = 2 if "collective-allowance" in help_text else 0

    def with_profile(self, options):
        """`options` (of a pass) with the profile added, if there is one."""
        if not self.profile:
            return options
        return " ".join(o for o in (options, "profile=" + self.profile) if o)

    def import_graph(self, graph, out):
        r = run([self.translate, "--import-fx-json", graph, "-o", out])
        if r.returncode:
            lines = [l for l in r.stderr.splitlines() if "error" in l]
            return (lines[0] if lines else r.stderr.strip()[:200]).split("error: ")[-1]
        return None

    def report(self, mlir, pipeline=None, budget=None):
        """The sched-report JSON of one function, after the pipeline if
        given; with `budget` (bytes) it has the memory-aware bound of the
        orders within it."""
        with tempfile.NamedTemporaryFile(suffix=".json") as js:
            passes = ["--sched-attach-target=preset=h200-sxm"]
            if pipeline is not None:
                pipeline = self.with_profile(pipeline)
                passes.append("--sched-pipeline" + ("=" + pipeline if pipeline else ""))
            options = "json=" + js.name
            if budget:
                options += " memory-budget=%d" % budget
            passes.append("--sched-report=" + self.with_profile(options))
            r = run([self.opt, mlir] + passes + ["-o", os.devnull])
            if r.returncode:
                raise SystemExit("%s failed on %s:\n%s" % (" ".join(passes), mlir, r.stderr[-2000:]))
            (function,) = json.load(open(js.name))["functions"]
            return function

    def wall(self, mlir, pipeline, repeat):
        """Seconds of the whole `sched-opt` process with the pipeline
        (parsing, the passes, MLIR's verifier, printing), the minimum of
        `repeat` runs."""
        pipeline = self.with_profile(pipeline)
        flag = "--sched-pipeline" + ("=" + pipeline if pipeline else "")
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            run([self.opt, mlir, "--sched-attach-target=preset=h200-sxm", flag, "-o", os.devnull])
            times.append(time.perf_counter() - start)
        return min(times)


# The names of the bound families in the table.
FAMILIES = {"streams": "busiest stream", "critical_path": "critical path",
            "head_tail": "head-tail", "subset": "subset", "memory": "memory-aware"}


def pipeline_budget(input_peak, largest_collective, options, collectives):
    """sched-pipeline's budget with `options`: `memory-budget`, or the
    input's peak plus the largest of `memory-slack` of it (5 %),
    `memory-allowance` (1 GiB) and `collective-allowance` times its largest
    collective (COLLECTIVES, the build's default: 2, or 0 for a build
    without the option)."""
    import math
    given = dict(o.split("=", 1) for o in options.split() if "=" in o)
    if int(given.get("memory-budget", 0)) > 0:
        return int(given["memory-budget"])
    slack = float(given.get("memory-slack", 0.05))
    allowance = int(given.get("memory-allowance", 2**30))
    collectives = int(given.get("collective-allowance", collectives))
    return input_peak + max(math.ceil(slack * input_peak), allowance,
                            collectives * largest_collective)


def summary(function):
    bounds = dict(function["lower_bounds_us"])
    # The memory-aware bound holds for the orders within its budget: it
    # bounds this order only if the order fits.
    applies = function.get("memory_bound", {}).get("applies", False)
    free = {k: v for k, v in bounds.items() if k != "memory"}
    usable = dict(free)
    if applies and bounds.get("memory") is not None:
        usable["memory"] = bounds["memory"]
    # The family that is tight: the memory-aware bound only where it is
    # above every bound of all orders (it equals them where the budget
    # forces nothing).
    family = max(free, key=lambda k: free[k])
    if "memory" in usable and usable["memory"] > free[family] * (1 + 1e-9):
        family = "memory"
    else:
        # The first family (in the report's order) at the best value.
        family = next(k for k in free if free[k] >= free[family] * (1 - 1e-9))
    return {
        "step": function["makespan_us"] / 1000.0,
        "exposed": function["exposed_comm_us"] / 1000.0,
        "peak": function["peak_memory_bytes"] / 2**30,
        "bound": usable[family] / 1000.0,
        "free_bound": max(free.values()) / 1000.0,
        "family": FAMILIES.get(family, family),
        "peak_bytes": function["peak_memory_bytes"],
        "ops": function["num_ops"],
        "largest_collective": max((c["bytes"] for c in function.get("collectives", [])),
                                  default=0),
        # What contention added to the step (0 without contention buckets).
        "contention": (function["makespan_us"] - function["contention"]["uncontended_makespan_us"]) / 1000.0
        if "contention" in function else 0.0,
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--only")
    p.add_argument("--options", default="", help="sched-pipeline options (default: none)")
    p.add_argument("--costs", choices=["sched", "inductor"], default="sched")
    p.add_argument("--profile", default=os.environ.get("SCHED_CORPUS_PROFILE"),
                   help="measured profile for every report and the pipeline "
                   "(default: $SCHED_CORPUS_PROFILE, else none)")
    p.add_argument("--dce", action="store_true",
                   help="drop the nodes no output depends on from every graph and order first "
                   "(default: off)")
    p.add_argument("--json", help="also write the rows and counts to this file (default: none)")
    a = p.parse_args()
    tools = Tools(a.build, a.profile)
    rows = []
    notes = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in configs():
            if a.only and name != a.only:
                continue
            graph = os.path.join(CORPUS, "graphs", name + ".json")
            orders = os.path.join(CORPUS, "inductor" if a.costs == "sched" else "inductor-costs")
            times = None
            if a.costs == "inductor":
                times = json.load(open(os.path.join(orders, name + ".inductor-costs.json")))
                graph = with_runtimes(graph, times, os.path.join(tmp, name + ".json"))
            if a.dce:
                graph = without_dead(graph, os.path.join(tmp, name + ".live.json"))
            mlir = os.path.join(tmp, name + ".mlir")
            error = tools.import_graph(graph, mlir)
            if error:
                raise SystemExit("%s: %s" % (name, error))
            row = {"name": name, "input": summary(tools.report(mlir))}
            budget = pipeline_budget(row["input"]["peak_bytes"],
                                     row["input"]["largest_collective"], a.options,
                                     tools.collective_allowance)
            row["sched"] = summary(tools.report(mlir, a.options, budget))
            # The bound of the orders within sched's own peak: how far the
            # schedule is from the best at the memory it takes.
            row["own"] = summary(tools.report(mlir, a.options, row["sched"]["peak_bytes"]))
            row["budget"] = budget / 2**30
            row["sched_s"] = tools.wall(mlir, a.options, a.repeat)
            for kind in ("inductor", "inductor-bucket"):
                order = os.path.join(orders, "%s.%s.json" % (name, kind))
                if times is not None and os.path.exists(order):
                    order = with_runtimes(order, order_times(orders, name, kind, times),
                                          os.path.join(tmp, "%s.%s.json" % (name, kind)))
                if a.dce and os.path.exists(order):
                    order = without_dead(order, os.path.join(tmp, "%s.%s.live.json" % (name, kind)))
                out = os.path.join(tmp, "%s.%s.mlir" % (name, kind))
                error = tools.import_graph(order, out) if os.path.exists(order) else "missing"
                if error:
                    notes.append("%s, %s: not imported: %s" % (name, kind, error.split(";")[0]))
                    row[kind] = None
                else:
                    row[kind] = summary(tools.report(out))
            times = {}
            for kind, suffix in (("inductor", ""), ("inductor-bucket", "-bucket")):
                path = os.path.join(orders, "%s%s.inductor-time.json" % (name, suffix))
                if os.path.exists(path):
                    times[kind] = json.load(open(path))["inductor_pass_s"]
            row["inductor_s"] = times
            rows.append(row)
            print("%s done" % name, file=sys.stderr)

    def cell(s, key, fmt="%.3f"):
        return fmt % s[key] if s else "-"

    print("| Step | Ops | Input step | sched step | Inductor step | Inductor+bucket step "
          "| sched / Inductor best | Exposed: input / sched / Inductor | Peak GiB: input / sched "
          "/ Inductor | Bound: any order / within budget (GiB) | Tight family | sched over bound "
          "| Over the bound within sched's peak "
          "| Time s: sched-opt process / Inductor pass |"
          + (" Contention added: input / sched / Inductor |" if a.profile else ""))
    print("|" + "---|" * (15 if a.profile else 14))
    ratios = []
    for r in rows:
        best = [r[k]["step"] for k in ("inductor", "inductor-bucket") if r[k]]
        ratio = r["sched"]["step"] / min(best) if best else float("nan")
        ratios.append(ratio)
        ind = r["inductor"]
        print("| %s | %d | %.3f | %.3f | %s | %s | %.4f | %.3f / %.3f / %s | %.2f / %.2f / %s "
              "| %.3f / %.3f (%.2f) | %s | %.1f %% | %.1f %% | %.3f / %s |" % (
                  r["name"], r["input"]["ops"], r["input"]["step"], r["sched"]["step"],
                  cell(ind, "step"), cell(r["inductor-bucket"], "step"), ratio,
                  r["input"]["exposed"], r["sched"]["exposed"], cell(ind, "exposed"),
                  r["input"]["peak"], r["sched"]["peak"], cell(ind, "peak", "%.2f"),
                  r["sched"]["free_bound"], r["sched"]["bound"], r["budget"], r["sched"]["family"],
                  100.0 * (r["sched"]["step"] / r["sched"]["bound"] - 1),
                  100.0 * (r["sched"]["step"] / r["own"]["bound"] - 1),
                  r["sched_s"], "%.3f" % r["inductor_s"].get("inductor", float("nan")))
              + (" %.3f / %.3f / %s |" % (r["input"]["contention"], r["sched"]["contention"],
                                          cell(ind, "contention")) if a.profile else ""))
    wins = sum(1 for x in ratios if x <= 1.0)
    print("\nsched's step <= Inductor's best on %d of %d steps; geometric mean ratio %.4f"
          % (wins, len(ratios), geomean(ratios)))
    # Both at once (the done-when of issue 21): the step against Inductor's
    # best, the peak against the peak of Inductor's order (the column),
    # compared unrounded.
    low_peak = [r["inductor"] is not None and r["sched"]["peak"] <= r["inductor"]["peak"]
                for r in rows]
    both = sum(1 for x, low in zip(ratios, low_peak) if x <= 1.0 and low)
    print("sched's peak <= Inductor's on %d of %d steps; step and peak both on %d of %d"
          % (sum(low_peak), len(rows), both, len(rows)))
    for n in notes:
        print("- " + n)
    if a.json:
        over = [100.0 * (r["sched"]["step"] / r["sched"]["bound"] - 1) for r in rows]
        own = [100.0 * (r["sched"]["step"] / r["own"]["bound"] - 1) for r in rows]
        with open(a.json, "w") as f:
            json.dump({"options": a.options, "costs": a.costs, "rows": rows,
                       "ratios": ratios, "step_wins": wins, "peak_wins": sum(low_peak),
                       "both": both, "geomean": geomean(ratios), "over_bound": over,
                       "over_own_peak_bound": own},
                      f, indent=1)


def order_times(orders, name, kind, times):
    """Inductor's costs for its order `kind` of step `name`: those of the
    traced graph's nodes, and for a bucketed order Inductor's estimate of
    each bucket it made (NAME.inductor-bucket-costs.json, recorded by
    corpus.sh inductor-costs), where that file is there; without it a
    bucket gets sched's analytical time."""
    path = os.path.join(orders, "%s.%s-costs.json" % (name, kind))
    if kind != "inductor-bucket" or not os.path.exists(path):
        return times
    merged = dict(times)
    merged.update(json.load(open(path)))
    return merged


def with_runtimes(graph, times, out):
    """Writes GRAPH with `runtime_us` from TIMES on its nodes to OUT."""
    sys.path.insert(0, os.path.join(HERE, "..", "..", "utils"))
    import export_fx_graph as efx

    document = json.load(open(graph))
    for node in document["nodes"]:
        if node["name"] in times:
            node["runtime_us"] = times[node["name"]]
    efx.write_document(document, out)
    return out


def node_refs(value):
    """The names of the nodes VALUE (args, kwargs, outputs) refers to."""
    if isinstance(value, dict):
        if set(value) == {"node"}:
            yield value["node"]
        else:
            for v in value.values():
                yield from node_refs(v)
    elif isinstance(value, list):
        for v in value:
            yield from node_refs(v)


def without_dead(graph, out):
    """Writes GRAPH to OUT without the nodes that no output depends on
    (placeholders, collectives and waits are kept), in the same order."""
    sys.path.insert(0, os.path.join(HERE, "..", "..", "utils"))
    import export_fx_graph as efx

    document = json.load(open(graph))
    nodes = document["nodes"]
    keep = set(node_refs(document["outputs"]))
    for node in reversed(nodes):
        target = str(node.get("target", ""))
        if (node["name"] in keep or node["op"] == "placeholder"
                or "_c10d_functional" in target or "wait" in target):
            keep.add(node["name"])
            keep.update(node_refs([node["args"], node["kwargs"]]))
    document["nodes"] = [node for node in nodes if node["name"] in keep]
    efx.write_document(document, out)
    return out


def geomean(values):
    import math
    values = [v for v in values if v == v]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


if __name__ == "__main__":
    main()
