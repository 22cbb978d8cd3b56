package dialect_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// TestContractionLoops: each contraction's row describes parallel loops
// for the result, reduction loops for the contracted dims, and one map
// per operand (batch dims broadcast for matmul and einsum, rank-1
// operands promoted without a loop of their own).
func TestContractionLoops(t *testing.T) {
	tests := []struct{ name, op, want string }{
		{"matmul batch broadcast", `%r = tir.matmul %a, %b : (tensor<8x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<8x5x3x6xf32>`,
			"loops (i0 parallel, i1 parallel, i2 parallel, i3 parallel, i4 reduction)\n  operand #0: [bcast i0, bcast i1, i2, i4]\n  operand #1: [bcast i1, i4, i3]\n  result #0: [i0, i1, i2, i3]\n"},
		{"matmul vector rhs", `%r = tir.matmul %a, %b : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>`,
			"loops (i0 parallel, i1 reduction)\n  operand #0: [i0, i1]\n  operand #1: [i1]\n  result #0: [i0]\n"},
		{"dot_general", `%r = tir.dot_general %a, %b {lhs_batching_dimensions = array<i64: 2>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 2>} : (tensor<4x3x2xi8>, tensor<2x5x4xi8>) -> tensor<2x3x5xi32>`,
			"loops (i0 parallel, i1 parallel, i2 parallel, i3 reduction)\n  operand #0: [i3, i1, i0]\n  operand #1: [i0, i2, i3]\n  result #0: [i0, i1, i2]\n"},
		{"einsum", `%r = tir.einsum %a, %b {equation = "bqd,bkd->bqk"} : (tensor<2x3x4xf32>, tensor<1x5x4xf32>) -> tensor<2x3x5xf32>`,
			"loops (i0 parallel, i1 parallel, i2 parallel, i3 reduction)\n  operand #0: [bcast i0, bcast i1, bcast i3]\n  operand #1: [bcast i0, bcast i2, bcast i3]\n  result #0: [i0, i1, i2]\n"},
		{"tosa.matmul", `%r = tosa.matmul %a, %b : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>`,
			"loops (i0 parallel, i1 parallel, i2 parallel, i3 reduction)\n  operand #0: [i0, i1, i3]\n  operand #1: [i0, i3, i2]\n  result #0: [i0, i1, i2]\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			op := parseOneOp(t, tc.op)
			l := ir.LoopsOf(op)
			if l == nil {
				t.Fatal("no loop description")
			}
			if diff := cmp.Diff(tc.want, l.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if !ir.Computable(op) || op.Def.Reduce != ir.ReduceContract {
				t.Errorf("not a computable contraction row")
			}
		})
	}
}

// parseOneOp parses `%r = op %a, %b : (A, B) -> R` inside a function of
// those argument types and returns the op.
func parseOneOp(t *testing.T, text string) *ir.Op {
	t.Helper()
	sig := text[strings.Index(text, ": (")+3:]
	args := splitTop(sig[:strings.Index(sig, ") -> ")])
	src := "func.func @f(%a: " + args[0] + ", %b: " + args[1] + ") {\n  " + text + "\n  return\n}"
	return parseVerified(t, src).Lookup("f").First()
}

// splitTop splits "tensor<2x3xf32>, tensor<3xf32>" at its top-level comma.
func splitTop(s string) []string {
	depth := 0
	for i, c := range s {
		switch c {
		case '<':
			depth++
		case '>':
			depth--
		case ',':
			if depth == 0 {
				return []string{s[:i], s[i+2:]}
			}
		}
	}
	return []string{s}
}
