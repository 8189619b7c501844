#!/usr/bin/env bash
#===- utils/test-sanitizers.sh - the suite under ASan, UBSan and fuzzers --===#
#
# The robustness stage of utils/test.sh on its own: builds build-sanitize/
# (clang-22; AddressSanitizer, UndefinedBehaviorSanitizer and assertions on
# everything sched builds, the runtime and the executables sched-compile
# links included; the libFuzzer targets) and runs the lit and unit tests in
# it, test/Fuzz included. Extra arguments go to lit, e.g.
# `utils/test-sanitizers.sh -Dfuzz_time=30` or `--filter Fuzz`.
#
# ASAN_OPTIONS: libMLIR.so is not instrumented, but LLVM's allocators inline
# ASan poisoning into our instrumented code, so memory the library hands out
# looks poisoned to it: allow_user_poisoning=0 turns that bookkeeping off
# (real out-of-bounds and use-after-free reports are unaffected); clang
# builds still need it. detect_leaks=0: OpenMPI's own allocations at exit in
# the MPI executables (sched's tools and unit tests are leak-free; the
# fuzzers run with leak detection). docs/Diagnostics.md has the details and
# the measured times.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
sched_build_sanitize
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allow_user_poisoning=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# The install/embedding test builds an uninstrumented consumer against the
# instrumented libraries.
exec "$LLVM_PREFIX/bin/lit" -sv --filter-out "Examples/consumer" "$@" \
  "$SCHED_SANITIZE_BUILD_DIR/test" "$SCHED_SANITIZE_BUILD_DIR/test/Unit"
