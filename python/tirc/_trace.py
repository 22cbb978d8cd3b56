"""Tracing: abstract arrays (Tracer) that record the NumPy operations a
function applies to them as tir IR (MLIR text, generic op form).

A Tracer has a dtype and a shape whose dimensions are ints (static) or
None (dynamic, '?' in the IR). It implements NumPy's operators and its
dispatch protocols (__array_ufunc__, __array_function__), so that a
function written against plain ``numpy`` calls back into the tracer:
``np.exp(x)`` and ``x.sum(1)`` record ops instead of computing. The ops
themselves are in _ops.py.

Every op carries the location of the user's Python line that made it,
both as an MLIR ``loc("file.py":line:col)`` and in the function's line
map, which turns tirc's diagnostics (reported at lines of the traced text)
back into Python lines.
"""

import os
import sys

import numpy as np

_PKG = os.path.dirname(os.path.realpath(__file__))
_NUMPY = os.path.dirname(os.path.realpath(np.__file__))


class TraceError(TypeError):
    """An operation tirc.jit cannot trace, reported at the user's Python
    line: filename and lineno say where, message what and what to use
    instead."""

    def __init__(self, message, loc=None):
        loc = loc or user_loc()
        self.message, self.filename, self.lineno = message, loc[0], loc[1]
        super().__init__("%s:%d: %s" % (loc[0], loc[1], message))


def user_loc():
    """(file, line, col) of the innermost frame outside tirc and NumPy:
    the user's line that is being traced."""
    f = sys._getframe(1)
    while f is not None:
        fn = f.f_code.co_filename
        real = os.path.realpath(fn) if not fn.startswith("<") else fn
        if not (real.startswith(_PKG + os.sep) or real.startswith(_NUMPY + os.sep) or fn.startswith("<__array_function__")):
            col = 1
            try:
                pos = list(f.f_code.co_positions())[f.f_lasti // 2]
                col = (pos[2] or 0) + 1
            except (AttributeError, IndexError, TypeError):
                pass
            return fn, f.f_lineno, col
        f = f.f_back
    return "<unknown>", 0, 0


# NumPy dtype name -> MLIR element type. Signless iN is NumPy's signed
# integer in tir ops (signed division, comparison, extension).
ELEM = {
    "bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
    "float16": "f16", "float32": "f32", "float64": "f64",
}


def elem(dt):
    dt = np.dtype(dt)
    if dt.name not in ELEM:
        raise TraceError("dtype %s has no tirc element type (tirc.jit supports %s)" % (dt, ", ".join(ELEM)))
    return ELEM[dt.name]


def shape_text(shape):
    """NumPy's way of writing a shape, '?' for a dynamic dimension."""
    dims = ["?" if d is None else str(d) for d in shape]
    return "(" + ",".join(dims) + ("," if len(dims) == 1 else "") + ")"


def tensor_type(dt, shape):
    return "tensor<%s%s>" % ("".join(("?" if d is None else str(d)) + "x" for d in shape), elem(dt))


def literal(v, dt):
    """One element of a dense attribute, exactly (floats that have no
    short decimal form are written as their bits)."""
    dt = np.dtype(dt)
    if dt.kind == "b":
        return "true" if v else "false"
    if dt.kind in "iu":
        return str(int(v))
    x = dt.type(v)
    f = float(x)
    s = repr(f)
    if np.isfinite(f) and "e" not in s and "." in s:
        return s
    bits = x.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[dt.itemsize])
    return "0x%0*X" % (2 * dt.itemsize, int(bits))


def dense(a):
    """The dense<...> text of array a (a splat when all elements are equal)."""
    flat = a.reshape(-1)
    if flat.size and (flat == flat[0]).all() and not (a.dtype.kind == "f" and np.isnan(flat).any()) \
            or flat.size and a.dtype.kind == "f" and np.isnan(flat).all():
        return "dense<%s>" % literal(flat[0], a.dtype)

    def rec(x):
        if x.ndim == 0:
            return literal(x[()], a.dtype)
        return "[" + ", ".join(rec(y) for y in x) + "]"

    return "dense<%s>" % rec(a)


