"""example_inputs.py NAME: writes the .npy inputs of examples/NAME.mlir and
NumPy's results (want*.npy) into the current directory. NumPy computes the
same formula as the example's comment, in the example's element type."""
import sys

import numpy as np

rng = np.random.default_rng(7)
f32 = np.float32


def save(**arrays):
    for name, a in arrays.items():
        np.save(name + ".npy", a)


name = sys.argv[1]
if name == "bias_relu":
    x = rng.standard_normal((32, 128)).astype(f32)
    b = rng.standard_normal(128).astype(f32)
    save(x=x, x_fortran=np.asfortranarray(x), b=b, want=np.maximum(x + b, f32(0)))
elif name == "layernorm":
    # Rows with a large common offset: the variance is computed around the
    # mean, as the example does (NumPy in float64, then rounded).
    x = (rng.standard_normal((6, 256)) * 3 + 50).astype(f32)
    gamma = rng.standard_normal(256).astype(f32)
    beta = rng.standard_normal(256).astype(f32)
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=1, keepdims=True)
    var = ((x64 - mean) ** 2).mean(axis=1, keepdims=True)
    save(x=x, gamma=gamma, beta=beta, want=((x64 - mean) / np.sqrt(var + 1e-5) * gamma + beta).astype(f32))
elif name == "softmax":
    x = (rng.standard_normal((5, 300)) * 10).astype(f32)
    x64 = x.astype(np.float64)
    e = np.exp(x64 - x64.max(axis=1, keepdims=True))
    save(x=x, x_fortran=np.asfortranarray(x), want=(e / e.sum(axis=1, keepdims=True)).astype(f32))
elif name == "mask":
    x = rng.integers(-10, 10, (4, 3)).astype(np.int32)
    threshold = np.array([0, 3, 6], np.int32)
    clean = np.where(x >= 0, x, np.int32(0))
    save(x=x, x_fortran=np.asfortranarray(x), threshold=threshold, want_clean=clean,
         want_hits=(clean > threshold).astype(np.int32))
elif name == "specialize":
    x = rng.standard_normal((8, 16)).astype(f32)
    scale = rng.standard_normal(16).astype(f32)
    shift = rng.standard_normal(1).astype(f32)
    save(x=x, scale=scale, shift=shift, want=np.exp(x * scale + shift))
elif name == "xla_broadcast":
    m = rng.integers(-100, 100, (3, 3)).astype(np.int32)
    v = np.array([10, 20, 30], np.int32)
    a = np.array([[1], [2]], np.int32)
    b = np.array([[10, 20, 30]], np.int32)
    v4 = rng.standard_normal(4).astype(f32)
    w = rng.standard_normal((1, 2)).astype(f32)
    save(m=m, v=v, want_column=m + v[:, None], a=a, b=b, want_outer=a + b,
         v4=v4, w=w, want_explicit=v4[:, None] + w)
elif name == "mlp":
    # NumPy in float64 from the float32 inputs, then rounded: the
    # tolerance of the test covers a K-term float32 sum.
    x = rng.standard_normal((37, 96)).astype(f32)
    w = (rng.standard_normal((96, 70)) / 8).astype(f32)
    b = rng.standard_normal(70).astype(f32)
    y = x.astype(np.float64) @ w.astype(np.float64) + b
    gelu = 0.5 * y * (1 + np.tanh(0.7978845608 * (y + 0.044715 * y ** 3)))
    save(x=x, x_fortran=np.asfortranarray(x), w=w, w_t=w.T.copy().T, b=b, want=gelu.astype(f32))
elif name == "attention":
    q, k, v = (rng.standard_normal((3, 50, 64)).astype(f32) for _ in range(3))
    q64, k64, v64 = (a.astype(np.float64) for a in (q, k, v))
    s = q64 @ k64.transpose(0, 2, 1) * 0.125
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    save(q=q, k=k, v=v, k_fortran=np.asfortranarray(k), want=(p @ v64).astype(f32))
elif name == "normalize_image":
    # A uint8 image with pixels above 127 (an int8 view would read them
    # negative) and ImageNet's per-channel statistics; NumPy in float32.
    img = rng.integers(0, 256, (48, 64, 3)).astype(np.uint8)
    img[0, 0] = [0, 128, 255]
    mean = np.array([123.675, 116.28, 103.53], f32)
    std = np.array([58.395, 57.12, 57.375], f32)
    save(img=img, mean=mean, std=std, want=(img.astype(f32) - mean) / std)
elif name == "gelu":
    # NumPy has no erf: Python's math.erf, elementwise in float64, then
    # rounded; values out to |x| = 8 (erf saturates, 1 + erf cancels).
    import math
    x = (rng.standard_normal((16, 257)) * 3).astype(f32)
    x[0, :4] = [0, -8, 8, -0.5]
    x64 = x.astype(np.float64)
    erf = np.vectorize(math.erf)(x64 / math.sqrt(2))
    save(x=x, x_fortran=np.asfortranarray(x), want=(0.5 * x64 * (1 + erf)).astype(f32))
elif name == "multihead":
    # Two batch sizes (the batch is dynamic); NumPy's reshape, transpose
    # and the scale in float32 (a multiplication by 0.125 is exact).
    x = rng.standard_normal((2, 128, 512)).astype(f32)
    x3 = rng.standard_normal((3, 128, 512)).astype(f32)
    heads = lambda a: a.reshape(a.shape[0], 128, 8, 64).transpose(0, 2, 1, 3) * f32(0.125)
    save(x=x, x_fortran=np.asfortranarray(x), want=heads(x), x3=x3, want3=heads(x3))
elif name == "batch_mean":
    # x.sum(0) / x.shape[0] in float64, rounded; batches of 37 and 1.
    x = (rng.standard_normal((37, 300)) * 4 + 1).astype(f32)
    x1 = rng.standard_normal((1, 300)).astype(f32)
    mean = lambda a: (a.astype(np.float64).sum(0) / a.shape[0]).astype(f32)
    save(x=x, x_fortran=np.asfortranarray(x), want=mean(x), x1=x1, want1=mean(x1))
else:
    sys.exit("unknown example " + name)
