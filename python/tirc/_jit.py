"""tirc.jit: trace a NumPy function once per signature, compile it with
tirc.compile (and its on-disk cache), call the compiled code."""

import functools
import inspect
import keyword
import os
import re
import subprocess
import tempfile

import numpy as np

from ._build import CompileError, Error, find_tirc
from . import _ops  # noqa: F401  (installs the Tracer methods)
from ._trace import ELEM, Func, TraceError, Tracer

_ndarray = np.ndarray


def _dyn_dims(dynamic, index, name, ndim):
    """The dims of argument (index, name) of rank ndim that are dynamic."""
    spec = dynamic
    if isinstance(spec, dict):
        spec = spec.get(name, spec.get(index, None))
    if spec is None:
        return {0} if ndim else set()
    if spec is True:
        return set(range(ndim))
    if spec is False:
        return set()
    items = spec if isinstance(spec, (tuple, list, set)) else (spec,)
    return {int(d) % ndim for d in items if ndim and -ndim <= int(d) < ndim}


class _Entry:
    """One compiled signature: the compiled function and how to call it."""

    def __init__(self, jit, traced, name):
        self.jit, self.traced, self.name = jit, traced, name
        self.call = None
        self.lines = {}  # line of the module text -> Python location
        self.array_idx = traced.array_idx
        self.single = traced.single
        self.scalar = traced.scalar

    def error(self, e):
        """A run-time tirc.Error of the compiled code, at the Python line."""
        return Error("%s: %s" % (self.jit.__name__, remap(e.message, self.lines)), e.status, self.jit.__name__)

    def run(self, args):
        arrays = [args[i] for i in self.array_idx]
        try:
            r = self.call(*arrays)
        except Error as e:
            raise self.error(e) from None
        if self.single:
            return r[()] if self.scalar[0] else r
        return tuple(x[()] if s else x for x, s in zip(r, self.scalar))

    def fast(self, nargs, statics):
        """What the jit function calls first for nargs positional arguments:
        the compiled function itself when the arguments are its arguments
        (it checks dtypes and static sizes, raising TypeError or
        ValueError for another signature), else an adapter that also
        checks the static arguments."""
        if self.array_idx == list(range(nargs)) and self.single and not self.scalar[0]:
            return self.call
        call, idx, run = self.call, self.array_idx, self.run

        def adapter(*a):
            if len(a) != nargs:
                raise TypeError("another signature")
            for i, t, v in statics:
                if a[i].__class__ is not t or not (a[i] == v):
                    raise TypeError("another signature")
            if self.single and not self.scalar[0]:
                return call(*[a[i] for i in idx])
            return run(a)
        return adapter


class _Traced:
    """A traced function: its Func, results and how arguments map."""

    def __init__(self, func, results, array_idx, single):
        self.func, self.results, self.array_idx, self.single = func, results, array_idx, single
        self.scalar = [r.ndim == 0 for r in results]

    def text(self, name):
        return self.func.text(self.results, name)


_LOC = re.compile(r"(module\.mlir):(\d+):(\d+)")


def remap(message, lines, offset=0):
    """message with each module.mlir:L:C replaced by the Python location of
    the op at line L (the MLIR location kept after it)."""
    def sub(m):
        loc = lines.get(int(m.group(2)) - offset)
        if loc is None:
            return m.group(0)
        return "%s:%d:%d (traced IR line %s)" % (loc[0], loc[1], loc[2], m.group(2))
    return _LOC.sub(sub, message)


def _mlir_name(name):
    # C names beginning with '_' or holding "__" are reserved: tirc refuses them.
    n = re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9_]", "_", name or "f")).strip("_")
    n = n if re.match(r"[A-Za-z]", n) else "f_" + n
    return n + "_f" if keyword.iskeyword(n) else n  # the module's Python wrapper is a def of that name


class Lowered:
    """A traced signature: .mlir (the module text, what tirc compiles),
    .llvm (tirc's LLVM IR for it), .name (the MLIR function)."""

    def __init__(self, mlir, name, lines):
        self.mlir, self.name, self.lines = mlir, name, lines

    @property
    def llvm(self):
        with tempfile.TemporaryDirectory(prefix="tirc-lower-") as d:
            with open(os.path.join(d, "module.mlir"), "w") as f:
                f.write(self.mlir)
            r = subprocess.run([find_tirc(), "-infer-shapes", "-emit-llvm", "module.mlir"], cwd=d,
                               capture_output=True, text=True)
        if r.returncode:
            raise CompileError(remap(r.stderr.strip(), self.lines), r.returncode)
        return r.stdout

    def __str__(self):
        return self.mlir


