"""Building a module: tirc and clang, once per (source, options, tools),
with the shared object cached by content hash."""

import atexit
import hashlib
import json
import os
import platform
import shutil
import subprocess
import tempfile
import threading
import warnings

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


def _repo():
    """The repository whose bin/tirc the package uses: the one around the
    source tree it runs from, else the one it was installed from without a
    compiler of its own (tirc/_installed.py, written by pip's build)."""
    src = os.path.dirname(os.path.dirname(_here))
    if os.path.isfile(os.path.join(src, "go.mod")):
        return src
    try:
        from ._installed import REPO
    except ImportError:
        return None
    return REPO


def _is_wrapper(path):
    """Whether path is the `tirc` console script pip installs with the
    package (it runs find_tirc's result: never its own answer)."""
    try:
        with open(path, "rb") as f:
            head = f.read(1024)
    except OSError:
        return False
    return head.startswith(b"#!") and b"tirc.__main__" in head


def _executable(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


NOT_FOUND_HELP = ("set TIRC to the tirc binary (export TIRC=/path/to/tirc; `make build` in tirc's repository "
                  "writes bin/tirc), or put tirc on PATH, or reinstall the package with Go installed "
                  "(pip install ./python builds the compiler into it)")


def find_tirc(tirc=None):
    """tirc's path: the argument, $TIRC, the installed package's own
    tirc/bin/tirc, the repository's bin/tirc, or tirc on PATH.
    FileNotFoundError says where it looked and how to point it at one."""
    for what, c in (("tirc=", tirc), ("$TIRC=", os.environ.get("TIRC"))):
        if c:
            # A bare name ("tirc") is a command on PATH, as for find_cc.
            found = c if os.sep in c else shutil.which(c)
            if not found or not _executable(found):
                raise FileNotFoundError("tirc: %s%s is not an executable file%s; %s"
                                        % (what, c, "" if os.sep in c else " or a command on PATH", NOT_FOUND_HELP))
            return os.path.realpath(found)
    looked = [os.path.join(_here, "bin", "tirc")]
    repo = _repo()
    if repo:
        looked.append(os.path.join(repo, "bin", "tirc"))
    for c in looked:
        if _executable(c):
            return os.path.realpath(c)
    for d in os.environ.get("PATH", os.defpath).split(os.pathsep):
        c = os.path.join(d or ".", "tirc")
        if _executable(c) and not _is_wrapper(c):
            return os.path.realpath(c)
    raise FileNotFoundError("tirc: no tirc compiler found ($TIRC is not set; looked at %s and PATH): %s"
                            % (", ".join(looked), NOT_FOUND_HELP))


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


# The files of a cache entry that the manifest's checksums cover; the
# manifest is written last, so an entry without a valid one is unfinished
# or damaged.
_ENTRY_FILES = ("module.so", "module.h", "build.json")
_MANIFEST = "manifest.json"


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _write_manifest(dir):
    sums = {name: _sha256(os.path.join(dir, name)) for name in _ENTRY_FILES}
    tmp = os.path.join(dir, _MANIFEST + ".tmp")
    with open(tmp, "w") as f:
        json.dump(sums, f, indent=1, sort_keys=True)
    os.replace(tmp, os.path.join(dir, _MANIFEST))


def _valid(dir):
    """Whether dir is a complete cache entry whose files are the ones built
    (a truncated .so, an edited or deleted header, ... are not)."""
    try:
        with open(os.path.join(dir, _MANIFEST)) as f:
            sums = json.load(f)
        return isinstance(sums, dict) and all(sums.get(n) == _sha256(os.path.join(dir, n)) for n in _ENTRY_FILES)
    except (OSError, ValueError):
        return False


def _discard(dir):
    """Removes a damaged cache entry: moved aside first, so that no one
    finds it half deleted."""
    if not os.path.lexists(dir) or _valid(dir):  # gone, or just replaced by another process
        return
    aside = dir + ".bad-%d-%d" % (os.getpid(), threading.get_ident())
    os.rename(dir, aside)
    shutil.rmtree(aside, ignore_errors=True)


_private = []  # this process's fallback cache directory


def _private_cache():
    """A temporary cache directory of this process, removed at exit: where
    modules are built when the cache directory cannot be written."""
    if not _private:
        _private.append(tempfile.mkdtemp(prefix="tirc-cache-"))
        atexit.register(shutil.rmtree, _private[0], True)
    return _private[0]


class _Job:
    """What build() runs: the tools, their flags, the inputs."""

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def run(self, tmp):
        """Builds the module in tmp and writes its manifest."""
        # tirc reads the file as the user named it, so that messages (and
        # the run-time messages compiled in) say where the op is.
        src, cwd = self.display, None
        if self.display == "module.mlir":
            with open(os.path.join(tmp, self.display), "wb") as f:
                f.write(self.text)
            cwd = tmp
        ll, h = os.path.join(tmp, "module.ll"), os.path.join(tmp, "module.h")
        _run([self.tirc] + self.flags + self.llvm_flags + ["-emit-llvm", src, "-o", ll], cwd, "tirc -emit-llvm")
        _run([self.tirc] + self.flags + ["-emit-c-header", src, "-o", h], cwd, "tirc -emit-c-header")
        with open(h) as f:
            sigs = parse_header(f.read())
        inputs = [ll] + [p for p, _ in self.extra]
        if self.shim:
            with open(os.path.join(tmp, "shim.c"), "w") as f:
                f.write(_shim.shim_source("module.h", sigs))
            inputs.append(os.path.join(tmp, "shim.c"))
        # -Bsymbolic: calls inside the module bind to its own functions, not
        # to a same-named one already loaded (two compiled modules may both define @f).
        cmd = [self.cc, "-O3", "-shared", "-fPIC", "-Wl,-Bsymbolic", "-Wno-override-module", "-I", tmp] + \
            list(self.cflags) + inputs + ["-o", os.path.join(tmp, "module.so")] + self.libs
        _run(cmd, tmp, "clang")
        with open(os.path.join(tmp, "build.json"), "w") as f:
            json.dump({"source": self.display, "flags": self.flags + self.llvm_flags, "clang": cmd,
                       "threads": self.threads, "shim": bool(self.shim)}, f, indent=1)
        _write_manifest(tmp)


def _build_in(root, key, job):
    """The Build of key in the cache directory root: the entry there if it
    is valid, else built (replacing a damaged one). OSError: root cannot be
    written."""
    final = os.path.join(root, key)
    if _valid(final):
        return Build(final, True)
    os.makedirs(root, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="build-", dir=root)
    try:
        job.run(tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if _valid(final):  # built by someone else meanwhile
        shutil.rmtree(tmp, ignore_errors=True)
        return Build(final, True)
    try:
        _discard(final)
        os.rename(tmp, final)  # fails if another process's entry is there now
    except OSError:
        if _valid(final):
            shutil.rmtree(tmp, ignore_errors=True)
            return Build(final, True)
        return Build(tmp, False)  # the entry cannot be replaced: this build serves this process
    return Build(final, False)


def build(source, *, arg_shapes=None, threads=None, checks=True, parallel_threshold=None,
          sources=(), cflags=(), tirc=None, cc=None, cache=None, shim=True, target=None):
    """Builds (or finds in the cache) the shared object of source: a path
    or MLIR text. Returns a Build. A damaged cache entry is rebuilt; a
    cache directory that cannot be written gives a warning and a private
    temporary one."""
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
    job = _Job(text=text, display=display, tirc=tirc_path, cc=cc_path, flags=flags, llvm_flags=llvm_flags,
               extra=extra, shim=shim, cflags=cflags, libs=libs, threads=threads)
    root = cache_dir(cache)
    try:
        return _build_in(root, key, job)
    except OSError as e:
        private = _private_cache()
        if os.path.abspath(root) == private:
            raise
        warnings.warn("tirc: cannot write the cache directory %s (%s); building in %s, which is removed at exit"
                      % (root, e.strerror or e, private), stacklevel=3)
        return _build_in(private, key, job)
