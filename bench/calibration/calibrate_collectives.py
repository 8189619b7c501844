#!/usr/bin/env python3
# ===- bench/calibration/calibrate_collectives.py - NCCL calibration -----=== #
#
# Measures NCCL all_gather, reduce_scatter and all_reduce times against the
# buffer size on the GPUs of one node, and writes them as a sched measured
# cost profile (docs/CostModel.md: "collectives" curves, bytes = the full
# buffer as in nccl-tests) that `--sched-report="profile=..."` and the
# scheduling passes read. Run with torchrun, one process per GPU:
#
#   NCCL_NVLS_ENABLE=0 torchrun --nproc-per-node=2 \
#     bench/calibration/calibrate_collectives.py --out profile.json
#
# ===---------------------------------------------------------------------=== #

import argparse
import json
import os

import torch
import torch.distributed as dist

from cuda_timing import time_ms


def time_us(fn, reps):
    return time_ms(fn, reps, warmup=5, before_start=dist.barrier) * 1e3


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--max-mib", type=int, default=1024)
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    dist.init_process_group("nccl")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", rank)))
    sizes = []
    size = 4096
    while size <= args.max_mib * 2**20:
        sizes.append(size)
        size *= 4
    curves = {"all_gather": [], "reduce_scatter": [], "all_reduce": []}
    for total in sizes:  # bytes of the full buffer, bf16 elements
        n = total // 2
        full = torch.ones(n, device="cuda", dtype=torch.bfloat16)
        shard = torch.ones(n // world, device="cuda", dtype=torch.bfloat16)
        curves["all_gather"].append(
            [total, time_us(lambda: dist.all_gather_into_tensor(full, shard),
                            args.reps)])
        curves["reduce_scatter"].append(
            [total, time_us(lambda: dist.reduce_scatter_tensor(shard, full),
                            args.reps)])
        curves["all_reduce"].append(
            [total, time_us(lambda: dist.all_reduce(full), args.reps)])
    # Every rank measured; keep the slowest, which bounds the step.
    for kind, points in curves.items():
        t = torch.tensor([p[1] for p in points], device="cuda")
        dist.all_reduce(t, op=dist.ReduceOp.MAX)
        for p, v in zip(points, t.tolist()):
            p[1] = round(v, 3)
    if rank == 0:
        profile = {
            "version": 1,
            "collectives": [{"kind": kind, "group_size": world,
                             "num_nodes": 1, "points": points}
                            for kind, points in curves.items()],
        }
        with open(args.out, "w") as f:
            json.dump(profile, f, indent=1)
            f.write("\n")
        print(json.dumps(profile))
        print("device", torch.cuda.get_device_name(0), "torch",
              torch.__version__, "nccl", torch.cuda.nccl.version())
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
