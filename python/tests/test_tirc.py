"""Tests of the tirc Python package (unittest; run by `make test` through
test/python/package-*.test, or: python3 -m unittest discover python/tests).

Every number is checked against NumPy computing the same expression."""

import gc
import inspect
import os
import random
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import tirc  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXAMPLES = os.path.join(ROOT, "examples")


def setUpModule():
    # One cache for the whole run (and a fresh one for the cache tests).
    global CACHE
    CACHE = os.environ.get("TIRC_TEST_CACHE") or tempfile.mkdtemp(prefix="tirc-py-test-")
    os.environ["TIRC_CACHE_DIR"] = CACHE


def compile_both(src, **kw):
    """The module through the shim and through plain ctypes descriptors."""
    fast = tirc.compile(src, **kw)
    os.environ["TIRC_PY_SHIM"] = "0"
    try:
        slow = tirc.compile(src, **kw)
    finally:
        del os.environ["TIRC_PY_SHIM"]
    assert fast.shim and not slow.shim
    return fast, slow


# ---- every element type ----

ELEMS = {
    "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "index": np.int64,
    "f16": np.float16, "f32": np.float32, "f64": np.float64,
}


def binary_module():
    fns = []
    for e in ELEMS:
        t, s = "tensor<?x3x%s>" % e, "tensor<3x%s>" % e
        fns.append("""func.func @arith_%(e)s(%%a: %(t)s, %%b: %(s)s) -> (%(t)s, %(t)s, %(t)s) {
  %%0 = "tir.add"(%%a, %%b) : (%(t)s, %(s)s) -> %(t)s
  %%1 = "tir.mul"(%%0, %%b) : (%(t)s, %(s)s) -> %(t)s
  %%2 = "tir.max"(%%a, %%1) : (%(t)s, %(t)s) -> %(t)s
  return %%0, %%1, %%2 : %(t)s, %(t)s, %(t)s
}""" % {"e": e, "t": t, "s": s})
    fns.append("""func.func @logic(%a: tensor<2x3xi1>, %b: tensor<3xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>) {
  %0 = "tir.and"(%a, %b) : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %1 = "tir.xor"(%a, %b) : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  return %0, %1 : tensor<2x3xi1>, tensor<2x3xi1>
}""")
    fns.append("""func.func @narrow(%a: tensor<4xf64>) -> (tensor<4xf16>, tensor<4xi8>, tensor<4xi1>) {
  %0 = "tir.convert"(%a) : (tensor<4xf64>) -> tensor<4xf16>
  %1 = "tir.convert"(%a) : (tensor<4xf64>) -> tensor<4xi8>
  %2 = "tir.convert"(%a) : (tensor<4xf64>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xf16>, tensor<4xi8>, tensor<4xi1>
}""")
    return "\n".join(fns)


def rand(dtype, shape, rng):
    shape = tuple(shape)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return np.asarray(rng.integers(max(info.min, -100), min(info.max, 100), size=shape, dtype=dtype))
    return np.asarray(rng.standard_normal(size=shape) * 4).astype(dtype)


