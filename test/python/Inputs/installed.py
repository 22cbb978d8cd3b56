"""Run by install.test with an installed package's Python, from outside the
repository: says which tirc package and compiler it uses, then compiles
MODULE.mlir's @bias_relu and checks it against NumPy.

usage: installed.py REPO MODULE.mlir
"""
import importlib
import os
import sys

import numpy as np
import tirc

repo, source = os.path.realpath(sys.argv[1]), sys.argv[2]


def where(path):
    """path, with the repository or the package directory named."""
    path = os.path.realpath(path)
    pkg = os.path.dirname(os.path.realpath(tirc.__file__))
    for name, d in (("<package>", pkg), ("<repo>", repo)):
        if path.startswith(d + os.sep):
            return name + path[len(d):]
    return path


assert not tirc.__file__.startswith(os.path.join(repo, "python") + os.sep), "the source tree's package: " + tirc.__file__
print("package:", os.path.realpath(tirc.__file__))
print("compiler:", where(importlib.import_module("tirc._build").find_tirc()))
mod = tirc.compile(source)
rng = np.random.default_rng(0)
x = rng.standard_normal((5, 128)).astype(np.float32)
b = rng.standard_normal(128).astype(np.float32)
y = mod.bias_relu(x, b)
assert y.dtype == np.float32 and np.array_equal(y, np.maximum(x + b, np.float32(0))), y
print("bias_relu matches NumPy:", y.shape)
