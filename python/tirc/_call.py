"""Calling compiled functions: loading the shared object, the per-function
Python wrappers, argument checks, results and errors."""

import ctypes
import operator
import os
import threading

import numpy as np

from . import _shim
from ._build import Error
from ._sig import ELEMS

_ndarray = np.ndarray
_DTYPES = {name: np.dtype(name) for name in _shim.DTYPE_KINDS}

_SCALAR_CTYPES = {
    "i1": ctypes.c_bool, "i8": ctypes.c_int8, "i16": ctypes.c_int16, "i32": ctypes.c_int32,
    "i64": ctypes.c_int64, "si8": ctypes.c_int8, "si16": ctypes.c_int16, "si32": ctypes.c_int32,
    "si64": ctypes.c_int64, "ui8": ctypes.c_uint8, "ui16": ctypes.c_uint16, "ui32": ctypes.c_uint32,
    "ui64": ctypes.c_uint64, "index": ctypes.c_int64, "f16": ctypes.c_uint16, "bf16": ctypes.c_uint16,
    "f32": ctypes.c_float, "f64": ctypes.c_double,
}


_MSG_MAX = 1 << 16  # the shim's TIRC_PY_MSG_MAX


def _pick(lines, function):
    """The message of a failed call of function among the lines written
    for it: its own latest line, else (one of the C functions it calls
    failed) the latest line, without the "tirc: error: " prefix."""
    prefix = "tirc: error: %s: " % function
    own = [l for l in lines if l.startswith(prefix)]
    line = own[-1] if own else lines[-1] if lines else None
    if line is None:
        return None
    return line[len("tirc: error: "):] if line.startswith("tirc: error: ") else line


class _Messages:
    """Where the messages of failed calls are found. The shim's dprintf
    keeps what a module writes to its tirc_error_fd in a buffer of the
    calling thread (tirc_py_take); what reaches the descriptor itself (a C
    function linked in that calls write()) goes to one pipe shared by every
    loaded module, whose write end never blocks (a long message is cut).
    The success path touches neither."""

    def __init__(self):
        self.lock = threading.Lock()
        self.r = self.w = None
        self.buf = b""
        self.pending = []

    def fd(self):
        with self.lock:
            if self.w is None:
                self.r, self.w = os.pipe()
                os.set_blocking(self.r, False)
                os.set_blocking(self.w, False)
            return self.w

    def take(self, function, lib_take=None):
        """The message of a failed call of function, or None. lib_take is
        the module's tirc_py_take, called on the failed call's thread."""
        if lib_take is not None:
            buf = ctypes.create_string_buffer(_MSG_MAX)
            n = lib_take(buf, _MSG_MAX)
            if n:
                text = buf.raw[:n].decode(errors="replace")
                msg = _pick([l for l in text.split("\n") if l], function)
                if msg:
                    return msg
        with self.lock:
            if self.r is None:
                return None
            try:
                while True:
                    chunk = os.read(self.r, 1 << 16)
                    if not chunk:
                        break
                    self.buf += chunk
            except BlockingIOError:
                pass
            lines = self.buf.split(b"\n")
            self.buf = lines.pop()[-_MSG_MAX:]
            self.pending = (self.pending + [l.decode(errors="replace") for l in lines if l])[-64:]
            prefix = "tirc: error: %s: " % function
            for i, line in enumerate(self.pending):
                if line.startswith(prefix):
                    del self.pending[i]
                    return line[len("tirc: error: "):]
            if not self.pending and self.buf:  # a message cut short
                self.pending.append(self.buf.decode(errors="replace"))
                self.buf = b""
            msg = _pick(self.pending[-1:], function)
            del self.pending[-1:]
            return msg


_messages = _Messages()
_layout = {}  # "ok": whether the shim may read this Python's arrays


def _probe_layout(lib):
    """Checks, once per process, that the shim reads NumPy arrays right:
    type, data, rank, sizes, strides, dtype and the writeable flag."""
    if "ok" in _layout:
        return _layout["ok"]
    ok = True
    try:
        probe = lib.tirc_py_probe
        probe.restype = None
        probe.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        base = np.zeros((3, 5), np.float32)
        for a in (base[:, ::2], base.T, np.broadcast_to(np.arange(4, dtype=np.int16), (2, 4))):
            out = (ctypes.c_int64 * 13)()
            probe(id(a), out)
            want = [id(np.ndarray), a.ctypes.data, a.ndim, id(a.dtype), None]
            got = list(out[:4])
            ok = ok and got == want[:4] and bool(out[4]) == a.flags.writeable
            ok = ok and list(out[5:5 + a.ndim]) == list(a.shape) and list(out[9:9 + a.ndim]) == list(a.strides)
    except (AttributeError, ValueError, TypeError):
        ok = False
    _layout["ok"] = ok
    return ok


