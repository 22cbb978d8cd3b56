"""Tests of tirc.jit: NumPy functions traced into tir IR and compiled.

The oracle is NumPy: every function runs under NumPy and under tirc.jit
on the same arrays, and the results must have the same shape and dtype,
and the same values (exact for integers, booleans and floats computed
with correctly rounded operations only; within a ulp bound otherwise).
"""

import inspect
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
import tirc  # noqa: E402
import tirc.numpy as tnp  # noqa: E402
from jit_gen import Gen  # noqa: E402

N_RANDOM = int(os.environ.get("TIRC_JIT_RANDOM", "320"))
BATCH = 40  # functions per compiled module
# The random functions test the tracing (dtypes, shapes, casts, ops) and
# are compiled without clang's optimizations, 4x faster to build: IEEE
# numbers do not depend on them (tirc emits no fast-math flags). The
# README programs and the other tests here run at -O3, as users do;
# TIRC_JIT_TEST_CFLAGS=-O3 runs the random ones so too.
RANDOM_CFLAGS = os.environ.get("TIRC_JIT_TEST_CFLAGS", "-O0").split()
NUMPY2 = int(np.__version__.split(".")[0]) >= 2


def setUpModule():
    global CACHE
    CACHE = os.environ.get("TIRC_TEST_CACHE") or tempfile.mkdtemp(prefix="tirc-jit-test-")
    os.environ["TIRC_CACHE_DIR"] = CACHE


def close(got, want, exact, err=0.0):
    """Why got differs from NumPy's want, or None. err: the relative
    error bound of an inexact value's inputs (their coarsest epsilon)."""
    g, w = np.asarray(got), np.asarray(want)
    if g.shape != w.shape or g.dtype != w.dtype:
        return "shape/dtype %s %s, NumPy %s %s" % (g.shape, g.dtype, w.shape, w.dtype)
    if w.dtype.kind != "f":
        return None if np.array_equal(g, w) else "values differ"
    if exact:
        return None if np.array_equal(g, w, equal_nan=True) else "float values differ (exact expected)"
    fin = np.isfinite(w)
    # non-finite where NumPy is: the same (an overflow right at the edge may round either way)
    edge = np.abs(w.astype(np.float64)) > float(np.finfo(w.dtype).max) / 2
    nf = ~fin | ~np.isfinite(g)
    if not np.array_equal(g[nf & ~edge], w[nf & ~edge], equal_nan=True) and (nf & ~edge).any():
        return "non-finite values differ"
    ulps = 8 if w.dtype == np.float16 else 64
    scale = np.abs(w[fin].astype(np.float64)).max(initial=1.0)
    diff = np.abs(g[fin & np.isfinite(g)].astype(np.float64) - w[fin & np.isfinite(g)].astype(np.float64))
    tol = ulps * max(float(np.finfo(w.dtype).eps), err) * scale
    return None if (diff <= tol).all() else "error %g > %g" % (diff.max(), tol)


def check_same(test, f, jf, args, exact=None):
    with np.errstate(all="ignore"):
        want = f(*args)
    got = jf(*args)
    if not isinstance(want, tuple):
        want, got = (want,), (got,)
    test.assertEqual(len(got), len(want))
    for i, (g, w) in enumerate(zip(got, want)):
        why = close(g, w, exact[i] if exact else False)
        test.assertIsNone(why, "result %d of %s" % (i, f.__name__))


