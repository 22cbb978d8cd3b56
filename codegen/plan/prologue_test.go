package plan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

func TestFuseProducers(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // the ops whose results become prologues
	}{
		{name: "scale", src: `func.func @f(%x: tensor<8x4xf32>, %s: tensor<4xf32>, %w: tensor<4x3xf32>) -> tensor<8x3xf32> {
  %a = tir.mul %x, %s : (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  %r = tir.matmul %a, %w : (tensor<8x4xf32>, tensor<4x3xf32>) -> tensor<8x3xf32>
  return %r : tensor<8x3xf32>
}`, want: []string{"tir.mul"}},
		{name: "both operands, a chain", src: `func.func @f(%x: tensor<8x4xi8>, %wt: tensor<3x4xi32>) -> tensor<8x3xi32> {
  %c = tir.convert %x : (tensor<8x4xi8>) -> tensor<8x4xi32>
  %a = tir.neg %c : tensor<8x4xi32>
  %b = tir.transpose %wt {permutation = array<i64: 1, 0>} : (tensor<3x4xi32>) -> tensor<4x3xi32>
  %r = tir.matmul %a, %b : (tensor<8x4xi32>, tensor<4x3xi32>) -> tensor<8x3xi32>
  return %r : tensor<8x3xi32>
}`, want: []string{"tir.neg", "tir.transpose"}}, // the convert is inlined into the neg
		{name: "second use", src: `func.func @f(%x: tensor<8x4xf32>, %w: tensor<4x3xf32>) -> (tensor<8x3xf32>, tensor<8x4xf32>) {
  %a = tir.neg %x : tensor<8x4xf32>
  %r = tir.matmul %a, %w : (tensor<8x4xf32>, tensor<4x3xf32>) -> tensor<8x3xf32>
  return %r, %a : tensor<8x3xf32>, tensor<8x4xf32>
}`},
		{name: "read twice", src: `func.func @f(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %a = tir.neg %x : tensor<4x4xf32>
  %r = tir.matmul %a, %a : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}`},
		{name: "integer division", src: `func.func @f(%x: tensor<8x4xi32>, %d: tensor<8x4xi32>, %w: tensor<4x3xi32>) -> tensor<8x3xi32> {
  %a = tir.div %x, %d : (tensor<8x4xi32>, tensor<8x4xi32>) -> tensor<8x4xi32>
  %r = tir.matmul %a, %w : (tensor<8x4xi32>, tensor<4x3xi32>) -> tensor<8x3xi32>
  return %r : tensor<8x3xi32>
}`},
		{name: "loop indices", src: `func.func @f(%w: tensor<3x3xi32>) -> tensor<3x3xi32> {
  %i = tir.iota {iota_dimension = 0 : i64} : () -> tensor<3x3xi32>
  %r = tir.matmul %i, %w : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi32>
  return %r : tensor<3x3xi32>
}`},
	}
	contraction := func(op *ir.Op) bool { return op.Def != nil && op.Def.Reduce.Info().Accumulate }
	loops := func(op *ir.Op) *ir.Loops {
		if contraction(op) {
			return nil
		}
		return ir.ComputableLoops(op)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d := asm.ParseString(tt.src, asm.ParseOptions{})
			if d != nil {
				t.Fatalf("parse: %v", d)
			}
			f := m.Funcs[0]
			fu := plan.NewFusion(f, loops)
			before := append([]bool(nil), fu.Inlined...)
			plan.FuseProducers(f, fu, contraction)
			var got []string
			for op := range f.Ops() {
				if op.NumResults() == 1 && fu.Inlined[op.Result(0).ID()] && !before[op.Result(0).ID()] {
					got = append(got, op.Name)
				}
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("prologues (-want +got):\n%s", d)
			}
		})
	}
}
