"""The NumPy operations tirc.jit traces, each recorded as tir ops.

Result dtypes come from NumPy itself: every operation is first applied to
small dummy arrays of the operands' dtypes (and the actual values of
Python and NumPy scalars), so that the promotion rules are those of the
NumPy installed (value-based on NumPy 1.x, NEP 50 on NumPy 2). Operands
whose dtype differs from the one NumPy computes in are converted with an
explicit tir.convert. An operation NumPy refuses is a TraceError with
NumPy's message; one tirc has no op for is a TraceError saying what to use.
"""

import itertools
import warnings

import numpy as np

from ._trace import DynamicDim, TraceError, Tracer, shape_text

_NoValue = object()
_NUMPY2 = int(np.__version__.split(".")[0]) >= 2


# ---- operands, dtypes, shapes ----

def _func_of(vals):
    """The traced function the Tracers among vals belong to."""
    fns = {id(v.fn): v.fn for v in vals if isinstance(v, Tracer)}
    if len(fns) > 1:
        raise TraceError("arrays from two different traces are mixed (a Tracer kept from another call)")
    return next(iter(fns.values()))


def _check_operand(v):
    if isinstance(v, (Tracer, np.ndarray, np.generic, bool, int, float)):
        if isinstance(v, (complex, np.complexfloating)) or (isinstance(v, np.ndarray) and v.dtype.kind == "c"):
            raise TraceError("complex numbers are not supported by tirc")
        return v
    if isinstance(v, DynamicDim):
        return v.traced()
    if isinstance(v, (list, tuple)):
        return _check_operand(np.asarray(v))
    if isinstance(v, complex):
        raise TraceError("complex numbers are not supported by tirc")
    raise TraceError("cannot trace an operand of type %s (arrays, Python and NumPy scalars are supported)" % type(v).__name__)


def _extremes(dt):
    if dt.kind == "b":
        return [False]
    if dt.kind in "iu":
        i = np.iinfo(dt)
        return sorted({0, int(i.min), int(i.max)})
    m = float(np.finfo(dt).max)
    return [0.0, m, -m]


def _dummies(v):
    """Stand-ins for v when asking NumPy for a dtype: arrays of one
    element per dim; a 0-d traced value, whose value NumPy 1.x's
    value-based promotion may depend on, by its extreme values."""
    if isinstance(v, Tracer):
        if v.ndim:
            return [np.zeros((1,) * v.ndim, v.dtype)]
        if v.weak:  # a Python int (a size): weak (NEP 50) or value-based
            return [1] if _NUMPY2 else [0, 2 ** 63 - 1]
        if v.scalar:
            return [v.dtype.type(x) for x in _extremes(v.dtype)]
        return [np.array(x, v.dtype) for x in _extremes(v.dtype)]
    if isinstance(v, np.ndarray) and v.ndim:
        return [np.zeros((1,) * v.ndim, v.dtype)]
    return [v]


def numpy_dtype(f, vals, what, **kw):
    """The dtype of NumPy's f(*vals, **kw); a TraceError if NumPy refuses,
    or if the dtype depends on the value of a 0-d traced array."""
    dts, err = set(), None
    for combo in itertools.product(*[_dummies(v) for v in vals]):
        try:
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                r = f(*combo, **kw)
        except (TypeError, ValueError, OverflowError, IndexError) as e:
            err = err or e
            dts.add(None)
            continue
        dts.add(r if isinstance(r, np.dtype) else np.asarray(r).dtype)
    if dts == {None}:
        raise TraceError("%s: NumPy raises %s: %s" % (what, type(err).__name__, err))
    if len(dts) > 1:
        got = " or ".join(sorted(d.name if d is not None else "an error" for d in dts))
        raise TraceError("%s: with NumPy %s's value-based promotion the result dtype depends on the value of a 0-d "
                         "traced array or a dynamic size (%s); convert it explicitly (.astype(...)), pass the value as "
                         "a Python or NumPy scalar, or make the size static (dynamic=)" % (what, np.__version__, got))
    return dts.pop()


def cast(fn, v, dt):
    """v (a Tracer or a constant) as a Tracer of dtype dt."""
    dt = np.dtype(dt)
    if not isinstance(v, Tracer):
        return fn.const(v, dt)
    if v.dtype == dt:
        return v
    return fn.op("tir.convert", [v], dt, v._shape)


def _shape(v):
    return v._shape if isinstance(v, Tracer) else np.shape(v)


def broadcast_shape(shapes):
    """NumPy's broadcast of shapes with None for '?' (MLIR's rule: a '?'
    against a static size n > 1 is n, checked at run time)."""
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(rank):
        dims = [s[len(s) - rank + i] for s in shapes if len(s) - rank + i >= 0]
        big = {d for d in dims if d is not None and d != 1}
        if len(big) > 1:
            raise TraceError("operands could not be broadcast together with shapes %s"
                             % " ".join(shape_text(s) for s in shapes))
        out.append(big.pop() if big else None if None in dims else 1)
    return tuple(out)


