#!/usr/bin/env python3
"""bench/numpy/contract.py -- the contractions W18-W22 in NumPy, on one
thread, timed like bench/c/contract.c (RESULT lines, FLOPs per call in the
bytes column).

  "NumPy+BLAS"        np.matmul into a preallocated array (out=): the BLAS
                      call alone (W20/W21: the expression's matmuls)
  "NumPy expression"  what people write: gelu_tanh(x @ w + b), the
                      softmax attention, x @ w
run.sh starts this script with OPENBLAS_NUM_THREADS=1 and without the
OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE that this machine's environment
sets (they force OpenBLAS's Haswell kernel), so OpenBLAS picks its own
kernel. The BLAS that NumPy loaded (from /proc/self/maps) is printed as
"BLAS <TAB> library" and OpenBLAS's kernel, when OPENBLAS_VERBOSE=2 names
it, as "BLASCORE <TAB> name". Each result is checked against a float64
product at sampled elements before timing: a wrong BLAS fails the run.
Usage: contract.py [W18 ...]   env: REPS (5)
"""
import os
import sys
import time

import numpy as np

REPS = int(os.environ.get("REPS", "5"))
rng = np.random.default_rng(12345)


def blas_library():
    libs = set()
    with open("/proc/self/maps") as f:
        for line in f:
            path = line.split()[-1]
            if "blas" in os.path.basename(path).lower():
                libs.add(path)
    return ", ".join(sorted(libs)) or "none found"


def gelu(y):
    return 0.5 * y * (1 + np.tanh(np.float32(0.7978845608) * (y + np.float32(0.044715) * y * y * y)))


def attention(q, k, v):
    s = (q @ k.transpose(0, 2, 1)) * np.float32(0.125)
    s -= s.max(axis=-1, keepdims=True)
    e = np.exp(s, out=s)
    e /= e.sum(axis=-1, keepdims=True)
    return e @ v


def check(w, got, a, b, samples=32):
    """got[..., i, j] against a[..., i, :] @ b[..., :, j] in float64."""
    for s in range(samples):
        idx = tuple((s * p + 3) % n for p, n in zip((977, 1543, 331), got.shape))
        row = a[idx[:-2] + (idx[-2],)] if a.ndim == got.ndim else a[idx[-2]]
        col = b[idx[:-2] + (slice(None), idx[-1])] if b.ndim == got.ndim else b[:, idx[-1]]
        prod = row.astype(np.float64) * col.astype(np.float64)
        bound = 2 * len(prod) * np.finfo(got.dtype).eps * np.abs(prod).sum() + 1e-30
        if abs(float(got[idx]) - prod.sum()) > bound:
            sys.exit("%s: NumPy's BLAS result is wrong at %s: %r, want %r" % (w, idx, float(got[idx]), prod.sum()))


def time_round_robin(w, variants, flops):
    for name, fn in variants:
        fn()
    t = {name: [] for name, _ in variants}
    for _ in range(REPS):
        for name, fn in variants:
            t0 = time.perf_counter_ns()
            fn()
            t[name].append(time.perf_counter_ns() - t0)
    for name, _ in variants:
        s = sorted(t[name])
        med = s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) // 2
        print("RESULT\t%s\t%s\t1\t%d\t%d\t%d\t%d\t%d\t1" % (w, name, med, s[0], s[-1], flops, len(s)), flush=True)
        print("  %-3s %-36s 1T median %10.3f ms %8.1f GFLOPS" % (w, name, med / 1e6, flops / med), file=sys.stderr)


def gemm(w, dt, n=2048):
    a = rng.uniform(-1, 1, (n, n)).astype(dt)
    b = rng.uniform(-1, 1, (n, n)).astype(dt)
    c = np.empty((n, n), dt)
    np.matmul(a, b, out=c)
    check(w, c, a, b)
    time_round_robin(w, [("NumPy+BLAS", lambda: np.matmul(a, b, out=c)), ("NumPy expression", lambda: a @ b)],
                     2 * n ** 3)


def w20():
    x = rng.uniform(-1, 1, (8192, 1024)).astype(np.float32)
    wt = rng.uniform(-1, 1, (1024, 4096)).astype(np.float32)
    b = rng.uniform(-1, 1, 4096).astype(np.float32)
    c = np.empty((8192, 4096), np.float32)
    np.matmul(x, wt, out=c)
    check("W20", c, x, wt)
    time_round_robin("W20", [("NumPy+BLAS", lambda: np.matmul(x, wt, out=c)),
                             ("NumPy expression", lambda: gelu(x @ wt + b))], 2 * 8192 * 1024 * 4096)


def w21():
    q, k, v = (rng.uniform(-1, 1, (32, 1024, 64)).astype(np.float32) for _ in range(3))
    s = np.empty((32, 1024, 1024), np.float32)
    o = np.empty((32, 1024, 64), np.float32)
    kt = k.transpose(0, 2, 1)
    np.matmul(q, kt, out=s)
    check("W21", s, q, kt)

    def blas():
        np.matmul(q, kt, out=s)
        np.matmul(s, v, out=o)
    time_round_robin("W21", [("NumPy+BLAS", blas), ("NumPy expression", lambda: attention(q, k, v))],
                     4 * 32 * 1024 * 1024 * 64)


def w22():
    x = rng.uniform(-1, 1, (8192, 32, 32)).astype(np.float32)
    wt = rng.uniform(-1, 1, (32, 32)).astype(np.float32)
    c = np.empty((8192, 32, 32), np.float32)
    np.matmul(x, wt, out=c)
    check("W22", c, x, wt)
    time_round_robin("W22", [("NumPy+BLAS", lambda: np.matmul(x, wt, out=c)), ("NumPy expression", lambda: x @ wt)],
                     2 * 8192 * 32 ** 3)


def main():
    print("BLAS\t%s" % blas_library(), flush=True)
    work = {"W18": lambda: gemm("W18", np.float32), "W19": lambda: gemm("W19", np.float64),
            "W20": w20, "W21": w21, "W22": w22}
    for w in sys.argv[1:] or list(work):
        work[w]()


if __name__ == "__main__":
    main()
