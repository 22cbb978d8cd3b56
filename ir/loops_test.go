package ir_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// TestExtents checks the loop extents the loop description derives from
// operand and result sizes, row by row: exact and broadcast dimensions,
// unknown sizes, results that decide, unit dimensions and conflicts.
func TestExtents(t *testing.T) {
	d, b, u := ir.Dim, ir.BroadcastDim, ir.UnitDim
	par2 := []ir.IterKind{ir.Parallel, ir.Parallel}
	tests := []struct {
		name     string
		l        ir.Loops
		operands [][]int64
		results  [][]int64
		want     []int64
		conflict string
	}{
		{"row broadcast", ir.Loops{Iter: par2, Operands: [][]ir.DimMap{{d(0), d(1)}, {b(1)}}},
			[][]int64{{3, 4}, {4}}, nil, []int64{3, 4}, ""},
		{"size 1 does not define", ir.Loops{Iter: par2, Operands: [][]ir.DimMap{{b(0), b(1)}, {b(0), b(1)}}},
			[][]int64{{5, 1}, {1, 7}}, nil, []int64{5, 7}, ""},
		{"only ones: 1", ir.Loops{Iter: par2[:1], Operands: [][]ir.DimMap{{b(0)}, {b(0)}}},
			[][]int64{{1}, {1}}, [][]int64{{-1}}, []int64{1}, ""},
		{"unknown operand size: unknown", ir.Loops{Iter: par2[:1], Operands: [][]ir.DimMap{{b(0)}, {b(0)}}},
			[][]int64{{-1}, {1}}, nil, []int64{-1}, ""},
		{"static result decides", ir.Loops{Iter: par2[:1], Operands: [][]ir.DimMap{{b(0)}}, Results: [][]ir.DimMap{{d(0)}}},
			[][]int64{{-1}}, [][]int64{{6}}, []int64{6}, ""},
		{"loop only the result names, unknown", ir.Loops{Iter: par2, Operands: [][]ir.DimMap{{b(1)}}, Results: [][]ir.DimMap{{d(0), d(1)}}},
			[][]int64{{4}}, [][]int64{{-1, 4}}, []int64{-1, 4}, ""},
		{"reduction keepdims", ir.Loops{Iter: []ir.IterKind{ir.Parallel, ir.Reduction}, Operands: [][]ir.DimMap{{d(0), d(1)}}, Results: [][]ir.DimMap{{d(0), u()}}},
			[][]int64{{2, 9}}, [][]int64{{2, 1}}, []int64{2, 9}, ""},
		{"exact sizes differ", ir.Loops{Iter: par2[:1], Operands: [][]ir.DimMap{{d(0)}, {d(0)}}},
			[][]int64{{3}, {1}}, nil, nil, "dimension 0 of operand #0 has size 3 and dimension 0 of operand #1 has size 1, but both run over loop i0"},
		{"broadcast against the result", ir.Loops{Iter: par2[:1], Operands: [][]ir.DimMap{{b(0)}}, Results: [][]ir.DimMap{{d(0)}}},
			[][]int64{{3}}, [][]int64{{4}}, nil, "dimension 0 of result #0 has size 4 and dimension 0 of operand #0 has size 3, but both run over loop i0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.l.Extents(tc.operands, tc.results)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if diff := cmp.Diff(tc.conflict, msg); diff != "" {
				t.Errorf("conflict (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("extents (-want +got):\n%s", diff)
			}
		})
	}
}
