package eval

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// TestContractions checks each contraction against hand-computed values:
// rank-1 promotion, batch broadcasting, widening, wrap in the result
// type, zero points, f16 accumulated in f32 and rounded once, the order
// of K fixed (index order), einsum transposes, traces and reductions.
func TestContractions(t *testing.T) {
	f32s := func(shape []int64, v ...float64) *Tensor { return Floats(ir.F32, shape, v...) }
	f16s := func(shape []int64, v ...float64) *Tensor { return Floats(ir.F16, shape, v...) }
	i8s := func(shape []int64, v ...int64) *Tensor { return Ints(ir.I8, shape, v...) }
	a23 := f32s(sh(2, 3), 1, 2, 3, 4, 5, 6)
	b32 := f32s(sh(3, 2), 1, 0, 0, 1, 1, 1)
	tests := []struct {
		name  string
		op    string
		attrs string
		res   *ir.Scalar
		args  []*Tensor
		want  string
	}{
		{"matmul", "tir.matmul", "", ir.F32, []*Tensor{a23, b32}, "[[4, 5], [10, 11]]"},
		{"matrix-vector", "tir.matmul", "", ir.F32, []*Tensor{a23, f32s(sh(3), 1, 1, 1)}, "[6, 15]"},
		{"vector-matrix", "tir.matmul", "", ir.F32, []*Tensor{f32s(sh(2), 1, -1), a23}, "[-3, -3, -3]"},
		{"vector-vector", "tir.matmul", "", ir.F32, []*Tensor{f32s(sh(3), 1, 2, 3), f32s(sh(3), 4, 5, 6)}, "32"},
		{"batch broadcasts", "tir.matmul", "", ir.F32, []*Tensor{f32s(sh(2, 1, 2), 1, 2, 3, 4), f32s(sh(2, 1), 10, 1)}, "[[[12]], [[34]]]"},
		{"empty K is 0", "tir.matmul", "", ir.F32, []*Tensor{f32s(sh(2, 0)), f32s(sh(0, 1))}, "[[0], [0]]"},
		{"i8 wraps in i8", "tir.matmul", "", ir.I8, []*Tensor{i8s(sh(1, 2), 100, 100), i8s(sh(2, 1), 1, 1)}, "[[-56]]"},
		{"i1 is NumPy's bool: or of ands", "tir.matmul", "", ir.I1, []*Tensor{Ints(ir.I1, sh(2, 2), 1, 0, 0, 0), Ints(ir.I1, sh(2, 2), 1, 1, 1, 1)}, "[[true, true], [false, false]]"},
		{"ui8 wraps in ui8", "tir.matmul", "", ir.UI8, []*Tensor{Ints(ir.UI8, sh(1, 2), 200, 100), Ints(ir.UI8, sh(2), 1, 1)}, "[44]"},
		{"K in index order", "tir.matmul", "", ir.F32, []*Tensor{f32s(sh(1, 3), 1, 1, 1), f32s(sh(3, 1), 0x1p24, 1, 1)}, "[[1.6777216e+07]]"},
		// one fused multiply-add per term, as the generated code (SPEC 7):
		// k=0 gives -(1+2^-29), k=1 adds (1+2^-30)^2 = 1+2^-29+2^-60
		// exactly; a rounded product would leave 0
		{"f64 fuses each term", "tir.matmul", "", ir.F64, []*Tensor{Floats(ir.F64, sh(1, 2), -1, 1+0x1p-30), Floats(ir.F64, sh(2, 1), 1+0x1p-29, 1+0x1p-30)}, "[[8.673617379884035e-19]]"},
		// 2^30+128 plus 64-2^-40 rounds once, down to 2^30+128; through a
		// float64 sum it would hit the tie 2^30+192 and go to 2^30+256
		{"f32 fuses each term, no double rounding", "tir.matmul", "", ir.F32, []*Tensor{f32s(sh(1, 2), 0x1p30+128, 8+0x1p-20), f32s(sh(2, 1), 1, 8-0x1p-20)}, "[[1.073741952e+09]]"},
		// operands converted to the f32 accumulator first: 1+2^-24 is 1
		{"dot_general f64 -> f32 reads f32 operands", "tir.dot_general", "{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} ", ir.F32,
			[]*Tensor{Floats(ir.F64, sh(1, 1), 1+0x1p-24), Floats(ir.F64, sh(1, 1), 1+0x1p-24)}, "[[1]]"},
		{"f16 accumulates in f32, rounds once", "tir.matmul", "", ir.F16, []*Tensor{f16s(sh(1, 5), 2048, 1, 1, 1, 1), f16s(sh(5), 1, 1, 1, 1, 1)}, "[2052]"},
		{"dot_general i8 -> i32", "tir.dot_general", "{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} ", ir.I32,
			[]*Tensor{i8s(sh(1, 2), 100, 100), i8s(sh(2, 1), 100, 100)}, "[[20000]]"},
		{"dot_general batch, free, contracting", "tir.dot_general", "{lhs_batching_dimensions = array<i64: 1>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 1>} ", ir.F32,
			[]*Tensor{f32s(sh(2, 2), 1, 2, 3, 4), f32s(sh(2, 2), 1, 1, 1, -1)}, "[4, -2]"},
		{"einsum transpose", "tir.einsum", `{equation = "ij->ji"} `, ir.F32, []*Tensor{a23}, "[[1, 4], [2, 5], [3, 6]]"},
		{"einsum trace", "tir.einsum", `{equation = "ii->"} `, ir.F32, []*Tensor{f32s(sh(2, 2), 1, 2, 3, 4)}, "5"},
		{"einsum row sums", "tir.einsum", `{equation = "ij->i"} `, ir.F32, []*Tensor{a23}, "[6, 15]"},
		{"einsum outer product", "tir.einsum", `{equation = "i,j->ij"} `, ir.F32, []*Tensor{f32s(sh(2), 1, 2), f32s(sh(2), 3, 4)}, "[[3, 4], [6, 8]]"},
		{"einsum size 1 broadcasts", "tir.einsum", `{equation = "ij,ij->i"} `, ir.F32, []*Tensor{a23, f32s(sh(1, 3), 1, 0, 1)}, "[4, 10]"},
		{"einsum three operands", "tir.einsum", `{equation = "i,i,i->"} `, ir.F32, []*Tensor{f32s(sh(2), 1, 2), f32s(sh(2), 3, 4), f32s(sh(2), 5, 6)}, "63"},
		{"tosa.matmul zero points", "tosa.matmul", "{quantization_info = #tosa.matmul_quant<a_zp = 1, b_zp = -2>} ", ir.I32,
			[]*Tensor{i8s(sh(1, 1, 2), 3, 5), i8s(sh(1, 2, 1), -2, 0)}, "[[[8]]]"},
		{"tosa.matmul f16 -> f32", "tosa.matmul", "", ir.F32, []*Tensor{f16s(sh(1, 1, 2), 2048, 1), f16s(sh(1, 2, 1), 1, 1)}, "[[[2049]]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parseFunc(t, contractFunc(tc.op, tc.attrs, tc.args, tc.res))
			out, err := Func(f, tc.args)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, out[0].String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestContractionErrors: a contracted size known only at run time that
// differs is a run-time error in NumPy's words.
func TestContractionErrors(t *testing.T) {
	src := "func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {\n" +
		"  %r = tir.matmul %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>\n  return %r : tensor<?x?xf32>\n}"
	_, err := Func(parseFunc(t, src), []*Tensor{New(ir.F32, 2, 4), New(ir.F32, 3, 5)})
	var re *RuntimeError
	if !errors.As(err, &re) {
		t.Fatalf("error = %v, want a RuntimeError", err)
	}
	want := "'tir.matmul' op matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size 3 is different from 4)"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error = %q, want it to contain %q", err, want)
	}
}
