package eval

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir"
)

// TestTensorOpsAgainstNumPy evaluates random tensor.extract_slice and
// insert_slice windows (offsets and sizes as index arguments, sometimes
// out of bounds, strides up to 3, unit dims dropped), pads, collapses and
// expands, a tensor.generate and a pad whose body reads its indices, and
// compares each result with NumPy's slicing, np.pad, reshape and
// np.fromfunction. A window NumPy's check rejects must be eval's run-time
// error.
func TestTensorOpsAgainstNumPy(t *testing.T) {
	python := numpyPython(t)
	rng := rand.New(rand.NewPCG(37, 4))
	type tcase struct {
		src string
		in  []*Tensor
		out *Tensor
		err error
	}
	var cases []*tcase
	var py strings.Builder
	py.WriteString(numpyPrelude + `def window(x, off, size, stride):
    for o, s, st, n in zip(off, size, stride, x.shape):
        if s < 0 or o < 0 or (s > 0 and (o >= n or o + (s - 1) * st >= n)) or (s == 0 and o > n):
            raise ValueError("out of bounds")
    return tuple(slice(o, o + (s - 1) * st + 1, st) if s > 0 else slice(o, o) for o, s, st in zip(off, size, stride))
def extract(x, off, size, stride, keep):
    return x[window(x, off, size, stride)].reshape(keep)
def insert(d, s, off, size, stride):
    r = d.copy()
    w = window(r, off, size, stride)
    r[w] = s.reshape(r[w].shape)
    return r
`)
	idx := func(v int64) *Tensor { return Ints(ir.Index, nil, v) }
	for n := 0; n < 120; n++ {
		rank := 1 + rng.IntN(3)
		shape := make([]int64, rank)
		for i := range shape {
			shape[i] = int64(1 + rng.IntN(5))
		}
		x := New(ir.F64, shape...)
		for i := range x.Floats {
			x.Floats[i] = float64(rng.IntN(201) - 100)
		}
		xt := ir.TypeString(ir.Tensor(ir.F64, shape...))
		off, size, stride := make([]int64, rank), make([]int64, rank), make([]int64, rank)
		var keep, decl []int64
		for i, s := range shape {
			stride[i] = int64(1 + rng.IntN(3))
			off[i] = int64(rng.IntN(int(s) + 1))
			size[i] = int64(rng.IntN(int(s) + 1))
			if rng.IntN(8) == 0 {
				off[i] = -1
			}
			keep = append(keep, size[i])
			decl = append(decl, ir.Dynamic)
		}
		args := []*Tensor{x}
		var offs, sizes []string
		params := "%x: " + xt
		for i := range shape {
			args = append(args, idx(off[i]), idx(size[i]))
			params += fmt.Sprintf(", %%o%d: index, %%s%d: index", i, i)
			offs, sizes = append(offs, fmt.Sprintf("%%o%d", i)), append(sizes, fmt.Sprintf("%%s%d", i))
		}
		list := func(xs []int64) string { return strings.Trim(strings.Join(strings.Fields(fmt.Sprint(xs)), ", "), "[]") }
		lists := fmt.Sprintf("[%s] [%s] [%s]", strings.Join(offs, ", "), strings.Join(sizes, ", "), list(stride))
		var body, expr, resT string
		if n%2 == 0 {
			resT = ir.TypeString(ir.Tensor(ir.F64, decl...))
			body = fmt.Sprintf("%%r = tensor.extract_slice %%x%s : %s to %s", lists, xt, resT)
			expr = fmt.Sprintf("extract(x, %s, %s, %s, %s)", pyTuple(off), pyTuple(size), pyTuple(stride), pyTuple(keep))
		} else {
			src := New(ir.F64, keep...)
			for i := range src.Floats {
				src.Floats[i] = float64(rng.IntN(201) - 100)
			}
			if rng.IntN(6) == 0 && src.Len() > 0 {
				src = New(ir.F64, append([]int64{keep[0] + 1}, keep[1:]...)...) // does not fit its window
			}
			args = append(args, src)
			st := ir.TypeString(ir.Tensor(ir.F64, decl...))
			params += ", %d: " + st
			resT = xt
			body = fmt.Sprintf("%%r = tensor.insert_slice %%d into %%x%s : %s into %s", lists, st, xt)
			expr = fmt.Sprintf("insert(x, %s, %s, %s, %s)", pyArray(src), pyTuple(off), pyTuple(size), pyTuple(stride))
		}
		src := fmt.Sprintf("func.func @f(%s) -> %s {\n  %s\n  return %%r : %s\n}", params, resT, body, resT)
		c := &tcase{src: src, in: args}
		if out, err := Func(parseFunc(t, src), args); err != nil {
			c.err = err
		} else {
			c.out = out[0]
		}
		cases = append(cases, c)
		fmt.Fprintf(&py, "x = %s\nprint(run(lambda: %s))\n", pyArray(x), expr)
	}
	// Fixed programs: reshapes, pads and bodies that read their indices.
	x := New(ir.I32, 2, 6)
	for i := range x.Ints {
		x.Ints[i] = int64(rng.IntN(100))
	}
	generate := func(n int) string {
		return fmt.Sprintf(`func.func @f(%%x: tensor<2x6xi32>) -> tensor<%dx4xi32> {
  %%n = arith.constant %d : index
  %%r = tensor.generate %%n {
  ^bb0(%%i: index, %%j: index):
    %%k = arith.muli %%i, %%j : index
    %%v = arith.index_cast %%k : index to i32
    %%e = tensor.extract %%x[%%i, %%j] : tensor<2x6xi32>
    %%w = arith.addi %%v, %%e : i32
    tensor.yield %%w : i32
  } : tensor<?x4xi32>
  %%s = tensor.cast %%r : tensor<?x4xi32> to tensor<%dx4xi32>
  return %%s : tensor<%dx4xi32>
}`, n, n, n, n)
	}
	fixed := []struct{ src, expr string }{
		{`func.func @f(%x: tensor<2x6xi32>) -> tensor<3x4xi32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<2x6xi32> into tensor<12xi32>
  %r = tensor.expand_shape %c [[0, 1]] output_shape [3, 4] : tensor<12xi32> into tensor<3x4xi32>
  return %r : tensor<3x4xi32>
}`, "x.reshape(3, 4)"},
		{`func.func @f(%x: tensor<2x6xi32>) -> tensor<5x7xi32> {
  %r = tensor.pad %x low[1, 0] high[2, 1] {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i32
    tensor.yield %v : i32
  } : tensor<2x6xi32> to tensor<5x7xi32>
  return %r : tensor<5x7xi32>
}`, "np.where(np.pad(np.ones((2, 6), bool), ((1, 2), (0, 1))), np.pad(x, ((1, 2), (0, 1))), np.fromfunction(lambda i, j: i + j, (5, 7), dtype=np.int32))"},
		{generate(2), "np.fromfunction(lambda i, j: i * j, (2, 4), dtype=np.int32) + x[:2, :4]"},
		{generate(3), "error"}, // x[2, j] of a 2-row x: out of bounds
	}
	for _, f := range fixed {
		c := &tcase{src: f.src, in: []*Tensor{x}}
		if out, err := Func(parseFunc(t, f.src), c.in); err != nil {
			c.err = err
		} else {
			c.out = out[0]
		}
		cases = append(cases, c)
		if f.expr == "error" {
			py.WriteString("print('error')\n")
			continue
		}
		fmt.Fprintf(&py, "x = %s\nprint(run(lambda: %s))\n", pyArray(x), f.expr)
	}
	lines := runPython(t, python, py.String(), len(cases))
	errors := 0
	for i, c := range cases {
		want := lines[i]
		if want == "error" {
			if _, ok := c.err.(*RuntimeError); !ok {
				t.Errorf("NumPy refuses, eval gives %v, %v\n%s\ninputs %v", c.out, c.err, c.src, c.in)
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
	if errors < 2 {
		t.Errorf("only %d cases failed at run time (out-of-bounds windows, a source that does not fit)", errors)
	}
}
