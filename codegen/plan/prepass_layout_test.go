package plan_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir/asm"
)

// TestPrepassLayouts: the pre-pass plans a nest row-major when every
// view it reads and writes is known row-major from the IR, or folds to
// it, else guarded, naming the first view that is not.
func TestPrepassLayouts(t *testing.T) {
	tests := []struct {
		name, src string
		fast      bool
		want      string
	}{{
		name: "argument",
		src: `func.func @f(%a: tensor<8x16xf32>) -> tensor<f32> {
  %r = tir.reduce_sum %a {dims = array<i64: 0, 1>} : (tensor<8x16xf32>) -> tensor<f32>
  return %r : tensor<f32>
}`,
		want: "tir.reduce_sum guarded (argument #0's strides are known at run time)\n",
	}, {
		// A fast entry's arguments and results are row-major.
		name: "fast-entry", fast: true,
		src: `func.func @f(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = tir.exp %a : tensor<8x16xf32>
  return %e : tensor<8x16xf32>
}`,
		want: "tir.exp row-major\n",
	}, {
		// The caller's result buffer; a constant read through a
		// transpose (a map of the nest, not a view).
		name: "result-and-transpose",
		src: `func.func @f() -> (tensor<3x2xf32>, tensor<f32>) {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %t = tir.transpose %c {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %e = tir.exp %t : tensor<3x2xf32>
  %r = tir.reduce_sum %t {dims = array<i64: 0, 1>} : (tensor<3x2xf32>) -> tensor<f32>
  return %e, %r : tensor<3x2xf32>, tensor<f32>
}`,
		want: "tir.exp guarded (result #0 is the caller's buffer, its strides known at run time)\ntir.reduce_sum row-major\n",
	}, {
		// Sizes of 1 fold the test whatever the strides; a cast keeps
		// its operand's view.
		name: "unit-sizes-and-cast",
		src: `func.func @f(%a: tensor<1x1xf32>, %b: tensor<?xf32>) -> (tensor<f32>, tensor<f32>) {
  %c = tensor.cast %b : tensor<?xf32> to tensor<1xf32>
  %r = tir.reduce_sum %a {dims = array<i64: 0, 1>} : (tensor<1x1xf32>) -> tensor<f32>
  %s = tir.reduce_sum %c {dims = array<i64: 0>} : (tensor<1xf32>) -> tensor<f32>
  return %r, %s : tensor<f32>, tensor<f32>
}`,
		want: "tir.reduce_sum row-major\ntir.reduce_sum row-major\n",
	}, {
		// A concatenation's operands are computed into windows of its
		// result: row-major along the outermost dimension only.
		name: "concat-windows",
		src: `func.func @f() -> tensor<f32> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %a = tir.exp %c : tensor<4x2xf32>
  %b = tir.neg %c : tensor<4x2xf32>
  %x = tir.abs %c : tensor<4x2xf32>
  %y = tir.sqrt %c : tensor<4x2xf32>
  %j = tir.concat %a, %b {dimension = 0 : i64} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  %k = tir.concat %x, %y {dimension = 1 : i64} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x4xf32>
  %r = tir.reduce_sum %j {dims = array<i64: 0, 1>} : (tensor<8x2xf32>) -> tensor<f32>
  %s = tir.reduce_sum %k {dims = array<i64: 0, 1>} : (tensor<4x4xf32>) -> tensor<f32>
  %t = tir.add %r, %s : tensor<f32>
  return %t : tensor<f32>
}`,
		want: "tir.exp row-major\ntir.neg row-major\ntir.abs guarded (a window of tir.concat at 8:8)\ntir.sqrt guarded (a window of tir.concat at 8:8)\n" +
			"tir.reduce_sum row-major\ntir.reduce_sum row-major\ntir.add row-major\n",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d := asm.ParseString(tt.src, asm.ParseOptions{})
			if d != nil {
				t.Fatalf("parse: %v", d)
			}
			f := m.Funcs[len(m.Funcs)-1]
			p := &plan.Func{Name: f.Name}
			plan.Prepass(p, f, plan.NewFusion(f, loopsOf), plan.Facts{FastEntry: tt.fast})
			var b strings.Builder
			for op := range f.Ops() {
				for r := range op.NumResults() {
					n := p.Planned(op, r)
					switch {
					case n == nil:
					case n.Layout == plan.Guarded:
						fmt.Fprintf(&b, "%s guarded (%s)\n", n.Op, n.LayoutWhy)
					default:
						fmt.Fprintf(&b, "%s row-major\n", n.Op)
					}
				}
			}
			got := b.String()
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("layouts (-want +got):\n%s", d)
			}
		})
	}
}
