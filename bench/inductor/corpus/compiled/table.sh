#!/usr/bin/env bash
#===- bench/inductor/corpus/compiled/table.sh - the compiled graphs' table -===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# Imports every graph NAME.json of this folder (utils/export_compiled_graph.py
# --inductor's output: runtime_us are Inductor's own costs), runs
# sched-pipeline on it (h200-sxm preset) and prints one row per graph, twice:
# with Inductor's costs, against Inductor's overlap-scheduled order
# NAME.inductor.json (the same costs), and with sched's own cost model
# (sched-translate --fx-ignore-runtimes), sched alone. Each row: what the
# importer warned, the simulated step and exposed communication, the best
# lower bound sched-report proves for sched's order, peak memory, and the
# time of the whole sched-opt process against Inductor's pass.
#
#   bench/inductor/corpus/compiled/table.sh [BUILD]     (default: build)
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$(cd "${1:-$here/../../../../build}" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

report() { # MLIR JSON [PASSES...]: sched-report's JSON of MLIR after PASSES
  local mlir="$1" json="$2"
  shift 2
  "$build/bin/sched-opt" "$mlir" --sched-attach-target=preset=h200-sxm "$@" \
    --sched-report="json=$json" -o /dev/null 2> /dev/null
}

row() { # NAME COSTS(inductor|sched)
  local name="$1" costs="$2" flags=()
  [ "$costs" = sched ] && flags=(--fx-ignore-runtimes)
  "$build/bin/sched-translate" --import-fx-json "$here/$name.json" "${flags[@]}" \
    -o "$tmp/$name.mlir" 2> "$tmp/$name.import"
  local warnings
  warnings="$(grep -c "warning" "$tmp/$name.import" || true)"
  report "$tmp/$name.mlir" "$tmp/$name.in.json"
  report "$tmp/$name.mlir" "$tmp/$name.out.json" --sched-pipeline
  local start end
  start="$(date +%s.%N)"
  "$build/bin/sched-opt" "$tmp/$name.mlir" --sched-attach-target=preset=h200-sxm \
    --sched-pipeline -o /dev/null 2> /dev/null
  end="$(date +%s.%N)"
  local inductor=""
  if [ "$costs" = inductor ]; then
    "$build/bin/sched-translate" --import-fx-json "$here/$name.inductor.json" \
      -o "$tmp/$name.ind.mlir" 2> /dev/null
    report "$tmp/$name.ind.mlir" "$tmp/$name.ind.json"
    inductor="$tmp/$name.ind.json"
  fi
  python3 - "$name" "$warnings" "$tmp/$name.in.json" "$tmp/$name.out.json" \
    "$(echo "$end - $start" | bc)" "$here/$name.inductor-time.json" "$inductor" <<'PY'
import json, sys
name, warnings, a, b, seconds, times, ind = sys.argv[1:8]
(a,), (b,) = (json.load(open(p))["functions"] for p in (a, b))
bound = max(v for v in b["lower_bounds_us"].values() if v is not None)
cells = [name, "%d" % b["num_ops"], "%d" % len(b.get("collectives", [])), warnings,
         "%.1f (%.1f)" % (a["makespan_us"], a["exposed_comm_us"]),
         "%.1f (%.1f)" % (b["makespan_us"], b["exposed_comm_us"])]
if ind:
    (i,) = json.load(open(ind))["functions"]
    cells += ["%.1f (%.1f)" % (i["makespan_us"], i["exposed_comm_us"]),
              "%.4f" % (b["makespan_us"] / i["makespan_us"])]
cells += ["%.1f" % bound, "%.1f %%" % (100 * (b["makespan_us"] / bound - 1))]
peaks = [a["peak_memory_bytes"], b["peak_memory_bytes"]] + ([i["peak_memory_bytes"]] if ind else [])
cells.append(" / ".join("%.2f" % (p / 2**30) for p in peaks))
if ind:
    cells.append("%.3f / %.3f" % (float(seconds), json.load(open(times))["inductor_pass_s"]))
print("| " + " | ".join(cells) + " |")
PY
}

graphs() { for g in "$here"/*.json; do
  case "$g" in *.inductor.json | *.inductor-time.json) ;; *) basename "$g" .json ;; esac
done; }

echo "Inductor's costs (runtime_us), against Inductor's order:"
echo
echo "| Graph | Ops | Collectives | Importer warnings | Input step us (exposed) | sched step us (exposed) | Inductor step us (exposed) | sched / Inductor | Bound us | sched over bound | Peak GiB: input / sched / Inductor | Time s: sched-opt process / Inductor pass |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for name in $(graphs); do row "$name" inductor; done
echo
echo "sched's cost model (--fx-ignore-runtimes):"
echo
echo "| Graph | Ops | Collectives | Importer warnings | Input step us (exposed) | sched step us (exposed) | Bound us | sched over bound | Peak GiB: input / sched |"
echo "|---|---|---|---|---|---|---|---|---|"
for name in $(graphs); do row "$name" sched; done
