#!/usr/bin/env bash
#===- bench/gpu/build-e2e.sh - build the GPU end-to-end executables ------===#
#
# Builds, on a machine with this repository's toolchain (no GPU needed), the
# executables that bench/gpu/run-e2e.sh runs on a GPU machine, plus the CPU
# reference results, into build/gpu-e2e/. Usage: bench/gpu/build-e2e.sh
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="$root/build/bin"
out="$root/build/gpu-e2e"
rm -rf "$out"
mkdir -p "$out"
cd "$out"

# Correctness programs: every collective kind, and the tiny FSDP workload.
cp "$root/test/Runtime/Inputs/gpu-collectives.mlir" collectives.mlir
"$bin/sched-gen" --preset=tiny --fsdp=2 --target=h200-sxm -o tiny-fsdp2.mlir
# Timing programs: Llama-3-8B-shaped layers, FSDP over 2 GPUs and TP over 2.
"$bin/sched-gen" --preset=llama3-8b --fsdp=2 --layers=4 --seq=4096 \
  --target=h200-sxm -o l8-fsdp2.mlir
"$bin/sched-gen" --preset=llama3-8b --tp=2 --layers=4 --seq=4096 \
  --target=h200-sxm -o l8-tp2.mlir

for prog in collectives tiny-fsdp2 l8-fsdp2 l8-tp2; do
  sched=(--schedule=)
  grep -q "sched.target" "$prog.mlir" && sched=(--passes=--sched-pipeline)
  "$bin/sched-compile" "$prog.mlir" --runtime=cuda -o "$prog.unscheduled"
  "$bin/sched-compile" "$prog.mlir" --runtime=cuda "${sched[@]}" \
    -o "$prog.scheduled"
done
# CPU references (the local runtime: ranks as threads, no communication).
for prog in collectives tiny-fsdp2; do
  "$bin/sched-compile" "$prog.mlir" --runtime=local -o "$prog.local"
  "./$prog.local" --ranks 2 > "$prog.reference.txt"
done
# Bucket modes: 16-member buckets of small to large tensors, and the same
# program with one collective per tensor.
python3 "$root/bench/gpu/gen-bucket-modes.py" 4096 65536 1048576
for size in 4096 65536 1048576; do
  for prog in bucket-modes separate; do
    "$bin/sched-compile" "$prog-$size.mlir" --runtime=cuda -o "$prog-$size"
  done
done
# The CPU test programs of test/Runtime (compute bodies become GPU kernels),
# unscheduled and scheduled, with their CPU references. process-groups needs
# 4 ranks and is left to 4-GPU machines.
for prog in collectives buckets types-bf16 types-i32 types-misc in-flight-writes; do
  cp "$root/test/Runtime/$prog.mlir" "suite-$prog.mlir"
  "$bin/sched-compile" "suite-$prog.mlir" --runtime=cuda -o "suite-$prog.unscheduled"
  "$bin/sched-compile" "suite-$prog.mlir" --runtime=cuda \
    --schedule=memory-slack=4 -o "suite-$prog.scheduled"
  "$bin/sched-compile" "suite-$prog.mlir" --runtime=local -o "suite-$prog.local"
  "./suite-$prog.local" --ranks 2 --iters 2 > "suite-$prog.reference.txt"
done
cp "$root/utils/sched-launch.sh" "$root/utils/compare-checksums.py" \
  "$root/bench/gpu/run-e2e.sh" "$root/bench/gpu/run-buckets.sh" \
  "$root/bench/gpu/run-suite.sh" "$root/bench/gpu/run-profile.sh" .
ls -la
