#!/usr/bin/env bash
#===- bench/gpu/run-profile.sh - per-op times of the timing workloads ----===#
#
# Runs in the directory bench/gpu/build-e2e.sh filled, on 2 GPUs: each timing
# workload once with compute alone and once with communication alone, with
# --op-times, so that every compute kind and every collective is timed
# without the other stream competing (as the cost model assumes). The files
# $OUT/<prog>.{compute,comm}-times.txt feed bench/gpu/make-profile.py.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
out="${OUT:-.}"
iters="${ITERS:-10}"
status=0
for prog in l8-fsdp2 l8-tp2; do
  ./sched-launch.sh -n 2 "./$prog.unscheduled" --iters "$iters" --skip-comm \
    --op-times "$out/$prog.compute-times.txt" > /dev/null || status=1
  ./sched-launch.sh -n 2 "./$prog.unscheduled" --iters "$iters" \
    --skip-compute --op-times "$out/$prog.comm-times.txt" > /dev/null ||
    status=1
done
# Chrome traces of the last of 5 steps, for bench/gpu/timeline.py.
for prog in l8-fsdp2 l8-tp2; do
  for variant in unscheduled scheduled; do
    ./sched-launch.sh -n 2 "./$prog.$variant" --iters 5 \
      --trace "$out/$prog.$variant.trace.json" > /dev/null || status=1
  done
done
head -50 "$out"/*-times.txt
exit $status
