"""Tests of the tirc Python package: unsigned and signed integer types, a
type the package does not know, failure messages under threads and of
any length, damaged and unwritable caches (issues 33 and 34).

Every number is checked against NumPy computing the same expression."""

import gc
import importlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import unittest
import warnings
from unittest import mock

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import tirc  # noqa: E402
_build = importlib.import_module("tirc._build")  # the module (tirc._build is compile's helper)

# The run's cache and the two call paths are test_tirc's.
from test_tirc import EXAMPLES, ROOT, compile_both, setUpModule  # noqa: E402,F401


def in_child(test, code, timeout=120):
    """Runs code (Python, with tirc and numpy as np imported) in a child
    process and returns its output: a call that hangs fails the test
    instead of hanging the suite."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    try:
        r = subprocess.run([sys.executable, "-c", "import numpy as np, tirc\n" + code], env=env,
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        test.fail("the call hung for %d s" % timeout)
    test.assertEqual(r.returncode, 0, r.stderr[-3000:])
    return r.stdout


# ---- ui8...ui64 and si8...si64 ----

INTS = {"ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
        "si8": np.int8, "si16": np.int16, "si32": np.int32, "si64": np.int64}


def int_module():
    fns = []
    for e in INTS:
        t, s = "tensor<?x3x%s>" % e, "tensor<3x%s>" % e
        fns.append("""func.func @arith_%(e)s(%%a: %(t)s, %%b: %(s)s) -> (%(t)s, %(t)s, %(t)s, %(t)s, %(t)s) {
  %%0 = tir.add %%a, %%b : (%(t)s, %(s)s) -> %(t)s
  %%1 = tir.mul %%a, %%b : (%(t)s, %(s)s) -> %(t)s
  %%2 = tir.sub %%a, %%b : (%(t)s, %(s)s) -> %(t)s
  %%3 = tir.max %%a, %%b : (%(t)s, %(s)s) -> %(t)s
  %%4 = tir.div %%a, %%b : (%(t)s, %(s)s) -> %(t)s
  return %%0, %%1, %%2, %%3, %%4 : %(t)s, %(t)s, %(t)s, %(t)s, %(t)s
}""" % {"e": e, "t": t, "s": s})
    fns.append("""func.func @scalars(%a: ui8, %b: si16, %c: ui64, %v: vector<4xui16>) -> (ui8, si16, ui64, vector<4xui16>) {
  return %a, %b, %c, %v : ui8, si16, ui64, vector<4xui16>
}""")
    return "\n".join(fns)


class TestUnsignedSigned(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mods = compile_both(int_module())

    def test_normalize_image(self):
        # The README's example: a uint8 image, a pixel of 200 is 200.0.
        for mod in compile_both(os.path.join(EXAMPLES, "normalize_image.mlir")):
            with self.subTest(shim=mod.shim):
                img = np.random.default_rng(1).integers(0, 256, (5, 7, 3), dtype=np.uint8)
                img[0, 0] = (200, 255, 0)
                mean, std = np.float32([123.7, 116.3, 103.5]), np.float32([58.4, 57.1, 57.4])
                for x in (img, img[::-1, ::2]):
                    got = mod.normalize_image(x, mean, std)
                    self.assertEqual(got.dtype, np.float32)
                    np.testing.assert_array_equal(got, (x.astype(np.float32) - mean) / std)
                with self.assertRaisesRegex(TypeError, "expected dtype uint8, got an array of dtype int8"):
                    mod.normalize_image(img.view(np.int8), mean, std)

    def test_wraparound(self):
        rng = np.random.default_rng(2)
        for mod in self.mods:
            for e, dt in INTS.items():
                with self.subTest(elem=e, shim=mod.shim):
                    info = np.iinfo(dt)
                    a = rng.integers(info.min, info.max, (6, 3), dtype=dt, endpoint=True)
                    b = rng.integers(info.min, info.max, 3, dtype=dt, endpoint=True)
                    a[0], a[1], b[0] = info.max, info.min, info.max  # sums and products wrap
                    b[b == 0] = 7
                    if info.min < 0:
                        b[b == -1] = 3
                    with np.errstate(over="ignore"):
                        want = (a + b, a * b, a - b, np.maximum(a, b), (a - np.fmod(a, b)) // b)
                    for got, w in zip(getattr(mod, "arith_" + e)(a, b), want):
                        self.assertEqual(got.dtype, dt)
                        np.testing.assert_array_equal(got, w)

    def test_scalars(self):
        v = np.uint16([0, 1, 65535, 7])
        for mod in self.mods:
            with self.subTest(shim=mod.shim):
                got = mod.scalars(255, -32768, 2**64 - 1, v)
                self.assertEqual(got[:3], (255, -32768, 2**64 - 1))
                self.assertEqual([type(g) for g in got], [np.uint8, np.int16, np.uint64, np.ndarray])
                np.testing.assert_array_equal(got[3], v)
                with self.assertRaisesRegex(ValueError, "-1 is out of range for ui8"):
                    mod.scalars(-1, 0, 0, v)
                with self.assertRaisesRegex(ValueError, "65536 is out of range for ui64|40000 is out of range for si16"):
                    mod.scalars(0, 40000, 0, v)


# ---- results made by the shim ----

RESULTS = """func.func @mix(%a: tensor<?x3xf32>, %s: f32, %v: vector<3xf32>, %k: i64, %u: ui64, %h: f16, %b: i1) -> (tensor<?x3xf32>, tensor<3xf32>, vector<3xf32>) {
  %c = tir.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = tir.mul %a, %c : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %w = arith.addf %v, %v : vector<3xf32>
  return %0, %c, %w : tensor<?x3xf32>, tensor<3xf32>, vector<3xf32>
}
func.func @two(%a: tensor<?xf64>, %b: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>) {
  %0 = tir.add %a, %b : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  %1 = tir.mul %a, %b : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %0, %1 : tensor<?xf64>, tensor<?xf64>
}
func.func @half(%a: tensor<?xf64>, %b: tensor<?xf64>) -> (f64, tensor<?xf64>) {
  %0 = tir.sub %a, %b : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  %c = arith.constant 0.5 : f64
  return %c, %0 : f64, tensor<?xf64>
}
func.func @sq(%a: tensor<?x?xi16>) -> tensor<?x?xi16> {
  %0 = tir.mul %a, %a : (tensor<?x?xi16>, tensor<?x?xi16>) -> tensor<?x?xi16>
  return %0 : tensor<?x?xi16>
}
"""


class TestResults(unittest.TestCase):
    """Calls through the builtins of the shim (results allocated or
    wrapped in C), through its ctypes functions (when NumPy's C API is not
    usable) and through plain ctypes, against NumPy."""

    @classmethod
    def setUpClass(cls):
        fast, plain = compile_both(RESULTS)
        with mock.patch.object(importlib.import_module("tirc._call"), "_api_pointers", lambda: None):
            ctypes_shim = tirc.compile(RESULTS)
        cls.mods = {"builtin": fast, "ctypes shim": ctypes_shim, "plain ctypes": plain}

    def test_paths(self):
        self.assertIn("_p(", self.mods["builtin"].sq.__tirc_source__)
        self.assertIn("_q(", self.mods["builtin"].sq.__tirc_source__)
        self.assertNotIn("_p(", self.mods["ctypes shim"].sq.__tirc_source__)
        self.assertTrue(self.mods["ctypes shim"].shim)
        self.assertIn("_n(", self.mods["builtin"].half.__tirc_source__)  # a scalar result: mode n

    def test_results(self):
        a = np.arange(12, dtype=np.float32).reshape(4, 3)
        v = np.float32([7, 8, 9])
        x, y = np.linspace(-2, 2, 9), np.arange(9.0)
        i = np.arange(-6, 6, dtype=np.int16).reshape(3, 4) * 50
        for how, mod in self.mods.items():
            for args in ((a, 2.0, v, 3, 2**64 - 1, 1.5, True), (a[::-2, ::-1], np.float32(1), v, -1, 0, 0, False)):
                with self.subTest(path=how):
                    got = mod.mix(*args)
                    want = (args[0] * np.float32([1, 2, 3]), np.float32([1, 2, 3]), v + v)
                    for g, w in zip(got, want):
                        self.assertEqual((type(g), g.dtype, g.shape), (np.ndarray, w.dtype, w.shape))
                        np.testing.assert_array_equal(g, w)
            with self.subTest(path=how):
                h, d = mod.half(x, y)
                self.assertEqual((type(h), h), (np.float64, 0.5))
                np.testing.assert_array_equal(d, x - y)
                with self.assertRaisesRegex(tirc.Error, r"^half: .*shapes \(9,\) \(3,\)"):
                    mod.half(x, y[:3])
                s, p = mod.two(x, y[::-1])
                np.testing.assert_array_equal(s, x + y[::-1])
                np.testing.assert_array_equal(p, x * y[::-1])
                with np.errstate(over="ignore"):
                    np.testing.assert_array_equal(mod.sq(i.T), i.T * i.T)
                self.assertEqual(mod.sq(i[:0]).shape, (0, 4))
                with self.assertRaisesRegex(tirc.Error, r"shapes \(9,\) \(2,\)"):
                    mod.two(x, y[:2])

    def test_owner(self):
        # A view outlives the array the call returned: the buffer the
        # compiled code allocated is freed with the last of them.
        for how, mod in self.mods.items():
            with self.subTest(path=how):
                r = mod.sq(np.full((50, 40), 3, np.int16))
                self.assertTrue(r.flags.writeable and r.flags.c_contiguous and r.flags.aligned)
                v = r[10:, ::2]
                del r
                gc.collect()
                mod.sq(np.full((50, 40), 5, np.int16))  # might reuse a freed buffer
                np.testing.assert_array_equal(v, np.full((40, 20), 9, np.int16))
                v[:] = 1
                np.testing.assert_array_equal(v, 1)

    def test_out(self):
        i = np.arange(12, dtype=np.int16).reshape(3, 4)
        for how, mod in self.mods.items():
            with self.subTest(path=how):
                out = np.zeros((4, 3), np.int16).T
                self.assertIs(mod.sq(i, out=out), out)
                np.testing.assert_array_equal(out, i * i)
                with self.assertRaises(tirc.Error) as cm:
                    mod.sq(i, out=np.zeros((3, 5), np.int16))
                self.assertEqual(cm.exception.status, 4)
                with self.assertRaisesRegex(ValueError, "read-only"):
                    mod.sq(i, out=np.broadcast_to(np.int16(0), (3, 4)))
                j = i.copy()
                mod.sq(j, out=j)  # out is the argument: computed into a temporary first
                np.testing.assert_array_equal(j, i * i)


# ---- a type the package does not know ----

UNKNOWN = """func.func @fine(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tir.add %a, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @odd(%a: tensor<4xbf16>, %b: bf16) -> tensor<4xbf16> {
  return %a : tensor<4xbf16>
}
func.func @small(%a: tensor<?xui8>) -> tensor<?xui8> {
  return %a : tensor<?xui8>
}
"""


class TestUnknownTypes(unittest.TestCase):
    def test_one_function(self):
        # tirc's header as a later tirc might write it: @odd takes an
        # element type this package has never heard of.
        tmp = tempfile.mkdtemp(prefix="tirc-py-fake-")
        self.addCleanup(shutil.rmtree, tmp)
        fake = os.path.join(tmp, "tirc")
        with open(fake, "w") as f:
            f.write('#!/bin/sh\n"%s" "$@" || exit\ncase "$*" in *-emit-c-header*)\n'
                    '  for o; do :; done\n  sed -i "s/bf16/f8E4M3FN/g" "$o";;\nesac\n' % _build.find_tirc())
        os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
        for mod in compile_both(UNKNOWN, tirc=fake):
            with self.subTest(shim=mod.shim):
                x = np.float32([1, 2.5])
                np.testing.assert_array_equal(mod.fine(x), x + x)
                np.testing.assert_array_equal(mod.small(np.uint8([3, 255])), [3, 255])
                self.assertEqual(mod.functions["odd"].signature,
                                 "@odd(a: tensor<4xf8E4M3FN>, b: f8E4M3FN) -> tensor<4xf8E4M3FN>")
                with self.assertRaisesRegex(TypeError, r"^@odd takes or returns tensor<4xf8E4M3FN>: .*no NumPy dtype "
                                                       r"for f8E4M3FN.* other functions can"):
                    mod.odd(np.zeros(4, np.uint8), 0)
                self.assertIn("f8E4M3FN: not callable from Python", mod.odd.__doc__)


# ---- failure messages ----

SHAPES = """func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tir.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
"""

LOUD_C = r"""#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
extern int32_t tirc_error_fd;
typedef struct { float *allocated; float *aligned; int64_t offset; int64_t sizes[1]; int64_t strides[1]; } desc;

/* Fails after writing n bytes to tirc_error_fd with dprintf (how = 0) or
 * with write() (how = 1). */
int32_t loud(const desc *x, int64_t n, int64_t how, desc *res0) {
  static char line[1 << 12];
  memset(line, 'y', sizeof line - 2);
  line[sizeof line - 2] = '\n';
  for (int64_t done = 0; done < n; done += sizeof line - 1) {
    if (how == 0)
      dprintf(tirc_error_fd, "%s", line);
    else if (write(tirc_error_fd, line, sizeof line - 1) < 0)
      break;
  }
  dprintf(tirc_error_fd, "tirc: error: loud: wrote %lld bytes\n", (long long)n);
  return 1;
}
"""

LOUD = """func.func private @loud(%x: tensor<?xf32>, %n: i64, %how: i64) -> tensor<?xf32>
func.func @shout(%x: tensor<?xf32>, %n: i64, %how: i64) -> tensor<?xf32> {
  %0 = func.call @loud(%x, %n, %how) : (tensor<?xf32>, i64, i64) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
"""


class TestMessages(unittest.TestCase):
    def test_threads_get_their_own_messages(self):
        # Each thread's calls fail with its own shapes; before each call's
        # message was kept with its thread, others' messages got mixed in.
        for mod in compile_both(SHAPES):
            for n in (2, 8):
                with self.subTest(shim=mod.shim, threads=n):
                    wrong = []

                    def work(k):
                        a, b = np.zeros(k + 2, np.float32), np.zeros(k + 40, np.float32)
                        want = "(%d,) (%d,)" % (k + 2, k + 40)
                        for _ in range(1600 // n):
                            try:
                                mod.add(a, b)
                                wrong.append("no error")
                            except tirc.Error as e:
                                if want not in str(e):
                                    wrong.append("thread %d: %s" % (k, e))

                    ts = [threading.Thread(target=work, args=(k,)) for k in range(n)]
                    for t in ts:
                        t.start()
                    for t in ts:
                        t.join()
                    self.assertEqual(wrong[:3], [])
                    x = np.float32([1, 2])
                    np.testing.assert_array_equal(mod.add(x, x), x + x)

    def test_long_function_name(self):
        # The message is longer than a pipe holds: the call used to block
        # writing it, forever.
        out = in_child(self, """
name = "f" + "x" * 66000
f = getattr(tirc.compile(%r.replace("@add", "@" + name)), name)
try:
    f(np.zeros(2, np.float32), np.zeros(3, np.float32))
except tirc.Error as e:
    print(e.status, str(e).startswith(name[:60000]), len(str(e)) > 60000)
x = np.float32([1, 2])
print(np.array_equal(f(x, x), x + x))
""" % SHAPES)
        self.assertEqual(out.split(), ["1", "True", "True", "True"])

    def test_external_writes_a_lot(self):
        tmp = tempfile.mkdtemp(prefix="tirc-py-loud-")
        self.addCleanup(shutil.rmtree, tmp)
        c = os.path.join(tmp, "loud.c")
        with open(c, "w") as f:
            f.write(LOUD_C)
        for shim in ("1", "0"):
            with self.subTest(shim=shim):
                out = in_child(self, """
import os
os.environ["TIRC_PY_SHIM"] = %r
mod = tirc.compile(%r, sources=[%r])
for how, n in ((0, 200000), (1, 200000), (0, 10)):
    try:
        mod.shout(np.zeros(3, np.float32), n, how)
    except tirc.Error as e:
        print(e.status, str(e) if n < 100 else "")
""" % (shim, LOUD, c))
                self.assertEqual(out.splitlines(), ["1 ", "1 ", "1 loud: wrote 10 bytes"])


# ---- the cache ----

CACHED = """func.func @scale(%a: tensor<?x3xf32>, %b: tensor<3xf32>) -> tensor<?x3xf32> {
  %0 = tir.mul %a, %b : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
"""


def _truncate(path):
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) // 2)


def _edit_header(path):
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.replace("f32", "f64"))


def _empty(path):
    open(path, "w").close()


class TestCache(unittest.TestCase):
    def cache(self):
        d = tempfile.mkdtemp(prefix="tirc-py-cache-")
        self.addCleanup(shutil.rmtree, d, True)
        return d

    def check(self, mod):
        a = np.arange(12, dtype=np.float32).reshape(4, 3)
        b = np.float32([0.5, -2, 3])
        np.testing.assert_array_equal(mod.scale(a, b), a * b)

    DAMAGE = {
        "truncated .so": ("module.so", _truncate),
        "edited header": ("module.h", _edit_header),
        "empty header": ("module.h", _empty),
        "deleted header": ("module.h", os.remove),
    }

    def test_damaged_entries_are_rebuilt(self):
        # Built but not loaded: a damaged file is found as a later process
        # would find it.
        template = _build.build(CACHED, cache=self.cache())
        for what, (name, hurt) in self.DAMAGE.items():
            with self.subTest(damage=what):
                cache = self.cache()
                entry = os.path.join(cache, os.path.basename(template.dir))
                shutil.copytree(template.dir, entry)
                hurt(os.path.join(entry, name))
                mod = tirc.compile(CACHED, cache_dir=cache)
                self.assertFalse(mod.cached)
                self.assertEqual(os.path.dirname(mod.path), entry)
                self.check(mod)
                self.assertTrue(tirc.compile(CACHED, cache_dir=cache).cached)
                self.assertEqual(os.listdir(cache), [os.path.basename(entry)])
        # An entry without its manifest (unfinished, or of an older
        # package) is not used either.
        os.remove(os.path.join(template.dir, "manifest.json"))
        self.assertFalse(_build._valid(template.dir))

    def assert_falls_back(self, cache, pattern):
        with warnings.catch_warnings(record=True) as ws:
            warnings.simplefilter("always")
            mod = tirc.compile(CACHED, cache_dir=cache)
        self.assertEqual(len(ws), 1, [str(w.message) for w in ws])
        self.assertRegex(str(ws[0].message), pattern)
        self.assertEqual(ws[0].filename, __file__)  # the caller's line
        self.assertFalse(mod.path.startswith(cache))
        self.check(mod)
        return mod

    def test_unwritable_cache(self):
        # Root may write anywhere: a cache directory below a file cannot be
        # created by anyone.
        parent = os.path.join(self.cache(), "file")
        open(parent, "w").close()
        self.assert_falls_back(os.path.join(parent, "cache"), r"cannot write the cache directory .*/file/cache "
                                                              r"\(Not a directory\); building in ")

    def test_read_only_cache(self):
        cache = self.cache()
        if os.geteuid() != 0:
            os.chmod(cache, 0o555)
            self.addCleanup(os.chmod, cache, 0o755)
            self.assert_falls_back(cache, r"\(Permission denied\)")
        # What a read-only directory does to root's builds too.
        real = tempfile.mkdtemp

        def refuse(*args, dir=None, **kw):
            if dir == cache:
                raise PermissionError(13, "Permission denied", dir)
            return real(*args, dir=dir, **kw)

        with mock.patch.object(_build.tempfile, "mkdtemp", refuse):
            private = self.assert_falls_back(cache, r"cannot write the cache directory %s \(Permission denied\)" % cache)
        # A read-only cache still serves what it holds.
        entry = os.path.join(cache, os.path.basename(os.path.dirname(private.path)))
        shutil.copytree(os.path.dirname(private.path), entry)
        with mock.patch.object(_build.tempfile, "mkdtemp", refuse):
            mod = tirc.compile(CACHED, cache_dir=cache)
        self.assertTrue(mod.cached)
        self.assertEqual(os.path.dirname(mod.path), entry)


if __name__ == "__main__":
    unittest.main()
