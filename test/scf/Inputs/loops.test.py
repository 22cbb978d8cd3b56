"""Runs Inputs/loops.mlir (compiled with tirc's C driver) against NumPy:
see ../native.test. argv: the program."""
import os
import subprocess
import sys
import tempfile

import numpy as np

prog = sys.argv[1]
rng = np.random.default_rng(37)
failures = []


def run(fn, ins, nout, status=0):
    d = tempfile.mkdtemp()
    names = []
    for i, x in enumerate(ins):
        names.append(os.path.join(d, "in%d.npy" % i))
        np.save(names[-1], x)
    outs = [os.path.join(d, "out%d.npy" % i) for i in range(nout)]
    args = [prog, "-f", fn] + names
    for o in outs:
        args += ["-o", o]
    r = subprocess.run(args, capture_output=True, text=True)
    if status:
        if r.returncode != status or "'scf.for' op: step" not in r.stderr:
            failures.append("%s: status %d, want %d: %s" % (fn, r.returncode, status, r.stderr))
        return None
    if r.returncode:
        failures.append("%s: status %d: %s" % (fn, r.returncode, r.stderr))
        return None
    return [np.load(o) for o in outs]


def check(fn, ins, want, tol=0):
    got = run(fn, ins, len(want))
    if got is None:
        return
    for k, (g, w) in enumerate(zip(got, want)):
        w = np.asarray(w)
        if g.shape != w.shape or not np.allclose(g, w, rtol=tol, atol=tol):
            failures.append("%s%s result #%d: got %r, want %r" % (fn, [np.shape(x) for x in ins], k, g, w))


def halve(x, y, n):
    a = x.copy()
    for _ in range(int(n)):
        a = a * np.float32(0.5) + y
    return [a]


for rows, n in [(3, 7), (1, 1), (0, 4), (5, 0)]:
    x = rng.standard_normal((rows, 5)).astype(np.float32)
    y = rng.standard_normal((rows, 5)).astype(np.float32)
    check("halve", [x, y, np.int64(n)], halve(x, y, n))

for n in [0, 1, 6]:
    x = rng.standard_normal((4, 3))
    check("accumulate", [x, np.int64(n)], [np.float64(sum(range(n))), n * x.sum(axis=1)], 1e-12)

x = rng.standard_normal(6).astype(np.float32)
check("choose", [x, np.int64(1)], [np.exp(x) + x], 1e-6)
check("choose", [x, np.int64(0)], [x * x])


def collatz(n):
    k, m = 0, n
    while n > 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        k, m = k + 1, max(m, n)
    return [np.int64(k), np.int64(m)]


for n in [1, 6, 27, 97]:
    check("collatz", [np.int64(n)], collatz(n))


def nested(x, y, n):
    a, b = x.copy(), y.copy()
    for _ in range(int(n)):
        u = a
        for _ in range(3):
            u = u * np.float32(0.25) + b
        a, b = b, u
    return [a, b]


for n in [0, 1, 2, 5]:
    x = rng.standard_normal(8).astype(np.float32)
    y = rng.standard_normal(8).astype(np.float32)
    check("nested", [x, y, np.int64(n)], nested(x, y, n), 1e-6)

def whilet(x, n):
    t = x.copy()
    k = 0
    while True:
        t = t + 1
        if not k < n:
            return [t, np.int64(k)]
        t, k = t * 0.5, k + 1


for n in [0, 1, 4]:
    x = rng.standard_normal((3, 2))
    check("whilet", [x, np.int64(n)], whilet(x, n))
    check("whilep", [x[:, 0].copy(), np.int64(n)], [x[:, 0] * 0.5 ** n])

def whiles(x, y, n):
    a, b = x.copy(), y.copy()
    k = 0
    while True:
        if not k < n:
            return [b, a, a]
        # after gets (b, a, a): s = a + b, t = b * a * 0.5
        a, b, k = a + b, b * a * 0.5, k + 1


for n in [0, 1, 3]:
    for rows in [0, 5]:
        x, y = rng.standard_normal(rows), rng.standard_normal(rows)
        check("whiles", [x, y, np.int64(n)], whiles(x, y, n), 1e-12)

def power(a, v, n):
    for _ in range(n):
        v = (a @ v) * 0.5 + v
    return [v]


a = rng.standard_normal((16, 16)) / 4
v = rng.standard_normal((16, 3))
for n in [0, 1, 5]:
    check("power", [a, v, np.int64(n)], power(a, v, n), 1e-12)

x = rng.standard_normal(3).astype(np.float32)
for step in [1, 4, 9, 20]:
    check("steps", [x, np.int32(step)], [x * 2.0 ** len(range(0, 9, step))])
for step in [0, -2]:
    run("steps", [x, np.int32(step)], 1, status=1)

def outer_mm(a, b, n):
    w = a.copy()
    for _ in range(n):
        w = a @ b + w
    return [w]


a, b = rng.standard_normal((8, 8)), rng.standard_normal((8, 8))
for n in [0, 1, 3]:
    check("outer_mm", [a, b, np.int64(n)], outer_mm(a, b, n), 1e-12)

x = rng.standard_normal((2, 3)).astype(np.float32)
for n in [0, 2]:
    check("shared_init", [x, np.int64(n)], [x + x, (x + x).reshape(6) * 2.0 ** n])

x = rng.standard_normal((2, 2)).astype(np.float32)
for n in [0, 1, 3]:
    check("slice_carry", [x, np.int64(n)], [x * 2.0 ** n])
for flag in [0, 1]:
    check("slice_arm", [x, np.int64(flag)], [x * 2.0 ** flag])

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
