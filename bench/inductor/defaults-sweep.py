#!/usr/bin/env python3
#===- defaults-sweep.py - sched-pipeline's budget settings on the corpus --===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Runs corpus-table.py once per setting of sched-pipeline's budget options
and per cost model, and prints one table of the counts issue 21 asks for:
on how many steps sched's step is at most Inductor's best, its peak at most
Inductor's, both, the geometric mean of sched's step over Inductor's best,
and the range of sched's step over the best bound it proves.

Each setting is a string of sched-pipeline options ('' is the default of
the build given). The JSON of every run is kept in --out.

usage: defaults-sweep.py [--build build] [--out DIR] [--costs sched,inductor]
         [--dce] SETTING...
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build", default=os.path.join(HERE, "..", "..", "build"))
    p.add_argument("--out", default="/tmp/defaults-sweep")
    p.add_argument("--costs", default="sched,inductor")
    p.add_argument("--dce", action="store_true")
    p.add_argument("settings", nargs="+")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    print("| Setting | Costs | step <= Inductor | peak <= Inductor | both | geomean "
          "| over the bound | losing the step | losing the peak |")
    print("|---|---|---|---|---|---|---|---|---|")
    for setting in a.settings:
        for costs in a.costs.split(","):
            name = "%s-%s%s" % (costs, "".join(c if c.isalnum() or c in ".=" else "_"
                                                for c in setting) or "default",
                                "-dce" if a.dce else "")
            out = os.path.join(a.out, name + ".json")
            cmd = [sys.executable, os.path.join(HERE, "corpus-table.py"), "--build", a.build,
                   "--repeat", "1", "--costs", costs, "--options", setting, "--json", out]
            if a.dce:
                cmd.append("--dce")
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                raise SystemExit(r.stderr[-2000:])
            with open(os.path.join(a.out, name + ".md"), "w") as f:
                f.write(r.stdout)
            d = json.load(open(out))
            n = len(d["rows"])
            slow = [row["name"] for row, x in zip(d["rows"], d["ratios"]) if x > 1.0]
            high = [row["name"] for row in d["rows"]
                    if row["inductor"] and row["sched"]["peak"] > row["inductor"]["peak"]]
            print("| %s | %s | %d of %d | %d of %d | %d of %d | %.4f | %.1f to %.1f %% | %s | %s |" % (
                setting or "(default)", costs, d["step_wins"], n, d["peak_wins"], n, d["both"], n,
                d["geomean"], min(d["over_bound"]), max(d["over_bound"]),
                ", ".join(slow) or "-", ", ".join(high) or "-"), flush=True)


if __name__ == "__main__":
    main()
