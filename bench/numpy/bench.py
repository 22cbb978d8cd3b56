#!/usr/bin/env python3
"""bench/numpy/bench.py -- W1-W17 in NumPy, timed like bench/c/driver.c.

Each workload is timed round-robin with the hand-written C kernel called
through ctypes on the same arrays ("C fused -O3 [NumPy process]", from the
shared library given in TIRC_BENCH_KERNELS_SO), so the NumPy/C ratio is
measured in one process. NumPy's ufuncs run on one thread.
  "NumPy out=":        ufuncs into preallocated arrays (W3: three ufuncs
                       through two preallocated temporaries, like C unfused)
  "NumPy expression":  what people write, allocating every result
W4 also times the call from Python through tirc's package (python/tirc,
bench/workloads/w4.mlir compiled with tirc.compile): "tirc Python" returns
a new array like "NumPy expression", "tirc Python out=" writes into a
preallocated one like "NumPy out=" (the per-call overhead of the package).
W6 and W12-W17 also time "tirc.compile (user's path)": bench/workloads/wN.mlir
compiled by tirc.compile(path) with no options, called like "NumPy
expression" (a new result each call). W14 (GELU, erf form) has no NumPy
row: NumPy has no erf; its C row (libm's erff) is the reference.
Inputs are the float32/int32 values of bench/c/data.h, so NumPy's output is
compared bit for bit with the C kernel's.
Prints RESULT lines (bench/c/bench.h) on stdout, a log on stderr.
W10/W11: NumPy's strided copies of x.T take seconds (0.1-0.7 GB/s), so they
are timed NUMPY_T_REPS times after one warm-up.
Usage: bench.py [W1 ...]  env: REPS (11) WARM (2) W4_CALLS (1000000) NUMPY_W4_REPS (3) NUMPY_T_REPS (3)
"""
import ctypes
import os
import sys
import time

import numpy as np

R = C = 4096
SR = SC = 8
f32 = np.float32
REPS = int(os.environ.get("REPS", "11"))
WARM = int(os.environ.get("WARM", "2"))
W4_CALLS = int(os.environ.get("W4_CALLS", "1000000"))
# a NumPy call on 8x8 costs ~100x the C one: fewer repetitions keep it short
W4_REPS = int(os.environ.get("NUMPY_W4_REPS", "3"))
T_REPS = int(os.environ.get("NUMPY_T_REPS", "3"))
PAIRED = "C fused -O3 [NumPy process]"


def gen_a(n):
    return ((np.arange(n, dtype=np.int64) * 7919) % 2001).astype(f32) / f32(1000) - f32(1)


def gen_b(n):
    return (np.arange(n, dtype=np.int64) % 37).astype(f32) / f32(16) - f32(1)


def gen_c(n):
    return ((np.arange(n, dtype=np.int64) * 104729 + 7) % 1999).astype(f32) / f32(999) - f32(1)


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) // 2


def run(workload, variants, reps, warm, nbytes, calls=1):
    t = {name: [] for name, _ in variants}
    for r in range(-warm, reps):
        for name, fn in variants:
            t0 = time.perf_counter_ns()
            fn()
            t1 = time.perf_counter_ns()
            if r >= 0:
                t[name].append(t1 - t0)
    for name, _ in variants:
        s = t[name]
        med = median(s)
        print(f"  {workload:3s} {name:36s} 1T median {med / 1e6:10.3f} ms (min {min(s) / 1e6:.3f} "
              f"max {max(s) / 1e6:.3f}) {nbytes * calls / med:7.2f} GB/s", file=sys.stderr)
        print(f"RESULT\t{workload}\t{name}\t1\t{med}\t{min(s)}\t{max(s)}\t{nbytes}\t{reps}\t{calls}", flush=True)


LIB = None
if os.environ.get("TIRC_BENCH_KERNELS_SO"):
    LIB = ctypes.CDLL(os.environ["TIRC_BENCH_KERNELS_SO"])


def paired(fn, *arrays):
    if LIB is None:
        return []
    f = getattr(LIB, fn)
    f.restype = None
    ptrs = [ctypes.c_void_p(x.ctypes.data) for x in arrays]
    return [(PAIRED, lambda: f(*ptrs))]


