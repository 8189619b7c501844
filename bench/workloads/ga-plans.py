#!/usr/bin/env python3
#===- ga-plans.py - hand-planned orders of a gradient-accumulation step --===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Schedules a sched-gen transformer step with gradient accumulation
(--micro-batches=4) by a phase plan that interleaves micro-batches, writes
each order as a reordered copy of the input, and prints the simulated step
and peak memory that sched-report gives for it. It shows what orders exist
that sched-schedule-overlap does not find (schedule-readings.md).

A plan gives every segment (the forward or the backward of one micro-batch,
in input order) an interval of virtual time; an op's priority is its
segment's start plus the interval times the fraction of the segment's
compute before it, so segments with overlapping intervals advance together.
A list scheduler in simulated time (as `simulate` times an order) then runs
the ready compute of best priority, issues each collective when its operands
are ready (those of the FSDP group by priority, with at most K gathers whose
users have not all run), and places each wait when its collective has ended,
or when nothing else can run.

usage: ga-plans.py SCHED_OPT INPUT.mlir OUT_DIR
"""
import collections
import heapq
import json
import os
import re
import subprocess
import sys

# Plans for four micro-batches: segment (micro-batch, 'f' or 'b') ->
# interval of virtual time.
BASE = {(0, 'f'): (0, 1), (0, 'b'): (1, 2), (1, 'f'): (1, 2),
        (1, 'b'): (2, 3), (2, 'f'): (2, 3)}
PLANS = {
    # f0 | b0+f1 | b1+f2 | b2+f3 | b3
    'paired': {**BASE, (2, 'b'): (3, 4), (3, 'f'): (3, 4),
               (3, 'b'): (4, 5)},
    # f3 over the first 80 % of b2, b3 right after it.
    'paired-early-b3': {**BASE, (2, 'b'): (3, 4), (3, 'f'): (3, 3.8),
                        (3, 'b'): (3.8, 4.6)},
    # f0 | b0+f1 | b1+f2+f3 | b2+b3: the link is busy in every phase.
    'two-backwards': {**BASE, (3, 'f'): (2, 3), (2, 'b'): (3, 4),
                      (3, 'b'): (3, 4)},
}
# K: gathers in flight; (K1, K2): K1 while the priority is below 3 (the
# phases before the last two backwards), K2 after.
GATHERS_IN_FLIGHT = (3, 4, (6, 3), 1000)


def remarks(opt, path, flag):
    result = subprocess.run(
        [opt, path, flag, '--mlir-print-op-on-diagnostic=false', '-o',
         '/dev/null'], capture_output=True, text=True, check=True)
    return result.stderr.splitlines()


def load(opt, path):
    """The ops of the function body: kind, time, stream, dependences."""
    lines = remarks(opt, path, '--test-sched-print-dependences')
    ops = []
    for i, line in enumerate(lines):
        m = re.search(r'remark: node (\d+)(?: <- (.*))?$', line)
        if not m:
            continue
        deps = [int(x.split(' ')[0]) for x in m.group(2).split(', ')
                ] if m.group(2) else []
        ops.append({'deps': deps, 'text': lines[i + 1].strip()})
    times, collectives = [], []
    for line in remarks(opt, path, '--test-sched-print-simulation'):
        m = re.search(r'remark: \[([\d.]+), ([\d.]+)\] us$', line)
        if m:
            times.append(float(m.group(2)) - float(m.group(1)))
        m = re.search(r'remark: on @(\w+) \[([\d.]+), ([\d.]+)\] us', line)
        if m:
            collectives.append(
                (m.group(1), float(m.group(3)) - float(m.group(2))))
    assert len(times) == len(ops)
    collectives.reverse()
    for op, time in zip(ops, times):
        text = op['text']
        m = re.search(r'sched\.(\w+)_start', text)
        if m:
            op['stream'], op['time'] = collectives.pop()
            op.update(kind='start', name=m.group(1))
        elif 'sched.wait' in text:
            op.update(kind='wait', time=0,
                      start=[d for d in op['deps']
                             if 'stream' in ops[d]][0])
        else:
            m = re.search(r'sched\.compute "(\w+)"', text)
            op.update(kind='compute', time=time,
                      name=m.group(1) if m else '')
    return ops


def segments(ops):
    """Per op, its segment (micro-batch, 'f' or 'b') and the fraction of
    the segment's compute before it."""
    n = len(ops)
    first = {name: [i for i, op in enumerate(ops) if op.get('name') == name]
             for name in ('embedding', 'cross_entropy_bwd', 'embedding_wgrad')}
    bounds = []
    for m in range(len(first['embedding'])):
        begin = 0 if m == 0 else first['embedding_wgrad'][m - 1] + 1
        loss = first['cross_entropy_bwd'][m]
        end = (first['embedding_wgrad'][m] + 1
               if m + 1 < len(first['embedding']) else n)
        bounds += [((m, 'f'), begin, loss), ((m, 'b'), loss, end)]
    segment, progress = [None] * n, [0.0] * n
    for key, begin, end in bounds:
        total = sum(ops[i]['time'] for i in range(begin, end)
                    if ops[i]['kind'] == 'compute') or 1
        done = 0
        for i in range(begin, end):
            segment[i], progress[i] = key, done / total
            if ops[i]['kind'] == 'compute':
                done += ops[i]['time']
    return segment, progress


