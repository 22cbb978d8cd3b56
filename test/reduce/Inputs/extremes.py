"""argmax, argmin, max, min, any and all against NumPy (run by
test/reduce/extremes.test): rows of length 0-70 made of ties, NaNs, ±inf
and ±0, every element type, arguments laid out contiguous, Fortran-order,
every other element, walked backwards and one element off alignment, on 1
and 3 threads (nests of any size split), rows, columns and whole long
vectors (the blocked full reduction). argmax/argmin must give NumPy's
index exactly: the first extreme, the first NaN when there is one.
max/min give NumPy's value; NaN propagates and a zero result is +0 for
max when a +0 is in the row and -0 for min when a -0 is (SPEC: -0 < +0).

usage: extremes.py TIRC OUT_DIR
  through the Python package: i1, i8-i64, f16, f32, f64 in views of any
  layout; through tirc's .npy driver (the package has no unsigned
  types): ui8-ui64 and bf16 (converted from f32 values bf16 holds
  exactly) in C and Fortran order. Prints one line per part and "ok".
"""

import os
import subprocess
import sys

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
import tirc  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "test", "contract", "Inputs"))
from npycall import Batch  # noqa: E402

# The driver's main is renamed and run by batch_main.c for every call.
BATCH_MAIN = os.path.join(ROOT, "test", "contract", "Inputs", "batch_main.c")

TIRC, OUT = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(33)
KINDS = ["argmax", "argmin", "max", "min"]
failures = []


def fn(name, op, dims, t, rt):
    pre = "tir." if op.startswith("arg") or op.startswith("convert") else "tir.reduce_"
    return f"""func.func @{name}(%x: {t}) -> {rt} {{
  %r = {pre}{op} %x {{dims = array<i64: {dims}>}} : ({t}) -> {rt}
  return %r : {rt}
}}
"""


def row_values(n, dtype):
    """One row of n elements: ties, and for floats NaNs, infinities and
    signed zeros at random places."""
    if dtype == np.bool_:
        return rng.integers(0, 2, n).astype(np.bool_) if rng.integers(3) else np.full(n, bool(rng.integers(2)))
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        pool = np.array([info.min, info.max, 0, 1, 2, min(info.max, 3), max(info.min, -1)], dtype)
        mode = rng.integers(6)
        if mode == 0:
            return np.full(n, pool[rng.integers(len(pool))], dtype)
        if mode == 1:
            return pool[rng.integers(0, 3, n)]  # MIN, MAX and 0 only
        return pool[rng.integers(0, len(pool), n)]
    mode = rng.integers(8)
    if mode == 0:
        return np.full(n, [-np.inf, np.inf, np.nan, -0.0, 0.0][rng.integers(5)], dtype)
    if mode == 1:
        return np.where(rng.integers(0, 2, n) == 0, -0.0, 0.0).astype(dtype)
    r = rng.integers(-2, 3, n).astype(dtype)
    for _ in range(rng.integers(0, 3)):
        if n:
            r[rng.integers(n)] = [np.nan, np.inf, -np.inf, -0.0][rng.integers(4)]
    return r


def matrix(rows, n, dtype):
    return np.stack([row_values(n, dtype) for _ in range(rows)]) if rows else np.zeros((0, n), dtype)


def expected(kind, x, axis):
    """NumPy's answer, None when NumPy raises (an empty reduced extent)."""
    try:
        if kind == "argmax":
            return np.argmax(x, axis=axis)
        if kind == "argmin":
            return np.argmin(x, axis=axis)
        if kind in ("any", "all"):
            return getattr(np, kind)(x, axis=axis)
        v = np.max(x, axis=axis) if kind == "max" else np.min(x, axis=axis)
    except ValueError:
        return None
    if x.dtype.kind == "f":
        # the sign of a zero extreme (SPEC: -0 < +0), which NumPy leaves open
        want_neg = kind == "min"
        zeros = (x == 0)
        has = np.any(zeros & (np.signbit(x) == want_neg), axis=axis)
        v = np.where((v == 0) & has, np.asarray(-0.0 if want_neg else 0.0, x.dtype), v)
        v = np.where((v == 0) & ~has, np.asarray(0.0 if want_neg else -0.0, x.dtype), v)
    return v


def same(got, want):
    got, want = np.asarray(got), np.asarray(want)
    if got.shape != want.shape:
        return False
    if want.dtype.kind == "f":
        g, w = got.astype(np.float64), want.astype(np.float64)
        return bool(np.all((np.isnan(g) & np.isnan(w)) | ((g == w) & (np.signbit(g) == np.signbit(w)))))
    return bool(np.array_equal(got, want))


