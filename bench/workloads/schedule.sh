#!/usr/bin/env bash
#===- bench/workloads/schedule.sh - schedule the corpus and compare -----===#
#
# Runs sched-schedule-overlap on every workload that generate.sh produced
# and writes bench/workloads/SCHEDULE.md: simulated step time, exposed
# communication and peak memory for (a) the unscheduled input, (b) the
# scheduled output, (c) the lower bounds, and the pass time. Workloads more
# than 5 % above the head-and-tail bound at the default memory slack are
# scheduled again with larger slacks (second table), to tell the gaps that
# the memory budget causes from the others. The readings of the remaining
# gaps (schedule-readings.md) follow the tables.
#
# Usage: bench/workloads/schedule.sh [build-dir]   (after generate.sh)
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
opt="$build/bin/sched-opt"
out="$here/generated"
slacks=(0.1 0.2 0.5 1.0)

# Runs the pass on $1 with options $2, writes $3.mlir and $3.report.json,
# and prints the CPU seconds (user + system) sched-opt took, parsing and
# printing included.
schedule() {
  /usr/bin/time -f "%U %S" -o "$3.time" "$opt" "$1" \
    --sched-schedule-overlap="explain=0 $2" \
    --mlir-print-op-on-diagnostic=false -o "$3.mlir" 2> "$3.log"
  "$opt" "$3.mlir" --sched-report="json=$3.report.json" -o /dev/null
  awk '{ print $1 + $2 }' "$3.time"
}

rows=()
for input in "$out"/*.mlir; do
  case "$input" in *.scheduled*.mlir) continue ;; esac
  name="$(basename "$input" .mlir)"
  # The input's report again: its bounds come from this sched-opt, not from
  # the one generate.sh ran.
  "$opt" "$input" --sched-report="json=$out/$name.report.json" -o /dev/null
  seconds=$(schedule "$input" "" "$out/$name.scheduled")
  rows+=("$name $seconds")
  # Over 5 % above the bound: try larger memory slacks.
  if python3 "$here/compare.py" --over "$out" "$name" 0.05; then
    for slack in "${slacks[@]}"; do
      schedule "$input" "memory-slack=$slack" \
        "$out/$name.scheduled-slack-$slack" > /dev/null
    done
  fi
done
{
  python3 "$here/compare.py" "$out" "${slacks[*]}" "${rows[@]}"
  echo
  cat "$here/schedule-readings.md"
} > "$here/SCHEDULE.md"
echo "wrote $here/SCHEDULE.md" >&2
