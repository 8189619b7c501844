#!/usr/bin/env python3
"""Turns the --op-times output of a CUDA executable into a sched profile.

usage: make-profile.py OP_TIMES PROGRAM.mlir [--base PROFILE.json] -o OUT.json

OP_TIMES lines (lib/Runtime/CUDABackend.cpp):
  compute <salt> <count> <mean_us>
  collective <kind code> <group size> <bytes> <count> <mean_us>
A compute salt is the FNV-1a hash of the op's kind (convert-sched-to-runtime),
so the kinds are recovered from PROGRAM.mlir. Collective points are added to
the curves of --base (e.g. bench/calibration/h200x2-nccl-profile.json),
replacing a point of the same size; a curve needs two points, so a size
measured alone with no base curve is dropped (and said so on stderr).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sched_kinds import kinds_by_salt  # noqa: E402

KINDS = {1: "all_gather", 2: "reduce_scatter", 3: "all_reduce",
         4: "all_to_all", 5: "broadcast"}




def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("op_times")
    parser.add_argument("program")
    parser.add_argument("--base")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()

    by_salt = kinds_by_salt(args.program)
    profile = {"version": 1, "collectives": [], "ops": []}
    if args.base:
        base = json.load(open(args.base))
        profile["collectives"] = base.get("collectives", [])
        profile["ops"] = base.get("ops", [])
    curves = {(c["kind"], c["group_size"], c.get("num_nodes")): c
              for c in profile["collectives"]}
    ops = {o["kind"]: o for o in profile["ops"]}
    pending = {}
    for line in open(args.op_times):
        fields = line.split()
        if fields[0] == "compute":
            salt, mean = int(fields[1]), float(fields[3])
            if salt not in by_salt:
                sys.exit("error: no kind of %s hashes to %d" % (args.program, salt))
            ops[by_salt[salt]] = {"kind": by_salt[salt], "time_us": round(mean, 3)}
        elif fields[0] == "collective":
            kind, size, nbytes, mean = (KINDS[int(fields[1])], int(fields[2]),
                                        int(fields[3]), float(fields[5]))
            pending.setdefault((kind, size), {})[nbytes] = round(mean, 3)
    for (kind, size), points in pending.items():
        curve = curves.get((kind, size, 1)) or curves.get((kind, size, None))
        if curve is None:
            if len(points) < 2:
                print("note: one size of %s over %d ranks, no base curve: "
                      "dropped" % (kind, size), file=sys.stderr)
                continue
            curve = {"kind": kind, "group_size": size, "num_nodes": 1,
                     "points": []}
            profile["collectives"].append(curve)
        merged = {int(b): t for b, t in curve["points"]}
        merged.update(points)
        curve["points"] = sorted([b, t] for b, t in merged.items())
    profile["ops"] = sorted(ops.values(), key=lambda o: o["kind"])
    json.dump(profile, open(args.output, "w"), indent=1)
    print("%s: %d op kinds, %d collective curves" % (
        args.output, len(profile["ops"]), len(profile["collectives"])))


if __name__ == "__main__":
    main()
