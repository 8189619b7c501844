#!/usr/bin/env bash
#===- bench/workloads/generate.sh - build the workload corpus -----------===#
#
# Generates the corpus of training steps with sched-gen into
# bench/workloads/generated/ (not committed; the small ones are also kept in
# bench/workloads/*.mlir), reports each with sched-report, and writes the
# table bench/workloads/TABLE.md.
#
# Usage: bench/workloads/generate.sh [build-dir]
#
#===----------------------------------------------------------------------===#

set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${1:-$here/../../build}"
gen="$build/bin/sched-gen"
opt="$build/bin/sched-opt"
out="$here/generated"
mkdir -p "$out"

# name | sched-gen options (all on the H100 preset, 8 GPUs per node)
workloads=(
  "tiny-fsdp2|--preset=tiny --fsdp=2"
  "tiny-tp2-sp-fsdp2-dp2|--preset=tiny --tp=2 --sp --fsdp=2 --dp=2 --gpus-per-node=4"
  "llama3-8b-fsdp8|--preset=llama3-8b --fsdp=8"
  "llama3-8b-tp8-sp|--preset=llama3-8b --tp=8 --sp"
  "llama3-8b-fsdp64-ckpt|--preset=llama3-8b --fsdp=64 --checkpoint"
  "llama3-70b-tp8-fsdp8-ckpt|--preset=llama3-70b --tp=8 --sp --fsdp=8 --checkpoint"
  "llama3-70b-tp8-fsdp4-dp4-ga4|--preset=llama3-70b --tp=8 --sp --fsdp=4 --dp=4 --micro-batches=4 --checkpoint"
  "gpt3-175b-tp8-fsdp16|--preset=gpt3-175b --tp=8 --fsdp=16 --checkpoint"
  "synthetic-100k|--preset=tiny --layers=2300 --fsdp=8 --tp=2 --sp --micro-batches=1"
)

reports=()
for entry in "${workloads[@]}"; do
  name="${entry%%|*}"
  options="${entry#*|}"
  # shellcheck disable=SC2086
  "$gen" $options --target=h100-sxm -o "$out/$name.mlir"
  "$opt" "$out/$name.mlir" --sched-report="json=$out/$name.report.json" \
    -o /dev/null
  reports+=("$out/$name.report.json")
  echo "generated $name" >&2
done
# Real PyTorch graphs, exported on a GPU machine with utils/export_fx_graph.py
# (see fx/README.md) and imported here.
for json in "$here"/fx/*.json; do
  name="fx-$(basename "$json" .json)"
  "$build/bin/sched-translate" --import-fx-json "$json" -o "$out/$name.tmp.mlir"
  "$opt" "$out/$name.tmp.mlir" --sched-attach-target="preset=h100-sxm" \
    -o "$out/$name.mlir"
  rm "$out/$name.tmp.mlir"
  "$opt" "$out/$name.mlir" --sched-report="json=$out/$name.report.json" \
    -o /dev/null
  reports+=("$out/$name.report.json")
  echo "imported $name" >&2
done
cp "$out/tiny-fsdp2.mlir" "$out/tiny-tp2-sp-fsdp2-dp2.mlir" "$here/"
python3 "$here/make_table.py" "${reports[@]}" > "$here/TABLE.md"
echo "wrote $here/TABLE.md" >&2
