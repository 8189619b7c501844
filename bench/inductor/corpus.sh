#!/usr/bin/env bash
#===- bench/inductor/corpus.sh - trace the real-graph corpus -------------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# Runs where PyTorch is (the GPU machine; one GPU is enough, the collectives
# run on a fake process group and the tensors are FakeTensors on cuda).
#
#   corpus.sh trace OUT
#       traces every step of corpus/configs.txt to OUT/NAME.json
#       (utils/export_fx_graph.py)
#   corpus.sh inductor-costs OUT
#       the same with Inductor's own costs: each step's pass first measures
#       them (inductor_overlap.py --measure-costs; one step at a time, since
#       compute nodes are benchmarked on the GPU) into
#       OUT/NAME.inductor-costs.json, then the bucketing runs use them
#       and write Inductor's estimate of each bucket it made to
#       OUT/NAME.inductor-bucket-costs.json
#   corpus.sh inductor-costs-bucket OUT
#       only those bucketing runs, with OUT/NAME.inductor-costs.json there
#   corpus.sh inductor OUT ESTIMATES
#       runs Inductor's overlap scheduler on every step with sched's
#       per-node times ESTIMATES/NAME.estimates.json (bench/inductor/
#       estimates.py), once without and once with collective bucketing:
#       OUT/NAME.inductor.json, OUT/NAME.inductor-bucket.json and their
#       pass times OUT/NAME{,-bucket}.inductor-time.json
#
# JOBS (default 4) steps run at once. ONLY (a space-separated list of names)
# restricts every mode to those steps of corpus/configs.txt.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/../.."
mode="$1"
out="$(mkdir -p "$2" && cd "$2" && pwd)"
estimates="${3:-}"
export PYTHONUNBUFFERED=1
configs() {
  grep -v '^#' "$here/corpus/configs.txt" | grep -v '^ *$' |
    if [ -n "${ONLY:-}" ]; then
      awk -v only=" $ONLY " 'index(only, " " $1 " ")'
    else
      cat
    fi
}

one() {
  local name="$1"
  shift
  case "$mode" in
  trace)
    python3 "$root/utils/export_fx_graph.py" --device cuda --name "$name" "$@" \
      --out "$out/$name.json" 2> "$out/$name.trace.log" ||
      { echo "$name: trace failed"; tail -5 "$out/$name.trace.log"; return 1; }
    tail -1 "$out/$name.trace.log"
    ;;
  inductor)
    local est="$estimates/$name.estimates.json"
    # Without bucketing, then with Inductor's collective bucketing; each run
    # traces the step again (the same graph, the same node names).
    python3 "$here/inductor_overlap.py" --out-dir "$out/plain" --estimates "$est" \
      --device cuda --name "$name" "$@" > "$out/$name.inductor-time.json" \
      2> "$out/$name.inductor.log" || { echo "$name: inductor failed"; tail -5 "$out/$name.inductor.log"; return 1; }
    mv "$out/plain/$name.inductor.json" "$out/$name.inductor.json"
    python3 "$here/inductor_overlap.py" --out-dir "$out/bucket" --estimates "$est" --bucket \
      --device cuda --name "$name" "$@" > "$out/$name-bucket.inductor-time.json" \
      2> "$out/$name.inductor-bucket.log" || { echo "$name: inductor (bucketing) failed"; tail -5 "$out/$name.inductor-bucket.log"; return 1; }
    mv "$out/bucket/$name.inductor.json" "$out/$name.inductor-bucket.json"
    echo "$name: $(cat "$out/$name.inductor-time.json") $(cat "$out/$name-bucket.inductor-time.json")"
    ;;
  inductor-costs)
    local costs="$out/$name.inductor-costs.json"
    python3 "$here/inductor_overlap.py" --out-dir "$out/plain" --measure-costs "$costs" \
      --device cuda --name "$name" "$@" > "$out/$name.inductor-time.json" \
      2> "$out/$name.inductor.log" || { echo "$name: inductor failed"; tail -5 "$out/$name.inductor.log"; return 1; }
    mv "$out/plain/$name.inductor.json" "$out/$name.inductor.json"
    echo "$name: $(cat "$out/$name.inductor-time.json")"
    ;;
  inductor-costs-bucket)
    python3 "$here/inductor_overlap.py" --out-dir "$out/bucket" --estimates "$out/$name.inductor-costs.json" \
      --bucket --device cuda --name "$name" "$@" > "$out/$name-bucket.inductor-time.json" \
      2> "$out/$name.inductor-bucket.log" || { echo "$name: inductor (bucketing) failed"; tail -5 "$out/$name.inductor-bucket.log"; return 1; }
    mv "$out/bucket/$name.inductor.json" "$out/$name.inductor-bucket.json"
    mv "$out/bucket/$name.inductor-new-costs.json" "$out/$name.inductor-bucket-costs.json"
    echo "$name: $(cat "$out/$name-bucket.inductor-time.json")"
    ;;
  *) echo "usage: corpus.sh trace OUT | corpus.sh inductor OUT ESTIMATES" >&2; exit 2 ;;
  esac
}
export -f one
export mode out estimates here root
if [ "$mode" = inductor-costs ]; then
  configs | xargs -P 1 -L 1 bash -c 'one "$@"' _
  mode=inductor-costs-bucket
fi
configs | xargs -P "${JOBS:-4}" -L 1 bash -c 'one "$@"' _
rm -rf "$out/plain" "$out/bucket"
