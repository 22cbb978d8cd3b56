package plan_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// regionOf plans the one region op of a function of args around a
// linalg.generic with maps and iterators, whose body is body.
func regionOf(t *testing.T, args, maps, iters, ins, outs, body string) *plan.Region {
	t.Helper()
	src := fmt.Sprintf(`func.func @f(%s) -> %s {
  %%k = arith.constant dense<2> : tensor<4x8xi32>
  %%r = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} ins(%s) outs(%s) {
%s
  } -> %s
  return %%r : %s
}`, args, outsType(outs), maps, iters, ins, outs, body, outsType(outs), outsType(outs))
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
		t.Fatalf("parse: %v\n%s", d, src)
	}
	f := m.Funcs[0]
	p := &plan.Func{Name: f.Name}
	plan.Prepass(p, f, plan.NewFusion(f, func(*ir.Op) *ir.Loops { return nil }), plan.Facts{LinearLoops: dialect.LinalgLinearLoopsOf})
	if len(p.Regions) != 1 {
		t.Fatalf("%d regions planned, want 1", len(p.Regions))
	}
	return p.Regions[0]
}

func outsType(outs string) string {
	for i := range outs {
		if outs[i] == ':' {
			return outs[i+2:]
		}
	}
	return ""
}

// TestNewRegion: each region reduction's strategy, lanes, rows and the
// strides its vector fold tests.
func TestNewRegion(t *testing.T) {
	const xr = "affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>"
	const pr = `"parallel", "reduction"`
	addi := "  ^bb0(%a: i32, %acc: i32):\n    %s = arith.addi %acc, %a : i32\n    linalg.yield %s : i32"
	addf := "  ^bb0(%a: f32, %acc: f32):\n    %s = arith.addf %acc, %a : f32\n    linalg.yield %s : f32"
	type want struct {
		Strategy    plan.RegionStrategy
		Width, Rows int64
		Unit        bool
		Strides     []plan.UnitStride
	}
	for _, c := range []struct {
		name                         string
		args, maps, iters, ins, outs string
		body                         string
		want                         want
	}{
		{"int sum", "%x: tensor<4x8xi32>, %i: tensor<4xi32>", xr, pr, "%x : tensor<4x8xi32>", "%i : tensor<4xi32>", addi,
			want{plan.FoldVector, 16, 0, true, []plan.UnitStride{{0, 1}}}},
		{"splat input", "%i: tensor<4xi32>", xr, pr, "%k : tensor<4x8xi32>", "%i : tensor<4xi32>", addi,
			want{plan.FoldVector, 16, 0, true, nil}},
		{"float sum", "%x: tensor<4x8xf32>, %i: tensor<4xf32>", xr, pr, "%x : tensor<4x8xf32>", "%i : tensor<4xf32>", addf,
			want{plan.FoldRows, 0, plan.FoldRowsAt, true, []plan.UnitStride{{0, 1}}}},
		{"float sum over both", "%x: tensor<4x8xf32>, %i: tensor<f32>", "affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>",
			`"reduction", "reduction"`, "%x : tensor<4x8xf32>", "%i : tensor<f32>", addf,
			want{plan.FoldSerial, 0, 0, true, []plan.UnitStride{{0, 1}}}},
		{"transposed", "%x: tensor<8x4xi32>, %i: tensor<4xi32>", "affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>", pr,
			"%x : tensor<8x4xi32>", "%i : tensor<4xi32>", addi, want{plan.FoldVector, 16, 0, true, []plan.UnitStride{{0, 0}}}},
		{"strided", "%x: tensor<4x16xi32>, %i: tensor<4xi32>", "affine_map<(d0, d1) -> (d0, 2 * d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>", pr,
			"%x, %k : tensor<4x16xi32>, tensor<4x8xi32>", "%i : tensor<4xi32>",
			"  ^bb0(%a: i32, %b: i32, %acc: i32):\n    %s = arith.addi %acc, %a : i32\n    linalg.yield %s : i32", want{plan.FoldSerial, 0, 0, false, nil}},
		{"column sum", "%x: tensor<4x8xf32>, %i: tensor<8xf32>", "affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>", `"reduction", "parallel"`,
			"%x : tensor<4x8xf32>", "%i : tensor<8xf32>", addf, want{plan.RegionPoints, 0, 0, false, nil}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := regionOf(t, c.args, c.maps, c.iters, c.ins, c.outs, c.body)
			got := want{r.Strategy, r.Width, r.Rows, r.Unit, r.Strides}
			if d := cmp.Diff(c.want, got); d != "" {
				t.Errorf("(-want +got):\n%s\nreason: %s", d, r.Reason)
			}
		})
	}
}