def _axes(axis, ndim, what):
    """axis (None, an int or a tuple) as a sorted tuple of dims."""
    if axis is None:
        return tuple(range(ndim))
    items = axis if isinstance(axis, (tuple, list)) else (axis,)
    out = []
    for a in items:
        a = int(a)
        if not -ndim <= a < ndim:
            raise TraceError("%s: axis %d is out of bounds for array of dimension %d" % (what, a, ndim))
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise TraceError("%s: repeated axis" % what)
    return tuple(sorted(out))


def _i64s(xs):
    return "array<i64%s>" % "".join((": " if i == 0 else ", ") + str(int(x)) for i, x in enumerate(xs))


# ---- elementwise: ufuncs ----

_BINARY = {
    np.add: "tir.add", np.subtract: "tir.sub", np.multiply: "tir.mul", np.true_divide: "tir.div",
    np.floor_divide: "tir.floor_div", np.remainder: "tir.floor_rem", np.fmod: "tir.rem",
    np.maximum: "tir.max", np.minimum: "tir.min",
    np.bitwise_and: "tir.and", np.bitwise_or: "tir.or", np.bitwise_xor: "tir.xor",
}
_CMP = {np.equal: "eq", np.not_equal: "ne", np.less: "lt", np.less_equal: "le", np.greater: "gt", np.greater_equal: "ge"}
_LOGICAL = {np.logical_and: "tir.and", np.logical_or: "tir.or", np.logical_xor: "tir.xor"}
# Binary ops without implicit broadcasting (MLIR arith/math): operands are
# broadcast to the result shape first.
_SAME_SHAPE = {np.arctan2: "math.atan2", np.copysign: "math.copysign", np.fmax: "arith.maxnumf", np.fmin: "arith.minnumf"}
_UNARY = {
    np.exp: "tir.exp", np.log: "tir.log", np.sqrt: "tir.sqrt", np.tanh: "tir.tanh", np.negative: "tir.neg",
    np.absolute: "tir.abs", np.fabs: "tir.abs", np.sin: "math.sin", np.cos: "math.cos", np.tan: "math.tan",
    np.arctan: "math.atan", np.exp2: "math.exp2", np.expm1: "math.expm1", np.log2: "math.log2",
    np.log10: "math.log10", np.log1p: "math.log1p", np.floor: "math.floor", np.ceil: "math.ceil",
    np.trunc: "math.trunc", np.rint: "math.roundeven",
}
_REDUCE_METHOD = {np.add: "sum", np.multiply: "prod", np.maximum: "max", np.minimum: "min",
                  np.logical_and: "all", np.logical_or: "any"}
_INSTEAD = {
    "left_shift": "x * 2**k (NumPy's shifts by the bit width or more have no tirc op)",
    "right_shift": "x // 2**k", "sinh": "(np.exp(x) - np.exp(-x)) / 2", "cosh": "(np.exp(x) + np.exp(-x)) / 2",
    "hypot": "np.sqrt(x * x + y * y)", "logaddexp": "m + np.log(np.exp(x - m) + np.exp(y - m)) with m = np.maximum(x, y)",
    "divmod": "x // y and x % y", "modf": "np.trunc(x) and x - np.trunc(x)", "cbrt": "np.power(x, 1 / 3) for x >= 0",
    "reciprocal": "1 / x with a float x", "square": "x * x",
}


def _unsupported_ufunc(uf):
    name = uf.__name__
    hint = _INSTEAD.get(name, "one of np.%s" % ", np.".join(sorted(
        {u.__name__ for u in list(_BINARY) + list(_CMP) + list(_LOGICAL) + list(_SAME_SHAPE) + list(_UNARY)})))
    raise TraceError("np.%s has no tirc op: use %s" % (name, hint))


def _as_scalar(r):
    """r, marked a NumPy scalar when it is rank 0 (what NumPy's ufuncs and
    reductions return)."""
    if isinstance(r, Tracer) and r.ndim == 0:
        r.scalar = True
    return r


def ufunc(uf, method, inputs, kwargs, operator=False):
    """A ufunc (or an operator of a Tracer) applied to traced operands."""
    return _as_scalar(_ufunc(uf, method, inputs, kwargs, operator))


def _ufunc(uf, method, inputs, kwargs, operator):
    if method == "reduce" and uf in _REDUCE_METHOD:
        if kwargs.get("out") is not None or set(kwargs) - {"axis", "dtype", "keepdims", "out"}:
            raise TraceError("np.%s.reduce: only axis=, dtype= and keepdims= are supported while tracing" % uf.__name__)
        kk = {k: v for k, v in kwargs.items() if k in ("keepdims", "dtype") and v is not None}
        if "dtype" in kk and uf not in (np.add, np.multiply):
            raise TraceError("np.%s.reduce(dtype=) is not supported by tirc.jit" % uf.__name__)
        return reduction(_REDUCE_METHOD[uf], inputs[0], axis=kwargs.get("axis", 0), **kk)
    if method != "__call__":
        raise TraceError("np.%s.%s is not supported by tirc.jit (only calls, and reduce of add, multiply, "
                         "maximum, minimum, logical_and, logical_or)" % (uf.__name__, method))
    for k, v in kwargs.items():
        if k == "out" and not all(o is None for o in (v if isinstance(v, tuple) else (v,))):
            raise TraceError("out= is not supported while tracing: return the result instead")
        if k not in ("out", "dtype") and not (k == "casting" and v == "same_kind"):
            raise TraceError("np.%s(..., %s=) is not supported by tirc.jit" % (uf.__name__, k))
    kw = {"dtype": kwargs["dtype"]} if kwargs.get("dtype") is not None else {}
    inputs = [_check_operand(v) for v in inputs]
    fn = _func_of(inputs)
    what = "np.%s" % uf.__name__
    f = _OPERATOR_FUNCS.get(uf) if operator and len(inputs) == 2 else None
    od = numpy_dtype(f or uf, inputs, what, **kw)
    if uf is np.matmul:
        return matmul(fn, inputs[0], inputs[1], od)
    if uf is np.power:
        return _power(fn, inputs[0], inputs[1], od, operator)
    if len(inputs) == 2:
        return _binary(fn, uf, inputs, od, what)
    return _unary(fn, uf, inputs[0], od)


