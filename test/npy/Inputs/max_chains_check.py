"""max_chains_check.py PROG: runs max_chains.test's cases through PROG
(tirc's C driver with ../../contract/Inputs/batch_main.c: all calls in
one process) on the files max_chains.py wrote, and compares each result
with NumPy's exactly (same dtype and shape, C order, equal values with
NaN where NumPy has one: npycmp.py's comparison at rtol 0).

@mx32/@mn32/@mx64/@mn64 on every row length, in C and Fortran order.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "contract", "Inputs"))
from npycall import Batch  # noqa: E402

LENGTHS = [1, 7, 9, 15, 16, 17, 31, 33, 63, 64, 65, 79, 80, 97, 127, 128, 129, 200, 1000]

batch = Batch(sys.argv[1])
cases = []
for t in ("32", "64"):
    for n in LENGTHS:
        for o in ("", "_f"):
            x = np.load("x%s_%d%s.npy" % (t, n, o))
            for want, fn in (("max", "mx"), ("min", "mn")):
                what = "@%s%s on x%s_%d%s.npy" % (fn, t, t, n, o)
                cases.append((what, "%s%s_%d.npy" % (want, t, n), batch.call(fn + t, [x])))
results, errors = batch.run()
if errors:
    sys.exit("\n".join(errors))
for what, want_file, n in cases:
    r = results[n]
    if isinstance(r, tuple):
        sys.exit("%s: status %d: %s" % (what, r[0], r[1]))
    with open(batch.path(batch.calls[n][2][0]), "rb") as f:
        version = np.lib.format.read_magic(f)
        read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        fortran = read(f)[1]
    got, want = r[0], np.load(want_file)
    if fortran:
        sys.exit("%s: written in Fortran order" % what)
    if got.dtype != want.dtype or got.shape != want.shape:
        sys.exit("%s: %s%s, want %s%s" % (what, got.dtype, got.shape, want.dtype, want.shape))
    if not np.array_equal(got, want, equal_nan=True):
        i = tuple(np.argwhere(~((got == want) | (np.isnan(got) & np.isnan(want))))[0])
        sys.exit("%s: differs from NumPy; first at %s: got %r, want %r" % (what, i, got[i], want[i]))
print("max_chains: %d calls ok" % len(cases))
