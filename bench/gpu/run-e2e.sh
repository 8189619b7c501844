#!/usr/bin/env bash
#===- bench/gpu/run-e2e.sh - run the GPU end-to-end executables ----------===#
#
# Runs in the directory bench/gpu/build-e2e.sh filled, on a machine with 2
# GPUs: correctness (scheduled, unscheduled and the CPU reference agree) and
# step times (unscheduled, scheduled, compute alone, communication alone,
# grouped and flat buckets). Writes everything under $OUT (default: .).
#
#===----------------------------------------------------------------------===#
set -uo pipefail
out="${OUT:-.}"
iters="${ITERS:-10}"
launch() { ./sched-launch.sh -n 2 "$@"; }
status=0
for prog in collectives tiny-fsdp2; do
  for variant in unscheduled scheduled; do
    launch "./$prog.$variant" --iters 2 > "$out/$prog.$variant.txt" 2>&1
    echo "== $prog $variant vs CPU reference" | tee -a "$out/summary.txt"
    python3 compare-checksums.py "$prog.reference.txt" \
      "$out/$prog.$variant.txt" --rtol 1e-3 | tail -1 | tee -a "$out/summary.txt"
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
  done
done
for prog in l8-fsdp2 l8-tp2 tiny-fsdp2; do
  for variant in unscheduled scheduled; do
    for mode in grouped flat; do
      launch "./$prog.$variant" --iters "$iters" --buckets "$mode" \
        > "$out/$prog.$variant.$mode.txt" 2>&1
    done
    launch "./$prog.$variant" --iters "$iters" --skip-comm \
      > "$out/$prog.$variant.compute-only.txt" 2>&1
    launch "./$prog.$variant" --iters "$iters" --skip-compute \
      > "$out/$prog.$variant.comm-only.txt" 2>&1
  done
  echo "== $prog scheduled vs unscheduled checksums" | tee -a "$out/summary.txt"
  python3 compare-checksums.py "$out/$prog.unscheduled.grouped.txt" \
    "$out/$prog.scheduled.grouped.txt" --rtol 1e-3 | tail -1 |
    tee -a "$out/summary.txt"
  for f in "$out/$prog".*.txt; do
    printf '%-50s %s\n' "$(basename "$f")" \
      "$(grep -h 'step time' "$f" | head -1)" >> "$out/summary.txt"
  done
done
grep -h "peak memory\|gpu " "$out"/l8-*.grouped.txt >> "$out/summary.txt"
cat "$out/summary.txt"
exit $status