class Jit:
    """A function traced and compiled by tirc.jit (see tirc.jit)."""

    def __init__(self, f, dynamic=None, threads=None, **options):
        functools.update_wrapper(self, f)
        self.fn, self.dynamic, self.threads, self.options = f, dynamic, threads, options
        self._sig = inspect.signature(f)
        self._entries = {}
        self.trace_count = 0
        self.modules = []  # the tirc modules built or loaded for this function
        self.wrapper = self._make_wrapper()

    def _make_wrapper(self):
        """The function tirc.jit returns: it calls the compiled function of
        the signature used last (_cur) and goes the slow way (bind,
        signature, trace or look up) when that refuses the arguments."""
        ns = {"_slow": self._slow, "_Error": Error, "_cur": _miss, "_entry": None}
        name = _mlir_name(self.__name__)
        ps = list(self._sig.parameters.values())
        plain = all(p.kind == p.POSITIONAL_OR_KEYWORD and p.default is p.empty and not p.name.startswith("_")
                    for p in ps)
        if plain:  # the parameters as they are: no tuple or dict per call
            params = args = ", ".join(p.name for p in ps)
            slow = "_slow((%s), {})" % "".join(p.name + ", " for p in ps)
        else:
            params, args, slow = "*a, **k", "*a", "_slow(a, k)"
        src = "def %s(%s):\n" % (name, params)
        if not plain:
            src += "    if k:\n        return _slow(a, k)\n"
        src += ("    try:\n        return _cur(%s)\n"
                "    except _Error as _e:\n        raise _entry.error(_e) from None\n"
                "    except (TypeError, ValueError):\n        pass\n"
                "    return %s\n") % (args, slow)
        exec(compile(src, "<tirc.jit of %s>" % self.__name__, "exec"), ns)
        w = ns[name]
        functools.update_wrapper(w, self.fn)
        self._ns = ns
        w.jit, w.lower, w.modules, w.trace_count = self, self.lower, self.modules, 0
        return w

    def __repr__(self):
        return "<tirc.jit %s: %d signatures>" % (self.__name__, len(self._entries))

    def __call__(self, *args, **kwargs):
        return self.wrapper(*args, **kwargs)

    def _slow(self, args, kwargs):
        names, vals = self._bind(args, kwargs)
        key = self._key(names, vals)
        e = self._entries.get(key)
        if e is None:
            e = self._entries[key] = _Entry(self, self._trace(names, vals), _mlir_name(self.__name__))
        if e.call is None:
            _compile([e], self.threads, self.options)
        if not kwargs and all(i < len(args) for i in e.array_idx):
            statics = [(i, type(v), v) for i, v in enumerate(args) if i not in e.array_idx]
            self._ns["_cur"], self._ns["_entry"] = e.fast(len(args), statics), e
        return e.run(vals)

    def _bind(self, args, kwargs):
        """The argument names and values in the order of the parameters."""
        b = self._sig.bind(*args, **kwargs)
        b.apply_defaults()
        names, vals = [], []
        for name, v in b.arguments.items():
            kind = self._sig.parameters[name].kind
            if kind == inspect.Parameter.VAR_POSITIONAL:
                names += ["%s%d" % (name, i) for i in range(len(v))]
                vals += list(v)
            elif kind == inspect.Parameter.VAR_KEYWORD:
                if v:
                    raise TypeError("tirc.jit: **%s arguments are not supported" % name)
            else:
                names.append(name)
                vals.append(v)
        return names, vals

    def _key(self, names, vals):
        """The signature: per array its dtype and dims (None if dynamic),
        per other argument its type and value (a static argument)."""
        key = []
        for i, (n, v) in enumerate(zip(names, vals)):
            if isinstance(v, _ndarray):
                if v.dtype.name not in ELEM:
                    raise TypeError("tirc.jit: argument %s has dtype %s, which tirc does not support (%s)"
                                    % (n, v.dtype, ", ".join(ELEM)))
                dyn = _dyn_dims(self.dynamic, i, n, v.ndim)
                key.append(("a", v.dtype, tuple(None if d in dyn else s for d, s in enumerate(v.shape))))
            else:
                try:
                    hash(v)
                except TypeError:
                    raise TypeError("tirc.jit: argument %s (%s) is neither a NumPy array nor a hashable value "
                                    "(a static argument)" % (n, type(v).__name__)) from None
                key.append(("s", type(v), v))
        return tuple(key)

    def _trace(self, names, vals):
        """Traces the function on the signature of vals."""
        func = Func(_mlir_name(self.__name__))
        targs, array_idx, used = [], [], set()
        for i, (n, v) in enumerate(zip(names, vals)):
            if isinstance(v, _ndarray):
                pn = n if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n) and n not in used else "arg%d" % i
                used.add(pn)
                dyn = _dyn_dims(self.dynamic, i, n, v.ndim)
                targs.append(func.param(pn, v.dtype, [None if d in dyn else s for d, s in enumerate(v.shape)]))
                array_idx.append(i)
            else:
                targs.append(v)
        b = self._sig.bind_partial()
        it = iter(targs)
        for name, p in self._sig.parameters.items():
            if p.kind == inspect.Parameter.VAR_POSITIONAL:
                b.arguments[name] = tuple(it)
            elif p.kind != inspect.Parameter.VAR_KEYWORD:
                b.arguments[name] = next(it)
        self.trace_count += 1
        self.wrapper.trace_count = self.trace_count
        out = self.fn(*b.args, **b.kwargs)
        single = not isinstance(out, (tuple, list))
        outs = [out] if single else list(out)
        results = []
        for r in outs:
            if isinstance(r, Tracer):
                if r.fn is not func:
                    raise TraceError("a result comes from another trace")
                results.append(r)
            elif r is None:
                raise TraceError("the function returns None: tirc.jit functions return arrays")
            else:
                results.append(func.const(np.asarray(r)))
        if not results:
            raise TraceError("the function returns no arrays")
        return _Traced(func, results, array_idx, single)

    def lower(self, *args, **kwargs):
        """The traced IR of the function for these arguments (a Lowered:
        .mlir, .llvm), without compiling it."""
        names, vals = self._bind(args, kwargs)
        key = self._key(names, vals)
        e = self._entries.get(key)
        if e is None:
            e = self._entries[key] = _Entry(self, self._trace(names, vals), _mlir_name(self.__name__))
        text, lines = e.traced.text(e.name)
        return Lowered(text, e.name, lines)


