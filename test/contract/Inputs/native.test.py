"""Runs Inputs/native.mlir's contractions (compiled with tirc's C driver
and batch_main.c) against NumPy: see ../native.test. argv: the program,
and "quick" for fewer sizes and one thread count (the ASan build). The
calls are queued, run in one process per thread count, then checked."""
import sys

import numpy as np

from npycall import Batch

prog = sys.argv[1]
quick = len(sys.argv) > 2 and sys.argv[2] == "quick"
rng = np.random.default_rng(36)
failures = []
batch = Batch(prog)
pending = []  # (check, call numbers): run once the batch has run


def rand(dt, shape):
    if np.dtype(dt).kind in "iu":
        info = np.iinfo(dt)
        return rng.integers(max(info.min, -100), min(info.max, 100), size=shape, endpoint=True).astype(dt)
    return rng.standard_normal(shape).astype(dt)


def layouts(ins):
    yield ins
    yield [np.asfortranarray(x) for x in ins]


def check(fn, ins, ref, terms, acc_eps, out_eps=0.0):
    """Queues fn on ins in each layout (and thread count) and the check of
    its results: ref(*float64 or int64 inputs) -> exact-ish reference;
    terms the number of rounded operations per term chain (K plus
    products)."""
    threaded = not quick and fn in ("mm_f32", "mm_f64", "bmm_f32", "ein_qk") and np.prod(ins[0].shape) >= 4000
    calls = [batch.call(fn, lay, 1, th) for th in ([1, 2, 3] if threaded else [1]) for lay in layouts(ins)]
    pending.append((lambda res: compare(fn, ins, ref, terms, acc_eps, out_eps, res), calls))


def compare(fn, ins, ref, terms, acc_eps, out_eps, res):
    outs = []
    for r in res:
        if isinstance(r, tuple):
            failures.append("%s %s: status %d: %s" % (fn, [x.shape for x in ins], r[0], r[1]))
            return
        outs.append(r[0])
    got = outs[0]
    for o in outs[1:]:
        if o.tobytes() != got.tobytes():
            failures.append("%s %s: results differ between layouts or thread counts" % (fn, [x.shape for x in ins]))
    if got.dtype.kind in "iu":
        want = ref(*[x.astype(np.int64) for x in ins]).astype(got.dtype)
        if not np.array_equal(got, want):
            failures.append("%s %s: integers differ" % (fn, [x.shape for x in ins]))
        return
    want = ref(*[x.astype(np.float64) for x in ins])
    mag = ref(*[np.abs(x.astype(np.float64)) for x in ins])
    gamma = terms * acc_eps / (1 - terms * acc_eps)
    bound = gamma * mag + out_eps * np.abs(want) * (1 + gamma) + 1e-300
    err = np.abs(got.astype(np.float64) - want)
    if got.shape != want.shape or not (err <= bound).all():
        failures.append("%s %s: error %g above the bound" % (fn, [x.shape for x in ins], float(np.max(err - bound)) if got.shape == want.shape else -1))


def status(fn, ins, check):
    """Queues fn on ins and check(status, stderr) of its run."""
    def run(res):
        r = res[0]
        check(*(r if isinstance(r, tuple) else (0, "")))
    pending.append((run, [batch.call(fn, ins)]))


U32, U64, U16 = 2.0**-24, 2.0**-53, 2.0**-11
sizes = [(1, 1, 1), (0, 5, 3), (4, 0, 6), (3, 7, 2), (33, 17, 65), (70, 40, 50), (130, 129, 70), (97, 300, 45), (31, 530, 45), (15, 20, 33)]
if quick:
    sizes = [(3, 7, 2), (4, 0, 6), (33, 17, 65), (130, 129, 70), (97, 300, 45), (31, 530, 45)]
