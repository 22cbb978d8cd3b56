"""max_chains.py: inputs and NumPy's results for max_chains.test.

Row lengths around the accumulators of a float max/min reduction
(codegen/reduce.go: chains of width lanes, 4x16 for f32, 4x8 for f64):
below one vector, one vector and one more element, just below, at and
above a full set of chains, and sets of chains plus whole vectors plus a
tail. Each row puts its extreme somewhere else: the last element (the
tail), a NaN (NumPy's max and min propagate it), +-inf, all negative,
at the first element of the first or of a later chain.
"""
import numpy as np

rng = np.random.default_rng(11)
LENGTHS = [1, 7, 9, 15, 16, 17, 31, 33, 63, 64, 65, 79, 80, 97, 127, 128, 129, 200, 1000]

for dt, name in ((np.float32, "32"), (np.float64, "64")):
    for n in LENGTHS:
        x = rng.standard_normal((8, n)).astype(dt)
        x[0, -1] = 100          # the maximum in the tail
        x[1, rng.integers(n)] = np.nan
        x[2, rng.integers(n)] = np.inf
        x[2, rng.integers(n)] = -np.inf
        x[3] = -np.abs(x[3]) - 1
        x[4, 0] = -100          # the minimum at the first element
        x[5, n // 2] = 50
        x[6, rng.integers(n)] = -50
        np.save("x%s_%d.npy" % (name, n), x)
        np.save("x%s_%d_f.npy" % (name, n), np.asfortranarray(x))
        np.save("max%s_%d.npy" % (name, n), x.max(axis=1))
        np.save("min%s_%d.npy" % (name, n), x.min(axis=1))
