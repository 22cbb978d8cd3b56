"""tirc from Python: compile a module of tirc's IR (MLIR text) once, call
its functions on NumPy arrays; or write the function with NumPy's API and
let tirc.jit trace it into that IR (help(tirc.jit)).

    import numpy as np, tirc
    mod = tirc.compile("examples/bias_relu.mlir")      # or the MLIR text
    y = mod.bias_relu(x, b)                              # NumPy in, NumPy out
    mod = tirc.compile(src, arg_shapes={"bias_relu": {0: (8, 128)}}, threads=2)

compile() runs ``tirc -infer-shapes -emit-llvm`` and ``-emit-c-header``
and ``clang -O3 -shared -fPIC`` once per (source, options, tirc, clang) and
keeps the shared object in a cache directory ($TIRC_CACHE_DIR, else
~/.cache/tirc), keyed by a hash of all of them: compiling the same source
again costs no tirc or clang run.

Calls. Each public function of the module is an attribute of the module,
with its arguments' names (help(mod.f) shows the MLIR signature). Tensor
arguments are NumPy arrays of the declared dtype (bool; int8-int64 for
i8-i64, si8-si64 and index; uint8-uint64 for ui8-ui64; float16/32/64), of
any layout: views, negative strides,
Fortran order, broadcast (stride-0) arrays are passed as strided
descriptors without a copy. The one exception: an array whose strides are
not a multiple of its item size (or whose data is misaligned), e.g. a field
of a structured array, is copied once before the call. Scalar arguments
are Python or NumPy scalars. A wrong dtype is a TypeError, a wrong rank or
static size a ValueError, raised before the call. bf16 has no NumPy dtype:
such functions raise TypeError naming the function and the type, as does
one with an element type this package does not know; the module's other
functions work.

Results are new NumPy arrays: a result with static sizes is allocated
before the call, one with dynamic sizes by the compiled code, and the array
owns that buffer (a capsule releases it with tirc_free when the last array
using it is collected).
out= (an array, or a tuple for several results) makes the call write there
and return it; an out= array that overlaps an argument is computed into a
temporary first, as NumPy does.

A failing call (incompatible sizes at run time, integer division by zero,
...) raises tirc.Error, a ValueError, carrying the function's message and
its status code; it never crashes. The message is the one the compiled
code writes to its tirc_error_fd, kept for the calling thread (so that
concurrent calls each get their own, and a long one is cut rather than
blocking), so stderr stays quiet.

threads=N links libgomp and runs large loop nests on N threads (nests of at
least parallel_threshold elements, tirc's default 2^20).

The cache: an entry holds a manifest of its files' sha256 sums, written
last; a damaged entry (a truncated .so, an edited or deleted header) is
rebuilt. A cache directory that cannot be written gives a warning and a
private temporary directory, removed at exit.

How a call is made: a small C shim compiled into the module reads each
array's data pointer, sizes and strides (NumPy's public array struct,
checked once at load), fills the descriptors, calls the function without
the GIL and makes the result arrays with NumPy's C API. Each function is a
Python builtin made from the shim (no Python.h needed: the C API is
reached through function pointers given at load), so a call costs about
what a NumPy ufunc call costs: on 8x8 float32, ``mod.f(a, b)`` takes
0.2-0.9 us against 0.6-1.0 us for NumPy's ``a + b`` (python/bench/
call_overhead.py). Scalar arguments add a Python-level conversion each. If
NumPy's C API is not usable, calls go through ctypes functions of the shim
(about 1-2 us); set TIRC_PY_SHIM=0 to use plain ctypes descriptors instead.
"""

from ._build import CompileError, Error, cache_dir
from ._call import Function, load as _load
from ._build import build as _build
from ._trace import TraceError
from ._jit import jit, precompile, Lowered

__all__ = ["compile", "Module", "Function", "Error", "CompileError", "cache_dir", "jit", "precompile", "Lowered",
           "TraceError"]


class Module:
    """A compiled module: one attribute per public function, and

    functions  the Function objects by name (signature, args, results)
    path       the shared object
    header     its C header (tirc -emit-c-header)
    cached     whether it came from the cache (no tirc or clang run)
    """

    def __init__(self, build, threads):
        lib, sigs, shim = _load(build, threads)
        self._lib = lib
        self.path, self.header, self.cached = build.so, build.header, build.cached
        self.shim = bool(shim)
        self.functions = {}
        for name, sig in sigs.items():
            fn = Function(self, sig, lib, threads, shim)
            self.functions[name] = fn
            if not hasattr(self, name):
                setattr(self, name, fn.call)

    def __repr__(self):
        return "<tirc module %s: %s>" % (self.path, ", ".join(f.signature for f in self.functions.values()))

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self.functions))


def compile(source, *, arg_shapes=None, threads=None, checks=True, parallel_threshold=None,
            sources=(), cflags=(), tirc=None, cc=None, cache_dir=None, target=None):
    """Compiles source (a path, or the MLIR text) and returns a Module.

    arg_shapes: static shapes for function arguments, {"f": {0: (8, 128)}}
        (None for a '?'), or tirc's -arg-shapes text "@f:0=8x128".
    threads: run large loop nests on this many threads (links libgomp).
    checks: False drops the run-time checks (-no-runtime-checks): a wrong
        call is then undefined behaviour.
    parallel_threshold: tirc's -parallel-threshold (elements).
    sources: C files linked in, e.g. the definitions of the module's
        external functions (func.func private declarations).
    cflags: extra clang flags (e.g. ["-march=native"]).
    tirc, cc: the tirc binary and C compiler (default: $TIRC, the installed
        package's own compiler, the repository's bin/tirc or PATH;
        $TIRC_CC or clang).
    cache_dir: where built modules are kept (default $TIRC_CACHE_DIR or
        ~/.cache/tirc).
    target: tirc's -target-cpu (default: this machine's CPU; "portable"
        runs on any x86-64 CPU at the best level it has).

    Raises CompileError with tirc's diagnostics when the module does not
    compile.
    """
    b = _build(source, arg_shapes=arg_shapes, threads=threads, checks=checks,
               parallel_threshold=parallel_threshold, sources=sources, cflags=cflags,
               tirc=tirc, cc=cc, cache=cache_dir, shim=True, target=target)
    return Module(b, int(threads) if threads and int(threads) > 1 else None)
