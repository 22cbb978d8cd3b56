"""ride_check.py PROG: runs ride.test's cases through PROG (tirc's C
driver) and compares with NumPy in one process.

softmax (f32, f64) and expmean (f32) on every input ride.py wrote: the
C-order input on 1 thread against NumPy (rtol 2e-6 for f32, 1e-12 for
f64); on 2 and 3 threads and in Fortran order (the group's ordinary,
strided schedule) bit for bit against the 1-thread result. The static
functions (softmax32s, softmax64s on 40 x 1000) bit for bit against the
dynamic ones.
"""
import os
import subprocess
import sys

import numpy as np

prog = sys.argv[1]
LENGTHS = [1, 65, 130, 1000]
ROWS = [1, 2, 7, 40]


def run(func, x, threads):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    subprocess.run([prog, "-f", func, x, "-o", "y.npy"], env=env, check=True)
    return np.load("y.npy")


def same(got, want, what, ref="the 1-thread result"):
    if got.dtype != want.dtype or got.shape != want.shape:
        sys.exit("%s: %s%s, want %s%s" % (what, got.dtype, got.shape, want.dtype, want.shape))
    g, w = got.view(np.uint8), want.view(np.uint8)
    if not np.array_equal(g, w):
        bad = np.argwhere(~((got == want) | (np.isnan(got) & np.isnan(want))))
        at = tuple(bad[0]) if len(bad) else "a NaN's bits"
        sys.exit("%s: not bit for bit %s; first at %s" % (what, ref, at))


def close(got, want, rtol, what):
    if got.dtype != want.dtype or got.shape != want.shape:
        sys.exit("%s: %s%s, want %s%s" % (what, got.dtype, got.shape, want.dtype, want.shape))
    if not np.allclose(got, want, rtol=rtol, atol=rtol, equal_nan=True):
        bad = np.argwhere(~np.isclose(got, want, rtol=rtol, atol=rtol, equal_nan=True))
        i = tuple(bad[0])
        sys.exit("%s: %d elements differ from NumPy; first at %s: got %r, want %r" % (what, len(bad), i, got[i], want[i]))


cases = 0
for t, rtol in (("32", 2e-6), ("64", 1e-12)):
    funcs = [("softmax" + t, "sm")] + ([("expmean", "em")] if t == "32" else [])
    for n in LENGTHS:
        for r in ROWS:
            s = "%s_%d_%d" % (t, r, n)
            for func, want in funcs:
                what = "%s on %d x %d" % (func, r, n)
                y1 = run(func, "x%s.npy" % s, 1)
                close(y1, np.load("%s%s.npy" % (want, s)), rtol, what)
                for th in (2, 3):
                    same(run(func, "x%s.npy" % s, th), y1, "%s, %d threads" % (what, th))
                same(run(func, "x%s_f.npy" % s, 3), y1, "%s, Fortran order" % what)
                cases += 1
for func, s in (("softmax32s", "32_40_1000"), ("softmax64s", "64_40_1000")):
    want = run(func[:-1], "x%s.npy" % s, 1)
    for th in (1, 3):
        same(run(func, "x%s.npy" % s, th), want, "%s, %d threads" % (func, th), func[:-1])
    same(run(func, "x%s_f.npy" % s, 3), want, "%s, Fortran order" % func, func[:-1])
    cases += 1
print("ride: %d cases ok" % cases)