def _miss(*a):
    raise TypeError("no compiled signature yet")


def _compile(entries, threads, options):
    """Compiles the traced functions of entries as one module (one tirc
    and one clang run, or none when the module is in the cache)."""
    from . import compile as tirc_compile
    parts, line = [], 0
    taken = {}
    for e in entries:
        n = taken.get(e.name, 0)
        taken[e.name] = n + 1
        if n:
            e.name = "%s_%d" % (e.name, n)
        text, lines = e.traced.text(e.name)
        e.lines = {line + k: v for k, v in lines.items()}
        line += text.count("\n")
        parts.append(text)
    src = "".join(parts)
    try:
        mod = tirc_compile(src, threads=threads, **options)
    except CompileError as err:
        all_lines = {}
        for e in entries:
            all_lines.update(e.lines)
        raise CompileError(remap(err.message, all_lines), err.status) from None
    for e in entries:
        e.call = mod.functions[e.name].call
        e.jit.modules.append(mod)
    return mod


def precompile(calls, threads=None, **options):
    """Traces each (jit function, args) or (jit function, args, kwargs) of
    calls and compiles all of them as one module: one tirc and one clang
    run for many functions. Later calls with these signatures run the
    compiled code."""
    todo = []
    for c in calls:
        jf, args = getattr(c[0], "jit", c[0]), c[1]
        kwargs = c[2] if len(c) > 2 else {}
        names, vals = jf._bind(args, kwargs)
        key = jf._key(names, vals)
        e = jf._entries.get(key)
        if e is None:
            e = jf._entries[key] = _Entry(jf, jf._trace(names, vals), _mlir_name(jf.__name__))
        if e.call is None and e not in todo:
            todo.append(e)
    if todo:
        return _compile(todo, threads, options)
    return None


