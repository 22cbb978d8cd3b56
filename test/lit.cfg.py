# lit configuration for tirc's file tests (MLIR's convention: RUN lines,
# FileCheck, -verify-diagnostics). Run with `make lit`.
import os
import shutil
import subprocess

import lit.formats

config.name = "tirc"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py"]

repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
config.test_source_root = os.path.join(repo, "test")
config.test_exec_root = os.path.join(repo, "build", "lit")
# lit starts the tests that took longest first (--order=smart, lit's
# default), by the times it records in build/lit/.lit_test_times.txt; on
# a fresh checkout it reads test/.lit_test_times.txt instead, which lists
# the long tests (seconds, roughly, on a loaded 2-core machine) so that
# they do not start last and leave a core idle at the end of the run.
config.substitutions.append(("%examples", os.path.join(repo, "examples")))
# UndefinedBehaviorSanitizer flags for the C the tests compile (the .npy
# driver, test mains): any undefined behaviour ends the program.
config.substitutions.append(("%ubsan", "-fsanitize=undefined -fno-sanitize-recover=all"))

path = [os.path.join(repo, "bin"), "/usr/lib/llvm-14/bin", "/usr/local/go/bin"]
config.environment["PATH"] = os.pathsep.join(path + [os.environ.get("PATH", "")])
for var in ("HOME", "TMPDIR", "CI", "GOPATH", "GOCACHE", "GOFLAGS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Every tirc run of a test checks the IR's invariants (ir.Check) after
# each pass, as -verify-each does, and names the pass that broke them.
config.environment["TIRC_VERIFY_EACH"] = "1"

in_ci = os.environ.get("CI") == "true"

# ../shared holds reference material (MLIR's own test files). Tests that
# use it say `REQUIRES: shared`; under CI=true its absence is an error.
shared = os.path.join(os.path.dirname(repo), "shared")
config.substitutions.append(("%shared", shared))
if os.path.isdir(shared):
    config.available_features.add("shared")
elif in_ci:
    lit_config.fatal("../shared is missing (needed under CI=true): " + shared)
else:
    lit_config.note("../shared not found: tests that need it are skipped")

# Optional tools: tests that need them say `REQUIRES: <feature>`; under
# CI=true (where `make deps` installed them) a missing one is an error.
tools = {
    "mlir-opt-19": "mlir-opt-19",
    "clang": "clang",
    "clang-19": "clang-19",
    "opt-14": "opt-14",
    "opt-19": "opt-19",
}
for feature, exe in tools.items():
    if shutil.which(exe, path=config.environment["PATH"]):
        config.available_features.add(feature)
    elif in_ci:
        lit_config.fatal("%s is not installed (run `make deps`)" % exe)
    else:
        lit_config.note("%s not found: tests that need it are skipped" % exe)

python = "/usr/bin/python3"
config.substitutions.append(("%python", python))
if os.system(python + " -c 'import numpy' 2>/dev/null") == 0:
    config.available_features.add("numpy")
elif in_ci:
    lit_config.fatal("python3-numpy is not importable by /usr/bin/python3 (run `make deps`)")

# python3-venv (venv with ensurepip) and python3-pip: test/python/install.test
# pip-installs the package into a venv.
if os.system(python + " -c 'import ensurepip, venv' 2>/dev/null") == 0 and \
        os.system(python + " -m pip --version >/dev/null 2>&1") == 0:
    config.available_features.add("python3-venv")
elif in_ci:
    lit_config.fatal("python3-venv or python3-pip is missing for /usr/bin/python3 (run `make deps`)")
else:
    lit_config.note("python3-venv or python3-pip not found: the package's installation is not tested")

# tirc-<flag> features for flags of tirc -help, so that a test of a flag
# still being built is unsupported rather than failing; under CI=true a
# missing bin/tirc or flag is an error instead of silently skipped tests.
tirc = os.path.join(repo, "bin", "tirc")
try:
    helptext = subprocess.run([tirc, "-help"], capture_output=True, text=True).stdout
except OSError as e:
    helptext = ""
    if in_ci:
        lit_config.fatal("%s -help: %s (run `make build`)" % (tirc, e))
for flag in ("emit-llvm", "emit-c-driver", "infer-shapes", "materialize-broadcasts"):
    if "-%s " % flag in helptext or "-%s=" % flag in helptext:
        config.available_features.add("tirc-" + flag)
    elif in_ci:
        lit_config.fatal("%s -help does not list -%s (needed under CI=true)" % (tirc, flag))
    else:
        lit_config.note("%s -help does not list -%s: tests that need it are skipped" % (tirc, flag))
