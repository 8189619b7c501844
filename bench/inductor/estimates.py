#!/usr/bin/env python3
"""Per-node run times from sched's cost model, for Inductor's
custom_runtime_estimation hook (bench/inductor/inductor_overlap.py).

usage: estimates.py GRAPH.json OUT.json [--target h200-sxm]
         [--profile PROFILE.json] [--build build]

Imports the sched-fx/1 graph with sched-translate, simulates it with
sched-report (the same cost model and profile sched's passes use) and maps
the simulated duration of every compute op and collective back to its FX
node through the op's location (the node's line in GRAPH.json).
"""
import argparse
import json
import os
import re
import subprocess
import tempfile


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("graph")
    p.add_argument("output")
    p.add_argument("--target", default="h200-sxm")
    p.add_argument("--profile", default="")
    p.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "..", "build"))
    a = p.parse_args()
    graph = os.path.abspath(a.graph)
    line_to_node = {}
    for number, line in enumerate(open(graph), start=1):
        m = re.match(r'\s*\{"name": "([^"]+)", "op"', line)
        if m:
            line_to_node[number] = m.group(1)
    with tempfile.TemporaryDirectory() as tmp:
        mlir = os.path.join(tmp, "g.mlir")
        trace = os.path.join(tmp, "trace.json")
        subprocess.run([os.path.join(a.build, "bin", "sched-translate"), "--import-fx-json",
                        graph, "--mlir-print-debuginfo", "-o", mlir], check=True)
        report = "trace=" + trace + (" profile=" + a.profile if a.profile else "")
        subprocess.run([os.path.join(a.build, "bin", "sched-opt"), mlir,
                        "--sched-attach-target=preset=" + a.target,
                        "--sched-report=" + report, "-o", os.devnull],
                       check=True, stderr=subprocess.DEVNULL)
        events = json.load(open(trace))["traceEvents"]
    estimates = {}
    for e in events:
        if e.get("ph") != "X" or e.get("cat") not in ("compute", "comm"):
            continue
        loc = e.get("args", {}).get("location", "")
        m = re.search(r":(\d+):\d+$", loc)
        if not m or not loc.startswith(graph):
            continue
        node = line_to_node.get(int(m.group(1)))
        if node:
            estimates[node] = round(e["dur"], 4)
    json.dump(estimates, open(a.output, "w"), indent=0, sort_keys=True)
    print("%s: %d nodes" % (a.output, len(estimates)))


if __name__ == "__main__":
    main()
