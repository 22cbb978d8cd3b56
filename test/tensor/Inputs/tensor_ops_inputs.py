"""Inputs of ../native.test and what NumPy computes from them."""
import numpy as np

rng = np.random.default_rng(37)
save = np.save


def idx(name, v):
    save(name, np.array(v, dtype=np.int64))


t = rng.standard_normal((6, 8)).astype(np.float32)
save("t.npy", t)
save("tf.npy", np.asfortranarray(t))  # column-major strides: views of views
for v in (-1, 0, 1, 2, 3, 4, 5, 6):
    idx("i%d.npy" % (v + 1), v)  # i0.npy holds -1, i1.npy 0, ...
save("want_slice.npy", t[3:5, 1:1 + 2 * 3:2])
save("want_slice_empty.npy", t[0:2, 1:1:2])
save("want_slice_add.npy", t[2, 0:3] + t[0:6:2, 2])
save("want_slice_of_slice.npy", t[1:5, 1:7][1:5:2, 0:6:3])
d = np.array([10, 20, 30], dtype=np.float32)
save("d.npy", d)
w = t.copy()
w[4, 2:8:2] = d
w[0, 0] = w[4, 4]
save("want_ins.npy", w)
s4 = rng.standard_normal((4, 4)).astype(np.float32)
save("s4.npy", s4)
d2 = rng.standard_normal((2, 2)).astype(np.float32)
save("d2.npy", d2)
two = s4 + s4
ins = two.copy()
ins[1:3, 1:3] = d2
save("want_ins_keep0.npy", ins)
save("want_ins_keep1.npy", two * two)
a, b = rng.standard_normal((2, 2, 3)).astype(np.float32)
save("a.npy", a)
save("b.npy", b)
save("want_join.npy", -np.concatenate([a, b], axis=1))
x = t.reshape(4, 3, 4)
save("want_shapes.npy", x + x)
save("want_collapse0.npy", t[:, 1::2].reshape(24))
save("want_collapse1.npy", t[1:5, 0:6].reshape(24))
save("want_expand.npy", t[0:6:2].reshape(3, 2, 2, 2))
save("want_expand_rows.npy", t.reshape(3, 2, 8))
save("want_pad.npy", np.pad(t, ((3, 2), (1, 2)), constant_values=7.5))
iv = rng.integers(-100, 100, 5).astype(np.int32)
save("iv.npy", iv)
p = np.pad(iv, (2, 1), constant_values=-3)
save("want_pad_body.npy", p + p)
save("f2.npy", np.array(2, dtype=np.float32))
save("f3.npy", np.array(3, dtype=np.float32))
f = np.array([[2, 3], [3, 2]], dtype=np.float32)
save("want_build.npy", f * f)
m = rng.integers(-1000, 1000, (3, 5)).astype(np.int64)
save("m.npy", m)
save("want_pick.npy", m[2, 4])
gx = rng.integers(-100, 100, (3, 6)).astype(np.int32)
save("gx.npy", gx)
save("want_gen.npy", np.fromfunction(lambda i, j: i * j, (2, 4), dtype=np.int32) + gx[:2, :4])
