"""Runs bool_logic.mlir's driver on random boolean matrices and checks each
result against NumPy's |, &, any, all and the modulo-2 sum (xor)."""
import os
import subprocess
import sys

import numpy as np

prog = sys.argv[1]
rng = np.random.default_rng(7)
for rows, cols in [(1, 1), (3, 0), (0, 5), (4, 7), (5, 33), (2, 70), (9, 64)]:
    for density in (0.0, 0.1, 0.9, 1.0):
        a = rng.random((rows, cols)) < density
        b = rng.random(cols) < 0.5
        for order in ("C", "F"):
            np.save("a.npy", np.asarray(a, order=order))
            np.save("b.npy", b)
            outs = ["or.npy", "and.npy", "any.npy", "all.npy", "xor.npy"]
            args = [prog, "a.npy", "b.npy"]
            for o in outs:
                args += ["-o", o]
            subprocess.run(args, check=True)
            want = [a | b, a & b, a.any(axis=1), a.all(axis=0), a ^ a]
            for o, w in zip(outs, want):
                got = np.load(o)
                if got.dtype != np.bool_ or got.shape != w.shape or not np.array_equal(got, w):
                    sys.exit("%s for %dx%d density %g (%s order): got %s, want %s" % (o, rows, cols, density, order, got, w))
print("bool_logic: ok")
