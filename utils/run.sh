#!/usr/bin/env bash
#===- utils/run.sh - set up, build and run the main sched job -----------===#
#
# Installs what is missing, builds sched, then runs sched-opt on the bundled
# example (examples/fsdp-layer.mlir): attach the H100 target, report the
# simulated step time, exposed communication and peak memory (sched-report),
# run the scheduling pipeline (sched-pipeline: memory reordering, overlap
# scheduling, verification) and report again. The scheduled IR
# goes to build/run.out.mlir. The pipeline grows here as passes land.
#
# Usage: utils/run.sh [input.mlir] [extra sched-opt options...]
#
#===----------------------------------------------------------------------===#

source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
sched_build

input="${1:-$SCHED_ROOT/examples/fsdp-layer.mlir}"
shift || true
echo "sched: sched-opt $input" >&2
opt="$SCHED_BUILD_DIR/bin/sched-opt"
echo "== before scheduling"
"$opt" "$input" --sched-attach-target="preset=h100-sxm" "$@" \
  --sched-report="summary=-" -o "$SCHED_BUILD_DIR/run.in.mlir"
echo "== after sched-pipeline"
"$opt" "$SCHED_BUILD_DIR/run.in.mlir" --sched-pipeline \
  --mlir-print-op-on-diagnostic=false \
  --sched-report="summary=-" -o "$SCHED_BUILD_DIR/run.out.mlir"
echo "sched: scheduled IR in $SCHED_BUILD_DIR/run.out.mlir" >&2
