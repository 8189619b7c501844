#!/usr/bin/env bash
#===- bench/workloads/rolled.sh - rolled and unrolled steps compared ------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# Generates corpus steps twice, unrolled and with sched-gen --layers-as-loops,
# into bench/workloads/generated/rolled/ (a folder of its own, so that
# schedule.sh and bucket.sh do not take the rolled steps), reports each with
# sched-report, and writes bench/workloads/ROLLED.md: ops, collectives,
# simulated step time, exposed communication, peak memory and report time
# of both forms, and the difference of the step times. Then runs
# sched-pipeline-loop-collectives on the rolled step (its defaults, and
# max-depth=2 with memory-slack=0.5) and reports the pipelined loops in a
# second table: step, exposed communication, peak, ops and pass time.
#
# Usage: bench/workloads/rolled.sh [build-dir]
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
gen="$build/bin/sched-gen"
opt="$build/bin/sched-opt"
out="$here/generated/rolled"
mkdir -p "$out"

# name | sched-gen options (the H100 preset, 8 GPUs per node), as in
# generate.sh
workloads=(
  "llama3-8b-fsdp8|--preset=llama3-8b --fsdp=8"
  "llama3-8b-tp8-sp|--preset=llama3-8b --tp=8 --sp"
  "llama3-70b-tp8-fsdp8-ckpt|--preset=llama3-70b --tp=8 --sp --fsdp=8 --checkpoint"
  "llama3-70b-tp8-fsdp4-dp4-ga4|--preset=llama3-70b --tp=8 --sp --fsdp=4 --dp=4 --micro-batches=4 --checkpoint"
)

rows=()
for entry in "${workloads[@]}"; do
  name="${entry%%|*}"
  options="${entry#*|}"
  for form in unrolled rolled; do
    extra=""
    [[ "$form" == rolled ]] && extra="--layers-as-loops"
    # shellcheck disable=SC2086
    "$gen" $options $extra --target=h100-sxm -o "$out/$name.$form.mlir"
    start=$(date +%s.%N)
    "$opt" "$out/$name.$form.mlir" \
      --sched-report="json=$out/$name.$form.report.json" -o /dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc > "$out/$name.$form.seconds"
  done
  # The rolled step pipelined: the pass's defaults, then deeper with more
  # memory.
  for variant in "pipelined|" "deep|max-depth=2 memory-slack=0.5"; do
    form="${variant%%|*}"
    start=$(date +%s.%N)
    "$opt" "$out/$name.rolled.mlir" \
      --sched-pipeline-loop-collectives="${variant#*|}" \
      -o "$out/$name.$form.mlir" 2> "$out/$name.$form.remarks"
    end=$(date +%s.%N)
    echo "$end - $start" | bc > "$out/$name.$form.seconds"
    "$opt" "$out/$name.$form.mlir" \
      --sched-report="json=$out/$name.$form.report.json" -o /dev/null
  done
  rows+=("$name")
  echo "reported $name" >&2
done
python3 - "$out" "${rows[@]}" > "$here/ROLLED.md" <<'PY'
import json
import sys

