"""Runs Inputs/prologue.mlir (compiled with tirc's C driver and
batch_main.c) against NumPy and against its unfused twins: see
../prologue.test. argv: the program, and "quick" for one thread count
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


def check(fn, ins, ref, tol, fused):
    """fn's result against ref (float64) within tol (relative to the sum
    of |terms|, 1 + |want|), and bit for bit against fn_ref's first result
    (its fused values also returned: not fused) on 1, 2 and 3 threads."""
    want = ref(*[x.astype(np.float64) for x in ins])
    for th in [1] if quick else [1, 2, 3]:
        calls = [batch.call(fn, ins, 1, th), batch.call(fn + "_ref", ins, 1 + fused, th)]
        pending.append((lambda res, th=th: compare(fn, want, tol, th, *res), calls))


def compare(fn, want, tol, th, got, unfused):
    for name, r in [(fn, got), (fn + "_ref", unfused)]:
        if isinstance(r, tuple):
            failures.append("%s: status %d: %s" % (name, r[0], r[1]))
            return
    err = np.max(np.abs(got[0].astype(np.float64) - want) / (1 + np.abs(want)))
    if not err <= tol:
        failures.append("%s on %d threads: error %g > %g" % (fn, th, err, tol))
    if got[0].tobytes() != unfused[0].tobytes():
        failures.append("%s on %d threads: not bit-identical to %s_ref" % (fn, th, fn))


def r(shape, dt=np.float32):
    return rng.standard_normal(shape).astype(dt)


# A = x * s, s over K (contiguous along the packed direction).
check("a_colscale", [r((300, 200)), r(200), r((200, 100))], lambda x, s, w: (x * s) @ w, 1e-4, 1)
# A = tanh(x * s), s per row (broadcast along K: splatted).
check("a_rowscale", [r((130, 600)), r((130, 1)), r((600, 70))], lambda x, s, w: np.tanh(x * s) @ w, 1e-4, 1)
# B = w * s + 0.5, s over N.
check("b_scale", [r((64, 520)), r((520, 90)), r(90)], lambda x, w, s: x @ (w * s + 0.5), 1e-4, 1)
# Both operands, f64.
check("both64", [r((70, 300), np.float64), r((70, 300), np.float64), r((300, 40), np.float64)],
      lambda x, y, w: (x + y) @ (w * 2), 1e-12, 2)
# A converted from f16, B a transposed view.
check("convert_t", [r((90, 150), np.float16), r((80, 150))], lambda x, wt: x @ wt.T, 1e-4, 2)
# Batched and small (packed because of the prologue), a per-item scale.
check("batched", [r((5, 20, 30)), r((5, 1, 30)), r((30, 18))], lambda x, s, w: (x * s) @ w, 1e-4, 1)
# Dynamic sizes: a packed size and a small one.
check("dynamic", [r((200, 150)), r(150), r((150, 120))], lambda x, s, w: (x * s) @ w, 1e-4, 1)
check("dynamic", [r((7, 5)), r(5), r((5, 3))], lambda x, s, w: (x * s) @ w, 1e-4, 1)
# Integers (generic path): i8 -> i32, times 3; exact.
check("int8", [rng.integers(-100, 100, size=(33, 30)).astype(np.int8),
               rng.integers(-100, 100, size=(30, 20)).astype(np.int32)],
      lambda x, w: (x * 3) @ w, 0, 1)
# f16 (generic, summed in f32, the product rounded to f16 first).
check("half", [r((12, 40), np.float16), r(40, np.float16), r((40, 9), np.float16)],
      lambda x, s, w: (x * s).astype(np.float16).astype(np.float64) @ w, 1e-2, 1)
# A strided slice of x as A; B scaled by a scalar argument.
check("slice_scalar", [r((100, 300)), r((140, 60)), np.float32(1.5)],
      lambda x, w, c: x[3:93, 5:285:2] @ (w * c), 1e-4, 2)
# A prologue and a batched epilogue in one driver.
check("pro_epi", [r((3, 40, 50)), r(50), r((50, 60)), r((3, 1, 60))],
      lambda x, s, w, b: np.tanh((x * s) @ w + b), 1e-4, 1)

# dot_general, batched, the rhs contracted along its last dim; einsum of three.
check("dotg", [r((4, 30, 50)), r(50), r((4, 60, 50))],
      lambda a, s, b: np.einsum("bik,bjk->bij", a * s, -b), 1e-4, 2)
check("einsum3", [r((8, 9)), r((9, 10)), r((10, 11))], lambda a, b, c: a @ (b * 2) @ c, 1e-4, 1)


def fails(fn, ins, message):
    """fn and fn_ref fail with status 1 and the same message."""
    for f, nout in [(fn, 1), (fn + "_ref", 2)]:
        pending.append((lambda res, f=f: failed(f, message, res[0]), [batch.call(f, ins, nout, 1)]))


def failed(f, message, r):
    st, err = r if isinstance(r, tuple) else (0, "")
    if st != 1 or message not in err:
        failures.append("%s: status %d, want 1 and %r: %s" % (f, st, message, err))


# Dynamic sizes checked at run time, with the unfused program's words.
fails("dynamic", [r((5, 4)), r(3), r((4, 2))], "'tir.mul' op operands could not be broadcast together with shapes (5,4) (3,)")
fails("dynamic", [r((5, 4)), r(4), r((3, 2))], "'tir.matmul' op matmul: Input operand 1 has a mismatch in its core dimension 0")

batch.finish(pending, failures)
