#!/usr/bin/env bash
# Installs what tirc's tests, demo and benchmarks need on a fresh Debian 12
# machine: Debian's packages (only the missing ones) and the Go modules.
set -euo pipefail
cd "$(dirname "$0")/.."
pkgs=(
  clang            # the `clang` command (clang-14)
  llvm-14-tools    # FileCheck, not, lit
  llvm-14          # opt-14, llc-14
  clang-19         # the second compiler of the end-to-end tests
  llvm-19          # opt-19
  mlir-19-tools    # mlir-opt-19, the reference for every MLIR behaviour
  python3-numpy    # independent reference numbers and .npy files
  python3-pip      # pip install ./python (the tirc package), offline
  python3-setuptools  # pip needs it (the package's own build does not)
  python3-venv     # python3 -m venv: the package in a venv (Debian's Python is externally managed)
  libclang-rt-14-dev  # AddressSanitizer runtime for clang-14
  libgcc-12-dev    # libgomp.so: -lgomp for multi-threaded generated code
  time             # /usr/bin/time: peak memory in make bench
  libopenblas0-pthread  # NumPy's BLAS (OpenBLAS, not the reference BLAS) for the contraction benchmarks
)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! command -v go >/dev/null 2>&1; then
  export PATH="/usr/local/go/bin:$PATH"
fi
go mod download
echo "deps: ok"
