#!/usr/bin/env bash
#===- utils/bootstrap.sh - install, configure and build sched -----------===#
#
# Sourced by utils/run.sh and utils/test.sh. On a fresh Debian 12 machine it
# installs the missing packages (LLVM/MLIR 22 from the configured apt
# repository, ninja, lld, ccache, GoogleTest, clang-format-22), configures
# build/ once and builds everything.
#
# Environment: SCHED_BUILD_DIR (default build), SCHED_SANITIZE_BUILD_DIR
# (default build-sanitize), SCHED_JOBS (default: ninja's).
#
#===----------------------------------------------------------------------===#

set -euo pipefail

SCHED_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCHED_BUILD_DIR="${SCHED_BUILD_DIR:-$SCHED_ROOT/build}"
SCHED_SANITIZE_BUILD_DIR="${SCHED_SANITIZE_BUILD_DIR:-$SCHED_ROOT/build-sanitize}"
LLVM_PREFIX=/usr/lib/llvm-22

sched_packages=(cmake g++ git python3 ninja-build lld ccache
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libgtest-dev clang-format-22 libopenmpi-dev openmpi-bin
  clang-22 libclang-rt-22-dev)

sched_install_packages() {
  local missing=()
  for pkg in "${sched_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" ||
      missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "sched: installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo > /dev/null || {
      echo "sched: need root or sudo to install: ${missing[*]}" >&2
      exit 1
    }
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
}

# Configures build directory $1 (unless it is already) with the settings
# every sched build shares and the extra cmake arguments after it.
sched_configure_dir() {
  local dir="$1"
  shift
  [ -f "$dir/build.ninja" ] && return 0
  local launcher=()
  command -v ccache > /dev/null &&
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -G Ninja -S "$SCHED_ROOT" -B "$dir" \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
    -DCMAKE_BUILD_TYPE=Release \
    -DLLVM_USE_LINKER=lld \
    "$@" "${launcher[@]}"
}

sched_configure() {
  sched_configure_dir "$SCHED_BUILD_DIR"
}

sched_build() {
  export CCACHE_BASEDIR="$SCHED_ROOT"
  sched_install_packages
  sched_configure
  ninja -C "$SCHED_BUILD_DIR" ${SCHED_JOBS:+-j "$SCHED_JOBS"}
}

# The robustness build (docs/Diagnostics.md): clang-22 with AddressSanitizer,
# UndefinedBehaviorSanitizer and assertions on everything sched builds, and
# the libFuzzer targets. -O2 with line tables: symbolized reports at close to
# release speed.
sched_configure_sanitize() {
  sched_configure_dir "$SCHED_SANITIZE_BUILD_DIR" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG -gline-tables-only" \
    -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG -gline-tables-only" \
    -DSCHED_SANITIZE=ON -DSCHED_ENABLE_FUZZERS=ON -DSCHED_ENABLE_ASSERTIONS=ON
}

sched_build_sanitize() {
  export CCACHE_BASEDIR="$SCHED_ROOT"
  sched_install_packages
  sched_configure_sanitize
  ninja -C "$SCHED_SANITIZE_BUILD_DIR" ${SCHED_JOBS:+-j "$SCHED_JOBS"}
}
