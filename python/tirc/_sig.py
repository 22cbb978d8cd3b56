"""Signatures of a compiled module's functions, read from the C header
tirc writes (``tirc -emit-c-header``): one ``/* (T, ...) -> R */`` comment
and one prototype per entry point, with the arguments' source names."""

import keyword
import re

# MLIR element type -> NumPy dtype name (None: no NumPy dtype), C type of
# the element in memory, itemsize. Signless i8-i64 are NumPy's signed
# integers; an element type missing here (a type tirc gained after this
# package) leaves only its function uncallable.
ELEMS = {
    "i1": ("bool", "uint8_t", 1),
    "i8": ("int8", "int8_t", 1),
    "i16": ("int16", "int16_t", 2),
    "i32": ("int32", "int32_t", 4),
    "i64": ("int64", "int64_t", 8),
    "si8": ("int8", "int8_t", 1),
    "si16": ("int16", "int16_t", 2),
    "si32": ("int32", "int32_t", 4),
    "si64": ("int64", "int64_t", 8),
    "ui8": ("uint8", "uint8_t", 1),
    "ui16": ("uint16", "uint16_t", 2),
    "ui32": ("uint32", "uint32_t", 4),
    "ui64": ("uint64", "uint64_t", 8),
    "index": ("int64", "int64_t", 8),
    "f16": ("float16", "uint16_t", 2),
    "bf16": (None, "uint16_t", 2),
    "f32": ("float32", "float", 4),
    "f64": ("float64", "double", 8),
}


class Param:
    """One argument or result of an entry point.

    kind is "tensor", "vector" or "scalar"; shape holds the static sizes
    (None for a '?') of a tensor or vector, () for a scalar or rank 0;
    name is the Python parameter name (the header's, made a valid Python
    identifier), cname the header's, ctype the C type of the parameter.
    """

    __slots__ = ("name", "cname", "kind", "elem", "shape", "mlir", "result", "ctype", "index")

    def __init__(self, name, cname, kind, elem, shape, mlir, result, ctype, index):
        self.name, self.cname, self.kind, self.elem = name, cname, kind, elem
        self.shape, self.mlir, self.result, self.ctype, self.index = shape, mlir, result, ctype, index

    @property
    def dtype(self):
        """The NumPy dtype name, or None (bf16, or a type this package
        does not know)."""
        return ELEMS.get(self.elem, (None,))[0]

    @property
    def supported(self):
        """Whether the package knows the element type (bf16 is known but
        has no NumPy dtype)."""
        return self.elem in ELEMS

    @property
    def itemsize(self):
        return ELEMS[self.elem][2]

    @property
    def static(self):
        """Whether every size is known before the call."""
        return None not in self.shape

    def __repr__(self):
        return "%s: %s" % (self.name, self.mlir)


class Signature:
    """An entry point: name, MLIR function type, arguments and results."""

    __slots__ = ("name", "mlir", "args", "results", "external")

    def __init__(self, name, mlir, args, results, external):
        self.name, self.mlir, self.args, self.results, self.external = name, mlir, args, results, external

    def __repr__(self):
        res = ", ".join(p.mlir for p in self.results)
        if len(self.results) != 1:
            res = "(" + res + ")"
        return "@%s(%s) -> %s" % (self.name, ", ".join("%s: %s" % (p.name, p.mlir) for p in self.args), res)


def split_types(text):
    """Splits "T1, T2" at the commas outside <...>."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return out


def parse_type(t):
    """(kind, elem, shape) of an MLIR type: tensor<?x4xf32>, vector<4xf32>,
    f32. An element type not in ELEMS is returned as written (the call
    then says so); so is a type of another shape, as a scalar."""
    m = re.fullmatch(r"(tensor|vector)<(.*)>", t)
    if not m:
        return "scalar", t, ()
    d = re.fullmatch(r"((?:(?:\d+|\?)x)*)(.+)", m.group(2))
    shape = tuple(None if x == "?" else int(x) for x in d.group(1).split("x")[:-1])
    return m.group(1), d.group(2), shape


def parse_function_type(text):
    """Argument and result types of "(T1, T2) -> R" or "(T) -> (R1, R2)"."""
    m = re.fullmatch(r"\((.*)\)\s*->\s*(.*)", text.strip())
    if not m:
        raise ValueError("not a function type: %r" % text)
    res = m.group(2).strip()
    if res.startswith("(") and res.endswith(")"):
        res = res[1:-1]
    return split_types(m.group(1)), split_types(res)


def py_name(cname, index, used):
    """A Python parameter name for the C name: keywords and clashes get argN."""
    name = cname
    if keyword.iskeyword(name) or name in used or name in ("out", "self"):
        name = "arg%d" % index
    while name in used:
        name += "_"
    used.add(name)
    return name


def parse_header(text):
    """The signatures of the header's entry points, in order (bare-pointer
    entries f_bare are left out; external functions are marked)."""
    sigs = []
    lines = text.splitlines()
    external = False
    for i, line in enumerate(lines):
        if re.match(r"/\* @\w+ is external", line):
            external = True
            continue
        m = re.fullmatch(r"/\* (\(.*) \*/", line)
        if not m or i + 1 >= len(lines):
            continue
        proto = re.fullmatch(r"int32_t (\w+)\((.*)\);", lines[i + 1])
        if not proto:
            continue
        arg_types, res_types = parse_function_type(m.group(1))
        cparams = [] if proto.group(2) == "void" else proto.group(2).split(", ")
        if len(cparams) != len(arg_types) + len(res_types):
            raise ValueError("header: @%s has %d parameters for %d types" % (proto.group(1), len(cparams), len(arg_types) + len(res_types)))
        used, params = set(), []
        for k, (cp, t) in enumerate(zip(cparams, arg_types + res_types)):
            cp = re.sub(r"\s*/\*.*\*/$", "", cp)
            cm = re.fullmatch(r"(.*?)\s*\*?(\w+)", cp)
            ctype = cp[: cp.rindex(cm.group(2))].strip()
            kind, elem, shape = parse_type(t)
            result = k >= len(arg_types)
            index = k - len(arg_types) if result else k
            name = cm.group(2) if result else py_name(cm.group(2), k, used)
            params.append(Param(name, cm.group(2), kind, elem, shape, t, result, ctype, index))
        na = len(arg_types)
        sigs.append(Signature(proto.group(1), m.group(1), params[:na], params[na:], external))
        external = False
    return sigs