def _binary(fn, uf, inputs, od, what):
    a, b = inputs
    shape = broadcast_shape([_shape(a), _shape(b)])
    if uf in _CMP:
        ct = numpy_dtype(np.result_type, inputs, what)
        return fn.op("tir.cmp", [cast(fn, a, ct), cast(fn, b, ct)], od, shape, {"predicate": '"%s"' % _CMP[uf]})
    if uf in _LOGICAL:
        return fn.op(_LOGICAL[uf], [cast(fn, a, np.bool_), cast(fn, b, np.bool_)], od, shape)
    if uf in _SAME_SHAPE:
        if od.kind != "f":  # fmax/fmin of integers: maximum/minimum
            uf = {np.fmax: np.maximum, np.fmin: np.minimum}.get(uf, uf)
        else:
            x, y = cast(fn, a, od), cast(fn, b, od)
            if x._shape != shape:
                x = _broadcast_like(fn, x, y)
            if y._shape != shape:
                y = _broadcast_like(fn, y, x)
            return fn.op(_SAME_SHAPE[uf], [x, y], od, shape)
    if uf not in _BINARY:
        _unsupported_ufunc(uf)
    name = _BINARY[uf]
    if od.kind == "b" and uf in (np.maximum, np.minimum):
        name = "tir.or" if uf is np.maximum else "tir.and"
    return fn.op(name, [cast(fn, a, od), cast(fn, b, od)], od, shape)


def _broadcast_like(fn, x, other):
    """x broadcast against other's shape (for ops that do not broadcast):
    select(c, x, x) with a condition of other's shape."""
    c = fn.op("tir.cmp", [other, other], np.bool_, other._shape, {"predicate": '"eq"'})
    return fn.op("tir.select", [c, x, x], x.dtype, broadcast_shape([x._shape, other._shape]))


def fill_like(fn, x, value, dt):
    """A tensor of x's shape (dynamic dims included) holding value."""
    dt = np.dtype(dt)
    if None not in x._shape:
        return fn.const(np.full(x._shape, value, dt) if x._shape else np.array(value).astype(dt))
    return _broadcast_like(fn, fn.const(np.array(value).astype(dt)), x)


def _scalar_value(v):
    """The value of a constant scalar exponent, else None."""
    if isinstance(v, (bool, int, float, np.generic)) or (isinstance(v, np.ndarray) and v.ndim == 0):
        return v.item() if isinstance(v, (np.generic, np.ndarray)) else v
    return None


def _power(fn, base, exp, od, operator):
    """x ** y per NumPy: integers by repeated squaring (wrapping), with a
    constant exponent; floats with tir.pow, and NumPy's exact fast paths
    for 2, -1, 1 and (the ** operator) 0.5."""
    shape = broadcast_shape([_shape(base), _shape(exp)])
    e = _scalar_value(exp)
    if od.kind in "iub":
        if e is None or isinstance(e, float):
            raise TraceError("integer ** integer array: tirc has no integer power with a traced exponent; use "
                             "x.astype(np.float64) ** y, or a constant exponent")
        x = cast(fn, base, od)
        if e == 0:
            return fill_like(fn, x, 1, od)
        acc, sq, n = None, x, int(e)
        while n:
            if n & 1:
                acc = sq if acc is None else fn.op("tir.mul", [acc, sq], od, shape)
            n >>= 1
            if n:
                sq = fn.op("tir.mul", [sq, sq], od, sq._shape)
        return acc
    x = cast(fn, base, od)
    if e is not None and isinstance(base, Tracer) and x._shape == shape:
        if e == 2:
            return fn.op("tir.mul", [x, x], od, shape)
        if e == -1:
            return fn.op("tir.div", [fn.const(1, od), x], od, shape)
        if e == 1:
            return x
        if e == 0.5 and operator:
            return fn.op("tir.sqrt", [x], od, shape)
    return fn.op("tir.pow", [x, cast(fn, exp, od)], od, shape)