def jit(f=None, *, dynamic=None, threads=None, **options):
    """Traces f, a function written with NumPy's API, into tirc's IR once
    per signature and runs the compiled code:

        @tirc.jit
        def softmax(x):
            e = np.exp(x - x.max(axis=-1, keepdims=True))
            return e / e.sum(axis=-1, keepdims=True)

        y = softmax(x)                      # traced, compiled (or cached), run
        print(softmax.lower(x).mlir)        # the traced IR; .llvm the LLVM IR

    f runs unchanged under NumPy. While tracing, its array arguments are
    tirc Tracers: abstract arrays with a dtype and a shape that implement
    NumPy's operators and its dispatch protocols (__array_ufunc__,
    __array_function__), so ``np.exp(x)``, ``x.sum(1)`` and ``x @ w`` call
    back into tirc with f's own ``np``. (tirc.numpy is the same namespace
    for code that prefers to say so: ``import tirc.numpy as tnp``.)

    Signatures. An array argument's signature is its dtype, its rank and
    which of its dims are dynamic ('?'); any other argument (a Python or
    NumPy scalar, a string, a tuple) is static: its value is part of the
    signature and is seen by f as it is. dynamic= chooses the dynamic dims:
    None (the default) the leading dim of every array, True all, False or
    () none, an int or a tuple of dims for every array, or a dict from
    argument name (or position) to one of these. Each signature is traced
    and compiled once; the module goes through tirc.compile's on-disk
    cache, so a second process compiles nothing. The function returned
    has .trace_count (traces so far), .lower(*args) (the traced IR, see
    Lowered), .modules (the tirc modules used) and .__wrapped__ (f). A
    call with the signature used last goes straight to the compiled code
    (the dtype, rank and size checks are its own); another signature is
    looked up (or traced) first.

    Rules: NumPy's, for the NumPy installed. Result dtypes are computed by
    NumPy on dummy operands (value-based casting of scalars on NumPy 1.x,
    NEP 50 on 2.x); implicit casts are explicit tir.convert ops. Shapes
    broadcast as in NumPy, checked while tracing where static and at run
    time otherwise. Integer x // 0 and x % 0 raise tirc.Error (NumPy gives
    0 and a warning). A rank-0 result is returned as a NumPy scalar.

    Covered: + - * / // % ** @ (tir.matmul; np.einsum's explicit form is
    tir.einsum: both compile once tirc lowers contractions, and are
    tirc's error at the Python line until then), comparisons, & | ^ ~; the
    ufuncs with tir ops (exp log sqrt tanh sin cos tan arctan exp2 expm1
    log2 log10 log1p floor ceil trunc rint abs negative positive square
    reciprocal sign maximum minimum fmax fmin arctan2 copysign fmod
    logical_* isnan isinf isfinite); basic indexing (ints, slices with
    positive steps, None, ...); .T .transpose .reshape (one -1) .astype
    .ravel .squeeze; sum mean max min prod any all argmax argmin (axis=,
    keepdims=); np.where clip concatenate stack broadcast_to expand_dims
    zeros_like ones_like full_like; NumPy constants (np.arange, arrays
    from the closure). Anything else is a tirc.TraceError at the line of
    f that uses it, saying what to use instead. Slices and integer
    indices need static sizes in every dim of the array sliced (tir.slice
    has static bounds): make those dims static with dynamic=. A dynamic
    size (x.shape[0] of a '?' dim) may be used in arithmetic, where it is
    the run-time size, but not as a Python number (int(), range, if).

    Errors. A tirc diagnostic on the traced IR (tirc.CompileError) and a
    run-time failure (tirc.Error) name the Python file and line of the op.

    threads=N runs large loop nests on N threads; other keyword arguments
    go to tirc.compile (checks, target, cflags, cache_dir, ...).
    """
    if f is None:
        return lambda g: Jit(g, dynamic=dynamic, threads=threads, **options).wrapper
    return Jit(f, dynamic=dynamic, threads=threads, **options).wrapper


__all__ = ["jit", "precompile", "Jit", "Lowered", "TraceError"]
