#!/usr/bin/env python3
"""Draws bench/gpu/predicted-vs-measured.svg from the tables of
bench/gpu/CALIBRATION.md (no plotting library needed).

usage: bench/gpu/plot.py [OUT.svg]
"""
import re
import sys

ROOT = __file__.rsplit("/", 1)[0]


def rows(title):
    """(label, measured, preset, calibrated) from the table under `title`."""
    text = open(ROOT + "/CALIBRATION.md").read()
    section = text.split(title, 1)[1].split("\n## ", 1)[0]
    out = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 6 or not re.match(r"[\d.]+ (ms|us)", cells[1]):
            continue
        if not re.match(r"[\d.]+", cells[2]) or not re.match(r"[\d.]+", cells[4]):
            continue

        def num(cell):
            return float(cell.split()[0])
        out.append((cells[0], num(cells[1]), num(cells[2]), num(cells[4])))
    return out


def main():
    data = rows("## Per step") + rows("## Per collective")
    width, height, left, bar = 760, 40 + 46 * len(data), 230, 11
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (width, height),
           '<text x="10" y="20" font-size="14">Predicted vs measured, '
           '2 x H200 (relative to measured = 1)</text>']
    colors = (("measured", "#444"), ("preset model", "#d95f02"),
              ("calibrated model", "#1b9e77"))
    for i, (name, color) in enumerate(colors):
        svg.append('<rect x="%d" y="28" width="10" height="10" fill="%s"/>'
                   '<text x="%d" y="37">%s</text>' % (left + 150 * i, color,
                                                      left + 150 * i + 14, name))
    scale = (width - left - 60) / 1.2
    for row, (label, measured, preset, calibrated) in enumerate(data):
        y = 50 + 46 * row
        svg.append('<text x="10" y="%d">%s</text>' % (y + 18, label))
        for k, (value, (name, color)) in enumerate(
                zip((measured, preset, calibrated), colors)):
            ratio = value / measured
            w = min(ratio, 3.0) * scale
            svg.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>'
                       '<text x="%.1f" y="%d" font-size="10">%.2f</text>' % (
                           left, y + k * (bar + 1), w, bar, color,
                           left + w + 4, y + k * (bar + 1) + 9, ratio))
    svg.append('<line x1="%d" y1="45" x2="%d" y2="%d" stroke="#999" '
               'stroke-dasharray="3,3"/>' % (left + scale, left + scale, height))
    svg.append("</svg>")
    out = sys.argv[1] if len(sys.argv) > 1 else ROOT + "/predicted-vs-measured.svg"
    open(out, "w").write("\n".join(svg) + "\n")
    print("%s: %d rows" % (out, len(data)))


if __name__ == "__main__":
    main()