mm = lambda a, b: a @ b
for (m, k, n) in sizes:
    check("mm_f32", [rand(np.float32, (m, k)), rand(np.float32, (k, n))], mm, k, U32)
    check("mm_f64", [rand(np.float64, (m, k)), rand(np.float64, (k, n))], mm, k, U64)
    check("dot_f32", [rand(np.float32, (k, m)), rand(np.float32, (n, k))], lambda a, b: a.T @ b.T, k, U32)
    check("mv_f32", [rand(np.float32, (m, k)), rand(np.float32, (k,))], mm, k, U32)
    check("vm_f64", [rand(np.float64, (k,)), rand(np.float64, (k, n))], mm, k, U64)
    check("bmm_f32", [rand(np.float32, (2, 1, m, k)), rand(np.float32, (3, k, n))], mm, k, U32)
    check("bmm_f64", [rand(np.float64, (3, m, k)), rand(np.float64, (k, n))], mm, k, U64)
    check("ein_qk", [rand(np.float32, (2, 2, m, k)), rand(np.float32, (2, 2, n, k))],
          lambda q, kk: np.einsum("bhqd,bhkd->bhqk", q, kk), k, U32)
    if m * k * n < 200000:
        check("mm_f16", [rand(np.float16, (m, k)), rand(np.float16, (k, n))], mm, k, U32, U16)
        check("tosa_f16", [rand(np.float16, (2, m, k)), rand(np.float16, (2, k, n))], mm, k, U32)
        check("ein3_f64", [rand(np.float64, (m, k)), rand(np.float64, (k, n)), rand(np.float64, (n,))],
              lambda a, b, c: np.einsum("ij,jk,k->i", a, b, c), k * n + 2, U64)
        check("mm_i32", [rand(np.int32, (m, k)), rand(np.int32, (k, n))], mm, 0, 0)
        check("mm_ui8", [rand(np.uint8, (m, k)), rand(np.uint8, (k, n))], mm, 0, 0)
        check("dot_i8", [rand(np.int8, (2, m, k)), rand(np.int8, (2, k, n))], mm, 0, 0)
        check("tosa_q", [rand(np.int8, (2, m, k)), rand(np.int8, (2, k, n))], lambda a, b: (a - 3) @ (b + 5), 0, 0)
check("mm_static", [rand(np.float32, (200, 150)), rand(np.float32, (150, 90))], mm, 150, U32)

# Run-time mismatches: status 1, NumPy's message.
for fn, ins in [("mm_f32", [rand(np.float32, (3, 5)), rand(np.float32, (4, 2))]),
                ("mv_f32", [rand(np.float32, (3, 5)), rand(np.float32, (4,))])]:
    try:
        np.matmul(*ins)
        want = "(no NumPy error)"
    except ValueError as e:
        want = str(e)

    def mismatch(rc, err, fn=fn, want=want):
        if rc != 1 or want not in err:
            failures.append("%s mismatch: status %d, stderr %r, NumPy says %r" % (fn, rc, err, want))
    status(fn, ins, mismatch)


def broadcast(rc, err):
    if rc != 0:
        failures.append("bmm_f32 broadcast: status %d %s" % (rc, err))


def k_mismatch(rc, err):
    if rc != 1 or "mismatch in its core dimension 0" not in err:
        failures.append("bmm_f64 K mismatch: status %d, stderr %r" % (rc, err))


def batch_mismatch(rc, err):
    if rc != 1 or "could not be broadcast" not in err and "same shape" not in err:
        failures.append("dot_i8 batch mismatch: status %d, stderr %r" % (rc, err))


status("bmm_f32", [rand(np.float32, (2, 1, 3, 4)), rand(np.float32, (3, 4, 5))], broadcast)
status("bmm_f64", [rand(np.float64, (2, 3, 4)), rand(np.float64, (5, 5))], k_mismatch)
status("dot_i8", [rand(np.int8, (2, 3, 4)), rand(np.int8, (3, 4, 5))], batch_mismatch)

batch.finish(pending, failures)
