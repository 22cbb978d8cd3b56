"""Runs Inputs/named_native.mlir's linalg named ops (compiled with tirc's C
driver) against NumPy: see ../named-native.test. argv: the program."""
import subprocess
import sys

import numpy as np

prog = sys.argv[1]
rng = np.random.default_rng(37)
failures = []


def run(fn, ins):
    names = []
    for i, x in enumerate(ins):
        names.append("in%d.npy" % i)
        np.save(names[-1], x)
    r = subprocess.run([prog, "-f", fn] + names + ["-o", "out.npy"], capture_output=True, text=True)
    if r.returncode:
        return r.returncode, r.stderr
    return 0, np.load("out.npy")


def rand(dt, shape):
    if np.dtype(dt).kind in "iu":
        return rng.integers(-100, 100, size=shape, endpoint=True).astype(dt)
    return rng.standard_normal(shape).astype(dt)


def check(fn, ins, want, mag=None):
    """want: the exact result (integers) or the float64 one, mag the sum of
    the magnitudes of its terms (the float error bound's scale)."""
    rc, got = run(fn, ins)
    if rc:
        failures.append("%s: status %d: %s" % (fn, rc, got))
        return
    if got.shape != want.shape:
        failures.append("%s: shape %s, want %s" % (fn, got.shape, want.shape))
        return
    if got.dtype.kind in "iu":
        if got.dtype != want.dtype or not np.array_equal(got, want):
            failures.append("%s: integers differ:\n%s\nwant\n%s" % (fn, got, want))
        return
    if mag is None:
        mag = np.abs(want)
    bound = 4e-6 * (mag + np.abs(want)) + 1e-30
    err = np.abs(got.astype(np.float64) - want)
    if not (err <= bound).all():
        failures.append("%s: error %g above the bound" % (fn, float(np.max(err - bound))))


f32, i32, i8 = np.float32, np.int32, np.int8
F = lambda *xs: [x.astype(np.float64) for x in xs]
I = lambda *xs: [x.astype(np.int64) for x in xs]

check("fill_f32", [rand(f32, (3, 4))], np.full((3, 4), 2.5))
a, b = rand(i32, (4, 5)), rand(i32, (4, 5))
check("copy_i32", [a, b], a)
a = rand(i8, (4, 5))
check("copy_u8_i32", [a], a.view(np.uint8).astype(i32))
check("fill_i8_i32", [rand(i32, (2, 3))], np.full((2, 3), -3, dtype=i32))  # fill casts signed, whatever its `cast` says
a = rand(f32, (3, 4, 5))
check("transpose_f32", [a], a.transpose(2, 0, 1).astype(np.float64))
v = rand(i32, (4,))
check("broadcast_i32", [v], np.broadcast_to(v[None, :, None], (3, 4, 5)))

a, b, c = rand(f32, (33, 17)), rand(f32, (17, 65)), rand(f32, (33, 65))
x, y, z = F(a, b, c)
check("matmul_f32", [a, b, c], z + x @ y, np.abs(z) + np.abs(x) @ np.abs(y))
a, b = rand(f32, (70, 40)), rand(f32, (40, 50))
x, y = F(a, b)
check("matmul_fill_f32", [a, b], 0.5 + x @ y, 0.5 + np.abs(x) @ np.abs(y))
check("matmul_zero_f32", [a, b], x @ y, np.abs(x) @ np.abs(y))
a, b, c = rand(i32, (5, 7)), rand(i32, (7, 6)), rand(i32, (5, 6))
x, y, z = I(a, b, c)
check("matmul_i32", [a, b, c], (z + x @ y).astype(i32))
a, b = rand(i8, (5, 7)), rand(i8, (7, 6))
x, y = I(a, b)
check("matmul_i8_i32", [a, b], (x @ y).astype(i32))
x, y = I(a.view(np.uint8), b.view(np.uint8))
check("matmul_u8_i32", [a, b], (x @ y).astype(i32))
for (m, k, n) in [(1, 1, 1), (0, 3, 2), (4, 0, 5), (130, 129, 70)]:
    a, b = rand(f32, (m, k)), rand(f32, (k, n))
    x, y = F(a, b)
    check("matmul_dyn_f32", [a, b], -1.0 + x @ y, 1.0 + np.abs(x) @ np.abs(y))
a, b, c = rand(f32, (6, 5)), rand(f32, (5, 4)), rand(f32, (6, 4))
x, y, z = F(a, b, c)
check("matmul_dyn_init_f32", [a, b, c], z + x @ y, np.abs(z) + np.abs(x) @ np.abs(y))


def check_fails(fn, ins, words):
    """A size mismatch known at run time: status 1 and a message with words."""
    rc, got = run(fn, ins)
    if rc != 1 or words not in got:
        failures.append("%s %s: status %d, want 1 with %r: %s" % (fn, [x.shape for x in ins], rc, words, got))


check_fails("matmul_dyn_init_f32", [a, rand(f32, (4, 4)), c], "mismatch in its core dimension")
# the init has the result's shape: one of size 1 does not broadcast
check_fails("matmul_dyn_init_f32", [a, b, rand(f32, (1, 1))], "must have the same shape")