def _unary(fn, uf, a, od):
    if not isinstance(a, Tracer):
        raise TraceError("np.%s of a constant" % uf.__name__)
    shape = a._shape
    if uf in (np.positive, np.conjugate):
        return cast(fn, a, od)
    if uf in (np.absolute, np.fabs) and od.kind in "ub":
        return cast(fn, a, od)
    if uf in (np.floor, np.ceil, np.trunc, np.rint) and od.kind in "iub":
        return cast(fn, a, od)
    if uf in _UNARY:
        return fn.op(_UNARY[uf], [cast(fn, a, od)], od, shape)
    if uf is np.square:
        x = cast(fn, a, od)
        return fn.op("tir.mul", [x, x], od, shape)
    if uf is np.reciprocal and od.kind == "f":
        return fn.op("tir.div", [fn.const(1, od), cast(fn, a, od)], od, shape)
    if uf is np.logical_not:
        return fn.op("tir.xor", [cast(fn, a, np.bool_), fn.const(True)], od, shape)
    if uf is np.invert:
        ones = True if od.kind == "b" else np.iinfo(od).max if od.kind == "u" else -1
        return fn.op("tir.xor", [cast(fn, a, od), fn.const(ones, od)], od, shape)
    if uf in (np.isnan, np.isinf, np.isfinite):
        return _classify(fn, uf, a, od)
    if uf is np.sign:
        return _sign(fn, cast(fn, a, od))
    _unsupported_ufunc(uf)


def _classify(fn, uf, a, od):
    if a.dtype.kind != "f":
        return fill_like(fn, a, uf is np.isfinite, np.bool_)
    if uf is np.isnan:
        return fn.op("tir.cmp", [a, a], od, a._shape, {"predicate": '"ne"'})
    m = fn.op("tir.abs", [a], a.dtype, a._shape)
    pred = '"eq"' if uf is np.isinf else '"lt"'
    return fn.op("tir.cmp", [m, fn.const(np.inf, a.dtype)], od, a._shape, {"predicate": pred})


def _sign(fn, x):
    """NumPy's sign: 1, -1, 0 (of either sign: 0), NaN stays NaN."""
    dt, s = x.dtype, x._shape
    zero, one = fn.const(0, dt), fn.const(1, dt)

    def cmp(p):
        return fn.op("tir.cmp", [x, zero], np.bool_, s, {"predicate": '"%s"' % p})

    if dt.kind == "u":
        return fn.op("tir.select", [cmp("gt"), one, zero], dt, s)
    inner = zero if dt.kind != "f" else fn.op("tir.select", [cmp("eq"), zero, x], dt, s)
    neg = fn.op("tir.select", [cmp("lt"), fn.const(-1, dt), inner], dt, s)
    return fn.op("tir.select", [cmp("gt"), one, neg], dt, s)


_OPERATOR_FUNCS = {
    np.add: lambda a, b: a + b, np.subtract: lambda a, b: a - b, np.multiply: lambda a, b: a * b,
    np.true_divide: lambda a, b: a / b, np.floor_divide: lambda a, b: a // b, np.remainder: lambda a, b: a % b,
    np.power: lambda a, b: a ** b, np.matmul: lambda a, b: a @ b,
}


