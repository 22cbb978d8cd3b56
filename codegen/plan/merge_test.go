package plan_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

func TestMergeLoops(t *testing.T) {
	P, R := ir.Parallel, ir.Reduction
	dims := func(ms ...ir.DimMap) []ir.DimMap { return ms }
	at := func(l int) ir.DimMap { return ir.DimMap{Loop: l, Stride: 1} }
	rowMajor := plan.ViewFacts{Map: dims(at(0), at(1)), Sizes: []int64{8, 16}}
	transposed := plan.ViewFacts{Map: dims(at(1), at(0)), Sizes: []int64{16, 8}}
	bias := plan.ViewFacts{Map: dims(at(1)), Sizes: []int64{16}}
	dynamic := plan.ViewFacts{Map: dims(at(0), at(1)), Sizes: []int64{D, D}}
	padded := plan.ViewFacts{Map: dims(at(0), at(2), at(1)), Sizes: []int64{8, 1, 16}}
	stepped := plan.ViewFacts{Map: dims(at(0), ir.DimMap{Loop: 1, Stride: 2}), Sizes: []int64{8, 16}}
	window := plan.ViewFacts{Map: dims(at(0), ir.DimMap{Loop: 1, Stride: 1, Kind: ir.Window}), Sizes: []int64{8, 16}}
	run := func(kind ir.IterKind, d ...int) plan.LoopRun { return plan.LoopRun{Dims: d, Kind: kind} }
	tests := []struct {
		name string
		f    plan.MergeFacts
		want []plan.LoopRun
	}{
		{"row-major merge", plan.MergeFacts{Sizes: []int64{8, 16}, Views: []plan.ViewFacts{rowMajor, rowMajor}, Fast: true},
			[]plan.LoopRun{run(P, 0, 1)}},
		{"strided version keeps both", plan.MergeFacts{Sizes: []int64{8, 16}, Views: []plan.ViewFacts{rowMajor, rowMajor}},
			[]plan.LoopRun{run(P, 0), run(P, 1)}},
		{"keep the first (row window)", plan.MergeFacts{Sizes: []int64{8, 16}, Views: []plan.ViewFacts{rowMajor}, Fast: true, KeepFirst: true},
			[]plan.LoopRun{run(P, 0), run(P, 1)}},
		{"transposed read", plan.MergeFacts{Sizes: []int64{8, 16}, Views: []plan.ViewFacts{rowMajor, transposed}, Fast: true},
			[]plan.LoopRun{run(P, 0), run(P, 1)}},
		{"broadcast row against dense", plan.MergeFacts{Sizes: []int64{8, 16}, Views: []plan.ViewFacts{rowMajor, bias}, Fast: true},
			[]plan.LoopRun{run(P, 0), run(P, 1)}},
		{"dynamic sizes", plan.MergeFacts{Sizes: []int64{D, D}, Views: []plan.ViewFacts{dynamic}, Fast: true},
			[]plan.LoopRun{run(P, 0), run(P, 1)}},
		{"size-1 dim between", plan.MergeFacts{Sizes: []int64{8, 16, 1}, Views: []plan.ViewFacts{padded}, Fast: true},
			[]plan.LoopRun{run(P, 0, 1)}},
		{"stepped read", plan.MergeFacts{Sizes: []int64{8, 16}, Views: []plan.ViewFacts{stepped}, Fast: true},
			[]plan.LoopRun{run(P, 0), run(P, 1)}},
		{"window", plan.MergeFacts{Sizes: []int64{8, 16}, Views: []plan.ViewFacts{window}, Fast: true},
			[]plan.LoopRun{run(P, 0), run(P, 1)}},
		{"reductions never merge", plan.MergeFacts{Sizes: []int64{8, 16}, Iters: []ir.IterKind{R, R}, Views: []plan.ViewFacts{rowMajor}, Fast: true},
			[]plan.LoopRun{run(R, 0), run(R, 1)}},
		{"size 1 gets no loop", plan.MergeFacts{Sizes: []int64{1, 16}, Views: []plan.ViewFacts{rowMajor}, Fast: true},
			[]plan.LoopRun{run(P, 1)}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, plan.MergeLoops(tt.f)); d != "" {
			t.Errorf("%s: MergeLoops (-want +got):\n%s", tt.name, d)
		}
	}
}

func TestReadOf(t *testing.T) {
	v := plan.ViewFacts{Map: []ir.DimMap{{Loop: 0, Stride: 1}, {Loop: 1, Stride: 1}, {Loop: 2, Stride: 1}}, Sizes: []int64{1, 4, D}}
	got := []plan.DimRead{plan.ReadOf(v, 0), plan.ReadOf(v, 1), plan.ReadOf(v, 2), plan.ReadOf(v, 3)}
	want := []plan.DimRead{
		{Kind: plan.Broadcast, Dim: 0, Map: v.Map[0]},
		{Kind: plan.Dense, Dim: 1, Map: v.Map[1]},
		{Kind: plan.Unknown, Dim: 2, Map: v.Map[2]},
		{Kind: plan.Broadcast, Dim: -1},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("ReadOf (-want +got):\n%s", d)
	}
}
