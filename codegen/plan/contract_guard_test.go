package plan

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

func TestLeafChecks(t *testing.T) {
	b := func(loop int) ir.DimMap { return ir.BroadcastDim(loop) }
	exact := func(loop int) ir.DimMap { return ir.DimMap{Loop: loop, Stride: 1} }
	same := func(loop int) int { return loop }
	tests := []struct {
		name          string
		leaf, product []int64
		maps          []ir.DimMap
		dimOf         func(int) int
		want          []FuseCheck
		ok            bool
	}{
		{"static sizes settle it", []int64{1, 8}, []int64{4, 8}, []ir.DimMap{b(0), b(1)}, same, nil, true},
		{"a bias of a dynamic product", []int64{-1}, []int64{-1, -1}, []ir.DimMap{b(1)}, same,
			[]FuseCheck{{What: "x", Dim: 0, Of: 1, OrOne: true}}, true},
		{"a static leaf of a dynamic product", []int64{384}, []int64{-1, -1}, []ir.DimMap{b(1)}, same,
			[]FuseCheck{{What: "x", Dim: 0, Of: 1}}, true},
		{"an exact map never broadcasts", []int64{-1}, []int64{-1, 7}, []ir.DimMap{exact(1)}, same,
			[]FuseCheck{{What: "x", Dim: 0, Of: 1}}, true},
		{"static sizes contradict", []int64{5}, []int64{4}, []ir.DimMap{b(0)}, same, nil, false},
		{"a dim of the consumer's own", []int64{-1, -1}, []int64{-1, -1}, []ir.DimMap{b(0), b(1)},
			func(l int) int { return map[int]int{0: 1, 1: FreeDim}[l] },
			[]FuseCheck{{What: "x", Dim: 0, Of: 1, OrOne: true}}, true},
		{"a loop of no product dim", []int64{-1}, []int64{-1}, []ir.DimMap{b(3)}, func(int) int { return -1 }, nil, false},
		{"a window", []int64{-1}, []int64{-1}, []ir.DimMap{{Loop: 0, Stride: 1, Kind: ir.Window}}, same, nil, false},
	}
	for _, tc := range tests {
		got, ok := LeafChecks("x", tc.leaf, tc.product, tc.maps, tc.dimOf)
		if ok != tc.ok || !cmp.Equal(got, tc.want) {
			t.Errorf("%s: got %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
	if got, want := Guard([]FuseCheck{{What: "operand 1 of tir.add at 3:8", Dim: 0, Of: 1, OrOne: true}}, "every size >= 1"),
		"operand 1 of tir.add at 3:8 dim 0 == product dim 1 or 1; every size >= 1"; got != want {
		t.Errorf("Guard = %q, want %q", got, want)
	}
}
