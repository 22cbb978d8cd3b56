"""Building a module: tirc and clang, once per (source, options, tools),
with the shared object cached by content hash."""

import hashlib
import json
import os
import platform
import shutil
import subprocess
import tempfile

from . import _shim
from ._sig import parse_header

_here = os.path.dirname(os.path.realpath(__file__))


class Error(ValueError):
    """A compiled function failed (status > 0), or a module did not compile.

    message is the function's (or tirc's) message, status the function's
    status code (1 incompatible run-time sizes, 2 integer division by zero
    or MIN / -1, 3 out of memory, 4 a descriptor contradicting the static
    type) or tirc's / clang's exit code, function the function's name.
    """

    def __init__(self, message, status=None, function=None):
        super().__init__(message)
        self.message, self.status, self.function = message, status, function


class CompileError(Error):
    """tirc or clang rejected the module; message holds their diagnostics."""


def find_tirc(tirc=None):
    """tirc's path: the argument, $TIRC, the repository's bin/tirc, or PATH."""
    cands = [tirc, os.environ.get("TIRC"), os.path.join(_here, "..", "..", "bin", "tirc"), shutil.which("tirc")]
    for c in cands:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.realpath(c)
    raise FileNotFoundError("tirc not found: build it (make build), put it on PATH, or set $TIRC")


def find_cc(cc=None):
    """The C compiler: the argument, $TIRC_CC, or clang on PATH."""
    c = cc or os.environ.get("TIRC_CC") or "clang"
    path = shutil.which(c)
    if not path:
        raise FileNotFoundError("C compiler %r not found: install clang or set $TIRC_CC" % c)
    return path


def cache_dir(path=None):
    """Where built modules are kept: the argument, $TIRC_CACHE_DIR, or
    $XDG_CACHE_HOME/tirc (~/.cache/tirc)."""
    if path:
        return os.path.abspath(path)
    if os.environ.get("TIRC_CACHE_DIR"):
        return os.path.abspath(os.environ["TIRC_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tirc")


_identities = {}


def _host_cpu():
    """What tirc's default target depends on: the CPU's vendor, family,
    model and features (Linux's /proc/cpuinfo), else the machine's name."""
    global _host
    if _host is None:
        keep = ("vendor_id", "cpu family", "model", "flags")
        try:
            with open("/proc/cpuinfo") as f:
                first = f.read().split("\n\n", 1)[0]
            _host = "\n".join(l for l in first.splitlines() if l.split(":", 1)[0].strip() in keep)
        except OSError:
            _host = ""
        _host = _host or platform.machine() + " " + platform.processor()
    return _host


_host = None


def _identity(path, version_cmd):
    """A tool's identity for the cache key: its version text and its file's
    size and mtime (a rebuilt tirc with the same version string is another
    tool), computed once per process and file state."""
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns)
    if key not in _identities:
        out = subprocess.run([path] + version_cmd, capture_output=True, text=True)
        _identities[key] = "%s|%d|%d|%s" % (path, st.st_size, st.st_mtime_ns, out.stdout.strip())
    return _identities[key]


def arg_shapes_flag(arg_shapes):
    """-arg-shapes text from {"f": {0: (8, 128)}} (None or -1 for '?'),
    or a string as tirc takes it."""
    if isinstance(arg_shapes, str):
        return arg_shapes
    specs = []
    for fn, args in arg_shapes.items():
        items = []
        for i, shape in sorted(args.items()):
            dims = "x".join("?" if d is None or d == -1 else str(int(d)) for d in shape)
            items.append("%d=%s" % (int(i), dims))
        specs.append("@%s:%s" % (fn.lstrip("@"), ",".join(items)))
    return ";".join(specs)


def _run(cmd, cwd, what):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise CompileError("%s failed (exit %d):\n%s" % (what, r.returncode, (r.stderr + r.stdout).strip()), r.returncode)
    return r


class Build:
    """The files of a built module in the cache."""

    def __init__(self, dir, cached):
        self.dir, self.cached = dir, cached
        self.so = os.path.join(dir, "module.so")
        self.header = os.path.join(dir, "module.h")
        with open(self.header) as f:
            self.signatures = parse_header(f.read())
        with open(os.path.join(dir, "build.json")) as f:
            self.info = json.load(f)


