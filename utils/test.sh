#!/usr/bin/env bash
#===- utils/test.sh - set up, build and run every sched test ------------===#
#
# Installs what is missing, builds sched, runs the lit suite (regression
# tests, unit tests, install/embedding test, docs and format checks) and
# ends with the plain line `N passed, N failed`.
#
#===----------------------------------------------------------------------===#

source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
sched_build

log="$SCHED_BUILD_DIR/lit.log"
set +e
"$LLVM_PREFIX/bin/lit" -sv "$SCHED_BUILD_DIR/test" "$SCHED_BUILD_DIR/test/Unit" \
  2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
set -e

# Sum lit's summary lines, e.g. "  Passed: 40 (100.00%)" or "  Timed Out: 1".
count() {
  # lit pads the names to align the colons when some lines are longer.
  awk -v k="$1" '{ line = $0; sub(/ *: /, ": ", line) }
    index(line, "  " k ": ") == 1 {
    sub(/^ *[A-Za-z ]+: */, "", line); split(line, f, " "); n += f[1] }
    END { print n + 0 }' "$log"
}
passed=$(( $(count Passed) + $(count "Expectedly Failed") ))
failed=$(( $(count Failed) + $(count Unresolved) + $(count "Timed Out") + \
  $(count "Unexpectedly Passed") ))
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1 # lit itself failed (e.g. a configuration error)
fi
echo "$passed passed, $failed failed"
exit "$rc"
