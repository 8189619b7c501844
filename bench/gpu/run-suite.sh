#!/usr/bin/env bash
#===- bench/gpu/run-suite.sh - the CPU test programs on 2 GPUs -----------===#
#
# Runs in the directory bench/gpu/build-e2e.sh filled: the programs of
# test/Runtime (compute bodies lowered to GPU kernels), unscheduled and
# scheduled, on 2 GPUs, and compares each with its CPU reference. The
# tolerance is the loosest of the CPU tests (1e-2, for bf16). Writes under
# $OUT (default: .).
#
#===----------------------------------------------------------------------===#
set -uo pipefail
out="${OUT:-.}"
status=0
for prog in collectives buckets types-bf16 types-i32 types-misc in-flight-writes; do
  for variant in unscheduled scheduled; do
    ./sched-launch.sh -n 2 "./suite-$prog.$variant" --iters 2 \
      > "$out/suite-$prog.$variant.txt" 2>&1 || status=1
    echo "$prog $variant: $(python3 compare-checksums.py \
      "suite-$prog.reference.txt" "$out/suite-$prog.$variant.txt" \
      --rtol 1e-2 | tail -1)" | tee -a "$out/suite.txt"
  done
done
exit $status
