#!/usr/bin/env python3
#===- contention-profile.py - contention buckets from sched-calibrate ----===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Contention buckets (docs/CostModel.md, "Contention") from sched-calibrate's
FILE.details.json, as sched-calibrate itself writes them into its profile:
one bucket per measured size up to twice that size (the last one open),
comm_factor = the median over the collective kinds of with_gemm_us / solo_us,
compute_factor = the median of gemm_with_comm_us / gemm_us, each at least 1.

Details written before sched-calibrate measured GEMMs under collectives have
no gemm_with_comm_us: their compute factor is --compute-factor (default 1,
i.e. compute is not charged), and the table says so.

usage: contention-profile.py DETAILS.json [--out PROFILE.json]
         [--compute-factor F] [--merge BASE.json]
Writes a profile with only the contention buckets (no curves, so that only
contention changes against the model's own times), or BASE.json's curves and
op times with the buckets added (--merge), and prints a Markdown table of
the factors.
"""
import argparse
import json
import statistics


def buckets(details, compute_default):
    by_size = {}
    for c in details["collectives"]:
        row = by_size.setdefault(c["bytes"], {"comm": [], "compute": []})
        row["comm"].append(c["with_gemm_us"] / c["solo_us"] if c["solo_us"] > 0 else 1.0)
        if "gemm_with_comm_us" in c and c.get("gemm_us", 0) > 0:
            row["compute"].append(c["gemm_with_comm_us"] / c["gemm_us"])
    sizes = sorted(by_size)
    out = []
    for i, size in enumerate(sizes):
        row = by_size[size]
        bucket = {}
        if i + 1 < len(sizes):
            bucket["max_bytes"] = 2 * size
        bucket["comm_factor"] = round(max(1.0, statistics.median(row["comm"])), 3)
        measured = bool(row["compute"])
        bucket["compute_factor"] = round(
            max(1.0, statistics.median(row["compute"]) if measured else compute_default), 3)
        out.append((size, bucket, measured))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("details")
    p.add_argument("--out")
    p.add_argument("--merge", help="a profile whose curves and ops to keep")
    p.add_argument("--compute-factor", type=float, default=1.0,
                   help="compute factor where the details have none (default: 1)")
    a = p.parse_args()
    details = json.load(open(a.details))
    rows = buckets(details, a.compute_factor)
    if a.out:
        profile = json.load(open(a.merge)) if a.merge else {"version": 1}
        profile["contention"] = [b for _, b, _ in rows]
        with open(a.out, "w") as f:
            json.dump(profile, f, indent=2)
            f.write("\n")
    print("Contention factors from %s (%d ranks; medians over the collective kinds)\n"
          % (a.details, details["ranks"]))
    print("| size | bucket up to | comm_factor | compute_factor |")
    print("|---:|---:|---:|---:|")
    for size, b, measured in rows:
        print("| %d | %s | %.3f | %.3f%s |" % (
            size, b.get("max_bytes", "any"), b["comm_factor"], b["compute_factor"],
            "" if measured else " (not measured)"))
    if details["ranks"] == 1:
        print("\nOne rank: NCCL's collectives are local copies, so these factors "
              "are a proxy (HBM only); measure on 2 GPUs.")


if __name__ == "__main__":
    main()