a, b, c = rand(f32, (3, 6, 9)), rand(f32, (3, 9, 4)), rand(f32, (3, 6, 4))
x, y, z = F(a, b, c)
check("batch_matmul_f32", [a, b, c], z + x @ y, np.abs(z) + np.abs(x) @ np.abs(y))
a, b = rand(i32, (2, 3, 4)), rand(i32, (2, 4, 5))
x, y = I(a, b)
check("batch_matmul_i32", [a, b], (x @ y).astype(i32))
a, y_, c = rand(f32, (9, 13)), rand(f32, (13,)), rand(f32, (9,))
x, y, z = F(a, y_, c)
check("matvec_f32", [a, y_, c], z + x @ y, np.abs(z) + np.abs(x) @ np.abs(y))
a, y_ = rand(i32, (9, 13)), rand(i32, (13,))
x, y = I(a, y_)
check("matvec_i32", [a, y_], (7 + x @ y).astype(i32))

a = rand(f32, (4, 6))
x, = F(a)
check("exp_f32", [a], np.exp(x))
check("unary_f32", [a], np.square(-np.sqrt(np.abs(x))))
a, b = rand(f32, (4, 6)), rand(f32, (4, 6))
x, y = F(a, b)
check("binary_f32", [a, b], np.maximum((x + y) * 0.25, x) - y, np.abs(np.maximum((x + y) * 0.25, x)) + np.abs(y))
a, b = rand(i32, (4, 6)), rand(i32, (4, 6))
b[b == 0] = 3
x, y = I(a, b)
q = (np.sign(x) * np.sign(y) * (np.abs(x) // np.abs(y))).astype(i32)  # C's truncating division
mx = np.maximum(q.view(np.uint32), a.view(np.uint32)).view(i32)
check("binary_i32", [a, b], (mx.astype(np.int64) - y).astype(i32))

xx, w, bias = rand(f32, (8, 16)), rand(f32, (32, 16)), rand(f32, (32,))
x, ww, bb = F(xx, w, bias)
check("chain_f32", [xx, w, bias], np.tanh(bb + x @ ww.T), np.abs(bb) + np.abs(x) @ np.abs(ww.T))

# transposed inputs are read in place (tir.dot_general): three results
at, b, x, y, m, v = rand(f32, (7, 5)), rand(f32, (7, 6)), rand(f32, (2, 9, 3)), rand(f32, (9, 2, 4)), rand(f32, (13, 9)), rand(f32, (13,))
names = ["in%d.npy" % i for i in range(6)]
for n, arr in zip(names, [at, b, x, y, m, v]):
    np.save(n, arr)
r = subprocess.run([prog, "-f", "transposed_f32"] + names + ["-o", "o0.npy", "-o", "o1.npy", "-o", "o2.npy"], capture_output=True, text=True)
if r.returncode:
    failures.append("transposed_f32: status %d: %s" % (r.returncode, r.stderr))
else:
    A, B, X, Y, M, V = F(at, b, x, y, m, v)
    wants = [(A.T @ B, np.abs(A.T) @ np.abs(B)),
             (X.transpose(0, 2, 1) @ Y.transpose(1, 0, 2), np.abs(X.transpose(0, 2, 1)) @ np.abs(Y.transpose(1, 0, 2))),
             (M.T @ V, np.abs(M.T) @ np.abs(V))]
    for i, (want, mag) in enumerate(wants):
        got = np.load("o%d.npy" % i)
        if got.shape != want.shape or not (np.abs(got - want) <= 4e-6 * (mag + np.abs(want)) + 1e-30).all():
            failures.append("transposed_f32 result %d differs" % i)

# MLIR 19's other contractions and elementwise named ops: seven results
ins = [rand(f32, sh) for sh in [(5, 7), (6, 7), (7, 5), (7, 6), (7,), (), (3, 5, 7), (3, 7, 6), (3, 7)]]
names = ["in%d.npy" % i for i in range(len(ins))]
for n, arr in zip(names, ins):
    np.save(n, arr)
outs = ["o%d.npy" % i for i in range(7)]
r = subprocess.run([prog, "-f", "more_f32"] + names + sum([["-o", o] for o in outs], []), capture_output=True, text=True)
if r.returncode:
    failures.append("more_f32: status %d: %s" % (r.returncode, r.stderr))
else:
    A, BT, AT, B, V, S, X, Y, BV = F(*ins)
    abs_ = np.abs
    r0 = (A @ BT.T, abs_(A) @ abs_(BT.T))
    r1 = (r0[0] + AT.T @ B, r0[1] + abs_(AT.T) @ abs_(B))
    r2 = (V @ B, abs_(V) @ abs_(B))
    r3 = (S + V @ V, abs_(S) + abs_(V) @ abs_(V))
    r4 = (r1[0] + np.einsum("bmk,bkn->mn", X, Y), r1[1] + np.einsum("bmk,bkn->mn", abs_(X), abs_(Y)))
    r5 = (np.einsum("bmk,bk->bm", X, BV), np.einsum("bmk,bk->bm", abs_(X), abs_(BV)))
    mx = np.maximum(r0[0], r1[0])
    r6 = (mx * mx, 2 * (r0[1] + r1[1]) * np.abs(mx) + 1e-30)
    for i, (want, mag) in enumerate([r0, r1, r2, r3, r4, r5, r6]):
        got = np.load(outs[i])
        if got.shape != want.shape or not (np.abs(got - want) <= 4e-6 * (mag + np.abs(want)) + 1e-30).all():
            failures.append("more_f32 result %d differs" % i)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
