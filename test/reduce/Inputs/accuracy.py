"""accuracy.py gen DIR | check DIR: data with known exact sums, and the
check that tirc's sums are at least as accurate as NumPy's (SPEC 3a).

gen writes the inputs; check compares tirc's results (DIR/<name>.out.npy)
with math.fsum's exact sums rounded once, against NumPy's np.sum on the
same data: pairwise along a contiguous row, naive along the outer dim of
a tall matrix (np.sum(x, 0)), which drifts with the row count."""
import math, os, sys
import numpy as np

def data(rng, n, dtype):
    # Wide magnitudes, both signs, a large common offset: rounding errors
    # accumulate in every summation order.
    mag = np.exp(rng.uniform(-8, 8, n))
    sign = rng.choice([-1.0, 1.0], n)
    return (1000.0 + sign * mag).astype(dtype)

def exact(x, axis=None):
    x = np.asarray(x, dtype=np.float64)
    if axis is None:
        return math.fsum(x.ravel())
    moved = np.moveaxis(x, axis, -1)
    return np.array([math.fsum(r) for r in moved.reshape(-1, moved.shape[-1])]).reshape(moved.shape[:-1])

def main():
    mode, d = sys.argv[1], sys.argv[2]
    rng = np.random.default_rng(3)
    if mode == "gen":
        np.save(os.path.join(d, "x32.npy"), data(rng, 1 << 20, np.float32))
        np.save(os.path.join(d, "x64.npy"), data(rng, 1 << 20, np.float64))
        np.save(os.path.join(d, "t32.npy"), data(rng, 1 << 18, np.float32).reshape(1 << 15, 8))
        np.save(os.path.join(d, "t64.npy"), data(rng, 1 << 18, np.float64).reshape(1 << 15, 8))
        np.save(os.path.join(d, "h16.npy"), (data(rng, 1 << 16, np.float32) / 64).astype(np.float16).reshape(16, 4096))
        return
    bad = 0
    def report(name, got, ref, want, dtype):
        nonlocal bad
        got = np.asarray(got, dtype=np.float64)
        ours = np.abs(got - want)
        numpys = np.abs(np.asarray(ref, dtype=np.float64) - want)
        # Elementwise: never worse than NumPy on any output.
        worse = ours > numpys
        print("%s: max error tirc %.3g, NumPy %.3g (%s)" % (name, ours.max(), numpys.max(), np.dtype(dtype).name))
        if worse.any():
            print("%s: tirc less accurate than NumPy at %d of %d outputs" % (name, worse.sum(), worse.size))
            bad += 1
    x32 = np.load(os.path.join(d, "x32.npy"))
    report("sum32", np.load(os.path.join(d, "sum32.out.npy")), np.sum(x32), np.float64(np.float32(exact(x32))), np.float32)
    x64 = np.load(os.path.join(d, "x64.npy"))
    report("sum64", np.load(os.path.join(d, "sum64.out.npy")), np.sum(x64), exact(x64), np.float64)
    t32 = np.load(os.path.join(d, "t32.npy"))
    report("cols32", np.load(os.path.join(d, "cols32.out.npy")), np.sum(t32, 0), exact(t32, 0).astype(np.float32), np.float32)
    t64 = np.load(os.path.join(d, "t64.npy"))
    report("cols64", np.load(os.path.join(d, "cols64.out.npy")), np.sum(t64, 0), exact(t64, 0), np.float64)
    h16 = np.load(os.path.join(d, "h16.npy"))
    want16 = (exact(h16, 1) / h16.shape[1]).astype(np.float16)
    report("mean16", np.load(os.path.join(d, "mean16.out.npy")), np.mean(h16, 1), want16, np.float16)
    sys.exit(1 if bad else 0)

main()