def check(what, kind, x, axis, call):
    want = expected(kind, x, axis)
    try:
        got = call()
    except tirc.Error as e:
        if want is not None or "no identity for an empty set" not in str(e):
            failures.append(f"{what}: {kind} of {x.shape} {x.dtype} axis {axis}: tirc.Error {e}, NumPy {want}")
        return
    if want is None or not same(got, want):
        failures.append(f"{what}: {kind} of {x.shape} {x.dtype} axis {axis}:\n  x = {x.tolist()}\n  got  {np.asarray(got).tolist()}\n  want {want}")


def layouts(x):
    """x laid out several ways, each a view holding x's values."""
    r, n = x.shape
    yield "contiguous", x
    yield "fortran", np.asfortranarray(x)
    wide = np.zeros((r, 2 * n + 1), x.dtype)
    wide[:, ::2][:, :n] = x
    yield "stride 2", wide[:, ::2][:, :n]
    back = np.ascontiguousarray(x[:, ::-1])
    yield "backwards", back[:, ::-1]
    off = np.zeros(r * n + 1, x.dtype)
    off[1:] = x.ravel()
    yield "offset 1", off[1:].reshape(r, n)


def python_module():
    """The module: rows of every kind and type, columns of argmax/argmin
    (the scratch row of indices), whole vectors."""
    src = []
    for e in PY_ELEMS:
        t = f"tensor<?x?x{e}>"
        for k in KINDS:
            rt = "tensor<?xi64>" if k.startswith("arg") else f"tensor<?x{e}>"
            src.append(fn(f"row{k}_{e}", k, 1, t, rt))
            if k.startswith("arg"):
                src.append(fn(f"col{k}_{e}", k, 0, t, rt))
                if e in VEC_ELEMS:
                    src.append(fn(f"vec_{k}_{e}", k, 0, f"tensor<?x{e}>", "tensor<i64>"))
    # Static rows (i32 lane indices when shorter than 2^31): the vector
    # loop, the first chain and the tail all at once.
    for e in STATIC_ELEMS:
        for n in STATIC_ROWS:
            for k in ["argmax", "argmin"]:
                src.append(fn(f"srow{k}_{e}_{n}", k, 1, f"tensor<5x{n}x{e}>", "tensor<5xi64>"))
    t = "tensor<?x?xi1>"
    for k in ["any", "all", "argmax", "argmin"]:
        rt = "tensor<?xi64>" if k.startswith("arg") else "tensor<?xi1>"
        src.append(fn(f"row{k}_i1", k, 1, t, rt))
        src.append(fn(f"col{k}_i1", k, 0, t, rt))
    return "".join(src)


PY_ELEMS = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
            "f16": np.float16, "f32": np.float32, "f64": np.float64}
VEC_ELEMS = ("i8", "f16", "f32")
STATIC_ELEMS = ("i16", "f32", "f64")
STATIC_ROWS = (70, 1000)


def python_part():
    # One build, nests of any size split over libgomp's threads: called
    # on one thread (OMP_NUM_THREADS=1 from the environment), then on
    # three (the module's omp_set_num_threads).
    b = tirc._build(python_module(), tirc=TIRC, threads=3, parallel_threshold=1,
                    cache=os.path.join(OUT, "cache"), shim=True)
    calls = 0
    for threads in (1, 3):
        m = tirc.Module(b, 3 if threads == 3 else None)
        for e, dt in list(PY_ELEMS.items()) + [("i1", np.bool_)]:
            kinds = ["argmax", "argmin", "any", "all"] if e == "i1" else KINDS
            for n in range(71):
                rows = [3, 5, 0][n % 3] if n else 2
                x = matrix(rows, n, dt)
                for lay, v in layouts(x):
                    for k in kinds:
                        what = f"threads {threads}, {lay}"
                        check(what, k, x, 1, lambda: getattr(m, f"row{k}_{e}")(v))
                        calls += 1
                        if k.startswith("arg") or e == "i1":
                            check(what, k, x, 0, lambda: getattr(m, f"col{k}_{e}")(v))
                            calls += 1
            for n in STATIC_ROWS if e in STATIC_ELEMS else ():
                for _ in range(4):
                    x = matrix(5, n, dt)
                    for k in ["argmax", "argmin"]:
                        check(f"threads {threads}, static", k, x, 1, lambda: getattr(m, f"srow{k}_{e}_{n}")(x))
                        calls += 1
            if e not in VEC_ELEMS:
                continue
            # Whole vectors over several blocks of the full reduction
            # (2^16 elements each), the extremes, ties and NaNs near
            # block edges.
            for case in range(6):
                n = [1, 65536, 65537, 200003, 131072, 70000][case]
                x = rng.integers(-2, 3, n).astype(dt)
                for p in rng.integers(0, n, 3).tolist() + [min(n - 1, 65535), min(n - 1, 65536)]:
                    x[p] = row_values(1, dt)[0] if case % 2 else (np.nan if x.dtype.kind == "f" else np.iinfo(dt).max)
                for k in ["argmax", "argmin"]:
                    for lay, v in [("contiguous", x), ("backwards", np.ascontiguousarray(x[::-1])[::-1])]:
                        check(f"threads {threads}, {lay}", k, x, 0, lambda: getattr(m, f"vec_{k}_{e}")(v))
                        calls += 1
    print(f"python package: {calls} calls")


