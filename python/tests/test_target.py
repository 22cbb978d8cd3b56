"""tirc.compile's target (tirc's -target-cpu): the default (this machine's
CPU) and "portable" (every x86-64 level in one object, chosen at the
first call; TIRC_TARGET forces one) give the same results through the
same header and shim, and the build cache keeps them apart."""

import os
import platform
import subprocess
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import tirc  # noqa: E402

SOFTMAX = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "softmax.mlir")).read()


@unittest.skipUnless(platform.machine() in ("x86_64", "AMD64"), "portable is x86-64's")
class TargetTest(unittest.TestCase):
    def setUp(self):
        self.cache = os.environ.get("TIRC_TEST_CACHE") or tempfile.mkdtemp(prefix="tirc-py-test-")

    def test_portable_and_host_agree(self):
        x = (np.random.default_rng(3).standard_normal((33, 257)) * 8).astype(np.float32)
        host = tirc.compile(SOFTMAX, cache_dir=self.cache)
        portable = tirc.compile(SOFTMAX, cache_dir=self.cache, target="portable")
        want = host.softmax(x)
        np.testing.assert_array_equal(portable.softmax(x), want)
        e = np.exp(x.astype(np.float64) - x.max(1, keepdims=True))
        np.testing.assert_allclose(want, e / e.sum(1, keepdims=True), rtol=1e-5)

    def test_portable_levels_in_fresh_processes(self):
        # The level is chosen once per process: each forced level runs in
        # a process of its own and gives the same bytes.
        code = ("import sys, numpy as np; sys.path.insert(0, %r); import tirc; "
                "x = (np.random.default_rng(3).standard_normal((33, 257)) * 8).astype(np.float32); "
                "m = tirc.compile(%r, cache_dir=%r, target='portable'); "
                "sys.stdout.buffer.write(m.softmax(x).tobytes())") % (
                    os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."), SOFTMAX, self.cache)
        outs = {}
        for level in ("x86-64", "x86-64-v3", "x86-64-v4"):
            r = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, TIRC_TARGET=level),
                               capture_output=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            if b"more than this CPU has" in r.stderr:
                continue  # the CPU lacks the level
            self.assertEqual(r.stderr, b"")
            outs[level] = r.stdout
        self.assertIn("x86-64", outs)
        for level, out in outs.items():
            self.assertEqual(out, outs["x86-64"], level)

    def test_unknown_cpu(self):
        with self.assertRaises(tirc.CompileError) as cm:
            tirc.compile(SOFTMAX, cache_dir=self.cache, target="skylak")
        self.assertIn("did you mean 'skylake'?", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
