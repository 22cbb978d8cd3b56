"""Random NumPy functions for test_jit: each is Python source written
with NumPy's API, built step by step while NumPy itself evaluates every
step on the test's arrays (a step NumPy refuses, or one whose numbers
tirc and NumPy may legitimately round differently where an exact answer
is needed, is not taken).

Every value carries whether it is exact: computed only with correctly
rounded operations (+ - * / sqrt, conversions, max, min, floor, ...), so
that tirc must give the same bits. Comparisons, argmax and float-to-int
conversions only take exact values; transcendental functions, float sums
and means make inexact values, compared within a ulp bound.
"""

import warnings

import numpy as np

DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
          np.float16, np.float32, np.float64]


def rand_array(rng, dtype, shape):
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.random(shape) < 0.5
    if dt.kind == "u":
        return rng.integers(0, 40, shape).astype(dt)
    if dt.kind == "i":
        return rng.integers(-20, 21, shape).astype(dt)
    return (rng.standard_normal(shape) * 2).astype(dt)


class Node:
    def __init__(self, src, value, exact, static, err=0.0):
        self.src, self.value, self.exact = src, value, exact
        # an inexact value's relative error bound, in units of the
        # coarsest rounding on its way (a float16 step feeding a float64
        # result keeps float16's epsilon)
        self.err = err
        # whether every dim is static in the trace (slicing needs it)
        self.static = static

    @property
    def dt(self):
        return np.asarray(self.value).dtype


def _shapes(rng):
    """1-3 argument shapes that broadcast together."""
    rank = int(rng.integers(0, 4))
    base = [int(rng.integers(1, 5)) for _ in range(rank)]
    shapes = []
    for _ in range(int(rng.integers(1, 4))):
        r = int(rng.integers(0, rank + 1)) if shapes else rank
        s = base[rank - r:]
        s = [1 if rng.random() < 0.25 else d for d in s]
        shapes.append(tuple(s))
    return shapes


UNARY_EXACT = ["np.abs", "np.negative", "np.floor", "np.ceil", "np.trunc", "np.rint", "np.square", "np.sign",
               "np.positive"]
UNARY_FLOAT = ["np.exp", "np.tanh", "np.sin", "np.cos", "np.arctan", "np.exp2", "np.expm1"]
UNARY_POS = ["np.log", "np.sqrt", "np.log1p", "np.log2", "np.log10"]


