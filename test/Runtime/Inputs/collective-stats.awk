# Prints statistics of the collectives of a module lowered by
# sched-lower-to-llvm (sched-compile --save-temps): how many are launched,
# how many overlap another one (a launch between their launch and their
# wait), the most in flight at once, and the largest bucket (the members
# added to one collective). The launches and waits of the entry are
# straight-line code, so program order is text order.
function handle() {
  match($0, /\(%[0-9]+\)/)
  return substr($0, RSTART + 1, RLENGTH - 2)
}
/llvm\.call @schedrt_collective_begin/ { members = 0 }
/llvm\.call @schedrt_collective_add/ { if (++members > largest) largest = members }
/llvm\.call @schedrt_collective_launch/ {
  launchedAt[handle()] = ++launches
  if (++inflight > most) most = inflight
}
/llvm\.call @schedrt_collective_wait/ {
  if (launches > launchedAt[handle()]) ++overlapped
  --inflight
}
END {
  printf "launches: %d, overlapped: %d, most in flight: %d, largest bucket: %d\n",
         launches, overlapped, most, largest
}