def tirc_fn(w):
    """Function w (e.g. "w4") of bench/workloads/w.mlir compiled by tirc's
    Python package with no options, or None when it cannot be built."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    if os.path.join(root, "python") not in sys.path:
        sys.path.insert(0, os.path.join(root, "python"))
    try:
        import tirc
        mod = tirc.compile(os.path.join(root, "bench", "workloads", w + ".mlir"),
                           cache_dir=os.environ.get("TIRC_BENCH_PY_CACHE"))
    except Exception as e:  # no clang, no tirc: the rows are left out
        print(f"  {w.upper()} through tirc's Python package skipped: {e}", file=sys.stderr)
        return None
    return getattr(mod, w)


def tirc_w4():
    return tirc_fn("w4")


def tirc_row(w, *args):
    """The "tirc.compile (user's path)" variant of workload w, keeping its
    result in keep["t"]; [] when the package cannot build it."""
    f = tirc_fn(w)
    if f is None:
        return []
    return [("tirc.compile (user's path)", lambda: keep.__setitem__("t", f(*args)))]


bad = 0
keep = {}  # the latest result of each variant kind, checked after timing


def same(workload, got, want):
    global bad
    if not np.array_equal(got, want):
        bad += 1
        print(f"  {workload} WRONG: {int((got != want).sum())} elements differ from the C kernel", file=sys.stderr)
        print(f"WRONG\t{workload}\tNumPy\t{int((got != want).sum())}\t0")


def close(workload, got, want, rtol=2e-5, scale=0.0):
    """W6-W9: NumPy against the C kernel within rtol of max(|want|, scale)
    (driver.c's check_tol and check_scale)."""
    global bad
    wrong = int((np.abs(got - want) > rtol * np.maximum(np.abs(want), scale)).sum())
    if wrong:
        bad += 1
        print(f"  {workload} WRONG: {wrong} elements differ from the C kernel by more than {rtol}", file=sys.stderr)
        print(f"WRONG\t{workload}\tNumPy\t{wrong}\t0")


def transcendental(want):
    """W12-W17: NumPy's expressions, C with libm, and tirc.compile, each
    compared with the C kernel within 1e-5 at the scale of 1 (driver.c)."""
    TR, TC = 4096, 1024
    rows = {
        "W12": (4, lambda x: np.tanh(x)),
        "W13": (3, lambda x: f32(0.5) * x * (f32(1) + np.tanh(f32(0.7978845608) * (x + f32(0.044715) * (x * x * x))))),
        "W14": (3, None),
        "W15": (8, lambda x: (lambda d: d - np.log(np.exp(d).sum(-1, keepdims=True)))(x - x.max(-1, keepdims=True))),
        "W16": (1, lambda x: np.argmax(x, axis=1)),
    }
    for w, (scale, expr) in rows.items():
        if w not in want:
            continue
        shape = (16384, 1000) if w in ("W15", "W16") else (TR, TC)
        x = (f32(scale) * gen_a(shape[0] * shape[1])).reshape(shape)
        co = np.zeros(shape[0], np.int64) if w == "W16" else np.zeros_like(x)
        variants = [] if expr is None else [("NumPy expression", lambda: keep.__setitem__("x", expr(x)))]
        run(w, variants + paired("c_" + w.lower(), x, co) + tirc_row(w.lower(), x), REPS, WARM,
            (4 if w == "W16" else 8) * x.size)
        if LIB:
            for k in ("x", "t"):
                if k in keep:
                    (same if w == "W16" else close)(w, keep[k], co, *(() if w == "W16" else (1e-5, 1.0)))
        keep.clear()
    if "W17" in want:
        x = (f32(6) * gen_a(TR * TC)).reshape(TR, TC)
        y = gen_c(TR * TC).reshape(TR, TC)
        co = np.zeros_like(x)
        run("W17", [("NumPy expression", lambda: keep.__setitem__("x", y / (f32(1) + np.exp(-x))))]
            + paired("c_w17", x, y, co) + tirc_row("w17", x, y), REPS, WARM, 12 * x.size)
        if LIB:
            for k in ("x", "t"):
                if k in keep:
                    close("W17", keep[k], co, 1e-5, 1.0)


def main():
    want = set(sys.argv[1:]) or {f"W{k}" for k in range(1, 18)}
    print(f"numpy {np.__version__}: {R}x{C}, reps={REPS} warm={WARM}", file=sys.stderr)
    a = gen_a(R * C).reshape(R, C)
    b = gen_b(C)
    out = np.zeros((R, C), f32)
    cout = np.zeros((R, C), f32)
    nb12 = 4 * (2 * R * C + C)
    if "W1" in want:
        run("W1", [("NumPy out=", lambda: np.add(a, b, out=out)),
                   ("NumPy expression", lambda: keep.__setitem__("x", a + b))]
            + paired("c_w1", a, b, cout), REPS, WARM, nb12)
        if LIB:
            same("W1", out, cout)
            same("W1", keep["x"], cout)
    if "W2" in want:
        a2, b2 = gen_a(R).reshape(R, 1), b.reshape(1, C)
        run("W2", [("NumPy out=", lambda: np.add(a2, b2, out=out)),
                   ("NumPy expression", lambda: keep.__setitem__("x", a2 + b2))]
            + paired("c_w2", a2, b2, cout), REPS, WARM, 4 * (R * C + R + C))
        if LIB:
            same("W2", out, cout)
            same("W2", keep["x"], cout)
    if "W3" in want:
        c = gen_c(R * C).reshape(R, C)
        t1, t2 = np.zeros((R, C), f32), np.zeros((R, C), f32)
        zero = f32(0)

        def pre():
            np.add(a, b, out=t1)
            np.multiply(t1, c, out=t2)
            np.maximum(t2, zero, out=out)
        run("W3", [("NumPy out=", pre),
                   ("NumPy expression", lambda: keep.__setitem__("x", np.maximum((a + b) * c, zero)))]
            + paired("c_w3", a, b, c, cout), REPS, WARM, 4 * (3 * R * C + C))
        if LIB:
            same("W3", out, cout)
            same("W3", keep["x"], cout)
        del c, t1, t2
    if "W4" in want:
        sa, sb, so = gen_a(SR * SC).reshape(SR, SC), gen_b(SC), np.zeros((SR, SC), f32)
        add = np.add

        def pre():
            for _ in range(W4_CALLS):
                add(sa, sb, out=so)

        def expr():
            for _ in range(W4_CALLS):
                keep["x"] = sa + sb
        variants = [("NumPy out=", pre), ("NumPy expression", expr)]
        w4 = tirc_w4()
        to = np.zeros((SR, SC), f32)
        if w4:
            def tirc_new():
                for _ in range(W4_CALLS):
                    keep["t"] = w4(sa, sb)

            def tirc_out():
                for _ in range(W4_CALLS):
                    w4(sa, sb, out=to)
            variants += [("tirc Python", tirc_new), ("tirc Python out=", tirc_out)]
        run("W4", variants, W4_REPS, 1, 4 * (2 * SR * SC + SC), W4_CALLS)
        ref = np.zeros((SR, SC), f32)
        if LIB:
            f = LIB.c_w4
            f(ctypes.c_void_p(sa.ctypes.data), ctypes.c_void_p(sb.ctypes.data), ctypes.c_void_p(ref.ctypes.data))
            same("W4", so, ref)
            same("W4", keep["x"], ref)
            if w4:
                same("W4", keep["t"], ref)
                same("W4", to, ref)
    if "W5" in want:
        ia = (((np.arange(R * C, dtype=np.int64) * 7919) % 200001) - 100000).astype(np.int32).reshape(R, C)
        ib = (np.arange(C, dtype=np.int64) * 3 - 5000).astype(np.int32)
        io, ic = np.zeros((R, C), np.int32), np.zeros((R, C), np.int32)
        run("W5", [("NumPy out=", lambda: np.add(ia, ib, out=io)),
                   ("NumPy expression", lambda: keep.__setitem__("x", ia + ib))]
            + paired("c_w5", ia, ib, ic), REPS, WARM, nb12)
        if LIB:
            same("W5", io, ic)
            same("W5", keep["x"], ic)
    # W6-W9: the reductions. NumPy's float32 sums are pairwise in float32,
    # exp is NumPy's own: compared with the C kernel within 2e-5.
    if "W6" in want:
        x = (f32(8) * gen_a(16384 * 1000)).reshape(16384, 1000)
        o, co = np.zeros_like(x), np.zeros_like(x)
        m, sm = np.zeros((16384, 1), f32), np.zeros((16384, 1), f32)

        def pre():
            np.max(x, axis=-1, keepdims=True, out=m)
            np.subtract(x, m, out=o)
            np.exp(o, out=o)
            np.sum(o, axis=-1, keepdims=True, out=sm)
            np.divide(o, sm, out=o)

        def expr():
            e = np.exp(x - x.max(-1, keepdims=True))
            keep["x"] = e / e.sum(-1, keepdims=True)
        run("W6", [("NumPy out=", pre), ("NumPy expression", expr)] + paired("c_w6", x, co) + tirc_row("w6", x),
            REPS, WARM, 8 * x.size)
        if LIB:
            close("W6", o, co)
            close("W6", keep["x"], co)
            if "t" in keep:
                close("W6", keep["t"], co)
        del x, o, co
    if "W7" in want:
        x = (f32(3) * gen_a(16384 * 1024) + np.repeat(gen_b(16384), 1024)).reshape(16384, 1024)
        g, bb = f32(1) + gen_b(1024), gen_c(1024)
        o, co = np.zeros_like(x), np.zeros_like(x)

        def expr():
            mu = x.mean(-1, keepdims=True)
            d = x - mu
            var = (d * d).mean(-1, keepdims=True)
            keep["x"] = d / np.sqrt(var + f32(1e-5)) * g + bb
        run("W7", [("NumPy expression", expr)] + paired("c_w7", x, g, bb, co),
            REPS, WARM, 8 * x.size + 8 * 1024)
        if LIB:
            close("W7", keep["x"], co, 2e-5, 1.0)
        del x, o, co
    if "W8" in want:
        x = gen_a(1 << 26)
        o, co = np.zeros((), f32), np.zeros(1, f32)
        run("W8", [("NumPy out=", lambda: np.sum(x, out=o)), ("NumPy expression", lambda: keep.__setitem__("x", np.sum(x)))]
            + paired("c_w8", x, co), REPS, WARM, 4 * x.size)
        if LIB:
            # gen_a's data cancels (its exact sum is 3.95, the sum of |x|
            # 3.4e7): NumPy's f32 pairwise sum is 3% off the exact sum,
            # within its error bound eps * log2(n) * sum(|x|), which is
            # the scale it is compared at (1e-3 of the sum itself failed).
            bound = float(np.finfo(f32).eps) * np.log2(x.size) * float(np.abs(x).sum(dtype=np.float64))
            close("W8", np.asarray(o).reshape(1), co, 1.0, bound)
        del x
    if "W9" in want:
        x = gen_a(8192 * 4096).reshape(8192, 4096)
        o, co = np.zeros(4096, f32), np.zeros(4096, f32)
        run("W9", [("NumPy out=", lambda: np.sum(x, axis=0, out=o)), ("NumPy expression", lambda: keep.__setitem__("x", x.sum(0)))]
            + paired("c_w9", x, co), REPS, WARM, 4 * x.size + 4 * 4096)
        if LIB:
            close("W9", o, co, 1e-3, 1.0)
        del x
    # W10, W11: transposes of 8192x8192, compared bit for bit.
    if "W10" in want or "W11" in want:
        n = 8192
        x = gen_a(n * n).reshape(n, n)
        o, co = np.zeros((n, n), f32), np.zeros((n, n), f32)
    if "W10" in want:
        run("W10", [("NumPy out=", lambda: np.copyto(o, x.T)),
                    ("NumPy expression", lambda: keep.__setitem__("x", np.ascontiguousarray(x.T)))]
            + paired("c_w10", x, co), T_REPS, 1, 8 * n * n)
        if LIB:
            same("W10", o, co)
            same("W10", keep["x"], co)
    if "W11" in want:
        bt = gen_b(n)
        run("W11", [("NumPy out=", lambda: np.add(x.T, bt, out=o)),
                    ("NumPy expression", lambda: keep.__setitem__("x", x.T + bt))]
            + paired("c_w11", x, bt, co), T_REPS, 1, 8 * n * n + 4 * n)
        if LIB:
            same("W11", o, co)
            same("W11", keep["x"], co)
    transcendental(want)
    keep.clear()
    print(f"numpy: {'FAILED' if bad else 'all outputs equal the C kernels'}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
