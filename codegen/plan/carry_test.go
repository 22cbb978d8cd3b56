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

// TestPlanCarries: before emission, an scf.for carries a static tensor
// a nest of its body computes in two buffers, and an scf.while's
// condition passes a carried tensor's buffer on (once); every other
// hand-on is decided too: an argument is copied, a buffer the body
// allocated is taken over, a carried value yielded passes its buffer on.
func TestPlanCarries(t *testing.T) {
	tests := []struct{ name, src, want string }{{
		name: "for",
		src: `func.func @f(%x: tensor<8xf32>, %d: tensor<?xf32>, %n: index) -> (tensor<8xf32>, tensor<?xf32>, tensor<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %d, %c = %x) -> (tensor<8xf32>, tensor<?xf32>, tensor<8xf32>) {
    %e = tir.exp %a : tensor<8xf32>
    %g = tir.exp %b : tensor<?xf32>
    scf.yield %e, %g, %c : tensor<8xf32>, tensor<?xf32>, tensor<8xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<8xf32>, tensor<?xf32>, tensor<8xf32>
}`,
		want: `init #0: copied true (an argument)
init #1: copied true (an argument)
init #2: copied true (an argument)
yield #0: two buffers true (a nest of the body computes it; the buffers swap at the latch)
yield #1: takes over its buffer true (a buffer the block allocated)
yield #2: passes on a carried buffer true (iter_arg #2)
`,
	}, {
		name: "while",
		src: `func.func @f(%x: tensor<3xf64>, %n: i64) -> (tensor<3xf64>, tensor<3xf64>) {
  %zero = arith.constant 0 : i64
  %r:3 = scf.while (%t = %x, %k = %zero) : (tensor<3xf64>, i64) -> (tensor<3xf64>, tensor<3xf64>, i64) {
    %go = arith.cmpi slt, %k, %n : i64
    scf.condition(%go) %t, %t, %k : tensor<3xf64>, tensor<3xf64>, i64
  } do {
  ^bb0(%a: tensor<3xf64>, %b: tensor<3xf64>, %k: i64):
    scf.yield %a, %k : tensor<3xf64>, i64
  }
  return %r#0, %r#1 : tensor<3xf64>, tensor<3xf64>
}`,
		want: `init #0: copied true (an argument)
condition #0: passes on a carried buffer true (iter_arg #0)
condition #1: copied true (not a buffer of its own)
yield #0: copied true (not a buffer of its own)
`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d := asm.ParseString(tt.src, asm.ParseOptions{})
			if d != nil {
				t.Fatalf("parse: %v", d)
			}
			f := m.Funcs[0]
			fu := plan.NewFusion(f, loopsOf)
			p := &plan.Func{Name: f.Name}
			plan.PlanCarries(p, f, plan.CarryFacts{
				Fusible:     func(op *ir.Op) bool { return op.NumResults() > 0 && loopsOf(op) != nil },
				Inlined:     func(v *ir.Value) bool { return v.ID() < len(fu.Inlined) && fu.Inlined[v.ID()] },
				Contraction: func(*ir.Op) bool { return false },
				SinkOf:      func(*ir.Value) *ir.Op { return nil },
			})
			var b strings.Builder
			for _, c := range p.Carries {
				fmt.Fprintf(&b, "%s: %s %v (%s)\n", c.What, c.How, c.Decided, c.Why)
			}
			if d := cmp.Diff(tt.want, b.String()); d != "" {
				t.Errorf("carries (-want +got):\n%s", d)
			}
		})
	}
}
