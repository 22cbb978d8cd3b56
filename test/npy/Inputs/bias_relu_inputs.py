"""Writes bias_relu inputs with NumPy (C order, Fortran order, big-endian,
and wrong ones) and the expected result max(x + b, 0) into the current
directory."""
import numpy as np

rng = np.random.default_rng(1)
x = rng.standard_normal((5, 128)).astype(np.float32)
b = rng.standard_normal(128).astype(np.float32)
np.save("x.npy", x)
np.save("b.npy", b)
np.save("x_fortran.npy", np.asfortranarray(x))
np.save("x_big.npy", x.astype(">f4"))
np.save("want.npy", np.maximum(x + b, np.float32(0)))
np.save("x_f64.npy", x.astype(np.float64))
np.save("x_rank3.npy", x.reshape(5, 128, 1))
np.save("b_short.npy", b[:64])
np.save("x_empty.npy", np.zeros((0, 128), np.float32))
