#!/usr/bin/env python3
"""Draws a measured step (the CUDA runtime's --trace) above the simulated one
(sched-report trace=) on one time axis, as SVG.

usage: timeline.py MEASURED.json PROGRAM.mlir SIMULATED.json -o OUT.svg
         [--title TEXT]
Compute names in the measured trace are FNV-1a salts of the kinds; they are
mapped back with PROGRAM.mlir. Exposed waits of the simulation are drawn in
red on its compute lane.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sched_kinds import kinds_by_salt  # noqa: E402




COLORS = {"compute": "#4c78a8", "comm": "#f58518", "exposed": "#e45756"}


def lanes(events, names=None):
    """{lane: [(start_us, dur_us, name, category)]} with lane 0 = compute."""
    out = {}
    for e in events:
        if e.get("ph") != "X":
            continue
        name = e["name"]
        if names and name.startswith("salt:"):
            name = names.get(int(name[5:]), name)
        cat = e.get("cat", "compute")
        out.setdefault(e["tid"], []).append((e["ts"], e["dur"], name, cat))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("measured")
    p.add_argument("program")
    p.add_argument("simulated")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--title", default="")
    a = p.parse_args()
    names = kinds_by_salt(a.program)
    panels = [("measured (2 x H200)", lanes(json.load(open(a.measured))["traceEvents"], names)),
              ("simulated (calibrated model)", lanes(json.load(open(a.simulated))["traceEvents"]))]
    end = max(s + d for _, ls in panels for evs in ls.values() for s, d, _, _ in evs)
    width, left, lane_h = 1100, 150, 22
    scale = (width - left - 20) / end
    rows = sum(len(ls) for _, ls in panels)
    height = 60 + rows * (lane_h + 6) + len(panels) * 30
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (width, height),
           '<text x="10" y="18" font-size="14">%s</text>' % a.title]
    y = 35
    for title, ls in panels:
        step = max(s + d for evs in ls.values() for s, d, _, _ in evs)
        svg.append('<text x="10" y="%d" font-weight="bold">%s: %.2f ms</text>'
                   % (y + 12, title, step / 1000))
        y += 22
        for lane in sorted(ls):
            label = "compute" if lane == 0 else "comm %d" % lane
            svg.append('<text x="10" y="%d">%s</text>' % (y + 15, label))
            for s, d, name, cat in ls[lane]:
                svg.append('<rect x="%.2f" y="%d" width="%.2f" height="%d" '
                           'fill="%s" stroke="white" stroke-width="0.3">'
                           '<title>%s %.1f us</title></rect>' % (
                               left + s * scale, y, max(d * scale, 0.5),
                               lane_h, COLORS.get(cat, "#999"), name, d))
            y += lane_h + 6
        y += 8
    for ms in range(0, int(end / 1000) + 1, 10):
        x = left + ms * 1000 * scale
        svg.append('<line x1="%.1f" y1="30" x2="%.1f" y2="%d" stroke="#ddd"/>'
                   '<text x="%.1f" y="%d" fill="#666">%d ms</text>' % (
                       x, x, height - 15, x + 2, height - 4, ms))
    svg.append("</svg>")
    open(a.output, "w").write("\n".join(svg) + "\n")
    print(a.output)


if __name__ == "__main__":
    main()
