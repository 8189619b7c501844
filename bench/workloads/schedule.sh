#!/usr/bin/env bash
#===- bench/workloads/schedule.sh - schedule the corpus and compare -----===#
#
# Runs sched-schedule-overlap on every workload that generate.sh produced
# and writes bench/workloads/SCHEDULE.md: simulated step time, exposed
# communication and peak memory for (a) the unscheduled input, (b) the
# scheduled output, (c) the lower bound, and the pass time.
#
# Usage: bench/workloads/schedule.sh [build-dir]   (after generate.sh)
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
opt="$build/bin/sched-opt"
out="$here/generated"

rows=()
for input in "$out"/*.mlir; do
  case "$input" in *.scheduled.mlir) continue ;; esac
  name="$(basename "$input" .mlir)"
  start=$(date +%s.%N)
  "$opt" "$input" --sched-schedule-overlap="explain=0" \
    --mlir-print-op-on-diagnostic=false -o "$out/$name.scheduled.mlir" \
    2> "$out/$name.schedule.log"
  end=$(date +%s.%N)
  "$opt" "$out/$name.scheduled.mlir" \
    --sched-report="json=$out/$name.scheduled.report.json" -o /dev/null
  rows+=("$name $(echo "$end - $start" | bc)")
done
python3 "$here/compare.py" "$out" "${rows[@]}" > "$here/SCHEDULE.md"
echo "wrote $here/SCHEDULE.md" >&2
