"""Runs examples/mlp.mlir, examples/attention.mlir and Inputs/dynamic.mlir
(one program, compiled with tirc's C driver) against NumPy and against
their unfused twins (@X_ref): see ../dynamic.test. The sizes are known at
run time only, so each fusion is guarded: sizes that pass its checks take
the fused path, a leaf that broadcasts the product larger, a v whose
batch broadcasts, rows too long for the scratch or a size 0 take the
unfused one, and a mismatch is NumPy's error with status 1 either way.
argv: the program (with batch_main.c), and "quick" for one thread count
(the ASan build). The calls are queued, run in one process per thread
count, then checked."""
import sys

import numpy as np
from npycall import Batch

prog = sys.argv[1]
quick = len(sys.argv) > 2 and sys.argv[2] == "quick"
rng = np.random.default_rng(36)
failures = []
batch = Batch(prog)
pending = []  # (check, call numbers): run once the batch has run


def gelu(y):
    return 0.5 * y * (1 + np.tanh(0.7978845608 * (y + 0.044715 * y ** 3)))


def softmax(s):
    p = np.exp(s - s.max(-1, keepdims=True))
    return p / p.sum(-1, keepdims=True)


def attention(q, k, v):
    return softmax(q @ k.transpose(0, 2, 1) * 0.125) @ v


def check(fn, ins, ref, tol):
    """fn's result against ref (float64) within tol, and bit for bit
    against fn_ref's first result on 1, 2 and 3 threads."""
    want = ref(*[x.astype(np.float64) for x in ins])
    for th in [1] if quick else [1, 2, 3]:
        calls = [batch.call(fn, ins, 1, th), batch.call(fn + "_ref", ins, 2, th)]
        pending.append((lambda res, th=th: compare(fn, want, tol, th, *res), calls))


def compare(fn, want, tol, th, got, unfused):
    for name, r in [(fn, got), (fn + "_ref", unfused)]:
        if isinstance(r, tuple):
            failures.append("%s on %d threads: status %d: %s" % (name, th, r[0], r[1]))
            return
    if got[0].shape != want.shape:
        failures.append("%s: shape %s, not %s" % (fn, got[0].shape, want.shape))
        return
    err = np.max(np.abs(got[0] - want) / (1 + np.abs(want)), initial=0)
    if not err <= tol:
        failures.append("%s on %d threads: error %g > %g" % (fn, th, err, tol))
    if got[0].tobytes() != unfused[0].tobytes():
        failures.append("%s on %d threads: not bit-identical to %s_ref" % (fn, th, fn))


def check_error(fn, ins, words):
    """fn and its twin fail with status 1 and the same NumPy words."""
    for name, nout in [(fn, 1), (fn + "_ref", 2)]:
        pending.append((lambda res, name=name: error(name, words, res[0]), [batch.call(name, ins, nout, 1)]))


def error(name, words, r):
    if not isinstance(r, tuple) or r[0] != 1 or words not in r[1]:
        failures.append("%s: want status 1 with %r, got %r" % (name, words, r if isinstance(r, tuple) else "success"))


def r(shape, dt=np.float32):
    return rng.standard_normal(shape).astype(dt)


# The MLP block: fused; a bias of size 1; a bias that broadcasts the
# product (N = 1) larger (unfused); no rows; mismatches.
check("mlp", [r((100, 700)), r((700, 70)), r(70)], lambda x, w, b: gelu(x @ w + b), 1e-4)
check("mlp", [r((33, 20)), r((20, 45)), r(1)], lambda x, w, b: gelu(x @ w + b), 1e-4)
check("mlp", [r((5, 3)), r((3, 1)), r(7)], lambda x, w, b: gelu(x @ w + b), 1e-4)
check("mlp", [r((0, 3)), r((3, 4)), r(4)], lambda x, w, b: gelu(x @ w + b), 0)
check_error("mlp", [r((5, 3)), r((3, 4)), r(7)], "could not be broadcast together with shapes (5,4) (7,)")
check_error("mlp", [r((5, 3)), r((4, 4)), r(4)], "matmul: Input operand 1 has a mismatch in its core dimension 0")
# Attention: fused with edge rows and columns, v's batch or k's
# broadcast; v's batch broadcasting the result larger, rows too long for
# the scratch (unfused); one element; no rows (unfused); v's rows not k's
# (NumPy's matmul error).
check("attention", [r((3, 50, 64)), r((3, 70, 64)), r((3, 70, 64))], attention, 1e-5)
check("attention", [r((2, 200, 64)), r((2, 300, 64)), r((1, 300, 64))], attention, 1e-5)
check("attention", [r((3, 20, 64)), r((1, 40, 64)), r((3, 40, 64))], attention, 1e-5)
check("attention", [r((1, 5, 64)), r((1, 7, 64)), r((3, 7, 64))], attention, 1e-5)
check("attention", [r((2, 3, 64)), r((2, 5000, 64)), r((2, 5000, 64))], attention, 1e-5)
check("attention", [r((1, 1, 64)), r((1, 1, 64)), r((1, 1, 64))], attention, 1e-6)
check("attention", [r((2, 0, 64)), r((2, 6, 64)), r((2, 6, 64))], attention, 0)
check_error("attention", [r((2, 3, 64)), r((2, 9, 64)), r((2, 8, 64))], "matmul: Input operand 1 has a mismatch in its core dimension 0")
# A mask leaf in attention's epilogue: full, a row broadcast, and one
# that broadcasts the scores (one column) larger.
masked = lambda q, kt, v, mask: softmax(q @ kt * 0.17677669 + mask) @ v
check("masked", [r((4, 64, 32)), r((4, 32, 64)), r((4, 64, 32)), r((64, 64))], masked, 1e-5)
check("masked", [r((2, 30, 32)), r((2, 32, 90)), r((2, 90, 32)), r((1, 90))], masked, 1e-5)
check("masked", [r((2, 30, 32)), r((2, 32, 1)), r((2, 5, 32)), r((30, 5))], masked, 1e-5)
# A softmax finished in the result's rows: fused, and rows too long.
check("probs", [r((50, 20)), r((20, 130))], lambda x, w: softmax(x @ w), 1e-5)
check("probs", [r((5, 20)), r((20, 5000))], lambda x, w: softmax(x @ w), 1e-5)
# A leaf of a static product, known at run time: full, broadcast, and a
# mismatch.
check("resid", [r((64, 520)), r((520, 48)), r((64, 48))], lambda x, w, y: np.tanh(x @ w) + y, 1e-4)
check("resid", [r((64, 520)), r((520, 48)), r((64, 1))], lambda x, w, y: np.tanh(x @ w) + y, 1e-4)
check_error("resid", [r((64, 520)), r((520, 48)), r((63, 48))], "could not be broadcast together")

batch.finish(pending, failures)
