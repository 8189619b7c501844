#!/usr/bin/env bash
#===- utils/compare-outputs.sh - byte-identity check of two builds ------===#
#
# Proves a refactor byte-identical: runs sched-opt of two builds on the
# comparison corpus (examples/, bench/workloads/*.mlir, five sched-gen steps,
# the FX corpus imported with REF's sched-translate) under six pass sets and
# compares stdout, stderr and exit codes. Prints each differing case and a
# final "N cases, N differ" line; exits 1 if any differ.
#
# Usage: utils/compare-outputs.sh REF_BUILD_DIR NEW_BUILD_DIR [CASE_FILTER]
#   e.g. build a checkout of the base commit in /tmp/base/build, then
#   utils/compare-outputs.sh /tmp/base/build build
#
#===----------------------------------------------------------------------===#

set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ref="$(cd "$1" && pwd)"
new="$(cd "$2" && pwd)"
filter="${3:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
in="$work/inputs"
mkdir -p "$in" "$work/ref" "$work/new"

cp "$root"/examples/*.mlir "$root"/bench/workloads/*.mlir "$in/"
gen=(
  "gen-llama3-8b-fsdp8|--preset=llama3-8b --fsdp=8"
  "gen-llama3-8b-tp8-sp|--preset=llama3-8b --tp=8 --sp"
  "gen-llama3-70b-tp8-fsdp8-ckpt|--preset=llama3-70b --tp=8 --sp --fsdp=8 --checkpoint"
  "gen-ga4|--preset=llama3-70b --tp=8 --sp --fsdp=4 --dp=4 --micro-batches=4 --checkpoint"
  "gen-synth|--preset=tiny --layers=200 --fsdp=8 --tp=2 --sp --micro-batches=2"
)
for entry in "${gen[@]}"; do
  # shellcheck disable=SC2086
  "$ref/bin/sched-gen" ${entry#*|} --target=h100-sxm -o "$in/${entry%%|*}.mlir"
done
for graph in "$root"/bench/inductor/corpus/graphs/*.json \
  "$root"/bench/workloads/fx/*.json; do
  "$ref/bin/sched-translate" --import-fx-json "$graph" \
    -o "$in/fx-$(basename "$graph" .json).mlir" 2> /dev/null
done

target=--sched-attach-target=preset=h100-sxm
sets=(pipe pipe-all overlap bucket reorder fuse)
passes() {
  case "$1" in
  pipe) echo "--sched-pipeline --sched-report" ;;
  pipe-all) echo "--sched-pipeline=fuse=1 bucket=1 explain=1|--sched-report" ;;
  overlap) echo "--sched-schedule-overlap=explain=1 --sched-report" ;;
  bucket) echo "--sched-bucket-collectives=explain=1" ;;
  reorder) echo "--sched-reorder-for-memory" ;;
  fuse) echo "--sched-fuse-compute=explain=1" ;;
  esac
}
run() {
  local bin="$1" file="$2" set="$3" out="$4" args
  if [[ "$set" == pipe-all ]]; then
    args=("--sched-pipeline=fuse=1 bucket=1 explain=1" --sched-report)
  else
    read -r -a args <<< "$(passes "$set")"
  fi
  timeout 300 "$bin/bin/sched-opt" "$file" "$target" "${args[@]}" \
    --mlir-print-op-on-diagnostic=false > "$out.out" 2> "$out.err"
  echo $? > "$out.rc"
}

n=0
bad=0
for file in "$in"/*.mlir; do
  name="$(basename "$file" .mlir)"
  for set in "${sets[@]}"; do
    case="$name.$set"
    [[ -n "$filter" && "$case" != *$filter* ]] && continue
    n=$((n + 1))
    run "$ref" "$file" "$set" "$work/ref/$case"
    run "$new" "$file" "$set" "$work/new/$case"
    for ext in out err rc; do
      if ! cmp -s "$work/ref/$case.$ext" "$work/new/$case.$ext"; then
        bad=$((bad + 1))
        echo "DIFFERS: $case"
        diff "$work/ref/$case.$ext" "$work/new/$case.$ext" | head -5
        break
      fi
    done
  done
done
echo "$n cases, $bad differ"
[ "$bad" -eq 0 ]
