#!/usr/bin/env python3
# ===- bench/workloads/replay_allocs.py - allocs of a lowered step ---------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# Replays the memref.alloc and memref.dealloc ops of the first function of a
# bufferized module (sched-opt's generic text after sched-insert-deallocs)
# in program order, each scf.for body as many times as its constant trip
# count, and prints the peak bytes held (the memref arguments plus every
# allocation not yet freed) and the bytes still allocated at the end. What
# the executable allocates, to compare with sched-report's peak of the same
# IR and of the tensor program (bench/workloads/ROLLED-SCHEDULED.md, "The
# frees, fixed"). Only static shapes and constant loop bounds are read;
# anything else is an error.
#
# Usage: bench/workloads/replay_allocs.py FILE.mlir
#
# ===----------------------------------------------------------------------===#
import re
import sys

ELEMENT_BYTES = {"bf16": 2, "f16": 2, "f32": 4, "f64": 8, "i64": 8,
                 "i32": 4, "i8": 1, "i1": 1}


def byte_size(memref):
    """Bytes of a statically shaped `memref<AxBxT...>`."""
    dims = re.match(r"memref<([^,>]*)", memref).group(1).split("x")
    size = ELEMENT_BYTES[dims[-1]]
    for dim in dims[:-1]:
        size *= int(dim)
    return size


def parse(lines, i, constants):
    """The ops from line `i` to the closing brace: ('op', text) or
    ('for', trips, body)."""
    body = []
    while i < len(lines):
        text = lines[i].strip()
        if text.startswith("}"):
            return body, i
        if text.endswith("{") and "func.func" not in text:
            loop = re.search(r"scf.for %\w+ = (%\w+) to (%\w+) step (%\w+)",
                             text)
            nested, i = parse(lines, i + 1, constants)
            trips = 1
            if loop:
                low, high, step = (constants[loop.group(k)] for k in (1, 2, 3))
                trips = max(0, (high - low + step - 1) // step)
            body.append(("for", trips, nested))
        else:
            body.append(("op", text))
        i += 1
    return body, i


def replay(body, state):
    for node in body:
        if node[0] == "for":
            for _ in range(node[1]):
                replay(node[2], state)
            continue
        alloc = re.match(r"%\w+ = memref.alloc\(\).*: (memref<[^>]*>)$",
                         node[1])
        if alloc:
            state["held"] += byte_size(alloc.group(1))
            state["peak"] = max(state["peak"], state["held"])
            continue
        free = re.match(r"memref.dealloc %[\w#]+ : (memref<[^>]*>)$", node[1])
        if free:
            state["held"] -= byte_size(free.group(1))


def main():
    lines = open(sys.argv[1]).read().split("\n")
    constants = {}
    for line in lines:
        constant = re.match(r"\s*(%\w+) = arith.constant (-?\d+) : index",
                            line)
        if constant:
            constants[constant.group(1)] = int(constant.group(2))
    start = next(i for i, line in enumerate(lines) if "func.func" in line)
    arguments = sum(byte_size(memref) for memref in
                    re.findall(r"%arg\d+: (memref<[^>]*>)", lines[start]))
    body, _ = parse(lines, start + 1, constants)
    state = {"held": arguments, "peak": arguments}
    replay(body, state)
    print(f"peak {state['peak']} bytes, {state['held'] - arguments} bytes "
          "allocated at the end")


if __name__ == "__main__":
    main()