def depth(gathers, priority):
    """The gathers allowed in flight when issuing one of `priority`."""
    if isinstance(gathers, tuple):
        return gathers[0] if priority[0] < 3 else gathers[1]
    return gathers


def schedule(ops, priority, gathers):
    """The order the list scheduler described above produces."""
    n = len(ops)
    succs = [[] for _ in range(n)]
    for i, op in enumerate(ops):
        for d in op['deps']:
            succs[d].append(i)
    wait_of = {op['start']: i for i, op in enumerate(ops)
               if op['kind'] == 'wait'}
    missing = [len(op['deps']) for op in ops]
    order, now = [], 0.0
    free, end = collections.defaultdict(float), {}
    compute, fsdp, waits = [], [], set()
    users, outstanding = {}, set()

    def place(i):
        nonlocal now
        op = ops[i]
        order.append(i)
        if op['kind'] == 'compute':
            now += op['time']
        elif op['kind'] == 'start':
            end[i] = max(now, free[op['stream']]) + op['time']
            free[op['stream']] = end[i]
            if op['stream'] == 'fsdp' and op['name'] == 'all_gather':
                users[wait_of[i]] = len(succs[wait_of[i]])
                outstanding.add(wait_of[i])
        else:
            waits.discard(i)
            now = max(now, end[op['start']])
        for d in op['deps']:
            if d in users:
                users[d] -= 1
                if users[d] == 0:
                    outstanding.discard(d)
        for s in succs[i]:
            missing[s] -= 1
            if missing[s] == 0:
                ready(s)

    def ready(i):
        op = ops[i]
        if op['kind'] == 'compute':
            heapq.heappush(compute, (priority[i], i))
        elif op['kind'] == 'wait':
            waits.add(i)
        elif op['stream'] == 'fsdp':
            heapq.heappush(fsdp, (priority[i], i))
        else:
            place(i)

    for i in range(n):
        if missing[i] == 0:
            ready(i)
    while len(order) < n:
        ended = [w for w in sorted(waits) if end[ops[w]['start']] <= now]
        if ended:
            place(ended[0])
            continue
        issuable = [s for p, s in sorted(fsdp)
                    if ops[s]['name'] != 'all_gather'
                    or len(outstanding) < depth(gathers, p)]
        if issuable:
            fsdp.remove((priority[issuable[0]], issuable[0]))
            heapq.heapify(fsdp)
            place(issuable[0])
            continue
        if compute:
            place(heapq.heappop(compute)[1])
        elif waits:
            place(min(waits, key=lambda w: (end[ops[w]['start']], w)))
        else:
            place(heapq.heappop(fsdp)[1])
    return order


def report(opt, path):
    subprocess.run([opt, path, f'--sched-report=json={path}.json', '-o',
                    '/dev/null'], check=True)
    with open(path + '.json') as f:
        function = json.load(f)['functions'][0]
    return function['makespan_us'] / 1000, function['peak_memory_bytes']


def main():
    opt, source, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    ops = load(opt, source)
    segment, progress = segments(ops)
    with open(source) as f:
        lines = f.read().split('\n')
    body = [i for i, line in enumerate(lines) if 'func.func' in line][0] + 1
    _, input_peak = report(opt, source)
    budget = 1.05 * input_peak
    print('| plan | gathers in flight | step (ms) | peak (GiB) | '
          'within the 5 % budget |')
    print('|---|---:|---:|---:|---|')
    for name, plan in PLANS.items():
        priority = [(plan[segment[i]][0] + (plan[segment[i]][1] -
                     plan[segment[i]][0]) * progress[i], i)
                    for i in range(len(ops))]
        for gathers in GATHERS_IN_FLIGHT:
            order = schedule(ops, priority, gathers)
            label = ('/'.join(map(str, gathers))
                     if isinstance(gathers, tuple) else str(gathers))
            path = os.path.join(out, f'{name}-{label.replace("/", "-")}.mlir')
            with open(path, 'w') as f:
                f.write('\n'.join(lines[:body] +
                                  [lines[body + i] for i in order] +
                                  lines[body + len(order):]))
            step, peak = report(opt, path)
            print(f'| {name} | {label} | {step:.1f} | {peak / 2**30:.2f} '
                  f'| {"yes" if peak <= budget else "no"} |', flush=True)


if __name__ == '__main__':
    main()
