"""Runs Inputs/pad_index.mlir's functions through the C driver and checks
each result against NumPy (the padding value computed at every index, the
source placed over it)."""
import subprocess
import sys

import numpy as np

prog = sys.argv[1]
rng = np.random.default_rng(3)


def run(func, ins):
    for i, a in enumerate(ins):
        np.save("in%d.npy" % i, a)
    subprocess.run([prog, "-f", func, "-o", "out.npy"] + ["in%d.npy" % i for i in range(len(ins))], check=True)
    return np.load("out.npy")


def check(func, got, want):
    if got.shape != want.shape or got.dtype != want.dtype or not np.array_equal(got, want):
        sys.exit("%s: got %s %s, want %s %s" % (func, got.dtype, got, want.dtype, want))


def padded(t, low, shape, value):
    """The pad: value(index) everywhere, t placed at low."""
    out = np.fromfunction(value, shape, dtype=np.int64).astype(t.dtype)
    out[tuple(slice(l, l + n) for l, n in zip(low, t.shape))] = t
    return out


t = rng.standard_normal((3, 4)).astype(np.float32)
for low in (0, 2):
    check("pad_ij", run("pad_ij", [t, np.int64(low)]), padded(t, (low, 1), (low + 5, 7), lambda i, j: 10 * i + j))

t = rng.integers(-50, 50, 6).astype(np.int32)
p = padded(t, (3,), (10,), lambda i: i + 7)
check("pad_offset", run("pad_offset", [t, np.int32(7)]), p * p)

t = rng.integers(-50, 50, 5).astype(np.int32)
check("pad_div", run("pad_div", [t]), padded(t, (0,), (8,), lambda i: 100 // np.maximum(i, 1)))
print("tensor.pad by index native: ok")