class Func:
    """The function being traced: its ops (text and Python location),
    arguments and constants."""

    def __init__(self, name):
        self.name = name
        self.ops = []  # (text, (file, line, col))
        self.params = []  # (value name, type)
        self.n = 0
        self.consts = {}

    def fresh(self):
        self.n += 1
        return "%%v%d" % self.n

    def param(self, name, dt, shape):
        t = Tracer(self, "%" + name, np.dtype(dt), tuple(shape))
        self.params.append((t.name, tensor_type(dt, shape)))
        return t

    def op(self, name, operands, dt, shape, attrs=None, loc=None):
        """Records `name` applied to operands (Tracers) with a result of
        dtype dt and shape; returns the result's Tracer."""
        loc = loc or user_loc()
        res = Tracer(self, self.fresh(), np.dtype(dt), tuple(shape))
        types = ", ".join(tensor_type(o.dtype, o.shape) for o in operands)
        attr = " {%s}" % ", ".join("%s = %s" % kv for kv in attrs.items()) if attrs else ""
        text = '%s = "%s"(%s)%s : (%s) -> %s loc("%s":%d:%d)' % (
            res.name, name, ", ".join(o.name for o in operands), attr, types,
            tensor_type(dt, shape), _escape(loc[0]), loc[1], loc[2])
        self.ops.append((text, loc))
        return res

    def dim_size(self, t, axis):
        """The run-time size of dimension axis of t, as a rank-0 int64
        Tracer that promotes as the Python int NumPy would have there."""
        key = (t.name, axis)
        if key not in self.consts:
            loc = user_loc()
            c, n, i = self.fresh(), self.fresh(), self.fresh()
            at = 'loc("%s":%d:%d)' % (_escape(loc[0]), loc[1], loc[2])
            for text in ('%s = "arith.constant"() {value = %d : index} : () -> index %s' % (c, axis, at),
                         '%s = "tensor.dim"(%s, %s) : (%s, index) -> index %s' % (n, t.name, c, tensor_type(t.dtype, t._shape), at),
                         '%s = "arith.index_cast"(%s) : (index) -> i64 %s' % (i, n, at)):
                self.ops.append((text, loc))
            r = Tracer(self, self.fresh(), np.dtype(np.int64), ())
            self.ops.append(('%s = "tensor.splat"(%s) : (i64) -> tensor<i64> %s' % (r.name, i, at), loc))
            r.scalar = r.weak = True
            self.consts[key] = r
        return self.consts[key]

    def const(self, value, dt=None):
        """A constant tensor holding value (converted to dt, as NumPy's
        astype does)."""
        a = np.asarray(value) if dt is None else np.asarray(value).astype(dt)
        elem(a.dtype)
        key = (a.dtype.str, a.shape, a.tobytes())
        if key not in self.consts:
            self.consts[key] = self.op("tir.constant", [], a.dtype, a.shape, {"value": "%s : %s" % (dense(a), tensor_type(a.dtype, a.shape))})
        return self.consts[key]

    def text(self, results, name=None):
        """The func.func text (named name, else self.name) and its line map
        (line in the text, from 1 -> Python location)."""
        res_types = [tensor_type(r.dtype, r._shape) for r in results]
        head = "func.func @%s(%s) -> (%s) {" % (name or self.name, ", ".join("%s: %s" % p for p in self.params), ", ".join(res_types))
        lines, locs = [head], {}
        for text, loc in self.ops:
            lines.append("  " + text)
            locs[len(lines)] = loc
        lines.append("  return %s : %s" % (", ".join(r.name for r in results), ", ".join(res_types)))
        lines.append("}")
        return "\n".join(lines) + "\n", locs


