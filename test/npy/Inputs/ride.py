"""ride.py: inputs and NumPy's results for ride.test.

Rows of lengths around the rider's steps (64 lanes of an f32 max, 32 of
an f64 one, 16 of a sum in f64, then the first chain and the tail), and
row counts that leave a thread one row, none or several; rows with a NaN,
with +inf (softmax gives NaN there, as in NumPy), with -inf entries and
with one huge value. Each input is also saved in Fortran order (the
strided members: the group's ordinary schedule).
"""
import numpy as np

rng = np.random.default_rng(5)
LENGTHS = [1, 65, 130, 1000]
ROWS = [1, 2, 7, 40]


def softmax(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


for dt, name in ((np.float32, "32"), (np.float64, "64")):
    for n in LENGTHS:
        for r in ROWS:
            x = (rng.standard_normal((r, n)) * 4).astype(dt)
            if r >= 7:
                x[1, rng.integers(n)] = np.nan
                x[2, rng.integers(n)] = np.inf
                x[3, rng.integers(n)] = -np.inf
                x[4, rng.integers(n)] = 1e30
            stem = "%s_%d_%d" % (name, r, n)
            np.save("x%s.npy" % stem, x)
            np.save("x%s_f.npy" % stem, np.asfortranarray(x))
            with np.errstate(invalid="ignore"):
                np.save("sm%s.npy" % stem, softmax(x).astype(dt))
                if dt == np.float32:
                    m = x.astype(np.float64).mean(axis=1, keepdims=True)
                    np.save("em%s.npy" % stem, np.exp(x - m).astype(dt))
