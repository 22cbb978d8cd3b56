package eval

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// reduceFunc is @f applying one reduction op to an argument of type in.
func reduceFunc(op, dims string, keep bool, in, out string) string {
	attrs := "dims = array<i64" + dims + ">"
	if keep {
		attrs += ", keepdims"
	}
	return fmt.Sprintf("func.func @f(%%x: %s) -> %s {\n  %%r = \"%s\"(%%x) {%s} : (%s) -> %s\n  return %%r : %s\n}", in, out, op, attrs, in, out, out)
}

// TestReductions checks every reduction kind against hand-computed
// values: identities of empty extents, NaN propagation, the first NaN of
// argmax, integer wrap, keepdims, several dims, f16 accumulated in f32.
func TestReductions(t *testing.T) {
	nan := math.NaN()
	inf := math.Inf(1)
	f16s := func(shape []int64, v ...float64) *Tensor { return Floats(ir.F16, shape, v...) }
	i8s := func(shape []int64, v ...int64) *Tensor { return Ints(ir.I8, shape, v...) }
	bools := func(shape []int64, v ...int64) *Tensor { return Ints(ir.I1, shape, v...) }
	tests := []struct {
		name     string
		op, dims string
		keep     bool
		in, out  string
		arg      *Tensor
		want     string
	}{
		{"row sums", "tir.reduce_sum", ": 1", false, "tensor<2x3xi32>", "tensor<2xi32>", i32s(sh(2, 3), 1, 2, 3, 4, 5, 6), "[6, 15]"},
		{"column sums keepdims", "tir.reduce_sum", ": 0", true, "tensor<2x3xi32>", "tensor<1x3xi32>", i32s(sh(2, 3), 1, 2, 3, 4, 5, 6), "[[5, 7, 9]]"},
		{"all dims", "tir.reduce_sum", ": 0, 1", false, "tensor<2x3xi32>", "tensor<i32>", i32s(sh(2, 3), 1, 2, 3, 4, 5, 6), "21"},
		{"no dims is the operand", "tir.reduce_prod", "", false, "tensor<3xi32>", "tensor<3xi32>", i32s(sh(3), 4, 5, 6), "[4, 5, 6]"},
		{"i8 sum wraps", "tir.reduce_sum", ": 0", false, "tensor<3xi8>", "tensor<i8>", i8s(sh(3), 100, 100, 100), "44"},
		{"i8 prod wraps", "tir.reduce_prod", ": 0", false, "tensor<2xi8>", "tensor<i8>", i8s(sh(2), 16, 16), "0"},
		{"empty sum is 0", "tir.reduce_sum", ": 1", false, "tensor<2x0xf32>", "tensor<2xf32>", f32s(sh(2, 0)), "[0, 0]"},
		{"empty prod is 1", "tir.reduce_prod", ": 0", false, "tensor<0xi32>", "tensor<i32>", i32s(sh(0)), "1"},
		{"empty mean is NaN", "tir.reduce_mean", ": 1", false, "tensor<2x0xf32>", "tensor<2xf32>", f32s(sh(2, 0)), "[nan, nan]"},
		{"empty any, all", "tir.reduce_all", ": 0", false, "tensor<0xi1>", "tensor<i1>", bools(sh(0)), "true"},
		{"empty outer extent: no error", "tir.reduce_max", ": 1", false, "tensor<0x3xf32>", "tensor<0xf32>", f32s(sh(0, 3)), "[]"},
		{"max propagates NaN", "tir.reduce_max", ": 1", false, "tensor<2x3xf32>", "tensor<2xf32>", f32s(sh(2, 3), 1, nan, 3, -inf, -1, -2), "[nan, -1]"},
		{"min orders -0 below +0", "tir.reduce_min", ": 0", false, "tensor<2xf32>", "tensor<f32>", f32s(sh(2), 0, math.Copysign(0, -1)), "-0"},
		{"mean", "tir.reduce_mean", ": 0", true, "tensor<4xf64>", "tensor<1xf64>", Floats(ir.F64, sh(4), 1, 2, 3, 5), "[2.75]"},
		{"sum is exact, rounded once", "tir.reduce_sum", ": 0", false, "tensor<4xf64>", "tensor<f64>", Floats(ir.F64, sh(4), 1e100, 1, -1e100, 1e-100), "1"},
		{"f16 sum accumulates wider", "tir.reduce_sum", ": 0", false, "tensor<5xf16>", "tensor<f16>", f16s(sh(5), 2048, 1, 1, 1, 1), "2052"},
		{"any", "tir.reduce_any", ": 1", false, "tensor<2x2xi1>", "tensor<2xi1>", bools(sh(2, 2), 0, 1, 0, 0), "[true, false]"},
		{"argmax first of equals", "tir.argmax", ": 1", false, "tensor<2x3xi32>", "tensor<2xi64>", i32s(sh(2, 3), 7, 9, 9, 5, 5, 5), "[1, 0]"},
		{"argmax first NaN wins", "tir.argmax", ": 0", false, "tensor<4xf32>", "tensor<i64>", f32s(sh(4), 1, nan, inf, nan), "1"},
		{"argmin along dim 0 keepdims", "tir.argmin", ": 0", true, "tensor<3x2xf32>", "tensor<1x2xi64>", f32s(sh(3, 2), 3, 1, 2, 1, 1, 0), "[[2, 2]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parseFunc(t, reduceFunc(tc.op, tc.dims, tc.keep, tc.in, tc.out))
			out, err := Func(f, []*Tensor{tc.arg})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, out[0].String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestReductionErrors: an empty reduced extent of a reduction without
// identity is a run-time error naming the op and the dimension, even when
// the result has no elements (NumPy raises for np.max(zeros((0, 0)), 1));
// an empty result over a non-empty reduced extent is no error.
func TestReductionErrors(t *testing.T) {
	tests := []struct {
		op, dims string
		in       []int64
		want     string // "" for no error
	}{
		{"tir.reduce_max", ": 1", sh(2, 0), "'tir.reduce_max' op reduces dimension 1 of size 0, which has no max (no identity for an empty set)"},
		{"tir.reduce_max", ": 1", sh(0, 0), "'tir.reduce_max' op reduces dimension 1 of size 0, which has no max (no identity for an empty set)"},
		{"tir.reduce_min", ": 0", sh(0, 0), "'tir.reduce_min' op reduces dimension 0 of size 0, which has no min"},
		{"tir.argmax", ": 1", sh(0, 0), "'tir.argmax' op reduces dimension 1 of size 0, which has no argmax"},
		{"tir.argmin", ": 0", sh(0, 5), "'tir.argmin' op reduces dimension 0 of size 0, which has no argmin"},
		{"tir.argmin", ": 1", sh(0, 5), ""},
		{"tir.reduce_max", ": 0", sh(5, 0), ""},
		{"tir.reduce_sum", ": 1", sh(0, 0), ""},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.op, tc.dims, tc.in), func(t *testing.T) {
			out := "tensor<?xf32>"
			if strings.HasPrefix(tc.op, "tir.arg") {
				out = "tensor<?xi64>"
			}
			f := parseFunc(t, reduceFunc(tc.op, tc.dims, false, "tensor<?x?xf32>", out))
			_, err := Func(f, []*Tensor{f32s(tc.in)})
			if tc.want == "" {
				if err != nil {
					t.Errorf("error = %v, want none", err)
				}
				return
			}
			var re *RuntimeError
			if !errors.As(err, &re) {
				t.Fatalf("error = %v, want a RuntimeError", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %q, want it to contain %q", err, tc.want)
			}
		})
	}
}
