#!/usr/bin/env python3
# ===- random-loops.py - random programs with loops and branches ---------=== #
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# `gen SEED N`: prints a module of N random functions whose bodies hold
# compute, collectives and `scf.for` loops (static trip counts, some nested)
# and `scf.if` branches, each body with its own starts and waits.
# `check BEFORE.json AFTER.json SLACK`: compares two sched-report JSON
# reports of the same functions (before and after a scheduling pass):
# fails unless each function's step did not grow and its peak stays within
# the input's peak times (1 + SLACK). Prints "ok N" on success.
#
# ===---------------------------------------------------------------------=== #

import json
import random
import sys

TARGET = ('#sched.target<name = "t", gpus_per_node = 8, intra_node = '
          '<bandwidth = 100.0, latency = 1.0>, inter_node = <bandwidth = '
          '10.0, latency = 5.0>, hbm_bandwidth = 1000.0, hbm_capacity = '
          '1000000000, compute = [f32 = 10.0]>')


class Body:
    """Emits the ops of one block; values are tensor<16xf32> or wider."""

    def __init__(self, rng, names, indent):
        self.rng, self.names, self.indent = rng, names, indent
        self.lines = []

    def fresh(self):
        self.names[0] += 1
        return f"%v{self.names[0]}"

    def emit(self, text):
        self.lines.append(" " * self.indent + text)

    def compute(self, inputs, size=16):
        out = self.fresh()
        ins = ", ".join(inputs)
        types = ", ".join(t for _, t in [(i, self.type_of[i]) for i in inputs])
        self.emit(f'{out} = sched.compute "k" ins({ins} : {types}) cost '
                  f'<time_ns = {self.rng.randint(1, 60) * 1000}> -> '
                  f'(tensor<{size}xf32>)')
        self.type_of[out] = f"tensor<{size}xf32>"
        return out

    def collective(self, value, pending):
        fut = self.fresh()
        kind = self.rng.choice(["all_reduce", "all_gather"])
        ns = self.rng.randint(1, 60) * 1000
        if kind == "all_reduce":
            res = "tensor<16xf32>"
            self.emit(f"{fut} = sched.all_reduce_start {value} on @dp "
                      f"reduction = sum {{sched.cost = #sched.cost<time_ns = "
                      f"{ns}>}} : tensor<16xf32> -> !sched.future<{res}>")
        else:
            res = "tensor<64xf32>"
            self.emit(f"{fut} = sched.all_gather_start {value} on @dp "
                      f"gather_dim = 0 {{sched.cost = #sched.cost<time_ns = "
                      f"{ns}>}} : tensor<16xf32> -> !sched.future<{res}>")
        pending.append((fut, res))

    def wait(self, pending):
        fut, res = pending.pop(self.rng.randrange(len(pending)))
        out = self.fresh()
        self.emit(f"{out} = sched.wait {fut} : !sched.future<{res}>")
        self.type_of[out] = res
        return out


def gen_block(rng, names, indent, inputs, depth, type_of):
    """Emits a block using `inputs` (16-wide values); returns its result."""
    body = Body(rng, names, indent)
    body.type_of = type_of
    small = list(inputs)
    pending = []
    for _ in range(rng.randint(3, 8)):
        choice = rng.random()
        if choice < 0.3:
            body.collective(rng.choice(small), pending)
        elif choice < 0.45 and pending:
            body.wait(pending)
        elif choice < 0.55 and depth < 2:
            small.append(gen_loop(rng, names, body, rng.choice(small), depth,
                                  type_of))
        elif choice < 0.6 and depth < 2:
            small.append(gen_if(rng, names, body, rng.choice(small), depth,
                                type_of))
        else:
            args = rng.sample(small, min(len(small), rng.randint(1, 2)))
            small.append(body.compute(args))
    waited = [body.wait(pending) for _ in range(len(pending))]
    result = body.compute([small[-1]] + waited)
    return body.lines, result


def gen_loop(rng, names, body, init, depth, type_of):
    names[0] += 1
    n = names[0]
    out, arg = f"%loop{n}", f"%a{n}"
    type_of[arg] = "tensor<16xf32>"
    lines, result = gen_block(rng, names, body.indent + 2, [arg], depth + 1,
                              type_of)
    trips = rng.randint(2, 4)
    body.emit(f"{out} = scf.for %i{n} = %c0 to %c{trips} step %c1 "
              f"iter_args({arg} = {init}) -> (tensor<16xf32>) {{")
    body.lines.extend(lines)
    body.emit(f"  scf.yield {result} : tensor<16xf32>")
    body.emit("}")
    type_of[out] = "tensor<16xf32>"
    return out


def gen_if(rng, names, body, value, depth, type_of):
    names[0] += 1
    out = f"%if{names[0]}"
    then_lines, then_result = gen_block(rng, names, body.indent + 2, [value],
                                        depth + 1, type_of)
    else_lines, else_result = gen_block(rng, names, body.indent + 2, [value],
                                        depth + 1, type_of)
    body.emit(f"{out} = scf.if %p -> (tensor<16xf32>) {{")
    body.lines.extend(then_lines)
    body.emit(f"  scf.yield {then_result} : tensor<16xf32>")
    body.emit("} else {")
    body.lines.extend(else_lines)
    body.emit(f"  scf.yield {else_result} : tensor<16xf32>")
    body.emit("}")
    type_of[out] = "tensor<16xf32>"
    return out


def gen(seed, count):
    rng = random.Random(seed)
    print(f"module attributes {{sched.target = {TARGET}}} {{")
    print("  sched.process_group @dp size = 4")
    for f in range(count):
        names = [0]
        type_of = {"%x": "tensor<16xf32>"}
        lines, result = gen_block(rng, names, 4, ["%x"], 0, type_of)
        print(f"  func.func @f{f}(%x: tensor<16xf32>, %p: i1) -> "
              "tensor<16xf32> {")
        for c in range(5):
            print(f"    %c{c} = arith.constant {c} : index")
        print("\n".join(lines))
        print(f"    return {result} : tensor<16xf32>")
        print("  }")
    print("}")


def check(before_path, after_path, slack):
    with open(before_path) as f:
        before = {fn["name"]: fn for fn in json.load(f)["functions"]}
    with open(after_path) as f:
        after = {fn["name"]: fn for fn in json.load(f)["functions"]}
    bad = 0
    for name, fn in before.items():
        new = after[name]
        if new["makespan_us"] > fn["makespan_us"] + 1e-6:
            print(f"{name}: step {fn['makespan_us']} -> {new['makespan_us']}")
            bad += 1
        limit = fn["peak_memory_bytes"] * (1 + slack)
        if new["peak_memory_bytes"] > limit:
            print(f"{name}: peak {fn['peak_memory_bytes']} -> "
                  f"{new['peak_memory_bytes']}, over {limit}")
            bad += 1
    if bad:
        sys.exit(1)
    print(f"ok {len(before)}")


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        gen(int(sys.argv[2]), int(sys.argv[3]))
    else:
        check(sys.argv[2], sys.argv[3], float(sys.argv[4]))
