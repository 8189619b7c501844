#!/usr/bin/env bash
#===- bench/workloads/moe.sh - MoE steps, unscheduled and scheduled -----===#
#
# Generates the mixture-of-experts steps with sched-gen, schedules each with
# sched-schedule-overlap (defaults), reports both orders with sched-report
# and writes bench/workloads/MOE.md: step time, exposed all_to_all time
# (the dispatch and combine transfers), all exposed communication and peak
# memory, unscheduled against scheduled in the same run.
#
# Usage: bench/workloads/moe.sh [build-dir]
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
gen="$build/bin/sched-gen"
opt="$build/bin/sched-opt"
out="$here/generated/moe"
mkdir -p "$out"

# name | sched-gen options (all on the H100 preset, 8 GPUs per node)
workloads=(
  "tiny-moe-ep4-ga2|--preset=tiny-moe --ep=4 --micro-batches=2"
  "mixtral-8x7b-ep8-ga2|--preset=mixtral-8x7b --layers=8 --ep=8 --micro-batches=2"
  "mixtral-8x7b-tp2-ep4-fsdp2-ga2|--preset=mixtral-8x7b --layers=8 --tp=2 --ep=4 --fsdp=2 --micro-batches=2"
  "deepseek-v3-ep8-ga2|--preset=deepseek-v3 --layers=4 --ep=8 --micro-batches=2"
  "deepseek-v3-ep64-ga2|--preset=deepseek-v3 --layers=4 --ep=64 --micro-batches=2"
)

rows=()
for entry in "${workloads[@]}"; do
  name="${entry%%|*}"
  options="${entry#*|}"
  # shellcheck disable=SC2086
  "$gen" $options --target=h100-sxm -o "$out/$name.mlir"
  "$opt" "$out/$name.mlir" --sched-report="json=$out/$name.report.json" \
    -o /dev/null
  "$opt" "$out/$name.mlir" --sched-schedule-overlap="explain=0" \
    --mlir-print-op-on-diagnostic=false -o "$out/$name.scheduled.mlir" \
    2> "$out/$name.scheduled.log"
  "$opt" "$out/$name.scheduled.mlir" --sched-verify-schedule \
    --sched-verify-deadlock \
    --sched-report="json=$out/$name.scheduled.report.json" -o /dev/null
  rows+=("$name|$options")
  echo "scheduled $name" >&2
done
{
  python3 "$here/moe_table.py" "$out" "${rows[@]}"
  echo
  cat "$here/moe-readings.md"
} > "$here/MOE.md"
echo "wrote $here/MOE.md" >&2
