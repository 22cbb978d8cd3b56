package plan_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

func isContraction(op *ir.Op) bool { return op.Def != nil && op.Def.Reduce.Info().Accumulate }

// chooseText is the pre-pass's choice for each contraction of the last
// function of src, fused: its path, prologues, fusion or in-place
// consumer, and run-time condition.
func chooseText(t *testing.T, src string) string {
	t.Helper()
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	f := m.Funcs[len(m.Funcs)-1]
	fu := plan.NewFusion(f, func(op *ir.Op) *ir.Loops {
		if isContraction(op) {
			return nil
		}
		return loopsOf(op)
	})
	plan.FuseProducers(f, fu, isContraction)
	p := &plan.Func{Name: f.Name}
	plan.Prepass(p, f, fu, plan.Facts{Contraction: isContraction, ContractTarget: plan.TargetAVX2})
	var b strings.Builder
	for op := range f.Ops() {
		if c := p.Contraction(op); c != nil {
			r := c.Record(true)
			fmt.Fprintf(&b, "%s %s into=%q epilogue=%d rows=%v when=%q", r.Op, r.Plan.Path, r.Into, len(r.Epilogue), r.Rows != "", r.When)
			for _, pr := range r.Prologues {
				fmt.Fprintf(&b, " [%s]", pr)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestChooseContract: how each contraction is lowered is chosen from the
// IR alone, before anything is emitted (its emitted effect is checked by
// TestContractPlanMatchesValues and the goldens of test/plan).
func TestChooseContract(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"epilogue", `func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64xf32>) -> tensor<64x64xf32> {
  %m = tir.matmul %a, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = tir.add %m, %c : (tensor<64x64xf32>, tensor<64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}`, `tir.matmul small into="" epilogue=1 rows=false when=""` + "\n"},
		{"guarded epilogue", `func.func @f(%a: tensor<?x64xf32>, %b: tensor<64x64xf32>, %c: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %m = tir.matmul %a, %b : (tensor<?x64xf32>, tensor<64x64xf32>) -> tensor<?x64xf32>
  %r = tir.add %m, %c : (tensor<?x64xf32>, tensor<?x64xf32>) -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}`, `tir.matmul runtime into="" epilogue=1 rows=false when="operand 1 of tir.add at 3:8 dim 0 == product dim 0 or 1"` + "\n"},
		{"in place", `func.func @f(%a: tensor<8x8xi32>, %b: tensor<8x8xi32>, %c: tensor<8x8xi32>) -> tensor<8x8xi32> {
  %m = tir.matmul %a, %b : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi32>
  %r = tir.add %m, %c : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi32>
  return %r : tensor<8x8xi32>
}`, `tir.matmul generic into="tir.add at 3:8" epilogue=0 rows=false when=""` + "\n"},
		{"prologue", `func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %s = tir.mul %a, %a : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = tir.matmul %s, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %m : tensor<64x64xf32>
}`, `tir.matmul packed into="" epilogue=0 rows=false when="" [prologue on A packing: tir.mul at 2:8]` + "\n"},
		{"rows", `func.func @f(%q: tensor<64x32xf32>, %k: tensor<64x32xf32>, %v: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %kt = tir.transpose %k {permutation = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %s = tir.matmul %q, %kt : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<64x64xf32>
  %m = tir.reduce_max %s {dims = array<i64: 1>, keepdims} : (tensor<64x64xf32>) -> tensor<64x1xf32>
  %d = tir.sub %s, %m : (tensor<64x64xf32>, tensor<64x1xf32>) -> tensor<64x64xf32>
  %e = tir.exp %d : tensor<64x64xf32>
  %z = tir.reduce_sum %e {dims = array<i64: 1>, keepdims} : (tensor<64x64xf32>) -> tensor<64x1xf32>
  %p = tir.div %e, %z : (tensor<64x64xf32>, tensor<64x1xf32>) -> tensor<64x64xf32>
  %r = tir.matmul %p, %v : (tensor<64x64xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}`, // the second contraction runs in the first's row blocks: no choice of its own
			`tir.matmul small into="" epilogue=0 rows=true when="" [prologue on operand 1, a strided view of its source: tir.transpose at 2:9]` + "\n"},
	}
	for _, tc := range tests {
		if d := cmp.Diff(tc.want, chooseText(t, tc.src)); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}
}
