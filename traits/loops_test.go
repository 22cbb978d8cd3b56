package traits_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// TestLoopsOf checks the loop description every kind of op gets from its
// row: broadcasting (NumPy and XLA), elementwise, broadcast_in_dim, the
// data-movement ops, and none where the types do not decide it.
func TestLoopsOf(t *testing.T) {
	tests := []struct {
		name, args, op string
		want           string // printed description; "" for none
	}{
		{"numpy broadcast", "%a: tensor<?x128xf32>, %b: tensor<128xf32>", `%r = "tir.add"(%a, %b) : (tensor<?x128xf32>, tensor<128xf32>) -> tensor<?x128xf32>`,
			"loops (i0, i1) parallel\n  operand #0: [bcast i0, bcast i1]\n  operand #1: [bcast i1]\n  result #0: [i0, i1]\n"},
		{"xla broadcast_dimensions", "%a: tensor<4x2xf32>, %b: tensor<4xf32>", `%r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<4x2xf32>, tensor<4xf32>) -> tensor<4x2xf32>`,
			"loops (i0, i1) parallel\n  operand #0: [bcast i0, bcast i1]\n  operand #1: [bcast i0]\n  result #0: [i0, i1]\n"},
		{"elementwise with a scalar operand", "%c: i1, %a: tensor<3xf32>, %b: tensor<3xf32>", `%r = arith.select %c, %a, %b : tensor<3xf32>`,
			"loops (i0) parallel\n  operand #0: scalar\n  operand #1: [i0]\n  operand #2: [i0]\n  result #0: [i0]\n"},
		{"scalars only", "%x: f32, %y: f32", `%r = arith.addf %x, %y : f32`,
			"loops ()\n  operand #0: scalar\n  operand #1: scalar\n  result #0: []\n"},
		{"broadcast_in_dim transposing", "%a: tensor<3x1xf32>", `%r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 2, 0>} : (tensor<3x1xf32>) -> tensor<1x5x3xf32>`,
			"loops (i0, i1, i2) parallel\n  operand #0: [bcast i2, bcast i0]\n  result #0: [i0, i1, i2]\n"},
		{"transpose: a permuted map", "%a: tensor<2x3x4xf32>", `%r = "tir.transpose"(%a) {permutation = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>`,
			"loops (i0, i1, i2) parallel\n  operand #0: [i1, i2, i0]\n  result #0: [i0, i1, i2]\n"},
		{"slice: windows with offsets and strides, extents fixed", "%a: tensor<?x8xf32>", `%r = "tir.slice"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 4, 8>, strides = array<i64: 1, 3>} : (tensor<?x8xf32>) -> tensor<3x3xf32>`,
			"loops (i0, i1) parallel: (3, 3)\n  operand #0: [1 + i0 (window, limit 4), 3*i1 (window, limit 8)]\n  result #0: [i0, i1]\n"},
		{"iota: the kernel reads a loop index", "", `%r = "tir.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>`,
			"loops (i0, i1) parallel\n  index #0: i1\n  result #0: [i0, i1]\n"},
		{"splat: a scalar everywhere", "%x: f32", `%r = tensor.splat %x : tensor<2x3xf32>`,
			"loops (i0, i1) parallel\n  operand #0: scalar\n  result #0: [i0, i1]\n"},
		{"reshape: none (a trait, not a map)", "%a: tensor<2x3xf32>", `%r = "tir.reshape"(%a) : (tensor<2x3xf32>) -> tensor<6xf32>`, ""},
		{"unranked operand: none", "%u: tensor<*xf32>, %b: tensor<128xf32>", `%r = "tir.add"(%u, %b) : (tensor<*xf32>, tensor<128xf32>) -> tensor<*xf32>`, ""},
		{"bad broadcast_dimensions: none", "%a: tensor<4x2xf32>, %b: tensor<4xf32>", `%r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 7>} : (tensor<4x2xf32>, tensor<4xf32>) -> tensor<4x2xf32>`, ""},
		{"constant: none", "", `%r = "tir.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			op := parseOneOp(t, tc.args, tc.op)
			got := ""
			if l := ir.LoopsOf(op); l != nil {
				got = l.String()
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("loops (-want +got):\n%s", diff)
			}
		})
	}
}

// parseOneOp parses one op in a function whose arguments are args.
func parseOneOp(t *testing.T, args, line string) *ir.Op {
	t.Helper()
	src := "func.func @f(" + args + ") {\n  " + line + "\n  return\n}\n"
	m, err := asm.ParseString(src, asm.ParseOptions{})
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	return m.Funcs[0].First()
}
