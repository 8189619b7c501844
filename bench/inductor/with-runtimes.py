#!/usr/bin/env python3
#===- with-runtimes.py - write per-node times into a sched-fx/1 graph ----===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Writes `runtime_us` on every node of a sched-fx/1 graph that TIMES
({"node name": microseconds}, e.g. Inductor's own costs from
inductor_overlap.py --measure-costs) gives a time, so that sched-translate
--import-fx-json costs those nodes as given (docs/FXFormat.md). Nodes
without a time keep theirs.

usage: with-runtimes.py GRAPH.json TIMES.json OUT.json
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "utils"))
import export_fx_graph as efx  # noqa: E402


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__.strip().splitlines()[-1])
    graph, times, out = sys.argv[1:]
    document = json.load(open(graph))
    runtimes = json.load(open(times))
    given = 0
    for node in document["nodes"]:
        if node["name"] in runtimes:
            node["runtime_us"] = runtimes[node["name"]]
            given += 1
    efx.write_document(document, out)
    print("%s: %d of %d nodes timed" % (out, given, len(document["nodes"])), file=sys.stderr)


if __name__ == "__main__":
    main()
