#!/usr/bin/env python3
# ===- bench/workloads/replay_allocs.py - allocs of a lowered step ---------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# Replays the memref.alloc and memref.dealloc ops of the first function of a
# bufferized module (sched-opt's generic text after sched-insert-deallocs)
# in program order, each scf.for body once per value of its induction
# variable (constant bounds), each scf.if body when its condition (an
# arith.cmpi of index values) holds, and prints the peak bytes held (the
# memref arguments plus every allocation not yet freed) and the bytes still
# allocated at the end. What
# the executable allocates, to compare with sched-report's peak of the same
# IR and of the tensor program (bench/workloads/ROLLED-SCHEDULED.md, "The
# frees, fixed"). Only static shapes, constant loop bounds and such
# conditions are read; anything else is an error.
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


def parse(lines, i):
    """The ops from line `i` to the closing brace: ('op', text),
    ('for', iv, low, high, step, body) or ('if', condition, body)."""
    body = []
    while i < len(lines):
        text = lines[i].strip()
        if text.startswith("}"):
            if "else" in text:
                sys.exit(f"line {i + 1}: an scf.if with an else branch")
            return body, i
        if text.endswith("{") and "func.func" not in text:
            loop = re.search(
                r"scf.for (%\w+) = (%\w+) to (%\w+) step (%\w+)", text)
            branch = re.match(r"scf.if (%\w+) \{$", text)
            nested, i = parse(lines, i + 1)
            if loop:
                body.append(("for",) + loop.groups() + (nested,))
            elif branch:
                body.append(("if", branch.group(1), nested))
            else:
                sys.exit(f"line {i + 1}: a region that is no scf.for or "
                         "scf.if: " + text)
        else:
            body.append(("op", text))
        i += 1
    return body, i


PREDICATES = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
              "slt": lambda a, b: a < b, "sle": lambda a, b: a <= b,
              "sgt": lambda a, b: a > b, "sge": lambda a, b: a >= b,
              "ult": lambda a, b: a < b, "ule": lambda a, b: a <= b,
              "ugt": lambda a, b: a > b, "uge": lambda a, b: a >= b}


def value(values, name):
    if name not in values:
        sys.exit(f"{name} is not a known index value")
    return values[name]


def replay(body, state, values):
    for node in body:
        if node[0] == "for":
            _, iv, low, high, step, nested = node
            for index in range(value(values, low), value(values, high),
                               value(values, step)):
                values[iv] = index
                replay(nested, state, values)
            continue
        if node[0] == "if":
            if value(values, node[1]):
                replay(node[2], state, values)
            continue
        text = node[1]
        compare = re.match(
            r"(%\w+) = arith.cmpi (\w+), (%\w+), (%\w+) : index$", text)
        if compare:
            name, predicate, lhs, rhs = compare.groups()
            values[name] = PREDICATES[predicate](value(values, lhs),
                                                 value(values, rhs))
            continue
        alloc = re.match(r"%\w+ = memref.alloc\(\).*: (memref<[^>]*>)$", text)
        if alloc:
            state["held"] += byte_size(alloc.group(1))
            state["peak"] = max(state["peak"], state["held"])
            continue
        free = re.match(r"memref.dealloc %[\w#]+ : (memref<[^>]*>)$", text)
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
    body, _ = parse(lines, start + 1)
    state = {"held": arguments, "peak": arguments}
    replay(body, state, constants)
    print(f"peak {state['peak']} bytes, {state['held'] - arguments} bytes "
          "allocated at the end")


if __name__ == "__main__":
    main()