def build(source, *, arg_shapes=None, threads=None, checks=True, parallel_threshold=None,
          sources=(), cflags=(), tirc=None, cc=None, cache=None, shim=True, target=None):
    """Builds (or finds in the cache) the shared object of source: a path
    or MLIR text. Returns a Build."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source and "{" not in source):
        path = os.fspath(source)
        with open(path, "rb") as f:
            text = f.read()
        display = path
    else:
        text = source.encode() if isinstance(source, str) else bytes(source)
        display = "module.mlir"
    tirc_path, cc_path = find_tirc(tirc), find_cc(cc)
    flags = ["-infer-shapes"]
    if arg_shapes:
        flags.append("-arg-shapes=" + arg_shapes_flag(arg_shapes))
    llvm_flags = []  # -emit-llvm's own
    if not checks:
        llvm_flags.append("-no-runtime-checks")
    if parallel_threshold is not None:
        llvm_flags.append("-parallel-threshold=%d" % int(parallel_threshold))
    if target is not None:
        llvm_flags.append("-target-cpu=" + str(target))
    threads = int(threads) if threads else None
    if threads is not None and threads < 1:
        raise ValueError("threads must be at least 1, got %d" % threads)
    libs = ["-lm"] + (["-lgomp"] if threads and threads > 1 else [])
    extra = []
    for s in sources:
        with open(s, "rb") as f:
            extra.append((os.path.abspath(s), hashlib.sha256(f.read()).hexdigest()))
    key_data = json.dumps({
        "shim": _shim.VERSION if shim else None,
        "tirc": _identity(tirc_path, ["--version"]),
        "cc": _identity(cc_path, ["--version"]),
        "source": hashlib.sha256(text).hexdigest(),
        # tirc compiles for the host's CPU unless told otherwise: a cache
        # shared between machines must not hand one machine's code to another.
        "host": _host_cpu(),
        "display": display, "flags": flags + llvm_flags, "libs": libs, "sources": extra, "cflags": list(cflags),
    }, sort_keys=True)
    key = hashlib.sha256(key_data.encode()).hexdigest()[:32]
    root = cache_dir(cache)
    final = os.path.join(root, key)
    if os.path.exists(os.path.join(final, "module.so")):
        return Build(final, True)
    os.makedirs(root, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="build-", dir=root)
    try:
        # tirc reads the file as the user named it, so that messages (and
        # the run-time messages compiled in) say where the op is.
        src, cwd = display, None
        if display == "module.mlir":
            with open(os.path.join(tmp, display), "wb") as f:
                f.write(text)
            cwd = tmp
        ll, h = os.path.join(tmp, "module.ll"), os.path.join(tmp, "module.h")
        _run([tirc_path] + flags + llvm_flags + ["-emit-llvm", src, "-o", ll], cwd, "tirc -emit-llvm")
        _run([tirc_path] + flags + ["-emit-c-header", src, "-o", h], cwd, "tirc -emit-c-header")
        with open(h) as f:
            sigs = parse_header(f.read())
        inputs = [ll] + [p for p, _ in extra]
        if shim:
            with open(os.path.join(tmp, "shim.c"), "w") as f:
                f.write(_shim.shim_source("module.h", sigs))
            inputs.append(os.path.join(tmp, "shim.c"))
        # -Bsymbolic: calls inside the module bind to its own functions, not
        # to a same-named one already loaded (two compiled modules may both define @f).
        cmd = [cc_path, "-O3", "-shared", "-fPIC", "-Wl,-Bsymbolic", "-Wno-override-module", "-I", tmp] + list(cflags) + inputs + ["-o", os.path.join(tmp, "module.so")] + libs
        _run(cmd, tmp, "clang")
        with open(os.path.join(tmp, "build.json"), "w") as f:
            json.dump({"source": display, "flags": flags + llvm_flags, "clang": cmd, "threads": threads, "shim": bool(shim)}, f, indent=1)
        try:
            os.rename(tmp, final)
        except OSError:  # built by someone else meanwhile
            if not os.path.exists(os.path.join(final, "module.so")):
                raise
            shutil.rmtree(tmp, ignore_errors=True)
        return Build(final, False)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