class TestElements(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mods = compile_both(binary_module())

    def test_every_element_type(self):
        rng = np.random.default_rng(1)
        for mod in self.mods:
            for e, dt in ELEMS.items():
                with self.subTest(elem=e, shim=mod.shim):
                    a, b = rand(dt, (5, 3), rng), rand(dt, (3,), rng)
                    s, p, m = getattr(mod, "arith_" + e)(a, b)
                    with np.errstate(over="ignore"):
                        ws = (a + b).astype(dt)
                        wp = (ws * b).astype(dt)
                    wm = np.maximum(a, wp)
                    for got, want in ((s, ws), (p, wp), (m, wm)):
                        self.assertEqual(got.dtype, dt)
                        np.testing.assert_array_equal(got, want)

    def test_bool_and_conversions(self):
        for mod in self.mods:
            with self.subTest(shim=mod.shim):
                a = np.array([[True, False, True], [False, False, True]])
                b = np.array([True, True, False])
                x, y = mod.logic(a, b)
                np.testing.assert_array_equal(x, a & b)
                np.testing.assert_array_equal(y, a ^ b)
                v = np.array([1.5, -2.75, 0.0, 70000.0])
                h, i, t = mod.narrow(v)
                with np.errstate(over="ignore"):
                    np.testing.assert_array_equal(h, v.astype(np.float16))
                np.testing.assert_array_equal(i, [1, -2, 0, 127])  # tir.convert saturates
                np.testing.assert_array_equal(t, v != 0)


class TestFloorDivision(unittest.TestCase):
    """tir.floor_div and tir.floor_rem are NumPy's floor_divide (//) and
    remainder (%), tir.div and tir.rem C's truncating / and fmod."""

    @classmethod
    def setUpClass(cls):
        fns = []
        for e in ["i8", "i16", "i32", "i64", "f16", "f32", "f64"]:
            t = "tensor<?x%s>" % e
            fns.append("""func.func @divs_%(e)s(%%a: %(t)s, %%b: %(t)s) -> (%(t)s, %(t)s, %(t)s, %(t)s) {
  %%0 = "tir.floor_div"(%%a, %%b) : (%(t)s, %(t)s) -> %(t)s
  %%1 = "tir.floor_rem"(%%a, %%b) : (%(t)s, %(t)s) -> %(t)s
  %%2 = "tir.div"(%%a, %%b) : (%(t)s, %(t)s) -> %(t)s
  %%3 = "tir.rem"(%%a, %%b) : (%(t)s, %(t)s) -> %(t)s
  return %%0, %%1, %%2, %%3 : %(t)s, %(t)s, %(t)s, %(t)s
}""" % {"e": e, "t": t})
        cls.mod = tirc.compile("\n".join(fns))

    def test_integers(self):
        rng = np.random.default_rng(7)
        for e, dt in [("i8", np.int8), ("i16", np.int16), ("i32", np.int32), ("i64", np.int64)]:
            with self.subTest(elem=e):
                info = np.iinfo(dt)
                a = np.concatenate([rng.integers(info.min, info.max, 200, dtype=dt, endpoint=True),
                                    np.array([7, -7, 7, -7, 0, info.max, info.min, info.min + 1], dt)])
                b = np.concatenate([rng.integers(-9, 9, 200, dtype=dt, endpoint=True),
                                    np.array([2, 2, -2, -2, 5, -1, 3, -1], dt)])
                b[b == 0] = 1
                q, r, tq, tr = getattr(self.mod, "divs_" + e)(a, b)
                np.testing.assert_array_equal(q, np.floor_divide(a, b))
                np.testing.assert_array_equal(r, np.remainder(a, b))
                trunc = [abs(int(x)) // abs(int(y)) * (1 if (x < 0) == (y < 0) else -1) for x, y in zip(a, b)]
                np.testing.assert_array_equal(tq, np.array(trunc, dt))  # C's /, in Python's exact integers
                np.testing.assert_array_equal(tr, np.fmod(a, b))
                with self.assertRaisesRegex(tirc.Error, "division by zero"):
                    getattr(self.mod, "divs_" + e)(a[:1], np.zeros(1, dt))
                with self.assertRaises(tirc.Error) as cm:  # MIN // -1 overflows
                    getattr(self.mod, "divs_" + e)(np.array([info.min], dt), np.array([-1], dt))
                self.assertEqual(cm.exception.status, 2)

    def test_floats(self):
        rng = np.random.default_rng(8)
        special = [0.0, -0.0, 1.0, -1.0, 7.5, -7.5, np.inf, -np.inf, np.nan, 1e-30, 3.0, 1e30]
        for e, dt in [("f16", np.float16), ("f32", np.float32), ("f64", np.float64)]:
            with self.subTest(elem=e):
                a = np.concatenate([(rng.standard_normal(300) * 50).astype(dt), np.repeat(np.array(special, dt), len(special))])
                b = np.concatenate([(rng.standard_normal(300) * 5).astype(dt), np.tile(np.array(special, dt), len(special))])
                q, r, tq, tr = getattr(self.mod, "divs_" + e)(a, b)
                with np.errstate(all="ignore"):
                    for got, want in ((q, np.floor_divide(a, b)), (r, np.remainder(a, b)), (tq, a / b), (tr, np.fmod(a, b))):
                        np.testing.assert_array_equal(got, want)
                        np.testing.assert_array_equal(np.signbit(got), np.signbit(want))  # -0.0 too


# ---- layouts, results, out= ----

LAYOUT = """
func.func @affine(%x: tensor<?x?xf32>, %w: tensor<?xf32>, %s: tensor<f32>) -> tensor<?x?xf32> {
  %0 = "tir.mul"(%x, %w) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tir.add"(%0, %s) : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
func.func @scalars(%a: i32, %b: i64, %f: f32, %p: i1, %h: f16) -> (i32, i64, f32, i1, f16) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %b, %b : i64
  %2 = arith.mulf %f, %f : f32
  %3 = arith.xori %p, %p : i1
  %4 = arith.addf %h, %h : f16
  return %0, %1, %2, %3, %4 : i32, i64, f32, i1, f16
}
func.func @fixed(%x: tensor<4x6xf64>, %y: tensor<6xf64>) -> (tensor<4x6xf64>, f64) {
  %0 = "tir.sub"(%x, %y) : (tensor<4x6xf64>, tensor<6xf64>) -> tensor<4x6xf64>
  %c = arith.constant 2.5 : f64
  return %0, %c : tensor<4x6xf64>, f64
}
func.func @vec(%v: vector<4xf32>, %h: f16) -> vector<4xf32> {
  %0 = arith.addf %v, %v : vector<4xf32>
  return %0 : vector<4xf32>
}
func.func @idiv(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %0 = "tir.div"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
func.func @brain(%a: tensor<2xbf16>) -> tensor<2xbf16> {
  return %a : tensor<2xbf16>
}
"""


class TestLayouts(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mods = compile_both(LAYOUT)

    def views(self):
        base = np.arange(7 * 9, dtype=np.float32).reshape(7, 9) - 20
        return {
            "C order": base,
            "Fortran order": np.asfortranarray(base),
            "negative strides": base[::-1, ::-2],
            "a strided view": base[1:6:2, 2:],
            "stride 0 (broadcast)": np.broadcast_to(base[2], (5, 9)),
            "transposed": base.T,
            "empty": base[:0],
        }

    def test_views_without_copies(self):
        w_full = np.linspace(-1, 1, 9, dtype=np.float32)
        for mod in self.mods:
            for name, x in self.views().items():
                with self.subTest(view=name, shim=mod.shim):
                    w = w_full[: x.shape[1]]
                    np.testing.assert_array_equal(mod.affine(x, w, 0.5), x * w + np.float32(0.5))
                    if mod.shim:
                        # Passed as they are: the shim takes them (0), no
                        # Python-side normalization.
                        out = np.empty(x.shape, np.float32)
                        s = np.array(0.5, np.float32)
                        self.assertEqual(mod.functions["affine"]._shim["o"](id(x), id(w), id(s), id(out)), 0)

    def test_odd_strides_are_copied(self):
        rec = np.zeros(12, dtype=[("a", np.float32), ("pad", np.uint8)])  # itemsize 5
        rec["a"] = np.arange(12)
        x = rec["a"].reshape(3, 4)
        self.assertEqual(x.strides[1] % 4, 1)
        w = np.float32([1, 2, 3, 4])
        for mod in self.mods:
            with self.subTest(shim=mod.shim):
                np.testing.assert_array_equal(mod.affine(x, w, 1.0), x * w + 1)

    def test_results(self):
        x = np.random.default_rng(2).standard_normal((4, 6))
        y = np.arange(6.0)
        for mod in self.mods:
            with self.subTest(shim=mod.shim):
                r, c = mod.fixed(x, y)
                np.testing.assert_array_equal(r, x - y)
                self.assertEqual(c, 2.5)
                self.assertIsInstance(c, np.float64)
                # A dynamic result is the callee's buffer, freed with tirc_free.
                z = mod.affine(x.astype(np.float32), y.astype(np.float32), 1.0)
                owner = z.base
                self.assertEqual(type(owner).__name__, "_Owned")
                freed = []
                real = owner._free
                owner._free = lambda d: (freed.append(1), real(d))
                del z, owner
                gc.collect()
                self.assertEqual(freed, [1])

    def test_out(self):
        x = np.random.default_rng(3).standard_normal((4, 6)).astype(np.float32)
        w = np.arange(6, dtype=np.float32)
        for mod in self.mods:
            with self.subTest(shim=mod.shim):
                out = np.zeros((4, 6), np.float32)
                self.assertIs(mod.affine(x, w, 2.0, out=out), out)
                np.testing.assert_array_equal(out, x * w + 2)
                fout = np.zeros((4, 6), np.float32, order="F")
                mod.affine(x, w, 2.0, out=fout)
                np.testing.assert_array_equal(fout, x * w + 2)
                # In place, as NumPy's ufuncs allow: computed into a temporary.
                y = x.copy()
                mod.affine(y, w, 2.0, out=y)
                np.testing.assert_array_equal(y, x * w + 2)
                r, c = np.empty((4, 6)), np.empty(())
                got = mod.fixed(x.astype(np.float64), w.astype(np.float64), out=(r, c))
                self.assertIs(got[0], r)
                np.testing.assert_array_equal(r, x.astype(np.float64) - w)
                self.assertEqual(c[()], 2.5)

    def test_scalars(self):
        for mod in self.mods:
            with self.subTest(shim=mod.shim):
                got = mod.scalars(-21, np.int64(3_000_000_000), np.float32(1.5), True, 0.75)
                self.assertEqual(got, (-42, 9_000_000_000_000_000_000, 2.25, False, 1.5))
                self.assertEqual(mod.scalars(1, np.int64(2 ** 32), 1.0, False, 1.0)[1], 0)  # i64 wraps
                self.assertEqual([type(g) for g in got], [np.int32, np.int64, np.float32, np.bool_, np.float16])

    def test_vector_and_f16_scalar(self):
        for mod in self.mods:
            with self.subTest(shim=mod.shim):
                v = np.float32([1, 2, 3, 4])
                np.testing.assert_array_equal(mod.vec(v, 0.5), v + v)
                np.testing.assert_array_equal(mod.vec(v[::-1], np.float16(1)), (v + v)[::-1])

    def test_signatures(self):
        mod = self.mods[0]
        self.assertEqual(sorted(mod.functions), ["affine", "brain", "fixed", "idiv", "scalars", "vec"])
        self.assertEqual(mod.functions["affine"].signature,
                         "@affine(x: tensor<?x?xf32>, w: tensor<?xf32>, s: tensor<f32>) -> tensor<?x?xf32>")
        self.assertEqual(str(inspect.signature(mod.affine)), "(x, w, s, *, out=None)")
        self.assertIn("x: tensor<?x?xf32>, a numpy.ndarray of dtype float32", mod.affine.__doc__)
        self.assertIn("affine", dir(mod))

    def test_wrong_arguments(self):
        x = np.zeros((4, 6), np.float32)
        w = np.zeros(6, np.float32)
        cases = [
            (TypeError, r"argument 0 \(x\) of @affine \(tensor<\?x\?xf32>\): expected dtype float32, got an array of dtype float64",
             lambda m: m.affine(x.astype(np.float64), w, 1.0)),
            (TypeError, r"expected a numpy.ndarray of dtype float32, got list", lambda m: m.affine([[1.0]], w, 1.0)),
            (ValueError, r"expected rank 2, got an array of shape \(6,\) \(rank 1\)", lambda m: m.affine(w, w, 1.0)),
            (ValueError, r"argument 1 \(y\) of @fixed \(tensor<6xf64>\): got an array of shape \(5,\): dimension 0 is 5, expected 6",
             lambda m: m.fixed(np.zeros((4, 6)), np.zeros(5))),
            (TypeError, r"argument 2 \(s\) of @affine \(tensor<f32>\): expected a numpy.ndarray of dtype float32, got str",
             lambda m: m.affine(x, w, "1")),
            (TypeError, r"argument 2 \(f\) of @scalars \(f32\): expected a f32 scalar, got str", lambda m: m.scalars(1, 2, "1", True, 1.0)),
            (ValueError, r"argument 0 \(a\) of @scalars \(i32\): 2147483648 is out of range for i32",
             lambda m: m.scalars(2 ** 31, 2, 1.0, True, 1.0)),
            (TypeError, r"argument 3 \(p\) of @scalars \(i1\): expected a i1 scalar, got int", lambda m: m.scalars(1, 2, 1.0, 2, 1.0)),
            (ValueError, r"out of @affine \(tensor<\?x\?xf32>\): the array is read-only",
             lambda m: m.affine(x, w, 1.0, out=np.broadcast_to(np.float32(0), (4, 6)))),
            (TypeError, r"out of @affine .*expected dtype float32, got an array of dtype int32",
             lambda m: m.affine(x, w, 1.0, out=np.zeros((4, 6), np.int32))),
            (TypeError, r"bf16 has no NumPy dtype", lambda m: m.brain(np.zeros(2, np.uint16))),
            (TypeError, r"missing 1 required positional argument: 's'", lambda m: m.affine(x, w)),
        ]
        for mod in self.mods:
            for exc, pattern, call in cases:
                with self.subTest(pattern=pattern, shim=mod.shim):
                    with self.assertRaisesRegex(exc, pattern):
                        call(mod)

    def test_failing_calls(self):
        for mod in self.mods:
            with self.subTest(shim=mod.shim):
                with self.assertRaises(tirc.Error) as cm:
                    mod.affine(np.zeros((3, 4), np.float32), np.zeros(5, np.float32), 1.0)
                e = cm.exception
                self.assertIsInstance(e, ValueError)
                self.assertEqual((e.status, e.function), (1, "affine"))
                # The function's own message: the op, where it is, the shapes.
                self.assertRegex(str(e), r"^affine: module.mlir:3:\d+: 'tir.mul' op .*\(3,4\) \(5,\)")
                with self.assertRaises(tirc.Error) as cm:
                    mod.idiv(np.int32([1, 2]), np.int32([1, 0]))
                self.assertEqual(cm.exception.status, 2)
                self.assertIn("integer division by zero", str(cm.exception))
                with self.assertRaises(tirc.Error) as cm:  # an out= of the wrong size
                    mod.affine(np.zeros((3, 4), np.float32), np.zeros(4, np.float32), 1.0, out=np.zeros((2, 4), np.float32))
                self.assertEqual(cm.exception.status, 4)
                # The module keeps working after failures.
                np.testing.assert_array_equal(mod.idiv(np.int32([7, -7]), np.int32([2, 2])), [3, -3])

    def test_concurrent_calls(self):
        mod = self.mods[0]
        rng = np.random.default_rng(4)
        xs = [rng.standard_normal((50, 40)).astype(np.float32) for _ in range(4)]
        w = np.ones(40, np.float32)
        errors = []

        def work(x):
            for _ in range(50):
                if not np.array_equal(mod.affine(x, w, 1.0), x + 1):
                    errors.append("wrong")
                try:
                    mod.idiv(np.int32([1]), np.int32([0]))
                    errors.append("no error")
                except tirc.Error as e:
                    if "division by zero" not in str(e):
                        errors.append(str(e))

        ts = [threading.Thread(target=work, args=(x,)) for x in xs]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        self.assertEqual(errors, [])


# ---- the cache, compile errors, threads, external functions ----

ADD = """func.func @add(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
"""


class TestBuild(unittest.TestCase):
    def test_cache(self):
        cache = tempfile.mkdtemp(prefix="tirc-py-cache-")
        try:
            log = os.path.join(cache, "clang.log")
            fake = os.path.join(cache, "clang-logged")
            with open(fake, "w") as f:
                f.write("#!/bin/sh\necho \"$@\" >> %s\nexec %s \"$@\"\n" % (log, shutil.which("clang")))
            os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
            runs = lambda: len(open(log).readlines()) if os.path.exists(log) else 0
            m1 = tirc.compile(ADD, cc=fake, cache_dir=cache)
            self.assertEqual((m1.cached, runs()), (False, 2))  # --version, then the build
            m2 = tirc.compile(ADD, cc=fake, cache_dir=cache)
            self.assertEqual((m2.cached, runs()), (True, 2))  # no clang run
            self.assertEqual(m1.path, m2.path)
            m3 = tirc.compile(ADD, cc=fake, cache_dir=cache, checks=False)  # other options: a build
            self.assertEqual((m3.cached, runs()), (False, 3))
            a = np.ones((8, 8), np.float32)
            np.testing.assert_array_equal(m2.add(a, a), a + a)
        finally:
            shutil.rmtree(cache)

    def test_sources_and_paths(self):
        mod = tirc.compile(os.path.join(EXAMPLES, "bias_relu.mlir"), arg_shapes={"bias_relu": {0: (3, 128)}})
        self.assertEqual(mod.functions["bias_relu"].signature,
                         "@bias_relu(x: tensor<3x128xf32>, b: tensor<128xf32>) -> tensor<3x128xf32>")
        x = np.random.default_rng(5).standard_normal((3, 128)).astype(np.float32)
        b = np.linspace(-1, 1, 128, dtype=np.float32)
        np.testing.assert_array_equal(mod.bias_relu(x, b), np.maximum(x + b, 0))
        with self.assertRaisesRegex(ValueError, "dimension 0 is 4, expected 3"):
            mod.bias_relu(np.zeros((4, 128), np.float32), b)

    def test_compile_error(self):
        with self.assertRaises(tirc.CompileError) as cm:
            tirc.compile(ADD.replace('"tir.add"', '"tir.ad"'))
        self.assertIn("module.mlir:2:8: error: unregistered operation 'tir.ad'", str(cm.exception))
        self.assertIn("did you mean 'tir.add'?", str(cm.exception))

    def test_threads(self):
        src = """func.func @scale(%x: tensor<?x?xf64>, %s: tensor<?xf64>) -> tensor<?x?xf64> {
  %0 = "tir.mul"(%x, %s) : (tensor<?x?xf64>, tensor<?xf64>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}"""
        mod = tirc.compile(src, threads=2, parallel_threshold=1)
        x = np.random.default_rng(6).standard_normal((301, 77))
        s = np.linspace(0, 3, 77)
        np.testing.assert_array_equal(mod.scale(x, s), x * s)
        np.testing.assert_array_equal(mod.scale(x[::-3], s), x[::-3] * s)
        mod._lib.omp_get_max_threads.restype = int
        self.assertEqual(mod._lib.omp_get_max_threads(), 2)
        results = []
        t = threading.Thread(target=lambda: results.append((mod.scale(x, s), mod._lib.omp_get_max_threads())))
        t.start()
        t.join()
        np.testing.assert_array_equal(results[0][0], x * s)
        self.assertEqual(results[0][1], 2)

    def test_external_function(self):
        mlir = os.path.join(EXAMPLES, "external", "softclip.mlir")
        c = os.path.join(EXAMPLES, "external", "softclip.c")
        mod = tirc.compile(mlir, sources=[c])
        self.assertEqual(sorted(mod.functions), ["softclip"])  # the C function is not an entry
        x = np.linspace(-4, 4, 17, dtype=np.float32).reshape(1, 17)
        limit = np.float32(2)
        want = np.where(np.abs(x) > limit, np.sign(x) * limit, x) * np.float32(0.5)
        np.testing.assert_allclose(mod.softclip(x, limit), want, rtol=0, atol=0)


# ---- random broadcasting programs against NumPy ----

class Prog:
    """A random straight-line program over broadcasting tensors and the
    NumPy expression computing the same."""

    BIN = {"tir.add": np.add, "tir.sub": np.subtract, "tir.mul": np.multiply,
           "tir.max": np.maximum, "tir.min": np.minimum}
    UN = {"tir.neg": np.negative, "tir.abs": np.abs}

    def __init__(self, rng, name, elem):
        self.rng, self.name, self.elem = rng, name, elem
        self.dt = ELEMS[elem]
        rank = rng.randint(1, 3)
        self.full = [rng.randint(1, 5) for _ in range(rank)]
        self.args, self.lines, self.vals, self.numpy = [], [], [], []
        for i in range(rng.randint(2, 3)):
            shape = self.sub_shape()
            static = [d if rng.random() < 0.5 else None for d in shape]
            self.args.append((shape, static))
            self.vals.append(("%%a%d" % i, shape, static))
        for k in range(rng.randint(2, 6)):
            op = rng.choice(list(self.BIN) + list(self.UN))
            x = rng.choice(self.vals)
            if op in self.UN:
                ins = [x]
                shape = x[1]
            else:
                y = rng.choice(self.vals)
                ins = [x, y]
                shape = list(np.broadcast_shapes(tuple(x[1]), tuple(y[1])))
            # The result type: inferred sizes where static, some '?'.
            static = [d if rng.random() < 0.6 else None for d in shape]
            res = ("%%v%d" % k, shape, static)
            self.lines.append((op, ins, res))
            self.vals.append(res)
        self.result = self.vals[-1]

    def sub_shape(self):
        r = self.rng.randint(0, len(self.full))
        return [1 if self.rng.random() < 0.3 else d for d in self.full[len(self.full) - r:]]

    def ty(self, static):
        return "tensor<%s%s>" % ("".join(("?" if d is None else str(d)) + "x" for d in static), self.elem)

    def mlir(self):
        params = ", ".join("%%a%d: %s" % (i, self.ty(s)) for i, (_, s) in enumerate(self.args))
        body = []
        for op, ins, (name, _, static) in self.lines:
            body.append('  %s = "%s"(%s) : (%s) -> %s' % (name, op, ", ".join(v[0] for v in ins),
                                                          ", ".join(self.ty(v[2]) for v in ins), self.ty(static)))
        rt = self.ty(self.result[2])
        return "func.func @%s(%s) -> %s {\n%s\n  return %s : %s\n}\n" % (self.name, params, rt, "\n".join(body), self.result[0], rt)

    def inputs(self, nprng):
        out = []
        for shape, _ in self.args:
            a = rand(self.dt, shape, nprng)
            kind = self.rng.randrange(4)  # C order, reversed, Fortran, broadcast from a smaller array
            if kind == 1 and a.ndim:
                a = a[..., ::-1]
            elif kind == 2 and a.ndim:
                a = np.asfortranarray(a)
            elif kind == 3 and a.ndim and a.shape[0] > 1:
                a = np.broadcast_to(a[:1], a.shape)
            out.append(a)
        return out

    def reference(self, inputs):
        env = {"%%a%d" % i: x for i, x in enumerate(inputs)}
        with np.errstate(over="ignore"):
            for op, ins, (name, _, _) in self.lines:
                f = self.BIN.get(op) or self.UN[op]
                env[name] = f(*[env[v[0]] for v in ins]).astype(self.dt)
        return env[self.result[0]]


class TestRandomPrograms(unittest.TestCase):
    def test_against_numpy(self):
        seed = int(os.environ.get("TIRC_TEST_SEED", "20240517"))
        rng = random.Random(seed)
        progs = [Prog(rng, "p%d" % i, rng.choice(["f32", "f64", "i32", "i64", "i16"])) for i in range(40)]
        mods = compile_both("\n".join(p.mlir() for p in progs))
        nprng = np.random.default_rng(seed)
        for mod in mods:
            for p in progs:
                with self.subTest(program=p.name, shim=mod.shim, seed=seed):
                    for _ in range(3):
                        ins = p.inputs(nprng)
                        got = getattr(mod, p.name)(*ins)
                        np.testing.assert_array_equal(got, p.reference(ins), err_msg=p.mlir())
                        self.assertEqual(got.dtype, p.dt)


if __name__ == "__main__":
    unittest.main()
