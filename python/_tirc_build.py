"""The tirc package's PEP 517 build backend (pyproject.toml): the wheel of
python/tirc, built with the standard library alone, so that pip needs no
package index to build it.

When python/ sits in tirc's repository and Go is there ($GO, else go on
PATH, else /usr/local/go/bin/go), the wheel also holds the compiler,
built from the repository with `go build` (module cache only: never a
download) as tirc/bin/tirc, and the installed package uses it. Otherwise
(no Go, GO=false, or the build fails) the wheel records the repository's
path in tirc/_installed.py, and the package uses the repository's bin/tirc
(`make build`); without a repository, $TIRC or tirc on PATH.
"""

import base64
import hashlib
import io
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

NAME, VERSION = "tirc", "0.1.0"
HERE = os.path.dirname(os.path.realpath(__file__))
REPO = os.path.dirname(HERE)
DIST_INFO = "%s-%s.dist-info" % (NAME, VERSION)

METADATA = """Metadata-Version: 2.1
Name: %s
Version: %s
Summary: Compile tirc's tensor IR (MLIR text) once and call its functions on NumPy arrays
Requires-Python: >=3.9
Requires-Dist: numpy
""" % (NAME, VERSION)

# `tirc` on PATH: runs the package's compiler with the same arguments.
ENTRY_POINTS = "[console_scripts]\ntirc = tirc.__main__:main\n"


def _warn(msg):
    print("tirc build: " + msg, file=sys.stderr)


def _package_files():
    """(name in the wheel, path) of the package's files, without the ones
    this backend writes (tirc/bin, tirc/_installed.py) and caches."""
    pkg = os.path.join(HERE, NAME)
    out = []
    for root, dirs, files in os.walk(pkg):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not (root == pkg and d == "bin"))
        for f in sorted(files):
            if f.endswith((".pyc", ".pyo")) or (root == pkg and f == "_installed.py"):
                continue
            path = os.path.join(root, f)
            out.append((os.path.relpath(path, HERE).replace(os.sep, "/"), path))
    return out


def _find_go():
    go = os.environ.get("GO") or shutil.which("go")
    if not go and os.access("/usr/local/go/bin/go", os.X_OK):
        go = "/usr/local/go/bin/go"
    return go


def _go_build(dest):
    """Builds the repository's cmd/tirc into dest; whether it did."""
    if not (os.path.isfile(os.path.join(REPO, "go.mod")) and os.path.isdir(os.path.join(REPO, "cmd", "tirc"))):
        return False
    go = _find_go()
    if not go:
        _warn("Go not found: the package will use %s/bin/tirc (make build)" % REPO)
        return False
    # GOPROXY=off, GOTOOLCHAIN=local: the module cache (make deps) and the
    # installed Go, never a download.
    env = dict(os.environ, GOPROXY="off", GOTOOLCHAIN="local")
    cmd = [go, "build", "-buildvcs=false", "-o", dest, "./cmd/tirc"]
    try:
        r = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True)
    except OSError as e:
        r = subprocess.CompletedProcess(cmd, 127, "", str(e))
    if r.returncode != 0:
        _warn("%s failed (the package will use %s/bin/tirc):\n%s" % (" ".join(cmd), REPO, r.stderr.strip()))
        return False
    return True


def _installed_py(repo):
    return ("# Written by _tirc_build.py when the package was built.\n"
            "# The repository whose bin/tirc the package uses when it ships no\n"
            "# tirc/bin/tirc (None: built without one).\n"
            "REPO = %r\n" % repo).encode()


class _Wheel:
    """A wheel being written: its entries and their RECORD lines."""

    def __init__(self, path):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.record = []

    def add(self, name, data, executable=False):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = (0o100755 if executable else 0o100644) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.record.append("%s,sha256=%s,%d" % (name, digest, len(data)))

    def finish(self, tag, purelib):
        self.add(DIST_INFO + "/METADATA", METADATA.encode())
        self.add(DIST_INFO + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: _tirc_build\nRoot-Is-Purelib: %s\nTag: %s\n"
                                        % ("true" if purelib else "false", tag)).encode())
        self.add(DIST_INFO + "/entry_points.txt", ENTRY_POINTS.encode())
        self.record.append(DIST_INFO + "/RECORD,,")
        self.zip.writestr(zipfile.ZipInfo(DIST_INFO + "/RECORD", date_time=(1980, 1, 1, 0, 0, 0)),
                          "\n".join(self.record) + "\n")
        self.zip.close()


def _platform_tag():
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    with tempfile.TemporaryDirectory(prefix="tirc-build-") as tmp:
        binary = os.path.join(tmp, "tirc")
        shipped = _go_build(binary)
        tag = "py3-none-" + _platform_tag() if shipped else "py3-none-any"
        name = "%s-%s-%s.whl" % (NAME, VERSION, tag)
        w = _Wheel(os.path.join(wheel_directory, name))
        for arc, path in _package_files():
            with open(path, "rb") as f:
                w.add(arc, f.read())
        has_repo = os.path.isfile(os.path.join(REPO, "go.mod"))
        w.add(NAME + "/_installed.py", _installed_py(REPO if has_repo and not shipped else None))
        if shipped:
            with open(binary, "rb") as f:
                w.add(NAME + "/bin/tirc", f.read(), executable=True)
        w.finish(tag, purelib=not shipped)
    return name


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """pip install -e: a .pth file puts python/ on sys.path; the package
    then uses the repository's bin/tirc like the source tree does."""
    name = "%s-%s-0.editable-py3-none-any.whl" % (NAME, VERSION)
    w = _Wheel(os.path.join(wheel_directory, name))
    w.add("_tirc_editable.pth", (HERE + "\n").encode())
    w.finish("py3-none-any", purelib=True)
    return name


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (NAME, VERSION)
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        files = [(n, os.path.join(HERE, n)) for n in ("pyproject.toml", "_tirc_build.py")] + _package_files()
        for arc, path in files:
            tar.add(path, arcname=base + "/" + arc, recursive=False)
        pkg_info = METADATA.encode()
        info = tarfile.TarInfo(base + "/PKG-INFO")
        info.size = len(pkg_info)
        tar.addfile(info, io.BytesIO(pkg_info))
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []
