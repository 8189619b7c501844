#!/usr/bin/env python3
"""Writes the programs that compare bucket modes on GPUs (bench/gpu/E2E.md).

bucket-modes-<size>.mlir: 16 parameter shards of <size> bf16 elements each,
all-gathered as one bucket, a compute op, and the 16 gradients
reduce-scattered as one bucket and all-reduced as one bucket.
separate-<size>.mlir: the same with one collective per tensor.
"""
import sys

N = 16


def program(elems, bucketed):
    shard = f"tensor<{elems}xbf16>"
    full = f"tensor<{2 * elems}xbf16>"
    args = ", ".join(f"%p{i}: {shard}" for i in range(N))
    lines = ["sched.process_group @g size = 2", "",
             f"func.func @step({args}) -> ({shard}, {full}) {{"]
    ps = ", ".join(f"%p{i}" for i in range(N))
    if bucketed:
        lines.append(f"  %f = sched.all_gather_start {ps} on @g gather_dim = 0 : "
                     f"{', '.join([shard] * N)} -> !sched.future<{', '.join([full] * N)}>")
        lines.append(f"  %g:{N} = sched.wait %f : !sched.future<{', '.join([full] * N)}>")
        gathered = [f"%g#{i}" for i in range(N)]
    else:
        gathered = []
        for i in range(N):
            lines.append(f"  %f{i} = sched.all_gather_start %p{i} on @g gather_dim = 0 : "
                         f"{shard} -> !sched.future<{full}>")
            lines.append(f"  %g{i} = sched.wait %f{i} : !sched.future<{full}>")
            gathered.append(f"%g{i}")
    grads = []
    for i in range(N):
        lines.append(f"  %d{i} = sched.compute \"grad\" ins({gathered[i]} : {full}) "
                     f"cost <flops = 1000000000> -> ({full})")
        grads.append(f"%d{i}")
    for kind, attrs, out in (("reduce_scatter", "reduction = sum scatter_dim = 0", shard),
                             ("all_reduce", "reduction = sum", full)):
        tag = kind[0:2]
        if bucketed:
            lines.append(f"  %{tag} = sched.{kind}_start {', '.join(grads)} on @g {attrs} : "
                         f"{', '.join([full] * N)} -> !sched.future<{', '.join([out] * N)}>")
            lines.append(f"  %{tag}w:{N} = sched.wait %{tag} : !sched.future<{', '.join([out] * N)}>")
            results = [f"%{tag}w#{i}" for i in range(N)]
        else:
            results = []
            for i in range(N):
                lines.append(f"  %{tag}{i} = sched.{kind}_start {grads[i]} on @g {attrs} : "
                             f"{full} -> !sched.future<{out}>")
                lines.append(f"  %{tag}w{i} = sched.wait %{tag}{i} : !sched.future<{out}>")
                results.append(f"%{tag}w{i}")
        if kind == "reduce_scatter":
            rs = results
        else:
            ar = results
    lines.append(f"  %o1 = sched.compute \"sum\" ins({', '.join(rs)} : {', '.join([shard] * N)}) -> ({shard})")
    lines.append(f"  %o2 = sched.compute \"sum\" ins({', '.join(ar)} : {', '.join([full] * N)}) -> ({full})")
    lines.append(f"  return %o1, %o2 : {shard}, {full}")
    lines.append("}")
    return "\n".join(lines) + "\n"


for elems in (int(a) for a in sys.argv[1:]):
    for bucketed, name in ((True, "bucket-modes"), (False, "separate")):
        with open(f"{name}-{elems}.mlir", "w") as f:
            f.write(program(elems, bucketed))
