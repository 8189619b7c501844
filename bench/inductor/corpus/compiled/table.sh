#!/usr/bin/env bash
#===- bench/inductor/corpus/compiled/table.sh - the compiled graphs' table -===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# Imports every graph of this folder (utils/export_compiled_graph.py's
# output), runs sched-pipeline on it (h200-sxm preset) and prints one row
# per graph: what the importer warned, the input's and sched's simulated step
# and exposed communication, the lower bound, peak memory.
#
#   bench/inductor/corpus/compiled/table.sh [BUILD]     (default: build)
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../../../build}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "| Graph | Ops | Collectives | Importer warnings | Input step us (exposed) | sched step us (exposed) | Bound us | sched over bound | Peak GiB: input / sched |"
echo "|---|---|---|---|---|---|---|---|---|"
for graph in "$here"/*.json; do
  name="$(basename "$graph" .json)"
  "$build/bin/sched-translate" --import-fx-json "$graph" -o "$tmp/$name.mlir" 2> "$tmp/$name.import"
  warnings="$(grep -c "warning" "$tmp/$name.import" || true)"
  "$build/bin/sched-opt" "$tmp/$name.mlir" --sched-attach-target=preset=h200-sxm \
    --sched-report="json=$tmp/$name.in.json" --sched-pipeline \
    --sched-report="json=$tmp/$name.out.json" -o /dev/null 2> /dev/null
  python3 - "$tmp/$name.in.json" "$tmp/$name.out.json" "$name" "$warnings" <<'PY'
import json, sys
(a,), (b,) = (json.load(open(p))["functions"] for p in sys.argv[1:3])
bound = max(v for v in b["lower_bounds_us"].values() if v is not None)
print("| %s | %d | %d | %s | %.1f (%.1f) | %.1f (%.1f) | %.1f | %.1f %% | %.2f / %.2f |" % (
    sys.argv[3], b["num_ops"], len(b.get("collectives", [])), sys.argv[4],
    a["makespan_us"], a["exposed_comm_us"], b["makespan_us"], b["exposed_comm_us"],
    bound, 100 * (b["makespan_us"] / bound - 1),
    a["peak_memory_bytes"] / 2**30, b["peak_memory_bytes"] / 2**30))
PY
done
