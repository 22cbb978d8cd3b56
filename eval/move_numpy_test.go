package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir"
)

// TestMovementAgainstNumPy evaluates random transposes, slices, reshapes
// (with a '?' the count decides), concatenations and iotas, on operands
// of every NumPy element type and rank 0-4 with dynamic sizes, and
// compares each result (shape and bits) with what NumPy computes from the
// same data in a script written here: np.transpose, basic slicing (where
// NumPy clamps, a limit beyond a dynamic size is a run-time error, as
// StableHLO's start <= limit <= size, also for an empty window), reshape
// with -1, np.concatenate and np.arange
// broadcast and cast. A NumPy ValueError (or an out-of-bounds slice) must
// be eval's run-time error.
func TestMovementAgainstNumPy(t *testing.T) {
	python := numpyPython(t)
	rng := rand.New(rand.NewPCG(16, 5))
	elems := []*ir.Scalar{ir.I1, ir.I8, ir.I16, ir.I32, ir.I64, ir.UI8, ir.UI32, ir.F16, ir.F32, ir.F64}
	type tcase struct {
		src string
		in  []*Tensor
		out *Tensor
		err error
	}
	var cases []*tcase
	var py strings.Builder
	py.WriteString(numpyPrelude + `def sl(x, start, limit, strides):
    # StableHLO's start <= limit <= size (NumPy would clamp).
    for l, d in zip(limit, x.shape):
        if l > d:
            raise ValueError("out of bounds")
    return x[tuple(slice(s, l, st) for s, l, st in zip(start, limit, strides))]
`)
	shapeOf := func(rank, maxSize int) []int64 {
		s := make([]int64, rank)
		for i := range s {
			s[i] = int64(rng.IntN(maxSize + 1))
			if s[i] == 0 && rng.IntN(4) != 0 {
				s[i] = 1 + int64(rng.IntN(maxSize))
			}
		}
		return s
	}
	data := func(e *ir.Scalar, shape []int64) *Tensor {
		x := New(e, shape...)
		for i := range x.Len() {
			if e.IsFloat() {
				v := float64(rng.IntN(2001)-1000) / 8
				switch rng.IntN(20) {
				case 0:
					v = math.NaN()
				case 1:
					v = math.Copysign(0, -1)
				}
				x.Floats[i] = Round(v, e)
			} else {
				x.Ints[i] = ir.WrapInt(rng.Int64(), e)
			}
		}
		return x
	}
	// dynamic declares some sizes '?' (checked at run time).
	dynamic := func(s []int64) []int64 {
		d := append([]int64(nil), s...)
		for i := range d {
			if rng.IntN(2) == 0 {
				d[i] = ir.Dynamic
			}
		}
		return d
	}
	for n := 0; n < 300; n++ {
		e := elems[rng.IntN(len(elems))]
		rank := rng.IntN(5)
		shape := shapeOf(rank, 4)
		x := data(e, shape)
		xt := ir.Tensor(e, dynamic(shape)...)
		var body, expr, resT string
		args := []*Tensor{x}
		params := "%x: " + ir.TypeString(xt)
		switch kind := rng.IntN(5); {
		case kind == 0: // transpose
			perm := rng.Perm(rank)
			out := make([]int64, rank)
			for i, d := range perm {
				out[i] = xt.Shape[d]
			}
			resT = ir.TypeString(ir.Tensor(e, out...))
			body = fmt.Sprintf(`%%r = "tir.transpose"(%%x) {permutation = array<i64%s>} : (%s) -> %s`, arrayBody(ints64(perm)), ir.TypeString(xt), resT)
			expr = fmt.Sprintf("np.transpose(x, %s)", pyTuple(ints64(perm)))
		case kind == 1: // slice, sometimes beyond a dynamic size
			start, limit, strides := make([]int64, rank), make([]int64, rank), make([]int64, rank)
			out := make([]int64, rank)
			for i, s := range shape {
				start[i] = int64(rng.IntN(int(s) + 1))
				limit[i] = start[i] + int64(rng.IntN(int(s-start[i])+1))
				switch {
				case xt.Shape[i] < 0 && rng.IntN(8) == 0:
					limit[i] = s + 1 // out of bounds at run time
				case xt.Shape[i] < 0 && rng.IntN(16) == 0:
					start[i], limit[i] = s+1, s+1 // empty, but beyond the size
				}
				strides[i] = 1 + int64(rng.IntN(3))
				out[i] = (limit[i] - start[i] + strides[i] - 1) / strides[i]
			}
			resT = ir.TypeString(ir.Tensor(e, out...))
			body = fmt.Sprintf(`%%r = "tir.slice"(%%x) {start_indices = array<i64%s>, limit_indices = array<i64%s>, strides = array<i64%s>} : (%s) -> %s`,
				arrayBody(start), arrayBody(limit), arrayBody(strides), ir.TypeString(xt), resT)
			expr = fmt.Sprintf("sl(x, %s, %s, %s)", pyTuple(start), pyTuple(limit), pyTuple(strides))
		case kind == 2: // reshape into a random factorization, one '?' or a wrong static count
			count := int64(1)
			for _, s := range shape {
				count *= s
			}
			out := factor(rng, count)
			np := append([]int64(nil), out...)
			if len(out) > 0 && count > 0 && rng.IntN(2) == 0 {
				i := rng.IntN(len(out))
				out[i], np[i] = ir.Dynamic, -1
			} else if len(out) > 0 && rng.IntN(6) == 0 && ir.IsStatic(xt.Shape) == false {
				out[0]++ // the count decides at run time: an error
				np[0]++
			}
			resT = ir.TypeString(ir.Tensor(e, out...))
			body = fmt.Sprintf(`%%r = "tir.reshape"(%%x) : (%s) -> %s`, ir.TypeString(xt), resT)
			expr = fmt.Sprintf("x.reshape(%s)", pyTuple(np))
		case kind == 3 && rank > 0: // concat of 2-3 operands
			d := rng.IntN(rank)
			ys := []string{"x"}
			decl := []string{ir.TypeString(xt)}
			names := []string{"%x"}
			total := shape[d]
			static := append([]int64(nil), xt.Shape...) // the sizes the types state so far
			for k := range 1 + rng.IntN(2) {
				s := append([]int64(nil), shape...)
				s[d] = int64(rng.IntN(4))
				if rng.IntN(10) == 0 {
					j := rng.IntN(rank)
					if j != d {
						s[j]++ // another dimension differs: a run-time error
					}
				}
				total += s[d]
				y := data(e, s)
				yt := ir.Tensor(e, dynamic(s)...)
				for j := range s {
					if j != d && yt.Shape[j] >= 0 && static[j] >= 0 && static[j] != yt.Shape[j] {
						yt.Shape[j] = ir.Dynamic // keep the static types compatible
					}
					if static[j] < 0 {
						static[j] = yt.Shape[j]
					}
				}
				args = append(args, y)
				name := fmt.Sprintf("%%y%d", k)
				params += ", " + name + ": " + ir.TypeString(yt)
				names = append(names, name)
				decl = append(decl, ir.TypeString(yt))
				ys = append(ys, fmt.Sprintf("y%d", k))
				fmt.Fprintf(&py, "y%d = %s\n", k, pyArray(y))
			}
			out := dynamic(static)
			out[d] = ir.Dynamic
			resT = ir.TypeString(ir.Tensor(e, out...))
			body = fmt.Sprintf(`%%r = "tir.concat"(%s) {dimension = %d : i64} : (%s) -> %s`, strings.Join(names, ", "), d, strings.Join(decl, ", "), resT)
			expr = fmt.Sprintf("np.concatenate([%s], axis=%d)", strings.Join(ys, ", "), d)
		default: // iota of x's shape (static), x unused
			if rank == 0 {
				rank, shape = 1, []int64{3}
			}
			d := rng.IntN(rank)
			resT = ir.TypeString(ir.Tensor(e, shape...))
			args, params = nil, ""
			body = fmt.Sprintf(`%%r = "tir.iota"() {iota_dimension = %d : i64} : () -> %s`, d, resT)
			bshape := make([]int64, rank)
			for i := range bshape {
				bshape[i] = 1
			}
			bshape[d] = shape[d]
			expr = fmt.Sprintf("np.broadcast_to(np.arange(%d).reshape(%s), %s).astype(np.%s)", shape[d], pyTuple(bshape), pyTuple(shape), npDtype[e])
		}
		src := fmt.Sprintf("func.func @f(%s) -> %s {\n  %s\n  return %%r : %s\n}", params, resT, body, resT)
		c := &tcase{src: src, in: args}
		out, err := Func(parseFunc(t, src), args)
		c.err = err
		if err == nil {
			c.out = out[0]
		}
		cases = append(cases, c)
		fmt.Fprintf(&py, "x = %s\nprint(run(lambda: %s))\n", pyArray(x), expr)
	}
	lines := runPython(t, python, py.String(), len(cases))
	errors := 0
	for i, c := range cases {
		want := lines[i]
		if want == "error" {
			if c.err == nil {
				t.Errorf("NumPy refuses, eval gives %v\n%s\ninputs %v", c.out, c.src, c.in)
			} else if _, ok := c.err.(*RuntimeError); !ok {
				t.Errorf("NumPy refuses, eval fails but not at run time: %v\n%s", c.err, c.src)
			}
			errors++
			continue
		}
		if c.err != nil {
			t.Errorf("eval: %v, NumPy gives %s\n%s\ninputs %v", c.err, want, c.src, c.in)
			continue
		}
		if msg := mismatch(c.out, want, nil); msg != "" {
			t.Errorf("%s\n%s\ninputs %v", msg, c.src, c.in)
		}
	}
	if errors == 0 {
		t.Errorf("no case failed at run time (slice bounds, reshape counts, concat sizes)")
	}
}

// factor splits n into a random shape of rank 0-4 with product n (rank 0
// only for n = 1).
func factor(rng *rand.Rand, n int64) []int64 {
	var out []int64
	for n > 1 {
		d := int64(1)
		for k := int64(2); k <= n; k++ {
			if n%k == 0 && rng.IntN(2) == 0 {
				d = k
				break
			}
		}
		if d == 1 {
			d = n
		}
		out = append(out, d)
		n /= d
	}
	if n == 0 {
		out = append(out, 0)
	}
	for len(out) < 4 && rng.IntN(3) == 0 {
		out = append(out, 1)
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func ints64(xs []int) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

func arrayBody(xs []int64) string {
	if len(xs) == 0 {
		return ""
	}
	return ": " + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(xs)), ", "), "[]")
}
