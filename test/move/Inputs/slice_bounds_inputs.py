"""Inputs of ../slice-bounds.test and what NumPy computes from the good ones."""
import numpy as np

rng = np.random.default_rng(342)
save = np.save
for n in (5, 7, 8, 9, 10, 12):
    save("x%d.npy" % n, rng.standard_normal(n))
save("want_stepped.npy", np.load("x9.npy")[0:9:3])
save("want_empty10.npy", np.load("x10.npy")[10:10])
save("want_empty12.npy", np.load("x12.npy")[10:10])
y = rng.integers(-100, 100, (2, 3)).astype(np.int32)
save("y.npy", y)
for shape in ((2, 6), (2, 7), (1, 9), (3, 9)):
    save("m%dx%d.npy" % shape, rng.integers(-100, 100, shape).astype(np.int32))
save("want_fused.npy", y + np.load("m3x9.npy")[1:2, 6:7])
save("want_fused27.npy", y + np.load("m2x7.npy")[1:2, 6:7])
