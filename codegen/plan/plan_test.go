package plan_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/plan"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

const D = plan.Dynamic

func TestNewStore(t *testing.T) {
	tests := []struct {
		name string
		f    plan.StoreFacts
		want plan.Store
		// the run-time tests a NonTemporalIf store runs
		bytes, bound bool
	}{
		{name: "off", f: plan.StoreFacts{ElemBytes: 4, OutBytes: 1 << 30},
			want: plan.Store{Reason: "non-temporal stores off"}},
		{name: "small", f: plan.StoreFacts{Min: 32 << 20, ElemBytes: 4, OutElems: 1024, OutBytes: 4096},
			want: plan.Store{Reason: "output 4 KiB < 32 MiB"}},
		{name: "large", f: plan.StoreFacts{Min: 32 << 20, ElemBytes: 4, OutElems: 16 << 20, OutBytes: 64 << 20},
			want: plan.Store{Kind: plan.NonTemporal, VF: 16, Reason: "output 64 MiB >= 32 MiB"}},
		{name: "dynamic", f: plan.StoreFacts{Min: 32 << 20, ElemBytes: 8, OutElems: D, OutBytes: D},
			want: plan.Store{Kind: plan.NonTemporalIf, VF: 8, Reason: "at run time: output >= 32 MiB"}, bytes: true},
		{name: "copy-like", f: plan.StoreFacts{Min: 1024, BoundOnly: true, ElemBytes: 4, OutElems: 4096, OutBytes: 16384, InElems8: 8 * 4096},
			want: plan.Store{Reason: "inputs more than an eighth of the output (store-bound only)"}},
		{name: "store-bound", f: plan.StoreFacts{Min: 1024, BoundOnly: true, ElemBytes: 4, OutElems: 4096, OutBytes: 16384, InElems8: 8 * 128},
			want: plan.Store{Kind: plan.NonTemporal, VF: 16, Reason: "output 16 KiB >= 1 KiB, store-bound"}},
		{name: "bound-dynamic-inputs", f: plan.StoreFacts{Min: 1024, BoundOnly: true, ElemBytes: 2, OutElems: 4096, OutBytes: 8192, InElems8: D},
			want: plan.Store{Kind: plan.NonTemporalIf, VF: 32, Reason: "at run time: inputs <= output/8"}, bound: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := plan.NewStore(tt.f)
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("NewStore (-want +got):\n%s", d)
			}
			if b := got.CheckBytes(tt.f); b != tt.bytes {
				t.Errorf("CheckBytes = %v, want %v", b, tt.bytes)
			}
			if b := got.CheckBound(tt.f); b != tt.bound {
				t.Errorf("CheckBound = %v, want %v", b, tt.bound)
			}
		})
	}
}

func TestNewThreads(t *testing.T) {
	tests := []struct {
		min, total int64
		want       plan.Threads
	}{
		{0, 1 << 30, plan.Threads{Reason: "threads off"}},
		{1 << 20, 64, plan.Threads{Reason: "64 elements < 1048576"}},
		{1 << 20, 1 << 20, plan.Threads{May: true, Reason: "1048576 elements >= 1048576"}},
		{1 << 20, D, plan.Threads{May: true, Reason: "at run time: 1048576 elements or more"}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, plan.NewThreads(tt.min, tt.total)); d != "" {
			t.Errorf("NewThreads(%d, %d) (-want +got):\n%s", tt.min, tt.total, d)
		}
	}
}

