"""tosa.py: writes the inputs of Inputs/tosa.mlir and NumPy's results
(want_<function>_<k>.npy) into the current directory, from the TOSA
specification's definitions of each op.

tosa.py check FN RTOL: compares every FN_<k>.npy there with want_FN_<k>.npy
(as npycmp.py does, in one process): dtype and shape equal, integers and
booleans equal, floats within RTOL (relative and absolute)."""
import glob
import math
import sys

import numpy as np

if len(sys.argv) == 4 and sys.argv[1] == "check":
    fn, rtol = sys.argv[2], float(sys.argv[3])
    wanted = sorted(glob.glob("want_%s_*.npy" % fn))
    if not wanted:
        sys.exit("no want_%s_*.npy here" % fn)
    for want_name in wanted:
        got_name = want_name[len("want_"):]
        got, want = np.load(got_name), np.load(want_name)
        if got.dtype != want.dtype or got.shape != want.shape:
            sys.exit("%s: %s%s, want %s%s" % (got_name, got.dtype, got.shape, want.dtype, want.shape))
        if want.dtype.kind == "f":
            bad = np.argwhere(~np.isclose(got, want, rtol=rtol, atol=rtol, equal_nan=True))
        else:
            bad = np.argwhere(got != want)
        if len(bad):
            at = tuple(bad[0])
            sys.exit("%s: %d elements differ; first at %s: got %r, want %r" % (got_name, len(bad), at, got[at], want[at]))
    print("%s: %d results ok" % (fn, len(wanted)))
    sys.exit(0)

rng = np.random.default_rng(15)
f32, i32 = np.float32, np.int32


def save(name, a):
    np.save(name + ".npy", a)


def wants(fn, arrays):
    for k, want in enumerate(arrays):
        save("want_%s_%d" % (fn, k), want)


def cast_round(x, t):
    """TOSA cast float -> integer: round to nearest, ties to even; saturate."""
    info = np.iinfo(t)
    return np.clip(np.rint(x.astype(np.float64)), info.min, info.max).astype(t)


# @floats: halves and ties (2.5, -0.5) reach the casts.
x = (rng.standard_normal((9, 16)) * 3).astype(f32)
x[0, :6] = [2.5, -0.5, 0.25, -1.25, 100.0, -100.0]
b = rng.uniform(0.5, 2.0, (1, 16)).astype(f32)
b[0, :4] = [0.5, 1.0, 0.5, 1.0]
save("x", x)
save("b", b)
scaled = (x * b) + (x * b)
wants("floats", [x + b, x - b, x * b, np.power(np.abs(x), b), np.maximum(x, b), np.minimum(x, b),
                 np.clip(x, f32(-0.75), f32(1.25)), np.floor(x), np.ceil(x), -x, np.where(x > b, x, b), x > b,
                 cast_round(scaled, i32), cast_round(scaled, np.int8)])

# @transcendental: p > 0 for log, reciprocal, rsqrt and pow.
p = rng.uniform(0.1, 4.0, (8, 16)).astype(f32)
t = rng.uniform(-4.0, 4.0, (8, 16)).astype(f32)
save("p", p)
save("t", t)
t64, p64 = t.astype(np.float64), p.astype(np.float64)
erf = np.vectorize(math.erf)(t64)
wants("transcendental", [a.astype(f32) for a in [np.exp(t64), np.log(p64), 1 / p64, 1 / np.sqrt(p64),
                                                1 / (1 + np.exp(-t64)), np.tanh(t64), erf, np.sin(t64),
                                                np.cos(t64), np.power(p64, t64)]])

# @ints: j is never 0 (int_div), k in [0, 31] (shifts).
i = rng.integers(-2**31, 2**31, (7, 16), dtype=np.int64).astype(i32)
i[0, :6] = [0, -1, 2**31 - 1, -2**31, 1, 7]
j = rng.integers(1, 2**12, (1, 16), dtype=np.int64).astype(i32) * rng.choice([-1, 1], (1, 16)).astype(i32)
k = rng.integers(0, 32, (7, 16), dtype=np.int64).astype(i32)
k[0, :4] = [0, 31, 1, 30]
save("i", i)
save("j", j)
save("k", k)
wide = i.astype(np.int64)


