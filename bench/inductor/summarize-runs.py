#!/usr/bin/env python3
"""Sums up the summary.txt files that bench/inductor/run-gpu.sh writes (one
per GPU machine): per order, the mean step time of each run (19 steps each),
their mean, standard deviation and range per machine and over all runs, and
the per-round difference of each order to the first one given with --base
(the runs of a round are interleaved on the same machine).

usage: summarize-runs.py SUMMARY.txt... [--base l4.sched]
"""
import argparse
import re
import statistics as st
from collections import defaultdict

LINE = re.compile(r"^(\S+)\s+round (\d+) rc (\d+): step time: mean ([\d.]+) ms.*"
                  r"peak memory: (\d+) bytes")


def fmt(xs):
    sd = st.stdev(xs) if len(xs) > 1 else 0.0
    return "%.3f ms (sd %.3f, %.3f-%.3f, n=%d)" % (st.mean(xs), sd, min(xs), max(xs), len(xs))


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("summaries", nargs="+")
    p.add_argument("--base", default="l4.sched")
    a = p.parse_args()
    allruns = defaultdict(list)
    diffs = defaultdict(list)
    peak = {}
    for i, path in enumerate(a.summaries, start=1):
        runs = defaultdict(dict)
        for line in open(path):
            m = LINE.match(line.strip())
            if not m:
                continue
            prog, rnd, rc, ms, mem = m.groups()
            assert rc == "0", line
            runs[prog][int(rnd)] = float(ms)
            peak[prog] = int(mem)
        print("machine %d (%s):" % (i, path))
        for prog, byround in runs.items():
            xs = list(byround.values())
            allruns[prog] += xs
            print("  %-26s %s" % (prog, fmt(xs)))
            if prog != a.base and a.base in runs:
                d = [byround[r] - runs[a.base][r] for r in byround if r in runs[a.base]]
                diffs[prog] += d
        for line in open(path):
            if "skip-" in line:
                print("  " + line.strip())
    print("all machines:")
    for prog, xs in allruns.items():
        print("  %-26s %s, rank 0 peak memory %d bytes" % (prog, fmt(xs), peak[prog]))
    print("per round, order minus %s (same machine, interleaved):" % a.base)
    for prog, d in diffs.items():
        wins = sum(1 for x in d if x > 0)
        print("  %-26s %+.3f ms (sd %.3f, %+.3f..%+.3f); %s faster in %d of %d rounds"
              % (prog, st.mean(d), st.stdev(d), min(d), max(d), a.base, wins, len(d)))


if __name__ == "__main__":
    main()
