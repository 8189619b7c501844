#!/usr/bin/env bash
#===- bench/workloads/defaults.sh - sched-pipeline's budget settings -----===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
#
# Runs sched-pipeline on the generated workloads of generate.sh (made here
# again, without synthetic-100k: it is over search-max-ops, so the budget
# settings that trimming uses do not apply to it) and on the FX graphs of
# fx/, once per setting of its options, and prints per workload and setting
# the simulated step (ms), its change from the first setting, the peak
# (GiB) and the step over the best lower bound of all orders (sched-report),
# then per setting the geometric mean of step and peak over the first
# setting's. Settings are strings of sched-pipeline options ('' for the
# build's defaults), so that a default is judged beyond the real-graph
# corpus (bench/inductor/defaults-sweep.py).
#
# Usage: bench/workloads/defaults.sh build-dir SETTING...
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$1"
shift
opt="$build/bin/sched-opt"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

workloads=(
  "tiny-fsdp2|--preset=tiny --fsdp=2"
  "tiny-tp2-sp-fsdp2-dp2|--preset=tiny --tp=2 --sp --fsdp=2 --dp=2 --gpus-per-node=4"
  "llama3-8b-fsdp8|--preset=llama3-8b --fsdp=8"
  "llama3-8b-tp8-sp|--preset=llama3-8b --tp=8 --sp"
  "llama3-8b-fsdp64-ckpt|--preset=llama3-8b --fsdp=64 --checkpoint"
  "llama3-70b-tp8-fsdp8-ckpt|--preset=llama3-70b --tp=8 --sp --fsdp=8 --checkpoint"
  "llama3-70b-tp8-fsdp4-dp4-ga4|--preset=llama3-70b --tp=8 --sp --fsdp=4 --dp=4 --micro-batches=4 --checkpoint"
  "gpt3-175b-tp8-fsdp16|--preset=gpt3-175b --tp=8 --fsdp=16 --checkpoint"
)
inputs=()
for entry in "${workloads[@]}"; do
  name="${entry%%|*}"
  # shellcheck disable=SC2086
  "$build/bin/sched-gen" ${entry#*|} --target=h100-sxm -o "$tmp/$name.mlir"
  inputs+=("$name")
done
for json in "$here"/fx/*.json; do
  name="fx-$(basename "$json" .json)"
  "$build/bin/sched-translate" --import-fx-json "$json" -o "$tmp/$name.fx.mlir"
  "$opt" "$tmp/$name.fx.mlir" --sched-attach-target="preset=h100-sxm" \
    -o "$tmp/$name.mlir"
  inputs+=("$name")
done

index=0
for setting in "$@"; do
  for name in "${inputs[@]}"; do
    "$opt" "$tmp/$name.mlir" --sched-pipeline="explain=0 $setting" \
      --sched-report="json=$tmp/$name.$index.json" \
      --mlir-print-op-on-diagnostic=false -o /dev/null 2> /dev/null
  done
  index=$((index + 1))
done

python3 - "$tmp" "$#" "$@" -- "${inputs[@]}" <<'PY'
import json, math, sys
tmp, count = sys.argv[1], int(sys.argv[2])
settings = sys.argv[3:3 + count]
names = sys.argv[4 + count:]

def summary(name, index):
    fs = json.load(open("%s/%s.%d.json" % (tmp, name, index)))["functions"]
    step = sum(f["makespan_us"] for f in fs) / 1000
    peak = max(f["peak_memory_bytes"] for f in fs) / 2**30
    bound = sum(max(v for k, v in f["lower_bounds_us"].items()
                    if k != "memory" and v is not None) for f in fs) / 1000
    return step, peak, bound

print("| workload | " + " | ".join("`%s`: step ms / peak GiB / over bound" % (s or "default")
                                   for s in settings) + " |")
print("|---|" + "---|" * len(settings))
ratios = [[] for _ in settings]
for name in names:
    rows = [summary(name, i) for i in range(len(settings))]
    cells = []
    for i, (step, peak, bound) in enumerate(rows):
        change = "" if i == 0 else " (%+.2f %%)" % (100 * (step / rows[0][0] - 1))
        cells.append("%.3f%s / %.2f / %.1f %%" % (step, change, peak, 100 * (step / bound - 1)))
        ratios[i].append((step / rows[0][0], peak / rows[0][1]))
    print("| %s | %s |" % (name, " | ".join(cells)))
print()
for setting, r in zip(settings, ratios):
    g = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
    print("- `%s`: step %.4f, peak %.4f of the first setting's (geometric means)"
          % (setting or "default", g([a for a, _ in r]), g([b for _, b in r])))
PY
