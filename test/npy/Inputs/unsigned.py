"""unsigned.py: writes the inputs of Inputs/unsigned.mlir and NumPy's
results (want_<function>_<k>.npy) into the current directory."""
import numpy as np

rng = np.random.default_rng(11)


def save(name, a):
    np.save(name + ".npy", a)


a = rng.integers(0, 256, 64, dtype=np.uint8)
b = rng.integers(1, 256, 64, dtype=np.uint8)
a[:4], b[:4] = [255, 200, 0, 128], [1, 255, 7, 127]
save("a8", a)
save("b8", b)
for k, want in enumerate([a + b, a // b, a % b, np.maximum(a, b), a < b, -a,
                          a.astype(np.float32), a.astype(np.int16)]):
    save("want_u8_%d" % k, want)

a = rng.integers(0, 2**64, 32, dtype=np.uint64, endpoint=False)
b = rng.integers(1, 2**64, 32, dtype=np.uint64, endpoint=False)
a[:3], b[:3] = [2**64 - 1, 2**63, 5], [3, 2**63 + 1, 2**64 - 1]
save("a64", a)
save("b64", b)
for k, want in enumerate([a // b, np.minimum(a, b), a >= b, a.astype(np.float64)]):
    save("want_u64_%d" % k, want)

# float -> unsigned saturates (NaN -> 0), as LLVM's fptoui.sat; NumPy's
# astype is undefined out of range, so the clipped values are compared.
x = np.array([0.5, 1.9, 254.6, 255.4, 300.0, -3.0, np.nan, 1e30], dtype=np.float32)
s = np.array([-1, -128, 127, 0, 5, -7, 1, 2], dtype=np.int8)
save("x", x)
save("s", s)
u = np.clip(np.nan_to_num(x, nan=0.0), 0, 255).astype(np.uint8)
for k, want in enumerate([u, s.astype(np.uint16), s.astype(np.uint32), s.astype(np.int16)]):
    save("want_casts_%d" % k, want)
