#!/usr/bin/env bash
#===- utils/bootstrap.sh - install, configure and build sched -----------===#
#
# Sourced by utils/run.sh and utils/test.sh. On a fresh Debian 12 machine it
# installs the missing packages (LLVM/MLIR 22 from the configured apt
# repository, ninja, lld, ccache, GoogleTest, clang-format-22), configures
# build/ once and builds everything.
#
# Environment: SCHED_BUILD_DIR (default build), SCHED_JOBS (default: ninja's).
#
#===----------------------------------------------------------------------===#

set -euo pipefail

SCHED_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCHED_BUILD_DIR="${SCHED_BUILD_DIR:-$SCHED_ROOT/build}"
LLVM_PREFIX=/usr/lib/llvm-22

sched_packages=(cmake g++ git python3 ninja-build lld ccache
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libgtest-dev clang-format-22 libopenmpi-dev openmpi-bin)

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

sched_configure() {
  [ -f "$SCHED_BUILD_DIR/build.ninja" ] && return 0
  local launcher=()
  command -v ccache > /dev/null &&
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -G Ninja -S "$SCHED_ROOT" -B "$SCHED_BUILD_DIR" \
    -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
    -DCMAKE_BUILD_TYPE=Release \
    -DLLVM_USE_LINKER=lld \
    "${launcher[@]}"
}

sched_build() {
  export CCACHE_BASEDIR="$SCHED_ROOT"
  sched_install_packages
  sched_configure
  ninja -C "$SCHED_BUILD_DIR" ${SCHED_JOBS:+-j "$SCHED_JOBS"}
}
