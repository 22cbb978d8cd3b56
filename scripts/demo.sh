#!/usr/bin/env bash
# make demo: the README's main job on a shipped example, from .mlir to a
# native binary run on .npy files. Needs bin/tirc (make build) and clang
# (make deps); NumPy is not needed.
#
#   verify -> infer shapes + emit LLVM IR -> emit the C driver -> clang ->
#   run on x.npy, b.npy (written by examples/demo/make_inputs.c) -> print
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/bin:$PATH"
if [ ! -x bin/tirc ]; then
  echo "demo: bin/tirc is missing; run make build (or make demo)" >&2
  exit 1
fi
command -v clang >/dev/null || { echo "demo: clang is missing; run make deps" >&2; exit 1; }

ex=examples/bias_relu.mlir
shapes='@bias_relu:0=2x128' # the dynamic batch, specialized to 2 rows
out=build/demo
rm -rf "$out" && mkdir -p "$out"

run() {
  echo "\$ $*"
  "$@"
}

echo "# y = max(x + b, 0) from $ex"
run tirc -verify "$ex"
run tirc -infer-shapes -arg-shapes="$shapes" -emit-llvm "$ex" -o "$out/bias_relu.ll"
run tirc -infer-shapes -arg-shapes="$shapes" -emit-c-driver "$ex" -o "$out/driver.c"
run clang -O3 "$out/bias_relu.ll" "$out/driver.c" -o "$out/bias_relu" -lm
run clang -O2 examples/demo/make_inputs.c -o "$out/make_inputs"
run "$out/make_inputs" "$out"
run "$out/bias_relu" --help | sed -n '/^functions:/,/^$/p'
run "$out/bias_relu" "$out/x.npy" "$out/b.npy" -o "$out/y.npy" --print
echo "# wrote $out/y.npy (load it with numpy.load)"
