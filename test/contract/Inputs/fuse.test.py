"""Runs Inputs/fuse.mlir (compiled with tirc's C driver and batch_main.c)
against NumPy and against its unfused twins: see ../fuse.test. argv: the
program, and "quick" for one thread count (the ASan build). The calls are
queued, run in one process per thread count, then checked."""
import sys

import numpy as np
from npycall import Batch

prog = sys.argv[1]
quick = len(sys.argv) > 2 and sys.argv[2] == "quick"
rng = np.random.default_rng(20)
failures = []
batch = Batch(prog)
pending = []  # (check, call numbers): run once the batch has run


def gelu(y):
    return 0.5 * y * (1 + np.tanh(0.7978845608 * (y + 0.044715 * y ** 3)))


def check(fn, ins, ref, tol, twin=True):
    """fn's result against ref (float64) within tol, and bit for bit
    against fn_ref's first result (the matmul also returned: not fused)
    on 1, 2 and 3 threads."""
    want = ref(*[x.astype(np.float64) for x in ins])
    for th in [1] if quick else [1, 2, 3]:
        calls = [batch.call(fn, ins, 1, th)] + ([batch.call(fn + "_ref", ins, 2, th)] if twin else [])
        pending.append((lambda res, th=th: compare(fn, want, tol, th, res), calls))


def compare(fn, want, tol, th, res):
    for name, r in zip([fn, fn + "_ref"], res):
        if isinstance(r, tuple):
            failures.append("%s: status %d: %s" % (name, r[0], r[1]))
            return
    got = res[0]
    err = np.max(np.abs(got[0] - want) / (1 + np.abs(want)))
    if not err <= tol:
        failures.append("%s on %d threads: error %g > %g" % (fn, th, err, tol))
    if len(res) > 1 and got[0].tobytes() != res[1][0].tobytes():
        failures.append("%s on %d threads: not bit-identical to %s_ref" % (fn, th, fn))


def r(shape, dt=np.float32):
    return rng.standard_normal(shape).astype(dt)


check("mlp", [r((100, 700)), r((700, 70)), r(70)], lambda x, w, b: gelu(x @ w + b), 1e-4)
check("mlp64", [r((24, 40), np.float64), r((40, 20), np.float64), r(20, np.float64)],
      lambda x, w, b: gelu(x @ w + b), 1e-12)
check("resid", [r((64, 520)), r((520, 48)), r((64, 48))], lambda x, w, y: x @ w + y, 1e-4)
check("scale", [r((3, 40, 50)), r((50, 60))], lambda x, w: np.tanh((x @ w) * 0.125), 1e-5)
ints = [rng.integers(-100, 100, size=s).astype(np.int32) for s in [(33, 30), (30, 20), (33, 20)]]
check("iresid", ints, lambda x, w, y: x @ w + y, 0)
check("rowscale", [r((50, 200)), r((200, 70)), r((50, 1))], lambda x, w, s: (x @ w) * s, 1e-4)
check("itembias", [r((4, 30, 400)), r((400, 50)), r((4, 1, 50))], lambda x, w, b: np.tanh(x @ w + b), 1e-4)
check("resid64", [r((70, 300), np.float64), r((300, 40), np.float64), r((70, 40), np.float64)],
      lambda x, w, y: y - x @ w, 1e-12)
check("transposed", [r((300, 64)), r((64, 300)), r((300, 300))], lambda x, w, y: (x @ w).T + y, 1e-4,
      twin=False)

batch.finish(pending, failures)