def _array_api():
    """The address of NumPy's PyArray_API table (its C API's functions),
    for the NumPy versions whose table slots the shim knows (1.x and 2.x
    share them: they are NumPy's ABI)."""
    import importlib

    if np.__version__.split(".")[0] not in ("1", "2"):
        return None

    for name in ("numpy.core._multiarray_umath", "numpy._core._multiarray_umath"):
        try:
            capsule = importlib.import_module(name)._ARRAY_API
            break
        except (ImportError, AttributeError):
            continue
    else:
        return None
    # Own function objects: ctypes.pythonapi's are shared with other code.
    get = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(("PyCapsule_GetPointer", ctypes.pythonapi))
    return get(capsule, None)


def _api_pointers():
    """What tirc_py_init_api takes: the addresses of the C API functions
    the shim calls (the order of its tirc_py_api struct), or None."""
    api = _array_api()
    if not api:
        return None
    slots = (ctypes.c_void_p * 300).from_address(api)
    py = ctypes.pythonapi
    fns = [py.PyEval_SaveThread, py.PyEval_RestoreThread, py.PyLong_FromLong, py.PyCapsule_New,
           py.PyCapsule_GetPointer, py.PyTuple_New, py.PyTuple_SetItem, py.Py_IncRef, py.Py_DecRef]
    tail = [py.PyErr_Occurred, py.PyLong_AsLongLong, py.PyLong_AsUnsignedLongLong, py.PyFloat_AsDouble]
    ptrs = [ctypes.cast(f, ctypes.c_void_p).value for f in fns]
    ptrs += [slots[94], slots[282]]  # PyArray_NewFromDescr, PyArray_SetBaseObject
    ptrs += [ctypes.cast(f, ctypes.c_void_p).value for f in tail]
    if not all(ptrs):
        return None
    return (ctypes.c_void_p * len(ptrs))(*ptrs)


def _probe_wrap(pylib):
    """Whether results made by the shim (tirc_py_results) are the arrays
    they should be: checked once per process."""
    if "wrap" in _layout:
        return _layout["wrap"]
    ok = False
    try:
        f = pylib.tirc_py_probe_wrap
        f.restype, f.argtypes = ctypes.py_object, [ctypes.c_int]
        a = f(_shim.DTYPE_KINDS.index("float64"))
        ok = (type(a) is np.ndarray and a.dtype is _DTYPES["float64"] and a.shape == (2, 3)
              and a.strides == (8, 16) and a.flags.f_contiguous and a.flags.aligned and a.flags.writeable
              and not a.flags.owndata and type(a.base).__name__ == "PyCapsule"
              and a.tolist() == [[0, 2, 4], [1, 3, 5]])
        del a  # the capsule frees the buffer
    except (AttributeError, ValueError, TypeError):
        ok = False
    _layout["wrap"] = ok
    return ok


_desc_classes = {}


def desc_class(elem, rank):
    """The ctypes Structure of a descriptor (tirc_desc_<elem>_<rank>d)."""
    key = (elem, rank)
    if key not in _desc_classes:
        fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p), ("offset", ctypes.c_int64)]
        if rank:
            fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
        _desc_classes[key] = type("tirc_desc_%s_%dd" % (elem, rank), (ctypes.Structure,), {"_fields_": fields})
    return _desc_classes[key]


class _Owned:
    """Holds a result buffer the callee allocated; tirc_free releases it
    when the last array using it is collected."""

    __slots__ = ("__array_interface__", "_desc", "_free")

    def __del__(self):
        self._free(ctypes.byref(self._desc))


def _shape_text(shape):
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


