#!/usr/bin/env python3
#===- inductor_overlap.py - PyTorch Inductor's overlap scheduler on our graphs ===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Traces the same Llama-style training step as utils/export_fx_graph.py,
writes it (sched-fx/1 JSON), runs Inductor's overlap scheduler
(torch._inductor.fx_passes.overlap_scheduling.schedule_overlap_bucketing) on
it and writes the graph in Inductor's order, with the pass time.

With --estimates FILE ({"node name": microseconds}, from
bench/inductor/estimates.py), Inductor's custom_runtime_estimation hook
returns sched's cost-model times, so both schedulers see the same costs;
nodes missing from the file cost 0. Without it, Inductor uses its own
estimators (analytical collectives, benchmarked compute).

With --measure-costs FILE, Inductor's own estimators give every node its
time first, as its scheduler would (compute nodes with a FLOP formula
benchmarked on the GPU, collectives from its analytical NCCL model, other
nodes as memory-bound, views 0), the times are written to FILE in the
--estimates format, and the pass then runs on exactly those times; FILE can
be given to sched (bench/inductor/with-runtimes.py) and to later runs as
--estimates, so that both schedulers see Inductor's costs.

After the pass, every collective of the resulting graph that FILE does not
time (with --bucket: the merged collectives Inductor's bucketer made) gets
Inductor's own estimate (estimate_collective_time, the model its scheduler
uses), written to DIR/NAME.inductor-new-costs.json in the same format, so
that a bucketed order is judged with Inductor's costs for its buckets too
(bench/inductor/corpus-table.py --costs inductor). The pass's calls of the
hook for nodes FILE does not time are counted on stderr.

usage: inductor_overlap.py --out-dir DIR [--estimates FILE | --measure-costs FILE]
         [--bucket] [--bucket-mode MODE]
         [export_fx_graph.py options: --layers, --hidden, --world-size, ...]
