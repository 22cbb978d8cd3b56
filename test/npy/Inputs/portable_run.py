"""portable_run.py PROG: runs each entry point of Inputs/portable.mlir in
PROG (a portable object with the C driver and count_fmaf.c) at each
x86-64 level this CPU has, forced with TIRC_TARGET, and checks that
every level gives the same bytes, that the level ran its own code (only
baseline x86-64 calls libm's fmaf), and that the results are right
(NumPy, in float64). Prints one line per entry point."""
import os
import subprocess
import sys

import numpy as np

prog = sys.argv[1]
rng = np.random.default_rng(11)
# Odd sizes: every nest has a remainder; values spanning exp's range.
x = (rng.standard_normal((67, 301)) * 8).astype(np.float32)
np.save("x.npy", x)
x64 = x.astype(np.float64)
e = np.exp(x64 - x64.max(axis=1, keepdims=True))
want = {
    "expx": (np.exp(x64), 2e-7),
    "rowsum": (x64.sum(axis=1), 1e-5),
    "softmax": (e / e.sum(axis=1, keepdims=True), 1e-5),
    "transpose": (x64.T, 0),
}


# The levels this CPU has: the dispatcher warns when one is forced that
# the CPU lacks (and runs its own); those are skipped.
levels = []
for level in ("x86-64", "x86-64-v3", "x86-64-v4"):
    r = subprocess.run([prog, "-f", "transpose", "x.npy", "-o", "probe.npy"], env=dict(os.environ, TIRC_TARGET=level),
                       capture_output=True, text=True)
    if "more than this CPU has" not in r.stderr:
        levels.append(level)
print("levels:", " ".join(levels))

for func, (ref, tol) in want.items():
    outs = {}
    for level in levels:
        out = "%s.%s.npy" % (func, level)
        r = subprocess.run([prog, "-f", func, "x.npy", "-o", out], env=dict(os.environ, TIRC_TARGET=level),
                           capture_output=True, text=True)
        if r.returncode != 0 or not r.stderr.startswith("fmaf calls: "):
            sys.exit("%s at %s: exit %d, stderr %r" % (func, level, r.returncode, r.stderr))
        calls = int(r.stderr.split()[2])
        if (calls > 0) != (level == "x86-64" and func in ("expx", "softmax")):
            sys.exit("%s at %s made %d fmaf calls: not the level's code" % (func, level, calls))
        with open(out, "rb") as f:
            outs[level] = f.read()
    differ = [l for l in levels if outs[l] != outs[levels[0]]]
    if differ:
        sys.exit("%s: %s differ from %s" % (func, " ".join(differ), levels[0]))
    got = np.load("%s.%s.npy" % (func, levels[0])).astype(np.float64)
    err = np.abs(got - ref) / np.maximum(np.abs(ref), 1e-30)
    if got.shape != ref.shape or (err > tol).any():
        sys.exit("%s: wrong results (max relative error %g)" % (func, err.max()))
    print("%s: same bits on %d levels" % (func, len(levels)))
