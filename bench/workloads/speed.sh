#!/usr/bin/env bash
#===- bench/workloads/speed.sh - time the pipeline at 10k, 100k, 1M ops --===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
#===----------------------------------------------------------------------===#
#
# Generates synthetic steps of 10k, 100k and 1M ops (sched-gen, the shape of
# bench/workloads/generated/synthetic-100k.mlir) and runs the default
# pipeline (`--sched-pipeline="explain=0"`) on each, RUNS times (fewer for
# 1M), with MLIR's timing, reading and writing MLIR's text form and then its
# bytecode (`--emit-bytecode`; sched-opt reads either). Prints, per size, the minimum over the runs of:
# the pipeline (every pass and MLIR's verifier run after each pass that
# changed the IR: `PassManager::run`), parsing, printing, and the whole
# process in wall and CPU seconds, and its peak memory. The minimum, because
# on a shared machine a run can only be slowed down by other work.
#
# Each run also times, interleaved, the pipeline process without MLIR's
# timing and the same process with no pass (parse, verify, print:
# `sched-opt IN -o /dev/null`), the two in turn, alternating which goes
# first, so that a load that comes and goes weighs on both alike. The
# "no-pass CPU s" column is the no-pass process's CPU seconds, "CPU ratio"
# the pipeline process's over it (the minimum of each over the runs; the
# issue's target is at most 2.0 at 100k ops in text, and near-linear at
# 1M). Where valgrind is installed, "instr ratio" is the same ratio in
# instructions (callgrind, --mlir-disable-threading, one run each: the
# count does not depend on the load), for the sizes up to INSTR_LAYERS
# sched-gen layers (default 2300, the 100k step; "-" for larger ones and
# for bytecode).
#
# Usage: bench/workloads/speed.sh [build-dir] [runs]
# (LAYERS="230 2300" picks the sizes: sched-gen layers, about 46 ops each.)
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
runs="${2:-5}"
opt="$build/bin/sched-opt"
gen="$build/bin/sched-gen"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

instr_layers="${INSTR_LAYERS:-2300}"
have_valgrind=0
command -v valgrind > /dev/null && have_valgrind=1

# Prints the instructions of `sched-opt ARGS...` (callgrind, serial).
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$opt" "$@" \
    --mlir-disable-threading -o /dev/null 2>&1 > /dev/null |
    awk '/Collected :/ { print $NF }'
}

# Prints the CPU seconds (user + system) of `sched-opt ARGS...`.
cpu_seconds() {
  /usr/bin/time -f '%U %S' -o "$tmp/cpu" "$opt" "$@" -o /dev/null \
    > /dev/null 2>&1
  awk '{ print $1 + $2 }' "$tmp/cpu"
}

printf '| ops | format | pipeline s | parse s | print s | wall s | CPU s | peak RSS | no-pass CPU s | CPU ratio | instr ratio |\n'
printf '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for layers in ${LAYERS:-230 2300 23000}; do
  input="$tmp/synthetic-$layers.mlir"
  "$gen" --preset=tiny --fsdp=8 --tp=2 --sp --micro-batches=1 \
    --layers="$layers" --target=h100-sxm -o "$input"
  "$opt" "$input" --emit-bytecode -o "$tmp/synthetic-$layers.mlirbc"
  ops=$(grep -c '^ *\(%[0-9a-z_]* = \)\?sched\.\|^ *func.return' "$input")
  n="$runs"
  [ "$layers" -ge 23000 ] && n=$(( runs < 2 ? runs : 2 ))
  for format in text bytecode; do
    in="$input"
    out=()
    if [ "$format" = bytecode ]; then
      in="$tmp/synthetic-$layers.mlirbc"
      out=(--emit-bytecode)
    fi
    for ((run = 0; run < n; ++run)); do
      /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$opt" "$in" \
        --sched-pipeline="explain=0" --mlir-timing "${out[@]}" \
        -o /dev/null 2> "$tmp/timing"
      read -r wall user sys rss < "$tmp/time"
      pipeline=$(awk '/Pipeline$/ { print $1; exit }' "$tmp/timing")
      parse=$(awk '/ Parser$/ { print $1; exit }' "$tmp/timing")
      print=$(awk '/ Output$/ { print $1; exit }' "$tmp/timing")
      # The pair of the ratio, in turn, alternating which runs first.
      if (( run % 2 == 0 )); then
        with=$(cpu_seconds "$in" --sched-pipeline="explain=0" "${out[@]}")
        without=$(cpu_seconds "$in" "${out[@]}")
      else
        without=$(cpu_seconds "$in" "${out[@]}")
        with=$(cpu_seconds "$in" --sched-pipeline="explain=0" "${out[@]}")
      fi
      echo "$pipeline $parse $print $wall $with $rss $without"
    done > "$tmp/runs"
    instr=-
    if [ "$have_valgrind" = 1 ] && [ "$format" = text ] &&
      [ "$layers" -le "$instr_layers" ]; then
      with=$(instructions "$in" --sched-pipeline="explain=0")
      without=$(instructions "$in")
      instr=$(awk -v a="$with" -v b="$without" \
        'BEGIN { printf "%.2fx (%.3f G / %.3f G)", a / b, a / 1e9, b / 1e9 }')
    fi
    awk -v ops="$ops" -v format="$format" -v instr="$instr" '
      NR == 1 { for (i = 1; i <= 7; ++i) m[i] = $i }
      { for (i = 1; i <= 7; ++i) if ($i < m[i]) m[i] = $i }
      END {
        printf "| %d | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %d MiB | %.2f | %.2fx | %s |\n",
          ops, format, m[1], m[2], m[3], m[4], m[5], m[6] / 1024, m[7],
          m[5] / (m[7] > 0 ? m[7] : 0.01), instr
      }' "$tmp/runs"
  done
done
