"""npycmp.py GOT.npy WANT.npy [rtol]: compare two .npy files with NumPy.

Exits non-zero with a message unless dtype and shape are equal and the
values are equal (integers, booleans) or within rtol (floats, default 1e-6),
and unless GOT is a C-order file.
"""
import sys

import numpy as np

got, want = np.load(sys.argv[1]), np.load(sys.argv[2])
rtol = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-6
with open(sys.argv[1], "rb") as f:
    version = np.lib.format.read_magic(f)
    read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
    _, fortran_order, _ = read(f)
if fortran_order:
    sys.exit("%s: written in Fortran order" % sys.argv[1])
if got.dtype != want.dtype or got.shape != want.shape:
    sys.exit("%s: %s%s, want %s%s" % (sys.argv[1], got.dtype, got.shape, want.dtype, want.shape))
if want.dtype.kind == "f":
    ok = np.allclose(got, want, rtol=rtol, atol=rtol, equal_nan=True)
else:
    ok = np.array_equal(got, want)
if not ok:
    bad = np.argwhere(~np.isclose(got, want, rtol=rtol, atol=rtol) if want.dtype.kind == "f" else got != want)
    i = tuple(bad[0])
    sys.exit("%s: %d elements differ; first at %s: got %r, want %r" % (sys.argv[1], len(bad), i, got[i], want[i]))
print("%s: ok %s%s" % (sys.argv[1], got.dtype, got.shape))
