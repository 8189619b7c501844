#!/usr/bin/env bash
#===- bench/workloads/pp.sh - 1F1B steps against the analytic bound -----===#
#
# Generates pipeline-parallel steps with sched-gen --pp (1F1B, and
# interleaved 1F1B with --pp-schedule=interleaved), checks them
# with sched-verify-deadlock, simulates the stages together with
# sched-report (unscheduled, and after sched-schedule-overlap on each
# stage) and writes bench/workloads/PP.md: the pipelined step against the
# analytic 1F1B bound (m + p - 1) / m x the busiest stage's compute
# ((m + (p - 1) / v) / m interleaved over v chunks per stage), and
# against that bound plus the 2 (p - 1) transfers of the fill and the
# drain, with the largest stage bubble.
#
# Usage: bench/workloads/pp.sh [build-dir]
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
gen="$build/bin/sched-gen"
opt="$build/bin/sched-opt"
out="$here/generated/pp"
mkdir -p "$out"

# name | p | m | sched-gen options (H100 preset, 8 GPUs per node)
workloads=(
  "llama3-8b-pp4-m8|4|8|--preset=llama3-8b --layers=8 --seq=4096 --pp=4 --micro-batches=8"
  "llama3-8b-pp4-m16|4|16|--preset=llama3-8b --layers=8 --seq=4096 --pp=4 --micro-batches=16"
  "llama3-8b-pp8-m16-gpn1|8|16|--preset=llama3-8b --layers=16 --seq=4096 --pp=8 --micro-batches=16 --gpus-per-node=1"
  "llama3-70b-pp4-tp8-m8|4|8|--preset=llama3-70b --layers=8 --seq=4096 --pp=4 --tp=8 --micro-batches=8"
  "tiny-pp4-m8-gpn1|4|8|--preset=tiny --layers=4 --pp=4 --micro-batches=8 --gpus-per-node=1"
  "llama3-8b-pp4-m8-v2|4|8|--preset=llama3-8b --layers=8 --seq=4096 --pp=4 --micro-batches=8 --pp-schedule=interleaved --virtual-stages=2"
  "llama3-8b-pp4-m16-v2|4|16|--preset=llama3-8b --layers=8 --seq=4096 --pp=4 --micro-batches=16 --pp-schedule=interleaved --virtual-stages=2"
  "llama3-8b-l16-pp4-m8|4|8|--preset=llama3-8b --layers=16 --seq=4096 --pp=4 --micro-batches=8"
  "llama3-8b-l16-pp4-m8-v4|4|8|--preset=llama3-8b --layers=16 --seq=4096 --pp=4 --micro-batches=8 --pp-schedule=interleaved --virtual-stages=4"
  "tiny-pp4-m8-gpn1-v2|4|8|--preset=tiny --layers=8 --pp=4 --micro-batches=8 --gpus-per-node=1 --pp-schedule=interleaved --virtual-stages=2"
)

rows=()
for entry in "${workloads[@]}"; do
  IFS='|' read -r name p m options <<< "$entry"
  # shellcheck disable=SC2086
  "$gen" $options --target=h100-sxm -o "$out/$name.mlir"
  "$opt" "$out/$name.mlir" --sched-verify-deadlock \
    --sched-report="summary=$out/$name.summary.txt json=$out/$name.report.json" \
    -o /dev/null
  "$opt" "$out/$name.mlir" --sched-pipeline \
    --mlir-print-op-on-diagnostic=false -o "$out/$name.scheduled.mlir" \
    2> "$out/$name.scheduled.log"
  # The scheduler sees one stage at a time and may break deadlock freedom
  # (PP.md, readings): then the scheduled order has no row.
  rm -f "$out/$name.scheduled.summary.txt"
  if ! "$opt" "$out/$name.scheduled.mlir" --sched-verify-deadlock \
      --sched-verify-schedule --mlir-print-op-on-diagnostic=false \
      --sched-report="summary=$out/$name.scheduled.summary.txt" \
      -o /dev/null 2> "$out/$name.scheduled.verify.log"; then
    rm -f "$out/$name.scheduled.summary.txt"
  fi
  rows+=("$name|$p|$m|$options")
  echo "simulated $name" >&2
done
{
  python3 "$here/pp_table.py" "$out" "${rows[@]}"
  echo
  cat "$here/pp-readings.md"
} > "$here/PP.md"
echo "wrote $here/PP.md" >&2
