#!/usr/bin/env python3
"""python/bench/call_overhead.py -- the cost of one call from Python on 8x8
f32 (`a + b`), against NumPy's `a + b`: a result with static sizes
(allocated by the wrapper), one with dynamic sizes (allocated by the
compiled code and wrapped by the shim), and out=. Prints microseconds per
call, the best of REPS timeit runs of CALLS calls each.

Usage: /usr/bin/python3 python/bench/call_overhead.py   env: REPS (7) CALLS (20000)
"""
import os
import sys
import timeit

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import tirc  # noqa: E402

SRC = """func.func @add_static(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = tir.add %a, %b : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @add_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tir.add %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
"""


def main():
    reps, calls = int(os.environ.get("REPS", "7")), int(os.environ.get("CALLS", "20000"))
    mod = tirc.compile(SRC)
    a = np.arange(64, dtype=np.float32).reshape(8, 8)
    b = np.ones((8, 8), np.float32)
    out = np.empty((8, 8), np.float32)
    for f in (mod.add_static, mod.add_dynamic):
        np.testing.assert_array_equal(f(a, b), a + b)
    cases = [
        ("NumPy a + b", lambda: a + b),
        ("tirc static result", lambda: mod.add_static(a, b)),
        ("tirc dynamic result", lambda: mod.add_dynamic(a, b)),
        ("tirc dynamic out=", lambda: mod.add_dynamic(a, b, out=out)),
        ("NumPy np.add(a, b, out=)", lambda: np.add(a, b, out=out)),
    ]
    best = {}
    for _ in range(reps):  # interleaved, so that machine noise hits every case alike
        for name, fn in cases:
            t = timeit.timeit(fn, number=calls) / calls * 1e6
            best[name] = min(best.get(name, t), t)
    base = best["NumPy a + b"]
    for name, _ in cases:
        print("%-26s %6.2f us/call  %5.2fx NumPy a + b" % (name, best[name], best[name] / base))


if __name__ == "__main__":
    main()
