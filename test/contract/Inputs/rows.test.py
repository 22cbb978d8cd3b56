"""Runs Inputs/rows.mlir (compiled with tirc's C driver) against NumPy:
see ../rows.test. argv: the program, and "quick" for one thread count
(the ASan build)."""
import os
import subprocess
import sys

import numpy as np

prog = sys.argv[1]
quick = len(sys.argv) > 2 and sys.argv[2] == "quick"
rng = np.random.default_rng(36)
failures = []


def run(fn, ins, threads):
    names = []
    for i, x in enumerate(ins):
        names.append("in%d.npy" % i)
        np.save(names[-1], x)
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    r = subprocess.run([prog, "-f", fn] + names + ["-o", "out.npy"], capture_output=True, text=True, env=env)
    if r.returncode:
        failures.append("%s: status %d: %s" % (fn, r.returncode, r.stderr))
        return None
    return np.load("out.npy")


def softmax(s):
    e = np.exp(s - s.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def check(fn, ins, ref, tol):
    """fn's result against ref (float64) within tol, with the same bits on
    1, 2 and 3 threads and with the operands in Fortran order (v's rows
    strided: the packed path for the second product)."""
    want = ref(*[x.astype(np.float64) for x in ins])
    first = None
    fortran = [np.asfortranarray(x) for x in ins]
    for th, xs in [(1, ins)] if quick else [(1, ins), (2, ins), (3, ins), (2, fortran)]:
        got = run(fn, xs, th)
        if got is None:
            return
        err = np.max(np.abs(got - want) / (1 + np.abs(want)))
        if not err <= tol:
            failures.append("%s on %d threads: error %g > %g" % (fn, th, err, tol))
        if first is None:
            first = got
        elif got.tobytes() != first.tobytes():
            failures.append("%s on %d threads%s: not bit-identical to 1 thread" % (fn, th, "" if xs is ins else ", Fortran order"))


def r(shape, dt=np.float32):
    return rng.standard_normal(shape).astype(dt)


check("attn", [r((3, 100, 40)), r((3, 130, 40)), r((3, 130, 24))],
      lambda q, k, v: softmax(q @ k.transpose(0, 2, 1) * 0.125) @ v, 1e-5)
check("attn64", [r((2, 70, 33), np.float64), r((2, 33, 90), np.float64), r((2, 90, 17), np.float64)],
      lambda q, kt, v: softmax(q @ kt) @ v, 1e-12)
mask = np.triu(np.full((64, 64), -1e4, np.float32), 1)
check("masked", [r((4, 64, 32)), r((4, 32, 64)), r((4, 64, 32)), mask],
      lambda q, kt, v, m: softmax(q @ kt * 0.17677669 + m) @ v, 1e-5)
check("flat", [r((200, 16)), r((16, 1500)), r((1500, 40))], lambda q, kt, v: softmax(q @ kt) @ v, 1e-5)
check("probs", [r((2, 100, 40)), r((40, 150))], lambda x, w: softmax(x @ w * 0.5), 1e-5)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