def matmul(fn, a, b, od):
    """a @ b as tir.matmul (NumPy's matmul: batch dims broadcast, rank-1
    operands promoted)."""
    sa, sb = list(_shape(a)), list(_shape(b))
    if not sa or not sb:
        raise TraceError("matmul: Input operand does not have enough dimensions (a 0-d operand: use *)")
    ka, kb = sa[-1], (sb[-2] if len(sb) > 1 else sb[0])
    if ka is not None and kb is not None and ka != kb:
        raise TraceError("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         "(n?,k),(k,m?)->(n?,m?) (size %d is different from %d)" % (kb, ka))
    batch = broadcast_shape([tuple(sa[:-2]), tuple(sb[:-2])])
    shape = batch + tuple(sa[-2:-1]) + tuple(sb[-1:] if len(sb) > 1 else ())
    return fn.op("tir.matmul", [cast(fn, a, od), cast(fn, b, od)], od, shape)


# ---- reductions ----

_REDUCE_OPS = {"sum": "tir.reduce_sum", "prod": "tir.reduce_prod", "mean": "tir.reduce_mean",
               "max": "tir.reduce_max", "min": "tir.reduce_min", "any": "tir.reduce_any", "all": "tir.reduce_all",
               "argmax": "tir.argmax", "argmin": "tir.argmin"}
_NP_REDUCE = {"sum": np.sum, "prod": np.prod, "mean": np.mean, "max": np.max, "min": np.min, "any": np.any,
              "all": np.all, "argmax": np.argmax, "argmin": np.argmin}


def reduction(kind, a, axis=None, dtype=None, out=None, keepdims=False, **rest):
    """np.sum, mean, max, min, prod, any, all, argmax, argmin."""
    return _as_scalar(_reduction(kind, a, axis, dtype, out, keepdims, **rest))


def _reduction(kind, a, axis, dtype, out, keepdims, **rest):
    if out is not None:
        raise TraceError("out= is not supported while tracing: return the result instead")
    for k, v in rest.items():
        if v is not _NoValue and not (k == "where" and v is True):
            raise TraceError("np.%s(..., %s=) is not supported by tirc.jit" % (kind, k))
    a = _check_operand(a)
    if not isinstance(a, Tracer):
        return _NP_REDUCE[kind](a, axis=axis, keepdims=keepdims)
    fn, keepdims = a.fn, bool(keepdims)
    kw = {"axis": axis, "keepdims": keepdims}
    if dtype is not None:
        if kind not in ("sum", "prod", "mean"):
            raise TraceError("np.%s takes no dtype=" % kind)
        kw["dtype"] = dtype
    od = numpy_dtype(_NP_REDUCE[kind], [a], "np.%s" % kind, **kw)
    if kind in ("argmax", "argmin"):
        return _arg_reduce(fn, kind, a, axis, keepdims, od)
    dims = _axes(axis, a.ndim, "np." + kind)
    if kind in ("any", "all"):
        x = cast(fn, a, np.bool_)
    elif kind in ("max", "min"):
        x = a
        if a.dtype.kind == "b":
            kind = "any" if kind == "max" else "all"
        for d in dims:
            if a._shape[d] == 0:
                raise TraceError("zero-size array to reduction operation %simum which has no identity" % kind)
    else:
        x = cast(fn, a, od)
    if not dims:
        return cast(fn, x, od)
    return _reduce_op(fn, _REDUCE_OPS[kind], x, dims, keepdims, od)


def _reduce_op(fn, name, x, dims, keepdims, od):
    shape = tuple((1 if keepdims else -1) if i in dims else d for i, d in enumerate(x._shape))
    shape = tuple(d for d in shape if d != -1)
    attrs = {"dims": _i64s(dims)}
    if keepdims:
        attrs["keepdims"] = "true"
    return fn.op(name, [x], od, shape, attrs)


def _arg_reduce(fn, kind, a, axis, keepdims, od):
    x = a if a.dtype.kind != "b" else cast(fn, a, np.uint8)
    if axis is None:
        flat = reshape(x, (-1,))
        r = _reduce_op(fn, _REDUCE_OPS[kind], flat, (0,), False, od)
        return reshape(r, (1,) * a.ndim) if keepdims else r
    (d,) = _axes(axis, a.ndim, "np." + kind)
    if a._shape[d] == 0:
        raise TraceError("attempt to get %s of an empty sequence" % kind)
    return _reduce_op(fn, _REDUCE_OPS[kind], x, (d,), keepdims, od)


# ---- shapes ----

def reshape(a, newshape, order="C"):
    if order != "C":
        raise TraceError("reshape(order=%r): only order='C' is supported" % order)
    fn = a.fn
    if isinstance(newshape, (int, np.integer, DynamicDim)):
        newshape = (newshape,)
    tgt = []
    for d in newshape:
        tgt.append(None if isinstance(d, DynamicDim) else int(d))
    if tgt.count(-1) > 1:
        raise TraceError("can only specify one unknown dimension")
    src_dyn = a._shape.count(None)
    src_static = int(np.prod([d for d in a._shape if d is not None], dtype=np.int64))
    tgt_static = int(np.prod([d for d in tgt if d is not None and d != -1], dtype=np.int64))
    if -1 in tgt:
        i = tgt.index(-1)
        if src_dyn == tgt.count(None) and (tgt_static and src_static % tgt_static == 0 or not src_static):
            tgt[i] = src_static // tgt_static if tgt_static else 0
        elif src_dyn == 0:
            raise TraceError("cannot reshape array of size %d into shape %s" % (src_static, _shape_arg(newshape)))
        else:
            tgt[i] = None
    if src_dyn == 0 and None not in tgt and src_static != int(np.prod(tgt, dtype=np.int64)):
        raise TraceError("cannot reshape array of size %d into shape %s" % (src_static, _shape_arg(newshape)))
    if tgt.count(None) > 1:
        raise TraceError("reshape to %s: tirc's reshape infers at most one dynamic ('?') dimension; make the "
                         "others static (tirc.jit(f, dynamic=...))" % shape_text(tuple(tgt)))
    tgt = tuple(tgt)
    if tgt == a._shape:
        return a
    return fn.op("tir.reshape", [a], a.dtype, tgt)


def _shape_arg(shape):
    return "(" + ",".join("?" if isinstance(d, DynamicDim) else str(int(d)) for d in shape) + \
        ("," if len(shape) == 1 else "") + ")"


def transpose(a, axes=None):
    n = a.ndim
    perm = tuple(range(n))[::-1] if axes is None else tuple(int(x) % n if n else 0 for x in axes)
    if sorted(perm) != list(range(n)):
        raise TraceError("axes don't match array")
    if perm == tuple(range(n)):
        return a
    return a.fn.op("tir.transpose", [a], a.dtype, tuple(a._shape[p] for p in perm), {"permutation": _i64s(perm)})


def drop_dims(a, dims):
    """a without its size-1 dims `dims`."""
    if not dims:
        return a
    shape = tuple(d for i, d in enumerate(a._shape) if i not in dims)
    if shape.count(None) <= 1:
        return a.fn.op("tir.reshape", [a], a.dtype, shape)
    name = "tir.reduce_any" if a.dtype.kind == "b" else "tir.reduce_max"  # of one element: the element
    return _reduce_op(a.fn, name, a, tuple(sorted(dims)), False, a.dtype)


def insert_dims(a, positions):
    """a with size-1 dims at the result positions given."""
    if not positions:
        return a
    rank = a.ndim + len(positions)
    keep = [i for i in range(rank) if i not in positions]
    shape = [1] * rank
    for i, d in zip(keep, a._shape):
        shape[i] = d
    return a.fn.op("tir.broadcast_in_dim", [a], a.dtype, tuple(shape), {"broadcast_dimensions": _i64s(keep)})


def squeeze(a, axis=None):
    if axis is None:
        if None in a._shape:
            raise TraceError("np.squeeze without axis= on an array with dynamic dims %s: whether a '?' is 1 is known "
                             "only at run time; give axis=" % shape_text(a._shape))
        dims = [i for i, d in enumerate(a._shape) if d == 1]
    else:
        dims = list(_axes(axis, a.ndim, "squeeze"))
        for d in dims:
            if a._shape[d] != 1:
                raise TraceError("cannot select an axis to squeeze out which has size not equal to one"
                                 if a._shape[d] is not None else
                                 "squeeze of dynamic dim %d: make it static (tirc.jit(f, dynamic=...))" % d)
    return drop_dims(a, dims)


def expand_dims(a, axis):
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    rank = a.ndim + len(axes)
    pos = sorted(int(x) % rank for x in axes)
    return insert_dims(a, pos)


def getitem(a, key):
    """Basic indexing: ints, slices with positive steps, None, Ellipsis."""
    key = key if isinstance(key, tuple) else (key,)
    for k in key:
        if not (k is None or k is Ellipsis or isinstance(k, slice) or
                isinstance(k, (int, np.integer)) and not isinstance(k, (bool, np.bool_))):
            raise TraceError("advanced indexing (an index that is an array, a list, a mask or a Tracer) is not "
                             "supported by tirc.jit: use np.where(mask, x, 0) for masks, slices for windows")
    n_real = sum(1 for k in key if k is not None and k is not Ellipsis)
    if n_real > a.ndim:
        raise TraceError("too many indices for array: array is %d-dimensional, but %d were indexed" % (a.ndim, n_real))
    if key.count(Ellipsis) > 1:
        raise TraceError("an index can only have a single ellipsis ('...')")
    if Ellipsis in key:
        i = key.index(Ellipsis)
        key = key[:i] + (slice(None),) * (a.ndim - n_real) + key[i + 1:]
    else:
        key = key + (slice(None),) * (a.ndim - n_real)
    start, limit, stride, drop, new, out_pos, d = [], [], [], [], [], 0, 0
    for k in key:
        if k is None:
            new.append(out_pos)
            out_pos += 1
            continue
        size = a._shape[d]
        if isinstance(k, slice):
            if size is None:
                if k not in (slice(None), slice(None, None, 1), slice(0, None, None)):
                    raise TraceError("slicing dynamic dim %d ('?') with %s: tir.slice needs static sizes; make "
                                     "the dim static (tirc.jit(f, dynamic=...))" % (d, _slice_text(k)))
                start.append(0), limit.append(None), stride.append(1)
            else:
                b, e, s = k.indices(size)
                if s < 0:
                    raise TraceError("negative slice steps (x[::-1]) are not supported by tirc.jit")
                count = len(range(b, e, s))
                b = min(b, size)
                start.append(b), limit.append(b + (count - 1) * s + 1 if count else b), stride.append(s)
            out_pos += 1
        else:
            if size is None:
                raise TraceError("indexing dynamic dim %d ('?') with an integer: make the dim static "
                                 "(tirc.jit(f, dynamic=...))" % d)
            i = int(k)
            if not -size <= i < size:
                raise TraceError("index %d is out of bounds for axis %d with size %d" % (i, d, size))
            i %= size
            start.append(i), limit.append(i + 1), stride.append(1)
            drop.append(d)
        d += 1
    x = _slice(a, start, limit, stride)
    x = drop_dims(x, drop)
    return insert_dims(x, new)


def _slice_text(k):
    return "%s:%s%s" % ("" if k.start is None else k.start, "" if k.stop is None else k.stop,
                        "" if k.step is None else ":%s" % k.step)


def _slice(a, start, limit, stride):
    full = all(b == 0 and (e is None or e == sz) and s == 1 for b, e, s, sz in zip(start, limit, stride, a._shape))
    if full:
        return a
    if None in limit:
        raise TraceError("slicing an array with dynamic dims %s: tir.slice needs static sizes in every dim; make "
                         "the dims static (tirc.jit(f, dynamic=...))" % shape_text(a._shape))
    shape = tuple(len(range(b, e, s)) for b, e, s in zip(start, limit, stride))
    return a.fn.op("tir.slice", [a], a.dtype, shape, {"start_indices": _i64s(start), "limit_indices": _i64s(limit),
                                                       "strides": _i64s(stride)})


def concatenate(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    if out is not None:
        raise TraceError("out= is not supported while tracing: return the result instead")
    arrays = [_check_operand(v) for v in arrays]
    fn = _func_of(arrays)
    kw = {"dtype": dtype} if dtype is not None else {}
    od = numpy_dtype(lambda *xs: np.concatenate(xs, axis=axis, casting=casting, **kw), arrays, "np.concatenate")
    ts = [cast(fn, v, od) for v in arrays]
    if axis is None:
        ts, axis = [reshape(t, (-1,)) for t in ts], 0
    rank = ts[0].ndim
    ax = _axes(axis, rank, "np.concatenate")[0]
    shape = list(ts[0]._shape)
    for t in ts[1:]:
        for i, (x, y) in enumerate(zip(shape, t._shape)):
            if i != ax and x is not None and y is not None and x != y:
                raise TraceError("all the input array dimensions except for the concatenation axis must match "
                                 "exactly, but along dimension %d, the arrays have sizes %d and %d" % (i, x, y))
            if i != ax and x is None:
                shape[i] = y
    sizes = [t._shape[ax] for t in ts]
    shape[ax] = None if None in sizes else sum(sizes)
    if len(ts) == 1:
        return ts[0]
    return fn.op("tir.concat", ts, od, tuple(shape), {"dimension": "%d : i64" % ax})


def stack(arrays, axis=0, out=None, **kw):
    arrays = [_check_operand(v) for v in arrays]
    fn = _func_of(arrays)
    ts = [v if isinstance(v, Tracer) else fn.const(v) for v in arrays]
    rank = ts[0].ndim + 1
    return concatenate([expand_dims(t, axis % rank) for t in ts], axis=axis, out=out, **kw)


def where(condition, x=_NoValue, y=_NoValue):
    if x is _NoValue or y is _NoValue:
        raise TraceError("np.where(cond) with one argument returns indices, whose count is data-dependent: "
                         "use np.where(cond, a, b)")
    vals = [_check_operand(v) for v in (condition, x, y)]
    fn = _func_of(vals)
    od = numpy_dtype(np.where, vals, "np.where")
    shape = broadcast_shape([_shape(v) for v in vals])
    return fn.op("tir.select", [cast(fn, vals[0], np.bool_), cast(fn, vals[1], od), cast(fn, vals[2], od)], od, shape)


def clip(a, a_min=None, a_max=None, out=None, **kw):
    if out is not None or kw:
        raise TraceError("np.clip: only a, a_min and a_max are supported while tracing")
    vals = [_check_operand(v) for v in (a, a_min, a_max) if v is not None]
    fn = _func_of(vals)
    def dummy(*v):
        it = iter(v)
        x = next(it)
        lo = next(it) if a_min is not None else None
        hi = next(it) if a_max is not None else None
        return np.clip(x, lo, hi)

    od = numpy_dtype(dummy, vals, "np.clip")
    r = cast(fn, a, od)
    for bound, uf in ((a_min, np.maximum), (a_max, np.minimum)):
        if bound is not None:
            r = _binary(fn, uf, [r, bound], od, "np.clip")
    return r


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    dt = np.dtype(dtype) if dtype is not None else a.dtype
    if shape is not None:
        return a.fn.const(np.full(shape, fill_value, dt))
    return fill_like(a.fn, a, fill_value, dt)


def broadcast_to(a, shape):
    shape = tuple(None if isinstance(d, DynamicDim) else int(d) for d in (shape if isinstance(shape, tuple) else (shape,)))
    if len(shape) < a.ndim:
        raise TraceError("input operand has more dimensions than allowed by the axis remapping")
    lead = len(shape) - a.ndim
    for i, d in enumerate(a._shape):
        t = shape[lead + i]
        if d is not None and d != 1 and t is not None and d != t or d == 1 and t is None:
            raise TraceError("operands could not be broadcast together with remapped shapes [original->remapped]: "
                             "%s and requested shape %s" % (shape_text(a._shape), shape_text(shape)))
    if shape == a._shape:
        return a
    return a.fn.op("tir.broadcast_in_dim", [a], a.dtype, shape, {"broadcast_dimensions": _i64s(range(lead, len(shape)))})


def astype(a, dtype, order="K", casting="unsafe", subok=True, copy=True):
    r = cast(a.fn, a, np.dtype(dtype))
    if r is not a and a.scalar:
        r = _as_scalar(r)
    return r


# ---- dispatch: NumPy functions and ndarray methods ----

def _red(kind, positional):
    def f(a, *args, **kw):
        for name, v in zip(positional, args):
            kw[name] = v
        return reduction(kind, a, **kw)
    return f


_RED_ARGS = {"sum": ("axis", "dtype", "out", "keepdims"), "prod": ("axis", "dtype", "out", "keepdims"),
             "mean": ("axis", "dtype", "out", "keepdims"), "max": ("axis", "out", "keepdims"),
             "min": ("axis", "out", "keepdims"), "any": ("axis", "out", "keepdims"), "all": ("axis", "out", "keepdims"),
             "argmax": ("axis", "out"), "argmin": ("axis", "out")}

_FUNCTIONS = {k: _red(k, v) for k, v in _RED_ARGS.items()}
_FUNCTIONS.update({
    "amax": _FUNCTIONS["max"], "amin": _FUNCTIONS["min"], "where": where, "clip": clip, "concatenate": concatenate,
    "stack": stack, "transpose": transpose, "reshape": reshape, "squeeze": squeeze, "expand_dims": expand_dims,
    "broadcast_to": broadcast_to, "full_like": full_like, "astype": astype,
    "zeros_like": lambda a, dtype=None, order="K", subok=True, shape=None: full_like(a, 0, dtype, shape=shape),
    "empty_like": lambda a, dtype=None, order="K", subok=True, shape=None: full_like(a, 0, dtype, shape=shape),
    "ones_like": lambda a, dtype=None, order="K", subok=True, shape=None: full_like(a, 1, dtype, shape=shape),
    "ravel": lambda a, order="C": reshape(a, (-1,), order),
    "swapaxes": lambda a, a1, a2: transpose(a, _swap(a.ndim, a1, a2)),
    "moveaxis": lambda a, src, dst: transpose(a, _move(a.ndim, src, dst)),
    "matmul": lambda a, b, **kw: ufunc(np.matmul, "__call__", (a, b), kw),
    "dot": lambda a, b, out=None: _dot(a, b, out), "einsum": lambda *a, **k: einsum(*a, **k),
    "shape": lambda a: a.shape, "ndim": lambda a: a.ndim, "size": lambda a: a.size,
    "round": lambda a, decimals=0, out=None: _round(a, decimals, out),
    "around": lambda a, decimals=0, out=None: _round(a, decimals, out),
    "round_": lambda a, decimals=0, out=None: _round(a, decimals, out),
})


def _swap(n, a1, a2):
    p = list(range(n))
    p[a1 % n], p[a2 % n] = p[a2 % n], p[a1 % n]
    return p


def _move(n, src, dst):
    p = [i for i in range(n) if i != src % n]
    p.insert(dst % n, src % n)
    return p


def einsum(subscripts, *operands, out=None, **kw):
    """np.einsum in its explicit form ("ij,jk->ik") as tir.einsum."""
    if out is not None or kw or not isinstance(subscripts, str) or "->" not in subscripts or "." in subscripts:
        raise TraceError("np.einsum is traced in its explicit form only (\"ij,jk->ik\": subscripts with '->', no "
                         "'...', no out= or optimize=)")
    eq = subscripts.replace(" ", "")
    ins, res = eq.split("->")
    ins = ins.split(",")
    vals = [_check_operand(v) for v in operands]
    if len(ins) != len(vals) or any(len(i) != len(_shape(v)) for i, v in zip(ins, vals)):
        raise TraceError("np.einsum: the subscripts %r do not match the operands' ranks" % subscripts)
    fn = _func_of(vals)
    od = numpy_dtype(lambda *xs: np.einsum(eq, *xs), vals, "np.einsum")
    sizes = {}
    for sub, v in zip(ins, vals):
        for c, d in zip(sub, _shape(v)):
            if d is not None and d != 1 and sizes.get(c) not in (None, 1, d):
                raise TraceError("np.einsum: operands could not be broadcast together: index '%s' has sizes %d and %d"
                                 % (c, sizes[c], d))
            if sizes.get(c) in (None, 1):
                sizes[c] = d if d is not None or c not in sizes else sizes[c]
    shape = tuple(sizes.get(c) for c in res)
    return fn.op("tir.einsum", [cast(fn, v, od) for v in vals], od, shape, {"equation": '"%s"' % eq})


def _dot(a, b, out):
    if out is not None or not (1 <= np.ndim(_dummies(a)[0]) <= 2 and 1 <= np.ndim(_dummies(b)[0]) <= 2):
        raise TraceError("np.dot is traced for 1-D and 2-D operands only (it is then a @ b); use np.matmul or @")
    return ufunc(np.matmul, "__call__", (a, b), {})


def _round(a, decimals, out):
    if decimals != 0 or out is not None:
        raise TraceError("np.round with decimals != 0 has no tirc op: use np.rint(x * 10**d) / 10**d")
    return ufunc(np.rint, "__call__", (a,), {})


def function(func, args, kwargs):
    """A NumPy function called with traced arguments (__array_function__)."""
    name = func.__name__
    impl = _FUNCTIONS.get(name)
    if impl is None:
        raise TraceError("np.%s is not supported by tirc.jit (supported: the ufuncs with tir ops, np.%s)"
                         % (name, ", np.".join(sorted(_FUNCTIONS))))
    return impl(*args, **kwargs)


def method(name, self, args, kwargs):
    """An ndarray method of a Tracer."""
    if name in _RED_ARGS:
        return _FUNCTIONS[name](self, *args, **kwargs)
    if name == "reshape":
        shape = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else args
        return reshape(self, tuple(shape), **kwargs)
    if name == "transpose":
        axes = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else (args or None)
        return transpose(self, axes)
    if name in ("ravel", "flatten"):
        return reshape(self, (-1,), *args, **kwargs)
    if name == "copy":
        return self
    if name == "clip":
        lo = args[0] if args else kwargs.pop("min", kwargs.pop("a_min", None))
        hi = args[1] if len(args) > 1 else kwargs.pop("max", kwargs.pop("a_max", None))
        return clip(self, lo, hi, **kwargs)
    return _FUNCTIONS[name](self, *args, **kwargs)


from ._trace import _install_methods  # noqa: E402

_install_methods()
