package eval

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
)

// TestReductionsAgainstNumPy evaluates random reductions (every kind,
// element type, rank 0-4, random dims, keepdims both ways, empty extents,
// NaN, infinities, integer wrap) and compares each result with what
// NumPy computes from the same data in a Python script written here:
// np.add.reduce/np.multiply.reduce with the element dtype for integers
// (wrapping), math.fsum (exact, rounded once) for float sums and means,
// np.max/np.min/np.any/np.all/np.argmax/np.argmin as they are, and
// ValueError where NumPy has no identity for an empty reduction.
func TestReductionsAgainstNumPy(t *testing.T) {
	python := numpyPython(t)
	rng := rand.New(rand.NewPCG(14, 3))
	kinds := []string{"sum", "prod", "max", "min", "mean", "any", "all", "argmax", "argmin"}
	elems := []*ir.Scalar{ir.I1, ir.I8, ir.I16, ir.I32, ir.I64, ir.F16, ir.F32, ir.F64}
	dtype := map[*ir.Scalar]string{ir.I1: "bool_", ir.I8: "int8", ir.I16: "int16", ir.I32: "int32", ir.I64: "int64", ir.F16: "float16", ir.F32: "float32", ir.F64: "float64"}
	type tcase struct {
		src  string
		in   *Tensor
		kind string
		out  *Tensor
		err  error
	}
	var cases []*tcase
	var py strings.Builder
	py.WriteString(`import math, numpy as np, sys
np.seterr(all="ignore")
def fsum(x, axis, keep, mean):
    x = x.astype(np.float64)
    axis = tuple(axis)
    moved = np.moveaxis(x, axis, tuple(range(x.ndim - len(axis), x.ndim)))
    n = int(np.prod([x.shape[a] for a in axis]))
    flat = moved.reshape(moved.shape[:x.ndim - len(axis)] + (n,))
    out = np.empty(flat.shape[:-1])
    for idx in np.ndindex(out.shape):
        row = flat[idx]
        finite = row[np.isfinite(row)]
        s = math.fsum(finite) if len(finite) == len(row) else float(np.sum(row))
        out[idx] = s / len(row) if mean else s
    if keep:
        out = np.expand_dims(out, axis)
    return out
def show(kind, r):
    r = np.asarray(r)
    if r.dtype.kind == "f":
        return " ".join(float(v).hex() for v in r.ravel())
    return " ".join(str(int(v)) for v in r.ravel())
def run(kind, x, axis, keep):
    try:
        if kind in ("sum", "mean") and x.dtype.kind == "f":
            return show(kind, fsum(x, axis, keep, kind == "mean").astype(x.dtype))
        if kind == "sum":
            return show(kind, np.add.reduce(x, axis=tuple(axis), dtype=x.dtype, keepdims=keep))
        if kind == "prod":
            return show(kind, np.multiply.reduce(x, axis=tuple(axis), dtype=x.dtype, keepdims=keep))
        if kind in ("max", "min"):
            f = np.max if kind == "max" else np.min
            return show(kind, f(x, axis=tuple(axis), keepdims=keep))
        if kind in ("any", "all"):
            f = np.any if kind == "any" else np.all
            return show(kind, f(x, axis=tuple(axis), keepdims=keep))
        f = np.argmax if kind == "argmax" else np.argmin
        return show(kind, f(x, axis=axis[0], keepdims=keep))
    except ValueError:
        return "error"
`)
	for n := 0; n < 400; n++ {
		kind := kinds[rng.IntN(len(kinds))]
		e := elems[rng.IntN(len(elems))]
		switch {
		case kind == "any" || kind == "all":
			e = ir.I1
		case kind == "mean" && !e.IsFloat():
			e = []*ir.Scalar{ir.F16, ir.F32, ir.F64}[rng.IntN(3)]
		case e == ir.I1 && kind != "max" && kind != "min" && kind != "argmax" && kind != "argmin":
			e = ir.I32
		}
		rank := rng.IntN(5)
		shape := make([]int64, rank)
		for i := range shape {
			shape[i] = int64(rng.IntN(5))
			if rng.IntN(6) != 0 && shape[i] == 0 {
				shape[i] = 1 + int64(rng.IntN(4))
			}
		}
		var dims []int64
		switch {
		case kind == "argmax" || kind == "argmin":
			if rank == 0 {
				kind = "max"
				break
			}
			dims = []int64{int64(rng.IntN(rank))}
		default:
			for d := range rank {
				if rng.IntN(2) == 0 {
					dims = append(dims, int64(d))
				}
			}
		}
		if (kind == "prod") && e.IsFloat() {
			// a float product is rounded after every step in NumPy
			// (in f16 for float16) and in f32/f64 here: compared
			// with a tolerance below; keep it short.
			for _, d := range dims {
				shape[d] = min(shape[d], 3)
			}
		}
		keep := rng.IntN(2) == 0
		in := New(e, shape...)
		for i := range in.Len() {
			if e.IsFloat() {
				v := float64(rng.IntN(2001)-1000) / 16
				switch rng.IntN(30) {
				case 0:
					v = math.NaN()
				case 1:
					v = math.Inf(1 - 2*rng.IntN(2))
				case 2:
					v = math.Copysign(0, -1)
				case 3:
					v = math.Ldexp(float64(rng.IntN(1000)), rng.IntN(40)-20)
				}
				in.Floats[i] = Round(v, e)
			} else {
				v := int64(rng.IntN(201) - 100)
				if rng.IntN(8) == 0 {
					v = rng.Int64()
				}
				in.Ints[i] = ir.WrapInt(v, e)
			}
		}
		re := e
		if kind == "argmax" || kind == "argmin" {
			re = ir.I64
		}
		opName := "tir.reduce_" + kind
		if kind == "argmax" || kind == "argmin" {
			opName = "tir." + kind
		}
		ds := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(dims)), ", "), "[]")
		if ds != "" {
			ds = ": " + ds
		}
		// Dynamic sizes, so that empty extents are run-time errors.
		dyn := make([]int64, rank)
		for i := range dyn {
			dyn[i] = ir.Dynamic
		}
		inT := ir.TypeString(ir.Tensor(e, dyn...))
		outT := ir.TypeString(ir.Tensor(re, dialect.ReducedShape(dyn, dims, keep)...))
		src := reduceFunc(opName, ds, keep, inT, outT)
		c := &tcase{src: src, in: in, kind: kind}
		f := parseFunc(t, src)
		out, err := Func(f, []*Tensor{in})
		c.err = err
		if err == nil {
			c.out = out[0]
		}
		cases = append(cases, c)
		// The data, exactly: ints as ints, floats as hex.
		var vals []string
		for i := range in.Len() {
			if e.IsFloat() {
				vals = append(vals, fmt.Sprintf("float.fromhex(%q)", strconv.FormatFloat(in.Floats[i], 'x', -1, 64)))
			} else {
				vals = append(vals, strconv.FormatInt(in.Ints[i], 10))
			}
		}
		shp := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(shape)), ","), "[]")
		if len(shape) == 1 {
			shp += ","
		}
		fmt.Fprintf(&py, "print(run(%q, np.array([%s], dtype=np.%s).reshape((%s)), [%s], %s))\n",
			kind, strings.Join(vals, ","), dtype[e], shp, strings.Trim(strings.Join(strings.Fields(fmt.Sprint(dims)), ","), "[]"), map[bool]string{true: "True", false: "False"}[keep])
	}
	lines := runPython(t, python, py.String(), len(cases))
	errors := 0
	for i, c := range cases {
		want := lines[i]
		if want == "error" {
			if c.err == nil {
				t.Errorf("NumPy refuses (no identity), eval gives %v\n%s\ninput %v", c.out, c.src, c.in)
			} else {
				errors++
			}
			continue
		}
		if c.err != nil {
			t.Errorf("eval: %v, NumPy gives %s\n%s\ninput %v", c.err, want, c.src, c.in)
			continue
		}
		got := c.out
		fields := strings.Fields(want)
		if len(fields) != got.Len() {
			t.Errorf("NumPy has %d elements, eval %d\n%s", len(fields), got.Len(), c.src)
			continue
		}
		for k, w := range fields {
			if got.Elem.IsFloat() {
				wv, _ := strconv.ParseFloat(w, 64)
				gv := got.Floats[k]
				ok := gv == wv || (math.IsNaN(gv) && math.IsNaN(wv))
				if !ok && c.kind == "prod" {
					ok = math.Abs(gv-wv) <= 8*math.Abs(wv)*epsOf(got.Elem)
				}
				if !ok {
					t.Errorf("element %d: eval %v, NumPy %v\n%s\ninput %v", k, gv, wv, c.src, c.in)
					break
				}
				continue
			}
			wv, _ := strconv.ParseInt(w, 10, 64)
			if got.Ints[k] != ir.WrapInt(wv, got.Elem) {
				t.Errorf("element %d: eval %d, NumPy %d\n%s\ninput %v", k, got.Ints[k], wv, c.src, c.in)
				break
			}
		}
	}
	if errors == 0 {
		t.Errorf("no case reduced an empty extent without identity")
	}
}

// numpyPython returns the Python that imports NumPy; the test is skipped
// without it (a failure under CI=true).
func numpyPython(t *testing.T) string {
	t.Helper()
	python := "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import numpy").Run(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3-numpy is not importable by %s (run `make deps`)", python)
		}
		t.Skipf("numpy not importable by %s: skipped", python)
	}
	return python
}

// runPython runs script and returns the n lines it prints.
func runPython(t *testing.T, python, script string, n int) []string {
	t.Helper()
	cmd := exec.Command(python, "-")
	cmd.Stdin = strings.NewReader(script)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	outb, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(string(outb), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("python printed %d lines for %d cases", len(lines), n)
	}
	return lines
}

func epsOf(e *ir.Scalar) float64 {
	switch e.Kind {
	case ir.KindF16:
		return 1.0 / 1024
	case ir.KindBF16:
		return 1.0 / 128
	case ir.KindF32:
		return 1.0 / (1 << 23)
	}
	return 1.0 / (1 << 52)
}