Runs where PyTorch is (the GPU machine); needs no GPU memory beyond
Inductor's own benchmarking.
"""

import argparse
import inspect
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "utils"))
import export_fx_graph as efx  # noqa: E402


def main():
    own = argparse.ArgumentParser(add_help=False)
    own.add_argument("--out-dir", required=True)
    own.add_argument("--estimates")
    own.add_argument("--measure-costs")
    own.add_argument("--bucket", action="store_true")
    # Inductor's bucket_mode (e.g. "default", "custom_ops"); its own default
    # when not given or when the installed version has no such parameter.
    own.add_argument("--bucket-mode")
    ours, rest = own.parse_known_args()
    import torch
    from torch._inductor.fx_passes import overlap_scheduling as ovl

    args = efx.parse_args(rest + ["--out", "unused.json"])
    if args.device is None:
        args.device = "cuda" if torch.cuda.is_available() else "cpu"
    config = efx.Config(layers=args.layers, hidden=args.hidden, heads=args.heads,
                        ffn=args.ffn, seq=args.seq, batch=args.batch)
    parallel, labels = efx.init_groups(torch, args)
    start = time.perf_counter()
    gm = efx.trace(torch, args, config, parallel)
    trace_s = time.perf_counter() - start
    name = args.name or "step"
    os.makedirs(ours.out_dir, exist_ok=True)
    efx.write_document(efx.to_document(torch, gm, args, labels, {}),
                       os.path.join(ours.out_dir, name + ".json"))
    nodes = len(gm.graph.nodes)

    kwargs = {"collective_bucketing": ours.bucket}
    sig = inspect.signature(ovl.schedule_overlap_bucketing)
    if ours.bucket_mode and "bucket_mode" in sig.parameters:
        kwargs["bucket_mode"] = ours.bucket_mode
    print("schedule_overlap_bucketing%s" % sig, file=sys.stderr)
    if ours.measure_costs:
        est = measure_costs(torch, ovl, gm)
        with open(ours.measure_costs, "w") as f:
            json.dump(est, f, indent=0, sort_keys=True)
        print("measured Inductor's costs of %d nodes" % len(est), file=sys.stderr)
        ours.estimates = ours.measure_costs
    if ours.estimates:
        est = json.load(open(ours.estimates))
        missing = [n.name for n in gm.graph.nodes
                   if n.op == "call_function" and n.name not in est]
        print("estimates: %d nodes, %d call_function nodes without one (cost 0)"
              % (len(est), len(missing)), file=sys.stderr)

        untimed = set()

        def custom(node, override_size=None):
            if node.name not in est:
                untimed.add(node.name)
            return est.get(node.name, 0.0) / 1000.0  # us -> ms

        kwargs["custom_runtime_estimation"] = custom
    gm, pass_s = run_pass(torch, ovl, gm, kwargs)
    collectives = {}
    for n in gm.graph.nodes:
        if n.op == "call_function" and "c10d" in str(n.target):
            collectives[str(n.target)] = collectives.get(str(n.target), 0) + 1
    print("collectives after the pass: %s" % collectives, file=sys.stderr)
    if ours.estimates:
        print("the hook was asked for %d nodes without an estimate: %s"
              % (len(untimed), sorted(untimed)[:20]), file=sys.stderr)
        new_costs = collective_costs_missing(ovl, gm, est)
        with open(os.path.join(ours.out_dir, name + ".inductor-new-costs.json"), "w") as f:
            json.dump(new_costs, f, indent=0, sort_keys=True)
        print("Inductor's estimate of %d collectives the estimates do not time"
              % len(new_costs), file=sys.stderr)
    out = os.path.join(ours.out_dir, name + ".inductor.json")
    efx.write_document(efx.to_document(torch, gm, args, labels, {}), out)
    report = {"name": name, "nodes": nodes, "trace_s": round(trace_s, 3),
              "inductor_pass_s": round(pass_s, 4), "estimates": bool(ours.estimates),
              "bucket": ours.bucket, "bucket_mode": kwargs.get("bucket_mode"),
              "torch": torch.__version__}
    print(json.dumps(report))
    with open(os.path.join(ours.out_dir, name + ".inductor-time.json"), "w") as f:
        json.dump(report, f)
    import torch.distributed as dist
    dist.destroy_process_group()


def run_pass(torch, ovl, gm, kwargs):
    """Runs schedule_overlap_bucketing on `gm` with those of `kwargs` the
    installed version takes (with custom_runtime_estimation, the analytical
    estimators where it has the knobs); returns the scheduled graph and the
    pass's seconds."""
    sig = inspect.signature(ovl.schedule_overlap_bucketing)
    kwargs = dict(kwargs)
    if "custom_runtime_estimation" in kwargs:
        for knob in ("collective_estimator", "compute_estimator"):
            kwargs[knob] = "analytical"
    kwargs = {k: v for k, v in kwargs.items() if k in sig.parameters}
    start = time.perf_counter()
    result = ovl.schedule_overlap_bucketing(gm, **kwargs)
    pass_s = time.perf_counter() - start
    return (result if isinstance(result, torch.fx.GraphModule) else gm), pass_s


def is_collective_start(n):
    """Whether `n` issues a collective (not a wait)."""
    namespace = getattr(n.target, "namespace", "")
    return (n.op == "call_function"
            and namespace in ("_c10d_functional", "_c10d_functional_autograd")
            and "wait_tensor" not in str(n.target))


def collective_costs_missing(ovl, gm, est):
    """Inductor's own time, in microseconds, of every collective of `gm`
    that `est` does not time (estimate_collective_time)."""
    costs = {}
    for n in gm.graph.nodes:
        if is_collective_start(n) and n.name not in est:
            ms = ovl.estimate_collective_time(n)
            if ms:
                costs[n.name] = round(float(ms) * 1000.0, 4)
    return costs


def measure_costs(torch, ovl, gm):
    """Inductor's own time of every node, in microseconds, as its overlap
    scheduler computes it (OverlapScheduler.get_non_collective_runtime_
    estimate and estimate_collective_time); waits and other ops of the
    collective namespaces cost 0."""
    est = {}
    for n in gm.graph.nodes:
        if n.op != "call_function":
            continue
        namespace = getattr(n.target, "namespace", "")
        if namespace in ("_c10d_functional", "_c10d_functional_autograd"):
            if not is_collective_start(n):
                continue
            ms = ovl.estimate_collective_time(n)
        elif ovl.is_compute_node(n):
            ms = ovl.benchmark_node(n)
        else:
            ms = ovl.estimate_mem_bound_runtime_ms(n)
        if ms:
            est[n.name] = round(float(ms) * 1000.0, 4)
    return est


if __name__ == "__main__":
    main()