class RandomFunctions(unittest.TestCase):
    """N_RANDOM random functions against NumPy, compiled BATCH at a time."""

    def test_random_functions(self):
        fns, failures, refused = [], [], 0
        for seed in range(N_RANDOM):
            g = Gen(seed).make()
            ns = {"np": np}
            exec(compile(g.source, "<random function %d>" % seed, "exec"), ns)
            f = ns["f%d" % seed]
            jf = tirc.jit(f, dynamic=g.dynamic)
            try:
                with np.errstate(all="ignore"):  # NumPy computing the function's constants
                    jf.lower(*g.args)
            except tirc.TraceError as e:
                if "value-based promotion" in str(e) and not NUMPY2:
                    refused += 1  # NumPy 1.x's dtype depends on a traced 0-d value
                    continue
                failures.append("%s\n%s" % (e, g.source))
                continue
            fns.append((g, f, jf))
        for i in range(0, len(fns), BATCH):
            batch = fns[i:i + BATCH]
            try:
                tirc.precompile([(jf, g.args) for g, f, jf in batch], cflags=RANDOM_CFLAGS)
            except tirc.CompileError as e:
                failures.append("batch %d does not compile: %s" % (i // BATCH, str(e)[:2000]))
        for g, f, jf in fns:
            try:
                with np.errstate(all="ignore"):
                    want = f(*g.args)
                got = jf(*g.args)
            except Exception as e:  # noqa: BLE001 -- reported with the function
                failures.append("%s: %s\n%s" % (type(e).__name__, e, g.source))
                continue
            want, got = (want, got) if isinstance(want, tuple) else ((want,), (got,))
            for w, r, ex, err in zip(want, got, g.exact, g.err):
                why = close(r, w, ex, err)
                if why:
                    failures.append("%s (dynamic=%r, args %s)\n%s" % (
                        why, g.dynamic, ", ".join("%s%s" % (a.dtype, a.shape) for a in g.args), g.source))
                    break
            if jf.trace_count != 1:
                failures.append("traced %d times\n%s" % (jf.trace_count, g.source))
        self.assertGreaterEqual(len(fns) + len(failures), 300)
        self.assertLess(refused, N_RANDOM // 10)
        self.assertEqual(failures, [], "%d of %d random functions fail:\n\n%s" % (
            len(failures), len(fns), "\n\n".join(failures[:10])))


# ---- every operation of the list in help(tirc.jit), once ----

COVERAGE = [
    lambda x, i, b: np.stack([x[0], i], axis=1),
    lambda x, i, b: np.expand_dims(i, (0, 2)),
    lambda x, i, b: np.squeeze(x[:, :1], axis=1),
    lambda x, i, b: np.broadcast_to(i, (2, 4, 5)),
    lambda x, i, b: np.moveaxis(x, 0, -1),
    lambda x, i, b: np.swapaxes(x, 0, 2),
    lambda x, i, b: np.round(x),
    lambda x, i, b: np.isinf(x / i),
    lambda x, i, b: np.reciprocal(x),
    lambda x, i, b: (np.logical_and(x > 0, i), np.logical_or(b, i), np.logical_xor(b, x < 0), np.logical_not(x)),
    lambda x, i, b: (np.copysign(x, i), np.arctan2(x, i)),
    lambda x, i, b: (np.add.reduce(i), np.multiply.reduce(i, axis=1), np.maximum.reduce(x, axis=2), np.logical_or.reduce(b, axis=0)),
    lambda x, i, b: (np.mean(i, dtype=np.float32), np.sum(x, axis=1, dtype=np.float64), i.sum(dtype=np.int8)),
    lambda x, i, b: (x.argmax(), np.argmin(i, axis=None, keepdims=True), np.argmax(b, axis=1)),
    lambda x, i, b: (x[1, ..., 2], x[:, None, 1:3, ::2], x[-1], i[None, :, None]),
    lambda x, i, b: (np.sign(i.astype(np.uint8)), np.sign(x), np.abs(i), -i.astype(np.uint16)),
    lambda x, i, b: (np.fmax(x, np.nan), np.fmin(i, 3), np.maximum(x, np.nan)),
    lambda x, i, b: (x.ravel(), i.flatten(), x.reshape(3, -1), x.reshape((12, 5)), x.transpose((1, 0, 2)), x.T.shape == (5, 4, 3)),
    lambda x, i, b: (i // -3, i % 4, -7 // (i | 1), x // 2.5, x % -1.5, np.fmod(i, 4), np.fmod(x, 1.5)),
    lambda x, i, b: (i ** 2, x ** -1, x ** 0.5, np.power(x, 3), i ** 0, b ** 2),
    lambda x, i, b: (np.where(b, i, 2.5), np.clip(i, 0, None), np.clip(x, None, 1), x.clip(-1, 1)),
    lambda x, i, b: (np.concatenate([x, x], axis=None), np.concatenate([i, np.arange(5)[None]]), np.full_like(i, 2.7), np.zeros_like(x, dtype=np.int8), np.ones_like(b)),
    lambda x, i, b: (x.max(axis=(0, 2)), x.min(keepdims=True), b.all(axis=-1), b.any(), x.prod(axis=0), i.prod(), x.mean(axis=(1, 2))),
    lambda x, i, b: (np.exp2(x), np.expm1(x), np.log1p(np.abs(x)), np.log10(np.abs(x) + 1), np.log2(np.abs(x) + 1), np.sin(x), np.cos(x), np.tan(x), np.arctan(x)),
    lambda x, i, b: (np.floor(x), np.ceil(x), np.trunc(x), np.rint(x), np.floor(i), np.square(x), np.positive(i), np.invert(i), ~b, np.isnan(x), np.isfinite(i)),
]


class Coverage(unittest.TestCase):
    def test_each_operation(self):
        r = np.random.default_rng(3)
        x = (r.standard_normal((3, 4, 5)) * 2).astype(np.float32)
        i = r.integers(-9, 10, (4, 5)).astype(np.int32)
        b = r.random((4, 5)) > 0.5
        jfs = [tirc.jit(f, dynamic=False) for f in COVERAGE]
        with np.errstate(all="ignore"):
            tirc.precompile([(jf, (x, i, b)) for jf in jfs])
        for k, (f, jf) in enumerate(zip(COVERAGE, jfs)):
            with np.errstate(all="ignore"):
                want, got = f(x, i, b), jf(x, i, b)
            want, got = (want, got) if isinstance(want, tuple) else ((want,), (got,))
            for n, (w, g) in enumerate(zip(want, got)):
                self.assertIsNone(close(g, w, False), "function %d, result %d: %s" % (k, n, inspect.getsource(f).strip()))
        self.assertTrue(all(jf.trace_count == 1 for jf in jfs))


# ---- the README's programs, written as Python ----

def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def layer_norm(x, g, b):
    m = x.mean(axis=-1, keepdims=True)
    v = ((x - m) ** 2).mean(axis=-1, keepdims=True)
    return (x - m) / np.sqrt(v + 1e-5) * g + b


def gelu(x):
    # NumPy has no erf: GELU's tanh form
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))


def normalize_image(img, mean, std):
    return (img.astype(np.float32) - mean) / std


class ReadmePrograms(unittest.TestCase):
    def test_programs(self):
        r = np.random.default_rng(0)
        x = r.standard_normal((64, 256)).astype(np.float32)
        g, b = r.standard_normal(256).astype(np.float32), r.standard_normal(256).astype(np.float32)
        img = r.integers(0, 256, (32, 32, 3)).astype(np.uint8)
        mean = np.array([123.675, 116.28, 103.53], np.float32)
        std = np.array([58.395, 57.12, 57.375], np.float32)
        cases = [(softmax, (x,)), (layer_norm, (x, g, b)), (gelu, (x * 3,)), (gelu, (x.astype(np.float64),)),
                 (normalize_image, (img, mean, std))]
        jfs = [(f, tirc.jit(f), a) for f, a in cases]
        tirc.precompile([(jf, a) for f, jf, a in jfs])
        for f, jf, a in jfs:
            check_same(self, f, jf, a, exact=[f is normalize_image])
        # another batch size: no new trace
        check_same(self, softmax, jfs[0][1], (x[:7],))
        self.assertEqual(jfs[0][1].trace_count, 1)

    def test_tirc_numpy_namespace(self):
        def f(x):
            return tnp.maximum(x, 0) * 2 - x[:, tnp.newaxis, :1]
        x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4)
        check_same(self, f, tirc.jit(f, dynamic=False), (x,), exact=[True])


# ---- errors at the user's line ----

def _line_of(f, marker="# <-"):
    lines, start = inspect.getsourcelines(f)
    for i, l in enumerate(lines):
        if marker in l:
            return start + i
    raise AssertionError("no marker in %s" % f.__name__)


def e_if(x):
    if x > 0:  # <-
        return x
    return -x


def e_sinh(x):
    return np.sinh(x)  # <-


def e_mask(x):
    return x[x > 0]  # <-


def e_reverse(x):
    return x[::-1]  # <-


def e_sort(x):
    return np.sort(x)  # <-


def e_cumsum(x):
    return x.cumsum()  # <-


def e_bool_sub(x):
    b = x > 0
    return b - b  # <-


def e_neg_pow(x):
    i = x.astype(np.int32)
    return i ** -1  # <-


def e_int_pow(x):
    i = x.astype(np.int32)
    return i ** i  # <-


def e_reshape(x):
    return x.reshape(5, -1)  # <-


def e_where1(x):
    return np.where(x > 0)  # <-


def e_float(x):
    return x * float(x.sum())  # <-


def e_broadcast(x):
    y = x[:, :3]
    return x + y  # <-


def e_out(x):
    y = np.empty(x.shape)
    return np.add(x, 1, out=y)  # <-


def e_value_based(x):
    i = x.astype(np.int8)
    return i + x.astype(np.int64).sum()  # <-


TRACE_ERRORS = [
    (e_if, "truth value", "np.where"),
    (e_sinh, "np.sinh has no tirc op", "np.exp"),
    (e_mask, "advanced indexing", "np.where"),
    (e_reverse, "negative slice steps", None),
    (e_sort, "np.sort is not supported", "supported:"),
    (e_cumsum, "x.cumsum", None),
    (e_bool_sub, "boolean subtract", None),
    (e_neg_pow, "Integers to negative integer powers are not allowed", None),
    (e_int_pow, "no integer power", "astype(np.float64)"),
    (e_reshape, "cannot reshape array of size 12 into shape (5,-1)", None),
    (e_where1, "np.where(cond, a, b)", None),
    (e_float, "not known while tracing", None),
    (e_broadcast, "operands could not be broadcast together with shapes (3,4) (3,3)", None),
    (e_out, "out= is not supported", "return the result"),
]
if not NUMPY2:
    TRACE_ERRORS.append((e_value_based, "value-based promotion", ".astype"))


class TraceErrors(unittest.TestCase):
    def test_trace_errors(self):
        x = np.arange(12, dtype=np.float32).reshape(3, 4) - 5
        for f, msg, instead in TRACE_ERRORS:
            with self.subTest(f.__name__):
                with self.assertRaises(tirc.TraceError) as cm:
                    tirc.jit(f, dynamic=False)(x)
                e = cm.exception
                self.assertIn(msg, str(e))
                if instead:
                    self.assertIn(instead, str(e))
                self.assertEqual((e.filename, e.lineno), (__file__, _line_of(f)), str(e))
                self.assertTrue(str(e).startswith("%s:%d: " % (__file__, _line_of(f))), str(e))

    def test_slicing_a_dynamic_dim(self):
        def f(x):
            return x[:, 1:]  # <-
        with self.assertRaises(tirc.TraceError) as cm:
            tirc.jit(f)(np.ones((3, 4)))
        self.assertIn("dynamic=", str(cm.exception))
        self.assertEqual(cm.exception.lineno, _line_of(f))
        x = np.arange(12.0).reshape(3, 4)
        check_same(self, f, tirc.jit(f, dynamic=False), (x,), exact=[True])

    def test_dynamic_dim_as_number(self):
        def mean0(x):
            return x.sum(0) / x.shape[0]

        def as_int(x):
            return np.zeros(int(x.shape[0]))  # <-
        x = np.arange(12.0).reshape(3, 4)
        jf = tirc.jit(mean0)  # the size is tensor.dim at run time
        self.assertIn('"tensor.dim"(%x', jf.lower(x).mlir)
        check_same(self, mean0, jf, (x,), exact=[True])
        check_same(self, mean0, jf, (x[:2],), exact=[True])
        self.assertEqual(jf.trace_count, 1)
        if not NUMPY2:  # float32 / n is float64 for n > 65535 under NumPy 1.x
            with self.assertRaises(tirc.TraceError) as cm:
                tirc.jit(mean0)(x.astype(np.float32))
            self.assertIn("value-based", str(cm.exception))
        with self.assertRaises(tirc.TraceError) as cm:
            tirc.jit(as_int)(x)
        self.assertIn("dynamic", str(cm.exception))
        self.assertEqual(cm.exception.lineno, _line_of(as_int))
        np.testing.assert_array_equal(tirc.jit(as_int, dynamic=False)(x), np.zeros(3))


def matmul_fn(x, w):
    y = x @ w  # <-
    return y + 1


def einsum_fn(q, k):
    return np.einsum("bqd,bkd->bqk", q, k)  # <-


def runtime_fn(x, y):
    s = x * 2
    return s + y  # <-


def divide_fn(a, b):
    return a // b  # <-


class ErrorsAtLine(unittest.TestCase):
    def test_matmul_and_einsum(self):
        """@ is tir.matmul and np.einsum tir.einsum, which tirc lowers: the
        results are NumPy's (batch dims broadcast, rank-1 operands, ints
        wrap), within a K-term float sum's bound."""
        x = np.ones((3, 4), np.float32)
        w = np.arange(8, dtype=np.float32).reshape(4, 2)
        jf = tirc.jit(matmul_fn)
        self.assertIn('"tir.matmul"', jf.lower(x, w).mlir)
        np.testing.assert_allclose(jf(x, w), x @ w + 1, rtol=1e-6)
        r = np.random.default_rng(3)
        cases = [
            (r.standard_normal((5, 3, 7)).astype(np.float32), r.standard_normal((7, 4)).astype(np.float32)),
            (r.standard_normal((2, 1, 3, 7)), r.standard_normal((4, 7, 2))),
            (r.standard_normal(7).astype(np.float32), r.standard_normal((7, 3)).astype(np.float32)),
            (r.integers(-100, 100, (6, 9), dtype=np.int32), r.integers(-100, 100, (9, 5), dtype=np.int32)),
            (r.integers(-100, 100, (4, 8), dtype=np.int8), r.integers(-100, 100, (8, 3), dtype=np.int8)),
        ]
        for a, b in cases:
            with self.subTest(a=(a.dtype, a.shape), b=(b.dtype, b.shape)):
                got, want = tirc.jit(matmul_fn, dynamic=False)(a, b), matmul_fn(a, b)
                self.assertEqual((got.dtype, got.shape), (want.dtype, want.shape))
                if want.dtype.kind == "f":
                    bound = 2 * a.shape[-1] * np.finfo(want.dtype).eps * (np.abs(a) @ np.abs(b) + 1)
                    self.assertTrue(np.all(np.abs(got - want) <= bound))
                else:
                    np.testing.assert_array_equal(got, want)
        q = r.standard_normal((2, 3, 4)).astype(np.float32)
        je = tirc.jit(einsum_fn)
        self.assertIn('"tir.einsum"(%q, %k) {equation = "bqd,bkd->bqk"}', je.lower(q, q).mlir)
        np.testing.assert_allclose(je(q, q), einsum_fn(q, q), rtol=1e-5, atol=1e-6)

    def test_matmul_mismatch_at_line(self):
        """A K mismatch found while tracing is NumPy's matmul message at the
        Python line of the @."""
        with self.assertRaises(tirc.TraceError) as cm:
            tirc.jit(matmul_fn, dynamic=False)(np.ones((3, 4), np.float32), np.ones((5, 2), np.float32))
        self.assertEqual(cm.exception.lineno, _line_of(matmul_fn))
        self.assertIn("mismatch in its core dimension 0", str(cm.exception))

    def test_runtime_error_at_line(self):
        jf = tirc.jit(runtime_fn)
        with self.assertRaises(tirc.Error) as cm:
            jf(np.ones((3, 4), np.float32), np.ones((5, 4), np.float32))
        e = cm.exception
        self.assertEqual(e.function, "runtime_fn")
        self.assertEqual(e.status, 1)
        self.assertIn("runtime_fn: %s:%d:" % (__file__, _line_of(runtime_fn)), str(e))
        self.assertIn("broadcast", str(e))
        # a size-1 dynamic dim broadcasts at run time, as in NumPy
        check_same(self, runtime_fn, jf, (np.ones((1, 4), np.float32), np.ones((5, 4), np.float32)), exact=[True])

    def test_integer_division_by_zero(self):
        jf = tirc.jit(divide_fn)
        with self.assertRaises(tirc.Error) as cm:
            jf(np.arange(4, dtype=np.int32), np.array([1, 2, 0, 1], np.int32))
        self.assertEqual(cm.exception.status, 2)
        self.assertIn("%s:%d:" % (__file__, _line_of(divide_fn)), str(cm.exception))


# ---- signatures and the cache ----

def scaled(x, s):
    return x * s


class Cache(unittest.TestCase):
    def test_traced_once_per_signature(self):
        jf = tirc.jit(softmax)
        x = np.random.default_rng(1).standard_normal((5, 8)).astype(np.float32)
        for n in (5, 2, 9, 5):
            jf(np.resize(x, (n, 8)))
        self.assertEqual(jf.trace_count, 1)  # the leading dim is dynamic
        jf(x.astype(np.float64))
        self.assertEqual(jf.trace_count, 2)  # another dtype
        jf(x[:, :4])
        self.assertEqual(jf.trace_count, 3)  # another static dim
        static = tirc.jit(softmax, dynamic=False)
        static(x), static(x[:2]), static(x[:2])
        self.assertEqual(static.trace_count, 2)
        alldyn = tirc.jit(softmax, dynamic=True)
        alldyn(x), alldyn(x[:2, :3])
        self.assertEqual(alldyn.trace_count, 1)
        self.assertIn("tensor<?x?xf32>", alldyn.lower(x).mlir)
        self.assertIn("tensor<?x8xf32>", jf.lower(x).mlir)
        perarg = tirc.jit(layer_norm, dynamic={"x": (0, 1), "g": ()})
        self.assertIn("%x: tensor<?x?xf32>, %g: tensor<8xf32>, %b: tensor<?xf32>",
                      perarg.lower(x, x[0], x[1]).mlir)

    def test_static_scalars(self):
        jf = tirc.jit(scaled)
        x = np.arange(6, dtype=np.int8)
        for s in (2, 3, 2, 1000, np.int16(3), 2.5):
            check_same(self, scaled, jf, (x, s), exact=[True])
        self.assertEqual(jf.trace_count, 5)
        r = tirc.jit(lambda x: x.sum())(x.astype(np.float32))
        self.assertIsInstance(r, np.float32)

    def test_threads_keywords_and_signatures_alternating(self):
        r = np.random.default_rng(2)
        x = r.standard_normal((6, 8)).astype(np.float32)
        g, b = r.standard_normal(8).astype(np.float32), r.standard_normal(8).astype(np.float32)
        jf = tirc.jit(layer_norm, threads=2)
        check_same(self, layer_norm, jf, (x, g, b))
        self.assertIsNone(close(jf(x=x, g=g, b=b), layer_norm(x, g, b), False))
        x64, g64, b64 = (v.astype(np.float64) for v in (x, g, b))
        for _ in range(2):  # the last signature is the fast one; the other is looked up
            self.assertEqual(jf(x64, g64, b64).dtype, np.float64)
            self.assertEqual(jf(x, g, b).dtype, np.float32)
        self.assertEqual(jf.trace_count, 2)

    def test_second_process_compiles_nothing(self):
        d = tempfile.mkdtemp(prefix="tirc-jit-proc-")
        mod = os.path.join(d, "jitmod.py")
        with open(mod, "w") as f:
            f.write(textwrap.dedent("""\
                import sys
                sys.path.insert(0, %r)
                import numpy as np, tirc

                @tirc.jit
                def f(x, b):
                    return np.maximum(x + b, 0)

                x = np.arange(12, dtype=np.float32).reshape(3, 4) - 6
                y = f(x, np.ones(4, np.float32))
                assert np.array_equal(y, np.maximum(x + 1, 0))
                print(f.modules[-1].cached)
                """ % os.path.join(HERE, "..")))
        env = dict(os.environ, TIRC_CACHE_DIR=os.path.join(d, "cache"))
        runs = [subprocess.run([sys.executable, mod], capture_output=True, text=True, env=env) for _ in range(2)]
        for r in runs:
            self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual([r.stdout.strip() for r in runs], ["False", "True"])


class Lowering(unittest.TestCase):
    def test_mlir_verifies_and_llvm_prints(self):
        x = np.ones((4, 8), np.float32)
        low = tirc.jit(layer_norm).lower(x, x[0], x[0])
        self.assertIn('loc("%s":' % __file__, low.mlir)
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write(low.mlir)
        from tirc._build import find_tirc
        r = subprocess.run([find_tirc(), "-verify", f.name], capture_output=True, text=True)
        os.unlink(f.name)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("define", low.llvm)
        self.assertIn("@layer_norm", low.llvm)

    def test_promotion_is_explicit(self):
        def f(a, b):
            return a + b
        low = tirc.jit(f).lower(np.ones(3, np.int8), np.ones(3, np.float32))
        self.assertIn('"tir.convert"(%a) : (tensor<?xi8>) -> tensor<?xf32>', low.mlir)
        # value-based (NumPy 1.x) or weak (NEP 50) Python scalars
        low = tirc.jit(lambda a: a + 1000).lower(np.ones(3, np.int8))
        self.assertIn("tensor<?xi8>" if NUMPY2 else "tensor<?xi16>", low.mlir.splitlines()[0])


if __name__ == "__main__":
    unittest.main()
