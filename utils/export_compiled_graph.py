#!/usr/bin/env python3
# ===- export_compiled_graph.py - graphs of torch.compile'd real modules --===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# ===----------------------------------------------------------------------===#
"""Exports the graphs that torch.compile's AOTAutograd makes of a training
step of a real torch.nn module (a GPT-2-style decoder: embedding, LayerNorm,
GELU, dropout, scaled-dot-product attention, cross-entropy; or with --model
llama RMSNorm, grouped-query attention and a SwiGLU MLP), parallelised
with DTensor's tensor parallelism (parallelize_module: column- and row-wise
linears, optionally sequence parallelism) or with FSDP2 (fully_shard), on a
fake process group, as sched-fx/1 JSON: one file per graph AOTAutograd hands
to the compiler (the forward and the backward; more where Dynamo breaks the
graph). Unlike export_fx_graph.py, which traces a hand-written step with
explicit functional collectives, the collectives here are the ones DTensor
and FSDP2 emit.

Needs PyTorch >= 2.4 and a GPU (the step runs once with real tensors on a
fake process group: the collectives do nothing, the shapes are real).

  python3 utils/export_compiled_graph.py --model gpt2 --parallel tp \\
      --world-size 4 --layers 2 --hidden 1024 --out /tmp/g
"""

import argparse
import os
import sys
import types
from typing import Dict, List

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "inductor"))
import export_fx_graph as efx  # noqa: E402


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", choices=["gpt2", "llama"], default="gpt2")
    p.add_argument("--kv-heads", type=int, default=None,
                   help="llama: key/value heads (grouped-query attention; default --heads)")
    p.add_argument("--parallel", choices=["tp", "tp-sp", "fsdp"], default="tp")
    p.add_argument("--world-size", type=int, default=4)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--hidden", type=int, default=1024)
    p.add_argument("--heads", type=int, default=16)
    p.add_argument("--seq", type=int, default=1024)
    p.add_argument("--batch", type=int, default=1)
    p.add_argument("--vocab", type=int, default=32000)
    p.add_argument("--dropout", type=float, default=0.1)
    p.add_argument("--dtype", default="bfloat16")
    p.add_argument(
        "--trace-fsdp-hooks",
        action="store_true",
        help="with --parallel fsdp: let Dynamo trace FSDP2's hooks and compile the "
        "backward with compiled autograd, so that the collectives are in the graphs "
        "(without it FSDP2 runs them outside the compiled graphs)",
    )
    p.add_argument(
        "--inductor",
        action="store_true",
        help="also measure Inductor's own costs of every node (as its overlap scheduler "
        "does), write them as runtime_us, and write Inductor's overlap-scheduled order "
        "of each graph (schedule_overlap_bucketing with those costs, no bucketing) as "
        "NAME.inductor.json with its pass time in NAME.inductor-time.json",
    )
    p.add_argument("--name", default=None)
    p.add_argument("--out", required=True, help="output folder")
    a = p.parse_args(argv)
    if a.hidden % a.heads:
        p.error("--hidden must be a multiple of --heads")
    if a.parallel != "fsdp" and (a.heads % a.world_size or a.hidden % a.world_size):
        p.error("--heads and --hidden must be multiples of --world-size for tensor parallelism")
    if a.kv_heads is None:
        a.kv_heads = a.heads
    if a.kv_heads < 1 or a.heads % a.kv_heads:
        p.error("--heads must be a multiple of --kv-heads")
    if a.parallel != "fsdp" and a.kv_heads % a.world_size:
        p.error("--kv-heads must be a multiple of --world-size for tensor parallelism")
    if a.parallel == "tp-sp" and a.seq % a.world_size:
        p.error("--seq must be a multiple of --world-size for sequence parallelism")
    if a.trace_fsdp_hooks and a.parallel != "fsdp":
        p.error("--trace-fsdp-hooks needs --parallel fsdp")
    if min(a.world_size, a.layers, a.hidden, a.heads, a.seq, a.batch, a.vocab) < 1:
        p.error("sizes must be positive")
    return a