out, names = sys.argv[1], sys.argv[2:]
print("# Rolled and unrolled steps\n")
print("Written by `rolled.sh` (sched-gen with and without `--layers-as-loops`,")
print("H100 preset, unscheduled; sched-report of each). Times in ms, memory")
print("in GiB, report time in s (sched-opt --sched-report, parse included).")
print("IR ops: the ops of the generated function (a loop counts its body once);")
print("simulated: the ops the simulation runs (a loop's body once per iteration,")
print("plus two markers per loop instance).\n")
print("| workload | IR ops unrolled / rolled | simulated ops unrolled / rolled | collectives | step unrolled "
      "| step rolled | difference | exposed unrolled / rolled "
      "| peak unrolled / rolled | report s unrolled / rolled |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
def count_ir_ops(path):
    """Ops nested in the function of `path` (one per line that holds one)."""
    with open(path) as f:
        return sum(1 for line in f
                   if "=" in line.split("//")[0] and "sched." in line
                   or line.strip().startswith(("sched.", "scf.", "return")))


for name in names:
    ir = {form: count_ir_ops(f"{out}/{name}.{form}.mlir")
          for form in ("unrolled", "rolled")}
    fn = {}
    secs = {}
    for form in ("unrolled", "rolled"):
        with open(f"{out}/{name}.{form}.report.json") as f:
            fn[form] = json.load(f)["functions"][0]
        with open(f"{out}/{name}.{form}.seconds") as f:
            secs[form] = float(f.read())
    u, r = fn["unrolled"], fn["rolled"]
    diff = (r["makespan_us"] - u["makespan_us"]) / u["makespan_us"] * 100
    print(f"| {name} | {ir['unrolled']} / {ir['rolled']} "
          f"| {u['num_ops']} / {r['num_ops']} "
          f"| {len(u['collectives'])} / {len(r['collectives'])} "
          f"| {u['makespan_us'] / 1e3:.3f} | {r['makespan_us'] / 1e3:.3f} "
          f"| {diff:+.4f} % "
          f"| {u['exposed_comm_us'] / 1e3:.3f} / {r['exposed_comm_us'] / 1e3:.3f} "
          f"| {u['peak_memory_bytes'] / 2**30:.2f} / "
          f"{r['peak_memory_bytes'] / 2**30:.2f} "
          f"| {secs['unrolled']:.2f} / {secs['rolled']:.2f} |")

print("\n## The rolled steps pipelined\n")
print("sched-pipeline-loop-collectives on the rolled step alone: its defaults")
print("(max-depth=1, memory-slack=0.05, sink-waits=1), and max-depth=2 with")
print("memory-slack=0.5. Step and exposed communication in ms (sched-report")
print("of the output), peak in GiB, pass s: the pass's sched-opt run, parse")
print("included; loops: rotated loops of all loops with collectives (from the")
print("remarks), with prefetched, sunk and early collectives (early: started")
print("at the end of the previous iteration).\n")
print("| workload | variant | step rolled | step pipelined | difference "
      "| exposed | peak | IR ops | loops | pass s |")
print("|---|---|---:|---:|---:|---:|---:|---:|---|---:|")
import re
for name in names:
    with open(f"{out}/{name}.rolled.report.json") as f:
        r = json.load(f)["functions"][0]
    for form in ("pipelined", "deep"):
        with open(f"{out}/{name}.{form}.report.json") as f:
            p = json.load(f)["functions"][0]
        with open(f"{out}/{name}.{form}.seconds") as f:
            sec = float(f.read())
        with open(f"{out}/{name}.{form}.remarks") as f:
            remarks = f.read()
        rotated = re.findall(r"loop pipelined at depth (\d+): ([^;]*;)?", remarks)
        total = len(re.findall(r"remark: loop (pipelined|kept|not pipelined)", remarks))
        ahead = sum(int(m) for m in re.findall(r"(\d+) of \d+ collectives? starts? (?:one|\d+) iterations? ahead", remarks))
        early = sum(int(m) for m in re.findall(r"(\d+) of \d+ collectives? starts? at the end of the previous", remarks))
        sunk = sum(int(m) for m in re.findall(r"(\d+) of \d+ collectives? waits? in the next", remarks))
        diff = (p["makespan_us"] - r["makespan_us"]) / r["makespan_us"] * 100
        print(f"| {name} | {form} | {r['makespan_us'] / 1e3:.3f} "
              f"| {p['makespan_us'] / 1e3:.3f} | {diff:+.2f} % "
              f"| {p['exposed_comm_us'] / 1e3:.3f} "
              f"| {p['peak_memory_bytes'] / 2**30:.2f} "
              f"| {count_ir_ops(f'{out}/{name}.{form}.mlir')} "
              f"| {len(rotated)} of {total} ({ahead} ahead, {sunk} sunk, {early} early) "
              f"| {sec:.2f} |")
PY
echo "wrote $here/ROLLED.md" >&2
