"""row_scratch.py: inputs and NumPy's results for row_scratch.test.

Shapes chosen around the row groups' blocks (about 65536 elements of
rows each): many blocks with a partial last one, fewer rows than a block,
and rows longer than a block (one row per block). References are
computed in float64 and rounded once.
"""
import numpy as np

rng = np.random.default_rng(7)


def softmax3(x):
    x64 = x.astype(np.float64)
    e = np.exp(x64 - x64.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True) * e).astype(x.dtype)


cases = {"many": (1000, 300), "few": (5, 1000), "long": (3, 70001), "mid": (7, 20000)}
for name, shape in cases.items():
    x = (rng.standard_normal(shape) * 4).astype(np.float32)
    np.save("x_%s.npy" % name, x)
    np.save("x_%s_fortran.npy" % name, np.asfortranarray(x))
    np.save("want_%s.npy" % name, softmax3(x))

x = (rng.standard_normal((333, 17, 23)) * 0.5).astype(np.float64)
g = np.exp(x)
np.save("x_exp64.npy", x)
np.save("x_exp64_fortran.npy", np.asfortranarray(x))
np.save("want_exp64.npy", g * g.sum(axis=(1, 2), keepdims=True))

h = rng.standard_normal((200, 700)).astype(np.float16)
e = np.exp(h.astype(np.float64))
np.save("x_half.npy", h)
np.save("want_half.npy", (e / e.sum(axis=1, keepdims=True)).astype(np.float16))
