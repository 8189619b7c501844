#!/usr/bin/env bash
#===- bench/gpu/run-buckets.sh - flat vs grouped buckets on 2 GPUs -------===#
#
# Runs in the directory bench/gpu/build-e2e.sh filled: for 16-member buckets
# of 4096, 65536 and 1048576 bf16 elements per rank, the step time with
# grouped NCCL calls, with one flat buffer, and without buckets; checks that
# all three give the same checksums. Writes under $OUT (default: .).
#
#===----------------------------------------------------------------------===#
set -uo pipefail
out="${OUT:-.}"
iters="${ITERS:-50}"
status=0
for size in 4096 65536 1048576; do
  for run in "bucket-modes grouped" "bucket-modes flat" "separate grouped"; do
    set -- $run
    ./sched-launch.sh -n 2 "./$1-$size" --iters "$iters" --buckets "$2" \
      > "$out/$1-$size.$2.txt" 2>&1 || status=1
    printf '%-8s %-13s %-8s %s\n' "$size" "$1" "$2" \
      "$(grep -h 'step time' "$out/$1-$size.$2.txt")" | tee -a "$out/buckets.txt"
  done
  for other in bucket-modes-$size.flat separate-$size.grouped; do
    python3 compare-checksums.py "$out/bucket-modes-$size.grouped.txt" \
      "$out/$other.txt" --rtol 1e-2 | tail -1 | sed "s/^/$other: /" |
      tee -a "$out/buckets.txt"
  done
done
exit $status
