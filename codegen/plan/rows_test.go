package plan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

func TestGroupable(t *testing.T) {
	P, R := ir.Parallel, ir.Reduction
	rows := plan.GroupFacts{Computed: true, Iters: []ir.IterKind{P, R}, Rows: 64}
	with := func(edit func(*plan.GroupFacts)) plan.GroupFacts { f := rows; edit(&f); return f }
	tests := []struct {
		name string
		f    plan.GroupFacts
		want bool
	}{
		{"row reduction", rows, true},
		{"dynamic rows", with(func(f *plan.GroupFacts) { f.Rows = plan.Dynamic }), true},
		{"one row", with(func(f *plan.GroupFacts) { f.Rows = 1 }), false},
		{"no rows", with(func(f *plan.GroupFacts) { f.Rows = 0 }), false},
		{"full reduction", with(func(f *plan.GroupFacts) { f.Iters = []ir.IterKind{R, R} }), false},
		{"copy", with(func(f *plan.GroupFacts) { f.Computed = false }), false},
		{"no loops", with(func(f *plan.GroupFacts) { f.Iters = nil }), false},
		{"division faults", with(func(f *plan.GroupFacts) { f.DivBits = 1 }), false},
		{"fast entry", with(func(f *plan.GroupFacts) { f.FastEntry = true }), false},
	}
	for _, tt := range tests {
		if got := plan.Groupable(tt.f); got != tt.want {
			t.Errorf("%s: Groupable = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestJoins(t *testing.T) {
	row := []ir.DimMap{{Loop: 0, Stride: 1}, {Loop: 1, Stride: 1}}
	atRow := plan.RowRead{Map: row, WriterLoop: 0}
	tests := []struct {
		name     string
		members  int
		sameRows bool
		reads    []plan.RowRead
		want     bool
	}{
		{"reads nothing of the group", 1, true, nil, true},
		{"reads at the row", 2, true, []plan.RowRead{atRow}, true},
		{"other rows", 1, false, nil, false},
		{"full group", plan.MaxGroupMembers, true, nil, false},
		{"transposed read", 1, true, []plan.RowRead{{Map: []ir.DimMap{{Loop: 1, Stride: 1}, {Loop: 0, Stride: 1}}}}, false},
		{"strided read", 1, true, []plan.RowRead{{Map: []ir.DimMap{{Loop: 0, Stride: 2}}}}, false},
		{"shifted read", 1, true, []plan.RowRead{{Map: []ir.DimMap{{Loop: 0, Stride: 1, Offset: 1}}}}, false},
		{"diagonal read", 1, true, []plan.RowRead{{Map: []ir.DimMap{{Loop: 0, Stride: 1}, {Loop: 0, Stride: 1}}}}, false},
		{"scalar read", 1, true, []plan.RowRead{{WriterLoop: 0}}, false},
		{"writer without rows", 1, true, []plan.RowRead{{Map: row, WriterLoop: -1}}, false},
		{"writer by columns", 1, true, []plan.RowRead{{Map: row, WriterLoop: 1}}, false},
	}
	for _, tt := range tests {
		if got := plan.Joins(tt.members, tt.sameRows, tt.reads); got != tt.want {
			t.Errorf("%s: Joins = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestRowLocalAndShares(t *testing.T) {
	row := []ir.DimMap{{Loop: 0, Stride: 1}, {Loop: 1, Stride: 1}}
	window := []ir.DimMap{{Loop: 0, Stride: 1, Kind: ir.Window}}
	local := []struct {
		name              string
		m                 []ir.DimMap
		indexed, sameRows bool
		want              bool
	}{
		{"at the row", row, false, true, true},
		{"reads indices", row, true, true, false},
		{"other rows", row, false, false, false},
		{"window", window, false, true, false},
		{"no dims", nil, false, true, false},
	}
	for _, tt := range local {
		if got := plan.RowLocal(tt.m, tt.indexed, tt.sameRows); got != tt.want {
			t.Errorf("%s: RowLocal = %v, want %v", tt.name, got, tt.want)
		}
	}
	shares := []struct {
		users, cost int
		want        bool
	}{{2, plan.MinShareCost, true}, {1, 100, false}, {3, plan.MinShareCost - 1, false}}
	for _, tt := range shares {
		if got := plan.Shares(tt.users, tt.cost); got != tt.want {
			t.Errorf("Shares(%d, %d) = %v, want %v", tt.users, tt.cost, got, tt.want)
		}
	}
}

func TestRideable(t *testing.T) {
	P, R := ir.Parallel, ir.Reduction
	softmax := plan.RideFacts{FirstIters: []ir.IterKind{P, R}, FirstComputed: true, FirstRow: 1024,
		HostComputed: true, HostParallel: true, HostRank: 2, SameExtents: true, HostCost: plan.MinShareCost}
	with := func(edit func(*plan.RideFacts)) plan.RideFacts { f := softmax; edit(&f); return f }
	tests := []struct {
		name string
		f    plan.RideFacts
		want bool
	}{
		{"max then exp", softmax, true},
		{"dynamic row", with(func(f *plan.RideFacts) { f.FirstRow = plan.Dynamic }), true},
		{"short row", with(func(f *plan.RideFacts) { f.FirstRow = plan.MinRideRow - 1 }), false},
		{"argmax", with(func(f *plan.RideFacts) { f.FirstIndex = true }), false},
		{"column reduction", with(func(f *plan.RideFacts) { f.FirstIters = []ir.IterKind{R, P} }), false},
		{"rank 3", with(func(f *plan.RideFacts) { f.FirstIters = []ir.IterKind{P, P, R} }), false},
		{"first a copy", with(func(f *plan.RideFacts) { f.FirstComputed = false }), false},
		{"host reduces", with(func(f *plan.RideFacts) { f.HostParallel = false }), false},
		{"host a copy", with(func(f *plan.RideFacts) { f.HostComputed = false }), false},
		{"host rank 3", with(func(f *plan.RideFacts) { f.HostRank = 3 }), false},
		{"reads indices", with(func(f *plan.RideFacts) { f.ReadsIndices = true }), false},
		{"other extents", with(func(f *plan.RideFacts) { f.SameExtents = false }), false},
		{"cheap host", with(func(f *plan.RideFacts) { f.HostCost = plan.MinShareCost - 1 }), false},
		{"overlap", with(func(f *plan.RideFacts) { f.Overlap = true }), false},
	}
	for _, tt := range tests {
		if got := plan.Rideable(tt.f); got != tt.want {
			t.Errorf("%s: Rideable = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestRowBlock(t *testing.T) {
	tests := []struct{ perRow, elements, want int64 }{
		{1000, plan.GroupRowElements, 65},
		{1 << 20, plan.GroupRowElements, 1},
		{0, plan.GroupRowElements, plan.GroupRowElements},
		{plan.Dynamic, plan.GroupRowElements, plan.Dynamic},
		{4, plan.PipeRowElements, 256},
	}
	var got []int64
	var want []int64
	for _, tt := range tests {
		got = append(got, plan.RowBlock(tt.perRow, tt.elements))
		want = append(want, tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("RowBlock (-want +got):\n%s", d)
	}
}

func TestFourRows(t *testing.T) {
	P, R := ir.Parallel, ir.Reduction
	tests := []struct {
		name        string
		combine     ir.Kernel
		acc         *ir.Scalar
		kahan, indx bool
		loops       []ir.IterKind
		want        int
	}{
		{"column sum", ir.KernelAdd, ir.F64, false, false, []ir.IterKind{R, P}, 0},
		{"last reduction", ir.KernelAdd, ir.F64, false, false, []ir.IterKind{P, R, R, P}, 2},
		{"reduction innermost", ir.KernelAdd, ir.F64, false, false, []ir.IterKind{P, R}, 1},
		{"nothing reduced", ir.KernelAdd, ir.F64, false, false, []ir.IterKind{P, P}, -1},
		{"compensated", ir.KernelAdd, ir.F64, true, false, []ir.IterKind{R, P}, -1},
		{"f32 accumulator", ir.KernelAdd, ir.F32, false, false, []ir.IterKind{R, P}, -1},
		{"integer sum", ir.KernelAdd, ir.I64, false, false, []ir.IterKind{R, P}, -1},
		{"max", ir.KernelMax, ir.F64, false, false, []ir.IterKind{R, P}, -1},
		{"indexed", ir.KernelAdd, ir.F64, false, true, []ir.IterKind{R, P}, -1},
	}
	var got, want []int
	for _, tt := range tests {
		got = append(got, plan.FourRows(tt.combine, tt.acc, tt.kahan, tt.indx, tt.loops))
		want = append(want, tt.want)
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("FourRows by case (-want +got):\n%s", d)
	}
}

func TestEndsRows(t *testing.T) {
	src := `func.func @g(%a: tensor<8x?xf32>) -> tensor<8x?xf32> {
  return %a : tensor<8x?xf32>
}
func.func @f(%a: tensor<8x16xf32>) -> tensor<128xf32> {
  %c = arith.constant 1 : index
  %e = tir.exp %a : tensor<8x16xf32>
  %v = tensor.cast %e : tensor<8x16xf32> to tensor<8x?xf32>
  %w = func.call @g(%v) : (tensor<8x?xf32>) -> tensor<8x?xf32>
  %d = tensor.dim %w, %c : tensor<8x?xf32>
  %r = tir.reshape %e : (tensor<8x16xf32>) -> tensor<128xf32>
  return %r : tensor<128xf32>
}`
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	got := map[string]bool{}
	for op := range m.Funcs[1].Ops() {
		if op.NumResults() > 0 {
			got[op.Name] = plan.EndsRows(op, ir.ComputableLoops(op) != nil)
		}
	}
	want := map[string]bool{"arith.constant": false, "tir.exp": false, "tensor.cast": false,
		"func.call": true, "tensor.dim": true, "tir.reshape": true}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("EndsRows by op (-want +got):\n%s", d)
	}
}
