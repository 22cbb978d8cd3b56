"""Runs Inputs/window.mlir's functions through the C driver on random
inputs and checks each result against NumPy (window sums computed with
sliding_window_view)."""
import subprocess
import sys

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view as windows

prog = sys.argv[1]
rng = np.random.default_rng(5)


def run(func, ins, nout=1, status=0):
    args = [prog, "-f", func]
    for i, a in enumerate(ins):
        np.save("in%d.npy" % i, a)
    args += ["-o", "out.npy"]
    p = subprocess.run(args + ["in%d.npy" % i for i in range(len(ins))], capture_output=True, text=True)
    if p.returncode != status:
        sys.exit("%s: exit %d, want %d: %s" % (func, p.returncode, status, p.stderr))
    return np.load("out.npy") if status == 0 else p.stderr


def check(func, got, want):
    if got.shape != want.shape or got.dtype != want.dtype:
        sys.exit("%s: got %s %s, want %s %s" % (func, got.dtype, got.shape, want.dtype, want.shape))
    ok = np.allclose(got, want, rtol=1e-5, atol=1e-5) if want.dtype.kind == "f" else np.array_equal(got, want)
    if not ok:
        sys.exit("%s: got %s, want %s" % (func, got, want))


f32 = lambda *s: rng.standard_normal(s).astype(np.float32)
i32 = lambda *s: rng.integers(-100, 100, s).astype(np.int32)

x, w, init = f32(19), f32(4), f32(16)
check("conv1d", run("conv1d", [x, w, init]), init + (windows(x, 4) * w).sum(axis=1, dtype=np.float32))
# A longer input than the loops read is fine (MLIR's loops read a prefix).
x = f32(25)
check("conv1d", run("conv1d", [x, w, init]), init + (windows(x, 4)[:16] * w).sum(axis=1, dtype=np.float32))
err = run("conv1d", [f32(18), w, init], status=1)
if "operand #0 has size 18 in dimension 0, but its indexing map reads indices 0 to 18" not in err:
    sys.exit("conv1d: unexpected message: " + err)

x, w = f32(21), f32(3)
check("conv1d_stride2", run("conv1d_stride2", [x, w]), (windows(x, 3)[::2] * w).sum(axis=1, dtype=np.float32))

xi, win, ii = i32(7, 6), np.zeros((3, 2), np.int32), i32(5, 5)
check("window_max", run("window_max", [xi, win, ii]), np.maximum(ii, windows(xi, (3, 2)).max(axis=(2, 3))))

xi, wi, ii = i32(9, 8), i32(2, 3), i32(8, 6)
check("window_sum", run("window_sum", [xi, wi, ii]), ii + (windows(xi, (2, 3)) * wi).sum(axis=(2, 3), dtype=np.int32))

x, init = f32(9), f32(7, 3)
want = np.stack([x[np.arange(7) - j + 2] for j in range(3)], axis=1)
check("reversed", run("reversed", [x, init]), want)
print("linalg windows native: ok")
