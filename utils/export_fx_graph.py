#!/usr/bin/env python3
#===- export_fx_graph.py - trace a training step to sched-fx/1 JSON --------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
"""Traces one training step of a Llama-style decoder to a post-grad ATen FX
graph and writes it in the sched-fx/1 JSON format (docs/FXFormat.md), which
`sched-translate --import-fx-json` turns into sched IR.

The model is a stack of decoder blocks (RMSNorm, causal self-attention with
rotary embeddings and scaled_dot_product_attention, SwiGLU MLP) trained with
FSDP-style sharding: each layer's parameters live as one flat shard per rank;
the forward all-gathers the layer's shard right before the layer
(`_c10d_functional.all_gather_into_tensor` + `wait_tensor`) and the backward
reduce-scatters the layer's gradient (`reduce_scatter_tensor` + `wait_tensor`,
reduce op "avg"). With `--tp N` the blocks are also Megatron-style tensor
parallel (column-parallel q/k/v and w1/w3, row-parallel wo and w2, with
`all_reduce` on the tensor-parallel group) and FSDP shards over the
data-parallel group.

The collectives run on a fake process group (torch.distributed's "fake"
backend with FakeStore: one process pretends to be rank 0 of `--world-size`),
the tensors are FakeTensors, and `make_fx` traces forward and backward
(through `torch.autograd.grad`) into one joint graph, with Inductor's
decompositions by default. No GPU memory is used unless `--benchmark` asks
for measured runtimes.

Needs PyTorch >= 2.4. Example:

  python3 utils/export_fx_graph.py --layers 2 --hidden 4096 --heads 32 \\
      --seq 4096 --batch 1 --dtype bfloat16 --world-size 8 \\
      --out llama-8b-2l-fsdp8.json
"""

import argparse
import gzip
import json
import math
import operator
import sys
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

FORMAT = "sched-fx/1"

# Namespaces of the functional collectives.
COLLECTIVE_NAMESPACES = ("_c10d_functional", "_c10d_functional_autograd")


