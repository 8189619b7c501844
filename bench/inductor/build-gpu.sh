#!/usr/bin/env bash
#===- bench/inductor/build-gpu.sh - the executables of the comparison ----===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# Builds here (LLVM 22; no GPU needed), into build/inductor-e2e/, the CUDA
# executables that bench/inductor/run-gpu.sh runs on 2 GPUs, one per order
# of the traced step of results/:
#   l4.target                  the original (traced) order
#   l4.sched                   sched-pipeline's order now (h200-sxm preset,
#                              the measured NCCL profile, default options)
#   l4.sched-before            sched-pipeline's order of commit 26af7d4
#                              (before the deferral), from git
#   l4.inductor.target         Inductor's order (results/...inductor.json)
#   l4.inductor-bucket.target  Inductor's order with collective_bucketing
#                              (results/...inductor-bucket.json), if present
# prints each order's simulated step (sched-report, same profile), and with
# REFERENCE=1 runs the CPU reference (the local runtime, about 3 minutes on 2
# cores) into build/inductor-e2e/l4.reference.txt.
# usage: bench/inductor/build-gpu.sh
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="$root/build/bin"
res="$root/bench/inductor/results"
profile="$root/bench/calibration/h200x2-nccl-profile.json"
out="$root/build/inductor-e2e"
mkdir -p "$out"
cd "$out"
target=--sched-attach-target=preset=h200-sxm

"$bin/sched-translate" --import-fx-json "$res/llama-1b-l4-fsdp2.json" -o l4.mlir
"$bin/sched-opt" l4.mlir "$target" -o l4.target.mlir
"$bin/sched-opt" l4.mlir "$target" "--sched-pipeline=profile=$profile" \
  -o l4.sched.mlir 2> l4.sched.remarks.txt
git -C "$root" show 26af7d4:bench/inductor/results/l4.sched.mlir \
  > l4.sched-before.mlir
programs=(l4.target l4.sched l4.sched-before)
for kind in inductor inductor-bucket; do
  graph="$res/llama-1b-l4-fsdp2.$kind.json"
  [ -f "$graph" ] || continue
  "$bin/sched-translate" --import-fx-json "$graph" -o "l4.$kind.mlir"
  "$bin/sched-opt" "l4.$kind.mlir" "$target" -o "l4.$kind.target.mlir"
  programs+=("l4.$kind.target")
done
for p in "${programs[@]}"; do
  "$bin/sched-compile" "$p.mlir" --runtime=cuda -o "$p"
  printf '%-28s ' "$p"
  "$bin/sched-opt" "$p.mlir" "--sched-report=profile=$profile" -o /dev/null \
    2>&1 | grep -o "makespan.*"
done
if [ "${REFERENCE:-0}" = 1 ]; then
  "$bin/sched-compile" l4.target.mlir --runtime=local -o l4.local
  ./l4.local --ranks 2 --iters 1 > l4.reference.txt
fi
