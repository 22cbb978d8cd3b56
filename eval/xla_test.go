package eval

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// tabulate builds the expected tensor of a closed form: element idx is
// f(idx). It walks indices on its own, independently of the evaluator.
func tabulate(shape []int64, f func(idx []int64) int64) *Tensor {
	var vals []int64
	idx := make([]int64, len(shape))
	var rec func(d int)
	rec = func(d int) {
		if d == len(shape) {
			vals = append(vals, f(idx))
			return
		}
		for i := int64(0); i < shape[d]; i++ {
			idx[d] = i
			rec(d + 1)
		}
	}
	rec(0)
	return Ints(ir.I32, shape, vals...)
}

// show is a tensor's type and elements, for comparisons.
func show(t *Tensor) string { return ir.TypeString(t.Type()) + " " + t.String() }

// iota32 is 0, 1, 2, ... in the given shape (element (i, j) of a 2-D iota
// is i*cols + j).
func iota32(shape ...int64) *Tensor {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	vals := make([]int64, n)
	for i := range vals {
		vals[i] = int64(i)
	}
	return Ints(ir.I32, shape, vals...)
}

// binaryFunc is a one-op function `%r = <op>(%a, %b) {attrs}`.
func binaryFunc(op, attrs string, a, b, r ir.Type) string {
	return fmt.Sprintf(`func.func @f(%%a: %s, %%b: %s) -> %s {
  %%r = "%s"(%%a, %%b) %s : (%s, %s) -> %s
  return %%r : %s
}`, a, b, r, op, attrs, a, b, r, r)
}

func dimsAttr(dims ...int64) string {
	return "{broadcast_dimensions = " + ir.I64Array(dims...).String() + "}"
}

