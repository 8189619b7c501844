#!/usr/bin/env bash
#===- utils/run.sh - set up, build and run the main sched job -----------===#
#
# Installs what is missing, builds sched, then runs sched-opt on the bundled
# example (examples/fsdp-layer.mlir): attach the H100 target and verify the
# program. The pipeline grows here as the scheduling passes land.
#
# Usage: utils/run.sh [input.mlir] [extra sched-opt options...]
#
#===----------------------------------------------------------------------===#

source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
sched_build

input="${1:-$SCHED_ROOT/examples/fsdp-layer.mlir}"
shift || true
echo "sched: sched-opt $input" >&2
"$SCHED_BUILD_DIR/bin/sched-opt" "$input" \
  --sched-attach-target="preset=h100-sxm" "$@"
