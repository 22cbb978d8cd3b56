package dialect_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// TestLinalgNamedLoops: each named op's loop description is linalg's
// indexing maps and iterator types, one map per operand (ins, then
// outs; a scalar has none) and the init's for the result.
func TestLinalgNamedLoops(t *testing.T) {
	tests := []struct{ name, args, op, want string }{
		{"matmul", "%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>",
			`%r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>`,
			"loops (i0 parallel, i1 parallel, i2 reduction)\n  operand #0: [i0, i2]\n  operand #1: [i2, i1]\n  operand #2: [i0, i1]\n  result #0: [i0, i1]\n"},
		{"batch_matmul", "%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<2x4x16xf32>",
			`%r = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>`,
			"loops (i0 parallel, i1 parallel, i2 parallel, i3 reduction)\n  operand #0: [i0, i1, i3]\n  operand #1: [i0, i3, i2]\n  operand #2: [i0, i1, i2]\n  result #0: [i0, i1, i2]\n"},
		{"matvec", "%a: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<4xf32>",
			`%r = linalg.matvec ins(%a, %b : tensor<4x8xf32>, tensor<8xf32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>`,
			"loops (i0 parallel, i1 reduction)\n  operand #0: [i0, i1]\n  operand #1: [i1]\n  operand #2: [i0]\n  result #0: [i0]\n"},
		{"transpose", "%a: tensor<2x3x4xf32>, %c: tensor<4x2x3xf32>",
			`%r = linalg.transpose ins(%a : tensor<2x3x4xf32>) outs(%c : tensor<4x2x3xf32>) permutation = [2, 0, 1]`,
			"loops (i0, i1, i2) parallel\n  operand #0: [i1, i2, i0]\n  operand #1: [i0, i1, i2]\n  result #0: [i0, i1, i2]\n"},
		{"broadcast", "%a: tensor<3xf32>, %c: tensor<2x3x4xf32>",
			`%r = linalg.broadcast ins(%a : tensor<3xf32>) outs(%c : tensor<2x3x4xf32>) dimensions = [0, 2]`,
			"loops (i0, i1, i2) parallel\n  operand #0: [i1]\n  operand #1: [i0, i1, i2]\n  result #0: [i0, i1, i2]\n"},
		{"fill", "%v: f32, %c: tensor<2x3xf32>",
			`%r = linalg.fill ins(%v : f32) outs(%c : tensor<2x3xf32>) -> tensor<2x3xf32>`,
			"loops (i0, i1) parallel\n  operand #0: []\n  operand #1: [i0, i1]\n  result #0: [i0, i1]\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "func.func @f(" + tc.args + ") {\n  " + tc.op + "\n  return\n}"
			op := parseVerified(t, src).Lookup("f").First()
			l := ir.LoopsOf(op)
			if l == nil {
				t.Fatal("no loop description")
			}
			if diff := cmp.Diff(tc.want, l.String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestLinalgNamedExpand: ir.Expand rewrites the named ops into the rows
// that compute them, the init of a contraction added to the product
// (nothing for a tensor.empty, a 0-d splat of the value for a
// linalg.fill), and erases the inits it leaves dead.
func TestLinalgNamedExpand(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"matmul into an argument",
			`func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}`, `
    %0 = tir.matmul %arg0, %arg1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %1 = arith.addf %arg2, %0 : tensor<4x16xf32>
    return %1 : tensor<4x16xf32>`},
		{"matmul into a fill of an empty tensor, i8 to i32",
			`func.func @f(%a: tensor<4x8xi8>, %b: tensor<8x16xi8>) -> tensor<4x16xi32> {
  %c = arith.constant 3 : i32
  %e = tensor.empty() : tensor<4x16xi32>
  %f = linalg.fill ins(%c : i32) outs(%e : tensor<4x16xi32>) -> tensor<4x16xi32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xi8>, tensor<8x16xi8>) outs(%f : tensor<4x16xi32>) -> tensor<4x16xi32>
  return %r : tensor<4x16xi32>
}`, `
    %c3_i32 = arith.constant 3 : i32
    %0 = arith.extsi %arg0 : tensor<4x8xi8> to tensor<4x8xi32>
    %1 = arith.extsi %arg1 : tensor<8x16xi8> to tensor<8x16xi32>
    %2 = tir.matmul %0, %1 : (tensor<4x8xi32>, tensor<8x16xi32>) -> tensor<4x16xi32>
    %splat = tensor.splat %c3_i32 : tensor<i32>
    %3 = tir.add %2, %splat : (tensor<4x16xi32>, tensor<i32>) -> tensor<4x16xi32>
    return %3 : tensor<4x16xi32>`},
		{"matmul into a fill of +0: the sum itself",
			`func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}`, `
    %0 = tir.matmul %arg0, %arg1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>`},
		{"matmul into a fill of -0: added",
			`func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %z = arith.constant -0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%f : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}`, `
    %cst = arith.constant -0.000000e+00 : f32
    %0 = tir.matmul %arg0, %arg1 : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %splat = tensor.splat %cst : tensor<f32>
    %1 = tir.add %0, %splat : (tensor<4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    return %1 : tensor<4x16xf32>`},
		{"matmul of a transposed weight reads it in place",
			`func.func @f(%x: tensor<4x8xf32>, %w: tensor<16x8xf32>) -> tensor<4x16xf32> {
  %et = tensor.empty() : tensor<8x16xf32>
  %wt = linalg.transpose ins(%w : tensor<16x8xf32>) outs(%et : tensor<8x16xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<4x8xf32>, tensor<8x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}`, `
    %0 = tir.dot_general %arg0, %arg1 {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<4x8xf32>, tensor<16x8xf32>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>`},
		{"matvec into an empty tensor",
			`func.func @f(%a: tensor<4x8xf32>, %v: tensor<8xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.matvec ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}`, `
    %0 = tir.matmul %arg0, %arg1 : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>`},
		{"transpose and broadcast",
			`func.func @f(%a: tensor<4x8xf32>, %v: tensor<8xf32>) -> (tensor<8x4xf32>, tensor<8x3xf32>) {
  %e = tensor.empty() : tensor<8x4xf32>
  %t = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<8x3xf32>
  %b = linalg.broadcast ins(%v : tensor<8xf32>) outs(%e2 : tensor<8x3xf32>) dimensions = [1]
  return %t, %b : tensor<8x4xf32>, tensor<8x3xf32>
}`, `
    %0 = tir.transpose %arg0 {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
    %1 = tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 0>} : (tensor<8xf32>) -> tensor<8x3xf32>
    return %0, %1 : tensor<8x4xf32>, tensor<8x3xf32>`},
		{"elemwise with a scalar, unsigned max",
			`func.func @f(%a: tensor<4xi32>, %s: i32) -> tensor<4xi32> {
  %e = tensor.empty() : tensor<4xi32>
  %r = linalg.elemwise_binary {fun = #linalg.binary_fn<max_unsigned>} ins(%a, %s : tensor<4xi32>, i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}`, `
    %splat = tensor.splat %arg1 : tensor<4xi32>
    %0 = arith.maxui %arg0, %splat : tensor<4xi32>
    return %0 : tensor<4xi32>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := parseVerified(t, tc.src)
			if d := ir.Expand(m.Lookup("f")); d != nil {
				t.Fatalf("expand: %v", d)
			}
			if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
				t.Fatalf("expanded IR does not verify: %v", ds)
			}
			var sb strings.Builder
			asm.Print(&sb, m, asm.PrintOptions{})
			got := sb.String()
			fn := strings.Index(got, "func.func")
			body := got[fn+strings.Index(got[fn:], "\n") : strings.LastIndex(got, "\n  }\n}")]
			if diff := cmp.Diff(tc.want, body); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
