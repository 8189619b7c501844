#!/usr/bin/env bash
#===- bench/workloads/rolled-scheduled.sh - scheduled rolled vs unrolled --===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# The "Done when" table of issue 20 for the scheduling passes in nested
# blocks: the corpus's FSDP and TP steps, generated unrolled and with
# sched-gen --layers-as-loops at two layer counts (the trip count of the
# layer loops), each run through sched-pipeline with the same target and
# the same memory budget (the larger input's peak plus 5 %), then
# reported with sched-report. Writes bench/workloads/ROLLED-SCHEDULED.md:
# the scheduled step time, its peak, the ops of the output and the
# sched-pipeline time of both forms, and the rolled step's difference.
# Steps go to bench/workloads/generated/rolled-scheduled/. The notes in
# rolled-scheduled-notes.md (earlier tables, the causes found) are appended.
#
# Usage: bench/workloads/rolled-scheduled.sh [build-dir]
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
gen="$build/bin/sched-gen"
opt="$build/bin/sched-opt"
out="$here/generated/rolled-scheduled"
mkdir -p "$out"

# name | sched-gen options (the H100 preset, 8 GPUs per node)
workloads=(
  "llama3-8b-fsdp8|--preset=llama3-8b --fsdp=8"
  "llama3-8b-tp8-sp|--preset=llama3-8b --tp=8 --sp"
)
layer_counts=(8 32)

# Prints the peak memory (bytes) of the first function of the report $1.
peak_of() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["functions"][0]["peak_memory_bytes"])' "$1"
}

rows=()
for entry in "${workloads[@]}"; do
  name="${entry%%|*}"
  options="${entry#*|}"
  for layers in "${layer_counts[@]}"; do
    case="$name-l$layers"
    for form in unrolled rolled; do
      extra=""
      [[ "$form" == rolled ]] && extra="--layers-as-loops"
      # shellcheck disable=SC2086
      "$gen" $options --layers="$layers" $extra --target=h100-sxm \
        -o "$out/$case.$form.mlir"
      "$opt" "$out/$case.$form.mlir" \
        --sched-report="json=$out/$case.$form.input.json" -o /dev/null
    done
    # One budget for both forms: the larger input peak plus 5 % (the rolled
    # input allocates its stacked activations before the loops).
    budget=$(python3 -c "print(int(max($(peak_of "$out/$case.unrolled.input.json"), $(peak_of "$out/$case.rolled.input.json")) * 1.05))")
    echo "$budget" > "$out/$case.budget"
    for form in unrolled rolled; do
      start=$(date +%s.%N)
      "$opt" "$out/$case.$form.mlir" \
        --sched-pipeline="memory-budget=$budget explain=0" \
        -o "$out/$case.$form.scheduled.mlir" 2> "$out/$case.$form.remarks"
      end=$(date +%s.%N)
      echo "$end - $start" | bc > "$out/$case.$form.seconds"
      "$opt" "$out/$case.$form.scheduled.mlir" \
        --sched-report="json=$out/$case.$form.scheduled.json" -o /dev/null
    done
    rows+=("$case")
    echo "scheduled $case" >&2
  done
done
python3 - "$out" "${rows[@]}" > "$here/ROLLED-SCHEDULED.md" <<'PY'
import json
import sys

out, names = sys.argv[1], sys.argv[2:]
print("# Scheduled rolled and unrolled steps\n")
print("Written by `rolled-scheduled.sh`: sched-gen with and without")
print("`--layers-as-loops` (H100 preset; `-l8`, `-l32`: 8 and 32 layers, the trip")
print("count of the layer loops), each through `sched-pipeline` with")
print("`memory-budget` = the larger input peak + 5 % for both forms, then")
print("sched-report. Steps in ms (simulated, loops as their iterations), peaks")
print("in GiB, pipeline time in s (sched-opt wall time, parse and print")
print("included, on a shared machine). Ops: the ops of the scheduled function")
print("(a loop counts its body once). Input: the unscheduled step.\n")
print("| workload | input step unrolled / rolled | scheduled step unrolled "
      "| scheduled step rolled | difference | peak unrolled / rolled "
      "| budget | ops unrolled / rolled | pipeline s unrolled / rolled |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")


def count_ir_ops(path):
    """Ops nested in the functions of `path` (one per line that holds one)."""
    with open(path) as f:
        return sum(1 for line in f
                   if "=" in line.split("//")[0] and "sched." in line
                   or line.strip().startswith(("sched.", "scf.", "return")))


def load(path):
    with open(path) as f:
        return json.load(f)["functions"][0]


for name in names:
    inp = {form: load(f"{out}/{name}.{form}.input.json")
           for form in ("unrolled", "rolled")}
    sch = {form: load(f"{out}/{name}.{form}.scheduled.json")
           for form in ("unrolled", "rolled")}
    ops = {form: count_ir_ops(f"{out}/{name}.{form}.scheduled.mlir")
           for form in ("unrolled", "rolled")}
    secs = {}
    for form in ("unrolled", "rolled"):
        with open(f"{out}/{name}.{form}.seconds") as f:
            secs[form] = float(f.read())
    with open(f"{out}/{name}.budget") as f:
        budget = int(f.read())
    u, r = sch["unrolled"], sch["rolled"]
    diff = (r["makespan_us"] - u["makespan_us"]) / u["makespan_us"] * 100
    print(f"| {name} "
          f"| {inp['unrolled']['makespan_us'] / 1e3:.3f} / "
          f"{inp['rolled']['makespan_us'] / 1e3:.3f} "
          f"| {u['makespan_us'] / 1e3:.3f} | {r['makespan_us'] / 1e3:.3f} "
          f"| {diff:+.2f} % "
          f"| {u['peak_memory_bytes'] / 2**30:.2f} / "
          f"{r['peak_memory_bytes'] / 2**30:.2f} "
          f"| {budget / 2**30:.2f} "
          f"| {ops['unrolled']} / {ops['rolled']} "
          f"| {secs['unrolled']:.2f} / {secs['rolled']:.2f} |")
PY
# The hand-written part: the measurements before, and what each row still
# lacks.
if [[ -f "$here/rolled-scheduled-notes.md" ]]; then
  { echo; cat "$here/rolled-scheduled-notes.md"; } >> "$here/ROLLED-SCHEDULED.md"
fi
echo "wrote $here/ROLLED-SCHEDULED.md" >&2
