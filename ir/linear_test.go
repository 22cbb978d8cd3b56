package ir_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// An affine map result of dims, constants, + and - and multiplication by
// constants is linear; floordiv, ceildiv, mod and symbols are not.
func TestAffineExprLinear(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want ir.Linear
		ok   bool
	}{
		{"d1", ir.Linear{Coef: []int64{0, 1}}, true},
		{"3", ir.Linear{Const: 3, Coef: []int64{0, 0}}, true},
		{"d0 + d1", ir.Linear{Coef: []int64{1, 1}}, true},
		{"d0 * 2 + d1", ir.Linear{Coef: []int64{2, 1}}, true},
		{"d1 - d0 + 3", ir.Linear{Const: 3, Coef: []int64{-1, 1}}, true},
		{"(d0 + d1 - 1) * 3", ir.Linear{Const: -3, Coef: []int64{3, 3}}, true},
		{"d0 floordiv 2", ir.Linear{}, false},
		{"d0 mod 4 + d1", ir.Linear{}, false},
		{"d0 + s0", ir.Linear{}, false},
	} {
		m, err := ir.ParseAffineMap("(d0, d1)[s0] -> (" + tc.expr + ")")
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		got, ok := m.Results[0].Linear(2)
		if ok != tc.ok {
			t.Errorf("%s: linear %v, want %v", tc.expr, ok, tc.ok)
			continue
		}
		if ok {
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.expr, diff)
			}
		}
	}
}

// The extents come from the dimensions one loop reads alone; the sums'
// ranges are checked when every loop runs.
func TestLinearLoopsExtents(t *testing.T) {
	m := func(s string) *ir.AffineMap {
		am, err := ir.ParseAffineMap(s)
		if err != nil {
			t.Fatal(err)
		}
		return am
	}
	l := ir.LinalgLinearLoops([]ir.IterKind{ir.Parallel, ir.Reduction},
		[]*ir.AffineMap{m("(d0, d1) -> (d0 + d1)"), m("(d0, d1) -> (d1)"), m("(d0, d1) -> (d0)")}, 2)
	for _, tc := range []struct {
		shapes  [][]int64
		want    []int64
		wantMsg string
	}{
		{[][]int64{{10}, {3}, {8}}, []int64{8, 3}, ""},
		{[][]int64{{12}, {3}, {8}}, []int64{8, 3}, ""},
		{[][]int64{{9}, {3}, {8}}, nil, "operand #0 has size 9 in dimension 0, but its indexing map reads indices 0 to 9"},
		{[][]int64{{0}, {3}, {0}}, []int64{0, 3}, ""},
	} {
		got, msg := l.Extents(tc.shapes)
		if msg != tc.wantMsg {
			t.Errorf("%v: message %q, want %q", tc.shapes, msg, tc.wantMsg)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%v (-want +got):\n%s", tc.shapes, diff)
		}
	}
}
