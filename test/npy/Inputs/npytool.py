"""Independent .npy writer/reader for tirc's driver tests, without NumPy.

  npytool.py write OUT.npy DESCR SHAPE VALUES [--fortran] [--version=2]
      DESCR like '<f4', '>i8', '|b1'; SHAPE like 2x3 ('' for 0-d);
      VALUES comma-separated, in the order the file stores them.
  npytool.py show FILE.npy
      prints "descr=... fortran=... shape=(...)" then the values in storage
      order, one line.

The header is built by hand (Python's struct only), so the driver is
tested against a writer that shares no code with it or with NumPy.
"""
import ast
import struct
import sys

CODES = {"b1": "?", "i1": "b", "i2": "h", "i4": "i", "i8": "q", "u1": "B",
         "u2": "H", "f2": "e", "f4": "f", "f8": "d"}


def write(path, descr, shape, values, fortran, version):
    dims = [int(d) for d in shape.split("x")] if shape else []
    tup = "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"
    # Double quotes and no trailing comma: legal, and not what NumPy writes.
    header = '{"descr": "%s", "shape": %s, "fortran_order": %s}' % (
        descr, tup, "True" if fortran else "False")
    pre = 10 if version == 1 else 12
    pad = (16 - (pre + len(header) + 1) % 16) % 16  # NumPy < 1.14 aligned to 16
    header = (header + " " * pad + "\n").encode("latin-1")
    order = {"<": "<", ">": ">", "|": "<", "=": "="}[descr[0]]
    code = CODES[descr[1:]]
    vals = [v for v in values.split(",") if v != ""]
    conv = float if code in "efd" else (lambda s: s in ("1", "True", "true")) if code == "?" else int
    data = struct.pack(order + code * len(vals), *[conv(v) for v in vals])
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]))
        f.write(struct.pack("<H" if version == 1 else "<I", len(header)))
        f.write(header + data)


def show(path):
    raw = open(path, "rb").read()
    assert raw[:6] == b"\x93NUMPY", "bad magic"
    major = raw[6]
    n, start = (struct.unpack("<H", raw[8:10])[0], 10) if major == 1 else (struct.unpack("<I", raw[8:12])[0], 12)
    header = raw[start:start + n]
    assert header.endswith(b"\n"), "header must end with a newline"
    d = ast.literal_eval(header.decode("latin-1"))
    data = raw[start + n:]
    descr = d["descr"]
    code = CODES[descr[1:]]
    count = len(data) // struct.calcsize(code)
    vals = struct.unpack({"<": "<", ">": ">", "|": "<"}[descr[0]] + code * count, data)
    print("version=%d.%d aligned=%s descr=%s fortran=%s shape=%s" % (
        major, raw[7], (start + n) % 64 == 0, descr, d["fortran_order"], d["shape"]))
    print(" ".join(("%.9g" % v if isinstance(v, float) else str(int(v))) for v in vals))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        opts = [a for a in sys.argv[2:] if a.startswith("--")]
        args = [a for a in sys.argv[2:] if not a.startswith("--")]
        write(args[0], args[1], args[2], args[3] if len(args) > 3 else "",
              "--fortran" in opts, 2 if "--version=2" in opts else 1)
    else:
        show(sys.argv[2])
