#!/usr/bin/env python3
"""Tables of sched-calibrate's measurements against the cost model.

usage: calibration_table.py DETAILS.json [--build build]

For every measured collective, prints the time the cost model predicts with
the h200-sxm preset (the analytical model) next to the measured one, solo
and with GEMMs running beside it, as a Markdown table.
"""
import argparse
import json
import os
import re
import subprocess
import tempfile


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("details")
    p.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "..", "build"))
    a = p.parse_args()
    d = json.load(open(a.details))
    n = d["ranks"]
    lines = ["sched.process_group @g size = %d" % n, "func.func @f() {"]
    for i, c in enumerate(d["collectives"]):
        full = c["bytes"] // 2
        kind = c["kind"]
        if kind == "all_gather":
            inp, out, attrs = full // n, full, "gather_dim = 0"
        elif kind == "reduce_scatter":
            inp, out, attrs = full, full // n, "reduction = sum scatter_dim = 0"
        elif kind == "all_reduce":
            inp, out, attrs = full, full, "reduction = sum"
        elif kind == "all_to_all":
            inp, out, attrs = full, full, "split_dim = 0 concat_dim = 0"
        else:
            inp, out, attrs = full, full, "root = 0"
        lines.append("  %%x%d = tensor.empty() : tensor<%dxbf16>" % (i, inp))
        lines.append("  %%f%d = sched.%s_start %%x%d on @g %s : tensor<%dxbf16> -> "
                     "!sched.future<tensor<%dxbf16>>" % (i, kind, i, attrs, inp, out))
        lines.append("  %%w%d = sched.wait %%f%d : !sched.future<tensor<%dxbf16>>" % (i, i, out))
    lines += ["  return", "}"]
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    out = subprocess.run([os.path.join(a.build, "bin", "sched-opt"), path,
                          "--sched-attach-target=preset=h200-sxm",
                          "--test-sched-print-cost", "-o", os.devnull],
                         capture_output=True, text=True).stderr
    os.unlink(path)
    predicted = [float(m) for m in re.findall(r"collective time: ([\d.]+) us", out)]
    print("| collective | bytes | measured solo (us) | with GEMMs (us) | slowdown | preset model (us) | model / measured |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for c, model in zip(d["collectives"], predicted):
        print("| %s | %d | %.1f | %.1f | %.2fx | %.1f | %.2f |" % (
            c["kind"], c["bytes"], c["solo_us"], c["with_gemm_us"],
            c["with_gemm_us"] / c["solo_us"], model, model / c["solo_us"]))


if __name__ == "__main__":
    main()
