#!/usr/bin/env python3
"""python/bench/jit_bench.py -- tirc.jit from Python against tirc.compile
and NumPy:

W4  out = a + b (a 8x8, b 8 f32): per call, a cached jit function, the
    same function from tirc.compile (MLIR text), NumPy's a + b.
W6  softmax over the last axis of a 16384x1000 f32 x: jit, tirc.compile,
    NumPy.
Trace + compile of softmax in a fresh cache: the trace, tirc and clang
    (tirc -emit-llvm and -emit-c-header, then clang, timed on their own).

Prints the best of REPS runs (tool times also as CPU seconds, which the
machine's load does not inflate). Usage:
  /usr/bin/python3 python/bench/jit_bench.py
  env: REPS (7) CALLS (20000) W6_ROWS (16384) ONLY=compile (just the last part)
"""
import os
import resource
import subprocess
import sys
import tempfile
import time
import timeit

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import tirc  # noqa: E402
from tirc._build import find_cc, find_tirc  # noqa: E402
from tirc._shim import shim_source  # noqa: E402
from tirc._sig import parse_header  # noqa: E402

W4_SRC = """func.func @w4(%a: tensor<8x8xf32>, %b: tensor<8xf32>) -> tensor<8x8xf32> {
  %0 = tir.add %a, %b : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
"""
W6_SRC = """func.func @softmax(%x: tensor<?x1000xf32>) -> tensor<?x1000xf32> {
  %m = tir.reduce_max %x {dims = array<i64: 1>, keepdims} : (tensor<?x1000xf32>) -> tensor<?x1xf32>
  %d = tir.sub %x, %m : (tensor<?x1000xf32>, tensor<?x1xf32>) -> tensor<?x1000xf32>
  %e = tir.exp %d : tensor<?x1000xf32>
  %s = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<?x1000xf32>) -> tensor<?x1xf32>
  %y = tir.div %e, %s : (tensor<?x1000xf32>, tensor<?x1xf32>) -> tensor<?x1000xf32>
  return %y : tensor<?x1000xf32>
}
"""


def w4(a, b):
    return a + b


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def best(cases, reps, number):
    out = {}
    for _ in range(reps):  # interleaved: machine noise hits every case alike
        for name, fn in cases:
            t = timeit.timeit(fn, number=number) / number
            out[name] = min(out.get(name, t), t)
    return out


def compile_times(reps):
    """Trace + compile of softmax in a fresh cache, and its parts."""
    x = np.ones((4, 1000), np.float32)
    totals, traces = [], []
    for _ in range(reps):
        with tempfile.TemporaryDirectory() as d:
            t0 = time.perf_counter()
            f = tirc.jit(softmax, cache_dir=d)
            low = f.lower(x)
            t1 = time.perf_counter()
            f(x)
            t2 = time.perf_counter()
            traces.append(t1 - t0)
            totals.append(t2 - t0)
    # the parts, run again by hand as tirc.compile runs them
    tircs, clangs = [], []
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "module.mlir")
        with open(src, "w") as fh:
            fh.write(low.mlir)
        for _ in range(reps):
            c0 = _child_cpu()
            t0 = time.perf_counter()
            subprocess.run([find_tirc(), "-infer-shapes", "-emit-llvm", src, "-o", os.path.join(d, "m.ll")], check=True)
            subprocess.run([find_tirc(), "-infer-shapes", "-emit-c-header", src, "-o", os.path.join(d, "module.h")], check=True)
            with open(os.path.join(d, "module.h")) as fh:
                sigs = parse_header(fh.read())
            with open(os.path.join(d, "shim.c"), "w") as fh:
                fh.write(shim_source("module.h", sigs))
            t1 = time.perf_counter()
            c1 = _child_cpu()
            subprocess.run([find_cc(), "-O3", "-shared", "-fPIC", "-Wl,-Bsymbolic", "-Wno-override-module", "-I", d,
                            os.path.join(d, "m.ll"), os.path.join(d, "shim.c"), "-o", os.path.join(d, "m.so"), "-lm"],
                           check=True, capture_output=True)
            t2 = time.perf_counter()
            c2 = _child_cpu()
            tircs.append((t1 - t0, c1 - c0))
            clangs.append((t2 - t1, c2 - c1))
    return min(totals), min(traces), min(tircs), min(clangs)


def _child_cpu():
    """CPU seconds (user + system) of the finished child processes: the
    tools' own cost, whatever the machine's load."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    reps, calls = int(os.environ.get("REPS", "7")), int(os.environ.get("CALLS", "20000"))
    rows = int(os.environ.get("W6_ROWS", "16384"))
    if os.environ.get("ONLY") == "compile":
        return report_compile(reps)
    r = np.random.default_rng(0)
    a = r.standard_normal((8, 8)).astype(np.float32)
    b = r.standard_normal(8).astype(np.float32)
    jw4 = tirc.jit(w4, dynamic=False)
    cw4 = tirc.compile(W4_SRC).w4
    np.testing.assert_array_equal(jw4(a, b), a + b)
    np.testing.assert_array_equal(cw4(a, b), a + b)
    t = best([("numpy", lambda: a + b), ("compile", lambda: cw4(a, b)), ("jit", lambda: jw4(a, b))], reps, calls)
    print("W4 per call: NumPy a + b %.0f ns, tirc.compile %.0f ns, tirc.jit %.0f ns (jit/compile %.2fx, compile/NumPy %.2fx)"
          % (t["numpy"] * 1e9, t["compile"] * 1e9, t["jit"] * 1e9, t["jit"] / t["compile"], t["compile"] / t["numpy"]))

    x = r.standard_normal((rows, 1000)).astype(np.float32)
    jw6 = tirc.jit(softmax)
    cw6 = tirc.compile(W6_SRC).softmax
    np.testing.assert_allclose(jw6(x[:64]), softmax(x[:64]), rtol=1e-5, atol=1e-7)
    np.testing.assert_array_equal(jw6(x[:64]), cw6(x[:64]))
    t = best([("numpy", lambda: softmax(x)), ("compile", lambda: cw6(x)), ("jit", lambda: jw6(x))], max(reps // 2, 2), 3)
    print("W6 softmax %dx1000: NumPy %.2f ms, tirc.compile %.2f ms, tirc.jit %.2f ms (jit/compile %.3fx)"
          % (rows, t["numpy"] * 1e3, t["compile"] * 1e3, t["jit"] * 1e3, t["jit"] / t["compile"]))

    report_compile(reps)


def report_compile(reps):
    total, trace, tirc_t, clang_t = compile_times(max(reps // 2, 2))
    print("softmax trace + compile (fresh cache): %.2f s; of which trace %.1f ms, tirc %.2f s (%.2f s CPU), "
          "clang %.2f s (%.2f s CPU)" % (total, trace * 1e3, tirc_t[0], tirc_t[1], clang_t[0], clang_t[1]))


if __name__ == "__main__":
    main()
