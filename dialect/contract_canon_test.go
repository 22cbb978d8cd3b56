package dialect_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// TestContractionCanonicalizeKeepsValues: canonicalize rewrites unit-K
// contractions into broadcast multiplies and folds transposed operands
// into einsum equations and dot_general dimension numbers; each function
// gives the same values as before (eval, on random inputs), and the
// rewrite happened (no contraction, or no transpose, is left).
func TestContractionCanonicalizeKeepsValues(t *testing.T) {
	tests := []struct {
		name, src, gone string
	}{
		{"matmul outer product", `func.func @f(%a: tensor<3x1xf32>, %b: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %0 = tir.matmul %a, %b : (tensor<3x1xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}`, "tir.matmul"},
		{"matmul batch broadcast, vector rhs", `func.func @f(%a: tensor<2x1x3x1xi32>, %b: tensor<1xi32>) -> tensor<2x1x3xi32> {
  %0 = tir.matmul %a, %b : (tensor<2x1x3x1xi32>, tensor<1xi32>) -> tensor<2x1x3xi32>
  return %0 : tensor<2x1x3xi32>
}`, "tir.matmul"},
		{"einsum permuted", `func.func @f(%a: tensor<3x1x2xf64>, %b: tensor<4x1xf64>) -> tensor<2x4x3xf64> {
  %0 = tir.einsum %a, %b {equation = "ikb,jk->bji"} : (tensor<3x1x2xf64>, tensor<4x1xf64>) -> tensor<2x4x3xf64>
  return %0 : tensor<2x4x3xf64>
}`, "tir.einsum"},
		{"tosa unit K", `func.func @f(%a: tensor<2x3x1xf32>, %b: tensor<2x1x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tosa.matmul %a, %b : (tensor<2x3x1xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}`, "tosa.matmul"},
		{"dot_general batch", `func.func @f(%a: tensor<2x1x3xf16>, %b: tensor<2x4x1xf16>) -> tensor<2x3x4xf16> {
  %0 = tir.dot_general %a, %b {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 2>} : (tensor<2x1x3xf16>, tensor<2x4x1xf16>) -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}`, "tir.dot_general"},
		{"transposed einsum operand", `func.func @f(%q: tensor<2x3x4xf32>, %kt: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %k = tir.transpose %kt {permutation = array<i64: 0, 2, 1>} : (tensor<2x4x5xf32>) -> tensor<2x5x4xf32>
  %0 = tir.einsum %q, %k {equation = "bqd,bkd->bqk"} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}`, "tir.transpose"},
		{"transposed dot_general operands", `func.func @f(%at: tensor<4x2x3xf32>, %bt: tensor<5x4x2xf32>) -> tensor<2x3x5xf32> {
  %a = tir.transpose %at {permutation = array<i64: 1, 2, 0>} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %b = tir.transpose %bt {permutation = array<i64: 2, 1, 0>} : (tensor<5x4x2xf32>) -> tensor<2x4x5xf32>
  %0 = tir.dot_general %a, %b {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}`, "tir.transpose"},
	}
	rng := rand.New(rand.NewPCG(36, 7))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := parseVerified(t, tc.src)
			after := parseVerified(t, tc.src)
			res, err := passes.Run(after, "builtin.module(func.func(canonicalize))", passes.RunOptions{})
			if err != nil || res.Diags.HasErrors() {
				t.Fatalf("canonicalize: %v %v", err, res.Diags)
			}
			if text := after.String(); strings.Contains(text, tc.gone) {
				t.Errorf("canonicalize left %s:\n%s", tc.gone, text)
			}
			f := before.Lookup("f")
			args := make([]*eval.Tensor, len(f.Args()))
			for i, a := range f.Args() {
				s, _ := ir.Shape(a.Type())
				e := ir.ElementType(a.Type())
				x := eval.New(e, s...)
				for j := range x.Len() {
					if e.IsFloat() {
						x.Set(j, eval.Num{Float: eval.Round(rng.NormFloat64(), e)})
					} else {
						x.Set(j, eval.Num{Int: int64(rng.IntN(200) - 100)})
					}
				}
				args[i] = x
			}
			want, err1 := eval.Func(f, args)
			got, err2 := eval.Func(after.Lookup("f"), args)
			if err1 != nil || err2 != nil {
				t.Fatalf("eval: %v, %v", err1, err2)
			}
			if diff := cmp.Diff(want[0].String(), got[0].String()); diff != "" {
				t.Errorf("values changed (-before +after):\n%s\n%s", diff, after.String())
			}
		})
	}
}

func parseVerified(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatal(ds[0].Msg)
	}
	return m
}