class Function:
    """A compiled function: its signature (.signature, .args, .results)
    and the Python function that calls it (.call, also the module's
    attribute of the same name)."""

    def __init__(self, module, sig, lib, threads, shim):
        self.module, self.sig, self.name = module, sig, sig.name
        self.args, self.results = sig.args, sig.results
        self.signature = repr(sig)
        self._lib = lib
        self._threads = threads
        self._entry = getattr(lib, sig.name)
        self._entry.restype = ctypes.c_int32
        self._entry.argtypes = None
        self._free = lib.tirc_free
        self._take = getattr(lib, "tirc_py_take", None)
        if self._take is not None:
            self._take.restype = ctypes.c_size_t
            self._take.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
        self._free.restype = None
        self._free.argtypes = [ctypes.c_void_p]
        self._shim = {}
        if shim:
            for mode in ("o", "a", "n"):
                if mode == "n" and not isinstance(shim, ctypes.PyDLL):
                    continue
                f = getattr(lib if mode != "n" else shim, "tirc_py_%s_%s" % (mode, sig.name), None)
                if f is None:
                    continue
                f.restype = ctypes.py_object if mode == "n" else ctypes.c_int32
                argtypes = []
                for p in sig.args + sig.results:
                    if p.kind == "scalar" and not p.result:
                        argtypes.append(_SCALAR_CTYPES[p.elem])
                    elif mode in "an" and p.result and p.kind == "tensor" and not p.static:
                        if mode == "a":
                            argtypes.append(ctypes.POINTER(desc_class(p.elem, len(p.shape))))
                    else:
                        # id(array): the object's address, which the shim
                        # reads (cheaper for ctypes than py_object).
                        argtypes.append(ctypes.c_void_p)
                f.argtypes = argtypes
                self._shim[mode] = f
        if isinstance(shim, ctypes.PyDLL):
            for mode in ("p", "q"):
                m = _method(shim, "tirc_py_m%s_%s" % ("" if mode == "p" else mode, sig.name))
                if m is not None:
                    self._shim[mode] = m
        self.call = _make_wrapper(self)

    def __call__(self, *args, **kwargs):
        return self.call(*args, **kwargs)

    def __repr__(self):
        return "<tirc function %s>" % self.signature

    # ---- the general path: checks, normalization, results ----

    def _where(self, p):
        if p.result:
            return "out[%d] of @%s (result %d, %s)" % (p.index, self.name, p.index, p.mlir) if len(self.results) > 1 \
                else "out of @%s (%s)" % (self.name, p.mlir)
        return "argument %d (%s) of @%s (%s)" % (p.index, p.name, self.name, p.mlir)

    def _dtype(self, p):
        if p.dtype is None:
            raise TypeError(_no_dtype(self.name, p))
        return _DTYPES[p.dtype]

    def _array(self, p, x):
        """x checked against p and made passable: an exact ndarray of the
        dtype singleton whose strides are multiples of the item size."""
        dt = self._dtype(p)
        if isinstance(x, _ndarray):
            a = x if type(x) is _ndarray else x.view(_ndarray)
        elif not p.shape and not p.result and isinstance(x, np.generic):
            a = np.asarray(x)  # a NumPy scalar: its dtype must match
        elif not p.shape and not p.result and isinstance(x, (bool, int, float)):
            # A Python scalar for a rank-0 tensor: converted as NumPy would.
            if dt.kind == "b" and not isinstance(x, bool) or dt.kind != "f" and isinstance(x, float) \
                    or dt.kind != "b" and isinstance(x, bool):
                raise TypeError("%s: expected a %s value, got %r" % (self._where(p), p.elem, x))
            if dt.kind in "iu" and not np.iinfo(dt).min <= x <= np.iinfo(dt).max:
                raise ValueError("%s: %d is out of range for %s" % (self._where(p), x, p.elem))
            a = np.array(x, dt)
        else:
            raise TypeError("%s: expected a numpy.ndarray of dtype %s, got %s" % (self._where(p), dt.name, type(x).__name__))
        if a.dtype != dt:
            raise TypeError("%s: expected dtype %s, got an array of dtype %s (convert with .astype(numpy.%s))"
                            % (self._where(p), dt.name, a.dtype, dt.name))
        if a.dtype is not dt:
            a = a.view(dt)
        if a.ndim != len(p.shape):
            raise ValueError("%s: expected rank %d, got an array of shape %s (rank %d)"
                             % (self._where(p), len(p.shape), _shape_text(a.shape), a.ndim))
        for i, want in enumerate(p.shape):
            if want is not None and a.shape[i] != want:
                raise ValueError("%s: got an array of shape %s: dimension %d is %d, expected %d"
                                 % (self._where(p), _shape_text(a.shape), i, a.shape[i], want))
        if p.result and not a.flags.writeable:
            raise ValueError("%s: the array is read-only" % self._where(p))
        return a

    def _passable(self, p, a):
        """Whether a can be passed as it is (else a copy is passed)."""
        if not a.flags.aligned or any(s % a.itemsize for s in a.strides):
            return False
        return p.kind == "tensor" or a.flags.c_contiguous

    def _scalar(self, p, x):
        """A Python scalar for a scalar parameter, checked."""
        e = p.elem
        if p.dtype is None:
            self._dtype(p)
        if isinstance(x, _ndarray) and x.ndim == 0:
            x = x[()]
        if e == "i1":
            if isinstance(x, (bool, np.bool_)) or (isinstance(x, (int, np.integer)) and x in (0, 1)):
                return bool(x)
        elif e in ("f16", "f32", "f64"):
            if isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, (bool, np.bool_)):
                return int(np.float16(x).view(np.uint16)) if e == "f16" else float(x)
        else:
            if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
                info = np.iinfo(_DTYPES[ELEMS[e][0]])
                v = operator.index(x)
                if not info.min <= v <= info.max:
                    raise ValueError("%s: %d is out of range for %s" % (self._where(p), v, e))
                return v
        raise TypeError("%s: expected a %s scalar, got %s" % (self._where(p), p.mlir, type(x).__name__))

    def _outs(self, out):
        if out is None:
            return [None] * len(self.results)
        if len(self.results) == 1:
            return [out]
        if not isinstance(out, tuple) or len(out) != len(self.results):
            raise TypeError("out of @%s: expected a tuple of %d arrays (or None entries)" % (self.name, len(self.results)))
        return list(out)

    def _call(self, args, out):
        """Checks and normalizes every argument, calls, returns the results."""
        for p in self.args + self.results:
            self._dtype(p)  # a type without a NumPy dtype: TypeError naming it
        self._set_threads()
        vals, arrays = [], []
        for p, x in zip(self.args, args):
            if p.kind == "scalar":
                vals.append(self._scalar(p, x))
                continue
            a = self._array(p, x)
            if not self._passable(p, a):
                a = np.ascontiguousarray(a)  # odd strides or misaligned: one copy
            vals.append(a)
            arrays.append(a)
        outs = self._outs(out)
        res, writeback = [], []
        for p, o in zip(self.results, outs):
            dt = self._dtype(p)
            if o is not None:
                a = self._array(p, o)
                if not self._passable(p, a) or any(np.may_share_memory(a, b) for b in arrays + res):
                    t = np.empty(a.shape, dt)  # computed here, then copied into out
                    writeback.append((a, t))
                    a = t
                res.append(a)
            elif p.static:
                res.append(np.empty(p.shape, dt))
            else:
                res.append(desc_class(p.elem, len(p.shape))())
        if self._shim:
            mode = "a" if any(isinstance(r, ctypes.Structure) for r in res) else "o"
            st = self._shim[mode](*[id(v) if isinstance(v, _ndarray) else v for v in vals + res])
            if st < 0:
                raise Error("internal error: the shim refused normalized arguments of @%s" % self.name, -1, self.name)
        else:
            st = self._portable(vals, res)
        if st:
            self._raise(st)
        for a, t in writeback:
            a[...] = t
        if out is not None:
            return out
        got = [self._own(p, r) if isinstance(r, ctypes.Structure) else (r[()] if p.kind == "scalar" else r)
               for p, r in zip(self.results, res)]
        return got[0] if len(got) == 1 else tuple(got)

    def _portable(self, vals, res):
        """The call through ctypes descriptors alone (no shim)."""
        cargs = []
        for p, v in zip(self.args + self.results, vals + res):
            if isinstance(v, ctypes.Structure):
                cargs.append(ctypes.byref(v))
            elif p.kind == "scalar" and not p.result:
                cargs.append(_SCALAR_CTYPES[p.elem](v))
            elif p.kind == "tensor":
                d = desc_class(p.elem, len(p.shape))()
                d.allocated = d.aligned = v.ctypes.data
                if p.shape:
                    d.sizes[:] = v.shape
                    d.strides[:] = [s // v.itemsize for s in v.strides]
                cargs.append(ctypes.byref(d))
            else:
                cargs.append(ctypes.c_void_p(v.ctypes.data))
        return self._entry(*cargs)

    def _own(self, p, d):
        """An array over a result the callee allocated, freed with tirc_free
        when collected."""
        dt = self._dtype(p)
        shape = tuple(d.sizes) if p.shape else ()
        if 0 in shape or not d.aligned:
            self._free(ctypes.byref(d))
            return np.empty(shape, dt)
        o = _Owned()
        o._desc, o._free = d, self._free
        o.__array_interface__ = {
            "version": 3, "shape": shape, "typestr": dt.str,
            "data": (d.aligned + d.offset * dt.itemsize, False),
            "strides": tuple(s * dt.itemsize for s in d.strides) if p.shape else None,
        }
        return np.asarray(o)

    def _raise(self, st):
        msg = _messages.take(self.name, self._take) or "@%s failed with status %d" % (self.name, st)
        raise Error(msg, st, self.name)

    def _retry(self, st, args, out):
        """After the shim returned st != 0: an error, or arguments to check."""
        if st > 0:
            self._raise(st)
        return self._call(args, out)

    _tls = threading.local()

    def _set_threads(self):
        """Gives the calling thread libgomp's thread count of the module
        (omp_set_num_threads is per thread)."""
        n = self._threads
        if n and getattr(Function._tls, "n", None) != n:
            self._lib.omp_set_num_threads(ctypes.c_int(n))
            Function._tls.n = n


def _no_dtype(name, p):
    """Why @name cannot be called from Python: p's element type."""
    if p.elem == "bf16":
        return ("@%s takes or returns %s: bf16 has no NumPy dtype (convert to f32 in the module, "
                "e.g. with tir.convert, to call it from Python)" % (name, p.mlir))
    return ("@%s takes or returns %s: tirc's Python package has no NumPy dtype for %s, so @%s cannot be "
            "called from Python (the module's other functions can)" % (name, p.mlir, p.elem, name))


def _doc(fn):
    sig = fn.sig
    lines = ["%s -> result" % fn.signature, ""]
    for p in sig.args:
        if p.kind == "scalar":
            what = "a Python or NumPy scalar"
        elif p.dtype is None:
            what = "%s: not callable from Python (no NumPy dtype)" % p.elem
        else:
            what = "a numpy.ndarray of dtype %s, shape %s (any strides)" % (
                p.dtype, _shape_text(tuple("?" if d is None else d for d in p.shape)))
        lines.append("  %s: %s, %s" % (p.name, p.mlir, what))
    for p in sig.results:
        how = "a new array" if p.kind != "scalar" else "a NumPy scalar"
        lines.append("  result %d: %s, %s" % (p.index, p.mlir, how))
    lines += ["", "out= takes arrays to write the results into (a tuple for several results); the call",
              "then returns out. A failing call raises tirc.Error (message and status)."]
    return "\n".join(lines)


def _make_wrapper(fn):
    """The Python function a module exposes for fn: a direct shim call when
    the arguments are as the shim wants them, the general path otherwise.
    (Locals start with '_': parameter names never do.)"""
    sig = fn.sig
    names = [p.name for p in sig.args]
    ns = {"_f": fn, "_empty": np.empty, "_ndarray": _ndarray, "_tls": Function._tls, "_id": id}
    params = ", ".join(names + (["*", "out=None"] if sig.results else []))
    argtuple = "(%s)" % "".join(n + ", " for n in names)
    body = []
    if fn._threads:
        ns["_nt"] = fn._threads
        body.append("    if getattr(_tls, 'n', None) != _nt:\n        _f._set_threads()")
    fast = bool(fn._shim) and all(p.dtype is not None for p in sig.args + sig.results)
    if fast:
        conv = []
        for p in sig.args:
            if p.kind == "scalar":
                ns["_p%d" % p.index] = p
                conv.append("_f._scalar(_p%d, %s)" % (p.index, p.name))
            else:
                conv.append("_id(%s)" % p.name)
        ns["_o"] = fn._shim["o"]
        body += _fast_results(fn, ns, conv, argtuple)
        if len(sig.results) == 1 and sig.results[0].kind != "scalar":
            body.append("    if type(out) is _ndarray:")
            if "q" in fn._shim:
                ns["_q"] = fn._shim["q"]
                body.append("        _st = _q(%s)" % ", ".join(_plain(conv) + ["out"]))
            else:
                body.append("        _st = _o(%s)" % ", ".join(conv + ["_id(out)"]))
            body.append("        if _st:\n            return _f._retry(_st, %s, out)" % argtuple)
            body.append("        return out")
    if sig.results or not fast:
        body.append("    return _f._call(%s, %s)" % (argtuple, "out" if sig.results else "None"))
    src = "def %s(%s):\n%s\n" % (sig.name, params, "\n".join(body))
    exec(compile(src, "<tirc wrapper of @%s>" % sig.name, "exec"), ns)
    w = ns[sig.name]
    w.__doc__ = _doc(fn)
    w.__module__ = "tirc"
    w.__tirc_source__ = src
    return w


def _plain(conv):
    """The arguments of a builtin shim function: conv without _id()."""
    return [c[len("_id("):-1] if c.startswith("_id(") else c for c in conv]


def _method(pylib, symbol):
    """The shim's PyMethodDef symbol as a Python builtin, or None."""
    try:
        method = ctypes.c_char.in_dll(pylib, symbol)
    except ValueError:
        return None
    new = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)(
        ("PyCFunction_NewEx", ctypes.pythonapi))
    return new(ctypes.addressof(method), None, None)


