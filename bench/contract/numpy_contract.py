"""NumPy's W18, W19 and W22 (OpenBLAS through NumPy), timed by the thread's
CPU time on one thread like bench/contract/main.c; prints "name seconds
GFLOPS", and which BLAS NumPy loaded."""
import sys
import time

import numpy as np

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
try:
    cfg = np.show_config(mode="dicts")
    print("# blas:", cfg["Build Dependencies"]["blas"]["name"])
except Exception:  # older NumPy: the linked library's name
    print("# blas: see np.show_config()")
rng = np.random.default_rng(0)
work = {
    "w18": (rng.random((2048, 2048), dtype=np.float32), rng.random((2048, 2048), dtype=np.float32), 2.0 * 2048**3),
    "w19": (rng.random((2048, 2048)), rng.random((2048, 2048)), 2.0 * 2048**3),
    "w22": (rng.random((8192, 32, 32), dtype=np.float32), rng.random((32, 32), dtype=np.float32), 2.0 * 8192 * 32**3),
}
for name, (a, b, flops) in work.items():
    c = a @ b
    want = a[..., :3, :].astype(np.float64) @ b.astype(np.float64)
    assert np.allclose(c[..., :3, :], want, rtol=1e-3, atol=1e-3), name  # OpenBLAS's result is right
    best = 1e30
    for _ in range(reps):
        t = time.thread_time()
        a @ b
        best = min(best, time.thread_time() - t)
    print(name, "%.4f %.1f" % (best, flops / best / 1e9))
