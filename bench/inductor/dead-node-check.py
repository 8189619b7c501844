#!/usr/bin/env python3
#===- dead-node-check.py - does Inductor run a cast that nothing uses? ----===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Compiles, with torch.compile (Inductor), a function with two dtype casts
that nothing uses (one of an input, one of a matmul's product) and prints
the kernels of the generated code: if Inductor dropped them, there is no
kernel for either, only the matmul and the fused relu. The FX importer drops
such nodes too (docs/FXFormat.md, "Dead nodes"). Needs PyTorch and a CUDA
device (bench/inductor/RESULTS-corpus.md, "Session 23", has the output on
an H200 with torch 2.11)."""
import torch
from torch._inductor.utils import run_and_get_code


def f(x, w):
    dead = w.to(torch.float32)  # no user
    y = x @ w
    dead_product = (y * 3).to(torch.float32)  # no user
    return y.relu()


def main():
    x = torch.randn(256, 256, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(256, 256, device="cuda", dtype=torch.bfloat16)
    _, codes = run_and_get_code(torch.compile(f), x, w)
    code = "\n".join(codes)
    print("torch", torch.__version__)
    print("triton kernels:", code.count("@triton.jit"))
    for line in code.splitlines():
        if line.lstrip().startswith("def triton") or "extern_kernels." in line:
            print(" ", line.strip())


if __name__ == "__main__":
    main()