// TestXLASeedExamples evaluates every example of the XLA broadcasting
// seeds (002/003) and compares with the seed's numbers or, where the seed
// gives only shapes, with a closed form.
func TestXLASeedExamples(t *testing.T) {
	ty := func(shape ...int64) ir.Type { return ir.Tensor(ir.I32, shape...) }
	x23 := i32s(sh(2, 3), 1, 2, 3, 4, 5, 6)
	v789 := i32s(sh(3), 7, 8, 9)
	zero33 := New(ir.I32, 3, 3)
	tests := []struct {
		name   string
		src    string
		a, b   *Tensor
		want   *Tensor
		wantTy string
	}{
		{
			name: "X+v with dims (1)",
			src:  binaryFunc("tir.add", dimsAttr(1), ty(2, 3), ty(3), ty(2, 3)),
			a:    x23, b: v789,
			want: i32s(sh(2, 3), 8, 10, 12, 11, 13, 15),
		},
		{
			name: "X+v implicit (NumPy) gives the same",
			src:  binaryFunc("tir.add", "", ty(2, 3), ty(3), ty(2, 3)),
			a:    x23, b: v789,
			want: i32s(sh(2, 3), 8, 10, 12, 11, 13, 15),
		},
		{
			name: "matrix plus scalar",
			src:  binaryFunc("tir.add", "", ty(2, 3), ty(), ty(2, 3)),
			a:    x23, b: i32s(nil, 7),
			want: i32s(sh(2, 3), 8, 9, 10, 11, 12, 13),
		},
		{
			name: "3x3 plus vector, dims (1): the vector is every row",
			src:  binaryFunc("tir.add", dimsAttr(1), ty(3, 3), ty(3), ty(3, 3)),
			a:    zero33, b: v789,
			want: i32s(sh(3, 3), 7, 8, 9, 7, 8, 9, 7, 8, 9),
		},
		{
			name: "3x3 plus vector, dims (0): the vector is every column",
			src:  binaryFunc("tir.add", dimsAttr(0), ty(3, 3), ty(3), ty(3, 3)),
			a:    zero33, b: v789,
			want: i32s(sh(3, 3), 7, 7, 7, 8, 8, 8, 9, 9, 9),
		},
		{
			name: "2x3x4 plus 3x4 with dims (1,2)",
			src:  binaryFunc("tir.add", dimsAttr(1, 2), ty(2, 3, 4), ty(3, 4), ty(2, 3, 4)),
			a:    iota32(2, 3, 4), b: iota32(3, 4),
			want: tabulate(sh(2, 3, 4), func(i []int64) int64 { return (i[0]*12 + i[1]*4 + i[2]) + (i[1]*4 + i[2]) }),
		},
		{
			name: "(2,1) + (2,3)",
			src:  binaryFunc("tir.add", dimsAttr(0, 1), ty(2, 1), ty(2, 3), ty(2, 3)),
			a:    iota32(2, 1), b: iota32(2, 3),
			want: tabulate(sh(2, 3), func(i []int64) int64 { return i[0] + (i[0]*3 + i[1]) }),
		},
		{
			name: "(1,2,5) + (7,2,5)",
			src:  binaryFunc("tir.add", "", ty(1, 2, 5), ty(7, 2, 5), ty(7, 2, 5)),
			a:    iota32(1, 2, 5), b: iota32(7, 2, 5),
			want: tabulate(sh(7, 2, 5), func(i []int64) int64 { return (i[1]*5 + i[2]) + (i[0]*10 + i[1]*5 + i[2]) }),
		},
		{
			name: "(7,2,5) + (7,1,5)",
			src:  binaryFunc("tir.add", dimsAttr(), ty(7, 2, 5), ty(7, 1, 5), ty(7, 2, 5)),
			a:    iota32(7, 2, 5), b: iota32(7, 1, 5),
			want: tabulate(sh(7, 2, 5), func(i []int64) int64 { return (i[0]*10 + i[1]*5 + i[2]) + (i[0]*5 + i[2]) }),
		},
		{
			name: "outer product (2,1) * (1,3)",
			src:  binaryFunc("tir.mul", dimsAttr(0, 1), ty(2, 1), ty(1, 3), ty(2, 3)),
			a:    i32s(sh(2, 1), 2, 3), b: i32s(sh(1, 3), 5, 7, 11),
			want: i32s(sh(2, 3), 10, 14, 22, 15, 21, 33),
		},
		{
			name: "composition [1,2,3,4] + [[5,6]] with dims (0)",
			src:  binaryFunc("tir.add", dimsAttr(0), ty(4), ty(1, 2), ty(4, 2)),
			a:    i32s(sh(4), 1, 2, 3, 4), b: i32s(sh(1, 2), 5, 6),
			want: i32s(sh(4, 2), 6, 7, 7, 8, 8, 9, 9, 10),
		},
		{
			name: "composition with dynamic types, sizes from the values",
			src:  binaryFunc("tir.add", dimsAttr(0), ty(ir.Dynamic), ty(ir.Dynamic, ir.Dynamic), ty(ir.Dynamic, ir.Dynamic)),
			a:    i32s(sh(4), 1, 2, 3, 4), b: i32s(sh(1, 2), 5, 6),
			want: i32s(sh(4, 2), 6, 7, 7, 8, 8, 9, 9, 10),
		},
		{
			name: "composition 1x2 + 4x3x1 with dims (1,2) is 4x3x2",
			src:  binaryFunc("tir.add", dimsAttr(1, 2), ty(1, 2), ty(4, 3, 1), ty(4, 3, 2)),
			a:    i32s(sh(1, 2), 100, 200), b: iota32(4, 3, 1),
			want: tabulate(sh(4, 3, 2), func(i []int64) int64 { return 100*(i[2]+1) + (i[0]*3 + i[1]) }),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parseFunc(t, tc.src)
			out, err := Func(f, []*Tensor{tc.a, tc.b})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(show(tc.want), show(out[0])); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestXLASeedIllegal: the seeds' illegal examples are verifier errors with
// static types, and RuntimeErrors when the sizes are only known at run time.
func TestXLASeedIllegal(t *testing.T) {
	ty := func(shape ...int64) ir.Type { return ir.Tensor(ir.I32, shape...) }
	dyn := int64(ir.Dynamic)
	tests := []struct {
		name      string
		static    string
		dynamic   string
		a, b      *Tensor
		verifyMsg string
		runMsg    string
	}{
		{
			name:      "2x3 plus 3-vector with dims (0)",
			static:    binaryFunc("tir.add", dimsAttr(0), ty(2, 3), ty(3), ty(2, 3)),
			dynamic:   binaryFunc("tir.add", dimsAttr(0), ty(dyn, 3), ty(dyn), ty(dyn, 3)),
			a:         iota32(2, 3),
			b:         iota32(3),
			verifyMsg: "'tir.add' op dimension 0 of operand #1 (size 3) maps to dimension 0 of operand #0 (size 2)",
			runMsg:    "'tir.add' op operands could not be broadcast together with shapes (2,3) (3,) (dimension 0 of operand #0 has size 2, dimension 0 of operand #1 has size 3)",
		},
		{
			name:      "(7,2,5) + (7,2,6)",
			static:    binaryFunc("tir.add", "", ty(7, 2, 5), ty(7, 2, 6), ty(7, 2, 6)),
			dynamic:   binaryFunc("tir.add", "", ty(7, 2, dyn), ty(7, 2, dyn), ty(7, 2, dyn)),
			a:         iota32(7, 2, 5),
			b:         iota32(7, 2, 6),
			verifyMsg: "'tir.add' op operands don't have broadcast-compatible shapes",
			runMsg:    "dimension 2 of operand #0 has size 5, dimension 2 of operand #1 has size 6",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, d := asm.ParseString(tc.static, asm.ParseOptions{})
			if d != nil {
				t.Fatal(d)
			}
			ds := ir.Verify(m, ir.VerifyOptions{})
			if len(ds) != 1 || !strings.Contains(ds[0].Msg, tc.verifyMsg) {
				t.Errorf("verify: got %v, want one error containing %q", ds, tc.verifyMsg)
			}
			f := parseFunc(t, tc.dynamic)
			_, err := Func(f, []*Tensor{tc.a, tc.b})
			var re *RuntimeError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.runMsg) {
				t.Errorf("run: got %v, want a RuntimeError containing %q", err, tc.runMsg)
			}
		})
	}
}
