#!/usr/bin/env bash
#===- sched-launch.sh - start the ranks of a GPU executable --------------===#
#
# Part of the sched project, under the Apache License v2.0 with LLVM
# Exceptions. See LICENSE for license information.
#
# usage: utils/sched-launch.sh -n RANKS EXECUTABLE [ARGS...]
#
# Starts RANKS processes of a program linked against the CUDA runtime on this
# node, with RANK, WORLD_SIZE, LOCAL_RANK (= the GPU) and a fresh
# SCHED_NCCL_ID_FILE through which rank 0 hands out the NCCL id. If any rank
# fails, the others are killed, and the exit status is the first failure's.
# For several nodes, start one launcher per node with SCHED_RANK_OFFSET and
# SCHED_WORLD_SIZE set and SCHED_NCCL_ID_FILE on a shared file system, or
# start the ranks with mpirun or srun instead, which hand the id out by
# MPI_Bcast and need no shared file (docs/Runtime.md, "Bootstrap").
#
#===----------------------------------------------------------------------===#
set -uo pipefail

if [ "${1:-}" != "-n" ] || [ $# -lt 3 ]; then
  echo "usage: $0 -n RANKS EXECUTABLE [ARGS...]" >&2
  exit 2
fi
ranks="$2"
shift 2
offset="${SCHED_RANK_OFFSET:-0}"
world="${SCHED_WORLD_SIZE:-$ranks}"
idfile="${SCHED_NCCL_ID_FILE:-$(mktemp -u /tmp/sched-nccl-id.XXXXXX)}"
rm -f "$idfile"

pids=()
for ((local = 0; local < ranks; ++local)); do
  RANK=$((offset + local)) WORLD_SIZE="$world" LOCAL_RANK="$local" \
    SCHED_NCCL_ID_FILE="$idfile" "$@" &
  pids+=($!)
done

status=0
remaining=${#pids[@]}
while [ "$remaining" -gt 0 ]; do
  wait -n -p done_pid
  rc=$?
  remaining=$((remaining - 1))
  if [ "$rc" -ne 0 ] && [ "$status" -eq 0 ]; then
    status=$rc
    echo "sched-launch: a rank (pid $done_pid) exited with status $rc; stopping the others" >&2
    kill "${pids[@]}" 2>/dev/null
  fi
done
rm -f "$idfile" "$idfile.tmp"
exit "$status"
