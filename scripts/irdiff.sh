#!/usr/bin/env bash
# scripts/irdiff.sh -- check that a codegen refactoring leaves the emitted LLVM
# IR byte-identical. `scripts/irdiff.sh save DIR` writes the -emit-llvm output
# (stdout, stderr and exit code) of every test, example and bench workload
# under a few flag sets to DIR; `scripts/irdiff.sh check DIR` regenerates
# them into a temporary directory and diffs against DIR. Uses bin/tirc.
set -u
cd "$(dirname "$0")/.."
mode=${1:?usage: irdiff.sh save|check DIR}
ref=${2:?usage: irdiff.sh save|check DIR}
tirc=${TIRC:-$PWD/bin/tirc}
case $mode in
save) out=$ref ;;
check) out=$(mktemp -d) ;;
*) echo "usage: irdiff.sh save|check DIR" >&2; exit 2 ;;
esac
mkdir -p "$out"
# The flag sets: the README's path, the portable target, threads and
# non-temporal stores everywhere, the store-bound-only rule, no run-time
# checks on skylake, and an aarch64 triple (other vector widths).
variants=(
  "base|-infer-shapes -emit-llvm"
  "portable|-infer-shapes -emit-llvm -target-cpu=portable"
  "threads-nt|-infer-shapes -emit-llvm -parallel-threshold=1 -nontemporal-threshold=1"
  "nt-bound|-infer-shapes -emit-llvm -parallel-threshold=1024 -nontemporal-threshold=1024 -nontemporal-store-bound-only"
  "nochk-skylake|-infer-shapes -emit-llvm -no-runtime-checks -target-cpu=skylake"
  "aarch64|-infer-shapes -emit-llvm -target-triple=aarch64-unknown-linux-gnu"
)
n=0
for f in $(find test examples bench/workloads -name '*.mlir' | sort); do
  split=
  grep -q '^// -----' "$f" && split=-split-input-file
  for v in "${variants[@]}"; do
    name=${v%%|*}
    flags=${v#*|}
    key=$(echo "$f" | tr '/' '_').$name
    # shellcheck disable=SC2086
    "$tirc" $flags $split "$f" >"$out/$key.ll" 2>"$out/$key.err"
    echo $? >"$out/$key.rc"
    n=$((n + 1))
  done
done
echo "irdiff: $n outputs of $(find test examples bench/workloads -name '*.mlir' | wc -l) files"
if [ "$mode" = check ]; then
  if diff -r -q "$ref" "$out" >/dev/null; then
    echo "irdiff: byte-identical"
    rm -rf "$out"
  else
    diff -r -q "$ref" "$out"
    echo "irdiff: DIFFERENT (new outputs in $out)"
    exit 1
  fi
fi
