"""npycmp.py GOT.npy WANT.npy [rtol]: compare two .npy files with NumPy.

Exits non-zero with a message unless dtype and shape are equal and the
values are equal (integers, booleans) or within rtol (floats, default 1e-6),
and unless GOT is a C-order file.

Most comparisons find the files equal (rtol 0, or values the same to the
bit): those are decided without importing NumPy, whose import costs more
than the rest of a test's step. Anything else (values that differ, a dtype
or layout this reader does not know) goes to NumPy, which decides and
words the message.
"""
import array
import ast
import struct
import sys

# Little-endian dtypes read without NumPy: descr -> (NumPy's name, array
# typecode or None for the raw bytes, float).
KNOWN = {
    "<f8": ("float64", "d", True), "<f4": ("float32", "f", True), "<f2": ("float16", "e", True),
    "|b1": ("bool", None, False), "|i1": ("int8", None, False), "|u1": ("uint8", None, False),
    "<i2": ("int16", None, False), "<u2": ("uint16", None, False), "<i4": ("int32", None, False),
    "<u4": ("uint32", None, False), "<i8": ("int64", None, False), "<u8": ("uint64", None, False),
}


def read_npy(path):
    """descr, fortran_order, shape and data bytes of a .npy file, or None."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY" or data[6] not in (1, 2, 3):
        return None
    if data[6] == 1:
        (n,), start = struct.unpack("<H", data[8:10]), 10
    else:
        (n,), start = struct.unpack("<I", data[8:12]), 12
    try:
        h = ast.literal_eval(data[start:start + n].decode("latin1"))
    except (ValueError, SyntaxError):
        return None
    if not isinstance(h, dict) or h.get("descr") not in KNOWN or not isinstance(h.get("shape"), tuple):
        return None
    return h["descr"], h.get("fortran_order"), h["shape"], data[start + n:]


def equal_without_numpy(got_path, want_path):
    """The line NumPy's comparison prints when the files are equal as it
    compares them, else None (NumPy decides)."""
    got, want = read_npy(got_path), read_npy(want_path)
    if got is None or want is None:
        return None
    (descr, fortran, shape, gd), (wdescr, wfortran, wshape, wd) = got, want
    if fortran is not False or wfortran is not False or descr != wdescr or shape != wshape:
        return None
    name, code, is_float = KNOWN[descr]
    count = 1
    for d in shape:
        count *= d
    size = struct.calcsize(code) if code else int(descr[2:])
    if len(gd) != count * size or len(wd) != count * size:
        return None
    if gd != wd:
        if not is_float:
            return None
        if code == "e":
            g, w = struct.unpack("<%de" % count, gd), struct.unpack("<%de" % count, wd)
        else:
            g, w = array.array(code, gd), array.array(code, wd)
        # equal, or both NaN (NumPy's equal_nan); -0 equals +0
        if any(a != b and (a == a or b == b) for a, b in zip(g, w)):
            return None
    return "%s: ok %s%s" % (got_path, name, shape)


def main():
    try:
        rtol = float(sys.argv[3]) if len(sys.argv) == 4 else 1e-6
    except ValueError:
        rtol = -1
    # equal values are within any rtol >= 0
    if len(sys.argv) in (3, 4) and rtol >= 0 and sys.byteorder == "little":
        ok = equal_without_numpy(sys.argv[1], sys.argv[2])
        if ok is not None:
            print(ok)
            return
    numpy_compare()


def numpy_compare():
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


main()