def build_gpt2(torch, a):
    nn = torch.nn
    functional = torch.nn.functional
    head_dim = a.hidden // a.heads

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1 = nn.LayerNorm(a.hidden)
            self.qkv = nn.Linear(a.hidden, 3 * a.hidden)
            self.proj = nn.Linear(a.hidden, a.hidden)
            self.ln2 = nn.LayerNorm(a.hidden)
            self.fc = nn.Linear(a.hidden, 4 * a.hidden)
            self.out = nn.Linear(4 * a.hidden, a.hidden)
            self.drop = nn.Dropout(a.dropout)

        def forward(self, x):
            b, s = x.shape[0], x.shape[1]
            h = self.ln1(x)
            qkv = self.qkv(h)
            # With tensor parallelism the local width is 3 * hidden / tp.
            q, k, v = qkv.split(qkv.shape[-1] // 3, dim=-1)
            q, k, v = (t.reshape(b, t.shape[1], -1, head_dim).transpose(1, 2) for t in (q, k, v))
            attn = functional.scaled_dot_product_attention(q, k, v, is_causal=True)
            attn = attn.transpose(1, 2).reshape(b, attn.shape[2], -1)
            x = x + self.drop(self.proj(attn))
            x = x + self.drop(self.out(functional.gelu(self.fc(self.ln2(x)))))
            return x

        @staticmethod
        def plan(tp, sp):
            """The tensor-parallel plan (parallelize_module) of a block."""
            rowwise = tp.RowwiseParallel(output_layouts=tp.Shard(1)) if sp else tp.RowwiseParallel()
            colwise = tp.ColwiseParallel(input_layouts=tp.Shard(1)) if sp else tp.ColwiseParallel()
            plan = {"qkv": colwise, "proj": rowwise, "fc": colwise, "out": rowwise}
            if sp:
                plan.update({"ln1": tp.SequenceParallel(), "ln2": tp.SequenceParallel()})
            return plan

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Embedding(a.vocab, a.hidden)
            self.blocks = nn.ModuleList(Block() for _ in range(a.layers))
            self.ln = nn.LayerNorm(a.hidden)
            self.head = nn.Linear(a.hidden, a.vocab, bias=False)

        def forward(self, tokens, targets):
            x = self.embed(tokens)
            for block in self.blocks:
                x = block(x)
            logits = self.head(self.ln(x))
            return functional.cross_entropy(
                logits.float().reshape(-1, a.vocab), targets.reshape(-1)
            )

    return GPT()


def build_llama(torch, a):
    """A Llama-style decoder from torch.nn modules: RMSNorm, grouped-query
    attention (separate q, k, v projections, no rotary embedding), a SwiGLU
    MLP of 8/3 x hidden (rounded up to 256), an untied head."""
    nn = torch.nn
    functional = torch.nn.functional
    head_dim = a.hidden // a.heads
    ffn = (8 * a.hidden // 3 + 255) // 256 * 256

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1 = nn.RMSNorm(a.hidden)
            self.wq = nn.Linear(a.hidden, a.heads * head_dim, bias=False)
            self.wk = nn.Linear(a.hidden, a.kv_heads * head_dim, bias=False)
            self.wv = nn.Linear(a.hidden, a.kv_heads * head_dim, bias=False)
            self.wo = nn.Linear(a.heads * head_dim, a.hidden, bias=False)
            self.ln2 = nn.RMSNorm(a.hidden)
            self.w1 = nn.Linear(a.hidden, ffn, bias=False)
            self.w3 = nn.Linear(a.hidden, ffn, bias=False)
            self.w2 = nn.Linear(ffn, a.hidden, bias=False)

        def forward(self, x):
            b = x.shape[0]
            h = self.ln1(x)
            q, k, v = (w(h) for w in (self.wq, self.wk, self.wv))
            q, k, v = (t.reshape(b, t.shape[1], -1, head_dim).transpose(1, 2) for t in (q, k, v))
            groups = q.shape[1] // k.shape[1]
            k, v = (t.repeat_interleave(groups, dim=1) for t in (k, v))
            attn = functional.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.wo(attn.transpose(1, 2).reshape(b, attn.shape[2], -1))
            h = self.ln2(x)
            return x + self.w2(functional.silu(self.w1(h)) * self.w3(h))

        @staticmethod
        def plan(tp, sp):
            """The tensor-parallel plan (parallelize_module) of a block."""
            rowwise = tp.RowwiseParallel(output_layouts=tp.Shard(1)) if sp else tp.RowwiseParallel()
            colwise = tp.ColwiseParallel(input_layouts=tp.Shard(1)) if sp else tp.ColwiseParallel()
            plan = {"wq": colwise, "wk": colwise, "wv": colwise, "wo": rowwise,
                    "w1": colwise, "w3": colwise, "w2": rowwise}
            if sp:
                plan.update({"ln1": tp.SequenceParallel(), "ln2": tp.SequenceParallel()})
            return plan

    class Llama(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Embedding(a.vocab, a.hidden)
            self.blocks = nn.ModuleList(Block() for _ in range(a.layers))
            self.ln = nn.RMSNorm(a.hidden)
            self.head = nn.Linear(a.hidden, a.vocab, bias=False)

        def forward(self, tokens, targets):
            x = self.embed(tokens)
            for block in self.blocks:
                x = block(x)
            logits = self.head(self.ln(x))
            return functional.cross_entropy(
                logits.float().reshape(-1, a.vocab), targets.reshape(-1)
            )

    return Llama()


def parallelize(torch, model, a):
    """Applies the parallelism; returns the labels of the group names."""
    import torch.distributed as dist
    from torch.distributed.device_mesh import init_device_mesh
    from torch.testing._internal.distributed.fake_pg import FakeStore

    if not dist.is_initialized():
        dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=a.world_size)
    if a.parallel == "fsdp":
        from torch.distributed.fsdp import fully_shard

        mesh = init_device_mesh("cuda", (a.world_size,), mesh_dim_names=("dp",))
        for block in model.blocks:
            fully_shard(block, mesh=mesh)
        fully_shard(model, mesh=mesh)
        return {mesh.get_group("dp").group_name: "dp"}
    from torch.distributed.tensor import Replicate, Shard
    from torch.distributed.tensor.parallel import (
        ColwiseParallel,
        RowwiseParallel,
        SequenceParallel,
        parallelize_module,
    )

    tp = types.SimpleNamespace(ColwiseParallel=ColwiseParallel, RowwiseParallel=RowwiseParallel,
                               SequenceParallel=SequenceParallel, Shard=Shard)
    mesh = init_device_mesh("cuda", (a.world_size,), mesh_dim_names=("tp",))
    sp = a.parallel == "tp-sp"
    for block in model.blocks:
        parallelize_module(block, mesh, block.plan(tp, sp))
    if sp:
        parallelize_module(
            model,
            mesh,
            {
                "embed": RowwiseParallel(input_layouts=Replicate(), output_layouts=Shard(1)),
                "ln": SequenceParallel(),
                "head": ColwiseParallel(input_layouts=Shard(1), output_layouts=Replicate()),
            },
        )
    return {mesh.get_group("tp").group_name: "tp"}


def capture(torch, model, a) -> List:
    """Runs one compiled training step; returns [(kind, GraphModule)]."""
    from functorch.compile import make_boxed_func
    from torch._dynamo.backends.common import aot_autograd
    from torch._inductor.decomposition import select_decomp_table

    graphs = []

    def compiler(kind):
        def compile_graph(gm, example_inputs):
            graphs.append((kind, gm))
            return make_boxed_func(gm.forward)

        return compile_graph

    backend = aot_autograd(
        fw_compiler=compiler("forward"),
        bw_compiler=compiler("backward"),
        decompositions=select_decomp_table(),
    )
    if a.trace_fsdp_hooks:
        torch._dynamo.config.skip_fsdp_hooks = False
        torch._dynamo.config.compiled_autograd = True
    compiled = torch.compile(model, backend=backend)
    tokens = torch.randint(0, a.vocab, (a.batch, a.seq), device="cuda")
    targets = torch.randint(0, a.vocab, (a.batch, a.seq), device="cuda")
    loss = compiled(tokens, targets)
    loss.backward()
    torch.cuda.synchronize()
    return graphs


def measure_inductor_costs(torch, gm) -> Dict[str, float]:
    """Inductor's own time of every node of `gm`, in microseconds
    (bench/inductor/inductor_overlap.py's measure_costs)."""
    from torch._inductor.fx_passes import overlap_scheduling as ovl

    import inductor_overlap

    return inductor_overlap.measure_costs(torch, ovl, gm)


def write_inductor_order(torch, gm, args, labels, costs, out, graph_name):
    """Runs Inductor's overlap scheduler on `gm` (in place) with `costs`
    and writes its order and pass time."""
    import json

    from torch._inductor.fx_passes import overlap_scheduling as ovl

    import inductor_overlap

    def estimate(node, override_size=None):
        return costs.get(node.name, 0.0) / 1000.0  # us -> ms

    gm, pass_s = inductor_overlap.run_pass(
        torch, ovl, gm, {"collective_bucketing": False, "custom_runtime_estimation": estimate}
    )
    args.name = graph_name + ".inductor"
    document = efx.to_document(torch, gm, args, labels, costs)
    document["metadata"]["exporter"] = "utils/export_compiled_graph.py"
    efx.write_document(document, os.path.join(out, graph_name + ".inductor.json"))
    with open(os.path.join(out, graph_name + ".inductor-time.json"), "w") as f:
        json.dump({"name": graph_name, "inductor_pass_s": round(pass_s, 4),
                   "torch": torch.__version__}, f)


def main(argv=None) -> int:
    a = parse_args(argv)
    try:
        import torch
    except ImportError:
        print("error: PyTorch >= 2.4 and a GPU are needed (pip install torch)", file=sys.stderr)
        return 1
    if not torch.cuda.is_available():
        print("error: a CUDA device is needed: the step runs once on it", file=sys.stderr)
        return 1

    torch.manual_seed(0)
    dtype = getattr(torch, a.dtype)
    with torch.device("cuda"):
        model = (build_gpt2 if a.model == "gpt2" else build_llama)(torch, a).to(dtype)
    labels = parallelize(torch, model, a)
    graphs = capture(torch, model, a)
    name = a.name or "%s-l%d-h%d-%s%d" % (a.model, a.layers, a.hidden, a.parallel, a.world_size)
    os.makedirs(a.out, exist_ok=True)
    counts: Dict[str, int] = {}
    for kind, gm in graphs:
        index = counts.get(kind, 0)
        counts[kind] = index + 1
        graph_name = "%s-%s%d" % (name, kind, index)
        costs = measure_inductor_costs(torch, gm) if a.inductor else {}
        args = types.SimpleNamespace(
            name=graph_name, layers=a.layers, hidden=a.hidden, heads=a.heads,
            ffn=4 * a.hidden if a.model == "gpt2" else (8 * a.hidden // 3 + 255) // 256 * 256,
            seq=a.seq, batch=a.batch, dtype=a.dtype, world_size=a.world_size,
            tp=a.world_size if a.parallel != "fsdp" else 1, replicate=1,
            sp=a.parallel == "tp-sp", device="cuda", decompositions="inductor",
            no_backward=False, ranks_per_node=None,
        )
        document = efx.to_document(torch, gm, args, labels, costs)
        document["metadata"]["exporter"] = "utils/export_compiled_graph.py"
        document["metadata"]["parallel"] = a.parallel
        path = os.path.join(a.out, graph_name + ".json")
        efx.write_document(document, path)
        if a.inductor:
            write_inductor_order(torch, gm, args, labels, costs, a.out, graph_name)
        collectives = sum(1 for entry in document["nodes"] if "group" in entry)
        print("wrote %s: %d nodes (%d collectives)" % (path, len(document["nodes"]), collectives),
              file=sys.stderr)
    import torch.distributed as dist

    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