def _fast_results(fn, ns, conv, argtuple):
    """The wrapper's lines for a call without out=: static results are
    allocated here; dynamic ones are made by the shim (mode "n": it returns
    them, or the status as an int), or (mode "a") filled descriptors
    wrapped by _own."""
    sig = fn.sig
    if "p" in fn._shim:
        ns["_p"], ns["_int"] = fn._shim["p"], int
        call = _plain(conv)
        return ["    if out is None:",
                "        _x = _p(%s)" % ", ".join(call),
                "        if _x.__class__ is _int:\n            return _f._retry(_x, %s, None)" % argtuple,
                "        return _x"]
    mode = "n" if "n" in fn._shim else "a" if "a" in fn._shim else "o"
    ns["_" + mode] = fn._shim[mode]
    body, rets, call, dyn = [], [], list(conv), []
    if sig.results:
        body.append("    if out is None:")
    for p in sig.results:
        i = p.index
        if p.kind == "tensor" and not p.static:
            dyn.append(p)
            if mode == "a":
                ns["_D%d" % i], ns["_P%d" % i] = desc_class(p.elem, len(p.shape)), p
                body.append("        _r%d = _D%d()" % (i, i))
                call.append("_r%d" % i)
                rets.append("_f._own(_P%d, _r%d)" % (i, i))
            else:
                rets.append("_x" if sum(q.kind == "tensor" and not q.static for q in sig.results) == 1
                            else "_x[%d]" % (len(dyn) - 1))
        else:
            ns["_s%d" % i], ns["_d%d" % i] = tuple(p.shape), _DTYPES[p.dtype]
            body.append("        _r%d = _empty(_s%d, _d%d)" % (i, i, i))
            call.append("_id(_r%d)" % i)
            rets.append("_r%d[()]" % i if p.kind == "scalar" else "_r%d" % i)
    ind = "        " if sig.results else "    "
    if mode == "n":
        ns["_int"] = int
        body.append("%s_x = _n(%s)" % (ind, ", ".join(call)))
        body.append("%sif _x.__class__ is _int:\n%s    return _f._retry(_x, %s, None)" % (ind, ind, argtuple))
    else:
        body.append("%s_st = _%s(%s)" % (ind, mode, ", ".join(call)))
        body.append("%sif _st:\n%s    return _f._retry(_st, %s, None)" % (ind, ind, argtuple))
    body.append("%sreturn %s" % (ind, ", ".join(rets) if rets else "None"))
    return body


