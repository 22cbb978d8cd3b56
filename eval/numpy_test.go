package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
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
	type tcase struct {
		src  string
		in   *Tensor
		kind string
		out  *Tensor
		err  error
	}
	var cases []*tcase
	var py strings.Builder
	py.WriteString(numpyPrelude + `def fsum(x, axis, keep, mean):
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
def reduce(kind, x, axis, keep):
    if kind in ("sum", "mean") and x.dtype.kind == "f":
        return fsum(x, axis, keep, kind == "mean").astype(x.dtype)
    if kind == "sum":
        return np.add.reduce(x, axis=tuple(axis), dtype=x.dtype, keepdims=keep)
    if kind == "prod":
        return np.multiply.reduce(x, axis=tuple(axis), dtype=x.dtype, keepdims=keep)
    if kind in ("max", "min"):
        f = np.max if kind == "max" else np.min
        return f(x, axis=tuple(axis), keepdims=keep)
    if kind in ("any", "all"):
        f = np.any if kind == "any" else np.all
        return f(x, axis=tuple(axis), keepdims=keep)
    f = np.argmax if kind == "argmax" else np.argmin
    return f(x, axis=axis[0], keepdims=keep)
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
		fmt.Fprintf(&py, "print(run(lambda: reduce(%q, %s, [%s], %s)))\n",
			kind, pyArray(in), strings.Trim(strings.Join(strings.Fields(fmt.Sprint(dims)), ","), "[]"), map[bool]string{true: "True", false: "False"}[keep])
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
		// A float product is rounded after every step in NumPy (in f16
		// for float16), in f32/f64 here: a tolerance.
		closeEnough := func(g, w float64) bool {
			if g == w || (math.IsNaN(g) && math.IsNaN(w)) {
				return true
			}
			return c.kind == "prod" && math.Abs(g-w) <= 8*math.Abs(w)*epsOf(c.out.Elem)
		}
		if msg := mismatch(c.out, want, closeEnough); msg != "" {
			t.Errorf("%s\n%s\ninput %v", msg, c.src, c.in)
		}
	}
	if errors == 0 {
		t.Errorf("no case reduced an empty extent without identity")
	}
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