#===----------------------------------------------------------------------===#
# Options
#===----------------------------------------------------------------------===#


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    model = parser.add_argument_group("model")
    model.add_argument("--layers", type=int, default=2, help="decoder blocks (default 2)")
    model.add_argument("--hidden", type=int, default=256, help="model width (default 256)")
    model.add_argument("--heads", type=int, default=4, help="attention heads (default 4)")
    model.add_argument(
        "--ffn",
        type=int,
        default=None,
        help="MLP width (default: Llama's 8/3 x hidden rounded up to a multiple of 256)",
    )
    model.add_argument("--seq", type=int, default=128, help="sequence length (default 128)")
    model.add_argument("--batch", type=int, default=1, help="micro-batch size (default 1)")
    model.add_argument(
        "--dtype",
        default="bfloat16",
        choices=["bfloat16", "float16", "float32"],
        help="parameter and activation dtype (default bfloat16)",
    )
    parallel = parser.add_argument_group("parallelism")
    parallel.add_argument(
        "--world-size", type=int, default=8, help="ranks of the fake process group (default 8)"
    )
    parallel.add_argument(
        "--tp",
        type=int,
        default=1,
        help="tensor-parallel degree; FSDP shards over world-size / tp ranks (default 1)",
    )
    parallel.add_argument(
        "--replicate",
        type=int,
        default=1,
        help="HSDP: FSDP shards over world-size / (tp x replicate) ranks and each gradient "
        "shard is then all-reduced over the replicate group (default 1: plain FSDP)",
    )
    parallel.add_argument(
        "--sp",
        action="store_true",
        help="sequence parallelism with --tp: activations between blocks are sharded over the "
        "sequence; all_gather before and reduce_scatter after each tensor-parallel region "
        "instead of Megatron's all_reduce",
    )
    parallel.add_argument(
        "--ranks-per-node",
        type=int,
        default=None,
        help='write "ranks_per_node" on every group (default: leave it to the target)',
    )
    trace = parser.add_argument_group("tracing and output")
    trace.add_argument(
        "--device",
        default=None,
        help="device of the fake tensors (default: cuda if available, else cpu)",
    )
    trace.add_argument(
        "--decompositions",
        default="inductor",
        choices=["inductor", "core", "none"],
        help="decomposition table for make_fx (default inductor, as in post-grad graphs)",
    )
    trace.add_argument(
        "--no-backward", action="store_true", help="trace the forward and the loss only"
    )
    trace.add_argument(
        "--benchmark",
        action="store_true",
        help='measure each compute node on the (CUDA) device and write "runtime_us"',
    )
    trace.add_argument(
        "--benchmark-reps", type=int, default=10, help="timed runs per node (default 10)"
    )
    trace.add_argument("--name", default=None, help="graph name (default from the options)")
    trace.add_argument(
        "--out", required=True, help="output file; a name ending in .gz is gzip-compressed"
    )
    args = parser.parse_args(argv)

    for option in ("layers", "hidden", "heads", "seq", "batch", "world_size", "tp", "replicate"):
        if getattr(args, option) < 1:
            parser.error(f"--{option.replace('_', '-')} must be positive")
    if args.ffn is None:
        multiple = 256
        args.ffn = multiple * math.ceil(int(2 * 4 * args.hidden / 3) / multiple)
    if args.hidden % args.heads:
        parser.error("--hidden must be a multiple of --heads")
    if (args.hidden // args.heads) % 2:
        parser.error("the head dimension (hidden / heads) must be even for rotary embeddings")
    if args.world_size % (args.tp * args.replicate):
        parser.error("--world-size must be a multiple of --tp x --replicate")
    if args.sp and args.tp == 1:
        parser.error("--sp needs --tp > 1")
    if args.sp and args.seq % args.tp:
        parser.error("--seq must be a multiple of --tp with --sp")
    if args.heads % args.tp or args.ffn % args.tp:
        parser.error("--heads and --ffn must be multiples of --tp")
    if args.name is None:
        args.name = (
            f"llama_l{args.layers}_h{args.hidden}_s{args.seq}_b{args.batch}"
            f"_ws{args.world_size}_tp{args.tp}"
            + (f"_rep{args.replicate}" if args.replicate > 1 else "")
            + ("_sp" if args.sp else "")
        )
    return args


#===----------------------------------------------------------------------===#
# Model
#===----------------------------------------------------------------------===#


@dataclass
class Config:
    layers: int
    hidden: int
    heads: int
    ffn: int
    seq: int
    batch: int
    eps: float = 1e-5

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


@dataclass
class Parallelism:
    """The groups of one rank: FSDP over `dp`, tensor parallelism over `tp`,
    HSDP's gradient all_reduce over `rep` (size 1: none), sequence
    parallelism on the tensor-parallel group when `sp`."""

    dp_name: str
    dp_size: int
    tp_name: Optional[str]
    tp_size: int
    rep_name: Optional[str] = None
    rep_size: int = 1
    sp: bool = False


def layer_parameter_shapes(config: Config, tp: int) -> List[Tuple[str, Tuple[int, ...]]]:
    """The tensor-parallel-local parameters of one block, in flat order."""
    local_width = config.heads // tp * config.head_dim
    local_ffn = config.ffn // tp
    return [
        ("attention_norm", (config.hidden,)),
        ("wq", (local_width, config.hidden)),
        ("wk", (local_width, config.hidden)),
        ("wv", (local_width, config.hidden)),
        ("wo", (config.hidden, local_width)),
        ("ffn_norm", (config.hidden,)),
        ("w1", (local_ffn, config.hidden)),
        ("w3", (local_ffn, config.hidden)),
        ("w2", (config.hidden, local_ffn)),
    ]


def build_step(torch, config: Config, parallel: Parallelism, backward: bool):
    """Returns the training step to trace: (shards..., x, cos, sin) ->
    (loss, shard gradients...)."""
    functional = torch.nn.functional
    c10d = torch.ops._c10d_functional

    class AllGatherParameters(torch.autograd.Function):
        """FSDP: gathers a layer's flat shard; reduce-scatters its gradient."""

        @staticmethod
        def forward(ctx, shard):
            full = c10d.all_gather_into_tensor(shard, parallel.dp_size, parallel.dp_name)
            return c10d.wait_tensor(full)

        @staticmethod
        def backward(ctx, grad):
            shard = c10d.reduce_scatter_tensor(
                grad.contiguous(), "avg", parallel.dp_size, parallel.dp_name
            )
            shard = c10d.wait_tensor(shard)
            if parallel.rep_size > 1:
                # HSDP: the shard's gradient is averaged over the replicas.
                shard = c10d.wait_tensor(c10d.all_reduce(shard, "avg", parallel.rep_name))
            return shard

    class CopyToTensorParallel(torch.autograd.Function):
        """Megatron's f: identity forward, all_reduce of the gradient."""

        @staticmethod
        def forward(ctx, x):
            return x.view_as(x)

        @staticmethod
        def backward(ctx, grad):
            return c10d.wait_tensor(c10d.all_reduce(grad.contiguous(), "sum", parallel.tp_name))

    class ReduceFromTensorParallel(torch.autograd.Function):
        """Megatron's g: all_reduce forward, identity backward."""

        @staticmethod
        def forward(ctx, x):
            return c10d.wait_tensor(c10d.all_reduce(x.contiguous(), "sum", parallel.tp_name))

        @staticmethod
        def backward(ctx, grad):
            return grad

    def gather_sequence(x):
        """All-gathers the sequence shards [batch, seq / tp, ...] over tp."""
        t = x.transpose(0, 1).contiguous()
        full = c10d.wait_tensor(c10d.all_gather_into_tensor(t, tp, parallel.tp_name))
        return full.transpose(0, 1)

    def reduce_scatter_sequence(x):
        """Sums [batch, seq, ...] over tp and keeps this rank's sequence shard."""
        t = x.transpose(0, 1).contiguous()
        part = c10d.wait_tensor(c10d.reduce_scatter_tensor(t, "sum", tp, parallel.tp_name))
        return part.transpose(0, 1)

    class GatherFromSequenceParallel(torch.autograd.Function):
        """Sequence parallelism's g: all_gather forward, reduce_scatter of
        the gradient."""

        @staticmethod
        def forward(ctx, x):
            return gather_sequence(x)

        @staticmethod
        def backward(ctx, grad):
            return reduce_scatter_sequence(grad)

    class ScatterToSequenceParallel(torch.autograd.Function):
        """Sequence parallelism's g-bar: reduce_scatter forward, all_gather
        of the gradient."""

        @staticmethod
        def forward(ctx, x):
            return reduce_scatter_sequence(x)

        @staticmethod
        def backward(ctx, grad):
            return gather_sequence(grad)

    tp = parallel.tp_size
    shapes = layer_parameter_shapes(config, tp)
    sizes = [math.prod(shape) for _, shape in shapes]
    numel = sum(sizes)

    def gather(shard):
        full = AllGatherParameters.apply(shard) if parallel.dp_size > 1 else shard
        pieces = torch.split(full[:numel], sizes)
        return {name: piece.view(shape) for (name, shape), piece in zip(shapes, pieces)}

    def copy_to_tp(x):
        if parallel.sp:
            return GatherFromSequenceParallel.apply(x)
        return CopyToTensorParallel.apply(x) if tp > 1 else x

    def reduce_from_tp(x):
        if parallel.sp:
            return ScatterToSequenceParallel.apply(x)
        return ReduceFromTensorParallel.apply(x) if tp > 1 else x

    def norm_weight(weight):
        # With sequence parallelism each rank normalises its own sequence
        # shard, so the norm weights' gradients are summed over tp
        # (Megatron's all_reduce of the sequence-parallel norm gradients).
        return CopyToTensorParallel.apply(weight) if parallel.sp else weight

    def rms_norm(x, weight):
        xf = x.float()
        normed = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + config.eps)
        return normed.type_as(x) * weight

    def rotate_half(t):
        first, second = t.chunk(2, dim=-1)
        return torch.cat((-second, first), dim=-1)

    def rotary(t, cos, sin):
        # t: [batch, seq, heads, head_dim]; cos, sin: [seq, head_dim].
        cos = cos[None, :, None, :]
        sin = sin[None, :, None, :]
        return t * cos + rotate_half(t) * sin

    def attention(x, p, cos, sin):
        x = copy_to_tp(x)
        batch, seq, _ = x.shape
        heads = config.heads // tp
        q = functional.linear(x, p["wq"]).view(batch, seq, heads, config.head_dim)
        k = functional.linear(x, p["wk"]).view(batch, seq, heads, config.head_dim)
        v = functional.linear(x, p["wv"]).view(batch, seq, heads, config.head_dim)
        q, k = rotary(q, cos, sin), rotary(k, cos, sin)
        q, k, v = (t.transpose(1, 2) for t in (q, k, v))
        o = functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        o = o.transpose(1, 2).reshape(batch, seq, heads * config.head_dim)
        return reduce_from_tp(functional.linear(o, p["wo"]))

    def mlp(x, p):
        x = copy_to_tp(x)
        gate = functional.silu(functional.linear(x, p["w1"]))
        return reduce_from_tp(functional.linear(gate * functional.linear(x, p["w3"]), p["w2"]))

    def step(*inputs):
        shards = inputs[: config.layers]
        x, cos, sin = inputs[config.layers :]
        h = x
        for shard in shards:
            p = gather(shard)
            h = h + attention(rms_norm(h, norm_weight(p["attention_norm"])), p, cos, sin)
            h = h + mlp(rms_norm(h, norm_weight(p["ffn_norm"])), p)
        loss = h.float().pow(2).mean()
        if not backward:
            return (loss,)
        return (loss, *torch.autograd.grad(loss, shards))

    return step, numel