class Gen:
    """One random function: its source, arguments and dynamic= setting."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.seed = seed

    def make(self):
        rng = self.rng
        self.dynamic = [None, None, False, True][int(rng.integers(0, 4))]
        shapes = _shapes(rng)
        self.args, self.nodes, self.lines = [], [], []
        for i, s in enumerate(shapes):
            dt = DTYPES[int(rng.integers(0, len(DTYPES)))]
            a = rand_array(rng, dt, s)
            self.args.append(a)
            static = self.dynamic is False or len(s) == 0
            self.nodes.append(Node("a%d" % i, a, True, static))
        steps = int(rng.integers(2, 7))
        tries = 0
        while len(self.lines) < steps and tries < 200:
            tries += 1
            self._step()
        outs = self.nodes[-1:] if rng.random() < 0.7 or len(self.nodes) < 2 else self.nodes[-2:]
        params = ", ".join("a%d" % i for i in range(len(self.args)))
        body = "".join("    %s\n" % l for l in self.lines)
        ret = ", ".join(n.src for n in outs)
        self.source = "def f%d(%s):\n%s    return %s\n" % (self.seed, params, body, ret)
        self.exact = [n.exact for n in outs]
        self.err = [n.err for n in outs]
        return self

    def _pick(self, pred=lambda n: True):
        cands = [n for n in self.nodes if pred(n)]
        if not cands:
            return None
        # favour recent values, so that steps chain
        w = np.arange(1, len(cands) + 1, dtype=np.float64) ** 2
        return cands[int(self.rng.choice(len(cands), p=w / w.sum()))]

    def _try(self, expr, exact, static, env_nodes):
        """Evaluates expr under NumPy; keeps it as a new step if NumPy
        accepts it without warnings about invalid casts."""
        env = {"np": np}
        for n in self.nodes:
            env[n.src] = n.value
        try:
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("error", DeprecationWarning)
                warnings.simplefilter("ignore", RuntimeWarning)
                v = eval(expr, env)
        except Exception:
            return False
        if isinstance(v, np.ndarray) and v.dtype.kind not in "biuf" or np.asarray(v).dtype.kind not in "biuf":
            return False
        if np.asarray(v).size > 4096:
            return False
        name = "t%d" % len(self.lines)
        self.lines.append("%s = %s" % (name, expr))
        err = 0.0
        if not exact:
            dt = np.asarray(v).dtype
            err = max([n.err for n in env_nodes] + [float(np.finfo(dt).eps) if dt.kind == "f" else 0.0])
        self.nodes.append(Node(name, v, exact, static, err))
        return True

    def _step(self):
        rng = self.rng
        kind = int(rng.integers(0, 13))
        a = self._pick()
        b = self._pick()
        fa = a.dt.kind == "f"
        if kind == 0:  # + - *
            op = ["+", "-", "*"][int(rng.integers(0, 3))]
            return self._try("%s %s %s" % (a.src, op, b.src), a.exact and b.exact, a.static and b.static, [a, b])
        if kind == 1:  # true division (floats: IEEE; ints: float64)
            return self._try("%s / %s" % (a.src, b.src), a.exact and b.exact, a.static and b.static, [a, b])
        if kind == 2:  # // and % by a nonzero divisor that is not -1
            op = ["//", "%"][int(rng.integers(0, 2))]
            if not a.exact:  # a step function of an inexact value may jump
                return False
            if b.dt.kind in "iu" and rng.random() < 0.5:
                d = "((%s & 7) + 1)" % b.src
            else:
                d = str(int(rng.choice([-5, -3, -2, 2, 3, 4, 7])))
            return self._try("%s %s %s" % (a.src, op, d), a.exact, a.static and b.static, [a, b])
        if kind == 3:  # powers
            if fa and rng.random() < 0.3:
                return self._try("np.abs(%s) ** %s" % (a.src, rng.choice(["0.5", "1.5", "b"]).replace("b", "np.abs(%s)" % b.src if b.dt.kind == "f" else "2.0")), False, a.static, [a])
            e = int(rng.integers(0, 4))  # a float ** 3 is pow(): within 2 ulp, not NumPy's bits
            return self._try("%s ** %d" % (a.src, e), a.exact and (e <= 2 or not fa), a.static, [a])
        if kind == 4:  # comparisons of exact values
            if not (a.exact and b.exact):
                return False
            op = ["<", "<=", ">", ">=", "==", "!="][int(rng.integers(0, 6))]
            return self._try("(%s %s %s)" % (a.src, op, b.src), True, a.static and b.static, [a, b])
        if kind == 5:  # bitwise
            if fa or b.dt.kind == "f":
                return False
            if rng.random() < 0.25:
                return self._try("~%s" % a.src, True, a.static, [a])
            op = ["&", "|", "^"][int(rng.integers(0, 3))]
            return self._try("(%s %s %s)" % (a.src, op, b.src), True, a.static and b.static, [a, b])
        if kind == 6:  # unary ufuncs
            r = rng.random()
            if r < 0.4:
                f = UNARY_EXACT[int(rng.integers(0, len(UNARY_EXACT)))]
                if not a.exact and f in ("np.floor", "np.ceil", "np.trunc", "np.rint", "np.sign"):
                    return False
                return self._try("%s(%s)" % (f, a.src), a.exact, a.static, [a])
            if r < 0.7:
                f = UNARY_FLOAT[int(rng.integers(0, len(UNARY_FLOAT)))]
                arg = a.src if not fa else "np.clip(%s, -8, 8)" % a.src
                return self._try("%s(%s)" % (f, arg), False, a.static, [a])
            f = UNARY_POS[int(rng.integers(0, len(UNARY_POS)))]
            exact = f == "np.sqrt" and a.exact
            return self._try("%s(np.abs(%s) + 1)" % (f, a.src), exact, a.static, [a])
        if kind == 7:
            return self._reduce(a)
        if kind == 8:
            return self._shape_op(a)
        if kind == 9:
            return self._astype(a)
        if kind == 10:  # where, clip, maximum, minimum, concatenate
            r = rng.random()
            c = self._pick(lambda n: n.dt.kind == "b" and n.exact)
            if r < 0.3 and c is not None:
                return self._try("np.where(%s, %s, %s)" % (c.src, a.src, b.src), a.exact and b.exact,
                                 a.static and b.static and c.static, [a, b, c])
            if r < 0.5:
                return self._try("np.clip(%s, %s, %s)" % (a.src, rng.choice(["-3", "0", "1.5", "None"]), rng.choice(["2", "5", "7.5"])),
                                 a.exact, a.static, [a])
            if r < 0.8:
                f = rng.choice(["np.maximum", "np.minimum", "np.fmax", "np.fmin"])
                return self._try("%s(%s, %s)" % (f, a.src, b.src), a.exact and b.exact, a.static and b.static, [a, b])
            ax = int(rng.integers(0, max(a.value.ndim, 1))) if np.ndim(a.value) else 0
            return self._try("np.concatenate([%s, %s], axis=%d)" % (a.src, b.src, ax), a.exact and b.exact,
                             a.static and b.static, [a, b])
        if kind == 11:  # Python and NumPy scalars
            s = rng.choice(["3", "-2", "1000", "2.5", "True", "np.float32(1.5)", "np.int16(3)", "np.uint8(7)",
                            "np.float64(0.25)", "np.int64(-4)", "0.1"])
            op = rng.choice(["+", "*", "-", "/"])
            if rng.random() < 0.5:
                return self._try("%s %s %s" % (a.src, op, s), a.exact, a.static, [a])
            return self._try("%s %s %s" % (s, op, a.src), a.exact, a.static, [a])
        # constants: *_like and np.arange
        r = rng.random()
        if r < 0.5:
            f = rng.choice(["np.zeros_like(%s)", "np.ones_like(%s)", "np.full_like(%s, 3)"])
            return self._try("%s + %s" % (f % a.src, b.src), a.exact and b.exact, a.static and b.static, [a, b])
        n = np.shape(a.value)[-1] if np.ndim(a.value) else 1
        return self._try("np.arange(%d) * %s" % (n, a.src), a.exact, a.static, [a])

    def _reduce(self, a):
        rng = self.rng
        nd = np.ndim(a.value)
        f = rng.choice(["sum", "mean", "max", "min", "prod", "any", "all", "argmax", "argmin"])
        if f in ("argmax", "argmin") and not a.exact:
            return False
        if nd == 0:
            axis = "None"
        elif f in ("argmax", "argmin"):
            axis = rng.choice(["None", str(int(rng.integers(-nd, nd)))])
        else:
            opts = ["None", str(int(rng.integers(-nd, nd)))]
            if nd > 1:
                opts.append("(0, %d)" % (nd - 1))
            axis = rng.choice(opts)
        keep = ", keepdims=True" if rng.random() < 0.4 else ""
        exact = a.exact and (f in ("max", "min", "any", "all", "argmax", "argmin") or a.dt.kind in "biu" and f != "mean")
        if rng.random() < 0.5:
            expr = "%s.%s(axis=%s%s)" % (a.src, f, axis, keep)
        else:
            expr = "np.%s(%s, axis=%s%s)" % (f, a.src, axis, keep)
        return self._try(expr, exact, a.static, [a])

    def _shape_op(self, a):
        rng = self.rng
        nd = np.ndim(a.value)
        r = rng.random()
        if r < 0.2:
            return self._try("%s.T" % a.src, a.exact, a.static, [a])
        if r < 0.35 and nd >= 2:
            perm = list(rng.permutation(nd))
            return self._try("%s.transpose(%s)" % (a.src, ", ".join(map(str, perm))), a.exact, a.static, [a])
        if r < 0.5:
            return self._try("%s.reshape(-1)" % a.src, a.exact, a.static, [a])
        if r < 0.65:
            return self._try(rng.choice(["%s[None]", "%s[..., None]", "%s[:, None]"]) % a.src, a.exact, a.static, [a])
        if not a.static or nd == 0:
            return False
        shape = np.shape(a.value)
        parts = []
        for d in shape:
            c = rng.random()
            if c < 0.3:
                parts.append(":")
            elif c < 0.55 and d > 1:
                parts.append("1:")
            elif c < 0.7:
                parts.append("::2")
            elif c < 0.85:
                parts.append(str(int(rng.integers(-d, d))))
            else:
                parts.append(":%d" % max(d - 1, 1))
        return self._try("%s[%s]" % (a.src, ", ".join(parts)), a.exact, a.static, [a])

    def _astype(self, a):
        rng = self.rng
        to = np.dtype(DTYPES[int(rng.integers(0, len(DTYPES)))])
        v = np.asarray(a.value)
        if v.dtype.kind == "f" and to.kind in "iu":
            # NumPy's float -> int outside the range is undefined (tirc saturates)
            if not a.exact or not np.isfinite(v).all():
                return False
            info = np.iinfo(to)
            if v.size and (v.min() <= info.min or v.max() >= info.max):
                return False
        return self._try("%s.astype(np.%s)" % (a.src, to.type.__name__), a.exact, a.static, [a])