def load(build, threads):
    """The functions of a built module, by name. Returns the library, the
    signatures, and the shim: None, or the library again loaded as a
    ctypes.PyDLL when its functions may make result arrays themselves
    (modes "n", "p" and "q"), else True."""
    lib = ctypes.CDLL(build.so)
    ctypes.c_int32.in_dll(lib, "tirc_error_fd").value = _messages.fd()
    shim = build.info.get("shim") and os.environ.get("TIRC_PY_SHIM", "1") != "0"
    if shim and hasattr(lib, "tirc_py_init") and _probe_layout(lib):
        dtypes = (ctypes.c_void_p * len(_shim.DTYPE_KINDS))(*[id(_DTYPES[k]) for k in _shim.DTYPE_KINDS])
        lib.tirc_py_init.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        lib.tirc_py_init.restype = None
        lib.tirc_py_init(id(np.ndarray), dtypes)
        api = _api_pointers() if hasattr(lib, "tirc_py_init_api") else None
        if api:
            lib.tirc_py_init_api.argtypes, lib.tirc_py_init_api.restype = [ctypes.c_void_p], None
            lib.tirc_py_init_api(api)
            pylib = ctypes.PyDLL(build.so)
            if _probe_wrap(pylib):
                shim = pylib
    else:
        shim = None
    return lib, {sig.name: sig for sig in build.signatures if not sig.external}, shim