#===----------------------------------------------------------------------===#
# Tracing
#===----------------------------------------------------------------------===#


def init_groups(torch, args) -> Tuple[Parallelism, Dict[str, str]]:
    """Starts the fake process group; returns the groups of rank 0 and the
    labels of their PyTorch group names."""
    import torch.distributed as dist

    # Importing fake_pg registers the "fake" backend.
    from torch.testing._internal.distributed.fake_pg import FakeStore

    if not dist.is_initialized():
        dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=args.world_size)
    replicate = args.replicate
    dp_size = args.world_size // (args.tp * replicate)
    rep_group = None
    if args.tp == 1 and replicate == 1:
        dp_group, tp_group = dist.group.WORLD, None
    else:
        from torch.distributed.device_mesh import init_device_mesh

        shape, names = [dp_size], ["dp"]
        if replicate > 1:
            shape, names = [replicate] + shape, ["rep"] + names
        if args.tp > 1:
            shape, names = shape + [args.tp], names + ["tp"]
        mesh = init_device_mesh(args.device, tuple(shape), mesh_dim_names=tuple(names))
        dp_group = mesh.get_group("dp")
        tp_group = mesh.get_group("tp") if args.tp > 1 else None
        rep_group = mesh.get_group("rep") if replicate > 1 else None
    labels = {dp_group.group_name: "dp"}
    if tp_group is not None:
        labels[tp_group.group_name] = "tp"
    if rep_group is not None:
        labels[rep_group.group_name] = "rep"
    parallel = Parallelism(
        dp_name=dp_group.group_name,
        dp_size=dp_size,
        tp_name=tp_group.group_name if tp_group is not None else None,
        tp_size=args.tp,
        rep_name=rep_group.group_name if rep_group is not None else None,
        rep_size=replicate,
        sp=args.sp,
    )
    return parallel, labels