def _escape(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


class DynamicDim:
    """A dynamic dimension in a traced shape (x.shape[0] when that size is
    '?'): its size is not known while tracing. It may be passed back to
    reshape; using it as a number is a TraceError."""

    __slots__ = ("owner", "axis")

    def __init__(self, owner, axis):
        self.owner, self.axis = owner, axis

    def _fail(self, *_):
        raise TraceError("dimension %d of a traced array is dynamic ('?'): its size is known only when the function "
                         "runs, so it cannot be used as a number while tracing; make it static "
                         "(tirc.jit(f, dynamic=...) without this dim) or use an op that does not need it "
                         "(x.mean(axis) instead of x.sum(axis) / n)" % self.axis)

    __index__ = __int__ = __float__ = __bool__ = _fail
    __lt__ = __le__ = __gt__ = __ge__ = _fail

    def traced(self):
        """The size as a traced rank-0 int64 value."""
        return self.owner.fn.dim_size(self.owner, self.axis)

    __add__ = lambda self, o: self.traced() + o  # noqa: E731
    __radd__ = lambda self, o: o + self.traced()  # noqa: E731
    __sub__ = lambda self, o: self.traced() - o  # noqa: E731
    __rsub__ = lambda self, o: o - self.traced()  # noqa: E731
    __mul__ = lambda self, o: self.traced() * o  # noqa: E731
    __rmul__ = lambda self, o: o * self.traced()  # noqa: E731
    __truediv__ = lambda self, o: self.traced() / o  # noqa: E731
    __rtruediv__ = lambda self, o: o / self.traced()  # noqa: E731
    __floordiv__ = lambda self, o: self.traced() // o  # noqa: E731
    __rfloordiv__ = lambda self, o: o // self.traced()  # noqa: E731
    __mod__ = lambda self, o: self.traced() % o  # noqa: E731

    def __eq__(self, other):
        if isinstance(other, DynamicDim):
            return other.owner is self.owner and other.axis == self.axis
        self._fail()

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((id(self.owner), self.axis))

    def __repr__(self):
        return "?"


class Tracer:
    """An abstract array: dtype, shape (None for a dynamic dimension),
    and the SSA value that holds it in the traced function."""

    __array_priority__ = 1000

    def __init__(self, fn, name, dtype, shape):
        self.fn, self.name, self.dtype, self._shape = fn, name, dtype, shape
        # a rank-0 value NumPy would hold as a NumPy scalar (what ufuncs
        # and reductions return), not a 0-d array: NumPy's scalar
        # arithmetic promotes differently (np.bool_(1) ** 2 is int64)
        self.scalar = False
        # a value NumPy would hold as a Python int (a dynamic size): weak
        self.weak = False

    @property
    def shape(self):
        return tuple(DynamicDim(self, i) if d is None else d
                     for i, d in enumerate(self._shape))

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def size(self):
        if None in self._shape:
            raise TraceError("x.size of a traced array with dynamic dimensions %s is not known while tracing"
                             % shape_text(self._shape))
        return int(np.prod(self._shape, dtype=np.int64))

    def __repr__(self):
        return "Tracer(%s, shape=%s, dtype=%s)" % (self.name, shape_text(self._shape), self.dtype)

    def __len__(self):
        if not self._shape:
            raise TypeError("len() of unsized object")
        if self._shape[0] is None:
            DynamicDim(self, 0)._fail()
        return self._shape[0]

    def _no(self, what, instead):
        raise TraceError("%s of a traced array is not known while tracing: %s" % (what, instead))

    def __bool__(self):
        self._no("the truth value (Python if/while/and/or on an array)", "use np.where(cond, a, b) to choose per element")

    def __int__(self):
        self._no("the value (int(x), float(x), x.item())", "keep it an array (a 0-d result is returned as a NumPy scalar)")

    __float__ = __index__ = __complex__ = __int__

    def item(self, *a):
        self.__int__()

    def tolist(self):
        self.__int__()

    def __iter__(self):
        self._no("iteration (for ... in x, list(x), unpacking)", "use array operations over the whole axis")

    def __array__(self, *a, **k):
        self._no("a concrete array (np.asarray(x), or a NumPy function that converts its argument)",
                 "use NumPy functions that tirc.jit supports (see help(tirc.jit))")

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        from . import _ops
        return _ops.ufunc(ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        from . import _ops
        return _ops.function(func, args, kwargs)

    def __getitem__(self, key):
        from . import _ops
        return _ops.getitem(self, key)

    def __setitem__(self, key, value):
        raise TraceError("assignment into a traced array (x[...] = v) is not supported: "
                         "build the value with np.where(mask, v, x) or np.concatenate")

    def __hash__(self):
        return id(self)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise TraceError("x.%s of a traced array is not supported by tirc.jit (see help(tirc.jit) for what is)" % name)


def _install_operators():
    """Tracer's arithmetic, comparison and bitwise operators: NumPy's
    ufuncs, as ndarray's operators are."""
    ops = {
        "add": np.add, "sub": np.subtract, "mul": np.multiply, "truediv": np.true_divide,
        "floordiv": np.floor_divide, "mod": np.remainder, "pow": np.power, "matmul": np.matmul,
        "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor,
        "lshift": np.left_shift, "rshift": np.right_shift,
    }

    def binop(uf, reflected):
        if reflected:
            return lambda self, other: _binary_op(uf, other, self)
        return lambda self, other: _binary_op(uf, self, other)

    for name, uf in ops.items():
        setattr(Tracer, "__%s__" % name, binop(uf, False))
        setattr(Tracer, "__r%s__" % name, binop(uf, True))
    for name, uf in {"lt": np.less, "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal,
                     "eq": np.equal, "ne": np.not_equal}.items():
        setattr(Tracer, "__%s__" % name, binop(uf, False))
    for name, uf in {"neg": np.negative, "pos": np.positive, "abs": np.absolute, "invert": np.invert}.items():
        setattr(Tracer, "__%s__" % name, (lambda u: lambda self: _unary_op(u, self))(uf))


def _binary_op(uf, a, b):
    from . import _ops
    return _ops.ufunc(uf, "__call__", (a, b), {}, operator=True)


def _unary_op(uf, a):
    from . import _ops
    return _ops.ufunc(uf, "__call__", (a,), {}, operator=True)


_install_operators()


def _install_methods():
    """ndarray's methods that tirc.jit traces, as the NumPy functions."""
    from . import _ops
    for name in ("sum", "mean", "max", "min", "prod", "any", "all", "argmax", "argmin", "clip",
                 "reshape", "transpose", "ravel", "squeeze", "astype", "copy", "flatten", "swapaxes"):
        setattr(Tracer, name, (lambda n: lambda self, *a, **k: _ops.method(n, self, a, k))(name))
    Tracer.T = property(lambda self: _ops.method("transpose", self, (), {}))
    Tracer.mT = property(lambda self: _ops.method("swapaxes", self, (-1, -2), {}))
