#!/usr/bin/env bash
#===- bench/workloads/search.sh - sched-pipeline with and without search -===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
#
# Runs sched-pipeline on the generated workloads of generate.sh (made here
# again, not written to generated/) and on the FX graphs of fx/, once with
# `search=1` (the default pipeline only) and once with the default options
# (the search over variants, docs/passes/Pipeline.md#the-search), and
# prints per workload the simulated step and peak of both (sched-report),
# the variant the search kept, and the CPU seconds of each sched-opt
# process (user + system: parsing, passes, printing).
#
# Usage: bench/workloads/search.sh [build-dir] [extra sched-pipeline options]
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
extra="${2:-}"
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
  "synthetic-100k|--preset=tiny --layers=2300 --fsdp=8 --tp=2 --sp --micro-batches=1"
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

# Runs the pipeline with options $2 on workload $1; writes $1.$3.json and
# $1.$3.log and prints the CPU seconds.
run() {
  /usr/bin/time -f "%U %S" -o "$tmp/$1.$3.time" "$opt" "$tmp/$1.mlir" \
    --sched-pipeline="explain=0 $2" \
    --sched-report="json=$tmp/$1.$3.json" \
    --mlir-print-op-on-diagnostic=false -o /dev/null 2> "$tmp/$1.$3.log"
  awk '{ printf "%.2f", $1 + $2 }' "$tmp/$1.$3.time"
}

printf '| workload | ops | step ms: search=1 / search | change | peak GiB: search=1 / search | kept variant | CPU s: search=1 / search |\n'
printf '|---|---:|---|---:|---|---|---|\n'
for name in "${inputs[@]}"; do
  one=$(run "$name" "search=1 $extra" one)
  all=$(run "$name" "$extra" all)
  kept=$(grep -o 'search: variant [0-9]* of [0-9]* ([^)]*)' "$tmp/$name.all.log" |
    sed 's/search: variant \([0-9]*\) of [0-9]* (\(.*\))/\1 (\2)/' | paste -sd, - || true)
  python3 - "$tmp/$name.one.json" "$tmp/$name.all.json" "$name" \
    "${kept:-0 (default)}" "$one" "$all" <<'PY'
import json, sys
one, all_, name, kept, t1, t2 = sys.argv[1:]
a = json.load(open(one))["functions"]
b = json.load(open(all_))["functions"]
s1 = sum(f["makespan_us"] for f in a) / 1000
s2 = sum(f["makespan_us"] for f in b) / 1000
p1 = max(f["peak_memory_bytes"] for f in a) / 2**30
p2 = max(f["peak_memory_bytes"] for f in b) / 2**30
ops = sum(f["num_ops"] for f in a)
print("| %s | %d | %.3f / %.3f | %+.2f %% | %.2f / %.2f | %s | %s / %s |"
      % (name, ops, s1, s2, 100 * (s2 / s1 - 1), p1, p2, kept, t1, t2))
PY
done
