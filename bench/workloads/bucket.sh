#!/usr/bin/env bash
#===- bench/workloads/bucket.sh - the pipeline with and without buckets --===#
#
# Runs `sched-pipeline` on every workload that generate.sh produced, once
# without and twice with `sched-bucket-collectives` (bucket=0 / bucket=1, in
# program order and with bucket-order=exposed-first), and writes
# bench/workloads/BUCKET.md: collectives issued, simulated step time, exposed
# communication, peak memory and the pipeline's time for each.
#
# Usage: bench/workloads/bucket.sh [build-dir]   (after generate.sh)
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
opt="$build/bin/sched-opt"
in="$here/generated"
out="$in/bucket"
mkdir -p "$out"

rows=()
for input in "$in"/*.mlir; do
  case "$input" in *.scheduled*.mlir) continue ;; esac
  name="$(basename "$input" .mlir)"
  "$opt" "$input" --sched-report="json=$out/$name.input.json" -o /dev/null
  times=()
  for run in "bucket0:bucket=0" "bucket1:bucket=1" \
      "exposed:bucket=1 bucket-order=exposed-first"; do
    tag="${run%%:*}"
    # CPU seconds of the whole sched-opt run (parse, passes, print): the
    # machine is shared, and wall time counts other people's work. The
    # line of /usr/bin/time comes last on the log.
    /usr/bin/time -f "%U %S" "$opt" "$input" \
      --sched-pipeline="${run#*:} explain=0" \
      --mlir-print-op-on-diagnostic=false \
      -o "$out/$name.$tag.mlir" 2> "$out/$name.$tag.log"
    t=$(tail -1 "$out/$name.$tag.log")
    times+=("$(echo "$t" | awk '{print $1 + $2}')")
    "$opt" "$out/$name.$tag.mlir" \
      --sched-report="json=$out/$name.$tag.json" -o /dev/null
  done
  rows+=("$name ${times[0]} ${times[1]} ${times[2]}")
done
python3 "$here/bucket_table.py" "$out" "${rows[@]}" > "$here/BUCKET.md"
echo "wrote $here/BUCKET.md" >&2
