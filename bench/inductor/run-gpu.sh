#!/usr/bin/env bash
#===- bench/inductor/run-gpu.sh - the Inductor comparison on 2 GPUs ------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# Runs on the GPU machine (2 GPUs), in the repository root, with the
# executables that sched-compile --runtime=cuda built here in DIR (default
# build/inductor-e2e; carried there). usage:
#   ROUNDS=3 ITERS=20 bench/inductor/run-gpu.sh [DIR] [PROGRAM...]
# Runs every PROGRAM (default: l4.target l4.sched l4.inductor.target) ROUNDS
# times, interleaved (round 1: all programs, round 2: all programs, ...),
# ITERS steps each (the runtime excludes the first), then BOUND_PROGRAM
# (default: the first) once with --skip-comm and once with --skip-compute
# (the bound), with
# BUCKET=1 also Inductor's overlap scheduler with collective_bucketing=True
# on the traced graph (same estimates), and packs everything into
# $OUT/gpu-results.tar.gz, with the summary also in $OUT/summary.txt.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
root="$(pwd)"
dir="${1:-build/inductor-e2e}"
shift || true
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=(l4.target l4.sched l4.inductor.target)
rounds="${ROUNDS:-3}"
iters="${ITERS:-20}"
out="${OUT:-.}/gpu"
mkdir -p "$out"
summary="$out/summary.txt"
{
  date -u
  nvidia-smi -L
  nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv
} > "$summary" 2>&1

if [ "${BUCKET:-0}" = 1 ]; then
  for mode in "" default; do
    tag="bucket${mode:+-$mode}"
    mkdir -p "$out/$tag"
    python3 bench/inductor/inductor_overlap.py --out-dir "$out/$tag" \
      --layers 4 --hidden 2048 --heads 16 --seq 1024 --world-size 2 \
      --name llama-1b-l4-fsdp2 --bucket ${mode:+--bucket-mode $mode} \
      --estimates bench/inductor/results/llama-1b-l4-fsdp2.estimates.json \
      > "$out/$tag/log.txt" 2>&1
    echo "== inductor $tag: rc $?" >> "$summary"
    tail -3 "$out/$tag/log.txt" >> "$summary"
    cmp -s "$out/$tag/llama-1b-l4-fsdp2.json" \
      bench/inductor/results/llama-1b-l4-fsdp2.json &&
      echo "traced graph identical to results/" >> "$summary"
  done
fi

cd "$dir" || exit 1
for ((r = 1; r <= rounds; ++r)); do
  for p in "${programs[@]}"; do
    "$root/utils/sched-launch.sh" -n 2 "./$p" --iters "$iters" \
      > "$out/$p.round$r.txt" 2>&1
    rc=$?
    printf '%-24s round %d rc %d: %s | %s\n' "$p" "$r" "$rc" \
      "$(grep -h 'step time' "$out/$p.round$r.txt")" \
      "$(grep -h 'rank 0 peak memory' "$out/$p.round$r.txt")" >> "$summary"
  done
done
bound="${BOUND_PROGRAM:-${programs[0]}}"
for mode in skip-comm skip-compute; do
  "$root/utils/sched-launch.sh" -n 2 "./$bound" --iters "$iters" \
    "--$mode" > "$out/$bound.$mode.txt" 2>&1
  printf '%-24s %s: %s\n' "$bound" "$mode" \
    "$(grep -h 'step time' "$out/$bound.$mode.txt")" >> "$summary"
done
# At most a few files come back from the GPU machine: the summary and one
# archive of everything.
cd "$out/.." && cp gpu/summary.txt summary.txt && tar czf gpu-results.tar.gz gpu &&
  rm -rf gpu && cat summary.txt