def decomposition_table(torch, which: str):
    if which == "inductor":
        from torch._inductor.decomposition import select_decomp_table

        return select_decomp_table()
    if which == "core":
        from torch._decomp import core_aten_decompositions

        return core_aten_decompositions()
    return {}


def trace(torch, args, config: Config, parallel: Parallelism):
    """Traces the step on FakeTensors; returns the FX GraphModule."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.proxy_tensor import make_fx

    dtype = getattr(torch, args.dtype)
    step, numel = build_step(torch, config, parallel, backward=not args.no_backward)
    shard_numel = math.ceil(numel / parallel.dp_size)
    with FakeTensorMode():
        shards = [
            torch.empty(shard_numel, dtype=dtype, device=args.device, requires_grad=True)
            for _ in range(config.layers)
        ]
        # With sequence parallelism the step's input is this rank's
        # sequence shard.
        local_seq = config.seq // parallel.tp_size if parallel.sp else config.seq
        x = torch.empty(config.batch, local_seq, config.hidden, dtype=dtype, device=args.device)
        cos = torch.empty(config.seq, config.head_dim, dtype=dtype, device=args.device)
        sin = torch.empty(config.seq, config.head_dim, dtype=dtype, device=args.device)
    table = decomposition_table(torch, args.decompositions)
    return make_fx(step, tracing_mode="fake", decomposition_table=table)(*shards, x, cos, sin)


#===----------------------------------------------------------------------===#
# JSON
#===----------------------------------------------------------------------===#


def dtype_name(dtype) -> str:
    return str(dtype).replace("torch.", "", 1)


def dim_value(value) -> Any:
    """A static dimension as an int, a symbolic one as its expression."""
    try:
        return int(value)
    except Exception:  # a SymInt without a hint
        return str(value)


def tensor_meta(torch, value) -> Optional[Dict[str, Any]]:
    if not isinstance(value, torch.Tensor):
        return None
    meta = {"shape": [dim_value(d) for d in value.shape], "dtype": dtype_name(value.dtype)}
    if value.layout == torch.strided:
        meta["stride"] = [dim_value(s) for s in value.stride()]
    return meta


def node_meta(torch, node) -> Any:
    """The "meta" of a node: a tensor meta, a list of them (null for
    non-tensors), or null."""
    value = node.meta.get("val")
    if isinstance(value, (list, tuple)):
        return [tensor_meta(torch, v) for v in value]
    return tensor_meta(torch, value)


def encode_argument(torch, value) -> Any:
    """An FX argument as JSON: node references, constants and lists."""
    if isinstance(value, torch.fx.Node):
        return {"node": value.name}
    if isinstance(value, (list, tuple)):
        return [encode_argument(torch, v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode_argument(torch, v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, torch.dtype):
        return dtype_name(value)
    if isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        return str(value)
    # torch.device, torch.memory_format, torch.layout, enums, ...
    return str(value)


def target_name(torch, target) -> str:
    if target is operator.getitem:
        return "getitem"
    if isinstance(target, torch._ops.OpOverload):
        return str(target)  # e.g. "aten.mm.default"
    if isinstance(target, torch._ops.HigherOrderOperator):
        return f"higher_order.{target.name()}"
    module = getattr(target, "__module__", None) or ""
    return f"{module}.{getattr(target, '__name__', str(target))}".lstrip(".")


def is_collective(torch, target) -> bool:
    return (
        isinstance(target, torch._ops.OpOverload)
        and target.namespace in COLLECTIVE_NAMESPACES
        and target._schema.name.split("::")[-1] != "wait_tensor"
    )


def collective_group_name(node) -> Optional[str]:
    """The `group_name` argument of a functional collective."""
    names = [argument.name for argument in node.target._schema.arguments]
    if "group_name" not in names:
        return None
    index = names.index("group_name")
    if "group_name" in node.kwargs:
        return node.kwargs["group_name"]
    return node.args[index] if index < len(node.args) else None


def describe_group(group_name: str, ranks_per_node: Optional[int]) -> Dict[str, Any]:
    import torch.distributed as dist
    from torch.distributed.distributed_c10d import _resolve_process_group

    group = _resolve_process_group(group_name)
    entry: Dict[str, Any] = {
        "size": group.size(),
        "ranks": list(dist.get_process_group_ranks(group)),
    }
    if ranks_per_node is not None:
        entry["ranks_per_node"] = ranks_per_node
    return entry


def to_document(torch, graph_module, args, labels: Dict[str, str], runtimes: Dict[str, float]):
    inputs, nodes, outputs = [], [], []
    groups: Dict[str, Dict[str, Any]] = {}
    for node in graph_module.graph.nodes:
        if node.op in ("placeholder", "get_attr"):
            # Lifted constants (get_attr) are inputs like the placeholders.
            meta = node_meta(torch, node)
            if meta is None and node.op == "get_attr":
                meta = tensor_meta(torch, fetch_attribute(graph_module, node.target))
            inputs.append(
                {
                    "name": node.name,
                    "op": "placeholder",
                    "target": str(node.target),
                    "meta": meta,
                }
            )
        elif node.op == "call_function":
            entry = {
                "name": node.name,
                "op": "call_function",
                "target": target_name(torch, node.target),
                "args": encode_argument(torch, list(node.args)),
                "kwargs": encode_argument(torch, dict(node.kwargs)),
                "meta": node_meta(torch, node),
            }
            if is_collective(torch, node.target):
                group_name = collective_group_name(node)
                if group_name is not None:
                    label = labels.get(group_name, group_name)
                    entry["group"] = label
                    if label not in groups:
                        groups[label] = describe_group(group_name, args.ranks_per_node)
            if node.name in runtimes:
                entry["runtime_us"] = round(runtimes[node.name], 3)
            nodes.append(entry)
        elif node.op == "output":
            # FX's output node holds a (possibly nested) tuple.
            value = encode_argument(torch, node.args[0])
            outputs = list(flatten(value if isinstance(value, list) else [value]))
        else:
            raise SystemExit(f"error: unsupported FX node {node.name} ({node.op})")
    return {
        "format": FORMAT,
        "name": args.name,
        "metadata": {
            "exporter": "utils/export_fx_graph.py",
            "torch_version": torch.__version__,
            "model": {
                "layers": args.layers,
                "hidden": args.hidden,
                "heads": args.heads,
                "ffn": args.ffn,
                "seq": args.seq,
                "batch": args.batch,
                "dtype": args.dtype,
            },
            "world_size": args.world_size,
            "tp": args.tp,
            "replicate": args.replicate,
            "sp": args.sp,
            "device": args.device,
            "decompositions": args.decompositions,
            "backward": not args.no_backward,
        },
        "groups": {label: groups[label] for label in sorted(groups)},
        "inputs": inputs,
        "nodes": nodes,
        "outputs": outputs,
    }


def fetch_attribute(module, target: str):
    value = module
    for part in target.split("."):
        value = getattr(value, part, None)
    return value


def flatten(values):
    for value in values:
        if isinstance(value, list):
            yield from flatten(value)
        else:
            yield value


def write_document(document: Dict[str, Any], path: str) -> None:
    """Writes one node per line, so that diffs and the importer's line
    numbers are useful."""
    compact = {"separators": (", ", ": ")}
    lines = ["{"]
    for key in ("format", "name", "metadata", "groups"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(document[key], **compact)},")
    for key in ("inputs", "nodes"):
        lines.append(f'  "{key}": [')
        entries = [f"    {json.dumps(entry, **compact)}" for entry in document[key]]
        lines.append(",\n".join(entries))
        lines.append("  ],")
    lines.append(f'  "outputs": {json.dumps(document["outputs"], **compact)}')
    lines.append("}")
    text = "\n".join(line for line in lines if line) + "\n"
    if path.endswith(".gz"):
        with gzip.open(path, "wt", encoding="utf-8") as stream:
            stream.write(text)
    else:
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)


#===----------------------------------------------------------------------===#
# Runtimes
#===----------------------------------------------------------------------===#


def benchmark(torch, graph_module, device: str, reps: int) -> Dict[str, float]:
    """Measures every compute node alone on random inputs of its argument
    shapes, strides and dtypes (median of `reps` runs after warm-up, CUDA
    events). Views, getitems and collectives are not measured; nodes that
    fail to run are skipped with a note on stderr. Identical calls are
    measured once."""
    if not device.startswith("cuda"):
        raise SystemExit("error: --benchmark needs a CUDA device")
    cache: Dict[Any, Optional[float]] = {}
    runtimes: Dict[str, float] = {}

    def materialize(value):
        if isinstance(value, torch.fx.Node):
            value = value.meta.get("val")
        if isinstance(value, torch.Tensor):
            # Fill a dense buffer, then view it with the strides of the
            # graph (which may overlap, e.g. for an expand).
            shape = tuple(int(d) for d in value.shape)
            stride = tuple(int(s) for s in value.stride())
            needed = 0 if 0 in shape else 1 + sum((d - 1) * s for d, s in zip(shape, stride))
            if value.dtype.is_floating_point or value.dtype.is_complex:
                buffer = torch.randn(needed, dtype=value.dtype, device=device)
            else:
                buffer = torch.zeros(needed, dtype=value.dtype, device=device)
            return torch.as_strided(buffer, shape, stride)
        if isinstance(value, (list, tuple)):
            return type(value)(materialize(v) for v in value)
        return value

    def signature(value):
        if isinstance(value, torch.fx.Node):
            value = value.meta.get("val")
        if isinstance(value, torch.Tensor):
            return ("T", tuple(value.shape), tuple(value.stride()), str(value.dtype))
        if isinstance(value, (list, tuple)):
            return tuple(signature(v) for v in value)
        return repr(value)

    for node in graph_module.graph.nodes:
        target = node.target
        if node.op != "call_function" or not isinstance(target, torch._ops.OpOverload):
            continue
        if target.namespace in COLLECTIVE_NAMESPACES or getattr(target, "is_view", False):
            continue
        key = (str(target), signature(node.args), signature(dict(node.kwargs)))
        if key not in cache:
            cache[key] = time_call(torch, target, node, materialize, reps)
        if cache[key] is not None:
            runtimes[node.name] = cache[key]
    return runtimes


def time_call(torch, target, node, materialize, reps: int) -> Optional[float]:
    try:
        call_args = materialize(node.args)
        call_kwargs = {k: materialize(v) for k, v in node.kwargs.items()}
        for _ in range(3):
            target(*call_args, **call_kwargs)
        times = []
        for _ in range(reps):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            target(*call_args, **call_kwargs)
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) * 1000.0)  # ms -> us
        times.sort()
        return times[len(times) // 2]
    except Exception as error:  # noqa: BLE001 - any failing op is skipped
        print(f"note: not timing {node.name} ({target}): {error}", file=sys.stderr)
        return None
    finally:
        torch.cuda.empty_cache()


#===----------------------------------------------------------------------===#
# Main
#===----------------------------------------------------------------------===#


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parse_args(argv)
    try:
        import torch
    except ImportError:
        print("error: PyTorch >= 2.4 is needed (pip install torch)", file=sys.stderr)
        return 1
    version = tuple(int(part) for part in torch.__version__.split("+")[0].split(".")[:2])
    if version < (2, 4):
        print(f"error: PyTorch >= 2.4 is needed, found {torch.__version__}", file=sys.stderr)
        return 1
    if args.device is None:
        args.device = "cuda" if torch.cuda.is_available() else "cpu"

    config = Config(
        layers=args.layers,
        hidden=args.hidden,
        heads=args.heads,
        ffn=args.ffn,
        seq=args.seq,
        batch=args.batch,
    )
    parallel, labels = init_groups(torch, args)
    graph_module = trace(torch, args, config, parallel)
    runtimes = (
        benchmark(torch, graph_module, args.device, args.benchmark_reps) if args.benchmark else {}
    )
    document = to_document(torch, graph_module, args, labels, runtimes)
    write_document(document, args.out)
    collectives = sum(1 for entry in document["nodes"] if "group" in entry)
    groups = ", ".join(f"{name}={group['size']}" for name, group in document["groups"].items())
    print(
        f"wrote {args.out}: {len(document['inputs'])} inputs, "
        f"{len(document['nodes'])} nodes ({collectives} collectives), "
        f"groups: {groups or 'none'}",
        file=sys.stderr,
    )
    import torch.distributed as dist

    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
