#!/usr/bin/env bash
#===- utils/test-sanitizers.sh - the test suite under ASan and UBSan -----===#
#
# Configures build-asan/ with -DSCHED_SANITIZE=ON (AddressSanitizer and
# UndefinedBehaviorSanitizer on everything sched builds, the runtime and the
# executables sched-compile links included), builds it and runs the lit and
# unit tests. A cold build takes about 25 minutes on two cores.
#
# ASAN_OPTIONS: libMLIR.so is not instrumented, but LLVM's allocators inline
# ASan poisoning into our instrumented code, so memory the library hands out
# looks poisoned to it: allow_user_poisoning=0 turns that bookkeeping off
# (real out-of-bounds and use-after-free reports are unaffected).
# detect_leaks=0: the tools exit without tearing down the MLIR context.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
sched_install_packages
dir="$SCHED_ROOT/build-asan"
if [ ! -f "$dir/build.ninja" ]; then
  launcher=()
  command -v ccache > /dev/null &&
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -G Ninja -S "$SCHED_ROOT" -B "$dir" \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" -DCMAKE_BUILD_TYPE=Release \
    -DLLVM_USE_LINKER=lld -DSCHED_SANITIZE=ON "${launcher[@]}"
fi
ninja -C "$dir"
export ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The install/embedding test builds an uninstrumented consumer against the
# instrumented libraries, and the docs and format checks do not run code.
"$LLVM_PREFIX/bin/lit" -s "$dir/test" "$dir/test/Unit" \
  --filter-out "Examples/consumer|Docs/|Format/"
