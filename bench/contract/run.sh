#!/usr/bin/env bash
# bench/contract/run.sh: the contraction workloads W18 (sgemm 2048), W19
# (dgemm 2048) and W22 (8192 x 32x32 @ 32x32) of tirc against NumPy with
# OpenBLAS and one core's FMA peak, round-robin in ROUNDS rounds, best of
# each; then W18 on 1 and 2 threads (wall clock, and the CPU time of all
# threads). The environment's OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE are
# unset for NumPy alone (so that OpenBLAS runs its own kernel for the CPU;
# OPENBLAS_VERBOSE=2 names it).
# env: ROUNDS (3), REPS (3)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=build/bench/contract
mkdir -p "$out"
rounds=${ROUNDS:-3}
reps=${REPS:-3}
for w in 18 19 22; do bin/tirc -emit-llvm bench/contract/w$w.mlir -o $out/w$w.ll; done
clang -O3 -march=native $out/w18.ll $out/w19.ll $out/w22.ll bench/contract/main.c -o $out/bench -lgomp
for r in $(seq "$rounds"); do
  OMP_NUM_THREADS=1 $out/bench all "$reps"
  OPENBLAS_NUM_THREADS=1 OPENBLAS_VERBOSE=2 env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE /usr/bin/python3 bench/contract/numpy_contract.py "$reps" 2>&1 | sed 's/^/numpy_/'
done > $out/times.txt
for t in 1 2; do
  for r in $(seq "$rounds"); do
    OMP_NUM_THREADS=$t $out/bench w18 "$reps" wall | sed "s/^/threads$t /"
    OMP_WAIT_POLICY=passive OMP_NUM_THREADS=$t $out/bench w18 "$reps" proc | sed "s/^/cpu$t /"
  done
done >> $out/times.txt
/usr/bin/python3 - "$out/times.txt" <<'PY'
import sys
best = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 3 or line.startswith("#") or "Core" in line or "blas" in line:
        if "Core" in line or "blas" in line:
            print(line.strip())
        continue
    key = " ".join(f[:-2])
    best[key] = max(best.get(key, 0), float(f[-1]))
peak = best.get("peak_fma_f32", float("nan"))
print("%-10s %8s %8s %8s" % ("workload", "tirc", "numpy", "ratio"))
for w in ("w18", "w19", "w22"):
    t, n = best.get(w, 0), best.get("numpy_" + w, 0)
    print("%-10s %8.1f %8.1f %7.2fx" % (w, t, n, t / n if n else float("nan")))
print("W18 at %.0f%% of the FMA peak (%.1f GFLOPS, one core)" % (100 * best.get("w18", 0) / peak, peak))
t1, t2 = best.get("threads1 w18", 0), best.get("threads2 w18", 0)
print("W18 2 threads / 1 thread (wall clock): %.2fx" % (t2 / t1 if t1 else float("nan")))
# On a loaded machine the wall clock says little: the CPU time of both
# threads against one thread's is the cost of the split (packing A twice,
# the team); 2 * c2/c1 is the speedup with two free cores and even shares.
c1, c2 = best.get("cpu1 w18", 0), best.get("cpu2 w18", 0)
print("W18 2 threads: CPU time of both / 1 thread's: %.2fx (speedup with two free cores: %.2fx)" % (c1 / c2 if c2 else float("nan"), 2 * c2 / c1 if c1 else float("nan")))
PY

# The MLIR 19 pipeline (linalg.matmul -> loops), at 1024.
if command -v mlir-opt-19 >/dev/null && command -v mlir-translate-19 >/dev/null && command -v clang-19 >/dev/null; then
  opts="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map"
  mlir-opt-19 bench/contract/mlir_w18_1024.mlir --eliminate-empty-tensors "--one-shot-bufferize=$opts" \
    --drop-equivalent-buffer-results --buffer-deallocation-pipeline --convert-bufferization-to-memref \
    -o $out/mlir_mm.buf.mlir
  mlir-opt-19 $out/mlir_mm.buf.mlir --convert-linalg-to-loops --convert-scf-to-cf --expand-strided-metadata \
    --lower-affine --finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm \
    --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts -o $out/mlir_mm.llvm.mlir
  mlir-translate-19 --mlir-to-llvmir $out/mlir_mm.llvm.mlir -o $out/mlir_mm.ll
  bin/tirc -emit-llvm bench/contract/w18_1024.mlir -o $out/w18_1024.ll
  clang-19 -O3 -march=native -Wno-override-module $out/mlir_mm.ll $out/w18_1024.ll bench/contract/mlir_main.c -o $out/mlir_cmp -lgomp
  OMP_NUM_THREADS=1 $out/mlir_cmp
fi
