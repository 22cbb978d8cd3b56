package plan

import (
	"testing"

	"github.com/tirc/tirc/ir"
)

// TestReadsInPlace: a consumer of a contraction's result may update it in
// place only where it reads each element at the iteration writing it.
func TestReadsInPlace(t *testing.T) {
	par := []ir.IterKind{ir.Parallel, ir.Parallel}
	id := []ir.DimMap{ir.Dim(0), ir.Dim(1)}
	loops := func(iter []ir.IterKind, operand, result []ir.DimMap) *ir.Loops {
		return &ir.Loops{Iter: iter, Operands: [][]ir.DimMap{operand, {ir.BroadcastDim(1)}}, Results: [][]ir.DimMap{result}}
	}
	tests := []struct {
		name string
		l    *ir.Loops
		k    int
		want bool
	}{
		{"elementwise", loops(par, []ir.DimMap{ir.BroadcastDim(0), ir.BroadcastDim(1)}, id), 0, true},
		{"exact", loops(par, id, id), 0, true},
		{"transposed", loops(par, []ir.DimMap{ir.Dim(1), ir.Dim(0)}, id), 0, false},
		{"reversed", loops(par, []ir.DimMap{ir.Dim(0), {Loop: 1, Stride: -1, Offset: 5}}, id), 0, false},
		{"sliced", loops(par, []ir.DimMap{ir.Dim(0), {Loop: 1, Stride: 1, Offset: 1, Kind: ir.Window, Limit: 9}}, id), 0, false},
		{"constant index", loops(par, []ir.DimMap{ir.UnitDim(), ir.Dim(1)}, id), 0, false},
		{"rank changes", loops(par, []ir.DimMap{ir.Dim(1)}, id), 0, false},
		{"reduction", loops([]ir.IterKind{ir.Parallel, ir.Reduction}, id, []ir.DimMap{ir.Dim(0)}), 0, false},
		{"other operand", loops(par, id, id), 1, false},
		{"no such operand", loops(par, id, id), 2, false},
		{"no loops", nil, 0, false},
	}
	for _, tc := range tests {
		if got := ReadsInPlace(tc.l, tc.k); got != tc.want {
			t.Errorf("%s: ReadsInPlace = %v, want %v", tc.name, got, tc.want)
		}
	}
}
