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
# Each run also times the same process with no pass (parse, verify, print:
# `sched-opt IN -o /dev/null`), right after the pipeline's, and the last two
# columns are its CPU seconds and the speed ratio: the pipeline process's
# CPU seconds over the no-pass process's (the minimum of each; the issue's
# target is at most 2.0 at 100k ops in text, and near-linear at 1M).
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

printf '| ops | format | pipeline s | parse s | print s | wall s | CPU s | peak RSS | no-pass CPU s | ratio |\n'
printf '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n'
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
      /usr/bin/time -f '%U %S' -o "$tmp/time0" "$opt" "$in" "${out[@]}" \
        -o /dev/null 2> /dev/null
      read -r user0 sys0 < "$tmp/time0"
      echo "$pipeline $parse $print $wall $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }') $rss $(awk -v u="$user0" -v s="$sys0" 'BEGIN { print u + s }')"
    done > "$tmp/runs"
    awk -v ops="$ops" -v format="$format" '
      NR == 1 { for (i = 1; i <= 7; ++i) m[i] = $i }
      { for (i = 1; i <= 7; ++i) if ($i < m[i]) m[i] = $i }
      END {
        printf "| %d | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %d MiB | %.2f | %.2fx |\n",
          ops, format, m[1], m[2], m[3], m[4], m[5], m[6] / 1024, m[7],
          m[5] / (m[7] > 0 ? m[7] : 0.01)
      }' "$tmp/runs"
  done
done
