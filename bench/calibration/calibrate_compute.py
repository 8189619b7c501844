#!/usr/bin/env python3
# ===- bench/calibration/calibrate_compute.py - GPU compute calibration --=== #
#
# Measures, on the local GPU, the achieved bf16/f32 matmul throughput for a
# range of sizes and the achieved HBM copy bandwidth, and prints them next to
# the peaks of the matching #sched.target preset, as JSON and as a table. The
# ratios are what CostModelOptions::computeEfficiency and memoryEfficiency
# stand for. Needs PyTorch with CUDA.
#
# Usage: calibrate_compute.py [--preset h200-sxm] [--out results.json]
#
# ===---------------------------------------------------------------------=== #

import argparse
import json

import torch

from cuda_timing import time_ms as cuda_time_ms

PEAKS = {  # dense TFLOP/s and GB/s of lib/Dialect/Sched/IR/TargetPresets.cpp
    "h100-sxm": {"bf16": 989.5, "f32": 67.0, "hbm": 3350.0},
    "h200-sxm": {"bf16": 989.5, "f32": 67.0, "hbm": 4800.0},
    "a100-80gb": {"bf16": 312.0, "f32": 19.5, "hbm": 2039.0},
}


def time_ms(fn, reps=20):
    return cuda_time_ms(fn, reps, warmup=3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--preset", default="h200-sxm", choices=sorted(PEAKS))
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    peaks = PEAKS[args.preset]
    rows = []
    for dtype, name in ((torch.bfloat16, "bf16"), (torch.float32, "f32")):
        torch.backends.cuda.matmul.allow_tf32 = False
        for n in (1024, 2048, 4096, 8192, 16384):
            a = torch.randn(n, n, device="cuda", dtype=dtype)
            b = torch.randn(n, n, device="cuda", dtype=dtype)
            ms = time_ms(lambda: a @ b)
            tflops = 2 * n**3 / (ms * 1e-3) / 1e12
            rows.append({"op": "matmul", "dtype": name, "n": n, "ms": ms,
                         "tflops": tflops,
                         "efficiency": tflops / peaks[name]})
    for mib in (64, 256, 1024, 4096):
        x = torch.empty(mib * 2**20 // 4, device="cuda", dtype=torch.float32)
        y = torch.empty_like(x)
        ms = time_ms(lambda: y.copy_(x))
        gbps = 2 * x.numel() * 4 / (ms * 1e-3) / 1e9  # read + write
        rows.append({"op": "copy", "mib": mib, "ms": ms, "gbps": gbps,
                     "efficiency": gbps / peaks["hbm"]})
    result = {"device": torch.cuda.get_device_name(0),
              "torch": torch.__version__, "preset": args.preset,
              "rows": rows}
    text = json.dumps(result, indent=2)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    print(text)
    print(f"\n| op | size | time (ms) | achieved | of {args.preset} peak |")
    print("|---|---|---:|---:|---:|")
    for r in rows:
        if r["op"] == "matmul":
            print(f"| matmul {r['dtype']} | {r['n']}^3 | {r['ms']:.3f} "
                  f"| {r['tflops']:.1f} TFLOP/s | {100 * r['efficiency']:.1f} % |")
        else:
            print(f"| copy | {r['mib']} MiB | {r['ms']:.3f} "
                  f"| {r['gbps']:.0f} GB/s | {100 * r['efficiency']:.1f} % |")


if __name__ == "__main__":
    main()