def rounded_product(a, b, shift):
    """TOSA mul with shift: (a*b + 2^(shift-1)) >> shift on the exact product."""
    prod = [(int(u) * int(v) + (1 << (shift - 1))) >> shift for u, v in zip(a.ravel(), np.broadcast_to(b, a.shape).ravel())]
    return np.array([q & 0xFFFFFFFF for q in prod], dtype=np.uint64).astype(np.uint32).view(i32).reshape(a.shape)


def sra_round(a, s):
    """TOSA arithmetic_right_shift with round: + the last bit shifted out."""
    a64, s64 = a.astype(np.int64), s.astype(np.int64)
    r = a64 >> s64
    last = np.where(s64 > 0, (a64 >> np.maximum(s64 - 1, 0)) & 1, 0)
    return (r + last).astype(i32)


def clz(a):
    u = a.view(np.uint32).astype(np.uint64)
    return np.array([32 - int(v).bit_length() for v in u.ravel()], dtype=i32).reshape(a.shape)


quo = (np.abs(wide) // np.abs(j.astype(np.int64))) * np.sign(wide) * np.sign(j.astype(np.int64))
wants("ints", [(wide + j).astype(i32), (wide * wide).astype(np.uint64).astype(np.uint32).view(i32),
               rounded_product(i, j, 5), quo.astype(i32), i & j, i | j, i ^ j, ~i,
               (i.view(np.uint32) << k.astype(np.uint32)).view(i32), (i.view(np.uint32) >> k.astype(np.uint32)).view(i32),
               sra_round(i, k), clz(i), np.abs(wide).astype(np.uint32).view(i32), (-wide).astype(np.uint32).view(i32),
               np.clip(i, -100000, 100000), i >= j, i.astype(f32)])

# @narrow: i8 products widened; ui8 sums wrap.
a8 = rng.integers(-128, 128, 32).astype(np.int8)
b8 = rng.integers(-128, 128, 32).astype(np.int8)
a8[:4], b8[:4] = [-128, 127, -128, 5], [-128, 127, 127, 5]
u8 = rng.integers(0, 256, 32).astype(np.uint8)
v8 = rng.integers(0, 256, 32).astype(np.uint8)
u8[:3], v8[:3] = [255, 200, 0], [1, 100, 0]
for name, arr in [("a8", a8), ("b8", b8), ("u8", u8), ("v8", v8)]:
    save(name, arr)
wants("narrow", [rounded_product(a8.astype(i32), b8.astype(i32), 3), a8.astype(np.int16) * b8.astype(np.int16),
                 u8 + v8, np.maximum(u8, v8), u8 > v8, a8 == b8])

# @logic
c = rng.integers(0, 2, (6, 5)).astype(bool)
c[:, 0] = True
d = rng.integers(0, 2, (6, 1)).astype(bool)
save("c", c)
save("d", d)
wants("logic", [c & d, c | d, c ^ d, ~c, np.all(c, 0, keepdims=True), np.any(c, 1, keepdims=True)])

# @reductions: a softmax (statistics in the IR) and column statistics.
xr = rng.uniform(0.6, 1.4, (33, 16)).astype(f32)
ir_ = rng.integers(-2**31, 2**31, (33, 16), dtype=np.int64).astype(i32)
save("xr", xr)
save("ir", ir_)
xr64 = xr.astype(np.float64)
e = np.exp(xr64 - xr64.max(1, keepdims=True))
wants("reductions", [(e / e.sum(1, keepdims=True)).astype(f32), xr64.sum(0, keepdims=True).astype(f32),
                     xr.min(0, keepdims=True), np.prod(xr64, 1, keepdims=True).astype(f32),
                     np.add.reduce(ir_, 0, dtype=i32, keepdims=True), np.multiply.reduce(ir_, 1, dtype=i32, keepdims=True),
                     xr64.sum(0).astype(f32), np.multiply.reduce(ir_, 1, dtype=i32)])
