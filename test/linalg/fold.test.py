"""Runs Inputs/fold.mlir's functions through the C driver and checks each
result against NumPy."""
import subprocess
import sys

import numpy as np

prog = sys.argv[1]
rng = np.random.default_rng(7)


def run(func, ins):
    for i, a in enumerate(ins):
        np.save("in%d.npy" % i, a)
    subprocess.run([prog, "-f", func, "-o", "out.npy"] + ["in%d.npy" % i for i in range(len(ins))], check=True)
    return np.load("out.npy")


def same(got, want):
    """Equal bits (signed zeros told apart), any NaN matching a NaN."""
    if want.dtype.kind != "f":
        return np.array_equal(got, want)
    nan = np.isnan(want)
    bits = "u%d" % want.dtype.itemsize
    return np.array_equal(nan, np.isnan(got)) and np.array_equal(got[~nan].view(bits), want[~nan].view(bits))


def check(func, got, want):
    ok = got.shape == want.shape and got.dtype == want.dtype and same(got, want)
    if not ok:
        sys.exit("%s: got %s %s, want %s %s" % (func, got.dtype, got, want.dtype, want))


i32 = lambda *s: rng.integers(-1 << 30, 1 << 30, s).astype(np.int32)
f32 = lambda *s: rng.standard_normal(s).astype(np.float32)

for rows, cols in ((3, 37), (2, 16), (4, 5), (1, 0)):
    x, init = i32(rows, cols), i32(rows)
    with np.errstate(over="ignore"):
        check("isum", run("isum", [x, init]), init + x.sum(axis=1, dtype=np.int32))
# A transposed (Fortran-order) argument: its rows are not contiguous.
x, init = np.asfortranarray(i32(3, 37)), i32(3)
with np.errstate(over="ignore"):
    check("isum", run("isum", [x, init]), init + x.sum(axis=1, dtype=np.int32))

x, init = rng.integers(-3000, 3000, (5, 37)).astype(np.int64), rng.integers(-10, 10, 5).astype(np.int64)
check("imax_sq", run("imax_sq", [x, init]), np.maximum(init, (x * x - 3).max(axis=1)))

x, init = f32(4, 37), f32(4)
x[1, 20] = -0.0
x[2, 3] = np.nan
check("minf", run("minf", [x, init]), np.minimum(init, x.min(axis=1)))
b = f32(4)
check("fmax_shift", run("fmax_shift", [x, b, init]), np.maximum(init, (x - b[:, None]).max(axis=1)))

for rows in (3, 19):  # 19: two blocks of 8 rows side by side, then 3
    x, init = f32(rows, 37), f32(rows)
    want = init.copy()
    for j in range(37):
        want = want + x[:, j]
    check("fsum", run("fsum", [x, init]), want)

x, init = i32(37, 3), i32(3)
with np.errstate(over="ignore"):
    check("colsum", run("colsum", [x, init]), init + x.sum(axis=0, dtype=np.int32))
print("linalg folds native: ok")
