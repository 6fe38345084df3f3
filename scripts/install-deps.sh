#!/usr/bin/env bash
#===- install-deps.sh - Install what building and testing need -------------===#
#
# Installs, with apt-get, every Debian 12 package the build and the tests use,
# skipping those already installed: LLVM/MLIR 22 (headers, static MLIR
# libraries, mlir-tblgen, lit, FileCheck, llc), clang-format 22 and black
# (make format and its check), CMake, Ninja, g++, Python 3 and GoogleTest, pybind11 with
# Python's headers (the tritondialect extension) and venv (the wheel's
# install test). Safe to run again; does nothing when all is present.
#
#===------------------------------------------------------------------------===#
set -euo pipefail

packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-format-22
  cmake ninja-build g++ python3 libgtest-dev zlib1g-dev libzstd-dev
  pybind11-dev python3-dev python3-venv black
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
else
  echo "install-deps: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# Optional: the CUDA toolkit gives ptxas and libdevice for later stages.
if [ -x /usr/local/cuda/bin/ptxas ] || command -v ptxas >/dev/null 2>&1; then
  echo "install-deps: CUDA toolkit found (ptxas present)"
else
  echo "install-deps: no CUDA toolkit (/usr/local/cuda): PTX assembly checks will be skipped"
fi
