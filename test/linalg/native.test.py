"""Runs Inputs/native.mlir's functions through the C driver on random
inputs and checks each result against NumPy."""
import subprocess
import sys

import numpy as np

prog = sys.argv[1]
rng = np.random.default_rng(11)


def run(func, ins, nout):
    args = [prog, "-f", func]
    for i, a in enumerate(ins):
        np.save("in%d.npy" % i, a)
    outs = ["out%d.npy" % i for i in range(nout)]
    for o in outs:
        args += ["-o", o]
    subprocess.run(args + ["in%d.npy" % i for i in range(len(ins))], check=True)
    return [np.load(o) for o in outs]


def check(func, got, want):
    if got.shape != want.shape or got.dtype != want.dtype:
        sys.exit("%s: got %s %s, want %s %s" % (func, got.dtype, got.shape, want.dtype, want.shape))
    if want.dtype.kind == "f":
        ok = np.allclose(got, want, rtol=1e-5, atol=1e-5)
    else:
        ok = np.array_equal(got, want)
    if not ok:
        sys.exit("%s: got %s, want %s" % (func, got, want))


f32 = lambda *s: rng.standard_normal(s).astype(np.float32)
i32 = lambda *s: rng.integers(-1000, 1000, s).astype(np.int32)

a, b = f32(5, 37), f32(37)
check("ew_bcast", run("ew_bcast", [a, b], 1)[0], a * b + np.float32(1))
at = f32(37, 5)
check("transpose", run("transpose", [at], 1)[0], at.T - np.float32(0.5))
init = f32(5)
check("rowsum", run("rowsum", [a, init], 1)[0], init + a.sum(axis=1, dtype=np.float32))
ia, ib = i32(5, 37), i32(5, 1)
check("imax", run("imax", [ia, ib], 1)[0], np.maximum(ia, ib) * np.int32(3))
c1, c2 = i32(37), i32(37)
s, m = run("colsum", [ia, c1, c2], 2)
check("colsum#0", s, c1 + ia.sum(axis=0, dtype=np.int32))
check("colsum#1", m, np.maximum(c2, ia.max(axis=0)))
bt = f32(37, 5)
check("fused", run("fused", [a, bt], 1)[0], np.exp(a) * bt.T + a)

b2 = f32(5, 37)
n, r = run("map_reduce", [a, b2, init], 2)
check("map_reduce#0", n, (a + b2) * a)
check("map_reduce#1", r, np.maximum(init, ((a + b2) * a).max(axis=1)))
i3, ini = i32(3, 5, 7), i32(5)
check("ireduce", run("ireduce", [i3, ini], 1)[0], ini + i3.sum(axis=(0, 2), dtype=np.int32))
print("linalg map/reduce native: ok")
e64, x4, i4 = np.zeros((4, 37), np.int64), f32(4, 37), f32(4)
ix, ws = run("loop_index", [e64, x4, i4], 2)
check("index#0", ix, np.arange(4 * 37, dtype=np.int64).reshape(4, 37))
check("index#1", ws, i4 + (x4 * np.arange(37, dtype=np.float32)).sum(axis=1, dtype=np.float32))
print("linalg.index native: ok")
check("scaled", run("scaled", [a, np.float32(2.5)], 1)[0], a * np.float32(2.5))
print("outer scalar native: ok")
s, d = run("two_bodies", [a, b2], 2)
check("two_bodies#0", s, a + b2)
check("two_bodies#1", d, a - b2)
print("two bodies native: ok")
num = np.array([100, 57, 9], np.int32)
den = np.array([7, 3, 2], np.int32)
start = np.array(40, np.int32)
check("div_then_min", run("div_then_min", [num, den, start], 1)[0], np.minimum(start, (num // den).min()))
print("dividing body into a reduction native: ok")
