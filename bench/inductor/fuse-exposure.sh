#!/bin/sh
#===- fuse-exposure.sh - sched-fuse-compute after Inductor's schedule ----===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
#
# The held-out Inductor scenario of the fuser: each corpus step in Inductor's
# order (corpus/inductor/NAME.inductor.json, collectives already overlapped),
# then sched-fuse-compute, simulated with sched's h200-sxm costs. Prints, per
# step, the step and the exposed communication in ms unfused and after
# fusion with each build given, and how many pairs each refused because they
# would expose a collective (docs/passes/FuseCompute.md).
#
# usage: bench/inductor/fuse-exposure.sh BUILD [BUILD...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: $0 BUILD [BUILD...]" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
summary() {
  python3 -c "import json,sys;f=json.load(open(sys.argv[1]))['functions'][0];print('%.3f / %.3f' % (f['makespan_us']/1e3, f['exposed_comm_us']/1e3))" "$1"
}
echo "| Step | unfused: step / exposed | $(for b in "$@"; do printf '%s: step / exposed (refused) | ' "$b"; done)"
for g in $(grep -v '^#' "$here/corpus/configs.txt" | awk 'NF{print $1}'); do
  order="$here/corpus/inductor/$g.inductor.json"
  [ -f "$order" ] || continue
  "$1/bin/sched-translate" --import-fx-json "$order" -o "$tmp/in.mlir"
  "$1/bin/sched-opt" "$tmp/in.mlir" --sched-attach-target=preset=h200-sxm \
    --sched-report=json="$tmp/r.json" -o /dev/null
  line="| $g | $(summary "$tmp/r.json") |"
  for b in "$@"; do
    "$b/bin/sched-opt" "$tmp/in.mlir" --sched-attach-target=preset=h200-sxm \
      --sched-fuse-compute=explain=1 --sched-report=json="$tmp/r.json" \
      -o /dev/null 2> "$tmp/remarks"
    line="$line $(summary "$tmp/r.json") ($(grep -c 'would expose' "$tmp/remarks" || true)) |"
  done
  echo "$line"
done
