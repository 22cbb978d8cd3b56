"""ride_check.py PROG: runs ride.test's cases through PROG (tirc's C
driver with ../../contract/Inputs/batch_main.c: all calls of a thread
count in one process) and compares with NumPy.

softmax (f32, f64) and expmean (f32) on every input ride.py wrote: the
C-order input on 1 thread against NumPy (rtol 2e-6 for f32, 1e-12 for
f64); on 2 and 3 threads and in Fortran order (the group's ordinary,
strided schedule) bit for bit against the 1-thread result. The static
functions (softmax32s, softmax64s on 40 x 1000) bit for bit against the
dynamic ones.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "contract", "Inputs"))
from npycall import Batch  # noqa: E402

prog = sys.argv[1]
batch = Batch(prog)
LENGTHS = [1, 65, 130, 1000]
ROWS = [1, 2, 7, 40]


def run(func, x, threads):
    """Queues func on the array in file x; its result once run() has run."""
    n = batch.call(func, [np.load(x)], 1, threads)
    return lambda: result(n, "%s(%s) on %d threads" % (func, x, threads))


def result(n, what):
    r = results[n]
    if isinstance(r, tuple):
        sys.exit("%s: status %d: %s" % (what, r[0], r[1]))
    return r[0]


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


checks = []  # (check, its results): run once the batch has run
for t, rtol in (("32", 2e-6), ("64", 1e-12)):
    funcs = [("softmax" + t, "sm")] + ([("expmean", "em")] if t == "32" else [])
    for n in LENGTHS:
        for r in ROWS:
            s = "%s_%d_%d" % (t, r, n)
            for func, want in funcs:
                what = "%s on %d x %d" % (func, r, n)
                y1 = run(func, "x%s.npy" % s, 1)
                checks.append(lambda y1=y1, want="%s%s.npy" % (want, s), rtol=rtol, what=what:
                              close(y1(), np.load(want), rtol, what))
                for th in (2, 3):
                    y = run(func, "x%s.npy" % s, th)
                    checks.append(lambda y=y, y1=y1, what="%s, %d threads" % (what, th): same(y(), y1(), what))
                y = run(func, "x%s_f.npy" % s, 3)
                checks.append(lambda y=y, y1=y1, what="%s, Fortran order" % what: same(y(), y1(), what))
                checks.append(None)  # a case
for func, s in (("softmax32s", "32_40_1000"), ("softmax64s", "64_40_1000")):
    want = run(func[:-1], "x%s.npy" % s, 1)
    for th in (1, 3):
        y = run(func, "x%s.npy" % s, th)
        checks.append(lambda y=y, want=want, what="%s, %d threads" % (func, th), ref=func[:-1]: same(y(), want(), what, ref))
    y = run(func, "x%s_f.npy" % s, 3)
    checks.append(lambda y=y, want=want, what="%s, Fortran order" % func, ref=func[:-1]: same(y(), want(), what, ref))
    checks.append(None)
results, errors = batch.run()
if errors:
    sys.exit("\n".join(errors))
for c in checks:
    if c is not None:
        c()
print("ride: %d cases ok" % checks.count(None))