func TestBlocked(t *testing.T) {
	P, R := ir.Parallel, ir.Reduction
	tests := []struct {
		name  string
		iters []ir.IterKind
		ext   []int64
		want  int
	}{
		{"full", []ir.IterKind{R}, []int64{1 << 20}, 0},
		{"rows", []ir.IterKind{P, R}, []int64{64, 100}, -1},
		{"unit rows", []ir.IterKind{P, R, R}, []int64{1, D, 100}, 1},
		{"dynamic rows", []ir.IterKind{P, R}, []int64{D, 100}, -1},
		{"nothing to reduce", []ir.IterKind{R}, []int64{1}, -1},
	}
	for _, tt := range tests {
		if got := plan.Blocked(tt.iters, tt.ext); got != tt.want {
			t.Errorf("%s: Blocked = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestNewTile(t *testing.T) {
	tests := []struct {
		name string
		f    plan.TileFacts
		want *plan.Tile
	}{
		{name: "transposed", f: plan.TileFacts{OuterTrip: 512, InnerTrip: 256,
			OuterStrides: []int64{256, 1, 1}, InnerStrides: []int64{1, 512, 0}, Index: []bool{false, false, false}},
			want: &plan.Tile{Outer: 0, Inner: 1, Lanes: 8, Transposed: []int{1}}},
		{name: "row-major", f: plan.TileFacts{OuterTrip: 512, InnerTrip: 256,
			OuterStrides: []int64{256, 256}, InnerStrides: []int64{1, 1}, Index: []bool{false, false}}},
		{name: "short", f: plan.TileFacts{OuterTrip: 4, InnerTrip: 256,
			OuterStrides: []int64{256, 1}, InnerStrides: []int64{1, 4}, Index: []bool{false, false}}},
		{name: "dynamic stride", f: plan.TileFacts{OuterTrip: D, InnerTrip: D,
			OuterStrides: []int64{D, 1}, InnerStrides: []int64{1, D}, Index: []bool{false, false}},
			want: &plan.Tile{Outer: 0, Inner: 1, Lanes: 8, Transposed: []int{1}}},
		{name: "index", f: plan.TileFacts{OuterTrip: 64, InnerTrip: 64,
			OuterStrides: []int64{64, 1}, InnerStrides: []int64{1, 64}, Index: []bool{false, true}}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, plan.NewTile(tt.f, 0, 1)); d != "" {
			t.Errorf("%s: NewTile (-want +got):\n%s", tt.name, d)
		}
	}
}

func TestNewReduction(t *testing.T) {
	sum, max, argmax := reduceKind(t, "sum"), reduceKind(t, "max"), reduceKind(t, "argmax")
	tests := []struct {
		kind ir.Reduce
		elem *ir.Scalar
		want *plan.Reduction
	}{
		{sum, ir.F32, &plan.Reduction{Kind: "sum", Reduce: sum, Elem: ir.F32, Acc: "f64", AccElem: ir.F64, Width: 16, Chains: 1}},
		{sum, ir.F64, &plan.Reduction{Kind: "sum", Reduce: sum, Elem: ir.F64, Acc: "f64", AccElem: ir.F64, Kahan: true, Width: 8, Chains: 1}},
		{max, ir.F32, &plan.Reduction{Kind: "max", Reduce: max, Elem: ir.F32, Acc: "f32", AccElem: ir.F32, Width: 16, Chains: 4}},
		{max, ir.I8, &plan.Reduction{Kind: "max", Reduce: max, Elem: ir.I8, Acc: "i8", AccElem: ir.I8, Width: 64, Chains: 1}},
		{argmax, ir.F32, &plan.Reduction{Kind: "argmax", Reduce: argmax, Elem: ir.F32, Acc: "f32", AccElem: ir.F32, Width: 16, Chains: 4}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, plan.NewReduction(tt.kind, tt.elem), sameScalar); d != "" {
			t.Errorf("NewReduction(%s, %s) (-want +got):\n%s", tt.kind, tt.elem, d)
		}
	}
}

// reduceKind is the reduction kind called name.
func reduceKind(t *testing.T, name string) ir.Reduce {
	for k := ir.Reduce(0); k < 64; k++ {
		if k.String() == name {
			return k
		}
	}
	t.Fatalf("no reduction kind %q", name)
	return 0
}

// TestFusionAndEntry plans small functions: which values are computed
// inside their user's nest, and whether the function gets a fast entry.
func TestFusionAndEntry(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		inlined int // values computed inside their user's nest
		entry   plan.Entry
	}{
		{name: "chain", src: `func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {
  %e = tir.exp %a : tensor<8xf32>
  %n = tir.neg %e : tensor<8xf32>
  return %n : tensor<8xf32>
}`, inlined: 1, entry: plan.Entry{Fast: true, Reason: "static, every result one nest"}},
		{name: "two uses returned", src: `func.func @f(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tir.exp %a : tensor<8xf32>
  %n = tir.neg %e : tensor<8xf32>
  return %e, %n : tensor<8xf32>, tensor<8xf32>
}`, inlined: 0, entry: plan.Entry{Reason: "a value computed into a buffer"}},
		{name: "recomputed", src: `func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %e = tir.neg %a : tensor<?xf32>
  %x = tir.add %e, %a : tensor<?xf32>
  %y = tir.mul %e, %x : tensor<?xf32>
  return %y : tensor<?xf32>
}`, inlined: 2, entry: plan.Entry{Reason: "a dynamic argument"}},
		{name: "private", src: `func.func private @f(%a: tensor<8xf32>) -> tensor<8xf32> {
  %n = tir.neg %a : tensor<8xf32>
  return %n : tensor<8xf32>
}`, inlined: 0, entry: plan.Entry{Reason: "private"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d := asm.ParseString(tt.src, asm.ParseOptions{})
			if d != nil {
				t.Fatalf("parse: %v", d)
			}
			f := m.Funcs[0]
			fu := plan.NewFusion(f, ir.ComputableLoops)
			n := 0
			for _, in := range fu.Inlined {
				if in {
					n++
				}
			}
			if n != tt.inlined {
				t.Errorf("inlined values = %d, want %d", n, tt.inlined)
			}
			got := plan.NewEntry(f, func() *plan.Fusion { return fu }, 1<<20, 32<<20)
			if d := cmp.Diff(tt.entry, got); d != "" {
				t.Errorf("NewEntry (-want +got):\n%s", d)
			}
		})
	}
}

// TestFormat: a plan's text. A row group is numbered among the groups
// with an emitted member (group 0's nest was never emitted: not
// printed), its members by their places among the nests, and a
// pipelined group's block is its rider's.
func TestFormat(t *testing.T) {
	nests := []*plan.Nest{
		{Op: "tir.reduce_max", At: "3:8", Loops: []plan.Loop{{Kind: ir.Parallel, Extent: D}, {Kind: ir.Reduction, Extent: 100}},
			Group: 1, Reduction: &plan.Reduction{Kind: "max", Acc: "f32", AccElem: ir.F32, Width: 16, Chains: 4},
			Store: plan.Store{Reason: "a reduction"}, Threads: plan.Threads{May: true, Reason: "at run time"}},
		{Op: "tir.div", At: "4:8", Fused: 2, Layout: plan.Guarded, LayoutWhy: "argument #0's strides are known at run time", Loops: []plan.Loop{{Kind: ir.Parallel, Extent: D}, {Kind: ir.Parallel, Extent: 100}},
			Group: 1, Store: plan.Store{Kind: plan.NonTemporalIf, VF: 16, Reason: "at run time: output >= 32 MiB"},
			Threads: plan.Threads{Reason: "threads off"}},
	}
	p := &plan.Func{Name: "f", Target: plan.Target{CPU: "skylake"}, Entry: plan.Entry{Reason: "a dynamic argument"},
		Nests: nests,
		Groups: []*plan.RowGroup{{Members: []*plan.Nest{{Op: "tir.exp"}}, Block: 1},
			{Members: nests, Index: 1, Block: 4, Rider: true, PipeBlock: D, PipeElements: 1024, Fence: true}},
	}
	var b strings.Builder
	if err := p.Format(&b); err != nil {
		t.Fatal(err)
	}
	want := `plan @f
  target: cpu skylake
  entry: general only (a dynamic argument)
  nest 0: tir.reduce_max at 3:8, fused 0, loops [parallel ?, reduction 100], layout row-major, rows 0
  nest 0 reduction: max, acc f32, 16 lanes x 4 chains
  nest 0 store: ordinary (a reduction)
  nest 0 threads: yes (at run time)
  nest 1: tir.div at 4:8, fused 2, loops [parallel ?, parallel 100], layout guarded, rows 0 (layout: argument #0's strides are known at run time)
  nest 1 store: non-temporal x16 if (at run time: output >= 32 MiB)
  nest 1 threads: no (threads off)
  rows 0: nests 0 1, blocks of ? rows (max(1, 1024 / the first member's row), at run time), rider, fence
`
	if d := cmp.Diff(want, b.String()); d != "" {
		t.Errorf("Format (-want +got):\n%s", d)
	}
}

func TestNewRowStrategy(t *testing.T) {
	P, R := ir.Parallel, ir.Reduction
	sum, argmax := reduceKind(t, "sum"), reduceKind(t, "argmax")
	tests := []struct {
		name  string
		kind  ir.Reduce
		elem  *ir.Scalar
		inner []ir.IterKind
		trip  int64
		want  plan.RowStrategy
	}{
		{"columns", sum, ir.F32, []ir.IterKind{R, P}, 64, plan.RowStrategy{Scratch: true}},
		{"rows", sum, ir.F32, []ir.IterKind{R}, 100, plan.RowStrategy{ShortRows: true}},
		{"dynamic rows", sum, ir.F32, []ir.IterKind{R}, D, plan.RowStrategy{}},
		{"float argmax", argmax, ir.F32, []ir.IterKind{R}, D, plan.RowStrategy{CompareOnly: true}},
		{"int argmax", argmax, ir.I32, []ir.IterKind{R}, 100, plan.RowStrategy{ShortRows: true}},
		{"nothing reduced", argmax, ir.F32, nil, D, plan.RowStrategy{}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(tt.want, plan.NewRowStrategy(tt.kind, tt.elem, tt.inner, tt.trip)); d != "" {
			t.Errorf("%s: NewRowStrategy (-want +got):\n%s", tt.name, d)
		}
	}
}

// sameScalar compares element types by identity (ir's scalars are
// singletons).
var sameScalar = cmp.Comparer(func(a, b *ir.Scalar) bool { return a == b })