def driver_part():
    """ui8-ui64 and bf16 through tirc's .npy driver, 1 and 3 threads."""
    elems = {"ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64}
    src = []
    for e in elems:
        t = f"tensor<?x?x{e}>"
        for k in KINDS:
            rt = "tensor<?xi64>" if k.startswith("arg") else f"tensor<?x{e}>"
            src.append(fn(f"row{k}_{e}", k, 1, t, rt))
    for k in KINDS:
        rt = "tensor<?xi64>" if k.startswith("arg") else "tensor<?xf32>"
        # bf16: the f32 values converted (exactly) and reduced in bf16
        red = f"%r = tir.{k}" if k.startswith("arg") else f"%r = tir.reduce_{k}"
        conv = "%c = tir.convert %x : (tensor<?x?xf32>) -> tensor<?x?xbf16>"
        back = "" if k.startswith("arg") else "\n  %f = tir.convert %r : (tensor<?xbf16>) -> tensor<?xf32>"
        ret = "%r" if k.startswith("arg") else "%f"
        mid = "tensor<?xi64>" if k.startswith("arg") else "tensor<?xbf16>"
        src.append(f"""func.func @row{k}_bf16(%x: tensor<?x?xf32>) -> {rt} {{
  {conv}
  {red} %c {{dims = array<i64: 1>}} : (tensor<?x?xbf16>) -> {mid}{back}
  return {ret} : {rt}
}}
""")
    mlir = os.path.join(OUT, "u.mlir")
    with open(mlir, "w") as f:
        f.write("".join(src))
    ll, drv, prog = (os.path.join(OUT, p) for p in ("u.ll", "u_driver.c", "u_prog"))
    subprocess.run([TIRC, "-emit-llvm", "-parallel-threshold=1", mlir, "-o", ll], check=True)
    subprocess.run([TIRC, "-emit-c-driver", mlir, "-o", drv], check=True)
    subprocess.run(["clang", "-O2", "-w", ll, drv, "-Dmain=tirc_driver_main", BATCH_MAIN, "-o", prog, "-lm", "-lgomp"],
                   check=True)
    # Every element type and row length, each in C and Fortran order, on 1
    # and 3 threads: the calls of a thread count run in one process.
    inputs = []
    for e, dt in list(elems.items()) + [("bf16", np.float32)]:
        for n in (0, 1, 3, 16, 17, 33, 70):
            x = matrix(5, n, dt)
            for order in "CF":
                inputs.append((e, x, f"{e}_{n}_{order}", np.asarray(x, order=order)))
    batch, jobs = Batch(prog, OUT), []
    for threads in (1, 3):
        for e, x, name, v in inputs:
            for k in KINDS:
                jobs.append((f"driver, threads {threads}, {name}", k, x, batch.call(f"row{k}_{e}", [v], 1, threads)))
    results, errors = batch.run()
    failures.extend(errors)
    calls = len(jobs)
    for what, k, x, c in jobs:
        want = expected(k, x, 1)
        if isinstance(results[c], tuple):
            st, err = results[c]
            if want is not None or st != 1 or "no identity for an empty set" not in err:
                failures.append(f"{what}: {k}: status {st} {err.strip()}, NumPy {want}")
            continue
        got = results[c][0]
        if want is None or not same(got, want):
            failures.append(f"{what}: {k}:\n  x = {x.tolist()}\n  got  {got.tolist()}\n  want {want}")
    print(f"driver: {calls} calls")


python_part()
driver_part()
for f in failures[:20]:
    print("FAIL", f)
print("failures:", len(failures))
print("ok" if not failures else "not ok")
