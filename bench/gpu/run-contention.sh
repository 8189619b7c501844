#!/usr/bin/env bash
#===- bench/gpu/run-contention.sh - measure the contention factors -------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
#
# One command on the GPU machine, from the repository root, with
# build/bin/sched-calibrate carried there (about 1 minute):
#   OUT=/some/dir bench/gpu/run-contention.sh
# Runs sched-calibrate on every GPU (NGPUS to override; 2 GPUs give the real
# factors, 1 GPU a proxy: NCCL on one rank only copies), which measures every
# collective solo and under bf16 GEMMs and the GEMMs solo and under every
# collective, and writes under $OUT:
#   contention-calibrate.json               the profile: curves + contention
#   contention-calibrate.json.details.json  every measurement
#   contention-only.json                    only the contention buckets
#   contention-table.md                     the factors, as a table
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${OUT:-.}"
mkdir -p "$out"
n="${NGPUS:-$(nvidia-smi -L | wc -l)}"
"$root/utils/sched-launch.sh" -n "$n" "$root/build/bin/sched-calibrate" \
  --out "$out/contention-calibrate.json" ${MAX_BYTES:+--max-bytes "$MAX_BYTES"}
python3 "$root/bench/gpu/contention-profile.py" \
  "$out/contention-calibrate.json.details.json" \
  --out "$out/contention-only.json" | tee "$out/contention-table.md"
